"""The arena: seatings, duplicate deals, statistics, backends and the command."""

from __future__ import annotations

import csv
import json
import math
from pathlib import Path

import pytest

from parlour.arena import (
    ArenaSettings,
    MatchResult,
    arrangements,
    plan,
    play_match,
    run_arena,
)
from parlour.arena.stats import (
    bradley_terry,
    mean_interval,
    paired_differences,
    summarise,
    wilson_interval,
)
from parlour.cli import main
from parlour.core.errors import InvalidOptionError, ParlourError

QUICK = ArenaSettings("dracula", ("heuristic", "random"), games=6, seed=4, options={"deals": 1})


def test_every_bot_sits_in_every_seat() -> None:
    for bots, players in [(("a", "b"), 2), (("a", "b", "c"), 2), (("a", "b", "c"), 3)]:
        seatings = arrangements(bots, players)
        for bot in bots:
            for seat in range(players):
                assert any(seating[seat] == bot for seating in seatings)


def test_two_bots_at_four_seats_sit_as_partners() -> None:
    seatings = arrangements(("a", "b"), 4)
    assert ("a", "b", "a", "b") in seatings and ("b", "a", "b", "a") in seatings


def test_duplicate_sets_replay_the_same_deal_seed() -> None:
    seatings, specs = plan(QUICK)
    assert len(specs) == 6 and len(seatings) == 2
    for deal in {spec.deal for spec in specs}:
        seeds = {spec.deal_seed for spec in specs if spec.deal == deal}
        assert len(seeds) == 1
        assert {spec.seats for spec in specs if spec.deal == deal} == set(seatings)


def test_duplicate_matches_see_the_same_cards() -> None:
    """With the bots swapped, the first deal's hands are the same cards."""
    from parlour import load_game

    _, specs = plan(QUICK)
    first, second = specs[0], specs[1]
    assert first.deal == second.deal and first.seats != second.seats
    game = load_game("dracula", deals=1)
    one = game.new_initial_state(seed=first.deal_seed).observation(0)["hand"]
    two = game.new_initial_state(seed=second.deal_seed).observation(0)["hand"]
    assert one == two


def test_games_round_up_to_whole_duplicate_sets() -> None:
    _, specs = plan(ArenaSettings("dracula", ("heuristic", "random"), games=5, seed=1))
    assert len(specs) == 6


def test_same_seed_same_results_in_one_or_several_processes() -> None:
    one = run_arena(QUICK)
    again = run_arena(QUICK)
    parallel = run_arena(ArenaSettings(**{**QUICK.__dict__, "jobs": 2}))
    assert one.matches == again.matches == parallel.matches
    assert one.summary == parallel.summary


def test_other_seed_other_deals() -> None:
    other = run_arena(ArenaSettings(**{**QUICK.__dict__, "seed": 5}))
    assert other.matches != run_arena(QUICK).matches


def test_ray_backend_gives_the_local_results() -> None:
    ray = pytest.importorskip("ray", reason="ray is not installed")
    try:
        ray.init(num_cpus=1, include_dashboard=False, log_to_driver=False)
    except Exception as error:  # any failure to start means: skip
        pytest.skip(f"a local Ray runtime cannot start here: {error}")
    try:
        remote = run_arena(ArenaSettings(**{**QUICK.__dict__, "backend": "ray"}))
    finally:
        ray.shutdown()
    local = run_arena(QUICK)
    assert remote.matches == local.matches
    assert remote.summary == local.summary


def test_play_match_returns_every_seat() -> None:
    _, specs = plan(QUICK)
    result = play_match(specs[0])
    assert len(result.returns) == 2 and result.moves > 0


def test_play_match_times_each_decision_of_each_seat() -> None:
    """One processor time per decision with a choice, seat by seat."""
    _, specs = plan(QUICK)
    result = play_match(specs[0])
    assert len(result.decision_seconds) == 2
    assert sum(result.decisions) == result.moves
    assert all(seconds >= 0.0 for seat in result.decision_seconds for seconds in seat)
    assert result.thinking == tuple(sum(seat) for seat in result.decision_seconds)


def _match(deal: int, seats: tuple[str, ...], returns: tuple[float, ...]) -> MatchResult:
    return MatchResult(deal * 2 + (seats[0] == "b"), deal, seats, returns, 0)


def test_the_paired_difference_compares_each_deal_with_itself() -> None:
    """A deal's luck cancels: a generous deal and a mean one both show b ahead by 10,
    a third by 15."""
    matches = [
        _match(0, ("a", "b"), (100.0, 110.0)),
        _match(0, ("b", "a"), (110.0, 100.0)),
        _match(1, ("a", "b"), (0.0, 20.0)),
        _match(1, ("b", "a"), (0.0, 0.0)),
        _match(2, ("a", "b"), (50.0, 60.0)),
        _match(2, ("b", "a"), (65.0, 45.0)),
    ]
    (pair,) = paired_differences(("a", "b"), matches)
    assert (pair.first, pair.second, pair.deals) == ("a", "b", 3)
    assert pair.mean == pytest.approx(-35.0 / 3)
    assert pair.high < 0 and pair.low < pair.mean
    assert pair.standard_error == pytest.approx((pair.high - pair.mean) / 1.959963984540054)


