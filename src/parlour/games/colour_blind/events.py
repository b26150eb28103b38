"""The events of Colour-blind: frozen records its rules emit as they apply actions.

They live in a module of their own, kept interpreted when the engine is compiled
with mypyc, because a compiled module turns class-level names into dataclass
fields. The rules module imports them and emits them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from parlour.core.events import Event


@dataclass(frozen=True)
class RowCardDealt(Event):
    """A card dealt face up to the row (the dummy's hand, won trick by trick)."""

    kind: ClassVar[str] = "row_card"
    shows_card: ClassVar[bool] = True
    position: int
    """0–12: the trick that wins it."""
    card: int


@dataclass(frozen=True)
class DummyCardDealt(Event):
    """Two players: the dummy's 14th card, dealt face down (nobody sees it)."""

    kind: ClassVar[str] = "dummy_card"
    shows_card: ClassVar[bool] = True
    """Dealt face down: it shows no card (:meth:`audience` is empty)."""
    secret_fields: ClassVar[tuple[str, ...]] = ("card",)
    card: int | None

    def audience(self) -> tuple[int, ...]:
        """Nobody: the card is face down until the last trick (if it is used)."""
        return ()


@dataclass(frozen=True)
class GoodColourKnown(Event):
    """The row is complete: the colour of its majority is the good colour."""

    kind: ClassVar[str] = "good_colour"
    colour: str
    """``red`` or ``black``."""


@dataclass(frozen=True)
class CardLed(Event):
    """The first card of a trick."""

    kind: ClassVar[str] = "card_led"
    plays_card: ClassVar[bool] = True
    seat: int
    card: int


@dataclass(frozen=True)
class CardFollowed(Event):
    """A later card of a trick."""

    kind: ClassVar[str] = "card_followed"
    plays_card: ClassVar[bool] = True
    seat: int
    card: int


@dataclass(frozen=True)
class TrickWon(Event):
    """A trick won: its cards in play order, and the row card it wins (worth its
    face value, plus if of the good colour, minus otherwise)."""

    kind: ClassVar[str] = "trick_won"
    milestone: ClassVar[bool] = True
    seat: int
    trick: int
    """1–13."""
    cards: tuple[int, ...]
    row_card: int
    good: bool
    points: int
    good_points: tuple[int, ...] = ()
    """Per seat, after this trick: the face values of the good-colour row cards
    won this deal (empty in records made before it was added)."""
    bad_points: tuple[int, ...] = ()
    """Per seat, after this trick: the face values of the bad-colour row cards won."""


@dataclass(frozen=True)
class LastCardWon(Event):
    """Two players with ``last_card=last_trick``: the dummy's 14th card, turned
    up, goes to the winner of the last trick."""

    kind: ClassVar[str] = "last_card_won"
    shows_card: ClassVar[bool] = True
    """The dummy's face-down 14th card, turned up by the last trick."""
    seat: int
    card: int
    good: bool
    points: int


@dataclass(frozen=True)
class DealScored(Event):
    """A deal scored: each seat's good-minus-bad ``points``, the ``scores`` (a
    negative deal counts 0), and the running ``totals``."""

    kind: ClassVar[str] = "deal_scored"
    milestone: ClassVar[bool] = True
    ends_deal: ClassVar[bool] = True
    deal: int
    points: tuple[int, ...]
    scores: tuple[int, ...]
    totals: tuple[int, ...]
