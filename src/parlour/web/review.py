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
from typing import Any

from parlour.core.game import State
from parlour.review import ReviewSettings, SeatPlayer, review_match
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

    def request(
        self,
        table: Table,
        seat: int,
        token_seat: Callable[[], int | None],
    ) -> tuple[int, dict[str, Any]]:
        """The answer to a request for ``seat``'s review at ``table``: (HTTP
        status, body). ``token_seat`` tells which seat the request's token opens
        (None: no token, or a token of no seat)."""
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
        key = (table.id, seat, deals if not over else -1)
        stored = self._stored(table, key)
        if stored is not None:
            return 200, {"status": "ready", "review": stored, "names": table.names}
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
