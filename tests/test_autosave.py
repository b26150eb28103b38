"""Never lose a game: every terminal game is stored from its first move, Ctrl-C
saves and says how to resume, a killed process loses nothing, an unfinished game
is offered again, a finished one is kept for replay, and "play again"."""

from __future__ import annotations

import argparse
import io
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

import parlour
from parlour.cli.play import TerminalTable
from parlour.i18n import tr
from parlour.render import Style
from parlour.table import SqliteTableStore, Table
from parlour.tui.session import Match, unfinished_tables

SOURCES = str(Path(parlour.__file__).resolve().parents[1])
"""The sources under test, for the subprocesses (not whatever is installed)."""

PROMPT = "You, your move: "


@pytest.fixture(autouse=True)
def private_data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("PARLOUR_DATA_DIR", str(tmp_path))
    return tmp_path


def environment(data: Path) -> dict[str, str]:
    return {
        "NO_COLOR": "1",
        "PATH": "/usr/bin:/bin",
        "PYTHONPATH": SOURCES,
        "PARLOUR_DATA_DIR": str(data),
    }


def run(args: list[str], stdin: str, data: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "parlour", *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=120,
        env=environment(data),
    )


def wait_for(path: Path, count: int, text: str = PROMPT, seconds: float = 60.0) -> str:
    """The output so far once ``text`` has appeared ``count`` times in it."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        output = path.read_text(encoding="utf-8")
        if output.count(text) >= count:
            return output
        time.sleep(0.05)
    raise AssertionError(f"{text!r} did not appear {count} times:\n{path.read_text()}")


def last_table(output: str) -> str:
    """What was shown just before the last move prompt: the table and the moves."""
    before = output[: output.rindex(PROMPT)]
    return before[before.rindex("\n\n") :]


def play_then_stop(data: Path, stop: signal.Signals, moves: int) -> tuple[str, int]:
    """Play ``moves`` of a real ``parlour play`` process, wait for the next
    prompt, stop the process with ``stop``; return its output and exit code."""
    log = data / "output.txt"
    with log.open("w", encoding="utf-8") as output:
        process = subprocess.Popen(
            [sys.executable, "-m", "parlour", "play", "colour-blind", "--plain", "--seed", "11"],
            stdin=subprocess.PIPE,
            stdout=output,
            stderr=subprocess.STDOUT,
            text=True,
            env=environment(data),
            # Ctrl-C as at a terminal: a suite started as a background job
            # (`… &` in a script) ignores SIGINT, and its children inherit that.
            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
        )
        assert process.stdin is not None
        for number in range(1, moves + 1):
            wait_for(log, number)
            process.stdin.write("1\n")
            process.stdin.flush()
        wait_for(log, moves + 1)
        process.send_signal(stop)
        code = process.wait(timeout=60)
        process.stdin.close()
    return log.read_text(encoding="utf-8"), code


def only_table_id(data: Path) -> str:
    (item,) = SqliteTableStore(data / "tables.sqlite3").list()
    return str(item["id"])


@pytest.mark.parametrize("stop", [signal.SIGINT, signal.SIGKILL], ids=["ctrl-c", "kill-9"])
def test_an_interrupted_game_resumes_at_the_same_move(
    private_data_dir: Path, stop: signal.Signals
) -> None:
    output, code = play_then_stop(private_data_dir, stop, moves=3)
    identifier = only_table_id(private_data_dir)
    if stop == signal.SIGINT:
        assert code == 130
        assert tr("en", "interrupted") in output
        assert f"Resume it with: parlour resume {identifier}" in output
        assert "Traceback" not in output
    else:
        assert code == -signal.SIGKILL
    table = Table.open(identifier, SqliteTableStore(private_data_dir / "tables.sqlite3"))
    assert [move.seat for move in table.moves_played()].count(0) == 3
    assert table.seat_to_act() == 0
    resumed = run(["resume", identifier, "--plain"], "", private_data_dir)
    assert last_table(resumed.stdout) == last_table(output)
    assert f"{table.moves_played().__len__()} moves played" in resumed.stdout


def test_every_move_is_stored_before_the_next_prompt(private_data_dir: Path) -> None:
    result = run(
        ["play", "dracula", "-o", "deals=1", "--seed", "3", "--plain"], "1\n", private_data_dir
    )
    identifier = only_table_id(private_data_dir)
    assert f"Resume it with: parlour resume {identifier}" in result.stdout
    table = Table.open(identifier, SqliteTableStore(private_data_dir / "tables.sqlite3"))
    assert table.version >= 1


def test_piped_play_never_asks_to_resume_but_says_so_in_one_line(private_data_dir: Path) -> None:
    run(["play", "dracula", "--seed", "3", "--plain"], "", private_data_dir)
    first = only_table_id(private_data_dir)
    again = run(["play", "dracula", "--seed", "4", "--plain"], "", private_data_dir)
    lines = [line for line in again.stdout.splitlines() if first in line]
    assert lines == [
        f"(An unfinished game of Dracula is saved: parlour resume {first}. Starting a new one.)"
    ]
    skipped = run(["play", "dracula", "--seed", "4", "--plain", "--new"], "", private_data_dir)
    assert "An unfinished game" not in skipped.stdout
    assert len(unfinished_tables("dracula")) == 3
    assert unfinished_tables("casino") == []


def test_a_finished_game_is_kept_and_replays(private_data_dir: Path) -> None:
    result = run(
        ["play", "dracula", "-o", "deals=1", "--humans", "0", "--plain"], "", private_data_dir
    )
    identifier = only_table_id(private_data_dir)
    assert f"The game is kept: see it again with: parlour replay {identifier}" in result.stdout
    assert unfinished_tables("dracula") == []
    replay = run(["replay", identifier, "--plain"], "", private_data_dir)
    assert replay.returncode == 0, replay.stderr
    assert "Game over" in replay.stdout or "Final" in replay.stdout


class Terminal(io.StringIO):
    """Input that says it is a terminal (so the line mode asks its questions)."""

    def isatty(self) -> bool:
        return True


def test_play_again_and_deal_pauses_at_a_terminal() -> None:
    game = parlour.load_game("dracula", deals=2)
    store = SqliteTableStore()
    match = Match.new(game, humans=[], opponent="random", names=["Bot 1", "Bot 2"], store=store)
    out = io.StringIO()
    # Two games of two deals: one pause after the first deal of each, then
    # "play again?" yes, then no.
    answers = Terminal("\n" + "y\n" + "\n" + "n\n")
    table = TerminalTable(match, Style(), stdin=answers, stdout=out, speed=0.0)
    assert table.play() == 0
    text = out.getvalue()
    assert text.count("End of the deal. Press Enter to go on. ") == 2
    assert text.count("Deal 1 scored: Bot 1 ") == 2
    assert text.count("Play again? [y/n] ") == 2
    assert len(store.list(finished=True)) == 2
    assert table.match is not match
    assert table.match.names == match.names and table.match.game.options == match.game.options


def test_piped_input_never_waits_at_a_deal_end() -> None:
    game = parlour.load_game("dracula", deals=2)
    match = Match.new(game, humans=[], opponent="random", names=["Bot 1", "Bot 2"])
    out = io.StringIO()
    table = TerminalTable(match, Style(), stdin=io.StringIO(""), stdout=out)
    assert table.play() == 0
    assert "Press Enter" not in out.getvalue() and "Play again" not in out.getvalue()


def test_save_and_say_copies_a_table_kept_in_memory() -> None:
    game = parlour.load_game("dracula", deals=1)
    match = Match.new(game, seed=2, humans=[0], opponent="random", names=["You", "Bot 2"])
    assert not match.is_stored()
    lines = match.save_and_say()
    assert match.is_stored()
    assert lines[1] == f"Resume it with: parlour resume {match.table.id}"
    assert [item["id"] for item in unfinished_tables("dracula")] == [match.table.id]


def test_a_store_that_cannot_be_written_is_a_sentence(
    private_data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = parlour.load_game("dracula", deals=1)
    match = Match.new(game, seed=2, humans=[0], opponent="random", names=["You", "Bot 2"])
    blocked = private_data_dir / "blocked"
    blocked.write_text("a file where the folder should be")
    monkeypatch.setenv("PARLOUR_DATA_DIR", str(blocked))
    (line,) = match.save_and_say()
    assert line.startswith("The game could not be saved: ")
    assert not match.is_stored()


def test_bots_are_paced_by_the_speed() -> None:
    game = parlour.load_game("dracula", deals=1)
    match = Match.new(game, seed=2, humans=[], opponent="random", names=["Bot 1", "Bot 2"])
    waits: list[float] = []
    out = io.StringIO()
    table = TerminalTable(match, Style(), stdin=io.StringIO(""), stdout=out, speed=0.25)
    table.sleep = waits.append
    assert table.play() == 0
    assert waits and set(waits) == {0.25}
    assert len(waits) == match.moves_played()


def test_an_unusable_data_folder_plays_on_unsaved_and_says_so(tmp_path: Path) -> None:
    not_a_folder = tmp_path / "plain-file"
    not_a_folder.write_text("x")
    result = run(["play", "dracula", "--plain", "--seed", "2"], "1\n", not_a_folder)
    assert "Traceback" not in result.stderr
    assert "(This game cannot be saved: the table store " in result.stdout
    assert "Dracula. Type 'help' for help." in result.stdout


def test_a_damaged_table_store_plays_on_unsaved_and_is_listed_as_damaged(
    private_data_dir: Path,
) -> None:
    (private_data_dir / "tables.sqlite3").write_bytes(b"not a database at all" * 300)
    result = run(["play", "dracula", "--plain", "--seed", "2"], "1\n", private_data_dir)
    assert "Traceback" not in result.stderr
    assert "(This game cannot be saved: " in result.stdout
    listing = run(["resume"], "", private_data_dir)
    assert "tables.sqlite3" in listing.stdout and "damaged" in listing.stdout


def stored_dracula() -> Match:
    """A short Dracula against a bot, written to the table store from its first move."""
    game = parlour.load_game("dracula", deals=1, first_dealer=0)
    return Match.new(
        game,
        seed=5,
        humans=[0],
        opponent="random",
        names=["You", "Bot 2"],
        store=SqliteTableStore(),
    )


def test_answering_no_when_quitting_forgets_the_game() -> None:
    match = stored_dracula()
    out = io.StringIO()
    table = TerminalTable(match, Style(), stdin=Terminal("rows\nquit\nn\n"), stdout=out)
    assert table.play() == 0
    assert unfinished_tables("dracula") == []
    # Playtest: "Game abandoned." was followed by "Play again?", and the next
    # thing typed was taken as its answer: a person who quits is not asked.
    assert tr("en", "abandoned") in out.getvalue()
    assert tr("en", "play_again").strip().split("?")[0] not in out.getvalue()
    assert "Game abandoned." in out.getvalue()
    kept = stored_dracula()
    out = io.StringIO()
    table = TerminalTable(kept, Style(), stdin=Terminal("rows\nquit\ny\n"), stdout=out)
    assert table.play() == 0
    assert [item["id"] for item in unfinished_tables("dracula")] == [kept.table.id]
    assert f"Resume it with: parlour resume {kept.table.id}" in out.getvalue()


class Counting(TerminalTable):
    """A line mode that records, at each deal's end, the notes said and whether
    the person was asked anything during the deal."""

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.asked = 0
        self.deals: list[tuple[int, list[str], set[int]]] = []

    def ask(self, prompt: str) -> str:
        self.asked += 1
        return super().ask(prompt)

    def deal_ended(self, deal_start: int) -> None:
        notes = self.match.forced_notes(deal_start)
        self.deals.append((self.asked, notes, self.match.forced_seats(deal_start)))
        self.asked = 0
        super().deal_ended(deal_start)


def test_a_deal_with_nothing_to_decide_is_said_and_only_then() -> None:
    said = 0
    for seed in range(6):
        game = parlour.load_game("nain-jaune", players=8)
        names = ["You"] + [f"Bot {seat}" for seat in range(2, 9)]
        match = Match.new(game, seed=seed, humans=[0], opponent="random", names=names)
        out = io.StringIO()
        table = Counting(match, Style(), stdin=io.StringIO("1\n" * 2000), stdout=out)
        assert table.play() == 0
        for asked, notes, forced in table.deals:
            assert bool(notes) == (asked == 0 and 0 in forced)
            if notes:
                assert notes == [tr("en", "all_forced_you")]
                said += 1
        assert out.getvalue().count(tr("en", "all_forced_you")) == sum(
            1 for _, notes, _ in table.deals if notes
        )
    assert said > 0


def test_at_a_terminal_play_offers_the_unfinished_game(monkeypatch: pytest.MonkeyPatch) -> None:
    from parlour.cli import play

    game = parlour.load_game("dracula", deals=1, first_dealer=0)
    names = ["You", "Bot 2"]
    earlier = Match.new(
        game, seed=5, humans=[0], opponent="random", names=names, store=SqliteTableStore()
    )
    earlier.submit(0, "rows")
    namespace = argparse.Namespace(new=False, lang="en", no_stats=True)
    monkeypatch.setattr(sys, "stdin", Terminal("y\n"))
    printed = io.StringIO()
    monkeypatch.setattr(sys, "stdout", printed)
    resumed = play.offer_resume(game, namespace, interactive=True)
    assert resumed is not None and resumed.table.id == earlier.table.id
    assert resumed.moves_played() == earlier.moves_played()
    assert "An unfinished game of Dracula (1 move, " in printed.getvalue()
    monkeypatch.setattr(sys, "stdin", Terminal("n\n"))
    assert play.offer_resume(game, namespace, interactive=True) is None
    namespace.new = True
    assert play.offer_resume(game, namespace, interactive=True) is None


@pytest.mark.parametrize(
    ("lang", "answers", "kept", "again"),
    [
        ("en", "maybe\n\nno\n", False, "Answer y (yes: save it) or n (no: forget it)."),
        ("en", "ok\nyes\n", True, "Answer y (yes: save it) or n (no: forget it)."),
        ("fr", "peut-être\noui\n", True, "Répondez o (oui\u00a0: l'enregistrer) ou n (non"),
    ],
)
def test_an_unclear_answer_to_save_the_game_is_asked_again(
    lang: str, answers: str, kept: bool, again: str
) -> None:
    """Playtest: "Save the game? [y/n]" answered with anything but y abandoned
    the game; an answer that is neither yes nor no is asked again."""
    match = stored_dracula()
    match.set_language(lang)
    out = io.StringIO()
    quit_word = "quit" if lang == "en" else "quitter"
    script = Terminal(f"rows\n{quit_word}\n{answers}")
    assert TerminalTable(match, Style(lang=lang), stdin=script, stdout=out).play() == 0
    printed = out.getvalue()
    asked = tr(lang, "save_question").strip()
    assert printed.count(again) == answers.count("\n") - 1, printed[-800:]
    assert printed.count(asked.split(" ?")[0].split("?")[0]) == answers.count("\n"), printed[-800:]
    assert bool(unfinished_tables("dracula")) is kept


def test_input_ending_at_the_save_question_keeps_the_game() -> None:
    """Ctrl-D (the end of input) at "Save the game?", even after an unclear
    answer, loses nothing: the game stays stored and the way back is said."""
    match = stored_dracula()
    out = io.StringIO()
    script = Terminal("rows\nquit\nmaybe\n")
    assert TerminalTable(match, Style(), stdin=script, stdout=out).play() == 0
    assert [item["id"] for item in unfinished_tables("dracula")] == [match.table.id]
    assert f"Resume it with: parlour resume {match.table.id}" in out.getvalue()
