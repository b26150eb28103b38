"""Colour-blind heuristic: win the tricks whose row card helps, duck the others.

The card a trick wins is known (the next row card), and so is the good colour.

- A good-colour row card: win it as cheaply as possible. Last to play, play the
  lowest card that wins (equal ranks: the later wins); earlier, play the highest
  card if the row card is worth 8 or more, else the lowest card that beats the
  trick so far; if nothing wins, throw the lowest card.
- A bad-colour row card: lose it. Play the highest card that does not win; if
  every card wins, play the highest (it will probably win anyway, and high cards
  are cheaper to spend on a trick that must be taken).
- Leading: with a good row card lead the highest card if it is worth 8 or more,
  else a middle card; with a bad one lead the lowest.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from parlour.core.cards import is_red, parse_card
from parlour.core.sampler import Rng
from parlour.games.colour_blind.rules import POWER, VALUE

HARD_ITERATIONS = (1600, 600)
"""The ``hard`` bot's iterations per decision here: (on the compiled engine, on
the pure-Python engine), what keeps 90% of its moves under about 0.8 s of one core
of the measuring machine on that engine (docs/bots.md)."""

JUDGE_SEARCH = (8, 3)
"""The judge's continuations search the first three decisions after the judged
move (8 iterations each, every seat's), then play this heuristic: with the
heuristic alone, its losses disagreed with search bots finishing the same deals
(the judge's calibration; docs/review.md)."""

EXPERT_JUDGE = {"min_samples": 6, "max_samples": 16, "search_iterations": 800}
"""The expert's judge here (the default: 16 to 48 imagined deals per favourite,
the hard search's iterations to find them): the searched continuations cost
more, so fewer deals and a shorter search keep its moves under 3 s on the
compiled engine (docs/bots.md)."""


def _pick(cards: Sequence[int], rng: Rng, highest: bool) -> int:
    best = max(POWER[card] for card in cards) if highest else min(POWER[card] for card in cards)
    candidates = [card for card in cards if POWER[card] == best]
    return candidates[0] if len(candidates) == 1 else rng.choice(candidates)


def choose(observation: Mapping[str, Any], legal_actions: Sequence[int], rng: Rng) -> int:
    """The Colour-blind heuristic's choice (see the module docstring)."""
    row: list[str] = observation["row"]
    position: int = observation["row_next"]
    good_red = observation["good_colour"] == "red"
    if 0 <= position < len(row):
        stake_card = parse_card(row[position])
        value = VALUE[stake_card] if is_red(stake_card) == good_red else -VALUE[stake_card]
    else:
        value = 0
    trick = [parse_card(card) for card in observation["trick"]]
    players: int = observation["players"]
    cards = list(legal_actions)
    if not trick:
        if value <= 0:
            return _pick(cards, rng, highest=False)
        if value >= 8:
            return _pick(cards, rng, highest=True)
        ordered = sorted(cards, key=lambda card: POWER[card])
        return ordered[len(ordered) // 2]
    top = max(POWER[card] for card in trick)
    winning = [card for card in cards if POWER[card] >= top]
    losing = [card for card in cards if POWER[card] < top]
    last = len(trick) == players - 1
    if value > 0:
        if not winning:
            return _pick(cards, rng, highest=False)
        if last or value < 8:
            return _pick(winning, rng, highest=False)
        return _pick(winning, rng, highest=True)
    if losing:
        return _pick(losing, rng, highest=True)
    return _pick(cards, rng, highest=True)


SENSE_FLOOR = (
    "last to play to a trick, never win a row card of the bad colour that a card in hand "
    "would let pass, nor let pass a row card of the good colour that a card in hand would win"
)
"""The floor of sense every level for people keeps in Colour-blind (applied by
the bots): last to play, the trick's outcome is in the player's hands."""


def sensible(observation: Mapping[str, Any], legal_actions: Sequence[int]) -> list[int]:
    """The legal actions that keep :data:`SENSE_FLOOR` (the bots fall back on all
    of them when none does)."""
    row: list[str] = observation["row"]
    position: int = observation["row_next"]
    trick = [parse_card(card) for card in observation["trick"]]
    if not (0 <= position < len(row)) or len(trick) != observation["players"] - 1:
        return list(legal_actions)
    stake_card = parse_card(row[position])
    good = is_red(stake_card) == (observation["good_colour"] == "red")
    top = max(POWER[card] for card in trick)
    winning = [card for card in legal_actions if POWER[card] >= top]
    losing = [card for card in legal_actions if POWER[card] < top]
    if VALUE[stake_card] == 0:
        return list(legal_actions)
    if good:
        return winning or list(legal_actions)
    return losing or list(legal_actions)
