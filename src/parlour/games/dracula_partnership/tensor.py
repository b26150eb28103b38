"""The observation tensor of Dracula for four players in partnerships.

Seats are relative (0 = me, 1 = my left-hand opponent, 2 = my partner,
3 = my right-hand opponent); sides are relative too (0 = my side).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from parlour.adapters.tensors import (
    Encoder,
    FloatArray,
    Observation,
    Piece,
    number,
    one_hot,
    phase_one_hot,
    set_cards,
)
from parlour.core.game import Game
from parlour.games._coffin.tensor import CELLS, fill_coffin, fill_lines, fill_open_cells

PHASES = ("direction", "play", "other")
"""Phases told apart; ``other`` covers chance (deal) and the end."""
DIRECTIONS = ("rows", "columns")
PLAYERS = 4


class DraculaPartnershipEncoder(Encoder):
    """Hand, coffin, cards gone, who still holds a Vampire, directions and scores."""

    def __init__(self, game: Game[Any]) -> None:
        options: Any = game.options
        self.score_scale = 2.0 * 6 * 150.0 * options.deals
        super().__init__(game)

    def layout(self) -> list[Piece]:
        """The pieces of the partnership tensor."""
        return [
            Piece("hand", (54,), "cards in my hand"),
            Piece("coffin", (CELLS, 54), "card in each cell a1 b1 c1 a2 … c3"),
            Piece("open_cells", (CELLS,), "empty cells next to a card (where a card may go)"),
            Piece("past_coffins", (54,), "cards of this deal's earlier coffins (out of play)"),
            Piece("vampire_holders", (PLAYERS,), "seats still holding a Vampire"),
            Piece("direction", (2,), "my side's direction: rows, columns"),
            Piece("line_values", (2, 3), "current row values, then column values, / 150"),
            Piece("to_act", (PLAYERS,), "seat to act"),
            Piece("dealer", (PLAYERS,), "dealer"),
            Piece("first_nail", (PLAYERS,), "seat that lays this coffin's first nail"),
            Piece("phase", (len(PHASES),), "direction choice, play, other"),
            Piece("hand_sizes", (PLAYERS,), "cards in each hand / 14"),
            Piece("progress", (2,), "coffin number / 6, deal / deals"),
            Piece("totals", (2,), "each side's total / (1800 × deals), my side first"),
        ]

    def fill(self, planes: Mapping[str, FloatArray], observation: Observation, seat: int) -> None:
        """Write one partnership observation."""
        set_cards(planes["hand"], observation.get("hand"))
        coffin = observation.get("coffin")
        fill_coffin(planes["coffin"], coffin)
        if observation.get("phase") == "play":
            fill_open_cells(planes["open_cells"], coffin)
        for past in observation.get("past_coffins") or ():
            if past != coffin:
                set_cards(planes["past_coffins"], past)
        for holder in observation.get("vampire_holders") or ():
            one_hot(planes["vampire_holders"], self.relative(holder, seat))
        side_directions = observation.get("side_directions") or [None, None]
        mine = side_directions[seat % 2]
        if mine in DIRECTIONS:
            one_hot(planes["direction"], DIRECTIONS.index(mine))
        fill_lines(
            planes["line_values"], observation.get("row_values"), observation.get("column_values")
        )
        one_hot(planes["to_act"], self.relative(observation.get("current_player"), seat))
        one_hot(planes["dealer"], self.relative(observation.get("dealer"), seat))
        one_hot(planes["first_nail"], self.relative(observation.get("first_nail_seat"), seat))
        phase_one_hot(planes["phase"], observation.get("phase"), PHASES)
        for player, size in enumerate(observation.get("hand_sizes") or ()):
            planes["hand_sizes"][(player - seat) % PLAYERS] = number(size, 14)
        planes["progress"][0] = number(observation.get("coffin_number"), 6)
        planes["progress"][1] = number(observation.get("deal"), observation.get("deals") or 1)
        for side, value in enumerate(observation.get("totals") or ()):
            planes["totals"][(side - seat) % 2] = number(value, self.score_scale)


def make_encoder(game: Game[Any]) -> Encoder:
    """The partnership encoder for ``game``'s options."""
    return DraculaPartnershipEncoder(game)
