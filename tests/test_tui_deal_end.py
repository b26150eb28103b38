"""The full-screen table's end-of-deal screen shows the finished deal as it
ended: every card of the finished coffin (A♠, card 0, included), and the
finished deal's own number, dealer and line owners (never the next deal's); at
game over no next dealer is named."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("textual")

from textual.pilot import Pilot

import parlour
from parlour.core.events import Event
from parlour.tui.app import TableApp, screen_text
from parlour.tui.session import Match

A_SPADES = 0
"""Card 0: the card a truthiness test takes for an empty cell."""


@pytest.fixture(autouse=True)
def private_data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Saves and statistics go to a temporary directory, never the home."""
    monkeypatch.setenv("PARLOUR_DATA_DIR", str(tmp_path))
    return tmp_path


def new_match(name: str, seed: int, options: dict[str, object] | None = None) -> Match:
    """A seeded table: the person at seat 0, random bots elsewhere."""
    game = parlour.load_game(name, **(options or {}))
    names = ["You"] + [f"Bot {seat}" for seat in range(1, game.num_players)]
    return Match.new(game, seed=seed, humans=[0], opponent="random", names=names)


async def settle(app: TableApp, pilot: Pilot[Any]) -> None:
    """Wait until the bots have answered and the screen is up to date."""
    for _ in range(500):
        await pilot.pause()
        if not app.thinking and not app.hinting:
            return
        await app.workers.wait_for_complete()
    raise AssertionError("the bots never finished thinking")


async def to_the_first_pause(app: TableApp, pilot: Pilot[Any]) -> None:
    """Play the person's first move each turn until the first deal-end pause."""
    for _ in range(120):
        await settle(app, pilot)
        if app.paused:
            return
        await pilot.press("enter")
    raise AssertionError("no deal ended")


def last_event(match: Match, kind: str) -> Event:
    """The newest event of ``kind`` in the person's log."""
    return [event for _, event in match.table.events_for(0) if event.kind == kind][-1]


def coffin_rows(text: str) -> list[str]:
    """The three rows of the coffin as drawn (``   1  [..] [..] [..]``)."""
    return [line for line in text.splitlines() if line.lstrip()[:3] in ("1  ", "2  ", "3  ")]


@pytest.mark.parametrize(("name", "seed"), [("dracula", 52), ("dracula-partnership", 2)])
def test_the_ace_of_spades_stays_drawn_in_a_finished_coffin(name: str, seed: int) -> None:
    match = new_match(name, seed)

    async def run() -> None:
        app = TableApp(match, colour=False, bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await to_the_first_pause(app, pilot)
            scored = last_event(match, "coffin_scored")
            assert A_SPADES in scored.__dict__["cards"]  # the seed puts A♠ in this coffin
            text = screen_text(app)
            rows = coffin_rows(text)
            assert len(rows) == 3, text
            assert "[    ]" not in "\n".join(rows), text
            assert "A♠" in "\n".join(rows), text

    asyncio.run(run())
