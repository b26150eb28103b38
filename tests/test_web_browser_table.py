"""The web table's second pass (issue 23), in a real browser: Debian's Chromium
driven by Playwright, as in ``test_web_browser.py`` (its fixtures and helpers).

The end of a game (the result beside the final board, closable; no banner over
it; no "Coffin 0", no next dealer), people coming and going (the stand-in's
countdown, "Bea is back", leaving the table, share links checked before a name
is asked), the lobby's statuses, the tab's title and sound, the log as a live
region, cards named in words, spectators counted, the one click rule and its
setting, and the partnership hand on a phone. Desktop and 390×844, English and
French. Screenshots go to ``$PARLOUR_SCREENS`` (see ``test_web_browser.py``).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from test_web_browser import (
    SCREENS,
    browser,
    chromium,
    click_a_move,
    make_table,
    server,
    version,
    wait_for_my_turn_or_end,
)

__all__ = ["browser", "chromium", "server"]  # fixtures used by name below

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}
CARD_WORDS = r"(?:ace|two|three|four|five|six|seven|eight|nine|ten|jack|queen|king)"
SUIT_WORDS = r"(?:spades|hearts|diamonds|clubs)"
CARTE_MOTS = r"(?:as|deux|trois|quatre|cinq|six|sept|huit|neuf|dix|valet|dame|roi)"
COULEURS = r"(?:pique|cœur|carreau|trèfle)"


@pytest.fixture
def windows(browser: Any) -> Iterator[Any]:
    """Opens pages in their own browser contexts (own storage), all closed at
    the end; JavaScript errors on any of them fail the test."""
    contexts: list[Any] = []
    errors: list[str] = []

    def open_window(size: dict[str, int] = DESKTOP, lang: str = "en") -> Any:
        context = browser.new_context(viewport=size, locale="fr-FR" if lang == "fr" else "en-GB")
        context.add_init_script(f"localStorage.setItem('parlour.lang', '{lang}')")
        contexts.append(context)
        window = context.new_page()
        window.set_default_timeout(20000)
        window.on("pageerror", lambda error: errors.append(str(error)))
        return window

    yield open_window
    for context in contexts:
        context.close()
    assert errors == [], f"JavaScript errors on the page: {errors}"


def shoot(window: Any, name: str) -> None:
    SCREENS.mkdir(parents=True, exist_ok=True)
    window.screenshot(path=str(SCREENS / name), full_page=False)


def new_table(server: str, game: str, seats: list[Any], **extra: Any) -> dict[str, Any]:
    body = {"game": game, "seats": seats, **extra}
    answer = httpx.post(f"{server}api/tables", json=body, timeout=10)
    assert answer.status_code == 201, answer.text
    created: dict[str, Any] = answer.json()
    return created


def overlaps(first: dict[str, float], second: dict[str, float]) -> bool:
    return not (
        first["x"] + first["width"] <= second["x"]
        or second["x"] + second["width"] <= first["x"]
        or first["y"] + first["height"] <= second["y"]
        or second["y"] + second["height"] <= first["y"]
    )


def play_to_the_end(window: Any) -> None:
    moves = 0
    while wait_for_my_turn_or_end(window):
        click_a_move(window)
        moves += 1
        assert moves < 400


# ----- the end of a game -------------------------------------------------------------------------
@pytest.mark.parametrize("where", ["desktop-en", "phone-fr"])
def test_the_result_sits_beside_the_final_board_and_closes(
    windows: Any, server: str, where: str
) -> None:
    phone = where.startswith("phone")
    lang = where[-2:]
    window = windows(PHONE if phone else DESKTOP, lang)
    if lang == "fr":
        window.goto(server)
        window.locator(".tile-dracula a", has_text="Nouvelle table").click()
        window.wait_for_selector("#create-table")
        window.locator("#option-deals").select_option("1")
        window.click("#create-table")
        window.wait_for_selector(".felt")
    else:
        make_table(window, server, "dracula")
    play_to_the_end(window)
    panel = window.locator(".over-panel")
    panel.wait_for()
    # Nothing over the final coffin: no banner at this moment, and the result
    # does not cover the cells or the line values.
    assert window.locator(".pause-banner").count() == 0
    panel_box = panel.bounding_box()
    for part in window.locator(".coffin, .coffin .line-value").all():
        box = part.bounding_box()
        assert box is not None and panel_box is not None
        assert not overlaps(panel_box, box), "the result covers the final board"
    assert window.locator(".coffin .card").count() == 9, "the final coffin is on the board"
    # The header names no next dealer once the game is over.
    info = window.locator(".table-bar .info").inner_text()
    assert ("Dealer" not in info) and ("Donneur" not in info), info
    assert panel.locator("button.again").is_visible()
    assert window.locator(".scores table").is_visible()
    shoot(window, f"web-over-{where}.png")
    words = {"en": "Show the result", "fr": "Voir le résultat"}[lang]
    # Closed by its button …
    panel.locator(".close-result").click()
    assert window.locator(".over-panel").count() == 0
    window.locator(".table-bar .show-result", has_text=words).click()
    window.wait_for_selector(".over-panel")
    # … by Esc …
    window.keyboard.press("Escape")
    assert window.locator(".over-panel").count() == 0
    window.locator(".table-bar .show-result").click()
    window.wait_for_selector(".over-panel")
    # … and by a click elsewhere.
    window.locator(".coffin").click(position={"x": 5, "y": 5})
    assert window.locator(".over-panel").count() == 0


def test_no_coffin_zero_before_the_first_coffin(windows: Any, server: str) -> None:
    """Four people at a partnership table, three never come: the game waits
    before the first coffin (the direction not chosen yet)."""
    created = new_table(server, "dracula-partnership", ["human"] * 4, options={"deals": 1})
    mine = created["seats"][0]
    window = windows(PHONE, "en")
    window.goto(f"{server}#/join/{created['table']}/0/{mine['token']}")
    window.fill("#join-name", "Ann")
    window.click("button[type=submit]")
    window.wait_for_selector(".felt .coffin")
    assert "Coffin 0" not in window.inner_text("main")
    state = httpx.get(f"{server}api/tables/{created['table']}").json()
    assert state["version"] <= 1


# ----- the phone ---------------------------------------------------------------------------------
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_partnership_hand_is_above_the_fold_on_a_phone(
    windows: Any, server: str, lang: str
) -> None:
    window = windows(PHONE, lang)
    created = new_table(
        server,
        "dracula-partnership",
        [{"kind": "person", "name": "Ann"}, "bot:random", "bot:random", "bot:random"],
        options={"deals": 1},
    )
    window.goto(server)
    window.evaluate(
        "([table, seat]) => localStorage.setItem(`parlour.seat.${table}`, JSON.stringify(seat))",
        [created["table"], {"seat": 0, "token": created["seats"][0]["token"], "name": "Ann"}],
    )
    window.goto(f"{server}#/table/{created['table']}")
    for _ in range(3):  # the first decision may be rows or columns
        assert wait_for_my_turn_or_end(window)
        if window.locator(".hand button.card.playable").count():
            break
        click_a_move(window)
    window.evaluate("() => window.scrollTo(0, 0)")
    shoot(window, f"web-phone-dracula-partnership-{lang}.png")
    cards = window.locator(".hand .card")
    assert cards.count() >= 5
    last = cards.last.bounding_box()
    assert last is not None and last["y"] + last["height"] <= PHONE["height"], (
        f"the hand ends at {last and last['y'] + last['height']:.0f} px, below the fold"
    )
    assert window.evaluate("() => document.documentElement.scrollWidth") <= PHONE["width"]


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_partnership_hand_stays_above_the_fold_after_the_first_coffin(
    windows: Any, server: str, lang: str
) -> None:
    """Once a coffin is done its nine cards stand beside the next (« Dernier
    cercueil »), and in French the sides' labels take two lines: the hand's
    second row ended at 854 px on an 844 px phone. At every turn of the
    person's first dozen, the whole hand is on the first screen."""
    window = windows(PHONE, lang)
    created = new_table(
        server,
        "dracula-partnership",
        [{"kind": "person", "name": "Tess"}, "bot:random", "bot:random", "bot:random"],
        options={"deals": 1},
    )
    window.goto(server)
    window.evaluate(
        "([table, seat]) => localStorage.setItem(`parlour.seat.${table}`, JSON.stringify(seat))",
        [created["table"], {"seat": 0, "token": created["seats"][0]["token"], "name": "Tess"}],
    )
    window.goto(f"{server}#/table/{created['table']}")
    after_a_coffin = 0
    for turn in range(12):
        if not wait_for_my_turn_or_end(window):
            break
        window.evaluate("() => window.scrollTo(0, 0)")
        bottom = window.evaluate(
            "() => Math.max(0, ...[...document.querySelectorAll('.hand .card')]"
            ".map((node) => node.getBoundingClientRect().bottom))"
        )
        assert bottom <= PHONE["height"], f"turn {turn}: the hand ends at {bottom:.0f} px"
        after_a_coffin += window.locator(".felt .past .mini-coffin").count()
        click_a_move(window)
    assert after_a_coffin, "no turn came after the first coffin"
    shoot(window, f"web-phone-dracula-partnership-later-{lang}.png")


