"""Hints: the judge's move from a seat's View, and why.

The hint of the ``hard`` kind (the default) is the judge's best move among the
hard search's favourites (:func:`parlour.judge.judge_position`; the search's
own favourite unless the judge tells another apart from it): the same
question the review asks, so a player who follows every hint is told by the
review that every decision was good. A hint teaches first: its
``explanation`` says in the game's terms what the move does (the game's
``explain`` part, :mod:`parlour.core.explain`); its ``reason`` says in words
what it gains against the other moves weighed; its ``details`` hold the
figures, for a "details" line.

Reads only a View, so a hint may be computed away from the thread that owns the
table (an interface's worker).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from parlour.bots import BOT_KINDS, Bot, make_bot
from parlour.bots.base import automatic_action
from parlour.core.errors import ParlourError
from parlour.core.explain import explain_move, planned_step
from parlour.core.game import View
from parlour.core.sampler import Rng
from parlour.judge import DEFAULT_BUDGET, Budget, Judgment, judge_position
from parlour.judge.words import details as judgment_details
from parlour.judge.words import line_of, unit_of, verdict

HINT_BOT_ORDER = ("hard", "heuristic", "random")
"""The strongest bot kind installed gives hints."""


SEARCH_WORDS = {
    "en": "The move this bot's search prefers.",
    "fr": "Le coup que la recherche de ce robot préfère.",
}
"""What the hint of a search bot other than the judge says about itself."""

STEP_WORDS = {
    "en": {"step": "Now {step}: {move}", "stop": "Now stop: {move}"},
    "fr": {"step": "Maintenant {step} : {move}", "stop": "Maintenant, arrêtez-vous : {move}"},
}
"""A hint inside a move made in steps names the step first, then the whole
move it completes (a Casino capture's next card: "Now 10♡: 10♣ takes …")."""

RANDOM_BOT_NOTE = {
    "en": "(only a random bot is installed: a legal move, not advice)",
    "fr": "(seul un robot au hasard est installé : un coup permis, pas un conseil)",
}
"""What a hint from a random bot says about itself."""


@dataclass(frozen=True)
class Hint:
    """What the hint bot would play: the action, its text, what it does and why
    (in the language asked for; empty if the game or the bot cannot say)."""

    action: int
    text: str
    reason: str
    """Why, in words (or the bot's own word): the hint's second line."""
    bot: str = ""
    """The kind of bot that gave the hint."""
    explanation: str = ""
    """The move in the game's terms (the game's ``explain`` part): the hint's
    first line."""
    target: str | None = None
    """Where the move goes on the table (a coffin cell, a table card), to light
    beside the card."""
    details: str = ""
    """The figures behind the hint (expected leads ± one standard error), for a
    "details" line."""
    judgment: Judgment | None = field(default=None, repr=False, compare=False)
    """The judge's answer behind the hint (None for another bot's hint)."""

    def lines(self) -> list[str]:
        """The hint as a person reads it: the explanation, then why."""
        return [line for line in (self.explanation, self.reason) if line]


def hint_bot_kind() -> str:
    """The bot kind hints come from: the first of ``hard``, ``heuristic``, ``random``."""
    for kind in HINT_BOT_ORDER:
        if kind in BOT_KINDS:
            return kind
    return sorted(BOT_KINDS)[0]


def hint_for(
    view: View,
    seed: int,
    lang: str,
    kind: str | None = None,
    names: Sequence[str] | None = None,
    budget: Budget = DEFAULT_BUDGET,
    show: Callable[[str], str] | None = None,
) -> Hint:
    """The hint for a seat's View: the judge's move (kind ``hard``, the strongest
    installed; ``budget`` says how hard it works) or the bot ``kind``'s, what it
    does in the game's terms (seats named by ``names``), and one line on why.
    The judge's hint depends only on the View and the budget (``seed`` is for
    the other kinds)."""
    kind = kind if kind is not None else hint_bot_kind()
    if (
        kind == "hard"
        and len(view.legal_actions) > 1
        and automatic_action(view.game.info.name, view.legal_actions) is None
    ):
        return _judged_hint(view, lang, names, budget, show)
    seed = (seed * 7919 + len(view.history)) % (1 << 64)
    bot = make_bot(kind, seed)
    action, figures = _search_hint(bot, view, seed, lang)
    why = SEARCH_WORDS.get(lang, SEARCH_WORDS["en"]) if action is not None else ""
    if action is None:
        action = bot.choose(view)
        why = explain_choice(bot, view, action, lang)
    explained = explain_move(view, action, lang, names)
    return Hint(
        action=action,
        text=view.action_to_string(action),
        reason=why,
        bot=kind,
        explanation=explained.headline if explained is not None else "",
        target=explained.target if explained is not None else None,
        details=figures,
    )


def _judged_hint(
    view: View,
    lang: str,
    names: Sequence[str] | None,
    budget: Budget,
    show: Callable[[str], str] | None = None,
) -> Hint:
    """The judge's hint: its best move, the move in the game's terms, the verdict
    in words (the other moves it names shown by ``show``) and the figures behind it."""
    judgment = judge_position(view, budget)
    action = judgment.best
    shown = {value.action: show(value.text) for value in judgment.values} if show else None
    explained = explain_move(view, action, lang, names)
    explanation = explained.headline if explained is not None else ""
    if explanation and planned_step(view) is not None:
        # Inside the seat's move made in steps, the whole move's explanation
        # does not say which step to take now: name it first.
        text = view.action_to_string(action)
        words = STEP_WORDS.get(lang, STEP_WORDS["en"])
        if text == "done":
            explanation = words["stop"].format(move=explanation)
        else:
            step = show(text) if show else text
            explanation = words["step"].format(step=step, move=explanation)
    return Hint(
        action=action,
        text=view.action_to_string(action),
        reason=verdict(judgment, action, lang, unit_of(view.game), shown, line_of(view.game)),
        bot="hard",
        explanation=explanation,
        target=explained.target if explained is not None else None,
        details=judgment_details(judgment, lang, shown),
        judgment=judgment,
    )


def explain_choice(bot: Bot, view: View, action: int, lang: str) -> str:
    """One line on why ``bot`` chose ``action``, from whatever the bot exposes.

    Tried in order: ``bot.explain(view, action)``; a text attribute
    (``last_explanation``, ``last_reason``, ``explanation``); a mapping of
    action values (``last_values``, ``action_values``, ``values``) read as
    expected scores. A random bot says it gives no advice.
    """
    explain = getattr(bot, "explain", None)
    if callable(explain):
        try:
            said = explain(view, action)
        except (TypeError, ValueError, ParlourError):
            said = None
        if isinstance(said, str) and said.strip():
            return said.strip().splitlines()[0]
    for attribute in ("last_explanation", "last_reason", "explanation"):
        said = getattr(bot, attribute, None)
        if isinstance(said, str) and said.strip():
            return said.strip().splitlines()[0]
    for attribute in ("last_values", "action_values", "values"):
        values = getattr(bot, attribute, None)
        if isinstance(values, Mapping) and action in values:
            return _values_line(values, action, lang)
    if getattr(bot, "name", "") == "random":
        return RANDOM_BOT_NOTE.get(lang, RANDOM_BOT_NOTE["en"])
    return ""


def _search_hint(bot: Bot, view: View, seed: int, lang: str) -> tuple[int | None, str]:
    """For a search bot exposing ``searcher.search(view, rng)`` (a result with
    ``action``, ``values`` and ``iterations``): its choice and the figures
    behind it (a details line)."""
    searcher = getattr(bot, "searcher", None)
    search = getattr(searcher, "search", None)
    if not callable(search) or len(view.legal_actions) < 2:
        return None, ""
    try:
        result = search(view, Rng(seed))
        action = int(result.action)
        values = dict(result.values)
        iterations = int(getattr(result, "iterations", 0))
    except (AttributeError, TypeError, ValueError, NotImplementedError):
        return None, ""
    if action not in view.legal_actions:
        return None, ""
    visits = getattr(result, "visits", None)
    if not isinstance(visits, Mapping) or not iterations or action not in values:
        return action, _values_line(values, action, lang)
    share = 100.0 * float(visits.get(action, 0)) / max(1, sum(visits.values()))
    lead = float(values[action])
    if lang == "fr":
        return action, (
            f"le coup le plus essayé en {iterations} parties simulées ({share:.0f} %), "
            f"avance espérée {lead:+.1f} points"
        )
    return action, (
        f"the move tried most in {iterations} simulated games ({share:.0f}%), "
        f"expected lead {lead:+.1f} points"
    )


def _values_line(values: Mapping[int, Any], action: int, lang: str) -> str:
    try:
        best = float(values[action])
        others = sorted((float(value) for key, value in values.items() if key != action))
    except (TypeError, ValueError):
        return ""
    if lang == "fr":
        line = f"avance espérée {best:+.1f} points"
        return line + (f" (coup suivant : {others[-1]:+.1f})" if others else "")
    line = f"expected lead {best:+.1f} points"
    return line + (f" (next best move {others[-1]:+.1f})" if others else "")
