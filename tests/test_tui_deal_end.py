"""The full-screen table's end-of-deal screen shows the finished deal as it
ended: every card of the finished coffin (A♠, card 0, included), and the
finished deal's own number, dealer and line owners (never the next deal's); at
game over no next dealer is named."""

from __future__ import annotations

import asyncio
import io
import re
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("textual")

from textual.pilot import Pilot

import parlour
from matches import settle
from parlour.cli.play import TerminalTable
from parlour.core.events import Event
from parlour.games.thracula.rules import owned_line
from parlour.i18n import tr
from parlour.render import Style
from parlour.stats import StatsStore
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


def deal_started(match: Match, deal: int, game: int = 1) -> Event:
    """The ``deal_started`` event of deal ``deal`` (of game ``game``)."""
    return next(
        event
        for _, event in match.table.events_for(0)
        if event.kind == "deal_started"
        and event.__dict__["deal"] == deal
        and event.__dict__["game"] == game
    )


def title(text: str, game_title: str) -> str:
    """The table's first line (``Dracula · deal 1 of 2 · dealer: You``), without
    the panels drawn to its right (the deal-end note, the log)."""
    line = next(line for line in text.splitlines() if line.lstrip().startswith(game_title))
    return re.split(r"\s{3,}|█", line.strip())[0]


def test_the_deal_end_screen_names_the_finished_deal_and_its_own_dealer() -> None:
    match = new_match("dracula", 4, {"deals": 3})

    async def run() -> None:
        app = TableApp(match, colour=False, bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await to_the_first_pause(app, pilot)
            dealer = match.names[deal_started(match, 1).__dict__["dealer"]]
            next_dealer = match.names[deal_started(match, 2).__dict__["dealer"]]
            assert dealer != next_dealer  # the deal passes on: the two are told apart
            heading = title(screen_text(app), "Dracula ·")
            assert "deal 1 of 3" in heading and heading.endswith(f"dealer: {dealer}"), heading

    asyncio.run(run())


def test_thracula_finished_coffin_keeps_its_own_line_owners() -> None:
    match = new_match("thracula", 4, {"deals": 3})

    async def run() -> None:
        app = TableApp(match, colour=False, bot_delay=0)
        # Wide enough that the deal-end note leaves the owners' column visible.
        async with app.run_test(size=(140, 30)) as pilot:
            await to_the_first_pause(app, pilot)
            dealer = deal_started(match, 1).__dict__["dealer"]
            owners = {owned_line(seat, dealer): match.names[seat] for seat in range(3)}
            text = screen_text(app)
            heading = title(text, "Thracula ·")
            assert "deal 1 of 3" in heading and heading.endswith(
                f"dealer: {match.names[dealer]}"
            ), heading
            rows = coffin_rows(text)
            # "   1  [4♢  ] [..] [..]     12   Bot 2": the owner after the value
            drawn = [line.split("█")[0].split("]")[-1].split(maxsplit=1)[1] for line in rows]
            assert [owner.strip() for owner in drawn] == [owners[row] for row in range(3)], text
            assert f"a {owners[0]} · b {owners[1]} · c {owners[2]}" in text, text

    asyncio.run(run())


def last_deal_started(match: Match) -> Event:
    """The ``deal_started`` event of the game's last deal."""
    return [event for _, event in match.table.events_for(0) if event.kind == "deal_started"][-1]


@pytest.mark.parametrize("name", ["dracula", "thracula"])
def test_game_over_names_the_last_deal_and_no_next_dealer(name: str) -> None:
    match = new_match(name, 4, {"deals": 2})

    async def run() -> None:
        app = TableApp(match, colour=False, bot_delay=0)
        async with app.run_test(size=(140, 30)) as pilot:
            for _ in range(200):
                await settle(app, pilot)
                if match.is_over():
                    break
                await pilot.press("enter")
            await settle(app, pilot)
            assert match.is_over()
            last = last_deal_started(match).__dict__
            heading = title(screen_text(app), name.capitalize() + " ·")
            assert "deal 2 of 2" in heading, heading
            assert heading.endswith(f"dealer: {match.names[last['dealer']]}"), heading
            if name == "thracula":
                owners = [match.names[seat] for seat in range(3)]
                by_line = {owned_line(seat, last["dealer"]): owners[seat] for seat in range(3)}
                text = screen_text(app)
                expected = f"a {by_line[0]} · b {by_line[1]} · c {by_line[2]}"
                assert expected in text, text

    asyncio.run(run())


def test_line_mode_game_over_names_the_last_deal_and_no_next_dealer() -> None:
    game = parlour.load_game("dracula", deals=2, first_dealer=0)
    match = Match.new(
        game, seed=4, humans=[0], opponent="random", names=["You", "Bot 2"], stats=StatsStore()
    )
    out = io.StringIO()
    table = TerminalTable(match, Style(), stdin=io.StringIO("1\n" * 200), stdout=out)
    assert table.play() == 0
    assert match.is_over()
    dealer = match.names[last_deal_started(match).__dict__["dealer"]]
    text = out.getvalue()
    final = text[text.rindex("Dracula ·") :]
    heading = final.splitlines()[0].strip()
    assert "deal 2 of 2" in heading and heading.endswith(f"dealer: {dealer}"), heading


def test_line_mode_deal_end_shows_the_finished_coffin_of_its_own_deal() -> None:
    game = parlour.load_game("dracula", deals=2, first_dealer=0)
    match = Match.new(
        game, seed=4, humans=[0], opponent="random", names=["You", "Bot 2"], stats=StatsStore()
    )
    out = io.StringIO()
    table = TerminalTable(match, Style(), stdin=io.StringIO("1\n" * 200), stdout=out)
    table.interactive = True  # a terminal: the finished table waits for Enter
    assert table.play() == 0
    dealer = match.names[deal_started(match, 1).__dict__["dealer"]]
    text = out.getvalue()
    pause = text.index(tr("en", "deal_end_pause", end=tr("en", "end_of_deal")))
    shown = text[text.rindex("Dracula ·", 0, pause) : pause]
    heading = shown.splitlines()[0].strip()
    assert "deal 1 of 2" in heading and heading.endswith(f"dealer: {dealer}"), shown
    assert "[    ]" not in shown and len(coffin_rows(shown)) == 3, shown
