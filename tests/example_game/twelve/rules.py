"""Twelve: a two-player trick game on a 12-card pack (the example game).

The pack: 9 10 J Q K A of spades and hearts. Each deal, four cards one at a
time to each player, the non-dealer first; the four others stay face down and
unseen. The non-dealer leads; follow suit when able; the higher card of the
suit led wins the trick (Ace high) and leads the next. A trick scores 1 point,
the last one 2, so each deal has a winner. The deal passes; the game is
``deals`` deals. Rules page: ``pages/reference.md`` (``parlour rules twelve
--reference``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Final

from parlour.core.cards import format_card, format_card_in, iter_bits, make_card, parse_card
from parlour.core.errors import COMMON_REFUSALS, ParseError, Refusal, RefusalSentences, refusal
from parlour.core.game import CHANCE, JSON, TERMINAL, DealScore, Game, GameInfo, State, View
from parlour.core.hidden import sample_by_replay
from parlour.core.lesson import Said
from parlour.core.options import option
from parlour.core.registry import register
from parlour.core.sampler import Rng
from parlour.core.shared_events import CardDealt, DealStarted, GameEnded
from twelve.events import CardPlayed, DealScored, TrickWon

# ----- constants --------------------------------------------------------------

RANKS: Final = (9, 10, 11, 12, 13, 1)
"""The ranks of the pack, lowest first (Ace high)."""
SUITS: Final = (0, 1)
"""Spades and hearts."""
PACK: Final = sum(1 << make_card(rank, suit) for rank in RANKS for suit in SUITS)
"""Bit mask of the 12 cards."""
SUIT_MASKS: Final = tuple(sum(1 << make_card(rank, suit) for rank in RANKS) for suit in range(4))
"""Bit mask of the pack's cards of each suit."""
HAND: Final = 4
"""Cards in each hand, and tricks in a deal."""
DEALT: Final = 2 * HAND
"""Cards dealt each deal (the other four stay face down)."""
NUM_ACTIONS: Final = 52
"""An action is a card id."""

PHASE_DEAL: Final = 0
PHASE_PLAY: Final = 1
PHASE_OVER: Final = 2
PHASE_NAMES: Final = ("deal", "play", "over")


def power(card: int) -> int:
    """A card's strength within its suit: 9 … K, then A."""
    rank = card % 13 + 1
    return 14 if rank == 1 else rank


def trick_winner_index(cards: list[int] | tuple[int, ...]) -> int:
    """Which card of a two-card trick wins (0: the leader's): the higher of the suit led."""
    led, other = cards[0], cards[1]
    if other // 13 == led // 13 and power(other) > power(led):
        return 1
    return 0


