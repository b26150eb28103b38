"""Today's deals (issue 33) in a real browser: Debian's Chromium driven by
Playwright, against a real ``parlour serve`` whose days follow a clock file the
test moves (``--daily-clock``).

Three people make accounts and play today's Dracula set from the daily page;
until the day closes each sees only their own score (and the par), never
another's name or result; then the day closes, and all three see the ranking,
open a replay and their own review.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from live import ServeProcess, serving
from test_web_browser import browser, chromium, click_a_move
from test_web_browser_accounts import my_turn, no_injected_html, over, sign_up, windows

__all__ = ["browser", "chromium", "windows"]  # fixtures used by name below

DAY = "2026-05-14"
NAMES = ("Ann", "Béa", "Cy <b>")


@pytest.fixture
def clock(tmp_path: Path) -> Path:
    path = tmp_path / "now.txt"
    path.write_text(f"{DAY}T09:30:00+00:00", encoding="utf-8")
    return path


@pytest.fixture
def daily_server(tmp_path: Path, clock: Path) -> Iterator[ServeProcess]:
    extra = ["--daily-clock", str(clock), "--daily-bot", "easy", "--daily-par-replays", "1"]
    with serving(
        f"sqlite:///{tmp_path / 'tables.sqlite3'}", bot_delay=0.02, extra=extra
    ) as started:
        yield started


def visit(window: Any, server: ServeProcess, fragment: str) -> None:
    """Open ``#/fragment`` afresh (a page whose address is already that one is
    loaded again: the hash alone would not change)."""
    window.goto(f"{server.base}/#/{fragment}")
    window.reload()


def test_three_players_play_todays_dracula_and_see_the_ranking_after_the_close(
    windows: Any, daily_server: ServeProcess, clock: Path
) -> None:
    people = [windows(lang) for lang in ("en", "fr", "en")]
    for window, name in zip(people, NAMES, strict=True):
        sign_up(window, daily_server, name)
        window.locator("[data-key='daily']").click()
        window.wait_for_selector(".daily-page .daily-set[data-game='dracula']")
        heading = window.inner_text(".daily-page h1")
        assert heading.startswith("Les donnes du jour" if name == "Béa" else "Today's deals")
        # Each set says how long it is in its game's terms (Casino's is a round
        # of six short deals, not "1 deal(s)").
        french = name == "Béa"
        dracula_set = window.inner_text(".daily-set[data-game='dracula']")
        assert ("2 donnes contre" if french else "2 deals against") in dracula_set
        casino_set = window.inner_text(".daily-set[data-game='casino']")
        assert (
            "Une manche (six petites donnes)" if french else "One round (six short deals)"
        ) in casino_set
        assert "(s)" not in window.inner_text(".daily-page")
        window.locator("[data-key='daily-play-dracula']").click()
        window.wait_for_selector(".felt")
    tables = [window.evaluate("() => location.hash").split("/")[-1] for window in people]
    assert len(set(tables)) == 3
    for window in people:  # one attempt, without help: no hint, no undo
        window.wait_for_function(
            "() => document.querySelector('.felt') && !document.querySelector('.hint-button')"
            " && !document.querySelector('.undo-button')"
        )
    for window, name in zip(people, NAMES, strict=True):  # and says why, keys included
        window.wait_for_selector(".daily-note")
        assert ("Un seul essai" if name == "Béa" else "One attempt") in window.inner_text(
            ".daily-note"
        )
        keys = window.inner_text(".keys")
        assert "←/→" in keys and " H " not in keys and " U " not in keys, keys

    # Each plays the set to its end: whoever is on turn clicks a move.
    for _ in range(1500):
        if all(over(window) for window in people):
            break
        for window in people:
            if not over(window) and my_turn(window):
                click_a_move(window)
        people[0].wait_for_timeout(30)
    assert all(over(window) for window in people)
    for window in people:  # no "play again": the way to the day's results instead
        assert window.locator(".over-panel .again.daily-results-link").count() == 1
        assert window.locator(".over-panel button.again").count() == 0

    # Before the close: one's own score and the par, nobody else's.
    for window, name in zip(people, NAMES, strict=True):
        visit(window, daily_server, "daily")
        mine = window.locator(".daily-set[data-game='dracula']")
        mine.locator(".daily-score").wait_for()
        window.wait_for_function(
            "() => document.querySelector(\".daily-set[data-game='dracula'] .daily-count\")"
            "?.dataset.played === '3'"
        )
        window.locator(".daily-set[data-game='dracula'] [data-key='daily-results-dracula']").click()
        window.wait_for_selector(".daily-results[data-closed='false']")
        text = window.inner_text("#main")
        for other in NAMES:
            if other != name:
                assert other not in text
        assert window.locator(".daily-ranking").count() == 0
        no_injected_html(window)
    # The par comes once worked out (the page asks again on each visit).
    for _ in range(120):
        visit(people[0], daily_server, f"daily/dracula/{DAY}")
        people[0].wait_for_selector(".daily-results")
        if people[0].locator(".daily-par:not(.waiting)").count():
            break
        people[0].wait_for_timeout(1000)
    assert people[0].locator(".daily-par:not(.waiting)").count() == 1
    assert "Par" in people[0].inner_text(".daily-results .daily-par")

    # The day closes (the test's clock): the ranking, the replays, the reviews.
    clock.write_text("2026-05-15T00:00:05+00:00", encoding="utf-8")
    for window, name, table in zip(people, NAMES, tables, strict=True):
        visit(window, daily_server, f"daily/dracula/{DAY}")
        window.wait_for_selector(".daily-results[data-closed='true'] .daily-ranking")
        rows = window.locator(".daily-ranking tbody tr")
        assert rows.count() == 3
        assert sorted(rows.evaluate_all("(rows) => rows.map((row) => row.dataset.name)")) == sorted(
            NAMES
        )
        assert window.locator(".daily-ranking tr.mine").get_attribute("data-name") == name
        assert window.locator(".daily-best li").count() == 2
        no_injected_html(window)
        # Another player's replay.
        other = next(t for t in tables if t != table)
        window.locator(f".daily-ranking tr[data-table='{other}'] .daily-replay").click()
        window.wait_for_selector(".replay-page")
        no_injected_html(window)
        # One's own review.
        window.goto(daily_server.base + f"/#/daily/dracula/{DAY}")
        window.locator(".daily-ranking tr.mine .daily-review").click()
        window.wait_for_selector(".review-page")
    for window in people:
        window.wait_for_selector(".review-summary", timeout=400000)
        no_injected_html(window)
    # The day's ranking page lists all three.
    people[1].goto(daily_server.base + "/#/daily-rankings/day")
    people[1].wait_for_selector(".daily-leaderboard")
    listed = (
        people[1]
        .locator(".daily-leaderboard tbody tr")
        .evaluate_all("(rows) => rows.map((row) => row.dataset.name)")
    )
    assert sorted(listed) == sorted(NAMES)


@pytest.mark.parametrize(
    ("lang", "zone", "said"),
    [
        # The zone is named even where the reader's clock is the server's: a
        # bare "00:00" leaves the reader to guess whose midnight it is.
        ("fr", "UTC", "Le jour se clôt le 15 mai à 00:00 UTC."),
        ("en", "UTC", "The day closes on 15 May at 00:00 UTC."),
        ("fr", "Europe/Paris", "Le jour se clôt le 15 mai à 02:00 UTC+2."),
        ("en", "Europe/Paris", "The day closes on 15 May at 02:00 CEST."),
    ],
)
def test_the_closing_time_reads_as_a_sentence(
    browser: Any, daily_server: ServeProcess, lang: str, zone: str, said: str
) -> None:
    """The playtest read « Le jour se clôt à 30 nov. 2026, 00:00 »: a date and
    time as a timestamp, after "à". The day (cut at midnight UTC on this
    server) closes "le 15 mai à 00:00", in the reader's clock."""
    context = browser.new_context(
        viewport={"width": 1280, "height": 800},
        locale="fr-FR" if lang == "fr" else "en-GB",
        timezone_id=zone,
    )
    try:
        context.add_init_script(f"localStorage.setItem('parlour.lang', '{lang}')")
        window = context.new_page()
        visit(window, daily_server, "daily")
        closes = window.locator(".daily-page .daily-closes")
        closes.wait_for()
        text = closes.inner_text().replace("\xa0", " ").replace("\u202f", " ")
        assert text.startswith(said + " "), text
        # A day's results, before the close, say the same moment the same way.
        visit(window, daily_server, f"daily/dracula/{DAY}")
        waiting = window.locator(".daily-results .daily-not-closed")
        waiting.wait_for()
        moment = said.split(" le " if lang == "fr" else " on ")[1]
        shown = waiting.inner_text().replace("\xa0", " ").replace("\u202f", " ")
        assert shown.endswith(moment), shown
    finally:
        context.close()
