"""Nain Jaune: the traditional French game of the yellow dwarf, for 3 to 8 players.

A board of five boxes (10♦, J♣, Q♠, K♥ and the yellow dwarf 7♦) collects stakes
from every player before each deal. Players shed their cards in runs of
ascending ranks regardless of suit; whoever cannot go on says "sans X" and the
next player holding an X takes over. Playing a board card wins its box; the
first player out of cards is paid for the cards left in the other hands; a board
card still held doubles its box; a player who goes out alone wins every box
(the grand opéra). The game ends when a player has no chips left.

Source: a French rule text (seed 002); the project's decisions on every open
question are in ``rules-decisions.md`` §3. Rules page:
``pages/reference.md`` (``parlour rules nain-jaune``).

Forced moves are played by the engine: a player is asked only when he has two
or more legal actions. A single legal card is played for him, every "sans X"
and every pass is automatic, and all of them are recorded as events of the
deal (``observation()["events"]``), never as actions, so ``history`` holds only
real decisions and chance outcomes.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Final

from parlour.core.cards import (
    KING,
    RANKS,
    STANDARD_PACK,
    format_card,
    format_card_in,
    iter_bits,
    mask_of,
    parse_card,
    parse_cards,
)
from parlour.core.errors import (
    COMMON_REFUSALS,
    ParlourError,
    ParseError,
    Refusal,
    RefusalSentences,
    refusal,
    shown,
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
from parlour.games.nain_jaune.events import (
    BoxClaimed as BoxClaimed,
)
from parlour.games.nain_jaune.events import (
    BoxDoubled as BoxDoubled,
)
from parlour.games.nain_jaune.events import (
    BoxForgotten as BoxForgotten,
)
from parlour.games.nain_jaune.events import (
    CardPlayed as CardPlayed,
)
from parlour.games.nain_jaune.events import (
    DealEnded as DealEnded,
)
from parlour.games.nain_jaune.events import (
    GrandOpera as GrandOpera,
)
from parlour.games.nain_jaune.events import (
    KingPlayed as KingPlayed,
)
from parlour.games.nain_jaune.events import (
    Paid as Paid,
)
from parlour.games.nain_jaune.events import (
    RankPassed as RankPassed,
)
from parlour.games.nain_jaune.events import (
    RunBlocked as RunBlocked,
)
from parlour.games.nain_jaune.events import (
    SansSaid as SansSaid,
)
from parlour.games.nain_jaune.events import (
    StakesPaid as StakesPaid,
)
from parlour.games.nain_jaune.events import (
    WentOut as WentOut,
)

# ----- constants --------------------------------------------------------------

PHASE_FIRST_DEALER: Final = 0
"""Chance: a random first dealer (option ``first_dealer=random``)."""
PHASE_DEAL: Final = 1
"""Chance: one card at a time from the player after the dealer."""
PHASE_PLAY: Final = 2
"""A player chooses a card (or ``stop``)."""
PHASE_CLAIM: Final = 3
"""``claim=manual``: the player who just played a board card claims its box or not."""
PHASE_OVER: Final = 4

PHASE_NAMES: Final = ("first dealer", "deal", "play", "claim", "over")

DEAL_TABLE: Final = {3: (15, 7), 4: (12, 4), 5: (9, 7), 6: (8, 4), 7: (7, 3), 8: (6, 4)}
"""Players → (cards each, cards left aside face down)."""

BOARD_CARDS: Final = tuple(parse_card(text) for text in ("10D", "JC", "QS", "KH", "7D"))
"""The five board cards in board order: 10♦, J♣, Q♠, K♥, 7♦ (the yellow dwarf)."""
BOX_STAKES: Final = (1, 2, 3, 4, 5)
"""Chips each player puts in each box before every deal."""
STAKE_TOTAL: Final = sum(BOX_STAKES)
"""Chips a player needs to take part in a deal (15)."""
BOX_OF_CARD: Final = {card: box for box, card in enumerate(BOARD_CARDS)}
BOARD_MASK: Final = mask_of(BOARD_CARDS)

RANK_MASKS: tuple[int, ...] = (
    0,
    *(sum(1 << (suit * 13 + rank - 1) for suit in range(4)) for rank in range(1, 14)),
)
"""Index 1–13: the bit mask of the four cards of that rank."""
ABOVE_MASKS: Final = tuple(sum(RANK_MASKS[rank + 1 : 14]) for rank in range(14))
"""Index r: the cards of every rank above r."""
CARD_POINTS: Final = tuple(min(card % 13 + 1, 10) for card in range(52))
"""What a card left in hand costs: A = 1, 2–10 face value, J Q K = 10."""

# Contexts of a play (what the player was asked for).
CONTEXT_LEAD: Final = 0
"""The first card of a deal: any card."""
CONTEXT_KING: Final = 1
"""After a King: any card."""
CONTEXT_BLOCK: Final = 2
"""After a block (nobody held X): any card, or the lowest rank above X."""
CONTEXT_RUN: Final = 3
"""Going on with one's own run: the next rank."""
CONTEXT_TAKE: Final = 4
"""Taking over after another player's "sans X": an X."""
CONTEXT_NAMES: Final = ("lead", "king", "block", "run", "take")

# Events of a deal, stored as tuples whose first item is the kind.
EVENT_STAKES: Final = 0
"""(kind, dealer, paid by seat 0, paid by seat 1, …): every player put his stakes
in the boxes (15, or all he had when he was short)."""
EVENT_PLAY: Final = 1
"""(kind, player, card, forced, context): a card played (forced = the only legal one)."""
EVENT_SANS: Final = 2
"""(kind, player, rank, stopped): "sans <rank>" (stopped = by choice, holding one)."""
EVENT_PASS: Final = 3
"""(kind, player, rank): offered the rank, had none."""
EVENT_BLOCK: Final = 4
"""(kind, player, rank): nobody held the rank; the player starts anew."""
EVENT_KING: Final = 5
"""(kind, player): a King was played; the player starts anew."""
EVENT_CLAIM: Final = 6
"""(kind, player, box, chips): a box won by playing its card."""
EVENT_FORGOT: Final = 7
"""(kind, player, box, penalty): a box not claimed (claim=manual); penalty paid into it."""
EVENT_OUT: Final = 8
"""(kind, player): the player has no cards left and wins the deal."""
EVENT_PAY: Final = 9
"""(kind, player, winner, chips, owed): payment for cards left in hand."""
EVENT_DOUBLE: Final = 10
"""(kind, player, box, chips, owed): a board card still held doubles its box."""
EVENT_GRAND_OPERA: Final = 11
"""(kind, player, chips): the winner alone played; he sweeps the boxes."""
EVENT_GAME_OVER: Final = 12
"""(kind, reason): 0 = a player's chips ran out (none left, or fewer than 15 with
game_end=below_stakes), 1 = max_deals reached."""

