"""Rule-clause tests for Thracula (rules-decisions.md §1c), on forced deals."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

import parlour
from parlour.core.cards import FULL_PACK, format_card, iter_bits, parse_cards
from parlour.core.errors import IllegalActionError, InvalidOptionError, ParseError
from parlour.core.game import CHANCE
from parlour.core.sampler import Rng
from parlour.games._coffin.rules import Axis, VampireRule, line_value
from parlour.games.thracula.rules import ThraculaGame
from parlour.table import MemoryTableStore, SeatSpec, Table, UndoRefusedError
from parlour.testing import check_game

PACK = [format_card(card) for card in iter_bits(FULL_PACK)]
CELL_NAMES = ("a1", "b1", "c1", "a2", "b2", "c2", "a3", "b3", "c3")


def forced_deck(hands: str = "", coffins: list[str] | None = None) -> list[str]:
    """A whole forced pack: the nine hand cards (dealt one at a time from the
    dealer's left), then each coffin's nine cells a1 … c3; the rest in pack order."""
    laid = [card for coffin in coffins or [] for card in coffin.split()]
    spare = [card for card in PACK if card not in laid and card not in hands.split()]
    cards = hands.split()
    while len(cards) < 9:
        cards.append(spare.pop(0))
    return cards + laid + [card for card in spare if card not in cards]


def straight_back(state: parlour.State, turns: int = 9) -> None:
    """Each turn: take the first face-down cell and put the card just taken back."""
    for _ in range(turns):
        observation = state.observation(state.current_player())
        cell = CELL_NAMES[observation["face_down"].index(True)]
        state.apply_text(f"take {cell}")
        taken = state.observation(state.current_player())["taken_card"]
        state.apply_text(f"put {taken}")


def play_randomly(state: parlour.State, rng: random.Random) -> None:
    """Play random legal actions to the end."""
    while not state.is_terminal():
        legal = state.legal_actions()
        state.apply_action(legal[rng.randrange(len(legal))])


# ----- the deal -----------------------------------------------------------------------


def test_hands_of_three_dealt_from_the_dealers_left_then_nine_face_down_cells() -> None:
    game = parlour.load_game("thracula", first_dealer=0)
    hands = "AS 2S 3S 4S 5S 6S 7S 8S 9S"
    coffin = "AH 2H 3H 4H 5H 6H 7H 8H 9H"
    state = game.new_initial_state(deck=forced_deck(hands, [coffin]))
    # One at a time from the dealer's left (seat 1), then his right (seat 2), the dealer.
    assert state.observation(1)["hand"] == ["AS", "4S", "7S"]
    assert state.observation(2)["hand"] == ["2S", "5S", "8S"]
    assert state.observation(0)["hand"] == ["3S", "6S", "9S"]
    for seat in range(3):
        observation = state.observation(seat)
        assert observation["face_down"] == [True] * 9
        assert observation["coffin"] == [None] * 9
    # The cells were laid a1 b1 c1 a2 … c3: taking c2 gives the sixth card.
    state.apply_text("take c2")
    assert state.observation(1)["taken_card"] == "6H"


def test_the_coffin_cards_are_hidden_from_everyone() -> None:
    game = parlour.load_game("thracula", first_dealer=0)
    state = game.new_initial_state(seed=1)
    assert all(step[1] is None for step in state.view(0).history[9:18])
    deck = forced_deck()
    other = list(deck)
    other[9], other[17] = other[17], other[9]  # swap the a1 and c3 coffin cards
    first = game.new_initial_state(deck=deck)
    second = game.new_initial_state(deck=other)
    for seat in range(3):
        assert first.view(seat) == second.view(seat)


def test_no_list_of_legal_actions_reveals_a_face_down_card() -> None:
    game = parlour.load_game("thracula", first_dealer=0)
    state = game.new_initial_state(seed=2)
    texts = state.view(1).action_texts
    assert texts == tuple(f"take {cell}" for cell in CELL_NAMES)
    hidden = [card for card in PACK if card not in state.observation(1)["hand"]]
    state.apply_text("take a1")
    taken = state.observation(1)["taken_card"]
    texts = state.view(1).action_texts
    # The put list shows the taker's own hand (the card he just took included) only.
    assert set(texts) == {f"put {card}" for card in state.observation(1)["hand"]}
    assert f"put {taken}" in texts and taken in hidden


def test_hands_are_kept_from_deal_to_deal_and_later_deals_only_lay_a_coffin() -> None:
    game = parlour.load_game("thracula", first_dealer=0, deals=2)
    state = game.new_initial_state(seed=3)
    straight_back(state)
    hands = [state.observation(seat)["hand"] for seat in range(3)]
    observation = state.observation(0)
    assert observation["deal"] == 2 and observation["dealer"] == 1
    assert [state.observation(seat)["hand"] for seat in range(3)] == hands
    assert observation["face_down"] == [True] * 9
    assert observation["stock"] == 54 - 9 - 18


def test_random_first_dealer_is_a_public_chance_outcome() -> None:
    game = parlour.load_game("thracula")
    state = game.new_initial_state()
    assert state.chance_outcomes() == [(seat, 1 / 3) for seat in range(3)]
    state.apply_text("seat 2")
    assert state.observation(0)["dealer"] == 2
    assert state.view(1).history == ((CHANCE, 2),)


# ----- a turn ----------------------------------------------------------------------------


def test_a_turn_is_take_then_put_into_the_emptied_cell() -> None:
    game = parlour.load_game("thracula", first_dealer=0)
    hands = "AS 2S 3S 4S 5S 6S 7S 8S 9S"
    state = game.new_initial_state(deck=forced_deck(hands, ["AH 2H 3H 4H 5H 6H 7H 8H 9H"]))
    state.apply_text("take b2")
    observation = state.observation(1)
    assert observation["phase"] == "put" and observation["taken_cell"] == "b2"
    assert observation["hand"] == ["AS", "4S", "7S", "5H"]
    assert observation["coffin"][4] is None and not observation["face_down"][4]
    state.apply_text("put 4S")
    observation = state.observation(2)
    assert observation["coffin"][4] == "4S"
    assert observation["hand_sizes"] == [3, 3, 3]
    assert state.current_player() == 2


def test_the_card_just_taken_may_go_straight_back() -> None:
    game = parlour.load_game("thracula", first_dealer=0)
    state = game.new_initial_state(deck=forced_deck("", ["AH 2H 3H 4H 5H 6H 7H 8H 9H"]))
    state.apply_text("take a3")
    state.apply_text("put 7H")
    assert state.observation(0)["coffin"][6] == "7H"


def test_the_put_goes_only_into_the_cell_just_emptied_and_from_hand() -> None:
    game = parlour.load_game("thracula", first_dealer=0)
    state = game.new_initial_state(deck=forced_deck("AS 2S 3S 4S 5S 6S 7S 8S 9S"))
    state.apply_text("take a1")
    before = state.serialize()
    with pytest.raises(IllegalActionError, match="not in your hand"):
        state.apply_text("put 2S")
    with pytest.raises(IllegalActionError, match="put a card from your hand into a1"):
        state.apply_text("take b1")
    assert state.serialize() == before


def test_only_face_down_cells_may_be_taken() -> None:
    game = parlour.load_game("thracula", first_dealer=0)
    state = game.new_initial_state(seed=4)
    state.apply_text("take a1")
    state.apply_action(state.legal_actions()[0])
    before = state.serialize()
    with pytest.raises(IllegalActionError, match="a1 is not face down"):
        state.apply_text("take a1")
    assert state.serialize() == before


def test_turn_order_dealers_left_dealers_right_dealer_three_times() -> None:
    for dealer in range(3):
        game = parlour.load_game("thracula", first_dealer=dealer, deals=1)
        state = game.new_initial_state(seed=dealer)
        order = []
        while not state.is_terminal():
            if state.observation(0)["phase"] == "take":
                order.append(state.current_player())
            state.apply_action(state.legal_actions()[0])
        left, right = (dealer + 1) % 3, (dealer + 2) % 3
        assert order == [left, right, dealer] * 3


def test_the_deal_rotates_left() -> None:
    game = parlour.load_game("thracula", first_dealer=2, deals=4)
    state = game.new_initial_state(seed=5)
    dealers = []
    for _ in range(4):
        dealers.append(state.observation(0)["dealer"])
        straight_back(state)
    assert dealers == [2, 0, 1, 2]
    assert state.is_terminal()


# ----- scoring ----------------------------------------------------------------------------

# A coffin laid (and put straight back) as:
#   a1 QH  b1 2S  c1 3S        row 1: QH 2S 3S = 15 ×2 = 30   (Q 10 in a row)
#   a2 KD  b2 KH  c2 5S        row 2: KD KH 5S = 5  ×1 = 5    (K 0 in a row)
#   a3 4C  b3 6C  c3 AC        row 3: 4C 6C AC = 11 ×5 = 55
# column a: QH KD 4C = 14 ×1 = 14 (Q 0 and K 10 in a column)
# column b: 2S KH 6C = 18 ×1 = 18 ; column c: 3S 5S AC = 9 ×3 (all black) = 27
SCORING_COFFIN = "QH 2S 3S KD KH 5S 4C 6C AC"


def test_line_ownership_dealers_left_row1_col_a_dealer_row2_col_b_right_row3_col_c() -> None:
    game = parlour.load_game("thracula", first_dealer=0, deals=1)
    state = game.new_initial_state(deck=forced_deck("", [SCORING_COFFIN]))
    assert state.observation(0)["owned_lines"] == [1, 0, 2]
    straight_back(state)
    line = state.score_sheet()[0]
    # seat 1 (dealer's left): row 1 30 / column a 14; dealer: row 2 5 / column b 18;
    # seat 2 (dealer's right): row 3 55 / column c 27.
    assert line.scores == (18, 30, 55)
    assert "seat 1: row 1 30, column a 14" in line.note


def test_line_ownership_follows_the_dealer() -> None:
    game = parlour.load_game("thracula", first_dealer=1, deals=1)
    state = game.new_initial_state(deck=forced_deck("", [SCORING_COFFIN]))
    assert state.observation(0)["owned_lines"] == [2, 1, 0]
    straight_back(state)
    assert state.score_sheet()[0].scores == (55, 18, 30)


def test_each_player_scores_the_better_of_his_row_and_column() -> None:
    game = parlour.load_game("thracula", first_dealer=0, deals=1)
    state = game.new_initial_state(deck=forced_deck("", [SCORING_COFFIN]))
    straight_back(state)
    observation = state.observation(0)
    assert observation["line_scores"] == [[5, 18], [30, 14], [55, 27]]
    assert state.returns() == [18.0, 30.0, 55.0]


def test_queen_counts_in_rows_and_king_in_columns_for_everyone() -> None:
    assert line_value(parse_cards("QH 2S 3S"), Axis.ROW, VampireRule.DOUBLE_X4) == 30
    assert line_value(parse_cards("QH 2S 3S"), Axis.COLUMN, VampireRule.DOUBLE_X4) == 10
    assert line_value(parse_cards("KH 2S 3S"), Axis.ROW, VampireRule.DOUBLE_X4) == 10
    game = parlour.load_game("thracula", first_dealer=0, deals=1)
    state = game.new_initial_state(deck=forced_deck("", [SCORING_COFFIN]))
    straight_back(state)
    observation = state.observation(2)
    assert observation["row_values"] == [30, 5, 55]
    assert observation["column_values"] == [14, 18, 27]


@pytest.mark.parametrize(
    ("row", "two_vampires", "value"),
    [
        ("V1 5S 3H", "x4", 16),  # (5 + 3) × 1 × 2
        ("V1 5S 3S", "x4", 32),  # (5 + 3) × 2 (same suit) × 2
        ("5S V1 QS", "x4", 60),  # (5 + 10) × 2 × 2: a queen in a row
        ("V1 V2 7D", "x4", 28),
        ("V1 V2 7D", "x2", 14),
        ("V1 V2 7D", "zero", 0),
    ],
)
def test_every_vampire_case(row: str, two_vampires: str, value: int) -> None:
    coffin = f"{row} 2C 4D 6H 8C 9D 10H"
    game = parlour.load_game("thracula", first_dealer=0, deals=1, two_vampires=two_vampires)
    state = game.new_initial_state(deck=forced_deck("", [coffin]))
    straight_back(state)
    # Row 1 belongs to the dealer's left (seat 1).
    assert state.observation(1)["row_values"][0] == value
    # A Vampire doubles, never voids: its column keeps the other cards' value doubled.
    assert state.observation(1)["column_values"][0] == line_value(
        parse_cards(f"{row.split()[0]} 2C 8C"), Axis.COLUMN, VampireRule.DOUBLE_X4
    )


def test_a_vampire_doubles_its_column_too() -> None:
    coffin = "V1 AS 2S 5H 3D 4D 6H 7C 8C"
    game = parlour.load_game("thracula", first_dealer=0, deals=1)
    state = game.new_initial_state(deck=forced_deck("", [coffin]))
    straight_back(state)
    # column a: V1 5H 6H = (5 + 6) × 2 (hearts) × 2
    assert state.observation(0)["column_values"][0] == 44


def test_scores_add_up_over_the_deals() -> None:
    game = parlour.load_game("thracula", first_dealer=0)
    state = game.new_initial_state(seed=6)
    play_randomly(state, random.Random(6))
    sheet = state.score_sheet()
    assert len(sheet) == 6
    totals = [sum(line.scores[seat] for line in sheet) for seat in range(3)]
    assert state.returns() == totals


@pytest.mark.parametrize("end_bonus", [None, "difference_to_second"])
def test_end_bonus_difference_to_second(end_bonus: str | None) -> None:
    game = parlour.load_game("thracula", first_dealer=0, deals=1, end_bonus=end_bonus)
    state = game.new_initial_state(deck=forced_deck("", [SCORING_COFFIN]))
    straight_back(state)
    # Totals 18, 30, 55: seat 2 leads seat 1 by 25.
    expected = [18.0, 30.0, 80.0] if end_bonus else [18.0, 30.0, 55.0]
    assert state.returns() == expected


def test_end_bonus_none_on_a_tie_for_first() -> None:
    game = parlour.load_game("thracula", first_dealer=0, deals=1, end_bonus="difference_to_second")
    state = game.new_initial_state(seed=1)
    state.totals = [40, 40, 10]  # white-box: a tie for first
    state._end_game()
    assert state.returns() == [40.0, 40.0, 10.0]


# ----- the sixth coffin -----------------------------------------------------------------


def test_sixth_coffin_from_the_discards_in_cleared_order_with_a_forced_deck() -> None:
    game = parlour.load_game("thracula", first_dealer=0)
    deck = forced_deck()
    state = game.new_initial_state(deck=deck)
    for _ in range(5):
        straight_back(state)
    observation = state.observation(0)
    assert observation["deal"] == 6 and observation["from_discards"]
    assert observation["stock"] == 0 and observation["pile"] == 36
    # Everything went straight back, so the discards are deck[9:54] in order; the
    # sixth coffin is their first nine (the first coffin, cell order).
    state.apply_text("take a1")
    assert state.observation(state.current_player())["taken_card"] == deck[9]
    state.apply_text(f"put {deck[9]}")
    straight_back(state, 8)
    assert state.observation(0)["past_coffins"][5] == deck[9:18]
    assert state.is_terminal()


def test_sixth_coffin_may_be_forced_as_a_second_section() -> None:
    game = parlour.load_game("thracula", first_dealer=0)
    deck = forced_deck()
    sixth = deck[45:54]  # the fifth coffin's cards, laid again
    state = game.new_initial_state(deck=[deck, sixth])
    for _ in range(6):
        straight_back(state)
    assert state.observation(0)["past_coffins"][5] == sixth


def test_sixth_coffin_is_shuffled_from_the_discards_without_a_forced_deck() -> None:
    game = parlour.load_game("thracula", first_dealer=0)
    state = game.new_initial_state(seed=7)
    for _ in range(5):
        straight_back(state)
    discards = {card for coffin in state.observation(0)["past_coffins"] for card in coffin}
    assert len(discards) == 45
    straight_back(state)
    sixth = state.observation(0)["past_coffins"][5]
    assert set(sixth) <= discards
    assert sixth != state.observation(0)["past_coffins"][0]


# ----- what each seat sees ----------------------------------------------------------------


def test_another_players_taken_card_is_hidden_but_his_put_card_is_public() -> None:
    game = parlour.load_game("thracula", first_dealer=0)
    hands = "AS 2S 3S 4S 5S 6S 7S 8S 9S"
    state = game.new_initial_state(deck=forced_deck(hands, ["AH 2H 3H 4H 5H 6H 7H 8H 9H"]))
    state.apply_text("take b1")
    for seat in (0, 2):
        observation = state.observation(seat)
        assert observation["taken_card"] is None and observation["taken_cell"] == "b1"
        assert "2H" not in repr(observation)
    state.apply_text("put AS")
    for seat in (0, 2):
        observation = state.observation(seat)
        assert observation["coffin"][1] == "AS"
        assert observation["log"] == [[1, 1, "b1", None, "AS"]]
        assert "2H" not in repr(observation)
    assert state.observation(1)["log"] == [[1, 1, "b1", "2H", "AS"]]


def test_views_are_equal_when_only_a_card_another_player_kept_differs() -> None:
    game = parlour.load_game("thracula", first_dealer=0)
    hands = "AS 2S 3S 4S 5S 6S 7S 8S 9S"
    coffin = "AH 2H 3H 4H 5H 6H 7H 8H 9H"
    other = "AH 3H 2H 4H 5H 6H 7H 8H 9H"  # b1 and c1 swapped
    states = []
    for laid in (coffin, other):
        state = game.new_initial_state(deck=forced_deck(hands, [laid]))
        state.apply_text("take b1")  # seat 1 keeps the card, puts AS
        state.apply_text("put AS")
        states.append(state)
    assert states[0].view(0) == states[1].view(0)
    assert states[0].view(2) == states[1].view(2)
    assert states[0].view(1) != states[1].view(1)


def test_sample_state_is_consistent_with_the_view() -> None:
    for options in ({}, {"deals": 2, "first_dealer": 1}):
        game = parlour.load_game("thracula", **options)
        for seed in range(8):
            rng = random.Random(seed)
            state = game.new_initial_state(seed=seed)
            while not state.is_terminal():
                if rng.random() < 0.06:
                    seat = rng.randrange(3)
                    view = state.view(seat)
                    sampled = view.sample_state(Rng(seed))
                    assert sampled.view(seat) == view
                    replay = game.new_initial_state()
                    for action in sampled.history:
                        replay.apply_action(action)  # legal move by move
                legal = state.legal_actions()
                state.apply_action(legal[rng.randrange(len(legal))])


def test_sample_state_keeps_what_the_seat_knows_and_varies_the_rest() -> None:
    game = parlour.load_game("thracula", first_dealer=0)
    state = game.new_initial_state(seed=10)
    straight_back(state, 4)
    view = state.view(1)
    others = set()
    for number in range(30):
        sampled = view.sample_state(Rng(number))
        assert sampled.observation(1)["hand"] == view.observation["hand"]
        others.add(tuple(sampled.observation(0)["hand"]))
    assert len(others) > 5


def test_sample_state_in_the_sixth_deal_puts_discards_in_the_sixth_coffin() -> None:
    game = parlour.load_game("thracula", first_dealer=0)
    state = game.new_initial_state(seed=11)
    for _ in range(5):
        straight_back(state)
    rng = random.Random(11)
    for _ in range(5):
        legal = state.legal_actions()
        state.apply_action(legal[rng.randrange(len(legal))])
    view = state.view(0)
    discards = {card for coffin in view.observation["past_coffins"] for card in coffin}
    for number in range(10):
        sampled = view.sample_state(Rng(number))
        assert sampled.view(0) == view
        hidden = [card for card in sampled.hidden if card >= 0]
        assert {format_card(card) for card in hidden} <= discards


# ----- text and errors ----------------------------------------------------------------------


def test_action_notation_take_then_put() -> None:
    game = parlour.load_game("thracula", first_dealer=0)
    state = game.new_initial_state(deck=forced_deck("QH"))
    action = state.string_to_action("TAKE B2")
    assert state.action_to_string(action) == "take b2"
    assert state.string_to_action("b2") == action
    state.apply_action(action)
    put = state.string_to_action("put q♥")
    assert state.action_to_string(put) == "put QH"
    assert state.string_to_action("Qh") == put


def test_malformed_text_raises_naming_the_notation() -> None:
    game = parlour.load_game("thracula", first_dealer=0)
    state = game.new_initial_state(seed=1)
    before = state.serialize()
    with pytest.raises(ParseError, match="take a1"):
        state.apply_text("take d4")
    with pytest.raises(ParseError, match="put QH"):
        state.apply_text("play QH a1")
    assert state.serialize() == before


def test_unknown_or_bad_options_name_what_is_allowed() -> None:
    with pytest.raises(InvalidOptionError, match=re.escape("x4 | x2 | zero")):
        parlour.load_game("thracula", two_vampires="x3")
    with pytest.raises(InvalidOptionError, match="difference_to_second"):
        parlour.load_game("thracula", end_bonus="all")
    with pytest.raises(InvalidOptionError, match="random"):
        parlour.load_game("thracula", first_dealer=3)
    with pytest.raises(InvalidOptionError, match="this game's options"):
        parlour.load_game("thracula", vampires="x4")


def test_match_record_replays_the_game() -> None:
    game = parlour.load_game("thracula", end_bonus="difference_to_second")
    state = game.new_initial_state(seed=12)
    play_randomly(state, random.Random(12))
    twin = game.deserialize_state(state.serialize())
    assert twin.returns() == state.returns()
    assert twin.observation(0) == state.observation(0)


@pytest.mark.parametrize("options", ThraculaGame.conformance_options)
def test_conformance(options: dict[str, Any]) -> None:
    check_game("thracula", playouts=1, **options)


def test_renderer_draws_every_seat_without_showing_hidden_cards() -> None:
    from parlour.games.thracula.text import render
    from parlour.render import Style

    game = parlour.load_game("thracula", deals=2)
    state = game.new_initial_state(seed=13)
    rng = random.Random(13)
    names = ["Ann", "Bob", "Cy"]
    style = Style(colour=False, symbols=False)
    while not state.is_terminal():
        for seat in range(3):
            text = render(state.view(seat), style, names)
            hidden = [card for card in state.hidden if card >= 0]
            for card in hidden:
                assert f" {format_card(card)} " not in f" {text} ".replace("[", " ")
        legal = state.legal_actions()
        state.apply_action(legal[rng.randrange(len(legal))])
    assert "Game over" in render(state.view(0), style, names)


def test_forced_sixth_coffin_that_cannot_be_dealt_leaves_the_state_unchanged() -> None:
    # Force the sixth coffin with cards seat 0 still holds: the deal fails when it
    # is reached, and the action that reached it changes nothing.
    pack = [format_card(card) for card in range(54)]
    game = parlour.load_game("thracula", first_dealer=0)
    probe = game.new_initial_state(deck=[pack])
    actions = []
    while probe.observation(0)["deal"] < 6:
        action = probe.legal_actions()[0]
        actions.append(action)
        probe.apply_action(action)
    held = probe.observation(0)["hand"]
    state = game.new_initial_state(deck=[pack, held])
    for action in actions[:-1]:
        state.apply_action(action)
    before = state.serialize()
    with pytest.raises(parlour.ParlourError, match="not available there"):
        state.apply_action(actions[-1])
    assert state.serialize() == before


# ----- court_frame: lines "as they look at it" ------------------------------------------
# The dealer (seat 0) owns row 2 Q♥ 9♥ 8♥ and column b K♣ 9♥ 6♣.
SIDE_COFFIN = "2S KC 4D QH 9H 8H 5S 6C 7D"


def test_court_frame_table_queen_in_any_table_row_king_in_any_table_column() -> None:
    game = parlour.load_game("thracula", first_dealer=0, deals=1)
    state = game.new_initial_state(deck=forced_deck("", [SIDE_COFFIN]))
    straight_back(state)
    # Row 2 (10 + 9 + 8) × 5 = 135; column b (10 + 9 + 6) × 2 = 50.
    assert state.observation(0)["line_scores"][0] == [135, 50]
    assert state.score_sheet()[0].scores[0] == 135


def test_court_frame_seat_lines_counted_as_each_player_looks_at_the_coffin() -> None:
    table = parlour.load_game("thracula", first_dealer=0, deals=1)
    seat = parlour.load_game("thracula", first_dealer=0, deals=1, court_frame="seat")
    by_table = table.new_initial_state(deck=forced_deck("", [SIDE_COFFIN]))
    by_seat = seat.new_initial_state(deck=forced_deck("", [SIDE_COFFIN]))
    straight_back(by_table)
    straight_back(by_seat)
    # The dealer sits at the side: the table's row 2 is his vertical line, where
    # the Queen counts 0 ((0 + 9 + 8) × 5 = 85), and column b is his horizontal
    # line, where the King counts 0 ((0 + 9 + 6) × 2 = 30).
    assert by_seat.observation(0)["line_scores"][0] == [85, 30]
    assert by_seat.score_sheet()[0].scores[0] == 85
    assert "seat 0: row 2 85, column b 30" in by_seat.score_sheet()[0].note
    # His two opponents face each other across the coffin and see the table's frame.
    assert by_seat.observation(0)["line_scores"][1:] == by_table.observation(0)["line_scores"][1:]
    assert by_seat.score_sheet()[0].scores[1:] == by_table.score_sheet()[0].scores[1:]


# ----- taking back a move at a table (the table's undo policy) --------------------------


def thracula_table(people: int, seed: int = 7) -> Table:
    """A Thracula table whose first dealer is seat 0 (seat 1 takes first), with
    ``people`` people first and random bots after them."""
    seats = [
        SeatSpec("person", f"Person {seat + 1}") if seat < people else SeatSpec("bot", bot="random")
        for seat in range(3)
    ]
    return Table.create("thracula", seats, options={"first_dealer": 0}, seed=seed)


def seen(table: Table, seat: int) -> dict[str, Any]:
    """What ``seat`` sees at ``table`` now (its observation)."""
    view = table.view_for(seat)
    assert view is not None
    return dict(view.observation)


def face_down_cells(table: Table) -> list[int]:
    """The coffin's face-down cards as the deal laid them (read from the whole
    state, which only the test may look at)."""
    return list(getattr(table.snapshot(), "hidden"))  # noqa: B009


def test_a_take_shows_a_face_down_card_so_it_cannot_be_taken_back_among_people() -> None:
    table = thracula_table(people=3)
    seat = table.seat_to_act()
    assert seat == 1
    hidden = face_down_cells(table)  # the nine face-down cells, as the deal laid them
    table.submit(seat, "take a1", table.version)
    assert seen(table, seat)["taken_card"] == format_card(hidden[0])
    assert not table.can_undo(seat)
    version = table.version
    with pytest.raises(UndoRefusedError, match="hidden card has been shown") as refused:
        table.undo(seat, version)
    assert refused.value.code == "revealed"
    assert "card taken from cell" in str(refused.value)
    assert table.version == version  # nothing changed: still holding the a1 card
    assert seen(table, seat)["taken_card"] == format_card(hidden[0])
    assert "take b1" not in [text for _, text in table.legal_moves(seat)]


def test_a_put_shows_no_hidden_card_so_it_can_be_taken_back_among_people() -> None:
    table = thracula_table(people=3)
    seat = table.seat_to_act()
    assert seat is not None
    table.submit(seat, "take a1", table.version)
    taken = seen(table, seat)["taken_card"]
    hand = seen(table, seat)["hand"]
    put = next(card for card in hand if card != taken)
    table.submit(seat, f"put {put}", table.version)
    assert table.can_undo(seat)
    table.undo(seat, table.version)
    # Back to the put, holding the same taken card: nothing was shown or hidden again.
    assert table.seat_to_act() == seat
    assert seen(table, seat)["taken_card"] == taken


def test_the_last_put_of_a_coffin_can_be_taken_back_the_next_coffin_is_face_down() -> None:
    table = thracula_table(people=3)
    for _ in range(8):  # eight whole turns: take a cell, put back the card taken
        seat = table.seat_to_act()
        assert seat is not None
        cell = CELL_NAMES[seen(table, seat)["face_down"].index(True)]
        table.submit(seat, f"take {cell}", table.version)
        taken = seen(table, seat)["taken_card"]
        table.submit(seat, f"put {taken}", table.version)
    seat = table.seat_to_act()
    assert seat is not None
    table.submit(seat, "take c3", table.version)
    taken = seen(table, seat)["taken_card"]
    length = table.history_length()
    table.submit(seat, f"put {taken}", table.version)
    # The coffin was scored and the next one laid face down: chance steps that
    # showed nobody a card, so the put may still be taken back.
    assert table.history_length() > length + 1
    assert table.can_undo(seat)
    table.undo(seat, table.version)
    assert table.history_length() == length


def test_alone_with_bots_a_take_can_be_taken_back_the_deal_stays_the_same() -> None:
    table = thracula_table(people=1)
    while table.seat_to_act() != 0:
        table.play_bot_move()
    hidden = face_down_cells(table)
    cell = seen(table, 0)["face_down"].index(True)
    table.submit(0, f"take {CELL_NAMES[cell]}", table.version)
    assert table.can_undo(0)
    table.undo(0, table.version)
    assert face_down_cells(table) == hidden


def test_a_take_taken_back_before_the_rule_still_opens_from_its_store() -> None:
    """A table stored by an older server, which accepted an undo after a take,
    still opens: a stored undo was accepted when it was made."""
    store = MemoryTableStore()
    seats = [SeatSpec("person", f"Person {seat + 1}") for seat in range(3)]
    table = Table.create("thracula", seats, options={"first_dealer": 0}, seed=7, store=store)
    before = table.snapshot().serialize()
    table.submit(1, "take a1", table.version)
    store.append_move(table.id, table.version + 1, {"kind": "undo", "seat": 1})
    reopened = Table.open(table.id, store)
    assert reopened.version == 2
    assert reopened.snapshot().serialize() == before


@pytest.mark.parametrize(
    ("lang", "names", "said"),
    [
        (
            "en",
            ["Ann", "You", "Bob"],
            "This deal: You took 5♡ from b2 and put 4♠ there; "
            "Bob took a card from a1 and put A♡ there.",
        ),
        (
            "fr",
            ["Ann", "Vous", "Bob"],
            "Cette donne : Vous avez pris 5♡ en b2 et posé 4♠ ; "
            "Bob a pris une carte en a1 et posé A♡.",
        ),
    ],
)
def test_the_deal_so_far_is_said_in_words(lang: str, names: list[str], said: str) -> None:
    """tmux at 80×24: "This deal: You a1 (9♡)→9♡" was a code a newcomer could not
    read. Each turn of the deal is said as the rules say it: a card taken from a
    cell (which, only to the one who took it), a card from the hand put there."""
    from parlour.games.thracula.text import render
    from parlour.render import Style

    game = parlour.load_game("thracula", first_dealer=0)
    hands = "AS 2S 3S 4S 5S 6S 7S 8S 9S"
    state = game.new_initial_state(deck=forced_deck(hands, ["AH 2H 3H 4H 5H 6H 7H 8H 9H"]))
    for move in ("take b2", "put 4S", "take a1", "put AH"):
        state.apply_text(move)
    text = render(state.view(1), Style(lang=lang), names)
    assert said in text.splitlines(), text
