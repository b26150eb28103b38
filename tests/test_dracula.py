"""Rule-clause tests for two-player Dracula (rules-decisions.md §1, §1a), on forced deals."""

from __future__ import annotations

import random

import pytest

import parlour
from parlour.core.cards import FULL_PACK, mask_of, parse_card, parse_cards
from parlour.games._coffin.rules import Axis, cascade, end_bonus, line_value
from parlour.games.dracula.rules import COLUMNS, ROWS, cut_decides, cut_reason, cut_winner
from parlour.render import Style, renderer_for

# Cells in an order that always keeps adjacency: b1 a1 c1 a2 c2 a3 b3 c3.
PLAY_ORDER = ("b1", "a1", "c1", "a2", "c2", "a3", "b3", "c3")
CELL_INDEX = {
    name: index for index, name in enumerate(("a1", "b1", "c1", "a2", "b2", "c2", "a3", "b3", "c3"))
}


def deck_for(coffin: str) -> list[str]:
    """The forced deal that lets the two players build ``coffin`` (nine cards, row
    by row from a1) by playing in PLAY_ORDER: non-dealer first, alternating, four
    cards each, then the first nail (the centre card)."""
    cards = coffin.split()
    assert len(cards) == 9
    by_cell = dict(zip(("a1", "b1", "c1", "a2", "b2", "c2", "a3", "b3", "c3"), cards, strict=True))
    deck = [by_cell[cell] for cell in PLAY_ORDER]  # alternating non-dealer, dealer
    return [*deck, by_cell["b2"]]


def build(state: parlour.State, coffin: str) -> None:
    """Play the coffin's cards in PLAY_ORDER."""
    cards = coffin.split()
    for cell in PLAY_ORDER:
        state.apply_text(f"{cards[CELL_INDEX[cell]]} {cell}")


def one_deal(coffin: str, direction: str = "rows", **options: object) -> parlour.State:
    """A one-deal game, seat 0 dealing and choosing ``direction``, the coffin built."""
    game = parlour.load_game("dracula", first_dealer=0, deals=1, **options)
    state = game.new_initial_state(deck=deck_for(coffin))
    state.apply_text(direction)
    build(state, coffin)
    return state


# ----- the deal -----------------------------------------------------------------


def test_deal_four_each_non_dealer_first_then_the_first_nail() -> None:
    game = parlour.load_game("dracula", first_dealer=0)
    deck = ["AS", "2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S"]
    state = game.new_initial_state(deck=deck)
    state.apply_text("rows")
    assert state.observation(1)["hand"] == ["AS", "3S", "5S", "7S"]
    assert state.observation(0)["hand"] == ["2S", "4S", "6S", "8S"]
    assert state.observation(0)["coffin"][4] == "9S"
    assert state.current_player() == 1  # the non-dealer plays first


def test_first_dealer_chooses_direction_and_other_takes_the_other() -> None:
    game = parlour.load_game("dracula", first_dealer=1)
    state = game.new_initial_state(seed=1)
    assert state.current_player() == 1
    assert state.legal_actions() == [ROWS, COLUMNS]
    state.apply_text("columns")
    assert state.observation(0)["directions"] == ["rows", "columns"]


def test_stock_never_reshuffled_six_deals_of_nine_use_the_54_cards() -> None:
    game = parlour.load_game("dracula")
    state = game.new_initial_state(seed=11)
    rng = random.Random(2)
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    coffins = state.observation(0)["past_coffins"]
    assert len(coffins) == 6
    cards = [card for coffin in coffins for card in coffin]
    assert len(cards) == 54 and mask_of(parse_cards(cards)) == FULL_PACK


SYMMETRIC = "AS 2H 3C 2D 5S 6H 3H 6D 9S"
"""A coffin whose rows and columns have the same values (6, 13, 18)."""

# A two-deal game (found by search) with equal totals, 92 each: the lines made
# differ (seat 1 has the better second line: bonus 72) while the lines scored,
# 72 and 20 each, are identical (no bonus).
TIE_DECK = "JH 10H 8H 6D 9C JC 10S AC AH AS QC 9H 7D 5S 2D 7H AD 8D".split()
TIE_ACTIONS = (
    "rows, JH b3, 6D c2, 10S b1, AC a1, 9C a2, JC a3, 8H c1, 10H c3, 9H a2, QC b3, 7H c3, 7D c2, "
    "AS c1, AD a3, 5S a1, 2D b1"
).split(", ")


