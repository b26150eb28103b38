"""The observation tensor of Casino (two to four players).

Seats are relative (0 = me, 1 = my left, …); sides are relative too (0 = my
side; with four players in partnerships there are two sides, otherwise one per
seat). Builds are indexed by value: a table holds at most one build of each
value 2–10, so row ``v - 2`` of ``builds`` is the build of value ``v``. A move is
made in steps, so the move being made (the card played, its kind, the table
cards and builds chosen so far, the sum of the group being filled) is part of
the tensor: every seat sees it.
"""

from __future__ import annotations

import contextlib
from collections.abc import Mapping
from typing import Any

from parlour.adapters.tensors import (
    Encoder,
    FloatArray,
    Observation,
    Piece,
    card_id,
    number,
    one_hot,
    phase_one_hot,
    set_cards,
)
from parlour.core.errors import ParseError
from parlour.core.game import Game

PHASES = ("play", "other")
BUILD_VALUES = 9
"""Build values 2 … 10."""


class CasinoEncoder(Encoder):
    """Hand, table (loose cards and builds with owners), captures, cards played
    this round and scores."""

    def __init__(self, game: Game[Any]) -> None:
        options: Any = game.options
        self.sides = 2 if options.players == 4 and options.partnerships else options.players
        self.target = float(options.target)
        super().__init__(game)

    def layout(self) -> list[Piece]:
        """The pieces of the Casino tensor."""
        n, sides = self.num_players, self.sides
        return [
            Piece("hand", (52,), "cards in my hand"),
            Piece("loose", (52,), "loose cards on the table"),
            Piece("builds", (BUILD_VALUES, 52), "cards of the build of each value 2 … 10"),
            Piece("build_owner", (BUILD_VALUES, n), "owner seat of each build"),
            Piece("build_multiple", (BUILD_VALUES,), "1 for a multiple (called) build"),
            Piece("my_side_captured", (52,), "cards my side has captured this round"),
            Piece("played", (52,), "cards played from hand this round"),
            Piece(
                "captured_counts",
                (sides, 3),
                "each side's captured cards / 52, spades / 13, sweeps this round / 10",
            ),
            Piece("totals", (sides,), "each side's game total / target"),
            Piece("hand_sizes", (n,), "cards in each hand / 4"),
            Piece("to_act", (n,), "seat to act"),
            Piece("dealer", (n,), "dealer"),
            Piece("last_capturer", (n,), "seat that captured last (takes the table at the end)"),
            Piece("phase", (len(PHASES),), "play, other"),
            Piece("progress", (2,), "deal / deals this round, stock / 52"),
            Piece("move_card", (52,), "the card of the move being made"),
            Piece("move_kind", (1 + BUILD_VALUES,), "move being made: take, build 2 … 10"),
            Piece("move_cards", (52,), "loose table cards chosen for the move being made"),
            Piece("move_builds", (BUILD_VALUES,), "builds 2 … 10 chosen for the move being made"),
            Piece("move_group", (1,), "sum of the group being filled / 10"),
        ]

    def side_of(self, seat: int) -> int:
        """The side index of a seat."""
        return seat % 2 if self.sides == 2 and self.num_players == 4 else seat

    def relative_side(self, side: int, seat: int) -> int:
        """A side index relative to ``seat``'s side."""
        return (side - self.side_of(seat)) % self.sides

    def fill(self, planes: Mapping[str, FloatArray], observation: Observation, seat: int) -> None:
        """Write one Casino observation."""
        set_cards(planes["hand"], observation.get("hand"))
        set_cards(planes["loose"], observation.get("loose"))
        for build in observation.get("builds") or ():
            value = build.get("value")
            if not isinstance(value, int) or not 2 <= value <= 10:
                continue
            row = value - 2
            set_cards(planes["builds"][row], build.get("cards"))
            one_hot(planes["build_owner"][row], self.relative(build.get("owner"), seat))
            planes["build_multiple"][row] = 1.0 if build.get("kind") == "multiple" else 0.0
        set_cards(planes["my_side_captured"], observation.get("my_side_captured"))
        for move in observation.get("round_moves") or ():
            text = str(move.get("move", "")).split(" ", 1)[0]
            with contextlib.suppress(ParseError):
                planes["played"][card_id(text)] = 1.0
        for side, counts in enumerate(observation.get("captured_counts") or ()):
            if side < self.sides and isinstance(counts, Mapping):
                relative = self.relative_side(side, seat)
                planes["captured_counts"][relative, 0] = number(counts.get("cards"), 52)
                planes["captured_counts"][relative, 1] = number(counts.get("spades"), 13)
        for side, sweeps in enumerate(observation.get("sweeps") or ()):
            if side < self.sides:
                planes["captured_counts"][self.relative_side(side, seat), 2] = number(sweeps, 10)
        for side, total in enumerate(observation.get("totals") or ()):
            if side < self.sides:
                planes["totals"][self.relative_side(side, seat)] = number(total, self.target)
        for player, size in enumerate(observation.get("hand_sizes") or ()):
            planes["hand_sizes"][(player - seat) % self.num_players] = number(size, 4)
        one_hot(planes["to_act"], self.relative(observation.get("current_player"), seat))
        one_hot(planes["dealer"], self.relative(observation.get("dealer"), seat))
        one_hot(planes["last_capturer"], self.relative(observation.get("last_capturer"), seat))
        phase_one_hot(planes["phase"], observation.get("phase"), PHASES)
        planes["progress"][0] = number(
            observation.get("deal"), observation.get("deals_per_round") or 1
        )
        planes["progress"][1] = number(observation.get("stock"), 52)
        pending = observation.get("pending")
        if isinstance(pending, Mapping):
            set_cards(planes["move_card"], [pending.get("card")])
            value = pending.get("value")
            if pending.get("kind") == "take":
                planes["move_kind"][0] = 1.0
            elif isinstance(value, int) and 2 <= value <= 10:
                planes["move_kind"][value - 1] = 1.0
            set_cards(planes["move_cards"], pending.get("cards"))
            for build_value in pending.get("builds") or ():
                if isinstance(build_value, int) and 2 <= build_value <= 10:
                    planes["move_builds"][build_value - 2] = 1.0
            planes["move_group"][0] = number(pending.get("open_sum"), 10)


def make_encoder(game: Game[Any]) -> Encoder:
    """The Casino encoder for ``game``'s options."""
    return CasinoEncoder(game)
