"""Dracula for four players in two partnerships (David Parlett).

The whole 52-card pack is dealt, 13 to each player, and one Vampire each goes to
the dealer's left-hand opponent and the dealer's partner. Six coffins of nine
cards are then built one after another straight from the hands, play passing
left; the first card of each coffin is its centre (the first nail). One side
scores rows (the Queen's way), the other columns (the King's way), and each coffin
is scored between the sides with the tie cascade of two-player Dracula.

Sources: David Parlett, *Original Card Games* (Dracula, "Four-player (partnership)
version"). The project's decisions on every open question are in
``rules-decisions.md`` §1 and §1b. Rules page: ``parlour rules dracula-partnership``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Final

from parlour.core.cards import (
    STANDARD_PACK,
    VAMPIRE_1,
    VAMPIRE_2,
    format_card,
    iter_bits,
    nth_bit,
    parse_card,
)
from parlour.core.errors import ParseError, Refusal, refusal, shown
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
from parlour.core.sheet import SheetBonus
from parlour.games._coffin._dracula_actions import COLUMNS, ROWS, action_text, parse_action_text
from parlour.games._coffin.rules import (
    CELL_NAMES,
    CELLS,
    CENTRE,
    COFFIN_REFUSALS,
    EMPTY,
    FRONTIER_CELLS,
    Axis,
    CardPlayedToCell,
    DirectionChosen,
    EndBonus,
    coffin_scored,
    end_bonus,
    partial_line_values,
    score_coffin,
)
from parlour.games.dracula_partnership.events import (
    VampireGiven as VampireGiven,
)

# ----- constants --------------------------------------------------------------

PHASE_FIRST_DEALER: Final = 0
"""Chance: a random first dealer (option ``first_dealer=random``)."""
PHASE_DIRECTION: Final = 1
"""The first dealer chooses rows (Queen's way) or columns (King's way) for his side."""
PHASE_DEAL: Final = 2
"""Chance: the 52 cards one at a time from the dealer's left, 13 each."""
PHASE_PLAY: Final = 3
PHASE_OVER: Final = 4

PHASE_NAMES: Final = ("first dealer", "direction", "deal", "play", "over")

PLAYERS: Final = 4
COFFINS_PER_DEAL: Final = 6
CARDS_DEALT: Final = 52
"""Cards dealt by chance each deal (the Vampires are then given, not dealt)."""

# ----- options ----------------------------------------------------------------


@dataclass(frozen=True)
class DraculaPartnershipOptions:
    """The options of partnership Dracula (rules-decisions.md §1b)."""

    players: int = option(
        4,
        "number of players (two partnerships of two)",
        choices=(4,),
        label=Said("Players", "Joueurs"),
        help_fr="nombre de joueurs",
    )
    """Always 4: seats 0 and 2 are partners against seats 1 and 3."""
    deals: int = option(
        1,
        "deals in a game: 1, or 4 so that every seat deals once",
        choices=(1, 4),
        label=Said("Deals", "Donnes"),
        help_fr="donnes d'une partie : 1, ou 4 pour que chacun donne une fois",
    )
    """One deal of six coffins is a game; with 4 every seat deals once (each deal
    from a fresh shuffle; the directions hold and the end bonus comes once)."""
    first_dealer: str | int = option(
        "random",
        "who deals first: random or a seat",
        choices=("random",),
        minimum=0,
        maximum=3,
        label=Said("First dealer", "Premier donneur"),
        help_fr="qui donne en premier",
        words=FIRST_DEALER_WORDS,
    )
    """``random``, or a seat number 0–3."""
    tie_bonus_basis: str = option(
        "made",
        "lines compared when the sides' totals tie",
        choices=("made", "scored"),
        label=Said("End bonus after a tie", "Bonus de fin après une égalité"),
        help_fr="les rangées comparées quand les totaux sont égaux",
        words={
            "made": Said("every line made", "toutes les rangées faites"),
            "scored": Said("the lines scored", "les rangées comptées"),
        },
    )
    """On equal totals, whose lines decide the bonus: every line a side made in its
    direction (``made``) or only the line it scored each coffin (``scored``)."""


# ----- action encoding ----------------------------------------------------------
#
# Player actions (the same ids and text as two-player Dracula):
#   card * 9 + cell        play a card into a cell (0 … 485): ``QH b2``
#   ROWS / COLUMNS         the first dealer's choice for his side (486, 487)
# Chance outcomes: a card id (every dealt card), or a seat number (a random first
# dealer).

NUM_ACTIONS: Final = COLUMNS + 1


