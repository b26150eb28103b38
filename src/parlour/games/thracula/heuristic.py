"""Thracula heuristic: improve my row or column, never feed a rival's.

- Take: a face-down card from my own row or column (best: where they cross), so
  that the card I put back lands in a line I score; otherwise any face-down card.
- Put: try each card of the hand in the emptied cell and keep the one that
  leaves the best balance of my score (the better of my row and my column,
  estimated) against the best rival's. Face-down cells count as an average card.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from parlour.bots.heuristics import best_of
from parlour.core.sampler import Rng
from parlour.games._coffin.heuristic import estimate_line, gives_suited_line, parse_coffin
from parlour.games._coffin.rules import CELL_NAMES, COLUMNS, ROWS, Axis
from parlour.games.thracula.rules import PUT, vampire_rule

HARD_ITERATIONS = (1800, 600)
"""The ``hard`` bot's iterations per decision here: (on the compiled engine, on
the pure-Python engine), what keeps 90% of its moves under about 0.8 s of one core
of the measuring machine on that engine (docs/bots.md)."""


def _balance(coffin: Sequence[int], owned: Sequence[int], seat: int, rule: Any) -> float:
    scores = []
    for line in owned:
        row = ROWS[line]
        column = COLUMNS[line]
        scores.append(
            max(
                estimate_line([coffin[cell] for cell in row], Axis.ROW, rule),
                estimate_line([coffin[cell] for cell in column], Axis.COLUMN, rule),
            )
        )
    mine = scores[seat]
    rivals = max(score for position, score in enumerate(scores) if position != seat)
    return mine - rivals


def choose(observation: Mapping[str, Any], legal_actions: Sequence[int], rng: Rng) -> int:
    """The Thracula heuristic's choice (see the module docstring)."""
    seat = observation["seat"]
    owned: list[int] = observation["owned_lines"]
    line = owned[seat]
    if legal_actions[0] < PUT:
        mine = set(ROWS[line]) | set(COLUMNS[line])
        crossing = ROWS[line][line]
        return best_of(
            legal_actions,
            lambda cell: (1.0 if cell in mine else 0.0) + (1.0 if cell == crossing else 0.0),
            rng,
        )
    coffin = parse_coffin(observation["coffin"])
    cell = CELL_NAMES.index(observation["taken_cell"])
    rule = vampire_rule(observation["two_vampires"])

    def score(action: int) -> float:
        coffin[cell] = action - PUT
        return _balance(coffin, owned, seat, rule)

    return best_of(legal_actions, score, rng)


SENSE_FLOOR = (
    "never put back a card that completes a rival's row or column as three of one suit (×5) "
    "when another card does not"
)
"""The floor of sense every level for people keeps in Thracula (applied by the bots)."""


def sensible(observation: Mapping[str, Any], legal_actions: Sequence[int]) -> list[int]:
    """The legal actions that keep :data:`SENSE_FLOOR` (the bots fall back on all
    of them when none does). Face-down cards are unknown: a line holding one is
    never judged."""
    if not legal_actions or legal_actions[0] < PUT or observation.get("taken_cell") is None:
        return list(legal_actions)
    seat = observation["seat"]
    owned: list[int] = observation["owned_lines"]
    rivals = [line for position, line in enumerate(owned) if position != seat]
    lines = [(ROWS[line], Axis.ROW) for line in rivals]
    lines += [(COLUMNS[line], Axis.COLUMN) for line in rivals]
    coffin = parse_coffin(observation["coffin"])
    cell = CELL_NAMES.index(observation["taken_cell"])
    return [
        action
        for action in legal_actions
        if action < PUT or not gives_suited_line(coffin, cell, action - PUT, lines)
    ]
