"""The tables a server holds open, the browsers connected to them, and the bots.

A :class:`Room` is one open :class:`~parlour.table.Table` with its connections.
Every change to a table goes through :meth:`Hub.move`, :meth:`Hub.undo` or the
bot driver, under the room's lock; the table stores each accepted move before
the call returns, and only then is the new state announced to each connection,
built from that connection's seat alone (:func:`state_message`).
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import json
import logging
import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, Protocol

from parlour.bots import make_bot
from parlour.core.errors import ParlourError
from parlour.table import (
    SeatSpec,
    StaleVersionError,
    Table,
    TableNotFoundError,
    TableStore,
)
from parlour.web import messages
from parlour.web.seats import SeatBook, new_token, token_hash

TAKEOVER_SECONDS = 3.0
"""Several processes: how much longer than usual a process waits before moving a
bot of a table whose last move it only heard about. The process that accepted the
last move drives the bots; another takes over only when that one falls silent."""

log = logging.getLogger("parlour.web")

PAUSE_EVENT_WORDS = ("trick", "coffin", "deal", "round", "scored", "box")
"""Event kinds containing one of these words end a trick, a coffin or a deal: the
next bot waits longer so that people can see the finished trick or coffin."""

MILESTONE_KEYS = ("tricks", "past_coffins", "scores", "round_results", "deals", "past_deals")
"""Public observation lists that grow when a trick, a coffin or a deal ends: a
game that sends no events yet still gets its pause after a finished trick."""

LANGUAGES = ("en", "fr")

DEFAULT_AWAY_TIMEOUT = 60.0
"""Seconds a person's seat on turn may stay disconnected before its stand-in plays."""
DEFAULT_STAND_IN = "medium"
"""The level of the bot that plays for an away seat, unless the table chose another."""
LONGEST_WAIT = 86400.0
"""The largest away timeout or turn clock a table may set (one day), in seconds."""


@dataclass(frozen=True)
class TableSettings:
    """What a table decides about absent players (kept in the table's header, so
    a restarted server keeps them).

    ``away_timeout``: seconds a seat on turn may stay disconnected before a bot of
    level ``stand_in`` plays for it (0: wait for ever). ``turn_clock``: seconds a
    seat on turn has for each move before the stand-in plays that one move for it
    (0: no clock)."""

    away_timeout: float = DEFAULT_AWAY_TIMEOUT
    stand_in: str = DEFAULT_STAND_IN
    turn_clock: float = 0.0

    @classmethod
    def from_request(cls, data: Mapping[str, Any]) -> TableSettings:
        """The settings of ``POST /api/tables`` (absent keys: the defaults), or a
        :class:`WebError` naming the field and what it allows."""
        from parlour.bots import BOT_KINDS

        away = _seconds(data, "away_timeout", DEFAULT_AWAY_TIMEOUT)
        clock = _seconds(data, "turn_clock", 0.0)
        level = data.get("stand_in", DEFAULT_STAND_IN)
        if not isinstance(level, str) or level not in BOT_KINDS:
            raise WebError(f"stand_in must be a bot level, one of: {', '.join(BOT_KINDS)}")
        return cls(away_timeout=away, stand_in=level, turn_clock=clock)

    @classmethod
    def of_table(cls, table: Table) -> TableSettings:
        """The settings kept in a table's header (defaults for an older table)."""
        kept = table.meta.get("web")
        if not isinstance(kept, dict):
            return cls()
        try:
            return cls.from_request(kept)
        except WebError:
            log.warning("table %s has unreadable web settings; using the defaults", table.id)
            return cls()

    def to_json(self) -> dict[str, Any]:
        """The settings as JSON (for the header and the table's summary)."""
        return dataclasses.asdict(self)


def _seconds(data: Mapping[str, Any], key: str, default: float) -> float:
    value = data.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int | float) or value != value:
        raise WebError(f"{key} must be a number of seconds, 0–{LONGEST_WAIT:g} (0: off)")
    if not 0 <= value <= LONGEST_WAIT:
        raise WebError(f"{key} must be 0–{LONGEST_WAIT:g} seconds (0: off), not {value}")
    return float(value)