def played_card(action: int) -> int | None:
    """The card a play puts on the table (None for other actions)."""
    return action // CELLS if 0 <= action < ROWS else None


# ----- events ---------------------------------------------------------------------
# Shared with the other games: FirstDealerChosen, DealStarted, CardDealt, GameEnded
# (``_events``); DirectionChosen, CardPlayedToCell, CoffinScored, EndBonus
# (``_coffin``). The partnership game adds the Vampires given after the deal.


# ----- state --------------------------------------------------------------------


class DraculaPartnershipState(State):
    """A position of partnership Dracula."""

    _list_fields = ("hands", "coffin", "totals")

    def __init__(self, game: DraculaPartnershipGame) -> None:
        super().__init__(game)
        options = game.options
        self.options = options
        self.phase = PHASE_DIRECTION
        self.dealer = 0
        if options.first_dealer == "random":
            self.phase = PHASE_FIRST_DEALER
        else:
            self.dealer = int(options.first_dealer)
        self.first_dealer = self.dealer
        self.queen_side = -1
        """The side (seat % 2) scoring rows (-1 until the first dealer chooses)."""
        self.deal_number = 1
        self.hands = [0, 0, 0, 0]
        self.stock = STANDARD_PACK
        """The cards of this deal's pack not dealt yet."""
        self.dealt = 0
        """Cards dealt so far this deal (0–52)."""
        self.coffin_number = 0
        """The coffin being built in this deal (1–6; 0 before the first)."""
        self.coffin = [EMPTY] * CELLS
        self.occupied = 0
        """Bit mask of the filled cells."""
        self.plays: tuple[int, ...] = ()
        """This coffin's plays, in order (actions)."""
        self.to_play = 0
        self.first_nail_seat = -1
        """Who lays (laid) the current coffin's first card."""
        self.totals = [0, 0]
        """Points of each side (side = seat % 2)."""
        self.sheet: tuple[DealScore, ...] = ()
        self.lines_made: tuple[tuple[int, ...], tuple[int, ...]] = ((), ())
        self.lines_scored: tuple[tuple[int, ...], tuple[int, ...]] = ((), ())
        self.past_coffins: tuple[tuple[int, ...], ...] = ()
        self.result: tuple[int, int, int, int] | None = None
        """At the end: (side 0 score, side 1 score, bonus side, bonus)."""

    # ----- flow ------------------------------------------------------------------
    def current_player(self) -> int:
        """The seat to act, CHANCE or TERMINAL."""
        phase = self.phase
        if phase == PHASE_PLAY:
            return self.to_play
        if phase in (PHASE_DEAL, PHASE_FIRST_DEALER):
            return CHANCE
        if phase == PHASE_DIRECTION:
            return self.dealer
        return TERMINAL

    def _legal_actions(self) -> list[int]:
        phase = self.phase
        if phase == PHASE_PLAY:
            cells = FRONTIER_CELLS[self.occupied] if self.occupied else (CENTRE,)
            return [
                card * CELLS + cell
                for card in iter_bits(self.hands[self.to_play])
                for cell in cells
            ]
        if phase == PHASE_DIRECTION:
            return [ROWS, COLUMNS]
        return []

    def _chance_card_mask(self) -> int:
        return self.stock if self.phase == PHASE_DEAL else 0

    def _other_chance_outcomes(self) -> list[tuple[int, float]]:
        return first_dealer_outcomes(PLAYERS)

    def _deal_slot(self) -> tuple[int, int] | None:
        if self.phase == PHASE_DEAL:
            return self.deal_number - 1, self.dealt
        return None

    def _chance_seen_by(self, player: int) -> bool:
        if self.phase == PHASE_DEAL:
            return player == self._deal_recipient()
        return True

    def _deal_recipient(self) -> int:
        """Who receives the next dealt card: from the dealer's left, one at a time."""
        return (self.dealer + 1 + self.dealt) % PLAYERS

    def _apply(self, action: int) -> None:
        phase = self.phase
        if phase == PHASE_PLAY:
            card = action // CELLS  # (not divmod: compiled, its tuple costs more than the sums)
            cell = action - card * CELLS
            player = self.to_play
            self.hands[player] &= ~(1 << card)
            self.coffin[cell] = card
            self.occupied |= 1 << cell
            self.plays += (action,)
            self.to_play = (player + 1) % PLAYERS
            if self._events is not None:
                self._emit(CardPlayedToCell(seat=player, card=card, cell=cell))
            if self.occupied == 0x1FF:
                self._score_coffin()
        elif phase == PHASE_DEAL:
            self.stock &= ~(1 << action)
            receiver = self._deal_recipient()
            self.hands[receiver] |= 1 << action
            if self._events is not None:
                if self.dealt == 0:
                    self._emit(DealStarted(1, self.deal_number, self.dealer))
                self._emit(CardDealt(seat=receiver, card=action))
            self.dealt += 1
            if self.dealt == CARDS_DEALT:
                dealer = self.dealer
                self.hands[(dealer + 1) % PLAYERS] |= 1 << VAMPIRE_1
                self.hands[(dealer + 2) % PLAYERS] |= 1 << VAMPIRE_2
                if self._events is not None:
                    self._emit(VampireGiven(seat=(dealer + 1) % PLAYERS, card=VAMPIRE_1))
                    self._emit(VampireGiven(seat=(dealer + 2) % PLAYERS, card=VAMPIRE_2))
                self.phase = PHASE_PLAY
                self._start_coffin((dealer + 1) % PLAYERS)
        elif phase == PHASE_DIRECTION:
            side = self.dealer % 2
            self.queen_side = side if action == ROWS else 1 - side
            direction = "rows" if action == ROWS else "columns"
            self._emit(DirectionChosen(seat=self.dealer, direction=direction))
            self._start_deal()
        elif phase == PHASE_FIRST_DEALER:
            self._emit(FirstDealerChosen(seat=action))
            self.dealer = action
            self.first_dealer = action
            self.phase = PHASE_DIRECTION

    def _start_deal(self) -> None:
        self.phase = PHASE_DEAL
        self.dealt = 0
        self.stock = STANDARD_PACK
        self.coffin_number = 0
        self.coffin = [EMPTY] * CELLS
        self.occupied = 0
        self.plays = ()

    def _start_coffin(self, seat: int) -> None:
        self.coffin_number += 1
        self.coffin = [EMPTY] * CELLS
        self.occupied = 0
        self.plays = ()
        self.to_play = seat
        self.first_nail_seat = seat

    def _score_coffin(self) -> None:
        scores, made, lines_note = score_coffin(self.coffin, self.queen_side)
        self.lines_made = (self.lines_made[0] + made[0], self.lines_made[1] + made[1])
        self.lines_scored = (
            self.lines_scored[0] + (scores[0],),
            self.lines_scored[1] + (scores[1],),
        )
        self.totals[0] += scores[0]
        self.totals[1] += scores[1]
        if self._events is not None:
            self._emit(
                coffin_scored(
                    1,
                    self.deal_number,
                    self.coffin_number,
                    self.coffin,
                    self.queen_side,
                    (0, 1, 0, 1),
                    scores,
                    self.totals,
                )
            )
        note = f"deal {self.deal_number} coffin {self.coffin_number}: {lines_note}"
        number = (self.deal_number - 1) * COFFINS_PER_DEAL + self.coffin_number
        self.sheet += (
            DealScore(
                1,
                number,
                (float(scores[0]), float(scores[1]), float(scores[0]), float(scores[1])),
                note,
            ),
        )
        self.past_coffins += (tuple(self.coffin),)
        if self.coffin_number < COFFINS_PER_DEAL:
            self._start_coffin(self.to_play)
            return
        self.dealer = (self.dealer + 1) % PLAYERS
        self.deal_number += 1
        if self.deal_number <= self.options.deals:
            self._start_deal()
            return
        self._end_game()

    def _end_game(self) -> None:
        scores = list(self.totals)
        basis = self.lines_made if self.options.tie_bonus_basis == "made" else self.lines_scored
        bonus_side, bonus = end_bonus(scores, basis)
        if bonus_side >= 0:
            scores[bonus_side] += bonus
            self._emit(EndBonus(seats=(bonus_side, bonus_side + 2), bonus=bonus))
        self.result = (scores[0], scores[1], bonus_side, bonus)
        self._emit(GameEnded(game=1, scores=tuple(scores[seat % 2] for seat in range(PLAYERS))))
        self.deal_number = self.options.deals
        self.phase = PHASE_OVER

    # ----- text ------------------------------------------------------------------
    def action_to_string(self, action: object) -> str:
        """``QH b2``, ``rows``, ``columns``; a card (or ``seat N``) for chance."""
        if self.phase == PHASE_DEAL:
            return format_card(action)
        if self.phase == PHASE_FIRST_DEALER:
            return first_dealer_text(action, PLAYERS)
        # The shared encoding also has takes: not actions here.
        if type(action) is int and 0 <= action < NUM_ACTIONS:
            return action_text(action)
        raise ParseError(
            f"{shown(action)} is not an action of the partnership game (a play of a card "
            "into a cell, 'rows' or 'columns')"
        )

    def _parse_action(self, text: str) -> int:
        words = text.strip().lower().split()
        if self.phase == PHASE_DEAL:
            if len(words) == 1:
                return parse_card(words[0])
            raise ParseError(f"{text!r} is not a dealt card; write a card such as 'QH'")
        if self.phase == PHASE_FIRST_DEALER:
            return parse_first_dealer(text, PLAYERS)
        action = parse_action_text(text)
        if action >= NUM_ACTIONS:
            raise ParseError(
                f"{text!r}: there is no taking in the partnership game; write a card and a "
                "cell ('QH b2'), or 'rows' / 'columns'"
            )
        return action

    def _illegal_refusal(self, action: int) -> Refusal:
        phase = self.phase
        if phase == PHASE_DIRECTION:
            return refusal(COFFIN_REFUSALS, "choose_direction_side")
        if phase == PHASE_PLAY:
            if not 0 <= action < ROWS:
                return refusal(COFFIN_REFUSALS, "play_into_cell")
            card, cell = divmod(action, CELLS)
            if not self.hands[self.to_play] >> card & 1:
                return refusal(COFFIN_REFUSALS, "not_in_hand", card=format_card(card))
            if not self.occupied:
                return refusal(COFFIN_REFUSALS, "first_in_centre")
            if self.occupied >> cell & 1:
                return refusal(COFFIN_REFUSALS, "cell_taken", cell=CELL_NAMES[cell])
            return refusal(COFFIN_REFUSALS, "not_adjacent", cell=CELL_NAMES[cell])
        return refusal(COFFIN_REFUSALS, "no_turn")

    # ----- results ------------------------------------------------------------------
    def returns(self) -> list[float]:
        """Each seat gets its side's game score, end bonus included (zeros before the end)."""
        if self.result is None:
            return [0.0] * PLAYERS
        return [float(self.result[seat % 2]) for seat in range(PLAYERS)]

    def score_sheet(self) -> list[DealScore]:
        """One line per coffin; each seat shows its side's points."""
        return list(self.sheet)

    def _sheet_columns(self) -> tuple[tuple[int, ...], ...]:
        return ((0, 2), (1, 3))

    def _sheet_line_kind(self) -> str:
        return "coffin"

    def _sheet_bonuses(self) -> tuple[SheetBonus, ...]:
        if self.result is None or self.result[2] < 0:
            return ()
        scores = [0.0, 0.0]
        scores[self.result[2]] = float(self.result[3])
        return (SheetBonus(1, (scores[0], scores[1])),)

    def _observation(self, player: int) -> dict[str, JSON]:
        directions: list[str | None] = [None] * PLAYERS
        side_directions: list[str | None] = [None, None]
        if self.queen_side >= 0:
            side_directions[self.queen_side] = "rows"
            side_directions[1 - self.queen_side] = "columns"
            directions = [side_directions[seat % 2] for seat in range(PLAYERS)]
        current = self.current_player()
        vampires = [
            seat
            for seat in range(PLAYERS)
            if self.hands[seat] >> VAMPIRE_1 & 1 or self.hands[seat] >> VAMPIRE_2 & 1
        ]
        return {
            "game": "dracula-partnership",
            "players": PLAYERS,
            "seat": player,
            "phase": PHASE_NAMES[self.phase],
            "current_player": current if current >= 0 else None,
            "deal": self.deal_number,
            "deals": self.options.deals,
            "coffin_number": self.coffin_number,
            "dealer": self.dealer,
            "first_dealer": self.first_dealer,
            "sides": [seat % 2 for seat in range(PLAYERS)],
            "partner": (player + 2) % PLAYERS,
            "side_directions": side_directions,
            "directions": directions,
            "hand": [format_card(card) for card in iter_bits(self.hands[player])],
            "hand_sizes": [hand.bit_count() for hand in self.hands],
            "vampire_holders": vampires,
            "first_nail_seat": self.first_nail_seat if self.first_nail_seat >= 0 else None,
            "coffin": [format_card(card) if card >= 0 else None for card in self.coffin],
            "plays": [action_text(action) for action in self.plays],
            "row_values": partial_line_values(self.coffin, Axis.ROW),
            "column_values": partial_line_values(self.coffin, Axis.COLUMN),
            "dealt": self.dealt,
            "totals": list(self.totals),
            "scores": [
                [line.deal, *(int(score) for score in line.scores[:2])] for line in self.sheet
            ],
            "notes": [line.note for line in self.sheet],
            "past_coffins": [
                [format_card(card) for card in coffin] for coffin in self.past_coffins
            ],
            "result": list(self.result) if self.result is not None else None,
        }


