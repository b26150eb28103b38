"""The bots of the web tables and their pace: what a person watching can follow.

The hub hands each table's bots to :func:`drive_bots`, one task per table, which
plays their moves one at a time. Before each move the bot waits the table's
pace (:attr:`Hub.bot_delay`), times the paces that the last move asks for
(:func:`paces_after`): more after a milestone (a trick won, a coffin or deal
scored), and one more for each card the last move played beyond its first
(Nain Jaune plays every forced card of a run inside one move; the browser shows
them one at a time at this pace, so the next move waits for it).

A forced move (one legal choice) waits like a thought one
(:meth:`BotPacing.think_like_the_others`), so that timing tells nobody what a
bot holds. When the store fails, a bot waits :func:`retry_wait` and tries again.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import time
from collections import deque
from collections.abc import Awaitable, Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import TYPE_CHECKING, TypeVar

from parlour.core.events import LoggedEvent
from parlour.table import StaleVersionError, Table

if TYPE_CHECKING:
    from parlour.web.hub import Hub, Room

_Argument = TypeVar("_Argument")
_Choice = TypeVar("_Choice")

log = logging.getLogger("parlour.web")

BOT_WORKERS = 2
"""Threads that choose bots' moves for every table of the process."""
BOT_RETRY_SECONDS = (0.5, 1.0, 2.0, 4.0, 8.0, 15.0, 30.0)
"""Waits before a bot tries again after the store failed (the last repeats)."""
QUICK_SECONDS = 0.002
"""A bot whose recent choices all took less than this chooses in the event loop."""
THINK_SAMPLES = 64
"""Recent thinking times kept per game and bot level (for forced moves)."""
MILESTONE_PACES = 2.5
"""How many paces the next bot waits after a milestone (a finished trick,
coffin, deal or round), so that people can take in the board."""

BotKey = tuple[str, str]
"""A game's name and a bot level: thinking times are kept per such pair."""


def pauses(events: Sequence[LoggedEvent]) -> bool:
    """True when a milestone (a trick won, a coffin, deal or round scored) is
    among ``events``: the event's class says so (:attr:`Event.milestone`)."""
    return any(event.milestone for _, event in events)


def cards_played(events: Sequence[LoggedEvent]) -> int:
    """How many cards ``events`` show played from a hand (:attr:`Event.plays_card`)."""
    return sum(1 for _, event in events if event.plays_card)


def paces_after(events: Sequence[LoggedEvent]) -> float:
    """How many paces the next bot waits after a move whose events are
    ``events``: one; :data:`MILESTONE_PACES` after a milestone; plus one for
    each card played beyond the first (the forced plays of a Nain Jaune run,
    which the browser shows one at a time at the bots' pace)."""
    paces = MILESTONE_PACES if pauses(events) else 1.0
    return paces + max(0, cards_played(events) - 1)


def timed(
    choose: Callable[[_Argument], _Choice], argument: _Argument
) -> tuple[_Choice, float, float]:
    """``choose(argument)``, the seconds it took (wall time in this thread, not
    the wait for a worker: what a spectator sees of a bot's thinking) and its
    processor seconds (what it costs, whatever else runs)."""
    started, processor = time.perf_counter(), time.thread_time()
    choice = choose(argument)
    return choice, time.perf_counter() - started, time.thread_time() - processor


def retry_wait(failures: int) -> float:
    """Seconds to wait before trying again after ``failures`` failures in a row
    (:data:`BOT_RETRY_SECONDS`, the last repeating)."""
    return BOT_RETRY_SECONDS[min(failures, len(BOT_RETRY_SECONDS) - 1)]


