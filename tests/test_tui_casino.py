"""Casino in the full-screen table: a capture made in steps is logged once it
is complete, with the cards it took (never "You: 8♠ take."), and the move being
built draws its cards with suit symbols."""

from __future__ import annotations

import asyncio
import io
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("textual")

from textual.pilot import Pilot

import parlour
from matches import settle
from parlour.cli.play import TerminalTable
from parlour.render import Style
from parlour.tui.app import TableApp, screen_text
from parlour.tui.log_panel import FollowingLog
from parlour.tui.session import Match


@pytest.fixture(autouse=True)
def private_data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Saves and statistics go to a temporary directory, never the home."""
    monkeypatch.setenv("PARLOUR_DATA_DIR", str(tmp_path))
    return tmp_path


def casino_match() -> Match:
    """Seed 4: the person's first turn offers 8♠ take (8♣ on the table)."""
    game = parlour.load_game("casino")
    return Match.new(game, seed=4, humans=[0], opponent="random", names=["You", "Bot 2"])


def panel_text(app: TableApp) -> str:
    """Everything written to the log panel, wrapped lines joined again."""
    log = app.query_one("#log", FollowingLog)
    return " ".join(strip.text.strip() for strip in log.lines)


def action_of(match: Match, text: str) -> int:
    """The person's legal action written ``text``."""
    return next(action for action, written in match.table.legal_moves(0) if written == text)


async def to_a_capture_with_a_choice(app: TableApp, pilot: Pilot[Any]) -> str:
    """Play on (a take when there is one, else the first move) until a capture
    is started whose next step offers several cards; return the card's move."""
    match = app.match
    for _ in range(60):
        await settle(app, pilot)
        assert not match.is_over()
        while app.paused:
            await pilot.press("space")
            await settle(app, pilot)
        moves = match.table.legal_moves(0)
        take = next((text for _, text in moves if text.endswith(" take")), None)
        app.play(action_of(match, take or moves[0][1]))  # as Enter on that move does
        await settle(app, pilot)
        if take is not None and match.move_in_steps() == 0:
            return take
    raise AssertionError("no capture with a choice came up")


def test_a_capture_in_steps_is_logged_once_complete_with_what_it_took() -> None:
    match = casino_match()

    async def run() -> None:
        app = TableApp(match, colour=False, bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(app, pilot)
            assert "Bot 2 plays 3♣ and takes 3♡." in panel_text(app)
            app.play(action_of(match, "8S take"))  # 8♣ is the one card it can take
            await settle(app, pilot)
            text = panel_text(app)
            assert "You play 8♠ and take 8♣." in text, text
            assert " take." not in text.replace("take 8♣.", "").replace("takes 3♡.", ""), text

    asyncio.run(run())


def test_a_step_with_one_choice_needs_no_key() -> None:
    match = casino_match()

    async def run() -> None:
        app = TableApp(match, colour=False, bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(app, pilot)
            before = len(match.table.moves_played())
            app.play(action_of(match, "8S take"))  # 8♣ is the one card it can take
            await settle(app, pilot)
            mine = [move.text for move in match.table.moves_played()[before:] if move.seat == 0]
            assert mine == ["8S take", "8C"], mine
            assert match.move_in_steps() is None

    asyncio.run(run())


def test_escape_backs_out_of_a_started_capture() -> None:
    match = casino_match()

    async def run() -> None:
        app = TableApp(match, colour=False, bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            take = await to_a_capture_with_a_choice(app, pilot)
            card = take.split()[0]
            assert len(match.table.legal_moves(0)) > 1
            pending = screen_text(app)
            # The move being built draws its card with a suit symbol (7♡, not 7H).
            assert "Move being made by You: " in pending and f"{card} take" not in pending, pending
            assert " take." not in panel_text(app)  # the half-made move is not logged
            await pilot.press("escape")
            await settle(app, pilot)
            assert match.move_in_steps() is None
            moves = [text for _, text in match.table.legal_moves(0)]
            assert take in moves and any(text.endswith(" trail") for text in moves), moves
            assert "Move being made" not in screen_text(app)

    asyncio.run(run())


def test_line_mode_step_with_one_choice_needs_no_answer() -> None:
    match = casino_match()
    out = io.StringIO()
    table = TerminalTable(match, Style(), stdin=io.StringIO("3\nquit\n"), stdout=out)
    table.play()
    text = out.getvalue()
    assert "3) 8S take" in text  # the move answered "3"
    assert "You play 8♠ and take 8♣." in text, text
    assert "1) 8C" not in text, text  # never asked which card to take


def test_a_take_in_the_list_says_what_it_may_take() -> None:
    """Issue 31: "8♠ take" said nothing of what it takes; the list adds the
    table cards the move may use ("(from 8♣)"), as the line mode does."""
    match = casino_match()

    async def run() -> None:
        app = TableApp(match, colour=False, bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(app, pilot)
            assert match.human_to_act() == 0
            screen = screen_text(app)
            assert "8♠ take (from 8♣)" in screen, screen

    asyncio.run(run())


def test_a_whole_move_typed_in_one_line_is_played() -> None:
    """Playtest: "5D take 2D+3C", written as the rules teach a move, was refused
    with an internal function name; typed after ``:`` it is played whole."""
    from parlour.cli.learn import lesson_match

    match, _coach = lesson_match("casino", "en")  # 5♢ in hand, 2♢ 3♣ on the table

    async def run() -> None:
        app = TableApp(match, colour=False, bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(app, pilot)
            await pilot.press("colon", *"5D take 2D+3C", "enter")
            await settle(app, pilot)
            text = panel_text(app)
            assert "apply_text" not in text, text
            assert "You play 5♢ and take 2♢ 3♣." in text, text
            mine = [move.text for move in match.table.moves_played() if move.seat == 0]
            assert mine[:3] == ["5D take", "2D", "3C"], mine

    asyncio.run(run())
