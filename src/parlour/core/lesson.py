"""Lessons: a game's guided first deal, as data the interfaces read.

A lesson is a forced deal (its deck, top first, as ``new_initial_state(deck=…)``
takes it) with a short script: what the coach says before the first move, the
move it proposes at each of the learner's first decisions and why, and what it
says the first time something happens (a first nail, a trick won, a deal
scored). Each game keeps its lesson in its own package (``lesson.py``, a
``LESSON``); :class:`parlour.table.coach.Coach` reads it for the terminal and
the browser alike.

Everything a person reads is a :class:`Said`, in English and French. The
game's name is written ``{title}``: :meth:`Lesson.named` puts in the name the
game declares (``GameInfo.title``, ``title_fr``), so a lesson never spells it
otherwise.

>>> said = Said("Your turn.", "À vous.")
>>> said.text("fr")
'À vous.'
>>> said.text("de")
'Your turn.'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace

from parlour.core.errors import ParlourError

JSONOption = bool | int | float | str | None
"""An option's value as a lesson declares it."""


TITLE = "{title}"
"""Where a lesson's sentence says the game's declared name."""


@dataclass(frozen=True)
class Said:
    """One thing the coach says, in English and in French."""

    en: str
    fr: str

    def text(self, lang: str) -> str:
        """The sentence in ``lang`` (English for a language the lesson lacks)."""
        return self.fr if lang == "fr" else self.en

    def named(self, title: Said) -> Said:
        """This sentence with ``{title}`` replaced by ``title`` in each language.

        >>> Said("Learn {title}", "Apprendre {title}").named(Said("Chess", "Échecs")).fr
        'Apprendre Échecs'
        """
        return Said(self.en.replace(TITLE, title.en), self.fr.replace(TITLE, title.fr))


@dataclass(frozen=True)
class Step:
    """The coach at one of the learner's decisions, while the deal follows the script.

    ``move`` is the proposed move in the game's notation (as the move list writes
    it); ``why`` says why. ``look`` is said first, when there is something on the
    board to point at before the advice. ``equal`` are the moves that do the same
    in the game's terms (Nain Jaune's 4♦ for 4♣ in a run): playing one of them
    is following the coach, and the script goes on.
    """

    move: str
    why: Said
    look: Said | None = None
    equal: tuple[str, ...] = ()


@dataclass(frozen=True)
class Lesson:
    """A guided first deal: the table to set up and the coach's script."""

    title: Said
    """The lesson's name (``Learn {title}``: "Learn Dracula")."""
    options: Mapping[str, JSONOption]
    """The game's options (``players`` among them): one short deal."""
    deck: Sequence[str] | Sequence[Sequence[str]]
    """The forced deal, top first (one list, or one per pack section)."""
    welcome: tuple[Said, ...]
    """Said before the first move, with the board and the hand in view: the aim,
    what is on the table, what to look for."""
    steps: tuple[Step, ...]
    """The learner's first decisions, in order, on the script's line."""
    farewell: Said
    """Said when the deal (the lesson) is over."""
    seat: int = 0
    """The learner's seat."""
    opponent: str = "heuristic"
    """The bots' kind: a fair, steady opponent whose moves are easy to follow."""
    adviser: str = "hard"
    """The hint kind whose move the coach proposes once the script is left
    behind: ``hard`` is the judge's, the hint's own (parlour.judge)."""
    seed: int = 1
    """The table's seed: the bots' seeds and any chance after the forced deal."""
    first_time: Mapping[str, Said] = field(default_factory=dict)
    """Said the first time an event of a kind happens (``{"first_nail": …}``)."""

    def __post_init__(self) -> None:
        if not self.welcome:
            raise ParlourError("a lesson needs at least one welcome sentence")
        if not self.deck:
            raise ParlourError("a lesson needs a forced deck")

    def named(self, title: Said) -> Lesson:
        """This lesson with the game's declared name (``title``) wherever its
        sentences write ``{title}``."""
        steps = tuple(
            replace(
                step,
                why=step.why.named(title),
                look=None if step.look is None else step.look.named(title),
            )
            for step in self.steps
        )
        return replace(
            self,
            title=self.title.named(title),
            welcome=tuple(said.named(title) for said in self.welcome),
            steps=steps,
            farewell=self.farewell.named(title),
            first_time={kind: said.named(title) for kind, said in self.first_time.items()},
        )
