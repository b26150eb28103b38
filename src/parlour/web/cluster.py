"""Several ``parlour serve`` processes on one PostgreSQL database.

Each process holds its own open tables (:class:`~parlour.web.hub.Hub`); the
database is the only thing they share. Every stored move is announced by
PostgreSQL on the ``parlour_moves`` channel (``pg_notify`` in the transaction
that stores it). :class:`ClusterSync` listens with
:class:`~parlour.table.postgres.AsyncMoveListener` and, for a move of a table
this process holds whose number is above the version it holds, reads the table
again and sends each of its connections the new state. A ``*`` notice (the
listening connection was lost and opened again: notices may have been missed)
reads every held table again.

Who moves a table's bots: the process that accepted its last move. Another
process that heard of that move waits :data:`~parlour.web.hub.TAKEOVER_SECONDS`
longer before moving a bot, and only if no move came meanwhile, so a process
killed mid-game is replaced within seconds; should two processes still try the
same bot move, the store's primary key on (table, move number) accepts one and
the other reads the table again.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging

from parlour.table.postgres import ALL_TABLES, AsyncMoveListener, MoveNotice
from parlour.web.hub import Hub

log = logging.getLogger("parlour.web")


class ClusterSync:
    """Keeps one process's open tables in step with the other processes'."""

    def __init__(self, hub: Hub, url: str) -> None:
        self.hub = hub
        self.url = url
        self.listener = AsyncMoveListener(url)
        self.task: asyncio.Task[None] | None = None

    async def start(self) -> None:
        """Start listening (moves stored from now on are heard), then follow the
        notices in a task of the running loop."""
        await self.listener.__aenter__()
        self.task = asyncio.get_running_loop().create_task(self._follow())

    async def stop(self) -> None:
        """Stop listening and close the listening connection."""
        if self.task is not None:
            self.task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self.task
            self.task = None
        await self.listener.aclose()

    async def _follow(self) -> None:
        async for notice in self.listener.notices():
            try:
                await self.heard(notice)
            except asyncio.CancelledError:
                raise
            except Exception:  # one unreadable table must not stop the others' news
                log.exception("could not bring table %s up to date", notice.table_id)

    async def heard(self, notice: MoveNotice) -> None:
        """Bring the tables a notice concerns up to date with the database."""
        if notice.table_id == ALL_TABLES:
            rooms = list(self.hub.rooms.values())
        else:
            room = self.hub.rooms.get(notice.table_id)
            # This process's own moves come back too: their number is not above
            # the version held, and nothing needs doing.
            if room is None or notice.number <= room.table.version:
                return
            rooms = [room]
        for room in rooms:
            await self.hub.refresh(room)
