"""The "how to play" pages (parlour.howto): one per game and language, short
lines, French without English words, and move examples the engine accepts."""

from __future__ import annotations

import re

import pytest

import parlour
from parlour.howto import how_to_play
from parlour.i18n import typed_move

LANGUAGES = ("en", "fr")

# Common English words that must not appear in a French page (outside code;
# "score" and "points" are French words too).
ENGLISH_WORDS = (
    "the",
    "you",
    "your",
    "card",
    "cards",
    "deal",
    "trick",
    "player",
    "turn",
    "play",
)

# For each game: options and the start of a forced deck such that the moves of
# the page's "Example:" lines are legal from the first decision, in order.
#   dracula: seat 0 deals and chooses; QH is the non-dealer's first card.
#   dracula-partnership: QH is the first card of the dealer's left (seat 1),
#     who lays the first nail once the dealer has chosen the direction.
#   thracula: QH is in the hand of the dealer's left, who takes then puts.
#   colour-blind, nain-jaune: QH / 7D go to the dealer's left, who leads.
#   casino: two cards to seat 1, two to the table, two to the dealer, twice:
#     seat 1 holds 7H 5S 9C 2D, the table 3S 4D 4H JD.
FORCED_STARTS: dict[str, tuple[dict[str, object], list[str]]] = {
    "dracula": ({"first_dealer": 0}, ["QH"]),
    "dracula-partnership": ({"first_dealer": 0}, ["QH"]),
    "thracula": ({"first_dealer": 0}, ["QH"]),
    "colour-blind": ({"first_dealer": 0}, ["QH"]),
    "nain-jaune": ({"first_dealer": 0}, ["7D"]),
    "casino": (
        {"first_dealer": 0},
        ["7H", "5S", "3S", "4D", "QC", "KC", "9C", "2D", "4H", "JD"],
    ),
}


def name_is_shipped(name: str) -> bool:
    """Whether the game ships with parlour (the others' pages are checked by parlour check)."""
    from parlour.core.registry import game_parts

    return game_parts(name).package.startswith("parlour.games.")


EXAMPLE_LINE = re.compile(r"^(Example:|Exemple :)")
CODE_SPAN = re.compile(r"`[^`]*`")


QUOTED_MOVE = re.compile(r"`([^`]+)`|«\s?([^»]+?)\s?»")
"""A move as a page writes it: in backticks (English) or in « » (French, in
the words and symbols a French player types and reads)."""


def example_moves(page: str, lang: str = "en") -> list[list[str]]:
    """The moves of each "Example:" line of a page, in order, in the engine's
    notation (a French move's words and letters read back as the engine's)."""
    return [
        [typed_move(code or quoted, lang) for code, quoted in QUOTED_MOVE.findall(line)]
        for line in page.splitlines()
        if EXAMPLE_LINE.match(line)
    ]


def test_every_game_has_a_page_in_both_languages() -> None:
    from parlour.core.registry import game_parts

    for name in parlour.game_names():
        assert name in FORCED_STARTS or not name_is_shipped(name), f"no forced start for {name}"
        if game_parts(name).pages is None:
            continue  # an optional part (parlour check says it is absent)
        for lang in LANGUAGES:
            page = how_to_play(name, lang)
            assert page.startswith("# "), (name, lang)


def test_a_missing_language_falls_back_to_english() -> None:
    assert how_to_play("casino", "de") == how_to_play("casino", "en")
    assert how_to_play("casino", "../casino") == how_to_play("casino", "en")


def test_a_locale_name_gives_its_language() -> None:
    assert how_to_play("nain-jaune", "fr_FR.UTF-8") == how_to_play("nain-jaune", "fr")
    assert how_to_play("nain-jaune", "fr") != how_to_play("nain-jaune", "en")


