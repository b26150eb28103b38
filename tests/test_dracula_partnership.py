"""Rule-clause tests for partnership Dracula (rules-decisions.md §1b), on forced deals."""

from __future__ import annotations

import random
from typing import Any

import pytest

import parlour
from parlour.core.cards import STANDARD_PACK, format_card, iter_bits
from parlour.core.errors import IllegalActionError, InvalidOptionError, ParseError
from parlour.core.game import CHANCE
from parlour.core.sampler import Rng
from parlour.games.dracula_partnership.rules import DraculaPartnershipGame
from parlour.testing import check_game

ALL_CARDS = [format_card(card) for card in iter_bits(STANDARD_PACK)]

# Coffin 1 built in this order (adjacency always holds): the first nail b2, then
# b1 a1 c1 a2 c2 a3 b3 c3. With dealer 0 the plays are by seats 1 2 3 0 1 2 3 0 1.
BUILD_CELLS = ("b2", "b1", "a1", "c1", "a2", "c2", "a3", "b3", "c3")
CELL_NAMES = ("a1", "b1", "c1", "a2", "b2", "c2", "a3", "b3", "c3")


def deck_from_hands(hands: dict[int, list[str]], dealer: int = 0) -> list[str]:
    """A forced deck giving each seat the listed cards first (then the rest of the
    pack in order), dealt one at a time from the dealer's left."""
    used = {card for cards in hands.values() for card in cards}
    spare = [card for card in ALL_CARDS if card not in used]
    full: dict[int, list[str]] = {}
    for seat in range(4):
        cards = list(hands.get(seat, []))
        while len(cards) < 13:
            cards.append(spare.pop(0))
        full[seat] = cards
    order = [(dealer + 1 + index) % 4 for index in range(4)]
    return [full[seat][round_] for round_ in range(13) for seat in order]


def coffin_deck(coffin: str, dealer: int = 0) -> list[str]:
    """A forced deck letting the first coffin be built as ``coffin`` (nine cards, row
    by row from a1) in BUILD_CELLS order."""
    cards = dict(zip(CELL_NAMES, coffin.split(), strict=True))
    hands: dict[int, list[str]] = {}
    for play, cell in enumerate(BUILD_CELLS):
        hands.setdefault((dealer + 1 + play) % 4, []).append(cards[cell])
    return deck_from_hands(hands, dealer)


def build_first_coffin(state: parlour.State, coffin: str) -> None:
    """Play the first coffin in BUILD_CELLS order."""
    cards = dict(zip(CELL_NAMES, coffin.split(), strict=True))
    for cell in BUILD_CELLS:
        state.apply_text(f"{cards[cell]} {cell}")


def play_randomly(state: parlour.State, rng: random.Random) -> None:
    """Play random legal actions to the end."""
    while not state.is_terminal():
        legal = state.legal_actions()
        state.apply_action(legal[rng.randrange(len(legal))])


FIRST_COFFIN = "QH 9H 8H 2S 3D 4C 5S 6S 7D"
"""Rows 135 / 9 / 36 (♥♥♥ ×5, ♠♦♣ ×1, ♠♠♦ ×2); columns 14 / 18 / 19."""


# ----- the deal --------------------------------------------------------------------


def test_deal_thirteen_each_from_the_dealers_left_then_vampires_to_left_and_partner() -> None:
    game = parlour.load_game("dracula-partnership", first_dealer=0)
    deck = list(ALL_CARDS)
    state = game.new_initial_state(deck=deck)
    state.apply_text("rows")
    hands = [state.observation(seat)["hand"] for seat in range(4)]
    assert [len(hand) for hand in hands] == [13, 14, 14, 13]
    # One at a time from the dealer's left: seat 1 gets the 1st, 5th, 9th … cards.
    assert set(hands[1]) == set(deck[0::4]) | {"V1"}
    assert set(hands[2]) == set(deck[1::4]) | {"V2"}
    assert set(hands[3]) == set(deck[2::4])
    assert set(hands[0]) == set(deck[3::4])
    assert state.observation(0)["vampire_holders"] == [1, 2]


def test_hand_sizes_fourteen_fourteen_thirteen_thirteen_for_any_dealer() -> None:
    for dealer in range(4):
        game = parlour.load_game("dracula-partnership", first_dealer=dealer)
        state = game.new_initial_state(deck=ALL_CARDS)
        state.apply_text("columns")
        sizes = state.observation(0)["hand_sizes"]
        assert sizes[(dealer + 1) % 4] == 14  # left-hand opponent
        assert sizes[(dealer + 2) % 4] == 14  # partner
        assert sizes[(dealer + 3) % 4] == 13
        assert sizes[dealer] == 13


