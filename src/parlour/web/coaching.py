"""The guided first deal at the web table: lesson tables and their coach.

"Learn to play" in the lobby makes a lesson table (:func:`create_lesson_table`):
the game's forced deal, the learner in the lesson's seat, the lesson's bots.
The browser then asks ``GET /api/tables/{id}/coach`` after each change and
shows what the coach says; the coach (:class:`parlour.table.coach.Coach`) is
the one the terminal's ``parlour learn`` uses, kept here beside the table.

The coach of a table lives in memory (:class:`LessonCoaches`); a server that
restarted rebuilds it from the table's moves (which of the learner's moves were
choices, and whether they followed the script).
"""

from __future__ import annotations

import threading
from collections import deque
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from parlour.core.game import View
from parlour.i18n import said_move
from parlour.table.coach import Advice, Coach, learner_choices, lesson_for
from parlour.table.table import Table

LESSON_META = "lesson"
"""The key of a lesson table's header ``meta``: the game whose lesson it is."""

RECENT_LINES = 14
"""How many of the coach's last lines the browser is sent."""


def is_lesson_table(table: Table) -> bool:
    """Whether ``table`` was made by "Learn to play"."""
    return isinstance(table.meta.get(LESSON_META), str)


@dataclass
class TableCoach:
    """The coach of one lesson table, and what it has read of the table."""

    coach: Coach
    seat: int
    read_to: int = 0
    """History steps already read."""
    events_read: int = 0
    """The learner's events already read."""
    advice: tuple[int, View, Advice] | None = None
    """The advice given at history length N, with the View it was given for."""
    said: deque[str] = field(default_factory=lambda: deque(maxlen=RECENT_LINES))
    """The coach's last lines, oldest first."""
    lock: threading.Lock = field(default_factory=threading.Lock)

    def catch_up(self, table: Table) -> None:
        """Read the moves and events since the last call (from the start again
        after an undo), and say what the coach says of them."""
        length = table.history_length()
        if length < self.read_to:
            self.coach.catch_up(learner_choices(table, self.seat))
            self.read_to, self.advice = length, None
            self.events_read = len(table.events_for(self.seat))
            return
        for played in table.moves_played():
            if played.step < self.read_to or played.seat != self.seat:
                continue
            if self.advice is not None and self.advice[0] == played.step:
                _, view, advice = self.advice
                judged = self.coach.judge(view, played.action, advice)
                if judged:  # a new choice: what was said before it is done with
                    self.said.clear()
                self.said.extend(judged)
            else:  # advice never asked (a restart): count the move as the script would
                self.coach.catch_up(learner_choices(table, self.seat))
        events = table.events_for(self.seat, self.events_read)
        self.events_read += len(events)
        self.said.extend(self.coach.notice(event for _, event in events))
        self.read_to = length

    def advise(self, table: Table) -> Advice | None:
        """The advice for the learner's decision now (None when not their turn);
        asked once per decision."""
        length = table.history_length()
        if table.seat_to_act() != self.seat:
            return None
        if self.advice is not None and self.advice[0] == length:
            return self.advice[2]
        view = table.view_for(self.seat)
        if view is None:
            return None
        advice = self.coach.advise(view)
        self.advice = (length, view, advice)
        return advice


class LessonCoaches:
    """The coach of every open lesson table of a server process."""

    def __init__(self) -> None:
        self.coaches: dict[str, TableCoach] = {}
        self._lock = threading.Lock()

    def of(self, table: Table, lang: str) -> TableCoach:
        """The coach of ``table`` (made, or rebuilt after a restart, when missing)."""
        with self._lock:
            found = self.coaches.get(table.id)
            if found is None or found.coach.lang != lang:
                game_name = str(table.meta[LESSON_META])
                lesson = lesson_for(game_name)
                coach = Coach(
                    lesson,
                    lang,
                    hint_seed=lesson.seed,
                    show_move=lambda text: said_move(text, lang),
                    names=table.names,
                )
                found = TableCoach(coach, lesson.seat)
                coach.catch_up(learner_choices(table, lesson.seat))
                found.read_to = table.history_length()
                found.events_read = len(table.events_for(lesson.seat))
                self.coaches[table.id] = found
            return found

    def forget(self, table_id: str) -> None:
        """Drop a table's coach (its room was closed)."""
        with self._lock:
            self.coaches.pop(table_id, None)

    def report(self, table: Table, lang: str) -> dict[str, Any]:
        """What the browser shows in the coach's panel now (the learner's seat
        only: the advice reads the learner's View)."""
        coaching = self.of(table, lang)
        with coaching.lock:
            coaching.catch_up(table)
            advice = None if table.is_over() else coaching.advise(table)
            welcome = coaching.coach.welcome() if coaching.coach.decisions == 0 else []
            return {
                "title": coaching.coach.lesson.title.text(lang),
                "welcome": welcome,
                "said": list(coaching.said),
                "advice": None
                if advice is None
                else {"action": advice.action, "move": advice.move, "lines": list(advice.lines)},
                "farewell": coaching.coach.farewell() if table.is_over() else [],
            }


def lesson_table_settings(game_name: str) -> Mapping[str, object]:
    """The lesson of ``game_name``: its options, seed, deck, seat and bots, as
    :meth:`parlour.web.hub.Hub.create_table` takes them."""
    lesson = lesson_for(game_name)
    return {
        "options": dict(lesson.options),
        "seed": lesson.seed,
        "deck": lesson.deck,
        "seat": lesson.seat,
        "opponent": lesson.opponent,
    }
