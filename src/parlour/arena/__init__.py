"""The arena: bots against bots at scale, with duplicate deals and ratings.

>>> from parlour.arena import ArenaSettings, run_arena
>>> result = run_arena(ArenaSettings("dracula", ("heuristic", "random"), games=2,
...                                   options={"deals": 1}, jobs=1))
>>> [row.bot for row in result.summary]
['heuristic', 'random']

Every bot plays every seat: the bots are seated in several *arrangements*
(rotations of the seats, or every ordering when there are more bots than seats),
and each deal seed is played once in every arrangement. The seed drives the
game's sampler, so the same deals come again with the bots in other seats
(duplicate play), which takes much of the luck of the cards out of the
comparison. Matches are independent tasks: they run in one process, on the
local cores, or on a Ray cluster, and the results are the same for a seed
whichever way they ran.
"""

from __future__ import annotations

import itertools
import math
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from parlour.arena.stats import BotSummary, PairedDifference, paired_differences, summarise
from parlour.bots import check_bot_kind, make_bot
from parlour.core.errors import ParlourError
from parlour.core.registry import load_game

MAX_ORDERINGS = 24
"""With more bots than seats, every ordering is played if there are at most this
many; beyond it, the rotations of the bot list."""


@dataclass(frozen=True)
class ArenaSettings:
    """What to play: the game, the bots, how many matches, the seed, where to run."""

    game: str
    bots: tuple[str, ...]
    games: int = 100
    """Matches to play, rounded up to a whole number of duplicate sets."""
    seed: int = 0
    options: Mapping[str, object] = field(default_factory=dict)
    """Game options, as for ``parlour play --option`` (``players`` included)."""
    jobs: int = 1
    """Worker processes for the local backend (1: in this process)."""
    backend: str = "local"
    """``local`` or ``ray``."""
    address: str | None = None
    """Ray cluster address (``ray`` backend; None starts or joins a local runtime)."""


@dataclass(frozen=True)
class MatchSpec:
    """One match to play: a self-contained task for any backend."""

    index: int
    deal: int
    """Index of the deal seed (matches with the same deal replay the same cards)."""
    game: str
    options: dict[str, object]
    seats: tuple[str, ...]
    """The bot kind at each seat."""
    deal_seed: int
    bot_seeds: tuple[int, ...]


@dataclass(frozen=True)
class MatchResult:
    """The outcome of one match."""

    index: int
    deal: int
    seats: tuple[str, ...]
    returns: tuple[float, ...]
    moves: int
    """Player decisions in the match."""
    decision_seconds: tuple[tuple[float, ...], ...] = field(default=(), compare=False)
    """The processor seconds of each decision (a move with a choice), seat by
    seat (not part of equality: timing varies)."""

    @property
    def decisions(self) -> tuple[int, ...]:
        """Decisions each seat made."""
        return tuple(len(seconds) for seconds in self.decision_seconds)

    @property
    def thinking(self) -> tuple[float, ...]:
        """Processor seconds each seat spent choosing."""
        return tuple(sum(seconds) for seconds in self.decision_seconds)


@dataclass
class ArenaResult:
    """Everything an arena run produced."""

    settings: ArenaSettings
    players: int
    arrangements: list[tuple[str, ...]]
    matches: list[MatchResult]
    summary: list[BotSummary]
    paired: list[PairedDifference] = field(default_factory=list)
    """Every pair of bots compared deal by deal (``arena.stats``)."""

    def to_json_dict(self) -> dict[str, Any]:
        """A JSON-friendly dict of the settings, the summary and every match."""
        settings = asdict(self.settings)
        settings["bots"] = list(self.settings.bots)
        settings["options"] = {key: str(value) for key, value in self.settings.options.items()}
        return {
            "settings": settings,
            "players": self.players,
            "arrangements": [list(arrangement) for arrangement in self.arrangements],
            "summary": [
                {key: _finite(value) for key, value in asdict(row).items()} for row in self.summary
            ],
            "paired": [
                {key: _finite(value) for key, value in asdict(pair).items()} for pair in self.paired
            ],
            "matches": [
                {
                    "index": match.index,
                    "deal": match.deal,
                    "seats": list(match.seats),
                    "returns": list(match.returns),
                    "moves": match.moves,
                    "decisions": list(match.decisions),
                    "thinking_seconds": [round(value, 4) for value in match.thinking],
                    "decision_seconds": [
                        [round(value, 4) for value in seconds] for seconds in match.decision_seconds
                    ],
                }
                for match in self.matches
            ],
        }


def _finite(value: object) -> object:
    """NaN (an interval that cannot be computed) as JSON null."""
    return None if isinstance(value, float) and math.isnan(value) else value


