"""The public conformance test every registered game must pass.

>>> from parlour.testing import check_game
>>> check_game("dracula", playouts=2, deals=1)   # raises AssertionError on a fault

It plays seeded random matches and checks, at every step: legal actions are
sorted, unique and non-empty until the end; every action's text round-trips;
chance outcomes are a probability distribution; illegal actions and malformed
text raise and leave the state unchanged (every field); clones copy every field
and are independent both ways; serialize, match records and
``deserialize_state`` reproduce the state; observations are JSON; views hold no
reference to the state and match the observation; the returns have one value
per seat at the end; a state sampled from a seat's view (``view.sample_state``)
shows that seat the same view. Any game module can run it on itself.
"""

from __future__ import annotations

import dataclasses
import json
import random
import traceback
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from enum import Enum
from typing import TYPE_CHECKING, Any

from parlour.core.errors import (
    IllegalActionError,
    InvalidOptionError,
    ParlourError,
    ParseError,
    RecordError,
    shown,
)
from parlour.core.game import CHANCE, TERMINAL, Game, State, View, instance_fields
from parlour.core.registry import UnknownGameError, load_game
from parlour.core.sampler import Rng

if TYPE_CHECKING:
    from parlour.kit.check import PartsReport


def _fail(message: str, state: State) -> AssertionError:
    return AssertionError(f"{message}\nrecord: {state.serialize()}")


def check_state(state: State, rng: random.Random) -> None:
    """Every per-state check of the conformance test."""
    game = state.game
    player = state.current_player()
    legal = state.legal_actions()
    if state.deals_scored() != len(state.score_sheet()):
        raise _fail("deals_scored() differs from the length of score_sheet()", state)
    if player == TERMINAL:
        if legal:
            raise _fail("a terminal state has legal actions", state)
        returns = state.returns()
        if len(returns) != game.num_players:
            raise _fail(f"returns() has {len(returns)} values for {game.num_players} seats", state)
        return
    if not legal:
        raise _fail(f"no legal actions for {player} before the end", state)
    if legal != sorted(set(legal)):
        raise _fail(f"legal actions not sorted and unique: {legal}", state)
    if player == CHANCE:
        outcomes = state.chance_outcomes()
        total = sum(probability for _, probability in outcomes)
        if abs(total - 1.0) > 1e-9 or any(p <= 0 for _, p in outcomes):
            raise _fail(f"chance probabilities do not sum to 1: {outcomes}", state)
    elif not 0 <= player < game.num_players:
        raise _fail(f"current_player() is {player}", state)
    else:
        bound = game.num_distinct_actions()
        if legal[-1] >= bound or legal[0] < 0:
            raise _fail(f"legal action outside range({bound}): {legal}", state)
    texts = set()
    for action in legal:
        text = state.action_to_string(action)
        if text in texts:
            raise _fail(f"two legal actions are both written {text!r}", state)
        texts.add(text)
        back = state.string_to_action(text)
        if back != action:
            raise _fail(f"{text!r} parses to {back}, not {action}", state)
        if state.string_to_action(f"  {text.lower()}  ") != action:
            raise _fail(f"{text!r} does not parse in lower case with spaces around", state)
    before = state.serialize()
    fields = state_fields(state)
    illegal_candidates = [a for a in (-1, max(legal) + 1, *range(0, 64)) if a not in legal]
    for action in [*illegal_candidates[:5], float(legal[0]), True]:
        try:
            state.apply_action(action)
        except IllegalActionError:
            pass
        else:
            raise _fail(f"illegal action {action} was accepted", state)
        if state.serialize() != before or state_fields(state) != fields:
            raise _fail(f"illegal action {action} changed the state", state)
    for text in ("", "   ", "zz9 q?", "QH QH QH QH QH"):
        try:
            state.apply_action(state.string_to_action(text))
        except (ParseError, IllegalActionError):
            pass
        else:
            raise _fail(f"malformed text {text!r} was accepted as an action", state)
        if state.serialize() != before or state_fields(state) != fields:
            raise _fail(f"malformed text {text!r} changed the state", state)
    for seat in range(game.num_players):
        observation = state.observation(seat)
        text = json.dumps(observation)
        if json.loads(text) != observation:
            raise _fail(f"observation({seat}) is not plain JSON", state)
    seat = rng.randrange(game.num_players)
    view = state.view(seat)
    _check_view(view, state)
    if rng.random() < 0.25:
        check_view_hides(view, state, rng)