# ----- the lobby ---------------------------------------------------------------------------------
def test_the_lobby_shows_each_tables_status(windows: Any, server: str) -> None:
    waiting = new_table(server, "dracula", ["human", "human"], options={"deals": 1})
    window = windows(DESKTOP, "en")
    make_table(window, server, "thracula")  # Ann against bots, connected
    playing = window.evaluate("() => location.hash").split("/")[-1]
    watcher = windows(DESKTOP, "en")
    watcher.goto(server)
    line = watcher.locator(f".table-list li[data-table='{waiting['table']}'] .table-status")
    assert line.inner_text() == "Waiting for 2 more players"
    status = watcher.locator(f".table-list li[data-table='{playing}'] .table-status").inner_text()
    assert re.fullmatch(r"Playing · (Ann|Bot \d)'s turn", status), status
    shoot(watcher, "web-lobby.png")
    french = windows(DESKTOP, "fr")
    french.goto(server)
    line = french.locator(f".table-list li[data-table='{waiting['table']}'] .table-status")
    assert line.inner_text() == "Il manque 2 joueurs"
    status = french.locator(f".table-list li[data-table='{playing}'] .table-status").inner_text()
    assert re.fullmatch(r"En jeu · au tour (d'Ann|de Bot \d)", status), status  # d'Ann: elided


