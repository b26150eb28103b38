"""Nain Jaune: the French game of the yellow dwarf, with its board of boxes and chips.

The game's parts, declared once; importing this package imports none of them.
"""

from parlour.core.parts import GameParts

PARTS = GameParts(
    name="nain-jaune",
    package=__name__,
    rules="rules",
    events="events",
    text="text",
    heuristic="heuristic",
    tensor="tensor",
    explain="explain",
    examples="examples",
    lesson="lesson",
    pages="pages",
    board="board.js",
    board_css="board.css",
)
"""Where each part of the game lives in this package."""
