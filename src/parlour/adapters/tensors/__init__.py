"""Observation tensors: one designed layout per game, shared by every adapter.

An :class:`Encoder` turns what a seat sees (``state.observation(seat)``, the
same dict a :class:`~parlour.core.game.View` holds) into a flat ``float32``
vector made of named pieces. The OpenSpiel observer, the PettingZoo
``observation`` and the Gymnasium observation are the same vector, so a network
trained through one adapter reads the others.

Conventions in every layout:

- Card planes have one entry per card id (``suit * 13 + rank - 1``: ♠ ♥ ♦ ♣,
  Ace to King; 52 and 53 are the Vampires where the game has them).
- Seats are relative: entry 0 is the observing seat, entry 1 the next seat to
  its left (seat + 1), and so on.
- Counts and scores are divided by a fixed scale named in the layout; every
  entry is then clipped to [0, 1] (a score beyond its scale reads 1).

Each game's ``tensor`` part (``parlour.games.<game>.tensor``, declared in its
:class:`~parlour.core.parts.GameParts`) defines an Encoder subclass and
``make_encoder(game)``; :func:`encoder_for` finds it, and falls back to
:class:`GenericEncoder` for a game without one. A game's tensor part is imported
only when its encoder is asked for (it needs numpy; the game does not). ``docs/research.md``
documents every layout; :meth:`Encoder.describe` prints one.
"""

from __future__ import annotations

import contextlib
import math
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any, cast

import numpy as np
import numpy.typing as npt

from parlour.core.cards import parse_card
from parlour.core.errors import ParseError
from parlour.core.game import Game
from parlour.core.registry import game_parts

FloatArray = npt.NDArray[np.float32]
Observation = Mapping[str, Any]


@dataclass(frozen=True)
class Piece:
    """One named piece of a tensor: its shape and what it means."""

    name: str
    shape: tuple[int, ...]
    meaning: str

    @property
    def size(self) -> int:
        """Number of floats in the piece."""
        return math.prod(self.shape)


def card_id(text: str) -> int:
    """The card id of a card text (``QH`` → 24)."""
    return parse_card(text)


def set_cards(plane: FloatArray, cards: Iterable[str | None] | None, value: float = 1.0) -> None:
    """Set ``plane[card] = value`` for each card text (``None`` entries skipped)."""
    for text in cards or ():
        if text is not None:
            plane[card_id(text)] = value


def one_hot(plane: FloatArray, index: int | None) -> None:
    """Set ``plane[index] = 1`` when ``index`` is a valid position."""
    if index is not None and 0 <= index < plane.shape[0]:
        plane[index] = 1.0


def phase_one_hot(plane: FloatArray, phase: Any, phases: tuple[str, ...]) -> None:
    """One-hot of ``phase`` among ``phases``; the last entry stands for any other phase."""
    index = phases.index(phase) if phase in phases else len(phases) - 1
    plane[index] = 1.0


def rank_index(text: str) -> int:
    """0 for an Ace … 12 for a King, from a rank text (``A``, ``10``, ``K``) or a card."""
    ranks = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
    cleaned = text.strip().upper()
    if cleaned in ranks:
        return ranks.index(cleaned)
    return card_id(text) % 13