EVENT_NAMES: Final = (
    "stakes",
    "play",
    "sans",
    "pass",
    "block",
    "king",
    "claim",
    "forgot",
    "out",
    "pay",
    "double",
    "grand_opera",
    "game_over",
)

DealRecord = tuple[
    int, tuple[int, ...], tuple[int, ...], int, tuple[int, ...], tuple[tuple[int, ...], ...], bool
]
"""A finished deal: (dealer, dealt hands, hands left, winner, chip changes, events,
grand opéra)."""

MAX_DEALS_BOUND: Final = 2000
"""With ``max_deals=none`` the rules give no bound on the number of deals (chips
only change hands), so the game also ends after this many deals, a bound real
play never meets: every match is finite and ``max_game_length`` is true."""


# ----- options ----------------------------------------------------------------


@dataclass(frozen=True)
class NainJauneOptions:
    """The options of Nain Jaune (rules-decisions.md §3)."""

    players: int = option(
        4,
        "number of players",
        minimum=3,
        maximum=8,
        label=Said("Players", "Joueurs"),
        help_fr="nombre de joueurs",
    )
    """3 to 8; the deal table gives the hand size and the cards left aside."""
    direction: str = option(
        "clockwise",
        "direction of play and of the deal",
        choices=("clockwise", "anticlockwise"),
        label=Said("Direction of play", "Sens du jeu"),
        help_fr="sens du jeu et de la donne",
        words={
            "clockwise": Said("clockwise", "sens des aiguilles d'une montre"),
            "anticlockwise": Said("anticlockwise", "sens inverse"),
        },
    )
    """``clockwise`` (to the left, seat s+1) or ``anticlockwise`` (seat s-1)."""
    may_stop: bool = option(
        False,
        "a player may stop a run although he holds the next rank",
        label=Said("May stop a run", "Arrêter une suite"),
        help_fr="un joueur peut arrêter une suite même s'il a le rang suivant",
    )
    """``false``: holding the next rank obliges a player to play it; ``true``: he may
    say ``stop`` ("sans X" by choice). A player offered X after another's "sans X"
    must play it either way."""
    on_block: str = option(
        "any_rank",
        "after a block, any card or the next rank up",
        choices=("any_rank", "next_rank"),
        label=Said("When nobody can play", "Quand personne ne peut jouer"),
        help_fr="après un blocage, n'importe quelle carte ou le rang suivant",
        words={
            "any_rank": Said("any rank", "n'importe quel rang"),
            "next_rank": Said("the next rank", "le rang suivant"),
        },
    )
    """When nobody holds X, the last player starts anew: with any card
    (``any_rank``), or with the lowest rank above X that he holds (``next_rank``;
    any card if he holds none above X)."""
    claim: str = option(
        "auto",
        "boxes claimed by the engine or by the player",
        choices=("auto", "manual"),
        label=Said("Claiming the boxes", "Réclamer les cases"),
        help_fr="les cases réclamées par le moteur ou par le joueur",
        words={"auto": Said("automatic", "automatique"), "manual": Said("by hand", "à la main")},
    )
    """``auto``: playing a board card wins its box at once. ``manual`` (human
    tables): the player must say ``claim`` before the next card is played."""
    forgot_penalty: str = option(
        "double",
        "a box not claimed is doubled, or stays",
        choices=("double", "stays"),
        label=Said("A box forgotten", "Une case oubliée"),
        help_fr="une case oubliée double, ou reste",
        when={"claim": ("manual",)},
        words={"double": Said("doubles", "double"), "stays": Said("stays", "reste")},
    )
    """With ``claim=manual``: ``double`` (the seed's "il double la mise"): the player
    who forgot adds the box's content again to it; ``stays``: the box just stays on
    the board. No effect with ``claim=auto``, where no box is ever forgotten."""
    payment: str = option(
        "points",
        "what a loser pays the winner",
        choices=("points", "per_card"),
        label=Said("Payment", "Paiement"),
        help_fr="ce qu'un perdant paie au gagnant",
        words={"points": Said("points", "points"), "per_card": Said("per card", "par carte")},
    )
    """``points``: the value of his cards (A = 1, 2–10 face value, J Q K = 10);
    ``per_card``: one chip per card."""
    start_chips: int = option(
        100,
        "chips each player starts with",
        minimum=STAKE_TOTAL,
        label=Said("Chips at the start", "Jetons au départ"),
        help_fr="les jetons de chacun au départ",
    )
    """At least 15, the stakes of one deal."""
    game_end: str = option(
        "no_chips",
        "the game ends when a player has no chips, or fewer than the 15 stakes",
        choices=("no_chips", "below_stakes"),
        label=Said("End of the game", "Fin de la partie"),
        help_fr="la partie finit quand un joueur n'a plus de jetons, ou moins que les 15 mises",
        words={
            "no_chips": Said("a player has no chips", "un joueur n'a plus de jetons"),
            "below_stakes": Said("a player cannot pay the stakes", "un joueur ne peut plus miser"),
        },
    )
    """``no_chips`` (the seed: "jusqu'à ce qu'un joueur n'ait plus de pion"): the game
    ends after a deal when a player has no chips left; a player holding fewer than
    15 stakes all he has, box by box in board order (10♦ 1, J♣ 2, Q♠ 3, K♥ 4,
    7♦ 5, each box in full before the next), and plays the deal.
    ``below_stakes`` (rules version 1): the game ends after a deal when a player
    holds fewer than 15 chips, so everyone always stakes in full."""
    max_deals: int | None = option(
        None,
        "stop after this many deals",
        minimum=1,
        label=Said("Most deals", "Donnes au plus"),
        help_fr="s'arrêter après ce nombre de donnes",
    )
    """``none``: play until a player's chips run out (see ``game_end``)."""
    first_dealer: str | int = option(
        "random",
        "who deals first: random or a seat",
        choices=("random",),
        minimum=0,
        maximum=7,
        label=Said("First dealer", "Premier donneur"),
        help_fr="qui donne en premier",
        words=FIRST_DEALER_WORDS,
    )
    """``random`` or a seat number."""


