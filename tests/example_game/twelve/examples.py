"""The positions shown on Twelve's how-to pages (see :mod:`parlour.examples`)."""

from __future__ import annotations

from parlour.core.game import State
from parlour.core.registry import load_game
from parlour.examples import Example

DECK = ["AS", "KS", "QH", "AH", "9S", "10H", "JS", "QS"]
"""Seat 0 deals; seat 1 receives the first card of each pair and leads:
seat 1 holds A♠ Q♥ 9♠ J♠, seat 0 holds K♠ A♥ 10♥ Q♠."""


def deal() -> State:
    """A one-deal game dealt as :data:`DECK` says."""
    state: State = load_game("twelve", deals=1, first_dealer=0).new_initial_state(deck=DECK)
    return state


def first_trick() -> State:
    """Bruno leads A♠ and Anne must follow with a spade: the Ace takes the trick."""
    state = deal()
    for card in ("AS", "KS"):
        state.apply_text(card)
    return state


def whole_deal() -> State:
    """The deal played to its end, each player playing his first allowed card."""
    state = deal()
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    return state


EXAMPLES = (
    Example("first-trick", seat=0, build=first_trick, told=2),
    Example("whole-deal", seat=0, build=whole_deal, told=2),
)
"""The examples the pages name."""
