"""The events the Dracula family shares: frozen records its rules emit.

They live in a module of their own, kept interpreted when the engine is compiled
with mypyc, because a compiled module turns class-level names into dataclass
fields. The rules module imports them and emits them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Final

from parlour.core.events import Event

CENTRE: Final = 4
"""The centre cell, b2, where the first nail goes."""


@dataclass(frozen=True)
class DirectionChosen(Event):
    """The first dealer of a game chooses his direction (the other side scores the
    other one)."""

    kind: ClassVar[str] = "direction_chosen"
    seat: int
    direction: str
    """``rows`` (the Queen's way) or ``columns`` (the King's way)."""


@dataclass(frozen=True)
class CardPlayedToCell(Event):
    """A card laid face up in a coffin cell (a play, a first nail, a Thracula put)."""

    kind: ClassVar[str] = "card_played"
    plays_card: ClassVar[bool] = True
    seat: int
    card: int
    cell: int
    """0–8, row by row from a1 (``CELL_NAMES``)."""


@dataclass(frozen=True)
class FirstNail(Event):
    """The dealt card turned face up in the centre (two-player Dracula)."""

    kind: ClassVar[str] = "first_nail"
    plays_card: ClassVar[bool] = True
    shows_card: ClassVar[bool] = True
    card: int
    cell: int = CENTRE


@dataclass(frozen=True)
class CoffinScored(Event):
    """A full coffin and the scores it gives: every line's value, and the line
    each seat scores (the tie cascade's level for two sides; Thracula has no
    cascade: level 0, and each seat's own line number in ``owned_lines``)."""

    kind: ClassVar[str] = "coffin_scored"
    milestone: ClassVar[bool] = True
    ends_deal: ClassVar[bool] = True
    game: int
    deal: int
    number: int
    """The coffin's number in its deal (the partnership game builds six)."""
    cards: tuple[int, ...]
    """The nine cards, cell by cell."""
    rows: tuple[int, int, int]
    columns: tuple[int, int, int]
    scores: tuple[int, ...]
    """Per seat: the line it scores."""
    totals: tuple[int, ...]
    """Per seat: the game's points after this coffin (empty when the game keeps
    score in cards won: see the events that follow)."""
    level: int = 1
    owned_lines: tuple[int, ...] = ()
    directions: tuple[str, ...] = ()
    """Per seat: the direction it scores, ``rows`` or ``columns`` (two sides;
    empty in Thracula and in records made before it was added)."""
    vampires: str = "void"
    """What a Vampire does to its line (``VampireRule`` value): ``void`` in
    Dracula; Thracula's ``two_vampires`` option (``x4``, ``x2``, ``zero``)."""


@dataclass(frozen=True)
class EndBonus(Event):
    """The end-of-game bonus added to the seats of one side (or one seat)."""

    kind: ClassVar[str] = "end_bonus"
    seats: tuple[int, ...]
    bonus: int