# ----- action encoding ----------------------------------------------------------
#
# Player actions:
#   0 … 51     play that card (card id)
#   STOP       stop the run although holding the next rank (may_stop=true)
#   CLAIM      claim the box of the board card just played (claim=manual)
#   PLAY_ON    leave that box unclaimed (claim=manual)
# Chance outcomes: a card id (every dealt card), or a seat number (a random
# first dealer, written "dealer 2").

STOP: Final = 52
CLAIM: Final = 53
PLAY_ON: Final = 54
NUM_ACTIONS: Final = 55


def action_text(action: object) -> str:
    """The text of a player action: ``7D``, ``stop``, ``claim``, ``play on``."""
    if type(action) is not int:  # a bool or a float would pass the range tests
        raise ParseError(f"a Nain Jaune action is a whole number, not {shown(action)}")
    if 0 <= action < 52:
        return format_card(action)
    if action == STOP:
        return "stop"
    if action == CLAIM:
        return "claim"
    if action == PLAY_ON:
        return "play on"
    raise ParseError(
        f"{shown(action)} is not a Nain Jaune action (actions are 0 to {NUM_ACTIONS - 1})"
    )


def parse_action_text(text: str) -> int:
    """Parse ``7D`` (``7♦``, ``t♥`` …), ``stop``, ``claim`` or ``play on``."""
    words = text.strip().lower().replace("-", " ").split()
    joined = " ".join(words)
    if joined in ("stop", "sans"):
        return STOP
    if joined in ("claim",):
        return CLAIM
    if joined in ("play on", "playon"):
        return PLAY_ON
    if len(words) == 1:
        try:
            card = parse_card(words[0])
        except ParseError:
            pass
        else:
            if card < 52:
                return card
    raise ParseError(
        f"{text!r} is not a Nain Jaune action; write a card ('7D', '10H' or 'T♥'), "
        "'stop', 'claim' or 'play on'"
    )


def rank_text(rank: int) -> str:
    """``7``, ``10``, ``J`` … for a rank 1–13."""
    return RANKS[rank - 1]


def card_rank(card: int) -> int:
    """The rank 1–13 of a card id."""
    return card % 13 + 1


def cards_text(mask: int) -> list[str]:
    """The cards of a mask as canonical texts, in card-id order."""
    return [format_card(card) for card in iter_bits(mask)]


# ----- events ---------------------------------------------------------------------
# The typed records of ``parlour.core.events`` (for logs, replays and browsers),
# emitted where the deal's own ``EVENT_*`` tuples are noted (those stay the
# observation's). Shared with the other games: FirstDealerChosen, DealStarted,
# CardDealt, GameEnded (``_events``). A rank is 1–13 (Ace 1, King 13); a box is
# named by its board card (``box_card``).


# ----- state --------------------------------------------------------------------


REFUSALS: RefusalSentences = {
    **COMMON_REFUSALS,
    "claim_or_play_on": (
        "you just played {card}: say 'claim' to take its box, or 'play on'",
        "vous venez de jouer {card} : dites « claim » pour prendre sa case, ou « play on »",
    ),
    "starting_run": (
        "you are starting a run; play any card you hold",
        "vous commencez une suite ; jouez n'importe quelle carte",
    ),
    "offered_must_play": (
        "you hold a {rank} and were offered it: you must play it",
        "vous avez un {rank} et il vous est demandé : jouez-le",
    ),
    "must_play": (
        "you hold a {rank}: you must play it (may_stop is false)",
        "vous avez un {rank} : jouez-le",
    ),
    "no_box": (
        "there is no box to claim: no board card was just played",
        "aucune case à réclamer : aucune carte du tableau n'a été jouée",
    ),
    "not_in_hand": ("{card} is not in your hand", "vous n'avez pas {card} en main"),
    "run_needs": ("the run needs a {rank}", "la suite demande un {rank}"),
    "after_block": (
        "after the block on {rank} you must play the lowest rank above it that you hold",
        "après l'arrêt sur {rank}, jouez le plus petit rang au-dessus que vous avez",
    ),
}
"""Why a move of Nain Jaune is refused, in English and French."""


