"""Casino (rules-decisions.md §4): rule clauses on forced deals, notation, views."""

from __future__ import annotations

import itertools
import json
import random
import re
from collections.abc import Sequence
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from parlour.core.cards import iter_bits, parse_card
from parlour.core.errors import (
    IllegalActionError,
    InvalidOptionError,
    ParlourError,
    ParseError,
    RecordError,
)
from parlour.core.game import CHANCE, State, instance_fields
from parlour.core.record import MatchRecord
from parlour.core.registry import load_game
from parlour.core.sampler import Rng
from parlour.games.casino.rules import (
    ADD_BUILD_BASE,
    ADD_CARD_BASE,
    CODE_CAPTURE,
    DONE,
    KINDS,
    NUM_DISTINCT_ACTIONS,
    NUMERALS,
    START_ACTIONS,
    VALUE,
    BuildCalled,
    BuildMade,
    BuildRaised,
    Captured,
    CardDealt,
    CasinoGame,
    CasinoState,
    GameOver,
    RoundScored,
    Trailed,
    groups_by_sum,
    reachable_sums,
)
from parlour.games.casino.text import move_groups, move_notes, render, sentence
from parlour.i18n import typeset
from parlour.render import Style
from parlour.testing import check_game

# ----- helpers ---------------------------------------------------------------


def first_deal(players: int, dealer: int, hands: dict[int, str], table: str) -> list[str]:
    """The first deal of a round in engine order (§6): two at a time from the
    dealer's left, two to the table just before the dealer's, twice."""
    cards = {seat: text.split() for seat, text in hands.items()}
    table_cards = table.split()
    order: list[str] = []
    for half in range(2):
        for offset in range(1, players):
            order += cards[(dealer + offset) % players][2 * half : 2 * half + 2]
        order += table_cards[2 * half : 2 * half + 2]
        order += cards[dealer][2 * half : 2 * half + 2]
    return order


def later_deal(players: int, dealer: int, hands: dict[int, str]) -> list[str]:
    """A later deal in engine order: two at a time from the dealer's left, twice."""
    cards = {seat: text.split() for seat, text in hands.items()}
    order: list[str] = []
    for half in range(2):
        for offset in range(1, players + 1):
            order += cards[(dealer + offset) % players][2 * half : 2 * half + 2]
    return order


def start(
    hands: dict[int, str], table: str, *, players: int = 2, dealer: int = 0, **options: Any
) -> CasinoState:
    """A game with a forced first deal (the rest from seed 0)."""
    game = load_game("casino", players=players, first_dealer=dealer, **options)
    state = game.new_initial_state(deck=first_deal(players, dealer, hands, table))
    assert isinstance(state, CasinoState)
    return state


Move = tuple[int, int, int]
"""A whole move's effect: (card, kind, table cards taken or combined)."""


def _explore(state: CasinoState, found: dict[Move, str]) -> None:
    """Every whole move reachable by steps from ``state`` (a move's start or
    middle), with its text, into ``found``."""
    for action in state.legal_actions():
        twin = state.clone()
        assert isinstance(twin, CasinoState)
        twin._sampler = None
        if twin.pending_card < 0:
            card, kind = divmod(action, KINDS)
        else:
            card, kind = twin.pending_card, twin.pending_kind
        taken = twin.pending_taken
        if action == DONE:
            pass
        elif action >= ADD_BUILD_BASE:
            taken |= twin.build_cards[action - ADD_BUILD_BASE + 2]
        elif action >= ADD_CARD_BASE:
            taken |= 1 << (action - ADD_CARD_BASE)
        loose_before = twin.loose
        moves_before = len(twin.round_moves) + len(twin.previous_round_moves)
        twin.apply_action(action)
        if twin.pending_card >= 0:
            _explore(twin, found)
            continue
        if action < START_ACTIONS and kind == CODE_CAPTURE:
            # A court card taking every card of its rank in its first step.
            taken = sum(1 << c for c in iter_bits(loose_before) if c % 13 == card % 13)
        moves = [*twin.previous_round_moves, *twin.round_moves]
        assert len(moves) == moves_before + 1 or twin.round_index > state.round_index
        text = (twin.round_moves or twin.previous_round_moves)[-1][1]
        if twin.round_index > state.round_index:
            text = twin.previous_round_moves[-1][1]
        found[(card, kind, taken)] = text


def whole_moves(state: State) -> dict[Move, str]:
    """The legal whole moves of the player to play, found by trying every step."""
    assert isinstance(state, CasinoState) and state.pending_card < 0
    found: dict[Move, str] = {}
    _explore(state, found)
    return found


def texts(state: State) -> list[str]:
    """The legal whole moves as text."""
    return sorted(set(whole_moves(state).values()))


def play(state: State, *moves: str) -> None:
    """Apply moves given as text (whole moves, or steps)."""
    for move in moves:
        state.apply_text(move)


def table_of(state: CasinoState) -> tuple[list[str], dict[int, tuple[list[str], str, int]]]:
    """(loose cards, {value: (cards, kind, owner)}) from seat 0's observation."""
    observation = state.observation(0)
    builds = {
        build["value"]: (build["cards"], build["kind"], build["owner"])
        for build in observation["builds"]
    }
    return observation["loose"], builds


def greedy(state: State) -> int:
    """A quick step: start a capture when one can, else the lowest start; within a
    move, add the first card or build offered (done only when nothing is)."""
    legal = state.legal_actions()
    if legal[0] < START_ACTIONS:
        captures = [action for action in legal if action % KINDS == CODE_CAPTURE]
        return captures[0] if captures else legal[0]
    adds = [action for action in legal if action != DONE]
    return adds[0] if adds else DONE


def play_lowest_moves(state: State, count: int) -> None:
    """Play ``count`` whole moves, each by its lowest step at every decision."""
    assert isinstance(state, CasinoState)
    for _ in range(count):
        state.apply_action(min(state.legal_actions()))
        while state.pending_card >= 0:
            state.apply_action(min(state.legal_actions()))


def finish_round(state: CasinoState) -> None:
    """Play the rest of the round greedily."""
    round_index = state.round_index
    while not state.is_terminal() and state.round_index == round_index:
        state.apply_action(greedy(state))


# ----- conformance -----------------------------------------------------------


@pytest.mark.parametrize("options", CasinoGame.conformance_options, ids=str)
def test_conformance(options: dict[str, Any]) -> None:
    check_game("casino", playouts=2, **options)


def test_conformance_each_player_count_full_target() -> None:
    for players in (2, 3, 4):
        check_game("casino", playouts=1, seed=players, players=players, target=11)


# ----- deal -----------------------------------------------------------------


def test_forced_deal_order_first_deal_two_players() -> None:
    deck = "2S 3S 4S 5S 6S 7S 2H 3H 4H 5H 6H 7H".split()
    state = load_game("casino", first_dealer=0).new_initial_state(deck=deck)
    observation = state.observation(1)
    # Seat 1 (dealer's left) gets two, the table two, the dealer two, twice.
    assert observation["hand"] == ["2S", "3S", "2H", "3H"]
    assert state.observation(0)["hand"] == ["6S", "7S", "6H", "7H"]
    assert observation["loose"] == ["4S", "5S", "4H", "5H"]
    assert state.current_player() == 1


def test_forced_deal_order_three_players_and_later_deal() -> None:
    hands = {0: "AS 2S 3S 4S", 1: "5S 6S 7S 8S", 2: "9S 10S JS QS"}
    order = first_deal(3, 2, hands, "AH 2H 3H 4H")
    second = later_deal(3, 2, {0: "5H 6H 7H 8H", 1: "9H 10H JH QH", 2: "KH AD 2D 3D"})
    state = load_game("casino", players=3, first_dealer=2).new_initial_state(deck=[order + second])
    assert state.observation(0)["hand"] == ["AS", "2S", "3S", "4S"]
    assert state.observation(2)["loose"] == ["AH", "2H", "3H", "4H"]
    assert state.current_player() == 0  # the player after the dealer
    play_lowest_moves(state, 12)
    observation = state.observation(1)
    assert observation["deal"] == 2
    assert observation["hand"] == ["9H", "10H", "JH", "QH"]
    assert state.observation(2)["hand"] == ["KH", "AD", "2D", "3D"]
    assert state.current_player() == 0
    assert observation["stock"] == 52 - 16 - 12