def test_dealer_chooses_the_direction_for_his_side_before_the_deal() -> None:
    game = parlour.load_game("dracula-partnership", first_dealer=1)
    state = game.new_initial_state(seed=4)
    assert state.current_player() == 1
    assert state.observation(1)["hand"] == []  # nothing dealt yet
    assert sorted(state.view(1).action_texts) == ["columns", "rows"]
    state.apply_text("rows")
    observation = state.observation(0)
    assert observation["side_directions"] == ["columns", "rows"]
    assert observation["directions"] == ["columns", "rows", "columns", "rows"]


def test_random_first_dealer_is_a_public_chance_outcome() -> None:
    game = parlour.load_game("dracula-partnership")
    state = game.new_initial_state()
    assert state.is_chance_node()
    assert state.chance_outcomes() == [(seat, 0.25) for seat in range(4)]
    state.apply_text("seat 3")
    assert state.current_player() == 3
    assert all(step == (CHANCE, 3) for step in state.view(0).history)


# ----- play ------------------------------------------------------------------------


def test_first_card_of_each_coffin_goes_in_the_centre() -> None:
    game = parlour.load_game("dracula-partnership", first_dealer=0)
    state = game.new_initial_state(deck=coffin_deck(FIRST_COFFIN))
    state.apply_text("rows")
    view = state.view(1)
    assert {text.split()[1] for text in view.action_texts} == {"b2"}
    assert len(view.action_texts) == 14  # any card of the hand, the Vampire included
    before = state.serialize()
    with pytest.raises(IllegalActionError, match="centre"):
        state.apply_text("3D a1")
    assert state.serialize() == before
    state.apply_text("3D b2")
    assert state.observation(0)["coffin"][4] == "3D"


def test_vampire_may_be_the_first_nail() -> None:
    game = parlour.load_game("dracula-partnership", first_dealer=0)
    state = game.new_initial_state(seed=1)
    state.apply_text("rows")
    state.apply_text("V1 b2")
    assert state.observation(2)["coffin"][4] == "V1"


def test_after_the_first_nail_cards_go_next_to_a_card() -> None:
    game = parlour.load_game("dracula-partnership", first_dealer=0)
    state = game.new_initial_state(deck=coffin_deck(FIRST_COFFIN))
    state.apply_text("rows")
    state.apply_text("3D b2")
    cells = {text.split()[1] for text in state.view(2).action_texts}
    assert cells == {"b1", "a2", "c2", "b3"}
    with pytest.raises(IllegalActionError, match="corner"):
        state.apply_text("9H a1")


def test_play_passes_left_from_the_dealers_left() -> None:
    game = parlour.load_game("dracula-partnership", first_dealer=2)
    state = game.new_initial_state(seed=5)
    state.apply_text("rows")
    seats = []
    for _ in range(8):
        seats.append(state.current_player())
        state.apply_action(state.legal_actions()[0])
    assert seats == [3, 0, 1, 2, 3, 0, 1, 2]


def test_first_nail_seats_are_left_partner_right_dealer_left_partner() -> None:
    for dealer in range(4):
        game = parlour.load_game("dracula-partnership", first_dealer=dealer)
        state = game.new_initial_state(deck=list(reversed(ALL_CARDS)))
        state.apply_text("columns")
        nails = []
        rng = random.Random(dealer)
        while not state.is_terminal():
            observation = state.observation(0)
            if not observation["plays"]:
                nails.append(state.current_player())
            legal = state.legal_actions()
            state.apply_action(legal[rng.randrange(len(legal))])
        left, partner, right = (dealer + 1) % 4, (dealer + 2) % 4, (dealer + 3) % 4
        assert nails == [left, partner, right, dealer, left, partner]


def test_six_coffins_use_every_card_of_every_hand() -> None:
    game = parlour.load_game("dracula-partnership", first_dealer=0)
    state = game.new_initial_state(seed=8)
    state.apply_text("rows")
    played = {seat: 0 for seat in range(4)}
    rng = random.Random(3)
    while not state.is_terminal():
        played[state.current_player()] += 1
        legal = state.legal_actions()
        state.apply_action(legal[rng.randrange(len(legal))])
    assert played == {1: 14, 2: 14, 3: 13, 0: 13}
    assert state.observation(0)["hand_sizes"] == [0, 0, 0, 0]
    assert len(state.observation(0)["past_coffins"]) == 6
    assert len(state.score_sheet()) == 6


