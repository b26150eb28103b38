"""A Thracula move explained from a seat's View (hints, lessons, reviews): a
face-down card taken, then a card put into the emptied cell, and what it does
to the row and the column that cell lies in (each owned by one seat, Vampires
doubling)."""

from __future__ import annotations

from collections.abc import Sequence

from parlour.core.cards import parse_card
from parlour.core.explain import MoveExplanation
from parlour.core.game import View
from parlour.games._coffin.explain import (
    default_names,
    explain_placement,
    take_cell_explanation,
)
from parlour.games._coffin.rules import CELL_NAMES, Axis, VampireRule


def explain_move(
    view: View, action: int, lang: str = "en", names: Sequence[str] | None = None
) -> MoveExplanation:
    """``action`` (one of ``view``'s legal actions) in the game's terms: a take
    names the cell and its lines; a put says what the card does to the row and
    the column of the emptied cell, for their owners."""
    observation = view.observation
    move = view.action_to_string(action)
    words = move.split()
    if words[0] == "take":
        return take_cell_explanation(action, move, CELL_NAMES.index(words[1]), lang)
    card = parse_card(words[1])
    cell = CELL_NAMES.index(str(observation["taken_cell"]))
    owned: Sequence[int] = observation["owned_lines"]

    def owners(axis: Axis, index: int) -> tuple[int, ...]:
        return tuple(seat for seat, line in enumerate(owned) if line == index)

    # The cell just emptied shows as empty in the coffin: the card put fills it.
    return explain_placement(
        observation,
        view.seat,
        action,
        move,
        card,
        cell,
        lang,
        default_names(names, int(observation["players"]), lang),
        owners,
        VampireRule(str(observation["two_vampires"])),
    )
