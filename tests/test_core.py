"""The core: cards, card sets, options, errors, records, registry."""

from __future__ import annotations

from dataclasses import dataclass

import pytest
from hypothesis import given
from hypothesis import strategies as st

import parlour
from parlour.core.cards import (
    FULL_PACK,
    format_card,
    iter_bits,
    nth_bit,
    parse_card,
    parse_cards,
    rank_of,
    suit_of,
)
from parlour.core.cardset import CardSet
from parlour.core.options import build_options, option, option_specs
from parlour.core.sampler import Rng


def test_card_text_canonical_and_tolerant() -> None:
    assert format_card(parse_card("10H")) == "10H"
    for text in ("TH", "th", "10♥", "t♡", " 10h "):
        assert parse_card(text) == parse_card("10H")
    assert [format_card(card) for card in parse_cards("AS, qd K♣ v1 V2")] == [
        "AS",
        "QD",
        "KC",
        "V1",
        "V2",
    ]
    assert rank_of(parse_card("AS")) == 1 and rank_of(parse_card("KC")) == 13
    assert suit_of(parse_card("QD")) == 2 and suit_of(parse_card("V1")) == -1


@pytest.mark.parametrize("text", ["", "1H", "11S", "QX", "V3", "HQ", "10", "joker"])
def test_bad_card_text_names_the_accepted_forms(text: str) -> None:
    with pytest.raises(parlour.ParseError, match="'QD'"):
        parse_card(text)


@given(st.integers(min_value=0, max_value=53))
def test_every_card_round_trips(card: int) -> None:
    assert parse_card(format_card(card)) == card
    assert parse_card(format_card(card).lower()) == card


@given(st.integers(min_value=0, max_value=FULL_PACK))
def test_cardset_behaves_like_a_set(mask: int) -> None:
    cards = CardSet(mask)
    as_set = set(iter_bits(mask))
    assert set(cards) == as_set and len(cards) == len(as_set)
    assert CardSet.parse(str(cards)) == cards if cards else True
    assert eval(repr(cards), {"CardSet": CardSet}) == cards
    for index in range(len(as_set)):
        assert nth_bit(mask, index) == sorted(as_set)[index]


def test_cardset_operations() -> None:
    hand = CardSet.parse("AS 10H QD")
    assert parse_card("QD") in hand and parse_card("KC") not in hand
    assert str(hand | CardSet.parse("KC")) == "AS 10H QD KC"
    assert str(hand - CardSet.parse("AS")) == "10H QD"
    assert str(hand & CardSet.parse("AS KC")) == "AS"
    with pytest.raises(AttributeError):
        hand.mask = 3  # type: ignore[misc]


@dataclass(frozen=True)
class ExampleOptions:
    players: int = option(2, "players", choices=(2, 3))
    deals: int = option(6, "deals", minimum=1, maximum=6)
    mode: str = option("fast", "mode", choices=("fast", "slow"))
    flag: bool = option(True, "a flag")
    target: int | None = option(None, "target", minimum=1)
    first_dealer: str | int = option(
        "random", "first dealer", choices=("random",), minimum=0, maximum=7
    )


def test_options_are_declared_as_data() -> None:
    specs = {spec.name: spec for spec in option_specs(ExampleOptions)}
    assert specs["deals"].default == 6 and specs["deals"].help == "deals"
    assert specs["mode"].allowed_text() == "fast | slow"
    assert specs["target"].allowed_text() == "a whole number 1–… | none"
    assert specs["flag"].allowed_text() == "true | false"


def test_options_from_text_and_values() -> None:
    built = build_options(
        ExampleOptions,
        {
            "players": 3,
            "deals": "3",
            "mode": "SLOW",
            "flag": "false",
            "target": "none",
            "first_dealer": "2",
        },
    )
    assert (built.deals, built.mode, built.flag, built.target, built.first_dealer) == (
        3,
        "slow",
        False,
        None,
        2,
    )
    assert build_options(ExampleOptions, {"first-dealer": "random"}).first_dealer == "random"


