"""The line mode as a person sees it at 80×24 (issue 31, points 8 and 10): a real
``parlour learn`` / ``parlour play --plain`` in tmux, read back from the screen.

- the lesson's welcome stays in view until Enter;
- Casino's lesson: the header says what "to 1" meant, the list of moves says
  what each take may take, a step within a move says what to choose, the coach
  does not repeat its advice under it and judges the move once it is complete;
- no line is cut by the terminal (so never mid-word or mid-move), in English
  and in French, and the French lesson has no English word.
"""

from __future__ import annotations

import re
from pathlib import Path

from tmux_screen import Screen

WIDTH = 80


def cut_by_the_terminal(screen: Screen) -> list[str]:
    """The lines of the session wider than the window: the terminal cut them
    wherever the edge fell (mid-word, mid-move)."""
    return [line for line in screen.lines() if len(line.rstrip()) > WIDTH]


def test_the_lessons_welcome_waits_until_it_is_read(tmp_path: Path) -> None:
    with Screen(["learn", "casino", "--lang", "en"], tmp_path) as screen:
        rows = screen.wait_for("Press Enter")
        shown = "\n".join(rows)
        assert "Coach: Welcome to Casino." in shown  # the first line of the welcome
        assert "Legal moves" not in shown  # the table has not pushed it away
        screen.type("")
        rows = screen.wait_for("You, your move:")
        assert "Legal moves:" in "\n".join(rows)


def test_casinos_lesson_says_what_a_move_takes_and_judges_it_whole(tmp_path: Path) -> None:
    with Screen(["learn", "casino", "--lang", "en"], tmp_path) as screen:
        screen.wait_for("Press Enter")
        screen.type("")
        rows = screen.wait_for("You, your move:")
        shown = "\n".join(rows)
        # The header says what the number is: the points that end the game.
        assert "· playing\u00a0to\u00a01\u00a0point" in shown
        assert "· to 1" not in shown
        # Each take and build says what it may use on the table, whole on its row.
        assert "5D take (from 2♢ 3♣)" in shown
        assert "4H build 7 (from 3♣)" in shown
        screen.type("5D take")
        rows = screen.wait_for("You, your move:", count=2)
        shown = "\n".join(rows)
        step = rows.index(next(row for row in rows if "is not finished" in row))
        # An instruction above the list of what to choose, never a bare list...
        assert rows[step].startswith("5D take is not finished: choose, one at a time,")
        assert re.search(r"1\) 2D\s+2\) 3C", rows[step + 2])
        # ... and no stale repeat of the coach's advice under it.
        assert "Coach:" not in "\n".join(rows[step:])
        # The coach said nothing of the move yet: it is not finished.
        assert "I suggested" not in shown.split("You, your move: 5D take")[-1]
        screen.type("1")
        rows = screen.wait_for("You, your move:", count=3)
        session = "\n".join(screen.lines())
        told = session.index("You play 5♢ and take 2♢ 3♣.")
        judged = session.index("Coach: You played 5D take; I suggested 4H build 7.")
        assert told < judged  # judged once complete, after the move is told
        assert cut_by_the_terminal(screen) == []


def test_following_the_coach_is_praised_once_the_move_is_complete(tmp_path: Path) -> None:
    """Issue 31: "Well played." came before the build was finished."""
    with Screen(["learn", "casino", "--lang", "en"], tmp_path) as screen:
        screen.wait_for("Press Enter")
        screen.type("")
        screen.wait_for("You, your move:")
        screen.type("4H build 7")
        screen.wait_for("You, your move:", count=2)
        session = "\n".join(screen.lines())
        told = session.index("You play 4♡ and build 7")
        praised = session.index("Coach: Well played.")
        assert told < praised


def test_a_list_of_moves_never_breaks_inside_a_move(tmp_path: Path) -> None:
    """Issue 31: at 80 columns Dracula's list broke as '7) 6D' / 'b3'."""
    with Screen(["play", "dracula", "--plain", "--seed", "3", "--new"], tmp_path) as screen:
        for turn in (1, 2):  # two cards placed (a card first, then its cell)
            screen.wait_for("You, your move:", count=turn)
            screen.type("1")
            screen.wait_for("Which one", count=turn)
            screen.type("1")
        screen.wait_for("Legal moves:")
        rows = screen.wait_for("You, your move:", count=3)
        listed = rows[rows.index("Legal moves:") + 1 : -1]
        items = [row for row in listed if row.strip() and not row.startswith("You,")]
        assert items
        for row in items:
            # Every item on a row is whole: a number, a card and a cell.
            assert re.fullmatch(r"(\s*\d+\) \S+ [a-c][1-3])+\s*", row), row
        screen.type("hint")
        screen.wait_for("Hint (")
        assert cut_by_the_terminal(screen) == []


def test_the_french_lesson_at_80_columns(tmp_path: Path) -> None:
    """No word cut by the terminal ("j / etons", "Ro / bot 4"), no English word."""
    from test_french import french_problems

    with Screen(["learn", "nain-jaune", "--lang", "fr"], tmp_path) as screen:
        rows = screen.wait_for("Appuyez sur Entrée")
        assert "Guide\u00a0: Bienvenue" in "\n".join(rows)
        screen.type("")
        screen.wait_for("Vous, votre coup")
        for answer in ["conseil", "aide", "1"]:
            screen.type(answer)
        screen.wait_for("Vous, votre coup", count=4)
        session = "\n".join(screen.lines())
        assert cut_by_the_terminal(screen) == []
        assert french_problems(session) == []
        # Names stay whole: never "Robot" at a line's end and its number on the next.
        assert not re.search(r"Robot\n\s*\d", session)


def test_the_french_casino_lesson_at_80_columns(tmp_path: Path) -> None:
    from test_french import french_problems

    with Screen(["learn", "casino"], tmp_path, lang_variable="fr_FR.UTF-8") as screen:
        screen.wait_for("Appuyez sur Entrée")
        screen.type("")
        rows = screen.wait_for("Vous, votre coup")
        assert "partie\u00a0en\u00a01\u00a0point" in "\n".join(rows)
        screen.type("aide")  # its example is a move of this game, allowed now
        rows = screen.wait_for("Vous, votre coup", count=2)
        assert "(par ex. «\u00a07♠ pose\u00a0»)" in "\n".join(rows)
        screen.type("5D prend")
        rows = screen.wait_for("Vous, votre coup", count=3)
        assert any(row.startswith("5♢ prend n'est pas fini") for row in rows)
        screen.type("1")
        screen.wait_for("Vous, votre coup", count=4)
        session = "\n".join(screen.lines())
        assert cut_by_the_terminal(screen) == []
        assert french_problems(session) == []
