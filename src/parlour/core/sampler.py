"""Seeded randomness for chance nodes, with an optional forced deck.

parlour never uses a global random generator. A state created with
``seed=`` or ``deck=`` carries a :class:`Sampler` that resolves its chance
nodes; a state created with neither exposes them to the caller (OpenSpiel
style). The generator is splitmix64 over one Python int, so a state's clone
copies it for free and a saved record can store it exactly.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, TypeVar

ItemT = TypeVar("ItemT")

_MASK64: Final = (1 << 64) - 1


class Rng:
    """A small seeded generator (splitmix64) whose whole state is one int.

    >>> Rng(7).below(10) == Rng(7).below(10)
    True
    """

    __slots__ = ("state",)

    def __init__(self, seed: int = 0) -> None:
        self.state = (seed * 0x9E3779B97F4A7C15 + 0x632BE59BD9B4E019) & _MASK64

    def next64(self) -> int:
        """The next 64-bit value."""
        self.state = z = (self.state + 0x9E3779B97F4A7C15) & _MASK64
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform int in ``range(n)`` (``n`` ≥ 1)."""
        return (self.next64() * n) >> 64

    def random(self) -> float:
        """A uniform float in [0, 1)."""
        return (self.next64() >> 11) / 9007199254740992.0

    def choice(self, items: Sequence[ItemT]) -> ItemT:
        """A uniform element of a non-empty sequence (of anything: compiled code
        would refuse, say, numpy integers in a sequence declared of ints)."""
        return items[self.below(len(items))]

    def copy(self) -> Rng:
        """An independent generator in the same state."""
        twin = Rng()
        twin.state = self.state
        return twin


class Sampler:
    """Resolves chance nodes: forced cards first, then the seeded generator.

    ``forced`` holds one tuple of card ids per *pack section* (a shuffle of the
    pack: the one pack of a Dracula game, or one deal of Casino); the game says
    which section and which position it is dealing from.
    """

    __slots__ = ("forced", "rng", "seed")

    def __init__(self, seed: int, forced: tuple[tuple[int, ...], ...] = ()) -> None:
        self.seed = seed
        self.rng = Rng(seed)
        self.forced = forced

    def forced_card(self, section: int, index: int) -> int | None:
        """The forced card at ``index`` of pack ``section``, or None if not forced."""
        if section < len(self.forced):
            cards = self.forced[section]
            if index < len(cards):
                return cards[index]
        return None

    def copy(self) -> Sampler:
        """An independent sampler in the same state (the forced deck is shared, immutable)."""
        twin = Sampler(self.seed, self.forced)
        twin.rng = self.rng.copy()
        return twin