# ----- scoring ---------------------------------------------------------------------


def test_each_coffin_is_scored_between_the_sides_like_a_two_player_deal() -> None:
    game = parlour.load_game("dracula-partnership", first_dealer=0)
    state = game.new_initial_state(deck=coffin_deck(FIRST_COFFIN))
    state.apply_text("rows")  # seats 0 and 2 score rows
    build_first_coffin(state, FIRST_COFFIN)
    line = state.score_sheet()[0]
    assert line.scores == (135, 19, 135, 19)
    assert "rows 135/9/36, columns 14/18/19" in line.note
    assert state.observation(3)["totals"] == [135, 19]
    assert state.observation(0)["coffin_number"] == 2


@pytest.mark.parametrize(
    ("coffin", "rows", "columns", "scores", "level"),
    [
        # rows 18/12/16, columns 9/12/51: the best lines differ.
        ("6S 2H 10D 3C 4S 5H JD 6C 2D", "18/12/16", "9/12/51", (18, 51), 1),
        # rows 30/21/26, columns 16/24/30: best lines tie at 30, the second lines score.
        ("10S 10H 10D 2C 5S KC 4H 9C KH", "30/21/26", "16/24/30", (26, 24), 2),
        # rows 38/34/16, columns 38/6/34: two levels tie, the third lines score.
        ("KD QS 9D JD QD 7S 9C 6H AD", "38/34/16", "38/6/34", (16, 6), 3),
    ],
)
def test_each_coffin_uses_the_tie_cascade(
    coffin: str, rows: str, columns: str, scores: tuple[int, int], level: int
) -> None:
    game = parlour.load_game("dracula-partnership", first_dealer=0)
    state = game.new_initial_state(deck=coffin_deck(coffin))
    state.apply_text("rows")  # seats 0 and 2 score rows
    build_first_coffin(state, coffin)
    line = state.score_sheet()[0]
    assert f"rows {rows}, columns {columns}" in line.note
    assert line.scores == (scores[0], scores[1], scores[0], scores[1])
    assert (f"level {level}" in line.note) == (level > 1)


def test_king_side_scores_columns_when_the_dealer_chooses_columns() -> None:
    game = parlour.load_game("dracula-partnership", first_dealer=0)
    state = game.new_initial_state(deck=coffin_deck(FIRST_COFFIN))
    state.apply_text("columns")  # seats 0 and 2 score columns, 1 and 3 rows
    build_first_coffin(state, FIRST_COFFIN)
    assert state.score_sheet()[0].scores == (19, 135, 19, 135)


def test_a_vampire_voids_its_row_and_column() -> None:
    coffin = "QH 9H 8H 2S V1 4C 5S 6S 7D"
    game = parlour.load_game("dracula-partnership", first_dealer=0)
    hands: dict[int, list[str]] = {}
    cards = dict(zip(CELL_NAMES, coffin.split(), strict=True))
    for play, cell in enumerate(BUILD_CELLS):
        if cards[cell] != "V1":
            hands.setdefault((1 + play) % 4, []).append(cards[cell])
    state = game.new_initial_state(deck=deck_from_hands(hands))
    state.apply_text("rows")
    build_first_coffin(state, coffin)  # seat 1, the dealer's left, nails V1 in b2
    assert "rows 135/0/36, columns 14/0/19" in state.score_sheet()[0].note


def test_partners_share_their_sides_returns_with_the_end_bonus() -> None:
    game = parlour.load_game("dracula-partnership", first_dealer=0)
    state = game.new_initial_state(seed=21)
    state.apply_text("rows")
    play_randomly(state, random.Random(21))
    returns = state.returns()
    assert returns[0] == returns[2] and returns[1] == returns[3]
    totals = state.observation(0)["totals"]
    first, second, bonus_side, bonus = state.observation(0)["result"]
    if totals[0] != totals[1]:
        winner = 0 if totals[0] > totals[1] else 1
        assert bonus_side == winner and bonus == abs(totals[0] - totals[1])
        assert returns[winner] == max(totals) + bonus
        assert returns[1 - winner] == min(totals)
    assert [first, second] == returns[:2]
    # The table's header shows each side's result, the end bonus included.
    from parlour.render import Style, renderer_for

    drawn = renderer_for("dracula-partnership")(state.view(0), Style(), ["A", "B", "C", "D"])
    header = [line for line in drawn.splitlines() if line.rstrip().endswith(" points")]
    assert [int(line.split()[-2]) for line in header] == returns[:2], drawn


