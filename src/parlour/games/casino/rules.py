"""Casino: the fishing game for 2, 3 or 4 players (partnerships with 4).

Players capture table cards by matching their value with a card from hand,
alone or by sums, and prepare captures by building: combining a hand card with
table cards into a build of announced value that only a card of that value can
take. Points come from cards, spades, the big casino (10♦), the little casino
(2♠) and the aces; the game runs to 21.

Source: seed 004 (a French description of the game), with the rules fixed in
``rules-decisions.md`` §4. The rules page is ``parlour rules casino``
(``pages/reference.md``).

A move is made in steps, each one decision with a short list of legal actions
(rules version 2; see :data:`NUM_DISTINCT_ACTIONS` and the rules page):

1. *start*: the card from hand and what it does, ``card * 11 + kind`` with kind
   0 trail, 1 capture, 2–10 a build of that announced value (ids 0–571). A trail
   is a whole move in this one step, and so is a court capture that takes every
   card of its rank;
2. *add*: one loose table card (``572 + card``) or one whole build
   (``624 + value - 2``) joins the move. Loose cards fill one group at a time;
   a group closes by itself when it makes the value. Only cards and builds with
   which the move can still be completed legally are offered;
3. *done* (633): ends a complete move when more could still be added; a move to
   which nothing more can be added ends by itself.

The partial move is public (every seat sees each step), kept in a few fields
of the State. The one-line notation of whole moves (``7H take 3S+4D, 7C``)
stays: :meth:`CasinoState.string_to_actions` turns it into its steps and
:meth:`CasinoState.apply_text` applies them all or none.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar, TypeGuard

from parlour.core.cards import (
    DIAMONDS,
    SPADES,
    STANDARD_PACK,
    format_card,
    iter_bits,
    make_card,
    parse_card,
    rank_of,
)
from parlour.core.errors import (
    ParlourError,
    ParseError,
    RecordError,
    Refusal,
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
)
from parlour.core.lesson import Said
from parlour.core.options import FIRST_DEALER_WORDS, option
from parlour.core.record import MatchRecord
from parlour.core.registry import register
from parlour.core.sampler import Rng
from parlour.games.casino._sums import (
    _CACHE_LIMIT as _CACHE_LIMIT,
)
from parlour.games.casino._sums import (
    NUMERALS as NUMERALS,
)
from parlour.games.casino._sums import (
    RANK_MASK as RANK_MASK,
)
from parlour.games.casino._sums import (
    SPLIT_LIMIT as SPLIT_LIMIT,
)
from parlour.games.casino._sums import (
    SUM_BITS as SUM_BITS,
)
from parlour.games.casino._sums import (
    VALUE as VALUE,
)
from parlour.games.casino._sums import (
    VALUE_MASK as VALUE_MASK,
)
from parlour.games.casino._sums import (
    group_cards as group_cards,
)
from parlour.games.casino._sums import (
    groups_by_sum as groups_by_sum,
)
from parlour.games.casino._sums import (
    reachable_sums as reachable_sums,
)
from parlour.games.casino._sums import (
    split_groups as split_groups,
)
from parlour.games.casino._sums import (
    sums_of_counts as sums_of_counts,
)
from parlour.games.casino._sums import (
    value_counts as value_counts,
)
from parlour.games.casino._sums import (
    value_sum as value_sum,
)
from parlour.games.casino.events import (
    TABLE as TABLE,
)
from parlour.games.casino.events import (
    BuildCalled as BuildCalled,
)
from parlour.games.casino.events import (
    BuildMade as BuildMade,
)
from parlour.games.casino.events import (
    BuildRaised as BuildRaised,
)
from parlour.games.casino.events import (
    Captured as Captured,
)
from parlour.games.casino.events import (
    CardDealt as CardDealt,
)
from parlour.games.casino.events import (
    FirstDealerDrawn as FirstDealerDrawn,
)
from parlour.games.casino.events import (
    GameOver as GameOver,
)
from parlour.games.casino.events import (
    LastCardsTaken as LastCardsTaken,
)
from parlour.games.casino.events import (
    RoundScored as RoundScored,
)
from parlour.games.casino.events import (
    Trailed as Trailed,
)

# ----- constants -------------------------------------------------------------

PHASE_FIRST_DEALER = 0
"""Chance picks the first dealer."""
PHASE_DEAL = 1
"""Chance deals the next card."""
PHASE_PLAY = 2
"""A player plays a card."""
PHASE_OVER = 3
"""The game is over."""

"""Deal target of a card dealt face up to the table."""

ROUND_LIMIT = 100
"""Engine safety: a game that reaches this many rounds ends (ties could repeat)."""

KINDS = 11
"""Kinds of move a card can start: 0 trail, 1 capture, 2–10 a build of that value."""
CODE_TRAIL = 0
"""Kind of a trail."""
CODE_CAPTURE = 1
"""Kind of a capture; kinds 2–10 are builds of that announced value."""
START_ACTIONS = 52 * KINDS
"""Ids below this start a move: ``card * KINDS + kind``."""
ADD_CARD_BASE = START_ACTIONS
"""``ADD_CARD_BASE + card``: a loose table card joins the move."""
ADD_BUILD_BASE = ADD_CARD_BASE + 52
"""``ADD_BUILD_BASE + value - 2``: the build of that value joins the move."""
DONE = ADD_BUILD_BASE + 9
"""Ends a complete move that could still take more."""
NUM_DISTINCT_ACTIONS = DONE + 1
"""Every player action id is below this bound (634)."""
STEPS_PER_ROUND = 52 + 48 + 52 + 48 + 48
"""A bound on the steps of one round: 52 deals; 48 moves each with one start
step, at most one done, and an add step per build taken (each of the at most 48
builds once); and one add step per loose card (each of the 52 cards at most once,
since a card added leaves the loose cards for good)."""

SPADE_MASK = sum(1 << make_card(rank, SPADES) for rank in range(1, 14))
"""Bit mask of the thirteen spades."""
BIG_CASINO = make_card(10, DIAMONDS)
"""10♦, worth 2 points."""
LITTLE_CASINO = make_card(2, SPADES)
"""2♠, worth 1 point."""
ACES_IN_COUNT_ORDER = tuple(parse_card(text) for text in ("AS", "AC", "AH", "AD"))
"""The aces in the order a count-out counts them: ♠ ♣ ♥ ♦."""

COURT_CAPTURES = ("one", "all", "fourth_takes_three")
"""Values of the ``court_capture`` option."""
TIEBREAKS = ("higher_total", "count_out")
"""Values of the ``tiebreak`` option."""


def _pattern(players: int, first: bool) -> tuple[int, ...]:
    """Deal targets of one deal, as offsets from the dealer (TABLE for the table)."""
    order: list[int] = []
    for _ in range(2):
        for offset in range(1, players):
            order += [offset, offset]
        if first:
            order += [TABLE, TABLE]
        order += [0, 0]
    return tuple(order)


FIRST_DEAL = {players: _pattern(players, True) for players in (2, 3, 4)}
"""Deal order of a round's first deal, as offsets from the dealer."""
LATER_DEAL = {players: _pattern(players, False) for players in (2, 3, 4)}
"""Deal order of every later deal of a round."""


