"""The events of the partnership game: frozen records its rules emit as they apply actions.

They live in a module of their own, kept interpreted when the engine is compiled
with mypyc, because a compiled module turns class-level names into dataclass
fields. The rules module imports them and emits them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from parlour.core.events import Event


@dataclass(frozen=True)
class VampireGiven(Event):
    """After the deal a Vampire goes face up to a hand (the dealer's left-hand
    opponent and the dealer's partner): everyone knows who holds which."""

    kind: ClassVar[str] = "vampire_given"
    seat: int
    card: int