def test_an_unknown_game_names_the_games() -> None:
    with pytest.raises(parlour.UnknownGameError, match="dracula"):
        how_to_play("pontoon")


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("name", sorted(FORCED_STARTS))
def test_no_line_over_79_characters(name: str, lang: str) -> None:
    for number, line in enumerate(how_to_play(name, lang).splitlines(), start=1):
        assert len(line) <= 79, f"{name}.{lang}.md line {number}: {line!r}"


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("name", sorted(FORCED_STARTS))
def test_a_page_is_short(name: str, lang: str) -> None:
    assert len(how_to_play(name, lang).splitlines()) <= 80


@pytest.mark.parametrize("name", sorted(FORCED_STARTS))
def test_french_pages_hold_no_common_english_word(name: str) -> None:
    pattern = re.compile(r"\b(" + "|".join(ENGLISH_WORDS) + r")\b", re.IGNORECASE)
    for number, line in enumerate(how_to_play(name, "fr").splitlines(), start=1):
        if line.startswith("```parlour-example "):
            continue  # the name of an example, like code
        found = pattern.findall(CODE_SPAN.sub("", line))
        assert not found, f"{name}.fr.md line {number}: {found} in {line!r}"


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("name", sorted(FORCED_STARTS))
def test_example_moves_are_legal_in_the_notation_the_page_shows(name: str, lang: str) -> None:
    examples = example_moves(how_to_play(name, lang), lang)
    assert examples and all(examples), f"{name}.{lang}.md has no example line with moves"
    options, deck = FORCED_STARTS[name]
    for moves in examples:
        state = parlour.load_game(name, **options).new_initial_state(deck=deck)
        for text in moves:
            # A Casino move written in one line is made of several steps.
            for action in state.string_to_actions(text):
                assert action in state.legal_actions(), f"{name}: {text!r} is not legal here"
                state.apply_action(action)


@pytest.mark.parametrize("name", sorted(FORCED_STARTS))
def test_both_languages_show_the_same_example_moves(name: str) -> None:
    def actions(lang: str) -> list[list[list[int]]]:
        options, deck = FORCED_STARTS[name]
        found = []
        for moves in example_moves(how_to_play(name, lang), lang):
            state = parlour.load_game(name, **options).new_initial_state(deck=deck)
            line = []
            for text in moves:
                steps = state.string_to_actions(text)
                for action in steps:
                    state.apply_action(action)
                line.append(steps)
            found.append(line)
        return found

    assert actions("en") == actions("fr")


@pytest.mark.parametrize("name", parlour.game_names())
def test_parlour_rules_prints_no_markdown_fences(
    name: str, capsys: pytest.CaptureFixture[str]
) -> None:
    from parlour.cli import main
    from parlour.core.registry import game_parts

    if game_parts(name).examples is None:
        pytest.skip(f"{name} shows no examples (an optional part)")
    assert main(["rules", name, "--lang", "en"]) == 0
    printed = capsys.readouterr().out
    assert "```" not in printed
    assert "```" in how_to_play(name, "en")  # the page itself has its fenced drawings


@pytest.mark.parametrize(("lang", "lead"), [("en", "Say you hold"), ("fr", "Mettons que")])
def test_the_casino_page_shows_the_hand_and_table_its_typed_examples_are_played_on(
    lang: str, lead: str
) -> None:
    """The typed examples said "with that table", of a table the page never
    showed (a playtest found its 4♡ nowhere): the page now says the hand and the
    table they are played on, which must be the forced start's."""
    from parlour.core.cards import format_card, parse_card

    line = next(line for line in how_to_play("casino", lang).splitlines() if line.startswith(lead))
    hand_part, table_part = re.split(r", with | en main, et ", line)
    options, deck = FORCED_STARTS["casino"]
    state = parlour.load_game("casino", **options).new_initial_state(deck=deck)
    seen = state.observation(state.current_player())

    def cards(text: str) -> set[str]:
        found = re.findall(r"(?:10|[2-9AJQKVDR])[♠♡♢♣]", text)
        return {format_card(parse_card(card)) for card in found}

    assert cards(hand_part) == set(seen["hand"]), line
    assert cards(table_part) == set(seen["loose"]), line