class NainJauneState(State):
    """A position of Nain Jaune."""

    _list_fields = (
        "hands",
        "dealt",
        "chips",
        "boxes",
        "deal_start_chips",
        "pile",
        "pile_players",
        "events",
    )

    def __init__(self, game: NainJauneGame) -> None:
        super().__init__(game)
        options = game.options
        self.options = options
        self.players: int = options.players
        self.step = 1 if options.direction == "clockwise" else -1
        self.hand_size, self.aside = DEAL_TABLE[self.players]
        self.auto_claim = options.claim == "auto"
        self.phase = PHASE_FIRST_DEALER
        self.dealer = -1
        self.deal_number = 0
        """Deals begun so far (the current deal's number, from 1)."""
        self.hands = [0] * self.players
        self.dealt = [0] * self.players
        """Each hand as dealt this deal."""
        self.undealt = STANDARD_PACK
        self.dealt_count = 0
        self.chips = [options.start_chips] * self.players
        self.boxes = [0] * len(BOARD_CARDS)
        self.deal_start_chips = list(self.chips)
        self.pile: list[int] = []
        """This deal's played cards, in order."""
        self.pile_players: list[int] = []
        """Who played each card of the pile."""
        self.run_start = 0
        """Index in the pile where the current run began."""
        self.events: list[tuple[int, ...]] = []
        """This deal's events (see ``EVENT_*``)."""
        self.turn = -1
        self.needed = 0
        """The rank the run needs next, or 0 when the player on turn starts a run."""
        self.can_stop = False
        self.context = CONTEXT_LEAD
        self.block_rank = 0
        """With on_block=next_rank, the X of the block that started this run."""
        self.pending_box = -1
        """claim=manual: the box whose card was just played."""
        self.played_by = 0
        """Bit mask of the seats that played a card this deal."""
        self.completed: tuple[DealRecord, ...] = ()
        """Per finished deal: (dealer, dealt masks, left masks, winner, chip changes,
        events, grand opéra)."""
        if options.first_dealer != "random":
            self.dealer = int(options.first_dealer)
            self._start_deal()

    # ----- helpers ------------------------------------------------------------------
    def _next(self, seat: int, steps: int = 1) -> int:
        return (seat + self.step * steps) % self.players

    def _deal_recipient(self) -> int:
        """The seat receiving the card now being dealt."""
        return self._next(self.dealer, 1 + self.dealt_count % self.players)

    def _start_deal(self) -> None:
        self.deal_number += 1
        self.deal_start_chips = list(self.chips)
        paid = [0] * self.players
        for seat in range(self.players):
            # A short player (game_end=no_chips) stakes what he has, filling the
            # boxes in board order, each in full before the next.
            for box, stake in enumerate(BOX_STAKES):
                chips = min(stake, self.chips[seat])
                self.chips[seat] -= chips
                self.boxes[box] += chips
                paid[seat] += chips
        self.hands = [0] * self.players
        self.dealt = [0] * self.players
        self.undealt = STANDARD_PACK
        self.dealt_count = 0
        self.pile = []
        self.pile_players = []
        self.run_start = 0
        self.events = [(EVENT_STAKES, self.dealer, *paid)]
        self.played_by = 0
        self.block_rank = 0
        self.pending_box = -1
        self.phase = PHASE_DEAL

    def _start_play(self) -> None:
        self.dealt = list(self.hands)
        self.phase = PHASE_PLAY
        self.turn = self._next(self.dealer)
        self._free_start(CONTEXT_LEAD)
        self._advance()

    def _free_start(self, context: int) -> None:
        self.needed = 0
        self.can_stop = False
        self.context = context
        self.run_start = len(self.pile)
        if context != CONTEXT_BLOCK:
            self.block_rank = 0

    def _start_legal_mask(self) -> int:
        hand = self.hands[self.turn]
        if self.block_rank:
            above = hand & ABOVE_MASKS[self.block_rank]
            if above:
                for rank in range(self.block_rank + 1, 14):
                    if hand & RANK_MASKS[rank]:
                        return hand & RANK_MASKS[rank]
        return hand

    def _legal_mask(self) -> int:
        if self.needed == 0:
            return self._start_legal_mask()
        return self.hands[self.turn] & RANK_MASKS[self.needed]

    def _advance(self) -> None:
        """Play every forced move until a real choice, a deal's end or the game's end."""
        while self.phase == PHASE_PLAY:
            if self.needed == 0:
                legal = self._start_legal_mask()
                if legal & (legal - 1):
                    return
                self._play((legal & -legal).bit_length() - 1, forced=True)
                continue
            held = self.hands[self.turn] & RANK_MASKS[self.needed]
            if not held:
                self.events.append((EVENT_SANS, self.turn, self.needed, 0))
                if self._events is not None:
                    self._emit(SansSaid(self.turn, self.needed, False))
                self._offer(self.turn, self.needed)
                continue
            if held & (held - 1) or self.can_stop:
                return
            self._play((held & -held).bit_length() - 1, forced=True)

    def _offer(self, announcer: int, rank: int) -> None:
        """After "sans <rank>": the following players in turn are offered the rank."""
        mask = RANK_MASKS[rank]
        for steps in range(1, self.players):
            seat = self._next(announcer, steps)
            if self.hands[seat] & mask:
                self.turn = seat
                self.needed = rank
                self.can_stop = False
                self.context = CONTEXT_TAKE
                return
            self.events.append((EVENT_PASS, seat, rank))
            if self._events is not None:
                self._emit(RankPassed(seat, rank))
        self.events.append((EVENT_BLOCK, announcer, rank))
        if self._events is not None:
            self._emit(RunBlocked(announcer, rank))
        self.turn = announcer
        self._free_start(CONTEXT_BLOCK)
        self.block_rank = rank if self.options.on_block == "next_rank" else 0

    def _play(self, card: int, forced: bool) -> None:
        player = self.turn
        self.hands[player] &= ~(1 << card)
        self.pile.append(card)
        self.pile_players.append(player)
        self.played_by |= 1 << player
        self.events.append((EVENT_PLAY, player, card, int(forced), self.context))
        if self._events is not None:
            self._emit(CardPlayed(player, card, forced, CONTEXT_NAMES[self.context]))
        box = BOX_OF_CARD.get(card, -1)
        if box >= 0:
            if self.auto_claim:
                self._claim(player, box)
            else:
                self.phase = PHASE_CLAIM
                self.pending_box = box
                return
        self._after_card(player, card)

    def _claim(self, player: int, box: int) -> None:
        chips = self.boxes[box]
        self.chips[player] += chips
        self.boxes[box] = 0
        self.events.append((EVENT_CLAIM, player, box, chips))
        if self._events is not None:
            self._emit(BoxClaimed(player, BOARD_CARDS[box], chips))

    def _after_card(self, player: int, card: int) -> None:
        if not self.hands[player]:
            self._end_deal(player)
            return
        rank = card_rank(card)
        if rank == KING:
            self.events.append((EVENT_KING, player))
            if self._events is not None:
                self._emit(KingPlayed(player))
            self._free_start(CONTEXT_KING)
            return
        self.needed = rank + 1
        self.can_stop = self.options.may_stop
        self.context = CONTEXT_RUN

    def _end_deal(self, winner: int) -> None:
        events = self.events
        events.append((EVENT_OUT, winner))
        if self._events is not None:
            self._emit(WentOut(winner))
        per_card = self.options.payment == "per_card"
        for steps in range(1, self.players):
            seat = self._next(winner, steps)
            hand = self.hands[seat]
            owed = hand.bit_count() if per_card else sum(CARD_POINTS[c] for c in iter_bits(hand))
            paid = min(owed, self.chips[seat])
            self.chips[seat] -= paid
            self.chips[winner] += paid
            events.append((EVENT_PAY, seat, winner, paid, owed))
            if self._events is not None:
                self._emit(Paid(seat, winner, paid, owed, tuple(iter_bits(hand))))
            for box in range(len(BOARD_CARDS)):
                if hand >> BOARD_CARDS[box] & 1:
                    owed = self.boxes[box]
                    paid = min(owed, self.chips[seat])
                    self.chips[seat] -= paid
                    self.boxes[box] += paid
                    events.append((EVENT_DOUBLE, seat, box, paid, owed))
                    if self._events is not None:
                        self._emit(BoxDoubled(seat, BOARD_CARDS[box], paid, owed))
        grand_opera = self.played_by == 1 << winner
        if grand_opera:
            swept = sum(self.boxes)
            self.chips[winner] += swept
            self.boxes = [0] * len(BOARD_CARDS)
            events.append((EVENT_GRAND_OPERA, winner, swept))
            if self._events is not None:
                self._emit(GrandOpera(winner, swept))
        over = -1
        if min(self.chips) < (STAKE_TOTAL if self.options.game_end == "below_stakes" else 1):
            over = 0
        elif self.deal_number >= (self.options.max_deals or MAX_DEALS_BOUND):
            over = 1
        if over >= 0:
            events.append((EVENT_GAME_OVER, over))
        changes = tuple(
            self.chips[seat] - self.deal_start_chips[seat] for seat in range(self.players)
        )
        if self._events is not None:
            chips = tuple(self.chips)
            self._emit(DealEnded(self.deal_number, winner, changes, chips, grand_opera))
            if over >= 0:
                self._emit(
                    GameEnded(game=1, scores=chips, reason=end_reason(over, self.options.game_end))
                )
        self.completed = (
            *self.completed,
            (
                self.dealer,
                tuple(self.dealt),
                tuple(self.hands),
                winner,
                changes,
                tuple(events),
                grand_opera,
            ),
        )
        self.turn = -1
        if over >= 0:
            self.phase = PHASE_OVER
            return
        self.dealer = self._next(self.dealer)
        self._start_deal()

    # ----- the State hooks ------------------------------------------------------------
    def current_player(self) -> int:
        """The seat to act, CHANCE while dealing, TERMINAL at the end."""
        phase = self.phase
        if phase in (PHASE_PLAY, PHASE_CLAIM):
            return self.turn
        if phase == PHASE_OVER:
            return TERMINAL
        return CHANCE

    def _legal_actions(self) -> list[int]:
        if self.phase == PHASE_CLAIM:
            return [CLAIM, PLAY_ON]
        actions = list(iter_bits(self._legal_mask()))
        if self.can_stop and self.needed:
            actions.append(STOP)
        return actions

    def _chance_card_mask(self) -> int:
        return self.undealt if self.phase == PHASE_DEAL else 0

    def _other_chance_outcomes(self) -> list[tuple[int, float]]:
        return first_dealer_outcomes(self.players)

    def _chance_seen_by(self, player: int) -> bool:
        if self.phase == PHASE_DEAL:
            return self._deal_recipient() == player
        return True

    def _deal_slot(self) -> tuple[int, int] | None:
        return (self.deal_number - 1, self.dealt_count) if self.phase == PHASE_DEAL else None

    def _apply(self, action: int) -> None:
        phase = self.phase
        if phase == PHASE_DEAL:
            seat = self._next(self.dealer, 1 + self.dealt_count % self.players)
            if self._events is not None:
                if self.dealt_count == 0:
                    # The stakes were put in when the deal was set up; they are
                    # told with its first card, the deal's first step.
                    self._emit(DealStarted(1, self.deal_number, self.dealer))
                    start, now = self.deal_start_chips, self.chips
                    paid = tuple(start[seat] - now[seat] for seat in range(self.players))
                    self._emit(StakesPaid(paid, tuple(self.boxes)))
                self._emit(CardDealt(seat=seat, card=action))
            self.hands[seat] |= 1 << action
            self.undealt &= ~(1 << action)
            self.dealt_count += 1
            if self.dealt_count == self.players * self.hand_size:
                self._start_play()
        elif phase == PHASE_PLAY:
            if action == STOP:
                self.events.append((EVENT_SANS, self.turn, self.needed, 1))
                if self._events is not None:
                    self._emit(SansSaid(self.turn, self.needed, True))
                self._offer(self.turn, self.needed)
            else:
                self._play(action, forced=False)
            self._advance()
        elif phase == PHASE_CLAIM:
            player = self.turn
            box = self.pending_box
            self.pending_box = -1
            self.phase = PHASE_PLAY
            if action == CLAIM:
                self._claim(player, box)
            else:
                penalty = 0
                if self.options.forgot_penalty == "double":
                    penalty = min(self.boxes[box], self.chips[player])
                    self.chips[player] -= penalty
                    self.boxes[box] += penalty
                self.events.append((EVENT_FORGOT, player, box, penalty))
                if self._events is not None:
                    self._emit(BoxForgotten(player, BOARD_CARDS[box], penalty))
            self._after_card(player, BOARD_CARDS[box])
            self._advance()
        elif phase == PHASE_FIRST_DEALER:
            if self._events is not None:
                self._emit(FirstDealerChosen(seat=action))
            self.dealer = action
            self._start_deal()

    def action_to_string(self, action: object) -> str:
        """``7D``, ``stop``, ``claim``, ``play on``; at chance nodes the dealt card or
        ``dealer 2``."""
        if self.phase == PHASE_FIRST_DEALER:
            return first_dealer_text(action, self.players)
        if self.phase == PHASE_DEAL:
            return format_card_in(action, STANDARD_PACK)
        return action_text(action)

    def _parse_action(self, text: str) -> int:
        if self.phase == PHASE_FIRST_DEALER:
            return parse_first_dealer(text, self.players)
        if self.phase == PHASE_DEAL:
            return parse_card(text)
        return parse_action_text(text)

    def _illegal_refusal(self, action: int) -> Refusal:
        if self.phase == PHASE_CLAIM:
            box_card = format_card(BOARD_CARDS[self.pending_box])
            return refusal(REFUSALS, "claim_or_play_on", card=box_card)
        if self.phase != PHASE_PLAY:
            return refusal(REFUSALS, "no_turn")
        if action == STOP:
            if self.needed == 0:
                return refusal(REFUSALS, "starting_run")
            if self.context == CONTEXT_TAKE:
                return refusal(REFUSALS, "offered_must_play", rank=rank_text(self.needed))
            return refusal(REFUSALS, "must_play", rank=rank_text(self.needed))
        if action in (CLAIM, PLAY_ON):
            return refusal(REFUSALS, "no_box")
        if not 0 <= action < 52:
            return refusal(REFUSALS, "not_an_action")
        if not self.hands[self.turn] >> action & 1:
            return refusal(REFUSALS, "not_in_hand", card=format_card(action))
        if self.needed:
            return refusal(REFUSALS, "run_needs", rank=rank_text(self.needed))
        return refusal(REFUSALS, "after_block", rank=rank_text(self.block_rank))

    # ----- results ------------------------------------------------------------------
    def returns(self) -> list[float]:
        """Chips held at the end; zeros before the end."""
        if self.phase != PHASE_OVER:
            return [0.0] * self.players
        return [float(chips) for chips in self.chips]

    def deals_scored(self) -> int:
        """Deals finished so far (the score sheet's length)."""
        return len(self.completed)

    def score_sheet(self) -> list[DealScore]:
        """Each finished deal's change in every player's chips (stakes included)."""
        sheet = []
        for number, deal in enumerate(self.completed, start=1):
            winner = deal[3]
            note = f"seat {winner} went out"
            if deal[6]:
                note += " (grand opéra)"
            changes: tuple[int, ...] = deal[4]
            sheet.append(
                DealScore(game=1, deal=number, scores=tuple(float(c) for c in changes), note=note)
            )
        return sheet

    def _sheet_start(self) -> tuple[float, ...] | None:
        return (float(self.options.start_chips),) * self.players

    def _sheet_unit(self) -> str:
        return "chips"

    def _observation(self, player: int) -> dict[str, JSON]:
        current = self.current_player()
        run_cards = self.pile[self.run_start :] if self.phase in (PHASE_PLAY, PHASE_CLAIM) else []
        in_progress = self.phase in (PHASE_DEAL, PHASE_PLAY, PHASE_CLAIM)
        completed = self.completed
        return {
            "game": "nain-jaune",
            "players": self.players,
            "seat": player,
            "phase": PHASE_NAMES[self.phase],
            "current_player": current if current >= 0 else None,
            "direction": self.options.direction,
            "dealer": self.dealer if self.dealer >= 0 else None,
            "deal_number": self.deal_number,
            "deal_in_progress": in_progress,
            "hand_size": self.hand_size,
            "left_aside": self.aside,
            "hand": cards_text(self.hands[player]),
            "hand_sizes": [hand.bit_count() for hand in self.hands],
            "chips": list(self.chips),
            "boxes": [
                {"card": format_card(card), "stake": stake, "chips": chips}
                for card, stake, chips in zip(BOARD_CARDS, BOX_STAKES, self.boxes, strict=True)
            ],
            "pile": [
                {"card": format_card(card), "player": seat}
                for card, seat in zip(self.pile, self.pile_players, strict=True)
            ],
            "run": [format_card(card) for card in run_cards],
            "needed_rank": rank_text(self.needed)
            if self.needed and self.phase == PHASE_PLAY
            else None,
            "can_stop": self.can_stop and bool(self.needed) and self.phase == PHASE_PLAY,
            "block_rank": rank_text(self.block_rank) if self.block_rank else None,
            "claim_box": format_card(BOARD_CARDS[self.pending_box])
            if self.pending_box >= 0
            else None,
            "played_this_deal": [
                seat for seat in range(self.players) if self.played_by >> seat & 1
            ],
            "sans": sans_list(self.events),
            "events": [event_dict(event, self.options.game_end) for event in self.events],
            "deals": [
                {
                    "number": number,
                    "dealer": deal[0],
                    "winner": deal[3],
                    "grand_opera": deal[6],
                    "dealt": [cards_text(mask) for mask in deal[1]],
                    "left": [cards_text(mask) for mask in deal[2]],
                    "chips_change": list(deal[4]),
                }
                for number, deal in enumerate(completed, start=1)
            ],
            "last_deal_events": [
                event_dict(event, self.options.game_end) for event in completed[-1][5]
            ]
            if completed
            else [],
            "game_over": self.phase == PHASE_OVER,
        }


