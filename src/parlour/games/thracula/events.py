"""The events of Thracula: frozen records its rules emit as they apply actions.

They live in a module of their own, kept interpreted when the engine is compiled
with mypyc, because a compiled module turns class-level names into dataclass
fields. The rules module imports them and emits them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from parlour.core.events import Event


@dataclass(frozen=True)
class CardLaidFaceDown(Event):
    """A card dealt face down to a coffin cell: nobody sees it."""

    kind: ClassVar[str] = "card_laid_face_down"
    quiet: ClassVar[bool] = True
    shows_card: ClassVar[bool] = True
    """Out of the stock, to nobody: it shows no card (:meth:`audience` is empty)."""
    secret_fields: ClassVar[tuple[str, ...]] = ("card",)
    cell: int
    card: int | None

    def audience(self) -> tuple[int, ...]:
        """Nobody: the card is face down."""
        return ()


@dataclass(frozen=True)
class CardTakenFromCell(Event):
    """A player takes a face-down card into his hand: only he sees it (until he
    puts it face up)."""

    kind: ClassVar[str] = "card_taken_from_cell"
    shows_card: ClassVar[bool] = True
    """The taker sees a card nobody had seen: a move that takes one cannot be taken
    back at a table of several people."""
    secret_fields: ClassVar[tuple[str, ...]] = ("card",)
    seat: int
    cell: int
    card: int | None

    def audience(self) -> tuple[int, ...]:
        """Only the taker."""
        return (self.seat,)


@dataclass(frozen=True)
class DiscardsShuffled(Event):
    """The stock is used up: the cleared coffins' cards are shuffled to lay the
    last coffin."""

    kind: ClassVar[str] = "discards_shuffled"
    count: int
