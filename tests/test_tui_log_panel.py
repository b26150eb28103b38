"""The full-screen table's log panel and the replay's log follow the newest
line: after moves, after a deal's end (the moves list comes back and the panel
gets shorter) and at any replay step."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

pytest.importorskip("textual")


import parlour
from matches import played_out, settle
from parlour.tui.app import TableApp, screen_text
from parlour.tui.log_panel import FollowingLog
from parlour.tui.replay import ReplayBook
from parlour.tui.replay_app import ReplayApp
from parlour.tui.session import Match


@pytest.fixture(autouse=True)
def private_data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Saves and statistics go to a temporary directory, never the home."""
    monkeypatch.setenv("PARLOUR_DATA_DIR", str(tmp_path))
    return tmp_path


def new_match(name: str, seed: int = 4) -> Match:
    """A seeded table: the person at seat 0, random bots elsewhere."""
    game = parlour.load_game(name)
    names = ["You"] + [f"Bot {seat}" for seat in range(1, game.num_players)]
    return Match.new(game, seed=seed, humans=[0], opponent="random", names=names)


def last_words(log: FollowingLog) -> str:
    """The end of the newest line written to the panel (as drawn, wrapped)."""
    return log.lines[-1].text.strip()


def assert_follows(log: FollowingLog, text: str, where: str) -> None:
    """The panel is scrolled to its end and its newest line is on screen."""
    assert log.scroll_y == log.max_scroll_y, f"{where}: the log is not at its newest line"
    assert last_words(log) in text, f"{where}: the newest log line is not on screen:\n{text}"


@pytest.mark.parametrize("name", ["dracula", "colour-blind", "casino"])
def test_the_log_panel_follows_the_newest_line_over_deals(name: str) -> None:
    match = new_match(name)

    async def run() -> None:
        app = TableApp(match, colour=False, bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            log = app.query_one("#log", FollowingLog)
            deal_ends = 0
            for turn in range(40):
                await settle(app, pilot)
                if match.is_over():
                    break
                deal_ends += app.paused
                if not app.paused:  # the deal-end note covers the panel
                    assert_follows(log, screen_text(app), f"turn {turn}")
                await pilot.press("enter")
            assert log.max_scroll_y > 0  # the log outgrew the panel: following was needed
            assert deal_ends or name == "casino"

    asyncio.run(run())


def test_replay_log_shows_the_step_just_made(private_data_dir: Path) -> None:
    match = played_out(new_match("dracula"))
    path = private_data_dir / "finished.json"
    path.write_text(match.table.record_json(), encoding="utf-8")
    book = ReplayBook(path)

    async def run() -> None:
        app = ReplayApp(book, colour=False)
        async with app.run_test(size=(80, 24)) as pilot:
            log = app.query_one("#log", FollowingLog)
            for _ in range(60):
                await pilot.press("right")
            await pilot.pause()
            await pilot.pause()
            assert log.max_scroll_y > 0
            assert_follows(log, screen_text(app), f"replay step {app.step}")
            await pilot.press("left")
            await pilot.pause()
            await pilot.pause()
            assert_follows(log, screen_text(app), f"replay step {app.step}")

    asyncio.run(run())
