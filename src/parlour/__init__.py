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
    "format_card",
    "game_class",
    "game_names",
    "load_game",
    "parse_card",
]
