"""Campaign: the judge's losses against long search play-outs, per game.

    PYTHONPATH=src python scripts/judge-calibration.py [GAME ...] [--positions N]
        [--samples N] [--iterations N] [--plies-left N]

For each game, ``--positions`` positions of seeded heuristic matches, each
``--plies-left`` moves before the end of a deal (larger: earlier, longer), the
judge's best move against its worst: the judge's loss (its default budget) and
the same loss measured by search bots finishing the deal on imagined deals of
their own. Prints one line per position and, per game, how many agree within
three combined standard errors. Long: minutes per game in pure Python.
"""

from __future__ import annotations

import argparse
import sys
import time

from parlour.core.registry import game_names
from parlour.judge import DEFAULT_BUDGET, judge_moves
from parlour.judge.calibration import calibrate
from parlour.judge.positions import late_position


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", default=game_names())
    parser.add_argument("--positions", type=int, default=4)
    parser.add_argument("--samples", type=int, default=60)
    parser.add_argument("--iterations", type=int, default=120)
    parser.add_argument("--plies-left", type=int, default=16)
    arguments = parser.parse_args()
    for name in arguments.games:
        agreed = 0
        for index in range(arguments.positions):
            view = late_position(name, 100 + index, arguments.plies_left)
            started = time.process_time()
            ranked = judge_moves(view, view.legal_actions, DEFAULT_BUDGET)
            worst = max(ranked.values, key=lambda value: (value.loss, value.action))
            found = calibrate(
                view,
                ranked.best,
                worst.action,
                DEFAULT_BUDGET,
                arguments.samples,
                arguments.iterations,
            )
            agreed += found.agrees()
            print(
                f"{name:<20} {found.better:>12} vs {found.worse:<12} judge "
                f"{found.judged:6.2f} ± {found.judged_error:4.2f}  search "
                f"{found.searched:6.2f} ± {found.searched_error:4.2f}  "
                f"{'agrees' if found.agrees() else 'DISAGREES'}  "
                f"{time.process_time() - started:5.0f} s",
                flush=True,
            )
        print(f"{name}: {agreed} of {arguments.positions} agree", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