@pytest.mark.parametrize(("players", "deals"), [(2, 6), (3, 4), (4, 3)])
def test_round_has_deals_until_pack_used(players: int, deals: int) -> None:
    game = load_game("casino", players=players, first_dealer=0, target=500)
    state = game.new_initial_state(seed=4)
    assert isinstance(state, CasinoState)
    seen = set()
    while state.round_index == 0:
        seen.add(state.deal_index)
        state.apply_action(greedy(state))
    assert seen == set(range(deals))


def test_table_cards_only_on_first_deal_of_round() -> None:
    state = start({0: "2S 3S 4S 5S", 1: "6S 7S 8S 9S"}, "JH QH KH JD")
    play_lowest_moves(state, 8)
    assert state.observation(0)["hand_sizes"] == [4, 4]
    assert state.observation(0)["stock"] == 52 - 12 - 8


def test_deal_passes_left_each_round() -> None:
    state = load_game("casino", players=3, first_dealer=1, target=200).new_initial_state(seed=9)
    assert isinstance(state, CasinoState)
    finish_round(state)
    assert state.dealer == 2
    assert state.current_player() == 0
    finish_round(state)
    assert state.dealer == 0


def test_first_dealer_random_is_a_public_chance_node() -> None:
    state = load_game("casino", players=3).new_initial_state()
    assert state.current_player() == CHANCE
    assert state.chance_outcomes() == [(0, 1 / 3), (1, 1 / 3), (2, 1 / 3)]
    assert state.action_to_string(2) == "seat 2"
    state.apply_text("seat 2")
    assert state.observation(0)["dealer"] == 2


# ----- captures ------------------------------------------------------------------


def test_capture_pair_and_sum() -> None:
    state = start({0: "AC AD 2C 2D", 1: "7H KS QS JS"}, "3S 4D 7C 9H")
    moves = texts(state)
    assert "7H take 7C" in moves
    assert "7H take 3S+4D" in moves


def test_capture_any_collection_of_disjoint_groups() -> None:
    state = start({0: "AC AD 2C 2D", 1: "7H KS QS JS"}, "3S 4D 7C 9H")
    assert "7H take 3S+4D, 7C" in texts(state)
    play(state, "7H take 3S+4D, 7C")
    assert table_of(state)[0] == ["9H"]
    observation = state.observation(0)
    assert observation["captured_counts"][1] == {"cards": 4, "spades": 1}
    assert observation["last_capture"] == {"seat": 1, "card": "7H", "taken": ["3S", "4D", "7C"]}


def test_capture_groups_must_be_disjoint() -> None:
    # 6: 3S+3H uses both threes; 3S+3H, 3S+... cannot reuse a card.
    state = start({0: "AC AD 2C 2D", 1: "6D KS QS JS"}, "3S 3H 2H 4H")
    captures = [text for text in texts(state) if " take " in text]
    assert sorted(captures) == sorted(["6D take 3S+3H", "6D take 2H+4H", "6D take 3S+3H, 2H+4H"])


def test_taking_all_is_not_compulsory_and_must_take_all_option() -> None:
    hands = {0: "AC AD 2C 2D", 1: "7H KS QS JS"}
    state = start(hands, "3S 4D 7C 9H")
    assert {"7H take 7C", "7H take 3S+4D", "7H take 3S+4D, 7C"} <= set(texts(state))
    strict = start(hands, "3S 4D 7C 9H", must_take_all=True)
    assert [t for t in texts(strict) if t.startswith("7H take")] == ["7H take 3S+4D, 7C"]


def test_must_take_all_keeps_each_maximal_choice() -> None:
    state = start({0: "AC AD 2C 2D", 1: "5H KS QS JS"}, "AS 4H 4D 9H", must_take_all=True)
    assert sorted(t for t in texts(state) if " take " in t) == ["5H take AS+4D", "5H take AS+4H"]


def test_court_capture_one() -> None:
    state = start({0: "AC AD 2C 2D", 1: "KH 3C 5C 6C"}, "KS KD 9S 8S")
    assert sorted(t for t in texts(state) if t.startswith("KH")) == [
        "KH take KD",
        "KH take KS",
        "KH trail",
    ]


def test_court_capture_all() -> None:
    state = start({0: "AC AD 2C 2D", 1: "KH 3C 5C 6C"}, "KS KD 9S 8S", court_capture="all")
    assert [t for t in texts(state) if " take " in t and t.startswith("KH")] == ["KH take KS, KD"]


def test_court_capture_fourth_takes_three() -> None:
    hands = {0: "AC AD 2C 2D", 1: "KH 3C 5C 6C"}
    state = start(hands, "KS KD KC 8S", court_capture="fourth_takes_three")
    assert [t for t in texts(state) if " take " in t] == ["KH take KS, KD, KC"]
    two = start(hands, "KS KD 9C 8S", court_capture="fourth_takes_three")
    assert sorted(t for t in texts(two) if " take " in t) == ["KH take KD", "KH take KS"]


def test_courts_never_build_or_sum() -> None:
    state = start({0: "AC AD 2C 2D", 1: "JH 3C 5C 10C"}, "JS 9S AS 8S")
    moves = texts(state)
    assert not [t for t in moves if t.startswith("JH build")]
    assert not [t for t in moves if "JS" in t and not t.startswith("JH")]


def test_capture_a_build_of_its_value() -> None:
    state = start({0: "5S 9C 2C 2D", 1: "9D KS QS JS"}, "4H 6C 8C 10H")
    play(state, "KS trail", "5S build 9 with 4H")
    assert "9D take b9" in texts(state)
    play(state, "9D take b9")
    loose, builds = table_of(state)
    assert builds == {}
    assert "4H" not in loose and "5S" not in loose


# ----- builds ---------------------------------------------------------------------


def test_single_build_requires_holding_its_value() -> None:
    state = start({0: "5S 9C 2C 3D", 1: "KS QS JS 10S"}, "4H 6C 8C 10H")
    play(state, "KS trail")
    moves = texts(state)
    assert "5S build 9 with 4H" in moves
    assert "2C build 8 with 6C" not in moves  # no 8 in hand
    play(state, "5S build 9 with 4H")
    assert table_of(state)[1] == {9: (["5S", "4H"], "single", 0)}


def test_build_value_at_most_ten() -> None:
    state = start({0: "5S 9C AC 3D", 1: "KS QS JS 10S"}, "8H 6C 8C 10H")
    play(state, "KS trail")
    assert not [t for t in texts(state) if " build " in t and int(t.split()[2]) > 10]


def test_raise_a_single_build() -> None:
    state = start({0: "5S 7C AC 2D", 1: "2C 9D 9S JS"}, "3H 6C QC 10H")
    play(state, "JS trail", "AC build 7 with 6C")
    assert "2C build 9 with b7" in texts(state)  # raising the opponent's build
    play(state, "2C build 9 with b7")
    assert table_of(state)[1] == {9: (["AC", "2C", "6C"], "single", 1)}


def test_raise_requires_holding_new_value_and_no_table_cards_by_default() -> None:
    state = start({0: "5S 7C AC 2D", 1: "2C 8D 9S JS"}, "3H 6C QC 10H")
    play(state, "JS trail", "AC build 7 with 6C")
    moves = texts(state)
    assert "2C build 9 with b7" in moves
    assert not [t for t in moves if "b7+" in t]


def test_raise_with_table_cards_option() -> None:
    state = start({0: "5S 7C AC 2D", 1: "2C 8D 10S JS"}, "3H 6C QC AH", raise_with_table_cards=True)
    play(state, "JS trail", "AC build 7 with 6C")
    moves = texts(state)
    assert "2C build 10 with b7+AH" in moves
    play(state, "2C build 10 with b7+AH")
    assert table_of(state)[1] == {10: (["AH", "AC", "2C", "6C"], "single", 1)}


def test_raise_own_build() -> None:
    state = start({0: "AC 7C 8D AD", 1: "2C 9D 9S JS"}, "3H 6C QC 10H")
    play(state, "JS trail", "AC build 7 with 6C", "9S trail")
    moves = texts(state)
    assert "AD build 8 with b7" in moves  # keeps 8D for the new value
    assert "8D build 10 with b7" not in moves  # 7 + 8 is over 10
    play(state, "AD build 8 with b7")
    assert table_of(state)[1] == {8: (["AD", "AC", "6C"], "single", 0)}


