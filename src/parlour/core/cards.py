"""Cards as small ints, and their text.

A card is an int: ``suit * 13 + rank_index`` for the 52 French-suited cards
(suits in the order ♠ ♥ ♦ ♣, ranks A 2 … 10 J Q K), then 52 and 53 for the two
Vampires (Jokers) ``V1`` and ``V2``. Canonical text is ``AS 10H QD KC V1``;
:func:`parse_card` also accepts ``T`` for ten, lower case and the suit symbols
``♠♥♦♣`` (and their outlined forms ``♤♡♢♧``).

>>> parse_card("qh"), format_card(parse_card("T♦"))
(24, '10D')
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from parlour.core.errors import ParseError, shown

SUITS: Final = "SHDC"
"""Suit letters in card-id order: spades, hearts, diamonds, clubs."""
SUIT_NAMES: Final = ("spades", "hearts", "diamonds", "clubs")
"""Suit names in card-id order."""
RANKS: Final = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
"""Rank texts in card-id order (Ace low)."""

SPADES: Final = 0
HEARTS: Final = 1
DIAMONDS: Final = 2
CLUBS: Final = 3
ACE: Final = 1
JACK: Final = 11
QUEEN: Final = 12
KING: Final = 13
VAMPIRE_1: Final = 52
"""The first Vampire (Joker), text ``V1``."""
VAMPIRE_2: Final = 53
"""The second Vampire (Joker), text ``V2``."""

STANDARD_PACK: Final = (1 << 52) - 1
"""Bit mask of the 52 French-suited cards."""
VAMPIRES: Final = (1 << VAMPIRE_1) | (1 << VAMPIRE_2)
"""Bit mask of the two Vampires."""
FULL_PACK: Final = STANDARD_PACK | VAMPIRES
"""Bit mask of the 54-card pack (52 cards and two Vampires)."""

_SYMBOLS: Final = {"♠": "S", "♤": "S", "♥": "H", "♡": "H", "♦": "D", "♢": "D", "♣": "C", "♧": "C"}
_TEXT_TO_CARD: dict[str, int] = {}
for _suit, _letter in enumerate(SUITS):
    for _index, _rank in enumerate(RANKS):
        _TEXT_TO_CARD[_rank + _letter] = _suit * 13 + _index
_TEXT_TO_CARD["V1"] = VAMPIRE_1
_TEXT_TO_CARD["V2"] = VAMPIRE_2
_FRENCH_COURT: Final = {"V": "J", "D": "Q", "R": "K"}
"""Valet, Dame, Roi: French letters read as J, Q, K (parse only)."""
_CARD_TO_TEXT: Final = {card: text for text, card in _TEXT_TO_CARD.items()}


def make_card(rank: int, suit: int) -> int:
    """The card of ``rank`` (1 = Ace … 13 = King) and ``suit`` (0 = ♠ … 3 = ♣)."""
    return suit * 13 + rank - 1


def rank_of(card: int) -> int:
    """Rank of a card, 1 (Ace) to 13 (King); 0 for a Vampire."""
    return 0 if card >= VAMPIRE_1 else card % 13 + 1


def suit_of(card: int) -> int:
    """Suit of a card, 0 (♠) to 3 (♣); -1 for a Vampire."""
    return -1 if card >= VAMPIRE_1 else card // 13


def is_red(card: int) -> bool:
    """True for hearts and diamonds."""
    return 13 <= card < 39


def is_vampire(card: int) -> bool:
    """True for ``V1`` and ``V2``."""
    return card >= VAMPIRE_1


def format_card(card: object) -> str:
    """Canonical text of a card: ``AS``, ``10H``, ``QD``, ``V1``."""
    # A bool or a float equal to a card id would find its text in the table.
    if type(card) is int:
        text = _CARD_TO_TEXT.get(card)
        if text is not None:
            return text
    raise ParseError(f"no card has id {shown(card)}; card ids are whole numbers from 0 to 53")


def format_card_in(card: object, pack: int) -> str:
    """Canonical text of a card of ``pack`` (a bit mask): :class:`ParseError` for
    an id that is not a card of that pack, such as a Vampire in a 52-card game.

    >>> format_card_in(52, FULL_PACK)
    'V1'
    """
    if type(card) is int and 0 <= card < 54 and pack >> card & 1:
        return _CARD_TO_TEXT[card]
    raise ParseError(f"{shown(card)} is not the id of a card of this game's pack")


def parse_card(text: object) -> int:
    """Parse one card (``QH``, ``10h``, ``T♥``, ``q♡``, ``V1``) into its id.

    The French court letters work too: ``VS`` (valet) is ``JS``, ``DH`` (dame)
    ``QH``, ``RC`` (roi) ``KC``; ``V1`` and ``V2`` stay the Vampires.

    Raises :class:`ParseError` naming the text and the accepted forms.
    """
    if not isinstance(text, str):
        raise ParseError(f"a card must be text such as 'QH', not {shown(text)}")
    cleaned = text.strip().upper().replace("\ufe0f", "").replace("\ufe0e", "")
    for symbol, letter in _SYMBOLS.items():
        cleaned = cleaned.replace(symbol, letter)
    if len(cleaned) == 2 and cleaned[0] == "T":
        cleaned = "10" + cleaned[1]
    card = _TEXT_TO_CARD.get(cleaned)
    if card is None and len(cleaned) == 2 and cleaned[0] in _FRENCH_COURT:
        # French letters (Valet, Dame, Roi), in any language; V1 and V2 were
        # found above as the Vampires, so only a suit letter reaches here.
        card = _TEXT_TO_CARD.get(_FRENCH_COURT[cleaned[0]] + cleaned[1])
    if card is None:
        raise ParseError(
            f"{shown(text)} is not a card; write rank then suit, e.g. 'AS', '10H' (or 'TH'), "
            "'QD', 'KC' (suits S H D C or ♠ ♥ ♦ ♣; V D R also name J Q K), or 'V1'/'V2' "
            "for the Vampires"
        )
    return card


def parse_cards(text: object) -> list[int]:
    """Parse several cards: a space- or comma-separated string, or an iterable of
    card texts or ids. Raises :class:`ParseError` for anything else."""
    if isinstance(text, str):
        items: Iterable[object] = text.replace(",", " ").split()
    elif isinstance(text, Iterable) and not isinstance(text, (bytes, bytearray, dict)):
        items = text
    else:
        raise ParseError(
            f"cards must be text such as 'AS 10H QD' or a list of cards, not {shown(text)}"
        )
    cards: list[int] = []
    for item in items:
        if isinstance(item, str):
            cards.append(parse_card(item))
        elif isinstance(item, int) and not isinstance(item, bool):
            format_card(item)  # validates the id
            cards.append(item)
        else:
            raise ParseError(f"{shown(item)} is not a card")
    return cards


def iter_bits(mask: int) -> list[int]:
    """The indices of the set bits of ``mask``, lowest first, as a list (compiled,
    building a short list costs less than running a generator).

    A negative mask has infinitely many set bits: it raises :class:`ParseError`
    rather than loop for ever.
    """
    if mask < 0:
        raise ParseError(f"a card mask cannot be negative ({shown(mask)})")
    bits: list[int] = []
    while mask:
        low = mask & -mask
        bits.append(low.bit_length() - 1)
        mask ^= low
    return bits


def nth_bit(mask: int, n: int) -> int:
    """The index of the ``n``-th set bit of ``mask`` (0 = lowest)."""
    for _ in range(n):
        mask &= mask - 1
    return (mask & -mask).bit_length() - 1


def mask_of(cards: Iterable[int]) -> int:
    """The bit mask holding ``cards``."""
    mask = 0
    for card in cards:
        mask |= 1 << card
    return mask
