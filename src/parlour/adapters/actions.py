"""Action slots: the bounded, fixed-size action space every adapter exposes.

Every parlour game numbers its actions densely (Dracula: 542 ids, Casino: 634,
Colour-blind: 52), so a slot is simply the engine's action id and the action
mask has ``game.num_distinct_actions()`` entries. (Casino once packed a whole
move into one 62-bit id and needed pages of slots; its moves are now made in
steps of few choices, and the paging is gone.) A game with more than
:data:`DENSE_LIMIT` ids is refused with a clear error rather than given a mask
no agent could use.

>>> import parlour
>>> from parlour.adapters.actions import ActionSlots
>>> ActionSlots(parlour.load_game("casino")).size
634
"""

from __future__ import annotations

from typing import Any

from parlour.core.errors import ParlourError
from parlour.core.game import Game, State

DENSE_LIMIT = 4096
"""The most action ids an adapter exposes as an action mask."""


class ActionSlots:
    """How one game's action ids map to the adapters' action slots: one to one."""

    def __init__(self, game: Game[Any]) -> None:
        distinct = game.num_distinct_actions()
        if distinct > DENSE_LIMIT:
            raise ParlourError(
                f"{game.info.name} has {distinct} action ids; the adapters expose at most "
                f"{DENSE_LIMIT} (an action mask of that size)"
            )
        self.size: int = distinct
        """The number of slots (the size of an action mask)."""
        self.max_game_length: int = game.max_game_length()
        """Bound on slots played in a match (the engine's bound)."""


class SlottedState:
    """A parlour State seen through action slots: what all three adapters drive.

    Slots are the engine's action ids, and chance nodes keep their outcome ids.
    """

    __slots__ = ("slots", "state")

    def __init__(self, state: State, slots: ActionSlots) -> None:
        self.state = state
        self.slots = slots

    def clone(self) -> SlottedState:
        """An independent copy."""
        return SlottedState(self.state.clone(), self.slots)

    def legal_slots(self) -> list[int]:
        """The legal slots now (chance outcomes at a chance node)."""
        return self.state.legal_actions()

    def apply_slot(self, slot: int) -> None:
        """Apply a legal slot (an action or a chance outcome); an illegal one raises
        the engine's explanation and changes nothing."""
        self.state.apply_action(slot)

    def slot_to_string(self, slot: int) -> str:
        """The text of a legal slot: the action's own notation."""
        if slot not in self.state.legal_actions():
            self.state.apply_action(slot)  # raises the engine's explanation
        return self.state.action_to_string(slot)
