"""The web table in a real browser: Debian's Chromium driven by Playwright.

For every game: open the lobby, make a table against bots through the form,
play to the end with clicks, and again with the keyboard alone, and check the
result the page shows against the server's. Also: the page asks nothing of
another host; two windows share one table while a spectator sees no hand.
Screenshots of each game's table go to ``$PARLOUR_SCREENS/web-<game>.png``
(``PARLOUR_SCREENS=docs/screens`` refreshes the documentation's).

In CI (``CI=true``) these tests never skip: a missing Chromium is installed
with apt-get when running as root, or the run fails saying what is needed.
"""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import socket
import subprocess
import tempfile
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

from parlour.core.registry import game_class, game_names

SCREENS = Path(os.environ.get("PARLOUR_SCREENS") or Path(tempfile.gettempdir()) / "parlour-screens")
"""Where the screenshots go: ``PARLOUR_SCREENS=docs/screens`` refreshes the
documentation's; by default a temporary folder, so a test run leaves the work
tree as it was."""
CHROMIUM_ARGUMENTS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-default-apps",
    "--disable-features=Translate,MediaRouter,OptimizationHints",
]
"""Headless as root needs --no-sandbox; the background-networking flags stop
Chromium from calling Google's hosts, which this machine's network refuses."""

NEEDED = (
    "The browser tests need Playwright (pip install playwright, part of the test "
    "extra) and Debian's Chromium at /usr/bin/chromium (apt-get install -y chromium); "
    "Playwright's own browser download is not used."
)


def short_game(game: str) -> tuple[int, dict[str, str], list[str]]:
    """A short game of ``game``, set through the new-table form: (players, options
    as the form's text, seats): its Game's ``short_options``, at the smallest table
    of three or more seats it allows (two when it allows no more), Ann against
    heuristic and random bots in turn."""
    game_type = game_class(game)
    players = max(game_type.info.min_players, min(3, game_type.info.max_players))
    options = {name: str(value).lower() for name, value in game_type.short_options.items()}
    bots = ["bot:heuristic", "bot:random"] * players
    return players, options, ["human", *bots[: players - 1]]


SHORT_GAMES: dict[str, tuple[int, dict[str, str], list[str]]] = {
    game: short_game(game) for game in game_names()
}
"""A short game of every registered game."""

MOVE_CONTROLS = (
    ".is-target button, .card-moves button, .hand button.card.playable, .other-moves button"
)


def in_ci() -> bool:
    return os.environ.get("CI", "").lower() in ("1", "true", "yes")


def unavailable(reason: str) -> None:
    if in_ci():
        pytest.fail(f"{reason}. {NEEDED}")
    pytest.skip(f"{reason}. {NEEDED}")


def find_chromium() -> str | None:
    for candidate in (
        "/usr/bin/chromium",
        shutil.which("chromium"),
        shutil.which("chromium-browser"),
    ):
        if candidate and Path(candidate).exists():
            return candidate
    return None


@pytest.fixture(scope="session")
def chromium() -> str:
    """Debian's Chromium; installed with apt-get in CI when running as root."""
    path = find_chromium()
    root = hasattr(os, "geteuid") and os.geteuid() == 0
    if path is None and in_ci() and root and shutil.which("apt-get"):
        environment = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
        subprocess.run(["apt-get", "update", "-q"], check=False, env=environment)
        subprocess.run(["apt-get", "install", "-y", "-q", "chromium"], check=False, env=environment)
        path = find_chromium()
    if path is None:
        unavailable("Chromium was not found")
    assert path is not None
    return path


SHARED: dict[str, Any] = {}
"""The one browser and server of the session: other test modules import these
fixtures, and pytest would otherwise start a second of each (two Playwright
instances in one thread cannot run)."""


