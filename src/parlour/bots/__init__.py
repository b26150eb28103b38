"""Bots: players that see only a :class:`~parlour.core.game.View` of their seat.

A bot never receives the State. It owns its random generator, seeded when the
bot is made, so a match between bots replays exactly from its seeds.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from parlour.core.errors import InvalidOptionError, allowed_list
from parlour.core.game import View
from parlour.core.sampler import Rng


class Bot(Protocol):
    """Anything that picks one of a view's legal actions."""

    name: str

    def choose(self, view: View) -> int:
        """One of ``view.legal_actions``."""
        ...


class RandomBot:
    """Picks uniformly among the legal actions, with its own seeded generator."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def choose(self, view: View) -> int:
        """A uniformly random legal action."""
        if not view.legal_actions:
            raise ValueError(f"seat {view.seat} has no legal action to choose from")
        return self.rng.choice(view.legal_actions)


BOT_KINDS: dict[str, Callable[[int], Bot]] = {"random": RandomBot}
"""Bot kinds by name: each takes a seed."""


def make_bot(kind: str, seed: int) -> Bot:
    """A bot of the named kind (``random`` …) with its own seed."""
    try:
        factory = BOT_KINDS[kind]
    except KeyError:
        raise InvalidOptionError(
            f"unknown opponent {kind!r}; opponents: {allowed_list(sorted(BOT_KINDS))}"
        ) from None
    return factory(seed)
