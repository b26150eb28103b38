"""Twelve heuristic: lead high, win cheaply, throw low.

- Leading: the highest card (the suit with more cards on a tie of strength).
- Following: the cheapest card that wins the trick, else the lowest card.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from parlour.core.cards import parse_card
from parlour.core.sampler import Rng
from twelve.rules import power

SENSE_FLOOR = "last to play to a trick, never lose it when a card in hand would win it"
"""The floor of sense every level for people keeps in Twelve (applied by the bots)."""

HARD_ITERATIONS = (400, 200)
"""The ``hard`` bot's iterations per decision here: (on the compiled engine, on
the pure-Python engine)."""


def _winning(observation: Mapping[str, Any], legal_actions: Sequence[int]) -> list[int]:
    trick: list[str] = observation["trick"]
    if not trick:
        return []
    led = parse_card(trick[0])
    return [card for card in legal_actions if card // 13 == led // 13 and power(card) > power(led)]


def sensible(observation: Mapping[str, Any], legal_actions: Sequence[int]) -> list[int]:
    """The legal actions that keep :data:`SENSE_FLOOR` (the bots fall back on all
    of them when none does)."""
    return _winning(observation, legal_actions) or list(legal_actions)


def choose(observation: Mapping[str, Any], legal_actions: Sequence[int], rng: Rng) -> int:
    """The Twelve heuristic's choice (see the module docstring)."""
    if not observation["trick"]:
        return max(legal_actions, key=lambda card: (power(card), card))
    winning = _winning(observation, legal_actions)
    if winning:
        return min(winning, key=power)
    return min(legal_actions, key=lambda card: (power(card), card))
