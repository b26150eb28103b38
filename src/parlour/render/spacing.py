"""Where a line may be cut: the one rule both terminal tables wrap by.

A wrap cuts a line at a space, except a space inside a player's name ("Robot
2" is never parted) and French spacing round a sign: a space before ``: ; ! ?
»`` or after ``«`` keeps the sign with its word, so that no line begins with a
colon. The line mode (:func:`parlour.cli.play.wrap_line`, strings with colour
codes) and the full-screen table (:class:`parlour.tui.wrapping.Wrapped`, Rich
text) both ask :func:`unbroken_spaces`. A renderer keeps a part of a line
whole (one player's scores) by writing it with no-break spaces
(:func:`kept_whole`), at which neither cuts.
"""

from __future__ import annotations

from collections.abc import Sequence

NO_BREAK_SPACE = "\u00a0"
"""A space no wrap cuts at: French typography's before ``: ; ! ? »`` and after
``«`` (the sign never starts a line on its own), and the spaces of a part of a
line kept whole (:func:`kept_whole`)."""

FRENCH_SIGNS = frozenset(":;!?»")
"""The signs French sets after a space, which a wrap never parts from the word
before them."""


def unbroken_spaces(line: str, names: Sequence[str] = ()) -> set[int]:
    """The offsets of the spaces a wrap keeps in ``line``: inside a name of
    ``names``, and French spacing round a sign.

    >>> sorted(unbroken_spaces("Vous appelez 7 : 7♠ « sans 4 »"))
    [14, 21, 28]
    >>> sorted(unbroken_spaces("Robot 2 compte", ["Robot 2"]))
    [5]
    """
    kept = {
        index
        for index, character in enumerate(line)
        if character == " "
        and (line[index + 1 : index + 2] in FRENCH_SIGNS or line[index - 1 : index] == "«")
    }
    for name in names:
        if " " not in name.strip():
            continue
        start = line.find(name)
        while start >= 0:
            kept.update(start + offset for offset, letter in enumerate(name) if letter == " ")
            start = line.find(name, start + len(name))
    return kept


def kept_whole(text: str) -> str:
    """``text`` as a part of a line that a wrap moves to the next line whole,
    never cuts (its spaces are no-break spaces): "Bot 2 0 (taken 3 cards, 1♠)".

    >>> kept_whole("cards held: Bot 2 4") == "cards\u00a0held:\u00a0Bot\u00a02\u00a04"
    True
    """
    return text.replace(" ", NO_BREAK_SPACE)
