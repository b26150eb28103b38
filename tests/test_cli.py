"""The command line, driven as a user would: piped input, help, errors."""

from __future__ import annotations

import io
import re
import subprocess
import sys
from pathlib import Path

import pytest

import parlour
from parlour.cli import main
from parlour.cli.play import TerminalTable
from parlour.core.registry import game_parts
from parlour.render import Style
from parlour.tui.session import Match

SOURCES = str(Path(parlour.__file__).resolve().parents[1])
"""The sources under test, for the subprocesses (not whatever is installed)."""


def run(
    args: list[str], stdin: str = "", data: Path | None = None
) -> subprocess.CompletedProcess[str]:
    """``parlour ARGS`` in a fresh process (``data``: its data folder, for
    commands that save a game)."""
    env = {"NO_COLOR": "1", "PATH": "/usr/bin:/bin", "PYTHONPATH": SOURCES}
    if data is not None:
        env["PARLOUR_DATA_DIR"] = str(data)
    return subprocess.run(
        [sys.executable, "-m", "parlour", *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
    )


def test_list_shows_every_game_with_player_counts() -> None:
    result = run(["list"])
    assert result.returncode == 0
    for name in parlour.game_names():
        assert name in result.stdout
    assert "dracula" in result.stdout and "2 players" in result.stdout
    # In French too (the playtest's LANG=fr_FR read an English list).
    french = run(["list", "--lang", "fr"])
    assert french.returncode == 0 and "2 joueurs" in french.stdout
    for name in parlour.game_names():
        summary = parlour.game_class(name).info.summary_text("fr")
        assert f"{name} " in french.stdout and summary in french.stdout


def test_rules_shows_how_to_play_and_reference_the_full_page_with_options() -> None:
    result = run(["rules", "dracula"])
    assert result.returncode == 0
    assert result.stdout.startswith("Dracula: how to play\n====================\n")
    assert "tie_bonus_basis = made | scored" not in result.stdout
    reference = run(["rules", "dracula", "--reference"])
    assert reference.stdout.startswith("Dracula\n=======\n")
    assert "tie_bonus_basis = made | scored" in reference.stdout


MARKDOWN_MARKS = re.compile(r"`|\*\*|^#|\|\s*:?-{3}|\\[*_`]|(?<![\w_])_[^_\s]+_(?![\w_])")
"""What Markdown's marks look like on a page printed raw: backticks, bold,
headings, a table's rule, escapes, _italics_."""


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize(
    # The games that declare pages (a game with its rules alone has none: the kit).
    "name",
    [name for name in parlour.game_names() if game_parts(name).file("pages") is not None],
)
def test_rules_prints_the_page_as_plain_text_within_79_columns(
    name: str, lang: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Playtest: ``rules`` printed the Markdown itself ("## Typing a move",
    "`7H take 3S+4D`", "- `court_capture`: `one`, …"). The pages are plain text
    now: headings underlined, what is typed quoted, lines wrapped at 79."""
    arguments = ["rules", name, "--lang", lang]
    assert main(arguments) == 0
    how_to = capsys.readouterr().out
    assert main(["rules", name, "--reference"]) == 0
    reference = capsys.readouterr().out
    assert main(["options", name, "--lang", lang]) == 0
    options = capsys.readouterr().out
    assert [line for line in options.splitlines() if len(line) > 79] == []
    for page in (how_to, reference):
        lines = page.splitlines()
        assert [line for line in lines if MARKDOWN_MARKS.search(line)] == []
        assert [line for line in lines if len(line) > 79] == []
        # Every heading is underlined: the page's title with "=", the others with "-".
        assert set(lines[1]) == {"="} and len(lines[1]) == len(lines[0]) == len(lines[0].strip())
        assert any(set(line) == {"-"} for line in lines[2:])


def test_an_examples_scored_deal_keeps_one_line_per_line(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """The engine tells a scored deal line by line; the page keeps those lines
    (under the item they belong to), never runs them together."""
    assert main(["rules", "dracula"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert any(line.startswith("  row 2: ") for line in lines)
    assert not any("= 135 row 2" in line for line in lines)


def test_a_french_pages_drawing_says_its_moves_in_french(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """The French Casino page drew "Derniers coups : Bruno: 7♡ take 3♠+4♢": the
    examples are drawn as the terminal draws a table, in the table's words."""
    assert main(["rules", "casino", "--lang", "fr"]) == 0
    page = capsys.readouterr().out
    assert "Derniers coups\u00a0: Bruno\u00a0: 7♡ prend 3♠+4♢, 7♣" in page
    assert not re.search(r"\b(take|trail|build)\b", page)


def test_the_casino_page_quotes_what_is_typed() -> None:
    from parlour.cli.plain_page import plain_page
    from parlour.howto import how_to_play

    page = plain_page(how_to_play("casino", "en"))
    assert "Typing a move\n-------------\n" in page
    assert "- capture: '7H take 3S+4D' (cards of one sum joined by '+')" in page
    assert "- 'court_capture': 'one', 'all' or 'fourth_takes_three' (J, Q, K" in page


def test_plain_page_reads_the_markdown_the_pages_use() -> None:
    from parlour.cli.plain_page import inline, plain_page

    page = """# Title

Some *words* and **strong** ones, a_name_with_underscores, 2 \\* 3, \\_x\\_,
[a link](https://example.org) and [another](../docs/x.md).\\
After a hard break.

1. First step, long enough to be wrapped under its own text and not under
   its number.
   - a nested item
2. Second step.

### Deeper

| name | value |
|---|---:|
| `one` | 1 |
| `a \\| b` | 22 |
"""
    assert plain_page(page, width=40) == (
        "Title\n"
        "=====\n"
        "\n"
        "Some words and strong ones,\n"
        "a_name_with_underscores, 2 * 3, _x_, a\n"
        "link (https://example.org) and another.\n"
        "After a hard break.\n"
        "\n"
        "1. First step, long enough to be wrapped\n"
        "   under its own text and not under its\n"
        "   number.\n"
        "  - a nested item\n"
        "2. Second step.\n"
        "\n"
        "Deeper\n"
        "~~~~~~\n"
        "\n"
        "name   value\n"
        "-----  -----\n"
        "one        1\n"
        "a | b     22\n"
    )
    assert inline("type `moves`", "fr") == "type « moves »"


def test_a_table_too_wide_for_its_columns_is_told_row_by_row() -> None:
    from parlour.cli.plain_page import plain_page

    page = "| name | meaning |\n|---|---|\n| a_very_long_option_name | what it does |\n"
    assert plain_page(page, width=30) == "- a_very_long_option_name\n    meaning: what it does\n"


def test_rules_in_french_by_flag_or_by_locale() -> None:
    by_flag = run(["rules", "nain-jaune", "--lang", "fr"])
    assert "comment jouer" in by_flag.stdout
    by_locale = subprocess.run(
        [sys.executable, "-m", "parlour", "rules", "casino"],
        capture_output=True,
        text=True,
        timeout=120,
        env={"PATH": "/usr/bin:/bin", "PYTHONPATH": SOURCES, "LANG": "fr_FR.UTF-8"},
    )
    assert "comment jouer" in by_locale.stdout
    english_wins = subprocess.run(
        [sys.executable, "-m", "parlour", "rules", "casino"],
        capture_output=True,
        text=True,
        timeout=120,
        env={"PATH": "/usr/bin:/bin", "PYTHONPATH": SOURCES, "LANG": "fr_FR", "LC_ALL": "C"},
    )
    assert "how to play" in english_wins.stdout


def test_unknown_game_and_bad_option_are_one_clear_line() -> None:
    result = run(["play", "draculla"])
    assert result.returncode == 2
    assert result.stderr.strip() == (
        "parlour: unknown game 'draculla'; games: " + ", ".join(parlour.game_names())
    )
    result = run(["play", "dracula", "--option", "deals=9"])
    assert result.returncode == 2 and "allowed: a whole number 1–6" in result.stderr
    result = run(["play", "dracula", "--option", "deals"])
    assert result.returncode == 2 and "name=value" in result.stderr


def test_play_a_whole_game_with_piped_input() -> None:
    # The human always picks move 1; a full six-deal game needs 24 plays (and
    # perhaps the choice of direction).
    result = run(["play", "dracula", "--seed", "5"], stdin="1\n" * 40)
    assert result.returncode == 0, result.stdout[-2000:] + result.stderr
    out = result.stdout
    assert "Score sheet:" in out and "Final: You" in out
    assert "To deal the same cards again: parlour play dracula --seed 5" in out  # at the end
    assert "seed 5" not in out.split("Score sheet:")[0]
    assert ("You win." in out) or ("Bot 2 wins." in out) or ("Shared win" in out)


def test_the_same_cards_again_keep_the_games_options() -> None:
    """The playtest's Casino of one round (``-o target=1 --seed 11``) ended with
    "To deal the same cards again: parlour play casino --seed 11", which starts
    a game to 21: the line keeps the options that are not the defaults."""
    result = run(["play", "dracula", "--seed", "5", "-o", "deals=1"], stdin="1\n" * 10)
    assert result.returncode == 0, result.stdout[-2000:] + result.stderr
    again = "To deal the same cards again: parlour play dracula -o deals=1 --seed 5"
    assert again in result.stdout


def test_play_by_text_with_bad_entries_explained() -> None:
    game = parlour.load_game("dracula", first_dealer=0, deals=1)
    script = "help\nQQ z9\nrows\n" + "\n".join(["zz", "AS a1"] + ["1"] * 10) + "\n"
    out = io.StringIO()
    match = Match.new(game, seed=2, humans=[0], opponent="random", names=["You", "Bot"])
    table = TerminalTable(match, Style(), stdin=io.StringIO(script), stdout=out)
    assert table.play() == 0
    text = out.getvalue()
    assert "Commands: moves" in text
    assert "'QQ z9' is not a Dracula action" in text
    assert "not a Dracula action" in text
    assert "Final: You" in text


def test_illegal_move_gets_the_reason_and_the_prompt_again() -> None:
    game = parlour.load_game("dracula", first_dealer=0, deals=1)
    match = Match.new(game, seed=2, humans=[1], opponent="random", names=["Bot", "You"])
    while match.human_to_act() is None:
        match.play_bot()
    hand = match.view(1).observation["hand"]
    assert "a1" not in match.view(1).observation.get("coffin", {})
    out = io.StringIO()
    table = TerminalTable(match, Style(), stdin=io.StringIO(f"{hand[0]} a1\nquit\n"), stdout=out)
    assert table.play() == 0
    text = out.getvalue()
    assert "Not allowed: a1 is not next to a card in the coffin" in text
    assert "Game abandoned." in text


def test_input_ending_early_says_so() -> None:
    result = run(["play", "dracula", "--seed", "5"], stdin="1\n")
    assert result.returncode == 1
    assert "input ended before the game finished" in result.stdout


def test_hot_seat_announces_each_player() -> None:
    result = run(
        ["play", "dracula", "--seed", "5", "--humans", "2", "--option", "deals=1"], stdin="1\n" * 12
    )
    assert result.returncode == 0, result.stdout[-1500:]
    assert "--- Player 1's turn ---" in result.stdout
    assert "--- Player 2's turn ---" in result.stdout


def test_watch_bots_and_bench() -> None:
    assert main(["play", "dracula", "--humans", "0", "--seed", "1", "--option", "deals=1"]) == 0
    result = run(["bench", "dracula", "--seconds", "0.05", "--runs", "1"])
    assert result.returncode == 0 and "dracula (2p)" in result.stdout


def test_bench_move_times_lists_a_bots_seconds_per_move(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "--move-times", "easy", "--runs", "1", "dracula", "-o", "deals=1"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert "the easy bot's processor seconds per move" in lines[0]
    assert lines[1].split() == ["game", "moves", "median", "p90", "p99", "max"]
    label, moves, median, p90, p99, most = lines[2].rsplit(None, 5)
    assert label == "dracula (2p)" and int(moves) == 4  # four cards played by seat 0
    assert 0 <= float(median) <= float(p90) <= float(p99) <= float(most)
    assert main(["bench", "--move-times", "genius", "dracula"]) == 2
    assert "unknown bot 'genius'; bots: easy, expert, hard" in capsys.readouterr().err


def test_a_casino_move_in_steps_counts_as_one_move() -> None:
    from parlour.bots import HeuristicBot, make_bot
    from parlour.cli.bench import move_times

    game = parlour.load_game("casino", target=1)
    # The match move_times plays: the bot in seat 0, the heuristic elsewhere.
    bots = [make_bot("random", 4), HeuristicBot(4 * 7 + 1)]
    state = game.new_initial_state(seed=4)
    decisions = moves = 0
    while not state.is_terminal():
        player = state.current_player()
        if player == 0:
            decisions += 1
            moves += not state.move_in_progress()
        state.apply_action(bots[player].choose(state.view(player)))
    assert decisions > moves > 0  # some of seat 0's moves took several steps
    assert len(move_times(game, "random", 4)) == moves


@pytest.mark.parametrize("name", parlour.game_names())
def test_every_game_plays_to_the_end_with_bots_only(name: str) -> None:
    game = parlour.load_game(name)
    names = [f"Bot {seat}" for seat in range(game.num_players)]
    match = Match.new(game, seed=3, humans=[], opponent="random", names=names)
    out = io.StringIO()
    table = TerminalTable(match, Style(), stdin=io.StringIO(""), stdout=out)
    assert table.play() == 0
    assert "Final:" in out.getvalue()


def test_conflicting_or_repeated_options_are_refused() -> None:
    result = run(["play", "dracula", "--option", "deals=2", "--option", "deals=3"])
    assert result.returncode == 2
    assert "--option deals is given twice (2 and 3)" in result.stderr
    result = run(["play", "colour-blind", "--players", "3", "--option", "players=2"])
    assert result.returncode == 2
    assert "--players 3 and --option players=2 disagree" in result.stderr


def test_the_command_line_builds_without_the_web_extra() -> None:
    """The README's play command installs no web extra: building every command
    (``parlour serve`` reads its limits' defaults) must not import Starlette."""
    import subprocess
    import sys

    code = (
        "import sys\n"
        "for name in ('starlette', 'uvicorn', 'psycopg', 'textual'):\n"
        "    sys.modules[name] = None  # as if not installed\n"
        "from parlour.cli import build_parser\n"
        "build_parser().parse_args(['serve', '--help'])\n"
    )
    finished = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=False
    )
    assert "--max-tables" in finished.stdout, finished.stderr[-2000:]


def test_options_lists_only_what_applies_and_play_says_an_option_changes_nothing(
    tmp_path: Path,
) -> None:
    """Issue 31: options meaningful only with another scoring were still shown."""
    listed = run(["options", "dracula", "-o", "scoring=points"]).stdout
    assert "tie_bonus_basis" in listed and "vampire_line" not in listed
    listed = run(["options", "dracula", "--lang", "fr", "-o", "scoring=cards"]).stdout
    assert "vampire_line" in listed and "tie_bonus_basis" not in listed
    reference = run(["rules", "dracula", "--reference", "-o", "scoring=cards"]).stdout
    assert "continue_with_waste = true | false" in reference
    assert "tie_bonus_basis = made | scored" not in reference
    given = ["-o", "deals=1", "-o", "vampire_line=scored"]
    played = run(["play", "dracula", "--plain", "--lang", "fr", *given], "quit\n", tmp_path)
    assert played.returncode == 0, played.stderr
    assert (
        "Remarque\u00a0: l'option «\u00a0vampire_line\u00a0» ne change rien à cette table "
        "(seulement si décompte\u00a0: cartes)." in played.stdout
    )


@pytest.mark.parametrize(
    "database",
    ["/tmp/tables-here.sqlite", "sqlite:////tmp/tables-here.sqlite", "sqlite:///tables.sqlite3"],
)
def test_serve_says_where_the_tables_are_kept_as_given(
    database: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Playtest: ``parlour serve --database …`` printed the place as ``//tmp/…``;
    it is printed as the person wrote it."""
    pytest.importorskip("uvicorn")
    import uvicorn

    monkeypatch.setenv("PARLOUR_DATA_DIR", str(tmp_path))
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(uvicorn, "run", lambda *args, **kwargs: None)
    given = database.replace("/tmp/", f"{tmp_path}/")
    assert main(["serve", "--database", given, "--port", "0"]) == 0
    printed = capsys.readouterr().out
    line = printed.split("parlour: tables are kept in ", 1)[1].split("\n", 1)[0]
    if given.startswith("sqlite:"):  # and the file the address names, without a //
        file = Path(given.removeprefix("sqlite://")).resolve()
        assert line == f"{given} (the file {file})", printed
    else:
        assert line == given, printed
    assert "//" not in line.replace("sqlite:///", "")


def test_every_help_fits_80_columns() -> None:
    """Playtest at 80×24: ``parlour play --help`` left "}]" alone on a line
    (the bot kinds in the usage line ran past the window), ``parlour learn
    --help`` the games, ``parlour --help`` its examples' descriptions."""
    code = (
        "import argparse\n"
        "from parlour.cli import build_parser\n"
        "parser = build_parser()\n"
        "print(parser.format_help())\n"
        "commands = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))\n"
        "for command in commands.choices.values():\n"
        "    print(command.format_help())\n"
    )
    env = {"PATH": "/usr/bin:/bin", "PYTHONPATH": SOURCES, "COLUMNS": "80"}
    finished = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, env=env
    )
    assert finished.returncode == 0, finished.stderr[-2000:]
    wide = [line for line in finished.stdout.splitlines() if len(line) > 79]
    assert not wide, wide
