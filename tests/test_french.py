"""French, whole: a game played with --lang fr (or a French locale) shows no
English word; French card letters (V D R) are shown and read; plural forms."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

import parlour
from parlour.core.cards import VAMPIRE_1, VAMPIRE_2, format_card, parse_card
from parlour.core.errors import COMMON_REFUSALS, ParseError, RefusalSentences, refusal
from parlour.core.registry import game_names
from parlour.i18n import (
    french_cards,
    french_typography,
    in_score_units,
    language_from_environment,
    plural,
    refusal_text,
    shown_move,
    translate_note,
    typed_move,
)
from parlour.tui.session import Match

SOURCES = str(Path(parlour.__file__).resolve().parents[1])
"""The sources under test, for the subprocesses (not whatever is installed)."""

ENGLISH_WORDS = frozenset(
    """the you your card cards deal deals dealt trick tricks player players
    scored turn play plays played moves move hand wins win won round rounds
    take takes taken build builds trail with done game over final legal choose which
    type help not allowed undo hint saved save resume rows columns seat side went out
    shared counts count stopped after tie best level good colour red black negative
    bot bots draws draw lead leads leader and are is has have this that there no none
    yes press enter next back quit left right each every first last from into at of
    moves help hint undo rules save log random heuristic player clockwise
    anticlockwise false true auto manual nothing chosen yet record match seed
    partnerships you""".split()
)
"""Common English words that must never appear on a French screen ("score" and
"points" are French words too: only Nain Jaune must not count in points)."""

ALLOWED = frozenset("""table score parlour""".split())
"""Words of both languages, and the command's name."""

COMMAND_LINE = re.compile(r"parlour (?:resume|replay|review|play|learn) .*$", re.MULTILINE)
"""A command to type, quoted whole on its line (``parlour resume ID``)."""


