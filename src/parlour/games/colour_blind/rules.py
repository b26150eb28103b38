"""Colour-blind: David Parlett's trick-taking game for three players (two-player variant).

A fourth hand is dealt and spread face up as a row. The colour (red or black) of
the majority of the row is the good colour. Each trick is won by the highest
rank, whatever the suit (Ace high; of equal ranks the last played wins), and the
trick's winner takes the next card of the row: good-colour row cards score their
face value, bad-colour ones cost it. The tricks' own cards never score.

Sources: David Parlett's own description of Colour-blind (follow suit when able);
a French description of the same game (seed 003: play any card). The project's
decisions on every open question are in ``rules-decisions.md`` §2. Rules page:
``pages/reference.md`` (``parlour rules colour-blind``).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import ClassVar, Final

from parlour.core.cards import (
    STANDARD_PACK,
    format_card,
    format_card_in,
    iter_bits,
    make_card,
    parse_card,
)
from parlour.core.errors import (
    COMMON_REFUSALS,
    InvalidOptionError,
    ParlourError,
    ParseError,
    Refusal,
    RefusalSentences,
    refusal,
)
from parlour.core.game import (
    CHANCE,
    JSON,
    TERMINAL,
    DealScore,
    Game,
    GameInfo,
    State,
    View,
    first_dealer_outcomes,
    first_dealer_text,
    parse_first_dealer,
)
from parlour.core.lesson import Said
from parlour.core.options import FIRST_DEALER_WORDS, option
from parlour.core.registry import register
from parlour.core.sampler import Rng
from parlour.core.shared_events import CardDealt, DealStarted, FirstDealerChosen, GameEnded
from parlour.games.colour_blind.events import (
    CardFollowed as CardFollowed,
)
from parlour.games.colour_blind.events import (
    CardLed as CardLed,
)
from parlour.games.colour_blind.events import (
    DealScored as DealScored,
)
from parlour.games.colour_blind.events import (
    DummyCardDealt as DummyCardDealt,
)
from parlour.games.colour_blind.events import (
    GoodColourKnown as GoodColourKnown,
)
from parlour.games.colour_blind.events import (
    LastCardWon as LastCardWon,
)
from parlour.games.colour_blind.events import (
    RowCardDealt as RowCardDealt,
)
from parlour.games.colour_blind.events import (
    TrickWon as TrickWon,
)

# ----- constants --------------------------------------------------------------

PHASE_FIRST_DEALER: Final = 0
"""Chance: a random first dealer (option ``first_dealer=random``)."""
PHASE_DEAL: Final = 1
"""Chance: one card at a time from the dealer's left round to the dealer, then the
dummy (two players: then the dummy's 14th card)."""
PHASE_PLAY: Final = 2
"""Thirteen tricks."""
PHASE_OVER: Final = 3
"""The game is over."""

PHASE_NAMES: Final = ("first dealer", "deal", "play", "over")
"""The ``phase`` text of the observation, by phase number."""

TRICKS: Final = 13
"""Tricks in a deal, and cards in the row."""
MAX_DEALS_TO_TARGET: Final = 100
"""With ``target_score`` and no ``deals``, the game also stops after this many deals,
so that a match is always finite (every score can be 0 deal after deal)."""

SUIT_MASKS: Final = tuple(((1 << 13) - 1) << (13 * suit) for suit in range(4))
"""Bit mask of the 13 cards of each suit (♠ ♥ ♦ ♣)."""
RED_MASK: Final = SUIT_MASKS[1] | SUIT_MASKS[2]
"""Bit mask of the hearts and diamonds."""
POWER: Final = tuple((card % 13 + 12) % 13 for card in range(52))
"""Trick-taking power of each card: 2 = 0 … K = 11, A = 12, whatever the suit."""
VALUE: Final = tuple(card % 13 + 1 for card in range(52))
"""Score value of each row card: A = 1, 2–10, J = 11, Q = 12, K = 13."""
REMOVED_RANKS: Final = {"789": (7, 8, 9), "JQK": (11, 12, 13)}
"""The ranks taken out of the pack for two players (option ``removed_ranks``)."""


def _pack_without(ranks: tuple[int, ...]) -> int:
    mask = STANDARD_PACK
    for rank in ranks:
        for suit in range(4):
            mask &= ~(1 << make_card(rank, suit))
    return mask


# ----- options ----------------------------------------------------------------


@dataclass(frozen=True)
class ColourBlindOptions:
    """The options of Colour-blind (rules-decisions.md §2)."""

    players: int = option(
        3,
        "number of players (3, or the two-player variant)",
        choices=(3, 2),
        label=Said("Players", "Joueurs"),
        help_fr="nombre de joueurs (3, ou la variante à deux)",
    )
    """3 (the game as written) or 2 (the variant with a 40-card pack and a 14-card dummy)."""
    first_dealer: str | int = option(
        "random",
        "who deals first: random or a seat",
        choices=("random",),
        minimum=0,
        maximum=2,
        label=Said("First dealer", "Premier donneur"),
        help_fr="qui donne en premier",
        words=FIRST_DEALER_WORDS,
    )
    """``random`` or a seat number; the deal then passes left."""
    follow_suit: bool = option(
        True,
        "follow suit when able (no: play any card)",
        label=Said("Follow suit", "Fournir"),
        help_fr="fournir quand on peut (non : jouer n'importe quelle carte)",
    )
    """True (Parlett): follow suit if you can, otherwise play any card. False (the
    French text): play any card."""
    deals: int | None = option(
        None,
        "number of deals; none: one per player, or with a target score, until the target",
        minimum=1,
        maximum=MAX_DEALS_TO_TARGET,
        label=Said("Deals", "Donnes"),
        help_fr=(
            "nombre de donnes ; aucun : une par joueur, ou avec un score à atteindre, jusqu'au but"
        ),
    )
    """``none``: one deal per player, or with ``target_score`` as many as it takes
    (at most 100). A number: at most that many deals."""
    target_score: int | None = option(
        None,
        "the game ends after the deal in which a total reaches this",
        minimum=1,
        label=Said("Target score", "Score à atteindre"),
        help_fr="la partie finit après la donne où un total atteint ce score",
    )
    """``none``, or a total that ends the game after the deal in which someone reaches it."""
    removed_ranks: str = option(
        "789",
        "two players: the ranks taken out of the pack (789 or JQK)",
        choices=("789", "JQK"),
        players=(2,),
        label=Said("Ranks removed (two players)", "Rangs retirés (à deux)"),
        help_fr="à deux : les rangs retirés du paquet",
        words={"789": Said("7 8 9", "7 8 9"), "JQK": Said("J Q K", "V D R")},
    )
    """Two players only: remove the 7s, 8s and 9s (``789``) or the court cards
    (``JQK``, written in any case) to leave 40 cards."""
    last_card: str = option(
        "unused",
        "two players: the dummy's 14th card stays unused or goes to the last trick",
        choices=("unused", "last_trick"),
        players=(2,),
        label=Said("Dummy's 14th card (two players)", "14e carte du mort (à deux)"),
        help_fr="à deux : la 14e carte du mort reste inutilisée ou va à la dernière levée",
        words={
            "unused": Said("unused", "inutilisée"),
            "last_trick": Said("to the last trick", "à la dernière levée"),
        },
    )
    """Two players only: the dummy's 14th card stays face down (``unused``) or goes to
    the winner of the last trick and scores by colour (``last_trick``)."""

    def check(self) -> None:
        """Check rules between options."""
        if self.players == 3:
            if self.removed_ranks != "789":
                raise InvalidOptionError(
                    f"option removed_ranks={self.removed_ranks} applies only with players=2; "
                    "the three-player game uses all 52 cards"
                )
            if self.last_card != "unused":
                raise InvalidOptionError(
                    f"option last_card={self.last_card} applies only with players=2; "
                    "the three-player dummy has no 14th card"
                )


# ----- action encoding ----------------------------------------------------------
#
# Player actions: the card id of the card played (0 … 51), written ``QH``.
# Chance outcomes: a card id for every dealt card (written ``QH``), or a seat
# number for a random first dealer (written ``seat 2``).

NUM_ACTIONS: Final = 52
"""Player actions are card ids, 0 to 51."""


def legal_cards(hand: int, led_suit: int, follow_suit: bool) -> int:
    """The cards of ``hand`` that may be played to a trick whose led suit is
    ``led_suit`` (-1 when leading)."""
    if follow_suit and led_suit >= 0:
        following = hand & SUIT_MASKS[led_suit]
        if following:
            return following
    return hand


def trick_winner_index(cards: list[int] | tuple[int, ...]) -> int:
    """The index in play order of the card that wins a trick: the highest rank
    whatever the suit (Ace high); of equal ranks the one played last."""
    best = 0
    best_power = POWER[cards[0]]
    for index in range(1, len(cards)):
        power = POWER[cards[index]]
        if power >= best_power:
            best, best_power = index, power
    return best


def row_points(cards: list[int] | tuple[int, ...], good_red: bool) -> int:
    """Good-colour face values minus bad-colour ones (not clamped)."""
    points = 0
    for card in cards:
        if bool(RED_MASK >> card & 1) == good_red:
            points += VALUE[card]
        else:
            points -= VALUE[card]
    return points


def colour_points(cards: list[int] | tuple[int, ...], good_red: bool) -> tuple[int, int]:
    """The face values of the good-colour cards and of the bad-colour cards among
    ``cards``: ``row_points`` is the first minus the second."""
    good = 0
    bad = 0
    for card in cards:
        if bool(RED_MASK >> card & 1) == good_red:
            good += VALUE[card]
        else:
            bad += VALUE[card]
    return good, bad


def good_colour_is_red(row: list[int] | tuple[int, ...]) -> bool:
    """Whether red is the colour of the majority of the row's cards."""
    reds = sum(1 for card in row if RED_MASK >> card & 1)
    return reds * 2 > len(row)


# ----- events ---------------------------------------------------------------------
# Shared with the other games: FirstDealerChosen, DealStarted, CardDealt (to a
# hand), GameEnded (``_events``).


# ----- state --------------------------------------------------------------------


REFUSALS: RefusalSentences = {
    **COMMON_REFUSALS,
    "first_dealer_seat": (
        "the first dealer is a seat from 0 to {last}",
        "le premier donneur est une place de 0 à {last}",
    ),
    "not_a_card": ("it is not a card", "ce n'est pas une carte"),
    "not_in_pack": (
        "{card} is not in the pack with these options",
        "{card} n'est pas dans le paquet avec ces options",
    ),
    "already_dealt": ("{card} has already been dealt", "{card} a déjà été donnée"),
    "not_held": ("you do not hold {card}", "vous n'avez pas {card}"),
    "must_follow": (
        "you must follow suit: you hold {suit} ({cards})",
        "vous devez fournir : vous avez {suit} ({cards})",
    ),
}
"""Why a move of Colour-blind is refused, in English and French."""


class ColourBlindState(State):
    """A position of Colour-blind."""

    _list_fields = ("hands", "row", "row_owner", "played", "totals", "deal_points")

    def __init__(self, game: ColourBlindGame) -> None:
        super().__init__(game)
        options = game.options
        self.options = options
        self.players: int = options.players
        self.pack_mask: int = game.pack(0)
        self.deal_size: int = self.pack_mask.bit_count()
        """Cards dealt each deal (52, or 40 for two players)."""
        self.deal_limit: int = game.deal_limit()
        self.phase = PHASE_FIRST_DEALER
        self.first_dealer = -1
        self.dealer = 0
        if options.first_dealer != "random":
            self.first_dealer = int(options.first_dealer)
            self.dealer = self.first_dealer
            self.phase = PHASE_DEAL
        self.deal_index = 0
        """Deals finished so far (the current deal is number ``deal_index + 1``)."""
        self.dealt = 0
        """Cards dealt so far in this deal."""
        self.dealt_mask = 0
        self.hands = [0] * self.players
        self.row: list[int] = []
        """The dummy's face-up cards in dealt order (the order they are won)."""
        self.last_card = -1
        """Two players: the dummy's 14th card (hidden), -1 before it is dealt."""
        self.last_card_owner = -1
        self.good_red = -1
        """1 if red is the good colour, 0 if black, -1 before the row is complete."""
        self.row_owner: list[int] = []
        """Who won each row card so far (one entry per finished trick)."""
        self.played: list[int] = []
        """The cards played this deal, in order (tricks of ``players`` cards)."""
        self.leader = 0
        """Who led the current trick."""
        self.to_play = 0
        self.totals = [0] * self.players
        self.deal_points = [0] * self.players
        """This deal's good-minus-bad points so far (not clamped)."""
        self.sheet: tuple[DealScore, ...] = ()
        self.past_deals: tuple[str, ...] = ()
        """Public summaries of the finished deals (for perfect recall), as JSON text so
        that clones share them safely."""

    # ----- flow ------------------------------------------------------------------
    def current_player(self) -> int:
        """The seat to act, CHANCE or TERMINAL."""
        phase = self.phase
        if phase == PHASE_PLAY:
            return self.to_play
        if phase == PHASE_OVER:
            return TERMINAL
        return CHANCE

    def _legal_actions(self) -> list[int]:
        played = self.played
        start = len(self.row_owner) * self.players
        led_suit = played[start] // 13 if len(played) > start else -1
        mask = legal_cards(self.hands[self.to_play], led_suit, self.options.follow_suit)
        cards = []
        while mask:
            low = mask & -mask
            cards.append(low.bit_length() - 1)
            mask ^= low
        return cards

    def _chance_card_mask(self) -> int:
        if self.phase == PHASE_DEAL:
            return self.pack_mask & ~self.dealt_mask
        return 0

    def _other_chance_outcomes(self) -> list[tuple[int, float]]:
        return first_dealer_outcomes(self.players)

    def _deal_slot(self) -> tuple[int, int] | None:
        if self.phase == PHASE_DEAL:
            return self.deal_index, self.dealt
        return None

    def deal_recipient(self) -> int:
        """Who receives the next dealt card: a seat, ``players`` for the row, or
        ``players + 1`` for the two-player dummy's hidden 14th card."""
        return recipient(self.players, self.dealer, self.dealt)

    def _chance_seen_by(self, player: int) -> bool:
        if self.phase != PHASE_DEAL:
            return True
        receiver = self.deal_recipient()
        # The row is spread face up before anyone plays, so its cards are public.
        return receiver == player or receiver == self.players

    def _apply(self, action: int) -> None:
        if self.phase == PHASE_PLAY:
            self._play(action)
        elif self.phase == PHASE_DEAL:
            receiver = recipient(self.players, self.dealer, self.dealt)
            if self._events is not None:
                self._emit_dealt(receiver, action)
            self.dealt += 1
            self.dealt_mask |= 1 << action
            if receiver < self.players:
                self.hands[receiver] |= 1 << action
            elif receiver == self.players:
                self.row.append(action)
            else:
                self.last_card = action
            if self.dealt == self.deal_size:
                self.good_red = int(good_colour_is_red(self.row))
                if self._events is not None:
                    self._emit(GoodColourKnown(colour="red" if self.good_red else "black"))
                self.phase = PHASE_PLAY
                self.leader = self.to_play = (self.dealer + 1) % self.players
        elif self.phase == PHASE_FIRST_DEALER:
            self._emit(FirstDealerChosen(seat=action))
            self.first_dealer = self.dealer = action
            self.phase = PHASE_DEAL

    def _emit_dealt(self, receiver: int, card: int) -> None:
        if self.dealt == 0:
            self._emit(DealStarted(1, self.deal_index + 1, self.dealer))
        if receiver < self.players:
            self._emit(CardDealt(seat=receiver, card=card))
        elif receiver == self.players:
            self._emit(RowCardDealt(position=len(self.row), card=card))
        else:
            self._emit(DummyCardDealt(card=card))

    def _play(self, card: int) -> None:
        player = self.to_play
        players = self.players
        self.hands[player] &= ~(1 << card)
        played = self.played
        played.append(card)
        tricks_done = len(self.row_owner)
        start = tricks_done * players
        if self._events is not None:
            led = len(played) - start == 1
            self._emit(CardLed(player, card) if led else CardFollowed(player, card))
        if len(played) - start < players:
            self.to_play = (player + 1) % players
            return
        winner = (self.leader + trick_winner_index(played[start:])) % players
        row_card = self.row[tricks_done]
        self.row_owner.append(winner)
        good = bool(RED_MASK >> row_card & 1) == bool(self.good_red)
        self.deal_points[winner] += VALUE[row_card] if good else -VALUE[row_card]
        if self._events is not None:
            points = VALUE[row_card] if good else -VALUE[row_card]
            trick = tuple(played[start:])
            split = self._colour_points()
            goods = tuple(pair[0] for pair in split)
            bads = tuple(pair[1] for pair in split)
            self._emit(
                TrickWon(winner, tricks_done + 1, trick, row_card, good, points, goods, bads)
            )
        self.leader = self.to_play = winner
        if tricks_done + 1 == TRICKS:
            self._end_deal(winner)

    def _colour_points(self) -> list[tuple[int, int]]:
        """Per seat: the good-colour and bad-colour points of the row cards won
        this deal (and the dummy's 14th card once won)."""
        won: list[list[int]] = [[] for _ in range(self.players)]
        for index, owner in enumerate(self.row_owner):
            won[owner].append(self.row[index])
        if self.last_card_owner >= 0:
            won[self.last_card_owner].append(self.last_card)
        good_red = bool(self.good_red)
        return [colour_points(cards, good_red) for cards in won]

    def _end_deal(self, last_winner: int) -> None:
        notes = [f"good colour {'red' if self.good_red else 'black'}"]
        if self.last_card >= 0 and self.options.last_card == "last_trick":
            self.last_card_owner = last_winner
            card = self.last_card
            good = bool(RED_MASK >> card & 1) == bool(self.good_red)
            self.deal_points[last_winner] += VALUE[card] if good else -VALUE[card]
            points = VALUE[card] if good else -VALUE[card]
            if self._events is not None:
                self._emit(LastCardWon(seat=last_winner, card=card, good=good, points=points))
            notes.append(f"14th card {format_card(card)} to seat {last_winner}")
        scores = tuple(max(0, points) for points in self.deal_points)
        clamped = [seat for seat, points in enumerate(self.deal_points) if points < 0]
        if clamped:
            notes.append(
                "negative: "
                + ", ".join(f"seat {seat} {self.deal_points[seat]} → 0" for seat in clamped)
            )
        for seat in range(self.players):
            self.totals[seat] += scores[seat]
        if self._events is not None:
            deal_points, totals = tuple(self.deal_points), tuple(self.totals)
            self._emit(DealScored(self.deal_index + 1, deal_points, scores, totals))
        self.sheet += (DealScore(1, self.deal_index + 1, scores, "; ".join(notes)),)
        players = self.players
        start = (TRICKS - 1) * players
        summary = {
            "deal": self.deal_index + 1,
            "dealer": self.dealer,
            "row": [format_card(card) for card in self.row],
            "good_colour": "red" if self.good_red else "black",
            "row_won_by": list(self.row_owner),
            "last_card": format_card(self.last_card) if self.last_card_owner >= 0 else None,
            "last_card_owner": self.last_card_owner if self.last_card_owner >= 0 else None,
            "last_trick": {
                "leader": self.row_owner[-2],
                "cards": [format_card(card) for card in self.played[start:]],
                "winner": last_winner,
            },
            "points": list(self.deal_points),
            "scores": list(scores),
        }
        self.past_deals += (json.dumps(summary, ensure_ascii=False),)
        self.deal_index += 1
        target = self.options.target_score
        if self.deal_index >= self.deal_limit or (
            target is not None and max(self.totals) >= target
        ):
            self.phase = PHASE_OVER
            self._emit(GameEnded(game=1, scores=tuple(self.totals)))
            return
        self.dealer = (self.first_dealer + self.deal_index) % players
        self.phase = PHASE_DEAL
        self.dealt = 0
        self.dealt_mask = 0
        self.hands = [0] * players
        self.row = []
        self.last_card = -1
        self.last_card_owner = -1
        self.good_red = -1
        self.row_owner = []
        self.played = []
        self.deal_points = [0] * players

    # ----- text ------------------------------------------------------------------
    def action_to_string(self, action: object) -> str:
        """``QH`` for a card played or dealt; ``seat N`` for a random first dealer."""
        if self.phase == PHASE_FIRST_DEALER:
            return first_dealer_text(action, self.players)
        return format_card_in(action, self.game.pack(0))

    def _parse_action(self, text: str) -> int:
        words = text.strip().lower().split()
        if self.phase == PHASE_FIRST_DEALER:
            return parse_first_dealer(text, self.players)
        if len(words) == 1:
            try:
                return parse_card(words[0])
            except ParseError:
                pass
        what = "card to deal" if self.phase == PHASE_DEAL else "card to play"
        raise ParseError(
            f"{text!r} is not a {what}; write one card such as 'QH', '10S' (or 'TS'), "
            "'AD', '7♣' (suits S H D C or ♠ ♥ ♦ ♣)"
        )

    def _illegal_refusal(self, action: int) -> Refusal:
        if self.phase == PHASE_FIRST_DEALER:
            return refusal(REFUSALS, "first_dealer_seat", last=self.players - 1)
        if not 0 <= action < NUM_ACTIONS:
            return refusal(REFUSALS, "not_a_card")
        card_text = format_card(action)
        if self.phase == PHASE_DEAL:
            if not self.pack_mask >> action & 1:
                return refusal(REFUSALS, "not_in_pack", card=card_text)
            return refusal(REFUSALS, "already_dealt", card=card_text)
        if self.phase != PHASE_PLAY:
            return refusal(REFUSALS, "game_over")
        hand = self.hands[self.to_play]
        if not hand >> action & 1:
            return refusal(REFUSALS, "not_held", card=card_text)
        start = len(self.row_owner) * self.players
        led_suit = self.played[start] // 13
        symbol = "♠♥♦♣"[led_suit]
        following = " ".join(format_card(card) for card in iter_bits(hand & SUIT_MASKS[led_suit]))
        return refusal(REFUSALS, "must_follow", suit=symbol, cards=following)

    # ----- results ------------------------------------------------------------------
    def returns(self) -> list[float]:
        """Each seat's total over the game's deals; zeros before the end."""
        if self.phase != PHASE_OVER:
            return [0.0] * self.players
        return [float(total) for total in self.totals]

    def score_sheet(self) -> list[DealScore]:
        """One line per finished deal: each seat's clamped deal score."""
        return list(self.sheet)

    def winners(self) -> list[int]:
        """The seats with the highest total (equal totals share the win); empty
        before the end."""
        if self.phase != PHASE_OVER:
            return []
        best = max(self.totals)
        return [seat for seat, total in enumerate(self.totals) if total == best]

    def _observation(self, player: int) -> dict[str, JSON]:
        players = self.players
        current = self.current_player()
        row_texts = [format_card(card) for card in self.row]
        tricks_done = len(self.row_owner)
        played = self.played
        tricks: list[JSON] = []
        leader = (self.dealer + 1) % players
        for trick in range(tricks_done):
            cards = played[trick * players : (trick + 1) * players]
            winner = self.row_owner[trick]
            tricks.append(
                {
                    "leader": leader,
                    "cards": [format_card(card) for card in cards],
                    "winner": winner,
                    "row_card": row_texts[trick],
                }
            )
            leader = winner
        current_trick = played[tricks_done * players :]
        won: list[list[str]] = [[] for _ in range(players)]
        for index, owner in enumerate(self.row_owner):
            won[owner].append(row_texts[index])
        last_card_visible = self.last_card_owner >= 0
        if last_card_visible:
            won[self.last_card_owner].append(format_card(self.last_card))
        good: str | None = None
        if self.good_red >= 0:
            good = "red" if self.good_red else "black"
        options = self.options
        return {
            "game": "colour-blind",
            "players": players,
            "seat": player,
            "phase": PHASE_NAMES[self.phase],
            "current_player": current if current >= 0 else None,
            "dealer": self.dealer if self.phase != PHASE_FIRST_DEALER else None,
            "deal": self.deal_index + (self.phase != PHASE_OVER),
            "deals": self.deal_limit
            if options.deals is not None or options.target_score is None
            else None,
            "target_score": options.target_score,
            "follow_suit": options.follow_suit,
            "hand": [format_card(card) for card in iter_bits(self.hands[player])],
            "hand_sizes": [hand.bit_count() for hand in self.hands],
            "row": row_texts,
            "row_next": tricks_done if tricks_done < len(self.row) else None,
            "row_won_by": list(self.row_owner),
            "good_colour": good,
            "dummy_last_card": players == 2 and self.last_card >= 0,
            "last_card_rule": options.last_card if players == 2 else None,
            "last_card": format_card(self.last_card) if last_card_visible else None,
            "last_card_owner": self.last_card_owner if last_card_visible else None,
            "won": won,
            "trick_leader": self.leader if self.phase == PHASE_PLAY else None,
            "trick": [format_card(card) for card in current_trick],
            "tricks": tricks,
            "deal_points": list(self.deal_points),
            "colour_points": [list(pair) for pair in self._colour_points()]
            if self.good_red >= 0
            else None,
            "totals": list(self.totals),
            "scores": [list(line.scores) for line in self.sheet],
            "past_deals": [json.loads(summary) for summary in self.past_deals],
            "winners": self.winners(),
        }


def recipient(players: int, dealer: int, dealt: int) -> int:
    """Who receives dealt card number ``dealt`` (from 0) of a deal: a seat, then
    ``players`` for the row, ``players + 1`` for the two-player hidden 14th card.

    One card at a time from the dealer's left round to the dealer, then the dummy,
    13 rounds; with two players the 40th card is the dummy's 14th.
    """
    if dealt >= TRICKS * (players + 1):
        return players + 1
    slot = dealt % (players + 1)
    if slot == players:
        return players
    return (dealer + 1 + slot) % players


# ----- game ---------------------------------------------------------------------------


class ColourBlindGame(Game[ColourBlindOptions]):
    """Colour-blind for three players, or its two-player variant."""

    info = GameInfo(
        name="colour-blind",
        title="Colour-blind",
        min_players=2,
        max_players=3,
        rules_version=1,
        summary="Parlett's trick game: win the good-colour cards of the face-up row",
        summary_fr=(
            "le jeu de levées de Parlett : gagner les cartes de la bonne couleur de la rangée "
            "visible"
        ),
    )
    options_class = ColourBlindOptions
    review_thresholds = (2.0, 5.0, 10.0)
    """Review grades from these expected losses per deal (docs/review.md)."""
    state_class = ColourBlindState
    short_options: ClassVar[dict[str, object]] = {"deals": 1}
    conformance_options = (
        {"deals": 1},
        {"first_dealer": 1, "follow_suit": False, "deals": 2},
        {"target_score": 40},
        {"players": 2, "deals": 2},
        {"players": 2, "first_dealer": 0, "removed_ranks": "JQK", "last_card": "last_trick"},
        {"players": 2, "follow_suit": False, "last_card": "last_trick", "deals": 1},
    )

    def deal_bound(self) -> float:
        """At most 14 row cards (the last card with them) of at most 13."""
        return float(14 * 13)

    def utility_bounds(self) -> tuple[float, float]:
        """At most 14 row cards (the last card with them) of at most 13 each a deal."""
        return 0.0, float(14 * 13 * self.deal_limit())

    def deal_limit(self) -> int:
        """The most deals the game can last."""
        options = self.options
        if options.deals is not None:
            return int(options.deals)
        if options.target_score is not None:
            return MAX_DEALS_TO_TARGET
        return int(options.players)

    def num_distinct_actions(self) -> int:
        """One action per card."""
        return NUM_ACTIONS

    def max_chance_outcomes(self) -> int:
        """A dealt card (or a seat for a random first dealer)."""
        return 52

    def max_game_length(self) -> int:
        """A random first dealer, then per deal every card dealt and every card played."""
        players = self.options.players
        per_deal = self.pack(0).bit_count() + TRICKS * players
        return 1 + self.deal_limit() * per_deal

    def pack(self, section: int) -> int:
        """The 52-card pack, or for two players the 40 cards left after removing
        ``removed_ranks`` (a forced deck section is one deal's pack)."""
        if self.options.players == 2:
            return _pack_without(REMOVED_RANKS[self.options.removed_ranks])
        return STANDARD_PACK

    def sample_state(self, view: View, rng: Rng) -> State:
        """A state consistent with ``view``, drawn fairly.

        Replays the seat's history. For each deal, every card the seat did not see
        dealt goes to its holder: a player's hidden cards are the cards he is seen
        to play plus cards drawn from the unseen ones, never of a suit he showed
        void in (with ``follow_suit``); the two-player dummy's 14th card is drawn
        from the unseen ones too. Every consistent deal is equally likely.
        """
        return _sample(self, view, rng)


def _sample(game: ColourBlindGame, view: View, rng: Rng) -> ColourBlindState:
    state = ColourBlindState(game)
    history = view.history
    players = state.players
    follow = game.options.follow_suit
    position = 0
    while position < len(history):
        action = history[position][1]
        if state.phase != PHASE_DEAL or state.dealt != 0:
            if action is None:
                raise ParlourError(f"step {position + 1} of the view's history is hidden")
            state.history.append(action)
            state._apply(action)
            position += 1
            continue
        # The start of a deal: plan every hidden card of this deal.
        segment_end = min(len(history), position + state.deal_size + TRICKS * players)
        segment = history[position:segment_end]
        hidden_slots: dict[int, list[int]] = {}
        seen = 0
        for index in range(min(state.deal_size, len(segment))):
            card = segment[index][1]
            if card is None:
                hidden_slots.setdefault(recipient(players, state.dealer, index), []).append(index)
            else:
                seen |= 1 << card
        plays = [card for _, card in segment[state.deal_size :] if card is not None]
        played_by: dict[int, int] = {}
        void_suits: dict[int, int] = {}
        seat = (state.dealer + 1) % players
        for trick_start in range(0, len(plays), players):
            cards = plays[trick_start : trick_start + players]
            led = cards[0] // 13
            for offset, card in enumerate(cards):
                who = (seat + offset) % players
                played_by[who] = played_by.get(who, 0) | 1 << card
                if follow and card // 13 != led:
                    void_suits[who] = void_suits.get(who, 0) | 1 << led
            if len(cards) == players:
                seat = (seat + trick_winner_index(cards)) % players
        all_played = 0
        for mask in played_by.values():
            all_played |= mask
        pool = state.pack_mask & ~seen & ~all_played
        holders = []
        for holder, slots in hidden_slots.items():
            known = played_by.get(holder, 0) & ~seen
            forbidden = 0
            for suit in iter_bits(void_suits.get(holder, 0)):
                forbidden |= SUIT_MASKS[suit]
            holders.append((holder, len(slots) - known.bit_count(), forbidden, known))
        drawn = _deal_pool(pool, [(count, forbidden) for _, count, forbidden, _ in holders], rng)
        actions = [card for _, card in segment]
        for (holder, _, _, known), extra in zip(holders, drawn, strict=True):
            cards = list(iter_bits(known | extra))
            _shuffle(cards, rng)
            for slot, card in zip(hidden_slots[holder], cards, strict=True):
                actions[slot] = card
        for card in actions:
            if card is None:
                raise ParlourError("the view is inconsistent: a hidden card has no holder")
            state.history.append(card)
            state._apply(card)
        position = segment_end
    return state


def _shuffle(cards: list[int], rng: Rng) -> None:
    for index in range(len(cards) - 1, 0, -1):
        other = rng.below(index + 1)
        cards[index], cards[other] = cards[other], cards[index]


def _deal_pool(pool: int, holders: list[tuple[int, int]], rng: Rng) -> list[int]:
    """Split ``pool`` uniformly among holders, each ``(count, forbidden mask)``,
    so that no holder gets a forbidden card. Every card of the pool is handed out
    when the counts add up to its size (they do in a consistent view)."""
    result = [0] * len(holders)
    if not any(forbidden for _, forbidden in holders):
        # No void known (always so while dealing): a plain shuffle of the pool.
        cards = list(iter_bits(pool))
        _shuffle(cards, rng)
        taken = 0
        for index, (count, _) in enumerate(holders):
            if taken + count > len(cards):
                raise ParlourError("the view is inconsistent: too few unseen cards")
            for card in cards[taken : taken + count]:
                result[index] |= 1 << card
            taken += count
        return result
    if len(holders) == 1:
        count, forbidden = holders[0]
        result[0] = _choose(pool & ~forbidden, count, rng)
        return result
    if len(holders) != 2:
        raise ParlourError("at most two holders of hidden cards are possible")
    (count_a, forbidden_a), (count_b, forbidden_b) = holders
    only_a = pool & forbidden_b & ~forbidden_a
    only_b = pool & forbidden_a & ~forbidden_b
    free = pool & ~forbidden_a & ~forbidden_b
    if count_a + count_b != pool.bit_count():
        raise ParlourError("the view is inconsistent: the unseen cards do not fill the hands")
    need_a = count_a - only_a.bit_count()
    if need_a < 0 or count_b - only_b.bit_count() < 0 or need_a > free.bit_count():
        raise ParlourError("the view is inconsistent: no deal of the hidden cards fits it")
    extra_a = _choose(free, need_a, rng)
    result[0] = only_a | extra_a
    result[1] = only_b | (free & ~extra_a)
    return result


def _choose(mask: int, count: int, rng: Rng) -> int:
    """``count`` cards of ``mask`` chosen uniformly."""
    cards = list(iter_bits(mask))
    if count > len(cards):
        raise ParlourError("the view is inconsistent: too few cards for a hidden hand")
    chosen = 0
    for index in range(count):
        other = index + rng.below(len(cards) - index)
        cards[index], cards[other] = cards[other], cards[index]
        chosen |= 1 << cards[index]
    return chosen


register(ColourBlindGame)

__all__ = [
    "NUM_ACTIONS",
    "CardFollowed",
    "CardLed",
    "ColourBlindGame",
    "ColourBlindOptions",
    "ColourBlindState",
    "DealScored",
    "DummyCardDealt",
    "GoodColourKnown",
    "LastCardWon",
    "RowCardDealt",
    "TrickWon",
    "good_colour_is_red",
    "legal_cards",
    "recipient",
    "row_points",
    "trick_winner_index",
]