def check_view_hides(view: View, state: State, rng: random.Random) -> None:
    """A state sampled from the seat's view gives the seat the same view.

    This is what "views hide what they must" means: if an observation leaked a
    hidden card, a state drawn with other hidden cards would show the seat
    something else. Games without ``sample_state`` skip this check.
    """
    try:
        sampled = view.sample_state(Rng(rng.randrange(1 << 30)))
    except NotImplementedError:
        return
    if sampled.view(view.seat) != view:
        raise _fail(f"a state sampled from seat {view.seat}'s view shows it something else", state)


def _check_view(view: View, state: State) -> None:
    # (fields(), not vars(): a compiled View has no __dict__)
    for field in dataclasses.fields(view):
        if isinstance(getattr(view, field.name), State):
            raise _fail("a View holds a State", state)
    if view.observation != state.observation(view.seat):
        raise _fail("view.observation differs from observation(seat)", state)
    on_turn = state.current_player() == view.seat
    if on_turn and list(view.legal_actions) != state.legal_actions():
        raise _fail("view.legal_actions differs from the state's", state)
    if not on_turn and view.legal_actions:
        raise _fail("a view off turn has legal actions", state)
    if len(view.history) != len(state.history):
        raise _fail("view.history has the wrong length", state)


def check_round_trips(state: State) -> None:
    """Clone, serialize and deserialize reproduce the state."""
    game = state.game
    text = state.serialize()
    twin = game.deserialize_state(text)
    if twin.serialize() != text:
        raise _fail("deserialize(serialize(state)) differs", state)
    if twin.legal_actions() != state.legal_actions():
        raise _fail("a deserialized state has other legal actions", state)
    for seat in range(game.num_players):
        if twin.observation(seat) != state.observation(seat):
            raise _fail(f"a deserialized state shows seat {seat} something else", state)
    check_clone(state, random.Random(len(state.history)))


CLONE_MOVES = 4
"""How many moves :func:`check_clone` plays on a clone (and on the clone's clone)."""


def state_fields(state: State) -> dict[str, object]:
    """Every field of ``state`` (:func:`~parlour.core.game.instance_fields`: the
    same on the pure and the compiled engine) as plain values compared
    by value: lists, dicts and objects are turned into tuples of their contents, so
    two states are equal here exactly when every field holds the same thing. The
    Game is kept by identity (states share it on purpose: it is immutable)."""
    return {name: _plain(value) for name, value in instance_fields(state).items() if name != "game"}


def _plain(value: object) -> object:
    if value is None or isinstance(value, (bool, int, float, str, bytes, Enum)):
        return value
    if isinstance(value, (list, tuple)):
        return (type(value).__name__, *(_plain(item) for item in value))
    if isinstance(value, dict):
        return ("dict", *((_plain(key), _plain(item)) for key, item in value.items()))
    if isinstance(value, (set, frozenset)):
        return ("set", frozenset(value))
    if hasattr(value, "__dict__") or hasattr(type(value), "__mypyc_attrs__"):
        return (type(value).__name__, _plain(instance_fields(value)))
    slots = getattr(type(value), "__slots__", None)
    if slots is not None:
        names = (slots,) if isinstance(slots, str) else slots
        return (type(value).__name__, *(_plain(getattr(value, name, None)) for name in names))
    return value


def _play_some(state: State, rng: random.Random, moves: int) -> None:
    for _ in range(moves):
        legal = state.legal_actions()
        if not legal:
            return
        state.apply_action(legal[rng.randrange(len(legal))])


def _clone(state: State) -> State:
    return state.clone()


def check_clone(
    state: State, rng: random.Random, clone_of: Callable[[State], State] = _clone
) -> None:
    """``clone()`` copies every field, and the two states are independent.

    The clone must hold the same value in every field; moves
    played on the clone must leave every field of the original as it was, and
    moves played on the original of a clone must leave that clone as it was. A
    clone that shares a list with its original (a hand, the coffin) fails here,
    although its ``serialize()`` (rebuilt from the history, which is always
    copied) would not show it. ``clone_of`` stands for ``clone()`` (the tests of
    this check pass a faulty one: a compiled state's class cannot be subclassed
    by interpreted code).
    """
    before = state_fields(state)
    text = state.serialize()
    clone = clone_of(state)
    if state_fields(clone) != before:
        raise _fail("clone() differs from the original in some field", state)
    _play_some(clone, rng, CLONE_MOVES)
    changed = [name for name, value in state_fields(state).items() if before.get(name) != value]
    if changed or state.serialize() != text:
        raise _fail(f"moves on a clone changed the original's fields: {changed}", state)
    second = clone_of(clone)
    second_fields = state_fields(second)
    _play_some(clone, rng, CLONE_MOVES)
    changed = [name for name, value in state_fields(second).items() if second_fields[name] != value]
    if changed:
        raise _fail(f"moves on the original changed its clone's fields: {changed}", state)


