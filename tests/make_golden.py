"""Regenerate the golden playthroughs: ``python tests/make_golden.py``.

A golden playthrough is a seeded match between random players, written as text:
every action with its actor, then the score sheet and the returns. A change
that alters any game's behaviour shows up as a diff in ``tests/golden/``.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

import parlour

GOLDEN = Path(__file__).parent / "golden"
SEED = 2026


def playthrough(name: str) -> str:
    """The golden text of one game at its default options."""
    game = parlour.load_game(name)
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


def main() -> int:
    """Write one file per registered game."""
    GOLDEN.mkdir(exist_ok=True)
    for name in parlour.game_names():
        (GOLDEN / f"{name}.txt").write_text(playthrough(name), encoding="utf-8")
        print(f"wrote {GOLDEN / name}.txt")
    return 0


if __name__ == "__main__":
    sys.exit(main())
