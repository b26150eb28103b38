"""A run of forced plays is shown at the bots' pace (issue 23), and what the
table pauses on comes from the events' own facts (issue 22).

Nain Jaune plays every forced card inside one move, so one move of eight players
can carry a whole run. Over the web protocol, without sockets and without a
clock: each move comes in its own message (one version each, never two moves
coalesced), the message says the pace (``pace``: the bots' seconds a move) at
which the browser shows the run card by card, and the next bot (or stand-in)
waits one pace for each card played, plus the milestone's pause. The waits are
read from the hub's calls to ``asyncio.sleep``, never timed.
"""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest

from parlour.core.events import TABLE_FACTS, Event
from parlour.core.registry import game_names, load_game
from parlour.table import SeatSpec
from parlour.web._bots import MILESTONE_PACES, paces_after
from test_web_hub import make_hub, run_apart

SEED = 1
"""The deal of the eight-player table: within its first 80 moves, Ann (who plays
her last legal move) is forced into a run of several cards. Deals differ: on
some (seed 4) she never is, so the deal is given, not drawn."""

PACE = 0.125
"""The bots' pace of these tables, in seconds (a value no other wait takes)."""


class Recorder:
    """A client that reads everything it is sent."""

    def __init__(self) -> None:
        self.messages: list[dict[str, Any]] = []

    async def send_text(self, data: str) -> None:
        self.messages.append(json.loads(data))

    async def close(self, code: int = 1000, reason: str | None = None) -> None:
        pass


def plays(message: dict[str, Any]) -> int:
    return sum(1 for entry in message["events"] if entry["event"]["plays_card"])


def test_nain_jaune_runs_come_move_by_move_with_one_pace_per_card_played(
    tmp_path: Path,
) -> None:
    from parlour.web.hub import Connection

    hub = make_hub(tmp_path)
    hub.bot_delay = PACE
    real_sleep = asyncio.sleep
    waits: list[tuple[int, float]] = []
    """``(table version, seconds)`` of each wait of the hub, in order."""
    person, watcher = Recorder(), Recorder()

    async def run() -> None:
        seats = [SeatSpec(kind="person", name="Ann")]
        seats += [SeatSpec(kind="bot", bot="random") for _ in range(7)]
        room, _ = hub.create_table("nain-jaune", {"players": 8}, seats, seed=SEED)

        async def sleep(seconds: float) -> None:
            # The bots' own waits, through the hub's clock: replacing
            # asyncio.sleep would also hurry every other event loop of the
            # process (the browser tests' live server among them).
            waits.append((room.table.version, seconds))
            await real_sleep(0)

        hub.pacing.sleep = sleep
        mine = Connection(sender=person, seat=0)
        await hub.join(room, mine)
        await hub.join(room, Connection(sender=Recorder(), seat=None))
        await hub.join(room, Connection(sender=watcher, seat=None))
        while room.table.version < 80 and not room.table.is_over():
            if room.table.seat_to_act() == 0 and (room.bot_task is None or room.bot_task.done()):
                legal = room.table.legal_moves(0)
                await hub.move(room, mine, legal[-1][0], room.table.version)
            await real_sleep(0)
        assert room.bot_task is not None
        room.bot_task.cancel()
        await real_sleep(0)
        await hub.close()

    run_apart(run)
    states = [message for message in watcher.messages if message["type"] == "state"]
    assert all(message["pace"] == PACE for message in states)
    # One move a message: every version after the first comes alone.
    versions = [message["version"] for message in states]
    assert versions == list(range(versions[0], versions[0] + len(versions)))
    first_waits: dict[int, float] = {}
    for version, seconds in waits:
        first_waits.setdefault(version, seconds)
    assert first_waits, "the bots' waits were not seen"
    runs = 0
    for message in states[1:]:
        events = message["events"]
        count = plays(message)
        runs += count > 1
        milestone = any(entry["event"]["milestone"] for entry in events)
        expected = (MILESTONE_PACES if milestone else 1.0) + max(0, count - 1)
        version = message["version"]
        if version in first_waits and message["to_act"] != 0:  # a bot moved next
            assert first_waits[version] == pytest.approx(PACE * expected), message["version"]
    assert runs > 0, "no move of this match played a run of several cards"
    # The person's own forced cards are among the runs shown card by card.
    person_states = [message for message in person.messages if message["type"] == "state"]
    forced_mine = [
        message
        for message in person_states
        if plays(message) > 1
        and any(
            entry["event"]["kind"] == "card_played"
            and entry["event"]["seat"] == 0
            and entry["event"]["forced"]
            for entry in message["events"]
        )
    ]
    assert forced_mine and all(message["pace"] == PACE for message in forced_mine)


def test_a_move_asks_one_pace_more_for_each_card_played_after_the_first() -> None:
    from parlour.table import Table

    bots = [SeatSpec(kind="bot", bot="random") for _ in range(8)]
    table = Table.create("nain-jaune", bots, options={"players": 8}, seed=3)
    seen = set()
    while not table.is_over() and len(seen) < 3:
        events = table.play_bot_move()
        played = sum(1 for _, event in events if event.plays_card)
        milestone = any(event.milestone for _, event in events)
        base = MILESTONE_PACES if milestone else 1.0
        assert paces_after(events) == base + max(0, played - 1)
        seen.add((played > 1, milestone))
    assert (True, False) in seen


def all_event_classes() -> list[type[Event]]:
    for name in game_names():
        load_game(name)
    found: list[type[Event]] = []
    waiting = [Event]
    while waiting:
        for subclass in waiting.pop().__subclasses__():
            found.append(subclass)
            waiting.append(subclass)
    return found


def test_no_event_kind_has_a_field_named_like_a_table_fact() -> None:
    from dataclasses import fields

    for kind in all_event_classes():
        names = {item.name for item in fields(kind)}
        assert not names & set(TABLE_FACTS), kind


@pytest.mark.parametrize("name", game_names())
def test_every_events_json_carries_its_class_facts(name: str) -> None:
    import random

    game = load_game(name)
    state = game.new_initial_state(seed=4)
    rng = random.Random(4)
    while not state.is_terminal() and len(state.history) < 400:
        legal = state.legal_actions()
        state.apply_action(legal[rng.randrange(len(legal))])
    kinds = set()
    for seat in (None, 0):
        for _, event in state.event_log(seat):
            data = event.to_json()
            for fact in TABLE_FACTS:
                assert data[fact] is getattr(type(event), fact), (event, fact)
            kinds.add(event.kind)
            assert data["kind"] == event.kind
    # Every game has cards played and a deal that ends with a milestone.
    assert any(kind.plays_card for kind in all_event_classes() if kind.kind in kinds)