def random_playout(state: State, rng: random.Random, max_steps: int, deep: bool) -> State:
    """Play random actions to the end, checking every state when ``deep``."""
    steps = 0
    while not state.is_terminal():
        if deep:
            check_state(state, rng)
            if rng.random() < 0.1:
                check_round_trips(state)
        legal = state.legal_actions()
        if not legal:
            raise _fail("no legal actions before the end", state)
        state.apply_action(legal[rng.randrange(len(legal))])
        steps += 1
        if steps > max_steps:
            raise _fail(f"no end after {max_steps} actions", state)
    if deep:
        check_state(state, rng)
        check_round_trips(state)
    return state


def check_game(name: str, *, playouts: int = 3, seed: int = 0, **options: Any) -> None:
    """Run the conformance test on one game with the given options.

    Plays ``playouts`` seeded matches (chance resolved by a seeded sampler) and
    one with explicit chance nodes chosen by the test, checking every state.
    Raises AssertionError on the first fault, naming the match's seed and
    carrying its replayable record, whether a check failed or the game's own
    code raised (an IndexError in a sampler is a fault like any other).
    """
    game = load_game(name, **options)
    bound = game.max_game_length()
    for number in range(playouts):
        match_seed = seed * 1000 + number
        state = game.new_initial_state(seed=match_seed)
        with _evidence(name, options, f"seed={match_seed}", state):
            _check_seeded_match(game, state, random.Random(match_seed), bound)
    explicit = game.new_initial_state()
    with _evidence(name, options, f"explicit chance, test seed={seed}", explicit):
        _check_explicit_match(game, explicit, random.Random(seed), bound)


def _check_seeded_match(game: Game[Any], state: State, rng: random.Random, bound: int) -> None:
    state = random_playout(state, rng, bound, deep=True)
    played = len(state.history)
    if played > bound:
        raise _fail(f"match of {played} actions exceeds max_game_length {bound}", state)
    record_state = game.deserialize_state(state.serialize())
    if record_state.returns() != state.returns():
        raise _fail("a replayed record has other returns", state)
    sheet = state.score_sheet()
    if not isinstance(sheet, list):
        raise _fail("score_sheet() is not a list", state)


def _check_explicit_match(game: Game[Any], explicit: State, rng: random.Random, bound: int) -> None:
    random_playout(explicit, rng, bound, deep=False)
    try:
        explicit.apply_action(0)
    except IllegalActionError:
        pass
    else:
        raise _fail("an action was accepted after the end", explicit)
    for bad in ("seat", -1, game.num_players):
        try:
            explicit.observation(bad)
        except (ParlourError, IndexError, TypeError):
            pass
        else:
            raise _fail(f"observation({bad!r}) of a seat that does not exist succeeded", explicit)


@contextmanager
def _evidence(name: str, options: dict[str, Any], match: str, state: State) -> Iterator[None]:
    """Any fault inside: an AssertionError naming the game, its options and the
    match, with the state's record (unless the message already holds it)."""
    where = f"{name} {options or 'default options'}, {match}"
    try:
        yield
    except AssertionError as error:
        raise AssertionError(f"{where}: {error}") from error
    except Exception as error:
        try:
            record = state.serialize()
        except Exception as unrecorded:
            record = f"(the record itself fails: {type(unrecorded).__name__}: {unrecorded})"
        raise AssertionError(
            f"{where}: {type(error).__name__} raised inside the game's code: {error}\n"
            f"{''.join(traceback.format_exception(error)[-4:])}record: {record}"
        ) from error


def check_parts(game_name: str, *, only: Sequence[str] = ()) -> PartsReport:
    """Every requirement the interfaces place on the installed game ``game_name``,
    each required or optional (``parlour check GAME``): see
    :func:`parlour.kit.check.check_parts`. ``report.ok`` is False when a check failed;
    ``report.text(lang)`` says which, with the evidence."""
    from parlour.kit.check import check_parts as run_checks

    return run_checks(game_name, only=only)


# ----- probes for bad input (the fuzz tests and tests/fuzz/campaign.py) ----------
#
# Each probe feeds one input to the engine and raises AssertionError if the engine
# did something wrong with it: accepted what it must refuse, changed the state
# while refusing, or raised the wrong ParlourError. Any exception that is not a
# ParlourError is let through: that is the fault the fuzzing looks for.


def _action_bound(state: State) -> int:
    game = state.game
    return game.max_chance_outcomes() if state.is_chance_node() else game.num_distinct_actions()


