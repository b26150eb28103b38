"""The positions shown on Colour-blind's how-to page (see :mod:`parlour.examples`)."""

from __future__ import annotations

from parlour.core.game import State
from parlour.core.registry import load_game
from parlour.examples import Example

HANDS = {
    1: "AS KH QD JS 10H 9D 8S 7H 6D 5S 4H 3D 2S",
    2: "AH KD QS JH 10D 9S 8H 7D 6S 5H 4D 3S 2H",
    0: "AD KS QH JD 10S 9H 8D 7S 6H 5D 4S 3H 2D",
}
"""Seat 0 deals; seat 1, on his left, leads first. The high cards are shared out."""
ROW = "10C 9C KC 2C 3C 4C 5C QC 6C 7C 8C JC AC"
"""The row, turned one card at a time: all clubs, so black is the good colour."""


def deal() -> State:
    """A one-deal game of three with the hands and row above."""
    hands = {seat: text.split() for seat, text in HANDS.items()}
    row = ROW.split()
    deck: list[str] = []
    for round_number in range(13):
        for seat in (1, 2, 0):
            deck.append(hands[seat][round_number])
        deck.append(row[round_number])
    game = load_game("colour-blind", first_dealer=0, deals=1)
    state: State = game.new_initial_state(deck=deck)
    return state


def first_trick() -> State:
    """Bruno leads A♠, Claire and Anne follow with spades: the ace is high, so
    Bruno takes the row's first card."""
    state = deal()
    for card in ("AS", "QS", "KS"):
        state.apply_text(card)
    return state


def whole_deal() -> State:
    """The deal played to its end, each player playing his first allowed card."""
    state = deal()
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    return state


EXAMPLES = (
    Example("first-trick", seat=0, build=first_trick, told=3),
    Example("whole-deal", seat=0, build=whole_deal, told=3),
)
"""The examples the pages name."""
