"""Casino in the full-screen table: a capture made in steps is logged once it
is complete, with the cards it took (never "You: 8♠ take."), and the move being
built draws its cards with suit symbols."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("textual")

from textual.pilot import Pilot

import parlour
from parlour.tui.app import TableApp, screen_text
from parlour.tui.log_panel import FollowingLog
from parlour.tui.session import Match


@pytest.fixture(autouse=True)
def private_data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Saves and statistics go to a temporary directory, never the home."""
    monkeypatch.setenv("PARLOUR_DATA_DIR", str(tmp_path))
    return tmp_path


def casino_match() -> Match:
    """Seed 4: the person's first turn offers 8♠ take (8♣ on the table)."""
    game = parlour.load_game("casino")
    return Match.new(game, seed=4, humans=[0], opponent="random", names=["You", "Bot 2"])


async def settle(app: TableApp, pilot: Pilot[Any]) -> None:
    """Wait until the bots have answered and the screen is up to date."""
    for _ in range(500):
        await pilot.pause()
        if not app.thinking and not app.hinting:
            await pilot.pause()
            return
        await app.workers.wait_for_complete()
    raise AssertionError("the bots never finished thinking")


def panel_text(app: TableApp) -> str:
    """Everything written to the log panel, wrapped lines joined again."""
    log = app.query_one("#log", FollowingLog)
    return " ".join(strip.text.strip() for strip in log.lines)


def action_of(match: Match, text: str) -> int:
    """The person's legal action written ``text``."""
    return next(action for action, written in match.table.legal_moves(0) if written == text)


def test_a_capture_in_steps_is_logged_once_complete_with_what_it_took() -> None:
    match = casino_match()

    async def run() -> None:
        app = TableApp(match, colour=False, bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(app, pilot)
            assert "Bot 2 plays 3♣ and takes 3♡." in panel_text(app)
            app.play(action_of(match, "8S take"))  # as Enter on that move does
            await settle(app, pilot)
            assert " take." not in panel_text(app), panel_text(app)  # not told half-made
            assert "Move being made by You: 8♠ take" in screen_text(app)
            app.play(action_of(match, "8C"))
            await settle(app, pilot)
            text = panel_text(app)
            assert "You play 8♠ and take 8♣." in text, text
            assert " take." not in text.replace("take 8♣.", "").replace("takes 3♡.", ""), text

    asyncio.run(run())