class BotPacing:
    """The process's bot workers and what it remembers of bots' thinking."""

    def __init__(self) -> None:
        self.pool = ThreadPoolExecutor(BOT_WORKERS, thread_name_prefix="parlour-bots")
        """Threads that choose bots' (and stand-ins') moves."""
        self.think_times: dict[BotKey, deque[float]] = {}
        """Recent seconds a bot of each (game, level) took to choose a move that
        was not forced: a forced move waits one of them, so that timing tells
        nobody a bot had one legal move."""
        self.processor_times: dict[BotKey, deque[float]] = {}
        """Recent processor seconds of each (game, level)'s choices: a bot whose
        choices all take under :data:`QUICK_SECONDS` chooses in the event loop."""
        self._random = random.SystemRandom()
        self.sleep: Callable[[float], Awaitable[None]] = asyncio.sleep
        """How the bots wait: between moves, and for a forced move's thinking
        time (a test hands in its own clock here, never by replacing
        ``asyncio.sleep``, which every event loop of the process shares)."""

    def note_processor_time(self, key: BotKey, seconds: float) -> None:
        """Remember the processor time of one choice of ``key``'s bot."""
        self.processor_times.setdefault(key, deque(maxlen=THINK_SAMPLES)).append(seconds)

    def quick(self, key: BotKey) -> bool:
        """True when every recent choice of this kind of bot took under
        :data:`QUICK_SECONDS` of processor time (a random or rule-of-thumb bot),
        so that choosing in the event loop costs less than handing the choice
        to a worker."""
        times = self.processor_times.get(key)
        return times is not None and len(times) >= 8 and max(times) < QUICK_SECONDS

    async def think_like_the_others(self, key: BotKey, seconds: float, forced: bool) -> None:
        """Make a forced move take as long as this kind of bot (``key``: game and
        level) usually thinks: a search bot answers a one-move position at once,
        and the timing would tell everyone that it held, say, one card of the
        suit led. The thinking times of unforced moves are kept (``seconds``: the
        choice's wall time in its worker); a forced move waits one of them."""
        times = self.think_times.setdefault(key, deque(maxlen=THINK_SAMPLES))
        if not forced:
            times.append(seconds)
            return
        if times:
            wait = self._random.choice(times) - seconds
            if wait > 0:
                await self.sleep(wait)

    def close(self) -> None:
        """Stop the workers (the server is shutting down)."""
        self.pool.shutdown(wait=False, cancel_futures=True)


async def drive_bots(hub: Hub, room: Room) -> None:
    """Play the bots' moves one at a time, paced so that people can follow.
    When the store fails (a database restarting), wait and try again, longer
    each time (:data:`BOT_RETRY_SECONDS`), reading the table afresh: the bots
    carry on once the store is back."""
    failures = 0
    while True:
        try:
            await _play_bots(hub, room)
            return
        except asyncio.CancelledError:
            raise
        except Exception:  # the store away for a moment, or a bug: never silent
            wait = retry_wait(failures)
            failures += 1
            log.warning(
                "the bots of table %s stopped (failure %d); trying again in %g s",
                room.table.id,
                failures,
                wait,
                exc_info=failures == 1,
            )
            await asyncio.sleep(wait)
            with contextlib.suppress(Exception):
                await hub.refresh(room)


async def _play_bots(hub: Hub, room: Room) -> None:
    # room.table is read afresh at each step: refresh() may replace it with
    # the table as another process left it.
    loop = asyncio.get_running_loop()
    pacing = hub.pacing
    while room.table.bot_to_act() is not None:
        seen = room.table.version
        delay = hub.bot_delay * room.next_bot_paces + room.takeover_wait
        room.next_bot_paces = 1.0
        if delay > 0:
            await pacing.sleep(delay)
        lost_race = False
        table = room.table
        if table.version != seen:
            continue  # moved meanwhile (here or elsewhere): wait again
        on_turn = table.bot_to_act()
        if on_turn is None:
            break
        forced = table.legal_move_count(on_turn) == 1
        key = (table.game.info.name, table.seats[on_turn].bot)
        # Chosen outside the lock (a search takes a while; the table's own
        # lock keeps the View whole), then submitted against the version seen.
        # A bot that has always chosen at once chooses here: the trip to a
        # worker thread would cost more than its choice.
        choose = Table.choose_bot_move
        if pacing.quick(key):
            (seat, action, version), seconds, processor = timed(choose, table)
        else:
            (seat, action, version), seconds, processor = await loop.run_in_executor(
                pacing.pool, timed, choose, table
            )
        pacing.note_processor_time(key, processor)
        await pacing.think_like_the_others(key, seconds, forced)
        async with room.lock:
            if room.table is not table or table.version != version:
                continue
            try:
                events = table.submit(seat, action, version)
            except StaleVersionError:
                lost_race = True
            else:
                room.next_bot_paces = paces_after(events)
                room.takeover_wait = 0.0
        if lost_race:
            await hub.refresh(room)  # another process moved this bot first
            continue
        await hub.announce(room)
