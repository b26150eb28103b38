"""Issue 23 in a real browser: a Nain Jaune run of forced plays is shown card by
card at the bots' pace, against a real ``parlour serve`` process.

Nothing is timed: the page's log is watched with a MutationObserver (each of
its callbacks sees one task's changes), and the test checks that the cards of a
run came into the log one at a time, never two in one go, while the server's
messages brought several at once. The server waits one pace per card before the
next bot moves, so the page has shown the whole run before the next move comes.
"""

from __future__ import annotations

import json
from itertools import pairwise
from pathlib import Path
from typing import Any

from live import make_table, serving
from test_web_browser import browser, chromium

__all__ = ["browser", "chromium"]  # fixtures used by name below

PACE = 0.25
"""The server's bots' pace (``--bot-delay``): one card of a run each."""

WATCH_LOG = """
window.cardsLogged = [];
new MutationObserver(() => {
  const log = document.querySelector("ol[role=log]");
  if (!log) return;
  window.cardsLogged.push(log.querySelectorAll("li.kind-card_played").length);
}).observe(document, { childList: true, subtree: true });
"""


def test_a_nain_jaune_run_comes_into_the_log_one_card_at_a_time(
    browser: Any, tmp_path: Path
) -> None:
    with serving(str(tmp_path / "tables.sqlite3"), bot_delay=PACE) as server:
        created = make_table(
            server.base,
            game="nain-jaune",
            options={"players": 8},
            seats=["bot:random"] * 8,
        )
        context = browser.new_context(viewport={"width": 1280, "height": 900})
        try:
            page = context.new_page()
            errors: list[str] = []
            page.on("pageerror", lambda error: errors.append(str(error)))
            runs: list[int] = []
            """The index in ``frames`` of each state that brought several cards."""
            frames: list[int] = []
            """The cards played that each state (after the first) brought."""

            def on_socket(socket: Any) -> None:
                def on_frame(payload: Any) -> None:
                    message = json.loads(payload)
                    if message.get("type") != "state" or message.get("log_reset"):
                        return
                    plays = sum(1 for entry in message["events"] if entry["event"]["plays_card"])
                    if plays > 1:
                        runs.append(len(frames))
                    frames.append(plays)

                socket.on("framereceived", on_frame)

            page.on("websocket", on_socket)
            page.add_init_script(WATCH_LOG)
            page.goto(f"{server.base}/#/table/{created['table']}")
            page.wait_for_selector("ol[role=log] li")
            # Until a run of several cards came, and the next move after it.
            for _ in range(400):
                if runs and len(frames) > runs[0] + 1:
                    break
                page.wait_for_timeout(100)
            counts: list[int] = page.evaluate("window.cardsLogged")
        finally:
            context.close()
    assert errors == []
    assert runs, "no move of this match played several cards"
    first = next(index for index, count in enumerate(counts) if count > 0)
    later = counts[first:]
    steps = [after - before for before, after in pairwise(later)]
    assert steps and max(steps) == 1, (counts, frames)  # one card at a time, never a run at once