# ----- adjacency ------------------------------------------------------------------


def test_adjacency_side_by_side_not_corner_to_corner() -> None:
    game = parlour.load_game("dracula", first_dealer=0)
    state = game.new_initial_state(deck=deck_for("AS 2S 3S 4S 5S 6S 7S 8S 9S"))
    state.apply_text("rows")
    cells = {state.action_to_string(action).split()[1] for action in state.legal_actions()}
    assert cells == {"b1", "a2", "c2", "b3"}
    before = state.serialize()
    with pytest.raises(parlour.IllegalActionError, match="side by side"):
        state.apply_text(f"{state.observation(1)['hand'][0]} a1")
    assert state.serialize() == before


def test_adjacency_any_card_from_hand_any_adjacent_cell() -> None:
    game = parlour.load_game("dracula", first_dealer=0)
    state = game.new_initial_state(deck=deck_for("AS 2S 3S 4S 5S 6S 7S 8S 9S"))
    state.apply_text("rows")
    state.apply_text("2S b1")
    cells = {state.action_to_string(action).split()[1] for action in state.legal_actions()}
    assert cells == {"a1", "c1", "a2", "c2", "b3"}


# ----- line values and multipliers -------------------------------------------------


@pytest.mark.parametrize(
    ("cards", "multiplier"),
    [("2H 3H 4H", 5), ("2H 3H 4D", 3), ("2H 3D 4D", 3), ("2H 3H 4S", 2), ("2H 3D 4S", 1)],
)
def test_multiplier_highest_single_applies(cards: str, multiplier: int) -> None:
    # The worked multipliers: ♥♥♥ ×5, ♥♥♦ ×3, ♥♦♦ ×3, ♥♥♠ ×2, ♥♦♠ ×1, as the top row.
    state = one_deal(f"{cards} 5C 6C 7S 8C 9S 10C")
    row = state.observation(0)["row_values"][0]
    assert row == 9 * multiplier


def test_multiplier_zero_valued_court_card_keeps_its_suit() -> None:
    # K♥ counts 0 in a row but still makes three hearts: (0 + 5 + 3) × 5.
    state = one_deal("KH 5H 3H 5C 6C 7S 8C 9S 10C")
    assert state.observation(0)["row_values"][0] == 40
    assert line_value(parse_cards("JH 5H 3H"), Axis.COLUMN) == 40


def test_queen_counts_ten_in_rows_king_ten_in_columns() -> None:
    state = one_deal("QS KD 2C 3H 4H 5S 6D 7C 8H")
    observation = state.observation(0)
    # Row 1: Q♠ (10) + K♦ (0) + 2♣ (2); ♠♦♣: ×1.
    assert observation["row_values"][0] == 12
    # Column a: Q♠ (0) + 3♥ + 6♦ = 9, ♠♥♦ ×1; column b: K♦ (10) + 4♥ + 7♣ = 21, ×1.
    assert observation["column_values"][:2] == [9, 21]


def test_jack_counts_zero_either_way() -> None:
    assert line_value(parse_cards("JS 5C 4H"), Axis.ROW) == 9
    assert line_value(parse_cards("JS 5C 4H"), Axis.COLUMN) == 9


# ----- Vampires ----------------------------------------------------------------------


def test_vampire_voids_its_row_and_column() -> None:
    state = one_deal("V1 10H 9H 8H 7H 6H 5D 4D 3D")
    observation = state.observation(0)
    assert observation["row_values"] == [0, (8 + 7 + 6) * 5, (5 + 4 + 3) * 5]
    assert observation["column_values"] == [0, (10 + 7 + 4) * 3, (9 + 6 + 3) * 3]


def test_two_vampires_both_in_the_coffin() -> None:
    state = one_deal("V1 10H 9H 8H V2 6H 5D 4D 3D")
    observation = state.observation(0)
    assert observation["row_values"] == [0, 0, (5 + 4 + 3) * 5]
    assert observation["column_values"] == [0, 0, (9 + 6 + 3) * 3]


