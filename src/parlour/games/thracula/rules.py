"""Thracula: David Parlett's Dracula for three players.

Each player keeps a hand of three cards from deal to deal. Every deal lays nine
cards face down as a coffin; in turn each player takes a face-down card into his
hand and fills the emptied cell face up with a card from his hand (perhaps the
one just taken). Each player owns one row and one column of the coffin and
scores the better of the two. A Vampire doubles its line instead of voiding it.

Sources: David Parlett, *Original Card Games* (Dracula, "Thracula: Dracula for
three players"). The project's decisions on every open question are in
``rules-decisions.md`` §1 and §1c. Rules page: ``parlour rules thracula``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Final

from parlour.core.cards import FULL_PACK, format_card, iter_bits, nth_bit, parse_card
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
from parlour.core.sampler import Rng, Sampler
from parlour.core.shared_events import CardDealt, DealStarted, FirstDealerChosen, GameEnded
from parlour.core.sheet import SheetBonus
from parlour.games._coffin.rules import (
    CELL_NAMES,
    CELLS,
    COFFIN_REFUSALS,
    COLUMNS,
    EMPTY,
    ROWS,
    Axis,
    CardPlayedToCell,
    CoffinScored,
    EndBonus,
    VampireRule,
    line_value,
    line_values,
    parse_cell,
    partial_line_values,
)
from parlour.games.thracula.events import (
    CardLaidFaceDown as CardLaidFaceDown,
)
from parlour.games.thracula.events import (
    CardTakenFromCell as CardTakenFromCell,
)
from parlour.games.thracula.events import (
    DiscardsShuffled as DiscardsShuffled,
)

# ----- constants --------------------------------------------------------------

PHASE_FIRST_DEALER: Final = 0
"""Chance: the random first dealer."""
PHASE_DEAL_HANDS: Final = 1
"""Chance: three cards to each player, one at a time from the dealer's left."""
PHASE_DEAL_COFFIN: Final = 2
"""Chance: nine cards face down on the coffin, cells a1 b1 c1 a2 … c3."""
PHASE_TAKE: Final = 3
"""A player takes a face-down card into his hand."""
PHASE_PUT: Final = 4
"""The same player fills the emptied cell with a card from his hand."""
PHASE_OVER: Final = 5

PHASE_NAMES: Final = ("first dealer", "deal hands", "deal coffin", "take", "put", "over")

PLAYERS: Final = 3
HAND_SIZE: Final = 3
TURNS_PER_DEAL: Final = 9

LINE_OF_POSITION: Final = (1, 0, 2)
"""The row and column number a seat owns, by its place relative to the dealer
(``(seat - dealer) % 3``): the dealer 1 (the centre), his left 0, his right 2."""

DEALER_LINE: Final = LINE_OF_POSITION[0]
"""The row and column the dealer owns (the centre ones)."""

_VAMPIRE_RULES: Final = {
    "x4": VampireRule.DOUBLE_X4,
    "x2": VampireRule.DOUBLE_X2,
    "zero": VampireRule.DOUBLE_ZERO,
}

# ----- options ----------------------------------------------------------------


