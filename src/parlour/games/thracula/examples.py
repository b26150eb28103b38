"""The positions shown on Thracula's how-to page (see :mod:`parlour.examples`)."""

from __future__ import annotations

from parlour.core.cards import FULL_PACK, format_card, iter_bits
from parlour.core.game import State
from parlour.core.registry import load_game
from parlour.examples import Example

CELLS = ("a1", "b1", "c1", "a2", "b2", "c2", "a3", "b3", "c3")


def scored_coffin() -> State:
    """A one-deal game, seat 0 dealing, whose coffin is ``QH 2S 3S / KD KH 5S /
    4C 6C AC``: each player in turn takes a face-down cell and puts the same
    card straight back, so the coffin is scored as it was laid."""
    coffin = "QH 2S 3S KD KH 5S 4C 6C AC".split()
    pack = [format_card(card) for card in iter_bits(FULL_PACK)]
    spare = [card for card in pack if card not in coffin]
    deck = spare[:9] + coffin + spare[9:]
    state: State = load_game("thracula", first_dealer=0, deals=1).new_initial_state(deck=deck)
    for _ in range(9):
        observation = state.observation(state.current_player())
        cell = CELLS[observation["face_down"].index(True)]
        state.apply_text(f"take {cell}")
        taken = state.observation(state.current_player())["taken_card"]
        state.apply_text(f"put {taken}")
    return state


EXAMPLES = (Example("scored-coffin", seat=0, build=scored_coffin, told=1),)
"""The examples the pages name."""
