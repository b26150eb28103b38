"""The line mode (pipes, scripts, screen readers): hints, undo, save, resume,
replay and the French log, driven with piped input."""

from __future__ import annotations

import argparse
import io
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

import parlour
from matches import played_out
from parlour.bots import make_bot
from parlour.cli import play
from parlour.cli.play import TerminalTable
from parlour.i18n import french_typography, move_sentence, pretty_move, shown_move, tr
from parlour.judge import QUICK_BUDGET
from parlour.render import Style
from parlour.stats import StatsStore
from parlour.table import SqliteTableStore, hints
from parlour.tui import session
from parlour.tui.palette import TableStyle, make_style
from parlour.tui.replay import ReplayBook
from parlour.tui.session import Match


@pytest.fixture(autouse=True)
def private_data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("PARLOUR_DATA_DIR", str(tmp_path))
    monkeypatch.setattr(hints, "hint_bot_kind", lambda: "heuristic")
    return tmp_path


SOURCES = str(Path(parlour.__file__).resolve().parents[1])
"""The sources under test, for the subprocesses (not whatever is installed)."""


def run(args: list[str], stdin: str, data: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "parlour", *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=120,
        env={
            "NO_COLOR": "1",
            "PATH": "/usr/bin:/bin",
            "PYTHONPATH": os.pathsep.join([SOURCES, *filter(None, [os.environ.get("PYTHONPATH")])]),
            "PARLOUR_DATA_DIR": str(data),
        },
    )


def table_for(match: Match, script: str) -> tuple[TerminalTable, io.StringIO]:
    out = io.StringIO()
    table = TerminalTable(match, Style(lang=match.lang), stdin=io.StringIO(script), stdout=out)
    return table, out


def dracula_match(lang: str = "en", names: list[str] | None = None) -> Match:
    game = parlour.load_game("dracula", deals=1, first_dealer=0)
    return Match.new(
        game,
        seed=5,
        humans=[0],
        opponent="random",
        names=names or ["You", "Bot 2"],
        lang=lang,
        stats=StatsStore(),
    )


def test_hint_then_undo_back_to_the_same_cards() -> None:
    match = dracula_match()
    start = match.table.snapshot().serialize()
    table, out = table_for(match, "rows\nhint\nundo\nquit\n")
    assert table.play() == 0
    text = out.getvalue()
    assert "Hint (heuristic bot): " in text
    assert "Undone: you are back at your last decision." in text
    assert match.table.snapshot().serialize() == start
    assert match.log == []


def test_undo_with_nothing_decided_says_so() -> None:
    table, out = table_for(dracula_match(), "undo\nquit\n")
    table.play()
    assert "Nothing to undo" in out.getvalue()


def test_save_resume_and_the_same_state(private_data_dir: Path) -> None:
    match = dracula_match()
    table, out = table_for(match, "columns\n1\nsave\nquit\n")
    table.play()
    assert "Resume it with: parlour resume dracula-" in out.getvalue()
    [save] = session.list_saves()
    assert save.identifier == match.table.id and save.game == "dracula"
    resumed, note = Match.resume(save.identifier, stats=StatsStore())
    assert note == ""
    assert resumed.table.snapshot().serialize() == match.table.snapshot().serialize()
    # The cards still to come are the same in both.
    original = match.table.snapshot()
    for state in (original, resumed.table.snapshot()):
        while not state.is_terminal():
            state.apply_action(state.legal_actions()[0])
        assert state.serialize() == original.serialize()


def test_parlour_resume_lists_and_plays_on(private_data_dir: Path) -> None:
    first = run(
        ["play", "dracula", "--seed", "3", "-o", "deals=1", "--plain", "--opponent", "random"],
        "1\nsave\nquit\n",
        private_data_dir,
    )
    assert first.returncode == 0, first.stderr
    listing = run(["resume"], "", private_data_dir)
    assert "dracula" in listing.stdout and "Resume one with" in listing.stdout
    [save] = session.list_saves()
    second = run(["resume", save.identifier, "--plain"], "1\n" * 12, private_data_dir)
    assert second.returncode == 0, second.stdout[-1500:] + second.stderr
    assert "Final: You" in second.stdout
    assert session.list_saves() == []
    stats = run(["stats"], "", private_data_dir)
    assert "dracula" in stats.stdout and "random" in stats.stdout