@dataclass(frozen=True)
class ThraculaOptions:
    """The options of Thracula (rules-decisions.md §1c)."""

    players: int = option(
        3,
        "number of players (Thracula is for three)",
        choices=(3,),
        label=Said("Players", "Joueurs"),
        help_fr="nombre de joueurs",
    )
    """Always 3."""
    deals: int = option(
        6,
        "deals in a game (6 is a full game)",
        minimum=1,
        maximum=6,
        label=Said("Deals", "Donnes"),
        help_fr="donnes d'une partie (6 font une partie complète)",
    )
    """Number of deals; fewer than 6 make a quick game (the sixth coffin is the one
    laid from the shuffled discards)."""
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
    """``random``, or a seat number 0–2."""
    two_vampires: str = option(
        "x4",
        "a line with both Vampires: the other card x4, x2, or zero",
        choices=("x4", "x2", "zero"),
        label=Said("Both Vampires in a line", "Les deux vampires dans une rangée"),
        help_fr="une rangée avec les deux vampires : l'autre carte ×4, ×2, ou zéro",
        words={"x4": Said("×4", "×4"), "x2": Said("×2", "×2"), "zero": Said("zero", "zéro")},
    )
    """What a line holding both Vampires is worth: its third card's value × 4,
    × 2, or nothing."""
    end_bonus: str | None = option(
        None,
        "end bonus: none, or the leader adds his lead over the second",
        choices=(None, "difference_to_second"),
        label=Said("End bonus", "Bonus de fin"),
        help_fr="bonus de fin : aucun, ou le premier ajoute son avance sur le deuxième",
        words={"difference_to_second": Said("lead over the second", "l'écart avec le deuxième")},
    )
    """``none``, or ``difference_to_second``: a single leader adds his lead over the
    second player (a tie for first: no bonus)."""
    court_frame: str = option(
        "table",
        "Queen 10 in rows, King 10 in columns: of the table, or as each player looks",
        choices=("table", "seat"),
        label=Said("Courts counted", "Figures comptées"),
        help_fr="dame 10 en ligne, roi 10 en colonne : vus de la table, ou de chaque place",
        words={
            "table": Said("from the table", "vues de la table"),
            "seat": Said("from each seat", "vues de chaque place"),
        },
    )
    """``table``: one frame for all; a Queen counts 10 in any row of the table and a
    King in any column. ``seat``: as each player looks at the coffin; the dealer
    sits at its side, so for him the table's rows run away from him (a Queen
    counts 10 in his column and a King in his row), while his opponents, facing
    each other, see the table's frame."""


# ----- action encoding ----------------------------------------------------------
#
# Player actions:
#   cell            take the face-down card at a cell (0 … 8): ``take a1``
#   PUT + card      put a card from hand into the cell just emptied (9 … 62): ``put QH``
# Chance outcomes: a card id (every dealt card), or a seat number (the first dealer).

PUT: Final = CELLS
NUM_ACTIONS: Final = PUT + 54


def take_action(cell: int) -> int:
    """The action of taking the face-down card at ``cell``."""
    return cell


def put_action(card: int) -> int:
    """The action of putting ``card`` into the cell just emptied."""
    return PUT + card


def action_text(action: object) -> str:
    """The text of a player action: ``take a1`` or ``put QH``."""
    if type(action) is not int:  # a bool or a float would pass the range tests
        raise ParseError(f"a Thracula action is a whole number, not {shown(action)}")
    if 0 <= action < PUT:
        return f"take {CELL_NAMES[action]}"
    if PUT <= action < NUM_ACTIONS:
        return f"put {format_card(action - PUT)}"
    raise ParseError(
        f"{shown(action)} is not a Thracula action (actions are 0 to {NUM_ACTIONS - 1})"
    )


def parse_action_text(text: str) -> int:
    """Parse ``take a1`` (or just ``a1``) and ``put QH`` (or just ``QH``)."""
    words = text.strip().split()
    lowered = [word.lower() for word in words]
    try:
        if len(words) == 2 and lowered[0] == "take":
            return take_action(parse_cell(words[1]))
        if len(words) == 2 and lowered[0] == "put":
            return put_action(parse_card(words[1]))
        if len(words) == 1:
            if lowered[0] in CELL_NAMES:
                return take_action(CELL_NAMES.index(lowered[0]))
            return put_action(parse_card(words[0]))
    except ParseError:
        pass
    raise ParseError(
        f"{text!r} is not a Thracula action; write 'take a1' (a face-down cell: column a–c, "
        "row 1–3) or 'put QH' (a card from your hand)"
    )


def vampire_rule(two_vampires: str) -> VampireRule:
    """The shared line-scoring variation for a ``two_vampires`` option value."""
    return _VAMPIRE_RULES[two_vampires]


def owned_line(seat: int, dealer: int) -> int:
    """The row and column number (0–2, i.e. row 1–3 and column a–c) ``seat`` owns."""
    return LINE_OF_POSITION[(seat - dealer) % PLAYERS]


# ----- events ---------------------------------------------------------------------
# Shared with the other games: FirstDealerChosen, DealStarted, CardDealt, GameEnded
# (``_events``); CardPlayedToCell (a card put face up), CoffinScored (level 0, with
# each seat's owned line), EndBonus (``_coffin``). Thracula adds the face-down coffin.


# ----- state --------------------------------------------------------------------