# ----- people coming and going -------------------------------------------------------------------
def log_text(window: Any) -> str:
    return str(window.inner_text(".log"))


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_share_link_is_checked_before_a_name_is_asked(
    windows: Any, server: str, lang: str
) -> None:
    created = new_table(server, "dracula", ["human", "human"], options={"deals": 1})
    table = created["table"]
    token = created["seats"][1]["token"]
    garbled = token[:-4] + ("AAAA" if not token.endswith("AAAA") else "BBBB")
    expected = {
        "en": {
            "garbled": "token is not seat 2's",
            "short": "cut short",
            "seat": "seats 1–2",
            "table": "does not exist",
        },
        "fr": {
            "garbled": "n'est pas celui de la place 2",
            "short": "tronqué",
            "seat": "places 1 à 2",
            "table": "n'existe pas",
        },
    }[lang]
    window = windows(PHONE, lang)
    for case, link in (
        ("garbled", f"{table}/1/{garbled}"),
        ("short", f"{table}/1/{token[:20]}"),
        ("short", f"{table}/1"),
        ("seat", f"{table}/8/{token}"),
        ("table", f"nosuchtable/1/{token}"),
    ):
        window.goto(f"{server}#/join/{link}")
        window.goto(f"{server}#/join/{link}")  # a new page load each time
        problem = window.locator(".join-problem")
        problem.wait_for()
        assert expected[case] in problem.inner_text(), (case, problem.inner_text())
        assert window.locator("#join-name").count() == 0, "no name is asked for a bad link"
        if case == "garbled":
            shoot(window, f"web-join-bad-link-{lang}.png")
    # The right link asks for the name (the seat is free) …
    window.goto(f"{server}#/join/{table}/1/{token}")
    window.wait_for_selector("#join-name")


