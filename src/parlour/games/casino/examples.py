"""The positions shown on Casino's how-to page (see :mod:`parlour.examples`)."""

from __future__ import annotations

from parlour.core.game import State
from parlour.core.registry import load_game
from parlour.examples import Example


def first_deal(hands: dict[int, str], table: str) -> State:
    """A two-player game, Anne (seat 0) dealing, with a forced first deal: two
    cards at a time to Bruno, to the table and to Anne, twice (the rest of the
    pack from seed 0)."""
    cards = {seat: text.split() for seat, text in hands.items()}
    table_cards = table.split()
    deck: list[str] = []
    for half in range(2):
        deck += cards[1][2 * half : 2 * half + 2]
        deck += table_cards[2 * half : 2 * half + 2]
        deck += cards[0][2 * half : 2 * half + 2]
    game = load_game("casino", first_dealer=0)
    state: State = game.new_initial_state(deck=deck, seed=0)
    return state


def capture() -> State:
    """Bruno's 7♡ takes the 7♣ (a pair) and the 3♠ with the 4♢ (a sum) at once."""
    state = first_deal({0: "AC AD 2C 2D", 1: "7H KS QS JS"}, "3S 4D 7C 9H")
    state.apply_text("7H take 3S+4D, 7C")
    return state


def build() -> State:
    """Bruno trails K♠; Anne adds her 5♠ to the 4♡ and calls it a build of 9,
    which her 9♣ can take on her next turn."""
    state = first_deal({0: "5S 9C 2C 2D", 1: "9D KS QS JS"}, "4H 6C 8C 10H")
    state.apply_text("KS trail")
    state.apply_text("5S build 9 with 4H")
    return state


EXAMPLES = (
    Example("capture", seat=1, build=capture, told=1),
    Example("build", seat=0, build=build, told=2),
)
"""The examples the pages name."""