def event_dict(event: tuple[int, ...], game_end: str = "no_chips") -> dict[str, JSON]:
    """An event tuple as the JSON dict the observation shows (``game_end``: the
    option, which says why a game ended)."""
    kind = event[0]
    result: dict[str, JSON] = {"type": EVENT_NAMES[kind]}
    if kind == EVENT_STAKES:
        result["dealer"] = event[1]
        result["each"] = STAKE_TOTAL
        result["paid"] = list(event[2:])
    elif kind == EVENT_PLAY:
        result.update(
            player=event[1],
            card=format_card(event[2]),
            forced=bool(event[3]),
            context=CONTEXT_NAMES[event[4]],
        )
    elif kind == EVENT_SANS:
        result.update(player=event[1], rank=rank_text(event[2]), stopped=bool(event[3]))
    elif kind in (EVENT_PASS, EVENT_BLOCK):
        result.update(player=event[1], rank=rank_text(event[2]))
    elif kind in (EVENT_KING, EVENT_OUT):
        result["player"] = event[1]
    elif kind == EVENT_CLAIM:
        result.update(player=event[1], box=format_card(BOARD_CARDS[event[2]]), chips=event[3])
    elif kind == EVENT_FORGOT:
        result.update(player=event[1], box=format_card(BOARD_CARDS[event[2]]), penalty=event[3])
    elif kind == EVENT_PAY:
        result.update(player=event[1], to=event[2], chips=event[3], owed=event[4])
    elif kind == EVENT_DOUBLE:
        result.update(
            player=event[1], box=format_card(BOARD_CARDS[event[2]]), chips=event[3], owed=event[4]
        )
    elif kind == EVENT_GRAND_OPERA:
        result.update(player=event[1], chips=event[2])
    elif kind == EVENT_GAME_OVER:
        result["reason"] = end_reason(event[1], game_end)
    return result


