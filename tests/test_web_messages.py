"""The web state message: unchanged in content, and as cheap late in a match as early.

The content is pinned by ``tests/golden/web_messages.jsonl``, written by the
code that replayed the whole history for every message (see
``tests/make_web_messages.py``). The cost is counted in work, never in time:
the number of game steps applied (``_apply``) and observations built while
messages are built, early and late in a match.
"""

from __future__ import annotations

import json
import random
import threading
from collections.abc import Iterator
from typing import Any

import pytest

import parlour
from make_web_messages import (
    GOLDEN,
    SEED,
    Builder,
    golden_messages,
    hub_builder,
    new_table,
    play_one,
    seat_facts,
)
from parlour.core.registry import game_names, load_game
from parlour.table import Table


def pure_builder() -> Builder:
    """Messages built by :func:`parlour.web.messages.state_message` itself."""
    from parlour.web.messages import LogPosition, state_message

    def build(
        table: Table, seat: int | None, lang: str, position: dict[str, Any]
    ) -> dict[str, Any]:
        message, moved = state_message(
            table,
            seat,
            names=table.names,
            seat_facts=seat_facts(table),
            lang=lang,
            position=LogPosition(position["next_step"], position["log_epoch"]),
            epoch=position["undo_count"],
            pace=0.9,  # as the hub's builder (the server's default pace)
        )
        position["next_step"], position["log_epoch"] = moved.next_step, moved.epoch
        return message

    return build


def golden() -> dict[str, Any]:
    cases: dict[str, Any] = {}
    for line in GOLDEN.read_text().splitlines():
        cases.update(json.loads(line))
    return cases


@pytest.mark.parametrize("builder", [pure_builder, hub_builder], ids=["function", "hub"])
def test_messages_are_the_ones_sent_before(builder: Any) -> None:
    """Every game, several points, after an undo, a spectator, a late joiner: the
    same JSON, key order included, as the replaying code sent."""
    expected = golden()
    built = golden_messages(builder())
    assert list(built) == list(expected)
    games_with_undo = {label.split()[0] for label in built if "after undo" in label}
    assert games_with_undo == set(game_names()), "every game's scenario must take a move back"
    for label, message in built.items():
        assert json.dumps(message, ensure_ascii=False) == json.dumps(
            expected[label], ensure_ascii=False
        ), label


# ----- work, counted ---------------------------------------------------------------


@pytest.fixture
def counted(monkeypatch: pytest.MonkeyPatch) -> Iterator[dict[str, int]]:
    """Count the steps applied and the observations built by every game's state
    (a wrapper around the real methods: the pure engine only, since a compiled
    class cannot be patched). Only this test's thread counts: a server another
    test left running in this process (the browser tests' live server) has bots
    thinking in its own threads, on the same classes."""
    if parlour.compiled():
        pytest.skip("counting calls needs the pure engine (compiled classes cannot be patched)")
    counts = {"apply": 0, "observation": 0}
    mine = threading.get_ident()
    for name in game_names():
        state_class = load_game(name).state_class
        apply, observe = state_class._apply, state_class._observation

        def counting_apply(self: Any, action: int, _real: Any = apply) -> None:
            if threading.get_ident() == mine:
                counts["apply"] += 1
            _real(self, action)

        def counting_observation(self: Any, player: int, _real: Any = observe) -> Any:
            if threading.get_ident() == mine:
                counts["observation"] += 1
            return _real(self, player)

        monkeypatch.setattr(state_class, "_apply", counting_apply)
        monkeypatch.setattr(state_class, "_observation", counting_observation)
    yield counts


def work(counts: dict[str, int], action: Any) -> dict[str, int]:
    """The steps applied and observations built while ``action()`` runs."""
    before = dict(counts)
    action()
    return {key: counts[key] - before[key] for key in counts}


def played_to(table: Table, moves: int, chooser: random.Random) -> int:
    """Play up to ``moves`` moves in all (fewer if the game ends); return the count."""
    played = 0
    while played < moves and not table.is_over():
        play_one(table, chooser)
        played += 1
    return played


EARLY, LATE = 3, 150


