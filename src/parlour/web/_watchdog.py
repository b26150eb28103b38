"""The watchdog: one round every :data:`MAINTENANCE_SECONDS` over the open
tables (bots or stand-ins on turn with nothing moving them, idle tables to let
go of), the garbage collector's pace, and the sweep of finished tables.
"""

from __future__ import annotations

import asyncio
import gc
import logging
import time
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from parlour.web.hub import Hub, Room

log = logging.getLogger("parlour.web")

MAINTENANCE_SECONDS = 2.0
"""How often the watchdog looks at every open table (bots or stand-ins on turn
with nothing moving them, idle tables to let go of)."""
FREEZE_SECONDS = 2.0
"""How often the objects alive are set aside from the garbage collector's
rounds (:func:`gc.freeze`). A thousand tables hold hundreds of thousands of
objects; a full round over them stopped the process for 50–270 ms several
times a minute, every move waiting behind it. Frozen, each round only looks at
what is newer."""
FULL_COLLECTION_SECONDS = 600.0
"""How often everything is looked at again (:func:`gc.unfreeze`, a full round,
then frozen again), so that cycles among older objects are freed: one pause
every ten minutes instead of several a minute."""


async def maintain(hub: Hub) -> None:
    """The watchdog's loop (runs until cancelled)."""
    frozen_at = swept_at = time.monotonic()
    while True:
        await asyncio.sleep(MAINTENANCE_SECONDS)
        now = time.monotonic()
        try:
            look_after_tables(hub, now)
        except Exception:  # the next round tries again; the server goes on
            log.exception("the watchdog's round failed")
        if now - swept_at > FULL_COLLECTION_SECONDS:
            gc.unfreeze()
            gc.collect()
            gc.freeze()
            frozen_at = swept_at = now
        elif now - frozen_at > FREEZE_SECONDS:
            gc.freeze()
            frozen_at = now


def look_after_tables(hub: Hub, now: float) -> list[str]:
    """One round of the watchdog: wake the bots of any table whose bot is on
    turn with no task moving it, set the stand-in timer where one is missing,
    and let go of the tables nobody has watched for
    :attr:`ServerLimits.idle_seconds` (they come back from storage when
    opened). Returns the ids of the tables let go."""
    released: list[str] = []
    for table_id, room in list(hub.rooms.items()):
        if _idle(hub, room, now):
            del hub.rooms[table_id]
            released.append(table_id)
            continue
        busy = room.stand_in_task is not None and not room.stand_in_task.done()
        if room.table.bot_to_act() is not None and (room.bot_task is None or room.bot_task.done()):
            log.info("table %s: a bot was on turn with nothing moving it; woken", table_id)
            hub.wake_bots(room)
        elif room.timer is None and not busy:
            hub.arm_timers(room)
    if released:
        log.info("%d idle tables left memory", len(released))
    return released


def _idle(hub: Hub, room: Room, now: float) -> bool:
    """Nobody here or elsewhere watches it, nothing is moving it, and it has
    been so for the idle time."""
    if room.connections or room.idle_since is None:
        return False
    if now - room.idle_since < hub.limits.idle_seconds or room.lock.locked():
        return False
    for task in (room.bot_task, room.stand_in_task):
        if task is not None and not task.done():
            return False
    if any(table_id == room.table.id for table_id, _ in hub.elsewhere):
        return False
    if room.timer is not None:
        room.timer.cancel()
        room.timer = None
    return True


def sweep_finished(
    hub: Hub, older_than: float, listed: list[dict[str, Any]] | None = None
) -> list[str]:
    """Delete the finished tables nobody is connected to whose last change is
    more than ``older_than`` seconds old; return their ids. ``listed``: the
    store's finished tables, when read already (in a worker thread: reading
    them all is the long part)."""
    cutoff = datetime.now(UTC).timestamp() - older_than
    finished = hub.book.table_ids(finished=True)
    mine = set(finished) - hub.kept_tables(finished)  # accounts' games stay for their pages
    deleted: list[str] = []
    if listed is None:
        listed = hub.store.list(finished=True)
    kept = hub.kept_tables([str(entry["id"]) for entry in listed])
    for entry in listed:
        table_id = entry["id"]
        room = hub.rooms.get(table_id)
        if table_id not in mine or table_id in kept or (room is not None and room.connections):
            continue
        try:
            changed = datetime.fromisoformat(str(entry["updated_at"])).timestamp()
        except ValueError:
            continue
        if changed > cutoff:
            continue
        delete = getattr(hub.store, "delete", None)
        if delete is None:
            return deleted
        delete(table_id)
        hub.book.forget_table(table_id)
        hub.rooms.pop(table_id, None)
        deleted.append(table_id)
        log.info("table %s: finished and idle; deleted", table_id)
    return deleted
