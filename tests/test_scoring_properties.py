"""Property tests (Hypothesis) on the Dracula family's scoring functions."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from parlour.core.cards import VAMPIRE_1, is_red, rank_of, suit_of
from parlour.games._coffin.rules import (
    Axis,
    VampireRule,
    card_value,
    cascade,
    end_bonus,
    line_value,
)

plain_lines = st.lists(st.integers(0, 51), min_size=3, max_size=3, unique=True)
any_lines = st.lists(st.integers(0, 53), min_size=3, max_size=3, unique=True)
axes = st.sampled_from(list(Axis))
line_scores = st.lists(st.integers(0, 150), min_size=3, max_size=3)


@given(plain_lines, axes)
def test_line_value_is_the_sum_times_the_best_multiplier(cards: list[int], axis: Axis) -> None:
    total = sum(card_value(card, axis) for card in cards)
    suits = [suit_of(card) for card in cards]
    if len(set(suits)) == 1:
        expected = total * 5
    elif len({is_red(card) for card in cards}) == 1:
        expected = total * 3
    elif len(set(suits)) == 2:
        expected = total * 2
    else:
        expected = total
    assert line_value(cards, axis) == expected


@given(plain_lines, axes)
def test_line_value_does_not_depend_on_card_order(cards: list[int], axis: Axis) -> None:
    assert line_value(cards, axis) == line_value(list(reversed(cards)), axis)


@given(any_lines, axes)
def test_a_vampire_voids_any_line_in_dracula(cards: list[int], axis: Axis) -> None:
    if any(card >= VAMPIRE_1 for card in cards):
        assert line_value(cards, axis) == 0


@given(plain_lines)
def test_queens_count_only_across_and_kings_only_down(cards: list[int]) -> None:
    difference = line_value(cards, Axis.ROW) - line_value(cards, Axis.COLUMN)
    queens = sum(rank_of(card) == 12 for card in cards)
    kings = sum(rank_of(card) == 13 for card in cards)
    if queens == kings:
        assert difference == 0
    else:
        assert (difference > 0) == (queens > kings)


@given(st.lists(st.integers(0, 51), min_size=2, max_size=2, unique=True), axes)
def test_thracula_one_vampire_doubles_the_other_two(cards: list[int], axis: Axis) -> None:
    pair = sum(card_value(card, axis) for card in cards)
    same_suit = suit_of(cards[0]) == suit_of(cards[1])
    value = line_value([cards[0], VAMPIRE_1, cards[1]], axis, VampireRule.DOUBLE_X4)
    assert value == pair * (2 if same_suit else 1) * 2


@given(line_scores, line_scores)
def test_cascade_scores_the_first_level_that_differs(queen: list[int], king: list[int]) -> None:
    queen_score, king_score, level = cascade(queen, king)
    ordered_queen = sorted(queen, reverse=True)
    ordered_king = sorted(king, reverse=True)
    assert (queen_score, king_score) == (ordered_queen[level - 1], ordered_king[level - 1])
    assert ordered_queen[: level - 1] == ordered_king[: level - 1]
    assert level == 3 or queen_score != king_score


@given(st.integers(0, 500), st.integers(0, 500))
def test_end_bonus_gives_the_difference_to_the_higher_total(first: int, second: int) -> None:
    side, bonus = end_bonus([first, second], [[10], [20]])
    if first != second:
        assert side == (0 if first > second else 1) and bonus == abs(first - second)
    else:
        assert (side, bonus) == (1, 20)
