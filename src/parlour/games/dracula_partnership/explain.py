"""A move explained from a seat's View (hints, lessons, reviews): the coffin's
shared explanation, one side scoring the rows and the other the columns."""

from __future__ import annotations

from collections.abc import Sequence

from parlour.core.explain import MoveExplanation
from parlour.core.game import View
from parlour.games._coffin.explain import explain_two_sided


def explain_move(
    view: View, action: int, lang: str = "en", names: Sequence[str] | None = None
) -> MoveExplanation:
    """``action`` (one of ``view``'s legal actions) in the game's terms: what the
    card does to the row and the column it joins, for each side."""
    return explain_two_sided(view, action, lang, names)
