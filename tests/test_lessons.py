"""The guided first deal (``parlour learn``): each game's lesson is played to
its end on its forced deal, its script is legal there, a different move is
allowed and answered, and the French lesson has no English word."""

from __future__ import annotations

import io
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

import parlour
from parlour.cli.learn import LessonTable, lesson_match
from parlour.core.registry import game_names, game_parts
from parlour.i18n import french_typography
from parlour.table import SeatSpec, SqliteTableStore, Table, TableError
from parlour.table.coach import COACH_WORDS, Coach, has_lesson, lesson_for
from parlour.tui.palette import make_style

SOURCES = str(Path(parlour.__file__).resolve().parents[1])


def flat(text: str) -> str:
    """``text`` with every run of white space one space (the coach's lines wrap)."""
    return " ".join(text.split())


def play_lesson(name: str, lines: list[str], lang: str = "en") -> str:
    """Play ``name``'s lesson in the line mode with ``lines`` typed; its output,
    white space flattened (see :func:`flat`)."""
    match, coach = lesson_match(name, lang)
    stdout = io.StringIO()
    table = LessonTable(
        match,
        coach,
        style=make_style(palette="default", lang=lang, colour=False),
        stdin=io.StringIO("\n".join(lines) + "\n"),
        stdout=stdout,
    )
    assert table.play() == 0
    assert match.is_over()
    return flat(stdout.getvalue())


def test_every_game_has_a_guided_deal() -> None:
    # The lesson part is optional (parlour check reports it absent); parlour's own
    # games all have one.
    shipped = [name for name in game_names() if game_parts(name).package.startswith("parlour.")]
    assert [name for name in shipped if not has_lesson(name)] == []


LESSON_GAMES = [name for name in game_names() if has_lesson(name)]
"""The games with a lesson (an optional part)."""


@pytest.mark.parametrize("name", LESSON_GAMES)
def test_following_the_script_plays_the_lesson_to_its_end(name: str) -> None:
    lesson = lesson_for(name)
    # The script's moves, then the first listed move at every later choice.
    output = play_lesson(name, [step.move for step in lesson.steps] + ["1"] * 400)
    followed = COACH_WORDS["followed"].en
    # Every scripted step was proposed (so it was legal on the forced deal) and followed.
    for step in lesson.steps:
        assert flat(f"I suggest {step.move}: {step.why.en}") in output
    assert output.count(followed) >= len(lesson.steps)
    assert flat(lesson.farewell.en) in output
    for said in lesson.welcome:
        assert flat(said.en) in output


def test_a_move_other_than_the_proposed_one_is_allowed_and_answered() -> None:
    # Dracula's first proposal is 4D c2; the learner plays 4H b1 instead.
    output = play_lesson("dracula", ["4H b1"] + ["1"] * 40)
    assert "You played 4H b1; I suggested 4D c2." in output
    assert flat(COACH_WORDS["off_script"].en) in output
    # The script's second step (6D c1) is not proposed any more: the deal left its line.
    assert "I suggest 6D c1: 6♢ above 4♢" not in output
    assert "You play 4♡ to b1." in output


def test_an_equal_move_counts_as_following_the_coach() -> None:
    """Issue 31: in Nain Jaune, 4♦ where the coach proposed the equal 4♣ ended
    the guided part; it is the same move in the game's terms."""
    step = lesson_for("nain-jaune").steps[1]
    assert step.move == "4C" and "4D" in step.equal
    output = play_lesson("nain-jaune", ["3C", "4D"] + ["1"] * 400)
    assert "You played 4D" not in output
    assert flat(COACH_WORDS["off_script"].en) not in output
    assert output.count(COACH_WORDS["followed"].en) >= 2


@pytest.mark.parametrize("name", LESSON_GAMES)
def test_every_equal_move_is_legal_where_its_step_is_proposed(name: str) -> None:
    match, _coach = lesson_match(name, "en")
    for step in lesson_for(name).steps:
        seat = match.human_to_act()
        while seat is None:
            match.play_bot()
            seat = match.human_to_act()
        view = match.view(seat)
        if len(view.legal_actions) == 1:
            match.submit(seat, view.legal_actions[0])
            continue
        for text in (step.move, *step.equal):
            assert text in view.action_texts, (name, text, view.action_texts)
        match.submit(seat, view.legal_actions[view.action_texts.index(step.move)])


def test_the_coach_explains_a_kind_of_event_once() -> None:
    lesson = lesson_for("nain-jaune")
    output = play_lesson("nain-jaune", [step.move for step in lesson.steps] + ["1"] * 400)
    assert output.count(flat(lesson.first_time["sans"].en)) == 1


