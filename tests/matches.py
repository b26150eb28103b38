"""Matches played to their end for the terminal's tests."""

from __future__ import annotations

from parlour.tui.session import Match


def played_out(match: Match) -> Match:
    """``match`` played to its end: the bots move, and each person plays the
    first legal move whenever it is theirs."""
    while not match.is_over():
        seat = match.human_to_act()
        if seat is None:
            match.play_bot()
        else:
            match.submit(seat, match.table.legal_moves(seat)[0][0])
    return match
