"""The errors parlour raises.

Every error is a :class:`ParlourError`. The ones caused by bad input (an unknown
option, text that does not parse, an illegal move, a corrupt record) are also
:class:`ValueError`, so callers that only know the standard library can catch
them. A message always carries its evidence: what was given, for which seat,
and what would have been allowed.
"""

from __future__ import annotations

import reprlib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from itertools import islice

RefusalSentences = Mapping[str, tuple[str, str]]
"""A table of refusal sentences, declared once as data: a key to its (English,
French) templates, with ``{named}`` values."""


@dataclass(frozen=True)
class Refusal:
    """Why a move is refused, structured: a key, its sentences and its values,
    rendered in the language asked (the English is canonical).

    >>> reason = refusal(COMMON_REFUSALS, "game_over")
    >>> reason.text("en"), reason.text("fr")
    ('the game is over', 'la partie est finie')
    """

    key: str
    """What kind of refusal it is (``not_in_hand``, ``must_follow``, …)."""
    english: str
    """The English template."""
    french: str
    """The French template."""
    values: tuple[tuple[str, str], ...] = ()
    """The named values the templates take (a card's text, a cell, a count)."""

    def text(self, lang: str = "en") -> str:
        """The sentence in ``lang`` (``en`` or ``fr``; any other: English)."""
        template = self.french if lang == "fr" else self.english
        return template.format(**dict(self.values))

    def __str__(self) -> str:
        return self.text("en")


def refusal(sentences: RefusalSentences, key: str, **values: object) -> Refusal:
    """The refusal ``key`` of ``sentences`` with its ``values``.

    >>> refusal({"full": ("{cell} is full", "{cell} est pleine")}, "full", cell="b2").text("fr")
    'b2 est pleine'
    """
    english, french = sentences[key]
    return Refusal(
        key, english, french, tuple((name, str(value)) for name, value in values.items())
    )


COMMON_REFUSALS: RefusalSentences = {
    "game_over": ("the game is over", "la partie est finie"),
    "no_turn": ("it is not a player's turn", "ce n'est le tour d'aucun joueur"),
    "not_legal_now": (
        "it is not one of the legal actions now",
        "ce coup n'est pas permis maintenant",
    ),
    "not_an_action": ("it is not an action of this game", "ce n'est pas un coup de ce jeu"),
    "not_a_number": (
        "an action is a whole number, not {value}",
        "un coup est un nombre entier, pas {value}",
    ),
}
"""The refusals every game shares."""


class ParlourError(Exception):
    """The root of every error raised by parlour."""


class InvalidOptionError(ParlourError, ValueError):
    """An option that a game does not have, or a value it does not allow."""


class ParseError(ParlourError, ValueError):
    """Text (a card, a move, an option value) that does not parse."""


class IllegalActionError(ParlourError, ValueError):
    """An action that is not legal in the current state; the state is unchanged.

    ``refusal`` is the rule's reason, structured (None when the error names no
    rule): an interface renders it in its language with ``refusal.text(lang)``.
    """

    def __init__(self, message: str, refusal: Refusal | None = None) -> None:
        super().__init__(message)
        self.refusal = refusal


class RecordError(ParlourError, ValueError):
    """A match record or serialized state that cannot be loaded."""


def allowed_list(choices: Iterable[str], limit: int = 20, total: int | None = None) -> str:
    """Join ``choices`` for an error message, showing at most ``limit`` of them.

    Only the first ``limit`` choices are read when ``total`` (how many there are
    in all) is given, so a caller with a long list pays for the few it shows.

    >>> allowed_list(["a", "b"])
    'a, b'
    >>> allowed_list(["a", "b", "c"], limit=2)
    'a, b and 1 more'
    """
    iterator = iter(choices)
    shown_items = list(islice(iterator, limit))
    if total is None:
        total = len(shown_items) + sum(1 for _ in iterator)
    if not shown_items:
        return "(none)"
    text = ", ".join(shown_items)
    if total > len(shown_items):
        text += f" and {total - len(shown_items)} more"
    return text


_SHORT_REPR = reprlib.Repr()
_SHORT_REPR.maxstring = 60
_SHORT_REPR.maxother = 60
_SHORT_REPR.maxlevel = 3
_SHORT_REPR.maxlist = _SHORT_REPR.maxtuple = _SHORT_REPR.maxdict = 8
_SHORT_REPR.maxlong = 40


def shown(value: object) -> str:
    """A short ``repr`` of any input for an error message.

    Bad input may be huge (a text of megabytes, a list nested thousands deep, a
    number whose ``repr`` Python refuses to build past 4,300 digits): the message
    must stay short and building it must never fail.

    >>> shown("QH")
    "'QH'"
    >>> shown(10**5000)
    'a whole number of 5001 digits'
    """
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 128:
        digits = len(str(abs(value))) if value.bit_length() < 14_000 else _digits(value)
        sign = "a negative" if value < 0 else "a"
        return f"{sign} whole number of {digits} digits"
    try:
        return _SHORT_REPR.repr(value)
    except Exception:  # a foreign object whose repr fails must not hide the real error
        return f"a {type(value).__name__} object"


def _digits(value: int) -> int:
    """The number of decimal digits of ``abs(value)`` without ``str`` (which Python
    refuses past 4,300 digits)."""
    magnitude = abs(value)
    digits = int(magnitude.bit_length() * 0.30102999566398120) + 1
    if 10 ** (digits - 1) > magnitude:
        digits -= 1
    return digits
