"""Today's deals (issue 33, docs/daily.md): every day, for each game, one short
set of deals, the same for everyone, each person alone in the same seat against
the bots, ranked against everyone else who played the same cards.

- The day's cards come from a seed: the HMAC-SHA256 of the day and the game
  under the server's secret (``--daily-secret``, ``PARLOUR_DAILY_SECRET``, or
  made once and kept in the database). Nobody can know them before the day.
- The day is cut at midnight in the server's time zone (``--daily-timezone``).
  The clock is the system's, unless ``--daily-clock FILE`` (or
  ``PARLOUR_DAILY_CLOCK``) names a file holding an ISO date and time: then
  that is "now" (read at every question; a switch for tests and rehearsals).
- A player's attempt is one private table per account, day and game: it is
  resumed, never restarted, never undone, and gets no hints.
- Before the day closes its tables are hidden from everyone but their player
  (:class:`DailyGuard`), and their records from everyone; afterwards each deal's
  results are ranked by matchpoints (the share of the field beaten, ties half).
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import logging
import math
import os
import re
import statistics
import time
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, timedelta
from datetime import time as day_time
from functools import partial
from multiprocessing import get_context
from pathlib import Path
from typing import TYPE_CHECKING, Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from starlette.requests import HTTPConnection, Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route
from starlette.types import ASGIApp, Receive, Scope, Send
from starlette.websockets import WebSocket

import parlour
from parlour.core.errors import ParlourError
from parlour.core.game import DealScore, Game
from parlour.core.registry import game_names
from parlour.core.sampler import Rng
from parlour.review.par import PAR_BOT, SeatPlayer, play_deal
from parlour.table import SeatSpec
from parlour.table.store import STORE_UNAVAILABLE, StoreUnavailableError
from parlour.table.table import derived_seed
from parlour.web.daily_book import DailyBook, DailyEntry
from parlour.web.people import TableFacts
from parlour.web.review_worker import start_worker

if TYPE_CHECKING:
    from parlour.web.accounts import People
    from parlour.web.hub import Hub, Room

log = logging.getLogger("parlour.web")

DAILY_SETS: dict[str, dict[str, object]] = {
    "dracula": {"deals": 2},
    "dracula-partnership": {"deals": 1},
    "thracula": {"deals": 2},
    "colour-blind": {"deals": 1},
    "nain-jaune": {"max_deals": 1},
    "casino": {"target": 1},
}
"""Each game's set of the day: its options at the game's usual number of
players (kept short: a person plays several games a day; docs/daily.md)."""

PERSON_SEAT = 0


def set_length(game: Game[Any], options: Mapping[str, object]) -> dict[str, Any]:
    """How long a day's set is, as the page says it: ``count`` deals or rounds
    (``kind``: ``round`` where one line of the game's score sheet is a round,
    as in Casino, whose round is six short deals; else ``deal``). Casino's set
    (``target=1``) is one round: the first round gives someone a point."""
    count = options.get("deals", options.get("max_deals", 1))
    line_kind = game.new_initial_state(seed=0).full_sheet().line_kind
    return {"count": int(str(count)), "kind": "round" if line_kind == "round" else "deal"}


"""The seat the person always has."""

DAILY_META = "daily"
"""The key of a daily table's header meta: ``{"day": …, "game": …}``."""

MINIMUM_DAYS = {"day": 1, "week": 3, "month": 8}
"""Days played a person needs to be ranked over each period."""

STALE_RESERVATION = 60.0
"""Seconds after which an attempt reserved without its table is made again."""

SECRET_ENVIRONMENT = "PARLOUR_DAILY_SECRET"
CLOCK_ENVIRONMENT = "PARLOUR_DAILY_CLOCK"
DAY_TEXT = re.compile(r"\d{4}-\d{2}-\d{2}")