def legal_cards(hand: int, led: int) -> int:
    """The cards of ``hand`` that may be played on ``led`` (-1: leading)."""
    if led < 0:
        return hand
    following = hand & SUIT_MASKS[led // 13]
    return following if following else hand


REFUSALS: RefusalSentences = {
    **COMMON_REFUSALS,
    "not_in_pack": ("it is not a card of Twelve's pack", "ce n'est pas une carte du jeu de Douze"),
    "already_dealt": ("{card} has already been dealt", "{card} a déjà été donnée"),
    "not_held": ("you do not hold {card}", "vous n'avez pas {card}"),
    "must_follow": (
        "you must follow suit: you hold {suit}",
        "vous devez fournir : vous avez du {suit}",
    ),
}
"""Why a move is refused, in English and French (``_illegal_refusal`` picks one)."""


# ----- options ----------------------------------------------------------------


@dataclass(frozen=True)
class TwelveOptions:
    """The options of Twelve."""

    players: int = option(
        2,
        "number of players",
        choices=(2,),
        label=Said("Players", "Joueurs"),
        help_fr="nombre de joueurs",
    )
    """Always 2."""
    deals: int = option(
        2,
        "deals in a game",
        minimum=1,
        maximum=8,
        label=Said("Deals", "Donnes"),
        help_fr="donnes dans une partie",
    )
    """The game is this many deals; the deal passes each time."""
    first_dealer: int = option(
        0,
        "who deals first (a seat)",
        choices=(0, 1),
        label=Said("First dealer", "Premier donneur"),
        help_fr="qui donne en premier (une place)",
    )
    """The seat that deals first."""


# ----- state ------------------------------------------------------------------


class TwelveState(State):
    """A position of Twelve."""

    _list_fields = ("hands", "played", "points", "totals", "trick_winners")

    def __init__(self, game: TwelveGame) -> None:
        super().__init__(game)
        self.options = game.options
        self.deal_index = 0
        self.dealer = int(game.options.first_dealer)
        self.phase = PHASE_DEAL
        self.dealt = 0
        self.dealt_mask = 0
        self.hands = [0, 0]
        self.played: list[int] = []
        """This deal's cards played, in order (tricks of two)."""
        self.trick_winners: list[int] = []
        self.to_play = 0
        self.points = [0, 0]
        self.totals = [0, 0]
        self.sheet: tuple[DealScore, ...] = ()

    # ----- flow ---------------------------------------------------------------
    def current_player(self) -> int:
        """The seat to act, CHANCE or TERMINAL."""
        if self.phase == PHASE_PLAY:
            return self.to_play
        return TERMINAL if self.phase == PHASE_OVER else CHANCE

    def _led(self) -> int:
        return self.played[-1] if len(self.played) % 2 else -1

    def _legal_actions(self) -> list[int]:
        return iter_bits(legal_cards(self.hands[self.to_play], self._led()))

    def _chance_card_mask(self) -> int:
        return PACK & ~self.dealt_mask if self.phase == PHASE_DEAL else 0

    def _deal_slot(self) -> tuple[int, int] | None:
        return (self.deal_index, self.dealt) if self.phase == PHASE_DEAL else None

    def _deal_recipient(self) -> int:
        return (self.dealer + 1 + self.dealt) % 2

    def _chance_seen_by(self, player: int) -> bool:
        return self.phase != PHASE_DEAL or self._deal_recipient() == player

    def _apply(self, action: int) -> None:
        if self.phase == PHASE_DEAL:
            seat = self._deal_recipient()
            if self.dealt == 0:
                self._emit(DealStarted(1, self.deal_index + 1, self.dealer))
            self._emit(CardDealt(seat=seat, card=action))
            self.hands[seat] |= 1 << action
            self.dealt_mask |= 1 << action
            self.dealt += 1
            if self.dealt == DEALT:
                self.phase = PHASE_PLAY
                self.to_play = (self.dealer + 1) % 2
            return
        self._play(action)

    def _play(self, card: int) -> None:
        seat = self.to_play
        led = len(self.played) % 2 == 0
        self.hands[seat] &= ~(1 << card)
        self.played.append(card)
        self._emit(CardPlayed(seat=seat, card=card, led=led))
        if led:
            self.to_play = 1 - seat
            return
        trick = tuple(self.played[-2:])
        winner = (1 - seat) if trick_winner_index(trick) == 0 else seat
        self.trick_winners.append(winner)
        number = len(self.trick_winners)
        gained = 2 if number == HAND else 1
        self.points[winner] += gained
        self._emit(TrickWon(seat=winner, trick=number, cards=trick, points=gained))
        self.to_play = winner
        if number == HAND:
            self._end_deal()

    def _end_deal(self) -> None:
        for seat in (0, 1):
            self.totals[seat] += self.points[seat]
        self._emit(DealScored(self.deal_index + 1, tuple(self.points), tuple(self.totals)))
        self.sheet += (DealScore(1, self.deal_index + 1, tuple(float(p) for p in self.points)),)
        self.deal_index += 1
        if self.deal_index >= self.options.deals:
            self.phase = PHASE_OVER
            self._emit(GameEnded(game=1, scores=tuple(self.totals)))
            return
        self.dealer = 1 - self.dealer
        self.phase = PHASE_DEAL
        self.dealt = 0
        self.dealt_mask = 0
        self.hands = [0, 0]
        self.played = []
        self.trick_winners = []
        self.points = [0, 0]

    # ----- text ---------------------------------------------------------------
    def action_to_string(self, action: object) -> str:
        """``QH``: the card played or dealt."""
        return format_card_in(action, PACK)

    def _parse_action(self, text: str) -> int:
        try:
            return parse_card(text.strip())
        except ParseError:
            raise ParseError(
                f"{text!r} is not a card of Twelve; write one card such as 'QH', '10S' "
                "or 'A♠' (ranks 9 10 J Q K A, suits S H or ♠ ♥)"
            ) from None

    def _illegal_refusal(self, action: int) -> Refusal:
        """Why ``action`` (a card id, not legal here) is refused."""
        if not (0 <= action < NUM_ACTIONS and PACK >> action & 1):
            return refusal(REFUSALS, "not_in_pack")
        text = format_card(action)
        if self.phase == PHASE_DEAL:
            return refusal(REFUSALS, "already_dealt", card=text)
        if self.phase == PHASE_OVER:
            return refusal(REFUSALS, "game_over")
        if not self.hands[self.to_play] >> action & 1:
            return refusal(REFUSALS, "not_held", card=text)
        return refusal(REFUSALS, "must_follow", suit="♠♥"[self._led() // 13])

    # ----- results ------------------------------------------------------------
    def returns(self) -> list[float]:
        """Each seat's total points; zeros before the end."""
        if self.phase != PHASE_OVER:
            return [0.0, 0.0]
        return [float(total) for total in self.totals]

    def score_sheet(self) -> list[DealScore]:
        """One line per finished deal."""
        return list(self.sheet)

    def winners(self) -> list[int]:
        """The seats with the higher total (both on a tie); empty before the end."""
        if self.phase != PHASE_OVER:
            return []
        best = max(self.totals)
        return [seat for seat in (0, 1) if self.totals[seat] == best]

    def _observation(self, player: int) -> dict[str, JSON]:
        current = self.current_player()
        played = self.played
        finished = len(self.trick_winners)
        tricks: list[JSON] = []
        leader = (self.dealer + 1) % 2
        for number in range(finished):
            cards = played[2 * number : 2 * number + 2]
            texts = [format_card(card) for card in cards]
            winner = self.trick_winners[number]
            tricks.append({"leader": leader, "cards": texts, "winner": winner})
            leader = winner
        return {
            "game": "twelve",
            "players": 2,
            "seat": player,
            "phase": PHASE_NAMES[self.phase],
            "current_player": current if current >= 0 else None,
            "dealer": self.dealer,
            "deal": self.deal_index + (self.phase != PHASE_OVER),
            "deals": self.options.deals,
            "hand": [format_card(card) for card in iter_bits(self.hands[player])],
            "hand_sizes": [hand.bit_count() for hand in self.hands],
            "trick_leader": leader if self.phase == PHASE_PLAY else None,
            "trick": [format_card(card) for card in played[2 * finished :]],
            "tricks": tricks,
            "deal_points": list(self.points),
            "totals": list(self.totals),
            "scores": [list(line.scores) for line in self.sheet],
            "winners": self.winners(),
        }


# ----- game -------------------------------------------------------------------


class TwelveGame(Game[TwelveOptions]):
    """Twelve for two players."""

    info = GameInfo(
        name="twelve",
        title="Twelve",
        min_players=2,
        max_players=2,
        rules_version=1,
        summary="the example game: four tricks from a 12-card pack, the last worth two",
        summary_fr="le jeu d'exemple : quatre levées avec douze cartes, la dernière vaut double",
    )
    options_class = TwelveOptions
    state_class = TwelveState
    short_options: ClassVar[dict[str, object]] = {"deals": 1}
    conformance_options = ({}, {"deals": 3, "first_dealer": 1})
    review_thresholds = (0.5, 1.0, 2.0)

    def utility_bounds(self) -> tuple[float, float]:
        """Five points a deal at most (four tricks, the last worth two)."""
        return 0.0, float((HAND + 1) * self.options.deals)

    def num_distinct_actions(self) -> int:
        """One action per card id (only the pack's 12 are ever legal)."""
        return NUM_ACTIONS

    def max_chance_outcomes(self) -> int:
        """A dealt card."""
        return NUM_ACTIONS

    def max_game_length(self) -> int:
        """Eight cards dealt and eight played a deal."""
        return self.options.deals * (DEALT + 2 * HAND)

    def pack(self, section: int) -> int:
        """The 12 cards (a forced deck section is one deal, in dealing order)."""
        return PACK

    def parse_action(self, text: str) -> int | None:
        """A card, read without a state."""
        try:
            return parse_card(text.strip())
        except ParseError:
            return None

    def sample_state(self, view: View, rng: Rng) -> State:
        """A state consistent with ``view``, drawn fairly: the seat's history
        replayed, the other seat's hidden cards being the cards it is seen to
        play and, for the rest, cards drawn from those the seat has not seen,
        never of a suit the other seat showed it lacks."""
        return sample_by_replay(self, view, rng, played_card=played_card, lacks=lacks, hand=hand)


def lacks(state: State, seat: int, card: int) -> int:
    """The cards a play shows ``seat`` does not hold: a card off the suit led
    shows it holds none of that suit (the sampler's void hook)."""
    assert isinstance(state, TwelveState)
    led = state._led()
    if led >= 0 and card // 13 != led // 13:
        return int(SUIT_MASKS[led // 13])
    return 0


def hand(state: State, seat: int) -> int:
    """The cards ``seat`` holds (the sampler's hand hook)."""
    assert isinstance(state, TwelveState)
    return state.hands[seat]


def played_card(action: int) -> int:
    """The card a move shows: a move is the card played."""
    return action


register(TwelveGame)

__all__ = [
    "PACK",
    "REFUSALS",
    "CardPlayed",
    "DealScored",
    "TrickWon",
    "TwelveGame",
    "TwelveOptions",
    "TwelveState",
    "legal_cards",
    "power",
    "trick_winner_index",
]