def number(value: Any, scale: float) -> float:
    """``value / scale`` for a number; 0 for ``None`` or anything else."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return 0.0
    return float(value) / scale


class Encoder(ABC):
    """The tensor layout of one game (with its options) and how to fill it."""

    def __init__(self, game: Game[Any]) -> None:
        self.game = game
        self.num_players = game.num_players
        self.pieces: tuple[Piece, ...] = tuple(self.layout())
        names = [piece.name for piece in self.pieces]
        if len(set(names)) != len(names):
            raise ValueError(f"{type(self).__name__}: two pieces share a name in {names}")
        self.size = sum(piece.size for piece in self.pieces)
        """Length of the flat tensor."""
        self._spans: list[tuple[str, int, int, tuple[int, ...]]] = []
        start = 0
        for piece in self.pieces:
            self._spans.append((piece.name, start, start + piece.size, piece.shape))
            start += piece.size

    @abstractmethod
    def layout(self) -> list[Piece]:
        """The pieces, in the order they sit in the flat tensor."""

    @abstractmethod
    def fill(self, planes: Mapping[str, FloatArray], observation: Observation, seat: int) -> None:
        """Write ``observation`` (seen by ``seat``) into zeroed ``planes``."""

    def relative(self, other: Any, seat: int) -> int | None:
        """The relative position of seat ``other`` (0 = ``seat``), None if not a seat."""
        if isinstance(other, bool) or not isinstance(other, int) or other < 0:
            return None
        return (other - seat) % self.num_players

    def views(self, flat: FloatArray) -> dict[str, FloatArray]:
        """Named, shaped views into a flat tensor (writing a view writes ``flat``)."""
        return {name: flat[start:stop].reshape(shape) for name, start, stop, shape in self._spans}

    def encode(self, observation: Observation, seat: int) -> FloatArray:
        """The flat tensor of one observation."""
        flat = np.zeros(self.size, np.float32)
        self.fill(self.views(flat), observation, seat)
        np.clip(flat, 0.0, 1.0, out=flat)
        return flat

    def write(self, flat: FloatArray, observation: Observation, seat: int) -> None:
        """Fill an existing flat tensor in place (OpenSpiel observers reuse theirs)."""
        flat.fill(0.0)
        self.fill(self.views(flat), observation, seat)
        np.clip(flat, 0.0, 1.0, out=flat)

    def describe(self) -> str:
        """The layout as a Markdown table (offset, name, shape, meaning)."""
        lines = ["| offset | piece | shape | meaning |", "|---:|---|---|---|"]
        start = 0
        for piece in self.pieces:
            shape = "×".join(str(side) for side in piece.shape) or "1"
            lines.append(f"| {start} | `{piece.name}` | {shape} | {piece.meaning} |")
            start += piece.size
        lines.append(f"| {start} | | | total size |")
        return "\n".join(lines)


class GenericEncoder(Encoder):
    """A fallback for a game with no designed encoder: own hand, every card named
    anywhere in the observation, and whose turn it is."""

    def layout(self) -> list[Piece]:
        """Hand, cards mentioned, seat to act."""
        return [
            Piece("hand", (54,), "cards in the observing seat's hand"),
            Piece("mentioned", (54,), "cards named anywhere else in the observation"),
            Piece("to_act", (self.num_players,), "relative seat to act"),
        ]

    def fill(self, planes: Mapping[str, FloatArray], observation: Observation, seat: int) -> None:
        """Write the three pieces."""
        set_cards(planes["hand"], observation.get("hand"))
        for key, value in observation.items():
            if key != "hand":
                _mark_cards(planes["mentioned"], value)
        one_hot(planes["to_act"], self.relative(observation.get("current_player"), seat))


def _mark_cards(plane: FloatArray, value: Any) -> None:
    if isinstance(value, str):
        with contextlib.suppress(ParseError):
            plane[card_id(value)] = 1.0
    elif isinstance(value, Mapping):
        for item in value.values():
            _mark_cards(plane, item)
    elif isinstance(value, (list, tuple)):
        for item in value:
            _mark_cards(plane, item)


_CACHE: dict[Game[Any], Encoder] = {}


def encoder_for(game: Game[Any]) -> Encoder:
    """The designed encoder of ``game`` (its options included), else the generic one."""
    encoder = _CACHE.get(game)
    if encoder is None:
        make_encoder = game_parts(game.info.name).attribute("tensor", "make_encoder")
        if make_encoder is None:
            encoder = GenericEncoder(game)
        else:
            encoder = cast(Callable[[Game[Any]], Encoder], make_encoder)(game)
        _CACHE[game] = encoder
    return encoder
