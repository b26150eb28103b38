"""Undo over the wire (issue 21, finding 2): at a table of several people, a
move that showed someone a hidden card cannot be taken back, so a Thracula
player cannot take a face-down cell, read it, undo and take the next one.

A real ``parlour serve`` process on a SQLite file, real WebSocket clients
whose every read has a time limit; only the order of messages is checked.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette", reason="the web tests need the web extra: pip install '.[web]'")
websockets_sync = pytest.importorskip("websockets.sync.client")

from test_web_faults import (  # noqa: E402  (tests/ is on the path)
    READ_LIMIT,
    free_port,
    hello,
    make_table,
    start_server,
    wait_for,
)

CELL_NAMES = ("a1", "b1", "c1", "a2", "b2", "c2", "a3", "b3", "c3")


def answer_to(ws: Any, version: int) -> dict[str, Any]:
    """The next error, or the next state newer than ``version``."""
    return wait_for(
        ws,
        lambda message: (
            message["type"] == "error"
            or (message["type"] == "state" and message["version"] > version)
        ),
    )


def test_the_red_teams_take_and_undo_reads_one_face_down_cell_only(tmp_path: Path) -> None:
    port = free_port()
    process = start_server(f"sqlite://{tmp_path / 'tables.sqlite3'}", port)
    try:
        created = make_table(
            f"http://127.0.0.1:{port}",
            game="thracula",
            options={"first_dealer": 0},
            seats=["human"] * 3,
        )
        table = created["table"]
        tokens = {entry["seat"]: entry["token"] for entry in created["seats"]}
        url = f"ws://127.0.0.1:{port}/ws/tables/{table}"
        with websockets_sync.connect(url, open_timeout=READ_LIMIT) as ws:
            state = hello(ws, tokens[1])  # the dealer's left takes first
            assert state["type"] == "state" and state["to_act"] == 1
            seen: dict[str, str] = {}
            refusals: list[str] = []
            offered: list[bool] = []
            for cell in CELL_NAMES:  # the attack: take, read, undo, take the next cell
                ws.send(
                    json.dumps(
                        {"type": "move", "action": f"take {cell}", "version": state["version"]}
                    )
                )
                state = answer_to(ws, state["version"])
                if state["type"] == "error":
                    break  # no take is legal any more: the seat must put its card
                seen[cell] = state["view"]["taken_card"]
                offered.append(state["can_undo"])
                ws.send(json.dumps({"type": "undo", "version": state["version"]}))
                answer = answer_to(ws, state["version"])
                if answer["type"] == "error":
                    refusals.append(answer["message"])
                    continue
                state = answer
            assert list(seen) == ["a1"], f"cells read by take and undo: {seen}"
            assert refusals and "hidden card has been shown" in refusals[0]
            assert offered == [False] * len(offered)  # the page offers no undo either
            # The seat still holds the a1 card; its only moves are puts.
            ws.send(json.dumps({"type": "state"}))
            now = wait_for(ws, lambda message: message["type"] == "state")
            assert now["view"]["taken_card"] == seen["a1"]
            assert all(item["text"].startswith("put") for item in now["legal"])
    finally:
        process.kill()
        process.wait(timeout=30)