# ----- options ---------------------------------------------------------------


@dataclass(frozen=True)
class CasinoOptions:
    """The options of Casino (rules-decisions.md §4)."""

    players: int = option(
        2,
        "number of players",
        minimum=2,
        maximum=4,
        label=Said("Players", "Joueurs"),
        help_fr="nombre de joueurs",
    )
    """2, 3 or 4 players."""
    partnerships: bool = option(
        True,
        "partners opposite pool their captures",
        players=(4,),
        label=Said("Partnerships", "Équipes"),
        help_fr="les partenaires face à face mettent leurs prises en commun",
    )
    """With 4 players: seats 0+2 against 1+3 (ignored with 2 or 3 players)."""
    must_take_all: bool = option(
        False,
        "a capture must take every group it could",
        label=Said("Must take all", "Tout prendre"),
        help_fr="une prise doit prendre tous les groupes qu'elle peut",
    )
    """A numeral capture must be maximal: no other capture with that card takes more."""
    court_capture: str = option(
        "one",
        "what a J, Q or K captures",
        choices=COURT_CAPTURES,
        label=Said("Court cards capture", "Prise des figures"),
        help_fr="ce que prend un valet, une dame ou un roi",
        words={
            "one": Said("one", "une"),
            "all": Said("all", "toutes"),
            "fourth_takes_three": Said("the fourth takes three", "la quatrième prend les trois"),
        },
    )
    """``one`` table card of its rank, ``all`` of them, or ``fourth_takes_three``."""
    raise_with_table_cards: bool = option(
        False,
        "table cards may be added when raising",
        label=Said("Raise with table cards", "Monter avec les cartes du tapis"),
        help_fr="on peut ajouter des cartes du tapis en montant une construction",
    )
    """Raising a single build may add loose table numerals as well as the played card."""
    may_trail_capturing_card: bool = option(
        True,
        "a card that could capture may be trailed",
        label=Said("May trail a capturing card", "Poser une carte qui pourrait prendre"),
        help_fr="on peut poser une carte qui pourrait prendre",
    )
    """With false, a card with a legal capture cannot be trailed."""
    owner_may_trail: bool = option(
        False,
        "a player who owns a build may trail",
        label=Said("A build's owner may trail", "Le maître d'une construction peut poser"),
        help_fr="le maître d'une construction peut poser une carte",
    )
    """With false, the owner of a build must capture or build."""
    sweeps: bool = option(
        False,
        "score 1 for clearing the table by a capture",
        label=Said("Sweeps", "Balayages"),
        help_fr="1 point pour qui vide le tapis en prenant",
    )
    """A capture that leaves the table empty scores a sweep (never the last take)."""
    target: int = option(
        21,
        "points that end the game",
        minimum=1,
        maximum=1000,
        label=Said("Points to win", "Points pour gagner"),
        help_fr="les points qui finissent la partie",
    )
    """The game ends after the round in which a side reaches this total."""
    tiebreak: str = option(
        "higher_total",
        "who wins at the target",
        choices=TIEBREAKS,
        label=Said("Tie at the target", "Égalité au but"),
        help_fr="qui gagne quand on atteint le but",
        words={
            "higher_total": Said("the higher total", "le plus haut total"),
            "count_out": Said("the first to count out", "le premier à compter le but"),
        },
    )
    """``higher_total`` (a tie plays another round) or ``count_out`` (count in order)."""
    public_capture_counts: bool = option(
        True,
        "each side's card and spade counts are shown",
        label=Said("Show capture counts", "Montrer les cartes prises"),
        help_fr="le nombre de cartes et de piques pris par chaque camp est montré",
    )
    """Show how many cards and spades each side has captured."""
    first_dealer: str | int = option(
        "random",
        "who deals first",
        choices=("random",),
        minimum=0,
        maximum=3,
        label=Said("First dealer", "Premier donneur"),
        help_fr="qui donne en premier",
        words=FIRST_DEALER_WORDS,
    )
    """``random`` or a seat number."""


def start_action(card: int, kind: int) -> int:
    """The step that starts a move: ``card`` with ``kind`` (0 trail, 1 capture,
    2–10 a build of that value)."""
    return card * KINDS + kind


def add_card_action(card: int) -> int:
    """The step that adds the loose table card ``card`` to the move."""
    return ADD_CARD_BASE + card