def test_vampire_as_the_first_nail_voids_the_centre_lines() -> None:
    state = one_deal("AH 2H 3H 4H V2 6H 7H 8H 9H")  # V2 dealt last: the first nail
    observation = state.observation(0)
    assert observation["coffin"][4] == "V2"
    assert observation["row_values"][1] == 0 and observation["column_values"][1] == 0
    assert observation["row_values"][0] == 30


# ----- the tie cascade ---------------------------------------------------------------


def test_tie_cascade_first_level_decides() -> None:
    assert cascade([30, 20, 10], [25, 25, 25]) == (30, 25, 1)


def test_tie_cascade_equal_best_lines_score_the_second() -> None:
    assert cascade([30, 20, 10], [30, 25, 0]) == (20, 25, 2)


def test_tie_cascade_third_line_scored_even_if_equal() -> None:
    assert cascade([30, 20, 10], [30, 20, 10]) == (10, 10, 3)


def test_tie_cascade_on_a_forced_deal_third_line_even_if_equal() -> None:
    # Rows and columns are both 6, 13, 18 (each line ×1): every level ties, so
    # both score their third line, 6.
    state = one_deal(SYMMETRIC)
    observation = state.observation(0)
    assert observation["row_values"] == [6, 13, 18]
    assert observation["column_values"] == [6, 13, 18]
    assert state.score_sheet()[0].scores == (6, 6)
    assert state.returns() == [6.0, 6.0]  # equal totals, identical lines: no bonus


def test_tie_cascade_on_a_forced_deal_second_level() -> None:
    # Rows 9, 45, 0 (V1 voids row 3); columns 0, 24, 45: best lines tie at 45.
    state = one_deal("2S 3C 4D 2H 3H 4H V1 6C 7D")
    assert state.score_sheet()[0].scores == (9, 24)


# ----- end of game --------------------------------------------------------------------


def test_end_bonus_worked_example_272_against_245_gives_299() -> None:
    seat, bonus = end_bonus([245, 272], [[], []])
    assert (seat, 272 + bonus) == (1, 299)


def test_end_bonus_higher_total_adds_the_difference_on_a_forced_deal() -> None:
    state = one_deal("QH 9H 8H 2S 3C 4D 5S 6C 7D")  # rows: Q♥9♥8♥ = 135
    queen, king = state.score_sheet()[0].scores
    assert queen > king
    assert state.returns() == [queen + (queen - king), king]


def test_end_bonus_the_table_shows_each_result_once_the_game_is_over() -> None:
    """The table's header said "You … 84 points" beside a result of 120 (84 and
    an end bonus of 36): once the game is over it shows the result."""
    from parlour.render import Style, renderer_for

    state = one_deal("QH 9H 8H 2S 3C 4D 5S 6C 7D")
    assert state.is_terminal()
    queen, king = state.returns()
    drawn = renderer_for("dracula")(state.view(0), Style(), ["Ann", "Bob"])
    header = [
        line for line in drawn.splitlines() if "(Queen's way)" in line or "(King's way)" in line
    ]
    assert [int(line.split()[-2]) for line in header] == [queen, king], drawn


def test_end_bonus_tie_goes_to_the_highest_line_made() -> None:
    # Equal totals; the first difference in the sorted lines decides and the
    # bonus is that player's highest line.
    assert end_bonus([100, 100], [[50, 40, 0], [50, 30, 20]]) == (0, 50)
    assert end_bonus([100, 100], [[10, 10], [10, 10]]) == (-1, 0)


def test_end_bonus_tie_basis_made_or_scored_on_a_forced_deal() -> None:
    for basis, expected in (("made", [92.0, 164.0]), ("scored", [92.0, 92.0])):
        game = parlour.load_game("dracula", first_dealer=0, deals=2, tie_bonus_basis=basis)
        state = game.new_initial_state(deck=TIE_DECK)
        for text in TIE_ACTIONS:
            state.apply_text(text)
        assert state.is_terminal()
        assert [line.scores for line in state.score_sheet()] == [(20, 72), (72, 20)]
        assert state.returns() == expected, basis


def test_end_bonus_tie_rule_identical_lines_give_no_bonus() -> None:
    assert end_bonus([60, 60], [[60, 30, 0], [60, 20, 10]]) == (0, 60)
    assert end_bonus([60, 60], [[60], [60]]) == (-1, 0)