class ThraculaState(State):
    """A position of Thracula."""

    _list_fields = ("hands", "hidden", "coffin", "totals")

    def __init__(self, game: ThraculaGame) -> None:
        super().__init__(game)
        options = game.options
        self.options = options
        self.rule = vampire_rule(options.two_vampires)
        self.phase = PHASE_DEAL_HANDS
        self.dealer = 0
        if options.first_dealer == "random":
            self.phase = PHASE_FIRST_DEALER
        else:
            self.dealer = int(options.first_dealer)
        self.first_dealer = self.dealer
        self.deal_number = 1
        self.dealt = 0
        """Cards dealt so far in the current dealing phase."""
        self.pack_position = 0
        """Cards dealt so far from the pack (the forced-deck position)."""
        self.hands = [0, 0, 0]
        self.stock = FULL_PACK
        """The pack's cards not dealt yet."""
        self.from_discards = False
        """True for the coffin laid from the shuffled discards (the sixth)."""
        self.discards: tuple[int, ...] = ()
        """Cleared coffin cards, in the order they were cleared (coffin by coffin,
        cell order)."""
        self.pile = 0
        """The shuffled discards not laid yet (the stock of the sixth deal)."""
        self.pile_origin = 0
        """Every card of the shuffled discards (the sixth coffin comes from these)."""
        self.hidden = [EMPTY] * CELLS
        """The face-down card of each cell (EMPTY once taken)."""
        self.coffin = [EMPTY] * CELLS
        """The face-up card of each cell."""
        self.turn = 0
        """Turns played in this deal (0–9)."""
        self.taken_cell = -1
        self.taken_card = -1
        self.log: tuple[tuple[int, int, int, int, int], ...] = ()
        """Every turn of the game: (deal, seat, cell, card taken, card put or EMPTY)."""
        self.totals = [0, 0, 0]
        self.sheet: tuple[DealScore, ...] = ()
        self.past_coffins: tuple[tuple[int, ...], ...] = ()
        self.result: tuple[int, ...] | None = None
        """At the end: each seat's final score (with the bonus), then the bonus seat
        (-1 for none) and the bonus."""

    # ----- flow ------------------------------------------------------------------
    def current_player(self) -> int:
        """The seat to act, CHANCE or TERMINAL."""
        phase = self.phase
        if phase in (PHASE_TAKE, PHASE_PUT):
            return (self.dealer + 1 + self.turn) % PLAYERS
        if phase == PHASE_OVER:
            return TERMINAL
        return CHANCE

    def _legal_actions(self) -> list[int]:
        if self.phase == PHASE_TAKE:
            return [cell for cell in range(CELLS) if self.hidden[cell] != EMPTY]
        if self.phase == PHASE_PUT:
            player = (self.dealer + 1 + self.turn) % PLAYERS
            return [PUT + card for card in iter_bits(self.hands[player])]
        return []

    def _chance_card_mask(self) -> int:
        if self.phase == PHASE_DEAL_HANDS:
            return self.stock
        if self.phase == PHASE_DEAL_COFFIN:
            return self.pile if self.from_discards else self.stock
        return 0

    def _other_chance_outcomes(self) -> list[tuple[int, float]]:
        return first_dealer_outcomes(PLAYERS)

    def _deal_slot(self) -> tuple[int, int] | None:
        if self.phase == PHASE_DEAL_COFFIN and self.from_discards:
            return 1, self.dealt
        if self.phase in (PHASE_DEAL_HANDS, PHASE_DEAL_COFFIN):
            return 0, self.pack_position
        return None

    def _chance_seen_by(self, player: int) -> bool:
        if self.phase == PHASE_DEAL_HANDS:
            return player == (self.dealer + 1 + self.dealt) % PLAYERS
        # The coffin is laid face down: nobody sees it.
        return self.phase == PHASE_FIRST_DEALER

    def _forced_outcome(self, sampler: Sampler) -> int | None:
        # With a forced deck of the whole pack (and no second section), the sixth
        # coffin is laid from the discards in the order they were cleared (§6):
        # a forced deal then fixes the whole game.
        if (
            self.phase == PHASE_DEAL_COFFIN
            and self.from_discards
            and len(sampler.forced) == 1
            and len(sampler.forced[0]) >= 54
        ):
            return self.discards[self.dealt]
        return super()._forced_outcome(sampler)

    def _apply(self, action: int) -> None:
        phase = self.phase
        if phase == PHASE_TAKE:
            player = (self.dealer + 1 + self.turn) % PLAYERS
            card = self.hidden[action]
            self.hidden[action] = EMPTY
            self.hands[player] |= 1 << card
            if self._events is not None:
                self._emit(CardTakenFromCell(seat=player, cell=action, card=card))
            self.taken_cell = action
            self.taken_card = card
            self.phase = PHASE_PUT
        elif phase == PHASE_PUT:
            player = (self.dealer + 1 + self.turn) % PLAYERS
            card = action - PUT
            self.hands[player] &= ~(1 << card)
            self.coffin[self.taken_cell] = card
            if self._events is not None:
                self._emit(CardPlayedToCell(seat=player, card=card, cell=self.taken_cell))
            self.log += ((self.deal_number, player, self.taken_cell, self.taken_card, card),)
            self.taken_cell = -1
            self.taken_card = -1
            self.turn += 1
            if self.turn == TURNS_PER_DEAL:
                self._score_deal()
            else:
                self.phase = PHASE_TAKE
        elif phase == PHASE_DEAL_COFFIN:
            if self._events is not None:
                if self.dealt == 0 and self.deal_number > 1:
                    self._emit(DealStarted(1, self.deal_number, self.dealer))
                self._emit(CardLaidFaceDown(cell=self.dealt, card=action))
            if self.from_discards:
                self.pile &= ~(1 << action)
            else:
                self.stock &= ~(1 << action)
                self.pack_position += 1
            self.hidden[self.dealt] = action
            self.dealt += 1
            if self.dealt == CELLS:
                self.phase = PHASE_TAKE
                self.turn = 0
        elif phase == PHASE_DEAL_HANDS:
            self.stock &= ~(1 << action)
            self.pack_position += 1
            receiver = (self.dealer + 1 + self.dealt) % PLAYERS
            self.hands[receiver] |= 1 << action
            if self._events is not None:
                if self.dealt == 0:
                    self._emit(DealStarted(1, self.deal_number, self.dealer))
                self._emit(CardDealt(seat=receiver, card=action))
            self.dealt += 1
            if self.dealt == PLAYERS * HAND_SIZE:
                self._start_coffin()
        elif phase == PHASE_FIRST_DEALER:
            self._emit(FirstDealerChosen(seat=action))
            self.dealer = action
            self.first_dealer = action
            self.phase = PHASE_DEAL_HANDS

    def _start_coffin(self) -> None:
        self.phase = PHASE_DEAL_COFFIN
        self.dealt = 0
        self.coffin = [EMPTY] * CELLS
        if self.stock == 0 and not self.from_discards:
            # The stock is used up: the discards are shuffled to lay this coffin.
            self.from_discards = True
            for card in self.discards:
                self.pile |= 1 << card
            self.pile_origin = self.pile
            self._emit(DiscardsShuffled(count=self.pile.bit_count()))

    def line_scores(self, seat: int) -> tuple[int | None, int | None]:
        """The value of ``seat``'s own row and own column (None while not full)."""
        line = owned_line(seat, self.dealer)
        row = [self.coffin[cell] for cell in ROWS[line]]
        column = [self.coffin[cell] for cell in COLUMNS[line]]
        row_axis, column_axis = Axis.ROW, Axis.COLUMN
        if line == DEALER_LINE and self.options.court_frame == "seat":
            # The dealer looks at the coffin from its side: the table's row is his
            # vertical line, the table's column his horizontal one.
            row_axis, column_axis = Axis.COLUMN, Axis.ROW
        return (
            None if EMPTY in row else line_value(row, row_axis, self.rule),
            None if EMPTY in column else line_value(column, column_axis, self.rule),
        )

    def _score_deal(self) -> None:
        scores = []
        parts = []
        for seat in range(PLAYERS):
            row, column = self.line_scores(seat)
            assert row is not None and column is not None
            scores.append(max(row, column))
            line = owned_line(seat, self.dealer)
            parts.append(f"seat {seat}: row {line + 1} {row}, column {'abc'[line]} {column}")
        for seat in range(PLAYERS):
            self.totals[seat] += scores[seat]
        if self._events is not None:
            self._emit(
                CoffinScored(
                    game=1,
                    deal=self.deal_number,
                    number=1,
                    cards=tuple(self.coffin),
                    rows=line_values(self.coffin, Axis.ROW, self.rule),
                    columns=line_values(self.coffin, Axis.COLUMN, self.rule),
                    scores=tuple(scores),
                    totals=tuple(self.totals),
                    level=0,
                    owned_lines=tuple(owned_line(seat, self.dealer) for seat in range(PLAYERS)),
                    vampires=self.rule.value,
                )
            )
        self.sheet += (
            DealScore(
                1, self.deal_number, tuple(float(score) for score in scores), "; ".join(parts)
            ),
        )
        self.past_coffins += (tuple(self.coffin),)
        if self.deal_number >= self.options.deals:
            self._end_game()
            return
        # The player to the previous dealer's left clears the coffin and deals next.
        self.discards += tuple(self.coffin)
        self.dealer = (self.dealer + 1) % PLAYERS
        self.deal_number += 1
        self._start_coffin()

    def _end_game(self) -> None:
        scores = list(self.totals)
        bonus_seat, bonus = -1, 0
        if self.options.end_bonus == "difference_to_second":
            ranked = sorted(scores, reverse=True)
            if ranked[0] > ranked[1]:
                bonus_seat = scores.index(ranked[0])
                bonus = ranked[0] - ranked[1]
                scores[bonus_seat] += bonus
                self._emit(EndBonus(seats=(bonus_seat,), bonus=bonus))
        self.result = (*scores, bonus_seat, bonus)
        self._emit(GameEnded(game=1, scores=tuple(scores)))
        self.phase = PHASE_OVER

    # ----- text ------------------------------------------------------------------
    def action_to_string(self, action: object) -> str:
        """``take a1``, ``put QH``; a card (or ``seat N``) for chance."""
        if self.phase in (PHASE_DEAL_HANDS, PHASE_DEAL_COFFIN):
            return format_card(action)
        if self.phase == PHASE_FIRST_DEALER:
            return first_dealer_text(action, PLAYERS)
        return action_text(action)

    def _parse_action(self, text: str) -> int:
        words = text.strip().lower().split()
        if self.phase in (PHASE_DEAL_HANDS, PHASE_DEAL_COFFIN):
            if len(words) == 1:
                return parse_card(words[0])
            raise ParseError(f"{text!r} is not a dealt card; write a card such as 'QH'")
        if self.phase == PHASE_FIRST_DEALER:
            return parse_first_dealer(text, PLAYERS)
        return parse_action_text(text)

    def _illegal_refusal(self, action: int) -> Refusal:
        phase = self.phase
        if phase == PHASE_TAKE:
            if not 0 <= action < PUT:
                return refusal(COFFIN_REFUSALS, "take_face_down")
            return refusal(COFFIN_REFUSALS, "not_face_down", cell=CELL_NAMES[action])
        if phase == PHASE_PUT:
            if not PUT <= action < NUM_ACTIONS:
                return refusal(COFFIN_REFUSALS, "put_a_card", cell=CELL_NAMES[self.taken_cell])
            return refusal(COFFIN_REFUSALS, "not_in_hand", card=format_card(action - PUT))
        return refusal(COFFIN_REFUSALS, "no_turn")

    # ----- results ------------------------------------------------------------------
    def returns(self) -> list[float]:
        """Final totals, with the end bonus if the option gives one (zeros before the end)."""
        if self.result is None:
            return [0.0] * PLAYERS
        return [float(score) for score in self.result[:PLAYERS]]

    def score_sheet(self) -> list[DealScore]:
        """One line per deal: each seat's better line."""
        return list(self.sheet)

    def _sheet_bonuses(self) -> tuple[SheetBonus, ...]:
        if self.result is None or self.result[PLAYERS] < 0:
            return ()
        scores = [0.0] * PLAYERS
        scores[self.result[PLAYERS]] = float(self.result[PLAYERS + 1])
        return (SheetBonus(1, tuple(scores)),)

    def _observation(self, player: int) -> dict[str, JSON]:
        current = self.current_player()
        on_put = self.phase == PHASE_PUT
        line_scores = [list(self.line_scores(seat)) for seat in range(PLAYERS)]
        return {
            "game": "thracula",
            "players": PLAYERS,
            "seat": player,
            "phase": PHASE_NAMES[self.phase],
            "current_player": current if current >= 0 else None,
            "deal": self.deal_number,
            "deals": self.options.deals,
            "dealer": self.dealer,
            "first_dealer": self.first_dealer,
            "owned_lines": [owned_line(seat, self.dealer) for seat in range(PLAYERS)],
            "two_vampires": self.options.two_vampires,
            "hand": [format_card(card) for card in iter_bits(self.hands[player])],
            "hand_sizes": [hand.bit_count() for hand in self.hands],
            "coffin": [format_card(card) if card >= 0 else None for card in self.coffin],
            "face_down": [card != EMPTY for card in self.hidden],
            "taken_cell": CELL_NAMES[self.taken_cell] if on_put else None,
            "taken_card": (format_card(self.taken_card) if on_put and player == current else None),
            "row_values": partial_line_values(self.coffin, Axis.ROW, self.rule),
            "column_values": partial_line_values(self.coffin, Axis.COLUMN, self.rule),
            "line_scores": line_scores,
            "log": [
                [
                    deal,
                    seat,
                    CELL_NAMES[cell],
                    format_card(taken) if seat == player else None,
                    format_card(put),
                ]
                for deal, seat, cell, taken, put in self.log
            ],
            "stock": self.stock.bit_count(),
            "from_discards": self.from_discards,
            "discards": len(self.discards),
            "pile": self.pile.bit_count(),
            "totals": list(self.totals),
            "scores": [[line.deal, *(int(score) for score in line.scores)] for line in self.sheet],
            "notes": [line.note for line in self.sheet],
            "past_coffins": [
                [format_card(card) for card in coffin] for coffin in self.past_coffins
            ],
            "result": list(self.result) if self.result is not None else None,
        }


