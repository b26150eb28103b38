"""A set-like, immutable view of a bit mask of cards.

Game states keep card sets as plain ints (cheap to copy and compare);
:class:`CardSet` wraps one for code that wants set operations and text.

>>> from parlour.core.cards import parse_card
>>> hand = CardSet.parse("AS 10H QD")
>>> parse_card("QD") in hand, len(hand), str(hand)
(True, 3, 'AS 10H QD')
>>> CardSet.parse("AS 10H QD")
CardSet.parse('AS 10H QD')
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from parlour.core.cards import format_card, iter_bits, mask_of, parse_cards
from parlour.core.errors import ParseError, shown


class CardSet:
    """An immutable set of cards over an int bit mask (bit ``i`` = card id ``i``)."""

    __slots__ = ("mask",)

    mask: int

    def __init__(self, mask: object = 0) -> None:
        if type(mask) is not int or mask < 0:
            raise ParseError(f"a card mask is a whole number of 0 or more, not {shown(mask)}")
        object.__setattr__(self, "mask", mask)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("CardSet is immutable")

    @classmethod
    def parse(cls, text: object) -> CardSet:
        """A set from card texts (``"AS 10H"``) or ids."""
        return cls(mask_of(parse_cards(text)))

    @classmethod
    def of(cls, cards: Iterable[int]) -> CardSet:
        """A set from card ids."""
        return cls(mask_of(cards))

    def __contains__(self, card: object) -> bool:
        return isinstance(card, int) and card >= 0 and bool(self.mask >> card & 1)

    def __iter__(self) -> Iterator[int]:
        return iter(iter_bits(self.mask))

    def __len__(self) -> int:
        return self.mask.bit_count()

    def __bool__(self) -> bool:
        return self.mask != 0

    def __eq__(self, other: object) -> bool:
        return isinstance(other, CardSet) and other.mask == self.mask

    def __hash__(self) -> int:
        return hash(self.mask)

    def __or__(self, other: CardSet) -> CardSet:
        return CardSet(self.mask | other.mask)

    def __and__(self, other: CardSet) -> CardSet:
        return CardSet(self.mask & other.mask)

    def __sub__(self, other: CardSet) -> CardSet:
        return CardSet(self.mask & ~other.mask)

    def __xor__(self, other: CardSet) -> CardSet:
        return CardSet(self.mask ^ other.mask)

    def __str__(self) -> str:
        return " ".join(format_card(card) for card in self)

    def __repr__(self) -> str:
        return f"CardSet.parse({str(self)!r})"
