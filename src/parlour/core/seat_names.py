"""The names of seats nobody named, in English and French.

A seat a person did not name is called ``You`` (the lone person at a terminal),
``Player 3`` or ``Bot 2``; every reader sees such a name in their own language
(``Vous``, ``Joueur 3``, ``Robot 2``), wherever the table was made. A name a
person chose stays as it is. The table, the terminal and the web all read
these facts from here (the core: no layer below it has to know them).
"""

from __future__ import annotations

import re
from functools import lru_cache

SECOND_PERSON = ("You", "Vous")
"""Default names of a lone human seat; sentences about them use the second person."""

DEFAULT_HUMAN = {"en": "You", "fr": "Vous"}
"""The default name of a lone human seat, per language."""

SEAT_WORDS = {"bot": {"en": "Bot", "fr": "Robot"}, "person": {"en": "Player", "fr": "Joueur"}}
"""The words of a seat's default name (``Bot 2``, ``Joueur 3``), per kind and language."""

_DEFAULT_SEAT_NAME = re.compile(
    r"^(" + "|".join(word for kind in SEAT_WORDS.values() for word in kind.values()) + r") (\d+)$"
)


def default_seat_name(kind: str, seat: int, lang: str) -> str:
    """The name of a seat nobody named: ``Bot 2``, ``Robot 2``, ``Joueur 3``."""
    words = SEAT_WORDS["bot" if kind.startswith("bot") else "person"]
    return f"{words.get(lang, words['en'])} {seat + 1}"


@lru_cache(maxsize=4096)  # said again for every message of every connection
def seat_name_in(name: str, seat: int, lang: str) -> str:
    """A seat's name as a reader of ``lang`` sees it: a default name given in
    another language (``Bot 2`` at a table made in English) is said in
    ``lang`` (``Robot 2``); any name a person chose stays as it is.

    >>> seat_name_in("Bot 2", 1, "fr"), seat_name_in("Joueur 3", 2, "en")
    ('Robot 2', 'Player 3')
    >>> seat_name_in("Bot 7", 1, "fr"), seat_name_in("Ana", 1, "fr")
    ('Bot 7', 'Ana')

    The lone person's default name (``You``) is said in ``lang`` too:

    >>> seat_name_in("You", 0, "fr")
    'Vous'
    """
    if name in SECOND_PERSON:
        return DEFAULT_HUMAN.get(lang, name)
    found = _DEFAULT_SEAT_NAME.match(name)
    if found is None or int(found.group(2)) != seat + 1:
        return name
    kind = next(kind for kind, words in SEAT_WORDS.items() if found.group(1) in words.values())
    return default_seat_name(kind, seat, lang)


__all__ = ["DEFAULT_HUMAN", "SEAT_WORDS", "SECOND_PERSON", "default_seat_name", "seat_name_in"]
