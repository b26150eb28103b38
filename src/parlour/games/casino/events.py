"""The events of Casino: frozen records its rules emit as they apply actions.

They live in a module of their own, kept interpreted when the engine is compiled
with mypyc, because a compiled module turns class-level names into dataclass
fields. The rules module imports them and emits them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Final

from parlour.core.events import Event

TABLE: Final = -1
"""The seat of a card dealt face up to the table."""


@dataclass(frozen=True)
class FirstDealerDrawn(Event):
    """The first dealer, drawn at random."""

    kind: ClassVar[str] = "first_dealer"
    seat: int


@dataclass(frozen=True)
class CardDealt(Event):
    """A card dealt to a hand (only its receiver sees which) or face up to the
    table (``seat`` is :data:`TABLE`, and every seat sees it)."""

    kind: ClassVar[str] = "card_dealt"
    quiet: ClassVar[bool] = True
    shows_card: ClassVar[bool] = True
    secret_fields: ClassVar[tuple[str, ...]] = ("card",)
    seat: int
    card: int | None

    def audience(self) -> tuple[int, ...] | None:
        """The receiving seat; everyone for a table card."""
        return None if self.seat == TABLE else (self.seat,)


@dataclass(frozen=True)
class Trailed(Event):
    """A card put face up on the table as a loose card."""

    kind: ClassVar[str] = "trail"
    plays_card: ClassVar[bool] = True
    seat: int
    card: int


@dataclass(frozen=True)
class Captured(Event):
    """A capture: the card played takes ``cards`` (the cards of the builds taken,
    whose values are ``builds``, included)."""

    kind: ClassVar[str] = "capture"
    plays_card: ClassVar[bool] = True
    seat: int
    card: int
    cards: tuple[int, ...]
    builds: tuple[int, ...]
    sweep: bool
    """The capture cleared the table and scores a sweep (option ``sweeps``)."""


@dataclass(frozen=True)
class BuildMade(Event):
    """A new single build: the played card with loose cards making ``value``."""

    kind: ClassVar[str] = "build_made"
    plays_card: ClassVar[bool] = True
    seat: int
    card: int
    value: int
    cards: tuple[int, ...]
    """Every card of the build, the played card included."""


@dataclass(frozen=True)
class BuildRaised(Event):
    """A single build raised by the played card (and loose cards with
    ``raise_with_table_cards``) from ``previous_value`` to ``value``; the player
    now owns it."""

    kind: ClassVar[str] = "build_raised"
    plays_card: ClassVar[bool] = True
    seat: int
    card: int
    previous_value: int
    value: int
    added_cards: tuple[int, ...]
    """The loose table cards added besides the played card."""
    cards: tuple[int, ...]


@dataclass(frozen=True)
class BuildCalled(Event):
    """A multiple build ("calling"): made, or added to, at ``value``; the player
    now owns it."""

    kind: ClassVar[str] = "build_called"
    plays_card: ClassVar[bool] = True
    seat: int
    card: int
    value: int
    added_cards: tuple[int, ...]
    """The loose table cards put into it."""
    cards: tuple[int, ...]
    merged: bool
    """An existing build of ``value`` was part of it."""


@dataclass(frozen=True)
class LastCardsTaken(Event):
    """At the end of a round the last capturer takes the cards left on the table."""

    kind: ClassVar[str] = "last_cards"
    seat: int
    cards: tuple[int, ...]


@dataclass(frozen=True)
class RoundScored(Event):
    """A round scored: each side's points, and the items that earned them as
    ``(side, points, reason)`` with reason ``cards``, ``spades``, ``big casino``,
    ``little casino``, ``ace`` or ``sweep``, in counting order."""

    kind: ClassVar[str] = "round_scored"
    milestone: ClassVar[bool] = True
    ends_deal: ClassVar[bool] = True
    round: int
    sides: tuple[tuple[int, ...], ...]
    """The seats of each side."""
    points: tuple[int, ...]
    totals: tuple[int, ...]
    items: tuple[tuple[int, int, str], ...]
    counted_out: int
    """The side that counted out (``tiebreak=count_out``), or -1."""
    taken: tuple[tuple[int, int], ...] = ()
    """Per side: the cards and the spades it took this round (empty in records
    made before it was added)."""


@dataclass(frozen=True)
class GameOver(Event):
    """The game is over: the winning side (-1 when stopped by the round limit)."""

    kind: ClassVar[str] = "game_ended"
    winner_side: int
    sides: tuple[tuple[int, ...], ...]
    totals: tuple[int, ...]
    note: str