def test_the_french_log() -> None:
    match = dracula_match(lang="fr", names=["Vous", "Robot 2"])
    table, out = table_for(match, "rows\n" + "1\n" * 8)
    assert table.play() == 0
    text = out.getvalue()
    assert (
        french_typography(
            "Vous choisissez les lignes (voie de la Reine) ; Robot 2 compte les colonnes"
        )
        in text
    )
    assert "Robot 2 joue " in text and " en " in text
    assert french_typography("Résultat : Vous") in text
    # The same log in English, rebuilt from the same history: the names nobody
    # chose are said in English too (they follow the language, as the table's do).
    french = match.log_sentences()
    match.set_language("en")
    english = match.log_sentences()
    assert len(english) == len(french)
    assert english[0].startswith("You choose rows (the Queen's way); Bot 2 scores columns")


def test_the_french_table_from_the_command_line(private_data_dir: Path) -> None:
    result = run(
        ["play", "thracula", "--seed", "2", "-o", "deals=1", "--lang", "fr"],
        "1\n" * 10,
        private_data_dir,
    )
    assert result.returncode == 0, result.stdout[-1500:]
    assert french_typography("Vous, votre coup :") in result.stdout
    assert "Robot 2 prend la carte cachée en" in result.stdout


def test_replay_prints_every_step(private_data_dir: Path) -> None:
    match = dracula_match()
    table, _ = table_for(match, "rows\n" + "1\n" * 8)
    table.play()
    path = private_data_dir / "finished.json"
    path.write_text(match.table.record_json(), encoding="utf-8")  # a bare match record
    book = ReplayBook(path)
    # One step a move, and one more after each deal's end (the next deal dealt).
    assert len(book.steps) >= len(match.log) + 1
    assert book.log_until(len(book.steps) - 1)[1:] == match.log_sentences()
    result = run(["replay", str(path)], "", private_data_dir)
    assert result.returncode == 0, result.stderr
    assert "   1. You choose rows (the Queen's way); Bot 2 scores columns" in result.stdout
    assert "Final: You" in result.stdout


def test_without_textual_the_line_mode_says_why(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "parlour.tui.app", None)
    monkeypatch.setattr(play, "use_full_screen", lambda arguments: True)
    monkeypatch.setattr(sys, "stdin", io.StringIO("quit\n"))
    printed = io.StringIO()
    monkeypatch.setattr(sys, "stdout", printed)
    arguments = argparse.Namespace(palette="default", no_colour=True)
    assert play.run_match(dracula_match(), arguments) == 0
    assert printed.getvalue().startswith(tr("en", "textual_missing"))
    assert "Game abandoned." in printed.getvalue()


def test_sentences_and_palettes() -> None:
    assert move_sentence("dracula", "Ana", "QH b2", "en") == "Ana places Q♡ at b2."
    assert move_sentence("dracula", "Ana", "QH b2", "fr") == "Ana pose Q♡ en b2."
    assert move_sentence("thracula", "Ana", "take a2", "en") == (
        "Ana takes the face-down card at a2."
    )
    assert move_sentence("casino", "Ana", "7S take 2H+5D", "en") == "Ana: 7♠ take 2♡+5♢."
    assert pretty_move("QH b2") == "Q♡ b2"
    assert tr("fr", "undone").startswith("Coup annulé")
    four = TableStyle(colour=True, palette="four-colour")
    assert four.card("2D") == "\x1b[34m2♢\x1b[0m" and four.card("2C") == "\x1b[32m2♣\x1b[0m"
    assert TableStyle(colour=True).card("2D") == "\x1b[31m2♢\x1b[0m"
    assert TableStyle(colour=False, palette="four-colour").card("2D") == "2♢"
    with pytest.raises(parlour.InvalidOptionError, match="palettes: default, four-colour"):
        TableStyle(palette="pink")


