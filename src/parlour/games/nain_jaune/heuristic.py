"""Nain Jaune heuristic: long runs, board cards and heavy cards first.

- Several ranks to choose from (a new run): start the run that plays the most:
  for each card, follow the ranks I hold upwards from it and add the points it
  sheds (A 1 … 10, J Q K 10), 12 for each board card it plays (its box), and 8
  if it reaches a King or stops at a rank whose four cards are all on the pile
  already (either way I start the next run myself). Never stop a run early.
- Several cards of the one rank I must play: a board card first (it wins its
  box), otherwise any.
- Claim every box (``claim=manual``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from parlour.bots.heuristics import best_of
from parlour.core.cards import parse_card
from parlour.core.sampler import Rng
from parlour.games.nain_jaune.rules import BOARD_CARDS, CLAIM, STOP

HARD_ITERATIONS = (450, 200)
"""The ``hard`` bot's iterations per decision here: (on the compiled engine, on
the pure-Python engine), what keeps 90% of its moves under about 0.8 s of one core
of the measuring machine on that engine (docs/bots.md)."""

_BOARD: Final = frozenset(BOARD_CARDS)


def _rank(card: int) -> int:
    return card % 13 + 1


def _points(card: int) -> int:
    return min(10, _rank(card))


def automatic_action(legal_actions: Sequence[int]) -> int | None:
    """What every bot does without thinking: claim the box it has won (``claim=manual``)."""
    return CLAIM if CLAIM in legal_actions else None


def choose(observation: Mapping[str, Any], legal_actions: Sequence[int], rng: Rng) -> int:
    """The Nain Jaune heuristic's choice (see the module docstring)."""
    if CLAIM in legal_actions:
        return CLAIM
    cards = [action for action in legal_actions if action < 52]
    if not cards:
        return legal_actions[0]
    hand = [parse_card(card) for card in observation["hand"]]
    by_rank: dict[int, list[int]] = {}
    for card in hand:
        by_rank.setdefault(_rank(card), []).append(card)
    if len({_rank(card) for card in cards}) == 1:
        return best_of(cards, lambda card: 1.0 if card in _BOARD else 0.0, rng)

    pile_ranks: dict[int, int] = {}
    for entry in observation.get("pile", []):
        rank = _rank(parse_card(entry["card"]))
        pile_ranks[rank] = pile_ranks.get(rank, 0) + 1

    def run_value(card: int) -> float:
        value = float(_points(card)) + (12.0 if card in _BOARD else 0.0)
        rank = _rank(card)
        while rank < 13 and (rank + 1) in by_rank:
            rank += 1
            held = by_rank[rank]
            value += _points(held[0]) + (12.0 if any(c in _BOARD for c in held) else 0.0)
        if rank == 13 or pile_ranks.get(rank + 1, 0) == 4:
            value += 8.0
        return value

    choice = best_of(cards, run_value, rng)
    return choice if choice in legal_actions else (STOP if STOP in legal_actions else cards[0])


SENSE_FLOOR = "never play another card of a rank when its board card, held, may be played instead"
"""The floor of sense every level for people keeps in Nain Jaune (applied by the
bots): the board card (10♢, J♣, Q♠, K♡, 7♢) wins its box; another card of the
same rank wins nothing more."""


def sensible(observation: Mapping[str, Any], legal_actions: Sequence[int]) -> list[int]:
    """The legal actions that keep :data:`SENSE_FLOOR` (the bots fall back on all
    of them when none does)."""
    boards = {_rank(action) for action in legal_actions if action in _BOARD}
    return [
        action
        for action in legal_actions
        if not (action < 52 and action not in _BOARD and _rank(action) in boards)
    ]
