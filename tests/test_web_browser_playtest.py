"""Defects a playtester found in the browser, each checked in a real browser
(Debian's Chromium driven by Playwright, the fixtures of ``test_web_browser.py``):
the chat's "mute" on one's own messages, its length limit and empty messages,
the top bar after an account is made, button words at the top of their
buttons on a phone, Colour-blind's trick banner over the good colour, and the
pages of a mistyped game or an unknown player. Desktop and 390×844, English
and French; screenshots go to ``$PARLOUR_SCREENS`` (see ``test_web_browser.py``).
"""

from __future__ import annotations

import json
from typing import Any

import httpx
import pytest

from live import ServeProcess
from parlour.core.registry import game_names
from test_web_browser import (
    SCREENS,
    browser,
    chromium,
    click_a_move,
    server,
    wait_for_my_turn_or_end,
)
from test_web_browser_accounts import own_server
from test_web_browser_review import as_ann, seeded_server
from test_web_browser_table import new_table, overlaps, windows

__all__ = [
    "browser",
    "chromium",
    "own_server",
    "seeded_server",
    "server",
    "windows",
]  # fixtures used by name below

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}
MOST = 300
"""The longest chat message (``parlour.web.chat.MAX_CHAT_CHARACTERS``)."""


def shoot(window: Any, name: str) -> None:
    SCREENS.mkdir(parents=True, exist_ok=True)
    window.screenshot(path=str(SCREENS / name), full_page=False)


def join(window: Any, server: str, created: dict[str, Any], seat: int, name: str) -> None:
    """Take ``seat`` of the table ``created`` (``new_table``'s answer) by its
    link, under ``name``, and wait for the felt."""
    token = created["seats"][seat]["token"]
    window.goto(f"{server}#/join/{created['table']}/{seat}/{token}")
    window.fill("#join-name", name)
    window.click("button[type=submit]")
    window.wait_for_selector(".felt")


def seated_pair(windows: Any, server: str) -> tuple[Any, Any]:
    """Ann (desktop, English) and Bob (phone, French) at one Dracula table."""
    created = new_table(server, "dracula", ["human", "human"], options={"deals": 1})
    people = []
    for seat, (name, size, lang) in enumerate([("Ann", DESKTOP, "en"), ("Bob", PHONE, "fr")]):
        window = windows(size, lang)
        join(window, server, created, seat, name)
        people.append(window)
    return people[0], people[1]


def chat_line(window: Any, text: str) -> Any:
    line = window.locator(".chat .chat-line", has=window.locator(".chat-text", has_text=text))
    line.wait_for()
    return line


# ----- 1. the chat: no "mute" on one's own messages ---------------------------------------------
def test_ones_own_chat_messages_have_no_mute_button(windows: Any, server: str) -> None:
    ann, bob = seated_pair(windows, server)
    bob.locator(".chat-reactions button[data-reaction=well_played]").click()
    ann.fill(".chat-input", "Good luck")
    ann.press(".chat-input", "Enter")
    for window in (ann, bob):
        chat_line(window, "Good luck")
        chat_line(window, "Well played" if window is ann else "Bien joué")
    # Each sees a "mute" on the other's message only.
    assert chat_line(ann, "Good luck").locator(".chat-mute").count() == 0
    assert chat_line(ann, "Well played").locator(".chat-mute").count() == 1
    assert chat_line(bob, "Bien joué").locator(".chat-mute").count() == 0
    assert chat_line(bob, "Good luck").locator(".chat-mute").count() == 1
    # Each line reads as the reader's language writes a colon.
    assert chat_line(ann, "Good luck").inner_text().startswith("Ann: Good luck")
    assert chat_line(bob, "Good luck").inner_text().startswith("Ann\u00a0: Good luck")
    bob.locator(".chat").scroll_into_view_if_needed()
    shoot(bob, "playtest-chat-own-phone-fr.png")
    shoot(ann, "playtest-chat-own-desk-en.png")


