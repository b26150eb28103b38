"""Matches played to their end for the terminal's tests, and the wait for the
full-screen table to settle."""

from __future__ import annotations

from typing import Any

from textual.pilot import Pilot
from textual.worker import WorkerCancelled

from parlour.tui.app import TableApp
from parlour.tui.session import Match


def played_out(match: Match) -> Match:
    """``match`` played to its end: the bots move, and each person plays the
    first legal move whenever it is theirs."""
    while not match.is_over():
        seat = match.human_to_act()
        if seat is None:
            match.play_bot()
        else:
            match.submit(seat, match.table.legal_moves(seat)[0][0])
    return match


async def settle(app: TableApp, pilot: Pilot[Any]) -> None:
    """Wait until the bots and the hints have answered and the screen is up to
    date. A bot's worker that a newer one replaced (workers of a group are
    exclusive) is cancelled, not failed: waiting goes on."""
    for _ in range(500):
        await pilot.pause()
        if not app.thinking and not app.hinting:
            await pilot.pause()
            return
        try:
            await app.workers.wait_for_complete()
        except WorkerCancelled:
            continue
    raise AssertionError("the bots never finished thinking")