class DailyError(ParlourError):
    """A refused request of today's deals, with its HTTP status."""

    def __init__(self, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.status = status


@dataclass(frozen=True)
class DailySettings:
    """How a server deals its days: ``secret`` (None: the one kept in the
    database), ``timezone`` (where the day is cut), ``clock_file`` (a file
    holding "now", for tests; None: the system clock), ``bot`` (the opponents'
    and the par's level) and ``par_replays`` (how many bot replays make the par)."""

    secret: str | None = None
    timezone: str = "UTC"
    clock_file: str | None = None
    bot: str = PAR_BOT
    par_replays: int = 3

    @classmethod
    def from_environment(cls, **given: Any) -> DailySettings:
        """The settings given, the secret and the clock file from the
        environment when not given."""
        given = {key: value for key, value in given.items() if value is not None}
        given.setdefault("secret", os.environ.get(SECRET_ENVIRONMENT) or None)
        given.setdefault("clock_file", os.environ.get(CLOCK_ENVIRONMENT) or None)
        settings = cls(**given)
        settings.zone()  # a wrong name is an error at the start
        from parlour.bots import BOT_KINDS

        if settings.bot not in BOT_KINDS:
            raise DailyError(f"the daily bot must be one of: {', '.join(BOT_KINDS)}")
        if settings.par_replays < 1:
            raise DailyError("the par needs at least one replay")
        return settings

    def zone(self) -> ZoneInfo:
        """The time zone the day is cut in."""
        try:
            return ZoneInfo(self.timezone)
        except (ZoneInfoNotFoundError, ValueError):
            raise DailyError(
                f"unknown time zone {self.timezone!r}: give an IANA name such as "
                "UTC or Europe/Paris"
            ) from None


class DailyClock:
    """Now, the day it is, and when a day closes."""

    def __init__(self, settings: DailySettings) -> None:
        self.zone = settings.zone()
        self.clock_file = Path(settings.clock_file) if settings.clock_file else None

    def now(self) -> datetime:
        """The present (from the clock file when there is one)."""
        if self.clock_file is None:
            return datetime.now(UTC)
        text = self.clock_file.read_text(encoding="utf-8").strip()
        try:
            moment = datetime.fromisoformat(text)
        except ValueError:
            raise DailyError(
                f"the daily clock file {self.clock_file} holds {text[:40]!r}, "
                "not an ISO date and time",
                500,
            ) from None
        return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)

    def today(self) -> str:
        """Today's date in the server's time zone (ISO)."""
        return self.now().astimezone(self.zone).date().isoformat()

    def closes_at(self, day: str) -> datetime:
        """When ``day`` closes: the next midnight in the time zone."""
        start = datetime.combine(date.fromisoformat(day) + timedelta(days=1), day_time(0))
        return start.replace(tzinfo=self.zone).astimezone(UTC)

    def is_closed(self, day: str) -> bool:
        """Whether ``day`` is over."""
        return day < self.today()


def day_seed(secret: str, day: str, game: str) -> int:
    """The seed of one day's set of one game: the HMAC-SHA256 of the day and
    the game under the secret, as a whole number of 62 bits."""
    digest = hmac.new(
        secret.encode("utf-8"), f"parlour-daily:{day}:{game}".encode(), hashlib.sha256
    ).digest()
    return int.from_bytes(digest[:8], "big") >> 2


def daily_games() -> list[str]:
    """The games that have a set of the day."""
    return [name for name in game_names() if name in DAILY_SETS]


def deal_scores(sheet: Sequence[DealScore], seat: int = PERSON_SEAT) -> list[float]:
    """The seat's score on each finished deal of a score sheet."""
    return [float(line.scores[seat]) for line in sheet]


def daily_par(
    game_name: str, seed: int, seat: int = PERSON_SEAT, *, bot: str = PAR_BOT, replays: int = 3
) -> list[tuple[float, float]]:
    """The par of a day's set for ``seat``: the bot ``bot`` plays the seat on
    the day's cards ``replays`` times (each with its own seed), the other seats
    played by the same bots with the same seeds as at the players' tables; per
    deal, the mean of its scores and their spread (standard deviation).

    The one place the daily code asks for a par (parlour.review.par's replays)."""
    game = parlour.load_game(game_name, **DAILY_SETS[game_name])
    runs: list[list[float]] = []
    for replay in range(replays):
        players = [
            SeatPlayer(bot, derived_seed(seed, index) + (replay if index == seat else 0))
            for index in range(game.num_players)
        ]
        state = game.new_initial_state(seed=seed)
        rng = Rng(seed ^ replay)
        while not state.is_terminal():
            state, _ = play_deal(state, [], players, seat, rng)
        runs.append(deal_scores(state.score_sheet(), seat))
    deals = max(len(run) for run in runs)
    pars = []
    for deal in range(deals):
        values = [run[deal] for run in runs if deal < len(run)]
        spread = statistics.pstdev(values) if len(values) > 1 else 0.0
        pars.append((round(statistics.fmean(values), 3), round(spread, 3)))
    return pars