@pytest.fixture(scope="session")
def browser(chromium: str) -> Iterator[Any]:
    if "browser" in SHARED:  # started by this fixture imported in another module
        yield SHARED["browser"]
        return
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        unavailable("Playwright is not installed")
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(
            executable_path=chromium, headless=True, args=CHROMIUM_ARGUMENTS
        )
        SHARED["browser"] = launched
        try:
            yield launched
        finally:
            SHARED.pop("browser", None)
            launched.close()


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
    return port


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A real uvicorn server on a free loopback port, in a thread."""
    if "server" in SHARED:
        yield SHARED["server"]
        return
    try:
        import uvicorn

        from parlour.web import create_app
    except ImportError:
        unavailable("The web extra (starlette, uvicorn) is not installed")
    database = tmp_path_factory.mktemp("web") / "tables.sqlite3"
    from parlour.web.limits import ServerLimits

    # Every test's browser comes from 127.0.0.1 to this one server: the
    # per-address quotas (tested in test_web_hostile.py) would refuse its tables.
    lifted = ServerLimits(
        new_tables_per_minute=100_000, bot_tables_per_address=100_000, refusals_per_minute=100_000
    )
    app = create_app(f"sqlite://{database}", bot_delay=0.02, limits=lifted)
    port = free_port()
    config = uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning")
    running = uvicorn.Server(config)
    thread = threading.Thread(target=running.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not running.started:
        if time.monotonic() > deadline or not thread.is_alive():
            pytest.fail("the web server did not start")
        time.sleep(0.05)
    SHARED["server"] = f"http://127.0.0.1:{port}/"
    try:
        yield SHARED["server"]
    finally:
        SHARED.pop("server", None)
        running.should_exit = True
        thread.join(timeout=10)


@pytest.fixture
def page(browser: Any, server: str) -> Iterator[Any]:
    context = browser.new_context(viewport={"width": 1280, "height": 900}, locale="en-GB")
    opened = context.new_page()
    errors: list[str] = []
    opened.on("pageerror", lambda error: errors.append(str(error)))
    opened.set_default_timeout(20000)
    yield opened
    context.close()
    assert errors == [], f"JavaScript errors on the page: {errors}"


def make_table(page: Any, server: str, game: str, options: dict[str, str] | None = None) -> str:
    """Lobby → New table → the form → the table; returns the table id.
    ``options``: other values for the game's short options."""
    players, short, seats = SHORT_GAMES[game]
    options = {**short, **(options or {})}
    page.goto(server)
    page.locator(f".tile-{game} a", has_text="New table").click()
    page.wait_for_selector("#create-table")
    page.fill("#my-name", "Ann")
    page.select_option("#players", str(players))
    for name, value in options.items():
        control = page.locator(f"#option-{name}")
        if control.evaluate("node => node.tagName") == "SELECT":
            control.select_option(value)
        else:
            control.fill(value)
    for seat, kind in enumerate(seats):
        page.select_option(f"#seat-{seat}", kind)
    page.select_option("#visibility", "open")  # listed in the lobby (a bot table is private)
    page.click("#create-table")
    page.wait_for_selector(".felt")
    table_id: str = page.evaluate("() => location.hash").split("/")[-1]
    return table_id


def wait_for_my_turn_or_end(page: Any) -> bool:
    """True when it is this seat's turn, False when the game is over."""
    page.wait_for_function(
        "() => document.querySelector('.over-panel') || (document.querySelector('.status strong')"
        " && !document.querySelector('.felt.pending'))",
        timeout=60000,
    )
    return page.query_selector(".over-panel") is None


def version(page: Any) -> str:
    return str(page.evaluate("() => document.body.dataset.version || ''"))


def click_a_move(page: Any) -> None:
    """Click a move control (a playable card, a move button, a coffin cell) until
    the table's version changes. The page redraws on every state, so a control
    found a moment ago may be gone: then look again."""
    from playwright.sync_api import Error

    before = version(page)
    for _ in range(100):
        if version(page) != before or page.query_selector(".over-panel") is not None:
            break
        target = page.query_selector(
            ".is-target button, .card-moves button"
        ) or page.query_selector(MOVE_CONTROLS)
        if target is not None:
            with contextlib.suppress(Error):
                target.click(timeout=2000)
        page.wait_for_timeout(40)
    page.wait_for_function(f"() => document.body.dataset.version !== '{before}'")