def add_build_action(value: int) -> int:
    """The step that adds the build of ``value`` (2–10) to the move."""
    return ADD_BUILD_BASE + value - 2


def is_action_id(action: object) -> TypeGuard[int]:
    """True for a whole number that is some Casino player action (legal or not)."""
    return (
        isinstance(action, int)
        and not isinstance(action, bool)
        and 0 <= action < NUM_DISTINCT_ACTIONS
    )


_TEXTS_CACHE: dict[int, tuple[str, ...]] = {}


def card_texts(cards: int) -> list[str]:
    """The texts of ``cards`` in id order (a new list; the texts are cached, since
    search asks for the same piles and tables again and again)."""
    cached = _TEXTS_CACHE.get(cards)
    if cached is None:
        if len(_TEXTS_CACHE) > _CACHE_LIMIT:
            _TEXTS_CACHE.clear()
        cached = _TEXTS_CACHE[cards] = tuple(format_card(card) for card in iter_bits(cards))
    return list(cached)


# ----- events ------------------------------------------------------------------


# ----- state -----------------------------------------------------------------


def _lowest_card(cards: int) -> int:
    """The position of a mask's lowest card, plus one (groups are told lowest first)."""
    return (cards & -cards).bit_length()


def _joined_cards(cards: int) -> str:
    """``3S+4D``: a mask's cards joined by ``+``."""
    return "+".join(format_card(card) for card in iter_bits(cards))