# ----- sampling -------------------------------------------------------------------


def sample_thracula(game: ThraculaGame, view: View, rng: Rng) -> State:
    """A state consistent with ``view`` (see :meth:`ThraculaGame.sample_state`)."""
    seat = view.seat
    history = view.history
    my_takes: dict[tuple[int, int], int] = {}
    for deal, player, cell_name, taken, _put in view.observation["log"]:
        if player == seat:
            my_takes[deal, CELL_NAMES.index(cell_name)] = parse_card(taken)
    if view.observation["taken_card"] is not None:
        cell = CELL_NAMES.index(view.observation["taken_cell"])
        my_takes[view.observation["deal"], cell] = parse_card(view.observation["taken_card"])

    # Pass 1: replay with placeholder cards (the flow depends only on counts) to
    # learn what each hidden chance step is, who took each cell, and who put what.
    skeleton = ThraculaState(game)
    assigned: dict[int, int] = {}
    visible_deals: list[int] = []
    # Placeholders avoid the cards the seat sees dealt, so the stock empties on time.
    reserved = 0
    skip = 1 if game.options.first_dealer == "random" else 0  # the first dealer is a seat
    for actor, action in history[skip:]:
        if actor == CHANCE and action is not None:
            reserved |= 1 << action
    sixth_steps: set[int] = set()
    hidden_steps: list[int] = []
    cell_step: dict[tuple[int, int], int] = {}
    receipts: dict[int, list[tuple[int, bool]]] = {0: [], 1: [], 2: []}
    """Per seat, its hidden receipts in time order: (chance step, from the discards)."""
    puts: dict[int, list[tuple[int, bool]]] = {0: [], 1: [], 2: []}
    """Per seat, its puts in order: (card, whether it must come from the discards)."""
    for index, (actor, action) in enumerate(history):
        phase = skeleton.phase
        if actor == CHANCE:
            if action is not None and phase != PHASE_FIRST_DEALER:
                visible_deals.append(action)
            if action is None:
                hidden_steps.append(index)
                if phase == PHASE_DEAL_HANDS:
                    receipts[(skeleton.dealer + 1 + skeleton.dealt) % PLAYERS].append(
                        (index, False)
                    )
                else:
                    cell_step[skeleton.deal_number, skeleton.dealt] = index
                    if skeleton.from_discards:
                        sixth_steps.add(index)
                mask = skeleton._chance_card_mask()
                mask = mask & ~reserved or mask
                action = (mask & -mask).bit_length() - 1
            skeleton._apply(action)
            continue
        assert action is not None
        if phase == PHASE_TAKE:
            step = cell_step[skeleton.deal_number, action]
            known = my_takes.get((skeleton.deal_number, action))
            if actor == seat and known is not None:
                assigned[step] = known
            else:
                receipts[actor].append((step, step in sixth_steps))
        else:
            card = action - PUT
            from_pile = skeleton.from_discards and skeleton.pile_origin >> card & 1
            if actor != seat:
                puts[actor].append((card, bool(from_pile)))
        skeleton._apply(action)
    # Match each other player's puts, in order, to his hidden receipts of the same
    # kind, in order (every put card was received before it was put).
    for player in range(PLAYERS):
        if player == seat:
            continue
        for wanted in (False, True):
            queue = [step for step, kind in receipts[player] if kind == wanted]
            cards = [card for card, kind in puts[player] if kind == wanted]
            for step, card in zip(queue, cards, strict=False):
                assigned[step] = card
    # Fill the rest uniformly from the cards of each pool nobody has placed.
    placed_first = 0
    placed_sixth = 0
    for card in visible_deals:
        placed_first |= 1 << card
    for step, card in assigned.items():
        if step in sixth_steps:
            placed_sixth |= 1 << card
        else:
            placed_first |= 1 << card
    pile_origin = skeleton.pile_origin
    free = {False: FULL_PACK & ~placed_first, True: pile_origin & ~placed_sixth}
    for step in hidden_steps:
        if step in assigned:
            continue
        kind = step in sixth_steps
        pool = free[kind]
        card = nth_bit(pool, rng.below(pool.bit_count()))
        free[kind] = pool & ~(1 << card)
        assigned[step] = card
    # Pass 2: the real replay.
    state = game.state_class(game)
    for index, (_actor, action) in enumerate(history):
        outcome = assigned.get(index, action)
        assert outcome is not None
        state.history.append(outcome)
        state._apply(outcome)
    return state