# ----- sampling -------------------------------------------------------------------


def sample_partnership(game: DraculaPartnershipGame, view: View, rng: Rng) -> State:
    """A state consistent with ``view``: replay the seat's history, giving each hidden
    dealt card of another seat, in order, the cards that seat later played from that
    deal's hand; the others are drawn uniformly from the cards of that deal's pack
    the seat has not seen. (Play reveals nothing but the cards played, so the unseen
    cards of one deal are exchangeable; every deal is a fresh pack.)"""
    history = view.history
    replay = DraculaPartnershipState(game)
    # First pass: for each step, the deal it belongs to; per deal, the cards each
    # seat played and the cards the viewer saw.
    deal_of: list[int] = []
    played: dict[tuple[int, int], list[int]] = {}
    seen: dict[int, int] = {}
    for actor, action in history:
        deal = replay.deal_number
        deal_of.append(deal)
        if actor == CHANCE:
            if action is not None and replay.phase == PHASE_DEAL:
                seen[deal] = seen.get(deal, 0) | 1 << action
            filler = action
            if filler is None:
                filler = (replay._chance_card_mask() & -replay._chance_card_mask()).bit_length() - 1
            replay._apply(filler)
        else:
            assert action is not None
            card = played_card(action)
            if card is not None and card < VAMPIRE_1:
                played.setdefault((deal, actor), []).append(card)
                seen[deal] = seen.get(deal, 0) | 1 << card
            # The placeholder hands may lack the card; _apply only clears a bit.
            replay._apply(action)
    state = DraculaPartnershipState(game)
    for index, (actor, action) in enumerate(history):
        if actor == CHANCE and action is None:
            deal = deal_of[index]
            recipient = state._deal_recipient()
            queue = played.get((deal, recipient))
            if queue:
                action = queue.pop(0)
            else:
                pool = state._chance_card_mask() & ~seen.get(deal, 0)
                action = nth_bit(pool, rng.below(pool.bit_count()))
        assert action is not None
        state.history.append(action)
        state._apply(action)
    return state


