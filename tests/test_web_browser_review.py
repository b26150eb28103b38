"""The review of a seat's play in the browser (issue 25, docs/review.md), in a
real browser: Debian's Chromium driven by Playwright against a real server,
with the fixtures of ``test_web_browser.py``.

A finished one-deal game is reviewed from the result beside the final board:
the progress bar shows while the server computes, then the summary (accuracy,
expected points lost per deal, the par against the seat's score) and the
flagged moments on the board, stepped with ←/→, and "find a better move"
judges a legal move of that moment. Mid-game, at a table of several people,
another seat's page is told plainly that the review is private. Desktop and
390×844, English and French; screenshots ``web-review-*.png``.
"""

from __future__ import annotations

import json
import re
import threading
import time
from collections.abc import Iterator
from decimal import ROUND_HALF_UP, Decimal
from typing import Any

import httpx
import pytest

from test_web_browser import browser, chromium, free_port, make_table, server
from test_web_browser_table import DESKTOP, PHONE, new_table, play_to_the_end, shoot, windows

__all__ = ["browser", "chromium", "server", "windows"]  # fixtures used by name below


def finished_dracula(window: Any, server: str, lang: str) -> str:
    """A one-deal Dracula against a bot, played to the end in ``window``."""
    if lang == "fr":
        window.goto(server)
        window.locator(".tile-dracula a", has_text="Nouvelle table").click()
        window.wait_for_selector("#create-table")
        window.fill("#my-name", "Zoé")
        window.locator("#option-deals").select_option("1")
        window.locator("#visibility").select_option("open")  # listed among finished tables
        window.click("#create-table")
        window.wait_for_selector(".felt")
        table_id: str = window.evaluate("() => location.hash").split("/")[-1]
    else:
        table_id = make_table(window, server, "dracula")
    play_to_the_end(window)
    return table_id


SEEDED_DEAL = 4
"""The table seed of :func:`seeded_server`'s game: its person, who always plays
the first legal move, makes three blunders there (the review is seeded from the
seat's View, so it says the same every time)."""


@pytest.fixture(scope="module")
def seeded_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, str]]:
    """A real server of its own, on a database holding one finished one-deal
    Dracula (seed :data:`SEEDED_DEAL`): Ann at seat 0, who played the first
    legal move each time, against a random bot. Yields its address, the table
    and Ann's token."""
    import uvicorn

    from parlour.table import SqliteTableStore, Table
    from parlour.table.table import SeatSpec
    from parlour.web import create_app
    from parlour.web.seats import SqliteSeatBook, new_token, token_hash

    database = tmp_path_factory.mktemp("review") / "tables.sqlite3"
    store = SqliteTableStore(database)
    table = Table.create(
        "dracula",
        [SeatSpec("person", "Ann"), SeatSpec("bot", bot="random")],
        options={"deals": 1},
        seed=SEEDED_DEAL,
        store=store,
    )
    while not table.is_over():
        if table.bot_to_act() is not None:
            table.play_bot_move()
        else:
            seat = table.seat_to_act()
            assert seat is not None
            table.submit(seat, table.legal_moves(seat)[0][0], table.version)
    token = new_token()
    book = SqliteSeatBook(database)
    book.add_table(table.id, "dracula", {0: token_hash(token)})
    book.mark_finished(table.id)
    book.close()
    app = create_app(f"sqlite://{database}", bot_delay=0.02)
    port = free_port()
    running = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=running.run, daemon=True)
    thread.start()
    while not running.started:
        assert thread.is_alive(), "the web server did not start"
        thread.join(timeout=0.05)
    try:
        yield {"server": f"http://127.0.0.1:{port}/", "table": table.id, "token": token}
    finally:
        running.should_exit = True
        thread.join(timeout=10)


def as_ann(window: Any, seeded: dict[str, str]) -> None:
    """This browser holds Ann's seat (seat 0) at the seeded table."""
    window.goto(seeded["server"])
    window.evaluate(
        "([table, seat]) => localStorage.setItem(`parlour.seat.${table}`, JSON.stringify(seat))",
        [seeded["table"], {"seat": 0, "token": seeded["token"], "name": "Ann"}],
    )


