"""Twelve: the example game, a two-player trick game on a 12-card pack.

It lives under ``tests/example_game`` to show what a new game is: one folder,
found through the ``parlour.games`` entry point its distribution declares
(``twelve-1.0.dist-info`` beside this package), with no file of parlour
changed. ``docs/adding-a-game.md`` walks through it.

The game's parts, declared once; importing this package imports none of them.
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
    pages="pages",
    board="board.js",
)
"""Where each part of the game lives in this package."""