# ----- 2. the chat: its limit said, an empty message answered ----------------------------------
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_chat_says_its_limit_and_answers_an_empty_message(
    windows: Any, server: str, lang: str
) -> None:
    # A table waiting for a friend (a person alone with bots sees no chat).
    created = new_table(server, "dracula", ["human", "human"], options={"deals": 1})
    window = windows(PHONE if lang == "fr" else DESKTOP, lang)
    join(window, server, created, 0, "Ann")
    chat_input = window.locator(".chat-input")
    help_line = window.locator(".chat-help")
    assert chat_input.get_attribute("maxlength") == str(MOST)
    # Spaces only: a polite note, nothing sent.
    chat_input.fill("    ")
    window.locator(".chat-send").click()
    note = {"en": "Write a few words first", "fr": "Écrivez d’abord quelques mots"}[lang]
    window.wait_for_function(
        "note => document.querySelector('.chat-help').textContent.startsWith(note)", arg=note
    )
    assert window.locator(".chat-line:not(.empty)").count() == 0
    # Far from the limit, nothing said; near it, the characters left.
    chat_input.fill("x" * 100)
    assert help_line.is_hidden()
    chat_input.fill("x" * 290)
    left = {"en": "10 characters left", "fr": "Encore 10 caractères"}[lang]
    assert help_line.inner_text() == left
    # At the limit, and a paste beyond it, the page says what happened.
    chat_input.fill("")
    chat_input.focus()
    window.keyboard.insert_text("y" * MOST)
    most = {
        "en": "That is the most a message may hold",
        "fr": "C’est le plus long message possible",
    }
    assert help_line.inner_text().startswith(most[lang])
    chat_input.fill("")
    window.evaluate(
        """(text) => {
            const input = document.querySelector('.chat-input');
            const data = new DataTransfer();
            data.setData('text/plain', text);
            input.dispatchEvent(new ClipboardEvent('paste', {clipboardData: data, bubbles: true}));
            input.value = text.slice(0, Number(input.maxLength));
            input.dispatchEvent(new Event('input', {bubbles: true}));
        }""",
        "z" * (MOST + 50),
    )
    cut = {"en": f"Only the first {MOST} characters", "fr": f"Seuls les {MOST} premiers"}[lang]
    assert help_line.inner_text().startswith(cut), help_line.inner_text()
    window.locator(".chat").scroll_into_view_if_needed()
    shoot(window, f"playtest-chat-limit-{lang}.png")
    # Sent, the line is whole and the note goes.
    window.locator(".chat-send").click()
    chat_line(window, "z" * MOST)
    assert help_line.is_hidden()


def test_a_person_alone_with_bots_sees_the_chat_only_once_the_game_is_over(
    windows: Any, server: str
) -> None:
    """Nobody can read a chat at a table of one person and bots while the game
    is on (spectators have their own); once it is over, everyone's chat opens."""
    created = new_table(server, "dracula", ["human", "bot:random"], options={"deals": 1})
    window = windows(DESKTOP, "en")
    join(window, server, created, 0, "Ann")
    assert window.locator(".chat").is_hidden()
    while wait_for_my_turn_or_end(window):
        click_a_move(window)
    window.wait_for_selector(".over-panel")
    window.locator(".chat").wait_for(state="visible")


# ----- 3. the top bar knows the new account at once ----------------------------------------------
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_top_bar_names_a_new_account_on_its_recovery_page(
    windows: Any, own_server: ServeProcess, lang: str
) -> None:
    window = windows(DESKTOP, lang)
    window.goto(own_server.base + "/#/account")
    # A new password says its length before anyone types (the browser's own
    # tooltip came only after a refusal).
    help_text = window.inner_text("#new-account-password-help")
    assert help_text == ("At least 8 characters." if lang == "en" else "Au moins 8 caractères.")
    described = window.get_attribute("#new-account-password", "aria-describedby")
    assert described == "new-account-password-help"
    assert window.locator("#sign-in-password-help").count() == 0
    window.fill("#new-account-name", f"Zoe {lang}")
    window.fill("#new-account-password", "a good long password")
    window.locator("#new-account button[type=submit]").click()
    window.wait_for_selector("#recovery-code")
    area = window.locator("#account-area")
    area.locator(".account-name").wait_for(timeout=5000)
    assert area.locator(".account-name").inner_text() == f"Zoe {lang}"
    assert area.locator("[data-key=sign-in]").count() == 0
    shoot(window, f"playtest-recovery-{lang}.png")


