"""No hidden card leaves the server (docs/web.md, "Hardening").

Whole games of every game are played over WebSockets by two people, bots and a
spectator. Whenever the server announces the table, the test keeps a copy of
the true state (the hub's ``announce`` is wrapped); every message a client gets
is then checked against the cards that client may not see at that moment: the
other seats' hands, face-down cells, cards left aside and the stock, from the
server-side state. None may appear in the message, as a card text (``QH`` or
``Q♥``) anywhere, nor as a card id in a card field of an event, unless the game
has shown that card to this client (it is in a view this client was sent).

The same games are played with every log record captured: no log line the
server writes names a card that was ever in a hand.
"""

from __future__ import annotations

import json
import logging
import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette", reason="the web tests need the web extra: pip install '.[web]'")

from starlette.testclient import TestClient

import test_web_api  # the tables the protocol tests play (tests/ is on the path)
from parlour.core.cards import format_card, iter_bits
from parlour.web import create_app
from parlour.web.hub import Hub, Room

# The same tables as the protocol tests: two people, bots in the other seats.
TABLES = test_web_api.TABLES

SYMBOLS = {"S": "♠♤", "H": "♥♡", "D": "♦♢", "C": "♣♧"}
"""The suit letters and the symbols the sentences and the page may write for them."""


def card_key(key: str) -> bool:
    """Whether a JSON key of an event holds card ids (not a cell or a count)."""
    key = key.lower()
    return key in ("card", "cards", "hand", "stock", "aside", "taken") or key.endswith(
        ("_card", "_cards")
    )


def texts_of(card: int) -> set[str]:
    """The ways a card is written on the wire: ``QH`` and ``Q♥``."""
    text = format_card(card)
    forms = {text}
    for symbol in SYMBOLS.get(text[-1], ""):
        forms.add(text[:-1] + symbol)
    return forms


def written(text: str, card_text: str) -> bool:
    """True when ``card_text`` stands alone in ``text`` (not inside a longer word
    or a table id such as ``k3QH9…``)."""
    pattern = rf"(?<![A-Za-z0-9_\-]){re.escape(card_text)}(?![A-Za-z0-9_\-])"
    return re.search(pattern, text) is not None


def where(text: str, card_text: str) -> str | None:
    """The text around the first place ``card_text`` stands alone, or None."""
    pattern = rf"(?<![A-Za-z0-9_\-]){re.escape(card_text)}(?![A-Za-z0-9_\-])"
    match = re.search(pattern, text)
    return None if match is None else text[max(0, match.start() - 200) : match.end() + 60]


def hidden_cards(state: Any, seat: int | None) -> set[int]:
    """The cards ``seat`` (None: a spectator) may not see in the true ``state``:
    the other seats' hands, the stock, face-down cells, cards left aside."""
    hidden = 0
    for other, hand in enumerate(state.hands):
        if other != seat:
            hidden |= hand
    for name in ("stock", "undealt"):
        value = getattr(state, name, 0)
        if isinstance(value, int):
            hidden |= value
    if hasattr(state, "pack_mask") and hasattr(state, "dealt_mask"):
        hidden |= state.pack_mask & ~state.dealt_mask
    cards = set(iter_bits(hidden))
    for card in getattr(state, "hidden", ()) or ():  # Thracula's face-down cells
        if isinstance(card, int) and card >= 0:
            cards.add(card)
    return cards


def shown_cards(view: Any) -> set[int]:
    """Every card written in a view a client was sent (the game showed it)."""
    text = json.dumps(view, ensure_ascii=False)
    found = set()
    for card in range(54):
        try:
            forms = texts_of(card)
        except Exception:
            continue
        if any(written(text, form) for form in forms):
            found.add(card)
    return found


def card_ids(data: Any, key: str = "") -> Iterator[int]:
    """Whole numbers under card-like keys of an event's JSON."""
    if isinstance(data, dict):
        for name, value in data.items():
            yield from card_ids(value, name)
    elif isinstance(data, list):
        for item in data:
            yield from card_ids(item, key)
    elif type(data) is int and card_key(key):
        yield data


def public_kinds() -> set[str]:
    """The event kinds that declare no secret field: the game shows them to all."""
    from parlour import load_game
    from parlour.core.events import Event

    for game in TABLES:
        load_game(game)  # imports the game's event classes
    kinds = set()
    waiting = list(Event.__subclasses__())
    while waiting:
        cls = waiting.pop()
        waiting.extend(cls.__subclasses__())
        if not cls.secret_fields and isinstance(getattr(cls, "kind", None), str):
            kinds.add(cls.kind)
    return kinds


PUBLIC_KINDS = public_kinds()


