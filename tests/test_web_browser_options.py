"""The new-table form shows only the options that apply (issue 31, point 6), in a
real browser (Debian's Chromium driven by Playwright, with the fixtures of
``test_web_browser.py``): an option meaningful only beside another option's
value (its ``when``, declared once on the option) appears and goes with that
value, and its help is a sentence in the reader's language, no ``name=value``."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from test_web_browser import browser, chromium, server

__all__ = ["browser", "chromium", "server"]  # fixtures used by name below


@pytest.fixture
def form(browser: Any, server: str) -> Iterator[Any]:
    """Dracula's new-table form in French, at desktop size."""
    context = browser.new_context(viewport={"width": 1280, "height": 900}, locale="fr-FR")
    context.add_init_script("localStorage.setItem('parlour.lang', 'fr')")
    page = context.new_page()
    page.set_default_timeout(20000)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(server)
    page.locator(".tile-dracula a", has_text="Nouvelle table").click()
    page.wait_for_selector("#create-table")
    yield page
    context.close()
    assert errors == [], f"JavaScript errors on the page: {errors}"


def test_options_for_scoring_with_cards_appear_only_with_it(form: Any) -> None:
    cards_only = ("#option-continue_with_waste", "#option-vampire_line")
    # Scoring in points (the default): the end bonus's option, not the cards' ones.
    assert form.locator("#option-tie_bonus_basis").count() == 1
    for selector in cards_only:
        assert form.locator(selector).count() == 0, selector
    form.locator("#option-scoring").focus()  # as a keyboard user would be
    form.locator("#option-scoring").select_option("cards")
    for selector in cards_only:
        form.wait_for_selector(selector)
    assert form.locator("#option-tie_bonus_basis").count() == 0  # no end bonus with cards
    # The redraw keeps what was chosen and where the keyboard was.
    assert form.locator("#option-scoring").input_value() == "cards"
    assert form.evaluate("() => document.activeElement.id") == "option-scoring"
    helps = form.locator(".options .help").all_inner_texts()
    assert "le paquet épuisé, continuer avec le rebut" in helps
    assert not [text for text in helps if "=" in text or "scoring" in text], helps
    form.locator("#option-scoring").select_option("points")
    form.wait_for_selector("#option-tie_bonus_basis")
    for selector in cards_only:
        assert form.locator(selector).count() == 0, selector


CHOICE_ROOM = """() => {
  // Each select's every choice, its words measured in the select's own font
  // against the room inside it, less the arrow Chromium draws at its end.
  const ARROW = 24;
  const canvas = document.createElement('canvas').getContext('2d');
  const cut = [];
  for (const select of document.querySelectorAll('#main select')) {
    const style = getComputedStyle(select);
    canvas.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const room = select.clientWidth - parseFloat(style.paddingLeft)
      - parseFloat(style.paddingRight) - ARROW;
    for (const option of select.options) {
      const width = canvas.measureText(option.text).width;
      const said = `${select.id}: «${option.text}» ${Math.round(width)} > ${Math.round(room)}`;
      if (width > room) cut.push(said);
    }
  }
  return cut;
}"""


@pytest.mark.parametrize("size", [(1280, 800), (390, 844)], ids=["desktop", "phone"])
@pytest.mark.parametrize("lang", ["fr", "en"])
def test_every_choice_of_the_new_table_form_fits_its_select(
    browser: Any, server: str, lang: str, size: tuple[int, int]
) -> None:
    """The playtest found « Qui peut venir » cut at its end on Dracula's form
    (« Comme d'habitude (avec des robots : sur lien seulement » and no ")"):
    every choice of every game's form is whole, at desktop and phone size."""
    from parlour.core.registry import game_names

    width, height = size
    context = browser.new_context(
        viewport={"width": width, "height": height}, locale="fr-FR" if lang == "fr" else "en-GB"
    )
    context.add_init_script(f"localStorage.setItem('parlour.lang', '{lang}')")
    try:
        page = context.new_page()
        for game in game_names():
            page.goto(f"{server}#/new/{game}")
            page.reload()
            page.wait_for_selector("#create-table")
            assert page.evaluate(CHOICE_ROOM) == [], game
        # What "as usual" means is said under it, and only while it is chosen.
        page.goto(f"{server}#/new/dracula")
        page.reload()
        page.wait_for_selector("#create-table")
        said = page.locator("#visibility-help")
        assert said.is_visible()
        assert said.inner_text().startswith("Comme d" if lang == "fr" else "As usual: by link")
        page.locator("#visibility").select_option("open")
        assert said.is_hidden()
    finally:
        context.close()