def end_reason(max_deals_reached: int, game_end: str) -> str:
    """Why a game ended, as its events say it: ``max_deals``, or a player's
    chips as the option ``game_end`` counts them: ``chips`` (none left) or
    ``stakes`` (fewer than the 15 stakes)."""
    if max_deals_reached:
        return "max_deals"
    return "chips" if game_end == "no_chips" else "stakes"


def sans_list(events: list[tuple[int, ...]]) -> list[JSON]:
    """Every "sans X" of a deal: who said it, who passed, who took over (or the block)."""
    result: list[JSON] = []
    current: dict[str, JSON] | None = None
    for event in events:
        kind = event[0]
        if kind == EVENT_SANS:
            current = {
                "player": event[1],
                "rank": rank_text(event[2]),
                "stopped": bool(event[3]),
                "passed": [],
                "taken_by": None,
                "blocked": False,
            }
            result.append(current)
        elif current is not None:
            if kind == EVENT_PASS:
                passed = current["passed"]
                assert isinstance(passed, list)
                passed.append(event[1])
            elif kind == EVENT_BLOCK:
                current["blocked"] = True
                current = None
            elif kind == EVENT_PLAY:
                current["taken_by"] = event[1]
                current = None
    return result


# ----- sampling hidden hands ------------------------------------------------------------


