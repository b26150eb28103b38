"""parlour: parlour card games (Dracula, Thracula, Colour-blind, Nain Jaune, Casino).

>>> import parlour
>>> game = parlour.load_game("dracula", deals=2)
>>> state = game.new_initial_state(seed=7)
>>> state.current_player() in (0, 1)
True
"""

from parlour.core.cards import format_card, parse_card
from parlour.core.cardset import CardSet
from parlour.core.errors import (
    IllegalActionError,
    InvalidOptionError,
    ParlourError,
    ParseError,
    RecordError,
)
from parlour.core.game import CHANCE, TERMINAL, DealScore, Game, GameInfo, State, View
from parlour.core.record import MatchRecord
from parlour.core.registry import UnknownGameError, game_class, game_names, load_game
from parlour.core.sampler import Rng

__version__ = "0.1.0"


def compiled() -> bool:
    """True when the rules engine runs compiled by mypyc, False for the pure-Python
    fallback (same rules, same results, slower). ``parlour --version`` says which.

    >>> isinstance(compiled(), bool)
    True
    """
    import importlib.machinery

    import parlour.core.game

    path = parlour.core.game.__file__ or ""
    return path.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES))


def engine_name() -> str:
    """``compiled (mypyc)`` or ``pure Python``: the engine running, for version and
    benchmark lines."""
    return "compiled (mypyc)" if compiled() else "pure Python"


__all__ = [
    "CHANCE",
    "TERMINAL",
    "CardSet",
    "DealScore",
    "Game",
    "GameInfo",
    "IllegalActionError",
    "InvalidOptionError",
    "MatchRecord",
    "ParlourError",
    "ParseError",
    "RecordError",
    "Rng",
    "State",
    "UnknownGameError",
    "View",
    "__version__",
    "compiled",
    "engine_name",
    "format_card",
    "game_class",
    "game_names",
    "load_game",
    "parse_card",
]
