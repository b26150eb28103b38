"""Where a line may be cut: the one rule both terminal tables wrap by.

A wrap cuts a line at a space, except a space inside a player's name ("Robot
2" is never parted) and French spacing round a sign: a space before ``: ; ! ?
»`` or after ``«`` keeps the sign with its word, so that no line begins with a
colon. The line mode (:func:`parlour.cli.play.wrap_line`, strings with colour
codes) and the full-screen table (:class:`parlour.tui.wrapping.Wrapped`, Rich
text) both ask :func:`unbroken_spaces`.
"""

from __future__ import annotations

from collections.abc import Sequence

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