@pytest.mark.parametrize(
    ("given_options", "message"),
    [
        ({"deal": 3}, "unknown option 'deal'; this game's options are: players, deals"),
        ({"deals": 9}, "deals=9 is not allowed; allowed: a whole number 1–6"),
        ({"players": 4}, "allowed: 2 | 3"),
        ({"mode": "medium"}, "allowed: fast | slow"),
        ({"flag": "perhaps"}, "allowed: true | false"),
        ({"deals": "three"}, "allowed: a whole number 1–6"),
        ({"first_dealer": "north"}, "allowed: random | a whole number 0–7"),
        ({"first_dealer": 2}, "first_dealer=2 is not a seat of 2 players; allowed: random | 0 | 1"),
    ],
)
def test_bad_options_name_what_is_allowed(given_options: dict[str, object], message: str) -> None:
    with pytest.raises(parlour.InvalidOptionError) as error:
        build_options(ExampleOptions, given_options)
    assert message in str(error.value)


def test_unknown_game_lists_the_games() -> None:
    with pytest.raises(parlour.UnknownGameError, match="dracula"):
        parlour.load_game("draculla")


def test_rng_is_deterministic_and_copies_cheaply() -> None:
    first = Rng(5)
    values = [first.below(1000) for _ in range(5)]
    second = Rng(5)
    assert [second.below(1000) for _ in range(5)] == values
    twin = second.copy()
    assert twin.next64() == second.next64()
    assert all(0 <= Rng(seed).random() < 1 for seed in range(100))


def test_seeded_states_repeat_and_seeds_differ() -> None:
    game = parlour.load_game("dracula")
    assert game.new_initial_state(seed=3).serialize() == game.new_initial_state(seed=3).serialize()
    assert game.new_initial_state(seed=3).serialize() != game.new_initial_state(seed=4).serialize()


def test_forced_deck_is_checked() -> None:
    game = parlour.load_game("dracula")
    with pytest.raises(parlour.ParseError, match="position 2: QH appears twice"):
        game.new_initial_state(deck=["QH", "qh"])
    with pytest.raises(parlour.ParseError, match="position 1"):
        game.new_initial_state(deck=["ZZ"])
    with pytest.raises(parlour.ParseError, match="list of cards"):
        game.new_initial_state(deck="QH V1")


def test_illegal_action_names_the_action_the_seat_the_reason_and_the_choices() -> None:
    game = parlour.load_game("dracula", first_dealer=0)
    state = game.new_initial_state(seed=1)
    before = state.serialize()
    with pytest.raises(parlour.IllegalActionError) as error:
        state.apply_text("QH b2")
    message = str(error.value)
    assert "'QH b2' is not legal for seat 0" in message
    assert "rows" in message and "columns" in message
    assert state.serialize() == before


def test_record_errors_are_clear() -> None:
    game = parlour.load_game("dracula")
    for text, message in [
        ("[]", "not a parlour match record"),
        ('{"format": "parlour-record", "game": "dracula"}', "'rules_version' is missing"),
        (
            '{"format": "parlour-record", "game": "nope", "rules_version": 1, "options": {},'
            ' "chance": [], "actions": []}',
            "is of 'nope'",
        ),
    ]:
        with pytest.raises(parlour.RecordError, match=message):
            game.deserialize_state(text)
    record = game.new_initial_state(seed=1).to_record()
    wrong = parlour.MatchRecord(record.game, 99, record.options, record.chance, record.actions)
    with pytest.raises(parlour.RecordError, match="rules version 99"):
        wrong.replay()
    bad_option = parlour.MatchRecord(record.game, 1, {"deals": 40}, [], [])
    with pytest.raises(parlour.RecordError, match="deals=40"):
        bad_option.replay()


def test_explicit_chance_nodes_without_seed() -> None:
    game = parlour.load_game("dracula", first_dealer="random")
    state = game.new_initial_state()
    assert state.is_chance_node()
    assert sum(probability for _, probability in state.chance_outcomes()) == pytest.approx(1)
