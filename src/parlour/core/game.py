"""The Game / State / View base every game module builds on.

A :class:`Game` is a rule set with validated options; it makes
:class:`State` objects. A State is one position: who is to act, what they may
do, what each seat sees. Chance (shuffles, deals, a random first dealer) is
explicit: a state whose :meth:`State.current_player` is :data:`CHANCE` waits for
a chance outcome, as in OpenSpiel. ``new_initial_state(seed=…)`` or
``new_initial_state(deck=[…])`` attaches a :class:`~parlour.core.sampler.Sampler`
that resolves chance nodes as soon as they appear.

A game module subclasses State and implements the ``_``-prefixed hooks; the base
class gives every game the same public behaviour: validation before any change,
error messages with evidence, cached legal actions, clone, records and views.
"""

from __future__ import annotations

import contextlib
import json
from abc import ABC, abstractmethod
from bisect import bisect_left
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Final, Generic, TypeVar

from parlour.core.cards import STANDARD_PACK, format_card, nth_bit, parse_card
from parlour.core.errors import (
    COMMON_REFUSALS,
    IllegalActionError,
    ParlourError,
    ParseError,
    RecordError,
    Refusal,
    allowed_list,
    refusal,
    shown,
)
from parlour.core.events import Event, LoggedEvent
from parlour.core.options import OptionSpec, build_options, option_specs, options_dict
from parlour.core.sampler import Rng, Sampler
from parlour.core.sheet import ScoreSheet, SheetBonus, SheetLine

CHANCE: Final = -1
"""``current_player()`` of a state waiting for a chance outcome (OpenSpiel's value)."""
TERMINAL: Final = -4
"""``current_player()`` of a finished game (OpenSpiel's value)."""

OptionsT = TypeVar("OptionsT")
_UNSET: Final = object()
"""Marks a field a compiled state has not set (see ``State._take_fields``)."""
JSON = Any
"""A JSON-friendly value: dicts, lists, str, int, float, bool, None."""

MAX_ACTION_TEXT = 2_000
"""The longest action text that is parsed (the longest real one is far shorter):
anything longer is refused before any work is done on it."""
LISTED_CHOICES = 20
"""How many legal actions an error message lists before "and N more"."""


@dataclass(frozen=True)
class GameInfo:
    """What a game is, independent of its options."""

    name: str
    """Registry name, e.g. ``dracula``."""
    title: str
    """Display title, e.g. ``Dracula``."""
    min_players: int
    max_players: int
    rules_version: int
    """Bumped whenever a rule change would make old records replay differently."""
    summary: str
    """One line for ``parlour list``."""
    summary_fr: str = ""
    """The same line in French (the lobby in French shows it; empty: the English one)."""
    title_fr: str = ""
    """The title in French, where it differs (empty: the same title in both languages)."""

    def title_text(self, lang: str) -> str:
        """The title in ``lang`` (the English one when the game gave no French)."""
        return self.title_fr if lang == "fr" and self.title_fr else self.title

    def summary_text(self, lang: str) -> str:
        """The one-line summary in ``lang`` (English when the game gave no French)."""
        return self.summary_fr if lang == "fr" and self.summary_fr else self.summary


@dataclass(frozen=True)
class DealScore:
    """One line of a score sheet: the scores of one deal (or round)."""

    game: int
    """Game number within a session, from 1."""
    deal: int
    """Deal (or round) number within the game, from 1."""
    scores: tuple[float, ...]
    """One score per seat for this deal."""
    note: str = ""
    """Anything worth saying about this line (a tie cascade, a bonus, …)."""


@dataclass(frozen=True)
class View:
    """Everything one seat may know, and nothing else: what a bot or a UI gets.

    A View holds no reference to the State it came from. Two states that differ
    only in cards hidden from ``seat`` give equal Views.
    """

    game: Game[Any]
    seat: int
    observation: Mapping[str, JSON]
    """What the seat sees now (``State.observation(seat)``)."""
    legal_actions: tuple[int, ...]
    """The seat's legal actions if it is to act, else empty."""
    action_texts: tuple[str, ...]
    """``action_to_string`` of each legal action, same order."""
    history: tuple[tuple[int, int | None], ...] = field(repr=False)
    """Every step of the match as this seat saw it: ``(actor, action)``, with the
    action ``None`` where it was a chance outcome the seat could not see."""

    def action_to_string(self, action: object) -> str:
        """The text of one of this view's legal actions."""
        if type(action) is int and action in self.legal_actions:
            return self.action_texts[self.legal_actions.index(action)]
        raise IllegalActionError(
            f"action {shown(action)} is not legal for seat {self.seat}; "
            f"legal: {allowed_list(self.action_texts, LISTED_CHOICES)}"
        )

    def string_to_action(self, text: object) -> int:
        """The legal action written ``text``: any form the game's parser accepts
        without the state (``Game.parse_action``), else the listed text with case,
        spacing and suit symbols free."""
        text = check_action_text(text)
        try:
            parsed = self.game.parse_action(text)
        except ParseError:
            parsed = None
        if parsed is not None and parsed in self.legal_actions:
            return parsed
        wanted = _normalise_action_text(text)
        for action, action_text in zip(self.legal_actions, self.action_texts, strict=True):
            if _normalise_action_text(action_text) == wanted:
                return action
        raise IllegalActionError(
            f"{shown(text)} is not a legal action for seat {self.seat}; "
            f"legal: {allowed_list(self.action_texts, LISTED_CHOICES)}"
        )

    def sample_state(self, rng: Rng) -> State:
        """A full State consistent with everything this seat has seen."""
        return self.game.sample_state(self, rng)


