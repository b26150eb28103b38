"""Casino's words in Chromium (issue 31, point 7), on the Casino lesson: the
learner's own build reads "yours" (never "You's"), and the status asks for
"Done" only when a Done button is there; a seat's box says its figures are the
cards it has taken."""

from __future__ import annotations

import contextlib
import re
from typing import Any

import pytest

from test_web_browser import browser, chromium, server, version
from test_web_browser_layout import DESKTOP, open_table

__all__ = ["browser", "chromium", "server"]  # fixtures used by name below


def test_the_casino_lesson_names_the_learners_build_and_done(browser: Any, server: str) -> None:
    from playwright.sync_api import Error

    context = browser.new_context(viewport=DESKTOP, locale="en-GB")
    page = context.new_page()
    page.set_default_timeout(30000)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    statuses: list[tuple[str, bool]] = []
    labels: list[str] = []
    try:
        page.goto(server)
        page.click("[data-key='learn-casino']")
        page.wait_for_selector(".coach .coach-line")
        for _ in range(120):
            page.wait_for_function(
                "() => document.querySelector('.over-panel')"
                " || document.querySelector('button.move.hinted')",
                timeout=60000,
            )
            if page.query_selector(".over-panel") is not None:
                break
            status = page.inner_text(".status")
            done = page.query_selector(".other-moves button[data-action]") is not None and any(
                text.strip() == "Done"
                for text in page.locator(".other-moves button").all_inner_texts()
            )
            statuses.append((status, done))
            labels += page.locator(".build.mine").all_inner_texts()
            before = version(page)
            with contextlib.suppress(Error):
                page.evaluate("() => document.querySelector('button.move.hinted').click()")
            page.wait_for_function(
                f"() => document.body.dataset.version !== '{before}'"
                " || document.querySelector('.over-panel')",
                timeout=60000,
            )
            labels += page.locator(".build.mine").all_inner_texts()
    finally:
        context.close()
    assert errors == []
    assert labels, "the lesson's learner made no build"
    assert all("yours" in label and "'s" not in label for label in labels), labels
    for status, done in statuses:
        if "Done" in status:
            assert done, f"the status asks for Done with no Done button: {status!r}"


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", r"\d+ cards? taken · \d+ ♠"),
        ("fr", r"\d+ cartes? prises? · \d+ ♠"),
    ],
)
def test_a_casino_seat_says_its_cards_are_taken_ones(
    browser: Any, server: str, lang: str, said: str
) -> None:
    """The look at every table: Ann's box read "0 cards · 0 ♠" ("0 cartes") with
    four cards in her hand; the figures are the cards she has taken."""
    context, page, errors = open_table(browser, server, "casino", 2, DESKTOP, lang)
    try:
        note = page.inner_text(".me .seat-note")
        assert re.fullmatch(said, note), note
        count = int(note.split()[0])
        plural = count != 1 and not (lang == "fr" and count == 0)
        assert (note.split()[1] in ("cards", "cartes")) == plural, note
    finally:
        context.close()
    assert errors == []
