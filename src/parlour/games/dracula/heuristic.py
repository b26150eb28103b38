"""Dracula heuristic: build my best line, spoil theirs.

- Direction (first dealer): the Queen's way (rows) if the hand holds at least as
  many Queens as Kings, else the King's way (columns).
- Play: try every card in every open cell and keep the placement that leaves
  the best balance of my best estimated line against the opponent's best (plus
  a fifth of the same for the second lines); a Vampire thus goes where it kills
  the opponent's best line and spares mine.
- Scoring with cards: take the most valuable coffin cards (Vampires excepted:
  they void lines later).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from parlour.bots.heuristics import best_of
from parlour.core.sampler import Rng
from parlour.games._coffin._dracula_actions import PLAY_ACTIONS, ROWS, TAKE
from parlour.games._coffin.heuristic import (
    axis_lines,
    choose_direction,
    choose_play,
    without_gifts,
)
from parlour.games._coffin.rules import Axis, card_value

HARD_ITERATIONS = (3600, 1200)
"""The ``hard`` bot's iterations per decision here: (on the compiled engine, on
the pure-Python engine), what keeps 90% of its moves under about 0.8 s of one core
of the measuring machine on that engine (docs/bots.md)."""


def choose(observation: Mapping[str, Any], legal_actions: Sequence[int], rng: Rng) -> int:
    """The Dracula heuristic's choice (see the module docstring)."""
    if ROWS in legal_actions:
        return choose_direction(observation["hand"])
    if legal_actions[0] >= TAKE:
        return best_of(
            legal_actions,
            lambda action: (
                -1.0
                if action - TAKE >= 52
                else float(
                    card_value(action - TAKE, Axis.ROW) + card_value(action - TAKE, Axis.COLUMN)
                )
            ),
            rng,
        )
    mine = Axis.ROW if observation["directions"][observation["seat"]] == "rows" else Axis.COLUMN
    plays = [action for action in legal_actions if action < PLAY_ACTIONS]
    return choose_play(observation["coffin"], mine, plays, rng)


SENSE_FLOOR = (
    "never complete the opponent's line as three of one suit (×5) when another play does not"
)
"""The floor of sense every level for people keeps in Dracula (applied by the bots)."""


def sensible(observation: Mapping[str, Any], legal_actions: Sequence[int]) -> list[int]:
    """The legal actions that keep :data:`SENSE_FLOOR` (the bots fall back on all
    of them when none does)."""
    direction = observation["directions"][observation["seat"]]
    if direction is None:
        return list(legal_actions)
    theirs = Axis.COLUMN if direction == "rows" else Axis.ROW
    return without_gifts(observation["coffin"], axis_lines(theirs), legal_actions)
