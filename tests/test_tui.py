"""The full-screen table, driven headless through Textual's pilot: a whole short
game of every registered game with keys only, and each shortcut."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("textual")

from textual.pilot import Pilot

import parlour
from matches import played_out, settle
from parlour.i18n import tr, typeset
from parlour.table import hints
from parlour.tui import session
from parlour.tui.app import CoverScreen, QuitScreen, RulesScreen, TableApp, screen_text
from parlour.tui.session import Match

SIZE = (110, 40)


@pytest.fixture(autouse=True)
def private_data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Saves and statistics go to a temporary directory, never the home."""
    monkeypatch.setenv("PARLOUR_DATA_DIR", str(tmp_path))
    return tmp_path


@pytest.fixture
def quick_hints(monkeypatch: pytest.MonkeyPatch) -> None:
    """Hints from the heuristic bot (the hard bot's search takes seconds)."""
    monkeypatch.setattr(hints, "hint_bot_kind", lambda: "heuristic")


def new_match(name: str, humans: list[int] | None = None, seed: int = 4, lang: str = "en") -> Match:
    game = parlour.load_game(name, **parlour.game_class(name).short_options)
    humans = [0] if humans is None else humans
    names = [
        ("You" if len(humans) == 1 else f"Player {seat + 1}") if seat in humans else f"Bot {seat}"
        for seat in range(game.num_players)
    ]
    return Match.new(
        game,
        seed=seed,
        humans=humans,
        opponent="random",
        names=names,
        lang=lang,
        stats=session.StatsStore(),
    )


async def play_to_the_end(app: TableApp, pilot: Pilot[Any], limit: int = 400) -> int:
    """Press Enter until the game is over (first group, first move); count presses."""
    presses = 0
    while not app.match.is_over():
        await pilot.press("enter")
        await settle(app, pilot)
        presses += 1
        assert presses < limit, "the game did not end"
    return presses


@pytest.mark.parametrize("name", parlour.game_names())
def test_a_whole_game_with_keys_only(name: str) -> None:
    match = new_match(name)

    async def run() -> None:
        app = TableApp(match, colour=False, bot_delay=0)
        async with app.run_test(size=SIZE) as pilot:
            await settle(app, pilot)
            assert "h hint · u undo" in screen_text(app)
            await play_to_the_end(app, pilot)
            text = screen_text(app)
            assert "Game over." in text
            assert "Final: " in text
            await pilot.press("q")
        assert app.return_value == 0

    asyncio.run(run())
    summary = session.StatsStore().summary(name)
    assert [(line.played, line.opponent) for line in summary] == [(1, "random")]


def test_typed_illegal_move_shows_the_rule_and_a_legal_one_plays() -> None:
    game = parlour.load_game("dracula", first_dealer=0, deals=1)
    match = Match.new(game, seed=2, humans=[1], opponent="random", names=["Bot", "You"])
    while match.human_to_act() is None:
        match.play_bot()
    hand = match.view(1).observation["hand"]
    version = match.table.version

    async def run() -> None:
        app = TableApp(match, colour=False, bot_delay=0)
        async with app.run_test(size=SIZE) as pilot:
            await settle(app, pilot)
            await pilot.press("colon", *f"{hand[0]} a1", "enter")
            assert "Not allowed: a1 is not next to a card in the coffin" in screen_text(app)
            assert match.table.version == version
            legal = match.view(1).action_texts[0]
            await pilot.press(*("backspace",) * 10, *legal, "enter")
            await settle(app, pilot)
            assert match.log_sentences()[-2].startswith("You play")

    asyncio.run(run())