def matchpoints(results: Sequence[Sequence[float]], deals: int) -> list[list[float]]:
    """Each player's matchpoints on each deal: the share of the other players
    whose score on that deal they beat, a tie counting half. A deal a player did
    not finish is worse than any score (and ties with the other unfinished);
    alone on a deal, a player gets one half."""
    count = len(results)
    table: list[list[float]] = []
    for mine in results:
        row = []
        for deal in range(deals):
            own = mine[deal] if deal < len(mine) else -math.inf
            if count == 1:
                row.append(0.5)
                continue
            points = 0.0
            for other in results:
                if other is mine:
                    continue
                theirs = other[deal] if deal < len(other) else -math.inf
                points += 1.0 if own > theirs else 0.5 if own == theirs else 0.0
            row.append(points / (count - 1))
        table.append(row)
    return table


@dataclass
class Standing:
    """One player's place in a closed day's set."""

    account_id: str
    table_id: str
    scores: list[float]
    finished: bool
    points: list[float] = field(default_factory=list)

    @property
    def percent(self) -> float:
        """The set's score: the mean matchpoints, in percent."""
        return round(100.0 * statistics.fmean(self.points), 2) if self.points else 0.0


def rank(entries: Sequence[tuple[str, str, list[float], bool]], deals: int) -> list[Standing]:
    """The standings of a set from (account, table, scores per deal, finished),
    best first (ties by the order given)."""
    standings = [Standing(*entry) for entry in entries]
    points = matchpoints([standing.scores for standing in standings], deals)
    for standing, row in zip(standings, points, strict=True):
        standing.points = row
    return sorted(standings, key=lambda standing: -standing.percent)


def places(standings: Sequence[Standing]) -> list[int]:
    """The place of each standing (best first): one more than the number of
    better set scores, so that equal scores share a place."""
    return [
        1 + sum(1 for other in standings if other.percent > standing.percent)
        for standing in standings
    ]