def test_people_come_go_come_back_and_leave(windows: Any, server: str) -> None:
    created = new_table(
        server, "dracula", ["human", "human"], options={"deals": 1}, away_timeout=45
    )
    table = created["table"]
    ann_token, bea_token = (entry["token"] for entry in created["seats"])
    ann = windows(DESKTOP, "en")
    ann.goto(f"{server}#/join/{table}/0/{ann_token}")
    ann.fill("#join-name", "Ann")
    ann.click("button[type=submit]")
    ann.wait_for_selector(".felt")
    bea = windows(PHONE, "fr")
    bea.goto(f"{server}#/join/{table}/1/{bea_token}")
    bea.fill("#join-name", "Bea")
    bea.click("button[type=submit]")
    bea.wait_for_selector(".felt")
    ann.wait_for_function(
        "() => document.querySelector('.log').innerText.includes('Bea took seat 2.')"
    )
    # A spectator: Ann's page says someone is watching.
    watcher = windows(DESKTOP, "en")
    watcher.goto(f"{server}#/table/{table}")
    watcher.wait_for_selector(".felt")
    ann.wait_for_selector(".table-bar .watchers:has-text('1 person watching')")
    # Bea closes her page: Ann sees her gone, with the time before a bot plays for her.
    bea.close()
    ann.wait_for_function("() => document.querySelector('.log').innerText.includes('Bea has gone')")
    badge = ann.locator(".seat[data-seat='1'] .badge")
    badge.wait_for()
    first = badge.inner_text()
    assert re.fullmatch(r"away · bot in \d+ s", first), first
    seconds = int(first.split()[-2])
    assert 30 <= seconds <= 45, first
    ann.wait_for_function(
        "before => document.querySelector(\".seat[data-seat='1'] .badge\").innerText !== before",
        arg=first,
    )
    summary = httpx.get(f"{server}api/tables/{table}").json()
    if summary["to_act"] == 1:
        assert "a bot plays for Bea in" in ann.inner_text(".status")
    shoot(ann, "web-away-countdown.png")
    # Bea opens her link again (a new page, same browser): straight back to her seat.
    again = bea.context.new_page()
    again.goto(f"{server}#/join/{table}/1/{bea_token}")
    again.wait_for_selector(".felt .hand")
    assert again.locator("#join-name").count() == 0
    ann.wait_for_function("() => document.querySelector('.log').innerText.includes('Bea is back.')")
    assert "away" not in ann.locator(".seat[data-seat='1']").inner_text()
    # … and from another device (nothing kept in that browser): the seat is
    # taken, its name known: straight back too.
    elsewhere = windows(PHONE, "en")
    elsewhere.goto(f"{server}#/join/{table}/1/{bea_token}")
    elsewhere.wait_for_selector(".felt .hand")
    assert elsewhere.locator(".me .seat-name").inner_text() == "Bea"
    elsewhere.close()
    # Bea leaves the table for good: she is told, a bot plays her seat.
    again.locator("details.leave summary").click()
    again.locator(".leave-button").click()
    notice = again.locator(".left-notice")
    notice.wait_for()
    assert "un robot moyen joue désormais à votre place" in notice.inner_text()
    again.wait_for_function("() => !document.querySelector('.hand')")
    assert "Bea a quitté" not in log_text(again), "her own leaving is told once, to her"
    shoot(again, "web-left-the-table-fr.png")
    ann.wait_for_function(
        "() => document.querySelector('.log').innerText"
        ".includes('Bea left the table; a medium bot plays for them.')"
    )
    assert ann.locator(".seat[data-seat='1'] .badge").inner_text() == "left"
    # The game goes on without her: the stand-in plays her turns.
    moves = 0
    while wait_for_my_turn_or_end(ann):
        click_a_move(ann)
        moves += 1
        assert moves < 100
    assert httpx.get(f"{server}api/tables/{table}").json()["status"] == "over"


# ----- telling a person it is their turn, and screen readers -------------------------------------
def test_the_turn_in_the_title_a_sound_and_a_live_log(windows: Any, server: str) -> None:
    window = windows(DESKTOP, "en")
    window.goto(server)
    window.click("#settings-button")
    window.check("#setting-sound")
    window.click("#settings-button")
    make_table(window, server, "dracula")
    wait_for_my_turn_or_end(window)
    window.wait_for_function("() => document.title === '● Your turn — parlour'")
    assert int(window.evaluate("() => document.body.dataset.chimes || '0'")) >= 1
    log = window.locator(".log ol")
    assert log.get_attribute("role") == "log" and log.get_attribute("aria-live") == "polite"
    # The log is never drawn again whole: the list and its lines stay the same
    # nodes as moves come (so that a screen reader reads each new line once).
    window.evaluate(
        "() => { const list = document.querySelector('.log ol'); list.dataset.mark = 'kept';"
        " list.firstElementChild.dataset.mark = 'kept'; }"
    )
    if window.locator(".hand button.card.playable").count() == 0:
        click_a_move(window)  # rows or columns first
        wait_for_my_turn_or_end(window)
    # A card chosen: the cells it may go to are read in words.
    window.locator(".hand button.card.playable").first.click()
    target = window.locator("button.slot.target").first
    label = target.get_attribute("aria-label") or ""
    in_words = rf"(?:{CARD_WORDS} of {SUIT_WORDS}|Vampire [12])"
    assert re.fullmatch(rf"{in_words} to [abc][123]", label), label
    # Every title the tab shows from now on (the bot may answer at once).
    window.evaluate(
        "() => { window.titles = []; new MutationObserver(() => window.titles.push(document.title))"
        ".observe(document.querySelector('title'), {childList: true, characterData: true,"
        " subtree: true}); }"
    )
    before = version(window)
    target.click()
    window.wait_for_function(f"() => document.body.dataset.version !== '{before}'")
    wait_for_my_turn_or_end(window)
    assert "parlour · card games" in window.evaluate("() => window.titles"), "not your turn"
    assert window.evaluate("() => document.querySelector('.log ol').dataset.mark") == "kept"
    assert window.evaluate("() => document.querySelector('.log li').dataset.mark") == "kept"
    placed = window.locator(".coffin .cell .card").first.get_attribute("aria-label") or ""
    assert re.fullmatch(rf"[abc][123]: {in_words}", placed), placed


