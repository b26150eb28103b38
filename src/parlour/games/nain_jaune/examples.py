"""The positions shown on Nain Jaune's how-to page (see :mod:`parlour.examples`)."""

from __future__ import annotations

from parlour.core.game import State
from parlour.core.registry import load_game
from parlour.examples import Example

HANDS = {
    0: "AS AH 2S 3S 4S 7S 8S 8H 9S 9H 10S 10H JS QH KS",
    1: "AD 2H 3H 4H 6S 7H 8D 9D 10C JH JD QS QD KH KD",
    2: "AC 2D 3D 4D 5C 6H 6C 7D 7C 8C 9C 10D JC QC KC",
}
"""Three players, Claire (seat 2) deals and Anne leads. Claire holds the only 5
in play, the yellow dwarf 7♢ and a run up to K♣."""
ASIDE = "2C 3C 4C 5S 5H 5D 6D"
"""The seven cards left aside, never seen."""


def played(steps: int | None) -> State:
    """The deal above, everyone playing his first allowed move, until the
    history has ``steps`` steps (None: to the end of the deal)."""
    hands = {seat: text.split() for seat, text in HANDS.items()}
    deck = [hands[seat][round_number] for round_number in range(15) for seat in (0, 1, 2)]
    game = load_game("nain-jaune", players=3, first_dealer=2, max_deals=1)
    state: State = game.new_initial_state(deck=[*deck, *ASIDE.split()])
    while not state.is_terminal() and (steps is None or len(state.history) < steps):
        state.apply_action(state.legal_actions()[0])
    return state


def boxes_won() -> State:
    """Claire's run passes the 7♢, the 10♢ and the J♣: she wins their boxes."""
    return played(48)


def deal_won() -> State:
    """Bruno plays his last card: the others pay him for the cards they still hold."""
    return played(None)


EXAMPLES = (
    Example("boxes-won", seat=2, build=boxes_won, told=2),
    Example("deal-won", seat=1, build=deal_won, told=1),
)
"""The examples the pages name."""
