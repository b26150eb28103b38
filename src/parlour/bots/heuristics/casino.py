"""Casino heuristic: capture the most valuable cards, trail the least.

Each card has a worth: 2 for the big casino (10♦), 1 for the little casino (2♠)
and for an Ace, 0.35 for any spade, plus 0.2 for every card (the most-cards
point). Then:

- a capture is worth everything it takes, the played card included, plus 0.5
  (capturing keeps the last capture, which sweeps the table at the end);
- a build is worth 0.4 times its cards (it still has to be taken, and may be
  taken by someone else);
- a trail costs the worth of the trailed card, and a little more for a numeral
  (it gives the others a card to add up to);

and the heuristic plays the best of these.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from parlour.bots.heuristics import best_of
from parlour.core.cards import iter_bits
from parlour.core.sampler import Rng
from parlour.games.casino import (
    BIG_CASINO,
    CODE_CAPTURE,
    CODE_TRAIL,
    LITTLE_CASINO,
    SPADE_MASK,
    VALUE,
    decode_action,
)


def worth(card: int) -> float:
    """What capturing one card is worth towards the round's 11 points (estimated)."""
    value = 0.2
    if card == BIG_CASINO:
        value += 2.0
    elif card == LITTLE_CASINO:
        value += 1.0
    if card % 13 == 0:
        value += 1.0
    if SPADE_MASK >> card & 1:
        value += 0.35
    return value


def action_worth(action: int) -> float:
    """The heuristic's value of one Casino action."""
    card, code, table_cards = decode_action(action)
    involved = worth(card) + sum(worth(other) for other in iter_bits(table_cards))
    if code == CODE_CAPTURE:
        return involved + 0.5
    if code == CODE_TRAIL:
        return -worth(card) - (0.1 if VALUE[card] else 0.0)
    return 0.4 * involved


def choose(observation: Mapping[str, Any], legal_actions: Sequence[int], rng: Rng) -> int:
    """The Casino heuristic's choice (see the module docstring)."""
    return best_of(legal_actions, action_worth, rng)
