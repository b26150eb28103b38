"""The terminal reads what an event is from the event's class (``quiet``,
``ends_deal``, ``plays_card``), never from lists of kinds kept in ``tui/``."""

from __future__ import annotations

import importlib
import pkgutil
from dataclasses import dataclass
from typing import ClassVar

import pytest

pytest.importorskip("textual")

import parlour
import parlour.tui
from parlour.core.events import Event
from parlour.tui.app import TableApp
from parlour.tui.session import Match


def test_no_module_of_the_terminal_keeps_a_list_of_event_kinds() -> None:
    for module_info in pkgutil.iter_modules(parlour.tui.__path__):
        module = importlib.import_module(f"parlour.tui.{module_info.name}")
        kept = [name for name in vars(module) if name.endswith("_KINDS")]
        assert kept == [], f"parlour.tui.{module_info.name} keeps kind lists: {kept}"


@dataclass(frozen=True)
class CardSlid(Event):
    """A kind of play no list in the terminal could know: only its class says it plays a card."""

    kind: ClassVar[str] = "card_slid_for_the_test"
    plays_card: ClassVar[bool] = True
    seat: int
    card: int


def test_the_last_card_played_is_read_from_the_event_class(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    game = parlour.load_game("dracula")
    match = Match.new(game, seed=3, humans=[0], opponent="random", names=["You", "Bot 2"])
    app = TableApp(match, colour=False, bot_delay=0)
    logged = [*match.table.events_for(0), (match.table.history_length(), CardSlid(seat=1, card=17))]
    # The table's own events, with one of a kind no list names added at the end.
    monkeypatch.setattr(match.table, "events_for", lambda seat, since=0: logged)
    assert app.last_card_played(0) == 17