@pytest.mark.parametrize("where", ["desktop-en", "phone-fr"])
def test_a_game_just_played_offers_its_review_with_progress_and_summary(
    windows: Any, server: str, where: str
) -> None:
    phone = where.startswith("phone")
    lang = where[-2:]
    window = windows(PHONE if phone else DESKTOP, lang)
    table_id = finished_dracula(window, server, lang)
    # From the result beside the final board: the person's own seat.
    window.locator(".over-panel a.review").click()
    assert window.evaluate("() => location.hash") == f"#/review/{table_id}/0"
    # The server works in the background: the page shows its progress first
    # (the first request starts the work, so it is always answered 202).
    window.wait_for_selector(".review-working progress")
    shoot(window, f"web-review-progress-{where}.png")
    window.wait_for_selector(".review-summary", timeout=180000)
    review = httpx.get(f"{server}api/tables/{table_id}/review/0?lang={lang}", timeout=10).json()
    assert review["status"] == "ready"
    summary = window.inner_text(".review-summary")
    accuracy = f"{review['review']['accuracy']:.0f}"
    assert f"{accuracy} %" in summary or f"{accuracy},0 %" in summary
    # The par against the seat's score, deal by deal and over the match, in
    # the sentences the terminal's review says: the bot's mean with its spread,
    # and a reading that separates the cards from the play.
    [par] = review["review"]["pars"]
    # (A match of one deal says its par once, in the match's line.)
    title, match_line = review["par"]
    averages = "the hard bot averages" if lang == "en" else "le robot difficile fait en moyenne"
    spread = (
        f"{par['par']:.0f} (give or take {par['spread']:.0f})"
        if lang == "en"
        else f"{par['par']:.0f} (à {par['spread']:.0f} près)"
    )
    assert averages in match_line and spread in match_line and "±" not in match_line
    reading = (
        "good cards" if lang == "en" else "bonnes cartes",
        "costly" if lang == "en" else "coûteuse",
        "hard bot" if lang == "en" else "robot difficile",
        "the cards" if lang == "en" else "les cartes",
    )
    assert any(words in match_line.split(":")[-1] for words in reading), match_line
    # (The page joins French punctuation to its word with no-break spaces.)
    shown = summary.replace("\xa0", " ").replace("\u202f", " ")
    for line in (title, match_line):
        assert line in shown, (line, summary)
    # The loss is said in the game's unit, filled in (Nain Jaune's « Jetons
    # espérés perdus »; Dracula's points here).
    lost = "Expected points lost" if lang == "en" else "Points espérés perdus"
    assert lost in shown and "{" not in shown, summary


