"""Fuzz tests (Hypothesis): no input may crash or change the engine.

Random objects to ``apply_action`` and ``action_to_string``, random and mutated
text to ``string_to_action`` and ``View.string_to_action``, random and mutated
JSON to ``deserialize_state``, random options to ``load_game`` and random decks
to ``new_initial_state(deck=…)``, over a pool of positions of every game. The
probes in :mod:`parlour.testing` say what is right: only the matching
ParlourError, and the state unchanged on refusal. The number of examples is
bounded so the suite stays quick; ``tests/fuzz/campaign.py`` runs the same
probes at scale, with a time limit per call.
"""

from __future__ import annotations

import json
import random
from functools import cache
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import parlour
from parlour.core.cards import format_card
from parlour.testing import (
    probe_action,
    probe_action_text,
    probe_deck,
    probe_options,
    probe_record,
    probe_text,
)

FUZZ = settings(
    max_examples=200,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


def every_game() -> list[Any]:
    """Every game name as a parameter."""
    return [pytest.param(name) for name in parlour.game_names()]


@cache
def position_pool(name: str) -> tuple[parlour.State, ...]:
    """Positions of ``name`` to fuzz: seeded matches of each conformance option
    set at several depths, and states with explicit chance nodes."""
    game_class = parlour.game_class(name)
    pool: list[parlour.State] = []
    for number, options in enumerate(game_class.conformance_options[:3]):
        game = parlour.load_game(name, **options)
        rng = random.Random(number)
        seeded = game.new_initial_state(seed=number)
        explicit = game.new_initial_state()
        for step in range(160):
            for state in (seeded, explicit):
                if step % 8 == 0 and not state.is_terminal():
                    pool.append(state.clone())
                if not state.is_terminal():
                    legal = state.legal_actions()
                    state.apply_action(legal[rng.randrange(len(legal))])
        pool.append(seeded)
    return tuple(pool)


def position(name: str, index: int) -> parlour.State:
    """A fresh copy of one position of the pool."""
    pool = position_pool(name)
    return pool[index % len(pool)].clone()


ODD_OBJECTS = st.one_of(
    st.none(),
    st.booleans(),
    st.floats(allow_nan=True, allow_infinity=True),
    st.binary(max_size=8),
    st.lists(st.integers(-3, 60), max_size=3),
    st.dictionaries(st.text(max_size=3), st.integers(), max_size=2),
    st.sampled_from([10**5000, -(10**5000), 2**64, -(2**63), object(), (1,), 1j]),
)
ANY_INT = st.one_of(
    st.integers(),
    st.integers(-2000, 5000),
    st.integers(-(2**70), 2**70),
)


@pytest.mark.parametrize("name", every_game())
@FUZZ
@given(index=st.integers(0, 10_000), action=st.one_of(ANY_INT, ODD_OBJECTS))
def test_apply_action_refuses_every_non_action_and_changes_nothing(
    name: str, index: int, action: object
) -> None:
    probe_action(position(name, index), action)


@pytest.mark.parametrize("name", every_game())
@FUZZ
@given(index=st.integers(0, 10_000), action=st.one_of(ANY_INT, ODD_OBJECTS))
def test_action_to_string_writes_only_actions_of_the_game(
    name: str, index: int, action: object
) -> None:
    probe_action_text(position(name, index), action)


def mutate(text: str, draw: st.DrawFn) -> str:
    """``text`` with a few random edits: a character inserted, deleted or
    replaced, a digit swapped for another script's, a huge number, a repeat."""
    for _ in range(draw(st.integers(1, 3))):
        where = draw(st.integers(0, len(text)))
        edit = draw(st.integers(0, 6))
        if edit == 0:
            text = text[:where] + draw(st.characters()) + text[where:]
        elif edit == 1:
            text = text[:where] + text[where + 1 :]
        elif edit == 2:
            text = text[:where] + draw(st.sampled_from(" ,+.-²٣")) + text[where + 1 :]
        elif edit == 3:
            text = "".join(
                draw(st.sampled_from("²٣𝟗９")) if char.isdigit() else char for char in text
            )
        elif edit == 4:
            text = text[:where] + " " + "9" * draw(st.sampled_from([5, 20, 4400])) + " "
        elif edit == 5:
            text = text.upper() if where % 2 else text.lower()
        else:
            text = " ".join([text] * draw(st.integers(2, 5)))
    return text


@st.composite
def action_texts(draw: st.DrawFn, state: parlour.State) -> object:
    """A text near this state's legal actions, or random text, or not text."""
    legal = state.legal_actions()
    kind = draw(st.integers(0, 4))
    if kind == 0 or not legal:
        return draw(st.text(max_size=30))
    if kind == 1:
        return draw(ODD_OBJECTS)
    if kind == 2:
        words = ["take", "build", "with", "trail", "seat", "rows", "put", "claim", "stop", "play"]
        return " ".join(
            draw(st.lists(st.sampled_from(words) | st.text(max_size=4), min_size=1, max_size=6))
        )
    text = state.action_to_string(legal[draw(st.integers(0, len(legal) - 1))])
    return mutate(text, draw)


@pytest.mark.parametrize("name", every_game())
@FUZZ
@given(index=st.integers(0, 10_000), data=st.data())
def test_string_to_action_refuses_bad_text_with_parse_errors(
    name: str, index: int, data: st.DataObject
) -> None:
    state = position(name, index)
    probe_text(state, data.draw(action_texts(state)))


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.floats(allow_nan=False) | st.integers() | st.text(max_size=10),
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4)
    ),
    max_leaves=12,
)
RECORD_KEYS = ["format", "format_version", "game", "rules_version", "options"]
RECORD_KEYS += ["chance", "actions", "sampler"]


