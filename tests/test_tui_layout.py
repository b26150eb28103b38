"""The full-screen table at the sizes people use: at 80×24 every game shows the
hand, the table, whose turn and the moves without scrolling, before and after a
resize; below the minimum it asks for a larger window. Also the pacing of the
bots, the pause at a deal's end, and the pages."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("textual")

from textual.containers import VerticalScroll
from textual.pilot import Pilot

import parlour
from matches import played_out, settle
from parlour.core.registry import game_parts
from parlour.games.colour_blind.text import ace_high
from parlour.i18n import tr
from parlour.render import Style, renderer_for
from parlour.tui import session
from parlour.tui.app import (
    DealEndScreen,
    RulesScreen,
    TableApp,
    TextScreen,
    moves_count,
    score_sheet_lines,
    screen_text,
)
from parlour.tui.session import Match

TABLE_MARK = {
    "dracula": "   1  [",
    "dracula-partnership": "   1  [",
    "thracula": "   1  [",
    "colour-blind": "Row (",
    "nain-jaune": "┌───────",
    "casino": "Table",
}
"""A piece of text that only the drawn table (the coffin, the row, the board…) has."""

HAND_MARK = {"casino": "hand"}
"""How each game names the hand (default: ``Your hand``)."""

CASES = [
    ("dracula", {}),
    ("dracula-partnership", {}),
    ("thracula", {}),
    ("colour-blind", {}),
    ("colour-blind", {"players": 2}),
    ("nain-jaune", {"players": 3}),
    ("nain-jaune", {"players": 4}),
    ("nain-jaune", {"players": 5}),
    ("nain-jaune", {"players": 6}),
    ("nain-jaune", {"players": 7}),
    ("nain-jaune", {"players": 8}),
    ("casino", {}),
    ("casino", {"players": 3}),
    ("casino", {"players": 4}),
]


@pytest.fixture(autouse=True)
def private_data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Saves and statistics go to a temporary directory, never the home."""
    monkeypatch.setenv("PARLOUR_DATA_DIR", str(tmp_path))
    return tmp_path


def new_match(name: str, options: dict[str, object], seed: int = 4, lang: str = "en") -> Match:
    game = parlour.load_game(name, **options)
    names = ["You"] + [f"Bot {seat + 1}" for seat in range(1, game.num_players)]
    return Match.new(game, seed=seed, humans=[0], opponent="random", names=names, lang=lang)


async def to_the_next_choice(app: TableApp, pilot: Pilot[Any]) -> None:
    """Go past deal-end pauses until the person has a move to choose (or the end)."""
    await settle(app, pilot)
    while app.paused:
        await pilot.press("space")
        await settle(app, pilot)


def assert_game_on_screen(app: TableApp, name: str) -> None:
    """Hand, table, whose turn and the moves are all on screen, nothing to scroll."""
    text = screen_text(app)
    assert "make the window" not in text
    assert TABLE_MARK[name] in text, text
    assert HAND_MARK.get(name, "Your hand") in text, text
    assert text.startswith(" Your turn: choose a move"), text
    assert "1 " in text and ("move" in text), text
    pane = app.query_one("#table-pane", VerticalScroll)
    assert pane.max_scroll_y == 0, f"the table needs scrolling:\n{text}"
    assert len(text.splitlines()) <= app.size.height