def test_undo_returns_to_the_same_position_with_the_same_cards(quick_hints: None) -> None:
    match = new_match("colour-blind")

    async def run() -> None:
        app = TableApp(match, colour=False, bot_delay=0)
        async with app.run_test(size=SIZE) as pilot:
            await settle(app, pilot)
            before = match.table.snapshot().serialize()
            await pilot.press("enter")
            await settle(app, pilot)
            assert match.table.snapshot().serialize() != before
            await pilot.press("u")
            await settle(app, pilot)
            assert match.table.snapshot().serialize() == before
            assert "Undone" in screen_text(app)

    asyncio.run(run())


def test_hint_names_a_legal_move_and_highlights_it(quick_hints: None) -> None:
    match = new_match("dracula")

    async def run() -> None:
        app = TableApp(match, palette="four-colour", bot_delay=0)
        async with app.run_test(size=SIZE) as pilot:
            await settle(app, pilot)
            await pilot.press("h")
            await settle(app, pilot)
            assert "Hint (heuristic bot):" in screen_text(app)
            assert match.hint_count == 1

    asyncio.run(run())


def test_enter_after_a_hint_plays_the_hinted_move_inside_its_card(quick_hints: None) -> None:
    """Playtest at 80×24: the hint "4♢ to c2" lit the 4♢ card; Enter opened its
    moves with b1 lit, and a second Enter played b1, not the hint. Inside the
    card the hinted move is lit too, so Enter, Enter plays it."""
    for seed in range(4, 40):
        match = new_match("dracula", seed=seed)
        while match.human_to_act() is None or match.groups(match.view(0)) is None:
            if match.human_to_act() is None:
                match.play_bot()
            else:  # the direction, before any card
                match.submit(0, match.table.legal_moves(0)[0][0])
        hint = match.hint()
        groups = match.groups(match.view(0)) or []
        if hint is not None and not any(actions[0] == hint.action for _, actions in groups):
            break  # the hinted move is not its card's first: Enter alone would miss it
    else:
        raise AssertionError("no deal with a hint inside a card's moves")
    before = match.table.history_length()

    async def run() -> None:
        app = TableApp(match, colour=False, bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(app, pilot)
            await pilot.press("h")
            await settle(app, pilot)
            await pilot.press("enter")  # the card the hint lit
            await pilot.press("enter")  # the move lit inside it
            await settle(app, pilot)
            played = match.table.snapshot().history[before]
            assert hint is not None and played == hint.action, (played, hint)

    asyncio.run(run())


def test_a_card_game_without_targets_lists_its_cards_and_a_played_hint_leaves_the_screen(
    quick_hints: None,
) -> None:
    """Playtest at 80×24, Colour-blind: every card read "3♠ (1 move)" (a group of
    one move per card), and after the hinted 9♠ was played from its group of
    one, the next decision still showed "Hint (hard bot): 9♠ leads …". Groups
    of one move are no groups: the cards are listed as moves, and the hint
    goes once its move is played."""
    for seed in range(4, 40):  # a deal whose first trick the person leads: every card
        match = new_match("colour-blind", seed=seed)
        while match.human_to_act() is None:
            match.play_bot()
        if len(match.view(0).legal_actions) > session.GROUP_THRESHOLD:
            break
    view = match.view(0)
    assert len(view.legal_actions) > session.GROUP_THRESHOLD  # a full hand of cards
    assert match.groups(view) is None
    before = match.table.history_length()

    async def run() -> None:
        app = TableApp(match, colour=False, bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(app, pilot)
            assert "(1 move)" not in screen_text(app)
            await pilot.press("h")
            await settle(app, pilot)
            hinted = app.message_text
            assert hinted.startswith("Hint ("), hinted
            await pilot.press("enter")  # the move the hint lit
            await settle(app, pilot)
            assert match.table.history_length() > before
            assert app.message_text != hinted and "Hint (" not in app.message_text

    asyncio.run(run())


def test_rules_scores_and_french(quick_hints: None) -> None:
    match = new_match("dracula")

    async def run() -> None:
        app = TableApp(match, colour=False, bot_delay=0)
        async with app.run_test(size=SIZE) as pilot:
            await settle(app, pilot)
            await pilot.press("r")
            assert isinstance(app.screen, RulesScreen)
            await pilot.press("u")  # the game's keys are off under a page
            await pilot.press("escape")
            assert not isinstance(app.screen, RulesScreen)
            await pilot.press("s")
            assert "No deal has been scored yet." in screen_text(app)
            await pilot.press("escape")
            await pilot.press("enter")
            await settle(app, pilot)
            await pilot.press("t")
            text = screen_text(app)
            assert "Journal" in text and "h conseil" in text
            assert any(
                sentence.startswith("Vous choisissez") or sentence.startswith("You choisissez")
                for sentence in match.log_sentences()
            )

    asyncio.run(run())


def test_quit_saves_and_resume_plays_on(private_data_dir: Path) -> None:
    match = new_match("thracula")

    async def first() -> str:
        app = TableApp(match, colour=False, bot_delay=0)
        async with app.run_test(size=SIZE) as pilot:
            await settle(app, pilot)
            await pilot.press("enter")
            await settle(app, pilot)
            await pilot.press("q")
            assert isinstance(app.screen, QuitScreen)
            await pilot.press("s")
        assert app.exit_message is not None and "parlour resume" in app.exit_message
        return match.table.snapshot().serialize()

    saved_state = asyncio.run(first())
    saves = session.list_saves()
    assert len(saves) == 1 and saves[0].game == "thracula"
    resumed, _ = Match.resume(saves[0].identifier, stats=session.StatsStore())
    assert resumed.table.snapshot().serialize() == saved_state
    assert resumed.log == match.log

    async def second() -> None:
        app = TableApp(resumed, colour=False, bot_delay=0)
        async with app.run_test(size=SIZE) as pilot:
            await settle(app, pilot)
            await play_to_the_end(app, pilot)

    asyncio.run(second())
    assert session.list_saves() == []  # a finished game leaves the list


def test_hot_seat_covers_the_table_between_players() -> None:
    match = new_match("dracula", humans=[0, 1])

    async def run() -> None:
        app = TableApp(match, colour=False, bot_delay=0)
        async with app.run_test(size=SIZE) as pilot:
            await settle(app, pilot)
            covers = 0
            while not match.is_over():
                if isinstance(app.screen, CoverScreen):
                    covers += 1
                    text = screen_text(app)
                    assert "Pass the keyboard to Player" in text
                    assert "Your hand" not in text
                await pilot.press("enter")
                await settle(app, pilot)
            assert covers >= 8

    asyncio.run(run())


def test_replay_steps_forward_and_back(private_data_dir: Path) -> None:
    from parlour.tui.replay import ReplayBook
    from parlour.tui.replay_app import ReplayApp

    match = played_out(new_match("thracula"))
    path = private_data_dir / "finished.json"
    path.write_text(match.table.record_json(), encoding="utf-8")
    book = ReplayBook(path)

    async def run() -> None:
        app = ReplayApp(book, colour=False)
        async with app.run_test(size=SIZE) as pilot:
            assert f"Step 0 of {len(book.steps) - 1}" in screen_text(app)
            await pilot.press("right", "right", "left")
            assert app.step == 1
            await pilot.press("end")
            text = screen_text(app)
            assert "Final: You" in text
            await pilot.press("q")

    asyncio.run(run())


def test_watching_bots_needs_no_key() -> None:
    match = new_match("dracula", humans=[])

    async def run() -> None:
        app = TableApp(match, colour=False, bot_delay=0)
        async with app.run_test(size=SIZE) as pilot:
            await settle(app, pilot)
            for _ in range(100):
                if match.is_over():
                    break
                if app.paused:  # the finished coffin waits for a key
                    await pilot.press("space")
                await settle(app, pilot)
            assert match.is_over()
            assert "Game over." in screen_text(app)

    asyncio.run(run())


def test_every_game_has_a_text_capture_of_its_screen() -> None:
    screens = Path(__file__).parent.parent / "docs" / "screens"
    for name in parlour.game_names():
        capture = screens / f"{name}.txt"
        assert capture.is_file(), f"run: python -m parlour.tui.capture docs/screens ({name})"
        assert "h hint" in capture.read_text(encoding="utf-8")


def test_hot_seat_with_bots_shows_only_the_hand_at_the_keyboard() -> None:
    match = new_match("nain-jaune", humans=[0, 1])

    async def run() -> None:
        app = TableApp(match, colour=False, bot_delay=0)
        async with app.run_test(size=SIZE) as pilot:
            await settle(app, pilot)
            while not match.is_over():
                if app.shown_seat is not None and not isinstance(app.screen, CoverScreen):
                    assert app.shown_seat == app.last_human
                await pilot.press("enter")
                await settle(app, pilot)

    asyncio.run(run())


def test_default_seat_names_follow_the_language_switch() -> None:
    """Playtest: after ``t`` the screen said "Vos coups · You", "(à You de
    jouer)", "You jouez 2♠." and "Bot 2"; the names nobody chose are said in the
    language shown, as when the game starts in French."""
    from parlour.cli.play import default_names

    game = parlour.load_game("colour-blind")
    match = Match.new(
        game,
        seed=4,
        humans=[0],
        opponent="random",
        names=default_names(game.num_players, [0], "en"),
        stats=session.StatsStore(),
    )

    async def run() -> None:
        app = TableApp(match, colour=False, bot_delay=0)
        async with app.run_test(size=SIZE) as pilot:
            await settle(app, pilot)
            await pilot.press("t")
            await pilot.press("enter")
            await settle(app, pilot)
            text = screen_text(app)
            sentences = " ".join(match.log_sentences())
            for english in ("You", "Bot 2"):
                assert english not in text and english not in sentences, (english, text)
            assert "Vous jouez" in sentences and "Robot 2" in text, text
            await pilot.press("t")  # and back
            assert "You play" in " ".join(match.log_sentences())
            assert "Robot 2" not in screen_text(app)

    asyncio.run(run())


def test_a_name_a_person_typed_stays_as_typed_in_the_other_language() -> None:
    game = parlour.load_game("colour-blind")
    names = ["Ana", "Bot 2", "Bob", "Bot 4"][: game.num_players]
    match = Match.new(game, seed=4, humans=[0], opponent="random", names=names)
    match.set_language("fr")
    assert match.names[0] == "Ana" and match.names[1] == "Robot 2"


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "Game resumed: Dracula, 1 move played."),
        ("fr", "Partie reprise : Dracula, 1 coup joué."),
    ],
)
def test_a_resumed_game_says_so_on_the_full_screen(lang: str, said: str) -> None:
    """Playtest: a game resumed full screen looked like any game in progress;
    nothing said it was the saved one (the line mode's "Casino: 21 moves
    played." is printed only in the line mode, where it stays above the game).
    The table says it on arrival, in the table's language; a new game does not."""
    from parlour.table import SqliteTableStore

    game = parlour.load_game("dracula", deals=1, first_dealer=0)
    names = ["You", "Bot 2"]
    earlier = Match.new(
        game,
        seed=5,
        humans=[0],
        opponent="random",
        names=names,
        lang=lang,
        store=SqliteTableStore(),
    )
    earlier.submit(0, "rows")
    resumed, _ = Match.resume(earlier.table.id)
    fresh = Match.new(game, seed=5, humans=[0], opponent="random", names=names, lang=lang)

    async def arrival(match: Match) -> str:
        app = TableApp(match, colour=False, bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(app, pilot)
            return " ".join(screen_text(app).split())

    assert " ".join(typeset(said, lang).split()) in asyncio.run(arrival(resumed))
    assert said.split(":")[0] not in asyncio.run(arrival(fresh))


async def until_the_persons_turn(app: TableApp, pilot: Pilot[Any]) -> None:
    """Wait, in real time (the bots and runs are paced), for seat 0's choices."""
    for _ in range(400):
        await settle(app, pilot)
        if app.match.human_to_act() == 0 and app.query_one("#moves").display:
            return
        await asyncio.sleep(0.05)
    raise AssertionError("the person's turn never came")


def test_a_hint_asked_after_a_run_answers_the_table_on_screen(quick_hints: None) -> None:
    """Playtest: in Nain Jaune, ``h`` while the screen still said "À vous"
    answered "not your turn": the person's card set off a run of forced plays,
    told line by line, and the table had already passed the turn on. The run is
    told at once now, with the table it leads to: no stale move is left to
    choose, the top line names the bot on turn, and the hint's answer agrees."""
    game = parlour.load_game("nain-jaune")
    match = Match.new(
        game,
        seed=5,  # the person's first card sets off a run that ends at a bot's turn
        humans=[0],
        opponent="random",
        names=["You", "Bot 2", "Bot 3", "Bot 4"][: game.num_players],
        stats=session.StatsStore(),
    )

    async def run() -> None:
        app = TableApp(match, colour=False, bot_delay=0.4)
        async with app.run_test(size=SIZE) as pilot:
            await until_the_persons_turn(app, pilot)
            app.play(match.table.legal_moves(0)[0][0])  # as Enter on that move does
            await pilot.pause()
            seat = match.bot_to_act()
            assert seat is not None  # the table has moved on past the run
            assert not app.query_one("#moves").display  # no stale move to choose
            top = screen_text(app).splitlines()[0].strip()
            assert top == tr("en", "waiting", name=match.names[seat]), top
            await pilot.press("h")
            assert app.message_text == tr("en", "hint_not_your_turn")

    asyncio.run(run())


@pytest.mark.parametrize(
    ("lang", "expected"),
    [("en", "Your turn: choose a move"), ("fr", "À vous : choisissez un coup")],
)
def test_the_top_line_says_whose_turn_and_what_to_do(lang: str, expected: str) -> None:
    """Playtest: the top line read "Your moves · You", like a title, beside a
    panel already titled with the moves; it says what is asked of the person
    (their name only in hot seat), and in a group which card's moves these are."""
    match = new_match("dracula", lang=lang)

    async def run() -> None:
        app = TableApp(match, colour=False, bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(app, pilot)
            assert screen_text(app).splitlines()[0].strip() == expected
            if app.groups is not None:
                await pilot.press("enter")  # the first card's moves
                label = app.pretty(app.groups[0][0])
                top = screen_text(app).splitlines()[0].strip()
                assert top.startswith(expected) and label in top and "Esc" in top, top

    asyncio.run(run())


def test_the_top_line_names_the_player_in_hot_seat() -> None:
    match = new_match("dracula", humans=[0, 1])

    async def run() -> None:
        app = TableApp(match, colour=False, bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(app, pilot)
            assert isinstance(app.screen, CoverScreen)
            await pilot.press("enter")
            await settle(app, pilot)
            seat = match.human_to_act()
            assert seat is not None
            top = screen_text(app).splitlines()[0].strip()
            assert top == f"Player {seat + 1}, your turn: choose a move", top

    asyncio.run(run())


def test_the_top_line_says_a_move_made_in_steps_goes_on() -> None:
    from parlour.cli.learn import lesson_match

    match, _coach = lesson_match("casino", "en")  # 5♢ in hand, more than one way to take

    async def run() -> None:
        app = TableApp(match, colour=False, bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(app, pilot)
            await pilot.press("colon", *"5D take", "enter")
            await settle(app, pilot)
            assert match.move_in_steps() == 0
            top = screen_text(app).splitlines()[0].strip()
            assert top == "Your turn: go on with 5♢ take (Escape: take it back)", top

    asyncio.run(run())
