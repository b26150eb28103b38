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
import time
from collections import Counter, deque
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any, Protocol

from parlour.core.errors import ParlourError
from parlour.core.seat_names import default_seat_name
from parlour.i18n import said_move
from parlour.table import (
    SeatSpec,
    StaleVersionError,
    Table,
    TableNotFoundError,
    TableStore,
)
from parlour.table.coach import lesson_for
from parlour.web import _reload, _stand_ins, _watchdog, messages
from parlour.web._bots import BotPacing, drive_bots, paces_after
from parlour.web.coaching import LESSON_META
from parlour.web.limits import ServerLimits
from parlour.web.seats import SeatBook, SeatEntry, new_token, token_hash

log = logging.getLogger("parlour.web")

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


class Sender(Protocol):
    """What the hub needs of a connection: a way to send one text message, and
    a way to close it with a code and a reason."""

    async def send_text(self, data: str) -> None:
        """Send one message."""

    async def close(self, code: int = 1000, reason: str | None = None) -> None:
        """Close the connection with ``code`` and the sentence ``reason``."""


OUTBOX_LIMIT = 64
"""Messages that may wait to be sent to one connection. A client that lets more
pile up (it does not read) is closed with :data:`CLOSE_BEHIND`: it can reconnect
and get the table as it is, and nobody else waits for it."""
CLOSE_BEHIND = 4008
"""The WebSocket close code for a connection that fell behind (did not read)."""
CLOSE_SECONDS = 2.0
"""How long closing a connection may wait for its client before giving up."""


@dataclass(eq=False)
class Connection:
    """One browser (or other client) at a table: a seat, or None for a spectator.

    Every message to it goes through its own bounded outbox and its own sending
    task (:meth:`Hub.send`), so that no broadcast ever waits on a client."""

    sender: Sender
    seat: int | None
    lang: str = "en"
    address: str = ""
    """The client's network address (for the per-address quotas)."""
    next_step: int = 0
    """The first history step whose events this connection has not been sent."""
    log_epoch: int = -1
    """The room's undo count when this connection's log was last sent whole."""
    outbox: deque[str] = field(default_factory=deque)
    """Messages (JSON text) waiting to be sent, oldest first."""
    kinds: deque[str] = field(default_factory=deque)
    """The ``type`` of each message in :attr:`outbox` (a seat-status message
    waiting unsent is replaced by a newer one)."""
    ready: asyncio.Event = field(default_factory=asyncio.Event)
    sending: asyncio.Task[None] | None = None
    closed: bool = False
    close_after: tuple[int, str] | None = None
    """``(code, reason)``: close once the outbox is sent (see
    :meth:`Hub.close_after_sending`)."""
    hinting: bool = False
    """True while a hint for this connection is being worked out."""
    abort: Callable[[], None] | None = None
    """Drops the connection at once, when the server offers it (a client that
    does not read cannot be sent a close frame)."""


@dataclass(eq=False)
class Room:
    """An open table, the connections to it and the task that moves its bots."""

    table: Table
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    connections: list[Connection] = field(default_factory=list)
    bot_task: asyncio.Task[None] | None = None
    undo_count: int = 0
    next_bot_paces: float = 1.0
    """How many paces (:attr:`Hub.bot_delay`) the next bot or stand-in waits,
    as the last move asks (:func:`parlour.web._bots.paces_after`)."""
    again: dict[str, Any] | None = None
    """The table made by "play again", with the tokens of its person seats."""
    takeover_wait: float = 0.0
    """Extra wait before this process moves a bot: 0 when this process accepted
    the table's last move, :data:`~parlour.web._reload.TAKEOVER_SECONDS` when
    another process did."""
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
    stand_in_failures: int = 0
    """Stand-in moves that failed in a row (the store away): each waits longer."""
    stand_in_retry: float = 0.0
    """When the next stand-in move may be tried (:func:`time.monotonic`)."""
    entries: dict[int, SeatEntry] | None = None
    """The seat book's lines for this table, as last read (see :meth:`Hub.seat_entries`)."""
    entries_read: float = 0.0
    idle_since: float | None = field(default_factory=time.monotonic)
    """When the table's last connection left, or it was opened unwatched
    (:func:`time.monotonic`; None while someone watches)."""


HINT_WORKERS = 1
"""Threads that work out hints (a search each): hints queue beyond this."""
HINT_BACKLOG = 8
"""Hints that may wait for a hint worker; more are refused at once."""
LOBBY_PART = 200
"""How many of the lobby's tables are asked at once whether they may be listed."""
SEAT_BOOK_SECONDS = 2.0
"""How long the seat book's lines of a table are used before being read again
(another process may have given a seat away meanwhile)."""