def test_returns_are_zero_before_the_end() -> None:
    game = parlour.load_game("dracula-partnership", first_dealer=0)
    state = game.new_initial_state(seed=2)
    assert state.returns() == [0.0, 0.0, 0.0, 0.0]


def test_four_deals_every_seat_deals_once_from_a_fresh_pack() -> None:
    game = parlour.load_game("dracula-partnership", first_dealer=1, deals=4)
    decks = [ALL_CARDS, list(reversed(ALL_CARDS)), ALL_CARDS, list(reversed(ALL_CARDS))]
    state = game.new_initial_state(deck=decks)
    state.apply_text("columns")  # seats 1 and 3 score columns for the whole game
    dealers = []
    rng = random.Random(7)
    while not state.is_terminal():
        observation = state.observation(0)
        if observation["coffin_number"] == 1 and not observation["plays"]:
            dealers.append(observation["dealer"])
            # Each deal is a fresh pack dealt from the dealer's left.
            left = (observation["dealer"] + 1) % 4
            hand = state.observation(left)["hand"]
            deck = decks[observation["deal"] - 1]
            assert set(hand) == set(deck[0::4]) | {"V1"}
        assert state.current_player() >= 0  # the direction is never asked again
        assert state.observation(0)["side_directions"] == ["rows", "columns"]
        legal = state.legal_actions()
        state.apply_action(legal[rng.randrange(len(legal))])
    assert dealers == [1, 2, 3, 0]
    assert len(state.score_sheet()) == 24
    totals = state.observation(0)["totals"]
    first, second, _bonus_side, bonus = state.observation(0)["result"]
    assert first + second == sum(totals) + bonus  # the end bonus once, at the end


@pytest.mark.parametrize(("basis", "side", "bonus"), [("made", 1, 50), ("scored", 0, 60)])
def test_end_bonus_on_equal_totals_uses_the_lines_made_or_scored(
    basis: str, side: int, bonus: int
) -> None:
    # The end of a game whose sides tie at 100 (white-box: the totals and lines are
    # set directly; the shared end_bonus is tested in test_dracula).
    game = parlour.load_game("dracula-partnership", first_dealer=0, tie_bonus_basis=basis)
    state = game.new_initial_state(seed=1)
    state.totals = [100, 100]
    state.lines_made = ((50, 40, 10), (50, 45, 5))
    state.lines_scored = ((60, 40), (55, 45))
    state._end_game()
    expected = [100, 100]
    expected[side] += bonus
    assert state.returns() == [expected[seat % 2] for seat in range(4)]
    assert state.observation(0)["result"] == [*expected, side, bonus]


def test_worked_example_higher_total_adds_the_difference() -> None:
    # Parlett: Dracula 245, Vampyra 272 -> Vampyra's game score is 299.
    game = parlour.load_game("dracula-partnership", first_dealer=0)
    state = game.new_initial_state(seed=1)
    state.totals = [245, 272]
    state._end_game()
    assert state.returns() == [245.0, 299.0, 245.0, 299.0]


# ----- what each seat sees -----------------------------------------------------------


def test_partners_do_not_see_each_others_hands() -> None:
    game = parlour.load_game("dracula-partnership", first_dealer=0)
    state = game.new_initial_state(seed=3)
    state.apply_text("rows")
    mine = set(state.observation(0)["hand"])
    partner = set(state.observation(2)["hand"])
    observation = state.observation(0)
    text = repr(observation)
    assert not any(f"'{card}'" in text for card in partner - mine - {"V2"})
    assert observation["hand_sizes"][2] == 14


def test_states_differing_only_in_hidden_cards_give_equal_views() -> None:
    game = parlour.load_game("dracula-partnership", first_dealer=0)
    deck = list(ALL_CARDS)
    swapped = list(ALL_CARDS)
    swapped[0], swapped[1] = swapped[1], swapped[0]  # seat 1's first card <-> seat 2's
    first = game.new_initial_state(deck=deck)
    second = game.new_initial_state(deck=swapped)
    for state in (first, second):
        state.apply_text("rows")
    assert first.view(0) == second.view(0)
    assert first.view(2) != second.view(2)


def test_sample_state_is_consistent_with_the_view() -> None:
    for options in ({}, {"deals": 4}):
        game = parlour.load_game("dracula-partnership", **options)
        for seed in range(6):
            rng = random.Random(seed)
            state = game.new_initial_state(seed=seed)
            while not state.is_terminal():
                if rng.random() < 0.05:
                    seat = rng.randrange(4)
                    view = state.view(seat)
                    sampled = view.sample_state(Rng(seed))
                    assert sampled.view(seat) == view
                    # The sampled history is legal move by move.
                    replay = game.new_initial_state()
                    for action in sampled.history:
                        replay.apply_action(action)
                legal = state.legal_actions()
                state.apply_action(legal[rng.randrange(len(legal))])