def test_paired_differences_cover_every_pair_in_the_order_given() -> None:
    matches = [_match(0, ("a", "b", "c"), (3.0, 2.0, 1.0))]
    pairs = paired_differences(("a", "b", "c"), matches)
    assert [(pair.first, pair.second, pair.mean) for pair in pairs] == [
        ("a", "b", 1.0),
        ("a", "c", 2.0),
        ("b", "c", 1.0),
    ]
    assert all(pair.deals == 1 and math.isnan(pair.standard_error) for pair in pairs)


def test_the_summary_reports_the_99th_percentile_and_the_slowest_decision() -> None:
    """Two hundred decisions, one of them slow: the mean moves, the p99 does not."""
    quick = tuple([0.01] * 99)
    slow = tuple([0.01] * 100 + [2.5])
    matches = [
        MatchResult(0, 0, ("a", "b"), (1.0, 0.0), 101, (slow, ())),
        MatchResult(1, 0, ("b", "a"), (0.0, 1.0), 99, ((), quick)),
    ]
    rows = {row.bot: row for row in summarise(("a", "b"), matches)}
    assert rows["a"].seconds_p99 == pytest.approx(0.01)
    assert rows["a"].seconds_max == pytest.approx(2.5)
    assert rows["a"].seconds_per_move == pytest.approx((0.01 * 199 + 2.5) / 200)
    assert math.isnan(rows["b"].seconds_p99)


def test_settings_are_checked() -> None:
    with pytest.raises(ParlourError, match="at least two bots"):
        plan(ArenaSettings("dracula", ("random",)))
    with pytest.raises(InvalidOptionError, match="heuristic"):
        plan(ArenaSettings("dracula", ("random", "genius")))
    with pytest.raises(ParlourError, match="once"):
        plan(ArenaSettings("dracula", ("random", "random")))
    with pytest.raises(InvalidOptionError):
        plan(ArenaSettings("dracula", ("random", "heuristic"), options={"deals": 9}))


def test_intervals() -> None:
    mean, low, high = mean_interval([1.0, 2.0, 3.0, 4.0])
    assert mean == 2.5 and low < 2.5 < high
    rate, low, high = wilson_interval(8, 10)
    assert rate == 0.8 and 0.4 < low < 0.8 < high < 1.0
    assert wilson_interval(10, 10)[2] == pytest.approx(1.0)


def test_bradley_terry_orders_and_centres() -> None:
    ratings = bradley_terry([[0, 8, 9], [2, 0, 6], [1, 4, 0]])
    assert ratings[0] > ratings[1] > ratings[2]
    assert math.isclose(sum(ratings), 0.0, abs_tol=1e-9)
    even = bradley_terry([[0, 5], [5, 0]])
    assert math.isclose(even[0], 0.0, abs_tol=1e-9)


def test_arena_command_prints_saves_and_plots(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    prefix = tmp_path / "run"
    plot = tmp_path / "ratings.png"
    status = main(
        [
            "arena",
            "dracula",
            "--bots",
            "heuristic,random",
            "--games",
            "4",
            "--seed",
            "2",
            "--option",
            "deals=1",
            "--jobs",
            "1",
            "--output",
            str(prefix),
            "--plot",
            str(plot),
        ]
    )
    assert status == 0
    out = capsys.readouterr().out
    assert "heuristic" in out and "win rate" in out and "rating" in out
    assert "s/decision" in out and "p99" in out
    assert "heuristic − random, deal by deal: +" in out and "over 2 deals" in out
    rows = list(csv.DictReader((tmp_path / "run.csv").open()))
    assert [row["bot"] for row in rows] == ["heuristic", "random"]
    assert all(float(row["seconds_p99"]) <= float(row["seconds_max"]) for row in rows)
    data = json.loads((tmp_path / "run.json").read_text())
    assert len(data["matches"]) == 4 and data["settings"]["seed"] == 2
    assert [pair["deals"] for pair in data["paired"]] == [2]
    for match in data["matches"]:
        assert [len(seat) for seat in match["decision_seconds"]] == match["decisions"]
    assert plot.stat().st_size > 1000


def test_arena_command_rejects_unknown_bots(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", "dracula", "--bots", "random,wizard", "--games", "2"]) == 2
    assert "unknown bot 'wizard'" in capsys.readouterr().err


def test_arena_compares_a_level_with_another_budget(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status = main(
        [
            "arena",
            "dracula",
            "--bots",
            "easy,easy:5",
            "--games",
            "2",
            "--jobs",
            "1",
            "--option",
            "deals=1",
            "--seed",
            "3",
            "--output",
            str(tmp_path / "run"),
        ]
    )
    assert status == 0
    rows = [line.split()[0] for line in capsys.readouterr().out.splitlines()[2:4]]
    assert sorted(rows) == ["easy", "easy:5"]


@pytest.mark.parametrize(
    ("kind", "words"),
    [
        ("heuristic:100", "only a search bot takes an iteration budget"),
        ("hard:", "must be a whole number from 1 to 1,000,000, e.g. hard:1200"),
        ("hard:0", "must be a whole number from 1"),
        ("hard:12x", "must be a whole number from 1"),
        ("hard:２", "must be a whole number from 1"),
        ("hard:99999999", "must be a whole number from 1"),
    ],
)
def test_a_bad_budget_is_refused_with_what_is_allowed(
    kind: str, words: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["arena", "dracula", "--bots", f"random,{kind}", "--games", "2"]) == 2
    assert words in capsys.readouterr().err
