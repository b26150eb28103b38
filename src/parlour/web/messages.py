"""The state message a connection is sent: built from its seat alone, at a cost
that does not grow with the match.

:func:`state_message` is a pure function of a table, a seat (None: a
spectator), the seats' names and public facts, the connection's language and
where its event log stands (:class:`LogPosition`). It reads the seat's
observation and legal moves, never a View (whose history is the whole match),
and only the events the connection has not been sent (found by a binary search
on the step). What several connections of one seat, or several spectators,
share (the observation, the legal moves, whether undo is allowed, the events
rendered in one language) is built once per version of the table
(:meth:`parlour.table.Table.cached`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from parlour.core.seat_names import seat_name_in
from parlour.render import Style
from parlour.render.narration import seat_sentence
from parlour.table import Table


@dataclass(frozen=True)
class LogPosition:
    """Where a connection's event log stands."""

    next_step: int = 0
    """The first history step whose events the connection has not been sent."""
    epoch: int = -1
    """The table's undo count when the connection's log was last sent whole (-1:
    never): a different count means the log must be sent again from the start."""


@dataclass(frozen=True)
class SeatPart:
    """What every connection of one seat (or every spectator) is sent alike at one
    version of the table."""

    version: int
    view: dict[str, Any]
    legal: list[dict[str, Any]]
    to_act: int | None
    over: bool
    result: list[float] | None
    can_undo: bool
    sheet: dict[str, Any]
    """The whole score sheet (:meth:`parlour.core.sheet.ScoreSheet.to_json`)."""


def seat_part(table: Table, seat: int | None) -> SeatPart:
    """The part of ``seat``'s message shared by its connections, built once per
    version of the table."""
    return table.cached(("message", seat), lambda: _build_seat_part(table, seat))


def _build_seat_part(table: Table, seat: int | None) -> SeatPart:
    if seat is None:
        view = table.public_observation()
        legal: list[dict[str, Any]] = []
        can_undo = False
    else:
        view = table.observation(seat)
        legal = [{"action": action, "text": text} for action, text in table.legal_moves(seat)]
        can_undo = table.can_undo(seat)
    return SeatPart(
        version=table.version,
        view=view,
        legal=legal,
        to_act=table.seat_to_act(),
        over=table.is_over(),
        result=table.result(),
        can_undo=can_undo,
        sheet=table.sheet_json(),
    )


def rendered_events(
    table: Table, seat: int | None, since: int, names: Sequence[str], lang: str
) -> list[dict[str, Any]]:
    """The events ``seat`` saw from history step ``since`` on, each with its
    sentence in ``lang`` (built once per version for each such request)."""
    key = ("events", seat, since, tuple(names), lang)
    return table.cached(key, lambda: _render_events(table, seat, since, names, lang))


def _render_events(
    table: Table, seat: int | None, since: int, names: Sequence[str], lang: str
) -> list[dict[str, Any]]:
    style = Style(lang=lang)
    game_name = table.game.info.name
    return [
        {
            "step": step,
            "event": event.to_json(),
            "text": seat_sentence(game_name, event, names, style, seat),
        }
        for step, event in table.events_for(seat, since)
    ]


def state_message(
    table: Table,
    seat: int | None,
    *,
    names: Sequence[str],
    seat_facts: Sequence[dict[str, Any]],
    lang: str,
    position: LogPosition,
    epoch: int,
    pace: float = 0.0,
) -> tuple[dict[str, Any], LogPosition]:
    """What a connection at ``seat`` (None: a spectator) may see of ``table`` now,
    and where its event log stands once the message is sent.

    ``names`` and ``seat_facts`` are the seats' names and public facts;
    ``position`` is where the connection's log stood; ``epoch`` is the table's
    undo count now: when it differs from the position's, the whole log is sent
    again (``log_reset``). Only the events from the position's step on are
    read, so the message costs the same early and late in a match.

    ``pace`` is the seconds the server's bots wait before a move: when one
    message brings several cards played (the forced plays of a Nain Jaune run),
    the browser shows them one at a time at this pace, and the server waits for
    it before the next bot moves (0: all at once).
    """
    names = [seat_name_in(name, index, lang) for index, name in enumerate(names)]
    seat_facts = [
        fact if fact.get("name") == names[index] else {**fact, "name": names[index]}
        for index, fact in enumerate(seat_facts)
    ]
    reset = position.epoch != epoch
    since = 0 if reset else position.next_step
    events = rendered_events(table, seat, since, names, lang)
    if events:
        next_step = max(event["step"] for event in events) + 1
    elif reset:
        next_step = 0
    else:
        next_step = position.next_step
    part = seat_part(table, seat)
    message = {
        "type": "state",
        "table": table.id,
        "game": table.game.info.name,
        "version": part.version,
        "seat": seat,
        "view": part.view,
        "legal": part.legal,
        "events": events,
        "log_reset": reset,
        "to_act": part.to_act,
        "over": part.over,
        "result": part.result,
        "can_undo": part.can_undo,
        "sheet": part.sheet,
        "names": list(names),
        "seats": list(seat_facts),
        "pace": pace,
    }
    return message, LogPosition(next_step=next_step, epoch=epoch)