# ----- 4. button words in the middle of their buttons on a phone --------------------------------
def words_off_centre(window: Any, selector: str) -> list[str]:
    """The buttons of ``selector`` whose words are not in their vertical middle
    (more than 2 px off), with how far."""
    off: list[str] = window.evaluate(
        """(selector) => [...document.querySelectorAll(selector)].flatMap((button) => {
            const box = button.getBoundingClientRect();
            const range = document.createRange();
            range.selectNodeContents(button);
            const words = range.getBoundingClientRect();
            const gap = (words.top + words.bottom) / 2 - (box.top + box.bottom) / 2;
            return Math.abs(gap) > 2 ? [`${button.textContent}: ${gap.toFixed(1)} px`] : [];
        })""",
        selector,
    )
    return off


@pytest.mark.parametrize("where", ["phone-en", "phone-fr", "desktop-en"])
def test_button_words_are_in_the_middle_of_their_buttons(
    windows: Any, server: str, where: str
) -> None:
    lang = where[-2:]
    window = windows(PHONE if where.startswith("phone") else DESKTOP, lang)
    window.goto(server)
    window.wait_for_selector(".tile-buttons .button")
    assert words_off_centre(window, ".tile-buttons .button") == []
    shoot(window, f"playtest-lobby-{where}.png")
    window.goto(f"{server}#/new/dracula")
    window.wait_for_selector("#create-table")
    # The seat's choices: the levels for people from weakest to strongest,
    # then the two simple bots (the playtest found "steady" between
    # "beginner" and "easy").
    levels = window.eval_on_selector_all("#seat-1 option", "nodes => nodes.map((n) => n.value)")
    assert levels == [
        "human",
        "bot:easy",
        "bot:medium",
        "bot:hard",
        "bot:expert",
        "bot:random",
        "bot:heuristic",
    ]
    # A guest is told that only signed-in players are rated (the playtester
    # won a "rated" game as a guest and found nobody ranked).
    rated_help = window.inner_text("#rated-help")
    assert ("signed-in players are rated" if lang == "en" else "joueurs connectés") in rated_help
    assert words_off_centre(window, ".form-buttons .button") == []
    # Nothing of the form runs past the screen's edge (the French "Qui peut
    # venir" choice did on a phone), and the "rated" checkbox keeps to the
    # start of its field instead of floating in its middle.
    past_the_edge = window.evaluate(
        """() => [...document.querySelectorAll('#main .field *')]
            .filter((node) => node.getBoundingClientRect().right > innerWidth + 1)
            .map((node) => node.id || node.tagName)"""
    )
    assert past_the_edge == []
    checkbox = window.locator("#rated").bounding_box()
    visibility = window.locator("#visibility").bounding_box()
    assert checkbox is not None and visibility is not None
    assert abs(checkbox["x"] - visibility["x"]) < 8, (checkbox, visibility)
    window.locator(".form-buttons").scroll_into_view_if_needed()
    shoot(window, f"playtest-new-table-{where}.png")
    # The end of a game: one deal of Dracula against a bot.
    window.select_option("#players", "2")
    window.select_option("#seat-1", "bot:random")
    window.locator("#option-deals").select_option("1")
    window.click("#create-table")
    window.wait_for_selector(".felt")
    while wait_for_my_turn_or_end(window):
        click_a_move(window)
    window.wait_for_selector(".over-buttons .button")
    assert words_off_centre(window, ".over-buttons .button, .over-buttons .again") == []
    window.locator(".over-buttons").scroll_into_view_if_needed()
    shoot(window, f"playtest-over-{where}.png")


