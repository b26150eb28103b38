"""Casino: the fishing game for 2, 3 or 4 players (partnerships with 4).

Players capture table cards by matching their value with a card from hand,
alone or by sums, and prepare captures by building: combining a hand card with
table cards into a build of announced value that only a card of that value can
take. Points come from cards, spades, the big casino (10♦), the little casino
(2♠) and the aces; the game runs to 21.

Source: seed 004 (a French description of the game), with the rules fixed in
``rules-decisions.md`` §4. The rules page is ``parlour rules casino``
(``src/parlour/rules/casino.md``).

Action encoding (see :func:`encode_action`): an action is one int packing the
played card (bits 0–5), a code (bits 6–9: 0 trail, 1 capture, 2–10 a build of
that announced value) and the bit mask of the *table cards* the move takes or
combines (bits 10–61; a build is named by all of its cards). Every action is
below ``2**62``, which is :meth:`CasinoGame.num_distinct_actions`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

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
from parlour.core.errors import ParseError, allowed_list
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
from parlour.core.options import option
from parlour.core.registry import register
from parlour.core.sampler import Rng

# ----- constants -------------------------------------------------------------

PHASE_FIRST_DEALER = 0
"""Chance picks the first dealer."""
PHASE_DEAL = 1
"""Chance deals the next card."""
PHASE_PLAY = 2
"""A player plays a card."""
PHASE_OVER = 3
"""The game is over."""

TABLE = -1
"""Deal target of a card dealt face up to the table."""

ROUND_LIMIT = 100
"""Engine safety: a game that reaches this many rounds ends (ties could repeat)."""

CARD_BITS = 6
"""Bits 0–5 of an action: the card played."""
CODE_BITS = 4
"""Bits 6–9 of an action: the kind of move (trail, capture, build value)."""
MASK_SHIFT = CARD_BITS + CODE_BITS
"""Bits 10–61 of an action: the table cards taken or combined."""
CODE_TRAIL = 0
"""Action code of a trail."""
CODE_CAPTURE = 1
"""Action code of a capture; codes 2–10 are builds of that announced value."""
NUM_DISTINCT_ACTIONS = 1 << (MASK_SHIFT + 52)
"""Every action id is below this bound (2**62)."""

VALUE = tuple(rank_of(card) if rank_of(card) <= 10 else 0 for card in range(52))
"""Capturing/building value of each card: A=1 … 10=10; 0 for J, Q, K."""
VALUE_MASK = tuple(
    sum(1 << card for card in range(52) if VALUE[card] == value) if value else 0
    for value in range(11)
)
"""Bit mask of the cards of each value 1–10."""
RANK_MASK = tuple(
    sum(1 << card for card in range(52) if rank_of(card) == rank) if rank else 0
    for rank in range(14)
)
"""Bit mask of the cards of each rank 1–13."""
NUMERALS = sum(VALUE_MASK)
"""Bit mask of the cards A–10 (the ones that build and capture by sums)."""
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

    players: int = option(2, "number of players", minimum=2, maximum=4)
    """2, 3 or 4 players."""
    partnerships: bool = option(True, "with 4 players, partners opposite pool their captures")
    """With 4 players: seats 0+2 against 1+3 (ignored with 2 or 3 players)."""
    must_take_all: bool = option(False, "a capture must take every group it could")
    """A numeral capture must be maximal: no other capture with that card takes more."""
    court_capture: str = option("one", "what a J, Q or K captures", choices=COURT_CAPTURES)
    """``one`` table card of its rank, ``all`` of them, or ``fourth_takes_three``."""
    raise_with_table_cards: bool = option(False, "table cards may be added when raising")
    """Raising a single build may add loose table numerals as well as the played card."""
    may_trail_capturing_card: bool = option(True, "a card that could capture may be trailed")
    """With false, a card with a legal capture cannot be trailed."""
    owner_may_trail: bool = option(False, "a player who owns a build may trail")
    """With false, the owner of a build must capture or build."""
    sweeps: bool = option(False, "score 1 for clearing the table by a capture")
    """A capture that leaves the table empty scores a sweep (never the last take)."""
    target: int = option(21, "points that end the game", minimum=1, maximum=1000)
    """The game ends after the round in which a side reaches this total."""
    tiebreak: str = option("higher_total", "who wins at the target", choices=TIEBREAKS)
    """``higher_total`` (a tie plays another round) or ``count_out`` (count in order)."""
    public_capture_counts: bool = option(True, "each side's card and spade counts are shown")
    """Show how many cards and spades each side has captured."""
    first_dealer: str | int = option(
        "random", "who deals first", choices=("random",), minimum=0, maximum=3
    )
    """``random`` or a seat number."""


# ----- subset enumeration (cached on the loose numerals) -------------------

_GROUP_CACHE: dict[int, tuple[tuple[int, ...], ...]] = {}
_UNION_CACHE: dict[tuple[int, int], tuple[int, ...]] = {}
_CACHE_LIMIT = 50_000


def groups_by_sum(loose: int) -> tuple[tuple[int, ...], ...]:
    """For the loose numerals ``loose`` (a card mask): index ``s`` (0–10) holds the
    masks of every non-empty subset whose values add up to ``s``."""
    loose &= NUMERALS
    cached = _GROUP_CACHE.get(loose)
    if cached is not None:
        return cached
    cards = sorted(iter_bits(loose), key=VALUE.__getitem__)
    values = [VALUE[card] for card in cards]
    bits = [1 << card for card in cards]
    found: list[list[int]] = [[] for _ in range(11)]
    stack = [(0, 0, 0)]
    count = len(cards)
    while stack:
        start, mask, total = stack.pop()
        for index in range(start, count):
            new_total = total + values[index]
            if new_total > 10:
                break
            new_mask = mask | bits[index]
            found[new_total].append(new_mask)
            stack.append((index + 1, new_mask, new_total))
    result = tuple(tuple(sorted(masks)) for masks in found)
    if len(_GROUP_CACHE) > _CACHE_LIMIT:
        _GROUP_CACHE.clear()
    _GROUP_CACHE[loose] = result
    return result


def partitionable(loose: int, value: int) -> tuple[int, ...]:
    """Every subset of the loose numerals ``loose`` (0 included) that splits into
    disjoint groups each adding up to ``value``, sorted."""
    key = (loose, value)
    cached = _UNION_CACHE.get(key)
    if cached is not None:
        return cached
    unions = {0}
    for group in groups_by_sum(loose)[value]:
        unions.update([union | group for union in unions if not union & group])
    result = tuple(sorted(unions))
    if len(_UNION_CACHE) > _CACHE_LIMIT:
        _UNION_CACHE.clear()
    _UNION_CACHE[key] = result
    return result


def maximal(masks: Sequence[int]) -> list[int]:
    """The masks of ``masks`` that no other mask of it strictly contains."""
    kept: list[int] = []
    for mask in sorted(masks, key=int.bit_count, reverse=True):
        if not any(other & mask == mask for other in kept):
            kept.append(mask)
    return kept


def split_groups(cards: int, value: int, first: int = -1) -> list[list[int]] | None:
    """One split of ``cards`` into groups adding up to ``value`` (or None).

    With ``first`` (a card id inside ``cards``), that card's group comes first;
    other groups follow by their lowest card. Cards within a group are in id order.
    """
    remaining = cards
    if first >= 0:
        rest = cards & ~(1 << first)
        need = value - VALUE[first]
        if need < 0 or need > 10:
            return None
        options = [0] if need == 0 else [g for g in groups_by_sum(rest)[need] if g & rest == g]
        for option_mask in options:
            tail = split_groups(rest & ~option_mask, value)
            if tail is not None:
                return [[first, *iter_bits(option_mask)], *tail]
        return None
    if not remaining:
        return []
    lowest = (remaining & -remaining).bit_length() - 1
    for group in groups_by_sum(remaining)[value] if value <= 10 else ():
        if group >> lowest & 1:
            tail = split_groups(remaining & ~group, value)
            if tail is not None:
                return [list(iter_bits(group)), *tail]
    return None


def value_sum(cards: int) -> int:
    """The sum of the values of ``cards``."""
    return sum(VALUE[card] for card in iter_bits(cards))


def encode_action(card: int, code: int, table_cards: int = 0) -> int:
    """Pack a move: played card, code (0 trail, 1 capture, 2–10 build value), and
    the mask of table cards taken or combined."""
    return card | code << CARD_BITS | table_cards << MASK_SHIFT


def decode_action(action: int) -> tuple[int, int, int]:
    """``(card, code, table_cards)`` of an action."""
    return action & 63, action >> CARD_BITS & 15, action >> MASK_SHIFT


# ----- state -----------------------------------------------------------------


class CasinoState(State):
    """A Casino position: hands, the table (loose cards and builds), captures, scores."""

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

    # ----- hooks --------------------------------------------------------------
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

    def _card_moves(self, card: int, owned: int, rest_values: int) -> tuple[list[int], list[int]]:
        """The legal captures and builds with ``card`` (trail decided by the caller);
        ``rest_values`` is the bit mask of values left in hand after playing it."""
        options = self.options
        missing = owned & ~rest_values
        value = VALUE[card]
        captures: list[int] = []
        builds: list[int] = []
        loose_numerals = self.loose & NUMERALS
        head = card | CODE_CAPTURE << CARD_BITS
        if value == 0:
            if missing:
                return captures, builds
            same = self.loose & RANK_MASK[rank_of(card)]
            if same:
                mode = options.court_capture
                if mode == "all" or (mode == "fourth_takes_three" and same.bit_count() == 3):
                    captures.append(head | same << MASK_SHIFT)
                else:
                    captures.extend(head | (1 << taken) << MASK_SHIFT for taken in iter_bits(same))
            return captures, builds
        own_bit = 1 << value
        if not missing & ~own_bit:
            build_mask = self.build_cards[value]
            unions = partitionable(loose_numerals, value)
            if options.must_take_all:
                masks = [union | build_mask for union in maximal(unions)]
            elif missing:
                masks = [union | build_mask for union in unions]
            elif build_mask:
                masks = [union | build_mask for union in unions] + list(unions[1:])
            else:
                masks = list(unions[1:])
            captures.extend(head | mask << MASK_SHIFT for mask in masks if mask)
        groups = groups_by_sum(loose_numerals)
        for target in range(max(value, 2), 11):
            if not rest_values >> target & 1:
                continue
            head = card | target << CARD_BITS
            target_build = self.build_cards[target]
            if not missing:
                if value == target:
                    firsts: Sequence[int] = (0,)
                else:
                    firsts = groups[target - value]
                unions = partitionable(loose_numerals, target)
                combined = {
                    first | union for first in firsts for union in unions if not first & union
                }
                for mask in combined:
                    if mask or target_build:
                        builds.append(head | (mask | target_build) << MASK_SHIFT)
            if target_build:
                continue
            for raised in range(2, target - value + 1):
                raised_cards = self.build_cards[raised]
                if not raised_cards or self.build_multiple[raised]:
                    continue
                if missing & ~(1 << raised):
                    continue
                extra = target - value - raised
                if extra == 0:
                    builds.append(head | raised_cards << MASK_SHIFT)
                elif options.raise_with_table_cards:
                    builds.extend(
                        head | (raised_cards | group) << MASK_SHIFT for group in groups[extra]
                    )
        return captures, builds

    def _legal_actions(self) -> list[int]:
        player = self.to_play
        options = self.options
        hand = self.hands[player]
        owned = self._owned_values(player)
        legal: list[int] = []
        counts = [0] * 11
        for card in iter_bits(hand):
            counts[VALUE[card]] += 1
        hand_values = 0
        for value in range(2, 11):
            if counts[value]:
                hand_values |= 1 << value
        for card in iter_bits(hand):
            value = VALUE[card]
            rest_values = hand_values
            if counts[value] == 1:
                rest_values &= ~(1 << value)
            captures, builds = self._card_moves(card, owned, rest_values)
            legal += captures
            legal += builds
            if owned and not options.owner_may_trail:
                continue
            if captures and not options.may_trail_capturing_card:
                continue
            if owned & ~rest_values:
                continue
            legal.append(card)
        legal.sort()
        return legal

    def _apply(self, action: int) -> None:
        if self.phase == PHASE_FIRST_DEALER:
            self.dealer = action
            self.phase = PHASE_DEAL
            return
        if self.phase == PHASE_DEAL:
            self._apply_deal(action)
            return
        player = self.to_play
        card, code, table_cards = decode_action(action)
        self.round_moves = (*self.round_moves, (player, self.action_to_string(action)))
        self.hands[player] &= ~(1 << card)
        self.plays += 1
        if code == CODE_TRAIL:
            self.loose |= 1 << card
        else:
            build_cards = self.build_cards
            for value in range(2, 11):
                if build_cards[value] & table_cards:
                    build_cards[value] = 0
                    self.build_owner[value] = -1
                    self.build_multiple[value] = 0
            self.loose &= ~table_cards
            if code == CODE_CAPTURE:
                side = self.side_of(player)
                self.captured[side] |= table_cards | 1 << card
                self.last_capturer = player
                self.last_capture = (player, card, table_cards)
                if self.options.sweeps and not self._table_mask():
                    self.sweep_counts[side] += 1
                    self.sweep_order = (*self.sweep_order, side)
            else:
                cards = table_cards | 1 << card
                build_cards[code] = cards
                self.build_owner[code] = player
                self.build_multiple[code] = int(value_sum(cards) != code)
        self.plays_left -= 1
        if self.plays_left:
            self.to_play = (player + 1) % self.players
        elif self.dealt < 52:
            self.phase = PHASE_DEAL
            self.deal_index += 1
        else:
            self._end_round()

    def _apply_deal(self, card: int) -> None:
        target = self._deal_target()
        bit = 1 << card
        self.stock &= ~bit
        if target == TABLE:
            self.loose |= bit
        else:
            self.hands[target] |= bit
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
        for side, points, label in items:
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
        best = max(self.totals)
        if counted_out >= 0:
            self.winner_side = counted_out
        elif best >= target and self.totals.count(best) == 1:
            self.winner_side = self.totals.index(best)
        if self.winner_side >= 0 or self.round_index + 1 >= ROUND_LIMIT:
            self.phase = PHASE_OVER
            if self.winner_side < 0:
                self.end_note = f"stopped after {ROUND_LIMIT} rounds"
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

    # ----- text -----------------------------------------------------------------
    def _build_name(self, cards: int) -> str:
        for value in range(2, 11):
            if self.build_cards[value] and self.build_cards[value] & cards:
                return f"b{value}"
        return "b?"

    def action_to_string(self, action: int) -> str:
        """``7H take 3S+4D, 7C`` · ``5S build 9 with 4H`` · ``3C trail`` (chance: the card)."""
        if self.phase == PHASE_FIRST_DEALER:
            return first_dealer_text(action)
        if self.phase != PHASE_PLAY:
            return format_card(action)
        card, code, table_cards = decode_action(action)
        played = format_card(card)
        if code == CODE_TRAIL:
            return f"{played} trail"
        builds = [cards for cards in self.build_cards if cards and cards & table_cards]
        loose = table_cards
        for cards in builds:
            loose &= ~cards
        build_names = [self._build_name(cards) for cards in builds]
        if code == CODE_CAPTURE:
            groups = split_groups(loose, VALUE[card]) if VALUE[card] else None
            if groups is None:
                groups = [[taken] for taken in iter_bits(loose)]
            parts = ["+".join(format_card(c) for c in group) for group in groups]
            return f"{played} take " + ", ".join(parts + build_names)
        raised = [name for name in build_names if name != f"b{code}"]
        if raised:
            partners = raised + [format_card(c) for c in iter_bits(loose)]
            return f"{played} build {code} with " + "+".join(partners)
        split = split_groups(loose | 1 << card, code, first=card)
        if split is None:
            parts = [format_card(c) for c in iter_bits(loose)]
        else:
            parts = []
            if len(split[0]) > 1:
                parts.append("+".join(format_card(c) for c in split[0][1:]))
            parts += ["+".join(format_card(c) for c in group) for group in split[1:]]
        return f"{played} build {code} with " + ", ".join(parts + build_names)

    def _parse_action(self, text: str) -> int:
        if self.phase == PHASE_FIRST_DEALER:
            return parse_first_dealer(text, self.players)
        if self.phase != PHASE_PLAY:
            return parse_card(text)
        hint = (
            "write e.g. '7H take 3S+4D, 7C', '5S build 9 with 4H', "
            "'2C build 9 with b7' or '3C trail'"
        )
        words = text.replace(",", " , ").replace("+", " + ").split()
        if len(words) < 2:
            raise ParseError(f"{text!r} is not a Casino move; {hint}")
        try:
            card = parse_card(words[0])
        except ParseError:
            raise ParseError(f"{text!r} does not start with a card; {hint}") from None
        verb = words[1].lower()
        if verb == "trail":
            if len(words) != 2:
                raise ParseError(f"{text!r}: nothing may follow 'trail'; {hint}")
            return encode_action(card, CODE_TRAIL)
        if verb == "take":
            items = words[2:]
            code = CODE_CAPTURE
        elif verb == "build":
            if len(words) < 4 or not words[2].isdigit() or words[3].lower() != "with":
                raise ParseError(f"{text!r}: write 'build <value> with <items>'; {hint}")
            code = int(words[2])
            if not 2 <= code <= 10:
                raise ParseError(f"{text!r}: a build's value runs from 2 to 10, not {code}")
            items = words[4:]
        else:
            raise ParseError(f"{text!r}: the second word must be take, build or trail; {hint}")
        table_cards = 0
        named_build = False
        for item in items:
            if item in (",", "+"):
                continue
            lowered = item.lower()
            if lowered.startswith("b") and lowered[1:].isdigit():
                value = int(lowered[1:])
                cards = self.build_cards[value] if 2 <= value <= 10 else 0
                if not cards:
                    existing = [f"b{v}" for v in range(2, 11) if self.build_cards[v]]
                    raise ParseError(
                        f"{text!r}: there is no build {item} on the table; builds: "
                        f"{allowed_list(existing)}"
                    )
                bits = cards
                named_build = True
            else:
                try:
                    bits = 1 << parse_card(item)
                except ParseError:
                    raise ParseError(
                        f"{text!r}: {item!r} is neither a card nor a build (b<value>); {hint}"
                    ) from None
            if table_cards & bits:
                raise ParseError(f"{text!r} names {item} twice")
            table_cards |= bits
        if not table_cards:
            raise ParseError(f"{text!r} names no table cards to {verb}; {hint}")
        if code != CODE_CAPTURE and not named_build:
            # A new build of an existing build's value merges into it.
            table_cards |= self.build_cards[code]
        return encode_action(card, code, table_cards)

    def _illegal_reason(self, action: int) -> str:
        if self.phase != PHASE_PLAY:
            return "it is not one of the possible chance outcomes"
        player = self.to_play
        card, code, table_cards = decode_action(action)
        if card >= 52 or code > 10:
            return "it is not a Casino move"
        hand = self.hands[player]
        if not hand >> card & 1:
            return f"you do not hold {format_card(card)}; your hand: " + " ".join(
                format_card(c) for c in iter_bits(hand)
            )
        table = self._table_mask()
        if table_cards & ~table:
            absent = " ".join(format_card(c) for c in iter_bits(table_cards & ~table))
            return f"{absent} is not on the table"
        for cards in self.build_cards:
            if cards & table_cards and cards & ~table_cards:
                return "a build is taken or combined whole, never in part"
        owned = self._owned_values(player)
        rest_values = self._hand_values(hand & ~(1 << card))
        missing = owned & ~rest_values
        owned_names = ", ".join(f"b{v}" for v in range(2, 11) if owned >> v & 1)
        if code == CODE_TRAIL:
            if owned and not self.options.owner_may_trail:
                return f"you own {owned_names} and may not trail"
            if missing:
                return f"after this you would hold no card of the value of your build {owned_names}"
            return "that card could capture, and a card that could capture may not be trailed"
        value = VALUE[card]
        if code == CODE_CAPTURE:
            if value == 0:
                return (
                    f"a {format_card(card)[:-1]} captures only table cards of its own rank "
                    f"(court_capture={self.options.court_capture})"
                )
            if missing & ~(1 << value):
                return "after this you would hold no card of the value of a build you own"
            if self.options.must_take_all:
                return f"the capture must be groups adding to {value}, and take every group it can"
            return (
                f"every group taken must add up to {value} "
                f"(a loose card, a sum, or the build b{value})"
            )
        if value == 0:
            return "J, Q and K never build"
        if not rest_values >> code & 1:
            return f"to build {code} you must keep a card of value {code} in your hand"
        raised = [v for v in range(2, 11) if v != code and self.build_cards[v] & table_cards]
        if raised:
            name = f"b{raised[0]}"
            if len(raised) > 1:
                return "only one build can be raised at a time"
            if self.build_multiple[raised[0]]:
                return f"{name} is a multiple build: its value never changes"
            if self.build_cards[code]:
                return (
                    f"raising {name} to {code} would make a second build of {code}, "
                    "and a raise cannot also call"
                )
            if table_cards & ~self.build_cards[raised[0]] and not (
                self.options.raise_with_table_cards
            ):
                return "a raise adds only the played card (raise_with_table_cards is off)"
            if missing & ~(1 << raised[0]):
                return f"after this you would hold no card of the value of your build {owned_names}"
            return f"{name} and {format_card(card)} with these cards do not make {code}"
        if missing:
            return f"after this you would hold no card of the value of your build {owned_names}"
        if self.build_cards[code] and not self.build_cards[code] & table_cards:
            return f"a new build of {code} merges with b{code}: include it"
        return (
            f"the cards do not make {code}: a build is the played card with loose cards "
            f"adding to {code} (with other groups of {code} to call it), or one single "
            "build raised by the played card"
        )

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

    def _observation(self, player: int) -> dict[str, JSON]:
        builds = [
            {
                "value": value,
                "cards": [format_card(c) for c in iter_bits(self.build_cards[value])],
                "kind": "multiple" if self.build_multiple[value] else "single",
                "owner": self.build_owner[value],
            }
            for value in range(2, 11)
            if self.build_cards[value]
        ]
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
                "taken": [format_card(c) for c in iter_bits(taken)],
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
            "hand": [format_card(c) for c in iter_bits(self.hands[player])],
            "hand_sizes": [hand.bit_count() for hand in self.hands],
            "loose": [format_card(c) for c in iter_bits(self.loose)],
            "builds": builds,
            "stock": self.stock.bit_count() if self.phase != PHASE_FIRST_DEALER else 52,
            "captured_counts": captured_counts,
            "my_side_captured": [format_card(c) for c in iter_bits(self.captured[my_side])],
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
        }


# ----- game ------------------------------------------------------------------


class CasinoGame(Game[CasinoOptions]):
    """Casino for 2, 3 or 4 players (see the module docstring)."""

    info = GameInfo(
        name="casino",
        title="Casino",
        min_players=2,
        max_players=4,
        rules_version=1,
        summary="capture table cards by value, sums and builds; cards, spades, casinos and aces",
    )
    options_class = CasinoOptions
    state_class = CasinoState
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

    def num_distinct_actions(self) -> int:
        """2**62: card (6 bits) | code (4 bits) | table-card mask (52 bits)."""
        return NUM_DISTINCT_ACTIONS

    def max_chance_outcomes(self) -> int:
        """52 cards (the first-dealer outcome is a seat below that)."""
        return 52

    def max_game_length(self) -> int:
        """First dealer + ROUND_LIMIT rounds of 52 deals and 48 plays."""
        return 1 + ROUND_LIMIT * 100

    def sample_state(self, view: View, rng: Rng) -> State:
        """A full state consistent with ``view``: other hands drawn from the unseen
        cards, each build owner (now or earlier in this deal) holding a card of the
        build's value unless he played one since."""
        return _sample_state(self, view, rng)


