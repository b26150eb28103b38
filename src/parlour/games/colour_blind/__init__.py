"""Colour-blind: a trick game where only one colour counts.

The game's parts, declared once; importing this package imports none of them.
"""

from parlour.core.parts import GameParts

PARTS = GameParts(
    name="colour-blind",
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