@pytest.mark.parametrize("where", ["desktop-en", "phone-fr", "desktop-fr", "phone-en"])
def test_the_flagged_moments_are_stepped_through_on_the_board(
    windows: Any, seeded_server: dict[str, str], where: str
) -> None:
    phone = where.startswith("phone")
    lang = where[-2:]
    server, table_id = seeded_server["server"], seeded_server["table"]
    window = windows(PHONE if phone else DESKTOP, lang)
    as_ann(window, seeded_server)
    window.goto(f"{server}#/table/{table_id}")
    window.locator(".over-panel a.review").click()
    window.wait_for_selector(".review-summary", timeout=180000)
    review = httpx.get(f"{server}api/tables/{table_id}/review/0?lang={lang}", timeout=10).json()
    flagged = [item for item in review["review"]["decisions"] if item["grade"] != "good"]
    assert len(flagged) == 3, "the seeded game's three blunders"
    assert review["unit"] == ["point", "points"]  # the game's unit, in the reader's words
    assert window.locator(".review-moments .moment").count() == 3
    # The first flagged moment on the board: the seat's hand, what was played,
    # what was better, the grade and the judge's words; the figures (expected
    # points ± uncertainty) only under Details (issue 30: words, not statistics).
    window.wait_for_selector(".review-felt .hand .card")
    assert window.evaluate("() => document.body.dataset.reviewMoment") == "0"
    first = flagged[0]
    verdict = window.inner_text(".review-verdict")
    # The moment is placed in the game's own stretch (a Dracula deal here; a
    # Casino review says its round: the review's data carries its line kind).
    assert review["review"]["line"] == "deal"
    head = window.inner_text(".review-verdict .verdict-head")
    assert re.match(r"(Deal|Donne) \d+, (move|coup) \d+", head), head
    grade = {"en": "blunder", "fr": "gaffe"}[lang]
    assert first["grade"] == "blunder" and grade in verdict
    # The page rounds as Intl.NumberFormat does: half away from zero, on the
    # number's exact value (77.25 shows 77.3, where Python's format says 77.2).
    shown = Decimal(first["loss"]).quantize(Decimal("0.1"), rounding=ROUND_HALF_UP)
    loss = str(shown).replace(".", "," if lang == "fr" else ".")
    # The page draws its suits one way (♥ ♦) in the server's sentences too: the
    # playtest read « Vous avez joué V♦ a2 » above « Votre coup — V♢ en a2 ».
    words = first["words"].replace("♡", "♥").replace("♢", "♦")
    assert first["words"] and words in verdict
    assert not re.search("[♡♢]", window.inner_text(".review-page")), verdict
    assert "±" not in verdict
    window.locator(".review-verdict .verdict-details summary").click()
    figures = window.inner_text(".review-verdict .verdict-details")
    assert loss in figures and "±" in figures
    assert window.locator(".review-felt .coffin").count() == 1
    hand = len(first["observation"]["hand"])
    assert window.locator(".review-felt .hand .card").count() == hand
    shoot(window, f"web-review-moment-{where}.png")
    # Issue 31, point 11: scrolled to the verdict or the seats, the moment's bar
    # (previous · moment k of n · next) covers none of them.
    for covered in (".review-verdict", ".review-felt .seat"):
        window.locator(covered).first.evaluate("node => node.scrollIntoView({block: 'start'})")
        overlap = window.evaluate(
            """([bar, other]) => {
              const a = document.querySelector(bar).getBoundingClientRect();
              const b = document.querySelector(other).getBoundingClientRect();
              return Math.max(0, Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top));
            }""",
            [".review-felt .replay-bar", covered],
        )
        assert overlap == 0, f"the moment's bar covers {overlap}px of {covered}"
    if lang == "fr":  # the page in French, whole: no English word
        from test_french import ALLOWED, ENGLISH_WORDS

        text = window.inner_text(".review-page")
        for name in review["names"]:  # the players' names are theirs ("Bot 2")
            text = text.replace(name, "")
        words = {word.lower() for word in re.findall(r"[A-Za-z]+", text)}
        assert not (words & ENGLISH_WORDS) - ALLOWED, (words & ENGLISH_WORDS) - ALLOWED
    # ←/→ step between flagged moments, and stop at the ends.
    window.keyboard.press("ArrowRight")
    window.wait_for_function("() => document.body.dataset.reviewMoment === '1'")
    window.keyboard.press("ArrowRight")
    window.wait_for_function("() => document.body.dataset.reviewMoment === '2'")
    window.keyboard.press("ArrowRight")
    assert window.evaluate("() => document.body.dataset.reviewMoment") == "2"
    window.locator(".review-moments .moment").first.click()
    window.wait_for_function("() => document.body.dataset.reviewMoment === '0'")
    # Find a better move: the legal moves of that moment; the better move is
    # recognised, another move is judged on the same imagined deals.
    window.locator("[data-key=review-retry]").click()
    window.wait_for_selector(".retry-moves .retry-move")
    moves = window.locator(".retry-move")
    assert moves.count() == first["legal_count"]
    window.locator(f".retry-move[data-action='{first['best']['action']}']").click()
    window.wait_for_selector(".retry-answer:not(.waiting)")
    better = (
        "better move the review found" if lang == "en" else "meilleur coup que l'analyse a trouvé"
    )
    assert better in window.inner_text(".retry-answer")
    others = [
        int(str(moves.nth(index).get_attribute("data-action"))) for index in range(moves.count())
    ]
    other = next(
        action
        for action in others
        if action not in (first["best"]["action"], first["played"]["action"])
    )
    window.locator(f".retry-move[data-action='{other}']").click()
    window.wait_for_selector(".retry-answer:not(.waiting) .retry-note", timeout=120000)
    said = window.inner_text(".retry-answer")
    assert "±" not in said
    assert any(
        words in said
        for words in {
            "en": ("costs about", "As good as any move", "is a little better", "Better than the"),
            "fr": ("coûte environ", "Aussi bon que tout", "est un peu meilleur", "Mieux que le"),
        }[lang]
    ), said
    window.locator(".retry-answer .retry-details summary").click()
    assert "±" in window.inner_text(".retry-answer .retry-details")
    shoot(window, f"web-review-retry-{where}.png")
    # Judged on the same imagined deals as the review: the better move's figure
    # is the review's own, not a new guess.
    # (A retry needs a seat's token: this browser's, as the page sent it.)
    token = window.evaluate(
        f"() => JSON.parse(localStorage.getItem('parlour.seat.{table_id}')).token"
    )
    tried = httpx.post(
        f"{server}api/tables/{table_id}/review/0/retry",
        json={"step": first["step"], "action": other, "token": token},
        timeout=120,
    ).json()["tried"]
    assert tried["source"] == "now"
    assert tried["best"]["lead"] == first["best"]["lead"]