def first_dealer_outcomes(players: int) -> list[tuple[int, float]]:
    """The chance outcomes of a random first dealer: each seat equally likely."""
    return [(seat, 1.0 / players) for seat in range(players)]


def first_dealer_text(seat: object, players: int | None = None) -> str:
    """A random first dealer's outcome as text: ``seat 2``. Raises
    :class:`ParseError` for what is not a seat (of ``players`` seats, if given)."""
    if type(seat) is not int or seat < 0 or (players is not None and seat >= players):
        most = "" if players is None else f" to {players - 1}"
        raise ParseError(f"{shown(seat)} is not a seat; seats are 0{most}")
    return f"seat {seat}"


def parse_small_number(word: str) -> int | None:
    """``word`` as a whole number if it is one to nine ASCII digits, else None.

    ``str.isdigit`` also accepts ``²`` and other digits ``int`` refuses, and a
    number of thousands of digits costs time to convert: both are refused here.

    >>> parse_small_number("12"), parse_small_number("²"), parse_small_number("-1")
    (12, None, None)
    """
    if 0 < len(word) <= 9 and word.isascii() and word.isdecimal():
        return int(word)
    return None


def parse_first_dealer(text: str, players: int) -> int:
    """``seat 2`` (or ``dealer 2``, or ``2``) → 2; :class:`ParseError` otherwise."""
    words = text.strip().lower().split()
    if words and words[0] in ("seat", "dealer"):
        words = words[1:]
    seat = parse_small_number(words[0]) if len(words) == 1 else None
    if seat is not None and seat < players:
        return seat
    raise ParseError(
        f"{shown(text)} is not a first dealer; write 'seat N' with N from 0 to {players - 1}"
    )


def check_action_text(text: object) -> str:
    """``text`` if it can be action text; else :class:`ParseError`: a non-string,
    or a text longer than :data:`MAX_ACTION_TEXT`."""
    if not isinstance(text, str):
        raise ParseError(f"an action must be text such as 'QH b2', not {shown(text)}")
    if len(text) > MAX_ACTION_TEXT:
        raise ParseError(
            f"an action text of {len(text)} characters is too long "
            f"(at most {MAX_ACTION_TEXT}): {shown(text)}"
        )
    return text


def instance_fields(thing: object) -> dict[str, object]:
    """Every field set on ``thing``, by name. A compiled (mypyc) instance has no
    ``__dict__``: its class lists its fields in ``__mypyc_attrs__``; a pure one
    keeps them in its ``__dict__``. Clones and the tests' state comparisons read
    fields through here, so that both engines are seen the same way."""
    names = [name for name in getattr(type(thing), "__mypyc_attrs__", ()) if name != "__dict__"]
    names.extend(getattr(thing, "__dict__", ()))
    fields: dict[str, object] = {}
    for name in names:
        value = getattr(thing, name, _UNSET)
        if value is not _UNSET:
            fields[name] = value
    return fields


def _logged_step(item: LoggedEvent) -> int:
    """The history step of a logged event (the key of the event log's order)."""
    return item[0]


def _normalise_action_text(text: str) -> str:
    tokens = []
    for token in text.replace(",", " , ").replace("+", " + ").split():
        try:
            tokens.append(format_card(parse_card(token)))
        except ParseError:
            tokens.append(token.upper())
    return " ".join(tokens)