def key_a_move(page: Any) -> None:
    """Tab to a move control and press Enter (a coffin cell by its number key).
    No key is pressed while the move is on its way (the felt is pending): the
    game's last move brings the end panel, which takes the focus to "Play
    again", and an Enter pressed then would open a rematch."""
    before = version(page)
    for _ in range(200):
        if version(page) != before:
            break
        active = page.evaluate(
            "selector => { if (document.querySelector('.felt.pending')) return 'PENDING';"
            " const node = document.activeElement;"
            " return node && node.matches(selector) ? node.className : ''; }",
            MOVE_CONTROLS,
        )
        if active == "PENDING":
            page.wait_for_timeout(40)
        elif active:
            page.keyboard.press("Enter")
            page.wait_for_timeout(40)
        else:
            page.keyboard.press("Tab")
    page.wait_for_function(f"() => document.body.dataset.version !== '{before}'")


def expected_headline(result: list[float], names: list[str]) -> list[str]:
    best = max(result)
    return [name for name, score in zip(names, result, strict=True) if score == best]


@pytest.mark.parametrize("way", ["clicks", "keyboard"])
@pytest.mark.parametrize("game", sorted(SHORT_GAMES))
def test_a_game_against_bots_played_to_the_end(page: Any, server: str, game: str, way: str) -> None:
    table_id = make_table(page, server, game)
    moves = 0
    while wait_for_my_turn_or_end(page):
        if moves == 3 and way == "clicks":
            page.wait_for_timeout(300)
            SCREENS.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(SCREENS / f"web-{game}.png"), full_page=True)
        if way == "clicks":
            click_a_move(page)
        else:
            key_a_move(page)
        moves += 1
        assert moves < 400
    summary = page.request.get(f"{server}api/tables/{table_id}").json()
    assert summary["status"] == "over"
    names = [seat["name"] for seat in summary["seats"]]
    panel = page.locator(".over-panel")
    headline = panel.locator(".winner").inner_text()
    winners = expected_headline(summary["result"], names)
    if winners == ["Ann"]:  # the page's own seat alone won
        assert headline == "You win"
    else:
        for name in winners:
            assert name in headline
    shown = panel.locator(".ranking li strong").all_inner_texts()
    # Seen twice in 33 runs of Thracula by keyboard before key_a_move stopped
    # pressing keys while its move was on its way (the likely cause: a rematch
    # opened by a stray Enter): if it comes back, say all that could tell why.
    page_version = version(page)
    page_table = page.evaluate("() => location.hash")
    assert sorted(float(score) for score in shown) == sorted(summary["result"]), (
        f"the panel ({page_table}) shows {shown} at version {page_version}; "
        f"the table {table_id} has {summary['result']} at version {summary['version']} "
        f"after {moves} moves of ours; "
        f"its record: {page.request.get(f'{server}api/tables/{table_id}/record').text()[:4000]}"
    )
    assert panel.locator("button.again").is_visible()
    if game == "dracula" and way == "clicks":
        panel.locator("button.again").click()
        page.wait_for_function(f"() => !location.hash.endsWith('{table_id}')")
        page.wait_for_selector(".felt")
        assert page.query_selector(".over-panel") is None
        new_id = page.evaluate("() => location.hash").split("/")[-1]
        again = page.request.get(f"{server}api/tables/{new_id}").json()
        assert again["game"] == "dracula" and again["seats"][0]["name"] == "Ann"


def test_the_page_asks_nothing_of_another_host(page: Any, server: str) -> None:
    own = urlsplit(server).netloc
    elsewhere: list[str] = []

    def note(url: str) -> None:
        address = urlsplit(url)
        if address.scheme in ("http", "https", "ws", "wss") and address.netloc != own:
            elsewhere.append(url)

    page.on("request", lambda request: note(request.url))
    page.on("websocket", lambda socket: note(socket.url))
    response = page.goto(server)
    assert "default-src 'self'" in response.headers["content-security-policy"]
    page.wait_for_selector(".game-tile")
    page.goto(f"{server}#/rules/dracula")
    page.wait_for_selector(".markdown")
    make_table(page, server, "colour-blind")
    page.wait_for_selector(".row-strip .card")
    page.wait_for_timeout(300)
    assert elsewhere == []


