"""The core: cards, card sets, options, errors, records, registry."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

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
from parlour.core.errors import allowed_list, shown
from parlour.core.game import parse_first_dealer
from parlour.core.options import build_options, option, option_specs
from parlour.core.sampler import Rng
from parlour.testing import state_fields


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


# ----- bad input of every kind (issue 13, items 2 and 3) ---------------------------

NOT_CASINO = [name for name in parlour.game_names() if name != "casino"]
"""Casino's action encoding is being replaced (issue 13.1); its own decoding is
tested with it."""


def test_iter_bits_refuses_a_negative_mask_instead_of_looping() -> None:
    with pytest.raises(parlour.ParseError, match="negative"):
        list(iter_bits(-945))
    with pytest.raises(parlour.ParseError, match="0 or more"):
        CardSet(-1)


@pytest.mark.parametrize("given", [None, 5, 2.5, b"QH", {"QH": 1}, [None], [10**5000]], ids=shown)
def test_parse_cards_refuses_what_is_not_cards(given: object) -> None:
    with pytest.raises(parlour.ParseError):
        parse_cards(given)  # type: ignore[arg-type]


@pytest.mark.parametrize("card", [True, 1.0, -1, 54, 10**5000, "QH", None], ids=shown)
def test_format_card_refuses_what_is_not_a_card_id(card: object) -> None:
    with pytest.raises(parlour.ParseError, match="card ids are whole numbers from 0 to 53"):
        format_card(card)  # type: ignore[arg-type]


def test_messages_show_huge_or_deep_input_briefly() -> None:
    assert shown(10**5000) == "a whole number of 5001 digits"
    assert shown(-(10**300)) == "a negative whole number of 301 digits"
    nested: list[object] = []
    for _ in range(100_000):
        nested = [nested]
    assert len(shown(nested)) < 40
    assert len(shown("x" * 10_000_000)) < 80
    assert allowed_list(map(str, range(100)), 20).endswith("19 and 80 more")


@pytest.mark.parametrize(
    "text", ["seat ²", "seat ٣", "seat " + "1" * 5000, "seat -1", "seat 2"], ids=shown
)
def test_first_dealer_accepts_only_a_small_ascii_number_below_the_seats(text: str) -> None:
    with pytest.raises(parlour.ParseError, match="seat N"):
        parse_first_dealer(text, 2)
    assert parse_first_dealer(" Seat 1 ", 2) == 1


@pytest.mark.parametrize("name", parlour.game_names())
@pytest.mark.parametrize(
    "text",
    [None, 5, b"QH b2", ["QH"], "x" * 2001, "seat ²", "1" * 5000, "QH \x00", "\ud800"],
    ids=shown,
)
def test_string_to_action_refuses_bad_text_with_a_parse_or_illegal_action_error(
    name: str, text: object
) -> None:
    for state in (parlour.load_game(name).new_initial_state(seed=2), _first_dealer_node(name)):
        before = state_fields(state)
        with pytest.raises((parlour.ParseError, parlour.IllegalActionError)):
            state.apply_action(state.string_to_action(text))  # type: ignore[arg-type]
        assert state_fields(state) == before
        with pytest.raises((parlour.ParseError, parlour.IllegalActionError)):
            state.view(max(state.current_player(), 0)).string_to_action(text)  # type: ignore[arg-type]


def _random_first_dealer_game(name: str) -> parlour.Game[Any]:
    """The game with a random first dealer (a chance node first), or at its default
    options when it has no such option value (a game of another distribution)."""
    try:
        return parlour.load_game(name, first_dealer="random")
    except parlour.InvalidOptionError:
        return parlour.load_game(name)


def _first_dealer_node(name: str) -> parlour.State:
    """A state at the random first dealer's chance node (or any chance node)."""
    return _random_first_dealer_game(name).new_initial_state()


BAD_ACTIONS: list[object] = [-945, -1009, -1, 10**18, 10**5000, True, False, 1.0, "0", None, [0]]


@pytest.mark.parametrize("name", NOT_CASINO)
def test_apply_action_refuses_every_non_action_at_once_and_changes_nothing(name: str) -> None:
    game = _random_first_dealer_game(name)
    explicit = game.new_initial_state()
    seeded = game.new_initial_state(seed=5)
    for state in (explicit, seeded):
        state.legal_actions()
        before, text = state_fields(state), state.serialize()
        for action in BAD_ACTIONS:
            with pytest.raises(parlour.IllegalActionError) as error:
                state.apply_action(action)  # type: ignore[arg-type]
            assert len(str(error.value)) < 1500
            assert state_fields(state) == before and state.serialize() == text


@pytest.mark.parametrize("name", NOT_CASINO)
def test_action_to_string_refuses_ids_that_are_not_actions_of_the_game(name: str) -> None:
    game = _random_first_dealer_game(name)
    states = [game.new_initial_state(), game.new_initial_state(seed=5)]
    for state in states:
        bound = (
            game.max_chance_outcomes() if state.is_chance_node() else game.num_distinct_actions()
        )
        for action in [-1, -945, bound, 10**18, 10**5000, True, 1.0, None]:
            with pytest.raises(parlour.ParlourError):
                state.action_to_string(action)  # type: ignore[arg-type]
        with pytest.raises(parlour.IllegalActionError):
            state.view(max(state.current_player(), 0)).action_to_string(True)


