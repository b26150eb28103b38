"""The observation tensor of Nain Jaune (three to eight players).

Seats are relative (0 = me, then in seat order: 1 is seat + 1). Ranks run
A 2 … 10 J Q K (index 0 … 12). The five board boxes are, in order, 10♦ J♣ Q♠
K♥ 7♦.
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
    rank_index,
    set_cards,
)
from parlour.core.game import Game

PHASES = ("play", "claim", "other")
BOARD = ("10D", "JC", "QS", "KH", "7D")
"""The board cards, in box order."""


def _rank(value: Any) -> int | None:
    return rank_index(value) if isinstance(value, str) else None


class NainJauneEncoder(Encoder):
    """Hand, cards played this deal, the run, what each seat is known to lack,
    the boxes and the chips."""

    def __init__(self, game: Game[Any]) -> None:
        options: Any = game.options
        self.chip_scale = float(options.start_chips * options.players)
        super().__init__(game)

    def layout(self) -> list[Piece]:
        """The pieces of the Nain Jaune tensor."""
        n = self.num_players
        return [
            Piece("hand", (52,), "cards in my hand"),
            Piece("played", (n, 52), "cards each seat has played this deal"),
            Piece("run", (52,), "cards of the current run"),
            Piece("needed_rank", (13,), "rank that continues the run (A … K)"),
            Piece("block_rank", (13,), "rank announced 'sans' and now offered round"),
            Piece("lacks_rank", (n, 13), "ranks each seat has shown it does not hold this deal"),
            Piece("boxes", (5,), "chips in each box (10♦ J♣ Q♠ K♥ 7♦) / all chips"),
            Piece("claim_box", (5,), "box that may be claimed now"),
            Piece("chips", (n,), "chips of each seat / all chips"),
            Piece("hand_sizes", (n,), "cards in each hand / 15"),
            Piece("played_this_deal", (n,), "seats that have played a card this deal"),
            Piece("to_act", (n,), "seat to act"),
            Piece("dealer", (n,), "dealer"),
            Piece("phase", (len(PHASES),), "play, claim, other"),
            Piece("flags", (3,), "may stop now, anticlockwise play, deal number / 10"),
        ]

    def fill(self, planes: Mapping[str, FloatArray], observation: Observation, seat: int) -> None:
        """Write one Nain Jaune observation."""
        set_cards(planes["hand"], observation.get("hand"))
        for entry in observation.get("pile") or ():
            relative = self.relative(entry.get("player"), seat)
            if relative is not None and isinstance(entry.get("card"), str):
                planes["played"][relative, card_id(entry["card"])] = 1.0
        set_cards(planes["run"], observation.get("run"))
        one_hot(planes["needed_rank"], _rank(observation.get("needed_rank")))
        one_hot(planes["block_rank"], _rank(observation.get("block_rank")))
        for sans in observation.get("sans") or ():
            rank = _rank(sans.get("rank"))
            if rank is None:
                continue
            lacking = list(sans.get("passed") or ())
            if not sans.get("stopped"):
                lacking.append(sans.get("player"))
            for player in lacking:
                relative = self.relative(player, seat)
                if relative is not None:
                    planes["lacks_rank"][relative, rank] = 1.0
        for box in observation.get("boxes") or ():
            if box.get("card") in BOARD:
                planes["boxes"][BOARD.index(box["card"])] = number(
                    box.get("chips"), self.chip_scale
                )
        claim = observation.get("claim_box")
        if claim in BOARD:
            planes["claim_box"][BOARD.index(claim)] = 1.0
        n = self.num_players
        for name, key, scale in (
            ("chips", "chips", self.chip_scale),
            ("hand_sizes", "hand_sizes", 15.0),
        ):
            for player, value in enumerate(observation.get(key) or ()):
                planes[name][(player - seat) % n] = number(value, scale)
        for player in observation.get("played_this_deal") or ():
            one_hot(planes["played_this_deal"], self.relative(player, seat))
        one_hot(planes["to_act"], self.relative(observation.get("current_player"), seat))
        one_hot(planes["dealer"], self.relative(observation.get("dealer"), seat))
        phase_one_hot(planes["phase"], observation.get("phase"), PHASES)
        planes["flags"][0] = 1.0 if observation.get("can_stop") else 0.0
        planes["flags"][1] = 1.0 if observation.get("direction") == "anticlockwise" else 0.0
        planes["flags"][2] = number(observation.get("deal_number"), 10)


def make_encoder(game: Game[Any]) -> Encoder:
    """The Nain Jaune encoder for ``game``'s options."""
    return NainJauneEncoder(game)
