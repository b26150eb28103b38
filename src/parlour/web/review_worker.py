"""The work the server hands to its review processes (issue 29): a seat's review
and a retried move, each from the match's record alone, so that it runs in
another process (``parlour serve --review-workers``), never under the server's
event loop or its interpreter lock.

Every function here is plain data in, plain data out (picklable), and reads no
table, store or connection. The processes run at a lower priority than the
server, so that the people's moves go first on a busy machine.
"""

from __future__ import annotations

import contextlib
import os
import threading
import time
from dataclasses import replace
from multiprocessing.queues import Queue
from typing import Any

from parlour.core.game import State, View
from parlour.core.record import MatchRecord
from parlour.judge import NOISE, MoveValue, compare
from parlour.review import ReviewSettings, SeatPlayer, review_match
from parlour.review.engine import decision_points, grade_of
from parlour.web.replay import replay_of_state
from parlour.web.served import gzip_form, json_bytes

WORKER_NICENESS = 10
"""How much lower the review processes' priority is than the server's."""

Progress = tuple[str, int, int, int]
"""What a review process tells the server as it works: (job, steps done, steps
in all, how many of those steps are decisions; the rest are the par's deals)."""

_progress: Queue[Progress] | None = None


PARENT_CHECK_SECONDS = 2.0
"""How often a review process looks whether its server is still there."""


def start_worker(progress: Queue[Progress] | None, server: int) -> None:
    """Each review process's start: a lower priority, where to tell progress, and
    a watch that ends the process when its server (process ``server``) is gone
    (killed with ``kill -9``, it cannot say so), even in the middle of a review
    or before this process was ready."""
    global _progress
    _progress = progress
    with contextlib.suppress(OSError, AttributeError):
        os.nice(WORKER_NICENESS)

    def watch() -> None:
        while os.getppid() == server:
            time.sleep(PARENT_CHECK_SECONDS)
        os._exit(0)

    threading.Thread(target=watch, name="parlour-review-parent", daemon=True).start()


def state_of(record_text: str) -> State:
    """The match a record describes."""
    return MatchRecord.from_json(record_text).replay()


def compute_review(
    job: str,
    record_text: str,
    seat: int,
    par: list[tuple[str, int]] | None,
    lang: str,
    settings: ReviewSettings,
) -> dict[str, Any]:
    """The review of ``seat`` in the match of ``record_text`` as JSON data, its
    progress told under ``job`` (the decisions apart from the par's deals, so
    that the page counts the decisions the finished review lists)."""
    last = [-1]
    decisions = [0]

    def plan(judged: int, _par_deals: int) -> None:
        decisions[0] = judged

    def progress(done: int, total: int) -> None:
        if _progress is not None and done != last[0]:
            last[0] = done
            with contextlib.suppress(Exception):
                _progress.put_nowait((job, done, total, decisions[0]))

    players = None if par is None else [SeatPlayer(bot, seed) for bot, seed in par]
    review = review_match(
        state_of(record_text),
        seat,
        settings=settings,
        par=players,
        lang=lang,
        progress=progress,
        plan=plan,
    )
    return review.to_json()


def build_replay(
    record_text: str, seat: int | None, names: list[str], lang: str
) -> tuple[bytes, bytes | None]:
    """The replay of the finished match of ``record_text`` as ``seat`` saw it
    (``parlour.web.replay``): its JSON bytes and their gzip form, made here so
    that the server's process only sends them."""
    body = json_bytes(replay_of_state(state_of(record_text), seat, names, lang))
    return body, gzip_form(body)


def view_at(record_text: str, seat: int, step: int) -> View | None:
    """``seat``'s View at its decision of history step ``step``; None when it made
    none there."""
    for found_step, _, _, view, _ in decision_points(state_of(record_text), seat):
        if found_step == step:
            return view
    return None


def legal_moves_at(record_text: str, seat: int, step: int) -> list[dict[str, Any]] | None:
    """The legal moves (number and text) of ``seat``'s decision at ``step``."""
    view = view_at(record_text, seat, step)
    if view is None:
        return None
    return [{"action": item, "text": view.action_to_string(item)} for item in view.legal_actions]


def judge_retry(
    record_text: str,
    seat: int,
    step: int,
    best: dict[str, Any],
    action: int,
    thresholds: tuple[float, float, float],
    settings: ReviewSettings,
) -> dict[str, Any] | None:
    """How ``action`` compares with the review's better move ``best`` at
    ``seat``'s decision of step ``step``, from the same View with the same
    samples as the review (paired with the better move); None when the seat made
    no decision there."""
    view = view_at(record_text, seat, step)
    if view is None:
        return None
    # At least as many samples as the review gave the better move: the samples
    # come in the same order, so its figure is the review's own.
    # Exactly that many: sample i is the same whatever is asked.
    samples = min(max(settings.min_samples, int(best.get("samples", 0))), settings.max_samples)
    budget = replace(
        settings.budget(), min_samples=samples, max_samples=samples, precision=thresholds[0] / 4.0
    )
    judgment = compare(view, best["action"], action, budget)
    top = judgment.best_value.lead

    def own(move: int) -> MoveValue:
        # Each move's own mean on the same deals (the judge's best less its loss).
        value = judgment.value_of(move)
        lead = value.lead if move == judgment.best else top - value.loss
        return replace(value, lead=lead, loss=0.0, loss_error=0.0)

    fresh_best, tried = own(best["action"]), own(action)
    loss = fresh_best.lead - tried.lead
    behind = action if judgment.best == best["action"] else best["action"]
    error = 0.0 if action == best["action"] else judgment.value_of(behind).loss_error
    return {
        "action": action,
        "estimate": tried.to_json(),
        "best": fresh_best.to_json(),
        "loss": round(max(0.0, loss), 3),
        "loss_error": round(error, 3),
        "grade": grade_of(max(0.0, loss), error, thresholds),
        "better_than_best": loss < -NOISE * error,
        "source": "now",
    }
