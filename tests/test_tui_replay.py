"""Finished games are easy to find and to see again: ``parlour resume`` lists
them, the full screen's exit prints the replay command, ``parlour replay GAME``
takes a game's name, and a replay stops on each deal's finished board with its
scores before the next deal is dealt."""

from __future__ import annotations

import asyncio
import subprocess
import sys
from pathlib import Path

import pytest

import parlour
from matches import played_out
from parlour.i18n import tr
from parlour.render import Style
from parlour.tui.replay import ReplayBook
from parlour.tui.session import Match

SOURCES = str(Path(parlour.__file__).resolve().parents[1])
"""The sources under test, for the subprocesses (not whatever is installed)."""


@pytest.fixture(autouse=True)
def private_data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Saves and statistics go to a temporary directory, never the home."""
    monkeypatch.setenv("PARLOUR_DATA_DIR", str(tmp_path))
    return tmp_path


def run(args: list[str], stdin: str, data: Path) -> subprocess.CompletedProcess[str]:
    """``parlour ARGS`` in a subprocess, input piped."""
    return subprocess.run(
        [sys.executable, "-m", "parlour", *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=120,
        env={
            "NO_COLOR": "1",
            "PATH": "/usr/bin:/bin",
            "PYTHONPATH": SOURCES,
            "PARLOUR_DATA_DIR": str(data),
        },
    )


def finished_match(name: str = "dracula", seed: int = 5, stored: bool = True) -> Match:
    """A whole game against random bots, the person playing the first legal move."""
    game = parlour.load_game(name)
    names = ["You"] + [f"Bot {seat + 1}" for seat in range(1, game.num_players)]
    match = Match.new(game, seed=seed, humans=[0], opponent="random", names=names, lang="en")
    if stored:
        match.save()
    return played_out(match)


def test_the_replay_stops_on_each_finished_coffin(private_data_dir: Path) -> None:
    match = finished_match()
    path = private_data_dir / "finished.json"
    path.write_text(match.table.record_json(), encoding="utf-8")
    book = ReplayBook(path)
    ends = book.deal_ends()
    scored = [event for _, event in match.table.events_for(0) if event.ends_deal]
    assert len(ends) == len(scored) == 6
    for number, stop in enumerate(ends, start=1):
        table = book.table(stop, Style(colour=False))
        assert f"deal {number} of 6" in table
        assert "[    ]" not in table, f"deal {number}'s finished coffin has an empty cell"
        assert any(f"Deal {number} scored" in line for line in book.steps[stop].sentences)
        if stop < len(book.steps) - 1:  # the next deal is dealt at the next step
            assert any(f"Deal {number + 1}:" in line for line in book.steps[stop + 1].sentences)
    # Nothing is lost or told twice: the replay's log is the game's log.
    assert book.log_until(len(book.steps) - 1)[1:] == match.log_sentences()


@pytest.mark.parametrize("name", parlour.game_names())
def test_every_game_replays_with_a_stop_at_each_deal_end(name: str) -> None:
    match = finished_match(name, seed=2, stored=False)
    book = ReplayBook_of(match)
    scored = [event for _, event in match.table.events_for(0) if event.ends_deal]
    assert len(book.deal_ends()) == len(scored) > 0
    assert book.log_until(len(book.steps) - 1)[1:] == match.log_sentences()


def ReplayBook_of(match: Match) -> ReplayBook:  # noqa: N802 - reads as the class it builds
    """The replay of ``match``, through a match record file."""
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "record.json"
        path.write_text(match.table.record_json(), encoding="utf-8")
        return ReplayBook(path)


def test_the_full_screen_replay_jumps_to_a_deal_end_and_says_so() -> None:
    pytest.importorskip("textual")
    from parlour.tui.app import screen_text
    from parlour.tui.replay_app import ReplayApp

    book = ReplayBook_of(finished_match(stored=False))

    async def play() -> None:
        app = ReplayApp(book, colour=False)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("d")
            assert app.step == book.deal_ends()[0]
            text = screen_text(app)
            assert "end of the deal" in text
            assert "[    ]" not in text
            await pilot.press("d")
            assert app.step == book.deal_ends()[1]
            await pilot.press("D")
            assert app.step == book.deal_ends()[0]

    asyncio.run(play())


def test_the_full_screen_exit_prints_the_replay_command() -> None:
    pytest.importorskip("textual")
    from parlour.tui.app import exit_lines

    match = finished_match()
    lines = exit_lines(match, None)
    assert tr("en", "replay_with", id=match.table.id) in lines
    assert any(line.startswith("Final:") for line in lines)


def test_replay_takes_a_game_name(private_data_dir: Path) -> None:
    none = run(["replay", "dracula", "--plain"], "", private_data_dir)
    assert none.returncode != 0
    assert "no finished game of Dracula is kept yet" in none.stderr + none.stdout
    match = finished_match(seed=5)
    result = run(["replay", "dracula", "--plain"], "", private_data_dir)
    assert result.returncode == 0, result.stderr
    assert "no saved game or file" not in result.stdout + result.stderr
    assert match.result_lines()[0] in result.stdout
    assert "(end of the deal)" in result.stdout


def test_resume_lists_the_finished_games_too(private_data_dir: Path) -> None:
    match = finished_match()
    result = run(["resume"], "", private_data_dir)
    assert result.returncode == 0, result.stderr
    assert "Finished games (newest first, 1 of 1):" in result.stdout
    assert match.table.id in result.stdout
    assert "parlour replay NAME" in result.stdout
    french = run(["resume", "--lang", "fr"], "", private_data_dir)
    assert "Parties finies" in french.stdout