def test_cells_are_read_in_french_words(windows: Any, server: str) -> None:
    window = windows(PHONE, "fr")
    window.goto(server)
    window.locator(".tile-dracula a", has_text="Nouvelle table").click()
    window.wait_for_selector("#create-table")
    window.click("#create-table")
    wait_for_my_turn_or_end(window)
    assert window.title() == "● À vous — parlour"
    if window.locator(".hand button.card.playable").count() == 0:
        click_a_move(window)  # rows or columns first
        wait_for_my_turn_or_end(window)
    window.locator(".hand button.card.playable").first.click()
    label = window.locator("button.slot.target").first.get_attribute("aria-label") or ""
    assert re.fullmatch(rf"(?:{CARTE_MOTS} de {COULEURS}|Vampire [12]) en [abc][123]", label), label


def test_a_vampire_shows_a_bat_in_its_corners_not_a_letter(windows: Any, server: str) -> None:
    """A French reader takes "V" for a valet: a Vampire's corners show a bat and
    its number, and a move's text says the word."""
    window = windows(DESKTOP, "fr")
    window.goto(server)
    window.wait_for_selector(".tile-dracula")
    seen = window.evaluate(
        """async () => {
          const cards = await import('/static/cards.js');
          const card = cards.cardElement('V1');
          const text = document.createElement('p');
          text.append(...cards.prettyMove('V1'));
          return {
            corners: [...card.querySelectorAll('.index')].map((index) => index.textContent),
            bats: card.querySelectorAll('.index svg.bat').length,
            move: text.textContent,
          };
        }"""
    )
    assert seen == {"corners": ["1", "1"], "bats": 2, "move": "Vampire"}, seen


def test_asking_a_hint_clears_the_tricks_banner_that_would_cover_it(
    windows: Any, server: str
) -> None:
    """The playtest's Colour-blind table: « Pli pour Tester » covered the
    middle of the table, the hint's line and its details included, while the
    person was asked to move. Asking for a hint ends the pause: its banner
    gives way at once (the log keeps the trick's sentence)."""
    window = windows(DESKTOP, "en")
    make_table(window, server, "colour-blind")
    for _ in range(60):  # the first trick won while it is the person's turn
        assert wait_for_my_turn_or_end(window), "the game ended before a trick's banner"
        if window.locator(".pause-banner.kind-trick_won").count():
            break
        card = window.locator(".hand button.card.playable").first
        before = version(window)
        card.click()
        card.click()
        window.wait_for_function(f"() => document.body.dataset.version !== '{before}'")
    window.locator(".hint-button").click()
    assert window.locator(".pause-banner").count() == 0
    window.wait_for_selector(".hint-text:not(.hint-thinking)", timeout=60000)  # uncovered


# ----- one click rule ----------------------------------------------------------------------------
def test_a_click_selects_a_card_and_a_second_plays_it(windows: Any, server: str) -> None:
    """Colour-blind: every card has one move. A click selects it, a second click
    plays it; with the setting, one click plays it."""
    window = windows(DESKTOP, "en")
    make_table(window, server, "colour-blind")
    assert wait_for_my_turn_or_end(window)
    card = window.locator(".hand button.card.playable").first
    name = card.get_attribute("data-card")
    before = version(window)
    card.click()
    chosen = window.locator(f".hand button.card[data-card='{name}']")
    assert chosen.get_attribute("aria-pressed") == "true"
    assert version(window) == before, "one click only selects"
    assert "again or press Enter" in window.inner_text(".status")
    window.keyboard.press("Enter")  # the move button has the focus: Enter plays
    window.wait_for_function(f"() => document.body.dataset.version !== '{before}'")
    # With the setting, a card with one move is played by one click.
    window.click("#settings-button")
    window.check("#setting-play-at-once")
    window.click("#settings-button")
    if wait_for_my_turn_or_end(window):
        before = version(window)
        window.locator(".hand button.card.playable").first.click()
        window.wait_for_function(f"() => document.body.dataset.version !== '{before}'")


