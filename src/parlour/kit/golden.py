"""A game's golden playthrough: a seeded match between random players, as text.

Every action with its actor and the cards chance dealt, then the score sheet and
the returns. The file lives in the game's own package, ``golden.txt`` beside its
``__init__.py`` (shipped as package data), so a game of another distribution
carries its own: ``parlour check GAME`` replays the match and compares, and
``parlour check GAME --write-golden`` (or ``python tests/make_golden.py`` for the
games shipped with parlour) writes it after an intended change of the rules.

>>> playthrough("dracula").splitlines()[0].startswith("# dracula load_game('dracula'")
True
"""

from __future__ import annotations

import random
import sys
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Final

from parlour.core.errors import ParlourError
from parlour.core.registry import game_parts, load_game

GOLDEN_FILE: Final = "golden.txt"
"""The golden file's name in a game's package."""

SEED: Final = 2026
"""The seed of every golden match (its deal and its random players)."""


def playthrough(name: str) -> str:
    """The golden text of one game at its default options."""
    game = load_game(name)
    state = game.new_initial_state(seed=SEED)
    rng = random.Random(SEED)
    lines = [f"# {name} {game!r} seed={SEED}", ""]
    step = 0
    record = state.to_record()
    lines.append("chance before the first decision: " + " ".join(record.chance))
    while not state.is_terminal():
        legal = state.legal_actions()
        action = legal[rng.randrange(len(legal))]
        player = state.current_player()
        text = state.action_to_string(action)
        chance_before = len(state.to_record().chance)
        state.apply_action(action)
        step += 1
        dealt = state.to_record().chance[chance_before:]
        line = f"{step:4} seat {player}: {text}"
        if dealt:
            line += "   | chance: " + " ".join(dealt)
        lines.append(line)
    lines.append("")
    lines.append("score sheet:")
    for row in state.score_sheet():
        scores = " ".join(f"{score:g}" for score in row.scores)
        lines.append(f"  game {row.game} deal {row.deal}: {scores}  {row.note}".rstrip())
    lines.append("returns: " + " ".join(f"{value:g}" for value in state.returns()))
    return "\n".join(lines) + "\n"


def golden_file(name: str) -> Traversable:
    """Where the game's golden file is (or would be): ``golden.txt`` in its package."""
    return resources.files(game_parts(name).package).joinpath(GOLDEN_FILE)


def write_golden(name: str) -> Path:
    """Write the game's golden file into its package's folder; return its path.

    The package must be a folder on disk (a source checkout or an editable
    install): a file inside a wheel's install is not the place to change it.
    """
    found = golden_file(name)
    path = Path(str(found))
    if not path.parent.is_dir():
        raise ParlourError(
            f"the package of {name!r} ({game_parts(name).package}) is not a folder on disk "
            f"({path.parent}): write its golden file from a source checkout"
        )
    path.write_text(playthrough(name), encoding="utf-8")
    return path


def main(argv: list[str]) -> int:
    """``python -m parlour.kit.golden GAME…``: write each game's golden file."""
    for name in argv:
        print(f"wrote {write_golden(name)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
