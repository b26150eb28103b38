"""The web server's reviews (issue 25, docs/review.md): a finished deal's review
of one seat, computed once in the background and stored with the table.

Who may read a review: until the game is over, only the seat's own player (its
token), and the review covers the deals finished so far, without the par (a par
replay may draw cards the seat never saw); once the game is over, anyone may
read anyone's, par included (the whole record is public then).
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from parlour.core.game import State, View
from parlour.review import ReviewSettings, SeatPlayer, explain_decisions, review_match
from parlour.review.engine import GOOD, Evaluator, decision_points, grade_of
from parlour.table import Table
from parlour.web.hub import WebError

log = logging.getLogger(__name__)

REVIEWS_AT_ONCE = 1
"""Reviews computed at the same time (each keeps one core busy)."""
REVIEWS_WAITING = 4
"""Reviews that may wait for their turn; one more is refused (503)."""

WEB_SETTINGS = ReviewSettings()
"""How hard the server's reviews work (the command's default)."""

PRIVATE_UNTIL_OVER = (
    "until the game is over, a seat's review is shown only to that seat's player "
    "(send the seat's token)"
)


def finished_deals_state(state: State) -> State | None:
    """The match up to the end of its last finished deal (the whole match once it
    is over); None before the first deal is scored."""
    if state.is_terminal():
        return state
    deals = state.deals_scored()
    if deals == 0:
        return None
    replay = state.game.new_initial_state()
    for action in state.history:
        replay.apply_action(action)
        if replay.deals_scored() == deals:
            return replay
    return None


class ReviewDesk:
    """Computes reviews in background threads and keeps them in the table store
    (or in memory, for a store that keeps no reviews)."""

    def __init__(self, settings: ReviewSettings | None = None) -> None:
        self.settings = settings if settings is not None else WEB_SETTINGS
        self._lock = threading.Lock()
        self._slots = threading.Semaphore(REVIEWS_AT_ONCE)
        self._working: dict[tuple[str, int, int], tuple[int, int]] = {}
        self._memory: dict[tuple[str, int, int], dict[str, Any]] = {}
        self._failed: dict[tuple[str, int, int], str] = {}
        self._tries: dict[tuple[str, int, int, int, int], dict[str, Any]] = {}
        self._try_slot = threading.Lock()

    def request(
        self,
        table: Table,
        seat: int,
        token_seat: Callable[[], int | None],
        lang: str = "en",
    ) -> tuple[int, dict[str, Any]]:
        """The answer to a request for ``seat``'s review at ``table``: (HTTP
        status, body). ``token_seat`` tells which seat the request's token opens
        (None: no token, or a token of no seat). The explanations are said in
        ``lang`` (the review is stored once; its explanations are made again
        from the match for the language asked)."""
        over, snapshot, key = self._allowed(table, seat, token_seat)
        stored = self._stored(table, key)
        if stored is not None:
            told = explain_decisions(stored, snapshot.history, table.game, seat, lang, table.names)
            return 200, {"status": "ready", "review": told, "names": table.names, "over": over}
        with self._lock:
            if key in self._failed:
                raise WebError(f"the review could not be made: {self._failed[key]}", 500)
            progress = self._working.get(key)
            if progress is None:
                if len(self._working) >= REVIEWS_AT_ONCE + REVIEWS_WAITING:
                    raise WebError(
                        "the server is reviewing other games; try again in a minute", 503
                    )
                progress = (0, 0)
                self._working[key] = progress
                par = (
                    [
                        SeatPlayer(item.bot, item.bot_seed)
                        if item.bot
                        else SeatPlayer("hard", item.bot_seed)
                        for item in table.seats
                    ]
                    if over
                    else None
                )
                worker = threading.Thread(
                    target=self._compute,
                    args=(table, key, snapshot, seat, par),
                    name=f"review {table.id} {seat}",
                    daemon=True,
                )
                worker.start()
        done, total = progress
        return 202, {"status": "working", "done": done, "total": total}

    def _allowed(
        self, table: Table, seat: int, token_seat: Callable[[], int | None]
    ) -> tuple[bool, State, tuple[str, int, int]]:
        """Whether the game is over, the match up to its last finished deal, and
        the review's key; a WebError when ``seat``'s review may not be read."""
        players = len(table.seats)
        if not 0 <= seat < players:
            raise WebError(f"the seat must be 0 to {players - 1}", 404)
        over = table.is_over()
        if not over and token_seat() != seat:
            raise WebError(PRIVATE_UNTIL_OVER, 403)
        snapshot = finished_deals_state(table.snapshot())
        if snapshot is None:
            raise WebError("a review is ready once the first deal is over", 409)
        deals = snapshot.deals_scored() if not over else max(1, snapshot.deals_scored())
        return over, snapshot, (table.id, seat, deals if not over else -1)

    def retry(
        self,
        table: Table,
        seat: int,
        token_seat: Callable[[], int | None],
        step: int,
        action: int | None,
    ) -> dict[str, Any]:
        """ "Find a better move" at the reviewed decision of history step ``step``:
        the seat's legal moves there and, for a chosen ``action``, how it compares
        with the review's better move. The played and the better move answer with
        the review's own figures; another move is evaluated now, from the same View
        with the same samples as the review (paired with the better move), and
        kept. Read under the same rule as the review itself."""
        _, snapshot, key = self._allowed(table, seat, token_seat)
        review = self._stored(table, key)
        if review is None:
            raise WebError("the review is not ready yet: ask for it first", 409)
        decision = next((item for item in review["decisions"] if item["step"] == step), None)
        if decision is None:
            raise WebError(f"the review judged no decision at step {step}", 404)
        view = next(
            (
                found
                for found_step, _, _, found, _ in decision_points(snapshot, seat)
                if found_step == step
            ),
            None,
        )
        if view is None:  # the review and the record disagree: not the person's fault
            raise WebError(f"no decision of seat {seat} at step {step} in the record", 500)
        legal = [
            {"action": item, "text": view.action_to_string(item)} for item in view.legal_actions
        ]
        answer: dict[str, Any] = {
            "step": step,
            "moves": legal,
            "played": decision["played"]["action"],
            "best": decision["best"]["action"],
        }
        if action is None:
            return answer
        if action not in view.legal_actions:
            raise WebError(f"move {action} is not a legal move at step {step}", 400)
        answer["tried"] = self._tried(key, decision, view, action, review)
        return answer

    def _tried(
        self,
        key: tuple[str, int, int],
        decision: dict[str, Any],
        view: View,
        action: int,
        review: dict[str, Any],
    ) -> dict[str, Any]:
        """How ``action`` compares with the decision's better move."""
        best = decision["best"]
        if action in (best["action"], decision["played"]["action"]):
            played = action == decision["played"]["action"]
            return {
                "action": action,
                "estimate": decision["played"] if played else best,
                "best": best,
                "loss": decision["loss"] if played else 0.0,
                "loss_error": decision["loss_error"] if played else 0.0,
                "grade": decision["grade"] if played else GOOD,
                "source": "review",
            }
        memo = (*key, decision["step"], action)
        with self._lock:
            known = self._tries.get(memo)
        if known is not None:
            return known
        if not self._try_slot.acquire(blocking=False):
            raise WebError("the server is judging another move; try again in a moment", 503)
        try:
            thresholds = (
                float(review["thresholds"][0]),
                float(review["thresholds"][1]),
                float(review["thresholds"][2]),
            )
            # At least as many samples as the review gave the better move: the
            # samples come in the same order, so its figure is the review's own.
            samples = max(self.settings.min_samples, int(best.get("samples", 0)))
            settings = replace(
                self.settings,
                min_samples=min(samples, self.settings.max_samples),
            )
            evaluator = Evaluator(view, settings, precision=thresholds[0] / 4.0)
            estimates, errors = evaluator.evaluate([best["action"], action], best["action"])
        finally:
            self._try_slot.release()
        fresh_best, tried = estimates
        loss = fresh_best.lead - tried.lead
        answer = {
            "action": action,
            "estimate": tried.to_json(),
            "best": fresh_best.to_json(),
            "loss": round(max(0.0, loss), 3),
            "loss_error": round(errors[1], 3),
            "grade": grade_of(max(0.0, loss), errors[1], thresholds),
            "better_than_best": loss < -2 * errors[1],
            "source": "now",
        }
        with self._lock:
            self._tries[memo] = answer
        return answer

    def _stored(self, table: Table, key: tuple[str, int, int]) -> dict[str, Any] | None:
        read = getattr(table.store, "review", None)
        if callable(read):
            found: dict[str, Any] | None = read(key[0], key[1], key[2])
            return found
        with self._lock:
            return self._memory.get(key)

    def _compute(
        self,
        table: Table,
        key: tuple[str, int, int],
        state: State,
        seat: int,
        par: list[SeatPlayer] | None,
    ) -> None:
        def progress(done: int, total: int) -> None:
            with self._lock:
                self._working[key] = (done, total)

        try:
            with self._slots:
                review = review_match(
                    state,
                    seat,
                    settings=self.settings,
                    par=par,
                    lang=str(table.meta.get("lang") or "en"),
                    progress=progress,
                ).to_json()
            write = getattr(table.store, "store_review", None)
            if callable(write):
                write(key[0], key[1], key[2], review)
            else:
                with self._lock:
                    self._memory[key] = review
        except Exception as error:  # told to whoever asks next, and logged
            log.exception("review of table %s seat %s failed", key[0], key[1])
            with self._lock:
                self._failed[key] = f"{type(error).__name__}: {error}"
        finally:
            with self._lock:
                self._working.pop(key, None)
