"""The coach of a guided first deal: a game's lesson, read at a table.

The coach reads only what the learner's seat may see (its View and the events
shown to it) and the lesson's script. While the learner follows the script, it
proposes the scripted move and says why; when the learner plays another move,
it says what they played instead and, from then on, proposes the judge's move
(:mod:`parlour.judge`, the hint's own: the script's line is left behind, its
moves may no longer make sense), and says in words what a move played instead
of it costs. The first time something happens (a first nail, a trick won, a deal
scored), it says what that means.

The terminal (``parlour learn``) and the web table both ask the same coach; the
coach keeps no state but what :meth:`Coach.catch_up` can rebuild from the
learner's moves, so a table reopened after a restart gets the same coach.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from parlour.core.errors import ParlourError
from parlour.core.events import Event
from parlour.core.explain import explain_move
from parlour.core.game import View
from parlour.core.lesson import Lesson, Said
from parlour.core.registry import game_class, game_parts
from parlour.judge import QUICK_BUDGET, Budget, Judgment, judge_moves
from parlour.judge.words import line_of, unit_of, verdict
from parlour.table.hints import hint_for

if TYPE_CHECKING:
    from parlour.table.table import Table

COACH_WORDS: dict[str, Said] = {
    "propose": Said("I suggest {move}: {why}", "Je vous propose {move} : {why}"),
    "propose_bare": Said("I suggest {move}.", "Je vous propose {move}."),
    "propose_explained": Said("My suggestion: {explanation}", "Ma proposition : {explanation}"),
    "followed": Said("Well played.", "Bien joué."),
    "departed": Said(
        "You played {played}; I suggested {proposed}. That is allowed: see what it does.",
        "Vous avez joué {played} ; je proposais {proposed}. C'est permis : voyez ce que "
        "cela donne.",
    ),
    "off_script": Said(
        "From here the deal goes its own way: my suggestions are the hint's own moves.",
        "Désormais la donne suit son propre chemin : mes propositions sont celles du conseil.",
    ),
    "only_move": Said(
        "You have one move only: {move}.",
        "Vous n'avez qu'un coup possible : {move}.",
    ),
}
"""The coach's own sentences (a lesson's script says the rest)."""


class LessonMissingError(ParlourError):
    """A game has no guided deal."""


def lesson_for(game_name: str) -> Lesson:
    """The lesson of ``game_name``, from the ``lesson`` module of its package,
    saying the game's name as the game declares it (:meth:`Lesson.named`)."""
    lesson = game_parts(game_name).attribute("lesson", "LESSON")
    if lesson is None:
        raise LessonMissingError(f"the game {game_name!r} has no guided deal yet")
    if not isinstance(lesson, Lesson):
        raise LessonMissingError(f"the lesson part of {game_name!r} holds no Lesson")
    info = game_class(game_name).info
    return lesson.named(Said(info.title_text("en"), info.title_text("fr")))


def has_lesson(game_name: str) -> bool:
    """Whether ``game_name`` has a guided deal."""
    try:
        lesson_for(game_name)
    except LessonMissingError:
        return False
    return True


@dataclass(frozen=True)
class Advice:
    """What the coach says at one of the learner's decisions."""

    action: int | None
    """The move it proposes (None when it proposes none)."""
    move: str
    """That move's text ('' when none)."""
    lines: tuple[str, ...]
    """What it says, in order."""
    scripted: bool
    """True when the script proposed it (False: the hint did)."""
    judgment: Judgment | None = field(default=None, repr=False, compare=False)
    """The judge's answer behind a hint's proposal."""
    equal: tuple[int, ...] = ()
    """The legal moves that do the same as the one proposed (the script's
    ``equal`` moves): playing one is following the coach."""