def test_partnerships_play_pools_captures_but_builds_belong_to_the_seat() -> None:
    hands = {0: "2S 3S 4S 5S", 1: "7H KS QS JS", 2: "5H 9C 9D 3C", 3: "6S 6H 6D 8C"}
    state = start(hands, "3D 4D 4C 10H", players=4)
    play(state, "7H take 3D+4D")
    assert state.observation(0)["captured_counts"] == [
        {"cards": 0, "spades": 0},
        {"cards": 3, "spades": 0},
    ]
    play(state, "5H build 9 with 4C")
    assert table_of(state)[1][9][2] == 2
    play(state, "6S trail")
    # Seat 0, partner of the owner, may trail: the restriction is the seat's.
    assert "2S trail" in texts(state)
    play(state, "2S trail", "KS trail", "9C take b9")
    assert state.observation(1)["captured_counts"][0] == {"cards": 3, "spades": 0}


def test_multiple_build_calling_a_pair() -> None:
    state = start({0: "8D 8H 2C 3D", 1: "KS QS JS 10S"}, "8S 6C QC 10H")
    play(state, "KS trail")
    assert "8D build 8 with 8S" in texts(state)
    play(state, "8D build 8 with 8S")
    assert table_of(state)[1] == {8: (["8S", "8D"], "multiple", 0)}


def test_multiple_build_seed_example_five_on_two_with_seven() -> None:
    state = start({0: "5S 7D 2C 3D", 1: "KS QS JS 10S"}, "2H 7C QC 10H")
    play(state, "KS trail")
    assert "5S build 7 with 2H, 7C" in texts(state)
    assert state.string_to_actions("5S build 7 with 7C, 2H") == state.string_to_actions(
        "5S build 7 with 2H, 7C"
    )
    play(state, "5S build 7 with 2H, 7C")
    assert table_of(state)[1] == {7: (["5S", "2H", "7C"], "multiple", 0)}


def test_announced_value_distinguishes_single_from_multiple() -> None:
    state = start({0: "5S 5D 10C 3D", 1: "KS QS JS 10S"}, "5H 7C QC 10H")
    play(state, "KS trail")
    moves = texts(state)
    assert "5S build 10 with 5H" in moves and "5S build 5 with 5H" in moves
    single = state.clone()
    play(single, "5S build 10 with 5H")
    assert table_of(single)[1] == {10: (["5S", "5H"], "single", 0)}  # type: ignore[arg-type]
    play(state, "5S build 5 with 5H")
    assert table_of(state)[1] == {5: (["5S", "5H"], "multiple", 0)}


def test_multiple_build_cannot_be_raised() -> None:
    state = start({0: "8D 8H 2C 3D", 1: "AS 9S JS 10S"}, "8S 6C QC 10H")
    play(state, "JS trail", "8D build 8 with 8S")
    assert not [t for t in texts(state) if t.startswith("AS build 9")]
    with pytest.raises(IllegalActionError, match="multiple build: its value never changes"):
        state.apply_text("AS build 9 with b8")


def test_calling_onto_an_existing_build_and_ownership_passes() -> None:
    state = start({0: "5S 9C 2C 3D", 1: "9D 6H 3H 9S"}, "4H AC QC 10H")
    play(state, "6H trail", "5S build 9 with 4H")
    moves = texts(state)
    assert "9D build 9 with b9" in moves
    assert "3H build 9 with 6H, b9" in moves
    play(state, "9D build 9 with b9")
    assert table_of(state)[1] == {9: (["5S", "4H", "9D"], "multiple", 1)}
    # Seat 0 no longer owns a build: he may trail again.
    assert "2C trail" in texts(state)


def test_new_build_of_existing_value_merges() -> None:
    state = start({0: "5S 9C 2C 3D", 1: "6H 9D 3C JS"}, "4H 3S QC 10H")
    play(state, "JS trail", "5S build 9 with 4H")
    moves = texts(state)
    assert "6H build 9 with 3S, b9" in moves
    assert state.string_to_actions("6H build 9 with 3S") == state.string_to_actions(
        "6H build 9 with 3S, b9"
    )
    play(state, "6H build 9 with 3S")
    assert table_of(state)[1] == {9: (["3S", "5S", "4H", "6H"], "multiple", 1)}


def test_raise_cannot_reach_value_of_another_build() -> None:
    state = start({0: "5S 9C 6C 7C", 1: "2H 9D 3D JS"}, "4H AC QC 10H")
    play(state, "JS trail", "5S build 9 with 4H", "3D trail", "6C build 7 with AC")
    # Seat 1 holds 2H and 9D: raising b7 with 2H would make a second 9.
    assert "2H build 9 with b7" not in texts(state)
    with pytest.raises(IllegalActionError, match="a raise cannot also call"):
        state.apply_text("2H build 9 with b7")


# ----- owner restrictions ------------------------------------------------------


def test_owner_may_not_trail() -> None:
    state = start({0: "5S 9C 2C 3D", 1: "KS QS JS 10S"}, "4H 6C QC 10H")
    play(state, "KS trail", "5S build 9 with 4H", "QS take QC")
    assert not [t for t in texts(state) if t.endswith("trail")]
    with pytest.raises(IllegalActionError, match="you own the build of 9 and may not trail"):
        state.apply_text("2C trail")


def test_owner_may_trail_option() -> None:
    state = start({0: "5S 9C 2C 3D", 1: "KS QS JS 10S"}, "4H 6C QC 10H", owner_may_trail=True)
    play(state, "KS trail", "5S build 9 with 4H", "QS take QC")
    assert {"2C trail", "3D trail"} <= set(texts(state))
    assert "9C trail" not in texts(state)  # his only 9 must stay for the build


def test_owner_keeps_a_card_of_build_value() -> None:
    state = start({0: "5S 9C 2C AD", 1: "KS QS JS 10S"}, "4H 6C 8C 10H")
    play(state, "KS trail", "5S build 9 with 4H", "QS trail")
    moves = texts(state)
    assert [t for t in moves if t.startswith("9C")] == ["9C take b9"]
    assert "AD build 10 with b9" not in moves  # no 10 in hand
    assert "2C build 8 with 6C" not in moves  # no 8 in hand


def test_owner_may_raise_own_build_to_a_value_he_holds() -> None:
    state = start({0: "5S 9C 10C AD", 1: "KS QS JS 10S"}, "4H 6C 8C 10H")
    play(state, "KS trail", "5S build 9 with 4H", "QS trail")
    assert "AD build 10 with b9" in texts(state)
    play(state, "AD build 10 with b9", "JS trail")
    moves = texts(state)
    assert "9C trail" not in moves  # still owns a build
    assert "10C take b10" in moves and "10C take 10H, b10" in moves


def test_losing_the_build_ends_the_restriction() -> None:
    state = start({0: "5S 9C 2C 3D", 1: "AS QS JS 10S"}, "4H 6C QC 10H")
    play(state, "JS trail", "5S build 9 with 4H", "AS build 10 with b9")
    assert table_of(state)[1] == {10: (["AS", "5S", "4H"], "single", 1)}
    assert {"9C trail", "2C trail"} <= set(texts(state))


def test_may_trail_capturing_card_option() -> None:
    hands = {0: "AC AD 2C 2D", 1: "7H KS 3C JS"}
    assert "7H trail" in texts(start(hands, "3S 4D 7C 9H"))
    strict = start(hands, "3S 4D 7C 9H", may_trail_capturing_card=False)
    moves = texts(strict)
    assert "7H trail" not in moves and "KS trail" in moves


# ----- end of round, scoring, game ---------------------------------------------


def test_last_capturer_takes_the_rest() -> None:
    state = load_game("casino", first_dealer=0, target=500).new_initial_state(seed=8)
    assert isinstance(state, CasinoState)
    while not (state.dealt == 52 and state.plays_left == 1):
        state.apply_action(greedy(state))
    before = state.observation(0)
    last = before["last_capturer"]
    assert last >= 0
    trail = [a for a in state.legal_actions() if a < START_ACTIONS and a % KINDS == 0]
    assert trail, "the last card can be trailed here"
    table = len(before["loose"]) + sum(len(build["cards"]) for build in before["builds"])
    state.apply_action(trail[0])
    result = state.observation(0)["round_results"][0]
    assert result["last_take"] == last
    expected = before["captured_counts"][last]["cards"] + table + 1
    assert result["sides"][last]["cards"] == expected
    assert sum(side["cards"] for side in result["sides"]) == 52