class Daily:
    """Today's deals on one server process: the clock, the seeds, the book,
    the attempts' tables, the results and the rankings."""

    def __init__(self, book: DailyBook, settings: DailySettings) -> None:
        self.book = book
        self.settings = settings
        self.clock = DailyClock(settings)
        self.secret = settings.secret or book.secret()
        self.known: dict[str, DailyEntry] = {}
        """Daily tables met so far (a table is daily for ever)."""
        self.closed_sets: dict[tuple[str, str], list[Standing]] = {}
        """The standings of closed days' sets (they no longer change)."""
        self.working: set[tuple[str, str]] = set()
        self._background: set[asyncio.Task[None]] = set()
        self._par_worker: ProcessPoolExecutor | None = None

    def close(self) -> None:
        """Stop the par's worker process, if one was started."""
        if self._par_worker is not None:
            self._par_worker.shutdown(wait=False, cancel_futures=True)
            self._par_worker = None

    # ----- the days -------------------------------------------------------------------
    def seed(self, day: str, game: str) -> int:
        """The seed of ``day``'s set of ``game``."""
        return day_seed(self.secret, day, game)

    def checked_game(self, game: str) -> str:
        """``game`` if it has a set of the day, else a 404 naming those that do."""
        if game not in daily_games():
            raise DailyError(
                f"there is no daily set of {game[:60]!r}; sets: {', '.join(daily_games())}", 404
            )
        return game

    def checked_day(self, day: str) -> str:
        """``day`` if it is an ISO date that has opened."""
        try:
            valid = bool(DAY_TEXT.fullmatch(day)) and date.fromisoformat(day).isoformat() == day
        except ValueError:
            valid = False
        if not valid:
            raise DailyError("the day must be a date written YYYY-MM-DD")
        if day > self.clock.today():
            raise DailyError(f"the day {day} has not opened yet", 404)
        return day

    def entry_of(self, table_id: str) -> DailyEntry | None:
        """The attempt played at a table, or None."""
        entry = self.known.get(table_id)
        if entry is None:
            entry = self.book.entry_of_table(table_id)
            if entry is not None:
                self.known[table_id] = entry
        return entry

    # ----- an attempt -------------------------------------------------------------------
    def start(
        self, hub: Hub, people: People, request: Request, game: str, address: str
    ) -> Response:
        """``POST /api/daily/{game}``: the signed-in person's one attempt at
        today's set: a new table (201), or the one already made (200). A new
        table counts against ``address``'s quotas of tables, as any other."""
        account = people.signed_in(request)
        game = self.checked_game(game)
        day = self.clock.today()
        entry, made = self.book.reserve(day, game, account.account_id)
        if not made and not entry.table_id and time.time() - entry.started > STALE_RESERVATION:
            # A reservation whose table was never made (a process stopped between
            # the two): forget it and make the table now.
            self.book.drop_reservation(day, game, account.account_id)
            entry, made = self.book.reserve(day, game, account.account_id)
        if not made:
            if not entry.table_id:
                raise DailyError("your table of the day is being made; ask again in a moment", 409)
            return JSONResponse(self.attempt_facts(entry, None))
        try:
            seed = self.seed(day, game)
            options = DAILY_SETS[game]
            players = parlour.load_game(game, **options).num_players
            robot = "Bot"
            specs = [
                SeatSpec("person", account.name)
                if seat == PERSON_SEAT
                else SeatSpec("bot", f"{robot} {seat + 1}", bot=self.settings.bot)
                for seat in range(players)
            ]
            from parlour.web.hub import TableSettings

            hub.admit_table(address, True)
            room, tokens = hub.create_table(
                game,
                dict(options),
                specs,
                TableSettings(away_timeout=0.0),
                seed=seed,
                meta={DAILY_META: {"day": day, "game": game}, "undo": False},
            )
        except BaseException:
            self.book.drop_reservation(day, game, account.account_id)
            raise
        hub.note_table(address, room.table.id, True)
        people.table_made(
            hub, room.table.id, TableFacts("private", False, ""), account, PERSON_SEAT
        )
        self.book.give_table(day, game, account.account_id, room.table.id)
        fresh = DailyEntry(day, game, account.account_id, room.table.id, entry.started, None, ())
        self.known[room.table.id] = fresh
        self.work_out_par(day, game)
        log.info("table %s: the %s set of %s", room.table.id, game, day)
        return JSONResponse(self.attempt_facts(fresh, tokens[PERSON_SEAT]), status_code=201)

    def attempt_facts(self, entry: DailyEntry, token: str | None) -> dict[str, Any]:
        """What ``POST /api/daily/{game}`` answers."""
        facts: dict[str, Any] = {
            "day": entry.day,
            "game": entry.game,
            "table": entry.table_id,
            "seat": PERSON_SEAT,
            "finished": entry.finished is not None,
        }
        if token is not None:
            facts["token"] = token
        return facts

    def work_out_par(self, day: str, game: str) -> None:
        """Work out the day's par of ``game`` in the background, unless kept already."""
        key = (day, game)
        if key in self.working or self.book.par(day, game) is not None:
            return
        self.working.add(key)

        if self._par_worker is None:
            # A process of its own: the bots' replays take seconds to minutes of
            # a core, which threads of this process would take from its tables.
            # Like the review processes: a lower priority, and it ends when this
            # server is gone (killed, it cannot say so).
            self._par_worker = ProcessPoolExecutor(
                1,
                mp_context=get_context("spawn"),
                initializer=start_worker,
                initargs=(None, os.getpid()),
            )
        worker = self._par_worker

        async def work() -> None:
            try:
                pars = await asyncio.get_running_loop().run_in_executor(
                    worker,
                    partial(
                        daily_par,
                        game,
                        self.seed(day, game),
                        PERSON_SEAT,
                        bot=self.settings.bot,
                        replays=self.settings.par_replays,
                    ),
                )
                self.book.set_par(day, game, pars)
            except Exception:
                log.exception("the par of the %s set of %s could not be worked out", game, day)
            finally:
                self.working.discard(key)

        task = asyncio.get_running_loop().create_task(work())
        self._background.add(task)
        task.add_done_callback(self._background.discard)

    def table_finished(self, room: Room) -> None:
        """A table's game is over: if it is an attempt, keep its scores."""
        if DAILY_META not in room.table.meta:
            return
        try:
            self.book.finish(room.table.id, deal_scores(room.table.score_sheet()))
        except Exception:
            log.exception("table %s: the daily scores could not be kept", room.table.id)

    def message_refusal(self, room: Room, kind: str) -> str | None:
        """Why a table message is refused at an attempt's table, or None."""
        kept = room.table.meta.get(DAILY_META)
        if not isinstance(kept, dict):
            return None
        if kind in ("undo", "hint", "again", "leave"):
            return (
                f"{kind!r} is not offered at today's deals: one attempt, played to the end, "
                "without help"
            )
        if kind == "move" and self.clock.is_closed(str(kept.get("day", ""))):
            return "this day's deals are closed: no more moves are taken"
        return None

    # ----- what a person may see -----------------------------------------------------------
    def names(self, people: People, account_ids: Sequence[str]) -> dict[str, str]:
        """The names of accounts ("a former player" for a deleted one)."""
        from parlour.web.accounts import FORMER_PLAYER

        names = {}
        for account_id in set(account_ids):
            account = people.book.account_by_id(account_id)
            names[account_id] = account.name if account is not None else FORMER_PLAYER
        return names

    def today(self, hub: Hub, people: People, request: Request) -> dict[str, Any]:
        """``GET /api/daily``: today's sets, their closing time, how many have
        played, the signed-in person's own attempt (scores, and the par once the
        set is finished) and their place in yesterday's set (closed)."""
        account = people.account_of(request)
        day = self.clock.today()
        entries = self.book.entries(day)
        previous_day = (date.fromisoformat(day) - timedelta(days=1)).isoformat()
        played_before = {
            entry.game
            for entry in (self.book.entries(previous_day) if account else [])
            if account and entry.account_id == account.account_id
        }
        sets = []
        for game in daily_games():
            mine = [
                entry
                for entry in entries
                if entry.game == game and account and entry.account_id == account.account_id
            ]
            of_game = [entry for entry in entries if entry.game == game]
            options = DAILY_SETS[game]
            loaded = parlour.load_game(game, **options)
            sets.append(
                {
                    "game": game,
                    "title": loaded.info.title,
                    "options": dict(options),
                    "length": set_length(loaded, options),
                    "players": loaded.num_players,
                    "seat": PERSON_SEAT,
                    "bots": self.settings.bot,
                    "started": len(of_game),
                    "played": sum(1 for entry in of_game if entry.finished is not None),
                    "mine": self.own_facts(mine[0]) if mine else None,
                    "yesterday": self.place_of(hub, previous_day, game, account.account_id)
                    if account and game in played_before
                    else None,
                }
            )
        return {
            "day": day,
            "timezone": self.settings.timezone,
            "closes_at": self.clock.closes_at(day).isoformat(),
            "now": self.clock.now().astimezone(UTC).isoformat(),
            "previous_day": previous_day,
            "signed_in": account.name if account else None,
            "sets": sets,
        }

    def place_of(self, hub: Hub, day: str, game: str, account_id: str) -> dict[str, Any] | None:
        """A person's place in a closed day's set: ``{"day", "place", "of",
        "percent"}``, or None if they did not play it."""
        standings = self.standings(hub, day, game)
        for place, standing in zip(places(standings), standings, strict=True):
            if standing.account_id == account_id:
                return {
                    "day": day,
                    "place": place,
                    "of": len(standings),
                    "percent": standing.percent,
                }
        return None

    def own_facts(self, entry: DailyEntry) -> dict[str, Any]:
        """A person's own attempt: the table, the scores so far, the par when done
        (asked for again if it is missing: a server stopped while working it out)."""
        finished = entry.finished is not None
        par = self.book.par(entry.day, entry.game) if finished else None
        if finished and par is None:
            self.work_out_par(entry.day, entry.game)
        return {
            "table": entry.table_id,
            "finished": finished,
            "scores": list(entry.scores),
            "total": sum(entry.scores),
            "par": [list(pair) for pair in par] if par is not None else None,
            "par_total": round(sum(mean for mean, _ in par), 3) if par is not None else None,
        }

    def standings(self, hub: Hub, day: str, game: str) -> list[Standing]:
        """The standings of a closed day's set (worked out once, then kept)."""
        key = (day, game)
        kept = self.closed_sets.get(key)
        if kept is not None:
            return kept
        rows = []
        for entry in self.book.entries(day, game):
            if not entry.table_id:
                continue
            scores = list(entry.scores)
            if entry.finished is None:  # left unfinished: the deals it finished
                try:
                    scores = deal_scores(hub.room(entry.table_id).table.score_sheet())
                except Exception:
                    log.exception("table %s: its daily scores could not be read", entry.table_id)
                    scores = []
            rows.append((entry.account_id, entry.table_id, scores, entry.finished is not None))
        standings = rank(rows, self.deals_of(day, game, [row[2] for row in rows]))
        self.closed_sets[key] = standings
        return standings

    def deals_of(self, day: str, game: str, scores: Sequence[Sequence[float]]) -> int:
        """How many deals a day's set has (the par's count, or the most played)."""
        par = self.book.par(day, game)
        return max([len(par or [])] + [len(row) for row in scores] + [1])

    def results(
        self, hub: Hub, people: People, request: Request, game: str, day: str
    ) -> dict[str, Any]:
        """``GET /api/daily/{game}/{day}``: before the close, how many played and
        the person's own attempt; after, the ranking with everyone's result per
        deal, the replays and reviews, the par, and the best result per deal."""
        game, day = self.checked_game(game), self.checked_day(day)
        account = people.account_of(request)
        entries = self.book.entries(day, game)
        mine = [entry for entry in entries if account and entry.account_id == account.account_id]
        facts: dict[str, Any] = {
            "game": game,
            "day": day,
            "timezone": self.settings.timezone,
            "closes_at": self.clock.closes_at(day).isoformat(),
            "closed": self.clock.is_closed(day),
            "started": len(entries),
            "played": sum(1 for entry in entries if entry.finished is not None),
            "mine": self.own_facts(mine[0]) if mine else None,
        }
        if not facts["closed"]:
            return facts
        standings = self.standings(hub, day, game)
        names = self.names(people, [standing.account_id for standing in standings])
        par = self.book.par(day, game)
        deals = self.deals_of(day, game, [standing.scores for standing in standings])
        ranking = []
        for place, standing in zip(places(standings), standings, strict=True):
            ranking.append(
                {
                    "place": place,
                    "name": names[standing.account_id],
                    "percent": standing.percent,
                    "finished": standing.finished,
                    "deals": [
                        {
                            "score": standing.scores[deal] if deal < len(standing.scores) else None,
                            "matchpoints": round(100.0 * standing.points[deal], 2),
                        }
                        for deal in range(deals)
                    ],
                    "table": standing.table_id,
                    "replay": f"/api/tables/{standing.table_id}/replay?seat={PERSON_SEAT}",
                    "review": f"/api/tables/{standing.table_id}/review/{PERSON_SEAT}",
                    "mine": bool(account and standing.account_id == account.account_id),
                }
            )
        best = []
        for deal in range(deals):
            played = [item for item in standings if deal < len(item.scores)]
            if not played:
                continue
            top = max(played, key=lambda item: item.scores[deal])
            best.append(
                {
                    "deal": deal + 1,
                    "name": names[top.account_id],
                    "score": top.scores[deal],
                    "table": top.table_id,
                    "replay": f"/api/tables/{top.table_id}/replay?seat={PERSON_SEAT}",
                }
            )
        facts.update(
            {
                "deals": deals,
                "par": [list(pair) for pair in par] if par is not None else None,
                "ranking": ranking,
                "best": best,
            }
        )
        return facts

    def rankings(
        self, hub: Hub, people: People, period: str, day_text: str | None, game: str | None
    ) -> dict[str, Any]:
        """``GET /api/daily/rankings``: the closed days of a period (``day``: one
        day, by default yesterday; ``week``: Monday to Sunday; ``month``), each
        person's average set score over the days played, best first; those
        with fewer days than the period's minimum listed apart."""
        if period not in MINIMUM_DAYS:
            raise DailyError(f"period must be one of: {', '.join(MINIMUM_DAYS)}")
        if game is not None:
            self.checked_game(game)
        today = date.fromisoformat(self.clock.today())
        if day_text is None:
            around = today - timedelta(days=1) if period == "day" else today
        else:
            around = date.fromisoformat(self.checked_day(day_text))
        if period == "day":
            first = last = around
        elif period == "week":
            first = around - timedelta(days=around.weekday())
            last = first + timedelta(days=6)
        else:
            first = around.replace(day=1)
            last = (first + timedelta(days=32)).replace(day=1) - timedelta(days=1)
        last = min(last, today - timedelta(days=1))  # closed days only
        sets: dict[str, list[tuple[str, float]]] = {}
        if last >= first:
            seen = {
                (entry.day, entry.game)
                for entry in self.book.entries_between(first.isoformat(), last.isoformat())
                if game is None or entry.game == game
            }
            for day, set_game in sorted(seen):
                for standing in self.standings(hub, day, set_game):
                    sets.setdefault(standing.account_id, []).append((day, standing.percent))
        names = self.names(people, list(sets))
        minimum = MINIMUM_DAYS[period]
        lines: list[dict[str, Any]] = []
        for account_id, played in sets.items():
            days = len({day for day, _ in played})
            average = round(statistics.fmean(percent for _, percent in played), 2)
            lines.append(
                {"name": names[account_id], "average": average, "days": days, "sets": len(played)}
            )
        lines.sort(key=lambda line: (-float(line["average"]), str(line["name"])))
        ranked = [line for line in lines if int(line["days"]) >= minimum]
        for line in ranked:  # equal averages share a place
            line["place"] = 1 + sum(1 for other in ranked if other["average"] > line["average"])
        return {
            "period": period,
            "game": game,
            "from": first.isoformat(),
            "to": last.isoformat(),
            "minimum_days": minimum,
            "players": ranked,
            "too_few_days": [line for line in lines if int(line["days"]) < minimum],
        }