def test_undo_after_resume_keeps_the_deal(private_data_dir: Path) -> None:
    match = dracula_match()
    match.submit(0, match.table.legal_moves(0)[0][0])  # the direction
    while match.human_to_act() is None:
        match.play_bot()
    before_move = match.table.snapshot().serialize()
    match.submit(0, match.table.legal_moves(0)[-1][0])
    while match.human_to_act() is None and not match.is_over():
        match.play_bot()
    resumed, _ = Match.resume(match.save(), stats=None)
    assert resumed.undo().startswith("Undone")
    assert resumed.table.snapshot().serialize() == before_move


def test_hints_say_why_with_whatever_the_bot_exposes() -> None:
    game = parlour.load_game("thracula", deals=1)
    state = game.new_initial_state(seed=3)
    view = state.view(state.current_player())

    class Explaining:
        name = "explaining"

        def explain(self, view: object, action: int) -> str:
            return "it blocks the longest line\nand more"

    class Valued:
        name = "valued"

        def __init__(self) -> None:
            self.last_values = {view.legal_actions[0]: 12.5, view.legal_actions[1]: 3.0}

    first = view.legal_actions[0]
    assert hints.explain_choice(Explaining(), view, first, "en") == "it blocks the longest line"
    assert hints.explain_choice(Valued(), view, first, "en") == (
        "expected lead +12.5 points (next best move +3.0)"
    )
    assert "random bot" in hints.explain_choice(make_bot("random", 1), view, first, "en")