def _sample_state(game: CasinoGame, view: View, rng: Rng) -> State:
    seat = view.seat
    players = game.options.players
    # Pass 1: replay with a placeholder for hidden cards (the flow does not depend
    # on them), noting who got each hidden card and what each seat played per deal.
    shadow = CasinoState(game)
    hidden_slots: list[tuple[int, tuple[int, int]]] = []
    played: dict[tuple[int, tuple[int, int]], list[int]] = {}
    owned_after: list[tuple[int, tuple[int, int], int, int]] = []
    known_in_round: dict[int, int] = {}
    for step, (actor, action) in enumerate(view.history):
        key = (shadow.round_index, shadow.deal_index)
        if actor == CHANCE and shadow.phase == PHASE_DEAL:
            target = shadow._deal_target()
            if action is None:
                hidden_slots.append((target, key))
                shadow._apply_deal(
                    0 if shadow.stock & 1 else (shadow.stock & -shadow.stock).bit_length() - 1
                )
                continue
            known_in_round[shadow.round_index] = (
                known_in_round.get(shadow.round_index, 0) | 1 << action
            )
        elif actor >= 0 and action is not None:
            card = action & 63
            played.setdefault((actor, key), []).append(card)
            known_in_round[shadow.round_index] = (
                known_in_round.get(shadow.round_index, 0) | 1 << card
            )
            shadow.hands[actor] |= 1 << card
        assert action is not None
        shadow._apply(action)
        if actor >= 0:
            owned_after.append((actor, key, step, shadow._owned_values(actor)))
    current_key = (shadow.round_index, shadow.deal_index)
    # Cards still hidden in other hands this deal, and what they must include.
    counts = [0] * players
    for target, key in hidden_slots:
        if key == current_key:
            counts[target] += 1
    requirements = [0] * players
    for other in range(players):
        if other == seat:
            continue
        counts[other] -= len(played.get((other, current_key), []))
        plays = [
            (step, owned)
            for actor, key, step, owned in owned_after
            if actor == other and key == current_key
        ]
        cards = played.get((other, current_key), [])
        for index, (_, owned) in enumerate(plays):
            later = 0
            for card in cards[index + 1 :]:
                later |= 1 << VALUE[card]
            requirements[other] |= owned & ~later
    pool = STANDARD_PACK & ~known_in_round.get(shadow.round_index, 0)
    pool_cards = list(iter_bits(pool))
    hands = _draw_hands(pool_cards, counts, requirements, seat, rng)
    queues: dict[tuple[int, tuple[int, int]], list[int]] = {
        key: list(cards) for key, cards in played.items()
    }
    for other in range(players):
        if other != seat:
            queues.setdefault((other, current_key), []).extend(hands[other])
    # Pass 2: the real replay, every step validated.
    state = CasinoState(game)
    for _actor, action in view.history:
        if action is None:
            key = (state.round_index, state.deal_index)
            action = queues[(state._deal_target(), key)].pop()
        state.apply_action(action)
    return state