def test_nobody_captured_cards_are_discarded() -> None:
    state = load_game("casino", first_dealer=0).new_initial_state(seed=3)
    assert isinstance(state, CasinoState)
    state.loose = (1 << 52) - 1
    state.last_capturer = -1
    state._end_round()
    result = state.observation(0)["round_results"][0]
    assert result["last_take"] == -1
    assert result["points"] == [0, 0]
    assert [side["cards"] for side in result["sides"]] == [0, 0]


def score_round(state: CasinoState, piles: Sequence[str], last: int = 0) -> dict[str, Any]:
    """Give each side a pile and score the round (clause tests of the scoring)."""
    state.captured = [pile(text) for text in piles]
    state.loose = 0
    state.build_cards = [0] * 11
    state.last_capturer = last
    state._end_round()
    result: dict[str, Any] = state.observation(0)["round_results"][-1]
    return result


def pile(text: str) -> int:
    """The card mask of a space-separated list of cards."""
    return sum(1 << parse_card(card) for card in text.split())


def test_round_scoring_items() -> None:
    state = load_game("casino", first_dealer=0).new_initial_state(seed=1)
    assert isinstance(state, CasinoState)
    result = score_round(state, ["10D 2S AS AH 3S 4C", "AD 5S 6C"])
    zero = result["sides"][0]
    assert zero["most_cards"] == 3 and zero["most_spades"] == 1
    assert zero["big_casino"] == 2 and zero["little_casino"] == 1 and zero["aces"] == 2
    assert result["points"] == [9, 1]


def test_ties_give_nothing_for_cards_and_spades() -> None:
    state = load_game("casino", first_dealer=0).new_initial_state(seed=1)
    assert isinstance(state, CasinoState)
    result = score_round(state, ["3S 4C", "5S 6C"])
    assert result["points"] == [0, 0]


def test_three_player_tie_rule_top_two_get_nothing() -> None:
    state = load_game("casino", players=3, first_dealer=0).new_initial_state(seed=1)
    assert isinstance(state, CasinoState)
    result = score_round(state, ["3S 4C 5H", "5S 6C 7H", "8H"])
    assert result["points"] == [0, 0, 0]
    assert [side["most_cards"] for side in result["sides"]] == [0, 0, 0]
    assert [side["most_spades"] for side in result["sides"]] == [0, 0, 0]


def test_partnerships_pool_captures() -> None:
    state = load_game("casino", players=4, first_dealer=0).new_initial_state(seed=1)
    assert isinstance(state, CasinoState)
    assert state.observation(0)["sides"] == [[0, 2], [1, 3]]
    result = score_round(state, ["10D 2S 3S", "AD"])
    assert result["points"] == [7, 1]
    assert state.totals == [7, 1]
    solo = load_game("casino", players=4, partnerships=False, first_dealer=0)
    assert solo.new_initial_state(seed=1).observation(0)["sides"] == [[0], [1], [2], [3]]


def test_game_ends_when_target_reached_higher_total_wins() -> None:
    state = load_game("casino", first_dealer=0).new_initial_state(seed=1)
    assert isinstance(state, CasinoState)
    state.totals = [19, 15]
    score_round(state, ["10D 2S 3S 4S", "AD"])  # 7 to 1: 26 v 16
    assert state.is_terminal()
    assert state.returns() == [26.0, 16.0]


def test_both_pass_21_higher_total_wins() -> None:
    state = load_game("casino", first_dealer=0).new_initial_state(seed=1)
    assert isinstance(state, CasinoState)
    state.totals = [20, 18]
    score_round(state, ["10D", "AD AS AH AC 2S 3S"])  # 2 v 9: 22 v 27
    assert state.is_terminal()
    assert state.returns() == [22.0, 27.0]
    assert state.observation(0)["winner_side"] == 1


def test_exact_tie_at_target_plays_another_round() -> None:
    state = load_game("casino", first_dealer=0).new_initial_state(seed=1)
    assert isinstance(state, CasinoState)
    state.totals = [20, 19]
    score_round(state, ["10D 3H", "2S AD"])  # cards tie, spades to 1: 2 v 3 → 22 v 22
    assert state.totals == [22, 22]
    assert not state.is_terminal()
    assert state.round_index == 1 and state.dealer == 1


def test_count_out_tiebreak() -> None:
    state = load_game("casino", first_dealer=0, tiebreak="count_out").new_initial_state(seed=1)
    assert isinstance(state, CasinoState)
    state.totals = [20, 18]
    # Cards (3) go to side 1 first: 21 before side 0 reaches anything.
    score_round(state, ["10D 2S AS", "3H 4H 5H 6H"])
    assert state.is_terminal()
    assert state.returns() == [20.0, 21.0]
    assert state.observation(0)["round_results"][-1]["note"] == "side 1 counts out"


def test_sweeps_option() -> None:
    hands = {0: "AC AD 2C 2D", 1: "10H KS QS JS"}
    clean = start(hands, "3S 7D 6C 4H", sweeps=True)
    play(clean, "10H take 3S+7D, 6C+4H")
    assert clean.observation(0)["sweeps"] == [0, 1]
    partial = start(hands, "3S 7D 6C 5H", sweeps=True)
    play(partial, "10H take 3S+7D")
    assert partial.observation(0)["sweeps"] == [0, 0]
    assert start(hands, "3S 7D 6C 4H").observation(0)["sweeps"] is None


def test_sweep_scores_a_point() -> None:
    state = load_game("casino", first_dealer=0, sweeps=True).new_initial_state(seed=1)
    assert isinstance(state, CasinoState)
    state.sweep_order = (1, 1)
    result = score_round(state, ["3S 4C 5C", "6C"])
    assert result["sides"][1]["sweeps"] == 2
    assert result["points"] == [4, 2]


def test_public_capture_counts_option() -> None:
    hands = {0: "AC AD 2C 2D", 1: "7H KS QS JS"}
    hidden = start(hands, "3S 4D 7C 9H", public_capture_counts=False)
    assert hidden.observation(0)["captured_counts"] is None
    assert start(hands, "3S 4D 7C 9H").observation(0)["captured_counts"] == [
        {"cards": 0, "spades": 0},
        {"cards": 0, "spades": 0},
    ]


# ----- notation and errors ------------------------------------------------------


def test_action_notation_and_tolerant_parsing() -> None:
    state = start({0: "AC AD 2C 2D", 1: "7H KS QS JS"}, "3S 4D 7C 9H")
    steps = state.string_to_actions("7H take 3S+4D, 7C")
    for variant in ("7h TAKE 7c, 4d+3s", "7♥ take 4♦ + 3♠ , 7♣", "7H take 7C 3S 4D"):
        assert state.string_to_actions(variant) == steps
    assert state.action_to_string(state.string_to_action("KS trail")) == "KS trail"
    texts = []
    for step in steps:
        texts.append(state.action_to_string(step))
        state.apply_action(step)
    assert texts == ["7H take", "3S", "4D", "7C"]
    assert state.observation(0)["round_moves"][-1] == {"seat": 1, "move": "7H take 3S+4D, 7C"}


def test_bad_text_raises_parse_error_naming_forms() -> None:
    state = start({0: "AC AD 2C 2D", 1: "7H KS QS JS"}, "3S 4D 7C 9H")
    before = state.serialize()
    bad = ("", "7H", "7H grab 7C", "7H build 11 with 4D", "7H build 9 4D", "zz", "7H take b7")
    for text in bad:
        with pytest.raises(ParseError):
            state.string_to_action(text)
    with pytest.raises(ParseError, match="no build b7"):
        state.string_to_action("7H take b7")
    assert state.serialize() == before


def test_illegal_action_raises_and_leaves_state_unchanged() -> None:
    state = start({0: "AC AD 2C 2D", 1: "7H KS QS JS"}, "3S 4D 7C 9H")
    before = state.serialize()
    with pytest.raises(IllegalActionError, match="every group taken must add up to 7"):
        state.apply_text("7H take 3S+7C")
    with pytest.raises(IllegalActionError, match="you do not hold AC"):
        state.apply_text("AC trail")
    with pytest.raises(IllegalActionError, match="to build 7 you must keep a card of value 7"):
        state.apply_text("7H build 7 with 9H")
    assert state.serialize() == before


def test_unknown_option_and_bad_values() -> None:
    with pytest.raises(InvalidOptionError, match="partnerships"):
        load_game("casino", partnership=True)
    with pytest.raises(InvalidOptionError, match=re.escape("one | all | fourth_takes_three")):
        load_game("casino", court_capture="two")
    with pytest.raises(InvalidOptionError, match="first_dealer"):
        load_game("casino", players=2, first_dealer=3)
    with pytest.raises(InvalidOptionError):
        load_game("casino", players=5)