class Coach:
    """The coach of one learner at one table (see the module's description)."""

    def __init__(
        self,
        lesson: Lesson,
        lang: str,
        *,
        hint_seed: int = 0,
        show_move: Callable[[str], str] | None = None,
        names: Sequence[str] | None = None,
    ) -> None:
        self.lesson = lesson
        self.lang = lang
        self.names = tuple(names) if names is not None else None
        """The seats' names, for the explanations of moves ("Bot 2's row 3")."""
        self.show_move: Callable[[str], str] = show_move or (lambda text: text)
        """How an interface writes a move's text for a person (French card letters)."""
        self.hint_seed = hint_seed
        self.budget: Budget = QUICK_BUDGET
        """The judge's budget for the proposals: the quick one, so that a lesson
        moves at a learner's pace (a hint asks with the default budget)."""
        self.decisions = 0
        """How many choices the learner has made (a move with no other way is none)."""
        self.on_script = True
        """Whether every move so far was the script's."""
        self.seen: set[str] = set()
        """The kinds of event already explained."""

    @classmethod
    def for_game(
        cls, game_name: str, lang: str, *, show_move: Callable[[str], str] | None = None
    ) -> Coach:
        """The coach of ``game_name``'s lesson (hints seeded by the lesson's seed)."""
        lesson = lesson_for(game_name)
        return cls(lesson, lang, hint_seed=lesson.seed, show_move=show_move)

    def say(self, key: str, **values: object) -> str:
        """One of the coach's own sentences, in the coach's language."""
        return COACH_WORDS[key].text(self.lang).format(**values)

    def welcome(self) -> list[str]:
        """What the coach says before the first move."""
        return [said.text(self.lang) for said in self.lesson.welcome]

    def farewell(self) -> list[str]:
        """What the coach says when the lesson's deal is over."""
        return [self.lesson.farewell.text(self.lang)]

    def catch_up(self, moves: Sequence[str]) -> None:
        """Rebuild the coach's memory from the learner's choices so far (the texts
        of the moves made where another was legal, in order), as after a table
        was reopened or a move was taken back."""
        self.decisions = 0
        self.on_script = True
        for text in moves:
            self._count(text)

    def _count(self, played: str) -> None:
        steps = self.lesson.steps
        if self.on_script and (
            self.decisions >= len(steps)
            or played not in (steps[self.decisions].move, *steps[self.decisions].equal)
        ):
            self.on_script = False
        self.decisions += 1

    def advise(self, view: View) -> Advice:
        """The coach at the learner's decision (``view`` is the learner's View)."""
        if len(view.legal_actions) == 1:
            move = view.action_texts[0]
            # Said in the game's terms when the game explains it (a step of a
            # Casino move is "b7" in the notation, an id that reads like a cell).
            explained = explain_move(view, view.legal_actions[0], self.lang, self.names)
            said = explained.headline if explained is not None and explained.headline else ""
            # The headline is a sentence of its own; here it ends ours ("..").
            line = self.say("only_move", move=said.removesuffix(".") or self.show_move(move))
            return Advice(view.legal_actions[0], move, (line,), True)
        steps = self.lesson.steps
        if self.on_script and self.decisions < len(steps):
            step = steps[self.decisions]
            action = _action_of(view, step.move)
            if action is not None:
                lines = [step.look.text(self.lang)] if step.look else []
                why = step.why.text(self.lang)
                lines.append(self.say("propose", move=self.show_move(step.move), why=why))
                equal = (_action_of(view, text) for text in step.equal)
                same = tuple(found for found in equal if found is not None)
                return Advice(action, step.move, tuple(lines), True, equal=same)
        hint = hint_for(
            view,
            self.hint_seed,
            self.lang,
            kind=self.lesson.adviser,
            names=self.names,
            budget=self.budget,
        )
        move = self.show_move(hint.text)
        if hint.explanation:  # the move in the game's terms: what it scores, opens, keeps
            line = self.say("propose_explained", explanation=hint.explanation)
        else:
            why = hint.reason.splitlines()[0] if hint.reason else ""
            line = (
                self.say("propose", move=move, why=why)
                if why
                else self.say("propose_bare", move=move)
            )
        return Advice(hint.action, hint.text, (line,), False, hint.judgment)

    def judge(self, view: View, action: int, advice: Advice) -> list[str]:
        """What the coach says once the learner chose ``action`` at ``view``."""
        if len(view.legal_actions) == 1:
            return []  # no choice: not one of the script's decisions
        played = view.action_to_string(action)
        self.decisions += 1
        was_on_script = self.on_script
        followed = action == advice.action or action in advice.equal
        self.on_script = advice.scripted and followed
        if advice.action is None or followed:
            return [self.say("followed")]
        lines = [
            self.say(
                "departed", played=self.show_move(played), proposed=self.show_move(advice.move)
            )
        ]
        explained = explain_move(view, action, self.lang, self.names)
        if explained is not None and explained.headline:
            lines.append(explained.headline)
        if advice.judgment is not None:
            lines.append(self._cost(view, action, advice.judgment))
        if was_on_script and advice.scripted:
            lines.append(self.say("off_script"))
        return lines

    def _cost(self, view: View, action: int, proposed: Judgment) -> str:
        """What ``action`` costs against the moves the judge weighed for the
        proposal, in words: the review's own question (the same moves, the same
        budget), so the coach and the review agree."""
        weighed = [value.action for value in proposed.values]
        judgment = judge_moves(
            view, [*weighed, action], self.budget, search_choice=proposed.search_choice
        )
        shown = {value.action: self.show_move(value.text) for value in judgment.values}
        return verdict(judgment, action, self.lang, unit_of(view.game), shown, line_of(view.game))

    def notice(self, events: Iterable[Event]) -> list[str]:
        """What the coach says the first time each kind of event happens."""
        lines: list[str] = []
        for event in events:
            said = self.lesson.first_time.get(event.kind)
            if said is not None and event.kind not in self.seen:
                self.seen.add(event.kind)
                lines.append(said.text(self.lang))
        return lines


def _action_of(view: View, text: str) -> int | None:
    """The legal action written ``text`` at ``view`` (None if it is not legal)."""
    for action, shown in zip(view.legal_actions, view.action_texts, strict=True):
        if shown == text:
            return action
    return None


def learner_choices(table: Table, seat: int) -> list[str]:
    """The texts of the moves ``seat`` made where another move was legal, in
    order, found by replaying the table's history."""
    snapshot = table.snapshot()
    state = table.game.new_initial_state()
    choices: list[str] = []
    for action in snapshot.history:
        if state.current_player() == seat and len(state.legal_actions()) > 1:
            choices.append(state.action_to_string(action))
        state.apply_action(action)
    return choices
