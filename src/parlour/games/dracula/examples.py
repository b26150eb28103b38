"""The positions shown on Dracula's how-to page (see :mod:`parlour.examples`)."""

from __future__ import annotations

from parlour.core.game import State
from parlour.core.registry import load_game
from parlour.examples import Example

CELLS = ("a1", "b1", "c1", "a2", "b2", "c2", "a3", "b3", "c3")
PLAY_ORDER = ("b1", "a1", "c1", "a2", "c2", "a3", "b3", "c3")
"""An order of cells that always touches a card already laid (the centre is the first nail)."""


def coffin_deal(coffin: str, direction: str = "rows") -> State:
    """A one-deal game whose coffin is built as ``coffin`` (nine cards, row by row
    from a1): seat 0 deals and chooses ``direction``, the players lay their four
    cards each in :data:`PLAY_ORDER`, non-dealer first."""
    by_cell = dict(zip(CELLS, coffin.split(), strict=True))
    deck = [by_cell[cell] for cell in PLAY_ORDER] + [by_cell["b2"]]
    state: State = load_game("dracula", first_dealer=0, deals=1).new_initial_state(deck=deck)
    state.apply_text(direction)
    for cell in PLAY_ORDER:
        state.apply_text(f"{by_cell[cell]} {cell}")
    return state


def full_coffin() -> State:
    """Three hearts in row 1, a Vampire in c3: the rows win the deal."""
    return coffin_deal("QH 9H 8H KS 10S 3D 5C JC V1")


def tied_lines() -> State:
    """The best row and the best column are equal: both score their second best lines."""
    return coffin_deal("10S 10H 10D 2C 5S KC 4H 9C KH")


EXAMPLES = (
    Example("full-coffin", seat=0, build=full_coffin, told=1),
    Example("tied-lines", seat=0, build=tied_lines, told=1),
)
"""The examples the pages name."""
