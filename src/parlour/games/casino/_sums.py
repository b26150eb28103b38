"""Casino's sums: the values of cards, the sums that groups of table numerals
make, and the splitting of cards into groups of one value (free functions over
card masks, used by the rules, the notation and the bots)."""

from __future__ import annotations

from parlour.core.cards import iter_bits, rank_of

VALUE = tuple(rank_of(card) if rank_of(card) <= 10 else 0 for card in range(52))
"""Capturing/building value of each card: A=1 … 10=10; 0 for J, Q, K."""
VALUE_MASK = tuple(
    sum(1 << card for card in range(52) if VALUE[card] == value) if value else 0
    for value in range(11)
)
"""Bit mask of the cards of each value 1–10."""
RANK_MASK = tuple(
    sum(1 << card for card in range(52) if rank_of(card) == rank) if rank else 0
    for rank in range(14)
)
"""Bit mask of the cards of each rank 1–13."""
NUMERALS = sum(VALUE_MASK)
"""Bit mask of the cards A–10 (the ones that build and capture by sums)."""

# ----- splitting a written move into groups ----------------------------------

_GROUP_CACHE: dict[int, tuple[tuple[int, ...], ...]] = {}
SPLIT_LIMIT = 12
"""A whole move written without its groups is split into groups only when it
names at most this many loose cards (a split is a search)."""


def groups_by_sum(loose: int) -> tuple[tuple[int, ...], ...]:
    """For the loose numerals ``loose`` (a card mask): index ``s`` (0–10) holds the
    masks of every non-empty subset whose values add up to ``s``."""
    loose &= NUMERALS
    cached = _GROUP_CACHE.get(loose)
    if cached is not None:
        return cached
    cards = sorted(iter_bits(loose), key=VALUE.__getitem__)
    values = [VALUE[card] for card in cards]
    bits = [1 << card for card in cards]
    found: list[list[int]] = [[] for _ in range(11)]
    stack = [(0, 0, 0)]
    count = len(cards)
    while stack:
        start, mask, total = stack.pop()
        for index in range(start, count):
            new_total = total + values[index]
            if new_total > 10:
                break
            new_mask = mask | bits[index]
            found[new_total].append(new_mask)
            stack.append((index + 1, new_mask, new_total))
    result = tuple(tuple(sorted(masks)) for masks in found)
    if len(_GROUP_CACHE) > 5_000:
        _GROUP_CACHE.clear()
    _GROUP_CACHE[loose] = result
    return result


def split_groups(cards: int, value: int, first: int = -1) -> list[list[int]] | None:
    """One split of ``cards`` into groups adding up to ``value`` (or None).

    With ``first`` (a card id inside ``cards``), that card's group comes first;
    other groups follow by their lowest card. Cards within a group are in id order.
    """
    remaining = cards
    if first >= 0:
        rest = cards & ~(1 << first)
        need = value - VALUE[first]
        if need < 0 or need > 10:
            return None
        options = [0] if need == 0 else [g for g in groups_by_sum(rest)[need] if g & rest == g]
        for option_mask in options:
            tail = split_groups(rest & ~option_mask, value)
            if tail is not None:
                return [[first, *iter_bits(option_mask)], *tail]
        return None
    if not remaining:
        return []
    lowest = (remaining & -remaining).bit_length() - 1
    for group in groups_by_sum(remaining)[value] if value <= 10 else ():
        if group >> lowest & 1:
            tail = split_groups(remaining & ~group, value)
            if tail is not None:
                return [list(iter_bits(group)), *tail]
    return None


# ----- sums of table numerals ------------------------------------------------

SUM_BITS = (1 << 11) - 1
"""Bits 0–10: the sums a group of numerals can make (a group never exceeds 10)."""

_SUMS_CACHE: dict[tuple[int, ...], int] = {}
_CACHE_LIMIT = 50_000


def value_counts(cards: int) -> list[int]:
    """How many numerals of each value 0–10 ``cards`` holds (index 0 stays 0)."""
    return [0] + [(cards & VALUE_MASK[value]).bit_count() for value in range(1, 11)]


def sums_of_counts(counts: list[int]) -> int:
    """Bit mask of the sums 0–10 that sub-collections of numerals make, the
    numerals given as a count per value (bit ``s`` set: some collection adds to
    ``s``; bit 0 always, for the empty one)."""
    key = tuple(counts)
    cached = _SUMS_CACHE.get(key)
    if cached is not None:
        return cached
    reach = 1
    for value in range(1, 11):
        # More than 10 // value cards of one value never change a sum up to 10.
        for _ in range(min(counts[value], 10 // value)):
            grown = reach | (reach << value) & SUM_BITS
            if grown == reach:
                break
            reach = grown
    if len(_SUMS_CACHE) > _CACHE_LIMIT:
        _SUMS_CACHE.clear()
    _SUMS_CACHE[key] = reach
    return reach


def reachable_sums(cards: int) -> int:
    """Bit mask of the sums 0–10 that sub-collections of the numerals of ``cards`` make."""
    return sums_of_counts(value_counts(cards))


def group_cards(available: int, target: int, group_sum: int) -> list[int]:
    """The cards of ``available`` (loose numerals) that may join a group now adding
    to ``group_sum`` so that the rest of ``available`` can still complete it to
    exactly ``target``. Linear in the cards: completion depends only on values."""
    need = target - group_sum
    if need <= 0:
        return []
    counts = value_counts(available)
    completes = [False] * 11
    for value in range(1, min(need, 10) + 1):
        if counts[value]:
            counts[value] -= 1
            completes[value] = bool(sums_of_counts(counts) >> (need - value) & 1)
            counts[value] += 1
    mask = 0
    for value in range(1, min(need, 10) + 1):
        if completes[value]:
            mask |= available & VALUE_MASK[value]
    return list(iter_bits(mask))


def value_sum(cards: int) -> int:
    """The sum of the values of ``cards``."""
    return sum(VALUE[card] for card in iter_bits(cards))