def run(args: list[str], stdin: str, data: Path, env: dict[str, str] | None = None) -> str:
    result = subprocess.run(
        [sys.executable, "-m", "parlour", *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=300,
        env={
            "NO_COLOR": "1",
            "PATH": "/usr/bin:/bin",
            "PYTHONPATH": os.pathsep.join([SOURCES, *filter(None, [os.environ.get("PYTHONPATH")])]),
            "PARLOUR_DATA_DIR": str(data),
            **(env or {}),
        },
    )
    assert result.returncode == 0, result.stdout[-2000:] + result.stderr
    assert "Traceback" not in result.stderr
    return result.stdout + result.stderr


def english_words(text: str) -> list[str]:
    """The English words of ``text``, leaving out quoted commands (« moves »),
    cards, cells and table ids."""
    text = COMMAND_LINE.sub(" ", text)
    text = re.sub(r"/\S+", " ", text)  # a file's path
    found = []
    for word in re.findall(r"[A-Za-zÀ-ÿ'-]+", text):
        lowered = word.lower().strip("'-")
        if lowered in ENGLISH_WORDS and lowered not in ALLOWED:
            found.append(word)
    return found


ASCII_SPACE_BEFORE_SIGN = re.compile(r" [:;!?]")
QUOTED = re.compile(r"«[^«»]*»")
WELL_QUOTED = re.compile(r"«[\u00a0\u202f][^\s«»]([^«»]*[^\s«»])?[\u00a0\u202f]»")
NO_SPACE_BEFORE_SIGN = re.compile(r"[^\s\u00a0\u202f«»][;:!?](?=\s|$)")


def french_problems(text: str) -> list[tuple[str, str]]:
    """What is wrong on a French screen, line by line: (line, problem) for each
    English word, each ASCII space before ``: ; ! ? »`` or after ``«`` (French
    typography wants a no-break space, so that the sign never starts a line),
    and each such sign with no space before it."""
    problems = []
    for line in text.splitlines():
        for word in english_words(line):
            problems.append((line, f"English word {word!r}"))
        if ASCII_SPACE_BEFORE_SIGN.search(line):
            problems.append((line, "an ASCII space before : ; ! or ?"))
        for quote in QUOTED.findall(line):
            if not WELL_QUOTED.fullmatch(quote):
                problems.append((line, f"{quote!r}: no no-break space inside « »"))
        if NO_SPACE_BEFORE_SIGN.search(COMMAND_LINE.sub(" ", line)):
            problems.append((line, "no space before : ; ! or ?"))
    return problems


@pytest.mark.parametrize("name", game_names())
def test_a_whole_game_in_french_has_no_english_word(name: str, tmp_path: Path) -> None:
    from parlour.core.registry import game_parts

    if game_parts(name).text is None:
        pytest.skip(f"{name} has no text part: its log is the generic form, the event's own keys")
    output = run(["play", name, "--plain", "--lang", "fr", "--seed", "7"], "1\n" * 3000, tmp_path)
    assert "Partie" in output or "partie" in output
    assert "Résultat\u00a0: " in output  # played to the end
    assert french_problems(output) == []


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_nain_jaune_counts_chips_not_points(lang: str, tmp_path: Path) -> None:
    output = run(
        ["play", "nain-jaune", "--plain", "--lang", lang, "--seed", "3", "--players", "4"],
        "1\n" * 3000,
        tmp_path,
    )
    assert re.search(r"\bpoints?\b", output, re.IGNORECASE) is None
    assert ("jetons" if lang == "fr" else "chips") in output


def test_a_french_locale_chooses_french_when_no_flag_is_given(tmp_path: Path) -> None:
    output = run(
        ["play", "dracula", "--plain", "-o", "deals=1", "--seed", "2"],
        "quit\n",
        tmp_path,
        env={"LANG": "fr_FR.UTF-8"},
    )
    assert french_typography("Tapez « aide » pour l'aide.") in output
    english = run(
        ["play", "dracula", "--plain", "-o", "deals=1", "--seed", "2", "--lang", "en"],
        "quit\n",
        tmp_path,
        env={"LANG": "fr_FR.UTF-8"},
    )
    assert "Type 'help' for help." in english


def test_the_locale_variables_are_read_in_the_c_library_order() -> None:
    assert language_from_environment({"LANG": "fr_FR.UTF-8"}) == "fr"
    assert language_from_environment({"LC_ALL": "fr_CA", "LANG": "en_GB"}) == "fr"
    assert language_from_environment({"LC_ALL": "C", "LANG": "fr_FR"}) == "en"
    assert language_from_environment({"LC_MESSAGES": "fr_BE", "LANG": "en_US"}) == "fr"
    assert language_from_environment({}) == "en"


def test_french_court_letters_are_read_in_any_language() -> None:
    assert parse_card("VS") == parse_card("JS")
    assert parse_card("D♥") == parse_card("QH")
    assert parse_card("rc") == parse_card("KC")
    assert parse_card("V♢") == parse_card("JD")


def test_v1_and_v2_stay_the_vampires() -> None:
    assert parse_card("V1") == VAMPIRE_1 and parse_card("v2") == VAMPIRE_2
    assert format_card(parse_card("V1")) == "V1"
    with pytest.raises(ParseError):
        parse_card("V3")
    with pytest.raises(ParseError):
        parse_card("DX")


def test_french_letters_shown_only_in_french_and_moves_stay_typable() -> None:
    assert french_cards("Q♡ b2, K♠, J♣ V1 V2") == "D♡ b2, R♠, V♣ V1 V2"
    assert french_cards("\x1b[31mK♢\x1b[0m") == "\x1b[31mR♢\x1b[0m"
    assert french_cards("OK QUIT JS.") == "OK QUIT VS."
    assert shown_move("QH b2", "en") == "QH b2"
    assert shown_move("7S take 2S+5C", "fr") == "7♠ prend 2♠+5♣"
    assert shown_move("KD build 9", "fr") == "R♢ construit 9"
    assert shown_move("10H a1", "fr") == "10♡ a1"  # no English suit letter beside a French rank
    assert typed_move("7S prend 2S+5C", "fr") == "7S take 2S+5C"
    assert typed_move("pose QH", "fr") == "put QH" and typed_move("3C pose", "fr") == "3C trail"


DRACULA_ONE_DEAL = ["play", "dracula", "-o", "deals=1", "-o", "first_dealer=0", "--seed", "5"]


def test_a_french_letter_move_plays_in_the_line_mode(tmp_path: Path) -> None:
    output = run(
        [*DRACULA_ONE_DEAL, "--plain", "--lang", "fr"],
        "lignes\nquit\n",
        tmp_path,
    )
    assert "Vous choisissez les lignes" in output


def test_every_listed_french_move_is_read_back_as_the_same_action() -> None:
    for name in ("dracula", "thracula", "casino", "colour-blind"):
        game = parlour.load_game(name)
        match = Match.new(
            game,
            seed=9,
            humans=[0],
            opponent="random",
            names=["Vous", "Robot"] + [f"Robot {seat}" for seat in range(3, game.num_players + 1)],
            lang="fr",
        )
        courts = 0
        for _ in range(40):
            seat = match.human_to_act()
            if seat is None:
                if match.is_over():
                    break
                match.play_bot()
                continue
            view = match.view(seat)
            for action, text in zip(view.legal_actions, view.action_texts, strict=True):
                shown = shown_move(text, "fr")
                courts += shown != text
                assert match.check_move(seat, shown).action == action, (name, shown)
            match.submit(seat, view.legal_actions[-1])
        assert courts > 0, name


def test_score_notes_name_the_players_and_speak_french() -> None:
    names = ["Vous", "Robot 2", "Robot 3"]
    assert translate_note("seat 1 went out", "en", names) == "Robot 2 went out"
    assert translate_note("seat 2 went out (grand opéra)", "fr", names) == (
        "Robot 3 est sorti (grand opéra)"
    )
    assert translate_note("seat 0 went out", "fr", names) == "Vous êtes sorti"
    assert translate_note("rows 42/90/16, columns 16/30/19; tie", "fr") == (
        "lignes 42/90/16, colonnes 16/30/19; égalité"
    )


def test_refusals_are_french() -> None:
    from parlour.games._coffin.rules import COFFIN_REFUSALS

    seed = 0
    while True:  # a seeded deal where the first player to place a card lacks QH
        state = parlour.load_game("dracula").new_initial_state(seed=seed)
        while state.current_player() >= 0 and state.observation(0)["phase"] == "direction":
            state.apply_action(state.legal_actions()[0])
        if "QH" not in state.observation(state.current_player())["hand"]:
            break
        seed += 1
    refused = state.why_refused(state.string_to_action("QH b2"))
    assert refused is not None and refused.key == "not_in_hand"
    assert refusal_text(refused, "fr") == "vous n'avez pas D♡ en main"
    assert refusal_text(refused, "en") == "QH is not in your hand"
    assert refusal_text(refused, "en") == state.why_illegal(state.string_to_action("QH b2"))
    full = refusal(COFFIN_REFUSALS, "cell_taken", cell="b2")
    assert refusal_text(full, "fr") == "b2 porte déjà une carte"
    assert english_words(refusal_text(None, "fr")) == []


def _refusal_tables() -> list[tuple[str, str, RefusalSentences]]:
    import importlib

    tables = [("core", "COMMON_REFUSALS", COMMON_REFUSALS)]
    for module, name in (
        ("parlour.games._coffin.rules", "COFFIN_REFUSALS"),
        ("parlour.games.colour_blind.rules", "REFUSALS"),
        ("parlour.games.nain_jaune.rules", "REFUSALS"),
        ("parlour.games.casino._refusals", "REFUSALS"),
    ):
        tables.append((module, name, getattr(importlib.import_module(module), name)))
    return tables


@pytest.mark.parametrize(("module", "name", "table"), _refusal_tables())
def test_every_refusal_is_said_in_french_with_the_same_values(
    module: str, name: str, table: RefusalSentences
) -> None:
    import string

    for key, (english, french) in table.items():
        fields_en = {field for _, field, _, _ in string.Formatter().parse(english) if field}
        fields_fr = {field for _, field, _, _ in string.Formatter().parse(french) if field}
        assert fields_en == fields_fr, (module, key)
        # Commands and option names stay as typed ('QH b2', « done », must_take_all).
        shown = re.sub(r"« [^»]* »|'[^' ]*'|\{[a-z]+\}|\S*[_=]\S*", " ", french)
        assert english_words(shown) == [], (module, key, french)


@pytest.mark.parametrize(
    ("lang", "count", "expected"),
    [
        ("en", 0, "0 moves"),
        ("en", 1, "1 move"),
        ("en", 2, "2 moves"),
        ("fr", 0, "0 coup"),
        ("fr", 1, "1 coup"),
        ("fr", 2, "2 coups"),
    ],
)
def test_plural_forms(lang: str, count: int, expected: str) -> None:
    assert plural(lang, "moves_n", count) == expected


def test_plural_of_cards_and_wins() -> None:
    assert plural("en", "cards_n", 1) == "1 card" and plural("en", "cards_n", 3) == "3 cards"
    assert plural("fr", "wins_n", 1) == "1 victoire" and plural("fr", "wins_n", 2) == "2 victoires"


def test_a_nain_jaune_hint_speaks_of_chips() -> None:
    game = parlour.load_game("nain-jaune", players=3)
    names = ["Vous", "Robot 2", "Robot 3"]
    match = Match.new(game, seed=1, humans=[0], opponent="random", names=names, lang="fr")
    while match.human_to_act() is None:
        match.play_bot()
    hint = match.hint()
    assert hint is not None
    assert "point" not in hint.reason
    assert in_score_units("nain-jaune", "expected lead +3.0 points", "en") == (
        "expected lead +3.0 chips"
    )
    assert in_score_units("dracula", "avance espérée +3.0 points", "fr").endswith("points")


def test_a_french_hint_names_the_move_in_french() -> None:
    from parlour.table import Hint
    from parlour.tui.session import hint_line

    line = hint_line(Hint(action=1, text="columns", reason="", bot="hard"), "fr")
    assert line == "Conseil (robot difficile)\u00a0: colonnes"
    line = hint_line(Hint(action=1, text="KS take 2S+5C", reason="", bot="hard"), "fr")
    assert line == "Conseil (robot difficile)\u00a0: R♠ prend 2♠+5♣"


def test_the_game_log_shows_french_court_letters_wherever_it_is_shown() -> None:
    from parlour.render import Style
    from parlour.tui.session import game_log

    game = parlour.load_game("nain-jaune", players=3)
    names = ["Vous", "Robot 2", "Robot 3"]
    match = Match.new(game, seed=1, humans=[], opponent="random", names=names, lang="fr")
    while not match.is_over():
        match.play_bot()
    table = match.table
    french = game_log(
        "nain-jaune", table.events_for(0), table.moves_played(), names, Style(lang="fr")
    )
    said = "\n".join(line for entry in french for line in entry)
    assert re.search(r"\b[VDR][♠♡♢♣]", said)
    assert not re.search(r"\b[JQK][♠♡♢♣]", said)


def test_the_french_rules_pages_and_their_drawn_examples_have_no_english_word(
    tmp_path: Path,
) -> None:
    """``parlour rules GAME --lang fr``: the how-to page with its examples drawn
    by the renderer and told by the engine, all French (typed commands aside)."""
    for name in game_names():
        output = run(["rules", name, "--lang", "fr"], "", tmp_path)
        assert "```parlour-example" not in output  # every example was drawn
        # Typed commands aside: `code` on the page, and Casino's "Derniers coups"
        # line, which shows moves in the notation a player types (7♡ take 3♠+4♢).
        lines = [
            re.sub(r"`[^`]*`", " ", line)
            for line in output.splitlines()
            if not line.startswith("Derniers coups : ")
        ]
        assert [(line, english_words(line)) for line in lines if english_words(line)] == [], name


def test_the_french_option_words_of_the_lobby_form_have_no_english_word() -> None:
    """The lobby's French words, declared by each game on its options and its info
    (``option(..., label=Said(…), help_fr=…, words={…})``, ``GameInfo.summary_fr``):
    every option has a French label and help, every named value its word, every
    game its summary; none has an English word."""
    words: list[str] = []
    for name in game_names():
        game = parlour.load_game(name)
        assert game.info.summary_fr, name
        words.append(game.info.summary_fr)
        for spec in game.option_specs():
            assert spec.label is not None and spec.help_fr, (name, spec.name)
            words += [spec.label.fr, spec.help_fr]
            for choice in spec.choices or ():
                if isinstance(choice, str):
                    assert choice in spec.words(), (name, spec.name, choice)
            words += [said.fr for said in spec.words().values()]
    assert len(words) > 60
    assert [word for word in words if english_words(word)] == []


def test_the_french_options_page_has_no_english_word(tmp_path: Path) -> None:
    """``parlour options GAME --lang fr``: the game's French labels and help, the
    values to type in « »."""
    for name in game_names():
        output = run(["options", name, "--lang", "fr"], "", tmp_path)
        assert output.startswith(f"Options de {name}"), output[:80]
        # The names and values to type after -o stay as typed, in « ».
        found = [
            (line, english_words(re.sub("«[^»]*»", " ", line))) for line in output.splitlines()
        ]
        assert [(line, words) for line, words in found if words] == [], name


def test_the_line_mode_reads_french_commands(tmp_path: Path) -> None:
    """Issue 31: « aide » answered « tapez « moves » »; each command has its
    French word, and what the line mode prints in answer is French throughout."""
    typed = "aide\ncoups\nconseil\nrègles\nscore\njournal\nannuler\nquitter\n"
    output = run([*DRACULA_ONE_DEAL, "--plain", "--lang", "fr"], typed, tmp_path)
    help_text = output.split("aide\n", 1)[1]
    assert "coups (la liste des coups)" in help_text and "quitter." in help_text
    assert output.count("Coups permis") >= 2  # at the start, and for « coups »
    assert "Conseil (robot" in output
    assert "Comment jouer" in output or "comment jouer" in output  # the rules page
    assert "Reprenez-la avec" in output  # « quitter » quits, and the table is kept
    assert french_problems(output) == []


@pytest.mark.parametrize(
    ("name", "options"),
    [("dracula", ["-o", "deals=1"]), ("nain-jaune", ["-o", "max_deals=1"]), ("casino", [])],
)
def test_a_review_in_french_is_french_throughout(
    name: str, options: list[str], tmp_path: Path
) -> None:
    """Issue 31: ``review --lang fr`` printed "Analyse : You au Dracula" and
    "0.0", and Nain Jaune's explanations « sans K ». The game is played in
    English (its person is "You"), then reviewed in French."""
    played = run(
        ["play", name, "--plain", "--lang", "en", "--seed", "5", "--opponent", "random", *options],
        "1\n" * 3000,
        tmp_path,
    )
    table = re.search(r"parlour review (\S+)", played)
    assert table is not None, played[-500:]
    output = run(
        ["review", table.group(1), "--lang", "fr", "--quick", "--every", "--details"], "", tmp_path
    )
    assert output.startswith(f"Analyse de votre partie de {name.title().replace('-', ' ')}")
    assert "ce que vous voyiez alors" in output
    assert re.search(r"\d\.\d", output) is None, "a French decimal takes a comma"
    assert re.search(r"\d,\d", output), "the review shows figures with decimals"
    assert re.search(r"sans [JQK]\b", output) is None
    assert french_problems(output) == []


@pytest.mark.parametrize("name", game_names())
def test_the_full_screen_table_in_french_at_80_by_24(name: str) -> None:
    """Issue 31, point 5: the full-screen table drew its game in French words
    with English typography ("donneur: Robot 2", "Votre main:", "Robot 2: A♡
    trail", "À Vous de jouer"); the table part now gets the same finish as the
    line mode (move words and French typography). The table's lines only: the
    keys line names the ``:`` key itself."""
    import asyncio
    import concurrent.futures

    from parlour.core.registry import game_parts
    from parlour.tui.capture import capture

    if game_parts(name).text is None:
        pytest.skip(f"{name} has no text part: its table is drawn by the generic renderer")
    # (in a thread of its own: a browser test before it may hold this thread's loop)
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        screen = pool.submit(asyncio.run, capture(name, lang="fr")).result()
    table = [line[:49] for line in screen.splitlines()[1:-1]]  # left of the side panels
    assert french_problems("\n".join(table)) == [], name
    assert "À Vous" not in screen


def test_the_full_screen_move_list_says_court_cards_in_french() -> None:
    """Issue 31, point 3: the full-screen table's move list and its groups drew
    the groups of Nain Jaune's moves by rank as the engine's letters (Q, K) on
    a French table whose hand shows D and R, in both interfaces."""
    import parlour
    from parlour.tui.app import TableApp
    from parlour.tui.session import Match

    game = parlour.load_game("nain-jaune")
    names = ["Vous", "Robot 2", "Robot 3", "Robot 4"]
    match = Match.new(game, seed=1, humans=[0], opponent="random", names=names, lang="fr")
    app = TableApp(match, colour=False, bot_delay=0)
    assert app.pretty("QS") == "D♠" and app.pretty("KD") == "R♢" and app.pretty("JH") == "V♡"
    # Nain Jaune's groups are ranks: "Q (3)" read "D (3)" in French
    assert [app.pretty(rank) for rank in ("J", "Q", "K", "10")] == ["V", "D", "R", "10"]
    assert shown_move("Q", "fr") == "D"
    english = Match.new(game, seed=1, humans=[0], opponent="random", names=names, lang="en")
    assert TableApp(english, colour=False, bot_delay=0).pretty("QS") == "Q♠"


@pytest.mark.parametrize("game", ["nain-jaune", "colour-blind"])
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_line_modes_seat_list_says_you_once(game: str, lang: str) -> None:
    """The playtest read "You   85 chips …  (you)" in the line mode (no width):
    a seat called You or Vous needs no "(you)" after it; a typed name keeps it."""
    from parlour.render import Style, renderer_for

    state = parlour.load_game(game).new_initial_state(seed=3)
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    view = state.view(0)
    others = [f"Bot {seat + 1}" for seat in range(1, state.game.num_players)]
    you, marker = ("You", "(you") if lang == "en" else ("Vous", "(vous")
    text = renderer_for(game)(view, Style(colour=False, lang=lang), [you, *others])
    [line] = [line for line in text.splitlines() if line.lstrip("▶ ").startswith(you + " ")]
    assert marker not in line, line
    named = renderer_for(game)(view, Style(colour=False, lang=lang), ["Ann", *others])
    [line] = [line for line in named.splitlines() if line.lstrip("▶ ").startswith("Ann ")]
    assert marker in line, line


def test_vous_as_a_verbs_subject_inside_a_sentence_is_written_in_lower_case() -> None:
    from parlour.render import Style
    from parlour.tui.session import game_log

    game = parlour.load_game("dracula", deals=2)
    names = ["Vous", "Robot 2"]
    match = Match.new(game, seed=1, humans=[], opponent="random", names=names, lang="fr")
    while not match.is_over():
        match.play_bot()
    table = match.table
    lines = [
        french_typography(line)
        for entry in game_log(
            "dracula", table.events_for(0), table.moves_played(), names, Style(lang="fr")
        )
        for line in entry
    ]
    said = "\n".join(lines)
    assert "; vous comptez les colonnes" in said
    assert "\u00a0: vous distribuez." in said
    assert not re.search(r"[:;(][ \u00a0]?Vous \w+ez\b", said)
    # A name in a list keeps its capital: "totaux Vous 50".
    assert re.search(r"totaux Vous \d+", said)


def test_a_casino_round_is_a_manche_in_the_terminal_the_score_sheet_and_the_browser() -> None:
    """The playtest read « manche 1 » in the terminal and « Tour 1 » in the
    browser's header, score sheet and daily page for the same round."""
    from parlour.games.casino.text import _WORDS as CASINO_WORDS
    from parlour.i18n import tr

    static = Path(parlour.__file__).parent / "web" / "static"
    browser = (static / "i18n.js").read_text(encoding="utf-8")
    french = browser[browser.index("\n  fr: {") :]
    daily = (static / "daily.js").read_text(encoding="utf-8")
    assert 'round: "Manche"' in french and 'roundN: "Manche {round}' in french
    assert (
        "tour"
        not in re.search(r'dailyLength_round_one: "([^"]*)"', daily[daily.index("fr:") :])
        .group(1)
        .lower()
    )
    assert tr("fr", "sheet_round") == "Manche"
    assert CASINO_WORDS["fr"]["header_round"] == "manche {round}"


def test_the_full_screen_tables_log_is_set_in_french_as_the_line_modes() -> None:
    """tmux at 80×24 read "… ; Vous comptez les colonnes" in the full-screen
    table's log, while the line mode said "; vous comptez": the panel's lines
    and the whole log's page are set as the line mode's are (French spacing,
    « vous » inside a sentence)."""
    from parlour.tui.app import TableApp

    game = parlour.load_game("dracula", deals=1)
    match = Match.new(
        game, seed=1, humans=[0], opponent="random", names=["Vous", "Robot 2"], lang="fr"
    )
    match.play_bot()
    app = TableApp(match, colour=False, bot_delay=0)
    # The panel, and the whole log's page (l).
    for said in ("\n".join(app.screen_log()), app.log_page()):
        assert "; vous comptez les colonnes" in said or "; vous comptez les lignes" in said, said
        assert not re.search(r" [:;]", said), said