def hand_constraints(
    events: list[tuple[int, ...]], players: int, may_stop: bool, next_rank_block: bool
) -> tuple[list[int], list[list[int]]]:
    """What the deal so far reveals about each player's cards still in hand.

    Returns ``(void, need)``: ``void[seat]`` is a bit mask of ranks (bit r = rank
    r) the seat holds none of; ``need[seat][rank]`` the fewest cards of that rank
    it must hold. Passing on X or saying "sans X" shows no X; a forced play of the
    only card of a rank shows no more of it; a choice between cards of a rank (or
    a ``stop``) shows another card of it was held then, still in hand unless he
    played one of that rank later. After a block under ``on_block=next_rank`` the
    card chosen shows which ranks above X he lacked.
    """
    void = [0] * players
    need = [[0] * 14 for _ in range(players)]
    later_plays: list[int] = [0] * players
    block_ranks: list[int] = []
    last_block = 0
    for event in events:
        if event[0] == EVENT_BLOCK:
            last_block = event[2]
        elif event[0] == EVENT_PLAY:
            block_ranks.append(last_block if event[4] == CONTEXT_BLOCK else 0)
    play_index = len(block_ranks)
    # Walk backwards so that "played a card of that rank later" is known.
    for event in reversed(events):
        kind = event[0]
        if kind == EVENT_PASS:
            void[event[1]] |= 1 << event[2]
        elif kind == EVENT_SANS:
            player, rank = event[1], event[2]
            if not event[3]:
                void[player] |= 1 << rank
            elif not later_plays[player] >> rank & 1:
                need[player][rank] = max(need[player][rank], 1)
        elif kind == EVENT_PLAY:
            play_index -= 1
            player, card, forced, context = event[1], event[2], event[3], event[4]
            rank = card_rank(card)
            multiple = False
            if context == CONTEXT_TAKE or (context == CONTEXT_RUN and not may_stop):
                if forced:
                    void[player] |= 1 << rank
                else:
                    multiple = True
            elif context == CONTEXT_BLOCK and next_rank_block:
                block = block_ranks[play_index]
                if rank > block:
                    void[player] |= sum(1 << r for r in range(block + 1, rank))
                    if forced:
                        void[player] |= 1 << rank
                    else:
                        multiple = True
                else:
                    void[player] |= sum(1 << r for r in range(block + 1, 14))
            if multiple and not later_plays[player] >> rank & 1:
                need[player][rank] = max(need[player][rank], 1)
            later_plays[player] |= 1 << rank
    return void, need


def _rank_cards(ranks: int) -> int:
    mask = 0
    for rank in range(1, 14):
        if ranks >> rank & 1:
            mask |= RANK_MASKS[rank]
    return mask


def _draw(pool: int, count: int, rng: Rng) -> int:
    """``count`` cards drawn uniformly from the mask ``pool``, as a mask."""
    cards = list(iter_bits(pool))
    chosen = 0
    for index in range(count):
        pick = index + rng.below(len(cards) - index)
        cards[index], cards[pick] = cards[pick], cards[index]
        chosen |= 1 << cards[index]
    return chosen


def _fits(hand: int, void_cards: int, need: list[int]) -> bool:
    if hand & void_cards:
        return False
    return all((hand & RANK_MASKS[rank]).bit_count() >= need[rank] for rank in range(1, 14))


def sample_hidden_hands(
    pool: int,
    sizes: dict[int, int],
    void: list[int],
    need: list[list[int]],
    rng: Rng,
    attempts: int = 200,
    uniform_attempts: int = 12,
) -> dict[int, int] | None:
    """Hands of the given sizes from ``pool`` respecting the constraints.

    First tries plain uniform deals (exactly uniform over the consistent deals
    when one is accepted); then deals that place the needed ranks first and fill
    the most constrained hands first. None if every attempt fails.
    """
    void_cards = {seat: _rank_cards(void[seat]) for seat in sizes}
    order = sorted(sizes)
    pool_cards = list(iter_bits(pool))
    for _ in range(uniform_attempts):
        cards = pool_cards.copy()
        for index in range(len(cards) - 1, 0, -1):
            pick = rng.below(index + 1)
            cards[index], cards[pick] = cards[pick], cards[index]
        hands: dict[int, int] = {}
        start = 0
        for seat in order:
            hand = 0
            for card in cards[start : start + sizes[seat]]:
                hand |= 1 << card
            hands[seat] = hand
            start += sizes[seat]
        if all(_fits(hands[seat], void_cards[seat], need[seat]) for seat in order):
            return hands
    for _ in range(attempts):
        remaining = pool
        hands = {}
        ok = True
        for seat in order:
            hands[seat] = 0
            for rank in range(1, 14):
                count = need[seat][rank]
                if count:
                    options_mask = remaining & RANK_MASKS[rank]
                    if options_mask.bit_count() < count:
                        ok = False
                        break
                    chosen = _draw(options_mask, count, rng)
                    hands[seat] |= chosen
                    remaining &= ~chosen
            if not ok or hands[seat].bit_count() > sizes[seat]:
                ok = False
                break
        if not ok:
            continue
        by_freedom = sorted(
            order, key=lambda seat: (remaining & ~void_cards[seat]).bit_count() - sizes[seat]
        )
        for seat in by_freedom:
            eligible = remaining & ~void_cards[seat]
            missing = sizes[seat] - hands[seat].bit_count()
            if eligible.bit_count() < missing:
                ok = False
                break
            chosen = _draw(eligible, missing, rng)
            hands[seat] |= chosen
            remaining &= ~chosen
        if ok:
            return hands
    return None


# ----- game ---------------------------------------------------------------------------