def test_two_windows_share_a_table_and_a_spectator_sees_no_hand(browser: Any, server: str) -> None:
    import httpx

    created = httpx.post(
        f"{server}api/tables",
        json={"game": "dracula", "options": {"deals": 1}, "seats": ["human", "human"]},
    ).json()
    table_id = created["table"]
    pages = []
    contexts = []
    for entry, name in zip(created["seats"], ("Ann", "Bob"), strict=True):
        context = browser.new_context(viewport={"width": 1100, "height": 800})
        contexts.append(context)
        window = context.new_page()
        window.goto(f"{server}#/join/{table_id}/{entry['seat']}/{entry['token']}")
        window.fill("#join-name", name)
        window.click("button[type=submit]")
        window.wait_for_selector(".felt")
        pages.append(window)
    watcher_context = browser.new_context(viewport={"width": 1100, "height": 800})
    contexts.append(watcher_context)
    watcher = watcher_context.new_page()
    watcher.goto(f"{server}#/table/{table_id}")
    watcher.wait_for_selector(".felt")
    try:
        moves = 0
        while True:
            summary = httpx.get(f"{server}api/tables/{table_id}").json()
            if summary["status"] == "over":
                break
            window = pages[summary["to_act"]]
            window.wait_for_function(
                f"() => document.body.dataset.version === '{summary['version']}'"
            )
            click_a_move(window)
            moves += 1
            assert watcher.query_selector(".hand") is None
            assert moves < 200
        for window in [*pages, watcher]:
            window.wait_for_selector(".over-panel")
        assert watcher.locator(".seat-name").all_inner_texts() == ["Ann", "Bob"]
        assert watcher.query_selector(".hand .card") is None
    finally:
        for context in contexts:
            context.close()


def test_the_table_reads_well_at_phone_width(browser: Any, server: str) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True)
    window = context.new_page()
    try:
        make_table(window, server, "dracula")
        wait_for_my_turn_or_end(window)
        click_a_move(window)
        wait_for_my_turn_or_end(window)
        window.wait_for_selector(".coffin .card")
        width = window.evaluate("() => document.documentElement.scrollWidth")
        assert width <= 390, "nothing sticks out sideways on a phone"
        card = window.locator(".coffin .card").first.bounding_box()
        assert card is not None and card["width"] >= 40
        SCREENS.mkdir(parents=True, exist_ok=True)
        window.screenshot(path=str(SCREENS / "web-phone-dracula.png"), full_page=True)
    finally:
        context.close()


def test_french_and_the_four_colour_pack(page: Any, server: str) -> None:
    page.goto(server)
    page.click("#language-button")
    page.wait_for_selector("text=Nouvelle table")
    page.click("#palette-button")
    assert page.evaluate("() => document.documentElement.dataset.palette") == "four"
    make_table_french = page.locator(".tile-colour-blind a", has_text="Nouvelle table")
    make_table_french.click()
    page.wait_for_selector("#create-table")
    page.click("#create-table")
    page.wait_for_selector(".row-strip .card")
    # Two cards drawn by the page's own styles, read in one turn of the page's
    # script (a card on the table may be redrawn between two separate reads).
    diamonds, hearts = page.evaluate(
        """() => ["suit-D", "suit-H"].map(suit => {
            const card = document.createElement("div");
            card.className = `card ${suit} red small`;
            document.querySelector(".row-strip").appendChild(card);
            const colour = getComputedStyle(card).color;
            card.remove();
            return colour;
        })"""
    )
    assert diamonds and hearts and diamonds != hearts
    assert "Feuille de marque" in page.inner_text(".scores h2")