# ----- game ---------------------------------------------------------------------------


class DraculaPartnershipGame(Game[DraculaPartnershipOptions]):
    """Dracula for four players in two partnerships."""

    info = GameInfo(
        name="dracula-partnership",
        title="Partnership Dracula",
        title_fr="Dracula par équipes",
        min_players=4,
        max_players=4,
        rules_version=1,
        summary="Four players in two sides: six coffins built from the hands",
        summary_fr="quatre joueurs en deux équipes : six cercueils bâtis avec les mains",
    )
    options_class = DraculaPartnershipOptions
    review_thresholds = (2.0, 4.0, 8.0)
    """Review grades from these expected losses per deal (docs/review.md)."""
    state_class = DraculaPartnershipState
    short_options: ClassVar[dict[str, object]] = {"deals": 1}
    conformance_options = (
        {},
        {"first_dealer": 2, "tie_bonus_basis": "scored"},
        {"deals": 4, "first_dealer": 1},
    )

    def deal_bound(self) -> float:
        """Six coffins of two lines of at most 150 (three tens times five)."""
        return 2.0 * 6 * 150

    def utility_bounds(self) -> tuple[float, float]:
        """Six coffins of two lines of at most 150 (three tens times five) a deal."""
        return 0.0, 2.0 * 6 * 150 * self.options.deals

    def num_distinct_actions(self) -> int:
        """Plays (card × cell) and the two directions."""
        return NUM_ACTIONS

    def parse_action(self, text: str) -> int | None:
        """Player actions read the same in every state: ``QH b2``, ``rows``."""
        return parse_action_text(text)

    def max_game_length(self) -> int:
        """A first dealer, the direction, and per deal 52 cards dealt and 54 plays."""
        return 2 + self.options.deals * (CARDS_DEALT + 54)

    def pack(self, section: int) -> int:
        """The 52 cards without the Vampires (one forced section per deal)."""
        return STANDARD_PACK

    def sample_state(self, view: View, rng: Rng) -> State:
        """A full state consistent with everything ``view.seat`` has seen."""
        return sample_partnership(self, view, rng)


register(DraculaPartnershipGame)

__all__ = [
    "NUM_ACTIONS",
    "DraculaPartnershipGame",
    "DraculaPartnershipOptions",
    "DraculaPartnershipState",
    "VampireGiven",
    "played_card",
]