def test_a_face_down_card_that_may_be_taken_stands_out(windows: Any, server: str) -> None:
    """The look at every table: Thracula asked to "take a face-down card:
    choose its cell", but the cells that may be taken looked like the others
    (their buttons under the hand were below a 1280×800 laptop's fold). Each
    face-down card that may be taken is ringed, the others are not."""
    window = windows({"width": 1280, "height": 800}, "en")
    make_table(window, server, "thracula")
    for _ in range(40):
        assert wait_for_my_turn_or_end(window), "the game ended before a take"
        if window.query_selector(".coffin .cell.is-target .card.back"):
            break
        click_a_move(window)
    shadows = window.evaluate(
        """() => [...document.querySelectorAll('.coffin .cell .card.back')].map((back) => ({
            target: back.closest('.cell').classList.contains('is-target'),
            shadow: getComputedStyle(back).boxShadow,
            bottom: back.getBoundingClientRect().bottom,
        }))"""
    )
    shoot(window, "web-thracula-take-laptop.png")
    targets = [back for back in shadows if back["target"]]
    others = {back["shadow"] for back in shadows if not back["target"]}
    assert targets, shadows
    for back in targets:
        assert back["shadow"] not in others, shadows
        assert "255, 216, 77" in back["shadow"], back  # the focus colour's ring
        assert back["bottom"] <= 800, "a card to take is below the first screen"


def test_a_pause_banner_fades_in_once_however_often_the_table_is_drawn(
    windows: Any, server: str
) -> None:
    """The look at every table: a pause banner (a trick won, a deal over)
    faded in again from nothing each time the table was drawn while it
    showed (a bot's move, someone coming or going), so it blinked. Each
    banner is watched as it is put on the page: a pause fades in the first
    time only."""
    window = windows(DESKTOP, "en")
    make_table(window, server, "colour-blind")
    window.evaluate(
        """() => {
            window.bannersSeen = [];
            new MutationObserver((changes) => {
                for (const change of changes) for (const node of change.addedNodes) {
                    if (!(node instanceof Element)) continue;
                    if (!node.classList.contains('pause-banner')) continue;
                    const animation = getComputedStyle(node).animationName;
                    window.bannersSeen.push([node.textContent, animation]);
                }
            }).observe(document.body, {childList: true, subtree: true});
        }"""
    )
    for _ in range(60):
        seen = window.evaluate("() => window.bannersSeen")
        texts = [text for text, _ in seen]
        if len(set(texts)) >= 3 and len(texts) > len(set(texts)):
            break
        if not wait_for_my_turn_or_end(window):
            break
        click_a_move(window)
    seen = window.evaluate("() => window.bannersSeen")
    firsts: set[str] = set()
    again = []
    for text, animation in seen:
        if text in firsts:
            again.append((text, animation))
        else:
            firsts.add(text)
            assert animation == "pause-in", seen
    assert again, f"no pause was drawn twice: {seen}"
    assert all(animation == "none" for _, animation in again), again


def test_a_coffins_banner_says_the_scores_and_the_log_the_lines(windows: Any, server: str) -> None:
    """The look at every table: a finished coffin's banner held the whole
    scoring, every row and column run into one paragraph ("= 13, ×2 for two
    spades = 26 row 2: …"), over all the board and the hand of a phone. The
    banner says the sentence's first line (the deal's scores and totals); the
    log keeps each line's working."""
    window = windows({"width": 360, "height": 740}, "en")
    make_table(window, server, "dracula", {"deals": "2"})
    text = ""
    for _ in range(40):
        more = wait_for_my_turn_or_end(window)
        banner = window.query_selector(".pause-banner.kind-coffin_scored .pause-text")
        if banner is not None:
            text = banner.inner_text()
            shoot(window, "web-coffin-banner-phone.png")
            break
        if not more:
            break
        click_a_move(window)
    assert text.startswith("Deal 1 scored"), text
    assert "row 1" not in text and "totals" in text, text
    log = "\n".join(window.locator(".log li.kind-coffin_scored").all_inner_texts())
    assert "row 1:" in log, log
