"""The public conformance test (parlour.testing) over every registered game and
every option set the game declares as changing the flow."""

from __future__ import annotations

import pytest

import parlour
from parlour.testing import check_game

CASES = [
    (name, options)
    for name in parlour.game_names()
    for options in parlour.game_class(name).conformance_options
]


def test_every_game_declares_conformance_cases() -> None:
    assert parlour.game_names(), "no game is registered"
    for name in parlour.game_names():
        assert parlour.game_class(name).conformance_options, name


@pytest.mark.parametrize(
    ("name", "options"), CASES, ids=[f"{name}-{options}" for name, options in CASES]
)
def test_conformance(name: str, options: dict[str, object]) -> None:
    check_game(name, playouts=2, **options)


def test_every_game_has_a_rules_page() -> None:
    from parlour.cli import rules_text

    for name in parlour.game_names():
        text = rules_text(name)
        assert parlour.game_class(name).info.title.split()[0] in text
