"""Casino's log (issue 23): a capture made in steps is told once, complete, as
the same full sentence live and in the log rebuilt after an undo ("You play 3♣
and take 3♢.", never "You: 3♣ take.")."""

from __future__ import annotations

import re

from parlour.tui.session import Match


def test_a_capture_in_steps_reads_the_same_full_sentence_live_and_after_an_undo() -> None:
    match = Match.new(
        "casino",
        humans=[0],
        opponent="random",
        names=["You", "Bot 2"],
        seed=3,
        options={"players": 2},
    )
    live = list(match.log_sentences())
    captures = 0
    undone = False
    while not match.table.is_over() and captures < 6:
        seat = match.table.seat_to_act()
        if seat != 0:
            live += match.play_bot()
            continue
        moves = dict(match.table.legal_moves(0))
        takes = [action for action, text in moves.items() if text.endswith(" take")]
        steps = [action for action, text in moves.items() if "trail" not in text]
        action = takes[0] if takes else (steps or list(moves))[0]
        said = match.submit(0, action)
        live += said
        if takes:
            captures += 1
            assert said == [], "a capture's first step says nothing yet"
            if not undone:
                # Undo the whole move (its first step taken back), then make it again.
                match.undo()
                match.rebuild_log()
                live = list(match.log_sentences())
                undone = True
    assert captures >= 3
    match.rebuild_log()
    assert live == match.log_sentences()
    told = [line for line in live if line.startswith("You play") and " take " in line]
    assert told and all(re.fullmatch(r"You play \S+ and take .+\.", line) for line in told), told
    assert not [line for line in live if line.startswith("You:")]
