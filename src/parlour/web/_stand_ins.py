"""Stand-ins and the turn clock: a bot that plays for a person's seat.

A person's seat on turn gets a stand-in move when its person has been away
(every connection to it closed) for the table's ``away_timeout``, when the
table's ``turn_clock`` runs out, or at once (at the bots' pace) when the person
left for good (``{"type": "leave"}``) or the seat was given to a bot
(``{"type": "bots"}``), both kept in the seat book (:meth:`Hub.left_seats
<parlour.web.hub.Hub.left_seats>`, :meth:`Hub.bot_seats <parlour.web.hub.Hub.bot_seats>`).
Each table has one timer (:func:`arm_timers`), set again after every change; the stand-in
plays through ``Table.submit`` as that seat, and stops the moment its person
comes back (:func:`seat_returned`).
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from typing import TYPE_CHECKING, Any

from parlour.bots import make_bot
from parlour.table import StaleVersionError
from parlour.web._bots import paces_after, retry_wait, timed

if TYPE_CHECKING:
    from parlour.web.hub import Hub, Room

log = logging.getLogger("parlour.web")


def seat_returned(room: Room, seat: int) -> None:
    """The seat's person is back: their stand-in stops at once (a stand-in
    move being chosen now is dropped, see :func:`stand_in_move`)."""
    room.away_since.pop(seat, None)
    if seat in room.stood_in:
        room.stood_in.discard(seat)
        log.info("table %s: seat %d is back; its stand-in stops", room.table.id, seat)


def seat_left(hub: Hub, room: Room, seat: int) -> None:
    """The seat's last connection closed: its away time starts now."""
    if not hub.is_connected(room, seat):
        room.away_since[seat] = asyncio.get_running_loop().time()


def arm_timers(hub: Hub, room: Room) -> None:
    """Set (or keep) the one timer of the table: when the person's seat on
    turn has been away ``away_timeout`` seconds, or its ``turn_clock`` runs
    out, the stand-in bot plays for it. Called after every change."""
    try:
        loop = asyncio.get_running_loop()
    except RuntimeError:  # no loop (a table opened outside the server)
        return
    table = room.table
    now = loop.time()
    if table.version != room.turn_version:
        room.turn_version, room.turn_started = table.version, now
    seat = table.seat_to_act()
    plan: tuple[Any, ...] | None = None
    if seat is not None and not table.is_over() and table.seats[seat].kind == "person":
        plan = _stand_in_plan(hub, room, seat, now)
    if plan == room.timer_plan:
        return
    if room.timer is not None:
        room.timer.cancel()
        room.timer = None
    room.timer_plan = plan
    if plan is not None:
        version, seat, deadline, reason = plan
        room.timer = loop.call_later(
            max(0.0, deadline - now), _on_timer, hub, room, version, seat, reason
        )


def _stand_in_plan(hub: Hub, room: Room, seat: int, now: float) -> tuple[Any, ...] | None:
    """``(version, seat, deadline, reason)`` of the next stand-in move, if any."""
    settings = room.settings
    choices: list[tuple[float, str]] = []
    # At a bot's pace, and as much longer as the last move asks (a milestone,
    # a run of forced plays shown one at a time).
    pace = hub.bot_delay * room.next_bot_paces
    # A seat given up for good, or given to a bot, is played as the table's
    # bots are: another process that accepted the last move plays it first
    # (TAKEOVER_SECONDS).
    if seat in hub.left_seats(room):
        return (room.table.version, seat, room.turn_started + pace + room.takeover_wait, "left")
    if seat in hub.bot_seats(room):
        return (room.table.version, seat, room.turn_started + pace + room.takeover_wait, "bot")
    entry = hub.seat_entries(room).get(seat)
    taken = entry is not None and entry.taken
    if settings.away_timeout > 0 and taken and not hub.is_connected(room, seat):
        deadline = room.away_since.setdefault(seat, now) + settings.away_timeout
        if seat in room.stood_in:  # already away: play at a bot's pace
            deadline = room.turn_started + pace
        choices.append((deadline, "away"))
    if settings.turn_clock > 0:
        choices.append((room.turn_started + settings.turn_clock, "clock"))
    if not choices:
        return None
    deadline, reason = min(choices)
    if room.stand_in_failures:  # the last try failed: wait before the next
        deadline = max(deadline, now + room.stand_in_retry - time.monotonic())
    return (room.table.version, seat, deadline, reason)


def _on_timer(hub: Hub, room: Room, version: int, seat: int, reason: str) -> None:
    room.timer = None
    room.timer_plan = None
    room.stand_in_task = asyncio.get_running_loop().create_task(
        stand_in_move(hub, room, version, seat, reason)
    )


async def stand_in_move(hub: Hub, room: Room, version: int, seat: int, reason: str) -> None:
    """The stand-in bot plays one move for ``seat``, as that seat, through
    ``Table.submit``; nothing happens if the table moved on or the person came
    back meanwhile."""
    table = room.table
    entry = hub.seat_entries(room).get(seat)
    level = entry.bot if entry is not None and entry.bot else room.settings.stand_in
    try:
        async with room.lock:
            if table.version != version or table.seat_to_act() != seat or table.is_over():
                return
            if reason == "away" and hub.is_connected(room, seat):
                return
            view = table.view_for(seat)
            if view is None:
                return
            bot = make_bot(level, secrets.randbits(32))
            action, seconds, _ = await asyncio.get_running_loop().run_in_executor(
                hub.pacing.pool, timed, bot.choose, view
            )
            forced = len(view.legal_actions) == 1
            key = (table.game.info.name, level)
            await hub.pacing.think_like_the_others(key, seconds, forced)
            if reason == "away" and hub.is_connected(room, seat):
                return
            events = table.submit(seat, action, version)
            room.next_bot_paces = paces_after(events)
            room.takeover_wait = 0.0  # this process accepted the last move
            if reason == "away":
                room.stood_in.add(seat)
        log.info("table %s: a %s bot played for seat %d (%s)", table.id, level, seat, reason)
        if reason in ("left", "bot"):  # the seat is the bot's now: no notice at each move
            await hub.announce(room)
        else:
            notice = {"kind": "stand_in", "seat": seat, "reason": reason, "bot": level}
            notice["name"] = hub.names(room)[seat]
            await hub.announce(room, notice)
        hub.wake_bots(room)
    except asyncio.CancelledError:
        raise
    except StaleVersionError:
        if table.version == version:  # another process stored this move first
            try:
                await hub.refresh(room)
            except Exception:  # the store away: the next notice or move reads it
                log.warning("table %s could not be read again", table.id, exc_info=True)
    except Exception:  # the store away for a moment, or a bug: never silent
        wait = retry_wait(room.stand_in_failures)
        room.stand_in_failures += 1
        room.stand_in_retry = time.monotonic() + wait
        log.warning(
            "the stand-in of table %s seat %d stopped (failure %d); trying again in %g s",
            table.id,
            seat,
            room.stand_in_failures,
            wait,
            exc_info=room.stand_in_failures == 1,
        )
    else:
        room.stand_in_failures = 0
    finally:
        arm_timers(hub, room)
