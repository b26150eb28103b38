"""Events that several games share: the first dealer drawn, a deal begun, a card
dealt to a hand, and the end of a game.

Each game emits its own events too (see the game modules); these are the ideas
every game has, said once. Field names are full words; seats are numbers from 0,
cards are card ids (``parlour.core.cards``). A field holding cards is named
``card`` or ends in ``card`` / ``cards``, so a tool (or a test) can find every
card an event shows.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from parlour.core.events import Event


@dataclass(frozen=True)
class FirstDealerChosen(Event):
    """The first dealer, drawn at random (or decided by a cut)."""

    kind: ClassVar[str] = "first_dealer"
    seat: int


@dataclass(frozen=True)
class DealStarted(Event):
    """A deal begins (emitted with its first dealt card, so that it carries the
    stakes or the shuffle of that deal in the same step)."""

    kind: ClassVar[str] = "deal_started"
    game: int
    """The game of a session (1 when a match is one game)."""
    deal: int
    dealer: int


@dataclass(frozen=True)
class CardDealt(Event):
    """A card dealt face down to a hand: only the receiving seat sees which."""

    kind: ClassVar[str] = "card_dealt"
    quiet: ClassVar[bool] = True
    shows_card: ClassVar[bool] = True
    secret_fields: ClassVar[tuple[str, ...]] = ("card",)
    seat: int
    card: int | None

    def audience(self) -> tuple[int, ...]:
        """Only the seat that receives the card."""
        return (self.seat,)


@dataclass(frozen=True)
class GameEnded(Event):
    """A game is over: each seat's final score. ``final`` is False for a game of a
    session that goes on with another game."""

    kind: ClassVar[str] = "game_ended"
    game: int
    scores: tuple[int, ...]
    final: bool = True
    reason: str = ""
    """Why it ended, when the rules have several ways (Nain Jaune: ``chips`` or
    ``max_deals``); empty otherwise."""


__all__ = ["CardDealt", "DealStarted", "FirstDealerChosen", "GameEnded"]