@st.composite
def record_texts(draw: st.DrawFn, state: parlour.State) -> object:
    """A record of this position with one or more faults, or random JSON."""
    kind = draw(st.integers(0, 5))
    if kind == 0:
        return json.dumps(draw(JSON_VALUES))
    data = json.loads(state.serialize())
    if kind == 1:
        data[draw(st.sampled_from(RECORD_KEYS))] = draw(JSON_VALUES)
    elif kind == 2 and (data["actions"] or data["chance"]):
        key = "actions" if data["actions"] else "chance"
        steps = data[key]
        where = draw(st.integers(0, len(steps) - 1))
        steps[where] = mutate(steps[where], draw)
        if draw(st.booleans()):
            del steps[draw(st.integers(0, len(steps) - 1)) :]
    elif kind == 3:
        options = data["options"]
        if options:
            options[draw(st.sampled_from(sorted(options)))] = draw(JSON_VALUES)
    elif kind == 4 and data["sampler"] is not None:
        sampler = data["sampler"]
        sampler[draw(st.sampled_from(["seed", "rng_state", "forced"]))] = draw(JSON_VALUES)
    text = json.dumps(data, ensure_ascii=False)
    if kind == 5:
        text = mutate(text, draw)
    return text


@pytest.mark.parametrize("name", every_game())
@FUZZ
@given(index=st.integers(0, 10_000), data=st.data())
def test_a_damaged_record_raises_a_record_error(name: str, index: int, data: st.DataObject) -> None:
    state = position(name, index)
    probe_record(state.game, data.draw(record_texts(state)))


@st.composite
def option_sets(draw: st.DrawFn) -> tuple[object, dict[str, object]]:
    """A game name (usually real) and options with real or made-up names and values
    of any type."""
    names = parlour.game_names()
    name = draw(st.sampled_from(names) | ODD_OBJECTS | st.text(max_size=12))
    specs = parlour.game_class(name).option_specs() if name in names else ()
    keys = [spec.name for spec in specs] or ["players"]
    values = st.one_of(
        st.integers(-3, 12),
        st.sampled_from([choice for spec in specs for choice in spec.choices or ()] or [0]),
        st.text(max_size=6),
        st.sampled_from(["²", "٣", "1" * 5000, "none", "true", " 2 ", "+3", "1_0"]),
        ODD_OBJECTS,
    )
    options = draw(st.dictionaries(st.sampled_from(keys) | st.text(max_size=8), values, max_size=4))
    return name, options


@FUZZ
@given(given_options=option_sets())
def test_random_options_raise_invalid_option_errors(
    given_options: tuple[object, dict[str, object]],
) -> None:
    name, options = given_options
    probe_options(name, options)


@st.composite
def decks(draw: st.DrawFn, pack: list[str]) -> object:
    """A deck near a real shuffle: cards of the pack in random order, with some
    cards dropped, repeated, misspelt, given as ids, or not cards at all; or
    several sections; or not a list."""
    cards: list[object] = list(draw(st.permutations(pack)))
    del cards[draw(st.integers(0, len(cards))) :]
    for _ in range(draw(st.integers(0, 3))):
        where = draw(st.integers(0, len(cards)))
        cards.insert(
            where,
            draw(
                st.sampled_from(pack)
                | st.integers(-2, 60)
                | st.text(max_size=3)
                | ODD_OBJECTS
                | st.sampled_from(["V1", "V2", "1H", "T♥", "q♡"])
            ),
        )
    shape = draw(st.integers(0, 4))
    if shape == 0:
        return [cards, list(draw(st.permutations(pack)))[:10]]
    if shape == 1:
        return draw(ODD_OBJECTS | st.text(max_size=20))
    if shape == 2:
        return tuple(cards)
    return cards


@pytest.mark.parametrize("name", every_game())
@FUZZ
@given(data=st.data(), moves=st.integers(0, 40))
def test_random_decks_are_refused_or_dealt(name: str, data: st.DataObject, moves: int) -> None:
    game = parlour.load_game(name)
    pack = [format_card(card) for card in range(54) if game.pack(0) >> card & 1]
    probe_deck(game, data.draw(decks(pack)), random.Random(moves), moves)
