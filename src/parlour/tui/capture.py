"""Text captures of the full-screen table, one per game, for docs/screens/.

Run ``python -m parlour.tui.capture docs/screens`` to regenerate them: each
game is played headless with keys (Enter: the first move) for a few turns
against seeded random bots, then the screen is written as plain text.
"""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

from parlour.core.registry import game_names, load_game
from parlour.tui.app import TableApp, screen_text
from parlour.tui.session import Match

CAPTURE_SIZE = (130, 36)
"""Columns and rows of a capture (the wide layout, log beside the table)."""

MOVES_BEFORE_CAPTURE = 2
"""How many of the human's moves are played before the screen is captured."""


async def capture(name: str, *, lang: str = "en", seed: int = 4) -> str:
    """The screen of ``name`` after a few moves, as text."""
    game = load_game(name)
    humans = [0]
    names = ["You" if lang == "en" else "Vous"] + [
        f"{'Bot' if lang == 'en' else 'Robot'} {seat + 1}" for seat in range(1, game.num_players)
    ]
    match = Match.new(game, seed=seed, humans=humans, opponent="random", names=names, lang=lang)
    app = TableApp(match, colour=False)
    async with app.run_test(size=CAPTURE_SIZE) as pilot:
        moves = 0
        while True:
            for _ in range(200):
                await pilot.pause()
                if not app.thinking:
                    break
                await app.workers.wait_for_complete()
            if moves >= MOVES_BEFORE_CAPTURE or match.is_over():
                break
            await pilot.press("enter")
            if app.group is not None:
                await pilot.press("enter")
            moves += 1
        return screen_text(app)


def write_captures(directory: Path) -> list[Path]:
    """Write ``<game>.txt`` for every game (and ``dracula-fr.txt``) into ``directory``."""
    directory.mkdir(parents=True, exist_ok=True)
    written = []
    jobs = [(name, "en") for name in game_names()] + [("dracula", "fr")]
    for name, lang in jobs:
        path = directory / (f"{name}.txt" if lang == "en" else f"{name}-{lang}.txt")
        path.write_text(asyncio.run(capture(name, lang=lang)), encoding="utf-8")
        written.append(path)
    return written


if __name__ == "__main__":
    target = Path(sys.argv[1] if len(sys.argv) > 1 else "docs/screens")
    for written_path in write_captures(target):
        print(written_path)
