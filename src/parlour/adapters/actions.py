"""Action slots: the bounded, fixed-size action space every adapter exposes.

Most parlour games number their actions densely (Dracula: 542 ids, Colour-blind:
52), and the adapters use those ids unchanged. A few pack a whole move into one
id: Casino writes the card, the kind of move and the set of table cards into
62 bits, far too many for a dense action mask. For such games the adapters
expose :data:`PAGE_SLOTS` slots instead: slot ``i`` is the ``i``-th legal move
(legal moves sorted by their engine id), and when a position has more legal
moves than fit, the last slot (:data:`PAGE_SLOTS` − 1, "more") turns to the next
page of moves without changing the game. The same player acts again on the next
page. A slot therefore means "the i-th legal move here", which is all an agent
that reads the action mask needs; the move's text names it exactly.

>>> import parlour
>>> from parlour.adapters.actions import ActionSlots
>>> ActionSlots(parlour.load_game("dracula")).dense
True
>>> ActionSlots(parlour.load_game("casino")).size
1024
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from parlour.core.errors import IllegalActionError, allowed_list
from parlour.core.game import CHANCE, Game, State

DENSE_LIMIT = 4096
"""Games with at most this many distinct actions keep their own action ids."""
PAGE_SLOTS = 1024
"""Slots of a paged action space; the last one turns to the next page."""
MAX_PAGES = 4
"""Pages of legal moves a paged game's ``max_game_length`` allows for per move."""
MORE_TEXT = "more"
"""The text of the "more" slot of a paged action space."""


class ActionSlots:
    """How one game's action ids map to the adapters' action slots."""

    def __init__(
        self, game: Game[Any], *, dense_limit: int = DENSE_LIMIT, page_slots: int = PAGE_SLOTS
    ) -> None:
        if page_slots < 2:
            raise ValueError(
                f"page_slots must be at least 2 (one move and 'more'), not {page_slots}"
            )
        distinct = game.num_distinct_actions()
        self.dense: bool = distinct <= dense_limit
        """True when slots are the engine's action ids."""
        self.size: int = distinct if self.dense else page_slots
        """The number of slots (the size of an action mask)."""
        self.engine_length: int = game.max_game_length()
        self.max_game_length: int = (
            self.engine_length if self.dense else MAX_PAGES * self.engine_length
        )
        """Bound on slots played in a match. Paged games count up to MAX_PAGES − 1
        "more" slots per move, which holds while no position has more than
        ``MAX_PAGES × (page_slots − 1)`` legal moves (4,092; the most seen in random
        Casino play is 1,913, though a table of 28 loose cards, never captured,
        would have far more)."""

    @property
    def more_slot(self) -> int:
        """The "more" slot of a paged space (-1 for a dense one)."""
        return -1 if self.dense else self.size - 1

    def page_moves(self, legal: Sequence[int], page: int) -> Sequence[int]:
        """The engine actions on ``page`` of a paged space (all of them when dense)."""
        if self.dense:
            return legal
        per_page = self.size - 1
        return legal[page * per_page : (page + 1) * per_page]

    def has_more(self, legal: Sequence[int], page: int) -> bool:
        """True when moves remain after ``page``."""
        return not self.dense and (page + 1) * (self.size - 1) < len(legal)


class SlottedState:
    """A parlour State seen through action slots: what all three adapters drive.

    Chance nodes keep their outcome ids (cards, seats): they are far below any
    slot bound.
    """

    __slots__ = ("page", "slots", "state")

    def __init__(self, state: State, slots: ActionSlots) -> None:
        self.state = state
        self.slots = slots
        self.page = 0
        """The page of legal moves shown (paged action spaces only)."""

    def clone(self) -> SlottedState:
        """An independent copy."""
        twin = SlottedState(self.state.clone(), self.slots)
        twin.page = self.page
        return twin

    def legal_slots(self) -> list[int]:
        """The legal slots now (chance outcomes at a chance node)."""
        legal = self.state.legal_actions()
        if self.slots.dense or self.state.current_player() == CHANCE:
            return legal
        moves = self.slots.page_moves(legal, self.page)
        result = list(range(len(moves)))
        if self.slots.has_more(legal, self.page):
            result.append(self.slots.more_slot)
        return result

    def engine_action(self, slot: int) -> int | None:
        """The engine action of a legal slot, or None for "more"; raises if illegal."""
        legal = self.state.legal_actions()
        if self.slots.dense or self.state.current_player() == CHANCE:
            if slot not in legal:
                self.state.apply_action(slot)  # raises the engine's explanation
            return slot
        moves = self.slots.page_moves(legal, self.page)
        if 0 <= slot < len(moves):
            return moves[slot]
        if slot == self.slots.more_slot and self.slots.has_more(legal, self.page):
            return None
        texts = [self.state.action_to_string(action) for action in moves]
        more = ""
        if self.slots.has_more(legal, self.page):
            more = f" and {self.slots.more_slot} (more)"
        raise IllegalActionError(
            f"{self.state.game.info.name}: slot {slot} is not legal for seat "
            f"{self.state.current_player()}; legal slots are 0 to {len(moves) - 1}{more}: "
            f"{allowed_list(texts)}"
        )

    def apply_slot(self, slot: int) -> None:
        """Apply a legal slot (a move, a chance outcome, or "more")."""
        action = self.engine_action(slot)
        if action is None:
            self.page += 1
            return
        self.state.apply_action(action)
        self.page = 0

    def slot_to_string(self, slot: int) -> str:
        """The text of a legal slot: the move's own notation, or ``more``."""
        action = self.engine_action(slot)
        return MORE_TEXT if action is None else self.state.action_to_string(action)
