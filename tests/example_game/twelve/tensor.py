"""The observation tensor of Twelve (the research adapters').

Seats are relative (0 = me, 1 = the other player).
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
    set_cards,
)
from parlour.core.game import Game

TOTAL_SCALE = 40.0
"""Totals are divided by this (five points a deal, eight deals at most)."""


class TwelveEncoder(Encoder):
    """Hand, current trick, cards played this deal, who acts, scores."""

    def layout(self) -> list[Piece]:
        """The pieces of the Twelve tensor."""
        return [
            Piece("hand", (52,), "cards in my hand"),
            Piece("trick", (52,), "the card led to the current trick, if any"),
            Piece("played", (52,), "cards played to finished tricks this deal"),
            Piece("to_act", (2,), "seat to act"),
            Piece("dealer", (2,), "dealer"),
            Piece("deal_points", (2,), "points so far this deal / 5"),
            Piece("totals", (2,), "game totals / 40"),
        ]

    def fill(self, planes: Mapping[str, FloatArray], observation: Observation, seat: int) -> None:
        """Write one Twelve observation."""
        set_cards(planes["hand"], observation.get("hand"))
        set_cards(planes["trick"], observation.get("trick"))
        for trick in observation.get("tricks") or ():
            set_cards(planes["played"], trick["cards"])
        one_hot(planes["to_act"], self.relative(observation.get("current_player"), seat))
        one_hot(planes["dealer"], self.relative(observation.get("dealer"), seat))
        for other in (0, 1):
            relative = self.relative(other, seat)
            if relative is not None:
                points = (observation.get("deal_points") or [0, 0])[other]
                totals = (observation.get("totals") or [0, 0])[other]
                planes["deal_points"][relative] = number(points, 5.0)
                planes["totals"][relative] = number(totals, TOTAL_SCALE)


def make_encoder(game: Game[Any]) -> TwelveEncoder:
    """The tensor encoder of Twelve."""
    return TwelveEncoder(game)