def test_action_encoding_bound() -> None:
    game = load_game("casino")
    assert game.num_distinct_actions() == NUM_DISTINCT_ACTIONS == 634


# ----- exact legal moves: brute force reference ----------------------------------


def _partition_ok(values: list[int], target: int) -> bool:
    if not values:
        return True
    first, rest = values[0], values[1:]
    for size in range(len(rest) + 1):
        for combo in itertools.combinations(range(len(rest)), size):
            if first + sum(rest[i] for i in combo) == target:
                remaining = [rest[i] for i in range(len(rest)) if i not in combo]
                if _partition_ok(remaining, target):
                    return True
    return False


def _group_left(state: CasinoState, mask: int, value: int) -> bool:
    """Whether a group adding up to ``value`` is left on the table outside ``mask``."""
    if state.build_cards[value] and not state.build_cards[value] & mask:
        return True
    rest = [VALUE[c] for c in iter_bits(state.loose & ~mask) if VALUE[c]]
    return any(
        sum(combo) == value
        for size in range(1, len(rest) + 1)
        for combo in itertools.combinations(rest, size)
    )


def reference_legal(state: CasinoState) -> set[Move] | None:
    """Every legal move by direct search over subsets of table items (None if too big)."""
    options = state.options
    player = state.to_play
    hand = state.hands[player]
    loose = list(iter_bits(state.loose))
    builds = [v for v in range(2, 11) if state.build_cards[v]]
    items: list[tuple[str, int]] = [("card", c) for c in loose] + [("build", v) for v in builds]
    if len(items) > 9:
        return None
    owned = {v for v in builds if state.build_owner[v] == player}
    result: set[Move] = set()
    for card in iter_bits(hand):
        rest_values = {VALUE[c] for c in iter_bits(hand & ~(1 << card)) if VALUE[c]}
        value = VALUE[card]
        captures: list[tuple[int, set[int]]] = []  # (mask, owned after)
        moves: list[Move] = []
        for size in range(1, len(items) + 1):
            for combo in itertools.combinations(items, size):
                cards = [c for kind, c in combo if kind == "card"]
                chosen = [v for kind, v in combo if kind == "build"]
                mask = sum(1 << c for c in cards) + sum(state.build_cards[v] for v in chosen)
                numerals = all(VALUE[c] for c in cards)
                if value == 0:
                    same = [c for c in loose if (c % 13) == (card % 13)]
                    if chosen or any((c % 13) != (card % 13) for c in cards):
                        continue
                    mode = options.court_capture
                    ok = (
                        (mode == "one" and len(cards) == 1)
                        or (mode == "all" and len(cards) == len(same))
                        or (
                            mode == "fourth_takes_three"
                            and (len(cards) == 3 if len(same) == 3 else len(cards) == 1)
                        )
                    )
                    if ok:
                        captures.append((mask, owned))
                    continue
                if not numerals:
                    continue
                values = [VALUE[c] for c in cards]
                if all(v == value for v in chosen) and _partition_ok(values, value):
                    captures.append((mask, owned - set(chosen)))
                for target in range(2, 11):
                    if target not in rest_values:
                        continue
                    after_owned = owned | {target}
                    if (
                        set(chosen) <= {target}
                        and (target not in builds or target in chosen)
                        and (cards or chosen)
                        and _partition_ok([value, *values], target)
                        and after_owned <= rest_values
                    ):
                        moves.append((card, target, mask))
                    if (
                        len(chosen) == 1
                        and chosen[0] != target
                        and not state.build_multiple[chosen[0]]
                        and (options.raise_with_table_cards or not cards)
                        and chosen[0] + value + sum(values) == target
                        and target not in builds
                        and ((owned - {chosen[0]}) | {target}) <= rest_values
                    ):
                        moves.append((card, target, mask))
        if options.must_take_all and value:
            # Complete only when no group of the value is left to add.
            captures = [(m, o) for m, o in captures if not _group_left(state, m, value)]
        legal_captures = [m for m, after in captures if after <= rest_values]
        for mask in legal_captures:
            moves.append((card, CODE_CAPTURE, mask))
        may_trail = (
            (options.owner_may_trail or not owned)
            and (options.may_trail_capturing_card or not legal_captures)
            and owned <= rest_values
        )
        if may_trail:
            moves.append((card, 0, 0))
        result.update(moves)
    return result


@pytest.mark.parametrize(
    "options",
    [
        {},
        {"players": 3},
        {"players": 4, "must_take_all": True, "court_capture": "all"},
        {"raise_with_table_cards": True, "court_capture": "fourth_takes_three"},
        {"may_trail_capturing_card": False, "owner_may_trail": True},
    ],
    ids=str,
)
def test_legal_moves_match_brute_force(options: dict[str, object]) -> None:
    game = load_game("casino", target=500, **options)
    rng = random.Random(11)
    checked = 0
    for seed in range(6):
        state = game.new_initial_state(seed=seed)
        assert isinstance(state, CasinoState)
        for _ in range(150):
            if state.is_terminal():
                break
            if state.pending_card < 0:
                reference = reference_legal(state)
                if reference is not None:
                    found = whole_moves(state)
                    assert set(found) == reference, state.observation(state.to_play)
                    checked += 1
            legal = state.legal_actions()
            # Prefer builds so that positions with builds are common.
            builds = [a for a in legal if a < START_ACTIONS and a % KINDS >= 2]
            choice = rng.choice(builds) if builds and rng.random() < 0.6 else rng.choice(legal)
            state.apply_action(choice)
    assert checked > 200


def test_subset_helpers() -> None:
    loose = sum(1 << parse_card(c) for c in "AS 2S 3S 4H 5H JC".split())
    assert sorted(groups_by_sum(loose)[5]) == sorted(
        sum(1 << parse_card(c) for c in group.split()) for group in ("5H", "AS 4H", "2S 3S")
    )
    assert reachable_sums(loose) == sum(1 << total for total in range(0, 11))
    assert reachable_sums(sum(1 << parse_card(c) for c in "3S 3H JC".split())) == 0b1001001


# ----- views and sampling ---------------------------------------------------------


def test_views_hide_other_hands_and_stock() -> None:
    state = start({0: "AC AD 2C 2D", 1: "7H KS QS JS"}, "3S 4D 7C 9H")
    observation = state.observation(0)
    assert observation["hand"] == ["AD", "2D", "AC", "2C"]
    assert "7H" not in str(observation)
    assert observation["stock"] == 40
    other = start({0: "AC AD 2C 2D", 1: "8H KH QH JH"}, "3S 4D 7C 9H")
    assert other.view(0) == state.view(0)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_sample_state_is_consistent_with_view(players: int) -> None:
    game = load_game("casino", players=players, target=500)
    rng = random.Random(players)
    for seed in range(4):
        state = game.new_initial_state(seed=seed)
        steps = rng.randrange(5, 120)
        for _ in range(steps):
            if state.is_terminal():
                break
            legal = state.legal_actions()
            builds = [a for a in legal if a < START_ACTIONS and a % KINDS >= 2]
            state.apply_action(
                rng.choice(builds) if builds and rng.random() < 0.5 else rng.choice(legal)
            )
        for seat in range(players):
            view = state.view(seat)
            for sample_seed in range(3):
                sampled = view.sample_state(Rng(sample_seed))
                assert sampled.view(seat) == view


def test_sample_state_owner_holds_build_value() -> None:
    state = start({0: "5S 9C 2C 3D", 1: "KS QS JS 10S"}, "4H 6C QC 10H")
    play(state, "KS trail", "5S build 9 with 4H")
    view = state.view(1)
    for seed in range(30):
        sampled = view.sample_state(Rng(seed))
        assert isinstance(sampled, CasinoState)
        assert any(VALUE[c] == 9 for c in iter_bits(sampled.hands[0]))
        assert sampled.view(1) == view


# ----- rendering -------------------------------------------------------------------


def test_render_and_move_groups() -> None:
    state = start({0: "5S 9C 2C 3D", 1: "KS QS JS 10S"}, "4H 6C QC 10H")
    play(state, "KS trail", "5S build 9 with 4H")
    view = state.view(1)
    text = render(view, Style(), ["Ann", "Bob"])
    assert "b9" in text and "Ann" in text and "Your hand" in text
    groups = move_groups(view)
    assert [label for label, _ in groups] == ["QS", "JS", "10S"] or len(groups) == 3
    assert sum(len(actions) for _, actions in groups) == len(view.legal_actions)