# ----- first dealer ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("first", "second", "dealer"),
    [
        ("2S", "3H", 1),  # different colours: red deals
        ("KD", "2C", 0),
        ("2H", "KD", 0),  # both red: the heart
        ("3H", "9H", 1),  # both hearts: the higher heart
        ("AD", "5D", 1),  # no heart: the higher diamond
        ("AH", "KH", 1),  # Ace low
    ],
)
def test_first_dealer_cut(first: str, second: str, dealer: int) -> None:
    assert cut_winner(parse_card(first), parse_card(second)) == dealer
    game = parlour.load_game("dracula")
    state = game.new_initial_state()
    state.apply_text(first)
    state.apply_text(second)
    assert state.current_player() == dealer
    assert state.observation(0)["cut"] == [first, second]


@pytest.mark.parametrize(
    ("first", "second", "reason", "english", "french"),
    [
        ("KS", "KD", "red", "a red card beats a black one, so Bot 2 dealt", "une carte rouge bat"),
        ("2H", "KD", "heart", "a heart beats a diamond, so you dealt", "un cœur bat un carreau"),
        ("3H", "9H", "higher_heart", "the higher heart wins, so Bot 2", "le plus fort cœur"),
        ("AD", "5D", "higher_diamond", "the higher diamond wins, so Bot 2", "le plus fort carreau"),
    ],
)
def test_the_cut_says_which_clause_made_the_dealer(
    first: str, second: str, reason: str, english: str, french: str
) -> None:
    """Issue 31: "Cut: You K♠, Bot 2 K♢: Bot 2 dealt first" said no why."""
    assert cut_reason(parse_card(first), parse_card(second)) == reason
    state = parlour.load_game("dracula", deals=1).new_initial_state()
    state.apply_text(first)
    state.apply_text(second)
    view = state.view(0)
    for lang, said in (("en", english), ("fr", french)):
        names = ["You", "Bot 2"] if lang == "en" else ["Vous", "Robot 2"]
        text = renderer_for("dracula")(view, Style(colour=False, lang=lang), names)
        assert said in text, text


def test_first_dealer_cut_again_on_both_black_or_a_vampire() -> None:
    assert not cut_decides(parse_card("2S"), parse_card("KC"))
    assert not cut_decides(parse_card("V1"), parse_card("KH"))
    game = parlour.load_game("dracula")
    state = game.new_initial_state()
    outcomes = dict(state.chance_outcomes())
    assert parse_card("V1") not in outcomes  # a Vampire never decides
    state.apply_text("2S")
    with pytest.raises(parlour.IllegalActionError):
        state.apply_text("KC")  # a black card after a black card is cut again
    # The decisive cut has the probabilities of cutting again until it decides.
    assert outcomes[parse_card("2H")] == pytest.approx(51 / 2002)
    assert outcomes[parse_card("2S")] == pytest.approx(26 / 2002)


def test_first_dealer_random_and_seat() -> None:
    game = parlour.load_game("dracula", first_dealer="random")
    state = game.new_initial_state()
    assert state.chance_outcomes() == [(0, 0.5), (1, 0.5)]
    state.apply_text("seat 1")
    assert state.current_player() == 1
    assert (
        parlour.load_game("dracula", first_dealer=0).new_initial_state(seed=1).current_player() == 0
    )


def test_dealer_alternates() -> None:
    game = parlour.load_game("dracula", first_dealer=0, deals=2)
    state = game.new_initial_state(seed=5)
    state.apply_text("rows")
    assert state.observation(0)["dealer"] == 0
    for _ in range(8):
        state.apply_action(state.legal_actions()[0])
    assert state.observation(0)["dealer"] == 1
    assert state.current_player() == 0  # the new non-dealer leads


# ----- options -----------------------------------------------------------------------------


def test_option_deals_shortens_the_game() -> None:
    game = parlour.load_game("dracula", deals=2, first_dealer=0)
    state = game.new_initial_state(seed=3)
    rng = random.Random(0)
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    assert len(state.score_sheet()) == 2