class NainJauneGame(Game[NainJauneOptions]):
    """Nain Jaune, 3 to 8 players."""

    info = GameInfo(
        name="nain-jaune",
        title="Nain Jaune",
        min_players=3,
        max_players=8,
        rules_version=2,
        summary="The yellow dwarf: runs of rising cards, 'sans sept', a board of five boxes",
        summary_fr="suites de cartes qui montent, « sans sept », un plateau de cinq cases",
    )
    options_class = NainJauneOptions
    review_thresholds = (4.0, 9.0, 18.0)
    """Review grades from these expected losses per deal (docs/review.md)."""
    state_class = NainJauneState
    short_options: ClassVar[dict[str, object]] = {"max_deals": 1}
    score_unit = ("chips", "jetons")
    conformance_options = (
        {"players": 3, "max_deals": 3},
        {"players": 4, "max_deals": 3, "first_dealer": 2, "direction": "anticlockwise"},
        {"players": 5, "max_deals": 3, "may_stop": True},
        {"players": 6, "max_deals": 3, "on_block": "next_rank"},
        {"players": 7, "max_deals": 3, "claim": "manual", "forgot_penalty": "stays"},
        {"players": 8, "max_deals": 3, "payment": "per_card", "claim": "manual"},
        {"players": 3, "start_chips": 30},
        {"players": 5, "start_chips": 30, "game_end": "below_stakes"},
        {"players": 4, "start_chips": 40, "may_stop": True, "on_block": "next_rank"},
    )

    def utility_bounds(self) -> tuple[float, float]:
        """Every chip on the table: the stake of each player."""
        return 0.0, float(self.options.start_chips * self.options.players)

    @classmethod
    def legacy_options(
        cls, rules_version: int, options: dict[str, object]
    ) -> dict[str, object] | None:
        """The options that replay a record of an older rules version as it was
        played (the record's own options, plus explicit values for every default
        changed since), or None when no option reproduces that version.

        Version 1 ended the game as soon as a player held fewer than 15 chips
        (``game_end=below_stakes``) and defaulted ``forgot_penalty`` to ``stays``.
        """
        if rules_version == cls.info.rules_version:
            return dict(options)
        if rules_version != 1:
            return None
        return {"game_end": "below_stakes", "forgot_penalty": "stays", **options}

    def num_distinct_actions(self) -> int:
        """52 card plays, ``stop``, ``claim`` and ``play on``."""
        return NUM_ACTIONS

    def max_chance_outcomes(self) -> int:
        """A card id (0–51) or a first dealer's seat."""
        return 52

    def max_game_length(self) -> int:
        """Per deal: the cards dealt, at most one play and one ``stop`` per card, and
        five claims; deals up to ``max_deals`` (or ``MAX_DEALS_BOUND``)."""
        hand_size, _ = DEAL_TABLE[self.options.players]
        cards = hand_size * self.options.players
        per_deal = cards * 3 + len(BOARD_CARDS)
        deals = self.options.max_deals or MAX_DEALS_BOUND
        return 1 + deals * per_deal

    def sample_state(self, view: View, rng: Rng) -> State:
        """A state consistent with ``view``.

        Finished deals are public (every hand is shown for the payments), so they
        replay exactly. In the current deal, each other player's cards in hand are
        drawn from the cards the seat has not seen, respecting what play revealed
        (see :func:`hand_constraints`); the cards left aside get the rest. The
        seat's history is then replayed with those cards in the hidden deal slots.
        """
        observation = view.observation
        seat = view.seat
        players = self.num_players
        options = self.options
        deal_hands: list[list[int]] = [
            [mask_of(parse_cards(cards)) for cards in deal["dealt"]]
            for deal in observation["deals"]
        ]
        if observation["deal_in_progress"]:
            events = current_events(observation)
            void, need = hand_constraints(
                events, players, options.may_stop, options.on_block == "next_rank"
            )
            played = [0] * players
            seen = mask_of(parse_cards(observation["hand"]))
            for entry in observation["pile"]:
                card = parse_card(entry["card"])
                played[entry["player"]] |= 1 << card
                seen |= 1 << card
            current_player = observation["current_player"]
            needed = observation["needed_rank"]
            if current_player is not None and current_player != seat and needed is not None:
                # Asked for the next rank: he holds two (one when he may also stop).
                rank = RANKS.index(needed) + 1
                least = 1 if observation["can_stop"] else 2
                need[current_player][rank] = max(need[current_player][rank], least)
            sizes = {
                other: observation["hand_sizes"][other] for other in range(players) if other != seat
            }
            pool = STANDARD_PACK & ~seen
            for _ in range(50):
                # A draw can fail where hands that fit do exist (its constructive
                # attempts place cards greedily): draw again, as when the replay
                # below does not fit. Only 50 failures in a row give up.
                hands = sample_hidden_hands(pool, sizes, void, need, rng)
                if hands is None:
                    continue
                current = [played[other] | hands.get(other, 0) for other in range(players)]
                state = _replay(self, view, [*deal_hands, current])
                # The draw respects every constraint but the one a block under
                # on_block=next_rank puts on the player now choosing; check it all.
                if state is not None and state.observation(seat) == observation:
                    return state
            raise ParlourError(f"nain-jaune: no hidden deal fits the view of seat {seat}")
        state = _replay(self, view, deal_hands)
        if state is None:
            raise ParlourError(f"nain-jaune: the view of seat {seat} does not replay")
        return state


def current_events(observation: object) -> list[tuple[int, ...]]:
    """The current deal's events back as tuples (from an observation)."""
    assert isinstance(observation, dict)
    result: list[tuple[int, ...]] = []
    contexts = {name: index for index, name in enumerate(CONTEXT_NAMES)}
    ranks = {text: index + 1 for index, text in enumerate(RANKS)}
    for event in observation["events"]:
        kind = event["type"]
        if kind == "play":
            result.append(
                (
                    EVENT_PLAY,
                    event["player"],
                    parse_card(event["card"]),
                    int(event["forced"]),
                    contexts[event["context"]],
                )
            )
        elif kind == "sans":
            result.append(
                (EVENT_SANS, event["player"], ranks[event["rank"]], int(event["stopped"]))
            )
        elif kind == "pass":
            result.append((EVENT_PASS, event["player"], ranks[event["rank"]]))
        elif kind == "block":
            result.append((EVENT_BLOCK, event["player"], ranks[event["rank"]]))
    return result


def _replay(game: NainJauneGame, view: View, hands_per_deal: list[list[int]]) -> State | None:
    """Replay the view's history, filling hidden deals from ``hands_per_deal``."""
    state = NainJauneState(game)
    left = [list(hands) for hands in hands_per_deal]
    for actor, action in view.history:
        if state.current_player() != actor:
            return None
        if action is None:
            recipient = state._deal_recipient()
            hand = left[state.deal_number - 1][recipient] & state.undealt
            if not hand:
                return None
            action = (hand & -hand).bit_length() - 1
            left[state.deal_number - 1][recipient] &= ~(1 << action)
        elif actor == CHANCE:
            if state.phase == PHASE_DEAL and not state.undealt >> action & 1:
                return None
        elif action not in state.legal_actions():
            return None
        state.history.append(action)
        state._legal = None
        state._apply(action)
    return state


register(NainJauneGame)

__all__ = [
    "BOARD_CARDS",
    "CLAIM",
    "DEAL_TABLE",
    "NUM_ACTIONS",
    "PLAY_ON",
    "STOP",
    "BoxClaimed",
    "BoxDoubled",
    "BoxForgotten",
    "CardPlayed",
    "DealEnded",
    "GrandOpera",
    "KingPlayed",
    "NainJauneGame",
    "NainJauneOptions",
    "NainJauneState",
    "Paid",
    "RankPassed",
    "RunBlocked",
    "SansSaid",
    "StakesPaid",
    "WentOut",
    "action_text",
    "end_reason",
    "event_dict",
    "hand_constraints",
    "parse_action_text",
    "sample_hidden_hands",
]