class Recorder:
    """Keeps a copy of each table's true state whenever a state message is built."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.states: dict[tuple[str, int], Any] = {}
        build = Hub.state_message

        def recording(hub: Hub, room: Room, *rest: Any) -> dict[str, Any]:
            table = room.table
            self.states.setdefault((table.id, table.version), table.snapshot())
            return build(hub, room, *rest)

        monkeypatch.setattr(Hub, "state_message", recording)


def check_message(
    message: dict[str, Any], seat: int | None, recorder: Recorder, known: set[int]
) -> int:
    """Check one message; return how many cards it was checked against."""
    if message["type"] != "state":
        hidden_now: set[int] = set()
        state = None
    else:
        state = recorder.states[(message["table"], message["version"])]
        known |= shown_cards(message["view"])
        for entry in message["events"]:  # a public event shows its cards to all
            if entry["event"]["kind"] in PUBLIC_KINDS:
                known |= set(card_ids(entry["event"]))
        hidden_now = hidden_cards(state, seat) - known
    text = json.dumps(message, ensure_ascii=False)
    for card in hidden_now:
        for form in texts_of(card):
            found = where(text, form)
            assert found is None, f"seat {seat} was sent hidden card {form}: …{found}…"
    for entry in message.get("events", []):
        leaked = set(card_ids(entry["event"])) & hidden_now
        assert not leaked, f"seat {seat} was sent hidden card ids {leaked} in {entry}"
    return len(hidden_now)


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    app = create_app(
        f"sqlite://{tmp_path / 'tables.sqlite3'}", bot_delay=0, finished_ttl=0, message_rate=1000
    )
    with TestClient(app) as test_client:
        yield test_client


def play_whole_game(
    client: TestClient, game: str, recorder: Recorder
) -> tuple[dict[int | None, list[dict[str, Any]]], str]:
    """Two people play at random to the end; return every message each seat and
    the spectator received, and the table id."""
    response = client.post("/api/tables", json={"game": game, **TABLES[game]})
    assert response.status_code == 201, response.text
    created = response.json()
    table_id = created["table"]
    tokens = {entry["seat"]: entry["token"] for entry in created["seats"]}
    received: dict[int | None, list[dict[str, Any]]] = {seat: [] for seat in tokens}
    received[None] = []
    rng = random.Random(game)
    with (
        client.websocket_connect(f"/ws/tables/{table_id}") as first,
        client.websocket_connect(f"/ws/tables/{table_id}") as second,
        client.websocket_connect(f"/ws/tables/{table_id}") as watcher,
    ):
        sockets: dict[int | None, Any] = dict(zip(sorted(tokens), (first, second), strict=True))
        sockets[None] = watcher
        for seat, socket in sockets.items():
            socket.send_json(
                {"type": "hello", "token": tokens[seat]} if seat is not None else {"type": "hello"}
            )
        latest: dict[int | None, dict[str, Any]] = {}

        def read_until(seat: int | None, test: Any) -> dict[str, Any]:
            while True:
                message: dict[str, Any] = sockets[seat].receive_json()
                received[seat].append(message)
                if message["type"] == "state":
                    latest[seat] = message
                    if test(message):
                        return message

        moves = 0
        after = -1
        while True:
            state = read_until(
                None,
                lambda m, a=after: m["version"] > a and (m["over"] or m["to_act"] in tokens),
            )
            after = state["version"]
            if state["over"]:
                break
            actor = state["to_act"]
            version = state["version"]
            mine = latest.get(actor, {})
            if mine.get("version") != version:
                mine = read_until(actor, lambda m, v=version: m["version"] == v)
            choice = rng.choice(mine["legal"])
            sockets[actor].send_json(
                {"type": "move", "action": choice["action"], "version": version}
            )
            if moves % 7 == 3:  # an asked hint and a refused move: more messages to check
                sockets[actor].send_json({"type": "hint"})
                sockets[actor].send_json({"type": "move", "action": "XX", "version": version})
            moves += 1
            assert moves < 3000
            read_until(actor, lambda m, v=version: m["version"] > v)
        final_version = state["version"]
        for seat in tokens:
            if latest.get(seat, {}).get("version") != final_version:
                read_until(seat, lambda m: m["over"])
        # The hint and error answers sent last are read too.
        for seat in tokens:
            sockets[seat].send_json({"type": "state"})
            while True:
                message = sockets[seat].receive_json()
                received[seat].append(message)
                if message["type"] == "state" and message["version"] == final_version:
                    break
    return received, table_id


@pytest.mark.parametrize("game", sorted(TABLES))
def test_no_hidden_card_reaches_any_seat_or_the_spectator(
    client: TestClient, game: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    recorder = Recorder(monkeypatch)
    received, _ = play_whole_game(client, game, recorder)
    checked = 0
    for seat, messages in received.items():
        known: set[int] = set()
        assert any(message["type"] == "state" for message in messages)
        for message in messages:
            checked += check_message(message, seat, recorder, known)
    assert checked > 100, "the check compared the messages with hidden cards"


def test_the_leak_check_sees_a_leak() -> None:
    """The check itself: a message naming another seat's card is caught."""
    from parlour import load_game

    state = load_game("dracula", deals=1).new_initial_state()
    while not state.hands[1]:
        state.apply_action(state.legal_actions()[0])
    other_card = next(iter(iter_bits(state.hands[1])))
    recorder = Recorder.__new__(Recorder)
    recorder.states = {("t", 0): state}
    message = {"type": "state", "table": "t", "version": 0, "view": {}, "events": []}
    message["names"] = [f"Ann {format_card(other_card)}", "Bob"]
    with pytest.raises(AssertionError, match="hidden card"):
        check_message(message, 0, recorder, set())


@pytest.mark.parametrize("game", sorted(TABLES))
def test_no_log_line_names_a_card_of_any_hand(
    client: TestClient, game: str, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    recorder = Recorder(monkeypatch)
    with caplog.at_level(logging.DEBUG):
        _, table_id = play_whole_game(client, game, recorder)
    in_hands: set[int] = set()
    for (table, _), state in recorder.states.items():
        if table == table_id:
            for hand in state.hands:
                in_hands |= set(iter_bits(hand))
    lines = [record.getMessage() for record in caplog.records]
    assert any(table_id in line for line in lines), "the server logged the game"
    for line in lines:
        for card in in_hands:
            for form in texts_of(card):
                assert not written(line, form), f"a log line names {form}: {line}"