def test_illegal_message_lists_twenty_legal_actions_and_counts_the_rest() -> None:
    state = parlour.load_game("colour-blind", players=3, first_dealer=0).new_initial_state()
    legal = state.legal_actions()
    assert len(legal) == 52
    with pytest.raises(parlour.IllegalActionError, match=r"and 32 more$"):
        state.apply_action(-945)


def test_a_vampire_is_not_an_action_of_a_game_without_vampires() -> None:
    state = parlour.load_game("colour-blind").new_initial_state(seed=1)
    with pytest.raises(parlour.ParseError, match="not the id of a card"):
        state.action_to_string(52)


def _record(**changes: object) -> str:
    data: dict[str, object] = json.loads(
        parlour.load_game("dracula").new_initial_state(seed=1).serialize()
    )
    data.update(changes)
    return json.dumps(data)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("[" * 100_000 + "]" * 100_000, "nested too deeply"),
        ('{"format": "parlour-record", "n": ' + "9" * 5000 + "}", "not valid JSON"),
        (b'{"format": "parlour-record"}', "must be JSON text"),
        (None, "must be JSON text"),
        (" " * 10_000_001, "records longer than 10,000,000 are refused"),
        (_record(rules_version=True), "'rules_version' is missing or not a int"),
        (_record(options={"deals": "²"}), "deals="),
        (_record(options={"deals": [1]}), "wrong type"),
        (_record(options={"deals": 10**50}), "deals="),
        (_record(actions=["x" * 3000]), "too long"),
        (_record(sampler={"seed": 1, "rng_state": -1, "forced": []}), "'sampler' must hold"),
        (_record(sampler={"seed": 1, "rng_state": 1, "forced": ["QH"]}), "'sampler' must hold"),
        (_record(sampler={"seed": 1, "rng_state": 1, "forced": [["QH", "QH"]]}), "twice"),
    ],
    ids=shown,
)
def test_corrupt_records_raise_record_errors_naming_the_fault(text: object, message: str) -> None:
    with pytest.raises(parlour.RecordError, match=message):
        parlour.load_game("dracula").deserialize_state(text)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"deals": "²"}, "deals='²' is not allowed"),
        ({"deals": "٣"}, "deals='٣' is not allowed"),
        ({"deals": "1" * 5000}, "deals='1111"),
        ({"deals": 10**5000}, "deals=a whole number of 5001 digits"),
        ({"deals": 2.0}, "wrong type"),
        ({"deals": [2]}, "wrong type"),
        ({"scoring": None}, "scoring=None has the wrong type"),
    ],
    ids=shown,
)
def test_options_of_the_wrong_type_raise_invalid_option_errors(
    options: dict[str, object], message: str
) -> None:
    with pytest.raises(parlour.InvalidOptionError, match=message):
        parlour.load_game("dracula", **options)


@pytest.mark.parametrize("name", [None, 5, ["dracula"], "x" * 100_000], ids=shown)
def test_a_game_name_that_is_not_text_is_an_unknown_game(name: object) -> None:
    with pytest.raises(parlour.UnknownGameError):
        parlour.load_game(name)  # type: ignore[arg-type]


@pytest.mark.parametrize("seed", [-1, 1 << 64, 10**5000, True, 1.5, "1"], ids=shown)
def test_a_seed_is_a_64_bit_whole_number(seed: object) -> None:
    with pytest.raises(parlour.ParlourError, match="seed must be a whole number"):
        parlour.load_game("dracula").new_initial_state(seed=seed)  # type: ignore[arg-type]


def test_no_option_help_is_written_in_code_form() -> None:
    """Issue 31: option help read "with scoring=cards: …"; a form shows the help
    as a sentence, and the dependency is declared on the option (``when``)."""
    from parlour.core.registry import game_class, game_names

    for name in game_names():
        for spec in game_class(name).option_specs():
            for lang in ("en", "fr"):
                assert "=" not in spec.help_text(lang), (name, spec.name, lang)
                assert "`" not in spec.help_text(lang), (name, spec.name, lang)


def test_an_option_declares_the_values_it_needs_once() -> None:
    from parlour.core.registry import game_class
    from parlour.table.pages import options_text

    specs = {spec.name: spec for spec in game_class("dracula").option_specs()}
    waste = specs["continue_with_waste"]
    assert waste.when == (("scoring", ("cards",)),)
    assert waste.applies_with({"scoring": "cards"})
    assert not waste.applies_with({"scoring": "points"})
    assert waste.condition_text(specs, "en") == "only when scoring is cards"
    assert waste.condition_text(specs, "fr") == "seulement si décompte : cartes"
    # Listed with the condition in words; with the options chosen, only what applies.
    assert "the waste (only when scoring is cards)" in options_text("dracula")
    assert "continue_with_waste" not in options_text("dracula", chosen={"deals": "2"})
    chosen = options_text("dracula", chosen={"scoring": "cards"})
    assert "continue_with_waste" in chosen and "tie_bonus_basis" not in chosen
    assert "partnerships" not in options_text("casino", chosen={"players": 2})


def test_an_option_that_depends_on_an_unknown_option_is_refused_where_it_is_declared() -> None:
    @dataclass(frozen=True)
    class Broken:
        scoring: str = option("points", "how to score", choices=("points", "cards"))
        waste: bool = option(True, "play on", when={"scoring": ("chips",)})

    with pytest.raises(parlour.InvalidOptionError, match="scoring=chips"):
        option_specs(Broken)