def test_option_unknown_or_bad_value_lists_what_is_allowed() -> None:
    with pytest.raises(parlour.InvalidOptionError, match="deals, first_dealer"):
        parlour.load_game("dracula", dealz=2)
    with pytest.raises(parlour.InvalidOptionError, match=r"points \| cards"):
        parlour.load_game("dracula", scoring="chips")
    with pytest.raises(parlour.InvalidOptionError, match="1–6"):
        parlour.load_game("dracula", deals=7)
    with pytest.raises(parlour.InvalidOptionError, match=r"cut \| random"):
        parlour.load_game("dracula", first_dealer=2)


def test_scoring_cards_winner_takes_one_card_per_full_ten_points_at_most_nine() -> None:
    # Row 1 Q♥ 9♥ 8♥ = 27 × 5 = 135: thirteen tens, capped at nine cards.
    state = one_deal("QH 9H 8H 2S 3C 4D 5S 6C 7D", scoring="cards", continue_with_waste=False)
    assert state.score_sheet()[0].scores == (9, 0)
    assert state.current_player() == 0  # seat 0 scores rows and won the deal
    assert len(state.legal_actions()) == 9
    for _ in range(9):
        state.apply_action(state.legal_actions()[0])
    assert state.is_terminal()
    assert state.returns() == [9.0, 0.0]  # the score is the cards won; no end bonus


def test_scoring_cards_count_from_the_line_and_taker_chooses() -> None:
    # Rows 9, 18, 6; columns 2♠5♠A♣ (black ×3) 24, 3♣6♣2♦ (×2) 22, 4♦7♦3♠ (×2) 28.
    # Columns win 28 against 18: seat 1 takes two cards of its choice.
    state = one_deal("2S 3C 4D 5S 6C 7D AC 2D 3S", scoring="cards", continue_with_waste=False)
    assert state.score_sheet()[0].scores == (0, 2)
    assert state.current_player() == 1
    assert len(state.legal_actions()) == 9
    state.apply_text("take 7D")
    state.apply_text("take AC")
    assert state.observation(0)["won"] == [[], ["7D", "AC"]]
    assert state.returns() == [0.0, 2.0]


def test_scoring_cards_vampire_taken_only_with_90_or_more() -> None:
    # Row 2 10♥ 9♥ 8♥ = 135 ≥ 90: the Vampire may be taken.
    rich = one_deal("2S 3C 4D 10H 9H 8H V1 6C 7D", scoring="cards", continue_with_waste=False)
    assert rich.score_sheet()[0].scores == (9, 0)
    assert "take V1" in {rich.action_to_string(action) for action in rich.legal_actions()}
    # Columns win with 24 < 90: the Vampire stays.
    poor = one_deal("2S 3C 4D 2H 3H 4H V1 6C 7D", scoring="cards", continue_with_waste=False)
    assert poor.current_player() == 1
    takeable = {poor.action_to_string(action) for action in poor.legal_actions()}
    assert "take V1" not in takeable and len(takeable) == 8
    with pytest.raises(parlour.IllegalActionError, match="90 or more"):
        poor.apply_text("take V1")


def test_scoring_cards_full_tie_nobody_takes() -> None:
    state = one_deal(SYMMETRIC, scoring="cards", continue_with_waste=False)
    assert state.score_sheet()[0].scores == (0, 0)
    assert state.is_terminal()
    assert state.returns() == [0.0, 0.0]


def test_continue_with_waste_plays_on_while_nine_cards_remain() -> None:
    game = parlour.load_game("dracula", scoring="cards", first_dealer=0)
    state = game.new_initial_state(seed=21)
    rng = random.Random(4)
    dealers: dict[int, tuple[int, bool]] = {}
    while not state.is_terminal():
        observation = state.observation(0)
        dealers[observation["deal"]] = (observation["dealer"], observation["from_waste"])
        state.apply_action(rng.choice(state.legal_actions()))
    observation = state.observation(0)
    assert max(dealers) > 6 and dealers[7][1]  # deal 7 came from the turned waste
    assert all(dealers[deal][0] == (deal - 1) % 2 for deal in dealers)  # dealer alternates
    assert observation["stock"] < 9  # it stops when fewer than nine cards are left
    assert state.returns() == [float(len(won)) for won in observation["won"]]
    no_waste = parlour.load_game(
        "dracula", scoring="cards", continue_with_waste=False, first_dealer=0
    )
    other = no_waste.new_initial_state(seed=21)
    rng = random.Random(4)
    while not other.is_terminal():
        other.apply_action(rng.choice(other.legal_actions()))
    assert len(other.score_sheet()) == 6


