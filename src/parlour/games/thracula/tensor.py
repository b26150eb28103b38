"""The observation tensor of Thracula (three players).

Seats are relative (0 = me, 1 = my left, 2 = my right).
"""

from __future__ import annotations

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
from parlour.core.game import Game
from parlour.games._coffin.tensor import CELLS, LINE_SCALE, fill_coffin, fill_lines

PHASES = ("take", "put", "other")
"""Phases told apart; ``other`` covers chance (deal) and the end."""
PLAYERS = 3
CELL_NAMES = ("a1", "b1", "c1", "a2", "b2", "c2", "a3", "b3", "c3")


class ThraculaEncoder(Encoder):
    """Hand, coffin (face up and face down), the cell being refilled, line owners,
    line scores and totals."""

    def __init__(self, game: Game[Any]) -> None:
        options: Any = game.options
        self.score_scale = 300.0 * options.deals
        super().__init__(game)

    def layout(self) -> list[Piece]:
        """The pieces of the Thracula tensor."""
        return [
            Piece("hand", (54,), "cards in my hand"),
            Piece("coffin", (CELLS, 54), "face-up card in each cell a1 b1 c1 a2 … c3"),
            Piece("face_down", (CELLS,), "cells holding a face-down card"),
            Piece("taken_cell", (CELLS,), "the cell I just emptied (to fill with a card)"),
            Piece("taken_card", (54,), "the card I just took from it"),
            Piece("past_coffins", (54,), "cards of earlier coffins (discarded)"),
            Piece("owned_line", (PLAYERS, 3), "index of the row and column each seat owns"),
            Piece("line_scores", (PLAYERS, 2), "each seat's row and column value / 150"),
            Piece("line_values", (2, 3), "current row values, then column values, / 150"),
            Piece("to_act", (PLAYERS,), "seat to act"),
            Piece("dealer", (PLAYERS,), "dealer"),
            Piece("phase", (len(PHASES),), "take, put, other"),
            Piece("hand_sizes", (PLAYERS,), "cards in each hand / 4"),
            Piece("progress", (3,), "deal / deals, stock / 54, 1 when dealing from discards"),
            Piece("totals", (PLAYERS,), "totals / (300 × deals)"),
        ]

    def fill(self, planes: Mapping[str, FloatArray], observation: Observation, seat: int) -> None:
        """Write one Thracula observation."""
        set_cards(planes["hand"], observation.get("hand"))
        coffin = observation.get("coffin")
        fill_coffin(planes["coffin"], coffin)
        for cell, down in enumerate(observation.get("face_down") or ()):
            if down:
                planes["face_down"][cell] = 1.0
        taken_cell = observation.get("taken_cell")
        if taken_cell in CELL_NAMES:
            planes["taken_cell"][CELL_NAMES.index(taken_cell)] = 1.0
        taken_card = observation.get("taken_card")
        if isinstance(taken_card, str):
            planes["taken_card"][card_id(taken_card)] = 1.0
        for past in observation.get("past_coffins") or ():
            if past != coffin:
                set_cards(planes["past_coffins"], past)
        for player, line in enumerate(observation.get("owned_lines") or ()):
            relative = self.relative(player, seat)
            if relative is not None and isinstance(line, int):
                one_hot(planes["owned_line"][relative], line)
        for player, scores in enumerate(observation.get("line_scores") or ()):
            relative = self.relative(player, seat)
            for axis, value in enumerate(scores or ()):
                if relative is not None and axis < 2:
                    planes["line_scores"][relative, axis] = number(value, LINE_SCALE)
        fill_lines(
            planes["line_values"], observation.get("row_values"), observation.get("column_values")
        )
        one_hot(planes["to_act"], self.relative(observation.get("current_player"), seat))
        one_hot(planes["dealer"], self.relative(observation.get("dealer"), seat))
        phase_one_hot(planes["phase"], observation.get("phase"), PHASES)
        for player, size in enumerate(observation.get("hand_sizes") or ()):
            planes["hand_sizes"][(player - seat) % PLAYERS] = number(size, 4)
        planes["progress"][0] = number(observation.get("deal"), observation.get("deals") or 1)
        planes["progress"][1] = number(observation.get("stock"), 54)
        planes["progress"][2] = 1.0 if observation.get("from_discards") else 0.0
        for player, value in enumerate(observation.get("totals") or ()):
            planes["totals"][(player - seat) % PLAYERS] = number(value, self.score_scale)


def make_encoder(game: Game[Any]) -> Encoder:
    """The Thracula encoder for ``game``'s options."""
    return ThraculaEncoder(game)