# ----- what the events bring to the page (the webui pass) ------------------------------
ENGLISH_WORDS = (
    "Your turn",
    "choose",
    "Deal ",
    "Dealer",
    "Score sheet",
    "Game log",
    "Hint",
    "Undo",
    "All moves",
    "Lobby",
    "Rules",
    "plays",
    "leads",
    "wins",
    "trick",
    "dealt",
    "Good colour",
    "black",
    "Trick to",
    "Keys",
)
"""English words of the table page; none may show on a French table."""


def test_the_log_tells_each_move_in_the_servers_sentences_and_pauses_on_a_coffin(
    page: Any, server: str
) -> None:
    # Two deals: the first deal's coffin ends in the middle of the game (the
    # last one ends the game, and the result shows no banner over the board).
    make_table(page, server, "dracula", {"deals": "2"})
    seen_pause = False
    while True:
        more = wait_for_my_turn_or_end(page)
        banner = page.query_selector(".pause-banner.kind-coffin_scored")
        if banner is not None:
            seen_pause = True
            assert len(banner.query_selector_all(".mini-coffin .card")) == 9
            assert "Coffin finished" in banner.inner_text()
            page.keyboard.press("Escape")
            assert page.query_selector(".pause-banner") is None
            break
        if not more:
            break
        click_a_move(page)
    assert seen_pause, "a finished coffin shows its pause banner"
    log = page.locator(".log li")
    texts = log.all_inner_texts()
    # Every card played is one sentence from the server, with its suit symbol.
    played = page.locator(".log li.kind-card_played").all_inner_texts()
    assert len(played) >= 8
    # (a vampire has no suit: its sentence names it instead)
    odd = [
        text
        for text in played
        if " plays " not in text
        or not (set(text) & set("♠♥♡♦♢♣") or "ampire" in text or "V1" in text or "V2" in text)
    ]
    assert odd == []
    assert any(text.startswith("Ann plays ") for text in played), played
    assert page.query_selector(".log li.kind-coffin_scored.milestone") is not None
    # The deal is one line with this seat's own cards, not one line per card.
    assert page.query_selector(".log li.kind-card_dealt") is None
    dealt = page.locator(".log li.kind-cards_dealt").first.inner_text()
    assert "cards dealt" in dealt and "Yours:" in dealt
    assert not any(text.startswith("Ann:") for text in texts), "no log of the page's own making"
    # The last card played (the latest such sentence) is the one ringed on the board.
    last = page.locator(".log li.kind-card_played, .log li.kind-first_nail").last.inner_text()
    ringed = page.locator(".coffin .card.last-played")
    assert ringed.count() == 1
    card = ringed.first.get_attribute("data-card") or ""
    if card in ("V1", "V2"):
        assert card in last, (card, last)
    else:
        symbols = {"S": "♠", "H": "♥♡", "D": "♦♢", "C": "♣"}[card[-1]]
        assert any(f"{card[:-1]}{symbol}" in last for symbol in symbols), (card, last)


def test_a_french_table_has_no_english_words(browser: Any, server: str) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 900}, locale="fr-FR")
    window = context.new_page()
    try:
        window.goto(server)
        window.evaluate("() => localStorage.setItem('parlour.lang', 'fr')")
        make_table_in_french(window, server, "colour-blind")
        wait_for_my_turn_or_end(window)
        click_a_move(window)
        wait_for_my_turn_or_end(window)
        window.wait_for_selector(".log li.kind-card_followed")
        text = window.inner_text("main")
        found = [word for word in ENGLISH_WORDS if word in text]
        assert found == [], f"English on a French table: {found}"
        log = window.inner_text(".log")
        assert "joue" in log
        # Courts read V, D, R in French, in the log as on the cards.
        assert re.search(r"\b[JQK][♠♥♡♦♢♣]", log) is None, log
        SCREENS.mkdir(parents=True, exist_ok=True)
        window.screenshot(path=str(SCREENS / "web-french-colour-blind.png"), full_page=True)
    finally:
        context.close()