def _mix(*numbers: int) -> int:
    value = 0x243F6A8885A308D3
    for number in numbers:
        value = ((value ^ (number & 0xFFFFFFFFFFFFFFFF)) * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
        value ^= value >> 29
    return value & 0x7FFFFFFF


def arrangements(bots: Sequence[str], players: int) -> list[tuple[str, ...]]:
    """The seatings of one duplicate set.

    With no more bots than seats, seat ``s`` gets bot ``(s + r) mod k`` for each
    rotation ``r`` of the seats, each distinct seating once (so two bots at four
    seats sit as partners, in two seatings); with more bots than seats, every
    ordering of ``players`` distinct bots (or, past :data:`MAX_ORDERINGS`, the
    rotations of the bot list).
    """
    count = len(bots)
    if count <= players:
        rotations = (
            tuple(bots[(seat + rotation) % count] for seat in range(players))
            for rotation in range(players)
        )
        return list(dict.fromkeys(rotations))
    orderings = math.perm(count, players)
    if orderings <= MAX_ORDERINGS:
        return list(itertools.permutations(bots, players))
    return [
        tuple(bots[(seat + rotation) % count] for seat in range(players))
        for rotation in range(count)
    ]


def check_settings(settings: ArenaSettings) -> int:
    """Validate the settings; return the number of players."""
    if len(settings.bots) < 2:
        raise ParlourError("the arena needs at least two bots, e.g. --bots heuristic,random")
    if len(set(settings.bots)) != len(settings.bots):
        raise ParlourError(f"each bot may appear once in --bots, got {','.join(settings.bots)}")
    for bot in settings.bots:
        check_bot_kind(bot)
    if settings.games < 1:
        raise ParlourError(f"--games must be at least 1, not {settings.games}")
    if settings.backend not in ("local", "ray"):
        raise ParlourError(f"unknown backend {settings.backend!r}; backends: local | ray")
    if settings.jobs < 1:
        raise ParlourError(f"--jobs must be at least 1, not {settings.jobs}")
    game = load_game(settings.game, **dict(settings.options))
    players: int = game.num_players
    return players


def plan(settings: ArenaSettings) -> tuple[list[tuple[str, ...]], list[MatchSpec]]:
    """The arrangements and the list of matches to play."""
    players = check_settings(settings)
    seatings = arrangements(settings.bots, players)
    deals = -(-settings.games // len(seatings))
    specs: list[MatchSpec] = []
    for deal in range(deals):
        deal_seed = _mix(settings.seed, deal, 1)
        for seating in seatings:
            specs.append(
                MatchSpec(
                    index=len(specs),
                    deal=deal,
                    game=settings.game,
                    options=dict(settings.options),
                    seats=seating,
                    deal_seed=deal_seed,
                    bot_seeds=tuple(
                        _mix(settings.seed, deal, 2, seat, len(specs)) for seat in range(players)
                    ),
                )
            )
    return seatings, specs


def play_match(spec: MatchSpec) -> MatchResult:
    """Play one match between bots (each sees only its View)."""
    game = load_game(spec.game, **spec.options)
    bots = [make_bot(kind, seed) for kind, seed in zip(spec.seats, spec.bot_seeds, strict=True)]
    state = game.new_initial_state(seed=spec.deal_seed)
    seconds: list[list[float]] = [[] for _ in range(game.num_players)]
    while not state.is_terminal():
        seat = state.current_player()
        legal = state.legal_actions()
        if len(legal) == 1:
            action = legal[0]
        else:
            view = state.view(seat)
            start = time.process_time()
            action = bots[seat].choose(view)
            seconds[seat].append(time.process_time() - start)
        state.apply_action(action)
    return MatchResult(
        spec.index,
        spec.deal,
        spec.seats,
        tuple(float(x) for x in state.returns()),
        sum(len(spent) for spent in seconds),
        tuple(tuple(spent) for spent in seconds),
    )


Progress = Callable[[int, int], None]
"""Called with (matches done, matches in all) as results arrive."""


def _run_local(specs: list[MatchSpec], jobs: int, progress: Progress | None) -> list[MatchResult]:
    results: list[MatchResult] = []
    if jobs == 1 or len(specs) == 1:
        for spec in specs:
            results.append(play_match(spec))
            if progress is not None:
                progress(len(results), len(specs))
        return results
    import concurrent.futures

    with concurrent.futures.ProcessPoolExecutor(max_workers=jobs) as pool:
        futures = [pool.submit(play_match, spec) for spec in specs]
        for future in concurrent.futures.as_completed(futures):
            results.append(future.result())
            if progress is not None:
                progress(len(results), len(specs))
    return results


def _run_ray(
    specs: list[MatchSpec], address: str | None, progress: Progress | None
) -> list[MatchResult]:
    try:
        import ray
    except ImportError:
        raise ParlourError("the ray backend needs Ray: pip install 'parlour[ray]'") from None
    if not ray.is_initialized():
        if address is None:
            ray.init(include_dashboard=False, log_to_driver=False)
        else:
            # Joining a cluster: its nodes must have parlour installed.
            ray.init(address=address, log_to_driver=False)
    remote = ray.remote(play_match)
    pending = [remote.remote(spec) for spec in specs]
    results: list[MatchResult] = []
    while pending:
        done, pending = ray.wait(pending, num_returns=min(len(pending), 8), timeout=1.0)
        results.extend(ray.get(done))
        if progress is not None and done:
            progress(len(results), len(specs))
    return results


def run_arena(settings: ArenaSettings, progress: Progress | None = None) -> ArenaResult:
    """Play every planned match and summarise: scores, win rates, ratings."""
    seatings, specs = plan(settings)
    if settings.backend == "ray":
        results = _run_ray(specs, settings.address, progress)
    else:
        results = _run_local(specs, settings.jobs, progress)
    results.sort(key=lambda match: match.index)
    players = len(seatings[0])
    summary = summarise(settings.bots, results, seed=settings.seed)
    paired = paired_differences(settings.bots, results)
    return ArenaResult(settings, players, seatings, results, summary, paired)


__all__ = [
    "ArenaResult",
    "ArenaSettings",
    "BotSummary",
    "MatchResult",
    "MatchSpec",
    "PairedDifference",
    "arrangements",
    "plan",
    "play_match",
    "run_arena",
]
