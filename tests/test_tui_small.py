"""Smaller points of the full-screen table (issue 23): keys typed fast after
``:`` go to the move entry, a deal's end lets ``l`` open the log over it, the
French footer names ``s``, hints name the bot's level in the language shown,
and the marks on the table are explained."""

from __future__ import annotations

import asyncio
import re
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("textual")

from textual import events
from textual.pilot import Pilot
from textual.widgets import Input

import parlour
from parlour.i18n import shown_move
from parlour.table import Hint
from parlour.tui.app import KEYS, DealEndScreen, TableApp, TextScreen, screen_text, words
from parlour.tui.session import Match, hint_line

SIZE = (80, 24)


@pytest.fixture(autouse=True)
def private_data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Saves and statistics go to a temporary directory, never the home."""
    monkeypatch.setenv("PARLOUR_DATA_DIR", str(tmp_path))
    return tmp_path


def new_match(name: str, options: dict[str, object], seed: int = 4, lang: str = "en") -> Match:
    """One person (seat 0) against random bots."""
    game = parlour.load_game(name, **options)
    names = ["You"] + [f"Bot {seat + 1}" for seat in range(1, game.num_players)]
    return Match.new(game, seed=seed, humans=[0], opponent="random", names=names, lang=lang)


async def settle(app: TableApp, pilot: Pilot[Any]) -> None:
    """Wait until the bots have answered and the screen is up to date."""
    for _ in range(500):
        await pilot.pause()
        if not app.thinking and (app.paused or app.match.human_to_act() is not None):
            break
        if app.match.is_over():
            break
    await pilot.pause()


def test_keys_typed_fast_after_the_colon_go_to_the_move_entry() -> None:
    match = new_match("dracula", {"deals": 1, "first_dealer": 1}, seed=5)

    async def run() -> None:
        app = TableApp(match, colour=False, bot_delay=0)
        async with app.run_test(size=SIZE) as pilot:
            await settle(app, pilot)
            assert match.human_to_act() == 0
            # Every key queued at once, as a fast typist's keys arrive.
            for key, character in [("colon", ":"), ("r", "r"), ("o", "o"), ("w", "w")]:
                app.post_message(events.Key(key, character))
            await pilot.pause()
            entry = app.query_one("#entry", Input)
            assert app.focused is entry
            assert entry.value == "row"

    asyncio.run(run())


def test_at_a_deal_end_l_opens_the_log_over_it() -> None:
    match = new_match("dracula", {"deals": 2})

    async def run() -> None:
        app = TableApp(match, colour=False, bot_delay=0)
        async with app.run_test(size=SIZE) as pilot:
            for _ in range(60):
                await settle(app, pilot)
                if app.paused:
                    break
                await pilot.press("enter")
            assert isinstance(app.screen, DealEndScreen)
            await pilot.press("l")
            assert isinstance(app.screen, TextScreen), "l closed the deal's end"
            assert "Game log" in screen_text(app)
            await pilot.press("escape")
            assert isinstance(app.screen, DealEndScreen) and app.paused
            await pilot.press("s")
            assert isinstance(app.screen, TextScreen)
            await pilot.press("escape")
            assert isinstance(app.screen, DealEndScreen)
            await pilot.press("x")
            await settle(app, pilot)
            assert not app.paused

    asyncio.run(run())


def test_the_french_footer_names_every_key_the_english_one_does() -> None:
    english = words("en", "footer")
    french = words("fr", "footer")
    english_keys = [part.split()[0] for part in re.split(r" · |  ", english)]
    french_keys = [part.split()[0] for part in re.split(r" · |  ", french)]
    assert "s" in english_keys
    assert french_keys == english_keys
    assert len(french) <= 78 and len(english) <= 78


def test_the_french_typing_line_shows_its_example_in_french() -> None:
    """tmux at 80×24: ``:`` in French said « tapez un coup, par ex. 7S trail »;
    the example is a move as a French table writes it (7♠ pose). The score
    sheet's page is titled without the line mode's colon."""
    match = new_match("casino", {}, lang="fr")

    async def run() -> None:
        app = TableApp(match, colour=False, bot_delay=0)
        async with app.run_test(size=SIZE) as pilot:
            await settle(app, pilot)
            await pilot.press("colon")
            await pilot.pause()
            placeholder = str(app.query_one("#entry", Input).placeholder)
            assert re.search(r"par ex\. [0-9VDRA]+[♠♡♢♣] (pose|prend|construit)", placeholder)
            assert not re.search(r"\b(trail|take|build)\b|[0-9JQKA][SHDC]\b", placeholder)
            await pilot.press("escape", "s")
            await pilot.pause()
            assert isinstance(app.screen, TextScreen)
            assert app.screen.title_text == "Feuille de marque"

    asyncio.run(run())


def test_a_hint_names_the_bots_level_in_french() -> None:
    hint = Hint(action=0, text="rows", bot="hard", reason="")
    assert "robot difficile" in hint_line(hint, "fr")
    assert "hard" not in hint_line(hint, "fr")
    assert "hard bot" in hint_line(hint, "en")


def test_the_nain_jaune_hand_and_moves_go_by_rank() -> None:
    from parlour.games.nain_jaune.text import move_order
    from parlour.render import Style, renderer_for

    ranks = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
    game = parlour.load_game("nain-jaune")
    state = game.new_initial_state()
    while state.current_player() < 0:
        state.apply_action(state.legal_actions()[0])
    view = state.view(state.current_player())
    shown = [view.action_to_string(action) for action in move_order(view)]
    assert sorted(shown) == sorted(view.action_texts)
    assert [ranks.index(text[:-1]) for text in shown] == sorted(
        ranks.index(text[:-1]) for text in shown
    )
    assert shown != list(view.action_texts), "the deal's order is by suit"
    text = renderer_for("nain-jaune")(view, Style(colour=False), ["A", "B", "C", "D"])
    hand = next(line for line in text.splitlines() if line.startswith("Your hand:"))
    legal = next(line for line in text.splitlines() if line.startswith("Your turn. Legal:"))
    assert hand.split(":", 1)[1].split() == legal.split(":", 1)[1].split()


def test_the_game_picker_wraps_between_words() -> None:
    from parlour.cli.play import game_list_lines

    lines = game_list_lines(parlour.game_names(), 80)
    assert all(len(line) < 80 for line in lines)
    words_said = " ".join(lines).split()
    for name in parlour.game_names():
        summary = parlour.game_class(name).info.summary
        assert " ".join(summary.split()) in " ".join(words_said)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_thracula_scores_fit_the_table_pane_at_80_columns(lang: str) -> None:
    from parlour.render import Style, renderer_for

    state = parlour.load_game("thracula").new_initial_state()
    while state.current_player() < 0:
        state.apply_action(state.legal_actions()[0])
    names = ["Vous" if lang == "fr" else "You", "Robot 2", "Robot 3"]
    text = renderer_for("thracula")(
        state.view(0), Style(colour=False, lang=lang), names, width=46, height=22
    )
    lines = text.splitlines()
    assert max(len(line) for line in lines) <= 46
    # "You" needs no star saying it is you.
    assert not any(line.startswith(f"  {names[0]} *") for line in lines)


def test_the_keys_page_says_what_the_star_means() -> None:
    assert dict(KEYS["en"])["*"].startswith("after a name")
    assert dict(KEYS["fr"])["*"].startswith("après un nom")


KEY_NAMES = {
    "en": ["↑ ↓ and Enter", "1 … 9", "Escape", *":hurslt?", "q, Ctrl+Q", "any key", "*"],
    "fr": ["↑ ↓ et Entrée", "1 … 9", "Échap", *":hurslt?", "q, Ctrl+Q", "une touche", "*"],
}
"""The keys the ``?`` page lists, in its order, each at the start of its row."""


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_keys_page_keeps_each_description_beside_its_key_at_80_by_24(lang: str) -> None:
    """Playtest: at 80×24 the descriptions wrapped into the key column ("close
    a" / "page", "(l, s : journal," / "points)"). Each key begins a row, and a
    description's next lines stay in the description's column."""
    match = new_match("dracula", {}, lang=lang)

    async def run() -> None:
        app = TableApp(match, colour=False, bot_delay=0)
        async with app.run_test(size=SIZE) as pilot:
            await settle(app, pilot)
            await pilot.press("question_mark")
            await pilot.pause()
            assert isinstance(app.screen, TextScreen)
            assert app.screen.query_one("#page-scroll").max_scroll_y == 0  # no scrolling
            text = screen_text(app)
            inside = [
                line.split("█")[1][1:].rstrip()
                for line in text.splitlines()
                if line.count("█") >= 2 and "▄▄" not in line and "▀▀" not in line
            ]
            title = inside.index(words(lang, "keys_title"))
            rows = [line for line in inside[title + 1 :] if line][:-1]  # the footer left out
            keys = [row.split("  ", 1)[0] for row in rows if not row.startswith(" ")]
            assert keys == KEY_NAMES[lang], text
            first = rows[0]
            column = len(first) - len(first[len(KEY_NAMES[lang][0]) :].lstrip())
            for row in rows:
                if row.startswith(" "):
                    assert len(row) - len(row.lstrip()) == column, (row, text)

    asyncio.run(run())


@pytest.mark.parametrize(
    ("name", "seed", "lang", "waiting"),
    [
        ("dracula", 0, "en", "not chosen yet"),
        ("dracula", 0, "fr", "sens à choisir"),
        ("dracula-partnership", 1, "en", "not chosen"),
        ("dracula-partnership", 1, "fr", "à choisir"),
    ],
)
def test_a_direction_not_chosen_yet_keeps_the_points_on_their_line(
    name: str, seed: int, lang: str, waiting: str
) -> None:
    """Issue 31: at 80×24 "0" and "points" fell on two lines before a direction
    was chosen (the long "direction not chosen yet" in the narrow table)."""
    game = parlour.load_game(name)
    others = "Robot" if lang == "fr" else "Bot"
    names = ["Vous" if lang == "fr" else "You"] + [
        f"{others} {seat + 1}" for seat in range(1, game.num_players)
    ]
    match = Match.new(game, seed=seed, humans=[0], opponent="random", names=names, lang=lang)

    async def run() -> None:
        app = TableApp(match, colour=False, bot_delay=0)
        async with app.run_test(size=SIZE) as pilot:
            await settle(app, pilot)
            observation = match.view(0).observation
            directions = observation.get("directions") or observation.get("side_directions")
            assert directions is not None and not any(directions)  # not chosen yet
            rows = screen_text(app).splitlines()
            waiting_rows = [row for row in rows if waiting in row]
            assert len(waiting_rows) == 2, "\n".join(rows)  # one row per player or side
            for row in waiting_rows:
                assert re.search(r"\s0 points\s", row), row
            assert not any(row.strip().startswith("points") for row in rows)

    asyncio.run(run())


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_keys_page_speaks_of_the_game_on_the_table(lang: str) -> None:
    """Playtest: Dracula's ``?`` page named "a Casino capture" and typed moves
    of other games ("take a1", "7S take 2H+5D"; in French with ♥, where the
    table draws ♡). It names no game, and its example is a move of this table."""
    match = new_match("dracula", {}, lang=lang)

    async def run() -> None:
        app = TableApp(match, colour=False, bot_delay=0)
        async with app.run_test(size=SIZE) as pilot:
            await settle(app, pilot)
            seat = match.human_to_act()
            assert seat is not None
            listed = [shown_move(text, lang) for text in match.view(seat).action_texts]
            await pilot.press("question_mark")
            await pilot.pause()
            text = " ".join(screen_text(app).split())
            assert "Casino" not in text and "take a1" not in text and "prend a1" not in text
            assert "♥" not in text and "♦" not in text
            assert any(move in text for move in listed), text

    asyncio.run(run())