# ----- game ---------------------------------------------------------------------------


class ThraculaGame(Game[ThraculaOptions]):
    """Thracula, Dracula for three."""

    info = GameInfo(
        name="thracula",
        title="Thracula",
        min_players=3,
        max_players=3,
        rules_version=1,
        summary="Three players, a line each: take a hidden coffin card, lay one face up",
        summary_fr=(
            "trois joueurs, une rangée chacun : prendre une carte cachée du cercueil, "
            "en poser une face visible"
        ),
    )
    options_class = ThraculaOptions
    review_thresholds = (2.5, 6.0, 12.0)
    """Review grades from these expected losses per deal (docs/review.md)."""
    state_class = ThraculaState
    short_options: ClassVar[dict[str, object]] = {"deals": 1}
    conformance_options = (
        {},
        {
            "first_dealer": 2,
            "deals": 2,
            "two_vampires": "zero",
            "end_bonus": "difference_to_second",
        },
        {"two_vampires": "x2", "end_bonus": "difference_to_second"},
        {"deals": 2, "court_frame": "seat"},
    )

    def deal_bound(self) -> float:
        """Two lines of 150 (three tens times five)."""
        return 2.0 * 150

    def utility_bounds(self) -> tuple[float, float]:
        """At most two lines of 150 (three tens times five) a deal."""
        return 0.0, 2.0 * 150 * self.options.deals

    def num_distinct_actions(self) -> int:
        """Nine takes and one put per card."""
        return NUM_ACTIONS

    def max_game_length(self) -> int:
        """A first dealer, nine hand cards, and per deal nine coffin cards and 18 actions."""
        return 1 + PLAYERS * HAND_SIZE + self.options.deals * (CELLS + 2 * TURNS_PER_DEAL)

    def pack(self, section: int) -> int:
        """The 54-card pack (section 0); section 1 may force the sixth coffin."""
        return FULL_PACK

    def sample_state(self, view: View, rng: Rng) -> State:
        """A full state consistent with everything ``view.seat`` has seen.

        The seat's history is replayed. Each hidden card another player received
        (dealt to his hand, or taken from a face-down cell) is given, in order, the
        cards he later put down from the same source (a card put during the sixth
        deal that lay in an earlier coffin can only have come from the sixth
        coffin); the cards still hidden (other hands, face-down cells, the stock)
        are drawn uniformly from the cards of their source the seat has not seen.
        """
        return sample_thracula(self, view, rng)


register(ThraculaGame)

__all__ = [
    "NUM_ACTIONS",
    "PUT",
    "CardLaidFaceDown",
    "CardTakenFromCell",
    "DiscardsShuffled",
    "ThraculaGame",
    "ThraculaOptions",
    "ThraculaState",
    "action_text",
    "owned_line",
    "parse_action_text",
    "put_action",
    "take_action",
    "vampire_rule",
]
