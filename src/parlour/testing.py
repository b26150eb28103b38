"""The public conformance test every registered game must pass.

>>> from parlour.testing import check_game
>>> check_game("dracula", playouts=2, deals=1)   # raises AssertionError on a fault

It plays seeded random matches and checks, at every step: legal actions are
sorted, unique and non-empty until the end; every action's text round-trips;
chance outcomes are a probability distribution; illegal actions and malformed
text raise and leave the state unchanged; clones are independent; serialize,
match records and ``deserialize_state`` reproduce the state; observations are
JSON; views hold no reference to the state and match the observation; the
returns have one value per seat at the end; a state sampled from a seat's view
(``view.sample_state``) shows that seat the same view. Any game module can run it on
itself.
"""

from __future__ import annotations

import dataclasses
import json
import random
from typing import Any

from parlour.core.errors import IllegalActionError, ParlourError, ParseError
from parlour.core.game import CHANCE, TERMINAL, State, View
from parlour.core.registry import load_game
from parlour.core.sampler import Rng


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
    illegal_candidates = [a for a in (-1, max(legal) + 1, *range(0, 64)) if a not in legal]
    for action in [*illegal_candidates[:5], float(legal[0]), True]:  # type: ignore[list-item]
        try:
            state.apply_action(action)
        except IllegalActionError:
            pass
        else:
            raise _fail(f"illegal action {action} was accepted", state)
        if state.serialize() != before:
            raise _fail(f"illegal action {action} changed the state", state)
    for text in ("", "   ", "zz9 q?", "QH QH QH QH QH"):
        try:
            state.apply_action(state.string_to_action(text))
        except (ParseError, IllegalActionError):
            pass
        else:
            raise _fail(f"malformed text {text!r} was accepted as an action", state)
        if state.serialize() != before:
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
    clone = state.clone()
    if clone.serialize() != text:
        raise _fail("clone() differs from the original", state)
    legal = state.legal_actions()
    if legal:
        clone.apply_action(legal[0])
        if state.serialize() != text:
            raise _fail("applying an action to a clone changed the original", state)


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
    Raises AssertionError with a replayable record on the first fault.
    """
    game = load_game(name, **options)
    bound = game.max_game_length()
    for number in range(playouts):
        rng = random.Random(seed * 1000 + number)
        state = game.new_initial_state(seed=seed * 1000 + number)
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
    explicit = game.new_initial_state()
    rng = random.Random(seed)
    random_playout(explicit, rng, bound, deep=False)
    try:
        explicit.apply_action(0)
    except IllegalActionError:
        pass
    else:
        raise _fail("an action was accepted after the end", explicit)
    for bad in ("seat", -1, game.num_players):
        try:
            explicit.observation(bad)  # type: ignore[arg-type]
        except (ParlourError, IndexError, TypeError):
            pass
        else:
            raise _fail(f"observation({bad!r}) of a seat that does not exist succeeded", explicit)
