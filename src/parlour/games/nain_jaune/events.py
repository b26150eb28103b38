"""The events of Nain Jaune: frozen records its rules emit as they apply actions.

They live in a module of their own, kept interpreted when the engine is compiled
with mypyc, because a compiled module turns class-level names into dataclass
fields. The rules module imports them and emits them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from parlour.core.events import Event


@dataclass(frozen=True)
class StakesPaid(Event):
    """Every player puts his stakes in the five boxes before a deal."""

    kind: ClassVar[str] = "stakes_paid"
    paid: tuple[int, ...]
    """Per seat: the chips it put in (15 in all, 1 to 5 box by box)."""
    boxes: tuple[int, ...]
    """The boxes' contents afterwards, in board order (10♦ J♣ Q♠ K♥ 7♦)."""


@dataclass(frozen=True)
class CardPlayed(Event):
    """A card played to the pile. ``forced``: it was the only legal card, played
    by the engine; ``context``: what the player was asked for (``lead``, ``king``,
    ``block``, ``run`` or ``take``)."""

    kind: ClassVar[str] = "card_played"
    plays_card: ClassVar[bool] = True
    seat: int
    card: int
    forced: bool
    context: str


@dataclass(frozen=True)
class SansSaid(Event):
    """ "Sans <rank>": the player cannot (or, ``by_choice``, will not) go on."""

    kind: ClassVar[str] = "sans"
    seat: int
    rank: int
    by_choice: bool


@dataclass(frozen=True)
class RankPassed(Event):
    """Offered the rank after a "sans", the player has none."""

    kind: ClassVar[str] = "pass"
    seat: int
    rank: int


@dataclass(frozen=True)
class RunBlocked(Event):
    """Nobody holds the rank: the player who said "sans" starts anew."""

    kind: ClassVar[str] = "block"
    seat: int
    rank: int


@dataclass(frozen=True)
class KingPlayed(Event):
    """A King ends the run: its player starts anew."""

    kind: ClassVar[str] = "king"
    seat: int


@dataclass(frozen=True)
class BoxClaimed(Event):
    """A box won by playing its board card."""

    kind: ClassVar[str] = "box_claimed"
    seat: int
    box_card: int
    chips: int


@dataclass(frozen=True)
class BoxForgotten(Event):
    """``claim=manual``: a box not claimed; ``penalty`` chips paid into it."""

    kind: ClassVar[str] = "box_forgotten"
    seat: int
    box_card: int
    penalty: int


@dataclass(frozen=True)
class WentOut(Event):
    """The player has no cards left and wins the deal."""

    kind: ClassVar[str] = "went_out"
    seat: int


@dataclass(frozen=True)
class Paid(Event):
    """A loser pays the winner for the ``cards`` left in his hand (shown to all);
    ``owed`` is the full debt when he could pay only ``chips``."""

    kind: ClassVar[str] = "paid"
    shows_card: ClassVar[bool] = True
    """The loser's hand is shown to everyone."""
    seat: int
    to: int
    chips: int
    owed: int
    cards: tuple[int, ...]


@dataclass(frozen=True)
class BoxDoubled(Event):
    """A board card still held at the end doubles its box at its holder's cost."""

    kind: ClassVar[str] = "box_doubled"
    shows_card: ClassVar[bool] = True
    """The board card is shown from its holder's hand."""
    seat: int
    box_card: int
    chips: int
    owed: int


@dataclass(frozen=True)
class GrandOpera(Event):
    """The winner went out without anyone else playing: he sweeps every box."""

    kind: ClassVar[str] = "grand_opera"
    seat: int
    chips: int


@dataclass(frozen=True)
class DealEnded(Event):
    """The deal's result: each seat's change in chips (stakes included) and chips now."""

    kind: ClassVar[str] = "deal_ended"
    milestone: ClassVar[bool] = True
    ends_deal: ClassVar[bool] = True
    deal: int
    winner: int
    changes: tuple[int, ...]
    chips: tuple[int, ...]
    grand_opera: bool
