"""The browser's one score sheet, drawn from the sheet the server sends: at the
end of a Dracula game it has the end bonus and a result row that is the sum of
its lines (the browser's old sheet stopped short of the bonus). Real Chromium,
as in ``test_web_browser.py``."""

from __future__ import annotations

from typing import Any

import pytest

from test_web_browser import browser, chromium, server
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