# ----- 5. Colour-blind's trick banner leaves the good colour and the row readable ---------------
@pytest.mark.parametrize("where", ["desktop-en", "phone-fr"])
def test_the_trick_banner_leaves_the_good_colour_and_the_row_readable(
    windows: Any, server: str, where: str
) -> None:
    lang = where[-2:]
    window = windows(PHONE if where.startswith("phone") else DESKTOP, lang)
    created = new_table(
        server, "colour-blind", ["human", "bot:random", "bot:random"], options={"deals": 1}
    )
    join(window, server, created, 0, "Alice")
    checked = 0
    for _ in range(60):
        window.wait_for_function(
            "() => document.querySelector('.over-panel') || document.querySelector("
            "'.pause-banner.kind-trick_won') || (document.querySelector('.status strong')"
            " && !document.querySelector('.felt.pending'))",
            timeout=60000,
        )
        if window.query_selector(".over-panel") is not None:
            break
        if window.query_selector(".pause-banner.kind-trick_won") is not None:
            # The banner's fade-in is over before it is measured and shot.
            window.wait_for_timeout(400)
            if window.query_selector(".pause-banner.kind-trick_won") is None:
                continue
            banner = window.locator(".pause-banner").bounding_box()
            assert banner is not None
            for part in (".good-colour", ".row-strip"):
                box = window.locator(part).bounding_box()
                assert box is not None
                assert not overlaps(banner, box), f"the trick banner covers {part}"
            shoot(window, f"playtest-trick-banner-{where}-{checked}.png")
            checked += 1
            if checked == 2:
                break
            window.wait_for_function("() => !document.querySelector('.pause-banner')")
            continue
        click_a_move(window)
    assert checked == 2, "no trick's banner was seen"


# ----- 6. a mistyped game, an unknown player ------------------------------------------------------
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_mistyped_game_is_named_with_the_games_there_are(
    windows: Any, server: str, lang: str
) -> None:
    window = windows(PHONE if lang == "fr" else DESKTOP, lang)
    window.goto(f"{server}#/new/dracula-partnerships")
    problem = window.locator(".unknown-game .form-error")
    problem.wait_for()
    said = {
        "en": "There is no game called “dracula-partnerships”.",
        "fr": "Il n’y a pas de jeu appelé «\u00a0dracula-partnerships\u00a0».",
    }[lang]
    assert problem.inner_text() == said
    links = window.locator(".known-games a")
    assert sorted(
        links.evaluate_all("(nodes) => nodes.map((node) => node.dataset.game)")
    ) == sorted(game_names())
    assert window.locator(".game-grid").count() == 0
    shoot(window, f"playtest-unknown-game-{lang}.png")
    window.locator(".known-games a[data-game=dracula]").click()
    window.wait_for_selector("#create-table")


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_an_unknown_player_is_said_in_a_sentence(
    windows: Any, own_server: ServeProcess, lang: str
) -> None:
    window = windows(DESKTOP, lang)
    window.goto(own_server.base + "/#/players/Nobody")
    problem = window.locator("main .form-error")
    problem.wait_for()
    said = {
        "en": "There is no player called “Nobody”.",
        "fr": "Il n’y a pas de joueur appelé «\u00a0Nobody\u00a0».",
    }[lang]
    assert problem.inner_text() == said
    shoot(window, f"playtest-unknown-player-{lang}.png")


# ----- the second playtest ------------------------------------------------------------------------
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_card_the_game_plays_for_a_person_is_said_in_their_log(
    windows: Any, server: str, lang: str
) -> None:
    """At a five-handed Nain Jaune the newcomer's first deal was over within
    seconds, nothing asked: the game plays a seat's only legal card itself. Their
    log says so ("Only move: played 7♣ for you.") for each such card of theirs."""
    window = windows(DESKTOP if lang == "en" else PHONE, lang)
    frames: list[dict[str, Any]] = []

    def watch(socket: Any) -> None:
        def read(payload: Any) -> None:
            if isinstance(payload, str):
                frames.append(json.loads(payload))

        socket.on("framereceived", read)

    window.on("websocket", watch)
    created = new_table(server, "nain-jaune", ["human", *["bot:random"] * 4], players=5)
    join(window, server, created, 0, "Tess")

    def said_for_me() -> list[str]:
        return [
            entry["text"]
            for frame in frames
            if frame.get("type") == "state" and frame.get("seat") == 0
            for entry in frame["events"]
            if entry["event"].get("forced") is True and entry["event"].get("seat") == 0
        ]

    for _ in range(300):
        if said_for_me() or not wait_for_my_turn_or_end(window):
            break
        click_a_move(window)
    told = said_for_me()
    assert told, "no card of Tess's was played for her in the moves played"
    start = "Only move: played " if lang == "en" else "Seul coup possible : "
    end = " for you." if lang == "en" else " joué pour vous."
    for text in told:
        assert text.startswith(start) and text.endswith(end), text
    # The page shows the run card by card, at the bots' pace: the line comes
    # once its card does. It draws the red suits filled (the server's 7♡ is the
    # page's 7♥), so the two are compared with the same suits: the test passed
    # or failed with the colour of the card played for Tess.
    window.wait_for_function(
        "(text) => { const same = (said) => said.replace(/\\u00a0/g, ' ')"
        ".replace(/♢/g, '♦').replace(/♡/g, '♥');"
        " return [...document.querySelectorAll('.log li')]"
        ".some((line) => same(line.textContent) === same(text)); }",
        arg=told[0],
    )
    shoot(window, f"playtest-played-for-you-{lang}.png")