def test_the_welcome_describes_the_forced_deal() -> None:
    # What the Dracula script says about its deal is what the engine deals.
    match, _ = lesson_match("dracula", "en")
    while match.human_to_act() is None:
        match.play_bot()
    view = match.view(0)
    assert "4D c2" in view.action_texts and "6D c1" not in view.action_texts
    text = match.table_text(0, make_style(palette="default", lang="en", colour=False))
    assert "dealer: Bot 2" in text
    assert "Bot 2      rows (Queen's way)" in text
    assert "Your hand: 4♡ 4♢ 6♢ 4♣" in text


def test_advice_reads_the_learners_view_only() -> None:
    # Two coaches at two tables of the same lesson give the same advice, and the
    # advice is a legal move of the learner's View.
    first, second = (lesson_match("casino", "en") for _ in range(2))
    for match, _ in (first, second):
        while match.human_to_act() is None:
            match.play_bot()
    advice = [coach.advise(match.view(0)) for match, coach in (first, second)]
    assert advice[0] == advice[1]
    assert advice[0].scripted and advice[0].action in first[0].view(0).legal_actions


def test_catching_up_rebuilds_the_coachs_memory() -> None:
    coach = Coach.for_game("dracula", "en")
    coach.catch_up(["4D c2", "6D c1"])
    assert (coach.decisions, coach.on_script) == (2, True)
    coach.catch_up(["4D c2", "6D a1"])
    assert (coach.decisions, coach.on_script) == (2, False)


def test_a_table_with_a_forced_deck_reopens_with_the_same_cards(tmp_path: Path) -> None:
    lesson = lesson_for("dracula")
    store = SqliteTableStore(tmp_path / "tables.sqlite")
    seats = [SeatSpec("person", "Ann"), SeatSpec("bot", "Bot", bot="random")]
    table = Table.create(
        "dracula", seats, options=dict(lesson.options), seed=5, deck=lesson.deck, store=store
    )
    while table.seat_to_act() == 1:
        table.play_bot_move()
    hand = table.view_for(0).observation if table.view_for(0) else None
    reopened = Table.open(table.id, store)
    assert reopened.view_for(0) is not None
    assert reopened.view_for(0).observation == hand  # type: ignore[union-attr]


def test_a_forced_deck_that_cannot_be_dealt_is_refused_with_its_reason() -> None:
    seats = [SeatSpec("person", "Ann"), SeatSpec("bot", "Bot", bot="random")]
    with pytest.raises(TableError, match=r"forced deck cannot be dealt.*XX"):
        Table.create("dracula", seats, options={"deals": 1}, deck=["4D", "XX"])


@pytest.mark.parametrize("name", LESSON_GAMES)
def test_parlour_learn_in_french_speaks_french(name: str, tmp_path: Path) -> None:
    from test_french import french_problems

    result = subprocess.run(
        [sys.executable, "-m", "parlour", "learn", name, "--lang", "fr"],
        input="1\n" * 400,
        capture_output=True,
        text=True,
        timeout=600,
        env={
            "NO_COLOR": "1",
            "PATH": "/usr/bin:/bin",
            "PYTHONPATH": os.pathsep.join([SOURCES, *filter(None, [os.environ.get("PYTHONPATH")])]),
            "PARLOUR_DATA_DIR": str(tmp_path),
        },
    )
    assert result.returncode == 0, result.stdout[-2000:] + result.stderr
    output = result.stdout
    assert "Guide\u00a0: Bienvenue" in output
    assert flat(french_typography(lesson_for(name).farewell.fr)) in flat(output)
    assert french_problems(output) == []


def test_a_move_with_no_other_way_is_said_in_the_games_terms() -> None:
    """Issue 31: the coach said "You have one move only: b7." in Casino (an
    internal id that reads like a Dracula cell)."""
    output = play_lesson("casino", ["1"] * 400)
    said = [part.split(".")[0] for part in output.split("You have one move only: ")[1:]]
    assert said, "the Casino lesson has a forced move"
    for sentence in said:
        assert not re.match(r"b\d+$|done$|\w+ trail$", sentence), sentence
    assert any("is laid on the table" in sentence for sentence in said)
    # The move's explanation ends the coach's sentence: one full stop, not two
    # (the playtest read "… on the table..").
    assert "table.." not in output and ".." not in output.replace("...", ""), output