class State(ABC):
    """One position of a game. Subclasses implement the ``_``-prefixed hooks.

    Keep the fields few and small (ints, bit masks, flat lists of ints); name
    every list field in ``_list_fields`` so :meth:`clone` copies it.
    """

    _list_fields: ClassVar[tuple[str, ...]] = ()

    def __init__(self, game: Game[Any]) -> None:
        self.game = game
        self.history: list[int] = []
        """Every action applied so far, chance outcomes included."""
        self._sampler: Sampler | None = None
        self._legal: list[int] | None = None
        self._events: list[LoggedEvent] | None = None
        """The events emitted so far, or None while nobody records them."""
        self._seen: list[list[tuple[int, int | None]]] | None = None
        """Each seat's :meth:`seen_history` so far, kept up to date step by step,
        or None while nobody records it (see :meth:`record_seen_history`)."""

    # ----- hooks a game implements ---------------------------------------
    @abstractmethod
    def current_player(self) -> int:
        """The seat to act, :data:`CHANCE` or :data:`TERMINAL`."""

    @abstractmethod
    def _legal_actions(self) -> list[int]:
        """The sorted legal actions of the player to act (not at chance nodes)."""

    @abstractmethod
    def _apply(self, action: int) -> None:
        """Apply an action already known to be legal."""

    @abstractmethod
    def action_to_string(self, action: object) -> str:
        """The text of an action at this state (a chance outcome at a chance node)."""

    @abstractmethod
    def _parse_action(self, text: str) -> int:
        """Parse action text at this state; raise :class:`ParseError` if malformed."""

    @abstractmethod
    def returns(self) -> list[float]:
        """Each seat's final result as the rules define it (zeros before the end)."""

    @abstractmethod
    def score_sheet(self) -> list[DealScore]:
        """The per-deal scores so far."""

    @abstractmethod
    def _observation(self, player: int) -> dict[str, JSON]:
        """A JSON-friendly dict of exactly what ``player`` sees now (seat checked)."""

    def deals_scored(self) -> int:
        """How many lines ``score_sheet()`` has, without building them (search bots
        ask it at every step to stop at the end of a deal)."""
        return len(self.score_sheet())

    def sheet_stamp(self) -> tuple[int, int, bool]:
        """What the whole score sheet changes with: the deals scored, the end
        bonuses added so far, and whether the match is over. Along one match
        :meth:`full_sheet` changes at no other step (every game's sheet is
        tested so), so whoever shows it at every step builds it only anew when
        this differs."""
        return (self.deals_scored(), len(self._sheet_bonuses()), self.is_terminal())

    # ----- the whole score sheet (games override only what differs) ----------
    def _sheet_columns(self) -> tuple[tuple[int, ...], ...]:
        """The seats each column of the sheet scores for: one column per seat by
        default; a partnership game gives one column per side."""
        return tuple((seat,) for seat in range(self.game.num_players))

    def _sheet_start(self) -> tuple[float, ...] | None:
        """What each column holds before the first deal (None: nothing)."""
        return None

    def _sheet_bonuses(self) -> tuple[SheetBonus, ...]:
        """The end bonuses the rules have added so far, per column (none by default)."""
        return ()

    def _sheet_unit(self) -> str:
        """What the sheet counts: ``points`` unless the game says otherwise."""
        return "points"

    def _sheet_line_kind(self) -> str:
        """What one line of the sheet scores: a ``deal`` unless the game says
        ``round`` or ``coffin``."""
        return "deal"

    def _sheet_result_note(self) -> str:
        """Why the final result is not the sheet's totals, in canonical English,
        where the game's rules make it so (empty by default: they agree)."""
        return ""

    def full_sheet(self) -> ScoreSheet:
        """The whole score sheet: every scored deal, the end bonuses, the totals
        and, once the match is over, the result (each per column)."""
        columns = self._sheet_columns()
        lines = tuple(
            SheetLine(
                line.game,
                line.deal,
                tuple(float(line.scores[seats[0]]) for seats in columns),
                line.note,
            )
            for line in self.score_sheet()
        )
        result = None
        if self.is_terminal():
            returns = self.returns()
            result = tuple(float(returns[seats[0]]) for seats in columns)
        return ScoreSheet.build(
            columns=columns,
            lines=lines,
            bonuses=self._sheet_bonuses(),
            start=self._sheet_start(),
            result=result,
            unit=self._sheet_unit(),
            result_note=self._sheet_result_note() if result is not None else "",
            line_kind=self._sheet_line_kind(),
        )

    def _chance_card_mask(self) -> int:
        """At a chance node that deals one card uniformly: the cards it may deal.

        Return 0 when the chance node is of another kind; then
        :meth:`_other_chance_outcomes` describes it.
        """
        return 0

    def _other_chance_outcomes(self) -> list[tuple[int, float]]:
        """Outcomes of a chance node that is not a uniform card deal."""
        raise NotImplementedError

    def _deal_slot(self) -> tuple[int, int] | None:
        """At a card-dealing chance node: (pack section, position) for a forced deck."""
        return None

    def _forced_outcome(self, sampler: Sampler) -> int | None:
        """At a card-dealing chance node: the card a forced deck puts here, or None
        to draw at random. The default reads the deck at :meth:`_deal_slot`; a game
        whose forced order is not a plain position in a section overrides this."""
        slot = self._deal_slot()
        return None if slot is None else sampler.forced_card(*slot)

    def _deal_recipient(self) -> int:
        """At a card-dealing chance node: the seat that receives the card (-1: none,
        e.g. a card to the table). Samplers that replay a view use it."""
        return -1

    def _chance_seen_by(self, player: int) -> bool:
        """At a chance node: whether ``player`` sees its outcome (default: a dealt
        card is hidden, any other chance outcome is public)."""
        return self._chance_card_mask() == 0

    def move_in_progress(self) -> bool:
        """True while the player to act is in the middle of a move made in several
        steps (a Casino capture or build being made); False in most games, where
        every decision is a whole move."""
        return False

    def _illegal_refusal(self, action: int) -> Refusal:
        """Why ``action`` (an action of the game, not legal here) is refused: a
        key of the game's refusal sentences and its values."""
        return refusal(COMMON_REFUSALS, "not_legal_now")

    def _emit(self, event: Event) -> None:
        """Record ``event`` as caused by the step being applied, if events are
        recorded. On a hot path, test ``self._events is not None`` before building
        the event, so that nothing is built when nobody listens."""
        events = self._events
        if events is not None:
            events.append((len(self.history) - 1, event))

    # ----- public API ------------------------------------------------------
    def _step(self, action: int) -> None:
        """Append ``action`` to the history and apply it (already checked), keeping
        the recorded seen histories up to date (the one path every applied step
        takes, chance outcomes included)."""
        seen = self._seen
        if seen is not None:
            actor = self.current_player()
            if actor == CHANCE:
                for player, steps in enumerate(seen):
                    steps.append((actor, action if self._chance_seen_by(player) else None))
            else:
                for steps in seen:
                    steps.append((actor, action))
        self.history.append(action)
        self._apply(action)

    def record_seen_history(self) -> None:
        """Keep each seat's :meth:`seen_history` from now on (and rebuild it for
        the steps so far, once), so that a View costs no replay of the match.
        Tables call it once; bots' simulations never do, and pay nothing for it."""
        if self._seen is None:
            self._seen = [
                list(self._replayed_seen_history(player)) for player in range(self.game.num_players)
            ]

    def record_events(self) -> None:
        """Keep every event from now on (and rebuild the ones so far), so that
        :meth:`event_log` is cheap. Tables call it once; bots never do."""
        if self._events is None:
            self._events = self._replayed_events()

    def event_log(self, seat: object = None, *, since: int = 0) -> list[LoggedEvent]:
        """The events of the match as ``(step, event)``, each as ``seat`` sees it
        (``None``: a spectator, who sees only what every seat sees), from history
        step ``since`` on."""
        viewer = None if seat is None else self._check_seat(seat)
        events = self._events if self._events is not None else self._replayed_events()
        # Events are logged in step order: the first one at ``since`` is found by
        # a binary search, so a late part of a long match costs only its own length.
        first = bisect_left(events, since, key=_logged_step) if since > 0 else 0
        return [(step, event.for_seat(viewer)) for step, event in events[first:]]

    def _replayed_events(self) -> list[LoggedEvent]:
        replay = self.game.state_class(self.game)
        replay._events = []
        for action in self.history:
            replay.history.append(action)
            replay._apply(action)
        return replay._events

    def observation(self, player: object) -> dict[str, JSON]:
        """A JSON-friendly dict of exactly what ``player`` sees now."""
        return self._observation(self._check_seat(player))

    def rollout_observation(self, player: object) -> dict[str, JSON]:
        """What a heuristic reads in a search's rollouts: ``player``'s observation,
        or, in a game whose full observation is costly to build, the part of it
        that the game's heuristic reads (a subset of the same seat's view, so a
        rollout knows nothing more)."""
        return self._observation(self._check_seat(player))

    def public_observation(self) -> dict[str, JSON]:
        """What a spectator sees: the parts of the observation that every seat
        sees alike (a key whose value differs between seats, such as a hand, is
        left out). A game may override this to add public facts shaped per seat."""
        seats = range(self.game.num_players)
        observations = [self._observation(seat) for seat in seats]
        first = observations[0]
        return {
            key: value
            for key, value in first.items()
            if all(key in other and other[key] == value for other in observations[1:])
        }

    def is_chance_node(self) -> bool:
        """True when the state waits for a chance outcome."""
        return self.current_player() == CHANCE

    def is_terminal(self) -> bool:
        """True when the game is over."""
        return self.current_player() == TERMINAL

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """``[(outcome, probability)]`` at a chance node, sorted by outcome."""
        if not self.is_chance_node():
            return []
        mask = self._chance_card_mask()
        if mask:
            probability = 1.0 / mask.bit_count()
            return [(card, probability) for card in range(mask.bit_length()) if mask >> card & 1]
        return self._other_chance_outcomes()

    def legal_actions(self) -> list[int]:
        """The sorted legal actions (chance outcomes at a chance node; none at the end)."""
        legal = self._legal
        if legal is None:
            player = self.current_player()
            if player >= 0:
                legal = self._legal_actions()
            elif player == CHANCE:
                legal = [outcome for outcome, _ in self.chance_outcomes()]
            else:
                legal = []
            self._legal = legal
        return legal.copy()

    def apply_action(self, action: object) -> None:
        """Apply one action (or chance outcome).

        Raises :class:`IllegalActionError`, naming the action, the seat, the reason
        and the legal actions, and leaves the state exactly as it was.
        """
        # (``action: object``, as in other methods here that must refuse a wrong type
        # with a ParlourError: compiled code would raise TypeError before the check.)
        if self._legal is None:
            self.legal_actions()
        legal = self._legal
        assert legal is not None
        # The legal actions are sorted: a binary search, not a scan of boxed ints.
        index = bisect_left(legal, action) if type(action) is int else -1
        if index < 0 or index == len(legal) or legal[index] != action:
            raise IllegalActionError(self._illegal_message(action), self._refusal_of(action))
        assert type(action) is int
        self._legal = None
        sampler = self._sampler
        if sampler is None:
            self._step(action)
        elif not sampler.forced:
            self._step(action)
            self._resolve_chance(sampler)
        else:
            # A forced deck can turn out impossible only when the deal reaches it:
            # keep a copy so that the state stays exactly as it was.
            before = self.clone()
            try:
                self._step(action)
                self._resolve_chance(sampler)
            except ParlourError:
                self._take_fields(before)
                raise

    def why_illegal(self, action: object) -> str | None:
        """None if ``action`` is legal now, else the reason in a player's words
        (English; :meth:`why_refused` gives it structured, for any language)."""
        refused = self.why_refused(action)
        return None if refused is None else refused.text("en")

    def why_refused(self, action: object) -> Refusal | None:
        """None if ``action`` is legal now, else why it is refused: a
        :class:`~parlour.core.errors.Refusal` rendered in the language asked."""
        if type(action) is int and action in self.legal_actions():
            return None
        return self._refusal_of(action)

    def _refusal_of(self, action: object) -> Refusal:
        """Why ``action`` (known not to be legal) is refused."""
        if type(action) is not int:
            return refusal(COMMON_REFUSALS, "not_a_number", value=shown(action))
        if self.is_terminal():
            return refusal(COMMON_REFUSALS, "game_over")
        if not 0 <= action < self._action_bound():
            return refusal(COMMON_REFUSALS, "not_an_action")
        try:
            return self._illegal_refusal(action)
        except (ParlourError, IndexError, KeyError, ValueError):
            return refusal(COMMON_REFUSALS, "not_legal_now")

    def string_to_action(self, text: object) -> int:
        """Parse action text (``QH b2``) at this state. Raises :class:`ParseError`
        for text that is not an action of this game; legality is checked by
        :meth:`apply_action`."""
        return self._parse_action(check_action_text(text))

    def string_to_actions(self, text: object) -> list[int]:
        """The actions ``text`` names, in order. Most games read one action; a game
        whose moves are made in several steps (Casino) also reads a whole move
        written in one line and returns its steps."""
        return [self.string_to_action(text)]

    def whole_move_steps(self, text: str) -> list[int] | None:
        """The steps of a whole move written in one line, for a game whose moves
        are made in several steps and that has such a notation (Casino's
        ``7H take 3S+4D, 7C``); None when ``text`` is not one (the default: every
        move of most games is one action). A table plays the steps as one move.
        May raise :class:`IllegalActionError` for a whole move the rules refuse."""
        return None

    def apply_text(self, text: object) -> int:
        """Parse and apply one action; return the action applied."""
        action = self.string_to_action(text)
        self.apply_action(action)
        return action

    def clone(self) -> State:
        """An independent copy (cheap: a few ints and short lists)."""
        cls = type(self)
        if getattr(cls, "__mypyc_attrs__", None) is None:
            # Pure Python: copy the instance dict, without running __init__.
            twin = object.__new__(cls)
            twin.__dict__.update(self.__dict__)
        else:
            # A compiled (mypyc) class has no __dict__, and its __new__ runs __init__.
            twin = cls(self.game)
            twin._take_fields(self)
        for name in self._list_fields:
            setattr(twin, name, getattr(self, name).copy())
        twin.history = self.history.copy()
        if self._events is not None:
            twin._events = self._events.copy()
        if self._seen is not None:
            twin._seen = [steps.copy() for steps in self._seen]
        if self._sampler is not None:
            twin._sampler = self._sampler.copy()
        return twin

    def _take_fields(self, source: State) -> None:
        """Make every field of this state refer to the same value as in ``source``
        (a shallow copy)."""
        for name, value in instance_fields(source).items():
            setattr(self, name, value)

    def view(self, player: object) -> View:
        """What ``player`` may know: observation, legal actions if on turn, history."""
        player = self._check_seat(player)
        legal: tuple[int, ...] = ()
        if self.current_player() == player:
            legal = tuple(self.legal_actions())
        return View(
            game=self.game,
            seat=player,
            observation=self.observation(player),
            legal_actions=legal,
            action_texts=tuple(self.action_to_string(action) for action in legal),
            history=self.seen_history(player),
        )

    def seen_history(self, player: int) -> tuple[tuple[int, int | None], ...]:
        """Each step as ``player`` saw it: ``(actor, action or None if hidden)``.

        Read from the record kept step by step where :meth:`record_seen_history`
        was called (a table's state), else rebuilt by a replay of the match."""
        seen = self._seen
        if seen is not None:
            return tuple(seen[self._check_seat(player)])
        return self._replayed_seen_history(player)

    def _replayed_seen_history(self, player: int) -> tuple[tuple[int, int | None], ...]:
        """:meth:`seen_history` rebuilt by replaying the history from the start."""
        replay = self.game.state_class(self.game)
        seen: list[tuple[int, int | None]] = []
        for action in self.history:
            actor = replay.current_player()
            if actor == CHANCE and not replay._chance_seen_by(player):
                seen.append((actor, None))
            else:
                seen.append((actor, action))
            replay._apply(action)
        return tuple(seen)

    def to_record(self) -> MatchRecord:
        """The match so far as a :class:`MatchRecord` (replays into this state)."""
        from parlour.core.record import MatchRecord

        replay = self.game.state_class(self.game)
        chance: list[str] = []
        actions: list[str] = []
        for action in self.history:
            text = replay.action_to_string(action)
            (chance if replay.is_chance_node() else actions).append(text)
            replay._apply(action)
        sampler = None
        if self._sampler is not None:
            sampler = {
                "seed": self._sampler.seed,
                "rng_state": self._sampler.rng.state,
                "forced": [
                    [format_card(card) for card in section] for section in self._sampler.forced
                ],
            }
        return MatchRecord(
            game=self.game.info.name,
            rules_version=self.game.info.rules_version,
            options=options_dict(self.game.options),
            chance=chance,
            actions=actions,
            sampler=sampler,
        )

    def serialize(self) -> str:
        """This state as text (a JSON match record); see ``Game.deserialize_state``."""
        return self.to_record().to_json()

    def __str__(self) -> str:
        return json.dumps(self.observation_for_all(), ensure_ascii=False)

    def observation_for_all(self) -> dict[str, JSON]:
        """Every seat's observation, keyed by seat (for debugging and tests)."""
        return {str(seat): self.observation(seat) for seat in range(self.game.num_players)}

    # ----- internals -------------------------------------------------------
    def apply_random_chance(self, rng: Rng) -> int:
        """At a chance node: draw an outcome with ``rng`` (a uniform card, or a
        weighted draw among the other outcomes), apply it and return it.

        Faster than ``apply_action`` on a drawn outcome, since the outcome comes
        from the node's own distribution and needs no second check. Search bots
        use it for the chance nodes of their simulations.
        """
        mask = self._chance_card_mask()
        if mask:
            action = nth_bit(mask, rng.below(mask.bit_count()))
        else:
            action = rng.weighted(self._other_chance_outcomes())
        self._legal = None
        self._step(action)
        return action

    def _resolve_chance(self, sampler: Sampler) -> None:
        """Resolve chance nodes with the sampler until a player must act: the
        forced deck's card where it has one, else a draw from the seeded rng."""
        while self.current_player() == CHANCE:
            forced = self._forced_outcome(sampler) if sampler.forced else None
            if forced is None:
                self.apply_random_chance(sampler.rng)
                continue
            if not self._chance_card_mask() >> forced & 1:
                slot = self._deal_slot()
                where = f" (pack section {slot[0] + 1}, position {slot[1] + 1})" if slot else ""
                raise ParlourError(
                    f"the forced deck deals {format_card(forced)}{where}, but that "
                    "card is not available there: it was dealt or played already"
                )
            self._legal = None
            self._step(forced)

    def _check_seat(self, player: object) -> int:
        """``player`` as a seat number; :class:`ParlourError` if no such seat."""
        if (
            not isinstance(player, int)
            or isinstance(player, bool)
            or not 0 <= player < self.game.num_players
        ):
            raise ParlourError(
                f"seat {shown(player)} does not exist; seats are 0 to {self.game.num_players - 1}"
            )
        return player

    def _action_bound(self) -> int:
        """Every action id at this node is in ``range`` of this bound."""
        try:
            if self.current_player() == CHANCE:
                return self.game.max_chance_outcomes()
            return self.game.num_distinct_actions()
        except NotImplementedError:
            return 0

    def _illegal_message(self, action: object) -> str:
        """The message of an illegal action: cheap to build whatever ``action`` is,
        since only an id in the game's range is decoded and at most
        :data:`LISTED_CHOICES` legal actions are written out."""
        player = self.current_player()
        if player == TERMINAL:
            return (
                f"{self.game.info.name}: the game is over; no action is legal (got {shown(action)})"
            )
        who = "chance" if player == CHANCE else f"seat {player}"
        text = shown(action)
        if type(action) is not int:
            reason = f"an action is a whole number, not a {type(action).__name__}"
        elif not 0 <= action < self._action_bound():
            reason = "it is not an action of this game"
        else:
            with contextlib.suppress(ParlourError, IndexError, KeyError, ValueError):
                text = repr(self.action_to_string(action))
            reason = self._refusal_of(action).text("en")
        legal = self._legal or []
        listed = allowed_list(
            (self.action_to_string(choice) for choice in legal[:LISTED_CHOICES]),
            LISTED_CHOICES,
            total=len(legal),
        )
        return f"{self.game.info.name}: {text} is not legal for {who}: {reason}; legal: {listed}"


