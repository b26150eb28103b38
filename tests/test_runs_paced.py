"""A move that plays several cards (a Nain Jaune run of forced plays, issue 23)
gives a person time to follow the run that ruins them: the line mode tells it
card by card at the bots' pace; the full screen tells it at once with the board
at its end (so board and log agree) and the next bot waits the longer. A move
of one card is told at once."""

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


def test_the_board_and_the_log_tell_a_run_together_on_the_full_screen() -> None:
    """Playtest: in Nain Jaune the board already showed where a run of forced
    plays stood while the log was still telling it line by line (or the board
    stayed on the run's first card while the log told the rest), so the two
    disagreed for seconds. The full screen tells a run at once, the board
    drawn at its end, and the next bot waits longer instead: whenever the
    screen is at rest, the log panel holds every line of the table's log and
    the board is the table as it stands."""
    match = eight_player_nain_jaune()

    async def run() -> None:
        app = TableApp(match, colour=False, bot_delay=0.05)
        async with app.run_test(size=(80, 24)) as pilot:
            for _ in range(20_000):
                if match.is_over():
                    break
                await pilot.pause()
                assert app.written_log == app.screen_log()  # the log is not behind
                if app.paused:  # a deal's end draws the finished deal instead
                    await pilot.press("space")
                    continue
                shown = app.shown_view
                if shown is not None and not app.thinking:
                    assert shown.history == match.view(shown.seat).history
                if match.human_to_act() == 0 and app.query_one("#moves").display:
                    await pilot.press("enter")
            assert match.is_over()

    asyncio.run(run())
    runs = {
        step
        for step, event in match.table.events_for(0)
        if event.plays_card
        and sum(1 for other, seen in match.table.events_for(0) if other == step and seen.plays_card)
        > 1
    }
    assert runs  # the game had runs to tell