class WebError(ParlourError):
    """A request the server refuses, with the HTTP status that says why, and
    (for a client that says it in its own words) a short ``reason`` key."""

    def __init__(self, message: str, status: int = 400, reason: str = "") -> None:
        super().__init__(message)
        self.status = status
        self.reason = reason


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

    def __init__(
        self,
        store: TableStore,
        book: SeatBook,
        *,
        bot_delay: float = 0.9,
        limits: ServerLimits | None = None,
    ) -> None:
        self.store = store
        self.book = book
        self.bot_delay = bot_delay
        self.limits = limits if limits is not None else ServerLimits()
        self.rooms: dict[str, Room] = {}
        self.sockets = 0
        """WebSockets open now (counted from the handshake)."""
        self.address_sockets: Counter[str] = Counter()
        """WebSockets open now, by client address."""
        self.pacing = BotPacing()
        """The bot workers and the bots' recent thinking times."""
        self.hint_pool = ThreadPoolExecutor(HINT_WORKERS, thread_name_prefix="parlour-hints")
        self.hints_waiting = 0
        self.searches: Counter[str] = Counter()
        """Hints being worked out, by client address."""
        self.made: dict[str, deque[float]] = {}
        """When each address made its recent tables (for the per-minute quota)."""
        self.bot_tables: dict[str, set[str]] = {}
        """The unfinished tables with bots that each address made."""
        self._background: set[asyncio.Task[None]] = set()
        self._maintenance: asyncio.Task[None] | None = None
        self.elsewhere: set[tuple[str, int]] = set()
        """``(table id, seat)`` held by a connection to another server process on
        the same database (kept up to date by :class:`parlour.web.cluster.ClusterSync`)."""
        self.finished_hooks: list[Callable[[Room], None]] = []
        """Called with a room each time a finished table is announced (the
        accounts' results and ratings: :mod:`parlour.web.accounts`)."""
        self.rematch_hooks: list[Callable[[Room, Room], None]] = []
        """Called with the finished room and its rematch ("play again"): the
        new table keeps the old one's choices and accounts."""
        self.kept_tables: Callable[[list[str]], set[str]] = lambda table_ids: set()
        """The finished tables of a list that are never swept away (the games
        of accounts, whose pages link to their replays; today's deals' tables)."""
        self.lobby_filter: Callable[[list[str]], list[str]] = list
        """The tables of a list the lobby may show (private tables are not)."""
        self.message_checks: list[Callable[[Room, str], str | None]] = []
        """Asked before each table message of a connection (its type): a
        sentence refuses it (today's deals refuse undo, hints, play again)."""

    # ----- tables ------------------------------------------------------------
    def create_table(
        self,
        game_name: str,
        options: Mapping[str, object],
        seats: Sequence[SeatSpec],
        settings: TableSettings | None = None,
        *,
        lesson: str | None = None,
        seed: int | None = None,
        meta: Mapping[str, Any] | None = None,
    ) -> tuple[Room, dict[int, str]]:
        """Make a table; return it and a fresh token for each person's seat.
        With ``lesson`` (a game's name), the table is that game's guided deal:
        its forced deck and seed (see :mod:`parlour.web.coaching`). ``seed``
        deals given cards (today's deals); ``meta`` is more of the header's meta."""
        settings = settings if settings is not None else TableSettings()
        meta = {**(meta or {}), "web": settings.to_json()}
        forced: dict[str, Any] = {} if seed is None else {"seed": seed}
        if lesson is not None:
            taught = lesson_for(lesson)
            meta[LESSON_META] = lesson
            forced = {"seed": taught.seed, "deck": taught.deck}
        table = Table.create(
            game_name,
            seats,
            options=options,
            store=self.store,
            meta=meta,
            **forced,
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

    def seat_entries(self, room: Room) -> dict[int, SeatEntry]:
        """The seat book's lines for the room's person seats, read again at most
        every :data:`SEAT_BOOK_SECONDS` (at once after a change made here, see
        :meth:`seats_changed`): announcing a move reads no database."""
        now = time.monotonic()
        if room.entries is None or now - room.entries_read > SEAT_BOOK_SECONDS:
            room.entries = self.book.seats(room.table.id)
            room.entries_read = now
        return room.entries

    @staticmethod
    def seats_changed(room: Room) -> None:
        """The seat book changed for this room: read it again next time."""
        room.entries = None

    def bot_seats(self, room: Room) -> dict[int, str]:
        """The person seats a seated person gave to bots (``{"type": "bots"}``),
        with the level of the bot that plays each for good. Read from the seat
        book, so that a restarted server, or another process on the same
        database, plays them as bots' seats too."""
        entries = self.seat_entries(room).items()
        return {seat: entry.bot for seat, entry in entries if entry.bot and not entry.left}

    def left_seats(self, room: Room) -> set[int]:
        """The seats whose person left for good (``{"type": "leave"}``): the
        table's stand-in plays them to the end, and their link only watches.
        Read from the seat book (:attr:`SeatEntry.left`), so that a restarted
        server, or another process on the same database, knows it too."""
        return {seat for seat, entry in self.seat_entries(room).items() if entry.left}

    def names(self, room: Room) -> list[str]:
        """Each seat's name: the name its taker chose, else the table's."""
        entries = self.seat_entries(room)
        names = []
        for seat in room.table.seats:
            entry = entries.get(seat.index)
            names.append(entry.name if entry is not None and entry.name else seat.name)
        return names

    def seat_facts(self, room: Room) -> list[dict[str, Any]]:
        """Public facts about each seat: kind, name, bot level, free, connected,
        away, its stand-in, whether its person left for good, and the seconds
        before a stand-in plays for an away seat (``stand_in_after``)."""
        entries = self.seat_entries(room)
        names = self.names(room)
        connected = {seat.index for seat in room.table.seats if self.is_connected(room, seat.index)}
        left = self.left_seats(room)
        facts = []
        for seat in room.table.seats:
            entry = entries.get(seat.index)
            if entry is not None and entry.bot and not entry.left:  # as if the table was made so
                facts.append(bot_seat_fact(seat.index, names[seat.index], entry.bot))
                continue
            away = seat.kind == "person" and entry is not None and entry.taken
            away = away and seat.index not in connected
            stood_in = seat.index in room.stood_in or seat.index in left
            facts.append(
                {
                    "seat": seat.index,
                    "kind": seat.kind,
                    "name": names[seat.index],
                    "bot": seat.bot,
                    "free": seat.kind == "person" and entry is not None and not entry.taken,
                    "connected": seat.kind == "bot" or seat.index in connected,
                    "away": away,
                    "stand_in": room.settings.stand_in if stood_in else "",
                    "left": seat.index in left,
                    "stand_in_after": self.stand_in_after(room, seat.index) if away else None,
                }
            )
        return facts

    def stand_in_after(self, room: Room, seat: int) -> float | None:
        """Seconds before the stand-in plays for an away seat once it is on
        turn (0: it plays now; None: no stand-in will, or the time is unknown),
        so that the others' pages can count down."""
        if seat in self.left_seats(room) or seat in room.stood_in:
            return 0.0
        since = room.away_since.get(seat)
        if room.settings.away_timeout <= 0 or since is None:
            return None
        try:
            now = asyncio.get_running_loop().time()
        except RuntimeError:  # no loop (a table looked at outside the server)
            return None
        return round(max(0.0, since + room.settings.away_timeout - now), 1)

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
            "daily": table.meta.get("daily"),  # a table of today's deals: its day and game
        }

    def lobby_page(self, limit: int, after: str | None) -> dict[str, Any]:
        """``GET /api/tables``: up to ``limit`` unfinished tables, newest first,
        after the table ``after`` (the previous page's ``next``). Built from each
        table's stored header and its seats, without opening any table."""
        ids = self.book.table_ids(finished=False)
        start = 0
        if after is not None:
            try:
                if not self.lobby_filter([after]):
                    raise ValueError(after)
                start = ids.index(after) + 1
            except ValueError:
                raise WebError(
                    f"after={after[:64]!r} is not a table of the lobby; start again without after",
                    400,
                ) from None
        # Only as many tables as the page needs are asked whether they may be
        # listed (private tables are not), a part at a time: a page costs the
        # same at 50 tables or 5,000. One more than the page tells if more follow.
        chosen: list[str] = []
        position = start
        while position < len(ids) and len(chosen) <= limit:
            part = ids[position : position + max(2 * limit, LOBBY_PART)]
            chosen.extend(self.lobby_filter(part))
            position += len(part)
        more = len(chosen) > limit
        chosen = chosen[:limit]
        tables = []
        for table_id in chosen:
            room = self.rooms.get(table_id)
            try:
                tables.append(self.lobby_entry(room) if room else self.stored_entry(table_id))
            except (WebError, ParlourError) as error:
                log.warning("table %s cannot be listed: %s", table_id, error)
        return {"tables": tables, "next": chosen[-1] if more and chosen else None}

    def lobby_entry(self, room: Room) -> dict[str, Any]:
        """A table's line in the lobby (an open table)."""
        table = room.table
        return {
            "table": table.id,
            "game": table.game.info.name,
            "players": len(table.seats),
            "seats": self.seat_facts(room),
            "status": self.status(room),
            "to_act": table.seat_to_act(),
        }

    def stored_entry(self, table_id: str) -> dict[str, Any]:
        """A table's line in the lobby from its stored header and the seat book
        (a table not in memory: nobody is connected to it here)."""
        header = self.store.header(table_id)
        entries = self.book.seats(table_id)
        seats = []
        for item in header.get("seats", []):
            index = int(item["index"])
            entry = entries.get(index)
            name = entry.name if entry is not None and entry.name else item.get("name")
            if entry is not None and entry.bot and not entry.left:  # given to a bot
                seats.append(bot_seat_fact(index, str(name), entry.bot))
                continue
            person = item.get("kind") == "person"
            left = entry is not None and entry.left
            seats.append(
                {
                    "seat": index,
                    "kind": item.get("kind"),
                    "name": name,
                    "bot": item.get("bot", ""),
                    "free": person and entry is not None and not entry.taken,
                    "connected": not person or (table_id, index) in self.elsewhere,
                    "away": person and entry is not None and entry.taken,
                    "stand_in": entry.bot if entry is not None and left else "",
                    "left": left,
                    "stand_in_after": 0.0 if left else None,
                }
            )
        status = "waiting" if any(seat["free"] for seat in seats) else "playing"
        return {
            "table": table_id,
            "game": header.get("game"),
            "players": len(seats),
            "seats": seats,
            "status": status,
            "to_act": None,
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
        self.seats_changed(room)
        if not self.book.take_free(table_id, seat, token_hash(token), name):
            raise WebError(f"seat {seat} is already taken; choose a free seat", 409)
        return token

    def check_link(self, table_id: str, seat: int, token: str) -> dict[str, Any]:
        """What a share link (table, seat, token) leads to, checked before its
        page asks for a name: the seat's number and name, whether it is free
        (nobody has come with this link yet) and whether the game is over; or a
        :class:`WebError` saying plainly what is wrong with the link."""
        room = self.room(table_id)
        seats = room.table.seats
        if not 0 <= seat < len(seats):
            raise WebError(
                f"this table has seats 1–{len(seats)}; the link names seat {seat + 1}", 404
            )
        if seats[seat].kind != "person":
            raise WebError(f"seat {seat + 1} is played by a bot; the link is not a seat's", 409)
        if self.book.seat_of_token(table_id, token) != seat:
            raise WebError(
                f"this link's token is not seat {seat + 1}'s: the link was cut short or "
                "changed, or the seat was given again; ask for the link again",
                403,
            )
        fact = self.seat_facts(room)[seat]
        return {
            "table": table_id,
            "seat": seat,
            "name": fact["name"],
            "free": fact["free"],
            "left": fact["left"],
            "over": room.table.is_over(),
        }

    # ----- connections -------------------------------------------------------
    async def join(self, room: Room, connection: Connection) -> None:
        """Add a connection: it gets the whole table, the others only the change
        in who sits and who watches (never a full state each: that cost grew
        with the square of the spectators)."""
        room.connections.append(connection)
        room.idle_since = None
        self.start_sending(connection)
        if connection.seat is not None and connection.seat in self.left_seats(room):
            # The person left this seat for good: their link now only watches.
            self.send(connection, self.left_message(room, connection.seat))
            connection.seat = None
        if connection.seat is not None:
            self.book.mark_taken(room.table.id, connection.seat)
            self.seats_changed(room)
            self.seat_returned(room, connection.seat)
        log.info("table %s: %s connected", room.table.id, seat_label(connection.seat))
        first = self.state_message(room, connection)
        # The first state also says how many watch (later ones come in "seats").
        first["spectators"] = self.spectators(room)
        self.send(connection, first)
        self.announce_seats(room, but=connection)
        self.arm_timers(room)

    @staticmethod
    def spectators(room: Room) -> int:
        """How many connections watch the table without a seat."""
        return sum(1 for connection in room.connections if connection.seat is None)

    def left_message(self, room: Room, seat: int) -> dict[str, Any]:
        """What a person who left a seat for good is told (and told again if
        they open its link later): who plays the seat now."""
        return {
            "type": "left",
            "table": room.table.id,
            "seat": seat,
            "bot": room.settings.stand_in,
        }

    async def leave_seat(self, room: Room, connection: Connection) -> None:
        """``{"type": "leave"}``: the person gives up their seat for good. The
        table's stand-in bot plays it from now on, at a bot's pace; the person is
        told, and every connection of that seat goes on as a spectator."""
        seat = connection.seat
        if seat is None:
            raise WebError("a spectator has no seat to leave; close the page to go")
        if room.table.is_over():
            raise WebError("the game is over; there is no seat to leave")
        # Written before anyone is told: a restarted server, or another process
        # on the same database, plays the seat as the stand-in's too.
        self.book.give_up(room.table.id, seat, room.settings.stand_in)
        self.seats_changed(room)
        room.away_since.pop(seat, None)
        log.info("table %s: seat %d left for good; its stand-in plays it", room.table.id, seat)
        message = self.left_message(room, seat)
        for other in room.connections:
            if other.seat == seat:
                self.send(other, message)
                other.seat = None
                self.send(other, self.state_message(room, other))  # now as a spectator
        self.announce_seats(room)
        self.arm_timers(room)

    async def fill_with_bots(self, room: Room, connection: Connection) -> None:
        """``{"type": "bots"}``: a seated person tired of waiting gives the free
        seats to the table's stand-in bot, which plays them from now on at a
        bot's pace (as it plays a seat its person left); the seats are taken in
        the seat book as a bot's (its level written there: a restarted server,
        or another process, plays it as a bot's too), so the table no longer
        waits in the lobby."""
        if connection.seat is None:
            raise WebError("only a seated person may give the free seats to bots")
        if room.table.is_over():
            raise WebError("the game is over; there is no seat to give")
        self.seats_changed(room)  # another process may have given a seat meanwhile
        entries = self.seat_entries(room)
        free = [seat for seat, entry in sorted(entries.items()) if not entry.taken]
        if not free:
            raise WebError("no seat is free")
        level = room.settings.stand_in
        given = [
            seat
            for seat in free  # a seat taken by someone meanwhile stays theirs
            if self.book.give_to_bot(
                room.table.id, seat, default_seat_name("bot", seat, "en"), level
            )
        ]
        self.seats_changed(room)
        log.info("table %s: %s bots take seats %s", room.table.id, level, given)
        await self.announce(room)

    async def leave(self, room: Room, connection: Connection) -> None:
        """Forget a closed connection and tell the others who is still here."""
        with contextlib.suppress(ValueError):
            room.connections.remove(connection)
        self.stop_sending(connection)
        if connection.seat is not None:
            self.seat_left(room, connection.seat)
        if not room.connections:
            room.idle_since = time.monotonic()
        log.info("table %s: %s disconnected", room.table.id, seat_label(connection.seat))
        self.announce_seats(room)
        self.arm_timers(room)

    def seats_message(self, room: Room) -> dict[str, Any]:
        """Who sits, who is connected and how many watch: sent to everyone when
        a connection comes or goes (each seat's own state does not change)."""
        return {
            "type": "seats",
            "table": room.table.id,
            "version": room.table.version,
            "seats": self.seat_facts(room),
            "names": self.names(room),
            "spectators": self.spectators(room),
        }

    def announce_seats(self, room: Room, but: Connection | None = None) -> None:
        """Send the seat-status message to every connection except ``but`` (one
        JSON text built once for all)."""
        text = json_text(self.seats_message(room))
        for connection in room.connections:
            if connection is not but:
                self.send_text(connection, text, "seats")

    def state_message(
        self,
        room: Room,
        connection: Connection,
        names: list[str] | None = None,
        facts: list[dict[str, Any]] | None = None,
    ) -> dict[str, Any]:
        """What ``connection`` may see of the table now, built only from its seat
        (:func:`parlour.web.messages.state_message`); moves its log position on.
        ``names`` and ``facts``: the seats' names and facts, when the caller has
        them already (one announcement builds them once for all)."""
        message, position = messages.state_message(
            room.table,
            connection.seat,
            names=names if names is not None else self.names(room),
            seat_facts=facts if facts is not None else self.seat_facts(room),
            lang=connection.lang,
            position=messages.LogPosition(connection.next_step, connection.log_epoch),
            epoch=room.undo_count,
            pace=self.bot_delay,
        )
        connection.next_step, connection.log_epoch = position.next_step, position.epoch
        return message

    def send(self, connection: Connection, message: Mapping[str, Any]) -> None:
        """Queue one message for ``connection`` (never waits on the client)."""
        self.send_text(connection, json_text(message), str(message.get("type", "")))

    def send_text(self, connection: Connection, text: str, kind: str = "") -> None:
        """Queue one JSON text for ``connection``; a seat-status message still
        waiting replaces the older one. A connection whose outbox is full (its
        client does not read) is closed with :data:`CLOSE_BEHIND`."""
        if connection.closed:
            return
        if kind == "seats" and connection.kinds and connection.kinds[-1] == "seats":
            connection.outbox[-1] = text
            return
        if len(connection.outbox) >= OUTBOX_LIMIT:
            log.warning("a connection fell behind (%d messages unsent); closing it", OUTBOX_LIMIT)
            self.close_connection(
                connection,
                CLOSE_BEHIND,
                "your connection fell behind the table; reconnect to get the table as it is",
            )
            return
        connection.outbox.append(text)
        connection.kinds.append(kind)
        connection.ready.set()

    def start_sending(self, connection: Connection) -> None:
        """Start the connection's own sending task (messages leave in order)."""
        if connection.sending is None:
            connection.sending = asyncio.get_running_loop().create_task(self._send_loop(connection))

    def stop_sending(self, connection: Connection) -> None:
        """Stop the connection's sending task (the connection has closed)."""
        connection.closed = True
        connection.outbox.clear()
        connection.kinds.clear()
        if connection.sending is not None and connection.sending is not asyncio.current_task():
            connection.sending.cancel()

    def close_after_sending(self, connection: Connection, code: int, reason: str) -> None:
        """Close ``connection`` with ``code`` once what is queued has been sent
        (an error saying why goes first)."""
        connection.close_after = (code, reason)
        connection.ready.set()

    async def _send_loop(self, connection: Connection) -> None:
        while not connection.closed:
            if not connection.outbox and connection.close_after is not None:
                code, reason = connection.close_after
                connection.closed = True
                with contextlib.suppress(Exception):
                    await asyncio.wait_for(connection.sender.close(code, reason), CLOSE_SECONDS)
                return
            if not connection.outbox:
                connection.ready.clear()
                await connection.ready.wait()
                continue
            text = connection.outbox.popleft()
            connection.kinds.popleft()
            try:
                await connection.sender.send_text(text)
            except asyncio.CancelledError:
                raise
            except Exception:  # a closed socket: its reader sees it and leaves
                log.debug("could not send to a closed connection")
                connection.closed = True

    def close_connection(self, connection: Connection, code: int, reason: str) -> None:
        """Close ``connection`` with ``code`` and ``reason`` without waiting for
        its client (a client that does not read gets no say in how long it takes)."""
        self.stop_sending(connection)

        async def close() -> None:
            try:
                await asyncio.wait_for(connection.sender.close(code, reason), CLOSE_SECONDS)
            except Exception:  # it cannot even take the close frame: drop it
                if connection.abort is not None:
                    connection.abort()

        task = asyncio.get_running_loop().create_task(close())
        self._background.add(task)
        task.add_done_callback(self._background.discard)

    async def announce(self, room: Room, notice: Mapping[str, Any] | None = None) -> None:
        """Send every connection its own state (with ``notice``, a stand-in's
        note, if given). The messages are all built before the first is queued,
        so every client sees the same moment of the table; queuing never waits on
        a client. Then the stand-in timer is set for whoever is on turn now."""
        if room.table.is_over():
            self.book.mark_finished(room.table.id)
            for hook in self.finished_hooks:
                hook(room)
        names, facts = self.names(room), self.seat_facts(room)
        for connection in list(room.connections):
            message = self.state_message(room, connection, names, facts)
            if notice is not None:
                message["notice"] = localised_notice(notice, connection.lang)
            self.send(connection, message)
        self.arm_timers(room)

    # ----- moves -------------------------------------------------------------
    async def move(
        self, room: Room, connection: Connection, action: int | str, version: int
    ) -> None:
        """A person's move: refused with an error to that connection alone, or
        stored by the table, then announced to all."""
        if connection.seat is None:
            raise WebError("a spectator cannot move; open the table with a seat's link to play")
        self.check_current(room)
        try:
            async with room.lock:
                events = room.table.submit(connection.seat, action, version)
                room.next_bot_paces = paces_after(events)
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

    def check_current(self, room: Room) -> None:
        """Refuse a change to a table object the hub has let go (a newer one holds
        the table now): nobody at the newer one would hear of it."""
        if self.rooms.get(room.table.id) is not room:
            raise WebError(
                "this table was opened again on the server since you joined; "
                "reconnect to go on (nothing was changed)",
                409,
            )

    async def undo(self, room: Room, connection: Connection, version: int) -> None:
        """Take back this seat's last move, if the table's policy allows it."""
        if connection.seat is None:
            raise WebError("a spectator cannot undo")
        self.check_current(room)
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

    def start_hint(self, room: Room, connection: Connection) -> None:
        """Begin working out a hint for this seat; the answer (or a refusal) is
        sent when ready, while the connection goes on. Refused at once: a
        spectator, a seat not on turn, a second hint while one is being worked
        out, an address past its quota, or a server with too many hints waiting."""
        if connection.seat is None:
            raise WebError("a spectator gets no hints")
        if room.table.seat_to_act() != connection.seat:
            raise WebError("a hint is given only when it is your turn")
        if connection.hinting:
            raise WebError("a hint for your seat is being worked out; wait for it")
        limit = self.limits.searches_per_address
        if self.searches[connection.address] >= limit:
            raise WebError(
                f"at most {limit} hints are worked out at once for one address; "
                "wait for one to arrive",
                429,
            )
        if self.hints_waiting >= HINT_BACKLOG:
            raise WebError("the server is busy working out hints; ask again in a moment", 503)
        connection.hinting = True
        self.searches[connection.address] += 1
        self.hints_waiting += 1
        task = asyncio.get_running_loop().create_task(self._hint(room, connection))
        self._background.add(task)
        task.add_done_callback(self._background.discard)

    async def _hint(self, room: Room, connection: Connection) -> None:
        seat = connection.seat
        assert seat is not None
        try:
            hint = await asyncio.get_running_loop().run_in_executor(
                self.hint_pool,
                room.table.hint,
                seat,
                connection.lang,
                lambda text: said_move(text, connection.lang),
            )
            message = {"type": "hint", "action": hint.action, "text": hint.text}
            teaching = {
                "explanation": hint.explanation,
                "target": hint.target,
                "details": hint.details,
            }
            self.send(connection, {**message, "reason": hint.reason, **teaching})
        except ParlourError as error:  # the turn passed meanwhile, say
            self.send(connection, {"type": "error", "message": str(error)})
        except Exception:
            log.exception("table %s: a hint failed", room.table.id)
            self.send(connection, {"type": "error", "message": "the hint could not be worked out"})
        finally:
            connection.hinting = False
            self.hints_waiting -= 1
            self.searches[connection.address] -= 1
            if self.searches[connection.address] <= 0:
                del self.searches[connection.address]

    async def play_again(self, room: Room, connection: Connection) -> None:
        """A new table with the same game, options and seats (a seat given to a
        bot is that bot's from the start). Only a person seated here may ask;
        each seated connection is sent the token of its own seat at the new
        table, and everyone else only the new table's id (its free seats are
        taken from the lobby or the table's page)."""
        if connection.seat is None:
            raise WebError(
                "only a person seated at this table can ask for a rematch; "
                "watch the new table from the lobby once it is made"
            )
        if not room.table.is_over():
            raise WebError("play again is offered once the game is over")
        if room.again is None:
            table = room.table
            names = self.names(room)
            # A seat given to a bot is the same bot's at the new table.
            given = self.bot_seats(room)
            specs = [
                SeatSpec(kind="bot", name=names[seat.index], bot=given[seat.index])
                if seat.index in given
                else SeatSpec(kind=seat.kind, name=names[seat.index], bot=seat.bot)
                for seat in table.seats
            ]
            options = options_of(table)
            new_room, tokens = self.create_table(
                table.game.info.name, options, specs, room.settings
            )
            room.again = {"table": new_room.table.id, "tokens": tokens}
            for hook in self.rematch_hooks:
                hook(room, new_room)
        again = room.again
        for other in room.connections:
            message: dict[str, Any] = {"type": "again", "table": again["table"]}
            if other.seat is not None and other.seat in again["tokens"]:
                message["seat"] = other.seat
                message["token"] = again["tokens"][other.seat]
            self.send(other, message)

    # ----- quotas ----------------------------------------------------------------
    def admit_table(self, address: str, with_bots: bool) -> None:
        """Refuse at once, with the reason, a new table the limits do not allow
        (the server's cap, the address's tables a minute, its tables with bots)."""
        limits = self.limits
        # Counted, not listed: a table made costs the same at 50 tables or 5,000.
        unfinished = self.book.count_unfinished()
        if unfinished >= limits.max_tables:
            raise WebError(
                f"the server has {unfinished} unfinished tables, its most; "
                "join a table from the lobby or try again later",
                503,
            )
        now = time.monotonic()
        recent = self.made.setdefault(address, deque())
        while recent and recent[0] < now - 60.0:
            recent.popleft()
        if len(recent) >= limits.new_tables_per_minute:
            raise WebError(
                f"at most {limits.new_tables_per_minute} new tables a minute from one "
                "address; wait a moment",
                429,
            )
        if with_bots:
            mine = {
                table_id
                for table_id in self.book.unfinished_among(self.bot_tables.get(address, set()))
                if not (table_id in self.rooms and self.rooms[table_id].table.is_over())
            }
            self.bot_tables[address] = mine
            if len(mine) >= limits.bot_tables_per_address:
                raise WebError(
                    f"at most {limits.bot_tables_per_address} unfinished tables with bots "
                    "from one address; finish or leave one first",
                    429,
                )

    def note_table(self, address: str, table_id: str, with_bots: bool) -> None:
        """Count a table just made against its address's quotas."""
        self.made.setdefault(address, deque()).append(time.monotonic())
        if with_bots:
            self.bot_tables.setdefault(address, set()).add(table_id)

    def admit_connection(self, address: str = "") -> None:
        """Refuse a WebSocket beyond the server's cap or its address's (at once,
        with a sentence). The socket being admitted is already counted."""
        if self.sockets > self.limits.max_connections:
            raise WebError(
                f"the server holds {self.sockets - 1} connections, its most; try again in a moment",
                503,
            )
        if self.address_sockets[address] > self.limits.connections_per_address:
            raise WebError(
                f"at most {self.limits.connections_per_address} connections at once "
                "from one address; close one first",
                429,
            )

    def server_facts(self) -> dict[str, Any]:
        """``GET /api/server``: what this process holds now (no table's secrets)."""
        return {
            "open_tables": len(self.rooms),
            "connections": sum(len(room.connections) for room in self.rooms.values()),
            "sockets": self.sockets,
            "hints_waiting": self.hints_waiting,
            "limits": dataclasses.asdict(self.limits),
        }

    # ----- bots (see parlour.web._bots) ----------------------------------------
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
        room.bot_task = loop.create_task(drive_bots(self, room))

    # ----- several processes on one database (see parlour.web._reload) --------
    async def refresh(self, room: Room) -> None:
        """Bring a room up to date with the store after another process moved
        (:func:`parlour.web._reload.refresh`)."""
        await _reload.refresh(self, room)

    # ----- dropped seats: away, stand-in bots, turn clock ------------------------
    def is_connected(self, room: Room, seat: int) -> bool:
        """True when at least one connection holds ``seat``: here, or in another
        server process on the same database (:attr:`elsewhere`)."""
        if any(connection.seat == seat for connection in room.connections):
            return True
        return (room.table.id, seat) in self.elsewhere

    def seat_returned(self, room: Room, seat: int) -> None:
        """The seat's person is back: their stand-in stops at once."""
        _stand_ins.seat_returned(room, seat)

    def seat_left(self, room: Room, seat: int) -> None:
        """The seat's last connection closed: its away time starts now."""
        _stand_ins.seat_left(self, room, seat)

    def arm_timers(self, room: Room) -> None:
        """Set (or keep) the table's stand-in timer; called after every change
        (:func:`parlour.web._stand_ins.arm_timers`)."""
        _stand_ins.arm_timers(self, room)

    # ----- the watchdog and finished tables (see parlour.web._watchdog) --------
    def sweep_finished(
        self, older_than: float, listed: list[dict[str, Any]] | None = None
    ) -> list[str]:
        """Delete the finished tables nobody is connected to whose last change is
        more than ``older_than`` seconds old; return their ids
        (:func:`parlour.web._watchdog.sweep_finished`)."""
        return _watchdog.sweep_finished(self, older_than, listed)

    def start(self) -> None:
        """Start the watchdog (called once the server's loop runs)."""
        if self._maintenance is None:
            self._maintenance = asyncio.get_running_loop().create_task(_watchdog.maintain(self))

    def look_after_tables(self, now: float) -> list[str]:
        """One round of the watchdog; returns the ids of the tables let go of
        (:func:`parlour.web._watchdog.look_after_tables`)."""
        return _watchdog.look_after_tables(self, now)

    async def close(self) -> None:
        """Stop the watchdog, every bot task and timer (the server is shutting down)."""
        if self._maintenance is not None:
            self._maintenance.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._maintenance
            self._maintenance = None
        for room in self.rooms.values():
            if room.timer is not None:
                room.timer.cancel()
        tasks = [
            task
            for room in self.rooms.values()
            for task in (room.bot_task, room.stand_in_task)
            if task is not None
        ]
        tasks.extend(self._background)
        for connection in (c for room in self.rooms.values() for c in room.connections):
            if connection.sending is not None:
                tasks.append(connection.sending)
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        self.pacing.close()
        self.hint_pool.shutdown(wait=False, cancel_futures=True)


def bot_seat_fact(seat: int, name: str, level: str) -> dict[str, Any]:
    """The public facts of a person's seat given to a bot of ``level``: shown
    as a bot's seat, as if the table had been made so."""
    return {
        "seat": seat,
        "kind": "bot",
        "name": name,
        "bot": level,
        "free": False,
        "connected": True,
        "away": False,
        "stand_in": "",
        "left": False,
        "stand_in_after": None,
    }


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
