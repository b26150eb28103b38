"""Examples on the player's pages: positions built by the engine, never typed.

A how-to page names an example in a fenced block::

    ```parlour-example full-coffin
    ```

Each game declares its examples in its package's ``examples`` module
(``parlour.games.<game>.examples``) as a tuple ``EXAMPLES`` of
:class:`Example`: a name, the seat whose view is shown, a function building a
:class:`~parlour.core.game.State` from a forced deal and a few moves, and how
many of the last moves the page tells. :func:`show_example` plays it and
returns what both interfaces draw: the terminal renders the view with the
game's text module (:func:`expand_examples` puts that drawing in the page), the
browser draws its board from the same observation (``/api/games/<game>/examples/<name>``).
The sentences under a drawing are the engine's own narration of the events, so
a score on a page is always the score the engine computes.

>>> shown = show_example("dracula", "full-coffin")
>>> shown.sentences[-1].startswith("Deal 1 scored")
True
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, cast

from parlour.core.errors import ParlourError
from parlour.core.game import State
from parlour.core.registry import game_parts
from parlour.i18n import localized_table
from parlour.render import Style
from parlour.render.narration import sentence

EXAMPLE_NAMES = {
    "en": ("Anne", "Bruno", "Claire", "David"),
    "fr": ("Anne", "Bruno", "Claire", "David"),
}
"""The names of the seats in the examples (the same in both languages)."""

FENCE = re.compile(r"^```parlour-example[ \t]+([a-z0-9-]+)[ \t]*\n```[ \t]*$", re.MULTILINE)
"""A page's example block: the opening fence naming the example, then the closing fence."""


DRAWING_WIDTH = 66
"""The width the renderer draws an example for: it fits the rules page of an
80-column terminal, frame and margins included."""

MARKDOWN_MARK = re.compile(r"([*_`\\])")
"""The characters Markdown would read as marks in a sentence (escaped with a backslash)."""


HARD_BREAK = "\\\n"
"""A line break inside a paragraph or a list item, in Markdown (a backslash at
the line's end)."""


class UnknownExampleError(ParlourError):
    """A page or a request names an example the game does not define."""


@dataclass(frozen=True)
class Example:
    """A position of a game shown on its how-to page."""

    name: str
    """The name a page uses in its ``parlour-example`` block."""
    seat: int
    """The seat whose view is drawn (its hand is shown)."""
    build: Callable[[], State]
    """Builds the position: a forced deal and a few moves."""
    told: int
    """How many of the last moves (history steps) the page tells, with what they score."""
    drawn_before: int = 0
    """How many of the last moves are not yet drawn: a game that clears the
    board once it is scored (a partnership's coffin) is drawn just before its
    last card, and the page tells that card and the score it makes."""


@dataclass(frozen=True)
class ShownExample:
    """An example played by the engine: what the interfaces draw."""

    game: str
    name: str
    seat: int
    names: tuple[str, ...]
    observation: dict[str, Any]
    """What ``seat`` sees: the board is drawn from it."""
    drawing: str
    """The terminal's drawing of the position (the game's ``render``)."""
    sentences: tuple[str, ...]
    """The engine's narration of the moves told, scores included."""


def examples_of(game_name: str) -> tuple[Example, ...]:
    """The examples ``game_name`` declares (none if its package has no ``examples`` module)."""
    found = game_parts(game_name).attribute("examples", "EXAMPLES")
    if found is None:
        return ()
    return tuple(cast(Sequence[Example], found))


def find_example(game_name: str, name: str) -> Example:
    """The example ``name`` of ``game_name``, or :class:`UnknownExampleError` naming the others."""
    examples = examples_of(game_name)
    for example in examples:
        if example.name == name:
            return example
    known = ", ".join(example.name for example in examples) or "none"
    raise UnknownExampleError(f"{game_name} has no example {name!r}; its examples: {known}")


def show_example(game_name: str, name: str, lang: str = "en") -> ShownExample:
    """Play the example ``name`` of ``game_name`` and describe it in ``lang``."""
    example = find_example(game_name, name)
    state = example.build()
    players = state.game.num_players
    names = EXAMPLE_NAMES.get(lang, EXAMPLE_NAMES["en"])[:players]
    style = Style(lang=lang)
    since = max(0, len(state.history) - example.told)
    sentences = []
    for _, event in state.event_log(example.seat, since=since):
        if getattr(type(event), "quiet", False):
            continue
        sentences.append(sentence(game_name, event, names, style))
        if getattr(type(event), "ends_deal", False):
            break  # the deal's score is the example's point; the game's end is not
    render = cast(Callable[..., str] | None, game_parts(game_name).hook("text", "render"))
    view = _before(state, example.drawn_before).view(example.seat)
    drawing = render(view, style, names, width=DRAWING_WIDTH) if render is not None else ""
    return ShownExample(
        game=game_name,
        name=name,
        seat=example.seat,
        names=tuple(names),
        observation=dict(view.observation),
        drawing=str(drawing),
        sentences=tuple(text for text in sentences if text),
    )


def _before(state: State, moves: int) -> State:
    """``state`` as it was ``moves`` history steps ago (replayed from the start:
    the forced cards are chance outcomes of the history)."""
    if moves <= 0:
        return state
    game = state.game
    replay = game.state_class(game)
    for action in state.history[:-moves]:
        replay.apply_action(action)
    return replay


def expand_examples(page: str, game_name: str, lang: str = "en") -> str:
    """``page`` with each ``parlour-example`` block replaced by the example's
    drawing and sentences (a plain text block), for the terminal."""

    def drawn(match: re.Match[str]) -> str:
        shown = show_example(game_name, match.group(1), lang)
        # Drawn as the terminal draws a table (in French, its move words and
        # typography: "Derniers coups : Bruno : 7♡ prend 3♠+4♢").
        block = "```text\n" + localized_table(shown.drawing.rstrip("\n"), lang) + "\n```"
        # The sentences are prose under the drawing (wrapped to the screen),
        # Markdown's own marks taken literally; a sentence of several lines (a
        # deal's lines one by one) keeps them, as hard breaks.
        told = [
            "- " + MARKDOWN_MARK.sub(r"\\\1", text).replace("\n", HARD_BREAK)
            for text in shown.sentences
        ]
        return block + ("\n\n" + "\n".join(told) if told else "")

    return FENCE.sub(drawn, page)


def example_names_in(page: str) -> list[str]:
    """The examples a page names, in order."""
    return FENCE.findall(page)
