"""Several processes on one database: reading a table again after another
process moved it (the notifications themselves are :mod:`parlour.web.cluster`'s).

The process that accepted a table's last move drives its bots; a process that
only heard of that move waits :data:`TAKEOVER_SECONDS` longer before moving a
bot, so that it takes over only when the other falls silent.
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from parlour.web.hub import Hub, Room

TAKEOVER_SECONDS = 3.0
"""Several processes: how much longer than usual a process waits before moving a
bot of a table whose last move it only heard about. The process that accepted the
last move drives the bots; another takes over only when that one falls silent."""


def reload_table(room: Room) -> bool:
    """Read the room's table again from the store; True if it had changed.

    Another process sharing the database may have stored moves since this one
    last looked. When the stored moves no longer begin with the ones held here
    (an undo elsewhere), every connection gets its whole log again."""
    table = room.table
    held = [(item.step, item.seat, item.action) for item in table.moves_played()]
    if table.catch_up() == 0:
        return False
    now = [(item.step, item.seat, item.action) for item in table.moves_played()]
    if now[: len(held)] != held:
        room.undo_count += 1
    return True


async def refresh(hub: Hub, room: Room) -> None:
    """Bring a room up to date with the store after another process moved, tell
    its connections, and let this process's bots take over only if the other
    process falls silent (:data:`TAKEOVER_SECONDS`)."""
    async with room.lock:
        changed = await asyncio.to_thread(reload_table, room)
        if changed:
            room.takeover_wait = TAKEOVER_SECONDS
    if changed:
        await hub.announce(room)
        hub.wake_bots(room)
