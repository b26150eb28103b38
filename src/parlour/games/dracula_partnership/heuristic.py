"""Partnership Dracula heuristic: the two-player heuristic, played for the side.

- Direction (the dealer, for his side): rows if his hand holds at least as many
  Queens as Kings, else columns.
- Play: every card in every open cell; keep the placement with the best balance
  of my side's best estimated line against the other side's best (plus a fifth of
  the same for the second lines). My side's lines are my partner's too.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from parlour.core.sampler import Rng
from parlour.games._coffin._dracula_actions import COLUMNS, ROWS
from parlour.games._coffin.heuristic import (
    axis_lines,
    choose_direction,
    choose_play,
    without_gifts,
)
from parlour.games._coffin.rules import Axis

HARD_ITERATIONS = (1200, 400)
"""The ``hard`` bot's iterations per decision here: (on the compiled engine, on
the pure-Python engine), what keeps 90% of its moves under about 0.8 s of one core
of the measuring machine on that engine (docs/bots.md)."""


def choose(observation: Mapping[str, Any], legal_actions: Sequence[int], rng: Rng) -> int:
    """The partnership heuristic's choice (see the module docstring)."""
    if ROWS in legal_actions or COLUMNS in legal_actions:
        return choose_direction(observation["hand"])
    mine = Axis.ROW if observation["directions"][observation["seat"]] == "rows" else Axis.COLUMN
    return choose_play(observation["coffin"], mine, legal_actions, rng)


SENSE_FLOOR = (
    "never complete the other side's line as three of one suit (×5) when another play does not"
)
"""The floor of sense every level for people keeps in Dracula in partnerships."""


def sensible(observation: Mapping[str, Any], legal_actions: Sequence[int]) -> list[int]:
    """The legal actions that keep :data:`SENSE_FLOOR` (the bots fall back on all
    of them when none does)."""
    direction = observation["directions"][observation["seat"]]
    if direction is None:
        return list(legal_actions)
    theirs = Axis.COLUMN if direction == "rows" else Axis.ROW
    return without_gifts(observation["coffin"], axis_lines(theirs), legal_actions)
