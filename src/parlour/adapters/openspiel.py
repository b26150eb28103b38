"""Every parlour game as an OpenSpiel game.

Importing this module registers each game of :func:`parlour.game_names` with
``pyspiel.register_game`` as ``python_parlour_<game>`` (dashes become
underscores): ``python_parlour_dracula``, ``python_parlour_colour_blind`` …
The game parameters are ``players`` and every option of the game, with the
game's defaults. OpenSpiel gives each parameter one type, so an option that
may be ``None`` or mixes text and numbers is written as a whole number
(:class:`ParameterCodec`); :func:`load` takes parlour's own values.

>>> import pyspiel
>>> import parlour.adapters.openspiel
>>> game = pyspiel.load_game("python_parlour_dracula", {"deals": 1})
>>> game.num_players(), game.get_type().chance_mode.name
(2, 'EXPLICIT_STOCHASTIC')

What OpenSpiel sees:

- Chance nodes are the engine's (deals, cuts, a random first dealer), with the
  engine's outcome ids and probabilities.
- Actions are the engine's ids (:mod:`parlour.adapters.actions`); a Casino
  move is several actions, one per step.
- Information-state strings hold the seat's observation and its own history of
  the match (hidden chance outcomes as ``?``); observation strings hold the
  observation alone. Both tensors are the game's designed tensor
  (:mod:`parlour.adapters.tensors`).
- ``resample_from_infostate`` draws a full state with ``view.sample_state``, so
  OpenSpiel's *Python* ISMCTS bot (``open_spiel.python.algorithms.ismcts``)
  plays every game. The C++ ISMCTS and MCTS bots crash on Python games in
  open_spiel 2.0.2; use the Python ones (``open_spiel.python.algorithms.mcts``).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import Any

import numpy as np
import pyspiel  # type: ignore[import-not-found]

from parlour.adapters.actions import ActionSlots, SlottedState
from parlour.adapters.tensors import encoder_for
from parlour.adapters.utility import utility_bounds
from parlour.core.cards import format_card
from parlour.core.errors import InvalidOptionError, ParlourError
from parlour.core.game import CHANCE, Game, State
from parlour.core.options import OptionSpec, format_option_value
from parlour.core.registry import game_class, game_names, load_game
from parlour.core.sampler import Rng

PREFIX = "python_parlour_"
"""Prefix of every registered OpenSpiel name."""


def spiel_name(game_name: str) -> str:
    """The OpenSpiel name of a parlour game: ``colour-blind`` → ``python_parlour_colour_blind``."""
    return PREFIX + game_name.replace("-", "_")


def _looks_typed(text: str) -> bool:
    """True for text OpenSpiel would read back as a number or a bool."""
    lowered = text.strip().lower()
    if lowered in ("true", "false"):
        return True
    try:
        float(lowered)
    except ValueError:
        return False
    return True


class ParameterCodec:
    """How one option travels as an OpenSpiel game parameter.

    OpenSpiel types a parameter by its default and reads a game string back by
    the look of each value, so every option needs one fixed type:

    - ``bool``, ``int`` and ``str`` options are parameters of their own type;
    - ``int | None`` options are ints, with ``minimum - 1`` (0) meaning none;
    - options mixing text and whole numbers (``first_dealer``: ``random`` or a
      seat), or whose text looks like a number (``removed_ranks``: ``789``), are
      ints: a whole number is itself and the text choices are -1, -2, … in the
      order the option lists them.
    """

    def __init__(self, spec: OptionSpec) -> None:
        self.spec = spec
        kinds = spec.type_name.split(" | ")
        choices = tuple(spec.choices or ())
        text_choices = tuple(choice for choice in choices if isinstance(choice, str))
        self.none_code: int | None = None
        self.text_codes: dict[str, int] = {}
        if set(kinds) == {"int", "None"}:
            self.kind = "int_or_none"
            self.none_code = (spec.minimum if spec.minimum is not None else 1) - 1
        elif "str" in kinds and ("int" in kinds or any(_looks_typed(c) for c in text_choices)):
            self.kind = "coded"
            self.text_codes = {choice: -(index + 1) for index, choice in enumerate(text_choices)}
        elif len(kinds) == 1:
            self.kind = "plain"
        else:
            self.kind = "text"

    def to_parameter(self, value: object) -> int | float | bool | str:
        """A parlour option value as a parameter value."""
        if self.kind == "int_or_none":
            return self.none_code if value is None else int(value)  # type: ignore[return-value, call-overload]
        if self.kind == "coded":
            if isinstance(value, str):
                for choice, code in self.text_codes.items():
                    if choice.lower() == value.strip().lower():
                        return code
                if value.strip().lstrip("-").isdigit():
                    return int(value)
                raise InvalidOptionError(
                    f"option {self.spec.name}={value!r} is not allowed; "
                    f"allowed: {self.spec.allowed_text()}"
                )
            return int(value)  # type: ignore[call-overload, no-any-return]
        if self.kind == "text":
            return format_option_value(value)
        return value  # type: ignore[return-value]

    def from_parameter(self, value: object) -> object:
        """A parameter value as a parlour option value."""
        if self.kind == "int_or_none" and value == self.none_code:
            return None
        if self.kind == "coded" and isinstance(value, int) and value < 0:
            for choice, code in self.text_codes.items():
                if code == value:
                    return choice
            raise InvalidOptionError(
                f"parameter {self.spec.name}={value} is not allowed; {self.describe()}"
            )
        return value

    def describe(self) -> str:
        """How the parameter is written, in one line."""
        if self.kind == "int_or_none":
            return f"{self.none_code} means none"
        if self.kind == "coded":
            codes = ", ".join(f"{code} = {choice}" for choice, code in self.text_codes.items())
            if "int" in self.spec.type_name.split(" | "):
                return f"{codes}; a seat number is itself"
            return codes
        return "as in parlour"


def codecs(game_name: str) -> dict[str, ParameterCodec]:
    """The parameter codec of every option of a game."""
    return {spec.name: ParameterCodec(spec) for spec in game_class(game_name).option_specs()}


def parameter_specification(game_name: str) -> dict[str, int | float | bool | str]:
    """Every option of a game with its default, as OpenSpiel parameters."""
    return {
        name: codec.to_parameter(codec.spec.default) for name, codec in codecs(game_name).items()
    }


def game_type(game_name: str) -> pyspiel.GameType:
    """The OpenSpiel GameType of a parlour game."""
    info = game_class(game_name).info
    return pyspiel.GameType(
        short_name=spiel_name(game_name),
        long_name=f"parlour {info.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=info.max_players,
        min_num_players=info.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=parameter_specification(game_name),
        default_loadable=True,
        provides_factored_observation_string=False,
    )


class _Match:
    """The Python-side payload of an OpenSpiel state: a slotted parlour state.

    OpenSpiel copies states with ``copy.deepcopy`` and serializes them by
    pickling their attributes; this class makes both cheap and exact (a clone,
    and the game, its options and the action history).
    """

    __slots__ = ("slotted",)

    def __init__(self, slotted: SlottedState) -> None:
        self.slotted = slotted

    def __deepcopy__(self, memo: dict[int, Any]) -> _Match:
        return _Match(self.slotted.clone())

    def __reduce__(self) -> tuple[Callable[..., _Match], tuple[Any, ...]]:
        game = self.slotted.state.game
        options = {
            spec.name: getattr(game.options, spec.name) for spec in type(game).option_specs()
        }
        return _restore, (game.info.name, options, list(self.slotted.state.history))


def _restore(name: str, options: dict[str, Any], history: list[int]) -> _Match:
    game = load_game(name, **options)
    state = game.new_initial_state()
    for action in history:
        state.apply_action(action)
    return _Match(SlottedState(state, ActionSlots(game)))


class ParlourSpielGame(pyspiel.Game):  # type: ignore[misc]
    """A parlour game seen by OpenSpiel (one subclass is registered per game)."""

    parlour_name = ""

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        given = dict(params or {})
        known = codecs(self.parlour_name)
        options = {
            key: known[key].from_parameter(value) if key in known else value
            for key, value in given.items()
        }
        self.parlour_game: Game[Any] = load_game(self.parlour_name, **options)
        self.slots = ActionSlots(self.parlour_game)
        self.encoder = encoder_for(self.parlour_game)
        low, high = utility_bounds(self.parlour_game)
        info = pyspiel.GameInfo(
            num_distinct_actions=self.slots.size,
            max_chance_outcomes=self.parlour_game.max_chance_outcomes(),
            num_players=self.parlour_game.num_players,
            min_utility=low,
            max_utility=high,
            utility_sum=None,
            max_game_length=self.slots.max_game_length,
        )
        full = parameter_specification(self.parlour_name)
        full.update({key: value for key, value in given.items() if key in full})
        super().__init__(game_type(self.parlour_name), info, full)

    def new_initial_state(self) -> ParlourSpielState:
        """A new match with chance nodes left to the caller."""
        return ParlourSpielState(self)

    def make_py_observer(
        self, iig_obs_type: pyspiel.IIGObservationType | None = None, params: Any = None
    ) -> ParlourObserver:
        """The observer: information state (perfect recall) or observation."""
        if params:
            raise ValueError(f"parlour observers take no parameters; got {params!r}")
        perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        if iig_obs_type is not None and (
            iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER
            or not iig_obs_type.public_info
        ):
            raise ValueError(
                "parlour observers give one seat's view (public_info=True, "
                "private_info=SINGLE_PLAYER); got public_info="
                f"{iig_obs_type.public_info}, private_info={iig_obs_type.private_info.name}"
            )
        return ParlourObserver(self, perfect_recall)


class ParlourSpielState(pyspiel.State):  # type: ignore[misc]
    """A parlour State seen by OpenSpiel."""

    def __init__(self, game: ParlourSpielGame) -> None:
        super().__init__(game)
        state = game.parlour_game.new_initial_state()
        self.match = _Match(SlottedState(state, game.slots))

    @property
    def parlour_state(self) -> State:
        """The parlour State behind this OpenSpiel state."""
        return self.match.slotted.state

    def current_player(self) -> int:
        """The seat to act, or OpenSpiel's CHANCE / TERMINAL (same values as parlour's)."""
        return self.match.slotted.state.current_player()

    def _legal_actions(self, player: int) -> list[int]:
        return self.match.slotted.legal_slots()

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The engine's chance outcomes and probabilities."""
        return self.match.slotted.state.chance_outcomes()

    def _apply_action(self, action: int) -> None:
        self.match.slotted.apply_slot(int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        slotted = self.match.slotted
        try:
            if player == slotted.state.current_player():
                return slotted.slot_to_string(int(action))
        except ParlourError:
            pass
        if player == CHANCE and 0 <= action < 54:
            return format_card(int(action))
        return f"action {action}"

    def is_terminal(self) -> bool:
        """True when the match is over."""
        return self.match.slotted.state.is_terminal()

    def returns(self) -> list[float]:
        """The engine's returns (final scores; zeros before the end)."""
        return self.match.slotted.state.returns()

    def resample_from_infostate(
        self, player_id: int, probability_sampler: Any
    ) -> ParlourSpielState:
        """A state drawn with ``view(player_id).sample_state``: consistent with
        everything that seat has seen. ``probability_sampler`` (a callable giving
        floats in [0, 1), such as ``pyspiel.UniformProbabilitySampler``) seeds it."""
        seed = int(float(probability_sampler()) * 2**53)
        sampled = self.match.slotted.state.view(player_id).sample_state(Rng(seed))
        game = self.get_game()
        result: ParlourSpielState = game.new_initial_state()
        for action in sampled.history:
            result.apply_action(action)
        return result

    def __str__(self) -> str:
        return str(self.match.slotted.state)


class ParlourObserver:
    """OpenSpiel's PyObserver interface: strings and the designed tensor."""

    def __init__(self, game: ParlourSpielGame, perfect_recall: bool) -> None:
        self.encoder = game.encoder
        self.perfect_recall = perfect_recall
        self.tensor = np.zeros(self.encoder.size, np.float32)
        self.dict = self.encoder.views(self.tensor)

    def set_from(self, state: ParlourSpielState, player: int) -> None:
        """Write ``player``'s tensor of ``state``."""
        observation = state.match.slotted.state.observation(player)
        self.encoder.write(self.tensor, observation, player)

    def string_from(self, state: ParlourSpielState, player: int) -> str:
        """``player``'s observation (and, with perfect recall, its history) as text."""
        slotted = state.match.slotted
        parlour_state = slotted.state
        text = json.dumps(parlour_state.observation(player), ensure_ascii=False)
        lines = [f"seat {player}", text]
        if self.perfect_recall:
            seen = parlour_state.seen_history(player)
            lines.append(
                "history "
                + " ".join(f"{actor}:{'?' if action is None else action}" for actor, action in seen)
            )
        return "\n".join(lines)


def register_all() -> list[str]:
    """Register every parlour game not yet known to pyspiel; return all their names."""
    known = set(pyspiel.registered_names())
    names = []
    for name in game_names():
        short = spiel_name(name)
        names.append(short)
        if short in known:
            continue
        game_class_for_name = type(
            f"ParlourSpielGame_{name.replace('-', '_')}",
            (ParlourSpielGame,),
            {"parlour_name": name, "__doc__": f"parlour {name} as an OpenSpiel game."},
        )
        pyspiel.register_game(game_type(name), game_class_for_name)
    return names


def load(game_name: str, **options: Any) -> pyspiel.Game:
    """The OpenSpiel game of a parlour game, e.g. ``load("casino", players=3, target=5)``.

    Options take parlour's values (``None``, ``"random"``, ``"789"``); they are
    turned into OpenSpiel parameters (:class:`ParameterCodec`).
    """
    known = codecs(game_name)
    parameters: dict[str, Any] = {}
    for key, value in options.items():
        name = key.replace("-", "_")
        codec = known.get(name)
        parameters[name] = value if codec is None else codec.to_parameter(value)
    return pyspiel.load_game(spiel_name(game_name), parameters)


REGISTERED = register_all()
"""The OpenSpiel names registered when this module was imported."""