def test_session_target_games_follow_until_a_total_reaches_it() -> None:
    game = parlour.load_game("dracula", deals=1, session_target=300, first_dealer=0)
    state = game.new_initial_state(seed=8)
    rng = random.Random(8)
    games_seen = set()
    while not state.is_terminal():
        games_seen.add(state.observation(0)["session_game"])
        state.apply_action(rng.choice(state.legal_actions()))
    results = state.observation(0)["game_results"]
    assert len(results) == len(games_seen) > 1
    assert max(state.returns()) >= 300
    totals = [sum(result[seat] for result in results) for seat in range(2)]
    assert state.returns() == [float(total) for total in totals]


# ----- notation, views, records -------------------------------------------------------------


def test_action_notation_round_trips() -> None:
    game = parlour.load_game("dracula", first_dealer=0)
    state = game.new_initial_state(deck=deck_for("AS 2S 3S 4S 5S 6S 7S 8S 9S"))
    assert state.string_to_action("Queen") == ROWS
    assert state.action_to_string(ROWS) == "rows"
    state.apply_text("rows")
    action = state.string_to_action("as b1")
    assert state.action_to_string(action) == "AS b1"
    assert state.string_to_action("b1 A♠") == action
    with pytest.raises(parlour.ParseError, match="QH b2"):
        state.string_to_action("AS d4")


def test_observation_hides_the_other_hand() -> None:
    game = parlour.load_game("dracula", first_dealer=0)
    state = game.new_initial_state(deck=deck_for("AS 2S 3S 4S 5S 6S 7S 8S 9S"))
    text = str(state.observation(0))
    for card in state.observation(1)["hand"]:
        assert f"'{card}'" not in text


def test_view_same_for_states_differing_only_in_hidden_cards() -> None:
    game = parlour.load_game("dracula", first_dealer=0)
    # Seat 1 (non-dealer) holds b1 c1 c2 b3: 2♠ 3♠ 6♠ 8♠, or K♥ Q♥ J♥ 10♥.
    first = game.new_initial_state(deck=deck_for("AS 2S 3S 4S 5S 6S 7S 8S 9S"))
    second = game.new_initial_state(deck=deck_for("AS KH QH 4S 5S JH 7S 10H 9S"))
    first.apply_text("rows")
    second.apply_text("rows")
    assert first.view(0) == second.view(0)
    assert first.view(1) != second.view(1)


def test_sample_state_is_consistent_with_the_view() -> None:
    game = parlour.load_game("dracula")
    rng = random.Random(0)
    for seed in range(20):
        state = game.new_initial_state(seed=seed)
        for _ in range(rng.randrange(60)):
            if state.is_terminal():
                break
            state.apply_action(rng.choice(state.legal_actions()))
        for seat in range(2):
            view = state.view(seat)
            sampled = view.sample_state(parlour.Rng(seed))
            assert sampled.view(seat) == view


def test_record_replays_into_the_same_state() -> None:
    game = parlour.load_game("dracula", scoring="cards")
    state = game.new_initial_state(seed=4)
    rng = random.Random(4)
    for _ in range(40):
        state.apply_action(rng.choice(state.legal_actions()))
    text = state.serialize()
    again = game.deserialize_state(text)
    assert again.serialize() == text
    # The sampler travels with the record: both continue identically.
    for _ in range(30):
        action = rng.choice(state.legal_actions())
        state.apply_action(action)
        again.apply_action(action)
    assert again.serialize() == state.serialize()


def test_corrupt_record_is_refused_with_the_step() -> None:
    game = parlour.load_game("dracula")
    state = game.new_initial_state(seed=4)
    record = state.to_record()
    broken = parlour.MatchRecord(
        record.game, record.rules_version, record.options, record.chance, ["QQ z9"], None
    )
    with pytest.raises(parlour.RecordError, match=r"record step .*QQ z9"):
        broken.replay()
    with pytest.raises(parlour.RecordError, match="not valid JSON"):
        game.deserialize_state("{not json")