def probe_action(state: State, action: object) -> None:
    """``action`` (any object) given to ``apply_action`` and to the view's
    ``action_to_string``: refused with IllegalActionError and no change unless it
    is legal."""
    legal = state.legal_actions()
    fields, text = state_fields(state), state.serialize()
    is_id = type(action) is int
    if is_id and action in legal:
        return
    try:
        state.apply_action(action)
    except IllegalActionError:
        pass
    else:
        raise _fail(f"apply_action accepted {shown(action)}, which is not legal", state)
    if state_fields(state) != fields or state.serialize() != text:
        raise _fail(f"refusing {shown(action)} changed the state", state)
    seat = state.current_player()
    if seat >= 0:
        try:
            state.view(seat).action_to_string(action)
        except IllegalActionError:
            pass
        else:
            raise _fail(f"View.action_to_string({shown(action)}) wrote a text", state)


def probe_action_text(state: State, action: object) -> None:
    """``action_to_string`` of ``action`` (any object): the text of an id in the
    game's range parses back to it; anything else (a negative or huge number, a
    bool, not an int) has no text but a ParlourError."""
    is_id = type(action) is int
    in_range = is_id and 0 <= action < _action_bound(state)  # type: ignore[operator]
    try:
        written = state.action_to_string(action)
    except ParlourError:
        written = None
    if written is not None:
        if not in_range:
            raise _fail(f"action_to_string({shown(action)}) wrote {written!r}", state)
        try:
            back = state.string_to_action(written)
        except ParlourError as error:
            message = f"action_to_string({action}) = {written!r} does not parse: {error}"
            raise _fail(message, state) from None
        if back != action:
            raise _fail(f"action_to_string({action}) = {written!r} parses to {back}", state)


def probe_text(state: State, text: object) -> None:
    """``text`` (any object) given to ``string_to_action``, ``apply_text`` and the
    view's ``string_to_action``: a ParseError or IllegalActionError and no change,
    or a legal action."""
    legal = state.legal_actions()
    fields, serialized = state_fields(state), state.serialize()
    try:
        action = state.string_to_action(text)
    except ParseError:
        action = None
    if action is not None and type(action) is not int:
        raise _fail(f"string_to_action({shown(text)}) returned {shown(action)}", state)
    twin = state.clone()
    try:
        twin.apply_text(text)
    except (ParseError, IllegalActionError):
        if state_fields(twin) != fields:
            raise _fail(f"refusing the text {shown(text)} changed the state", state) from None
    else:
        if action not in legal:
            raise _fail(f"apply_text({shown(text)}) applied an illegal action", state)
    if state_fields(state) != fields or state.serialize() != serialized:
        raise _fail(f"parsing {shown(text)} changed the state", state)
    seat = state.current_player()
    if seat >= 0:
        view = state.view(seat)
        try:
            chosen = view.string_to_action(text)
        except (ParseError, IllegalActionError):
            return
        if chosen not in view.legal_actions:
            raise _fail(f"View.string_to_action({shown(text)}) chose {shown(chosen)}", state)


def probe_record(game: Game[Any], text: object) -> None:
    """``text`` (any object) given to ``deserialize_state``: a RecordError, or a
    state whose own record loads back to the same record."""
    try:
        state = game.deserialize_state(text)
    except RecordError:
        return
    serialized = state.serialize()
    if game.deserialize_state(serialized).serialize() != serialized:
        raise _fail("a record loaded from fuzzed text does not round-trip", state)


def probe_options(name: object, options: dict[str, object]) -> None:
    """``load_game(name, **options)``: an UnknownGameError or InvalidOptionError, or
    a game whose seeded match starts with legal actions."""
    try:
        game = load_game(name, **options)  # type: ignore[arg-type]
    except (UnknownGameError, InvalidOptionError):
        return
    state = game.new_initial_state(seed=0)
    if not state.legal_actions():
        raise _fail(f"options {options} give a match with no legal action", state)


def probe_deck(game: Game[Any], deck: object, rng: random.Random, moves: int) -> None:
    """``new_initial_state(deck=deck)``: a ParseError (or the ParlourError of a deck
    the deal cannot follow), or a state that plays ``moves`` random moves, each
    applied or refused (a forced card no longer available) with no change."""
    try:
        state = game.new_initial_state(deck=deck)
    except ParlourError:
        return
    for _ in range(moves):
        legal = state.legal_actions()
        if not legal:
            return
        fields = state_fields(state)
        try:
            state.apply_action(legal[rng.randrange(len(legal))])
        except ParlourError:
            if state_fields(state) != fields:
                raise _fail("a forced deck's refusal changed the state", state) from None
            return