def test_the_lobby_offers_the_review_of_a_finished_table(windows: Any, server: str) -> None:
    window = windows(DESKTOP, "en")
    table_id = finished_dracula(window, server, "en")
    window.goto(server)
    line = window.locator(f".finished-tables li[data-table='{table_id}']")
    line.locator("a", has_text="Review").click()
    window.wait_for_selector(".review-page")
    assert window.evaluate("() => location.hash") == f"#/review/{table_id}/0"
    # After the game, any seat's review may be chosen.
    window.wait_for_selector(".review-summary", timeout=180000)
    window.locator(".review-seat").select_option("1")
    window.wait_for_function("() => location.hash.endsWith('/1')")
    window.wait_for_selector(".review-summary", timeout=180000)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_another_seats_page_is_told_the_review_is_private_mid_game(
    windows: Any, server: str, lang: str
) -> None:
    created = new_table(server, "dracula", ["human", "human"], options={"deals": 2})
    table_id = created["table"]
    window = windows(DESKTOP, lang)
    window.goto(server)
    # This browser holds seat 1's token, and opens seat 0's review.
    window.evaluate(
        "([table, seat]) => localStorage.setItem(`parlour.seat.${table}`, JSON.stringify(seat))",
        [table_id, {"seat": 1, "token": created["seats"][1]["token"], "name": "Bea"}],
    )
    window.goto(f"{server}#/review/{table_id}/0")
    window.wait_for_selector(".review-problem")
    said = window.inner_text(".review-problem")
    private = (
        "private until the game is over" if lang == "en" else "privée jusqu'à la fin de la partie"
    )
    assert private in said
    assert window.locator(".review-summary, .review-felt").count() == 0
    shoot(window, f"web-review-private-{lang}.png")
    # The route refuses the same request: the page says what the server says.
    answer = httpx.post(
        f"{server}api/tables/{table_id}/review/0",
        json={"token": created["seats"][1]["token"]},
        timeout=10,
    )
    assert answer.status_code == 403


