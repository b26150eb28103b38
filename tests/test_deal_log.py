"""The game log tells a deal's dealing in one line: Colour-blind's 13 row cards
and 39 cards dealt one by one were 52 log lines a deal (the whole log, the
replay) and 13 in the terminal's panel."""

from __future__ import annotations

from pathlib import Path

import pytest

import parlour
from matches import played_out
from parlour.render import Style
from parlour.tui.replay import ReplayBook
from parlour.tui.session import Match


@pytest.fixture(autouse=True)
def private_data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Saves and statistics go to a temporary directory, never the home."""
    monkeypatch.setenv("PARLOUR_DATA_DIR", str(tmp_path))
    return tmp_path


def colour_blind_game(players: int = 3, lang: str = "en") -> Match:
    """A seeded Colour-blind game played to the end (first legal move each turn)."""
    game = parlour.load_game("colour-blind", players=players)
    names = ["You"] + [f"Bot {seat + 1}" for seat in range(1, players)]
    match = Match.new(game, seed=4, humans=[0], opponent="random", names=names, lang=lang)
    return played_out(match)


def deals_started(match: Match) -> int:
    """How many deals the game had."""
    return sum(event.kind == "deal_started" for _, event in match.table.events_for(0))


@pytest.mark.parametrize("players", [2, 3])
def test_colour_blind_dealing_is_one_log_line_a_deal(players: int) -> None:
    match = colour_blind_game(players)
    log = match.log_sentences()
    deals = deals_started(match)
    assert deals >= 2
    dealt = [line for line in log if line.startswith("Cards dealt:")]
    assert len(dealt) == deals, "\n".join(log[:40])
    assert not [line for line in log if "dealt a card" in line or line.startswith("Row card")]
    first_hand = [
        event.__dict__["card"]
        for _, event in match.table.events_for(0)
        if event.kind == "card_dealt" and event.__dict__["seat"] == 0
    ][:13]
    style = Style()
    assert f"You: {style.cards(first_hand)}" in dealt[0]  # what you were dealt stays told
    row = dealt[0].split("the row: ")[1].split(";")[0].rstrip(".")
    assert len(row.split()) == 13, dealt[0]
    if players == 2:
        assert "the dummy's 14th card face down" in dealt[0]


def test_the_replay_log_folds_the_dealing_too(private_data_dir: Path) -> None:
    match = colour_blind_game()
    path = private_data_dir / "finished.json"
    path.write_text(match.table.record_json(), encoding="utf-8")
    book = ReplayBook(path)
    log = book.log_until(len(book.steps) - 1)
    assert sum(line.startswith("Cards dealt:") for line in log) == deals_started(match)
    assert not [line for line in log if "dealt a card" in line or line.startswith("Row card")]


def test_french_dealing_line() -> None:
    match = colour_blind_game(lang="fr")
    log = match.log_sentences()
    dealt = [line for line in log if line.startswith("Cartes distribuées :")]
    assert len(dealt) == deals_started(match)
    assert "la rangée : " in dealt[0] and "13 cartes chacun" in dealt[0]


def test_casino_table_cards_are_named_in_the_dealing_line() -> None:
    game = parlour.load_game("casino")
    match = Match.new(game, seed=4, humans=[0], opponent="random", names=["You", "Bot 2"])
    table_cards = [
        event.__dict__["card"]
        for _, event in match.table.events_for(0)
        if event.kind == "card_dealt" and event.__dict__["seat"] < 0
    ]
    assert len(table_cards) == 4
    dealt = [line for line in match.log_sentences() if line.startswith("Cards dealt:")]
    assert len(dealt) == 1
    assert f"the table: {Style().cards(table_cards)}" in dealt[0], dealt[0]
    assert "player 0" not in dealt[0]
