"""Text captures of the full-screen table, one per game, for docs/screens/.

Run ``python -m parlour.tui.capture docs/screens`` to regenerate them: each
game is played headless with keys (Enter: the first move) for a few turns
against seeded random bots, then the screen is written as plain text, at the
smallest size the table is made for (80×24).
"""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path
from typing import cast

from parlour.core.registry import game_names, game_parts, load_game
from parlour.core.seat_names import default_seat_name
from parlour.tui.app import TableApp, screen_text
from parlour.tui.session import Match

CAPTURE_SIZE = (80, 24)
"""Columns and rows of a capture: the most common terminal, the table's minimum."""

MOVES_BEFORE_CAPTURE = 2
"""How many of the human's moves are played before the screen is captured."""


async def capture(
    name: str,
    *,
    lang: str = "en",
    seed: int = 4,
    options: dict[str, object] | None = None,
    size: tuple[int, int] = CAPTURE_SIZE,
    moves_before: int = MOVES_BEFORE_CAPTURE,
) -> str:
    """The screen of ``name`` (with ``options``) after a few moves, as text."""
    game = load_game(name, **(options or {}))
    humans = [0]
    names = ["You" if lang == "en" else "Vous"] + [
        default_seat_name("bot", seat, lang) for seat in range(1, game.num_players)
    ]
    match = Match.new(game, seed=seed, humans=humans, opponent="random", names=names, lang=lang)
    app = TableApp(match, colour=False, bot_delay=0)
    async with app.run_test(size=size) as pilot:
        moves = 0
        while True:
            for _ in range(200):
                await pilot.pause()
                if not app.thinking:
                    break
                await app.workers.wait_for_complete()
            if app.paused:
                await pilot.press("space")  # go on after a deal's end
                continue
            if moves >= moves_before or match.is_over():
                break
            await pilot.press("enter")
            if app.group is not None:
                await pilot.press("enter")
            moves += 1
        return screen_text(app)


Capture = tuple[str, str, str, dict[str, object], int]
"""One capture: (file name, game, language, options, seed)."""


def captures() -> list[Capture]:
    """One capture per game in English, then those each game's text part asks for
    beyond it (``SCREEN_CAPTURES``: file name suffix, language, options, seed)."""
    found: list[Capture] = [(name, name, "en", {}, 4) for name in game_names()]
    for name in game_names():
        extra = game_parts(name).hook("text", "SCREEN_CAPTURES")
        for suffix, lang, options, seed in cast(
            "tuple[tuple[str, str, dict[str, object], int], ...]", extra or ()
        ):
            found.append((f"{name}-{suffix}", name, lang, dict(options), seed))
    return found


def write_captures(directory: Path) -> list[Path]:
    """Write every capture of :func:`captures` (``<game>.txt``, ``<game>-<suffix>.txt``)
    into ``directory``."""
    directory.mkdir(parents=True, exist_ok=True)
    written = []
    for file_name, name, lang, options, seed in captures():
        path = directory / f"{file_name}.txt"
        text = asyncio.run(capture(name, lang=lang, options=options, seed=seed))
        path.write_text(text, encoding="utf-8")
        written.append(path)
    return written


if __name__ == "__main__":
    target = Path(sys.argv[1] if len(sys.argv) > 1 else "docs/screens")
    for written_path in write_captures(target):
        print(written_path)
