"""A move explained in the game's terms, from a seat's View.

Each game may declare an ``explain`` part (``parlour.games.<game>.explain``) with
``explain_move(view, action, lang, names) -> MoveExplanation``. It reads only the
View (never a hidden card), scores with the game's own scoring functions, and
says in a sentence what the move does: what it scores now, what it opens or
closes for each opponent, what it keeps in hand. Hints, the guided first deal
and the post-game review all read it through :func:`explain_move`.

>>> import parlour
>>> state = parlour.load_game("dracula", first_dealer=0).new_initial_state(
...     deck="AS 8S 6S 2H 3D 4C 9H KC 5S".split())
>>> state.apply_action(state.string_to_action("columns"))
>>> view = state.view(1)
>>> explanation = explain_move(view, view.string_to_action("AS b1"), "en", ["Ann", "Bob"])
>>> explanation.target
'b1'
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol, cast

from parlour.core.errors import IllegalActionError
from parlour.core.game import View
from parlour.core.registry import game_parts


@dataclass(frozen=True)
class SeatEffect:
    """What a move does to one other seat's chances: ``before`` and ``after`` are
    the most that seat's line (or hand, or trick) could make, in the game's
    unit (None when the game measures nothing for that seat)."""

    seat: int
    sentence: str
    """The effect in words, in the language asked (``Bob's row 3 can now make at
    most 18``)."""
    before: int | None = None
    after: int | None = None


@dataclass(frozen=True)
class MoveExplanation:
    """A move explained: the headline a person reads, and the facts behind it.

    ``headline`` is the whole explanation in one sentence; ``scores`` what the
    move scores for the mover now (None: nothing is scored yet, the line or trick
    is not complete), with ``score_sentence`` saying why; ``opponents`` what it
    opens or closes for each other seat; ``keeps`` the cards left in the mover's
    hand; ``target`` the place on the table the move goes to (a coffin cell, a
    table card), for an interface to light.
    """

    action: int
    move: str
    """The move's text (``view.action_to_string``)."""
    headline: str
    scores: int | None = None
    score_sentence: str = ""
    opponents: tuple[SeatEffect, ...] = ()
    keeps: tuple[str, ...] = ()
    """The cards left in the mover's hand after the move (canonical texts)."""
    target: str | None = None


class ExplainHook(Protocol):
    """A game's ``explain_move`` (its ``explain`` part)."""

    def __call__(
        self, view: View, action: int, lang: str, names: Sequence[str] | None = None
    ) -> MoveExplanation:
        """Explain ``action`` from ``view``."""
        ...


def explain_move(
    view: View, action: int, lang: str = "en", names: Sequence[str] | None = None
) -> MoveExplanation | None:
    """The explanation of one of ``view``'s legal actions by the game's ``explain``
    part, or None when the game declares none. Seats are named by ``names``
    ("player 2" when not given); an action the view does not list raises
    :class:`IllegalActionError`."""
    if action not in view.legal_actions:
        view.action_to_string(action)  # raises with the legal choices
        raise IllegalActionError(f"action {action!r} is not legal for seat {view.seat}")
    hook = game_parts(view.game.info.name).hook("explain", "explain_move")
    if hook is None:
        return None
    return cast(ExplainHook, hook)(view, action, lang, names)


def planned_step(view: View) -> int | None:
    """Inside a move made in steps, the step that completes it as the game's
    explanation of its first step said (the game's ``explain`` part's
    ``planned_step``), or None (no such part, or not inside such a move)."""
    hook = game_parts(view.game.info.name).hook("explain", "planned_step")
    if hook is None:
        return None
    step = cast("Callable[[View], int | None]", hook)(view)
    return step if step in view.legal_actions else None