def test_view_accepts_the_tolerant_forms_of_the_rules_page() -> None:
    game = parlour.load_game("dracula", first_dealer=0)
    state = game.new_initial_state(deck=deck_for("AS 2S 3S 4S 5S 6S 7S 8S 9S"))
    view = state.view(0)
    assert view.string_to_action("queen") == ROWS
    assert view.string_to_action("King's way") == COLUMNS
    state.apply_text("rows")
    view = state.view(1)
    assert view.string_to_action("b1 2♠") == state.string_to_action("2S b1")
    with pytest.raises(parlour.IllegalActionError, match="not a legal action for seat 1"):
        view.string_to_action("2S a1")


def test_non_integer_actions_are_refused_and_change_nothing() -> None:
    game = parlour.load_game("dracula", first_dealer=0)
    state = game.new_initial_state(seed=1)
    before = state.serialize()
    for action in (float(ROWS), True, "rows", None):
        with pytest.raises(parlour.IllegalActionError):
            state.apply_action(action)  # type: ignore[arg-type]
        assert state.serialize() == before
    assert state.why_illegal(486.0) == "an action is a whole number, not 486.0"  # type: ignore[arg-type]


def test_the_final_table_names_the_last_deal_played() -> None:
    state = one_deal("QH 9H 8H 2S 3C 4D 5S 6C 7D")
    assert state.is_terminal()
    assert state.observation(0)["deal"] == 1


def test_session_deal_keeps_alternating_and_each_game_chooses_directions_again() -> None:
    game = parlour.load_game("dracula", deals=1, session_target=1000, first_dealer=0)
    state = game.new_initial_state(seed=3)
    state.apply_text("rows")  # seat 0 deals game 1 and scores rows
    for _ in range(8):
        state.apply_action(state.legal_actions()[0])
    observation = state.observation(0)
    assert observation["session_game"] == 2
    assert observation["dealer"] == 1  # the deal alternates into the next game
    assert state.current_player() == 1  # whose first dealer chooses again
    assert observation["directions"] == [None, None]
    state.apply_text("rows")
    assert state.observation(0)["directions"] == ["columns", "rows"]


# ----- scoring with cards: the waste and the Vampire (rules version 2) --------------

# Five coffins whose top row (seat 0, rows) is a flush of 90 or more, so seat 0
# takes all nine cards each time, and SYMMETRIC, a full tie where nobody takes.
# Together they use the 54 cards once.
FLUSH_COFFINS = (
    "QS 10S 8S 4S 5D KC 7C AC AH",
    "QH 10H 9H 4D JS 3S KD 7D V1",
    "QD 10D 9D 6C 8D KH 2C 2S 5C",
    "QC 10C 9C JC KS JH JD 8C AD",
    "8H 7H 5H 4C 3D 6S V2 7S 4H",
)


def deal_by_hand(state: parlour.State, coffin: str) -> None:
    """Deal ``coffin`` as chance outcomes (no sampler), build it, take what may be taken."""
    for card in deck_for(coffin):
        state.apply_text(card)
    build(state, coffin)
    while not state.is_terminal() and not state.is_chance_node():
        state.apply_action(state.legal_actions()[0])


def test_scoring_cards_keep_turning_the_waste_until_fewer_than_nine_are_left() -> None:
    # The pack is forced (a fixed shuffle); the turned waste piles are dealt from
    # the seed. Ten deals: six from the pack, then two turns of the waste.
    pack = parse_cards_text(FULL_PACK)
    random.Random(8).shuffle(pack)
    game = parlour.load_game("dracula", scoring="cards", first_dealer=0)
    state = game.new_initial_state(deck=pack, seed=3)
    turns = 0
    waste_before = 0
    while not state.is_terminal():
        observation = state.observation(0)
        if observation["waste"] < waste_before:
            turns += 1  # the waste pile was turned down into the stock
        waste_before = observation["waste"]
        state.apply_action(state.legal_actions()[0])
    observation = state.observation(0)
    won = sum(len(cards) for cards in observation["won"])
    assert turns == 2  # turned once after the pack, and again when it ran short
    assert len(state.score_sheet()) == 10
    assert observation["stock"] + observation["waste"] == 54 - won < 9
    assert state.returns() == [float(len(cards)) for cards in observation["won"]]