@pytest.mark.parametrize(("name", "options"), CASES, ids=lambda case: str(case))
def test_every_game_fits_80_by_24_and_follows_resizes(
    name: str, options: dict[str, object]
) -> None:
    match = new_match(name, options)

    async def run() -> None:
        app = TableApp(match, colour=False, bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            checked = 0
            for _ in range(4):  # a few turns: the table fills up as the deal goes on
                await to_the_next_choice(app, pilot)
                if match.is_over():
                    break
                assert_game_on_screen(app, name)
                checked += 1
                await pilot.press("enter")
                if app.group is not None:
                    await pilot.press("enter")
            await to_the_next_choice(app, pilot)
            if match.is_over():
                return
            assert checked > 0
            await pilot.resize_terminal(100, 30)
            await pilot.pause()
            assert_game_on_screen(app, name)
            await pilot.resize_terminal(80, 24)
            await pilot.pause()
            assert_game_on_screen(app, name)
            await pilot.resize_terminal(60, 20)
            await pilot.pause()
            text = screen_text(app)
            assert "Make the window at least 80×24" in text
            assert "Your hand" not in text
            await pilot.resize_terminal(80, 24)
            await pilot.pause()
            assert_game_on_screen(app, name)

    asyncio.run(run())


def test_the_deal_end_pause_waits_for_a_key() -> None:
    match = new_match("dracula", {"deals": 2})

    async def run() -> None:
        app = TableApp(match, colour=False, bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            for _ in range(60):
                await settle(app, pilot)
                if app.paused:
                    break
                await pilot.press("enter")
            assert app.paused and isinstance(app.screen, DealEndScreen)
            version = match.table.version
            text = screen_text(app)
            assert "End of the deal" in text and "Press any key to go on" in text
            assert "scored" in text
            # The finished coffin is on screen: nine cards, no empty cell.
            assert "[    ]" not in text and "   3  [" in text
            for _ in range(5):  # nothing moves while the pause waits
                await settle(app, pilot)
            assert app.paused and match.table.version == version
            assert match.human_to_act() is not None or match.bot_to_act() is not None
            await pilot.press("x")
            await settle(app, pilot)
            assert not app.paused
            assert not isinstance(app.screen, DealEndScreen)

    asyncio.run(run())


def test_bot_moves_wait_for_the_delay_before_they_are_played() -> None:
    match = new_match("nain-jaune", {"players": 4})
    happened: list[tuple[str, int]] = []

    async def run() -> None:
        app = TableApp(match, colour=False, bot_delay=0.01)
        original_timer = app.set_timer

        def recording_timer(delay: float, callback: Any = None, **keywords: Any) -> Any:
            happened.append(("timer", match.table.version))
            assert 0 < delay <= app.bot_wait  # the pace, longer after a run

            def fire() -> None:
                happened.append(("fired", match.table.version))
                callback()
                happened.append(("played", match.table.version))

            return original_timer(delay, fire, **keywords)

        app.set_timer = recording_timer  # type: ignore[method-assign]
        async with app.run_test(size=(80, 24)) as pilot:
            for _ in range(6):
                await to_the_next_choice(app, pilot)
                if match.is_over():
                    break
                await pilot.press("enter")
            assert app.bot_moves_shown > 0
            assert [kind for kind, _ in happened].count("played") == app.bot_moves_shown

    asyncio.run(run())
    # Each bot move: the timer is set, fires later, and only then the move is played.
    for index in range(0, len(happened) - 2, 3):
        (first, version), (second, same), (third, after) = happened[index : index + 3]
        assert (first, second, third) == ("timer", "fired", "played")
        assert version == same and after == version + 1


def test_the_last_card_played_is_highlighted() -> None:
    match = new_match("colour-blind", {})

    async def run() -> None:
        app = TableApp(match, colour=False, bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await to_the_next_choice(app, pilot)
            card = app.last_card_played(0)
            assert card is not None
            shown = Style().card(card)
            table = app.table_text
            spans = [
                table.plain[span.start : span.end]
                for span in table.spans
                if "reverse" in str(span.style)
            ]
            assert shown in spans

    asyncio.run(run())


def test_keys_page_lists_every_key_and_r_shows_how_to_play() -> None:
    match = new_match("dracula", {})

    async def run() -> None:
        app = TableApp(match, colour=False, bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await to_the_next_choice(app, pilot)
            await pilot.press("question_mark")
            assert isinstance(app.screen, TextScreen)
            text = screen_text(app)
            for words in ("hint", "undo", "score sheet", "game log", "français", "leave"):
                assert words in text, words
            await pilot.press("escape")
            await pilot.press("r")
            assert isinstance(app.screen, RulesScreen)
            assert "how to play" in app.screen.markdown.splitlines()[0]
            assert "observation" not in app.screen.markdown.lower()

    asyncio.run(run())


def test_counts_are_said_in_the_singular_and_the_plural() -> None:
    assert moves_count("en", 1) == "1 move" and moves_count("en", 3) == "3 moves"
    assert moves_count("fr", 1) == "1 coup" and moves_count("fr", 2) == "2 coups"


def test_no_card_s_nor_session_in_a_whole_dracula_game() -> None:
    game = (
        parlour.load_game("dracula", scoring="cards")
        if _has_option("dracula", "scoring")
        else parlour.load_game("dracula")
    )
    state = game.new_initial_state(seed=8)
    render = renderer_for("dracula")
    while not state.is_terminal():
        seat = state.current_player()
        for lang in ("en", "fr"):
            text = render(state.view(seat), Style(lang=lang), ["You", "Bot"])
            assert "(s)" not in text
            assert "session" not in text and "séance" not in text
        state.apply_action(state.legal_actions()[0])


def _has_option(game: str, option: str) -> bool:
    from parlour.core.options import option_specs

    return any(spec.name == option for spec in option_specs(parlour.game_class(game).options_class))


def test_colour_blind_hand_is_drawn_ace_high() -> None:
    game = parlour.load_game("colour-blind")
    for seed in range(40):
        state = game.new_initial_state(seed=seed)
        while state.current_player() != 0:
            state.apply_action(state.legal_actions()[0])
        hand = list(state.view(0).observation["hand"])
        aces = [card for card in hand if card.startswith("A")]
        if aces and any(card[-1] == aces[0][-1] and card != aces[0] for card in hand):
            break
    else:
        pytest.skip("no deal with an Ace and another card of its suit")
    text = renderer_for("colour-blind")(state.view(0), Style(symbols=False), ["A", "B", "C"])
    hand_line = next(line for line in text.splitlines() if line.startswith("Your hand"))
    drawn = hand_line.split(": ", 1)[1].split()
    assert drawn == [Style(symbols=False).card(card) for card in ace_high(hand)]
    suit = aces[0][-1]
    same_suit = [card for card in drawn if card.endswith(suit)]
    assert same_suit[-1].startswith("A")


def test_score_sheet_names_the_players() -> None:
    match = played_out(new_match("nain-jaune", {"players": 3, "max_deals": 1}))
    lines = score_sheet_lines(match)
    assert all(name in lines[0] for name in match.names)
    assert not any("seat " in line for line in lines)


def test_the_screen_captures_are_80_by_24() -> None:
    screens = Path(__file__).parent.parent / "docs" / "screens"
    for name in parlour.game_names():
        if not game_parts(name).package.startswith("parlour.games."):
            continue  # the documentation's captures are of parlour's own games
        lines = (screens / f"{name}.txt").read_text(encoding="utf-8").splitlines()
        assert len(lines) <= 24 and max(len(line) for line in lines) <= 80, name


def test_session_is_unchanged_for_the_line_mode() -> None:
    """The line mode still calls renderers with three arguments and gets the
    whole table."""
    match = new_match("nain-jaune", {"players": 8})
    full = match.table_text(0, Style())
    assert "Board:" in full
    assert session.Match is Match


def test_a_deal_where_every_move_of_yours_was_forced_says_so() -> None:
    match = new_match("nain-jaune", {"players": 8}, seed=6)
    decided_at: list[int] = []
    while not match.is_over():
        seat = match.human_to_act()
        if seat is None:
            match.play_bot()
        else:
            decided_at.append(match.table.history_length())
            match.submit(seat, match.table.legal_moves(seat)[0][0])
    app = TableApp(match, colour=False, bot_delay=0)
    ends = [step for step, event in match.table.events_for(0) if event.ends_deal]
    starts = [0] + [end + 1 for end in ends]
    said = []
    for start, end in zip(starts, ends, strict=False):
        notes = app.forced_notes(end)
        forced = [
            step
            for step, event in match.table.events_for(0)
            if start <= step <= end and getattr(event, "forced", False) and event.seat == 0
        ]
        chose = any(start <= step <= end for step in decided_at)
        assert bool(notes) == (bool(forced) and not chose)
        said.extend(notes)
    assert "All your moves this deal were forced: the rules chose every card." in said


def test_the_replay_fits_80_by_24(private_data_dir: Path) -> None:
    from parlour.tui.replay import ReplayBook
    from parlour.tui.replay_app import ReplayApp

    match = played_out(new_match("nain-jaune", {"players": 8, "max_deals": 1}, seed=5))
    path = private_data_dir / "finished.json"
    path.write_text(match.table.record_json(), encoding="utf-8")
    book = ReplayBook(path)

    async def run() -> None:
        app = ReplayApp(book, colour=False, start=len(book.steps) // 2)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            text = screen_text(app)
            assert "┌───────" in text and "Step " in text
            assert app.query_one("#table-pane", VerticalScroll).max_scroll_y == 0, text

    asyncio.run(run())


def test_the_rules_page_keeps_a_scored_deals_lines_one_per_line() -> None:
    """Playtest (tmux, 80×24): the example's score ran its lines together ("…
    = 135 row 2: K♠ 10♠ 3♢ = 13 …"): Markdown joins the lines of a list item;
    each line of a deal's score is a line of its own."""
    match = new_match("dracula", {})

    async def run() -> None:
        app = TableApp(match, colour=False, bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await to_the_next_choice(app, pilot)
            await pilot.press("r")
            await pilot.pause()
            scroll = app.screen.query_one("#rules-scroll", VerticalScroll)
            for top in range(0, int(scroll.max_scroll_y) + 1, 10):
                scroll.scroll_to(y=top, animate=False)
                await pilot.pause()
                text = screen_text(app)
                if "row 2:" in text:
                    break
            rows = [line.split("█")[1].strip() for line in text.splitlines() if "█" in line]
            assert any(row.startswith("row 2: ") for row in rows), text

    asyncio.run(run())


def panes(text: str) -> tuple[list[str], dict[str, list[str]]]:
    """The screen's rows cut in two: the table pane on the left, and the boxes
    of the column on the right (moves, log) by their titles, each its insides."""
    left: list[str] = []
    boxes: dict[str, list[str]] = {}
    title = ""
    for row in text.splitlines()[1:-1]:
        cut = min((row.find(mark) for mark in "│╭╰" if mark in row), default=-1)
        left.append(row[:cut] if cut >= 0 else row)
        if "╭" in row:
            title = row[cut:].strip("╭╮─ ")
            boxes[title] = []
        elif row.count("│") >= 2:
            boxes[title].append(row[cut + 1 : row.rindex("│")])
    return left, boxes


@pytest.mark.parametrize(
    ("name", "options", "seed", "lang"),
    [
        ("casino", {"players": 3}, 163, "en"),
        ("dracula", {}, 4, "fr"),
        ("casino", {}, 4, "fr"),
    ],
)
def test_a_wrapped_line_keeps_names_whole_and_its_rest_indented(
    name: str, options: dict[str, object], seed: int, lang: str
) -> None:
    """tmux at 80×24: the log read "… ; Robot" / "2 compte les colonnes", the
    Casino table "cards held: Bot" / "2 3", and a long move's "4♣)" came under
    the move numbers. Lines are cut as the line mode cuts them: never inside a
    name, the rest indented under the line."""
    game = parlour.load_game(name, **options)
    you, bot = ("You", "Bot") if lang == "en" else ("Vous", "Robot")
    names = [you] + [f"{bot} {seat + 1}" for seat in range(1, game.num_players)]
    match = Match.new(game, seed=seed, humans=[0], opponent="random", names=names, lang=lang)

    async def run() -> None:
        app = TableApp(match, colour=False, bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            for _ in range(3):
                await to_the_next_choice(app, pilot)
                text = screen_text(app)
                left, boxes = panes(text)
                for row in left + [row for rows in boxes.values() for row in rows]:
                    assert not row.rstrip().endswith(f" {bot}"), text
                    # French spaces a sign from its word: the wrap never parts them
                    # ("… et appelez 7" / ": 7♠ 5♡ 2♣.").
                    assert not row.strip().startswith((":", ";", "»")), text
                moves = next(rows for title, rows in boxes.items() if title[:1].isdigit())
                for row in moves:  # " 7 9♣ take (from …" or its rest, indented
                    assert row[:2].strip().isdigit() or row.startswith("   "), text
                await pilot.press("enter")
                if app.group is not None:
                    await pilot.press("enter")

    asyncio.run(run())


@pytest.mark.parametrize(("lang", "seed"), [("en", 11), ("fr", 11), ("en", 4)])
def test_the_casino_table_breaks_its_lines_between_players(lang: str, seed: int) -> None:
    """tmux at 80×24: "Your hand (You): 5♠ 10♠ K♠ 8♡    cards held:" / "Bot 2 4"
    read as though "Bot 2 4" were in the hand, and "Scores: … · Bot 2 0" /
    "(taken 0 cards, 0♠)" parted a player from their counts. The cards held go
    to a line of their own, and a score line breaks between two players."""
    from parlour.cli.play import wrap_line

    game = parlour.load_game("casino")
    you, bot = ("You", "Bot 2") if lang == "en" else ("Vous", "Robot 2")
    match = Match.new(game, seed=seed, humans=[0], opponent="random", names=[you, bot], lang=lang)
    held, taken = ("cards held:", "(taken") if lang == "en" else ("cartes en main :", "(pris")

    def check(rows: list[str], text: str) -> None:
        rows = [row.replace("\u00a0", " ").strip() for row in rows]
        for row in rows:
            assert not row.endswith(held), text
            assert not row.startswith((taken, "0♠", "cards,", "cartes,", "2 ")), text
        # The cards held and the player they count stay on one row (a row of
        # their own, or after the hand when it leaves room).
        assert any(f"{held} {bot} " in row for row in rows), text
        assert any(row.startswith(f"{bot} 0 {taken}") for row in rows), text

    async def run() -> None:
        app = TableApp(match, colour=False, bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await to_the_next_choice(app, pilot)
            text = screen_text(app)
            check(panes(text)[0], text)
            plain = app.table_text.plain
            check([row for line in plain.split("\n") for row in wrap_line(line, 48)], plain)

    asyncio.run(run())


@pytest.mark.parametrize("width", range(20, 40))
def test_a_wrap_never_begins_a_line_with_a_french_sign(width: int) -> None:
    """tmux at 80×24 in French: "Vous jouez 5♡ et appelez 7" / ": 7♠ 5♡ 2♣."
    and, in the deal's end box, "Personne n'a de 9 : Robot" / "5 repart". The
    space before a sign stays with its word, and a name stays whole."""
    from rich.console import Console
    from rich.text import Text

    from parlour.tui.wrapping import Wrapped

    console = Console(width=width, color_system=None)
    line = "Vous jouez 5♡ et appelez 7 : 7♠ 5♡ 2♣. Personne n'a de 9 : Robot 5 repart « sans 4 »"
    with console.capture() as captured:
        console.print(Wrapped(Text(line), ["Robot 5"]))
    rows = [row.strip() for row in captured.get().splitlines()]
    assert not [row for row in rows if row.startswith((":", "»"))], rows
    assert not [row for row in rows if row.endswith(("«", "Robot"))], rows
    assert " ".join(rows) == line


@pytest.mark.parametrize(("lang", "part"), [("en", "coffin 1 of 6"), ("fr", "cercueil 1 sur 6")])
def test_a_narrow_header_wraps_between_its_parts(lang: str, part: str) -> None:
    """At 80×24 the Partnership Dracula header read "coffin 2 of" / "6 · dealer":
    a long header wraps between its parts, each kept on one line."""
    match = new_match("dracula-partnership", {"deals": 1}, lang=lang)

    async def run() -> None:
        app = TableApp(match, colour=False, bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await to_the_next_choice(app, pilot)
            text = screen_text(app).replace("\xa0", " ")
            assert part in text, text

    asyncio.run(run())


def past_a_deal(match: Match) -> Match:
    """``match`` played (first legal move for the person) past its first deal."""
    while match.deals_scored() == 0:
        if match.human_to_act() is not None:
            match.submit(0, match.table.legal_moves(0)[0][0])
        else:
            match.play_bot()
    return match


@pytest.mark.parametrize("key", ["l", "s"])
def test_a_page_keeps_names_whole_and_says_how_to_close_it(key: str) -> None:
    """Playtest at 80×24 in French: the log page cut « Vous 18, Robot » / « 2 90 »
    and, longer than the screen, hid its last line, « Échap pour fermer »: a
    page wraps as the log panel does and keeps its closing line in sight."""
    match = past_a_deal(new_match("dracula", {"deals": 2}, lang="fr"))
    names = [name for name in match.names if " " in name]

    async def run() -> None:
        app = TableApp(match, colour=False, bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await to_the_next_choice(app, pilot)
            await pilot.press(key)
            assert isinstance(app.screen, TextScreen)
            await pilot.pause()
            text = screen_text(app)
            assert tr("fr", "close") in text, text
            rows = [  # the page's rows, without its frame and scroll bar
                row[row.index("█") + 1 : row.rindex("█")].strip(" ▁▂▃▄▅▆▇")
                for row in text.splitlines()
                if row.count("█") > 1
            ]
            for name in names:
                first = name.split()[0]
                cut = [row for row in rows if row.endswith(f" {first}") or row == first]
                assert not cut, cut

    asyncio.run(run())


@pytest.mark.parametrize(
    ("name", "options", "lang", "title"),
    [
        ("casino", {}, "en", "End of the round"),
        ("casino", {}, "fr", "Fin de la manche"),
        ("dracula-partnership", {"deals": 1}, "en", "End of the coffin"),
        ("dracula-partnership", {"deals": 1}, "fr", "Fin du cercueil"),
        ("dracula", {"deals": 2}, "en", "End of the deal"),
    ],
)
def test_the_pause_names_what_ended(
    name: str, options: dict[str, object], lang: str, title: str
) -> None:
    """Playtest: Casino's pause read "End of the deal" over "Round 1 scored", and
    Partnership Dracula's over each coffin: the pause says what its score sheet
    counts (a deal, a round, a coffin), on top and in its box."""
    match = past_a_deal(new_match(name, options, lang=lang))
    before = match.table.history_length()
    match.undo()  # back before the person's last decision of that deal

    async def run() -> None:
        app = TableApp(match, colour=False, bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            for _ in range(before):
                await settle(app, pilot)
                if app.paused:
                    break
                await pilot.press("enter")
            assert app.paused and isinstance(app.screen, DealEndScreen)
            text = screen_text(app)
            assert text.splitlines()[0].strip().startswith(title), text
            assert text.count(title) == 2, text

    asyncio.run(run())


def test_the_deal_end_box_leaves_the_whole_table_in_sight() -> None:
    """Playtest at 80×24: the deal's end box was two columns wider than the
    column it covers and hid the table's last two (« … d'une montre » lost its
    full stop, Casino's "You:" its colon): it covers the moves and log only."""
    match = past_a_deal(new_match("nain-jaune", {"players": 4}, lang="fr"))
    match.undo()

    async def run() -> None:
        app = TableApp(match, colour=False, bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            for _ in range(200):
                await settle(app, pilot)
                if app.paused:
                    break
                await pilot.press("enter")
            assert app.paused and isinstance(app.screen, DealEndScreen)
            side = 80 - app.side_width()
            rows = [row for row in screen_text(app).splitlines() if "█" in row]
            assert rows and all(row.index("█") >= side for row in rows), "\n".join(rows)

    asyncio.run(run())


@pytest.mark.parametrize(("lang", "label"), [("en", "dealer:"), ("fr", "donneur :")])
def test_the_casino_heading_keeps_the_dealer_with_its_label(lang: str, label: str) -> None:
    """tmux at 80×24 in French: Casino's heading broke "… donneur :" / "Vous ·
    talon 40 …", the dealer parted from the word that says what the name is."""
    game = parlour.load_game("casino")
    you, bot = ("You", "Bot 2") if lang == "en" else ("Vous", "Robot 2")
    match = Match.new(game, seed=4, humans=[0], opponent="random", names=[you, bot], lang=lang)

    async def run() -> None:
        app = TableApp(match, colour=False, bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await to_the_next_choice(app, pilot)
            text = screen_text(app)
            rows = [row.replace("\u00a0", " ").strip() for row in panes(text)[0]]
            assert not [row for row in rows if row.endswith(label)], text

    asyncio.run(run())