def test_sample_state_draws_hidden_cards_from_the_unseen_ones() -> None:
    game = parlour.load_game("dracula-partnership", first_dealer=0)
    state = game.new_initial_state(seed=9)
    state.apply_text("rows")
    view = state.view(0)
    mine = set(view.observation["hand"])
    seen_other_hands = set()
    for number in range(20):
        sampled = view.sample_state(Rng(number))
        for seat in (1, 2, 3):
            hand = set(sampled.observation(seat)["hand"])
            assert not hand & mine
            seen_other_hands |= hand
    assert len(seen_other_hands) > 39  # the unseen cards move between the hands


# ----- text and errors ----------------------------------------------------------------


def test_action_notation_is_card_and_cell() -> None:
    game = parlour.load_game("dracula-partnership", first_dealer=0)
    state = game.new_initial_state(deck=coffin_deck(FIRST_COFFIN))
    assert state.action_to_string(state.string_to_action("Queen")) == "rows"
    state.apply_text("rows")
    action = state.string_to_action("b2 3♦")
    assert state.action_to_string(action) == "3D b2"
    assert state.string_to_action("3d B2") == action


def test_take_is_not_an_action_of_the_partnership_game() -> None:
    game = parlour.load_game("dracula-partnership", first_dealer=0)
    state = game.new_initial_state(seed=1)
    state.apply_text("rows")
    with pytest.raises(ParseError, match="no taking"):
        state.string_to_action("take QH")


def test_malformed_text_raises_and_leaves_the_state_unchanged() -> None:
    game = parlour.load_game("dracula-partnership", first_dealer=0)
    state = game.new_initial_state(seed=1)
    state.apply_text("rows")
    before = state.serialize()
    with pytest.raises(ParseError, match="QH b2"):
        state.apply_text("play the queen")
    with pytest.raises(IllegalActionError, match="not in your hand"):
        hand = set(state.observation(1)["hand"])
        missing = next(card for card in ALL_CARDS if card not in hand)
        state.apply_text(f"{missing} b2")
    assert state.serialize() == before


def test_unknown_or_bad_options_name_what_is_allowed() -> None:
    with pytest.raises(InvalidOptionError, match="deals"):
        parlour.load_game("dracula-partnership", deals=2)
    with pytest.raises(InvalidOptionError, match="random"):
        parlour.load_game("dracula-partnership", first_dealer=4)
    with pytest.raises(InvalidOptionError, match="this game's options"):
        parlour.load_game("dracula-partnership", scoring="cards")


def test_forced_deck_holds_no_vampires() -> None:
    game = parlour.load_game("dracula-partnership", first_dealer=0)
    with pytest.raises(ParseError, match="V1"):
        game.new_initial_state(deck=["V1", *ALL_CARDS[:5]])


def test_match_record_replays_the_game() -> None:
    game = parlour.load_game("dracula-partnership", first_dealer=0)
    state = game.new_initial_state(seed=12)
    state.apply_text("rows")
    play_randomly(state, random.Random(12))
    twin = game.deserialize_state(state.serialize())
    assert twin.returns() == state.returns()
    assert twin.score_sheet() == state.score_sheet()


@pytest.mark.parametrize("options", DraculaPartnershipGame.conformance_options)
def test_conformance(options: dict[str, Any]) -> None:
    check_game("dracula-partnership", playouts=1, **options)


def test_renderer_shows_sides_and_draws_every_seat() -> None:
    from parlour.games.dracula_partnership.text import move_groups, render
    from parlour.render import Style

    game = parlour.load_game("dracula-partnership", first_dealer=0)
    state = game.new_initial_state(seed=14)
    rng = random.Random(14)
    names = ["Ann", "Bob", "Cy", "Di"]
    style = Style(colour=False)
    text = render(state.view(0), style, names)
    assert "Ann & Cy (your side)" in text and "Bob & Di" in text
    while not state.is_terminal():
        seat = state.current_player()
        render(state.view(seat), style, names)
        groups = move_groups(state.view(seat))
        assert sorted(a for _, actions in groups for a in actions) == state.legal_actions()
        legal = state.legal_actions()
        state.apply_action(legal[rng.randrange(len(legal))])
    assert "Game over" in render(state.view(2), style, names)
