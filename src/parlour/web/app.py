"""The Starlette application: the JSON API, the WebSocket of each table, the page.

The protocol is documented in ``docs/web.md``; :func:`create_app` builds the
application for ``parlour serve`` and for tests.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import logging
import re
import sqlite3
from collections.abc import AsyncIterator, Mapping, Sequence
from contextlib import asynccontextmanager
from importlib import resources
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import HTTPConnection, Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

import parlour
from parlour.bots import BOT_KINDS
from parlour.core.errors import ParlourError
from parlour.core.registry import game_class, game_names, game_parts
from parlour.core.seat_names import DEFAULT_HUMAN, default_seat_name
from parlour.examples import UnknownExampleError, show_example
from parlour.howto import how_to_play
from parlour.table import SqliteTableStore, TableError, TableStore
from parlour.table.coach import has_lesson, lesson_for
from parlour.table.store import STORE_UNAVAILABLE, StoreUnavailableError
from parlour.table.stores import open_store
from parlour.table.table import SeatSpec
from parlour.web.accounts import AccountError, People, account_routes
from parlour.web.chat import ChatError
from parlour.web.coaching import LESSON_META, LessonCoaches, is_lesson_table
from parlour.web.daily import DAILY_META, Daily, DailyError, DailyGuard, DailySettings, daily_routes
from parlour.web.daily_book import DailyBook
from parlour.web.guard import (
    MAX_BODY_BYTES,
    SECURITY_HEADERS,
    EdgeError,
    EdgeGuard,
    HostAllowList,
    RefusalBudget,
    abort_of,
    origin_allowed,
    parse_json,
)
from parlour.web.hub import (
    LANGUAGES,
    Connection,
    Hub,
    Room,
    TableSettings,
    WebError,
    options_of,
    seat_specs_from_request,
)
from parlour.web.limits import ServerLimits
from parlour.web.people import open_people_book
from parlour.web.review import ReviewDesk
from parlour.web.seats import (
    PostgresSeatBook,
    SeatNameError,
    check_name_free,
    normalise_name,
    open_seat_book,
)
from parlour.web.served import ByteCache, MinuteBudget, TooManyRequestsError
from parlour.web.startup import finish_stored_tables

log = logging.getLogger("parlour.web")

MAX_MESSAGE_CHARACTERS = 4096
"""A WebSocket message longer than this is refused (no move needs more)."""
MESSAGE_RATE = 10.0
"""WebSocket messages a connection may send per second, on average."""
MESSAGE_BURST = 30
"""WebSocket messages a connection may send at once before the rate applies."""
FINISHED_TTL = 86400.0
"""Seconds a finished table nobody watches is kept before it is deleted (24 h)."""
LOBBY_PAGE = 50
"""Tables in one page of ``GET /api/tables`` unless ``limit`` says otherwise."""
LOBBY_PAGE_MOST = 100
"""The most tables one page of the lobby may hold."""
CLOSE_POLICY = 1008
"""The WebSocket close code for a connection closed for breaking a rule."""
CLOSE_BUSY = 1013
"""The WebSocket close code for a connection refused because the server is full."""
CLOSE_UNSUPPORTED = 1003
"""The WebSocket close code for a binary frame (the protocol is JSON text)."""
CLOSE_TRY_LATER = 1013
"""The WebSocket close code when the table store is not available."""
CLOSE_SERVER_ERROR = 1011
"""The WebSocket close code when the server failed on a message."""
CLOSE_NO_HELLO = 4001
"""The WebSocket close code of a connection that said no hello in time."""
TABLE_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")
"""What a table id looks like (the server makes them: 16 URL-safe characters)."""

STORE_ERRORS: tuple[type[BaseException], ...] = (StoreUnavailableError, sqlite3.Error)
"""The failures of a database, whose text (a file, a host, a driver's words) a
client must never see."""
try:
    import psycopg as _psycopg
except ImportError:  # pragma: no cover - the postgres extra is optional
    pass
else:
    STORE_ERRORS += (_psycopg.Error,)

__all__ = [
    "MAX_BODY_BYTES",
    "SECURITY_HEADERS",
    "create_app",
    "origin_allowed",
]


def is_postgres(database_url: str | None) -> bool:
    """True for a ``postgresql://`` (or ``postgres://``) address."""
    return database_url is not None and database_url.lower().startswith(
        ("postgresql://", "postgres://")
    )


def database_path(database_url: str | None) -> str | None:
    """The SQLite file of ``--database``: ``sqlite:///path`` (or a plain path);
    None means ``tables.sqlite3`` in the user's data folder. A PostgreSQL address
    has no file: None."""
    if database_url is None:
        from parlour.stats import data_dir

        return str(data_dir() / "tables.sqlite3")
    if is_postgres(database_url):
        return None
    if database_url.startswith("sqlite://"):
        path = database_url.removeprefix("sqlite://")
        if not path:
            raise ParlourError("--database sqlite:// needs a path: sqlite:///path/to/file.sqlite3")
        return path
    if "://" in database_url:
        scheme = database_url.split("://", 1)[0]
        raise ParlourError(
            f"--database {scheme}://… is not supported; allowed: sqlite:///path, a file path "
            "or postgresql://USER[:PASSWORD]@HOST[:PORT]/DATABASE"
        )
    return database_url


def games_listing() -> list[dict[str, Any]]:
    """``GET /api/games``: every game, its player counts and its options."""
    listing = []
    for name in game_names():
        cls = game_class(name)
        info = cls.info
        options = []
        for spec in cls.option_specs():
            options.append(
                {
                    "name": spec.name,
                    "type": spec.type_name,
                    "default": spec.default,
                    "choices": list(spec.choices) if spec.choices is not None else None,
                    "minimum": spec.minimum,
                    "maximum": spec.maximum,
                    "allowed": spec.allowed_text(),
                    "help": spec.help,
                    "players": list(spec.players) if spec.players is not None else None,
                    # The other options' values it needs to mean anything: a form
                    # shows it only beside them.
                    "when": {name: list(values) for name, values in spec.when},
                    "label": {lang: spec.label_text(lang) for lang in ("en", "fr")},
                    "help_fr": spec.help_text("fr"),
                    "words": {
                        key: {"en": said.en, "fr": said.fr} for key, said in spec.words().items()
                    },
                }
            )
        listing.append(
            {
                "name": name,
                "title": info.title,
                "title_fr": info.title_text("fr"),
                "summary": info.summary,
                "summary_fr": info.summary_text("fr"),
                "min_players": info.min_players,
                "max_players": info.max_players,
                "options": options,
            }
        )
    return listing


def rules_page(name: str, lang: str = "en") -> str:
    """A game's rules for a player: its how-to page (Markdown, shipped in the
    package) in ``lang``, English when there is none; the technical reference
    stays for researchers (``parlour rules --reference``, docs/)."""
    if name not in game_names():
        raise WebError(f"there is no game {name!r}; games: {', '.join(game_names())}", 404)
    return how_to_play(name, lang if lang in ("en", "fr") else "en")


def example_facts(name: str, example: str, lang: str = "en") -> dict[str, Any]:
    """An example of a how-to page, played by the engine: the seat, the names,
    the observation the board is drawn from and the engine's sentences."""
    if name not in game_names():
        raise WebError(f"there is no game {name!r}; games: {', '.join(game_names())}", 404)
    try:
        shown = show_example(name, example, lang if lang in ("en", "fr") else "en")
    except UnknownExampleError as error:
        raise WebError(str(error), 404) from None
    return {
        "game": name,
        "example": example,
        "seat": shown.seat,
        "names": list(shown.names),
        "view": shown.observation,
        "sentences": list(shown.sentences),
    }


def board_stylesheet(name: str) -> bytes:
    """The stylesheet of a game's board (its ``board_css`` part), served at
    ``/games/<name>/board.css``: a 404 for a game that is not registered or has
    none (its board then draws with the page's own style)."""
    if name not in game_names():
        raise WebError(f"there is no game {name!r}; games: {', '.join(game_names())}", 404)
    stylesheet = game_parts(name).file("board_css")
    if stylesheet is None:
        raise WebError(f"the game {name!r} has no board stylesheet of its own", 404)
    return stylesheet.read_bytes()


def board_module(name: str) -> bytes:
    """The JavaScript module of a game's board (its ``board`` part), served at
    ``/games/<name>/board.js``: a 404 for a game that is not registered or has no
    board (the page then shows its observation plainly)."""
    if name not in game_names():
        raise WebError(f"there is no game {name!r}; games: {', '.join(game_names())}", 404)
    board = game_parts(name).file("board")
    if board is None:
        raise WebError(f"the game {name!r} has no board of its own", 404)
    return board.read_bytes()


def error_response(message: str, status: int = 400, reason: str = "") -> JSONResponse:
    """Every refusal of the API: ``{"error": message}`` with an HTTP status (and
    the refusal's ``reason`` key when it has one)."""
    body = {"error": message, "reason": reason} if reason else {"error": message}
    return JSONResponse(body, status_code=status)


async def json_body(request: Request) -> dict[str, Any]:
    """The request's JSON object, or a :class:`WebError` saying what is wrong.

    The body was read, counted and timed by :class:`~parlour.web.guard.EdgeGuard`;
    :func:`~parlour.web.guard.parse_json` refuses deep nesting, long numbers and
    control characters before anything is parsed further."""
    body = await request.body()
    if len(body) > MAX_BODY_BYTES:
        raise WebError(f"the request body is over {MAX_BODY_BYTES} bytes", 413)
    if not body.strip():
        return {}
    try:
        data = parse_json(body, "the request body")
    except EdgeError as error:
        raise WebError(str(error), error.status) from None
    if not isinstance(data, dict):
        raise WebError("the request body must be a JSON object")
    return data


def seat_names_of_request(entries: object) -> list[tuple[int, str]]:
    """Normalise every ``name`` of a new table's ``seats`` entries in place
    (:func:`~parlour.web.seats.normalise_name`) and refuse two seats of the same
    name; returns ``(seat, name)`` of the named seats."""
    if not isinstance(entries, list):
        return []
    named = []
    for index, entry in enumerate(entries):
        if isinstance(entry, dict) and "name" in entry:
            entry["name"] = normalise_name(entry["name"] or "", f"seats[{index}].name")
            if entry["name"]:
                named.append((index, entry["name"]))
    return named


def sign_first_person(entries: object, name: str) -> None:
    """Name the first person's seat of a new table's ``seats`` after the
    signed-in maker's account (that is the seat whose token the maker gets)."""
    if not isinstance(entries, list):
        return
    for index, entry in enumerate(entries):
        kind = entry.get("kind") if isinstance(entry, dict) else entry
        if kind in ("human", "person"):
            entries[index] = {"kind": "person", "name": name}
            return


def check_new_table_names(entries: object) -> None:
    """Refuse a new table whose seats would share a name, whatever the case: the
    given names, and the table's own ``Player N`` / ``Bot N`` for the others."""
    named = dict(seat_names_of_request(entries))
    if not isinstance(entries, list):
        return
    names = []
    for index, entry in enumerate(entries):
        kind = entry.get("kind") if isinstance(entry, dict) else entry
        own = default_seat_name(str(kind), index, "en")
        names.append((index, named.get(index) or own))
    for index, name in named.items():
        check_name_free(name, [(seat, other) for seat, other in names if seat != index])


class TokenBucket:
    """A rate limit: ``burst`` messages at once, then ``rate`` per second."""

    def __init__(self, rate: float, burst: int) -> None:
        self.rate = rate
        self.burst = float(burst)
        self.tokens = float(burst)
        self.last: float | None = None

    def take(self, now: float) -> bool:
        """Spend one token at time ``now``; False when none is left."""
        if self.last is not None:
            self.tokens = min(self.burst, self.tokens + (now - self.last) * self.rate)
        self.last = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


def language_of(request: Request) -> str:
    """The language a request asks its words in (``?lang=``, English by
    default); a language the server does not speak is refused, naming those it does."""
    lang = request.query_params.get("lang", "en")
    if lang not in LANGUAGES:
        raise WebError(f"lang must be one of: {', '.join(LANGUAGES)}")
    return lang


def client_address(connection: HTTPConnection) -> str:
    """The client's address, for the per-address quotas (behind a reverse
    proxy, every visitor has the proxy's: see docs/web.md)."""
    return connection.client.host if connection.client is not None else ""


def static_folder() -> Path:
    """The browser client's files, shipped inside the package."""
    return Path(str(resources.files("parlour.web").joinpath("static")))


def create_app(
    database_url: str | None = None,
    *,
    store: TableStore | None = None,
    bot_delay: float = 0.9,
    allow_origins: Sequence[str] = (),
    allowed_hosts: Sequence[str] | HostAllowList | None = None,
    finished_ttl: float = FINISHED_TTL,
    message_rate: float = MESSAGE_RATE,
    message_burst: int = MESSAGE_BURST,
    limits: ServerLimits | None = None,
    daily: DailySettings | None = None,
) -> Starlette:
    """The web table's ASGI application.

    ``database_url`` is ``sqlite:///path`` (default: the user's data folder) or
    ``postgresql://…`` (tables, moves and seats in PostgreSQL; several processes
    may share it, see :mod:`parlour.web.cluster`); ``store`` replaces the table
    store (tests); ``bot_delay`` is the pause in seconds before each bot move, so
    that people can follow the play; ``allow_origins`` the pages of other origins
    whose POSTs and WebSockets are accepted (behind a reverse proxy);
    ``allowed_hosts`` the ``Host`` names answered (None: the loopback names and
    ``testserver``, the host of Starlette's test client; ``parlour serve`` passes
    :meth:`HostAllowList.for_server`); ``finished_ttl`` the
    seconds a finished, unwatched table is kept (0: for ever); ``message_rate`` and
    ``message_burst`` the rate limit of each WebSocket connection; ``limits``
    what one visitor and the whole process may hold (:class:`ServerLimits`);
    ``daily`` how today's deals are dealt (:class:`parlour.web.daily.DailySettings`).
    """
    if allowed_hosts is None:
        hosts = HostAllowList.for_tests()
    elif isinstance(allowed_hosts, HostAllowList):
        hosts = allowed_hosts
    else:
        hosts = HostAllowList.of(allowed_hosts)
    path = database_path(database_url)
    if path is not None and path != ":memory:":
        Path(path).parent.mkdir(parents=True, exist_ok=True)
    if store is None and path is None:
        # Opened now, so that a wrong address or an unreachable server is a clear
        # error of `parlour serve`, before it starts listening.
        store = open_store(database_url)
    # The databases are opened when the server starts, on the thread of its event
    # loop: a SQLite connection belongs to the thread that opened it.
    hubs: list[Hub] = []
    chosen_limits = limits if limits is not None else ServerLimits()
    served = ByteCache(chosen_limits.cache_megabytes * 1024 * 1024)
    """Replays, reviews and judged moves ready to send, within one byte budget."""
    reviews = ReviewDesk(served, chosen_limits)
    replays = MinuteBudget(chosen_limits.replays_per_minute, "replays")
    refusals = RefusalBudget(chosen_limits.refusals_per_minute)

    def current_hub() -> Hub:
        if not hubs:
            raise WebError("the server is starting; try again in a moment", 503)
        return hubs[0]

    peoples: list[People] = []

    def current_people() -> People:
        if not peoples:
            raise WebError("the server is starting; try again in a moment", 503)
        return peoples[0]

    dailies: list[Daily] = []

    def current_daily() -> tuple[Daily, People]:
        if not dailies:
            raise WebError("the server is starting; try again in a moment", 503)
        return dailies[0], current_people()

    def daily_guard_desk() -> tuple[Daily, People] | None:
        return (dailies[0], peoples[0]) if dailies and peoples else None

    async def list_games(request: Request) -> Response:
        return JSONResponse({"games": games_listing(), "bots": list(BOT_KINDS)})

    async def game_rules(request: Request) -> Response:
        name = request.path_params["name"]
        lang = request.query_params.get("lang", "en")
        return JSONResponse({"game": name, "lang": lang, "text": rules_page(name, lang)})

    async def game_example(request: Request) -> Response:
        lang = request.query_params.get("lang", "en")
        facts = example_facts(request.path_params["name"], request.path_params["example"], lang)
        return JSONResponse(facts)

    async def game_board(request: Request) -> Response:
        module = board_module(request.path_params["name"])
        return Response(module, media_type="text/javascript; charset=utf-8")

    async def game_board_stylesheet(request: Request) -> Response:
        stylesheet = board_stylesheet(request.path_params["name"])
        return Response(stylesheet, media_type="text/css; charset=utf-8")

    async def list_tables(request: Request) -> Response:
        limit_text = request.query_params.get("limit", str(LOBBY_PAGE))
        if not limit_text.isdigit() or not 1 <= int(limit_text) <= LOBBY_PAGE_MOST:
            raise WebError(f"limit must be a whole number 1–{LOBBY_PAGE_MOST}")
        after = request.query_params.get("after")
        return JSONResponse(current_hub().lobby_page(int(limit_text), after))

    async def server_facts(request: Request) -> Response:
        facts = current_hub().server_facts()
        facts["reviews"] = reviews.facts()
        facts["served_cache"] = served.facts()
        facts["slowed_requests"] = refusals.slowed
        return JSONResponse(facts)

    async def create_table(request: Request) -> Response:
        data = await json_body(request)
        game_name = data.get("game")
        if not isinstance(game_name, str) or game_name not in game_names():
            raise WebError(f"game must be one of: {', '.join(game_names())}")
        options = data.get("options", {})
        if not isinstance(options, dict):
            raise WebError('options must be an object such as {"deals": 2}')
        options = dict(options)
        players = data.get("players")
        if players is not None:
            if not isinstance(players, int) or isinstance(players, bool):
                raise WebError("players must be a whole number")
            options["players"] = players
        game = parlour.load_game(game_name, **options)
        people = current_people()
        maker = people.account_of(request)
        if maker is not None:  # a signed-in maker sits at the first person's seat, by name
            sign_first_person(data.get("seats"), maker.name)
        check_new_table_names(data.get("seats"))
        people.guest_names(data.get("seats"), maker)
        specs = seat_specs_from_request(data.get("seats"), game.num_players)
        settings = TableSettings.from_request(data)
        choice = People.table_choice(data, specs)
        hub = current_hub()
        address = client_address(request)
        with_bots = any(spec.kind == "bot" for spec in specs)
        hub.admit_table(address, with_bots)
        room, tokens = hub.create_table(game_name, options, specs, settings)
        hub.note_table(address, room.table.id, with_bots)
        people.table_made(hub, room.table.id, choice, maker, min(tokens, default=None))
        return JSONResponse(
            {
                "table": room.table.id,
                "seats": [{"seat": seat, "token": token} for seat, token in tokens.items()],
            },
            status_code=201,
        )

    coaches = LessonCoaches()

    async def create_lesson(request: Request) -> Response:
        data = await json_body(request)
        game_name = data.get("game")
        if not isinstance(game_name, str) or game_name not in game_names():
            raise WebError(f"game must be one of: {', '.join(game_names())}")
        if not has_lesson(game_name):
            raise WebError(f"the game {game_name!r} has no guided deal yet", 404)
        lang = data.get("lang", "en")
        if lang not in ("en", "fr"):
            raise WebError("lang must be en or fr")
        name = normalise_name(data.get("name") or DEFAULT_HUMAN.get(lang, "You"), "name")
        lesson = lesson_for(game_name)
        game = parlour.load_game(game_name, **dict(lesson.options))
        specs = [
            SeatSpec("person", name)
            if seat == lesson.seat
            else SeatSpec("bot", default_seat_name("bot", seat, lang), bot=lesson.opponent)
            for seat in range(game.num_players)
        ]
        hub = current_hub()
        address = client_address(request)
        hub.admit_table(address, True)
        room, tokens = hub.create_table(
            # No stand-in ever plays for the learner: a lesson waits for its learner.
            game_name,
            dict(lesson.options),
            specs,
            TableSettings(away_timeout=0.0),
            lesson=game_name,
        )
        hub.note_table(address, room.table.id, True)
        people = current_people()
        choice = People.table_choice({}, specs, lesson=True)
        people.table_made(hub, room.table.id, choice, people.account_of(request), lesson.seat)
        return JSONResponse(
            {
                "table": room.table.id,
                "seats": [{"seat": seat, "token": token} for seat, token in tokens.items()],
            },
            status_code=201,
        )

    async def table_coach(request: Request) -> Response:
        table_id = table_id_of(request)
        data = await json_body(request)
        token, lang = data.get("token"), data.get("lang", "en")
        if not isinstance(token, str) or not token or len(token) > 200:
            raise WebError("the token must be the text of the learner's seat link")
        if lang not in ("en", "fr"):
            raise WebError("lang must be en or fr")
        hub = current_hub()
        room = hub.room(table_id)
        if not is_lesson_table(room.table):
            raise WebError(f"table {table_id} is not a guided deal: it has no coach", 404)
        if (
            hub.book.seat_of_token(table_id, token)
            != lesson_for(str(room.table.meta[LESSON_META])).seat
        ):
            raise WebError("that link is not the learner's: the coach speaks to the learner", 403)
        report = await asyncio.to_thread(coaches.report, room.table, lang)
        return JSONResponse(report)

    def table_id_of(request: Request) -> str:
        table_id = str(request.path_params["table_id"])
        if not TABLE_ID.fullmatch(table_id):
            raise WebError("that is not a table id", 404)
        return table_id

    async def show_table(request: Request) -> Response:
        return JSONResponse((hub := current_hub()).summary(hub.room(table_id_of(request))))

    async def take_seat(request: Request) -> Response:
        table_id = table_id_of(request)
        try:
            seat = int(request.path_params["seat"])
        except ValueError:
            raise WebError("the seat must be a whole number", 404) from None
        data = await json_body(request)
        name = normalise_name(data.get("name", ""), "name")
        hub = current_hub()
        room = hub.room(table_id)
        people = current_people()
        if people.is_private(table_id):
            raise WebError("this table is private: its seats are taken by their links only", 403)
        account = people.account_of(request)
        if account is not None:
            name = account.name
        people.check_guest_name(name, account)
        if 0 <= seat < len(room.table.seats):
            names = enumerate(hub.names(room))
            others = [(index, other) for index, other in names if index != seat]
            check_name_free(name, others)
        token = hub.take_seat(table_id, seat, name)
        if account is not None:
            people.seat_taken(hub, room, seat, account)
        return JSONResponse({"table": table_id, "seat": seat, "token": token})

    async def play_now(request: Request) -> Response:
        # "Play now": a free seat at an open table of the game, or a new open table.
        data = await json_body(request)
        game_name = data.get("game")
        if not isinstance(game_name, str) or game_name not in game_names():
            raise WebError(f"game must be one of: {', '.join(game_names())}")
        # A quick game unless options are given: the game's short options (one deal).
        options = data.get("options", dict(game_class(game_name).short_options))
        if not isinstance(options, dict):
            raise WebError('options must be an object such as {"deals": 2}')
        game = parlour.load_game(game_name, **options)
        wanted = dataclasses.asdict(game.options)
        people = current_people()
        account = people.account_of(request)
        name = account.name if account else normalise_name(data.get("name", ""), "name")
        people.check_guest_name(name, account)
        hub = current_hub()
        for table_id in people.book.waiting_tables(game_name):
            room = hub.room(table_id)
            if options_of(room.table) != wanted:
                continue
            if account is not None and people.owned_seat(table_id, account) is not None:
                continue
            entries = hub.seat_entries(room)
            for seat in sorted(entries):
                if entries[seat].taken or room.table.is_over():
                    continue
                names = enumerate(hub.names(room))
                try:
                    check_name_free(name, [(i, other) for i, other in names if i != seat])
                    token = hub.take_seat(table_id, seat, name)
                except (WebError, SeatNameError):
                    continue
                if account is not None:
                    people.seat_taken(hub, room, seat, account)
                return JSONResponse({"table": table_id, "seat": seat, "token": token})
        specs = [SeatSpec("person", name if seat == 0 else "") for seat in range(game.num_players)]
        address = client_address(request)
        hub.admit_table(address, False)
        room, tokens = hub.create_table(game_name, dict(options), specs, TableSettings())
        hub.note_table(address, room.table.id, False)
        people.table_made(hub, room.table.id, People.table_choice({}, specs), account, 0)
        hub.book.mark_taken(room.table.id, 0)  # a guest's seat too: "Play now" seats them
        return JSONResponse(
            {"table": room.table.id, "seat": 0, "token": tokens[0]}, status_code=201
        )

    async def check_link(request: Request) -> Response:
        table_id = table_id_of(request)
        try:
            seat = int(request.path_params["seat"])
        except ValueError:
            raise WebError("the seat must be a whole number", 404) from None
        token = (await json_body(request)).get("token")
        if not isinstance(token, str) or not token or len(token) > 200:
            raise WebError("the token must be the text of a seat's link")
        return JSONResponse(current_hub().check_link(table_id, seat, token))

    async def table_record(request: Request) -> Response:
        room = current_hub().room(table_id_of(request))
        if not room.table.is_over():
            raise WebError(
                "the record is shown only once the game is over (it holds every hidden card)",
                409,
            )
        return Response(room.table.record_json(), media_type="application/json")

    async def table_replay(request: Request) -> Response:
        # Built once per table, seat and language, then served as stored bytes;
        # a rename replaces the entry (the names are checked, not a key).
        hub = current_hub()
        table_id = table_id_of(request)
        lang = language_of(request)
        replays.take(client_address(request), asyncio.get_running_loop().time())
        room = hub.room(table_id)
        if not room.table.is_over():
            raise WebError(
                "a replay is shown only once the game is over (it shows every hidden card)",
                409,
            )
        seat_text = request.query_params.get("seat", "")
        players = len(room.table.seats)
        if seat_text and not (seat_text.isdigit() and int(seat_text) < players):
            raise WebError(f"seat must be a seat of the table, 0–{players - 1}, or left out")
        seat = int(seat_text) if seat_text else None
        names = tuple(hub.names(room))
        key = ("replay", table_id, seat, lang)
        ready = served.get(key, names)
        if ready is None:
            built = await reviews.replay(room.table, seat, names, lang, client_address(request))
            ready = served.put(key, built)
        return ready.response(request)

    async def finished_tables(request: Request) -> Response:
        limit_text = request.query_params.get("limit", "10")
        if not limit_text.isdigit() or not 1 <= int(limit_text) <= LOBBY_PAGE_MOST:
            raise WebError(f"limit must be a whole number 1–{LOBBY_PAGE_MOST}")
        hub = current_hub()
        tables = []
        listed = current_people().listed(hub.book.table_ids(finished=True)[: 4 * int(limit_text)])
        for table_id in listed[: int(limit_text)]:
            room = hub.rooms.get(table_id)
            try:
                entry = hub.lobby_entry(room) if room else hub.stored_entry(table_id)
            except (WebError, ParlourError):
                continue
            tables.append({**entry, "status": "over", "to_act": None})
        return JSONResponse({"tables": tables})

    async def table_review(request: Request) -> Response:
        # One seat's review (parlour.web.review decides who may read or start it).
        table_id = table_id_of(request)
        seat_text = str(request.path_params["seat"])
        if not seat_text.isdigit() or len(seat_text) > 2:
            raise WebError("the seat must be a whole number", 404)
        token = (await json_body(request)).get("token") if request.method == "POST" else None
        if token is not None and (not isinstance(token, str) or len(token) > 200):
            raise WebError("the token must be the text of a seat's link")
        hub = current_hub()
        room = hub.room(table_id)

        def token_seat() -> int | None:
            # A seat's token, or the seat of the signed-in account (which may
            # hold no token in this browser).
            if token:
                return hub.book.seat_of_token(table_id, token)
            people = current_people()
            account = people.account_of(request)
            return people.owned_seat(table_id, account) if account is not None else None

        lang = language_of(request)
        answer = await reviews.request(
            room.table, int(seat_text), token_seat, lang, client_address(request), hub.names(room)
        )
        return answer.response(request)

    async def table_review_retry(request: Request) -> Response:
        # "Find a better move" at one reviewed decision (parlour.web.review).
        table_id = table_id_of(request)
        seat_text = str(request.path_params["seat"])
        if not seat_text.isdigit() or len(seat_text) > 2:
            raise WebError("the seat must be a whole number", 404)
        data = await json_body(request)
        token = data.get("token")
        if token is not None and (not isinstance(token, str) or len(token) > 200):
            raise WebError("the token must be the text of a seat's link")
        step, action = data.get("step"), data.get("action")
        if not isinstance(step, int) or isinstance(step, bool) or step < 0:
            raise WebError("step must be the history step of a reviewed decision")
        if action is not None and (not isinstance(action, int) or isinstance(action, bool)):
            raise WebError("action must be the number of a legal move, or absent")
        hub = current_hub()
        room = hub.room(table_id)

        def token_seat() -> int | None:
            # A seat's token, or the seat of the signed-in account (which may
            # hold no token in this browser).
            if token:
                return hub.book.seat_of_token(table_id, token)
            people = current_people()
            account = people.account_of(request)
            return people.owned_seat(table_id, account) if account is not None else None

        answer = await reviews.retry(
            room.table,
            int(seat_text),
            token_seat,
            step,
            action,
            client_address(request),
            language_of(request),
        )
        return answer.response(request)

    async def index(request: Request) -> Response:
        return FileResponse(static_folder() / "index.html", headers=SECURITY_HEADERS)

    async def table_socket(websocket: WebSocket) -> None:
        if not origin_allowed(
            websocket.headers.get("origin"),
            websocket.headers.get("host"),
            allow_origins,
            str(websocket.scope.get("scheme", "ws")),
        ):
            await refuse_origin(websocket)
            return
        limit = TokenBucket(message_rate, message_burst)
        hub = current_hub()
        address = client_address(websocket)
        hub.sockets += 1
        hub.address_sockets[address] += 1
        try:
            await TableSocket(hub, websocket, limit, current_people()).run()
        finally:
            hub.sockets -= 1
            hub.address_sockets[address] -= 1
            if hub.address_sockets[address] <= 0:
                del hub.address_sockets[address]

    async def refuse(request: Request, error: Exception) -> Response:
        if isinstance(error, STORE_ERRORS):
            return store_unavailable(error)
        if isinstance(error, TooManyRequestsError):
            response = error_response(str(error), error.status, error.reason)
            response.headers["Retry-After"] = str(error.retry_after)
            return response
        if isinstance(error, WebError):
            return error_response(str(error), error.status, error.reason)
        if isinstance(error, AccountError):
            return error_response(str(error), error.status, error.reason)
        if isinstance(error, EdgeError | SeatNameError | DailyError):
            return error_response(str(error), error.status)
        if isinstance(error, HTTPException):
            return error_response(str(error.detail), error.status_code)
        return error_response(str(error), 400)

    async def failed(request: Request, error: Exception) -> Response:
        # Outside the edge middleware (Starlette's last resort): the security
        # headers are added here, and no traceback or message reaches the client.
        log.error("a request failed: %s %s", request.method, request.url.path, exc_info=error)
        response = error_response("the server failed on this request; the failure is logged", 500)
        response.headers.update(SECURITY_HEADERS)
        return response

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        table_store: TableStore = store if store is not None else SqliteTableStore(path)
        book = open_seat_book(table_store, path)
        finish_stored_tables(table_store, book)  # a crash after a last move (issue 21, 9)
        hub = Hub(table_store, book, bot_delay=bot_delay, limits=limits)
        hub.start()
        sync = None
        if is_postgres(database_url) and database_url is not None:
            from parlour.web.cluster import ClusterSync

            assert isinstance(book, PostgresSeatBook)
            sync = ClusterSync(hub, database_url, book)
            await sync.start()
        people = People(open_people_book(table_store, path))
        people.record_missed(table_store)  # results a stopped process left unrecorded
        hub.finished_hooks.append(
            # Today's deals are not rated, nor listed on a player's page (their
            # results stay hidden until the day closes: parlour.web.daily).
            lambda room: None if DAILY_META in room.table.meta else people.table_finished(hub, room)
        )
        hub.rematch_hooks.append(lambda old, new: people.rematch(hub, old, new))
        hub.lobby_filter = people.listed
        peoples.append(people)
        day_desk = Daily(DailyBook(people.book), daily or DailySettings.from_environment())
        hub.finished_hooks.append(day_desk.table_finished)
        hub.message_checks.append(day_desk.message_refusal)
        hub.kept_tables = lambda table_ids: (
            people.book.tables_with_results(table_ids) | day_desk.book.daily_tables(table_ids)
        )
        dailies.append(day_desk)
        hubs.append(hub)
        app.state.hub = hub
        sweeper = asyncio.create_task(sweep_finished_tables(hub, finished_ttl))
        try:
            yield
        finally:
            sweeper.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await sweeper
            if sync is not None:
                await sync.stop()
            await hub.close()
            reviews.close()
            book.close()
            people.close()
            day_desk.close()
            hubs.clear()
            peoples.clear()
            dailies.clear()

    routes = [
        Route("/", index),
        *account_routes(current_people, current_hub, json_body, client_address, play_now),
        *daily_routes(current_daily, current_hub, client_address),
        Route("/api/games", list_games),
        Route("/api/games/{name}/rules", game_rules),
        Route("/games/{name}/board.js", game_board),
        Route("/games/{name}/board.css", game_board_stylesheet),
        Route("/api/games/{name}/examples/{example}", game_example),
        Route("/api/server", server_facts),
        Route("/api/tables", list_tables, methods=["GET"]),
        Route("/api/finished", finished_tables, methods=["GET"]),
        Route("/api/tables", create_table, methods=["POST"]),
        Route("/api/tables/{table_id}", show_table),
        Route("/api/tables/{table_id}/seats/{seat}", take_seat, methods=["POST"]),
        Route("/api/tables/{table_id}/seats/{seat}/check", check_link, methods=["POST"]),
        Route("/api/tables/{table_id}/record", table_record),
        Route("/api/tables/{table_id}/replay", table_replay),
        Route("/api/tables/{table_id}/review/{seat}", table_review, methods=["GET", "POST"]),
        Route("/api/tables/{table_id}/coach", table_coach, methods=["POST"]),
        Route("/api/lessons", create_lesson, methods=["POST"]),
        Route("/api/tables/{table_id}/review/{seat}/retry", table_review_retry, methods=["POST"]),
        WebSocketRoute("/ws/tables/{table_id}", table_socket),
        Mount("/static", StaticFiles(directory=static_folder()), name="static"),
    ]
    handlers: dict[Any, Any] = {
        WebError: refuse,
        ParlourError: refuse,
        HTTPException: refuse,
        AccountError: refuse,
        DailyError: refuse,
        Exception: failed,
    }
    handlers.update({kind: refuse for kind in STORE_ERRORS})
    app = Starlette(
        routes=routes,
        middleware=[
            Middleware(EdgeGuard, hosts=hosts, allow_origins=allow_origins, refusals=refusals),
            Middleware(DailyGuard, desk=daily_guard_desk),
        ],
        exception_handlers=handlers,
        lifespan=lifespan,
    )
    return app


def store_unavailable(error: BaseException) -> Response:
    """The answer to a failed database: 503 and a sentence that names neither
    the file nor the server (the detail is logged)."""
    log_store_error(error)
    return error_response(STORE_UNAVAILABLE, 503)


def log_store_error(error: BaseException) -> None:
    """Log a database failure for the operator (a :class:`StoreUnavailableError`
    logged its detail when it was made)."""
    if not isinstance(error, StoreUnavailableError):
        log.warning("the table store failed: %s: %s", type(error).__name__, error)


async def refuse_origin(websocket: WebSocket) -> None:
    """Close a WebSocket opened by a page of another site (code 4403), with an
    error saying so: another site's page must not play with a visitor's links."""
    origin = websocket.headers.get("origin", "")
    log.warning("a WebSocket from another origin was refused: %s", origin[:100])
    await websocket.accept()
    await websocket.send_json(
        {
            "type": "error",
            "message": "this table accepts connections only from its own pages; "
            "a server behind a reverse proxy lists other origins with --allow-origin",
        }
    )
    await websocket.close(code=4403)


async def sweep_finished_tables(hub: Hub, finished_ttl: float) -> None:
    """Every so often, delete the finished tables idle for ``finished_ttl``
    seconds (none when it is 0)."""
    if finished_ttl <= 0:
        return
    interval = min(max(finished_ttl / 4, 0.05), 600.0)
    while True:
        await asyncio.sleep(interval)
        try:
            listed = await asyncio.to_thread(hub.store.list, finished=True)
            hub.sweep_finished(finished_ttl, listed)
        except Exception:  # a failed sweep is retried at the next; the server goes on
            log.exception("the clean-up of finished tables failed")


class RateLimitedError(Exception):
    """A connection sent messages faster than its rate limit allows."""


class BinaryFrameError(Exception):
    """A connection sent a binary frame: the protocol is JSON text."""


class TableSocket:
    """One WebSocket at one table: hello first, then moves, undo, hint, again."""

    def __init__(
        self,
        hub: Hub,
        websocket: WebSocket,
        limit: TokenBucket | None = None,
        people: People | None = None,
    ) -> None:
        self.hub = hub
        self.websocket = websocket
        self.limit = limit
        self.people = people
        self.connection: Connection | None = None

    async def error(self, message: str) -> None:
        """Tell the client what was wrong: through the connection's outbox once it
        has said hello (so that messages keep their order), directly before."""
        if self.connection is not None:
            self.hub.send(self.connection, {"type": "error", "message": message})
        else:
            await self.websocket.send_json({"type": "error", "message": message})

    async def receive(self) -> dict[str, Any] | None:
        """The next message as a JSON object; None (after an error) when malformed.

        A binary frame is answered with an error and a close (1003); a disconnect
        raises :class:`WebSocketDisconnect`; a message that is too long, too deep,
        holds a too-long number or a control character gets an error sentence and
        the connection stays open."""
        frame = await self.websocket.receive()
        if frame["type"] == "websocket.disconnect":
            raise WebSocketDisconnect(frame.get("code", 1000), frame.get("reason"))
        if self.limit is not None and not self.limit.take(asyncio.get_running_loop().time()):
            await self.error(
                f"too many messages: at most {self.limit.rate:g} a second; "
                "this connection is closed (reconnect to go on)"
            )
            raise RateLimitedError
        text = frame.get("text")
        if text is None:
            await self.error(
                "this table speaks JSON text; a binary frame is not accepted, and this "
                "connection is closed"
            )
            raise BinaryFrameError
        if len(text) > MAX_MESSAGE_CHARACTERS:
            await self.error(f"a message may be at most {MAX_MESSAGE_CHARACTERS} characters")
            return None
        try:
            message = parse_json(text, "the message")
        except EdgeError as error:
            await self.error(str(error))
            return None
        if not isinstance(message, dict) or not isinstance(message.get("type"), str):
            await self.error('a message is a JSON object with a "type", e.g. {"type": "move", …}')
            return None
        return message

    async def run(self) -> None:
        await self.websocket.accept()
        table_id = str(self.websocket.path_params["table_id"])
        try:
            self.hub.admit_connection(client_address(self.websocket))
        except WebError as error:
            await self.error(str(error))
            await self.websocket.close(code=CLOSE_BUSY, reason="too many connections")
            return
        try:
            if not TABLE_ID.fullmatch(table_id):
                raise WebError("that is not a table id", 404)
            room = self.hub.room(table_id)
        except WebError as error:
            await self.error(str(error))
            await self.websocket.close(code=4404)
            return
        except STORE_ERRORS as error:
            log_store_error(error)
            await self.error(STORE_UNAVAILABLE)
            await self.websocket.close(code=CLOSE_TRY_LATER, reason="the table store is down")
            return
        hello_by = asyncio.get_running_loop().time() + self.hub.limits.hello_seconds
        connection: Connection | None = None
        try:
            while connection is None:
                left = hello_by - asyncio.get_running_loop().time()
                try:
                    message = await asyncio.wait_for(self.receive(), max(0.0, left))
                except TimeoutError:
                    await self.error(
                        f"no hello within {self.hub.limits.hello_seconds:g} seconds; "
                        "this connection is closed (reconnect and say hello first)"
                    )
                    await self.close(CLOSE_NO_HELLO, "no hello in time")
                    return
                if message is None:
                    continue
                try:
                    # The table is joined at the hello, as the hub holds it now
                    # (it may have let go of the one found at the handshake).
                    room = self.hub.room(table_id)
                    connection = await self.hello(room, message)
                except STORE_ERRORS as error:
                    log_store_error(error)
                    await self.error(STORE_UNAVAILABLE)
            self.connection = connection
            while True:
                message = await self.receive()
                if message is None:
                    continue
                try:
                    await self.dispatch(room, connection, message)
                except STORE_ERRORS as error:
                    log_store_error(error)
                    await self.error(STORE_UNAVAILABLE)
        except WebSocketDisconnect:
            pass
        except RateLimitedError:
            log.warning("table %s: a connection was closed for flooding", room.table.id)
            await self.close(CLOSE_POLICY, "too many messages")
        except BinaryFrameError:
            log.info("table %s: a connection was closed for a binary frame", room.table.id)
            await self.close(CLOSE_UNSUPPORTED, "binary frames are not accepted")
        except Exception:
            # Never a dropped connection without a close frame, nor a traceback
            # sent to the client: the failure is logged and the client told.
            log.exception("table %s: a WebSocket failed", room.table.id)
            with contextlib.suppress(Exception):
                await self.error("the server failed on this connection; the failure is logged")
            await self.close(CLOSE_SERVER_ERROR, "the server failed on this connection")
        finally:
            if connection is not None:
                await self.hub.leave(room, connection)

    async def close(self, code: int, reason: str) -> None:
        """Close the WebSocket with ``code``, after what is queued for it (the
        error saying why) has been sent, waiting 2 s at most."""
        connection = self.connection
        if connection is not None and connection.sending is not None:
            self.hub.close_after_sending(connection, code, reason)
            with contextlib.suppress(Exception):
                await asyncio.wait_for(asyncio.shield(connection.sending), 2.0)
        else:
            with contextlib.suppress(Exception):
                await self.websocket.close(code=code, reason=reason)

    async def hello(self, room: Room, message: Mapping[str, Any]) -> Connection | None:
        if message["type"] != "hello":
            await self.error('the first message must be {"type": "hello", "token": …}')
            return None
        lang = message.get("lang", "en")
        if lang not in LANGUAGES:
            await self.error(f"lang must be one of: {', '.join(LANGUAGES)}")
            return None
        token = message.get("token")
        seat: int | None = None
        people = self.people
        account = people.account_of(self.websocket) if people is not None else None
        if token is None and account is not None and people is not None:
            seat = people.owned_seat(room.table.id, account)  # the account's seat, any browser
        if token is not None:
            if not isinstance(token, str) or len(token) > 200:
                await self.error("the token must be the text of a seat's link")
                return None
            seat = self.hub.book.seat_of_token(room.table.id, token)
            if seat is None:
                await self.error(
                    "this token is not a seat of this table; check the link, "
                    "or say hello without a token to watch"
                )
                return None
        try:
            name = normalise_name(message.get("name"), "name")
            if seat is not None and name:
                others = [
                    (index, other)
                    for index, other in enumerate(self.hub.names(room))
                    if index != seat
                ]
                check_name_free(name, others)
            if seat is not None and name and people is not None:
                people.check_guest_name(name, account)
        except (SeatNameError, AccountError) as error:
            await self.error(str(error))
            return None
        if seat is not None and account is not None and people is not None:
            people.seat_taken(self.hub, room, seat, account)
        elif seat is not None and name:
            self.hub.book.name_seat(room.table.id, seat, name)
        connection = Connection(
            sender=self.websocket,
            seat=seat,
            lang=lang,
            address=client_address(self.websocket),
            abort=abort_of(self.websocket.scope),
        )
        await self.hub.join(room, connection)
        if people is not None:
            if account is not None:
                people.chat.signed_in(connection, account.account_id, account.name)
            history = people.chat.history(room, connection)
            if history["messages"]:  # nothing to say about an empty chat
                self.hub.send(connection, history)
        return connection

    async def dispatch(
        self, room: Room, connection: Connection, message: Mapping[str, Any]
    ) -> None:
        kind = message["type"]
        try:
            for check in self.hub.message_checks:
                refusal = check(room, kind)
                if refusal is not None:
                    raise WebError(refusal, 403)
            if kind == "move":
                action = message.get("action")
                version = message.get("version")
                if isinstance(action, bool) or not isinstance(action, int | str):
                    raise WebError("action must be a move's number or its text")
                if isinstance(action, str) and len(action) > 200:
                    raise WebError("the action text is too long")
                if isinstance(version, bool) or not isinstance(version, int):
                    raise WebError("version must be the whole number of the last state you saw")
                await self.hub.move(room, connection, action, version)
            elif kind == "undo":
                version = message.get("version")
                if isinstance(version, bool) or not isinstance(version, int):
                    raise WebError("version must be the whole number of the last state you saw")
                await self.hub.undo(room, connection, version)
            elif kind == "hint":
                self.hub.start_hint(room, connection)
            elif kind == "again":
                await self.hub.play_again(room, connection)
            elif kind == "leave":
                await self.hub.leave_seat(room, connection)
            elif kind == "bots":
                await self.hub.fill_with_bots(room, connection)
            elif kind == "state":
                lang = message.get("lang", connection.lang)
                if lang not in LANGUAGES:
                    raise WebError(f"lang must be one of: {', '.join(LANGUAGES)}")
                connection.lang = lang
                connection.log_epoch = -1
                self.hub.send(connection, self.hub.state_message(room, connection))
            elif kind == "chat" and self.people is not None:
                self.people.chat.say(self.hub, room, connection, message)
            elif kind == "hello":
                raise WebError("hello is said once, at the start")
            else:
                raise WebError(
                    f"unknown message type {kind!r}; "
                    "allowed: move, undo, hint, again, leave, bots, state, chat"
                )
        except (WebError, TableError, ParlourError, ChatError) as error:
            # The message may list the seat's own moves (its cards): never logged.
            log.debug(
                "table %s: a %s message was refused (%s)", room.table.id, kind, type(error).__name__
            )
            await self.error(str(error))