def test_the_messages_hidden_by_a_mute_are_counted_with_a_real_plural(
    windows: Any, server: str
) -> None:
    """The chat said "{n} masqué(s)" under a muted name's messages (and "2 muted"
    in English, without saying what): one message hidden, then two, each said
    as a sentence would, in both languages."""
    ann, bob = seated_pair(windows, server)  # Ann reads English, Bob French
    people = ((ann, "Ann", bob), (bob, "Bob", ann))

    def say(text: str) -> None:
        for window, name, other in people:
            window.fill(".chat-input", f"{text} ({name})")
            window.press(".chat-input", "Enter")
            chat_line(window, f"{text} ({name})")
            if text == "first":
                chat_line(other, f"{text} ({name})")

    say("first")
    for window, name, _ in people:  # each mutes the other
        other_name = "Bob" if name == "Ann" else "Ann"
        chat_line(window, f"first ({other_name})").locator(".chat-mute").click()
    said = {
        "Ann": ("1 message hidden", "2 messages hidden"),
        "Bob": ("1 message masqué", "2 messages masqués"),
    }
    for count in (0, 1):
        if count:
            say("second")
        for window, name, _ in people:
            window.wait_for_function(
                "(text) => document.querySelector('.chat .chat-muted')?.textContent"
                ".startsWith(text)",
                arg=said[name][count] + " ",
            )
    shoot(bob, "playtest-chat-muted-fr.png")


@pytest.mark.parametrize("where", ["desktop-en", "phone-fr"])
def test_the_seats_boxes_agree_with_the_result_once_the_game_is_over(
    windows: Any, seeded_server: dict[str, str], where: str
) -> None:
    """At the end of a Dracula the person's box said "Tess 55 lignes" beside a
    result of 64 (55 and an end bonus of 9). Once the game is over each box
    shows the seat's result, as "Final scores" does, at the table and at the
    replay's last step. (The seeded game: Ann's deal made 90, her end bonus
    18, her result 108; the bot's 72.)"""
    lang = where[-2:]
    window = windows(PHONE if where.startswith("phone") else DESKTOP, lang)
    as_ann(window, seeded_server)
    window.goto(f"{seeded_server['server']}#/table/{seeded_server['table']}")
    window.wait_for_selector(".over-panel .ranking li")
    ranking = {
        line.locator("span").inner_text(): line.locator("strong").inner_text()
        for line in window.locator(".over-panel .ranking li").all()
    }
    assert ranking == {"Ann": "108", "Bot 2" if lang == "en" else "Robot 2": "72"}
    assert window.locator(".me .seat-score").inner_text() == "108"
    assert window.locator(".seats .seat[data-seat='1'] .seat-score").inner_text() == "72"
    said = "Result" if lang == "en" else "Résultat"
    assert window.locator(".me .seat-score").get_attribute("title") == said
    # The way a seat counts is said as a verb, not beside the score as a count
    # ("108 lignes" read as 108 lines).
    notes = {note.inner_text() for note in window.locator(".seat .seat-note").all()}
    assert notes == (
        {"scores rows", "scores columns"}
        if lang == "en"
        else {"compte les lignes", "compte les colonnes"}
    )
    shoot(window, f"playtest-final-box-{where}.png")
    window.goto(f"{seeded_server['server']}#/replay/{seeded_server['table']}/0")
    window.wait_for_selector(".replay-page .me .seat-score")
    window.keyboard.press("End")
    window.wait_for_function(
        "() => document.querySelector('.replay-page .me .seat-score')?.textContent === '108'"
    )
    assert window.locator(".replay-page .seat[data-seat='1'] .seat-score").inner_text() == "72"


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_ratings_page_names_the_bots_as_the_new_table_form_does(
    windows: Any, server: str, lang: str
) -> None:
    """The ratings page listed « débutant · facile · régulier · moyen · difficile
    · chercheur » while the new-table form offers « facile, moyen, difficile,
    expert, débutant, régulier »: the same levels, in the same order, under the
    same names, and no bot the form does not offer."""
    window = windows(DESKTOP if lang == "fr" else PHONE, lang)
    window.goto(f"{server}#/new/dracula")
    window.wait_for_selector("#seat-1")
    offered = [
        text
        for text in window.locator("#seat-1 option").all_inner_texts()
        if text not in ("Person", "Personne")
    ]
    assert len(offered) == 6, offered
    window.goto(f"{server}#/ratings/dracula")
    window.wait_for_selector(".bot-ratings tr")
    listed = window.locator(".bot-ratings tr td:first-child").all_inner_texts()
    assert listed == offered
    shoot(window, f"playtest-ratings-bots-{lang}.png")


