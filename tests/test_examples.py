"""The examples of the how-to pages (parlour.examples): every block a page names
exists, in both languages; each is drawn by the game's renderer; the scores its
sentences tell are the engine's."""

from __future__ import annotations

import re

import pytest

from parlour.core.registry import game_names, game_parts
from parlour.examples import (
    DRAWING_WIDTH,
    HARD_BREAK,
    UnknownExampleError,
    example_names_in,
    examples_of,
    expand_examples,
    find_example,
    show_example,
)
from parlour.howto import how_to_play, how_to_play_drawn
from parlour.i18n import localized_table
from parlour.render import Style

LANGUAGES = ("en", "fr")


EXAMPLE_GAMES = [name for name in game_names() if game_parts(name).examples is not None]
"""The games that declare examples (an optional part)."""


@pytest.mark.parametrize("name", EXAMPLE_GAMES)
def test_every_page_shows_an_example_of_its_game_in_both_languages(name: str) -> None:
    english = example_names_in(how_to_play(name, "en"))
    assert english, f"{name}'s page shows no example"
    assert example_names_in(how_to_play(name, "fr")) == english
    declared = {example.name for example in examples_of(name)}
    assert set(english) <= declared


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("name", EXAMPLE_GAMES)
def test_the_terminal_page_draws_each_example_with_the_games_renderer(name: str, lang: str) -> None:
    page = how_to_play_drawn(name, lang)
    assert "parlour-example" not in page
    render = game_parts(name).hook("text", "render")
    for example_name in example_names_in(how_to_play(name, lang)):
        shown = show_example(name, example_name, lang)
        drawing = localized_table(shown.drawing.rstrip("\n"), lang)  # as the terminal draws it
        assert shown.drawing.strip() and drawing in page
        assert shown.sentences and shown.sentences[-1].replace("\n", HARD_BREAK) in page
        example = find_example(name, example_name)
        state = example.build()
        if not example.drawn_before:
            drawn = render(
                state.view(example.seat), Style(lang=lang), shown.names, width=DRAWING_WIDTH
            )
            assert drawn == shown.drawing


def _numbers(text: str) -> list[int]:
    return [int(number) for number in re.findall(r"[+-]?\d+", text)]


@pytest.mark.parametrize(
    ("name", "example"),
    [(name, example.name) for name in game_names() for example in examples_of(name)],
)
def test_the_scores_an_example_tells_are_the_engines(name: str, example: str) -> None:
    """When the example scores a deal, its last sentence names each score of the
    engine's score sheet, in order."""
    state = find_example(name, example).build()
    sheet = state.score_sheet()
    shown = show_example(name, example)
    if not sheet:
        return  # a move that scores nothing yet (a trick, a build)
    told = [number for text in shown.sentences for number in _numbers(text)]
    scores = list(sheet[-1].scores)
    position = 0
    for number in told:
        if position < len(scores) and number == scores[position]:
            position += 1
    # Two-sided games (a partnership, Dracula's two players) say each side once.
    per_side = scores[: len(set(scores))] if len(scores) == 4 else scores
    assert position >= len(per_side), f"{shown.sentences} do not tell {scores}"


def test_the_dracula_examples_score_the_lines_the_page_describes() -> None:
    full = show_example("dracula", "full-coffin")
    assert "rows 135/26/0, columns 15/19/0" in full.sentences[-1]
    assert full.observation["row_values"] == [135, 26, 0]
    assert full.observation["column_values"] == [15, 19, 0]
    tied = show_example("dracula", "tied-lines")
    assert "best lines tied, level 2 scored" in tied.sentences[-1]


def test_an_unknown_example_is_refused_with_the_games_examples() -> None:
    with pytest.raises(UnknownExampleError, match="its examples: full-coffin, tied-lines"):
        show_example("dracula", "no-such-example")
    with pytest.raises(UnknownExampleError):
        expand_examples("```parlour-example nope\n```\n", "casino")
