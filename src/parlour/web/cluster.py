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

Who is connected: each process writes, every :data:`PRESENCE_SECONDS`, which
person seats it has a connection for (``web_seats.seen_by``, ``seen_at``), and
reads which seats of its tables another process saw lately
(:attr:`Hub.elsewhere <parlour.web.hub.Hub.elsewhere>`). A seat held through
another process counts as connected: its person is not away, and no stand-in
bot plays for them. A person who leaves every process is away here after at
most ``3 × PRESENCE_SECONDS``.

Who moves a table's bots: the process that accepted its last move. Another
process that heard of that move waits :data:`~parlour.web._reload.TAKEOVER_SECONDS`
longer before moving a bot, and only if no move came meanwhile, so a process
killed mid-game is replaced within seconds; should two processes still try the
same bot move, the store's primary key on (table, move number) accepts one and
the other reads the table again.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets

from parlour.table.postgres import ALL_TABLES, AsyncMoveListener, MoveNotice
from parlour.web.hub import Hub
from parlour.web.seats import PostgresSeatBook

log = logging.getLogger("parlour.web")

PRESENCE_SECONDS = 5.0
"""How often a process writes which seats it holds and reads the others'."""


class ClusterSync:
    """Keeps one process's open tables in step with the other processes'."""

    def __init__(self, hub: Hub, url: str, book: PostgresSeatBook) -> None:
        self.hub = hub
        self.url = url
        self.book = book
        self.process = secrets.token_hex(8)
        """This process's name in ``web_seats.seen_by``."""
        self.listener = AsyncMoveListener(url)
        self.tasks: list[asyncio.Task[None]] = []

    async def start(self) -> None:
        """Start listening (moves stored from now on are heard), then follow the
        notices and keep the seats' presence in tasks of the running loop."""
        await self.listener.__aenter__()
        loop = asyncio.get_running_loop()
        self.tasks = [loop.create_task(self._follow()), loop.create_task(self._presence())]

    async def stop(self) -> None:
        """Stop listening and close the listening connection."""
        for task in self.tasks:
            task.cancel()
        for task in self.tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        self.tasks = []
        await self.listener.aclose()

    async def _presence(self) -> None:
        while True:
            try:
                await self.exchange_presence()
            except asyncio.CancelledError:
                raise
            except Exception:  # the database away for a moment: try again later
                log.warning("could not exchange the seats' presence", exc_info=True)
            await asyncio.sleep(PRESENCE_SECONDS)

    async def exchange_presence(self) -> None:
        """Write the seats held here; read those held elsewhere; tell the
        connections of every table whose seats came or went elsewhere."""
        rooms = dict(self.hub.rooms)
        here = sorted(
            {
                (table_id, connection.seat)
                for table_id, room in rooms.items()
                for connection in room.connections
                if connection.seat is not None
            }
        )
        await asyncio.to_thread(self.book.mark_present, self.process, here)
        elsewhere = await asyncio.to_thread(
            self.book.present_elsewhere, self.process, list(rooms), 3 * PRESENCE_SECONDS
        )
        changed = {table_id for table_id, _ in elsewhere ^ self.hub.elsewhere}
        self.hub.elsewhere = elsewhere
        for table_id in changed:
            room = self.hub.rooms.get(table_id)
            if room is not None:
                self.hub.announce_seats(room)
                self.hub.arm_timers(room)

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