StateT = TypeVar("StateT", bound=State)


class Game(Generic[OptionsT]):
    """A rule set with validated options. Subclasses set the class attributes."""

    info: ClassVar[GameInfo]
    options_class: ClassVar[type[Any]]
    state_class: ClassVar[type[State]]
    conformance_options: ClassVar[tuple[dict[str, object], ...]] = ({},)
    """Option sets the conformance test runs (each flow-changing combination)."""
    review_thresholds: ClassVar[tuple[float, float, float]] = (2.0, 5.0, 10.0)
    """The expected losses, in the game's points per deal (the lead over the other
    seats' mean), from which a reviewed decision is an inaccuracy, a mistake, a
    blunder (``parlour review``; docs/review.md): each game sets them from its
    score scale."""
    short_options: ClassVar[Mapping[str, object]] = {}
    """Options that make a match one short deal (or round): what tests, examples and
    benchmarks play (``{}``: the defaults are short already)."""
    score_unit: ClassVar[tuple[str, str]] = ("points", "points")
    """What the game's scores count, in English and in French (Nain Jaune: chips, jetons)."""

    def utility_bounds(self) -> tuple[float, float]:
        """``(lowest, highest)`` return any seat can get under these options: safe,
        not tight (OpenSpiel's ``min_utility`` / ``max_utility``). Each game says."""
        raise NotImplementedError(
            f"the game {self.info.name!r} does not say the bounds of its returns "
            f"(Game.utility_bounds)"
        )

    def deal_bound(self) -> float:
        """The most points (chips, cards) one seat can win in one deal or round:
        what a deal can swing, the ceiling of a review's losses for a deal
        (docs/review.md). By default the whole range of :meth:`utility_bounds`
        (a match holds at least one deal); a game whose match holds several
        deals says its own."""
        low, high = self.utility_bounds()
        return float(high - low)

    def __init__(self, **options: object) -> None:
        self.options: OptionsT = build_options(self.options_class, options)

    @classmethod
    def option_specs(cls) -> tuple[OptionSpec, ...]:
        """Every option of this game, as data."""
        return option_specs(cls.options_class)

    @property
    def num_players(self) -> int:
        """The number of seats (the ``players`` option)."""
        players: int = getattr(self.options, "players")  # noqa: B009
        return players

    def num_distinct_actions(self) -> int:
        """An upper bound on player action ids (all are in ``range`` of it)."""
        raise NotImplementedError

    def max_chance_outcomes(self) -> int:
        """An upper bound on chance outcome ids."""
        return 54

    def max_game_length(self) -> int:
        """An upper bound on the number of actions (chance included) in a match."""
        raise NotImplementedError

    def pack(self, section: int) -> int:
        """The bit mask of the cards pack ``section`` may hold (for forced decks)."""
        return STANDARD_PACK

    def new_initial_state(self, *, seed: object = None, deck: object = None) -> State:
        """A new match.

        With neither argument, chance nodes are left to the caller. With ``seed``,
        a seeded sampler resolves them; with ``deck`` (card texts in the order the
        engine deals, or one such list per pack section) the cards come from it and
        anything beyond it from ``seed`` (0 if not given).
        """
        state = self.state_class(self)
        if seed is not None or deck is not None:
            if seed is not None and (type(seed) is not int or not 0 <= seed < 1 << 64):
                raise ParlourError(
                    f"seed must be a whole number from 0 to 2**64 - 1, not {shown(seed)}"
                )
            state._sampler = Sampler(seed or 0, self.parse_deck(deck) if deck is not None else ())
            state._resolve_chance(state._sampler)
        return state

    def parse_deck(self, deck: object) -> tuple[tuple[int, ...], ...]:
        """Check a forced deck: one list of cards, or one list per pack section."""
        if isinstance(deck, str) or not isinstance(deck, Sequence):
            raise ParseError(
                f"deck must be a list of cards such as ['QH', 'V1', '10S'], not {shown(deck)}"
            )
        nested = len(deck) > 0 and all(
            isinstance(item, Sequence) and not isinstance(item, str) for item in deck
        )
        raw_sections: list[Sequence[object]] = (
            [item for item in deck if isinstance(item, Sequence)] if nested else [deck]
        )
        sections: list[tuple[int, ...]] = []
        for number, raw in enumerate(raw_sections):
            pack = self.pack(number)
            cards: list[int] = []
            seen = 0
            for position, item in enumerate(raw):
                try:
                    if isinstance(item, int) and not isinstance(item, bool):
                        card = item
                        format_card(card)
                    elif isinstance(item, str):
                        card = parse_card(item)
                    else:
                        raise ParseError(f"{shown(item)} is not a card")
                except ParseError as error:
                    raise ParseError(f"deck position {position + 1}: {error}") from None
                if not pack >> card & 1:
                    raise ParseError(
                        f"deck position {position + 1}: {format_card(card)} is not in the "
                        f"pack of {self.info.title} with these options"
                    )
                if seen >> card & 1:
                    raise ParseError(
                        f"deck position {position + 1}: {format_card(card)} appears twice"
                    )
                seen |= 1 << card
                cards.append(card)
            sections.append(tuple(cards))
        return tuple(sections)

    def deserialize_state(self, text: object) -> State:
        """The state a :meth:`State.serialize` text describes (replayed from its record)."""
        from parlour.core.record import MatchRecord

        record = MatchRecord.from_json(text)
        if record.game != self.info.name:
            raise RecordError(f"the record is of {shown(record.game)}, not {self.info.name!r}")
        return record.replay()

    @classmethod
    def legacy_options(
        cls, rules_version: int, options: dict[str, object]
    ) -> dict[str, object] | None:
        """The options that replay a record of rules version ``rules_version`` as it
        was played (its own options plus explicit values for every default changed
        since), or None when no option reproduces that version. The default knows
        only the current version; a game whose defaults changed overrides it."""
        return dict(options) if rules_version == cls.info.rules_version else None

    def upgrade_record(self, record: MatchRecord) -> MatchRecord:
        """``record``, made under an older rules version, rewritten for this one.

        The default keeps the moves and adds the options that reproduce the old
        rules (:meth:`legacy_options`); a game whose moves changed form overrides
        this. Raises :class:`~parlour.core.errors.RecordError` naming both
        versions when the old rules cannot be reproduced.
        """
        from dataclasses import replace

        from parlour.core.errors import RecordError

        options = type(self).legacy_options(record.rules_version, dict(record.options))
        if options is None:
            raise RecordError(
                f"the record was made under {record.game} rules version "
                f"{record.rules_version}; this parlour plays version "
                f"{self.info.rules_version} and cannot replay it"
            )
        return replace(record, rules_version=self.info.rules_version, options=options)

    def parse_action(self, text: str) -> int | None:
        """Parse action text without a state, for Views; None if this game's actions
        cannot be read without one (the View then matches its listed texts)."""
        return None

    def sample_state(self, view: View, rng: Rng) -> State:
        """A full State consistent with ``view`` (see :meth:`View.sample_state`)."""
        raise NotImplementedError(f"{self.info.name} cannot sample hidden states yet")

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, Game) and type(other) is type(self) and other.options == self.options
        )

    def __hash__(self) -> int:
        return hash((type(self), self.options))

    def __repr__(self) -> str:
        given = ", ".join(f"{name}={value!r}" for name, value in options_dict(self.options).items())
        return f"load_game({self.info.name!r}, {given})"


from parlour.core.record import MatchRecord  # noqa: E402  (circular: record replays states)