class DailyGuard:
    """The ASGI middleware that hides an attempt's table until its day closes:
    every table route and the table's WebSocket answer only the attempt's own
    player (signed in), and the record (which holds the seed) nobody."""

    PATH = re.compile(r"/(api|ws)/tables/([A-Za-z0-9_-]{1,64})(/[^?]*)?")

    def __init__(self, app: ASGIApp, *, desk: Callable[[], tuple[Daily, People] | None]) -> None:
        self.app = app
        self.desk = desk

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        status, code = 403, 4403
        try:
            refusal = self.refusal(scope) if scope["type"] in ("http", "websocket") else None
        except Exception as error:  # the database failed: refuse (a hidden table stays hidden)
            if not isinstance(error, StoreUnavailableError):
                log.warning("the daily check failed: %s: %s", type(error).__name__, error)
            refusal, status, code = STORE_UNAVAILABLE, 503, 1013
        if refusal is None:
            await self.app(scope, receive, send)
        elif scope["type"] == "websocket":
            websocket = WebSocket(scope, receive, send)
            await websocket.accept()
            await websocket.send_json({"type": "error", "message": refusal})
            await websocket.close(code=code)
        else:
            await JSONResponse({"error": refusal}, status_code=status)(scope, receive, send)

    def refusal(self, scope: Scope) -> str | None:
        """Why this request must not reach a daily table, or None."""
        matched = self.PATH.fullmatch(str(scope.get("path", "")))
        desk = self.desk() if matched else None
        if matched is None or desk is None:
            return None
        daily, people = desk
        entry = daily.entry_of(matched.group(2))
        if entry is None or daily.clock.is_closed(entry.day):
            return None
        closes = daily.clock.closes_at(entry.day).isoformat()
        if matched.group(3) == "/record":
            return f"the record of a table of the day (it holds the seed) is shown after {closes}"
        account = people.account_of(HTTPConnection(scope))
        if account is None or account.account_id != entry.account_id:
            return (
                "this is one player's attempt at today's deals: it is hidden from everyone "
                f"else until the day closes ({closes})"
            )
        return None


def daily_routes(
    desk: Callable[[], tuple[Daily, People]],
    hub: Callable[[], Hub],
    address: Callable[[HTTPConnection], str],
) -> list[Route]:
    """The routes of today's deals (mounted by ``create_app``)."""

    async def today(request: Request) -> Response:
        daily, people = desk()
        return JSONResponse(daily.today(hub(), people, request))

    async def start(request: Request) -> Response:
        daily, people = desk()
        game = str(request.path_params["game"])
        return daily.start(hub(), people, request, game, address(request))

    async def results(request: Request) -> Response:
        daily, people = desk()
        game, day = str(request.path_params["game"]), str(request.path_params["day"])
        return JSONResponse(daily.results(hub(), people, request, game, day))

    async def rankings(request: Request) -> Response:
        daily, people = desk()
        period = request.query_params.get("period", "day")
        day = request.query_params.get("date")
        game = request.query_params.get("game")
        return JSONResponse(daily.rankings(hub(), people, period, day, game))

    return [
        Route("/api/daily", today, methods=["GET"]),
        Route("/api/daily/rankings", rankings, methods=["GET"]),
        Route("/api/daily/{game}", start, methods=["POST"]),
        Route("/api/daily/{game}/{day}", results, methods=["GET"]),
    ]
