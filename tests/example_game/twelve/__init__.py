"""Twelve: a two-player trick game on a 12-card pack.

parlour's example game: ``docs/adding-a-game.md`` walks through it, and
``parlour new-game`` writes a copy of it under another name. The game's parts,
declared once; importing this package imports none of them.
"""

from parlour.core.parts import GameParts

PARTS = GameParts(
    name="twelve",
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
