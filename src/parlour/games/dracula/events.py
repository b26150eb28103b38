"""The events of Dracula: frozen records its rules emit as they apply actions.

They live in a module of their own, kept interpreted when the engine is compiled
with mypyc, because a compiled module turns class-level names into dataclass
fields. The rules module imports them and emits them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from parlour.core.events import Event


@dataclass(frozen=True)
class CardCut(Event):
    """A card of the cut for the first deal, face up (seat 0 cuts first)."""

    kind: ClassVar[str] = "card_cut"
    shows_card: ClassVar[bool] = True
    seat: int
    card: int


@dataclass(frozen=True)
class CardsToTake(Event):
    """Scoring with cards: the winner of the deal will take ``count`` coffin cards
    (one per full 10 points of his line); ``seat`` None: the lines tied, nobody takes."""

    kind: ClassVar[str] = "cards_to_take"
    seat: int | None
    count: int
    line: int


@dataclass(frozen=True)
class CardTaken(Event):
    """Scoring with cards: a coffin card won."""

    kind: ClassVar[str] = "card_taken"
    seat: int
    card: int


@dataclass(frozen=True)
class WasteTurned(Event):
    """Scoring with cards: the waste pile becomes the stock after the last deal."""

    kind: ClassVar[str] = "waste_turned"
    count: int
