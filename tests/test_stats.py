"""Statistics: counted per game and opponent, safe when games end at once."""

from __future__ import annotations

import multiprocessing
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from parlour.stats import StatsStore, data_dir, stats_path, summary_text


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
        env={"PARLOUR_DATA_DIR": str(private_data_dir), "PATH": "/usr/bin:/bin"},
    )
    assert result.returncode == 0, result.stderr
    assert f"Statistics: {private_data_dir / 'stats.sqlite3'}" in result.stdout
    assert "thracula" in result.stdout and "100%" in result.stdout
