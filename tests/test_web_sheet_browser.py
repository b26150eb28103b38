"""The browser's one score sheet, drawn from the sheet the server sends: at the
end of a Dracula game it has the end bonus and a result row that is the sum of
its lines (the browser's old sheet stopped short of the bonus). Real Chromium,
as in ``test_web_browser.py``."""

from __future__ import annotations

from typing import Any

import pytest

from test_web_browser import SCREENS, browser, chromium, server
from test_web_browser_layout import PHONE as SMALL_PHONE
from test_web_browser_layout import open_table
from test_web_browser_table import DESKTOP, PHONE, play_to_the_end, shoot, windows

__all__ = ["browser", "chromium", "server", "windows"]  # fixtures used by name below


def _number(text: str) -> float:
    return float(text.replace("−", "-"))


@pytest.mark.parametrize("where", ["desktop-en", "phone-fr"])
def test_the_sheet_shows_the_bonus_and_a_result_that_adds_up(
    windows: Any, server: str, where: str
) -> None:
    lang = where[-2:]
    window = windows(PHONE if where.startswith("phone") else DESKTOP, lang)
    window.goto(server)
    label = {"en": "New table", "fr": "Nouvelle table"}[lang]
    window.locator(".tile-dracula a", has_text=label).click()
    window.wait_for_selector("#create-table")
    window.locator("#option-deals").select_option("2")
    window.click("#create-table")
    window.wait_for_selector(".felt")
    play_to_the_end(window)
    window.locator(".over-panel").wait_for()
    sheet = window.locator(".scores table")
    rows = [
        [cell.inner_text() for cell in row.locator("td").all()]
        for row in sheet.locator("tbody tr").all()
    ]
    foot = [cell.inner_text() for cell in sheet.locator("tfoot tr").first.locator("th").all()]
    assert foot[0] == {"en": "Result", "fr": "Résultat"}[lang]
    bonus_label = {"en": "End bonus", "fr": "Bonus de fin"}[lang]
    assert [row[0] for row in rows][-1] == bonus_label, rows
    for column in (1, 2):
        assert sum(_number(row[column]) for row in rows) == _number(foot[column])
    shoot(window, f"web-sheet-{where}.png")


def test_a_sides_column_keeps_each_name_whole(browser: Any, server: str) -> None:
    """The look at every table: a four-handed Casino on a 360 px phone, in
    French, headed a side's column "Robot 2 & Robot" over a lone "4". A line
    may break between the names, never inside one."""
    context, page, errors = open_table(browser, server, "casino", 4, SMALL_PHONE, lang="fr")
    try:
        lines = page.evaluate(
            """() => [...document.querySelectorAll('.scores thead th')].slice(1).map((cell) => {
                // Each name of the column (one text), and how many lines it is drawn on.
                const text = cell.firstChild;
                let start = 0;
                return text.textContent.split(' & ').map((name) => {
                    const range = document.createRange();
                    range.setStart(text, start);
                    range.setEnd(text, start + name.length);
                    start += name.length + 3;
                    const boxes = [...range.getClientRects()];
                    return [name, new Set(boxes.map((box) => Math.round(box.top))).size];
                });
            })"""
        )
        page.screenshot(path=str(SCREENS / "web-sheet-sides-phone-fr.png"), full_page=True)
        sides = [column for column in lines if len(column) > 1]
        assert sides, lines
        for column in sides:
            assert all(count == 1 for _, count in column), lines
    finally:
        context.close()
    assert errors == []


@pytest.mark.parametrize(
    ("game", "lang", "said"),
    [
        ("casino", "en", "No round scored yet."),
        ("casino", "fr", "Aucune manche comptée pour l’instant."),
        ("colour-blind", "en", "No deal scored yet."),
        ("thracula", "fr", "Aucune donne comptée pour l’instant."),
    ],
)
def test_a_sheet_with_no_line_yet_says_so(
    browser: Any, server: str, game: str, lang: str, said: str
) -> None:
    """The look at every table: before the first deal (or round) was scored
    the sheet was its headers alone, which read as a sheet that failed to
    draw. It says that nothing is scored yet, in the game's own word."""
    context, page, errors = open_table(
        browser, server, game, 3 if game != "casino" else 2, DESKTOP, lang
    )
    try:
        body = page.inner_text(".scores tbody")
        assert body.strip() == said, body
    finally:
        context.close()
    assert errors == []
