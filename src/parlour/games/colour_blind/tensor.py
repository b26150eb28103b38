"""The observation tensor of Colour-blind (two or three players).

Seats are relative (0 = me, 1 = my left, …). The row is encoded by card, not by
position: which row cards are still to be won, which one the current trick wins,
and who won the others.
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

PHASES = ("play", "other")
COLOURS = ("black", "red")
DEAL_SCALE = 100.0
"""Deal points are divided by this."""
TOTAL_SCALE = 300.0
"""Totals are divided by this."""


class ColourBlindEncoder(Encoder):
    """Hand, row, current trick, cards played, known voids and scores."""

    def __init__(self, game: Game[Any]) -> None:
        options: Any = game.options
        self.follow_suit = bool(options.follow_suit)
        super().__init__(game)

    def layout(self) -> list[Piece]:
        """The pieces of the Colour-blind tensor."""
        n = self.num_players
        return [
            Piece("hand", (52,), "cards in my hand"),
            Piece("row_to_win", (52,), "row cards not won yet"),
            Piece("row_next", (52,), "the row card the current trick wins"),
            Piece("row_won", (n, 52), "row cards (and the last card) won by each seat"),
            Piece("good_colour", (2,), "the good colour: black, red"),
            Piece("trick", (n, 52), "card each seat has played to the current trick"),
            Piece("lead_suit", (4,), "suit led to the current trick (♠ ♥ ♦ ♣)"),
            Piece("played", (52,), "cards played to tricks this deal, current trick included"),
            Piece("void", (n, 4), "suits each seat has shown it lacks (with follow suit)"),
            Piece("to_act", (n,), "seat to act"),
            Piece("dealer", (n,), "dealer"),
            Piece("leader", (n,), "leader of the current trick"),
            Piece("phase", (len(PHASES),), "play, other"),
            Piece("hand_sizes", (n,), "cards in each hand / 14"),
            Piece("deal_points", (n,), "points so far this deal / 100"),
            Piece("totals", (n,), "game totals / 300"),
            Piece("progress", (3,), "deal / deals, tricks played / 13, follow suit (1 or 0)"),
        ]

    def fill(self, planes: Mapping[str, FloatArray], observation: Observation, seat: int) -> None:
        """Write one Colour-blind observation."""
        n = self.num_players
        set_cards(planes["hand"], observation.get("hand"))
        row = list(observation.get("row") or ())
        won_by = list(observation.get("row_won_by") or ())
        for position, text in enumerate(row):
            if position < len(won_by):
                relative = self.relative(won_by[position], seat)
                if relative is not None:
                    planes["row_won"][relative, card_id(text)] = 1.0
            else:
                planes["row_to_win"][card_id(text)] = 1.0
        row_next = observation.get("row_next")
        if isinstance(row_next, int) and 0 <= row_next < len(row):
            planes["row_next"][card_id(row[row_next])] = 1.0
        last_card, owner = observation.get("last_card"), observation.get("last_card_owner")
        relative_owner = self.relative(owner, seat)
        if isinstance(last_card, str) and relative_owner is not None:
            planes["row_won"][relative_owner, card_id(last_card)] = 1.0
        colour = observation.get("good_colour")
        if colour in COLOURS:
            one_hot(planes["good_colour"], COLOURS.index(colour))
        tricks = list(observation.get("tricks") or ())
        trick_leader = observation.get("trick_leader")
        current = {"leader": trick_leader, "cards": observation.get("trick") or []}
        for trick in [*tricks, current]:
            leader = trick.get("leader")
            cards = [card_id(text) for text in trick.get("cards") or ()]
            if not isinstance(leader, int) or not cards:
                continue
            lead_suit = cards[0] // 13
            for position, card in enumerate(cards):
                planes["played"][card] = 1.0
                player = (leader + position) % n
                if self.follow_suit and card // 13 != lead_suit:
                    planes["void"][(player - seat) % n, lead_suit] = 1.0
        if isinstance(trick_leader, int) and current["cards"]:
            cards = [card_id(text) for text in current["cards"]]
            one_hot(planes["lead_suit"], cards[0] // 13)
            for position, card in enumerate(cards):
                planes["trick"][(trick_leader + position - seat) % n, card] = 1.0
        one_hot(planes["to_act"], self.relative(observation.get("current_player"), seat))
        one_hot(planes["dealer"], self.relative(observation.get("dealer"), seat))
        one_hot(planes["leader"], self.relative(trick_leader, seat))
        phase_one_hot(planes["phase"], observation.get("phase"), PHASES)
        for name, key, scale in (
            ("hand_sizes", "hand_sizes", 14.0),
            ("deal_points", "deal_points", DEAL_SCALE),
            ("totals", "totals", TOTAL_SCALE),
        ):
            for player, value in enumerate(observation.get(key) or ()):
                planes[name][(player - seat) % n] = number(value, scale)
        planes["progress"][0] = number(observation.get("deal"), observation.get("deals") or 1)
        planes["progress"][1] = number(len(tricks), 13)
        planes["progress"][2] = 1.0 if self.follow_suit else 0.0


def make_encoder(game: Game[Any]) -> Encoder:
    """The Colour-blind encoder for ``game``'s options."""
    return ColourBlindEncoder(game)
