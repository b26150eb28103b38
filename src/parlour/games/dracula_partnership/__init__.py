"""Dracula for four players in two partnerships.

The game's parts, declared once; importing this package imports none of them.
"""

from parlour.core.parts import GameParts

PARTS = GameParts(
    name="dracula-partnership",
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
    board="../_coffin/board.js",
    board_css="../_coffin/board.css",
)
"""Where each part of the game lives in this package."""