class CasinoState(State):
    """A Casino position: hands, the table (loose cards and builds), captures,
    scores, and the move being made (``pending_*``)."""

    _list_fields = (
        "hands",
        "build_cards",
        "build_owner",
        "build_multiple",
        "captured",
        "sweep_counts",
        "totals",
    )

    def __init__(self, game: Game[Any]) -> None:
        super().__init__(game)
        options: CasinoOptions = game.options
        self.options = options
        players = options.players
        self.players = players
        self.partnership = options.partnerships and players == 4
        self.sides = 2 if self.partnership else players
        self.phase = PHASE_FIRST_DEALER if options.first_dealer == "random" else PHASE_DEAL
        self.dealer = 0 if options.first_dealer == "random" else int(options.first_dealer)
        self.round_index = 0
        self.deal_index = 0
        self.dealt = 0
        """Cards dealt so far this round (the position in the round's pack)."""
        self.plays_left = 0
        """Plays left in the current deal."""
        self.to_play = -1
        self.stock = STANDARD_PACK
        self.hands = [0] * players
        self.loose = 0
        """Loose table cards."""
        self.build_cards = [0] * 11
        """Cards of the build of each value (0: no such build)."""
        self.build_owner = [-1] * 11
        self.build_multiple = [0] * 11
        self.captured = [0] * self.sides
        self.sweep_counts = [0] * self.sides
        self.sweep_order: tuple[int, ...] = ()
        self.totals = [0] * self.sides
        self.last_capturer = -1
        self.last_capture: tuple[int, int, int] | None = None
        """(seat, card played, table cards taken) of the last capture this round."""
        self.round_moves: tuple[tuple[int, str], ...] = ()
        self.previous_round_moves: tuple[tuple[int, str], ...] = ()
        self.round_results: tuple[dict[str, JSON], ...] = ()
        self.plays = 0
        """Plays made in the whole game."""
        self.winner_side = -1
        self.end_note = ""
        self.pending_card = -1
        """The card of the move being made (it has left the hand), or -1."""
        self.pending_kind = 0
        """The move's kind: 1 capture, 2–10 a build of that value."""
        self.pending_taken = 0
        """Every table card chosen so far (loose cards and the cards of builds)."""
        self.pending_open = 0
        """The loose cards of the group being filled (not yet adding up to the value)."""
        self.pending_groups: tuple[int, ...] = ()
        """The loose cards of each completed group, in the order made. A build's
        first group holds the played card's partners (0 when it makes the value
        alone)."""
        self.pending_raise = 0
        """The value of the single build being raised, or 0."""

    # ----- helpers ------------------------------------------------------------
    def side_of(self, seat: int) -> int:
        """The side (scoring unit) of a seat."""
        return seat % 2 if self.partnership else seat

    def _deal_target(self) -> int:
        players = self.players
        first = 4 * players + 4
        if self.dealt < first:
            offset = FIRST_DEAL[players][self.dealt]
        else:
            offset = LATER_DEAL[players][(self.dealt - first) % (4 * players)]
        return TABLE if offset == TABLE else (self.dealer + offset) % players

    def _table_mask(self) -> int:
        table = self.loose
        for cards in self.build_cards:
            table |= cards
        return table

    def _owned_values(self, player: int) -> int:
        owned = 0
        for value in range(2, 11):
            if self.build_owner[value] == player and self.build_cards[value]:
                owned |= 1 << value
        return owned

    @staticmethod
    def _hand_values(hand: int) -> int:
        values = 0
        for card in iter_bits(hand):
            values |= 1 << VALUE[card]
        return values & ~1

    def _missing(self) -> int:
        """During a move: the values of the mover's builds of which he holds no
        card any more (the played card has left the hand)."""
        player = self.to_play
        return self._owned_values(player) & ~self._hand_values(self.hands[player])

    def _raise_ok(self, card: int, target: int, raised: int, missing: int, loose: int) -> bool:
        """Whether ``card`` may raise the build of ``raised`` to ``target``, with
        loose numerals ``loose`` available for ``raise_with_table_cards``."""
        if (
            not self.build_cards[raised]
            or self.build_multiple[raised]
            or self.build_cards[target]
            or missing & ~(1 << raised)
        ):
            return False
        extra = target - VALUE[card] - raised
        if extra == 0:
            return True
        return (
            extra > 0
            and self.options.raise_with_table_cards
            and bool(reachable_sums(loose) >> extra & 1)
        )

    # ----- hooks --------------------------------------------------------------
    def move_in_progress(self) -> bool:
        """True between a move's first step (the card and its kind) and its end."""
        return self.pending_card >= 0

    def current_player(self) -> int:
        """The seat to play, CHANCE while dealing, TERMINAL at the end."""
        if self.phase == PHASE_PLAY:
            return self.to_play
        if self.phase == PHASE_OVER:
            return TERMINAL
        return CHANCE

    def _chance_card_mask(self) -> int:
        return self.stock if self.phase == PHASE_DEAL else 0

    def _other_chance_outcomes(self) -> list[tuple[int, float]]:
        return first_dealer_outcomes(self.players)

    def _deal_slot(self) -> tuple[int, int] | None:
        return (self.round_index, self.dealt) if self.phase == PHASE_DEAL else None

    def _chance_seen_by(self, player: int) -> bool:
        if self.phase != PHASE_DEAL:
            return True
        target = self._deal_target()
        return target in (TABLE, player)

    # ----- legal steps ----------------------------------------------------------
    def _legal_actions(self) -> list[int]:
        if self.pending_card >= 0:
            adds, complete = self._step_choices()
            return [*adds, DONE] if complete and adds else adds
        return self._start_actions()

    def _start_actions(self) -> list[int]:
        """The legal first steps: each card with each kind of move it can complete."""
        player = self.to_play
        options = self.options
        hand = self.hands[player]
        owned = self._owned_values(player)
        numerals = self.loose & NUMERALS
        sums = reachable_sums(numerals)
        counts = [0] * 11
        for card in iter_bits(hand):
            counts[VALUE[card]] += 1
        hand_values = 0
        for value in range(2, 11):
            if counts[value]:
                hand_values |= 1 << value
        builds = 0
        singles: list[int] = []
        for build_value in range(2, 11):
            if self.build_cards[build_value]:
                builds |= 1 << build_value
                if not self.build_multiple[build_value]:
                    singles.append(build_value)
        raise_extras = sums & ~1 if options.raise_with_table_cards else 0
        legal: list[int] = []
        for card in iter_bits(hand):
            value = VALUE[card]
            rest_values = hand_values
            if counts[value] == 1:
                rest_values &= ~(1 << value)
            missing = owned & ~rest_values
            head = card * KINDS
            if value == 0:
                can_capture = not missing and bool(self.loose & RANK_MASK[rank_of(card)])
            else:
                # With the last card of an owned build's value, only that build's
                # capture keeps the owner's promise.
                can_capture = not missing & ~(1 << value) and (
                    bool(self.build_cards[value]) or (not missing and bool(sums >> value & 1))
                )
            may_trail = not (
                (owned and not options.owner_may_trail)
                or (can_capture and not options.may_trail_capturing_card)
                or missing
            )
            if may_trail:
                legal.append(head + CODE_TRAIL)
            if can_capture:
                legal.append(head + CODE_CAPTURE)
            if value == 0:
                continue
            # The values this card can build, as a bit mask: a new build (the card
            # with loose partners, or the card alone called with a build or loose
            # cards of its value), then raises of a single build.
            targets = 0
            if not missing:
                own = 1 << value
                targets = (sums << value) & ~own | (builds | sums) & own
            raised_to = 0
            for raised in singles:
                if not missing & ~(1 << raised):
                    raised_to |= (1 | raise_extras) << (value + raised)
            targets |= raised_to & ~builds
            targets &= rest_values & SUM_BITS
            while targets:
                low = targets & -targets
                legal.append(head + low.bit_length() - 1)
                targets ^= low
        return legal

    def _step_choices(self) -> tuple[list[int], bool]:
        """During a move: the add steps that keep it completable, and whether what
        is chosen is a complete legal move."""
        card = self.pending_card
        kind = self.pending_kind
        taken = self.pending_taken
        value = VALUE[card]
        if value == 0:
            # A court card chooses the one card of its rank it takes.
            if taken:
                return [], True
            same = self.loose & RANK_MASK[rank_of(card)]
            return [ADD_CARD_BASE + other for other in iter_bits(same)], False
        building = kind != CODE_CAPTURE
        target = kind if building else value
        available = self.loose & NUMERALS & ~taken
        if building and not self.pending_groups:
            # The first group: the played card, a raised build, loose partners.
            missing = self._missing()
            adds: list[int] = []
            if not taken:
                adds += [
                    add_build_action(raised)
                    for raised in range(2, target - value + 1)
                    if self._raise_ok(card, target, raised, missing, available)
                ]
            if self.options.raise_with_table_cards if self.pending_raise else not missing:
                group_sum = value + self.pending_raise + value_sum(self.pending_open)
                adds[:0] = [
                    ADD_CARD_BASE + other for other in group_cards(available, target, group_sum)
                ]
            return adds, False
        if self.pending_open:
            group_sum = value_sum(self.pending_open)
            return [
                ADD_CARD_BASE + other for other in group_cards(available, target, group_sum)
            ], False
        if self.pending_raise:
            return [], True
        adds = [ADD_CARD_BASE + other for other in group_cards(available, target, 0)]
        build = self.build_cards[target]
        build_left = bool(build) and not build & taken
        if build_left:
            adds.append(add_build_action(target))
        if building:
            # A new build of an existing build's value merges with it.
            return adds, bool(taken) and not build_left
        complete = bool(taken) and not (build_left and self._missing() >> target & 1)
        if self.options.must_take_all and adds:
            complete = False
        return adds, complete

    # ----- applying ---------------------------------------------------------------
    def _apply(self, action: int) -> None:
        if self.phase == PHASE_FIRST_DEALER:
            self.dealer = action
            self.phase = PHASE_DEAL
            if self._events is not None:
                self._emit(FirstDealerDrawn(seat=action))
            return
        if self.phase == PHASE_DEAL:
            self._apply_deal(action)
            return
        if self.pending_card < 0:
            self._start_move(action)
        elif action == DONE:
            self._finish_move()
            return
        elif action >= ADD_BUILD_BASE:
            value = action - ADD_BUILD_BASE + 2
            self.pending_taken |= self.build_cards[value]
            if self.pending_kind != CODE_CAPTURE and not self.pending_groups:
                self.pending_raise = value
                self._close_full_group()
        else:
            card = action - ADD_CARD_BASE
            self.pending_taken |= 1 << card
            if VALUE[self.pending_card]:
                self.pending_open |= 1 << card
                self._close_full_group()
        if self.pending_card >= 0:
            adds, complete = self._step_choices()
            if complete and not adds:
                self._finish_move()
            else:
                # The next decision's legal steps, already known (the core clears
                # this cache before every action it applies).
                self._legal = [*adds, DONE] if complete else adds

    def _start_move(self, action: int) -> None:
        card, kind = divmod(action, KINDS)
        self.hands[self.to_play] &= ~(1 << card)
        self.pending_card = card
        self.pending_kind = kind
        value = VALUE[card]
        if kind == CODE_TRAIL:
            self._finish_move()
        elif value == 0:
            same = self.loose & RANK_MASK[rank_of(card)]
            mode = self.options.court_capture
            if mode == "all" or (mode == "fourth_takes_three" and same.bit_count() == 3):
                self.pending_taken = same
                self._finish_move()
        elif kind > CODE_CAPTURE and kind == value:
            # A build announced at the played card's value: its first group is
            # the card alone.
            self.pending_groups = (0,)

    def _close_full_group(self) -> None:
        """Close the group being filled when it makes the move's value."""
        kind = self.pending_kind
        group_sum = value_sum(self.pending_open)
        if kind == CODE_CAPTURE:
            target = VALUE[self.pending_card]
        else:
            target = kind
            if not self.pending_groups:
                group_sum += VALUE[self.pending_card] + self.pending_raise
        if group_sum == target:
            self.pending_groups = (*self.pending_groups, self.pending_open)
            self.pending_open = 0

    def _finish_move(self) -> None:
        """Play the move chosen by the steps: capture, build or trail."""
        player = self.to_play
        card = self.pending_card
        code = self.pending_kind
        table_cards = self.pending_taken
        events = self._events is not None
        self.round_moves = (*self.round_moves, (player, self.move_text()))
        self.plays += 1
        bit = 1 << card
        if code == CODE_TRAIL:
            self.loose |= bit
            if events:
                self._emit(Trailed(seat=player, card=card))
        else:
            build_cards = self.build_cards
            involved: list[int] = []
            for value in range(2, 11):
                if build_cards[value] & table_cards:
                    involved.append(value)
                    build_cards[value] = 0
                    self.build_owner[value] = -1
                    self.build_multiple[value] = 0
            loose_cards = self.loose & table_cards
            self.loose &= ~table_cards
            if code == CODE_CAPTURE:
                side = self.side_of(player)
                self.captured[side] |= table_cards | bit
                self.last_capturer = player
                self.last_capture = (player, card, table_cards)
                sweep = self.options.sweeps and not self._table_mask()
                if sweep:
                    self.sweep_counts[side] += 1
                    self.sweep_order = (*self.sweep_order, side)
                if events:
                    self._emit(
                        Captured(
                            seat=player,
                            card=card,
                            cards=tuple(iter_bits(table_cards)),
                            builds=tuple(involved),
                            sweep=sweep,
                        )
                    )
            else:
                cards = table_cards | bit
                build_cards[code] = cards
                self.build_owner[code] = player
                multiple = value_sum(cards) != code
                self.build_multiple[code] = int(multiple)
                if events:
                    self._emit_build(player, card, code, cards, loose_cards, involved, multiple)
        self.pending_card = -1
        self.pending_kind = 0
        self.pending_taken = 0
        self.pending_open = 0
        self.pending_groups = ()
        self.pending_raise = 0
        self.plays_left -= 1
        if self.plays_left:
            self.to_play = (player + 1) % self.players
        elif self.dealt < 52:
            self.phase = PHASE_DEAL
            self.deal_index += 1
        else:
            self._end_round()

    def _emit_build(
        self,
        player: int,
        card: int,
        value: int,
        cards: int,
        loose_cards: int,
        involved: list[int],
        multiple: bool,
    ) -> None:
        added = tuple(iter_bits(loose_cards))
        everything = tuple(iter_bits(cards))
        raised = [other for other in involved if other != value]
        if raised:
            self._emit(
                BuildRaised(
                    seat=player,
                    card=card,
                    previous_value=raised[0],
                    value=value,
                    added_cards=added,
                    cards=everything,
                )
            )
        elif multiple:
            self._emit(
                BuildCalled(
                    seat=player,
                    card=card,
                    value=value,
                    added_cards=added,
                    cards=everything,
                    merged=value in involved,
                )
            )
        else:
            self._emit(BuildMade(seat=player, card=card, value=value, cards=everything))

    def _apply_deal(self, card: int) -> None:
        target = self._deal_target()
        bit = 1 << card
        self.stock &= ~bit
        if target == TABLE:
            self.loose |= bit
        else:
            self.hands[target] |= bit
        if self._events is not None:
            self._emit(CardDealt(seat=target, card=card))
        self.dealt += 1
        players = self.players
        first = 4 * players + 4
        if self.dealt == first or (
            self.dealt > first and (self.dealt - first) % (4 * players) == 0
        ):
            self.phase = PHASE_PLAY
            self.plays_left = 4 * players
            self.to_play = (self.dealer + 1) % players

    def _end_round(self) -> None:
        left = self._table_mask()
        taker_side = -1
        if self.last_capturer >= 0:
            taker_side = self.side_of(self.last_capturer)
            self.captured[taker_side] |= left
            if left and self._events is not None:
                self._emit(LastCardsTaken(seat=self.last_capturer, cards=tuple(iter_bits(left))))
        self.loose = 0
        self.build_cards = [0] * 11
        self.build_owner = [-1] * 11
        self.build_multiple = [0] * 11
        sides = self.sides
        counts = [pile.bit_count() for pile in self.captured]
        spades = [(pile & SPADE_MASK).bit_count() for pile in self.captured]
        items: list[tuple[int, int, str]] = []
        for label, numbers, points in (("cards", counts, 3), ("spades", spades, 1)):
            best = max(numbers)
            if numbers.count(best) == 1:
                items.append((numbers.index(best), points, label))
        for card, points, label in (
            (BIG_CASINO, 2, "big casino"),
            (LITTLE_CASINO, 1, "little casino"),
            *((ace, 1, "ace") for ace in ACES_IN_COUNT_ORDER),
        ):
            for side in range(sides):
                if self.captured[side] >> card & 1:
                    items.append((side, points, label))
        items += [(side, 1, "sweep") for side in self.sweep_order]
        points_by_side = [0] * sides
        detail: list[dict[str, int]] = [
            {
                "cards": counts[side],
                "spades": spades[side],
                "most_cards": 0,
                "most_spades": 0,
                "big_casino": 0,
                "little_casino": 0,
                "aces": 0,
                "sweeps": 0,
                "points": 0,
            }
            for side in range(sides)
        ]
        keys = {
            "cards": "most_cards",
            "spades": "most_spades",
            "big casino": "big_casino",
            "little casino": "little_casino",
            "ace": "aces",
            "sweep": "sweeps",
        }
        counted_out = -1
        target = self.options.target
        count_out = self.options.tiebreak == "count_out"
        counted = 0
        for side, points, label in items:
            counted += 1
            points_by_side[side] += points
            detail[side][keys[label]] += points
            detail[side]["points"] += points
            if count_out and self.totals[side] + points_by_side[side] >= target:
                counted_out = side
                break
        for side in range(sides):
            self.totals[side] += points_by_side[side]
        note = ""
        if counted_out >= 0:
            note = f"side {counted_out} counts out"
        self.round_results = (
            *self.round_results,
            {
                "round": self.round_index + 1,
                "dealer": self.dealer,
                "last_take": self.last_capturer,
                "sides": detail,
                "points": list(points_by_side),
                "totals": list(self.totals),
                "note": note,
                "counted_out": counted_out,
            },
        )
        if self._events is not None:
            self._emit(
                RoundScored(
                    round=self.round_index + 1,
                    sides=self._side_seats(),
                    points=tuple(points_by_side),
                    totals=tuple(self.totals),
                    items=tuple(items[:counted]),
                    counted_out=counted_out,
                    taken=tuple((counts[side], spades[side]) for side in range(sides)),
                )
            )
        best = max(self.totals)
        if counted_out >= 0:
            self.winner_side = counted_out
        elif best >= target and self.totals.count(best) == 1:
            self.winner_side = self.totals.index(best)
        if self.winner_side >= 0 or self.round_index + 1 >= ROUND_LIMIT:
            self.phase = PHASE_OVER
            if self.winner_side < 0:
                self.end_note = f"stopped after {ROUND_LIMIT} rounds"
            if self._events is not None:
                self._emit(
                    GameOver(
                        winner_side=self.winner_side,
                        sides=self._side_seats(),
                        totals=tuple(self.totals),
                        note=self.end_note,
                    )
                )
            return
        self.round_index += 1
        self.deal_index = 0
        self.dealer = (self.dealer + 1) % self.players
        self.dealt = 0
        self.stock = STANDARD_PACK
        self.captured = [0] * sides
        self.sweep_counts = [0] * sides
        self.sweep_order = ()
        self.last_capturer = -1
        self.last_capture = None
        self.previous_round_moves = self.round_moves
        self.round_moves = ()
        self.phase = PHASE_DEAL

    def _side_seats(self) -> tuple[tuple[int, ...], ...]:
        return tuple(
            tuple(seat for seat in range(self.players) if self.side_of(seat) == side)
            for side in range(self.sides)
        )

    # ----- text -----------------------------------------------------------------
    def move_text(self) -> str:
        """The move being made, as chosen so far, in the one-line notation
        (``7H take 3S+4D, 7C``); the whole move once it is complete. (Written
        on every move, so kept here: a call into ``_notation`` would import it
        on every call.)"""
        card = self.pending_card
        if card < 0:
            return ""
        kind = self.pending_kind
        played = format_card(card)
        if kind == CODE_TRAIL:
            return f"{played} trail"
        taken = self.pending_taken
        groups = list(self.pending_groups)
        if self.pending_open:
            groups.append(self.pending_open)
        builds = [
            f"b{value}"
            for value in range(2, 11)
            if self.build_cards[value] and self.build_cards[value] & taken
        ]
        if kind == CODE_CAPTURE:
            if not VALUE[card]:
                groups = [1 << other for other in iter_bits(taken)]
            parts = [_joined_cards(group) for group in sorted(groups, key=_lowest_card)] + builds
            return f"{played} take " + ", ".join(parts) if parts else f"{played} take"
        head = f"{played} build {kind}"
        if self.pending_raise:
            partners = [f"b{self.pending_raise}"]
            if groups:
                partners += [format_card(other) for other in iter_bits(groups[0])]
            return f"{head} with " + "+".join(partners)
        first = groups[0] if groups else 0
        parts = [_joined_cards(first)] if first else []
        parts += [_joined_cards(group) for group in sorted(groups[1:], key=_lowest_card)]
        parts += builds
        return f"{head} with " + ", ".join(parts) if parts else head

    def action_to_string(self, action: object) -> str:
        """A step's text: ``7H take`` · ``5S build 9`` · ``3C trail`` (a move's first
        step), ``4D`` or ``b9`` (added to the move), ``done``; at a chance node the
        card dealt (or ``seat 2``, the first dealer). Raises
        :class:`IllegalActionError` for anything that is no action here."""
        # The notation lives in games/casino/_notation.py, which reads this module:
        # imported here, not at load, so that there is no import cycle.
        from parlour.games.casino._notation import action_text

        return action_text(self, action)

    def _parse_action(self, text: str) -> int:
        from parlour.games.casino._notation import parse_action

        return parse_action(self, text)

    def string_to_actions(self, text: object) -> list[int]:
        """The steps ``text`` names, in order: one step (``7H take``, ``4D``,
        ``done``), the rest of a move being made (``3S 4D done``), or a whole move
        in the one-line notation (``7H take 3S+4D, 7C``), whose steps are checked
        against the rules on a copy of the state. Raises :class:`ParseError` for
        text that is no Casino move and :class:`IllegalActionError`, with the
        reason, for a whole move that is not legal here."""
        from parlour.games.casino._notation import steps_of

        return steps_of(self, text)

    def whole_move_steps(self, text: str) -> list[int] | None:
        """The steps of a move written in one line (``7H take 3S+4D, 7C``, or the
        rest of a move being made, ``3S 4D done``); None for text that names one
        step or is no Casino move."""
        try:
            steps = self.string_to_actions(text)
        except ParseError:
            return None
        return steps if len(steps) >= 2 else None

    def apply_text(self, text: object) -> int:
        """Apply a step, or all the steps of a whole move written in one line
        (``7H take 3S+4D, 7C``): all of them or, if any is refused, none (the state
        is left exactly as it was). Returns the last step applied."""
        steps = self.string_to_actions(text)
        if len(steps) == 1:
            self.apply_action(steps[0])
            return steps[0]
        before = self.clone()
        try:
            for step in steps:
                self.apply_action(step)
        except ParlourError:
            self._take_fields(before)
            raise
        return steps[-1]

    # ----- why a step or a move is refused (games/casino/_refusals.py) ----------
    def _illegal_refusal(self, action: int) -> Refusal:
        # Imported here: the refusals module reads this one (no import cycle at load).
        from parlour.games.casino._refusals import illegal_refusal

        return illegal_refusal(self, action)

    # ----- results ------------------------------------------------------------
    def returns(self) -> list[float]:
        """Each seat's points (its side's in partnerships) at the end; zeros before."""
        if self.phase != PHASE_OVER:
            return [0.0] * self.players
        return [float(self.totals[self.side_of(seat)]) for seat in range(self.players)]

    def deals_scored(self) -> int:
        """Rounds finished so far (the score sheet's length)."""
        return len(self.round_results)

    def score_sheet(self) -> list[DealScore]:
        """One line per finished round: each seat's (side's) points that round."""
        sheet = []
        for result in self.round_results:
            points: list[int] = result["points"]
            sheet.append(
                DealScore(
                    game=1,
                    deal=int(result["round"]),
                    scores=tuple(float(points[self.side_of(seat)]) for seat in range(self.players)),
                    note=str(result["note"]),
                )
            )
        return sheet

    def _sheet_columns(self) -> tuple[tuple[int, ...], ...]:
        return tuple(
            tuple(seat for seat in range(self.players) if self.side_of(seat) == side)
            for side in range(self.sides)
        )

    def _sheet_line_kind(self) -> str:
        return "round"

    def _builds_observation(self) -> list[JSON]:
        return [
            {
                "value": value,
                "cards": card_texts(self.build_cards[value]),
                "kind": "multiple" if self.build_multiple[value] else "single",
                "owner": self.build_owner[value],
            }
            for value in range(2, 11)
            if self.build_cards[value]
        ]

    def rollout_observation(self, player: object) -> dict[str, JSON]:
        """The table and the move being made: all that the Casino heuristic reads
        (the whole observation also lists every move of the round, which costs
        more to build than the heuristic's choice)."""
        self._check_seat(player)
        return {
            "loose": card_texts(self.loose),
            "builds": self._builds_observation(),
            "pending": self._pending_observation(),
        }

    def _observation(self, player: int) -> dict[str, JSON]:
        builds = self._builds_observation()
        captured_counts: list[dict[str, int]] | None = None
        if self.options.public_capture_counts:
            captured_counts = [
                {"cards": pile.bit_count(), "spades": (pile & SPADE_MASK).bit_count()}
                for pile in self.captured
            ]
        last_capture = None
        if self.last_capture is not None:
            seat, card, taken = self.last_capture
            last_capture = {
                "seat": seat,
                "card": format_card(card),
                "taken": card_texts(taken),
            }
        my_side = self.side_of(player)
        return {
            "players": self.players,
            "partnerships": self.partnership,
            "sides": [
                [s for s in range(self.players) if self.side_of(s) == side]
                for side in range(self.sides)
            ],
            "seat": player,
            "dealer": self.dealer if self.phase != PHASE_FIRST_DEALER else None,
            "current_player": self.current_player(),
            "phase": ("first dealer", "deal", "play", "over")[self.phase],
            "round": self.round_index + 1,
            "deal": self.deal_index + 1,
            "deals_per_round": 48 // (4 * self.players),
            "hand": card_texts(self.hands[player]),
            "hand_sizes": [hand.bit_count() for hand in self.hands],
            "loose": card_texts(self.loose),
            "builds": builds,
            "stock": self.stock.bit_count() if self.phase != PHASE_FIRST_DEALER else 52,
            "captured_counts": captured_counts,
            "my_side_captured": card_texts(self.captured[my_side]),
            "sweeps": list(self.sweep_counts) if self.options.sweeps else None,
            "last_capturer": self.last_capturer,
            "last_capture": last_capture,
            "round_moves": [{"seat": seat, "move": text} for seat, text in self.round_moves],
            "previous_round_moves": [
                {"seat": seat, "move": text} for seat, text in self.previous_round_moves
            ],
            "plays": self.plays,
            "totals": list(self.totals),
            "target": self.options.target,
            "round_results": [
                {
                    **result,
                    "sides": [dict(side) for side in result["sides"]],
                    "points": list(result["points"]),
                    "totals": list(result["totals"]),
                }
                for result in self.round_results
            ],
            "winner_side": self.winner_side if self.phase == PHASE_OVER else None,
            "end_note": self.end_note,
            "pending": self._pending_observation(),
        }

    def _pending_observation(self) -> dict[str, JSON] | None:
        """The move being made, as every seat sees it (each step is public)."""
        card = self.pending_card
        if card < 0:
            return None
        kind = self.pending_kind
        taken = self.pending_taken
        building = kind != CODE_CAPTURE
        target = kind if building else VALUE[card]
        open_sum = value_sum(self.pending_open)
        if building and not self.pending_groups:
            open_sum += VALUE[card] + self.pending_raise
        return {
            "seat": self.to_play,
            "card": format_card(card),
            "kind": "build" if building else "take",
            "value": target,
            "cards": [format_card(c) for c in iter_bits(taken & self.loose)],
            "builds": [
                value
                for value in range(2, 11)
                if self.build_cards[value] and self.build_cards[value] & taken
            ],
            "open_group": [format_card(c) for c in iter_bits(self.pending_open)],
            "open_sum": open_sum,
            "text": self.move_text(),
        }


