"""The events of Twelve: frozen records its rules emit as they apply actions.

They live in a module of their own (kept interpreted, like every game's events:
a compiled module would turn the class-level facts into dataclass fields). Each
class says its facts once: a card played, a milestone at which a table pauses,
the end of a deal.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from parlour.core.events import Event


@dataclass(frozen=True)
class CardPlayed(Event):
    """A seat plays a card from its hand to the trick (``led``: the trick's first)."""

    kind: ClassVar[str] = "twelve_card_played"
    plays_card: ClassVar[bool] = True
    seat: int
    card: int
    led: bool


@dataclass(frozen=True)
class TrickWon(Event):
    """The trick's highest card of the suit led wins it, and its points."""

    kind: ClassVar[str] = "twelve_trick_won"
    milestone: ClassVar[bool] = True
    seat: int
    trick: int
    """1–4."""
    cards: tuple[int, ...]
    """The trick's cards, leader's first."""
    points: int
    """1, or 2 for the last trick."""


@dataclass(frozen=True)
class DealScored(Event):
    """The deal's points and the running totals."""

    kind: ClassVar[str] = "twelve_deal_scored"
    milestone: ClassVar[bool] = True
    ends_deal: ClassVar[bool] = True
    deal: int
    points: tuple[int, ...]
    totals: tuple[int, ...]


__all__ = ["CardPlayed", "DealScored", "TrickWon"]