STAND_IN_TEXT = {
    "en": {
        "away": "A {level} bot played for {name}, who is away.",
        "clock": "{name}'s time ran out: a {level} bot played for them.",
    },
    "fr": {
        "away": "Un robot {level} a joué pour {name}, absent.",
        "clock": "Le temps de {name} est écoulé : un robot {level} a joué à sa place.",
    },
}
"""The notice sent to everyone when a stand-in bot plays (never the move: the
move itself reaches each seat through its own events and view)."""


def milestones(table: Table) -> tuple[int, ...]:
    """How many tricks, coffins and deals are finished (from the public view)."""
    public = table.public_observation()
    return tuple(
        len(value) if isinstance(value, list) else 0
        for value in (public.get(key) for key in MILESTONE_KEYS)
    )


class Sender(Protocol):
    """What the hub needs of a connection: a way to send one JSON message."""

    async def send_json(self, data: Any) -> None:
        """Send one message."""


@dataclass(eq=False)
class Connection:
    """One browser (or other client) at a table: a seat, or None for a spectator."""

    sender: Sender
    seat: int | None
    lang: str = "en"
    next_step: int = 0
    """The first history step whose events this connection has not been sent."""
    log_epoch: int = -1
    """The room's undo count when this connection's log was last sent whole."""


@dataclass(eq=False)
class Room:
    """An open table, the connections to it and the task that moves its bots."""

    table: Table
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    connections: list[Connection] = field(default_factory=list)
    bot_task: asyncio.Task[None] | None = None
    undo_count: int = 0
    pause_next_bot: bool = False
    again: dict[str, Any] | None = None
    """The table made by "play again", with the tokens of its person seats."""
    takeover_wait: float = 0.0
    """Extra wait before this process moves a bot: 0 when this process accepted
    the table's last move, :data:`TAKEOVER_SECONDS` when another process did."""
    settings: TableSettings = field(default_factory=TableSettings)
    away_since: dict[int, float] = field(default_factory=dict)
    """Loop time at which each disconnected person's seat was last seen."""
    stood_in: set[int] = field(default_factory=set)
    """Seats whose away timeout ran out: their stand-in plays until they return."""
    timer: asyncio.TimerHandle | None = None
    timer_plan: tuple[Any, ...] | None = None
    """``(version, seat, deadline, reason)`` of the armed stand-in timer."""
    turn_version: int = -1
    turn_started: float = 0.0
    """The version whose turn the clock is timing, and the loop time it began."""
    stand_in_task: asyncio.Task[None] | None = None


