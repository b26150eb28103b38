"""The positions shown on the partnership page (see :mod:`parlour.examples`)."""

from __future__ import annotations

from parlour.core.cards import STANDARD_PACK, format_card, iter_bits
from parlour.core.game import State
from parlour.core.registry import load_game
from parlour.examples import Example

CELLS = ("a1", "b1", "c1", "a2", "b2", "c2", "a3", "b3", "c3")
BUILD_CELLS = ("b2", "b1", "a1", "c1", "a2", "c2", "a3", "b3", "c3")
"""The first nail in the centre, then cells that always touch a laid card."""


def first_coffin() -> State:
    """Seat 0 deals and chooses rows for his side; the four players lay the
    first coffin ``QH 9H 8H / 2S 3D 4C / 5S 6S 7D`` in turn from the dealer's left."""
    coffin = dict(zip(CELLS, "QH 9H 8H 2S 3D 4C 5S 6S 7D".split(), strict=True))
    hands: dict[int, list[str]] = {}
    for play, cell in enumerate(BUILD_CELLS):
        hands.setdefault((1 + play) % 4, []).append(coffin[cell])
    used = set(coffin.values())
    spare = [format_card(card) for card in iter_bits(STANDARD_PACK)]
    spare = [card for card in spare if card not in used]
    for seat in range(4):
        while len(hands.setdefault(seat, [])) < 13:
            hands[seat].append(spare.pop(0))
    order = [1, 2, 3, 0]
    deck = [hands[seat][round_] for round_ in range(13) for seat in order]
    state: State = load_game("dracula-partnership", first_dealer=0).new_initial_state(deck=deck)
    state.apply_text("rows")
    for cell in BUILD_CELLS:
        state.apply_text(f"{coffin[cell]} {cell}")
    return state


EXAMPLES = (Example("first-coffin", seat=0, build=first_coffin, told=1, drawn_before=1),)
"""The examples the pages name."""
