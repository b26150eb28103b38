"""Regenerate the golden web state messages: ``python tests/make_web_messages.py``.

For every game, a seeded table (a person at seat 0, random bots elsewhere) is
played for a bounded number of moves; at several points each of four
connections (seat 0 in English, a spectator in French, seat 1 in English, and
seat 0 in French joining late, with the whole log) gets the state message
:meth:`parlour.web.hub.Hub.state_message` builds, an undo included. The
messages are written, as JSON, to ``tests/golden/web_messages.jsonl`` (one
message a line, ``{label: message}``):
``tests/test_web_messages.py`` checks that the server still sends exactly these.

The file was first written by the code that replayed the whole history for
every message (commit 6444073), so it pins the messages' content across the
change that made them cheap.
"""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from parlour.core.registry import game_names
from parlour.table import SeatSpec, Table

GOLDEN = Path(__file__).parent / "golden" / "web_messages.jsonl"
SEED = 2021
MOVES = 90
"""How many moves each game's table plays (bots' moves included)."""
POINTS = (0, 1, 4, 12, 30, 60, MOVES)
"""After how many moves the connections are sent a state."""
UNDO_AT = 12
"""After this many moves, the person at seat 0 takes a move back (once)."""

CONNECTIONS = (("a", 0, "en"), ("spectator", None, "fr"), ("b", 1, "en"))
LATE = ("late", 0, "fr")
"""A connection that joins at the last point (its first message has the whole log)."""

Builder = Callable[[Table, int | None, str, dict[str, Any]], dict[str, Any]]
"""``(table, seat, lang, log position) -> message``; the log position is a dict
``{"next_step", "log_epoch", "undo_count"}`` that the builder updates."""


def seat_facts(table: Table) -> list[dict[str, Any]]:
    """Fixed seat facts (the hub's come from its seat book and connections)."""
    return [
        {
            "seat": seat.index,
            "kind": seat.kind,
            "name": seat.name,
            "bot": seat.bot,
            "free": False,
            "connected": True,
            "away": False,
            "stand_in": "",
        }
        for seat in table.seats
    ]


def new_table(name: str) -> Table:
    """The seeded table of ``name``: a person at seat 0, random bots elsewhere."""
    from parlour.core.registry import load_game

    players = load_game(name).num_players
    seats = [SeatSpec(kind="person", name="Ann")]
    seats += [SeatSpec(kind="bot", bot="random") for _ in range(players - 1)]
    return Table.create(name, seats, seed=SEED)


def play_one(table: Table, chooser: random.Random) -> None:
    """One move: the bot on turn, or a random legal move of the person."""
    if table.bot_to_act() is not None:
        table.play_bot_move()
        return
    seat = table.seat_to_act()
    assert seat is not None
    moves = table.legal_moves(seat)
    action = moves[chooser.randrange(len(moves))][0]
    table.submit(seat, action, table.version)


def scenario(name: str, build: Builder) -> Iterator[tuple[str, dict[str, Any]]]:
    """``(label, message)`` for each point of ``name``'s scenario."""
    table = new_table(name)
    chooser = random.Random(SEED)
    undo_count = 0
    positions = {
        label: {"next_step": 0, "log_epoch": -1, "undo_count": 0} for label, _, _ in CONNECTIONS
    }
    played = 0
    for point in POINTS:
        while played < point and not table.is_over():
            play_one(table, chooser)
            played += 1
            if played == UNDO_AT and table.can_undo(0):
                for label, seat, lang in CONNECTIONS:
                    positions[label]["undo_count"] = undo_count
                    yield f"{name} before undo {label}", build(table, seat, lang, positions[label])
                table.undo(0, table.version)
                undo_count += 1
                for label, seat, lang in CONNECTIONS:
                    positions[label]["undo_count"] = undo_count
                    yield f"{name} after undo {label}", build(table, seat, lang, positions[label])
        for label, seat, lang in CONNECTIONS:
            positions[label]["undo_count"] = undo_count
            yield f"{name} move {played} {label}", build(table, seat, lang, positions[label])
    label, seat, lang = LATE
    position = {"next_step": 0, "log_epoch": -1, "undo_count": undo_count}
    yield f"{name} move {played} {label}", build(table, seat, lang, position)


def hub_builder() -> Builder:
    """Messages built by :meth:`Hub.state_message`, on a stand-in for the hub's
    seat book (fixed names and seat facts)."""
    from parlour.web.hub import Connection, Hub, Room

    class FixedSeats:
        bot_delay = 0.9  # the server's default pace

        def names(self, room: Room) -> list[str]:
            return list(room.table.names)

        def seat_facts(self, room: Room) -> list[dict[str, Any]]:
            return seat_facts(room.table)

    def build(
        table: Table, seat: int | None, lang: str, position: dict[str, Any]
    ) -> dict[str, Any]:
        room = Room(table)
        room.undo_count = position["undo_count"]
        connection = Connection(sender=None, seat=seat, lang=lang)  # type: ignore[arg-type]
        connection.next_step = position["next_step"]
        connection.log_epoch = position["log_epoch"]
        message = Hub.state_message(FixedSeats(), room, connection)  # type: ignore[arg-type]
        position["next_step"] = connection.next_step
        position["log_epoch"] = connection.log_epoch
        return message

    return build


def golden_messages(build: Builder) -> dict[str, Any]:
    """Every game's scenario, as JSON-friendly data (table ids made constant)."""
    cases: dict[str, Any] = {}
    for name in game_names():
        for label, message in scenario(name, build):
            cases[label] = json.loads(json.dumps({**message, "table": "T"}))
    return cases


def main() -> int:
    """Write the golden file."""
    cases = golden_messages(hub_builder())
    lines = [
        json.dumps({label: message}, ensure_ascii=False, separators=(",", ":"))
        for label, message in cases.items()
    ]
    GOLDEN.write_text("\n".join(lines) + "\n")
    print(f"wrote {len(cases)} messages to {GOLDEN}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
