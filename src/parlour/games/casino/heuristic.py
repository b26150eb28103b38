"""Casino heuristic: capture the most valuable cards, trail the least.

Each card has a worth: 2 for the big casino (10♦), 1 for the little casino (2♠)
and for an Ace, 0.35 for any spade, plus 0.2 for every card (the most-cards
point). A move is made in steps (the card and what it does, then each table card
or build, then done), so the heuristic first values whole moves by their first
step, then plays the steps of the best one:

- a capture is worth the played card, plus 0.5 (capturing keeps the last
  capture, which sweeps the table at the end), plus what it can take: the build
  of its value, loose cards of its value, then sums of loose cards, most
  valuable first (a quick greedy estimate, not a search of every collection);
- a build is worth 0.4 times the played card and the table cards it would
  gather (it still has to be taken, and may be taken by someone else);
- a trail costs the worth of the trailed card, and a little more for a numeral
  (it gives the others a card to add up to).

Within a move: add the most valuable card or build offered (a capture takes all
it can; a build gathers what it can), and say done only when nothing is worth
adding.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from parlour.bots.heuristics import best_of
from parlour.core.cards import format_card
from parlour.core.sampler import Rng
from parlour.games.casino.rules import (
    ADD_BUILD_BASE,
    ADD_CARD_BASE,
    BIG_CASINO,
    CODE_CAPTURE,
    CODE_TRAIL,
    DONE,
    KINDS,
    LITTLE_CASINO,
    SPADE_MASK,
    START_ACTIONS,
    VALUE,
)

HARD_ITERATIONS = (600, 160)
"""The ``hard`` bot's iterations per decision here: (on the compiled engine, on
the pure-Python engine), what keeps 90% of its moves under about 0.8 s of one core
of the measuring machine on that engine (docs/bots.md)."""

CARD_OF_TEXT = {format_card(card): card for card in range(52)}
"""Card ids by their text (the observation names cards as text)."""


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


def greedy_take(value: int, loose: Sequence[int]) -> list[int]:
    """Loose numerals a card of ``value`` could take, chosen greedily: cards of its
    value, then groups adding up to it built from the most valuable cards first."""
    left = sorted((card for card in loose if VALUE[card]), key=worth, reverse=True)
    taken = [card for card in left if VALUE[card] == value]
    left = [card for card in left if VALUE[card] < value]
    while True:
        group: list[int] = []
        total = 0
        for card in left:
            if total + VALUE[card] <= value:
                group.append(card)
                total += VALUE[card]
                if total == value:
                    break
        if total != value:
            return taken
        taken += group
        left = [card for card in left if card not in group]


Table = tuple[list[int], dict[int, list[int]]]
"""The loose cards and the cards of each build (by value), as card ids."""


def read_table(observation: Mapping[str, Any]) -> Table:
    """The table of an observation as card ids."""
    loose = [CARD_OF_TEXT[text] for text in observation["loose"]]
    builds = {
        build["value"]: [CARD_OF_TEXT[text] for text in build["cards"]]
        for build in observation["builds"]
    }
    return loose, builds


def start_worth(card: int, kind: int, table: Table) -> float:
    """The heuristic's value of starting a move with ``card`` of ``kind``."""
    if kind == CODE_TRAIL:
        return -worth(card) - (0.1 if VALUE[card] else 0.0)
    loose, builds = table
    value = VALUE[card]
    if kind == CODE_CAPTURE:
        if value == 0:
            taken = [other for other in loose if other % 13 == card % 13]
        else:
            taken = greedy_take(value, loose) + builds.get(value, [])
        return worth(card) + 0.5 + sum(worth(other) for other in taken)
    gathered = builds.get(kind, []) + builds.get(kind - value, [])
    partners = greedy_take(kind - value, loose)[:2] if kind > value else []
    return 0.4 * (worth(card) + sum(worth(other) for other in gathered + partners))


def step_worth(action: int, observation: Mapping[str, Any], table: Table) -> float:
    """The heuristic's value of one step of Casino."""
    if action < START_ACTIONS:
        card, kind = divmod(action, KINDS)
        return start_worth(card, kind, table)
    if action == DONE:
        return 0.0
    share = 1.0 if observation["pending"]["kind"] == "take" else 0.4
    if action >= ADD_BUILD_BASE:
        return share * sum(worth(other) for other in table[1][action - ADD_BUILD_BASE + 2])
    return share * worth(action - ADD_CARD_BASE)


def choose(observation: Mapping[str, Any], legal_actions: Sequence[int], rng: Rng) -> int:
    """The Casino heuristic's choice (see the module docstring)."""
    table = read_table(observation)
    return best_of(legal_actions, lambda action: step_worth(action, observation, table), rng)


SENSE_FLOOR = "never trail a card that could capture a loose card of the same rank for free"
"""The floor of sense every level for people keeps in Casino (applied by the
bots): trailing Q♢ with Q♡ on the table gives away a capture."""


def sensible(observation: Mapping[str, Any], legal_actions: Sequence[int]) -> list[int]:
    """The legal actions that keep :data:`SENSE_FLOOR` (the bots fall back on all
    of them when none does)."""
    if observation.get("pending") is not None:
        return list(legal_actions)
    ranks = {CARD_OF_TEXT[text] % 13 for text in observation["loose"]}
    legal = set(legal_actions)
    kept = []
    for action in legal_actions:
        if action < START_ACTIONS:
            card, kind = divmod(action, KINDS)
            if kind == CODE_TRAIL and card % 13 in ranks and card * KINDS + CODE_CAPTURE in legal:
                continue
        kept.append(action)
    return kept