def test_scoring_cards_waste_turned_only_once_the_stock_is_exhausted() -> None:
    # deals=3 leaves 27 cards in the stock: the waste is never turned and the game
    # ends after its three deals, as without continue_with_waste.
    game = parlour.load_game("dracula", scoring="cards", deals=3, first_dealer=0)
    state = game.new_initial_state()
    state.apply_text("rows")
    for coffin in (SYMMETRIC, *FLUSH_COFFINS[:2]):
        assert not state.observation(0)["from_waste"]
        deal_by_hand(state, coffin)
    assert state.is_terminal()
    observation = state.observation(0)
    assert (observation["stock"], observation["waste"]) == (27, 9)
    assert len(state.score_sheet()) == 3


def test_scoring_cards_a_turned_pile_that_wins_no_card_ends_the_game() -> None:
    # Deals 1–5 give seat 0 all their cards; the sixth is a full tie, so its nine
    # cards make the waste. Turned down, they are dealt again and tie again: no
    # card was won over the whole pile, and the game ends instead of looping.
    game = parlour.load_game("dracula", scoring="cards", first_dealer=0)
    state = game.new_initial_state()
    state.apply_text("rows")
    for coffin in FLUSH_COFFINS:
        deal_by_hand(state, coffin)
    assert state.observation(0)["totals"] == [45, 0]
    deal_by_hand(state, SYMMETRIC)
    assert state.observation(0)["from_waste"]  # deal 7 comes from the turned waste
    assert state.observation(0)["stock"] == 9
    deal_by_hand(state, SYMMETRIC)
    assert state.is_terminal()
    assert len(state.score_sheet()) == 7
    assert state.returns() == [45.0, 0.0]


# a1 10♥ b1 9♥ c1 8♥ / a2 K♥ b2 V1 c2 4♠ / a3 7♥ b3 3♣ c3 2♣: row 1 and column a
# are both 135, so the cascade goes to the second lines: row 3 (7♥ 3♣ 2♣, two
# clubs) 24 beats column c (8♥ 4♠ 2♣) 14. Seat 0 takes two cards; his best line
# counts 135, his scored line 24.
CASCADE_WIN = "10H 9H 8H KH V1 4S 7H 3C 2C"


def test_scoring_cards_vampire_needs_the_best_line_to_count_90_or_more() -> None:
    state = one_deal(CASCADE_WIN, scoring="cards")
    assert state.score_sheet()[0].scores == (2, 0)
    takeable = {state.action_to_string(action) for action in state.legal_actions()}
    assert "take V1" in takeable and len(takeable) == 9
    state.apply_text("take V1")
    state.apply_text("take 10H")
    assert state.returns() == [2.0, 0.0]


def test_scoring_cards_option_vampire_line_scored_checks_the_line_after_the_cascade() -> None:
    state = one_deal(CASCADE_WIN, scoring="cards", vampire_line="scored")
    takeable = {state.action_to_string(action) for action in state.legal_actions()}
    assert "take V1" not in takeable and len(takeable) == 8
    with pytest.raises(parlour.IllegalActionError, match=r"scored line .*\(yours counts 24\)"):
        state.apply_text("take V1")


def parse_cards_text(mask: int) -> list[str]:
    """The cards of a mask as texts, in card order."""
    from parlour.core.cards import format_card, iter_bits

    return [format_card(card) for card in iter_bits(mask)]


def test_records_of_rules_version_1_map_to_explicit_options() -> None:
    from parlour.games.dracula.rules import DraculaGame

    game = parlour.load_game("dracula", first_dealer=0, deals=2)
    state = game.new_initial_state(seed=5)
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    record = state.to_record()
    old_options = {key: value for key, value in record.options.items() if key != "vampire_line"}
    # The game says which options play version 1 as it was played.
    options = DraculaGame.legacy_options(1, old_options)
    assert options is not None and options["vampire_line"] == "scored"
    again = parlour.MatchRecord("dracula", 2, options, record.chance, record.actions).replay()
    assert again.returns() == state.returns()
    # Scoring with cards and the waste: version 1 turned it once, which no option
    # reproduces, so such records are refused.
    cards = {**old_options, "scoring": "cards"}
    assert DraculaGame.legacy_options(1, cards) is None
    assert DraculaGame.legacy_options(1, {**cards, "continue_with_waste": False}) is not None
    assert DraculaGame.legacy_options(7, old_options) is None
