"""A game at a table: the match, its seats, and the only way a move gets in.

A :class:`Table` owns one State. People and bots sit at its seats; every move
(a player's action, or an undo) comes through :meth:`Table.submit` or
:meth:`Table.undo`, each checked against the seat on turn and the version the
sender last saw, and written to the table's store before it is announced. A
table can therefore be reopened by another process and continue exactly: the
header holds the game, options, seed and seats, and the moves replay in order.

Interfaces read data, never text: :meth:`Table.view_for` (a seat's View),
:meth:`Table.legal_moves`, :meth:`Table.events_for` (the event log as that seat
saw it). Bots are driven by the table: :meth:`Table.choose_bot_move` reads only
a View and changes nothing, so an interface may run it in a worker thread and
then submit its answer with the version it was computed for; an answer made
stale by an undo is refused by the version check.
"""

from __future__ import annotations

import hashlib
import secrets
import threading
from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict, dataclass
from typing import Any, TypeVar

from parlour.bots import BOT_KINDS, make_bot
from parlour.core.errors import IllegalActionError, ParlourError, ParseError
from parlour.core.events import Event, LoggedEvent
from parlour.core.game import DealScore, Game, State, View
from parlour.core.options import options_dict
from parlour.core.registry import load_game
from parlour.core.seat_names import default_seat_name, seat_name_in
from parlour.core.sheet import ScoreSheet
from parlour.table.errors import (
    IllegalMoveError,
    NotYourTurnError,
    StaleVersionError,
    TableError,
    UndoRefusedError,
)
from parlour.table.hints import Hint, hint_for
from parlour.table.store import MemoryTableStore, TableStore, now_text

TABLE_FORMAT = "parlour-table"
"""The ``format`` of a table's header in a store."""
TABLE_FORMAT_VERSION = 1

SEED_BITS = 64
"""Bits of operating-system randomness in a seed drawn for a table."""

T = TypeVar("T")

SHOWN_MOVES = 12
"""How many legal moves an error message lists."""

PERSON = "person"
BOT = "bot"


@dataclass(frozen=True)
class SeatSpec:
    """What a creator asks for at one seat: a person (with a name) or a bot."""

    kind: str
    """``person`` or ``bot``."""
    name: str = ""
    """A person's name (empty: ``Player N``); a bot without a name is ``Bot N``."""
    bot: str = ""
    """For a bot: its kind (``easy``, ``medium``, ``hard``, ``heuristic``, ``random`` …)."""
    bot_seed: int | None = None
    """For a bot: its own seed (default: derived from the table's seed)."""


@dataclass(frozen=True)
class Seat:
    """A seat as the table has it."""

    index: int
    kind: str
    name: str
    bot: str
    """The bot's kind; empty for a person."""
    bot_seed: int


@dataclass(frozen=True)
class PlayedMove:
    """A player action in the current history, as everyone saw it."""

    step: int
    """Its index in the state's history."""
    seat: int
    action: int
    text: str


