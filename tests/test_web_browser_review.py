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

from typing import Any

import httpx
import pytest

from test_web_browser import browser, chromium, make_table, server
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
        window.click("#create-table")
        window.wait_for_selector(".felt")
        table_id: str = window.evaluate("() => location.hash").split("/")[-1]
    else:
        table_id = make_table(window, server, "dracula")
    play_to_the_end(window)
    return table_id


@pytest.mark.parametrize("where", ["desktop-en", "phone-fr"])
def test_a_finished_game_is_reviewed_with_progress_summary_and_flagged_moments(
    windows: Any, server: str, where: str
) -> None:
    phone = where.startswith("phone")
    lang = where[-2:]
    window = windows(PHONE if phone else DESKTOP, lang)
    table_id = finished_dracula(window, server, lang)
    # From the result beside the final board: the person's own seat.
    window.locator(".over-panel a.review").click()
    assert window.evaluate("() => location.hash") == f"#/review/{table_id}/0"
    # The server works in the background: the page shows its progress first.
    window.wait_for_selector(".review-working progress")
    shoot(window, f"web-review-progress-{where}.png")
    window.wait_for_selector(".review-summary", timeout=180000)
    review = httpx.get(f"{server}api/tables/{table_id}/review/0", timeout=10).json()
    assert review["status"] == "ready"
    summary = window.inner_text(".review-summary")
    accuracy = f"{review['review']['accuracy']:.0f}"
    assert f"{accuracy} %" in summary or f"{accuracy},0 %" in summary
    # The par against the seat's score, deal by deal and over the match.
    [par] = review["review"]["pars"]
    made = "made" if lang == "en" else "a fait"
    assert made in summary
    assert (
        f"{par['par']:g}".replace(".", "," if lang == "fr" else ".") in summary
    ), summary
    flagged = [item for item in review["review"]["decisions"] if item["grade"] != "good"]
    if not flagged:  # well played: the page says so, and there is no moment to show
        assert window.locator(".review-none").count() == 1
        pytest.skip("this random deal's play had no flagged decision to step through")
    # The first flagged moment on the board: the seat's hand, what was played,
    # what was better, their expected points, the grade.
    window.wait_for_selector(".review-felt .hand .card")
    assert window.evaluate("() => document.body.dataset.reviewMoment") == "0"
    verdict = window.inner_text(".review-verdict")
    first = flagged[0]
    assert "±" in verdict
    grades = {"en": first["grade"], "fr": {"inaccuracy": "imprécision", "mistake": "erreur", "blunder": "gaffe"}[first["grade"]]}
    assert grades[lang] in verdict
    assert window.locator(".review-felt .coffin").count() == 1
    shoot(window, f"web-review-moment-{where}.png")
    # ←/→ step between flagged moments.
    if len(flagged) > 1:
        window.keyboard.press("ArrowRight")
        window.wait_for_function("() => document.body.dataset.reviewMoment === '1'")
        window.keyboard.press("ArrowLeft")
        window.wait_for_function("() => document.body.dataset.reviewMoment === '0'")
    # Find a better move: the legal moves of that moment; the better move is
    # recognised, another move is judged with its figures.
    window.locator("[data-key=review-retry]").click()
    window.wait_for_selector(".retry-moves .retry-move")
    moves = window.locator(".retry-move")
    assert moves.count() >= 2
    window.locator(f".retry-move[data-action='{first['best']['action']}']").click()
    window.wait_for_selector(".retry-answer:not(.waiting)")
    better = "better move the review found" if lang == "en" else "meilleur coup que l'analyse a trouvé"
    assert better in window.inner_text(".retry-answer")
    others = [
        int(str(moves.nth(index).get_attribute("data-action")))
        for index in range(moves.count())
    ]
    other = next(
        (action for action in others if action not in (first["best"]["action"], first["played"]["action"])),
        None,
    )
    if other is not None:
        window.locator(f".retry-move[data-action='{other}']").click()
        window.wait_for_selector(".retry-answer:not(.waiting) .retry-note", timeout=120000)
        assert "±" in window.inner_text(".retry-answer")
        shoot(window, f"web-review-retry-{where}.png")


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