def test_the_hard_hint_says_why_in_words_and_keeps_the_figures_for_details(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from parlour.bots import BOT_KINDS

    if "hard" not in BOT_KINDS:
        pytest.skip("no hard bot installed")
    monkeypatch.setattr(hints, "hint_bot_kind", lambda: "hard")
    game = parlour.load_game("thracula", deals=1)
    state = game.new_initial_state(seed=3)
    hint = hints.hint_for(state.view(state.current_player()), 3, "en", budget=QUICK_BUDGET)
    assert hint.action in state.legal_actions()
    assert hint.reason and "±" not in hint.reason and "imagined" not in hint.reason
    assert hint.text in hint.details and "±" in hint.details


def test_a_broken_data_directory_never_loses_the_game(
    private_data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocker = private_data_dir / "not-a-directory"
    blocker.write_text("", encoding="utf-8")
    monkeypatch.setenv("PARLOUR_DATA_DIR", str(blocker))
    match = dracula_match()
    table, out = table_for(match, "rows\n" + "1\n" * 8)
    assert table.play() == 0
    assert "Final: You" in out.getvalue()
    assert "statistics not saved:" in out.getvalue()


THIRD_PERSON_FOR_YOU = re.compile(
    r"\bYou (plays|places|chooses|takes|puts|adds|wins|starts|says|pays|has|holds|stops)\b"
    r"|\bVous (joue|pose|choisit|prend|ajoute|emporte|la remporte|repart|paie|oublie|n'a|a|"
    r"gagne|double|donne)\b"
)


@pytest.mark.parametrize(
    ("lang", "name"),
    [(lang, name) for lang in ("en", "fr") for name in parlour.game_names()],
)
def test_the_lone_player_is_spoken_to_in_the_second_person(lang: str, name: str) -> None:
    you = "You" if lang == "en" else "Vous"
    game = parlour.load_game(name)
    names = [you] + [f"Bot {seat + 1}" for seat in range(1, game.num_players)]
    match = Match.new(game, seed=8, humans=[0], opponent="random", names=names, lang=lang)
    style = Style(lang=lang)
    tables = []
    while not match.is_over():
        seat = match.human_to_act()
        if seat is None:
            match.play_bot()
        else:
            tables.append(match.table_text(0, style))
            match.submit(seat, match.table.legal_moves(seat)[0][0])
    text = "\n".join(match.log_sentences() + tables + match.result_lines())
    wrong = THIRD_PERSON_FOR_YOU.findall(text)
    assert not wrong, (name, wrong[:5])


def test_no_game_named_lists_the_games(private_data_dir: Path) -> None:
    result = run(["play"], "", private_data_dir)
    assert result.returncode == 2
    assert result.stderr.strip() == "parlour: name a game to play: " + ", ".join(
        parlour.game_names()
    )


def test_hot_seat_undo_follows_the_table_policy_and_hands_the_keyboard_back() -> None:
    game = parlour.load_game("dracula", deals=1, first_dealer=0)
    match = Match.new(
        game, seed=3, humans=[0, 1], opponent="random", names=["Ann", "Ben"], stats=None
    )
    first = match.human_to_act()
    assert first is not None
    second = 1 - first
    table, out = table_for(match, "1\nundo\n1\n1\nundo\nquit\n")  # a card, then its cell
    assert table.play() == 0
    text = out.getvalue()
    # The direction is followed by the deal: a card was revealed, no undo.
    assert "Too late to undo: a card was revealed since your move." in text
    # The second player's card move is taken back, and the keyboard goes back to them.
    after = text.split("Undone: you are back at your last decision.")[1]
    assert f"--- {match.names[second]}'s turn ---" in after
    assert match.table.moves_played()[-1].seat == first


def test_the_full_screen_table_gets_the_bot_speed(monkeypatch: pytest.MonkeyPatch) -> None:
    import types

    received: dict[str, object] = {}

    def fake_run_app(
        match: Match, *, palette: str = "default", colour: bool = True, bot_delay: float = 0.0
    ) -> int:
        received["bot_delay"] = bot_delay
        return 0

    monkeypatch.setitem(sys.modules, "parlour.tui.app", types.SimpleNamespace(run_app=fake_run_app))
    monkeypatch.setattr(play, "use_full_screen", lambda arguments: True)
    arguments = argparse.Namespace(palette="default", no_colour=True, speed=1.5)
    assert play.run_match(dracula_match(), arguments) == 0
    assert received == {"bot_delay": 1.5}


def test_speed_is_seconds_from_0_to_60() -> None:
    assert play.seconds("0") == 0.0 and play.seconds("0.6") == 0.6
    for bad in ("-1", "61", "fast"):
        with pytest.raises(argparse.ArgumentTypeError):
            play.seconds(bad)


def test_a_move_made_in_steps_is_told_once_when_complete() -> None:
    game = parlour.load_game("casino")
    match = Match.new(game, seed=4, humans=[], opponent="random", names=["Ana", "Bob"])
    printed: list[str] = match.log_sentences()  # what was said before the first move
    while not match.is_over():
        printed.extend(match.play_bot())
    steps = {move.text.split()[-1] for move in match.table.moves_played()}
    assert "take" in steps  # the game had moves in several steps
    generic = [line for line in printed if re.search(r"^(Ana|Bob): \S+ (take|build \d+)\.$", line)]
    assert generic == []
    assert printed == match.log_sentences()
    assert any(" takes " in line for line in printed)


class TerminalInput(io.StringIO):
    """Input that says it is a terminal (so ``play`` asks its questions)."""

    def isatty(self) -> bool:
        return True


def saved_dracula_match(store: SqliteTableStore) -> Match:
    """A Dracula match of one deal saved in ``store`` after its first move
    (rows), for the tests of resuming it."""
    game = parlour.load_game("dracula", deals=1, first_dealer=0)
    match = Match.new(
        game, seed=5, humans=[0], opponent="random", names=["You", "Bot 2"], store=store
    )
    match.submit(0, "rows")
    return match


@pytest.mark.parametrize(
    ("lang", "answers", "resumed", "again"),
    [
        ("en", "maybe\ny\n", True, "Answer y (yes: resume it) or n (no: a new game)."),
        ("en", "\nno\n", False, "Answer y (yes: resume it) or n (no: a new game)."),
        ("fr", "peut-être\noui\n", True, "Répondez o (oui\u00a0: la reprendre) ou n (non"),
    ],
)
def test_an_unclear_answer_to_resume_it_is_asked_again(
    monkeypatch: pytest.MonkeyPatch, lang: str, answers: str, resumed: bool, again: str
) -> None:
    from parlour.table import SqliteTableStore

    earlier = saved_dracula_match(SqliteTableStore())
    namespace = argparse.Namespace(new=False, lang=lang, no_stats=True)
    monkeypatch.setattr(sys, "stdin", TerminalInput(answers))
    printed = io.StringIO()
    monkeypatch.setattr(sys, "stdout", printed)
    found = play.offer_resume(earlier.game, namespace, interactive=True)
    assert again in printed.getvalue()
    assert (found is not None) is resumed
    if found is not None:
        assert found.table.id == earlier.table.id


def test_help_gives_an_example_of_this_game(private_data_dir: Path) -> None:
    """Issue 31: ``help`` in Casino gave Dracula's 'QH b2' as its example."""
    result = run(["play", "casino", "--seed", "3", "--plain"], "help\nquit\n", private_data_dir)
    assert result.returncode == 0, result.stdout[-1500:]
    help_text = result.stdout.split("Type a move as text", 1)[1].split("\n", 1)[0]
    assert "QH b2" not in help_text and "b2" not in help_text, help_text
    assert "e.g. '" in help_text


def test_casinos_grouped_moves_say_what_each_may_take(private_data_dir: Path) -> None:
    """Issue 31: Casino's move codes ("2S take") did not say what is taken; a
    card's moves now say what each may use on the table."""
    result = run(
        ["play", "casino", "--seed", "117", "--plain", "--opponent", "random", "--new"],
        "1\n2\nquit\n",
        private_data_dir,
    )
    assert result.returncode == 0, result.stdout[-1500:]
    listed = result.stdout.split("Moves with 2S:", 1)[1].split("Which one", 1)[0]
    assert "2S take (from 2♣)" in listed
    assert "2S build 10 (from A♣ 7♣)" in listed
    assert "You play 2♠ and take 2♣." in result.stdout


@pytest.mark.parametrize("typed", ["4H build 7", "4H build 7 with 3C"])
def test_one_undo_takes_back_a_whole_move_made_in_steps(typed: str) -> None:
    """Playtest: ``undo`` after ``4H build 7`` (a Casino move of several steps,
    the last one played for the person) stopped halfway ("Move being made by
    You: 4♡ build 7") and needed a second undo. Undo goes back to the person's
    previous decision (docs/terminal.md): the whole move."""
    from parlour.cli.learn import lesson_match

    match, _coach = lesson_match("casino", "en")  # 4♡ in hand, 3♣ on the table
    start = match.table.history_length()
    table, out = table_for(match, f"{typed}\nundo\nquit\n")
    table.play()
    after_undo = out.getvalue().split("your move: undo", 1)[1]
    assert "Move being made" not in after_undo and "is not finished" not in after_undo
    assert match.table.history_length() == start
    assert match.move_in_steps() is None
    assert match.undo_count == 1


def test_undo_within_a_move_being_made_takes_back_one_step() -> None:
    """While a move is being made step by step, undo takes back the last step
    typed (Escape, or backing out, takes back the whole move being made)."""
    from parlour.cli.learn import lesson_match

    match, _coach = lesson_match("casino", "en")
    start = match.table.history_length()
    table, out = table_for(match, "5D take\nundo\nquit\n")
    table.play()
    assert match.table.history_length() == start
    assert "Undone" in out.getvalue()


def test_a_whole_move_with_a_card_not_held_is_refused_by_its_rule_not_by_seat_number() -> None:
    """Playtest: ``9C take 4C`` (9♣ not in hand) answered "casino: '9C take 4C'
    is not legal for seat 0: …": the engine's message, with the seat's number."""
    from parlour.cli.learn import lesson_match

    match, _coach = lesson_match("casino", "en")
    held = {text for text in match.view(0).observation["hand"]}
    missing = next(card for card in ("9C", "9S", "9H", "9D") if card not in held)
    table, out = table_for(match, f"{missing} take 4C\nquit\n")
    table.play()
    said = out.getvalue()
    assert f"Not allowed: you do not hold {missing}" in said, said[-600:]
    assert "seat 0" not in said and "casino:" not in said


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_rules_in_the_line_mode_are_plain_text(lang: str) -> None:
    """Playtest: ``rules`` in ``parlour play casino --plain`` printed "## Typing
    a move", "`7H take 3S+4D`" and "- `court_capture`: `one`, …"."""
    game = parlour.load_game("casino", players=3)
    names = ["You", "Bot 2", "Bot 3"] if lang == "en" else ["Vous", "Robot 2", "Robot 3"]
    match = Match.new(game, seed=1, humans=[0], opponent="random", names=names, lang=lang)
    command = "rules" if lang == "en" else "règles"
    table, out = table_for(match, f"{command}\nquit\n")
    table.play()
    page = out.getvalue().split(command, 1)[1]
    assert "#" not in page and "`" not in page and "**" not in page
    if lang == "en":
        assert "Typing a move\n-------------\n" in page
        assert "'7H take 3S+4D'" in page and "- 'court_capture': 'one', 'all'" in page
    else:
        assert "Jouer au clavier\n----------------\n" in page
        assert "«\u00a07♥ prend 3♠+4♦\u00a0»" in page


def casino_turn_with_a_nine_and_a_small_loose_card(lang: str) -> tuple[Match, str]:
    """A three-player Casino table where the person holds a nine and a loose card
    of a lower value lies on the table; the move that takes it with the nine."""
    for seed in range(200):
        game = parlour.load_game("casino", players=3)
        names = ["You", "Bot 2", "Bot 3"] if lang == "en" else ["Vous", "Robot 2", "Robot 3"]
        match = Match.new(game, seed=seed, humans=[0], opponent="random", names=names, lang=lang)
        while match.human_to_act() is None:
            match.play_bot()
        observation = match.view(0).observation
        nine = next((card for card in observation["hand"] if card.startswith("9")), None)
        small = [card for card in observation["loose"] if card[0] in "2345678"]
        if nine and small:
            return match, f"{nine} take {small[0]}"
    raise AssertionError("no such table in 200 seeds")


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_whole_move_whose_group_misses_the_value_says_the_rule_not_the_seat(lang: str) -> None:
    """Playtest: ``9C take 4C`` at three players answered "casino: '9C take 4C'
    is not legal for seat 0: every group taken must add up to 9 …"."""
    match, typed = casino_turn_with_a_nine_and_a_small_loose_card(lang)
    table, out = table_for(match, f"{typed}\nquit\n")
    table.play()
    said = out.getvalue()
    assert "seat 0" not in said and "casino:" not in said
    if lang == "en":
        assert "Not allowed: every group taken must add up to 9" in said, said[-400:]
    else:
        assert "Interdit\u00a0: chaque groupe pris doit faire 9" in said, said[-400:]


def casino_capture_begun(lang: str) -> tuple[Match, str, str]:
    """A Casino table where the person has begun a capture (``9C take``) that
    goes on in steps; the capture's text and its next step."""
    you, bot = ("You", "Bot") if lang == "en" else ("Vous", "Robot")
    for seed in range(200):
        game = parlour.load_game("casino", players=3)
        names = [you, f"{bot} 2", f"{bot} 3"]
        match = Match.new(game, seed=seed, humans=[0], opponent="random", names=names, lang=lang)
        while match.human_to_act() is None:
            match.play_bot()
        takes = [text for text in match.view(0).action_texts if text.endswith(" take")]
        if not takes:
            continue
        match.submit(0, takes[0])
        steps = [text for text in match.view(0).action_texts if text != "done"]
        if match.move_in_steps() == 0 and len(steps) > 1:
            return match, takes[0], steps[0]
    raise AssertionError("no capture in steps in 200 seeds")


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_capture_typed_again_from_its_start_goes_on_with_its_next_step(lang: str) -> None:
    """tmux: after ``9C take``, typing the whole ``9C take 4C`` answered "'9C take
    4C': 'take' is neither a card, a build (b<value>) nor 'done'; the move so
    far: 9C take" (in French: not a move here). The words already made are
    read as such, and the rest is the next step."""
    match, begun, step = casino_capture_begun(lang)
    before = match.table.history_length()
    typed = shown_move(f"{begun} {step}", lang)
    table, out = table_for(match, f"{typed}\nquit\n")
    table.play()
    said = out.getvalue().split(typed, 1)[1]
    assert "neither a card" not in said and "pas un coup ici" not in said, said
    played = [move.text for move in match.table.moves_played() if move.step >= before]
    assert played[0] == step, played


@pytest.mark.parametrize(
    ("lang", "own"),
    [
        ("en", "Only move: played {card} for you."),
        ("fr", "Seul coup possible : {card} joué pour vous."),
    ],
)
def test_a_card_the_game_plays_for_the_person_here_says_so_and_hot_seat_keeps_names(
    lang: str, own: str
) -> None:
    """Nain Jaune plays a seat's only legal card itself, inside a move: the
    person at the terminal read "You play 7♣." as if they had chosen it. Their
    log now says the game played it for them (as the browser's does); at a hot
    seat, where the log is everyone's, each card keeps its player's name."""
    from parlour.games.nain_jaune.events import CardPlayed

    game = parlour.load_game("nain-jaune", players=5, max_deals=1)

    def finished(humans: list[int], names: list[str]) -> Match:
        match = Match.new(game, seed=3, humans=humans, opponent="random", names=names, lang=lang)
        return played_out(match)

    alone = finished([0], [{"en": "You", "fr": "Vous"}[lang], "Bot 2", "Bot 3", "Bot 4", "Bot 5"])
    style = Style(lang=lang)
    forced = [
        event.card
        for _, event in alone.table.events_for(0)
        if isinstance(event, CardPlayed) and event.forced and event.seat == 0
    ]
    assert forced, "seed 3 must give the person a forced card"
    said = alone.log_sentences()
    for card in forced:
        assert own.format(card=style.card(card)) in said
    hot_seat = finished([0, 1], ["Ann", "Bea", "Bot 3", "Bot 4", "Bot 5"])
    assert not [line for line in hot_seat.log_sentences() if own.split("{")[0] in line]


@pytest.mark.parametrize("command", ["play", "resume"])
def test_a_resumed_game_is_announced_only_in_the_line_mode(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, command: str
) -> None:
    """A playtest quit a resumed game full screen and read "Casino: 21 moves
    played." above "Final: …": the line printed before the full screen opened
    stayed on the terminal, read as the game's end with a stale count."""
    import types

    from parlour.cli import build_parser
    from parlour.table import SqliteTableStore

    monkeypatch.setenv("PARLOUR_DATA_DIR", str(tmp_path))
    earlier = saved_dracula_match(SqliteTableStore())
    announced = tr("en", "resumed", title="Dracula", moves="")[: len("Dracula:")]

    def fake_run_app(
        match: Match, *, palette: str = "default", colour: bool = True, bot_delay: float = 0.0
    ) -> int:
        return 0

    monkeypatch.setitem(sys.modules, "parlour.tui.app", types.SimpleNamespace(run_app=fake_run_app))
    for full_screen in (True, False):
        monkeypatch.setattr(play, "use_full_screen", lambda arguments, full=full_screen: full)
        monkeypatch.setattr(sys, "stdin", TerminalInput("y\nquit\n"))
        printed = io.StringIO()
        monkeypatch.setattr(sys, "stdout", printed)
        words = ["play", "dracula", "-o", "deals=1"] if command == "play" else ["resume"]
        if command == "resume":
            words.append(str(earlier.table.id))
        arguments = build_parser().parse_args([*words, "--no-stats"])
        arguments.run(arguments)
        lines = printed.getvalue().splitlines()
        assert any(announced in line for line in lines) is not full_screen, lines


def test_the_line_modes_pause_names_what_ended() -> None:
    """Casino's pause said "End of the deal" after "Round 1 scored": it names
    what the score sheet counts, a round."""
    game = parlour.load_game("casino")
    match = Match.new(game, seed=3, humans=[0], opponent="random", names=["You", "Bot 2"])
    out = io.StringIO()
    table = TerminalTable(
        match,
        make_style(palette="default", lang="en", colour=False),
        stdin=TerminalInput("1\n" * 200 + "quit\nn\n"),
        stdout=out,
    )
    table.play()
    said = out.getvalue()
    assert "End of the round. Press Enter to go on." in said, said[-2000:]
    assert "End of the deal" not in said