class Table:
    """One match at a table. Build it with :meth:`create` or :meth:`open`."""

    def __init__(
        self,
        table_id: str,
        game: Game[Any],
        seats: Sequence[Seat],
        seed: int,
        store: TableStore,
        header: Mapping[str, Any],
    ) -> None:
        self.id = table_id
        self.game = game
        self.seats: tuple[Seat, ...] = tuple(seats)
        self.version = 0
        """The number of accepted moves (player actions and undos) so far."""
        self.store = store
        self._header: dict[str, Any] = dict(header)
        """The stored header. It holds the seed: never show it before the end."""
        self._seed = seed
        self._lock = threading.RLock()
        self._moves: list[dict[str, Any]] = []
        self._state = self._fresh_state()
        self._played: list[PlayedMove] = []
        self._cache_stamp: tuple[int, int, int] = (-1, -1, -1)
        self._cache: dict[object, Any] = {}
        """Values read from the state at one moment (:meth:`cached`): several
        connections of one seat, or several spectators, share them."""
        self._undos = 0
        """The undos taken so far (each may change a scored deal's line)."""
        self._sheet_kept: tuple[tuple[int, int, int, bool], dict[str, Any]] | None = None
        """The sheet's JSON with what it was read at: the undos, then the state's
        deals scored, bonuses and end (:meth:`sheet_json`)."""

    # ----- building ------------------------------------------------------------------
    @classmethod
    def create(
        cls,
        game_name: str,
        seats: Sequence[SeatSpec],
        *,
        options: Mapping[str, object] | None = None,
        seed: int | None = None,
        store: TableStore | None = None,
        table_id: str | None = None,
        meta: Mapping[str, Any] | None = None,
        deck: Sequence[str] | Sequence[Sequence[str]] | None = None,
    ) -> Table:
        """A new table of ``game_name`` (with ``options``, ``players`` among them)
        and one :class:`SeatSpec` per seat. Without ``seed``, the deal comes from
        the operating system's randomness (64 bits), so that nobody can guess it.
        ``meta`` is kept in the header for the interface that made the table
        (``"undo": False`` in it: the table takes no move back, see :meth:`undo`).
        ``deck`` forces the first cards dealt (top first, as
        :meth:`~parlour.core.game.Game.new_initial_state` takes it): a lesson's
        deal; the seed deals the rest."""
        game = load_game(game_name, **dict(options or {}))
        if deck is not None:
            try:
                game.new_initial_state(seed=0, deck=deck)
            except ParlourError as error:
                raise TableError(f"the forced deck cannot be dealt: {error}") from None
        if seed is None:
            seed = secrets.randbits(SEED_BITS)
        if type(seed) is not int or seed < 0:
            raise TableError(f"a table's seed is a whole number from 0, not {seed!r}")
        built = _build_seats(game, seats, seed)
        store = store if store is not None else MemoryTableStore()
        table_id = table_id or secrets.token_urlsafe(12)
        header = {
            "format": TABLE_FORMAT,
            "format_version": TABLE_FORMAT_VERSION,
            "game": game.info.name,
            "rules_version": game.info.rules_version,
            "options": options_dict(game.options),
            "seed": seed,
            "seats": [asdict(seat) for seat in built],
            "created_at": now_text(),
            "meta": dict(meta or {}),
        }
        if deck is not None:
            header["deck"] = [list(part) if not isinstance(part, str) else part for part in deck]
        store.create(table_id, header)
        return cls(table_id, game, built, seed, store, header)

    @classmethod
    def open(cls, table_id: str, store: TableStore) -> Table:
        """The table ``table_id`` of ``store``, with every stored move replayed: it
        continues exactly where it was left."""
        header, moves = store.load(table_id)
        table = cls.from_stored(table_id, header, store)
        for number, move in enumerate(moves, start=1):
            try:
                table._replay_move(move)
            except (ParlourError, KeyError, TypeError, ValueError) as error:
                raise TableError(
                    f"table {table_id} cannot be continued: stored move {number} ({move!r}) "
                    f"does not replay: {error}"
                ) from None
        return table

    @classmethod
    def from_stored(cls, table_id: str, header: Mapping[str, Any], store: TableStore) -> Table:
        """A table from its stored header, before any move (used by :meth:`open`)."""
        if header.get("format") != TABLE_FORMAT:
            raise TableError(f"table {table_id} has no table header (format {TABLE_FORMAT!r})")
        try:
            game = load_game(str(header["game"]), **dict(header["options"]))
            seed = int(header["seed"])
            seats = tuple(
                Seat(
                    index=int(item["index"]),
                    kind=str(item["kind"]),
                    name=str(item["name"]),
                    bot=str(item["bot"]),
                    bot_seed=int(item["bot_seed"]),
                )
                for item in header["seats"]
            )
        except (KeyError, TypeError, ValueError) as error:
            raise TableError(f"table {table_id} has a damaged header: {error}") from None
        played_under = header.get("rules_version")
        if played_under is not None and played_under != game.info.rules_version:
            raise TableError(
                f"table {table_id} was played under {game.info.title} rules version "
                f"{played_under}; this parlour has version {game.info.rules_version}, so it "
                "cannot continue it"
            )
        if len(seats) != game.num_players:
            raise TableError(
                f"table {table_id} has {len(seats)} seats for {game.num_players} players"
            )
        return cls(table_id, game, seats, seed, store, header)

    def _fresh_state(self) -> State:
        deck = self._header.get("deck")
        state = self.game.new_initial_state(seed=self._seed, deck=deck)
        state.record_events()
        state.record_seen_history()  # a seat's View then costs no replay of the match
        return state

    # ----- what anyone may read -------------------------------------------------------
    @property
    def meta(self) -> dict[str, Any]:
        """What the interface that made the table kept in its header."""
        meta = self._header.get("meta")
        return dict(meta) if isinstance(meta, dict) else {}

    @property
    def names(self) -> list[str]:
        """The seats' names, by seat."""
        return [seat.name for seat in self.seats]

    def people(self) -> list[int]:
        """The seats where a person sits."""
        return [seat.index for seat in self.seats if seat.kind == PERSON]

    def seat_to_act(self) -> int | None:
        """The seat to act, or None once the game is over (chance is always
        resolved by the table's seeded sampler)."""
        player = self._state.current_player()
        return player if player >= 0 else None

    def is_over(self) -> bool:
        """True when the game has ended."""
        return self._state.is_terminal()

    def bot_to_act(self) -> int | None:
        """The seat to act if a bot sits there, else None."""
        seat = self.seat_to_act()
        return seat if seat is not None and self.seats[seat].kind == BOT else None

    def view_for(self, seat: int | None) -> View | None:
        """What ``seat`` may know now (its View); None for a spectator, who reads
        :meth:`public_observation`. Its history is kept up to date as moves come
        (:meth:`State.record_seen_history`), so a View costs no replay."""
        if seat is None:
            return None
        self._check_seat(seat)
        with self._lock:
            return self._state.view(seat)

    def cached(self, key: object, compute: Callable[[], T]) -> T:
        """``compute()``, computed at most once per version of the table for each
        ``key`` (a value read from the table now, shared by every connection that
        asks for it before the next change). Treat what it returns as read-only."""
        with self._lock:
            stamp = (self.version, id(self._state), len(self._state.history))
            if stamp != self._cache_stamp:
                self._cache_stamp = stamp
                self._cache = {}
            if key not in self._cache:
                self._cache[key] = compute()
            value: T = self._cache[key]
            return value

    def observation(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` sees now (``State.observation``); None: a spectator, who
        sees :meth:`public_observation`. Built once per version and seat."""
        if seat is None:
            return self.public_observation()
        self._check_seat(seat)
        return dict(self.cached(("observation", seat), lambda: self._state.observation(seat)))

    def public_observation(self) -> dict[str, Any]:
        """What a spectator sees: what every seat sees alike (built once per version)."""
        return dict(self.cached(("observation", None), self._state.public_observation))

    def legal_moves(self, seat: int) -> list[tuple[int, str]]:
        """``(action, text)`` for each legal move of ``seat``; empty when it is not
        on turn. Built once per version and seat."""
        self._check_seat(seat)
        return list(self.cached(("legal", seat), lambda: self._legal_moves_now(seat)))

    def legal_move_count(self, seat: int) -> int:
        """How many legal moves ``seat`` has now (0 when it is not on turn),
        without writing their texts."""
        self._check_seat(seat)
        with self._lock:
            state = self._state
            return len(state.legal_actions()) if state.current_player() == seat else 0

    def _legal_moves_now(self, seat: int) -> list[tuple[int, str]]:
        state = self._state
        if state.current_player() != seat:
            return []
        return [(action, state.action_to_string(action)) for action in state.legal_actions()]

    def events_for(self, seat: int | None, since: int = 0) -> list[LoggedEvent]:
        """The event log as ``seat`` saw it (None: a spectator), from history step
        ``since`` on, as ``(step, event)``. The events before ``since`` are skipped
        by a binary search: the cost is that of the events returned."""
        if seat is not None:
            self._check_seat(seat)
        with self._lock:
            return self._state.event_log(seat, since=since)

    def moves_played(self) -> list[PlayedMove]:
        """The player actions of the current history, with their texts (every seat
        sees the actions; only chance outcomes are hidden)."""
        with self._lock:
            return list(self._played)

    def history_length(self) -> int:
        """The number of steps (actions and chance outcomes) in the history."""
        with self._lock:
            return len(self._state.history)

    def score_sheet(self) -> list[DealScore]:
        """The per-deal scores so far (every seat sees them)."""
        with self._lock:
            return self._state.score_sheet()

    def full_sheet(self) -> ScoreSheet:
        """The whole score sheet: lines, end bonuses, totals and, at the end, the
        result (every seat sees it)."""
        with self._lock:
            return self._state.full_sheet()

    def sheet_json(self) -> dict[str, Any]:
        """:meth:`full_sheet` as JSON, built again only when a deal is scored, a
        bonus is added, the match ends, or a move is undone
        (:meth:`State.sheet_stamp`): a sheet changes at no other step, and every
        message of every move carries it. Treat it as read-only."""
        with self._lock:
            stamp = (self._undos, *self._state.sheet_stamp())
            kept = self._sheet_kept
            if kept is None or kept[0] != stamp:
                kept = (stamp, self._state.full_sheet().to_json())
                self._sheet_kept = kept
            return kept[1]

    def result(self) -> list[float] | None:
        """Each seat's final result once the game is over, else None."""
        with self._lock:
            return self._state.returns() if self._state.is_terminal() else None

    def revealed_seed(self) -> int | None:
        """The seed of the deal, once the game is over (None before: the seed
        gives away every hidden card)."""
        return self._seed if self.is_over() else None

    def record_json(self) -> str:
        """The match record (every card, the seed), only once the game is over."""
        with self._lock:
            if not self._state.is_terminal():
                raise TableError(
                    "the match record shows every hidden card: it is available once the "
                    "game is over"
                )
            return self._state.serialize()

    def snapshot(self) -> State:
        """A copy of the whole state, hidden cards included: for the local process
        only (tests, a terminal's renderer), never for a remote client."""
        with self._lock:
            return self._state.clone()

    # ----- moves ------------------------------------------------------------------------
    def check_move(self, seat: int, action: int | str) -> int:
        """The legal action ``seat`` means by ``action`` (an int or its text), or
        the error :meth:`submit` would raise. Changes nothing."""
        with self._lock:
            return self._checked_action(seat, action)

    def submit(self, seat: int, action: int | str, version: int) -> list[LoggedEvent]:
        """Play ``action`` (an int, or text such as ``QH b2``) for ``seat``, which
        must be on turn, against ``version`` (the version the sender last saw).

        Refuses, changing nothing: a stale version (:class:`StaleVersionError`), a
        seat not on turn (:class:`NotYourTurnError`), text that is no action
        (:class:`ParseError`), a move the rules forbid
        (:class:`IllegalActionError`). The move is written to the store before
        this returns. Returns the new events, unfiltered.
        """
        with self._lock:
            self._check_version(version)
            first = len(self._state.history)
            steps = self._whole_move_steps(seat, action)
            if steps is None:
                steps = [self._checked_action(seat, action)]
            for chosen in steps:
                text = self._state.action_to_string(chosen)
                before = len(self._state.history)
                after = self._state.clone()
                after.apply_action(chosen)
                move = {"kind": "action", "seat": seat, "action": chosen, "text": text}
                self.store.append_move(self.id, self.version + 1, move)
                self._commit(after, move, PlayedMove(before, seat, chosen, text))
            return [item for item in _raw_events(self._state) if item[0] >= first]

    def _whole_move_steps(self, seat: int, action: object) -> list[int] | None:
        """The steps of a whole move written in one line, as the game reads them
        (:meth:`parlour.core.game.State.whole_move_steps`), checked on a copy so
        that either every step is legal or nothing changes; None for anything else."""
        if not isinstance(action, str) or self._state.current_player() != seat:
            return None
        steps = self._state.whole_move_steps(action)
        if steps is None:
            return None
        trial = self._state.clone()
        for step in steps:
            if trial.current_player() != seat:
                raise IllegalMoveError(
                    f"{action!r} goes on after the move is complete; legal now: "
                    f"{self._legal_text()}",
                    "the move is complete before its last step",
                )
            trial.apply_action(step)
        return steps

    def choose_bot_move(self) -> tuple[int, int, int]:
        """``(seat, action, version)``: what the bot on turn plays. Reads a View
        and changes nothing, so it may run in a worker thread; submit the answer
        with :meth:`submit` (a move made meanwhile makes it stale)."""
        with self._lock:
            seat = self.bot_to_act()
            if seat is None:
                raise TableError("no bot is on turn" + self._turn_text())
            view = self._state.view(seat)
            version = self.version
        spec = self.seats[seat]
        # A new bot for each decision: a bot's choice depends only on its seed and
        # the View, and no two workers ever share a bot's working memory.
        return seat, make_bot(spec.bot, spec.bot_seed).choose(view), version

    def play_bot_move(self) -> list[LoggedEvent]:
        """Let the bot on turn choose and play; return the new events."""
        seat, action, version = self.choose_bot_move()
        return self.submit(seat, action, version)

    # ----- undo ----------------------------------------------------------------------
    def can_undo(self, seat: int) -> bool:
        """Whether :meth:`undo` would be accepted for ``seat`` now."""
        try:
            with self._lock:
                self._undo_target(seat)
        except UndoRefusedError:
            return False
        return True

    def undo(self, seat: int, version: int) -> None:
        """Take back ``seat``'s last decision, as the table's policy allows:

        - one person with bots: back to that person's previous decision, as many
          times as wanted (the bots' moves after it go too);
        - several people: only your own last move, once, only if no other seat
          has moved since and the move showed nobody a card (see
          :meth:`_showed_a_card`: a card dealt, drawn or turned after it, a
          face-down card taken, a hand shown).

        The state is rebuilt from the seed, so every card dealt stays the same.
        Raises :class:`UndoRefusedError` with the reason; changes nothing then.
        """
        with self._lock:
            self._check_version(version)
            target = self._undo_target(seat)
            rebuilt = self._rebuild(target)
            move = {"kind": "undo", "seat": seat}
            self.store.append_move(self.id, self.version + 1, move)
            self._moves.append(move)
            self.version += 1
            self._state = rebuilt
            self._undos += 1
            self._played = [item for item in self._played if item.step < target]

    def _undo_target(self, seat: int, *, stored: bool = False) -> int:
        """The history length ``seat``'s undo goes back to, or the refusal.

        ``stored``: an undo read back from the store (opening a table, or a move
        another process made). It was accepted when it was made, so the one rule
        that was added later, that a move which showed a card cannot be taken
        back, is not asked again: a table stored before it still opens."""
        self._check_seat(seat)
        if self.meta.get("undo") is False:
            raise UndoRefusedError(
                "this table takes no move back (its maker said so)", "not_allowed"
            )
        if self._state.is_terminal():
            raise UndoRefusedError("the game is over: there is nothing to take back", "over")
        people = self.people()
        if self.seats[seat].kind != PERSON:
            raise UndoRefusedError(
                f"seat {seat} ({self.seats[seat].name}) is a bot; only people take moves back",
                "not_a_person",
            )
        if len(people) > 1 and self._moves and self._moves[-1]["kind"] == "undo":
            raise UndoRefusedError(
                "a move was just taken back (at a table of several people only your own "
                "last move can be taken back, once)",
                "again",
            )
        last = next((item for item in reversed(self._played) if item.seat == seat), None)
        if last is None:
            raise UndoRefusedError(
                f"{self.seats[seat].name} has no decision to take back", "nothing"
            )
        if len(people) == 1:
            return last.step
        if self._played[-1].seat != seat:
            raise UndoRefusedError(
                "another seat has moved since your last move (at a table of several people "
                "only your own last move can be taken back, once)",
                "others_moved",
            )
        shown = None if stored else self._showed_a_card(last.step)
        if shown is not None:
            raise UndoRefusedError(
                f"a hidden card has been shown since your last move ("
                f"{shown.kind.replace('_', ' ')}); at a table of several people a move "
                "cannot be taken back once a card that was hidden has been shown after it "
                "(taken from a face-down place, dealt, drawn or turned up)",
                "revealed",
            )
        return last.step

    def _showed_a_card(self, step: int) -> Event | None:
        """The first event from history step ``step`` on that showed some seat a
        card it had not seen (:meth:`Event.shown_to` is not empty), or None.

        This is the whole rule of what undo must not hide again, read from the
        events' own declarations (``shows_card`` and the audience) rather than
        from the kind of step: a Thracula take shows the taker a card with no
        chance step, a card laid face down is a chance step that shows nobody
        anything, and every chance step that deals a card someone sees emits an
        event that says so (tests/test_table.py checks it for every game)."""
        found: Event | None = None
        # Read from the end, without copying the log: only the last move's events
        # are looked at, so the check costs the same late in a match as early.
        events: list[LoggedEvent] = self._state._events or []  # the table owns this state
        for logged_step, event in reversed(events):
            if logged_step < step:
                break
            if event.shown_to() != ():
                found = event
        return found

    def _rebuild(self, length: int) -> State:
        """The state after the first ``length`` steps of the history, dealt by the
        same seeded sampler so that chance comes out as it did."""
        history = self._state.history[:length]
        state = self._fresh_state()
        try:
            while len(state.history) < len(history):
                state.apply_action(history[len(state.history)])
        except ParlourError:
            state = None  # type: ignore[assignment]
        if state is None or state.history != history:
            raise UndoRefusedError(
                "rebuilding the match did not deal the same cards; undo is not possible here",
                "nothing",
            )
        return state

    # ----- hints -----------------------------------------------------------------------
    def hint(self, seat: int, lang: str = "en", show: Callable[[str], str] | None = None) -> Hint:
        """What the strongest installed bot would play for ``seat`` (on turn), and
        why, in ``lang`` (``show`` names a move in the reason as the interface
        lists it, e.g. in French words). Reads a View: safe in a worker thread."""
        self._check_seat(seat)
        with self._lock:
            if self._state.current_player() != seat:
                raise NotYourTurnError(
                    f"no hint for seat {seat} ({self.seats[seat].name}): it is not on turn"
                    + self._turn_text()
                )
            view = self._state.view(seat)
        # A name nobody chose is said in the hint's language (Bot 2, Robot 2).
        names = [seat_name_in(seat.name, index, lang) for index, seat in enumerate(self.seats)]
        return hint_for(view, derived_seed(self._seed, -1), lang, names=names, show=show)

    # ----- internals -----------------------------------------------------------------
    def _check_seat(self, seat: object) -> None:
        if type(seat) is not int or not 0 <= seat < len(self.seats):
            raise NotYourTurnError(
                f"there is no seat {seat!r} at this table; seats are 0 to {len(self.seats) - 1}"
            )

    def _check_version(self, version: object) -> None:
        if type(version) is not int or version != self.version:
            raise StaleVersionError(
                f"the move was made for version {version!r} of the table, which is now at "
                f"version {self.version}; look at the table again and resend"
            )

    def _turn_text(self) -> str:
        seat = self.seat_to_act()
        if seat is None:
            return " (the game is over)"
        return f" (seat {seat}, {self.seats[seat].name}, is on turn)"

    def _checked_action(self, seat: int, action: object) -> int:
        self._check_seat(seat)
        state = self._state
        if state.is_terminal():
            raise TableError("the game is over: no more moves")
        if state.current_player() != seat:
            raise NotYourTurnError(
                f"it is not seat {seat}'s turn ({self.seats[seat].name})" + self._turn_text()
            )
        if isinstance(action, str):
            chosen = _parsed(state, action)
        elif type(action) is int:
            chosen = action
        else:
            raise ParseError(
                f"a move is an action number or its text (e.g. {self._example()!r}), not {action!r}"
            )
        legal = state.legal_actions()
        if chosen in legal:
            return chosen
        if not 0 <= chosen < self.game.num_distinct_actions():
            raise IllegalActionError(
                f"{chosen} is no action of {self.game.info.title} (actions are 0 to "
                f"{self.game.num_distinct_actions() - 1}); legal now: {self._legal_text()}"
            )
        refused = state.why_refused(chosen)
        reason = (
            refused.text("en") if refused is not None else "it is not one of the legal moves now"
        )
        raise IllegalMoveError(
            f"{state.action_to_string(chosen)} is not allowed: {reason}; legal now: "
            f"{self._legal_text()}",
            reason,
            refused,
        )

    def _legal_text(self) -> str:
        """The first few legal moves as text (never all of them: a list can be long)."""
        legal = self._state.legal_actions()
        shown = ", ".join(self._state.action_to_string(action) for action in legal[:SHOWN_MOVES])
        return shown + (f" … ({len(legal)} in all)" if len(legal) > SHOWN_MOVES else "")

    def _example(self) -> str:
        legal = self._state.legal_actions()
        return self._state.action_to_string(legal[0]) if legal else "?"

    def _commit(self, state: State, move: dict[str, Any], played: PlayedMove) -> None:
        self._state = state
        self._moves.append(move)
        self._played.append(played)
        self.version += 1
        if state.is_terminal():
            self.store.finish(
                self.id,
                {"returns": state.returns(), "seed": self._seed, "finished_at": now_text()},
            )

    def _replay_move(self, move: Mapping[str, Any]) -> None:
        """Apply one stored move again (opening a table): the same checks as a new
        move, without writing it."""
        seat = int(move["seat"])
        if move["kind"] == "undo":
            target = self._undo_target(seat, stored=True)
            self._state = self._rebuild(target)
            self._undos += 1
            self._played = [item for item in self._played if item.step < target]
            self._moves.append(dict(move))
            self.version += 1
            return
        chosen = self._checked_action(seat, int(move["action"]))
        before = len(self._state.history)
        text = self._state.action_to_string(chosen)
        self._state.apply_action(chosen)
        self._moves.append(dict(move))
        self._played.append(PlayedMove(before, seat, chosen, text))
        self.version += 1

    def catch_up(self) -> int:
        """Replay the moves stored after this table's version by someone else
        sharing its store (another server process); return how many there were.

        The first ``version`` stored moves are the ones this table holds (a move
        number is stored once), so only the later ones are read into the state."""
        with self._lock:
            _, moves = self.store.load(self.id)
            later = moves[self.version :]
            for number, move in enumerate(later, start=self.version + 1):
                try:
                    self._replay_move(move)
                except (ParlourError, KeyError, TypeError, ValueError) as error:
                    raise TableError(
                        f"table {self.id}: stored move {number} ({move!r}) does not replay: {error}"
                    ) from None
            return len(later)

    def copy_to(self, store: TableStore) -> None:
        """Write this table (header and every move so far) into ``store`` and keep
        it there from now on (a terminal's table saved for the first time)."""
        with self._lock:
            store.create(self.id, self._header)
            for number, move in enumerate(self._moves, start=1):
                store.append_move(self.id, number, move)
            if self._state.is_terminal():
                store.finish(self.id, {"returns": self._state.returns(), "seed": self._seed})
            self.store = store


def _parsed(state: State, text: str) -> int:
    """The action ``text`` names; any failure of the parser is a :class:`ParseError`."""
    try:
        return state.string_to_action(text)
    except ParseError:
        raise
    except (ValueError, TypeError, AttributeError, RecursionError) as error:
        shown = text if len(text) <= 40 else text[:40] + "…"
        raise ParseError(f"{shown!r} is not a move of {state.game.info.title}: {error}") from None


def moves_of(state: State) -> list[PlayedMove]:
    """The player actions of ``state``'s history with their texts (for a replay)."""
    replay = state.game.new_initial_state()
    moves = []
    for step, action in enumerate(state.history):
        seat = replay.current_player()
        if seat >= 0:
            moves.append(PlayedMove(step, seat, action, replay.action_to_string(action)))
        replay.apply_action(action)
    return moves


def _raw_events(state: State) -> list[LoggedEvent]:
    """Every event recorded so far, unfiltered (the table records them from the
    start, see :meth:`State.record_events`)."""
    events: list[LoggedEvent] | None = state._events  # the table is the owner of this state
    return list(events) if events is not None else []


def derived_seed(seed: int, index: int) -> int:
    """A bot's seed made from the table's seed by a one-way hash: a bot's seed may
    be shown (it is part of the seat), and must not give the deal away."""
    digest = hashlib.sha256(f"parlour-bot:{seed}:{index}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def _build_seats(game: Game[Any], specs: Sequence[SeatSpec], seed: int) -> tuple[Seat, ...]:
    players = game.num_players
    if len(specs) != players:
        raise TableError(
            f"{game.info.title} with these options has {players} seats; {len(specs)} were given"
        )
    seats = []
    for index, spec in enumerate(specs):
        if not isinstance(spec, SeatSpec):
            raise TableError(f"seat {index} must be a SeatSpec, not {spec!r}")
        if spec.kind == PERSON:
            name = spec.name.strip() or default_seat_name(PERSON, index, "en")
            seats.append(Seat(index, PERSON, name, "", 0))
        elif spec.kind == BOT:
            if spec.bot not in BOT_KINDS:
                raise TableError(
                    f"seat {index}: unknown bot {spec.bot!r}; bots: {', '.join(sorted(BOT_KINDS))}"
                )
            name = spec.name.strip() or default_seat_name(BOT, index, "en")
            bot_seed = spec.bot_seed if spec.bot_seed is not None else derived_seed(seed, index)
            seats.append(Seat(index, BOT, name, spec.bot, bot_seed))
        else:
            raise TableError(f"seat {index}: kind must be 'person' or 'bot', not {spec.kind!r}")
    names = [seat.name for seat in seats]
    if len(set(names)) != len(names):
        raise TableError(f"every seat needs its own name; given {names}")
    return tuple(seats)


__all__ = ["PlayedMove", "Seat", "SeatSpec", "Table", "moves_of"]
