"""A move that plays several cards (a Nain Jaune run of forced plays, issue 23)
is told card by card at the bots' pace, in the line mode and on the full
screen, so a person can follow the run that ruins them; a move of one card is
told at once."""

from __future__ import annotations

import asyncio
import io
from pathlib import Path

import pytest

import parlour
from parlour.cli.play import TerminalTable
from parlour.tui.app import TableApp
from parlour.tui.palette import make_style
from parlour.tui.session import Match
from test_tui import SIZE, play_to_the_end, settle


@pytest.fixture(autouse=True)
def private_data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("PARLOUR_DATA_DIR", str(tmp_path))
    return tmp_path


def eight_player_nain_jaune() -> Match:
    game = parlour.load_game("nain-jaune", players=8, max_deals=1)
    names = ["You"] + [f"Bot {seat + 1}" for seat in range(1, 8)]
    return Match.new(game, seed=5, humans=[0], opponent="random", names=names)


def sleeps_of_a_line_mode_game(match: Match, speed: float) -> list[float]:
    slept: list[float] = []
    table = TerminalTable(
        match,
        make_style(palette="default", lang="en", colour=False),
        stdin=io.StringIO("1\n" * 600),
        stdout=io.StringIO(),
        speed=speed,
        sleep=slept.append,
    )
    assert table.play() == 0
    return slept


def test_a_run_of_forced_plays_is_told_card_by_card_in_the_line_mode() -> None:
    slept = sleeps_of_a_line_mode_game(eight_player_nain_jaune(), speed=0.4)
    # Before each bot move the whole pace; between the lines of a run, half of it.
    assert slept.count(0.2) > 0
    assert set(slept) <= {0.4, 0.2}


def test_a_move_of_one_card_is_told_at_once() -> None:
    game = parlour.load_game("dracula", deals=1)
    match = Match.new(game, seed=3, humans=[0], opponent="random", names=["You", "Bot 2"])
    assert set(sleeps_of_a_line_mode_game(match, speed=0.4)) == {0.4}


def test_a_run_of_forced_plays_is_told_line_by_line_on_the_full_screen() -> None:
    match = eight_player_nain_jaune()

    async def run() -> None:
        app = TableApp(match, colour=False, bot_delay=0.02)
        async with app.run_test(size=SIZE) as pilot:
            await settle(app, pilot)
            await play_to_the_end(app, pilot)
            for _ in range(200):  # the last run may still be told
                await pilot.pause(0.02)
                if app.written_log == app.screen_log():
                    break
            assert app.told_run is not None  # a run was told line by line
            assert app.written_log == app.screen_log()  # and the whole log is there

    asyncio.run(run())
