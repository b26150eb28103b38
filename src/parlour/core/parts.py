"""A game's parts, declared once: the small description every interface reads.

A game is one package (``parlour.games.dracula``, or a package of another
distribution). Its ``__init__.py`` holds a :class:`GameParts` named ``PARTS``
that says where each part lives inside the package:

- ``rules``: the module with the options, the action encoding, the State and
  the Game, which registers the Game when imported (required);
- ``events``: the module of the game's event records;
- ``text``: what a person reads: ``render`` (the terminal drawing), ``sentence``
  (an event in English or French), and optionally ``move_groups``;
- ``heuristic``: ``choose(observation, legal_actions, rng)``, the bots' rule of thumb;
- ``tensor``: ``make_encoder(game)``, the research adapters' tensor (numpy);
- ``explain``: ``explain_move(view, action, lang, names)``, a move explained in
  the game's terms from a seat's View (hints, lessons, reviews);
- ``pages``: a folder with ``reference.md`` (the reference page) and
  ``howto.<lang>.md`` (the player's how-to in each language);
- ``board``: the browser's drawing of the table, a JavaScript module.

A part left out (``None``) is one the game does not have: each interface then
falls back to its generic form (a plain dump of the observation, random play, a
generic tensor). A part declared but not there fails loudly, with a message
naming the game, the part and where it was looked for.

>>> parts = GameParts(name="pontoon", package="example.pontoon", text="text")
>>> parts.module_name("text")
'example.pontoon.text'
>>> parts.module_name("heuristic") is None
True
>>> try:
...     parts.module("text")
... except MissingPartError as error:
...     print(str(error).split(", which")[0])
the game 'pontoon' declares its text part as example.pontoon.text
"""

from __future__ import annotations

import importlib
import sys
from dataclasses import dataclass
from importlib import resources
from importlib.resources.abc import Traversable
from types import ModuleType
from typing import Final, Literal

from parlour.core.errors import ParlourError

ModulePart = Literal[
    "rules", "events", "text", "heuristic", "tensor", "explain", "examples", "lesson"
]
"""The parts that are Python modules."""

FilePart = Literal["pages", "board", "board_css"]
"""The parts that are files or folders shipped in the package."""

_IMPORTED: dict[str, ModuleType] = {}
"""The part modules :meth:`GameParts.module` has imported whole, by full name:
asked again (a sentence for every event of every message), one is taken from
here while it is still the one in ``sys.modules``, without the import system's
lock and search (a module still being imported by another thread is never
here, since only ``import_module``'s finished result is kept)."""

MODULE_PARTS: Final[tuple[ModulePart, ...]] = (
    "rules",
    "events",
    "text",
    "heuristic",
    "tensor",
    "explain",
    "examples",
    "lesson",
)
FILE_PARTS: Final[tuple[FilePart, ...]] = ("pages", "board", "board_css")


class MissingPartError(ParlourError):
    """A part a game declares cannot be found (or lacks what it must hold)."""


@dataclass(frozen=True)
class GameParts:
    """Where each part of one game lives, relative to its package.

    Module parts are module names inside ``package`` (``"rules"`` is
    ``<package>.rules``); file parts are paths inside the package's folder.
    """

    name: str
    """The game's registered name (``nain-jaune``)."""
    package: str
    """The game's package (``parlour.games.nain_jaune``)."""
    rules: str = "rules"
    """The rules module: options, encoding, State, Game, registration (``""``:
    the package itself)."""
    events: str | None = None
    """The module of the game's event records."""
    text: str | None = None
    """The module of what a person reads: ``render``, ``sentence``, ``move_groups``."""
    heuristic: str | None = None
    """The module with the bots' ``choose(observation, legal_actions, rng)``."""
    tensor: str | None = None
    """The module with ``make_encoder(game)`` for the research adapters."""
    explain: str | None = None
    """The module with ``explain_move(view, action, lang, names)``: a move in the
    game's terms (:class:`parlour.core.explain.MoveExplanation`)."""
    examples: str | None = None
    """The module of the positions the player's pages show (``EXAMPLES``, see
    :mod:`parlour.examples`)."""
    lesson: str | None = None
    """The module of the guided first deal (``LESSON``, a
    :class:`parlour.core.lesson.Lesson`)."""
    pages: str | None = None
    """The folder of ``reference.md`` and ``howto.<lang>.md``."""
    board: str | None = None
    """The browser's board: a JavaScript module file."""
    board_css: str | None = None
    """The board's stylesheet: a CSS file the page loads with the board (after
    the page's own style.css), holding every rule that is the game's own."""

    def __post_init__(self) -> None:
        if not self.name or not self.package:
            raise ParlourError(f"a game's parts need a name and a package, not {self!r}")

    def module_name(self, part: ModulePart) -> str | None:
        """The full name of the module of ``part``, or None when the game has none."""
        relative: str | None = getattr(self, part)
        if relative is None:
            return None
        return f"{self.package}.{relative}" if relative else self.package

    def module(self, part: ModulePart) -> ModuleType | None:
        """The module of ``part`` (imported), or None when the game declares none.

        A declared module that cannot be imported raises
        :class:`MissingPartError` naming the game and the part; an error inside
        the module (a bug) propagates as it is.
        """
        name = self.module_name(part)
        if name is None:
            return None
        imported = _IMPORTED.get(name)
        if imported is not None and sys.modules.get(name) is imported:
            return imported
        try:
            imported = importlib.import_module(name)
        except ModuleNotFoundError as error:
            if error.name is None or not (name == error.name or name.startswith(error.name + ".")):
                raise
            raise MissingPartError(
                f"the game {self.name!r} declares its {part} part as {name}, "
                f"which cannot be imported: {error}"
            ) from error
        _IMPORTED[name] = imported
        return imported

    def attribute(self, part: ModulePart, attribute: str) -> object | None:
        """``attribute`` of the module of ``part``: None when the game declares no
        such part; :class:`MissingPartError` when the module lacks it."""
        module = self.module(part)
        if module is None:
            return None
        if not hasattr(module, attribute):
            raise MissingPartError(
                f"the {part} part of the game {self.name!r} ({module.__name__}) has no {attribute}"
            )
        found: object = getattr(module, attribute)
        return found

    def hook(self, part: ModulePart, attribute: str) -> object | None:
        """An optional ``attribute`` of the module of ``part`` (a text part's
        ``move_groups``): None when the game declares no such part or the module
        does not define it."""
        module = self.module(part)
        found: object | None = getattr(module, attribute, None) if module is not None else None
        return found

    def file(self, part: FilePart) -> Traversable | None:
        """The file or folder of ``part`` in the package, or None when the game
        declares none; :class:`MissingPartError` when it is declared but absent."""
        relative: str | None = getattr(self, part)
        if relative is None:
            return None
        found = resources.files(self.package).joinpath(*relative.split("/"))
        if not (found.is_file() or found.is_dir()):
            raise MissingPartError(
                f"the game {self.name!r} declares its {part} part as {relative} "
                f"in {self.package}, which is not there"
            )
        return found