@pytest.mark.parametrize("where", ["desktop-fr", "phone-fr", "desktop-en", "phone-en"])
def test_colour_blinds_next_card_to_win_is_said_whole(
    windows: Any, server: str, where: str
) -> None:
    """Under Colour-blind's row the next card to win read « la prochain… » (its
    note cut short by the row's narrow label): the note is whole in both
    languages."""
    lang = where[-2:]
    window = windows(PHONE if where.startswith("phone") else DESKTOP, lang)
    created = new_table(
        server, "colour-blind", ["human", "bot:random", "bot:random"], options={"deals": 1}
    )
    join(window, server, created, 0, "Alice")
    note = window.locator(".row-card.next .row-note")
    note.wait_for()
    assert note.inner_text() == ("à gagner" if lang == "fr" else "next to win")
    assert note.evaluate("(node) => node.scrollWidth <= node.clientWidth")


# ----- a second playtest ------------------------------------------------------------------------
@pytest.mark.parametrize("where", ["desktop-en", "phone-fr"])
def test_a_too_short_password_is_refused_in_the_pages_language(
    windows: Any, server: str, where: str
) -> None:
    # The browser's own bubble ("Please lengthen this text…") speaks the
    # browser's language: the form says it itself, in the page's.
    lang = where[-2:]
    window = windows(PHONE if where.startswith("phone") else DESKTOP, lang)
    asked: list[str] = []
    window.on("request", lambda request: asked.append(request.url))
    window.goto(f"{server}#/account")
    window.fill("#new-account-name", "Shorty")
    window.fill("#new-account-password", "short")
    window.locator("#new-account button[type=submit]").click()
    said = {
        "en": "A password has 8 to 200 characters.",
        "fr": "Un mot de passe a de 8 à 200 caractères.",
    }[lang]
    form_error_reads(window, said)
    assert window.evaluate("() => document.activeElement.id") == "new-account-password"
    assert not [url for url in asked if url.endswith("/api/accounts")], "nothing is sent"
    shoot(window, f"playtest-short-password-{where}.png")
    # A field left empty is named, in the page's language too.
    window.fill("#new-account-name", "")
    window.locator("#new-account button[type=submit]").click()
    form_error_reads(window, {"en": "Name: fill this in.", "fr": "Nom : à remplir."}[lang])
    assert window.evaluate("() => document.activeElement.id") == "new-account-name"


def form_error_reads(window: Any, text: str) -> None:
    """The account form's error line says ``text`` (French spaces read as spaces)."""
    window.wait_for_function(
        "(text) => (document.querySelector('#new-account .form-error').textContent || '')"
        ".replace(/[\\u00a0\\u202f]/g, ' ') === text",
        arg=text,
        timeout=5000,
    )


