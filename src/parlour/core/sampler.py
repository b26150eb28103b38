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


def _low_product(value: int, factor_high: int, factor_low: int) -> int:
    """``value × factor mod 2**32`` for a 32-bit value and a 32-bit factor given
    as 16-bit halves. Compiled code multiplies machine integers only when both
    operands are below 2**30, hence 16-bit pieces."""
    value_high = value >> 16
    value_low = value & 0xFFFF
    middle = value_low * factor_high + value_high * factor_low
    return (value_low * factor_low + ((middle & 0xFFFF) << 16)) & _MASK32


def _times(high: int, low: int, factor: tuple[int, int, int, int]) -> tuple[int, int]:
    """``(high, low) × factor mod 2**64``, the 64-bit number as two 32-bit halves
    and the factor as four 16-bit pieces, most significant first."""
    low_high = low >> 16
    low_low = low & 0xFFFF
    middle = low_low * factor[2] + low_high * factor[3]
    bottom = low_low * factor[3] + ((middle & 0xFFFF) << 16)
    top = (
        low_high * factor[2]
        + (middle >> 16)
        + (bottom >> 32)
        + _low_product(high, factor[2], factor[3])
        + _low_product(low, factor[0], factor[1])
    )
    return top & _MASK32, bottom & _MASK32


_MIX_1: Final = (0xBF58, 0x476D, 0x1CE4, 0xE5B9)
"""splitmix64's first multiplier, 0xBF58476D1CE4E5B9, in 16-bit pieces."""
_MIX_2: Final = (0x94D0, 0x49BB, 0x1331, 0x11EB)
"""splitmix64's second multiplier, 0x94D049BB133111EB, in 16-bit pieces."""


_HALVES: Final = not isinstance(_low_product, types.FunctionType)
"""True when this module runs compiled (its functions are not Python functions):
then :class:`Rng` computes on 32-bit halves, which compiled code keeps in machine
integers, while interpreted Python is fastest with one big int. Both give the
same numbers (a test runs both)."""


class Rng:
    """A small seeded generator (splitmix64) whose whole state is one 64-bit int,
    kept as two 32-bit halves (:attr:`state` joins them).

    >>> Rng(7).below(10) == Rng(7).below(10)
    True
    >>> Rng(7).next64()
    10505089685518035142
    """

    __slots__ = ("high", "low")

    def __init__(self, seed: int = 0) -> None:
        self.high = 0
        self.low = 0
        self.state = (seed * 0x9E3779B97F4A7C15 + 0x632BE59BD9B4E019) & _MASK64

    @property
    def state(self) -> int:
        """The whole 64-bit state (what a record stores)."""
        return (self.high << 32) | self.low

    @state.setter
    def state(self, value: int) -> None:
        self.high = (value >> 32) & _MASK32
        self.low = value & _MASK32

    def _next_wide(self) -> int:
        """Advance and return the next 64-bit value, computed on one big int."""
        z = ((self.high << 32 | self.low) + 0x9E3779B97F4A7C15) & _MASK64
        self.high = z >> 32
        self.low = z & _MASK32
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
        return z ^ (z >> 31)

    def _next_halves(self) -> tuple[int, int]:
        """Advance and return the next 64-bit value as (high, low) 32-bit halves,
        computed without a big int (compiled code keeps every value here in a
        machine integer)."""
        low = self.low + 0x7F4A7C15
        high = (self.high + 0x9E3779B9 + (low >> 32)) & _MASK32
        low &= _MASK32
        self.high = high
        self.low = low
        low ^= ((high << 2) & _MASK32) | (low >> 30)  # z ^= z >> 30
        high ^= high >> 30
        high, low = _times(high, low, _MIX_1)
        low ^= ((high << 5) & _MASK32) | (low >> 27)  # z ^= z >> 27
        high ^= high >> 27
        high, low = _times(high, low, _MIX_2)
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
        if _HALVES and n < 1 << 16:
            high, low = self._next_halves()
            high_n = (((high >> 16) * n) << 16) + (high & 0xFFFF) * n
            low_n = (((low >> 16) * n) << 16) + (low & 0xFFFF) * n
            return (high_n + (low_n >> 32)) >> 32
        return (self._next_wide() * n) >> 64

    def random(self) -> float:
        """A uniform float in [0, 1)."""
        if _HALVES:
            high, low = self._next_halves()
            return ((high << 21) | (low >> 11)) / 9007199254740992.0
        return (self._next_wide() >> 11) / 9007199254740992.0

    def weighted(self, outcomes: Sequence[tuple[int, float]]) -> int:
        """An outcome of non-empty ``(outcome, probability)`` pairs, drawn by the
        probabilities (the last one if rounding leaves the draw past them all)."""
        point = self.random()
        for outcome, probability in outcomes:
            point -= probability
            if point < 0:
                return outcome
        return outcomes[-1][0]

    def choice(self, items: Sequence[ItemT]) -> ItemT:
        """A uniform element of a non-empty sequence (of anything: compiled code
        would refuse, say, numpy integers in a sequence declared of ints)."""
        return items[self.below(len(items))]

    def copy(self) -> Rng:
        """An independent generator in the same state."""
        twin = Rng()
        twin.high = self.high
        twin.low = self.low
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
