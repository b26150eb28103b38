"""The whole score sheet of a match: what both interfaces draw, one description.

A :class:`ScoreSheet` is built by :meth:`parlour.core.game.State.full_sheet`
from the game's hooks: its deal lines (``score_sheet()``), the columns (one per
seat, or one per side when partners share a score), what each column starts
with (Nain Jaune's chips), any end bonus, the unit and, once the match is over,
the result. Its totals are the start plus every line and every bonus, and they
agree with the result: where a game's rules make them differ, ``result_note``
says why.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

SCORE_UNITS = ("points", "chips", "cards")
"""The units a sheet may count in."""
LINE_KINDS = ("deal", "round", "coffin")
"""What one line of a sheet scores."""


@dataclass(frozen=True)
class SheetLine:
    """One line of a sheet: a deal's (or round's, or coffin's) scores per column."""

    game: int
    """Game number within a session, from 1."""
    deal: int
    """Deal (or round, or coffin) number within the game, from 1."""
    scores: tuple[float, ...]
    """One score per column."""
    note: str = ""
    """Canonical English note of the engine (a tie, who went out, …)."""

    def to_json(self) -> dict[str, Any]:
        """This line as JSON-friendly data."""
        return {
            "game": self.game,
            "deal": self.deal,
            "scores": list(self.scores),
            "note": self.note,
        }


@dataclass(frozen=True)
class SheetBonus:
    """An end bonus a game's rules add when one of its games ends."""

    game: int
    """The game (within a session) the bonus ends, from 1."""
    scores: tuple[float, ...]
    """The bonus per column (zero for the columns that get none)."""

    def to_json(self) -> dict[str, Any]:
        """This bonus as JSON-friendly data."""
        return {"game": self.game, "scores": list(self.scores)}


@dataclass(frozen=True)
class ScoreSheet:
    """The score sheet of a match, with its totals, end bonuses and result.

    >>> sheet = ScoreSheet.build(
    ...     columns=((0,), (1,)), lines=(SheetLine(1, 1, (10, 4)),),
    ...     bonuses=(SheetBonus(1, (0, 5)),), result=(10, 9))
    >>> sheet.totals
    (10.0, 9.0)
    """

    unit: str
    """What the scores count: ``points``, ``chips`` or ``cards``."""
    columns: tuple[tuple[int, ...], ...]
    """The seats each column scores for (one seat, or the partners of a side)."""
    start: tuple[float, ...]
    """What each column holds before the first deal (zero but for stakes games)."""
    lines: tuple[SheetLine, ...]
    """The scored deals, in order."""
    bonuses: tuple[SheetBonus, ...]
    """The end bonuses, in order of the games they end."""
    totals: tuple[float, ...]
    """Per column: the start, plus every line and every bonus."""
    result: tuple[float, ...] | None
    """Per column: the final result once the match is over, else None."""
    result_note: str = ""
    """Why the result is not the totals, where the rules make it so (else empty)."""
    line_kind: str = "deal"
    """What one line scores: ``deal``, ``round`` (Casino) or ``coffin``."""

    @classmethod
    def build(
        cls,
        *,
        columns: tuple[tuple[int, ...], ...],
        lines: tuple[SheetLine, ...],
        bonuses: tuple[SheetBonus, ...] = (),
        start: tuple[float, ...] | None = None,
        result: tuple[float, ...] | None = None,
        unit: str = "points",
        result_note: str = "",
        line_kind: str = "deal",
    ) -> ScoreSheet:
        """A sheet whose totals are added up here (never given, so they cannot
        disagree with the lines)."""
        if unit not in SCORE_UNITS:
            raise ValueError(f"a score sheet counts in one of {SCORE_UNITS}, not {unit!r}")
        if line_kind not in LINE_KINDS:
            raise ValueError(f"a score sheet's lines are one of {LINE_KINDS}, not {line_kind!r}")
        width = len(columns)
        begin = tuple(float(value) for value in start) if start is not None else (0.0,) * width
        totals = list(begin)
        for scores in [line.scores for line in lines] + [bonus.scores for bonus in bonuses]:
            if len(scores) != width:
                raise ValueError(f"a score sheet line has {len(scores)} scores for {width} columns")
            for index, score in enumerate(scores):
                totals[index] += score
        return cls(
            unit=unit,
            columns=columns,
            start=begin,
            lines=lines,
            bonuses=bonuses,
            totals=tuple(totals),
            result=None if result is None else tuple(float(value) for value in result),
            result_note=result_note,
            line_kind=line_kind,
        )

    def to_json(self) -> dict[str, Any]:
        """The sheet as JSON-friendly data (what the web protocol sends)."""
        return {
            "unit": self.unit,
            "columns": [list(seats) for seats in self.columns],
            "start": list(self.start),
            "lines": [line.to_json() for line in self.lines],
            "bonuses": [bonus.to_json() for bonus in self.bonuses],
            "totals": list(self.totals),
            "result": None if self.result is None else list(self.result),
            "result_note": self.result_note,
            "line_kind": self.line_kind,
        }