def account_entry(window: Any) -> Any:
    """The top bar's way to the account page, as a person finds it: in the bar,
    else behind ⚙ (opened here). None when there is none."""
    visible = window.locator(".top a[href='#/account']:visible")
    if (
        visible.count() == 0
        and window.locator("#settings-button").get_attribute("aria-expanded") != "true"
    ):
        window.click("#settings-button")
    visible = window.locator(".top a[href='#/account']:visible")
    return visible.first if visible.count() else None


@pytest.mark.parametrize("where", ["phone-en", "phone-fr", "desktop-fr"])
def test_the_account_is_reached_from_the_top_bar_on_every_page(
    windows: Any, server: str, where: str
) -> None:
    # On a phone the top bar hid its "Sign in": the table and today's deals
    # had no way to the account.
    lang = where[-2:]
    window = windows(PHONE if where.startswith("phone") else DESKTOP, lang)
    created = new_table(server, "dracula", ["human", "bot:random"], options={"deals": 1})
    join(window, server, created, 0, "Alice")
    sign_in = {"en": "Sign in", "fr": "Se connecter"}[lang]
    for page in (f"#/table/{created['table']}", "#/daily", "#/"):
        window.goto(f"{server}{page}")
        window.wait_for_selector("#main > *")
        entry = account_entry(window)
        assert entry is not None, f"no way to the account on {page}"
        assert entry.inner_text() == sign_in
        top = window.locator(".top").bounding_box()
        assert top is not None and top["height"] < 80, "the top bar stays one line"
        shoot(window, f"playtest-account-entry-{where}-{page.split('/')[1] or 'lobby'}.png")
        entry.click()
        window.wait_for_selector("#new-account")
        assert window.locator("#settings-panel").is_hidden(), "the panel closes on the way"


SMALL_PHONE = {"width": 360, "height": 740}
"""A small phone's screen: the offer of bots was under the moves, below its fold."""


@pytest.mark.parametrize("where", ["desktop-en", "desktop-fr", "phone-en", "phone-fr"])
def test_a_person_alone_after_play_now_is_offered_bots_for_the_free_seats(
    windows: Any, own_server: ServeProcess, where: str
) -> None:
    # "Play now" with nobody else waiting seats a person at a new table whose
    # other seats are free: the page says bots can take them, on the first
    # screen of a 360×740 phone as of a 1280×800 laptop, covering no card and
    # no move, and one click starts the game with bots (the table leaves the
    # lobby's waiting ones).
    lang = where[-2:]
    size = SMALL_PHONE if where.startswith("phone") else DESKTOP
    window = windows(size, lang)
    window.goto(own_server.base + "/")
    window.evaluate("() => localStorage.setItem('parlour.name', 'Alice')")
    window.click("[data-key='play-now-colour-blind']")
    window.wait_for_selector(".felt .hand .card")
    table_id = window.evaluate("() => location.hash").split("/")[-1]
    offer = window.locator(".fill-bots")
    offer.wait_for()
    said = {"en": "bots can take the free seats", "fr": "des robots peuvent prendre"}[lang]
    assert said in offer.inner_text().lower()
    shoot(window, f"playtest-fill-bots-offer-{where}.png")
    button = offer.locator("button")
    box = button.bounding_box()
    assert window.evaluate("() => window.scrollY") == 0
    assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= size["height"], (
        f"the offer's button {box} is not on the first screen of {size}"
    )
    covered = window.evaluate(
        """() => [...document.querySelectorAll('.felt [data-card], .felt button.move, .felt .card')]
            .map((node) => { const r = node.getBoundingClientRect();
              return {x: r.x, y: r.y, width: r.width, height: r.height}; })
            .filter((r) => r.width && r.height)"""
    )
    offered = offer.bounding_box()
    assert offered is not None
    assert not [card for card in covered if overlaps(offered, card)], "the offer covers a card"
    button.click()
    window.wait_for_function("() => !document.querySelector('.fill-bots')")
    badges = window.locator(".seat .badge.bot")
    badges.first.wait_for(state="attached")
    assert badges.count() == 2
    assert wait_for_my_turn_or_end(window)
    shoot(window, f"playtest-fill-bots-playing-{where}.png")
    listed = httpx.get(own_server.base + "/api/tables", timeout=10).json()
    entry = next(table for table in listed["tables"] if table["table"] == table_id)
    assert not any(seat["free"] for seat in entry["seats"])
