"""Accounts without e-mail, their sessions, "Play now", the leaderboards and a
player's page: the routes of persons (docs/web.md, docs/accounts.md).

- An account is a name and a password (hashed with Argon2 by argon2-cffi). Its
  recovery code, shown once when it is made (and again new after each use), is
  the only way back without e-mail.
- A session is a random token in an ``HttpOnly``, ``SameSite=Lax`` cookie
  (``Secure`` behind https), kept in the database as its SHA-256.
- Sign-in and recovery attempts are limited per address and per name; a wrong
  name and a wrong password get the same answer, in the same time (an unknown
  name is checked against a stand-in hash).
- A signed-in person's seats are the account's: its hello at a table needs no
  token, from any browser.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import secrets
import time
import unicodedata
from collections import deque
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError, VerifyMismatchError
from starlette.requests import HTTPConnection, Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from parlour.core.registry import game_names
from parlour.web.chat import ChatDesk
from parlour.web.people import Account, PeopleBook, TableFacts
from parlour.web.ratings import bot_ratings, rate_table, shown
from parlour.web.seats import SeatNameError, normalise_name

if TYPE_CHECKING:
    from parlour.table import TableStore
    from parlour.web.hub import Hub, Room

log = logging.getLogger("parlour.web")

SESSION_COOKIE = "parlour_session"
"""The name of the session cookie."""
SESSION_SECONDS = 30 * 86400.0
"""A session unused this long ends (and its cookie's lifetime)."""
FORMER_PLAYER = "a former player"
"""The name a deleted account's seats and chat lines keep."""
MIN_PASSWORD = 8
MAX_PASSWORD = 200
MIN_NAME = 2
VISIBILITIES = ("open", "private")


@dataclass(frozen=True)
class AccountLimits:
    """What one address (and one name) may try, per process.

    ``accounts_per_hour``: accounts one address may make in an hour;
    ``sign_ins_per_address``: sign-in and recovery attempts one address may
    make in :attr:`window` seconds; ``failures_per_name``: failed attempts on one
    name in :attr:`window` seconds before that name waits; ``hashing_backlog``:
    password hashes that may wait for a worker before the server says it is busy."""

    accounts_per_hour: int = 20
    sign_ins_per_address: int = 30
    failures_per_name: int = 8
    window: float = 600.0
    hashing_backlog: int = 16


class AccountError(Exception):
    """A refused request of the account routes, with its HTTP status and, for a
    refusal a page says in its own language, a ``reason`` key (``name-short``,
    ``name-reserved``, ``name-text``, ``password-length``)."""

    def __init__(self, message: str, status: int = 400, reason: str = "") -> None:
        super().__init__(message)
        self.status = status
        self.reason = reason


def name_key(name: str) -> str:
    """The key two account names are compared by: case and width ignored
    (``ＡＮＮ`` is ``ann``), in NFC."""
    folded = unicodedata.normalize("NFKC", name).casefold()
    return unicodedata.normalize("NFC", unicodedata.normalize("NFKC", folded))


def account_name(value: object) -> str:
    """A new account's name: the rules of seat names (:func:`normalise_name`),
    at least :data:`MIN_NAME` characters, and not the former players' name."""
    try:
        name = normalise_name(value, "name")
    except SeatNameError as error:
        raise AccountError(str(error), reason="name-text") from None
    if len(name) < MIN_NAME:
        raise AccountError(f"name must be at least {MIN_NAME} characters", reason="name-short")
    if name_key(name) == name_key(FORMER_PLAYER):
        raise AccountError(
            f"the name {FORMER_PLAYER!r} is kept for deleted accounts", reason="name-reserved"
        )
    return name


def password_of(data: dict[str, Any], key: str = "password") -> str:
    """A password of the request: text of :data:`MIN_PASSWORD`–:data:`MAX_PASSWORD` characters."""
    value = data.get(key)
    if not isinstance(value, str) or not MIN_PASSWORD <= len(value) <= MAX_PASSWORD:
        raise AccountError(
            f"{key} must be text of {MIN_PASSWORD}–{MAX_PASSWORD} characters",
            reason="password-length",
        )
    return value


def sha256(text: str) -> str:
    """The SHA-256 of a token, in hexadecimal (how sessions are stored)."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def new_recovery_code() -> str:
    """A recovery code: 20 random characters in five groups, easy to copy."""
    alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
    letters = "".join(secrets.choice(alphabet) for _ in range(20))
    return "-".join(letters[index : index + 4] for index in range(0, 20, 4))


def recovery_hash(code: str) -> str:
    """The stored form of a recovery code (case and dashes ignored)."""
    return sha256("".join(code.upper().split("-")).replace(" ", ""))


@dataclass
class Window:
    """Events of the last ``seconds``, per key (addresses, names)."""

    seconds: float
    events: dict[str, deque[float]] = field(default_factory=dict)

    def count(self, key: str, now: float) -> int:
        """How many events ``key`` had in the window."""
        seen = self.events.get(key)
        if seen is None:
            return 0
        while seen and seen[0] <= now - self.seconds:
            seen.popleft()
        if not seen:
            del self.events[key]
            return 0
        return len(seen)

    def add(self, key: str, now: float) -> None:
        """Note one event of ``key``."""
        self.events.setdefault(key, deque()).append(now)


class People:
    """The accounts of one server process: the book, the password hasher in
    its own workers, the attempt limits, the chat, and the routes."""

    def __init__(self, book: PeopleBook, limits: AccountLimits | None = None) -> None:
        self.book = book
        self.limits = limits if limits is not None else AccountLimits()
        self.hasher = PasswordHasher()
        self.hashing = ThreadPoolExecutor(2, thread_name_prefix="parlour-passwords")
        self.hashes_waiting = 0
        self.chat = ChatDesk(book)
        self.made = Window(3600.0)
        self.attempts = Window(self.limits.window)
        self.failures = Window(self.limits.window)
        self._stand_in_hash: str | None = None

    def close(self) -> None:
        """Stop the hashing workers and let go of the database."""
        self.hashing.shutdown(wait=False, cancel_futures=True)
        self.book.close()

    # ----- passwords, in worker threads (a hash costs tens of milliseconds) ----------
    async def _in_worker(self, work: Callable[[], Any]) -> Any:
        if self.hashes_waiting >= self.limits.hashing_backlog:
            raise AccountError("the server is busy checking passwords; try again in a moment", 503)
        self.hashes_waiting += 1
        try:
            return await asyncio.get_running_loop().run_in_executor(self.hashing, work)
        finally:
            self.hashes_waiting -= 1

    async def hash_password(self, password: str) -> str:
        """The Argon2 hash of a password."""
        hashed: str = await self._in_worker(lambda: self.hasher.hash(password))
        return hashed

    async def password_matches(self, hashed: str | None, password: str) -> bool:
        """Whether ``password`` is the one of ``hashed``; with None (no such
        account) a stand-in hash is checked, so the answer takes as long."""
        if hashed is None:
            if self._stand_in_hash is None:
                self._stand_in_hash = await self.hash_password(secrets.token_hex(16))
            hashed = self._stand_in_hash

        def verify() -> bool:
            try:
                return bool(self.hasher.verify(hashed, password))
            except (VerifyMismatchError, VerificationError, InvalidHashError):
                return False

        matched: bool = await self._in_worker(verify)
        return matched

    # ----- sessions ------------------------------------------------------------------------
    def account_of(self, connection: HTTPConnection) -> Account | None:
        """The account whose session cookie ``connection`` carries, or None."""
        token = connection.cookies.get(SESSION_COOKIE)
        if not token or len(token) > 100:
            return None
        account_id = self.book.session_account(sha256(token), SESSION_SECONDS)
        return self.book.account_by_id(account_id) if account_id else None

    def signed_in(self, request: Request) -> Account:
        """The request's account, or a 401 saying to sign in."""
        account = self.account_of(request)
        if account is None:
            raise AccountError("sign in first: this needs an account", 401)
        return account

    def start_session(self, request: Request, response: Response, account: Account) -> None:
        """A new session for ``account``, its cookie set on ``response``."""
        token = secrets.token_urlsafe(32)
        self.book.add_session(sha256(token), account.account_id, SESSION_SECONDS)
        response.set_cookie(
            SESSION_COOKIE,
            token,
            max_age=int(SESSION_SECONDS),
            path="/",
            httponly=True,
            samesite="lax",
            secure=request.url.scheme == "https",
        )

    @staticmethod
    def end_cookie(request: Request, response: Response) -> None:
        """Clear the session cookie on ``response``."""
        response.delete_cookie(
            SESSION_COOKIE,
            path="/",
            httponly=True,
            samesite="lax",
            secure=request.url.scheme == "https",
        )

    # ----- limits ----------------------------------------------------------------------------
    def check_attempt(self, address: str, key: str) -> None:
        """Count a sign-in or recovery attempt against the address, and refuse
        it (429) past the address's limit or the name's limit of failures."""
        now = time.monotonic()
        limits = self.limits
        if self.attempts.count(address, now) >= limits.sign_ins_per_address:
            raise AccountError(
                f"at most {limits.sign_ins_per_address} sign-in attempts from one address in "
                f"{limits.window / 60:g} minutes; wait a while",
                429,
            )
        self.attempts.add(address, now)  # a refused attempt counts too
        if self.failures.count(key, now) >= limits.failures_per_name:
            raise AccountError(
                f"this name had {limits.failures_per_name} failed sign-ins in "
                f"{limits.window / 60:g} minutes; wait a while",
                429,
            )

    def failed(self, key: str) -> AccountError:
        """Count a failed attempt on a name; the one answer to a wrong name or
        a wrong password."""
        self.failures.add(key, time.monotonic())
        return AccountError("that name and password do not match an account", 401)

    # ----- the account routes -----------------------------------------------------------------
    async def create_account(
        self, request: Request, data: dict[str, Any], address: str
    ) -> Response:
        """``POST /api/accounts``: 201, a session and the recovery code, shown once."""
        name = account_name(data.get("name"))
        password = password_of(data)
        now = time.monotonic()
        if self.made.count(address, now) >= self.limits.accounts_per_hour:
            raise AccountError(
                f"at most {self.limits.accounts_per_hour} accounts an hour from one address",
                429,
            )
        key = name_key(name)
        if self.book.account_by_key(key) is not None:
            raise AccountError(f"the name {name!r} is taken; choose another", 409)
        self.made.add(address, now)
        code = new_recovery_code()
        account = self.book.add_account(
            name, key, await self.hash_password(password), recovery_hash(code)
        )
        if account is None:
            raise AccountError(f"the name {name!r} is taken; choose another", 409)
        response = JSONResponse({"name": account.name, "recovery_code": code}, status_code=201)
        self.start_session(request, response, account)
        return response

    async def sign_in(self, request: Request, data: dict[str, Any], address: str) -> Response:
        """``POST /api/session``: a session for the right name and password."""
        name, password = data.get("name"), data.get("password")
        if not isinstance(name, str) or not isinstance(password, str):
            raise AccountError("name and password must be text")
        if len(name) > 200 or len(password) > MAX_PASSWORD:
            raise AccountError("that name and password do not match an account", 401)
        key = name_key(" ".join(unicodedata.normalize("NFC", name).split()))
        self.check_attempt(address, key)
        account = self.book.account_by_key(key)
        matched = await self.password_matches(account.password_hash if account else None, password)
        if account is None or not matched:
            raise self.failed(key)
        response = JSONResponse({"name": account.name})
        self.start_session(request, response, account)
        return response

    async def recover(self, request: Request, data: dict[str, Any], address: str) -> Response:
        """``POST /api/account/recover``: the recovery code sets a new password;
        every other session ends, and a new code is shown once."""
        name, code = data.get("name"), data.get("recovery_code")
        if not isinstance(name, str) or not isinstance(code, str) or len(code) > 100:
            raise AccountError("name and recovery_code must be text")
        password = password_of(data, "new_password")
        key = name_key(" ".join(unicodedata.normalize("NFC", name).split()))
        self.check_attempt(address, key)
        account = self.book.account_by_key(key)
        if account is None or not secrets.compare_digest(
            account.recovery_hash, recovery_hash(code)
        ):
            self.failures.add(key, time.monotonic())
            raise AccountError("that name and recovery code do not match an account", 401)
        self.book.set_password(account.account_id, await self.hash_password(password))
        fresh = new_recovery_code()
        self.book.set_recovery(account.account_id, recovery_hash(fresh))
        self.book.end_other_sessions(account.account_id, None)
        response = JSONResponse({"name": account.name, "recovery_code": fresh})
        self.start_session(request, response, account)
        return response

    async def change_password(self, request: Request, data: dict[str, Any]) -> Response:
        """``POST /api/account/password``: the current password, then the new
        one; the account's other sessions end."""
        account = self.signed_in(request)
        current = data.get("password")
        new = password_of(data, "new_password")
        if not isinstance(current, str) or not await self.password_matches(
            account.password_hash, current
        ):
            raise AccountError("the current password is not right", 403)
        self.book.set_password(account.account_id, await self.hash_password(new))
        token = request.cookies.get(SESSION_COOKIE, "")
        self.book.end_other_sessions(account.account_id, sha256(token))
        return JSONResponse({"name": account.name})

    def rename(self, request: Request, data: dict[str, Any], hub: Hub) -> Response:
        """``POST /api/account/name``: a new name, for the account's seats too."""
        account = self.signed_in(request)
        name = account_name(data.get("name"))
        if not self.book.rename(account.account_id, name, name_key(name)):
            raise AccountError(f"the name {name!r} is taken; choose another", 409)
        self.forget_names(hub, account.account_id)
        return JSONResponse({"name": name})

    async def delete_account(self, request: Request, data: dict[str, Any], hub: Hub) -> Response:
        """``DELETE /api/account``: with the password; the games stay, their
        seats named "a former player"."""
        account = self.signed_in(request)
        password = data.get("password")
        if not isinstance(password, str) or not await self.password_matches(
            account.password_hash, password
        ):
            raise AccountError("the password is not right", 403)
        self.forget_names(hub, account.account_id)
        self.book.delete_account(account.account_id, FORMER_PLAYER)
        response = JSONResponse({"deleted": True})
        self.end_cookie(request, response)
        return response

    def forget_names(self, hub: Hub, account_id: str) -> None:
        """Make the open rooms of the account's tables read their names again."""
        for table_id, _, _ in self.book.seats_of(account_id, finished=False):
            room = hub.rooms.get(table_id)
            if room is not None:
                hub.seats_changed(room)

    def whoami(self, request: Request) -> Response:
        """``GET /api/session``: the signed-in account's name, or null."""
        account = self.account_of(request)
        return JSONResponse({"name": account.name if account else None})

    def sign_out(self, request: Request) -> Response:
        """``DELETE /api/session``: this session ends."""
        token = request.cookies.get(SESSION_COOKIE)
        if token:
            self.book.end_session(sha256(token))
        response = JSONResponse({"name": None})
        self.end_cookie(request, response)
        return response

    def my_tables(self, request: Request, hub: Hub) -> Response:
        """``GET /api/account/tables``: the account's seats at unfinished tables."""
        account = self.signed_in(request)
        tables = [
            {"table": table_id, "seat": seat, "game": game}
            for table_id, seat, game in self.book.seats_of(account.account_id, finished=False)
        ]
        return JSONResponse({"name": account.name, "tables": tables})

    # ----- tables: visibility, owners, finished games ----------------------------------------
    @staticmethod
    def table_choice(data: dict[str, Any], seats: list[Any], lesson: bool = False) -> TableFacts:
        """The ``visibility`` and ``rated`` of ``POST /api/tables`` (the maker is
        filled in later). By default a lesson, or one person's table with bots, is
        private, every other table open; every table is rated unless it says not."""
        persons = sum(1 for seat in seats if seat.kind == "person")
        default = "private" if lesson or (persons <= 1 and len(seats) > persons) else "open"
        visibility = data.get("visibility", default)
        if visibility not in VISIBILITIES:
            raise AccountError(f"visibility must be one of: {', '.join(VISIBILITIES)}")
        rated = data.get("rated", not lesson)
        if not isinstance(rated, bool):
            raise AccountError("rated must be true or false")
        return TableFacts(str(visibility), rated and not lesson, "")

    def table_made(
        self,
        hub: Hub,
        table_id: str,
        facts: TableFacts,
        maker: Account | None,
        seat: int | None,
    ) -> None:
        """Record a new table's choices, and its maker's seat as the maker's."""
        owners = {seat: maker.account_id} if maker is not None and seat is not None else {}
        maker_id = maker.account_id if maker is not None else ""
        self.book.add_table(table_id, TableFacts(facts.visibility, facts.rated, maker_id), owners)
        if owners:  # the account's seat is taken now: nobody else may sit there
            hub.book.mark_taken(table_id, min(owners))

    def rematch(self, hub: Hub, old: Room, new: Room) -> None:
        """A rematch ("play again") is open or private, rated or not, as the
        old table, and each account keeps its seat (taken at once: nobody else
        may sit there meanwhile)."""
        facts = self.book.table_facts(old.table.id)
        owners = self.book.seat_owners(old.table.id)
        self.book.add_table(new.table.id, facts, owners)
        for seat in owners:
            hub.book.mark_taken(new.table.id, seat)
        hub.seats_changed(new)

    def check_guest_name(self, name: str, account: Account | None) -> None:
        """Refuse (409) a name a person gives a seat when it is another
        account's name (any case or width): nobody may pass for an account."""
        if not name:
            return
        holder = self.book.account_by_key(name_key(name))
        if holder is not None and (account is None or holder.account_id != account.account_id):
            raise AccountError(
                f"the name {name!r} belongs to an account; sign in as it or choose another name",
                409,
            )

    def guest_names(self, entries: object, account: Account | None) -> None:
        """:meth:`check_guest_name` for every person's name of a new table's seats."""
        if not isinstance(entries, list):
            return
        for entry in entries:
            if isinstance(entry, dict) and entry.get("kind") in ("person", "human"):
                name = entry.get("name")
                if isinstance(name, str) and (account is None or name != account.name):
                    self.check_guest_name(name, account)

    def is_private(self, table_id: str) -> bool:
        """True when the table is private (not listed; seats by link only)."""
        return self.book.table_facts(table_id).visibility == "private"

    def listed(self, table_ids: list[str]) -> list[str]:
        """The tables of ``table_ids`` a lobby may list (not the private ones)."""
        private = self.book.private_tables(table_ids)
        return [table_id for table_id in table_ids if table_id not in private]

    def owned_seat(self, table_id: str, account: Account) -> int | None:
        """The account's seat at a table, or None."""
        for seat, account_id in self.book.seat_owners(table_id).items():
            if account_id == account.account_id:
                return seat
        return None

    def seat_taken(self, hub: Hub, room: Room, seat: int, account: Account) -> None:
        """A signed-in person came to a seat (by its link or from the lobby):
        the seat is theirs, under their name, unless another account holds it."""
        owners = self.book.seat_owners(room.table.id)
        if seat in owners:
            return
        if account.account_id in owners.values():
            return  # one seat per account at a table
        self.book.own_seat(room.table.id, seat, account.account_id)
        hub.book.name_seat(room.table.id, seat, account.name)
        hub.seats_changed(room)

    def record_missed(self, store: TableStore) -> list[str]:
        """At start: record the results a stopped process never recorded (its
        tables are marked finished by :func:`parlour.web.startup.finish_stored_tables`)."""
        from parlour.table import Table

        done = []
        for table_id in self.book.unrecorded_tables():
            try:
                if rate_table(self.book, Table.open(table_id, store)):
                    done.append(table_id)
            except Exception:
                log.exception("table %s: the results could not be recorded", table_id)
        return done

    def table_finished(self, hub: Hub, room: Room) -> None:
        """A table's game is over: its accounts' results and ratings (once). A
        failure is logged: the table's announcement goes on."""
        try:
            rate_table(self.book, room.table)
        except Exception:
            log.exception("table %s: the results could not be recorded", room.table.id)

    # ----- ratings and players -------------------------------------------------------------------
    def leaderboard(self, game: str, limit: int) -> dict[str, Any]:
        """``GET /api/ratings/{game}``: the accounts rated in it, best first, and
        the bots' fixed ratings."""
        if game not in game_names():
            raise AccountError(f"there is no game {game!r}; games: {', '.join(game_names())}", 404)
        players = [
            {
                "place": index + 1,
                "name": name,
                "rating": shown(rating.mu, rating.sigma),
                "mu": round(rating.mu, 3),
                "sigma": round(rating.sigma, 3),
                "games": rating.games,
            }
            for index, (name, rating) in enumerate(self.book.leaderboard(game, limit))
        ]
        return {"game": game, "players": players, "bots": bot_ratings()}

    def player_page(self, name: str) -> dict[str, Any]:
        """``GET /api/players/{name}``: games played and won per game, the
        ratings and their history, the recent games with their replay and review."""
        account = self.book.account_by_key(name_key(" ".join(name.split())))
        if account is None:
            raise AccountError(f"there is no player {name[:60]!r}", 404)
        ratings = self.book.account_ratings(account.account_id)
        tallies = self.book.tallies(account.account_id)
        games = []
        for game in sorted(set(ratings) | set(tallies)):
            played, won = tallies.get(game, (0, 0))
            rating = ratings.get(game)
            games.append(
                {
                    "game": game,
                    "played": played,
                    "won": won,
                    "rating": shown(rating.mu, rating.sigma) if rating else None,
                    "rated_games": rating.games if rating else 0,
                }
            )
        history = [
            {"game": game, "table": table_id, "at": at, "rating": shown(mu, sigma)}
            for game, table_id, at, mu, sigma in self.book.rating_history(account.account_id)
        ]
        recent = [
            {
                "table": table_id,
                "seat": seat,
                "game": game,
                "at": at,
                "place": place,
                "won": won,
                "rated": rated,
                "replay": f"/api/tables/{table_id}/replay?seat={seat}",
                "review": f"/api/tables/{table_id}/review/{seat}",
            }
            for table_id, seat, game, at, place, won, rated in self.book.results_of(
                account.account_id, 30
            )
        ]
        return {
            "name": account.name,
            "since": account.created,
            "games": games,
            "history": history,
            "recent": recent,
        }


Handler = Callable[[Request], Awaitable[Response]]


def account_routes(
    people: Callable[[], People],
    hub: Callable[[], Hub],
    body: Callable[[Request], Awaitable[dict[str, Any]]],
    address: Callable[[HTTPConnection], str],
    play_now: Handler,
) -> list[Route]:
    """The routes of accounts, ratings and players (mounted by ``create_app``)."""

    async def accounts(request: Request) -> Response:
        return await people().create_account(request, await body(request), address(request))

    async def session(request: Request) -> Response:
        if request.method == "GET":
            return people().whoami(request)
        if request.method == "DELETE":
            return people().sign_out(request)
        return await people().sign_in(request, await body(request), address(request))

    async def recover(request: Request) -> Response:
        return await people().recover(request, await body(request), address(request))

    async def password(request: Request) -> Response:
        return await people().change_password(request, await body(request))

    async def rename(request: Request) -> Response:
        return people().rename(request, await body(request), hub())

    async def account(request: Request) -> Response:
        return await people().delete_account(request, await body(request), hub())

    async def tables(request: Request) -> Response:
        return people().my_tables(request, hub())

    async def ratings(request: Request) -> Response:
        limit_text = request.query_params.get("limit", "50")
        if not limit_text.isdigit() or not 1 <= int(limit_text) <= 200:
            raise AccountError("limit must be a whole number 1–200")
        return JSONResponse(people().leaderboard(request.path_params["game"], int(limit_text)))

    async def player(request: Request) -> Response:
        name = str(request.path_params["name"])
        if len(name) > 200:
            raise AccountError("that is not a player's name", 404)
        return JSONResponse(people().player_page(name))

    return [
        Route("/api/accounts", accounts, methods=["POST"]),
        Route("/api/session", session, methods=["GET", "POST", "DELETE"]),
        Route("/api/account/recover", recover, methods=["POST"]),
        Route("/api/account/password", password, methods=["POST"]),
        Route("/api/account/name", rename, methods=["POST"]),
        Route("/api/account", account, methods=["DELETE"]),
        Route("/api/account/tables", tables, methods=["GET"]),
        Route("/api/play-now", play_now, methods=["POST"]),
        Route("/api/ratings/{game}", ratings, methods=["GET"]),
        Route("/api/players/{name}", player, methods=["GET"]),
    ]