@pytest.mark.parametrize(
    ("lang", "names", "heading"),
    [
        ("en", ["You", "Bob"], "Your hand: "),
        ("fr", ["Vous", "Bob"], "Votre main : "),
    ],
)
def test_the_hand_is_headed_once(lang: str, names: list[str], heading: str) -> None:
    """tmux at 80×24: "Your hand (You):" said whose hand it is twice. The heading
    is "Your hand:" as in every other game, whatever the seat is called."""
    state = start({0: "5S 9C 2C 3D", 1: "KS QS JS 10S"}, "4H 6C QC 10H")
    text = render(state.view(0), Style(lang=lang), names)
    hand_line = next(line for line in text.splitlines() if "main" in line or "hand" in line)
    assert hand_line.startswith(heading), hand_line
    assert f"({names[0]})" not in text, text


def test_forced_deck_one_list_per_round() -> None:
    game = load_game("casino", first_dealer=0, target=500)
    round_one = first_deal(2, 0, {0: "2S 3S 4S 5S", 1: "6S 7S 8S 9S"}, "JH QH KH JD")
    round_two = first_deal(2, 1, {0: "AH 2H 3H 4H", 1: "5H 6H 7H 8H"}, "JC QC KC QD")
    state = game.new_initial_state(deck=[round_one, round_two])
    assert isinstance(state, CasinoState)
    finish_round(state)
    assert state.dealer == 1 and state.current_player() == 0
    assert state.observation(0)["hand"] == ["AH", "2H", "3H", "4H"]
    assert state.observation(1)["loose"] == ["QD", "JC", "QC", "KC"]


def test_score_sheet_and_returns() -> None:
    state = load_game("casino", first_dealer=0, target=1).new_initial_state(seed=2)
    while not state.is_terminal():
        state.apply_action(greedy(state))
    sheet = state.score_sheet()
    assert sheet and sheet[0].deal == 1
    totals = [sum(line.scores[seat] for line in sheet) for seat in range(2)]
    assert state.returns() == totals
    assert max(state.returns()) >= 1


def test_render_in_french_and_count_out_table() -> None:
    state = load_game("casino", first_dealer=0, tiebreak="count_out").new_initial_state(seed=1)
    assert isinstance(state, CasinoState)
    state.totals = [20, 18]
    score_round(state, ["10D 2S AS", "3H 4H 5H 6H"])
    view = state.view(0)
    french = render(view, Style(lang="fr"), ["Ann", "Bob"])
    assert "Score de la manche 1" in french and "Partie terminée" in french
    assert "Bob atteint le but en comptant" in french
    english = render(view, Style(), ["Ann", "Bob"])
    assert "Round 1 score" in english and "Bob counts out" in english


# ----- moves in steps (rules version 2) ------------------------------------------


def legal_texts(state: State) -> list[str]:
    """The legal steps as text."""
    return [state.action_to_string(action) for action in state.legal_actions()]


def test_steps_capture_of_several_groups() -> None:
    state = start({0: "AC AD 2C 2D", 1: "7H KS QS JS"}, "3S 4D 7C 9H")
    assert "7H take" in legal_texts(state)
    state.apply_text("7H take")
    assert legal_texts(state) == ["3S", "4D", "7C"]
    state.apply_text("3S")
    # The open group adds up to 3: only a card completing 7 with what is left.
    assert legal_texts(state) == ["4D"]
    assert state.observation(0)["pending"]["text"] == "7H take 3S"
    state.apply_text("4D")
    assert legal_texts(state) == ["7C", "done"]
    state.apply_text("7C")  # nothing more can be added: the move ends by itself
    assert state.pending_card == -1
    assert state.observation(0)["round_moves"][-1] == {"seat": 1, "move": "7H take 3S+4D, 7C"}
    assert table_of(state)[0] == ["9H"]


def test_steps_build_and_done_only_when_complete() -> None:
    state = start({0: "5S 9C 2C 3D", 1: "KS QS JS 10S"}, "4H 6C 3C 10H")
    play(state, "KS trail")
    state.apply_text("5S build 9")
    assert "done" not in legal_texts(state)
    before = state.clone()
    with pytest.raises(IllegalActionError, match="adds up to 5: add table cards"):
        state.apply_action(DONE)
    assert instance_fields(state).keys() == instance_fields(before).keys()
    assert state.pending_taken == before.pending_taken
    state.apply_text("4H")  # 5 + 4 make 9; 6C+3C could still be called
    assert legal_texts(state) == ["3C", "6C", "done"]
    state.apply_text("done")
    assert table_of(state)[1] == {9: (["5S", "4H"], "single", 0)}


def test_steps_raise_then_ends_by_itself() -> None:
    state = start({0: "5S 7C AC 2D", 1: "2C 9D 9S JS"}, "3H 6C QC 10H")
    play(state, "JS trail", "AC build 7 with 6C")
    state.apply_text("2C build 9")
    assert legal_texts(state) == ["b7"]
    state.apply_text("b7")
    assert state.pending_card == -1
    assert table_of(state)[1] == {9: (["AC", "2C", "6C"], "single", 1)}


def test_whole_line_text_applies_all_steps_or_none() -> None:
    state = start({0: "AC AD 2C 2D", 1: "7H KS QS JS"}, "3S 4D 7C 9H")
    before = state.serialize()
    hands_before = list(state.hands)
    with pytest.raises(IllegalActionError, match="every group taken must add up to 7"):
        state.apply_text("7H take 3S+4D, 9H")
    assert state.serialize() == before and state.hands == hands_before
    assert state.pending_card == -1
    with pytest.raises(ParseError, match="apply_text"):
        state.string_to_action("7H take 3S+4D")
    # 7C could still be taken, so the line ends with a "done" step.
    assert state.apply_text("7H take 3S+4D") == DONE
    assert state.observation(0)["round_moves"][-1]["move"] == "7H take 3S+4D"


def test_whole_line_in_a_step_by_step_record() -> None:
    state = start({0: "AC AD 2C 2D", 1: "7H KS QS JS"}, "3S 4D 7C 9H")
    play(state, "7H take 3S+4D, 7C")
    record = state.to_record()
    assert record.actions == ["7H take", "3S", "4D", "7C"]
    assert record.rules_version == 2
    again = record.replay()
    assert again.observation(0) == state.observation(0)


def test_old_record_form_replays_as_steps_when_loaded() -> None:
    state = start({0: "AC AD 2C 2D", 1: "7H KS QS JS"}, "3S 4D 7C 9H")
    old = json.loads(state.serialize())
    old["rules_version"] = 1
    old["actions"] = ["7H take 3S+4D, 7C"]
    loaded = state.game.deserialize_state(json.dumps(old))
    state.apply_text("7H take 3S+4D, 7C")
    assert loaded.serialize() == state.serialize()


def test_an_old_record_whose_move_does_not_apply_is_refused_naming_the_step() -> None:
    state = start({0: "AC AD 2C 2D", 1: "7H KS QS JS"}, "3S 4D 7C 9H")
    old = json.loads(state.serialize())
    old["rules_version"] = 1
    old["actions"] = ["7H take 3S+9H"]
    with pytest.raises(RecordError, match="step"):
        state.game.deserialize_state(json.dumps(old))


def crowded(players: int = 2) -> CasinoState:
    """A constructed worst case: every numeral but the hands' loose on the table."""
    state = start({0: "AC AD 2C 2D", 1: "10H 9H 5H 7C"}, "3S 4D 6C 9S", players=players)
    hands = state.hands[0] | state.hands[1]
    state.loose = NUMERALS & ~hands
    state.stock &= ~state.loose  # the pack keeps only the courts for the next deal
    state._legal = None
    return state


def test_no_decision_above_a_few_hundred_actions_on_a_crowded_table() -> None:
    state = crowded()
    assert state.loose.bit_count() >= 29
    counts = [len(state.legal_actions())]
    assert state.legal_actions()
    rng = random.Random(3)
    for _ in range(60):
        if state.stock.bit_count() < 4 * 2:
            break  # the constructed pack cannot make another deal
        legal = state.legal_actions()
        counts.append(len(legal))
        state.apply_action(rng.choice(legal))
    assert max(counts) <= 100
    assert len(counts) > 10


