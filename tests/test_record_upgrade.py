"""Records made under an older rules version replay with the rules they were made under."""

from __future__ import annotations

from dataclasses import replace

import pytest

import parlour
from parlour.core.errors import RecordError
from parlour.core.record import MatchRecord


def finished_record(name: str, **options: object) -> MatchRecord:
    state = parlour.load_game(name, **options).new_initial_state(seed=11)
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    return state.to_record()


def as_version_1(record: MatchRecord, *, new_options: tuple[str, ...]) -> MatchRecord:
    """The record as version 1 wrote it: without the options added since."""
    options = {key: value for key, value in record.options.items() if key not in new_options}
    return replace(record, rules_version=1, options=options)


def test_a_dracula_version_1_record_replays_with_the_scored_line_rule() -> None:
    old = as_version_1(finished_record("dracula", deals=2), new_options=("vampire_line",))
    state = old.replay()
    assert state.game.options.vampire_line == "scored"
    assert state.is_terminal()
    assert state.to_record().rules_version == parlour.load_game("dracula").info.rules_version


def test_a_nain_jaune_version_1_record_replays_with_the_old_end_of_game() -> None:
    record = finished_record("nain-jaune", players=3, max_deals=2, forgot_penalty="stays")
    state = as_version_1(record, new_options=("game_end",)).replay()
    assert state.game.options.game_end == "below_stakes"
    assert state.game.options.forgot_penalty == "stays"


def test_a_record_no_option_can_reproduce_is_refused_naming_both_versions() -> None:
    record = as_version_1(
        finished_record("dracula", deals=2, scoring="cards"), new_options=("vampire_line",)
    )
    with pytest.raises(RecordError, match="rules version 1; this parlour plays version 2"):
        record.replay()


def test_a_record_of_an_unknown_version_is_refused() -> None:
    record = replace(finished_record("colour-blind"), rules_version=99)
    with pytest.raises(RecordError, match="rules version 99"):
        record.replay()