@pytest.mark.parametrize("name", game_names())
def test_a_message_late_in_a_match_costs_what_it_costs_early(
    name: str, counted: dict[str, int]
) -> None:
    """Building a seat's message, a spectator's, and a bot's View applies no step
    of the game, early or late (the replaying code applied the whole history)."""
    build = hub_builder()
    table = new_table(name)
    chooser = random.Random(SEED)
    samples = []
    total = 0
    for target in (EARLY, LATE):
        played = played_to(table, target - total, chooser)
        assert played > 0
        total += played
        messages = []

        def everyone(messages: list[Any] = messages) -> None:
            for seat in (0, None):
                position = {"next_step": 0, "log_epoch": 0, "undo_count": 0}
                messages.append(build(table, seat, "en", position))
            table.view_for(1)

        samples.append((table.history_length(), work(counted, everyone)))
    (early_steps, early_work), (late_steps, late_work) = samples
    # (a short game, one of another distribution, is played to its end)
    longer = min(50, (parlour.load_game(name).max_game_length() - EARLY) // 2)
    assert late_steps > early_steps + longer, "the match must be much longer the second time"
    assert early_work["apply"] == late_work["apply"] == 0, samples


@pytest.mark.parametrize("name", ["dracula", "nain-jaune"])
def test_spectators_and_a_seats_connections_share_one_build(
    name: str, counted: dict[str, int]
) -> None:
    """Ten spectators and three connections of seat 0 at one version: each seat's
    observation is built once, not once per connection."""
    build = hub_builder()
    table = new_table(name)
    played_to(table, 20, random.Random(SEED))

    def crowd() -> None:
        for seat in [None] * 10 + [0] * 3:
            build(table, seat, "fr", {"next_step": 0, "log_epoch": 0, "undo_count": 0})

    done = work(counted, crowd)
    players = load_game(name).num_players
    # The public view reads each seat's observation once; seat 0's own is one more.
    assert done["observation"] <= players + 1, done


def test_seen_history_kept_step_by_step_equals_a_replay() -> None:
    """For every game, the seen history a table's state keeps as moves come is the
    one a replay rebuilds, for every seat, in clones too, and after an undo."""
    for name in game_names():
        table = new_table(name)
        chooser = random.Random(SEED)
        played_to(table, 40, chooser)
        if table.can_undo(0):
            table.undo(0, table.version)
        played_to(table, 20, chooser)
        state = table.snapshot()
        twin = state.clone()
        legal = twin.legal_actions()
        if legal:
            twin.apply_action(legal[0])
        for player in range(state.game.num_players):
            assert state.seen_history(player) == state._replayed_seen_history(player), name
            assert twin.seen_history(player) == twin._replayed_seen_history(player), name
            assert len(twin.seen_history(player)) > len(state.seen_history(player)) or not legal
            view = table.view_for(player)
            assert view is not None and view.history == state.seen_history(player)


def test_event_log_from_a_step_is_the_filtered_log() -> None:
    """``event_log(since=…)`` found by a binary search equals the whole log filtered."""
    table = new_table("casino")
    played_to(table, 60, random.Random(SEED))
    state = table.snapshot()
    whole = state.event_log(0)
    for since in range(0, len(state.history) + 2):
        assert state.event_log(0, since=since) == [item for item in whole if item[0] >= since]


def test_a_card_the_game_plays_for_a_person_is_told_to_that_seat_alone() -> None:
    """The playtest's newcomer at a five-handed Nain Jaune saw a deal end within
    seconds without being asked anything: the game plays a seat's only legal
    card itself, inside a move, and the log said "Ann plays 7♣." as of any
    card. The seat's own log now says the game played it for them; the other
    seats and the spectators read what they read before (nothing more)."""
    from parlour.core.seat_names import seat_name_in
    from parlour.table.table import SeatSpec
    from parlour.web.messages import LogPosition, state_message

    seats = [SeatSpec(kind="person", name="Ann"), SeatSpec(kind="person", name="Bea")]
    seats += [SeatSpec(kind="bot", bot="random") for _ in range(3)]
    table = Table.create("nain-jaune", seats, options={"players": 5, "max_deals": 1}, seed=SEED)
    chooser = random.Random(3)
    while not table.is_over():
        play_one(table, chooser)

    def texts(seat: int | None, lang: str) -> list[tuple[dict[str, Any], str]]:
        message, _ = state_message(
            table,
            seat,
            names=table.names,
            seat_facts=seat_facts(table),
            lang=lang,
            position=LogPosition(),
            epoch=0,
        )
        return [(entry["event"], entry["text"]) for entry in message["events"]]

    for lang, own, plays in (
        ("en", "Only move: played {card} for you.", "{name} plays {card}."),
        ("fr", "Seul coup possible : {card} joué pour vous.", "{name} joue {card}."),
    ):
        style = parlour.render.Style(lang=lang)
        for seat, name in ((0, "Ann"), (1, "Bea")):
            forced = [
                text
                for event, text in texts(seat, lang)
                if event["kind"] == "card_played" and event["forced"] and event["seat"] == seat
            ]
            assert forced, f"{name} was dealt no forced card in this deal: pick another seed"
            for event, text in texts(seat, lang):
                card = style.card(event["card"]) if event["kind"] == "card_played" else ""
                if event["kind"] == "card_played" and event["forced"] and event["seat"] == seat:
                    assert text == own.format(card=card)
                elif event["kind"] == "card_played":
                    # Another's forced card, or one chosen: the game's sentence.
                    who = seat_name_in(table.names[event["seat"]], event["seat"], lang)
                    assert text == plays.format(name=who, card=card)
        for _event, text in texts(None, lang):  # a spectator: no seat is "you"
            assert "for you" not in text and "pour vous" not in text
