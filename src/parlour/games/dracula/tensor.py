"""The observation tensor of two-player Dracula.

Everything comes from ``state.observation(seat)``; seats are relative (0 = the
observing seat, 1 = the opponent).
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

PHASES = ("direction", "play", "take", "other")
"""Phases told apart; ``other`` covers chance (cut, deal) and the end."""
DIRECTIONS = ("rows", "columns")


class DraculaEncoder(Encoder):
    """Hand, coffin, cards gone, cards won, directions, line values and scores."""

    def __init__(self, game: Game[Any]) -> None:
        options: Any = game.options
        self.cards_scoring = options.scoring == "cards"
        self.score_scale = 54.0 if self.cards_scoring else 300.0 * options.deals
        super().__init__(game)

    def layout(self) -> list[Piece]:
        """The pieces of the Dracula tensor."""
        return [
            Piece("hand", (54,), "cards in my hand"),
            Piece("coffin", (CELLS, 54), "card in each cell a1 b1 c1 a2 … c3"),
            Piece("open_cells", (CELLS,), "empty cells next to a card (where a card may go)"),
            Piece("past_coffins", (54,), "cards of this game's earlier coffins (out of play)"),
            Piece("won", (2, 54), "cards won by each seat (scoring with cards)"),
            Piece("direction", (2,), "my direction: rows (Queen's way), columns (King's way)"),
            Piece("line_values", (2, 3), "current row values, then column values, / 150"),
            Piece("to_act", (2,), "seat to act"),
            Piece("dealer", (2,), "dealer of this deal"),
            Piece("phase", (len(PHASES),), "direction choice, play, take, other"),
            Piece("hand_sizes", (2,), "cards in each hand / 4"),
            Piece("progress", (3,), "deal number / deals, stock / 54, takes left / 9"),
            Piece("totals", (2,), "this game's totals / scale (300 × deals, or 54 cards)"),
            Piece("session_totals", (2,), "session totals / the same scale"),
            Piece("scoring_cards", (1,), "1 when scoring with cards"),
        ]

    def fill(self, planes: Mapping[str, FloatArray], observation: Observation, seat: int) -> None:
        """Write one Dracula observation."""
        set_cards(planes["hand"], observation.get("hand"))
        coffin = observation.get("coffin")
        fill_coffin(planes["coffin"], coffin)
        if observation.get("phase") == "play":
            fill_open_cells(planes["open_cells"], coffin)
        for past in observation.get("past_coffins") or ():
            if past != coffin:
                set_cards(planes["past_coffins"], past)
        for player, cards in enumerate(observation.get("won") or ()):
            relative = self.relative(player, seat)
            if relative is not None:
                set_cards(planes["won"][relative], cards)
        directions = observation.get("directions") or [None, None]
        if directions[seat] in DIRECTIONS:
            one_hot(planes["direction"], DIRECTIONS.index(directions[seat]))
        fill_lines(
            planes["line_values"], observation.get("row_values"), observation.get("column_values")
        )
        one_hot(planes["to_act"], self.relative(observation.get("current_player"), seat))
        one_hot(planes["dealer"], self.relative(observation.get("dealer"), seat))
        phase_one_hot(planes["phase"], observation.get("phase"), PHASES)
        for player, size in enumerate(observation.get("hand_sizes") or ()):
            planes["hand_sizes"][(player - seat) % 2] = number(size, 4)
        deals = observation.get("deals") or 1
        planes["progress"][0] = number(observation.get("deal"), deals)
        planes["progress"][1] = number(observation.get("stock"), 54)
        planes["progress"][2] = number(observation.get("takes_left"), 9)
        for name, key in (("totals", "totals"), ("session_totals", "session_totals")):
            for player, value in enumerate(observation.get(key) or ()):
                planes[name][(player - seat) % 2] = number(value, self.score_scale)
        planes["scoring_cards"][0] = 1.0 if self.cards_scoring else 0.0


def make_encoder(game: Game[Any]) -> Encoder:
    """The Dracula encoder for ``game``'s options."""
    return DraculaEncoder(game)
