"""The registry of games: ``load_game`` and ``game_names``.

Game modules in :mod:`parlour.games` register themselves when imported; the
registry imports that package the first time it is asked.
"""

from __future__ import annotations

from typing import Any

from parlour.core.errors import ParlourError, allowed_list, shown

_GAMES: dict[str, type[Any]] = {}


class UnknownGameError(ParlourError, ValueError):
    """A game name that is not registered."""


def register(game_class: type[Any]) -> type[Any]:
    """Register a Game subclass under ``game_class.info.name`` (usable as a decorator)."""
    name = game_class.info.name
    if name in _GAMES and _GAMES[name] is not game_class:
        raise ParlourError(f"two games are registered as {name!r}")
    _GAMES[name] = game_class
    return game_class


def _ensure_loaded() -> None:
    import parlour.games  # noqa: F401  (registers every game)


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


def load_game(name: str, **options: object) -> Any:
    """A game by name with validated options, e.g. ``load_game("dracula", deals=2)``."""
    return game_class(name)(**options)