def test_illegal_action_message_is_short_on_a_crowded_table() -> None:
    state = crowded()
    state.apply_text("10H take")
    with pytest.raises(IllegalActionError) as error:
        state.apply_action(add_build_action_id(9))
    assert len(str(error.value)) < 3000


def add_build_action_id(value: int) -> int:
    """The id of the step adding the build of ``value``."""
    return ADD_BUILD_BASE + value - 2


@pytest.mark.parametrize("action", [-945, -1, -1009, 634, 2**62, 2**70, True, 3.0, "7H", None])
def test_non_actions_refused_at_once_with_state_unchanged(action: object) -> None:
    state = start({0: "AC AD 2C 2D", 1: "7H KS QS JS"}, "3S 4D 7C 9H")
    before = state.serialize()
    fields = {key: value for key, value in instance_fields(state).items() if key != "_legal"}
    with pytest.raises(IllegalActionError):
        state.apply_action(action)  # type: ignore[arg-type]
    assert state.serialize() == before
    assert {
        key: value for key, value in instance_fields(state).items() if key != "_legal"
    } == fields
    with pytest.raises(ParlourError):
        state.action_to_string(action)  # type: ignore[arg-type]


def test_events_name_every_card_played() -> None:
    state = load_game("casino", first_dealer=0, target=1).new_initial_state(seed=5)
    assert isinstance(state, CasinoState)
    state.record_events()
    played: list[int] = []
    rng = random.Random(5)
    while not state.is_terminal():
        legal = state.legal_actions()
        action = rng.choice(legal)
        if state.pending_card < 0:
            played.append(action // KINDS)
        state.apply_action(action)
    named: list[int] = []
    kinds = set()
    for _, event in state.event_log(0):
        kinds.add(event.kind)
        if isinstance(event, Trailed | Captured | BuildMade | BuildRaised | BuildCalled):
            named.append(event.card)
    assert named == played
    assert {"card_dealt", "round_scored", "game_ended"} <= kinds
    style = Style()
    for lang in ("en", "fr"):
        for _, event in state.event_log(1):
            text = sentence(event, ["Ann", "Bob"], Style(lang=lang))
            assert text and "{" not in text
    assert sentence(Trailed(seat=1, card=parse_card("3C")), ["Ann", "Bob"], style) == (
        "Bob trails 3♣."
    )


def test_the_log_names_a_raised_build_in_words_not_in_notation() -> None:
    """A newcomer read "Bot 3 plays 6♥ and raises b3 to 9": ``b3`` is what a
    player types, not what a sentence says."""
    state = start({0: "5S 7C AC 2D", 1: "2C 9D 9S JS"}, "3H 6C QC 10H")
    state.record_events()
    play(state, "JS trail", "AC build 7 with 6C", "2C build 9 with b7")
    raised = [event for _, event in state.event_log(0) if isinstance(event, BuildRaised)]
    assert len(raised) == 1
    names = ["Ann", "Bob"]
    assert sentence(raised[0], names, Style()) == (
        "Bob plays 2♣ and raises the build of 7 to 9: A♣ 2♣ 6♣."
    )
    assert sentence(raised[0], ["Ann", "You"], Style()).startswith(
        "You play 2♣ and raise the build of 7 to 9"
    )
    assert sentence(raised[0], names, Style(lang="fr")) == (
        "Bob joue 2♣ et monte la construction de 7 à 9 : A♣ 2♣ 6♣."
    )
    assert sentence(raised[0], ["Ann", "Vous"], Style(lang="fr")).startswith(
        "Vous jouez 2♣ et montez la construction de 7 à 9"
    )


@pytest.mark.parametrize(
    ("lang", "note", "recent"),
    [
        ("en", "(from the build of 9)", "Bob: 9♢ take the build of 9"),
        ("fr", "(parmi la construction de 9)", "Bob: 9♢ take la construction de 9"),
    ],
)
def test_the_recent_moves_and_the_move_notes_name_a_build_in_words(
    lang: str, note: str, recent: str
) -> None:
    """A playtest read "Recent: You: 5♡ take b5" and "9♢ take (from b9)": ``b9``
    is what a player types (the table's build labels keep it), not what the
    table says of a move; it says the build as the log does."""
    state = start({0: "5S 9C 2C 2D", 1: "9D KS QS JS"}, "4H 6C 8C 10H")
    play(state, "KS trail", "5S build 9 with 4H")
    view = state.view(1)
    notes = move_notes(view, Style(lang=lang))
    take = view.legal_actions[view.action_texts.index("9D take")]
    assert notes[take].replace("\u00a0", " ") == note  # the build's words kept whole
    play(state, "9D take b9")
    table = render(state.view(1), Style(lang=lang), ["Ann", "Bob"]).replace("\u00a0", " ")
    recent_line = next(
        line for line in table.split("\n") if line.startswith(("Recent", "Derniers"))
    )
    assert recent_line.endswith(recent) and "b9" not in recent_line, table


@pytest.mark.parametrize(
    ("lang", "names", "said"),
    [
        ("fr", ["Vous", "Robot 2"], "Partie terminée\u00a0: vous gagnez avec 9."),
        ("fr", ["Ann", "Bob"], "Partie terminée\u00a0: Ann gagne avec 9."),
        ("en", ["You", "Bot 2"], "Game over: You win with 9."),
        ("en", ["Ann", "Bob"], "Game over: Ann wins with 9."),
    ],
)
def test_the_end_of_the_game_says_who_wins_in_a_sentence(
    lang: str, names: list[str], said: str
) -> None:
    """A playtest read « Partie terminée : victoire de vous avec 9. »."""
    over = GameOver(winner_side=0, sides=((0,), (1,)), totals=(9, 4), note="")
    assert typeset(sentence(over, names, Style(lang=lang)) or "", lang) == said
    state = load_game("casino", first_dealer=0, target=1).new_initial_state(seed=2)
    while not state.is_terminal():
        state.apply_action(greedy(state))
    winner = state.observation(0)["winner_side"]
    table = typeset(render(state.view(0), Style(lang=lang), names), lang).split("\n")[-1]
    verb = {"fr": ("vous gagnez", "Ann gagne"), "en": ("You win", "Ann wins")}[lang]
    assert table.endswith(verb[names[0] == "Ann"] + ".") == (winner == 0), table


@pytest.mark.parametrize(
    ("lang", "extras"), [("en", "(most cards, 4 aces)"), ("fr", "(plus de cartes, 4 as)")]
)
def test_a_round_score_counts_the_aces_in_one_phrase(lang: str, extras: str) -> None:
    """A playtest read "as, as, as, as" where one counted phrase says it."""
    ace = (0, 1, "ace")
    scored = RoundScored(
        round=1,
        sides=((0,), (1,)),
        points=(7, 0),
        totals=(7, 0),
        items=((0, 3, "cards"), ace, ace, ace, ace),
        counted_out=-1,
    )
    said = sentence(scored, ["Ann", "Bob"], Style(lang=lang)) or ""
    assert f"Ann 7 {extras}" in said.split("\n")[0], said


def test_the_french_log_calls_a_build_a_construction_as_the_rules_and_refusals_do() -> None:
    state = start({0: "5S 9C 2C 3D", 1: "KS QS JS 10S"}, "4H 6C QC 10H")
    state.record_events()
    play(state, "KS trail", "5S build 9 with 4H")
    made = [event for _, event in state.event_log(1) if isinstance(event, BuildMade)]
    assert sentence(made[0], ["Ann", "Bob"], Style(lang="fr")) == (
        "Ann joue 5♠ et fait une construction de 9 : 5♠ 4♡."
    )
    assert "construction simple de Ann" in render(state.view(1), Style(lang="fr"), ["Ann", "Bob"])


@pytest.mark.parametrize(
    ("lang", "you", "yours"),
    [("en", "You", "your single build"), ("fr", "Vous", "votre construction simple")],
)
def test_the_table_calls_the_persons_own_build_theirs(lang: str, you: str, yours: str) -> None:
    """The playtest read "single build of You" (« construction simple de vous »)."""
    state = start({0: "5S 9C 2C 3D", 1: "KS QS JS 10S"}, "4H 6C QC 10H")
    play(state, "KS trail", "5S build 9 with 4H")
    drawn = render(state.view(0), Style(lang=lang), [you, "Bob"])
    assert yours in drawn and f" {you}" not in drawn.split("b9", 1)[1].splitlines()[0], drawn


def test_the_browser_calls_a_build_what_the_log_calls_it_in_each_language() -> None:
    """The browser's label of a build chosen in a move (i18n.js ``buildN``) and
    its word for building are the log's, in English and French."""
    from pathlib import Path

    import parlour.web

    words = (Path(parlour.web.__file__).parent / "static" / "i18n.js").read_text(encoding="utf-8")
    state = start({0: "5S 7C AC 2D", 1: "2C 9D 9S JS"}, "3H 6C QC 10H")
    state.record_events()
    play(state, "JS trail", "AC build 7 with 6C", "2C build 9 with b7")
    raised = [event for _, event in state.event_log(0) if isinstance(event, BuildRaised)]
    for lang, verb in (("en", "builds"), ("fr", "construit")):
        block = re.search(r"\n  " + lang + r": \{\n(.*?)\n  \},?\n", words, re.S)
        assert block is not None, lang
        declared = dict(re.findall(r"(\w+): \"([^\"]*)\"", block.group(1)))
        label = declared["buildN"].format(value=7)
        assert label in sentence(raised[0], ["Ann", "Bob"], Style(lang=lang)), lang
        assert declared["kind_build"] == verb, lang


BUILD_IN_NOTATION = re.compile(r"\bb\d+\b")
"""A build written as a player types it (``b9``)."""


def _notation_outside_parentheses(text: str) -> list[str]:
    """The builds ``text`` writes in notation outside parentheses."""
    return BUILD_IN_NOTATION.findall(re.sub(r"\([^()]*\)", "", text))


def test_every_refusal_names_a_build_in_words_with_the_typed_form_only_in_parentheses() -> None:
    from parlour.games.casino._refusals import REFUSALS

    values = {
        "value": 9,
        "build": 3,
        "values": "5, 7",
        "last": 9,
        "builds": "b7, b9",
        "card": "6H",
        "sum": 8,
        "need": 3,
        "more": 1,
        "lacking": 2,
        "rank": "K",
        "mode": "one",
        "hand": "6H 2C",
        "move": "7H take",
    }
    for key, sentences in REFUSALS.items():
        for template in sentences:
            text = template.format(**values)
            assert _notation_outside_parentheses(text) == [], (key, text)
            assert len(BUILD_IN_NOTATION.findall(text)) <= 2, (key, text)


def test_a_refusal_names_the_builds_a_player_owns_by_their_values() -> None:
    state = start({0: "5S 9C 2C 3D", 1: "KS QS JS 10S"}, "4H 6C QC 10H")
    play(state, "KS trail", "5S build 9 with 4H", "QS take QC")
    with pytest.raises(IllegalActionError) as refused:
        state.apply_text("2C trail")
    assert refused.value.refusal is not None
    assert refused.value.refusal.text("en") == "you own the build of 9 and may not trail"
    assert refused.value.refusal.text("fr") == (
        "vous possédez la construction de 9 et ne pouvez pas poser seule"
    )
    from parlour.games.casino._refusals import builds_refusal

    several = builds_refusal("owner_may_not_trail", 1 << 5 | 1 << 7 | 1 << 9)
    assert several.text("en") == "you own the builds of 5, 7 and 9 and may not trail"
    assert several.text("fr") == (
        "vous possédez les constructions de 5, 7 et 9 et ne pouvez pas poser seule"
    )


def test_events_hide_dealt_cards_from_other_seats() -> None:
    hands = {0: "AC AD 2C 2D", 1: "7H KS QS JS"}
    deck = first_deal(2, 0, hands, "3S 4D 7C 9H")
    later = later_deal(2, 0, {0: "5S 5D 6S 6D", 1: "8H 8S 8D 8C"})
    swapped_hands = {0: "AC AD 2C 2D", 1: "7H KS QS 8C"}
    swapped = first_deal(2, 0, swapped_hands, "3S 4D 7C 9H")
    swapped_later = later_deal(2, 0, {0: "5S 5D 6S 6D", 1: "8H 8S 8D JS"})
    game = load_game("casino", first_dealer=0)
    one = game.new_initial_state(deck=[deck + later])
    two = game.new_initial_state(deck=[swapped + swapped_later])
    for state in (one, two):
        state.record_events()
        play(state, "7H take 7C", "AC trail")
    assert one.event_log(0) == two.event_log(0)
    assert one.event_log(None) == two.event_log(None)
    assert one.event_log(1) != two.event_log(1)
    table = [e for _, e in one.event_log(0) if isinstance(e, CardDealt) and e.seat == -1]
    assert [e.card for e in table] == [parse_card(c) for c in "3S 4D 7C 9H".split()]


def test_render_shows_the_move_being_made() -> None:
    state = start({0: "AC AD 2C 2D", 1: "7H KS QS JS"}, "3S 4D 7C 9H")
    state.apply_text("7H take")
    state.apply_text("3S")
    view = state.view(1)
    text = render(view, Style(), ["Ann", "Bob"])
    assert "Move being made by Bob: 7♡ take 3♠ (group so far 3, to make 7)" in text
    french = render(state.view(0), Style(lang="fr"), ["Ann", "Bob"])
    assert "Coup en cours de Bob" in french
    assert [label for label, _ in move_groups(view)] == ["4"]


@settings(max_examples=80, deadline=None)
@given(
    st.one_of(
        st.integers(min_value=-(2**80), max_value=2**80),
        st.booleans(),
        st.floats(allow_nan=True),
        st.text(max_size=12),
        st.none(),
    ),
    st.integers(min_value=0, max_value=30),
)
def test_fuzz_any_non_action_is_refused_at_once_with_state_unchanged(
    action: object, moves: int
) -> None:
    state = load_game("casino", first_dealer=0, target=500).new_initial_state(seed=moves)
    assert isinstance(state, CasinoState)
    rng = random.Random(moves)
    for _ in range(moves):
        state.apply_action(rng.choice(state.legal_actions()))
    legal = state.legal_actions()
    before = state.serialize()
    pending = (state.pending_card, state.pending_taken, state.pending_open, state.pending_groups)
    if isinstance(action, int) and not isinstance(action, bool) and action in legal:
        return
    with pytest.raises(IllegalActionError) as error:
        state.apply_action(action)  # type: ignore[arg-type]
    assert len(str(error.value)) < 3000
    assert state.serialize() == before
    assert (state.pending_card, state.pending_taken, state.pending_open, state.pending_groups) == (
        pending
    )
    if isinstance(action, int) and not isinstance(action, bool) and not 0 <= action < 634:
        with pytest.raises(ParlourError):
            state.action_to_string(action)


def test_old_record_form_converts_to_steps() -> None:
    state = start({0: "AC AD 2C 2D", 1: "7H KS QS JS"}, "3S 4D 7C 9H")
    play(state, "7H take 3S+4D, 7C", "AC trail", "KS trail", "AD take AC")
    record = state.to_record()
    moves = [move["move"] for move in state.observation(0)["round_moves"]]
    assert moves == ["7H take 3S+4D, 7C", "AC trail", "KS trail", "AD take AC"]
    old = MatchRecord(
        game="casino",
        rules_version=1,
        options=record.options,
        chance=record.chance,
        actions=moves,
    )
    assert old.replay().observation(0) == state.observation(0)
    game = load_game("casino", **record.options)
    assert isinstance(game, CasinoGame)
    upgraded = game.upgrade_record(old)
    assert upgraded.rules_version == 2
    assert upgraded.actions == record.actions
    assert upgraded.replay().observation(0) == state.observation(0)
    broken = MatchRecord("casino", 1, record.options, record.chance, ["7H take 9H"])
    with pytest.raises(RecordError, match="step 13"):
        game.upgrade_record(broken)


def test_sample_state_late_in_a_match_replays_and_matches_the_view() -> None:
    game = load_game("casino", first_dealer=0, target=500)
    state = game.new_initial_state(seed=12)
    assert isinstance(state, CasinoState)
    rng = random.Random(12)
    while state.round_index < 2 or state.plays < 110:
        state.apply_action(rng.choice(state.legal_actions()))
    for seat in range(2):
        view = state.view(seat)
        for sample_seed in range(3):
            sampled = view.sample_state(Rng(sample_seed))
            assert sampled.view(seat) == view
            again = sampled.to_record().replay()  # every step of the sample is legal
            assert again.observation(seat) == state.observation(seat)
