"""What every bot shares: the :class:`Bot` protocol, per-decision seeding, and
the few choices every bot makes the same way.

A bot's choice must depend only on its seed and the :class:`View` it is given.
So no bot keeps a generator that advances from one decision to the next:
:func:`decision_rng` derives a fresh generator for each decision from the seed
and a digest of the view (its seat, its history as the seat saw it, and its
legal actions).
"""

from __future__ import annotations

import hashlib
import struct
from collections.abc import Callable, Sequence
from typing import Protocol, cast

from parlour.core.game import View
from parlour.core.parts import MissingPartError
from parlour.core.registry import game_parts
from parlour.core.sampler import Rng


class Bot(Protocol):
    """Anything that picks one of a view's legal actions."""

    name: str

    def choose(self, view: View) -> int:
        """One of ``view.legal_actions``."""
        ...


def view_digest(view: View) -> int:
    """A 64-bit digest of what a seat knows at a decision: seat, seen history and
    legal actions. Stable across processes and Python versions (no ``hash()``)."""
    numbers: list[int] = [view.seat, len(view.history)]
    for actor, action in view.history:
        numbers.append(actor)
        numbers.append(-2 if action is None else action)
    numbers.append(-3)
    numbers.extend(view.legal_actions)
    data = struct.pack(f"<{len(numbers)}q", *numbers)  # 8 bytes each, little-endian, signed
    return int.from_bytes(hashlib.blake2b(data, digest_size=8).digest(), "little")


def decision_rng(seed: int, view: View) -> Rng:
    """The generator of one decision: the bot's seed mixed with the view's digest.

    >>> from parlour import load_game
    >>> view = load_game("dracula").new_initial_state(seed=1).view(0)
    >>> decision_rng(5, view).next64() == decision_rng(5, view).next64()
    True
    """
    return Rng((seed * 0x9E3779B97F4A7C15) ^ view_digest(view))


def require_choice(view: View) -> None:
    """Raise a clear error if the view's seat has nothing to choose."""
    if not view.legal_actions:
        raise ValueError(
            f"seat {view.seat} has no legal action to choose from (it is not its turn)"
        )


AutomaticHook = Callable[[Sequence[int]], "int | None"]
"""A game's ``automatic_action(legal_actions)``: the action every bot takes, or None."""

_AUTOMATIC: dict[str, AutomaticHook | None] = {}
"""Each game's ``automatic_action`` hook (None: it has none), looked up once."""


def _automatic_hook(game_name: str) -> AutomaticHook | None:
    found = game_parts(game_name).hook("heuristic", "automatic_action")
    if found is not None and not callable(found):
        raise MissingPartError(
            f"the heuristic part of the game {game_name!r} gives automatic_action = "
            f"{found!r}, not a function of the legal actions"
        )
    return cast("AutomaticHook | None", found)


def automatic_action(game_name: str, legal_actions: Sequence[int]) -> int | None:
    """An action every bot takes without thinking, or None: what the game's
    heuristic part says in its optional ``automatic_action(legal_actions)`` hook (a
    box won at Nain Jaune with ``claim=manual`` is always claimed)."""
    if game_name not in _AUTOMATIC:
        _AUTOMATIC[game_name] = _automatic_hook(game_name)
    hook = _AUTOMATIC[game_name]
    return None if hook is None else hook(legal_actions)


class RandomBot:
    """Picks uniformly among the legal actions.

    The choice is drawn from a generator derived from the bot's seed and the view
    (:func:`decision_rng`), so the same view and seed give the same choice.
    """

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def choose(self, view: View) -> int:
        """A uniformly random legal action (after the game's automatic ones)."""
        require_choice(view)
        forced = automatic_action(view.game.info.name, view.legal_actions)
        if forced is not None:
            return forced
        return decision_rng(self.seed, view).choice(view.legal_actions)
