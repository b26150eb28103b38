"""The whole score sheet (lines, end bonuses, totals, result) agrees with the
rules' result in every game, and goes on the wire for each seat."""

from __future__ import annotations

import random

import pytest

import parlour
from parlour.core.game import State


def _played(name: str, options: dict[str, object], seed: int) -> State:
    """A seeded full game, every move chosen at random."""
    game = parlour.load_game(name, **options)
    state = game.new_initial_state(seed=seed)
    state.record_events()
    rng = random.Random(seed)
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    return state


def _cases() -> list[tuple[str, dict[str, object]]]:
    cases = []
    for name in parlour.game_names():
        game_class = type(parlour.load_game(name))
        for options in game_class.conformance_options:
            cases.append((name, dict(options)))
    return cases


@pytest.mark.parametrize(("name", "options"), _cases())
def test_sheet_totals_with_bonus_are_the_result(name: str, options: dict[str, object]) -> None:
    for seed in range(3):
        state = _played(name, options, seed)
        sheet = state.full_sheet()
        assert sheet.result is not None
        assert sheet.result_note == ""
        assert sheet.totals == sheet.result, (name, options, seed, sheet)
        returns = state.returns()
        for column, seats in enumerate(sheet.columns):
            assert all(returns[seat] == sheet.result[column] for seat in seats)


@pytest.mark.parametrize("name", ["dracula", "dracula-partnership", "thracula"])
def test_sheet_bonuses_are_the_end_bonus_events(name: str) -> None:
    options: dict[str, object] = {"end_bonus": "difference_to_second"} if name == "thracula" else {}
    bonuses_seen = 0
    for seed in range(6):
        state = _played(name, options, seed)
        sheet = state.full_sheet()
        events = [event for _, event in state.event_log() if event.kind == "end_bonus"]
        assert len(events) == len(sheet.bonuses)
        for event, bonus in zip(events, sheet.bonuses, strict=True):
            column = next(
                index for index, seats in enumerate(sheet.columns) if event.seats[0] in seats
            )
            assert bonus.scores[column] == event.bonus
            assert sum(bonus.scores) == event.bonus
        bonuses_seen += len(events)
    assert bonuses_seen > 0


def test_dracula_session_sheet_has_a_bonus_per_game() -> None:
    state = _played("dracula", {"deals": 1, "session_target": 60}, 1)
    sheet = state.full_sheet()
    games = {line.game for line in sheet.lines}
    assert len(games) > 1
    assert {bonus.game for bonus in sheet.bonuses} <= games
    assert sheet.totals == sheet.result


def test_nain_jaune_sheet_starts_with_the_stake_and_counts_chips() -> None:
    state = _played("nain-jaune", {"start_chips": 80}, 2)
    sheet = state.full_sheet()
    assert sheet.unit == "chips"
    assert sheet.start == (80.0,) * 4


def test_partnership_sheet_has_one_column_per_side() -> None:
    state = _played("dracula-partnership", {}, 0)
    sheet = state.full_sheet()
    assert sheet.columns == ((0, 2), (1, 3))
    assert all(len(line.scores) == 2 for line in sheet.lines)


def test_sheet_before_the_end_has_no_result() -> None:
    state = parlour.load_game("dracula").new_initial_state(seed=3)
    sheet = state.full_sheet()
    assert sheet.result is None
    assert sheet.lines == ()
    assert sheet.totals == (0.0, 0.0)
    assert sheet.to_json()["result"] is None


@pytest.mark.parametrize(("name", "options"), _cases())
def test_the_sheet_changes_only_when_its_stamp_does(name: str, options: dict[str, object]) -> None:
    """Along a match the whole sheet changes only at a step where
    ``sheet_stamp()`` (deals scored, bonuses, the end) does: the web builds it
    anew only then (``Table.sheet_json``), and a sheet that changed at another
    step would show a stale score."""
    for seed in range(2):
        game = parlour.load_game(name, **options)
        state = game.new_initial_state(seed=seed)
        rng = random.Random(seed)
        stamp, sheet = state.sheet_stamp(), state.full_sheet().to_json()
        changes = 0
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
            now_stamp, now_sheet = state.sheet_stamp(), state.full_sheet().to_json()
            if now_stamp == stamp:
                assert now_sheet == sheet, (name, options, seed, len(state.history))
            else:
                changes += 1
            stamp, sheet = now_stamp, now_sheet
        assert changes >= 1  # at least the end


def test_a_tables_kept_sheet_is_the_sheet_at_every_step_and_after_undos() -> None:
    """``Table.sheet_json`` is kept while the stamp holds (the same object) and
    is at every step the sheet built afresh, undos included (an undo may
    change a scored deal: its sheet is read again)."""
    from parlour.table import SeatSpec, Table
    from parlour.table.errors import UndoRefusedError

    seats = [SeatSpec("person", "Ann"), SeatSpec("bot", "Bob", bot="random")]
    table = Table.create("dracula", seats, options={"deals": 3}, seed=3)
    rng = random.Random(3)
    undone = 0
    while not table.is_over():
        before = table.sheet_json()
        stamp = table.snapshot().sheet_stamp()
        undos_before = undone
        if table.seat_to_act() == 0:
            if rng.random() < 0.2:
                try:
                    table.undo(0, table.version)
                    undone += 1
                except UndoRefusedError:
                    pass
            if table.seat_to_act() == 0:
                action = rng.choice([action for action, _ in table.legal_moves(0)])
                table.submit(0, action, table.version)
        else:
            table.play_bot_move()
        assert table.sheet_json() == table.snapshot().full_sheet().to_json()
        if table.snapshot().sheet_stamp() == stamp and undone == undos_before:
            assert table.sheet_json() is before
    assert undone > 0
