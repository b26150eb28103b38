"""The hub's own rules, without sockets: a forced bot move waits like a thought
one (issue 21, finding 7), the watchdog, and what a seat-status message holds."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable, Coroutine
from pathlib import Path
from typing import Any

import pytest

from parlour.table import SeatSpec
from parlour.table.store import MemoryTableStore
from parlour.web.hub import Hub, WebError
from parlour.web.seats import SqliteSeatBook


def run_apart(work: Callable[[], Coroutine[Any, Any, None]]) -> None:
    """Run ``work()`` in an event loop of its own thread: the browser tests leave
    an event loop running in the main thread (Playwright's)."""
    failure: list[BaseException] = []

    def target() -> None:
        try:
            asyncio.run(work())
        except BaseException as error:  # handed back to the test
            failure.append(error)

    thread = threading.Thread(target=target)
    thread.start()
    thread.join(60)
    assert not thread.is_alive(), "the hub's coroutine did not finish within 60 s"
    if failure:
        raise failure[0]


def make_hub(tmp_path: Path, **limits: Any) -> Hub:
    from parlour.web.limits import ServerLimits

    book = SqliteSeatBook(tmp_path / "seats.sqlite3")
    return Hub(MemoryTableStore(), book, bot_delay=0.0, limits=ServerLimits(**limits))


def test_a_forced_bot_move_waits_one_of_the_recent_thinking_times(tmp_path: Path) -> None:
    hub = make_hub(tmp_path)
    waits: list[float] = []

    async def sleep(seconds: float) -> None:
        waits.append(seconds)

    hub.pacing.sleep = sleep  # the hub's clock: asyncio.sleep is every loop's
    key = ("colour-blind", "hard")

    async def run() -> None:
        # Unforced moves are only remembered: they wait nothing more.
        for seconds in (0.40, 0.50, 0.60):
            await hub.pacing.think_like_the_others(key, seconds, forced=False)
        assert waits == []
        # A forced move answered in 0.01 s waits the rest of one of them.
        for _ in range(30):
            await hub.pacing.think_like_the_others(key, 0.01, forced=True)

    run_apart(run)
    assert len(waits) == 30
    assert {round(wait, 2) for wait in waits} <= {0.39, 0.49, 0.59}
    assert len({round(wait, 2) for wait in waits}) > 1  # drawn, not one fixed wait
    assert list(hub.pacing.think_times[key]) == [0.40, 0.50, 0.60]  # forced ones not kept


def test_a_forced_move_of_another_level_or_game_does_not_borrow_its_times(
    tmp_path: Path,
) -> None:
    hub = make_hub(tmp_path)
    waits: list[float] = []

    async def sleep(seconds: float) -> None:
        waits.append(seconds)

    hub.pacing.sleep = sleep  # the hub's clock: asyncio.sleep is every loop's

    async def run() -> None:
        await hub.pacing.think_like_the_others(("dracula", "hard"), 0.8, forced=False)
        await hub.pacing.think_like_the_others(("dracula", "easy"), 0.0, forced=True)
        await hub.pacing.think_like_the_others(("casino", "hard"), 0.0, forced=True)

    run_apart(run)
    assert waits == []


def test_the_watchdog_wakes_a_bot_left_on_turn_and_lets_an_idle_table_go(
    tmp_path: Path,
) -> None:
    hub = make_hub(tmp_path, idle_seconds=30.0)

    async def run() -> None:
        room, _ = hub.create_table(
            "dracula", {}, [SeatSpec(kind="bot", bot="random"), SeatSpec(kind="bot", bot="random")]
        )
        assert room.bot_task is not None
        room.bot_task.cancel()  # as if the bots' task had ended on a failure
        with pytest.raises(asyncio.CancelledError):
            await room.bot_task
        assert hub.look_after_tables(0.0) == []
        assert room.bot_task is not None and not room.bot_task.done()  # woken
        room.bot_task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await room.bot_task
        # Nobody watches and nothing moves it: it leaves memory once idle long
        # enough, and comes back from storage when opened.
        assert room.idle_since is not None
        version = room.table.version
        assert hub.look_after_tables(room.idle_since + 10.0) == []  # not idle long enough
        room.bot_task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await room.bot_task
        room.bot_task = None
        assert hub.look_after_tables(room.idle_since + 31.0) == [room.table.id]
        assert room.table.id not in hub.rooms
        again = hub.room(room.table.id)
        assert again is not room and again.table.version == version
        await hub.close()

    run_apart(run)


def test_the_lobby_pages_through_every_listable_table_once_in_order(tmp_path: Path) -> None:
    hub = make_hub(tmp_path, max_tables=10_000)
    for _ in range(700):
        hub.create_table("dracula", {}, [SeatSpec(kind="person"), SeatSpec(kind="person")])
    newest_first = hub.book.table_ids(finished=False)
    private = set(newest_first[::3]) | set(newest_first[200:450])  # a long private stretch
    asked: list[int] = []

    def listed(table_ids: list[str]) -> list[str]:
        asked.append(len(table_ids))
        return [table_id for table_id in table_ids if table_id not in private]

    hub.lobby_filter = listed
    seen: list[str] = []
    after = None
    for _ in range(100):  # bounded
        page = hub.lobby_page(50, after)
        seen += [entry["table"] for entry in page["tables"]]
        assert len(page["tables"]) <= 50
        after = page["next"]
        if after is None:
            break
    assert seen == [table_id for table_id in newest_first if table_id not in private]
    # A page asks about a part of the lobby, not all of it.
    assert max(asked) <= 200
    # A private table is never a place to start from.
    with pytest.raises(WebError, match="not a table of the lobby"):
        hub.lobby_page(50, newest_first[0])
