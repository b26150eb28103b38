"""Every table's heading line separates its parts the same way."""

from __future__ import annotations

import pytest

import parlour
from parlour.core.seat_names import default_seat_name
from parlour.render import Style, render_fitted, renderer_for


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("width", [None, 48])
@pytest.mark.parametrize("name", parlour.game_names())
def test_one_separator_between_the_parts_of_every_heading(
    name: str, width: int | None, lang: str
) -> None:
    """tmux at 80×24: Nain Jaune's and Colour-blind's headings read "Nain Jaune —
    deal 1 — dealer: You" where every other game writes "Thracula · deal 1 of 6 ·
    dealer: Bot 2". Every heading parts its pieces with " · "."""
    game = parlour.load_game(name)
    state = game.new_initial_state(seed=2)
    names = ["You" if lang == "en" else "Vous"] + [
        default_seat_name("bot", seat, lang) for seat in range(1, game.num_players)
    ]
    text = render_fitted(
        renderer_for(name), state.view(0), Style(lang=lang), names, width=width, height=40
    )
    first = text.splitlines()[0]
    assert " · " in first and " — " not in first, first
