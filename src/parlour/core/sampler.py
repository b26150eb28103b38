"""Seeded randomness for chance nodes, with an optional forced deck.

parlour never uses a global random generator. A state created with
``seed=`` or ``deck=`` carries a :class:`Sampler` that resolves its chance
nodes; a state created with neither exposes them to the caller (OpenSpiel
style). The generator is splitmix64 over a 64-bit state, so a state's clone
copies it for free and a saved record can store it exactly.
"""

from __future__ import annotations

import types
from collections.abc import Sequence
from typing import Final, TypeVar

ItemT = TypeVar("ItemT")

_MASK64: Final = (1 << 64) - 1
_MASK32: Final = 0xFFFFFFFF


def _low_product(first: int, second: int) -> int:
    """``first × second mod 2**32`` for 32-bit values, with no intermediate above
    2**48 (so that compiled code stays in machine integers)."""
    return ((first & 0xFFFF) * second + ((((first >> 16) * second) & 0xFFFF) << 16)) & _MASK32


def _times(high: int, low: int, factor_high: int, factor_low: int) -> tuple[int, int]:
    """``(high, low) × (factor_high, factor_low) mod 2**64``, each 64-bit number
    as two 32-bit halves."""
    part_0 = (low & 0xFFFF) * factor_low
    part_1 = (low >> 16) * factor_low
    bottom = part_0 + ((part_1 & 0xFFFF) << 16)
    carry = (bottom >> 32) + (part_1 >> 16)
    top = carry + _low_product(high, factor_low) + _low_product(low, factor_high)
    return top & _MASK32, bottom & _MASK32


_HALVES: Final = not isinstance(_low_product, types.FunctionType)
"""True when this module runs compiled (its functions are not Python functions):
then :class:`Rng` computes on 32-bit halves, which compiled code keeps in machine
integers, while interpreted Python is fastest with one big int. Both give the
same numbers (a test runs both)."""


class Rng:
    """A small seeded generator (splitmix64) whose whole state is one int.

    >>> Rng(7).below(10) == Rng(7).below(10)
    True
    >>> Rng(7).next64()
    10505089685518035142
    """

    __slots__ = ("state",)

    def __init__(self, seed: int = 0) -> None:
        self.state = (seed * 0x9E3779B97F4A7C15 + 0x632BE59BD9B4E019) & _MASK64

    def _next_wide(self) -> int:
        """Advance and return the next 64-bit value, computed on one big int."""
        self.state = z = (self.state + 0x9E3779B97F4A7C15) & _MASK64
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
        return z ^ (z >> 31)

    def _next_halves(self) -> tuple[int, int]:
        """Advance and return the next 64-bit value as (high, low) 32-bit halves,
        computed without a big int but to split and rejoin the state."""
        state = self.state
        low = (state & _MASK32) + 0x7F4A7C15
        high = ((state >> 32) + 0x9E3779B9 + (low >> 32)) & _MASK32
        low &= _MASK32
        self.state = (high << 32) | low
        low ^= ((high << 2) & _MASK32) | (low >> 30)  # z ^= z >> 30
        high ^= high >> 30
        high, low = _times(high, low, 0xBF58476D, 0x1CE4E5B9)
        low ^= ((high << 5) & _MASK32) | (low >> 27)  # z ^= z >> 27
        high ^= high >> 27
        high, low = _times(high, low, 0x94D049BB, 0x133111EB)
        low ^= ((high << 1) & _MASK32) | (low >> 31)  # z ^= z >> 31
        high ^= high >> 31
        return high, low

    def next64(self) -> int:
        """The next 64-bit value."""
        if _HALVES:
            high, low = self._next_halves()
            return (high << 32) | low
        return self._next_wide()

    def below(self, n: int) -> int:
        """A uniform int in ``range(n)`` (``n`` ≥ 1): ``next64() × n >> 64``."""
        if _HALVES and n < 1 << 30:
            high, low = self._next_halves()
            return (high * n + ((low * n) >> 32)) >> 32
        return (self._next_wide() * n) >> 64

    def random(self) -> float:
        """A uniform float in [0, 1)."""
        if _HALVES:
            high, low = self._next_halves()
            return ((high << 21) | (low >> 11)) / 9007199254740992.0
        return (self._next_wide() >> 11) / 9007199254740992.0

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