def test_the_dracula_lesson_meets_a_vampire_and_the_coach_says_what_it_did() -> None:
    """Issue 31: the Dracula lesson never met a Vampire, and the next real game
    showed "Bot 2 plays V2 to c3" unexplained."""
    lesson = lesson_for("dracula")
    output = play_lesson("dracula", [step.move for step in lesson.steps] + ["1"] * 40)
    played = output.index("Bot 2 plays a Vampire to c3.")
    said = output.index("Coach: Bot 2 played a Vampire, V2, at c3.")
    assert played < said < output.index("I suggest 4C a1")
    explained = output[said : output.index("I suggest 4C a1")]
    assert "Every line that holds a Vampire scores 0" in explained
    assert "your column c (6♢ 4♢) is now worth nothing" in explained
    # What the coach says is what the engine scored: column c and row 3 count 0.
    assert "columns 13/48/0" in output or "columns 13 / 48 / 0" in output


def test_the_dracula_lesson_says_why_bot_2_deals() -> None:
    """Issue 31: "Cut: You K♠, Bot 2 K♢: Bot 2 dealt first" said no why."""
    output = play_lesson("dracula", ["1"] * 40)
    assert "Cut: You K♠, Bot 2 K♢: a red card beats a black one, so Bot 2 dealt first." in output
    assert "Bot 2 won the cut (a red card beats a black one)" in output


def test_a_move_in_steps_is_judged_once_it_is_complete() -> None:
    """Issue 31: in Casino "Well played." came after the first step of the
    build, before it was finished; it now follows the finished move."""
    output = play_lesson("casino", ["4H build 7"] + ["1"] * 400)
    assert output.index("You play 4♡ and build 7") < output.index("Coach: Well played.")


def test_a_step_within_a_move_says_what_to_choose_and_repeats_no_advice() -> None:
    """Issue 31: after "5D take" a bare list "1) 2D 2) 3C" under a stale repeat
    of the coach's suggestion; now an instruction, and the coach waits."""
    output = play_lesson("casino", ["5D take"] + ["1"] * 400)
    step = output.split("You, your move: 5D take", 1)[1].split("You, your move: 1", 1)[0]
    assert "5D take is not finished: choose, one at a time, what it takes" in step
    assert "1) 2D 2) 3C" in step
    assert "Coach:" not in step
    after = output.split("You, your move: 1", 1)[1]
    told = after.index("You play 5♢ and take 2♢ 3♣.")
    assert told < after.index("Coach: You played 5D take; I suggested 4H build 7.")


def test_a_move_taken_back_before_it_is_complete_is_never_judged() -> None:
    """A capture started, then taken back at its next step: the coach says
    nothing of it (it was never played) and the script goes on."""
    output = play_lesson("casino", ["5D take", "undo", "4H build 7"] + ["1"] * 400)
    assert "You played 5D take" not in output
    assert flat(COACH_WORDS["off_script"].en) not in output
    assert output.index("You play 4♡ and build 7") < output.index("Coach: Well played.")


@pytest.mark.parametrize(
    ("lang", "typed", "played"),
    [
        ("en", "5D take 2D+3C", "You play 5♢ and take 2♢ 3♣."),
        ("fr", "5D prend 2D+3C", "Vous jouez 5♢ et prenez 2♢ 3♣."),
    ],
)
def test_a_whole_move_typed_as_the_rules_write_it_is_played(
    lang: str, typed: str, played: str
) -> None:
    """Playtest: the Casino rules teach "7H take 3S+4D"; typing "5D take 2D+3C"
    was answered "is 3 steps; apply it with apply_text" (an internal name). The
    whole move is played at once, then the coach judges it as one decision."""
    output = play_lesson("casino", [typed] + ["1"] * 400, lang)
    assert "apply_text" not in output
    answer = output.split(f"{typed} ", 1)[1]
    assert answer.startswith(flat(french_typography(played) if lang == "fr" else played))
    if lang == "en":
        assert "Coach: You played 5D take; I suggested 4H build 7." in answer


@pytest.mark.parametrize(
    "name", [name for name in LESSON_GAMES if len(lesson_for(name).steps) >= 2]
)
def test_after_an_undo_the_coach_proposes_the_step_taken_back(name: str) -> None:
    """Playtest: in the Colour-blind lesson, 9H and 7S as proposed, then undo:
    the board went back but the coach proposed the step after 7S (2C)."""
    lesson = lesson_for(name)
    first, second = lesson.steps[0], lesson.steps[1]
    script = [step.move for step in lesson.steps]
    output = play_lesson(name, [first.move, second.move, "undo", *script[1:], *["1"] * 400])
    after_undo = output.split("back at your last decision", 1)[1]
    proposed = after_undo.split("I suggest ", 1)[1]
    assert proposed.startswith(f"{second.move}:"), proposed[:120]