class WebError(ParlourError):
    """A request the server refuses, with the HTTP status that says why."""

    def __init__(self, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.status = status


def seat_specs_from_request(entries: object, players: int) -> list[SeatSpec]:
    """``["human", "bot:hard", {"kind": "person", "name": "Ann"}, …]`` as seat specs."""
    from parlour.bots import BOT_KINDS

    if not isinstance(entries, list):
        raise WebError('seats must be a list such as ["human", "bot:hard"], one entry per player')
    if len(entries) != players:
        raise WebError(f"seats has {len(entries)} entries; this table has {players} players")
    specs: list[SeatSpec] = []
    for index, entry in enumerate(entries):
        name = ""
        if isinstance(entry, dict):
            kind = entry.get("kind", "")
            name = entry.get("name", "") or ""
            level = entry.get("bot", "") or ""
            if not isinstance(name, str) or len(name) > 40:
                raise WebError(f"seat {index}: name must be text of at most 40 characters")
            text = f"bot:{level}" if kind == "bot" else str(kind)
        elif isinstance(entry, str):
            text = entry
        else:
            raise WebError(f'seat {index}: {entry!r} is not "human" or "bot:LEVEL"')
        if text in ("human", "person"):
            specs.append(SeatSpec(kind="person", name=name.strip()))
            continue
        kind, _, level = text.partition(":")
        if kind != "bot" or level not in BOT_KINDS:
            raise WebError(
                f'seat {index}: {text!r} is not allowed; allowed: "human", '
                + ", ".join(f'"bot:{level}"' for level in BOT_KINDS)
            )
        specs.append(SeatSpec(kind="bot", name=name.strip(), bot=level))
    return specs


def options_of(table: Table) -> dict[str, Any]:
    """The table's game options, JSON-friendly."""
    options = table.game.options
    if dataclasses.is_dataclass(options) and not isinstance(options, type):
        return {key: value for key, value in dataclasses.asdict(options).items()}
    return {}


class Hub:
    """Every open table of one server process."""

    def __init__(self, store: TableStore, book: SeatBook, *, bot_delay: float = 0.9) -> None:
        self.store = store
        self.book = book
        self.bot_delay = bot_delay
        self.rooms: dict[str, Room] = {}
        self.elsewhere: set[tuple[str, int]] = set()
        """``(table id, seat)`` held by a connection to another server process on
        the same database (kept up to date by :class:`parlour.web.cluster.ClusterSync`)."""

    # ----- tables ------------------------------------------------------------
    def create_table(
        self,
        game_name: str,
        options: Mapping[str, object],
        seats: Sequence[SeatSpec],
        settings: TableSettings | None = None,
    ) -> tuple[Room, dict[int, str]]:
        """Make a table; return it and a fresh token for each person's seat."""
        settings = settings if settings is not None else TableSettings()
        table = Table.create(
            game_name,
            seats,
            options=options,
            store=self.store,
            meta={"web": settings.to_json()},
        )
        log.info("table %s: new %s table", table.id, game_name)
        tokens = {seat.index: new_token() for seat in table.seats if seat.kind == "person"}
        self.book.add_table(
            table.id, game_name, {seat: token_hash(token) for seat, token in tokens.items()}
        )
        room = Room(table, settings=settings)
        self.rooms[table.id] = room
        if table.is_over():
            self.book.mark_finished(table.id)
        self.wake_bots(room)
        return room, tokens

    def room(self, table_id: str) -> Room:
        """The open room of a table, opening the table from storage if needed."""
        room = self.rooms.get(table_id)
        if room is not None:
            return room
        if not self.book.has_table(table_id):
            raise WebError(f"there is no table {table_id!r}", status=404)
        try:
            table = Table.open(table_id, self.store)
        except TableNotFoundError as error:
            raise WebError(str(error), status=404) from error
        room = Room(table, settings=TableSettings.of_table(table))
        self.rooms[table_id] = room
        self.wake_bots(room)
        self.arm_timers(room)
        return room

    def names(self, room: Room) -> list[str]:
        """Each seat's name: the name its taker chose, else the table's."""
        entries = self.book.seats(room.table.id)
        names = []
        for seat in room.table.seats:
            entry = entries.get(seat.index)
            names.append(entry.name if entry is not None and entry.name else seat.name)
        return names

    def seat_facts(self, room: Room) -> list[dict[str, Any]]:
        """Public facts about each seat: kind, name, bot level, free, connected."""
        entries = self.book.seats(room.table.id)
        names = self.names(room)
        connected = {seat.index for seat in room.table.seats if self.is_connected(room, seat.index)}
        facts = []
        for seat in room.table.seats:
            entry = entries.get(seat.index)
            away = seat.kind == "person" and entry is not None and entry.taken
            away = away and seat.index not in connected
            facts.append(
                {
                    "seat": seat.index,
                    "kind": seat.kind,
                    "name": names[seat.index],
                    "bot": seat.bot,
                    "free": seat.kind == "person" and entry is not None and not entry.taken,
                    "connected": seat.kind == "bot" or seat.index in connected,
                    "away": away,
                    "stand_in": room.settings.stand_in if seat.index in room.stood_in else "",
                }
            )
        return facts

    def status(self, room: Room) -> str:
        """``over``, ``waiting`` (a person's seat is still free) or ``playing``."""
        if room.table.is_over():
            return "over"
        if any(fact["free"] for fact in self.seat_facts(room)):
            return "waiting"
        return "playing"

    def summary(self, room: Room) -> dict[str, Any]:
        """The public facts of a table (``GET /api/tables/{id}``)."""
        table = room.table
        return {
            "table": table.id,
            "game": table.game.info.name,
            "title": table.game.info.title,
            "players": len(table.seats),
            "options": options_of(table),
            "seats": self.seat_facts(room),
            "status": self.status(room),
            "version": table.version,
            "to_act": table.seat_to_act(),
            "result": table.result(),
            "spectators": sum(1 for connection in room.connections if connection.seat is None),
            "settings": room.settings.to_json(),
        }

    def take_seat(self, table_id: str, seat: int, name: str) -> str:
        """Give a free person's seat to someone; return the new token."""
        room = self.room(table_id)
        seats = room.table.seats
        if not 0 <= seat < len(seats):
            raise WebError(f"table {table_id} has seats 0–{len(seats) - 1}, not {seat}", status=404)
        if seats[seat].kind != "person":
            raise WebError(
                f"seat {seat} is played by a bot; only a person's seat can be taken", 409
            )
        if room.table.is_over():
            raise WebError("this table's game is over; no seat can be taken", 409)
        token = new_token()
        if not self.book.take_free(table_id, seat, token_hash(token), name):
            raise WebError(f"seat {seat} is already taken; choose a free seat", 409)
        return token

    # ----- connections -------------------------------------------------------
    async def join(self, room: Room, connection: Connection) -> None:
        """Add a connection and send it the whole table; tell the others."""
        room.connections.append(connection)
        if connection.seat is not None:
            self.book.mark_taken(room.table.id, connection.seat)
            self.seat_returned(room, connection.seat)
        log.info("table %s: %s connected", room.table.id, seat_label(connection.seat))
        await self.announce(room)

    async def leave(self, room: Room, connection: Connection) -> None:
        """Forget a closed connection and tell the others who is still here."""
        with contextlib.suppress(ValueError):
            room.connections.remove(connection)
        if connection.seat is not None:
            self.seat_left(room, connection.seat)
        log.info("table %s: %s disconnected", room.table.id, seat_label(connection.seat))
        await self.announce(room)

    def state_message(self, room: Room, connection: Connection) -> dict[str, Any]:
        """What ``connection`` may see of the table now, built only from its seat
        (:func:`parlour.web.messages.state_message`); moves its log position on."""
        message, position = messages.state_message(
            room.table,
            connection.seat,
            names=self.names(room),
            seat_facts=self.seat_facts(room),
            lang=connection.lang,
            position=messages.LogPosition(connection.next_step, connection.log_epoch),
            epoch=room.undo_count,
        )
        connection.next_step, connection.log_epoch = position.next_step, position.epoch
        return message

    async def send(self, connection: Connection, message: Mapping[str, Any]) -> None:
        """Send one message, forgetting a connection that has gone away."""
        try:
            await connection.sender.send_json(message)
        except Exception:  # a closed socket: the reader will see it and leave
            log.debug("could not send to a closed connection")

    async def announce(self, room: Room, notice: Mapping[str, Any] | None = None) -> None:
        """Send every connection its own state (with ``notice``, a stand-in's
        note, if given). The messages are all built before the first is sent, so
        every client sees the same moment of the table. Then the stand-in timer is
        set for whoever is on turn now."""
        if room.table.is_over():
            self.book.mark_finished(room.table.id)
        messages = []
        for connection in room.connections:
            message = self.state_message(room, connection)
            if notice is not None:
                message["notice"] = localised_notice(notice, connection.lang)
            messages.append((connection, message))
        for connection, message in messages:
            await self.send(connection, message)
        self.arm_timers(room)

    # ----- moves -------------------------------------------------------------
    async def move(
        self, room: Room, connection: Connection, action: int | str, version: int
    ) -> None:
        """A person's move: refused with an error to that connection alone, or
        stored by the table, then announced to all."""
        if connection.seat is None:
            raise WebError("a spectator cannot move; open the table with a seat's link to play")
        try:
            async with room.lock:
                before = milestones(room.table)
                events = room.table.submit(connection.seat, action, version)
                room.pause_next_bot = self._pauses(events) or milestones(room.table) != before
                room.takeover_wait = 0.0
            log.info("table %s: seat %d moved", room.table.id, connection.seat)
        except StaleVersionError:
            if version == room.table.version:
                # The table's own check passed, so the store refused: another
                # process stored this move number first. Show everyone the table
                # as it now is; the sender also gets the stale-version error.
                await self.refresh(room)
            raise
        await self.announce(room)
        self.wake_bots(room)

    async def undo(self, room: Room, connection: Connection, version: int) -> None:
        """Take back this seat's last move, if the table's policy allows it."""
        if connection.seat is None:
            raise WebError("a spectator cannot undo")
        try:
            async with room.lock:
                room.table.undo(connection.seat, version)
                room.undo_count += 1
                room.takeover_wait = 0.0
        except StaleVersionError:
            if version == room.table.version:  # another process stored a move first
                await self.refresh(room)
            raise
        await self.announce(room)
        self.wake_bots(room)

    async def hint(self, room: Room, connection: Connection) -> dict[str, Any]:
        """A suggested move for this seat, with its reason, in its language (the
        search runs in a worker thread, so the table goes on meanwhile)."""
        if connection.seat is None:
            raise WebError("a spectator gets no hints")
        if room.table.seat_to_act() != connection.seat:
            raise WebError("a hint is given only when it is your turn")
        hint = await asyncio.to_thread(room.table.hint, connection.seat, connection.lang)
        return {"type": "hint", "action": hint.action, "text": hint.text, "reason": hint.reason}

    async def play_again(self, room: Room, connection: Connection) -> None:
        """A new table with the same game, options and seats; each person at this
        table is sent the token of the same seat at the new one."""
        if not room.table.is_over():
            raise WebError("play again is offered once the game is over")
        if room.again is None:
            table = room.table
            names = self.names(room)
            specs = [
                SeatSpec(kind=seat.kind, name=names[seat.index], bot=seat.bot)
                for seat in table.seats
            ]
            options = options_of(table)
            new_room, tokens = self.create_table(table.game.info.name, options, specs)
            room.again = {"table": new_room.table.id, "tokens": tokens}
        again = room.again
        for other in room.connections:
            message: dict[str, Any] = {"type": "again", "table": again["table"]}
            if other.seat is not None and other.seat in again["tokens"]:
                message["seat"] = other.seat
                message["token"] = again["tokens"][other.seat]
            if other is connection:
                message["free"] = [
                    {"seat": seat, "token": token}
                    for seat, token in again["tokens"].items()
                    if seat not in {each.seat for each in room.connections}
                ]
            await self.send(other, message)

    # ----- bots ----------------------------------------------------------------
    @staticmethod
    def _pauses(events: Sequence[tuple[int, Any]]) -> bool:
        return any(
            any(word in getattr(event, "kind", "") for word in PAUSE_EVENT_WORDS)
            for _, event in events
        )

    def wake_bots(self, room: Room) -> None:
        """Make sure a task is moving the table's bots if a bot is to act."""
        if room.table.bot_to_act() is None:
            return
        if room.bot_task is not None and not room.bot_task.done():
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # no loop yet (a table opened outside the server)
            return
        room.bot_task = loop.create_task(self._drive_bots(room))

    async def _drive_bots(self, room: Room) -> None:
        """Play the bots' moves one at a time, paced so that people can follow."""
        try:
            await self._play_bots(room)
        except asyncio.CancelledError:
            raise
        except Exception:  # a bug must not pass silently, nor kill the server
            log.exception("the bots of table %s stopped", room.table.id)

    async def _play_bots(self, room: Room) -> None:
        # room.table is read afresh at each step: refresh() may replace it with
        # the table as another process left it.
        while room.table.bot_to_act() is not None:
            seen = room.table.version
            delay = self.bot_delay * (2.5 if room.pause_next_bot else 1.0) + room.takeover_wait
            room.pause_next_bot = False
            if delay > 0:
                await asyncio.sleep(delay)
            lost_race = False
            async with room.lock:
                table = room.table
                if table.version != seen:
                    continue  # moved meanwhile (here or elsewhere): wait again
                if table.bot_to_act() is None:
                    break
                seat, action, version = await asyncio.to_thread(table.choose_bot_move)
                before = milestones(table)
                try:
                    events = table.submit(seat, action, version)
                except StaleVersionError:
                    lost_race = True
                else:
                    room.pause_next_bot = self._pauses(events) or milestones(table) != before
                    room.takeover_wait = 0.0
            if lost_race:
                await self.refresh(room)  # another process moved this bot first
                continue
            await self.announce(room)

    # ----- several processes on one database (see parlour.web.cluster) ----------
    def reload_table(self, room: Room) -> bool:
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

    async def refresh(self, room: Room) -> None:
        """Bring a room up to date with the store after another process moved, tell
        its connections, and let this process's bots take over only if the other
        process falls silent (:data:`TAKEOVER_SECONDS`)."""
        async with room.lock:
            changed = await asyncio.to_thread(self.reload_table, room)
            if changed:
                room.takeover_wait = TAKEOVER_SECONDS
        if changed:
            await self.announce(room)
            self.wake_bots(room)

    # ----- dropped seats: away, stand-in bots, turn clock ------------------------
    def is_connected(self, room: Room, seat: int) -> bool:
        """True when at least one connection holds ``seat``: here, or in another
        server process on the same database (:attr:`elsewhere`)."""
        if any(connection.seat == seat for connection in room.connections):
            return True
        return (room.table.id, seat) in self.elsewhere

    def seat_returned(self, room: Room, seat: int) -> None:
        """The seat's person is back: their stand-in stops at once (a stand-in
        move being chosen now is dropped, see :meth:`_stand_in_move`)."""
        room.away_since.pop(seat, None)
        if seat in room.stood_in:
            room.stood_in.discard(seat)
            log.info("table %s: seat %d is back; its stand-in stops", room.table.id, seat)

    def seat_left(self, room: Room, seat: int) -> None:
        """The seat's last connection closed: its away time starts now."""
        if not self.is_connected(room, seat):
            room.away_since[seat] = asyncio.get_running_loop().time()

    def arm_timers(self, room: Room) -> None:
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
            plan = self._stand_in_plan(room, seat, now)
        if plan == room.timer_plan:
            return
        if room.timer is not None:
            room.timer.cancel()
            room.timer = None
        room.timer_plan = plan
        if plan is not None:
            version, seat, deadline, reason = plan
            room.timer = loop.call_later(
                max(0.0, deadline - now), self._on_timer, room, version, seat, reason
            )

    def _stand_in_plan(self, room: Room, seat: int, now: float) -> tuple[Any, ...] | None:
        """``(version, seat, deadline, reason)`` of the next stand-in move, if any."""
        settings = room.settings
        choices: list[tuple[float, str]] = []
        entry = self.book.seats(room.table.id).get(seat)
        taken = entry is not None and entry.taken
        if settings.away_timeout > 0 and taken and not self.is_connected(room, seat):
            deadline = room.away_since.setdefault(seat, now) + settings.away_timeout
            if seat in room.stood_in:  # already away: play at a bot's pace
                deadline = room.turn_started + self.bot_delay
            choices.append((deadline, "away"))
        if settings.turn_clock > 0:
            choices.append((room.turn_started + settings.turn_clock, "clock"))
        if not choices:
            return None
        deadline, reason = min(choices)
        return (room.table.version, seat, deadline, reason)

    def _on_timer(self, room: Room, version: int, seat: int, reason: str) -> None:
        room.timer = None
        room.timer_plan = None
        room.stand_in_task = asyncio.get_running_loop().create_task(
            self._stand_in_move(room, version, seat, reason)
        )

    async def _stand_in_move(self, room: Room, version: int, seat: int, reason: str) -> None:
        """The stand-in bot plays one move for ``seat``, as that seat, through
        ``Table.submit``; nothing happens if the table moved on or the person came
        back meanwhile."""
        table = room.table
        level = room.settings.stand_in
        try:
            async with room.lock:
                if table.version != version or table.seat_to_act() != seat or table.is_over():
                    return
                if reason == "away" and self.is_connected(room, seat):
                    return
                view = table.view_for(seat)
                if view is None:
                    return
                bot = make_bot(level, secrets.randbits(32))
                action = await asyncio.to_thread(bot.choose, view)
                if reason == "away" and self.is_connected(room, seat):
                    return
                before = milestones(table)
                events = table.submit(seat, action, version)
                room.pause_next_bot = self._pauses(events) or milestones(table) != before
                if reason == "away":
                    room.stood_in.add(seat)
            log.info("table %s: a %s bot played for seat %d (%s)", table.id, level, seat, reason)
            notice = {"kind": "stand_in", "seat": seat, "reason": reason, "bot": level}
            notice["name"] = self.names(room)[seat]
            await self.announce(room, notice)
            self.wake_bots(room)
        except asyncio.CancelledError:
            raise
        except StaleVersionError:
            pass
        except Exception:  # a bug must not pass silently, nor kill the server
            log.exception("the stand-in of table %s seat %d stopped", table.id, seat)
        finally:
            self.arm_timers(room)

    # ----- finished tables -------------------------------------------------------
    def sweep_finished(self, older_than: float) -> list[str]:
        """Delete the finished tables nobody is connected to whose last change is
        more than ``older_than`` seconds old; return their ids."""
        cutoff = datetime.now(UTC).timestamp() - older_than
        mine = set(self.book.table_ids(finished=True))
        deleted: list[str] = []
        for entry in self.store.list(finished=True):
            table_id = entry["id"]
            room = self.rooms.get(table_id)
            if table_id not in mine or (room is not None and room.connections):
                continue
            try:
                changed = datetime.fromisoformat(str(entry["updated_at"])).timestamp()
            except ValueError:
                continue
            if changed > cutoff:
                continue
            delete = getattr(self.store, "delete", None)
            if delete is None:
                return deleted
            delete(table_id)
            self.book.forget_table(table_id)
            self.rooms.pop(table_id, None)
            deleted.append(table_id)
            log.info("table %s: finished and idle; deleted", table_id)
        return deleted

    async def close(self) -> None:
        """Stop every bot task and timer (the server is shutting down)."""
        for room in self.rooms.values():
            if room.timer is not None:
                room.timer.cancel()
        tasks = [
            task
            for room in self.rooms.values()
            for task in (room.bot_task, room.stand_in_task)
            if task is not None
        ]
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task


def seat_label(seat: int | None) -> str:
    """``seat 2`` or ``a spectator``, for log lines."""
    return "a spectator" if seat is None else f"seat {seat}"


def localised_notice(notice: Mapping[str, Any], lang: str) -> dict[str, Any]:
    """A stand-in notice with its sentence in ``lang``."""
    texts = STAND_IN_TEXT.get(lang, STAND_IN_TEXT["en"])
    text = texts[str(notice["reason"])].format(level=notice["bot"], name=notice["name"])
    return {**notice, "text": text}


def json_text(data: Any) -> str:
    """Compact JSON for the wire."""
    return json.dumps(data, separators=(",", ":"), ensure_ascii=False)