def test_a_visitor_without_the_seats_token_is_told_why_and_offered_no_moves(
    windows: Any, seeded_server: dict[str, str]
) -> None:
    """The playtest: a visitor's "find a better move" showed "Pick a move you
    could have played here:" right above the server's refusal, a prompt to
    pick among moves that never came."""
    server, table_id = seeded_server["server"], seeded_server["table"]
    address = f"{server}api/tables/{table_id}/review/0"
    ready = httpx.post(address, json={"token": seeded_server["token"]}, timeout=10)
    while ready.status_code == 202:  # Ann's review, computed once
        time.sleep(0.2)
        ready = httpx.post(address, json={"token": seeded_server["token"]}, timeout=10)
    assert ready.status_code == 200, ready.text
    window = windows(DESKTOP, "en")
    window.goto(f"{server}#/review/{table_id}/0")  # no seat's token in this browser
    window.wait_for_selector(".review-summary, .review-problem")
    if window.locator(".review-retry .retry").count():
        window.locator(".review-retry .retry").first.click()
        window.wait_for_selector(".review-retry .form-error")
        refusal = window.inner_text(".review-retry .form-error")
        assert "token" in refusal or "seat" in refusal, refusal  # the server's reason
        assert window.locator(".review-retry .retry-help").count() == 0
        assert window.locator(".review-retry .retry-move").count() == 0
    else:  # the review itself is refused: no move to pick is offered either
        assert window.locator(".review-retry").count() == 0


def test_the_retry_route_lists_the_legal_moves_and_judges_one_honestly(
    seeded_server: dict[str, str],
) -> None:
    server, table_id = seeded_server["server"], seeded_server["table"]
    address = f"{server}api/tables/{table_id}/review/0"
    token = seeded_server["token"]
    # Nobody without a token starts it (issue 29); Ann does.
    assert httpx.get(address, timeout=10).status_code in (200, 403)
    ready = httpx.post(address, json={"token": token}, timeout=10)
    while ready.status_code == 202:  # the review is computed once, in a worker process
        time.sleep(0.2)
        ready = httpx.post(address, json={"token": token}, timeout=10)
    assert ready.status_code == 200, ready.text
    first = next(item for item in ready.json()["review"]["decisions"] if item["grade"] != "good")
    listed = httpx.post(
        f"{address}/retry", json={"step": first["step"], "token": token}, timeout=10
    ).json()
    assert len(listed["moves"]) == first["legal_count"]
    assert {listed["played"], listed["best"]} <= {move["action"] for move in listed["moves"]}
    assert "tried" not in listed
    # The played move and the better one answer with the review's own figures.
    played = httpx.post(
        f"{address}/retry",
        json={"step": first["step"], "action": first["played"]["action"], "token": token},
    ).json()["tried"]
    assert played["source"] == "review" and played["estimate"] == first["played"]
    assert played["loss"] == first["loss"] and played["grade"] == first["grade"]
    # Another move is judged now, on the same imagined deals as the review.
    other = next(
        move["action"]
        for move in listed["moves"]
        if move["action"] not in (listed["played"], listed["best"])
    )
    tried = httpx.post(
        f"{address}/retry",
        json={"step": first["step"], "action": other, "token": token},
        timeout=120,
    ).json()["tried"]
    assert tried["source"] == "now"
    assert tried["best"] == first["best"]
    assert tried["loss"] >= 0 and tried["loss_error"] > 0
    # Refused: a move that is not legal there, a step the review did not judge.
    legal = {move["action"] for move in listed["moves"]}
    illegal = next(action for action in range(1000) if action not in legal)
    refused = httpx.post(
        f"{address}/retry", json={"step": first["step"], "action": illegal, "token": token}
    )
    assert refused.status_code == 400 and "not a legal move" in refused.json()["error"]
    assert httpx.post(f"{address}/retry", json={"step": 0, "token": token}).status_code == 404
    # Without a token, no move is judged.
    assert httpx.post(f"{address}/retry", json={"step": first["step"]}).status_code == 403


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("en", ["−62.7", "+3.5", "−2.0", "0", "–", "1,234.5"]),
        ("fr", ["−62,7", "+3,5", "−2,0", "0", "–", "1\u202f234,5"]),
    ],
)
def test_numbers_are_written_with_a_true_minus_in_the_readers_language(
    windows: Any, server: str, lang: str, expected: list[str]
) -> None:
    """The review's, the daily deals' and the player's pages write numbers with
    one formatter: a lead of −62.7 in the retry's details, not Intl's "-62,7"."""
    window = windows(DESKTOP, lang)
    window.goto(server)
    written = window.evaluate(
        """async () => {
          const { formatNumber } = await import("/static/i18n.js");
          return [
            formatNumber(-62.7, { exact: true }),
            formatNumber(3.5, { signed: true }),
            formatNumber(-2, { exact: true }),
            formatNumber(0, { signed: true }),
            formatNumber(null),
            formatNumber(1234.5),
          ];
        }"""
    )
    assert written == expected


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_progress_counts_the_decisions_as_the_finished_review_does(
    windows: Any, server: str, lang: str
) -> None:
    """The playtest's review said "Décisions jugées : 1 sur 5" while it worked,
    then "Décisions jugées : 4" (a one-deal game of four decisions): the
    progress's total counted the par's replayed deal too. The server's 202
    answers (stood in for here, at two moments of one review) say the decisions
    and the par's deals apart, and so does the page."""
    window = windows(DESKTOP, lang)
    answers = [
        {"done": 1, "total": 5, "decisions": 4, "judged": 1, "deals": 1, "replayed": 0},
        {"done": 5, "total": 5, "decisions": 4, "judged": 4, "deals": 1, "replayed": 1},
    ]
    moment = {"index": 0}

    def answer(route: Any) -> None:
        body = {"status": "working", **answers[moment["index"]]}
        route.fulfill(status=202, content_type="application/json", body=json.dumps(body))

    window.route("**/api/tables/seen-in-the-playtest/review/0*", answer)
    window.goto(f"{server}#/review/seen-in-the-playtest/0")
    window.wait_for_selector(".review-working .review-count")
    counts = window.locator(".review-working .review-count").all_inner_texts()
    first = "Décisions jugées : 1 sur 4" if lang == "fr" else "1 of 4 decisions judged"
    assert [text.replace("\xa0", " ") for text in counts] == [first]
    moment["index"] = 1
    window.wait_for_selector(".review-working .review-par-count")
    counts = window.locator(".review-working .review-count").all_inner_texts()
    judged = "Décisions jugées : 4 sur 4" if lang == "fr" else "4 of 4 decisions judged"
    par = (
        "Donnes rejouées pour le par : 1 sur 1"
        if lang == "fr"
        else "1 of 1 deals replayed for the par"
    )
    assert [text.replace("\xa0", " ") for text in counts] == [judged, par]