def make_table_in_french(page: Any, server: str, game: str) -> None:
    players, options, seats = SHORT_GAMES[game]
    page.goto(server)
    page.locator(f".tile-{game} a", has_text="Nouvelle table").click()
    page.wait_for_selector("#create-table")
    page.fill("#my-name", "Zoé")
    page.select_option("#players", str(players))
    for name, value in options.items():
        page.locator(f"#option-{name}").fill(value)
    for seat, kind in enumerate(seats):
        page.select_option(f"#seat-{seat}", kind)
    page.select_option("#visibility", "open")  # listed in the lobby (a bot table is private)
    page.click("#create-table")
    page.wait_for_selector(".felt")


def casino_moves_in_steps() -> bool:
    """Whether this engine's Casino makes a move in steps: its first moves are
    then only "7D trail", "7D take" or "7D build 9", the table cards come after."""
    import re

    import parlour

    state = parlour.load_game("casino").new_initial_state(seed=1)
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    texts = [state.action_to_string(action) for action in state.legal_actions()]
    return all(re.fullmatch(r"\S+ (trail|take|build \d+)", text) for text in texts)


def test_the_casino_move_being_built_is_shown(page: Any, server: str) -> None:
    if not casino_moves_in_steps():
        pytest.skip("this engine's Casino makes each move in one action, without steps")
    make_table(page, server, "casino")
    built = False
    while not built and wait_for_my_turn_or_end(page):
        # A first step that leaves the move open: "7D take" or "7D build 9".
        first = page.evaluate(
            "() => [...document.querySelectorAll('.all-moves-list button')]"
            ".map(b => b.textContent).find(text => / take$| build \\d+$/.test(text.trim())) || ''"
        )
        if not first:
            click_a_move(page)
            continue
        before = version(page)
        page.evaluate(
            "text => [...document.querySelectorAll('.all-moves-list button')]"
            ".find(b => b.textContent === text).click()",
            first,
        )
        page.wait_for_function(f"() => document.body.dataset.version !== '{before}'")
        panel = page.locator(".casino-pending")
        assert panel.is_visible()
        assert "your move so far" in panel.inner_text().lower()
        steps = page.locator(".casino-table .step, .other-moves button")
        assert steps.count() >= 1
        SCREENS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SCREENS / "web-casino-steps.png"), full_page=True)
        # Finish the move with the board's and the bar's step buttons (the page
        # redraws on every state: a button found a moment ago may be gone).
        from playwright.sync_api import Error

        for _ in range(60):
            mine_open = page.evaluate(
                "() => Boolean(document.querySelector('.casino-pending')"
                " && document.querySelector('.status strong'))"
            )
            if not mine_open:
                break
            with contextlib.suppress(Error):
                page.locator(".casino-table .step, .other-moves button").first.click(timeout=2000)
            page.wait_for_timeout(60)
        else:
            pytest.fail("the Casino move was never finished")
        built = True
    assert built


def test_a_reload_in_the_middle_of_a_game_carries_on_to_the_end(page: Any, server: str) -> None:
    """A reload (or a dropped connection) mid-game: the page opens its seat again
    from what it kept, shows the table as it is now, and plays on to the end."""
    table_id = make_table(page, server, "dracula")
    moves = 0
    reloads = 0
    while wait_for_my_turn_or_end(page):
        if moves in (1, 2):
            before = version(page)
            page.reload()
            page.wait_for_selector(".felt")
            page.wait_for_function("() => document.body.dataset.version")
            assert int(version(page)) >= int(before)
            summary = page.request.get(f"{server}api/tables/{table_id}").json()
            assert summary["seats"][0]["connected"] is True
            reloads += 1
            if not wait_for_my_turn_or_end(page):
                break
        click_a_move(page)
        moves += 1
        assert moves < 400
    assert reloads == 2
    summary = page.request.get(f"{server}api/tables/{table_id}").json()
    assert summary["status"] == "over"
    assert page.locator(".over-panel").is_visible()
