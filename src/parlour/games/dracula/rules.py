"""Dracula: David Parlett's arithmetical card game for two players (2009).

Two players build a 3×3 "coffin" of cards between them, one scoring the rows
(the Queen's way) and the other the columns (the King's way); Vampires drain
every line they touch. Six deals use the 54-card pack exactly once.

Sources: David Parlett, *Original Card Games* (Dracula, with the "scoring with
cards" variant); a French translation of the same rules. The project's decisions
on every open question are in ``rules-decisions.md`` §1 and §1a. Rules page:
``pages/reference.md`` (``parlour rules dracula``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Final

from parlour.core.cards import (
    FULL_PACK,
    HEARTS,
    STANDARD_PACK,
    format_card,
    is_red,
    is_vampire,
    iter_bits,
    parse_card,
    rank_of,
    suit_of,
)
from parlour.core.errors import ParseError, Refusal, refusal
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
from parlour.games._coffin._dracula_actions import (
    COLUMNS,
    NUM_ACTIONS,
    PLAY_ACTIONS,
    ROWS,
    TAKE,
    action_text,
    parse_action_text,
    play_action,
    played_card,
)
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
    FirstNail,
    coffin_scored,
    end_bonus,
    partial_line_values,
    sample_by_replay,
    score_coffin,
)
from parlour.games.dracula.events import (
    CardCut as CardCut,
)
from parlour.games.dracula.events import (
    CardsToTake as CardsToTake,
)
from parlour.games.dracula.events import (
    CardTaken as CardTaken,
)
from parlour.games.dracula.events import (
    WasteTurned as WasteTurned,
)

# ----- constants --------------------------------------------------------------

PHASE_CUT_FIRST: Final = 0
"""Chance: the first card of the decisive cut (drawn by seat 0)."""
PHASE_CUT_SECOND: Final = 1
"""Chance: the second card of the decisive cut (drawn by seat 1)."""
PHASE_FIRST_DEALER: Final = 2
"""Chance: a random first dealer (option ``first_dealer=random``)."""
PHASE_DIRECTION: Final = 3
"""The first dealer of a game chooses rows (Queen's way) or columns (King's way)."""
PHASE_DEAL: Final = 4
"""Chance: one card at a time, four to each player, then the first nail."""
PHASE_PLAY: Final = 5
PHASE_TAKE: Final = 6
"""Scoring with cards: the winner of the deal takes cards from the coffin."""
PHASE_OVER: Final = 7

PHASE_NAMES: Final = ("cut", "cut", "first dealer", "direction", "deal", "play", "take", "over")

MAX_WASTE_DEALS: Final = sum(cards // CELLS for cards in range(CELLS, 55))
"""An upper bound on the deals played from turned waste piles in one game: each
turn of the waste deals ``cards // 9`` deals from the cards not won, and a turn
after which no card was won ends the game, so the count of cards not won falls
at every turn (54 at most, 9 at least)."""

MAX_SESSION_GAMES: Final = 100
"""A session with ``session_target`` also ends after this many games (a bound the
rules never reach in practice, so that a match is always finite)."""

# Weights of the first card of the decisive cut: a red card decides with any of
# the 51 other non-Vampire cards, a black card only with one of the 26 red ones;
# a Vampire never decides.
_CUT_WEIGHTS: Final = tuple(
    0 if is_vampire(card) else 51 if is_red(card) else 26 for card in range(54)
)
_CUT_TOTAL: Final = sum(_CUT_WEIGHTS)


# ----- options ----------------------------------------------------------------


@dataclass(frozen=True)
class DraculaOptions:
    """The options of two-player Dracula (rules-decisions.md §1, §1a)."""

    players: int = option(
        2,
        "number of players (Dracula is for two)",
        choices=(2,),
        label=Said("Players", "Joueurs"),
        help_fr="nombre de joueurs",
    )
    """Always 2; the four- and three-player forms are their own games."""
    deals: int = option(
        6,
        "deals in a game (6 uses the whole pack)",
        minimum=1,
        maximum=6,
        label=Said("Deals", "Donnes"),
        help_fr="donnes d'une partie (6 utilisent tout le paquet)",
    )
    """Number of deals in a game; fewer than 6 make a quick game."""
    first_dealer: str | int = option(
        "cut",
        "who deals first: cut, random or a seat",
        choices=("cut", "random"),
        minimum=0,
        maximum=1,
        label=Said("First dealer", "Premier donneur"),
        help_fr="qui donne en premier",
        words=FIRST_DEALER_WORDS,
    )
    """``cut`` (red deals, then hearts beat diamonds, higher card wins), ``random``,
    or a seat number."""
    tie_bonus_basis: str = option(
        "made",
        "lines compared when the totals tie",
        choices=("made", "scored"),
        label=Said("End bonus after a tie", "Bonus de fin après une égalité"),
        help_fr="les rangées comparées quand les totaux sont égaux",
        when={"scoring": ("points",)},  # scoring with cards has no end bonus
        words={
            "made": Said("every line made", "toutes les rangées faites"),
            "scored": Said("the lines scored", "les rangées comptées"),
        },
    )
    """On equal totals, whose lines decide the bonus: every line a player made in
    his direction (``made``) or only the line scored each deal (``scored``)."""
    scoring: str = option(
        "points",
        "keep score in points, or with cards won",
        choices=("points", "cards"),
        label=Said("Scoring", "Décompte"),
        help_fr="compter en points, ou avec les cartes gagnées",
        words={"points": Said("points", "points"), "cards": Said("cards", "cartes")},
    )
    """``points`` (Parlett's main rule) or ``cards`` (the winner of each deal takes
    one coffin card per full 10 points of his line; the score is cards won)."""
    continue_with_waste: bool = option(
        True,
        "once the pack is dealt out, play on from the waste",
        label=Said("Continue with the waste", "Continuer avec le rebut"),
        help_fr="le paquet épuisé, continuer avec le rebut",
        when={"scoring": ("cards",)},
    )
    """With ``scoring=cards`` and the whole pack dealt (``deals=6``): turn the waste
    pile down as a new stock and keep dealing from it; whenever fewer than nine
    cards are left in it, turn the new waste down under them, until fewer than nine
    cards are left in all. With ``deals`` below 6 the stock is never used up, so
    the game ends after its last deal as with ``false``."""
    vampire_line: str = option(
        "best",
        "the line that must count 90 to take a Vampire",
        choices=("best", "scored"),
        label=Said("A line with a Vampire", "Une rangée avec un vampire"),
        help_fr="la rangée qui doit valoir 90 pour prendre un vampire",
        when={"scoring": ("cards",)},
        words={
            "best": Said("the best line", "la meilleure rangée"),
            "scored": Said("the lines scored", "les rangées comptées"),
        },
    )
    """With ``scoring=cards``: a Vampire may be taken only if the taker's ``best``
    line in his direction counts 90 or more (Parlett's words), or only if the line
    he ``scored`` after the tie cascade does (rules version 1)."""
    session_target: int | None = option(
        None,
        "play games one after another until a total reaches this",
        minimum=1,
        label=Said("Session target", "But de la série"),
        help_fr="jouer des parties à la suite jusqu'à ce qu'un total atteigne ce but",
    )
    """``none`` for a single game, or a number (Parlett suggests 1000): games follow
    one another, the deal still alternating, until a cumulative score reaches it."""


# ----- action encoding ----------------------------------------------------------
#
# Shared with Dracula in partnerships: ``games/_coffin/_dracula_actions.py``
# (a card into a cell, rows or columns, take a card when scoring with cards).


# ----- events ---------------------------------------------------------------------
# Shared with the other games: FirstDealerChosen, DealStarted, CardDealt, GameEnded
# (``_events``); DirectionChosen, CardPlayedToCell, FirstNail, CoffinScored,
# EndBonus (``_coffin``). Two-player Dracula adds the cut and scoring with cards.


# ----- state --------------------------------------------------------------------


class DraculaState(State):
    """A position of two-player Dracula."""

    _list_fields = ("hands", "coffin", "totals", "session_totals", "won")

    def __init__(self, game: DraculaGame) -> None:
        super().__init__(game)
        options = game.options
        self.options = options
        self.phase = PHASE_DIRECTION
        self.dealer = 0
        self.cut_card = -1
        """The first card of the cut (seat 0's), while the cut is being drawn."""
        self.cut = (-1, -1)
        """The decisive cut: seat 0's card and seat 1's card."""
        if options.first_dealer == "cut":
            self.phase = PHASE_CUT_FIRST
        elif options.first_dealer == "random":
            self.phase = PHASE_FIRST_DEALER
        else:
            self.dealer = int(options.first_dealer)
        self.game_number = 1
        self.game_first_dealer = self.dealer
        self.queen_seat = -1
        """The seat scoring rows this game (-1 until the first dealer chooses)."""
        self.deal_number = 1
        self.hands = [0, 0]
        self.stock = FULL_PACK
        self.from_waste = False
        """True once the deals come from the turned waste pile (scoring with cards)."""
        self.waste = 0
        self.won_at_last_turn = -1
        """Cards won in all when the waste was last turned down (-1: not turned yet)."""
        self.dealt = 0
        """Cards dealt so far in this deal (0–9)."""
        self.pack_position = 0
        """Cards dealt so far from this game's pack (the forced-deck position)."""
        self.coffin = [EMPTY] * CELLS
        self.occupied = 0
        """Bit mask of the filled cells."""
        self.plays: tuple[int, ...] = ()
        """This deal's plays, in order (actions)."""
        self.to_play = 0
        self.taker = -1
        self.takes_left = 0
        self.take_limit = 0
        """The taker's scored line (a Vampire may be taken from 90 up)."""
        self.totals = [0, 0]
        """This game's totals (points, or cards won)."""
        self.session_totals = [0, 0]
        """Final game scores added up over the session."""
        self.won = [0, 0]
        """Cards won this game (scoring with cards)."""
        self.sheet: tuple[DealScore, ...] = ()
        self.lines_made: tuple[tuple[int, ...], tuple[int, ...]] = ((), ())
        self.lines_scored: tuple[tuple[int, ...], tuple[int, ...]] = ((), ())
        self.past_coffins: tuple[tuple[int, ...], ...] = ()
        self.game_results: tuple[tuple[int, int, int, int], ...] = ()
        """Per finished game: (score of seat 0, score of seat 1, bonus seat, bonus)."""

    # ----- flow ------------------------------------------------------------------
    def current_player(self) -> int:
        """The seat to act, CHANCE or TERMINAL."""
        phase = self.phase
        if phase == PHASE_PLAY:
            return self.to_play
        if phase == PHASE_DEAL or phase <= PHASE_FIRST_DEALER:
            return CHANCE
        if phase == PHASE_DIRECTION:
            return self.dealer
        if phase == PHASE_TAKE:
            return self.taker
        return TERMINAL

    def _legal_actions(self) -> list[int]:
        phase = self.phase
        if phase == PHASE_PLAY:
            cells = FRONTIER_CELLS[self.occupied]
            return [
                card * CELLS + cell
                for card in iter_bits(self.hands[self.to_play])
                for cell in cells
            ]
        if phase == PHASE_DIRECTION:
            return [ROWS, COLUMNS]
        if phase == PHASE_TAKE:
            return [TAKE + card for card in iter_bits(self._takeable())]
        return []

    def _takeable(self) -> int:
        cards = 0
        for card in self.coffin:
            cards |= 1 << card
        cards &= ~(self.won[0] | self.won[1])
        if self.take_limit < 90:
            cards &= STANDARD_PACK
        return cards

    def _chance_card_mask(self) -> int:
        phase = self.phase
        if phase == PHASE_DEAL:
            return self.stock
        if phase == PHASE_CUT_SECOND:
            first = self.cut_card
            if is_red(first):
                return STANDARD_PACK & ~(1 << first)
            return STANDARD_PACK & ((1 << 39) - (1 << 13))  # the red cards
        return 0

    def _other_chance_outcomes(self) -> list[tuple[int, float]]:
        if self.phase == PHASE_FIRST_DEALER:
            return first_dealer_outcomes(2)
        return [(card, weight / _CUT_TOTAL) for card, weight in enumerate(_CUT_WEIGHTS) if weight]

    def _deal_slot(self) -> tuple[int, int] | None:
        if self.phase == PHASE_DEAL and not self.from_waste:
            return self.game_number - 1, self.pack_position
        return None

    def _chance_seen_by(self, player: int) -> bool:
        if self.phase == PHASE_DEAL and self.dealt < 8:
            return player == self._deal_recipient()
        return True

    def _deal_recipient(self) -> int:
        """Who receives the next dealt card: non-dealer first, alternating (-1: the
        first nail)."""
        if self.dealt >= 8:
            return -1
        return (1 - self.dealer) if self.dealt % 2 == 0 else self.dealer

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
            self.to_play = 1 - player
            if self._events is not None:
                self._emit(CardPlayedToCell(seat=player, card=card, cell=cell))
            if self.occupied == 0x1FF:
                self._score_deal()
        elif phase == PHASE_DEAL:
            self.stock &= ~(1 << action)
            if not self.from_waste:
                self.pack_position += 1
            if self._events is not None and self.dealt == 0:
                self._emit(DealStarted(self.game_number, self.deal_number, self.dealer))
            if self.dealt < 8:
                receiver = self._deal_recipient()
                self.hands[receiver] |= 1 << action
                self.dealt += 1
                if self._events is not None:
                    self._emit(CardDealt(seat=receiver, card=action))
            else:
                if self._events is not None:
                    self._emit(FirstNail(card=action))
                self.coffin[CENTRE] = action
                self.occupied = 1 << CENTRE
                self.dealt = 9
                self.phase = PHASE_PLAY
                self.to_play = 1 - self.dealer
        elif phase == PHASE_TAKE:
            card = action - TAKE
            if self._events is not None:
                self._emit(CardTaken(seat=self.taker, card=card))
            self.won[self.taker] |= 1 << card
            self.totals[self.taker] += 1
            self.takes_left -= 1
            if self.takes_left == 0:
                self._end_deal()
        elif phase == PHASE_DIRECTION:
            self.queen_seat = self.dealer if action == ROWS else 1 - self.dealer
            if self._events is not None:
                direction = "rows" if action == ROWS else "columns"
                self._emit(DirectionChosen(seat=self.dealer, direction=direction))
            self._start_deal()
        elif phase == PHASE_CUT_FIRST:
            self.cut_card = action
            self.phase = PHASE_CUT_SECOND
            self._emit(CardCut(seat=0, card=action))
        elif phase == PHASE_CUT_SECOND:
            self.cut = (self.cut_card, action)
            self.cut_card = -1
            self.dealer = cut_winner(self.cut[0], self.cut[1])
            self.game_first_dealer = self.dealer
            self.phase = PHASE_DIRECTION
            self._emit(CardCut(seat=1, card=action))
            self._emit(FirstDealerChosen(seat=self.dealer))
        elif phase == PHASE_FIRST_DEALER:
            self._emit(FirstDealerChosen(seat=action))
            self.dealer = action
            self.game_first_dealer = action
            self.phase = PHASE_DIRECTION

    def _start_deal(self) -> None:
        self.phase = PHASE_DEAL
        self.dealt = 0
        self.coffin = [EMPTY] * CELLS
        self.occupied = 0
        self.plays = ()

    def _score_deal(self) -> None:
        scores, made, note = score_coffin(self.coffin, self.queen_seat)
        self.lines_made = (self.lines_made[0] + made[0], self.lines_made[1] + made[1])
        self.lines_scored = (
            self.lines_scored[0] + (scores[0],),
            self.lines_scored[1] + (scores[1],),
        )
        self.past_coffins += (tuple(self.coffin),)
        if self.options.scoring == "points":
            self.totals[0] += scores[0]
            self.totals[1] += scores[1]
            self._emit_coffin_scored(scores)
            self.sheet += (
                DealScore(self.game_number, self.deal_number, (scores[0], scores[1]), note),
            )
            self._end_deal()
            return
        self._emit_coffin_scored(scores)
        if scores[0] == scores[1]:
            if self._events is not None:
                self._emit(CardsToTake(seat=None, count=0, line=scores[0]))
            self.sheet += (DealScore(self.game_number, self.deal_number, (0, 0), note + "; tie"),)
            self._end_deal()
            return
        winner = 0 if scores[0] > scores[1] else 1
        line = scores[winner]
        # The number of cards follows the winning (scored) line; the Vampire test
        # follows the best line the taker made, as Parlett words it, unless the
        # option asks for the scored line.
        self.take_limit = max(made[winner]) if self.options.vampire_line == "best" else line
        self.taker = winner
        self.takes_left = min(9, line // 10, self._takeable().bit_count())
        if self._events is not None:
            self._emit(CardsToTake(seat=winner, count=self.takes_left, line=line))
        taken = [0, 0]
        taken[winner] = self.takes_left
        self.sheet += (DealScore(self.game_number, self.deal_number, (taken[0], taken[1]), note),)
        if self.takes_left == 0:
            self._end_deal()
        else:
            self.phase = PHASE_TAKE

    def _emit_coffin_scored(self, scores: tuple[int, int]) -> None:
        if self._events is not None:
            points = self.options.scoring == "points"
            self._emit(
                coffin_scored(
                    self.game_number,
                    self.deal_number,
                    1,
                    self.coffin,
                    self.queen_seat,
                    (0, 1) if points else (),
                    scores,
                    self.totals,
                )
            )

    def _end_deal(self) -> None:
        for card in self.coffin:
            if not (self.won[0] | self.won[1]) >> card & 1:
                self.waste |= 1 << card
        self.taker = -1
        self.takes_left = 0
        self.dealer = 1 - self.dealer
        self.deal_number += 1
        options = self.options
        if not self.from_waste and self.deal_number <= options.deals:
            self._start_deal()
            return
        # Scoring with cards: once the pack is dealt out, the waste is turned down
        # and dealt, again and again, until fewer than nine cards are left. With
        # fewer than 6 deals the stock is never used up and the game ends here.
        if (
            options.scoring != "cards"
            or not options.continue_with_waste
            or (not self.from_waste and self.stock)
        ):
            self._end_game()
            return
        self.from_waste = True
        if self.stock.bit_count() < CELLS:
            won = (self.won[0] | self.won[1]).bit_count()
            if won == self.won_at_last_turn:
                # A whole turned pile was dealt and nobody won a card: dealing it
                # again could go on for ever, so the game ends.
                self._end_game()
                return
            self.won_at_last_turn = won
            self.stock |= self.waste
            self.waste = 0
            self._emit(WasteTurned(count=self.stock.bit_count()))
        if self.stock.bit_count() >= CELLS:
            self._start_deal()
            return
        self._end_game()

    def _end_game(self) -> None:
        self.deal_number -= 1  # _end_deal counted a deal that will not be played
        scores = list(self.totals)
        bonus_seat, bonus = -1, 0
        if self.options.scoring == "points":
            basis = self.lines_made if self.options.tie_bonus_basis == "made" else self.lines_scored
            bonus_seat, bonus = end_bonus(scores, basis)
            if bonus_seat >= 0:
                scores[bonus_seat] += bonus
                self._emit(EndBonus(seats=(bonus_seat,), bonus=bonus))
        self.game_results += ((scores[0], scores[1], bonus_seat, bonus),)
        self.session_totals[0] += scores[0]
        self.session_totals[1] += scores[1]
        target = self.options.session_target
        final = (
            target is None
            or max(self.session_totals) >= target
            or self.game_number >= MAX_SESSION_GAMES
        )
        self._emit(GameEnded(game=self.game_number, scores=(scores[0], scores[1]), final=final))
        if final:
            self.phase = PHASE_OVER
            return
        # The next game: a fresh pack; the deal keeps alternating and the new first
        # dealer chooses the directions again.
        self.game_number += 1
        self.game_first_dealer = self.dealer
        self.queen_seat = -1
        self.deal_number = 1
        self.stock = FULL_PACK
        self.from_waste = False
        self.waste = 0
        self.won_at_last_turn = -1
        self.pack_position = 0
        self.totals = [0, 0]
        self.won = [0, 0]
        self.lines_made = ((), ())
        self.lines_scored = ((), ())
        self.past_coffins = ()
        self.coffin = [EMPTY] * CELLS
        self.occupied = 0
        self.plays = ()
        self.phase = PHASE_DIRECTION

    # ----- text ------------------------------------------------------------------
    def action_to_string(self, action: object) -> str:
        """``QH b2``, ``rows``, ``columns``, ``take QH``; a card (or ``seat N``) for chance."""
        if self.phase in (PHASE_DEAL, PHASE_CUT_FIRST, PHASE_CUT_SECOND):
            return format_card(action)
        if self.phase == PHASE_FIRST_DEALER:
            return first_dealer_text(action, 2)
        return action_text(action)

    def _parse_action(self, text: str) -> int:
        words = text.strip().lower().split()
        if self.phase in (PHASE_DEAL, PHASE_CUT_FIRST, PHASE_CUT_SECOND):
            if len(words) == 1:
                return parse_card(words[0])
        elif self.phase == PHASE_FIRST_DEALER:
            return parse_first_dealer(text, 2)
        else:
            return parse_action_text(text)
        raise ParseError(
            f"{text!r} is not a chance outcome at the {PHASE_NAMES[self.phase]}; "
            "write a card such as 'QH'"
        )

    def _illegal_refusal(self, action: int) -> Refusal:
        phase = self.phase
        if phase == PHASE_DIRECTION:
            return refusal(COFFIN_REFUSALS, "choose_direction")
        if phase == PHASE_TAKE:
            if not TAKE <= action < NUM_ACTIONS:
                return refusal(COFFIN_REFUSALS, "take_more", seat=self.taker, count=self.takes_left)
            card = action - TAKE
            if card not in self.coffin:
                return refusal(COFFIN_REFUSALS, "not_in_coffin", card=format_card(card))
            if is_vampire(card):
                key = "vampire_best" if self.options.vampire_line == "best" else "vampire_scored"
                return refusal(COFFIN_REFUSALS, key, count=self.take_limit)
            return refusal(COFFIN_REFUSALS, "already_taken", card=format_card(card))
        if phase == PHASE_PLAY:
            if not 0 <= action < PLAY_ACTIONS:
                return refusal(COFFIN_REFUSALS, "play_into_cell")
            card, cell = divmod(action, CELLS)
            if not self.hands[self.to_play] >> card & 1:
                return refusal(COFFIN_REFUSALS, "not_in_hand", card=format_card(card))
            if self.occupied >> cell & 1:
                return refusal(COFFIN_REFUSALS, "cell_taken", cell=CELL_NAMES[cell])
            return refusal(COFFIN_REFUSALS, "not_adjacent", cell=CELL_NAMES[cell])
        return refusal(COFFIN_REFUSALS, "no_turn")

    # ----- results ------------------------------------------------------------------
    def returns(self) -> list[float]:
        """Final game scores with the end bonus (added up over a session); zeros
        before the end."""
        if self.phase != PHASE_OVER:
            return [0.0, 0.0]
        return [float(self.session_totals[0]), float(self.session_totals[1])]

    def score_sheet(self) -> list[DealScore]:
        """Per-deal scores (points, or cards taken when scoring with cards)."""
        return list(self.sheet)

    def _sheet_bonuses(self) -> tuple[SheetBonus, ...]:
        bonuses = []
        for number, result in enumerate(self.game_results, start=1):
            bonus_seat, bonus = result[2], result[3]
            if bonus_seat >= 0:
                scores = [0.0, 0.0]
                scores[bonus_seat] = float(bonus)
                bonuses.append(SheetBonus(number, (scores[0], scores[1])))
        return tuple(bonuses)

    def _sheet_unit(self) -> str:
        return "cards" if self.options.scoring == "cards" else "points"

    def _observation(self, player: int) -> dict[str, JSON]:
        directions: list[str | None] = [None, None]
        if self.queen_seat >= 0:
            directions[self.queen_seat] = "rows"
            directions[1 - self.queen_seat] = "columns"
        current = self.current_player()
        return {
            "game": "dracula",
            "players": 2,
            "seat": player,
            "phase": PHASE_NAMES[self.phase],
            "current_player": current if current >= 0 else None,
            "session_game": self.game_number,
            "deal": self.deal_number,
            "deals": self.options.deals,
            "from_waste": self.from_waste,
            "dealer": self.dealer,
            "first_dealer": self.game_first_dealer,
            "cut": [format_card(card) for card in self.cut] if self.cut[0] >= 0 else None,
            "cut_first_card": format_card(self.cut_card) if self.cut_card >= 0 else None,
            "directions": directions,
            "hand": [format_card(card) for card in iter_bits(self.hands[player])],
            "hand_sizes": [self.hands[0].bit_count(), self.hands[1].bit_count()],
            "coffin": [format_card(card) if card >= 0 else None for card in self.coffin],
            "plays": [action_text(action) for action in self.plays],
            "row_values": partial_line_values(self.coffin, Axis.ROW),
            "column_values": partial_line_values(self.coffin, Axis.COLUMN),
            "stock": self.stock.bit_count() if self.phase != PHASE_CUT_SECOND else 54,
            "waste": self.waste.bit_count(),
            "totals": list(self.totals),
            "session_totals": list(self.session_totals),
            "session_target": self.options.session_target,
            "scores": [[line.game, line.deal, *line.scores] for line in self.sheet],
            "notes": [line.note for line in self.sheet],
            "scoring": self.options.scoring,
            "won": [[format_card(card) for card in iter_bits(mask)] for mask in self.won],
            "taker": self.taker if self.phase == PHASE_TAKE else None,
            "takes_left": self.takes_left,
            "past_coffins": [
                [format_card(card) for card in coffin] for coffin in self.past_coffins
            ],
            "game_results": [list(result) for result in self.game_results],
        }


def cut_winner(first: int, second: int) -> int:
    """Who deals first after a decisive cut (seat 0 drew ``first``, seat 1 ``second``):
    red beats black; of two reds a heart beats a diamond, then the higher rank
    (Ace low)."""
    if is_red(first) != is_red(second):
        return 0 if is_red(first) else 1
    first_key = (suit_of(first) == HEARTS, rank_of(first))
    second_key = (suit_of(second) == HEARTS, rank_of(second))
    return 0 if first_key > second_key else 1


def cut_reason(first: int, second: int) -> str:
    """Which clause of the cut decided it (the cut of :func:`cut_winner`), for a
    sentence that says why: ``red`` (a red card beats a black one), ``heart`` (a
    heart beats a diamond), ``higher_heart`` or ``higher_diamond`` (the higher
    card of one red suit, Ace low).

    >>> from parlour.core.cards import parse_card
    >>> cut_reason(parse_card("KS"), parse_card("KD"))
    'red'
    """
    if is_red(first) != is_red(second):
        return "red"
    if suit_of(first) != suit_of(second):
        return "heart"
    return "higher_heart" if suit_of(first) == HEARTS else "higher_diamond"


def cut_decides(first: int, second: int) -> bool:
    """Whether a cut decides the dealer (no Vampire, not both black)."""
    if is_vampire(first) or is_vampire(second):
        return False
    return is_red(first) or is_red(second)


# ----- game ---------------------------------------------------------------------------


class DraculaGame(Game[DraculaOptions]):
    """Two-player Dracula."""

    info = GameInfo(
        name="dracula",
        title="Dracula",
        min_players=2,
        max_players=2,
        rules_version=2,
        summary="Parlett's coffin of nine cards: rows against columns, beware the Vampires",
        summary_fr=(
            "le cercueil de neuf cartes de Parlett : lignes contre colonnes, gare aux vampires"
        ),
    )
    options_class = DraculaOptions
    review_thresholds = (3.0, 8.0, 15.0)
    """Review grades from these expected losses per deal (docs/review.md)."""
    state_class = DraculaState
    short_options: ClassVar[dict[str, object]] = {"deals": 1}
    conformance_options = (
        {},
        {"first_dealer": "random", "deals": 2, "tie_bonus_basis": "scored"},
        {"first_dealer": 1, "scoring": "cards"},
        {"first_dealer": 0, "scoring": "cards", "vampire_line": "scored"},
        {"scoring": "cards", "continue_with_waste": False, "deals": 3},
        {"scoring": "cards", "deals": 2},
        {"deals": 1, "session_target": 60},
    )

    def deal_bound(self) -> float:
        """Scored lines: two lines of 150 (three tens times five); in cards, the 54."""
        return 54.0 if self.options.scoring == "cards" else 2.0 * 150

    def utility_bounds(self) -> tuple[float, float]:
        """Scored lines: at most two lines of 150 (three tens times five) a deal, plus
        a session's target; scored in cards: the 54 cards."""
        if self.options.scoring == "cards":
            return 0.0, 54.0
        return 0.0, float(self.options.session_target or 0) + 2.0 * 150 * self.options.deals

    @classmethod
    def legacy_options(
        cls, rules_version: int, options: dict[str, object]
    ) -> dict[str, object] | None:
        """The options that replay a record of an older rules version as it was
        played (the record's own options, plus explicit values for every default
        changed since), or None when no option reproduces that version.

        Version 1 differs only when scoring with cards: the Vampire test used the
        scored line (``vampire_line=scored`` reproduces it), and the waste was
        turned down once, even with stock left, which no option reproduces.
        """
        if rules_version == cls.info.rules_version:
            return dict(options)
        if rules_version != 1:
            return None
        if options.get("scoring") == "cards" and options.get("continue_with_waste", True):
            return None
        return {"vampire_line": "scored", **options}

    def num_distinct_actions(self) -> int:
        """Plays (card × cell), the two directions, and one take per card."""
        return NUM_ACTIONS

    def max_game_length(self) -> int:
        """Cut, direction, and per deal 9 cards dealt, 8 plays and up to 9 takes
        (with scoring by cards, the deals from turned waste piles too)."""
        per_deal = 9 + 8 + 9
        deals = self.options.deals + (MAX_WASTE_DEALS if self.options.scoring == "cards" else 0)
        per_game = 1 + deals * per_deal
        games = 1 if self.options.session_target is None else MAX_SESSION_GAMES
        return 2 + games * per_game

    def parse_action(self, text: str) -> int | None:
        """Player actions read the same in every state: ``QH b2``, ``rows``, ``take QH``."""
        return parse_action_text(text)

    def pack(self, section: int) -> int:
        """The 54-card pack (a forced deck section is one game's pack)."""
        return FULL_PACK

    def sample_state(self, view: View, rng: Rng) -> State:
        """Replay the seat's history, drawing each hidden dealt card from the cards
        the seat has not seen. (In Dracula play reveals nothing about the other
        hand beyond the cards played, so the unseen cards are exchangeable.)"""
        return sample_by_replay(self, view, rng, played_card)


register(DraculaGame)

__all__ = [
    "COLUMNS",
    "NUM_ACTIONS",
    "ROWS",
    "TAKE",
    "CardCut",
    "CardTaken",
    "CardsToTake",
    "DraculaGame",
    "DraculaOptions",
    "DraculaState",
    "WasteTurned",
    "action_text",
    "cut_decides",
    "cut_reason",
    "cut_winner",
    "parse_action_text",
    "play_action",
]