@pytest.mark.parametrize("where", ["desktop-en", "phone-fr"])
def test_a_clean_review_has_no_note_about_the_moments_details(
    windows: Any, seeded_server: dict[str, str], where: str
) -> None:
    # A review where no decision lost more than noise lists no moment: its
    # footnote does not send the reader to the moments' Details lines.
    lang = where[-2:]
    server, table_id = seeded_server["server"], seeded_server["table"]
    window = windows(PHONE if where.startswith("phone") else DESKTOP, lang)
    as_ann(window, seeded_server)

    def every_decision_good(route: Any) -> None:
        response = route.fetch()
        data = response.json()
        for decision in (data.get("review") or {}).get("decisions", []):
            decision["grade"] = "good"
        route.fulfill(response=response, json=data)

    window.route(re.compile(r".*/api/tables/[^/]+/review/0(\?.*)?$"), every_decision_good)
    window.goto(f"{server}#/review/{table_id}/0")
    window.wait_for_selector(".review-summary .review-none", timeout=180000)
    assert window.locator(".review-moments").count() == 0
    how = window.inner_text(".review-summary")
    details = {"en": "Details", "fr": "Détails"}[lang]
    assert details not in how, how
    assert window.locator(".review-how").count() == 1  # what the points mean stays
    shoot(window, f"web-review-clean-{where}.png")
    # With moments, the footnote points to their Details lines.
    window.unroute(re.compile(r".*/api/tables/[^/]+/review/0(\?.*)?$"))
    window.reload()
    window.wait_for_selector(".review-moments .moment", timeout=180000)
    assert details in window.inner_text(".review-how")
