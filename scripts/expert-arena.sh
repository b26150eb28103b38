#!/usr/bin/env bash
# Campaign (docs/bots.md): the expert against hard at about equal processor time
# per decision, in every game, on the compiled engine. hard:N is hard's
# iterations raised by the measured ratio of the two bots' median move times.
# Duplicate deals, seats rotated, one short deal or round a match.
#
#   bash scripts/expert-arena.sh [OUTPUT_FOLDER] [MATCH_FACTOR]
#
# MATCH_FACTOR (default 1) multiplies the matches of every game; the table in
# docs/bots.md used 1 (about an hour of one core, machine shared).
set -euo pipefail
out=${1:-expert-arena}
factor=${2:-1}
mkdir -p "$out"
run() {
  local game=$1 hard=$2 matches=$3 option=$4
  parlour arena "$game" --bots "expert,hard:$hard" --games $((matches * factor)) --seed 7 \
    --jobs 1 -o "$option" --output "$out/$game" | tee "$out/$game.txt"
}
run casino 730 24 target=1
run dracula 3960 24 deals=1
run nain-jaune 560 16 max_deals=1
run thracula 1850 18 deals=1
run colour-blind 1810 18 deals=1
run dracula-partnership 1370 16 deals=1
