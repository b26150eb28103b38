"""The registry of games: ``load_game``, ``game_names`` and each game's parts.

A game is a package whose ``__init__.py`` declares its parts in a
:class:`~parlour.core.parts.GameParts` named ``PARTS``. The registry finds the
games through the entry-point group ``parlour.games`` (each entry point names a
``GameParts``, e.g. ``dracula = "parlour.games.dracula:PARTS"``), so a game
published as another distribution plugs in the same way as the games shipped
here. The packages in :mod:`parlour.games` are found by looking in that folder
as well, so a source checkout (``PYTHONPATH=src``) or an install whose metadata
is older than the code still has every shipped game.

The first question asked loads every game: it imports each game's rules module,
which registers its Game class with :func:`register`.
"""

from __future__ import annotations

import importlib
import importlib.metadata
import pkgutil
import threading
from typing import Any, Final

from parlour.core.errors import ParlourError, allowed_list, shown
from parlour.core.parts import GameParts

ENTRY_POINT_GROUP: Final = "parlour.games"
"""The entry-point group through which distributions offer games."""

SHIPPED_GAMES: Final = "parlour.games"
"""The package whose subpackages are the games shipped with parlour."""

_GAMES: dict[str, type[Any]] = {}
_PARTS: dict[str, GameParts] = {}
_LOADED = False
_LOCK = threading.RLock()


class UnknownGameError(ParlourError, ValueError):
    """A game name that is not registered."""


def register(game_class: type[Any]) -> type[Any]:
    """Register a Game subclass under ``game_class.info.name`` (usable as a decorator)."""
    name = game_class.info.name
    if name in _GAMES and _GAMES[name] is not game_class:
        raise ParlourError(f"two games are registered as {name!r}")
    _GAMES[name] = game_class
    return game_class


def _checked_parts(found: object, origin: str) -> GameParts:
    if not isinstance(found, GameParts):
        raise ParlourError(f"{origin} gives {shown(found)}, not a GameParts")
    return found


def _entry_point_parts() -> list[GameParts]:
    """The parts named by the ``parlour.games`` entry points of installed distributions."""
    found: list[GameParts] = []
    for entry_point in importlib.metadata.entry_points(group=ENTRY_POINT_GROUP):
        distribution = entry_point.dist.name if entry_point.dist is not None else "?"
        origin = f"the entry point {entry_point.name} = {entry_point.value} (of {distribution})"
        try:
            loaded = entry_point.load()
        except (ImportError, AttributeError) as error:
            raise ParlourError(f"{origin} cannot be loaded: {error}") from error
        parts = _checked_parts(loaded, origin)
        if parts.name != entry_point.name:
            raise ParlourError(
                f"{origin} declares the game {parts.name!r}, not {entry_point.name!r}"
            )
        found.append(parts)
    return found


def _shipped_parts() -> list[GameParts]:
    """The parts of the games in :mod:`parlour.games` (subpackages not starting with _)."""
    package = importlib.import_module(SHIPPED_GAMES)
    found: list[GameParts] = []
    for module in sorted(pkgutil.iter_modules(package.__path__), key=lambda info: info.name):
        if module.ispkg and not module.name.startswith("_"):
            name = f"{SHIPPED_GAMES}.{module.name}"
            game_package = importlib.import_module(name)
            if not hasattr(game_package, "PARTS"):
                raise ParlourError(f"the game package {name} declares no PARTS")
            found.append(_checked_parts(game_package.PARTS, f"{name}.PARTS"))
    return found


def _ensure_loaded() -> None:
    global _LOADED
    if _LOADED:
        return
    with _LOCK:
        if _LOADED:
            return
        parts_by_name: dict[str, GameParts] = {}
        for parts in [*_entry_point_parts(), *_shipped_parts()]:
            known = parts_by_name.get(parts.name)
            if known is not None and known.package != parts.package:
                raise ParlourError(
                    f"two games are named {parts.name!r}: {known.package} and {parts.package}"
                )
            parts_by_name[parts.name] = parts
        for name in sorted(parts_by_name):
            parts = parts_by_name[name]
            parts.module("rules")  # registers the Game class
            if name not in _GAMES:
                raise ParlourError(
                    f"the rules of the game {name!r} ({parts.module_name('rules')}) "
                    f"registered no game of that name"
                )
            _PARTS[name] = parts
        _LOADED = True


def game_names() -> list[str]:
    """The registered game names, sorted."""
    _ensure_loaded()
    return sorted(_GAMES)


def game_class(name: str) -> type[Any]:
    """The Game subclass registered as ``name``."""
    _ensure_loaded()
    game = _GAMES.get(name) if isinstance(name, str) else None
    if game is None:
        raise UnknownGameError(f"unknown game {shown(name)}; games: {allowed_list(sorted(_GAMES))}")
    return game


def game_parts(name: str) -> GameParts:
    """The parts of the game registered as ``name`` (a Game registered without a
    package of parts has only its rules: every interface uses its generic forms).

    >>> game_parts("dracula").package
    'parlour.games.dracula'
    """
    game = game_class(name)
    parts = _PARTS.get(name)
    if parts is None:
        package, _, rules = game.__module__.rpartition(".")
        if not package:  # a Game defined in a top-level module: that module is its rules
            package, rules = game.__module__, ""
        parts = GameParts(name=name, package=package, rules=rules)
    return parts


def load_game(name: str, **options: object) -> Any:
    """A game by name with validated options, e.g. ``load_game("dracula", deals=2)``."""
    return game_class(name)(**options)
