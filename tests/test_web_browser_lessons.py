"""The guided first deal in a real browser (Chromium via Playwright): "Learn to
play" in the lobby opens the game's lesson with the coach beside the board; the
learner follows the coach's proposals to the end of the deal and reads the
farewell. Every game, and one in French on a phone. Screenshots go to
``$PARLOUR_SCREENS`` (see ``test_web_browser.py``)."""

from __future__ import annotations

import contextlib
from typing import Any

import pytest

from parlour.core.registry import game_names
from parlour.table.coach import has_lesson, lesson_for
from test_web_browser import SCREENS, browser, chromium, page, server, version

__all__ = ["browser", "chromium", "page", "server"]  # fixtures used by name below

PROPOSED = "button.move.hinted"
"""The move the coach proposes, lit in the move list."""


def open_lesson(page: Any, server: str, game: str) -> None:
    page.goto(server)
    page.click(f"[data-key='learn-{game}']")
    # The coach's lines come in one answer with its first proposal (a search);
    # late in a full run on a loaded 2-core machine Thracula's once took over
    # 20 s: the same patience as for each later proposal.
    page.wait_for_selector(".coach .coach-line", timeout=60000)


def follow_the_coach(page: Any) -> int:
    """Play the coach's proposal at each turn until the game is over; the
    number of moves played."""
    from playwright.sync_api import Error

    for moves in range(200):
        page.wait_for_function(
            f"() => document.querySelector('.over-panel') || document.querySelector('{PROPOSED}')",
            timeout=60000,
        )
        if page.query_selector(".over-panel") is not None:
            return moves
        before = version(page)
        with contextlib.suppress(Error):
            page.evaluate(f"() => document.querySelector('{PROPOSED}').click()")
        page.wait_for_function(
            f"() => document.body.dataset.version !== '{before}'"
            " || document.querySelector('.over-panel')",
            timeout=60000,
        )
    raise AssertionError("the lesson did not end within 200 moves")


@pytest.mark.parametrize("game", [name for name in game_names() if has_lesson(name)])
def test_a_lesson_is_followed_to_its_end_in_the_browser(page: Any, server: str, game: str) -> None:
    lesson = lesson_for(game)
    open_lesson(page, server, game)
    coach = page.inner_text(".coach")
    assert lesson.title.en in coach
    assert lesson.welcome[0].en.split(".")[0] in coach
    # (where a bot plays first, the proposal comes when the learner is on turn)
    page.wait_for_function("() => document.querySelector('.coach').innerText.includes('I suggest')")
    page.wait_for_selector(PROPOSED, state="attached")  # in the "All moves" list
    moves = follow_the_coach(page)
    assert moves >= len(lesson.steps)
    page.wait_for_function(
        "text => document.querySelector('.coach').innerText.includes(text)",
        arg=lesson.farewell.en[:40],
    )


def test_a_lesson_in_french_on_a_phone(browser: Any, server: str) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 844}, locale="fr-FR")
    context.add_init_script("localStorage.setItem('parlour.lang', 'fr')")
    window = context.new_page()
    window.set_default_timeout(20000)
    errors: list[str] = []
    window.on("pageerror", lambda error: errors.append(str(error)))
    try:
        lesson = lesson_for("nain-jaune")
        open_lesson(window, server, "nain-jaune")
        coach = window.inner_text(".coach")
        assert lesson.title.fr in coach and lesson.welcome[0].fr[:30] in coach
        window.wait_for_function(
            "() => document.querySelector('.coach').innerText.includes('Je vous propose')"
        )
        SCREENS.mkdir(parents=True, exist_ok=True)
        window.screenshot(path=str(SCREENS / "learn-nain-jaune-fr-phone.png"), full_page=True)
    finally:
        context.close()
    assert errors == []