# ----- game ------------------------------------------------------------------


class CasinoGame(Game[CasinoOptions]):
    """Casino for 2, 3 or 4 players (see the module docstring)."""

    info = GameInfo(
        name="casino",
        title="Casino",
        min_players=2,
        max_players=4,
        rules_version=2,
        summary="capture table cards by value, sums and builds; cards, spades, casinos and aces",
        summary_fr=(
            "prendre les cartes du tapis par valeur, par somme et par construction ; cartes, "
            "piques, casinos et as"
        ),
    )
    options_class = CasinoOptions
    review_thresholds = (0.5, 1.25, 2.5)
    """Review grades from these expected losses per deal (docs/review.md)."""
    state_class = CasinoState
    short_options: ClassVar[dict[str, object]] = {"target": 1}
    conformance_options = (
        {"target": 1},
        {"players": 3, "target": 1},
        {"players": 4, "target": 1},
        {"players": 4, "partnerships": False, "target": 1},
        {"target": 1, "must_take_all": True, "court_capture": "all"},
        {"target": 1, "court_capture": "fourth_takes_three", "raise_with_table_cards": True},
        {"target": 1, "may_trail_capturing_card": False, "owner_may_trail": True},
        {"players": 3, "target": 5, "sweeps": True, "tiebreak": "count_out"},
        {"target": 1, "public_capture_counts": False, "first_dealer": 1},
    )

    def deal_bound(self) -> float:
        """11 points a round and at most one sweep a capture (48 plays)."""
        return float(11 + 48)

    def utility_bounds(self) -> tuple[float, float]:
        """11 points a round and at most one sweep a capture (48 plays), for at
        most ROUND_LIMIT rounds."""
        return 0.0, float((11 + 48) * ROUND_LIMIT)

    def num_distinct_actions(self) -> int:
        """634: 572 first steps (card × kind), 52 loose cards and 9 builds to add, done."""
        return NUM_DISTINCT_ACTIONS

    def max_chance_outcomes(self) -> int:
        """52 cards (the first-dealer outcome is a seat below that)."""
        return 52

    def max_game_length(self) -> int:
        """First dealer + ROUND_LIMIT rounds of at most STEPS_PER_ROUND steps."""
        return 1 + ROUND_LIMIT * STEPS_PER_ROUND

    def upgrade_record(self, record: MatchRecord) -> MatchRecord:
        """A record of rules version 1 (one text per whole move) rewritten for this
        version (one text per step), by applying each old move as a whole line.
        A record of this version is returned as it is; any other version, or a
        move that does not apply, raises :class:`RecordError` naming the step."""
        if record.rules_version == self.info.rules_version:
            return record
        if record.rules_version != 1 or record.game != self.info.name:
            raise RecordError(
                f"cannot convert a {record.game} record of rules version "
                f"{record.rules_version} to casino rules version {self.info.rules_version}"
            )
        state = self.new_initial_state()
        chance = iter(record.chance)
        moves = iter(record.actions)
        step = 0
        while True:
            source = chance if state.is_chance_node() else moves
            text = next(source, None)
            if text is None:
                break
            step += 1
            try:
                if source is chance:
                    state.apply_action(state.string_to_action(text))
                else:
                    state.apply_text(text)
            except ParlourError as error:
                raise RecordError(
                    f"the version 1 record cannot be converted at step {step} ({text!r}): {error}"
                ) from None
        upgraded = state.to_record()
        return MatchRecord(
            game=upgraded.game,
            rules_version=upgraded.rules_version,
            options=record.options,
            chance=upgraded.chance,
            actions=upgraded.actions,
            sampler=record.sampler,
        )

    def sample_state(self, view: View, rng: Rng) -> State:
        """A full state consistent with ``view``: other hands drawn from the unseen
        cards, each build owner (now or earlier in this deal) holding a card of the
        build's value unless he played one since."""
        # Imported here: the sampling module reads this one (no import cycle at load).
        from parlour.games.casino._sampling import sample_state

        return sample_state(self, view, rng)


register(CasinoGame)
