"""Statistics: counted per game and opponent, safe when games end at once."""

from __future__ import annotations

import multiprocessing
import subprocess
import sys
import threading
from pathlib import Path

import pytest

import parlour
from parlour.cli.stats import summary_text
from parlour.stats import StatsStore, data_dir, stats_path
from parlour.tui.session import Match

SOURCES = {"PYTHONPATH": str(Path(parlour.__file__).resolve().parents[1])}
"""The sources under test, for the subprocesses (not whatever is installed)."""


@pytest.fixture(autouse=True)
def private_data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("PARLOUR_DATA_DIR", str(tmp_path))
    return tmp_path


def test_the_data_directory_follows_the_environment(private_data_dir: Path) -> None:
    assert data_dir() == private_data_dir
    assert stats_path() == private_data_dir / "stats.sqlite3"


def test_played_won_best_and_average_per_game_and_opponent() -> None:
    store = StatsStore()
    store.add_result(game="dracula", opponent="hard", players=2, score=250, won=True)
    store.add_result(game="dracula", opponent="hard", players=2, score=180, won=False)
    store.add_result(game="dracula", opponent="random", players=2, score=90, won=False)
    store.add_result(game="casino", opponent="hard", players=2, score=11, won=True)
    lines = {(line.game, line.opponent): line for line in store.summary()}
    hard = lines[("dracula", "hard")]
    assert (hard.played, hard.won, hard.best, hard.average) == (2, 1, 250.0, 215.0)
    assert lines[("dracula", "random")].won == 0
    assert [line.game for line in store.summary("casino")] == ["casino"]
    text = summary_text(store.summary(), store.path)
    assert str(store.path) in text and "50%" in text


def test_no_database_yet_reads_as_no_games(private_data_dir: Path) -> None:
    store = StatsStore()
    assert store.summary() == []
    assert not (private_data_dir / "stats.sqlite3").exists()
    assert "No finished games yet." in summary_text([], store.path)


def test_two_and_three_player_results_are_separate_rows() -> None:
    store = StatsStore()
    store.add_result(game="thracula", opponent="hard", players=2, score=10, won=True)
    store.add_result(game="thracula", opponent="hard", players=3, score=5, won=False)
    rows = {(line.players, line.played, line.won) for line in store.summary("thracula")}
    assert rows == {(2, 1, 1), (3, 1, 0)}
    text = summary_text(store.summary(), store.path)
    assert "players" in text.splitlines()[1]


def test_a_hot_seat_game_counts_once(private_data_dir: Path) -> None:
    game = parlour.load_game("colour-blind", players=3)
    match = Match.new(
        game,
        seed=4,
        humans=[0, 1, 2],
        opponent="random",
        names=["Ana", "Ben", "Cy"],
        stats=StatsStore(),
    )
    while not match.is_over():
        seat = match.human_to_act()
        assert seat is not None
        match.submit(seat, match.view(seat).legal_actions[0])
    match.record_statistics()
    (line,) = StatsStore().summary()
    assert (line.opponent, line.players, line.played) == ("people", 3, 1)


def test_statistics_in_french() -> None:
    store = StatsStore()
    store.add_result(game="casino", opponent="hard", players=2, score=11, won=True)
    text = summary_text(store.summary(), store.path, "fr")
    assert text.startswith("Statistiques\u00a0: ") and "gagnées" in text


def _run_stats(data: Path, lang: str = "en") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "parlour", "stats", "--lang", lang],
        capture_output=True,
        text=True,
        timeout=120,
        env={"PARLOUR_DATA_DIR": str(data), "PATH": "/usr/bin:/bin", **SOURCES},
    )


def test_a_damaged_statistics_file_is_a_sentence(private_data_dir: Path) -> None:
    (private_data_dir / "stats.sqlite3").write_bytes(b"this is not a database" * 200)
    result = _run_stats(private_data_dir)
    assert result.returncode == 2
    assert "Traceback" not in result.stderr
    assert "stats.sqlite3 is damaged and cannot be read" in result.stderr
    french = _run_stats(private_data_dir, "fr")
    assert "abîmé ou illisible" in french.stderr and "Traceback" not in french.stderr


def test_a_data_folder_that_is_a_file_is_a_sentence(tmp_path: Path) -> None:
    not_a_folder = tmp_path / "plain-file"
    not_a_folder.write_text("x")
    result = _run_stats(not_a_folder)
    assert "Traceback" not in result.stderr
    StatsStore(not_a_folder / "stats.sqlite3")  # building a store touches nothing
    with pytest.raises(OSError):
        StatsStore(not_a_folder / "stats.sqlite3").add_result(
            game="dracula", opponent="easy", players=2, score=1, won=True
        )


def _write_many(path: str, player: str, count: int) -> None:
    store = StatsStore(Path(path))
    for number in range(count):
        store.add_result(
            game="dracula", opponent="easy", players=2, score=number, won=False, player=player
        )


def test_threads_ending_games_at_once_all_land() -> None:
    store = StatsStore()
    threads = [
        threading.Thread(target=_write_many, args=(str(store.path), f"t{index}", 25))
        for index in range(4)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert store.summary()[0].played == 100


def test_processes_ending_games_at_once_all_land() -> None:
    store = StatsStore()
    context = multiprocessing.get_context("spawn")
    processes = [
        context.Process(target=_write_many, args=(str(store.path), f"p{index}", 20))
        for index in range(2)
    ]
    for process in processes:
        process.start()
    _write_many(str(store.path), "main", 20)
    for process in processes:
        process.join(timeout=120)
        assert process.exitcode == 0
    assert store.summary()[0].played == 60


def test_parlour_stats_shows_the_path(private_data_dir: Path) -> None:
    StatsStore().add_result(game="thracula", opponent="random", players=3, score=12, won=True)
    result = subprocess.run(
        [sys.executable, "-m", "parlour", "stats"],
        capture_output=True,
        text=True,
        timeout=120,
        env={"PARLOUR_DATA_DIR": str(private_data_dir), "PATH": "/usr/bin:/bin", **SOURCES},
    )
    assert result.returncode == 0, result.stderr
    assert f"Statistics: {private_data_dir / 'stats.sqlite3'}" in result.stdout
    assert "thracula" in result.stdout and "100%" in result.stdout