def _draw_hands(
    pool: list[int], counts: list[int], requirements: list[int], seat: int, rng: Rng
) -> list[list[int]]:
    """Draw hands of ``counts`` cards from ``pool`` so that each hand holds a card of
    every value in its ``requirements`` bit mask (rejection, then a constructive draw)."""
    players = len(counts)
    for _ in range(200):
        cards = list(pool)
        hands: list[list[int]] = [[] for _ in range(players)]
        for other in range(players):
            if other == seat:
                continue
            for _ in range(counts[other]):
                hands[other].append(cards.pop(rng.below(len(cards))))
        if all(
            not requirements[other] & ~CasinoState._hand_values(sum(1 << c for c in hands[other]))
            for other in range(players)
        ):
            return hands
    cards = list(pool)
    hands = [[] for _ in range(players)]
    for other in range(players):
        if other == seat:
            continue
        for value in range(2, 11):
            if requirements[other] >> value & 1:
                choices = [c for c in cards if VALUE[c] == value]
                pick = choices[rng.below(len(choices))]
                cards.remove(pick)
                hands[other].append(pick)
    for other in range(players):
        if other == seat:
            continue
        while len(hands[other]) < counts[other]:
            hands[other].append(cards.pop(rng.below(len(cards))))
    return hands


register(CasinoGame)
