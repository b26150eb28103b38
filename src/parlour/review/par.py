"""The par: what the hard bot averages with the seat's cards.

After each deal, the hard bot replays the seat on the same deal, several times
(``replays``), each time with another seed: it starts from the position at the
deal's first step (the same match score, the same dealer), the cards come out
in the order the match dealt them (the recorded chance outcomes of that deal,
in order), and the other seats are played by the same bots with the same seeds
as at the table. A seat that a person played is played by the hard bot too (a
person's moves cannot be replayed once the play differs). The par is the mean
of what the bot scores on that deal, end bonus included, with the spread of the
replays (their standard deviation).

A bot's choice depends only on its seed and its View, so a seat played by the
same bot with the same seed replays the deal exactly: the first replay's score
is its score.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from parlour.bots import make_bot
from parlour.core.game import CHANCE, JSON, TERMINAL, State
from parlour.core.sampler import Rng
from parlour.judge import DealMark, deal_scores
from parlour.review.engine import REVIEW_SEED

PAR_BOT = "hard"
"""The bot that sets the par."""


@dataclass(frozen=True)
class SeatPlayer:
    """Who plays a seat in a par replay: a bot kind and its seed."""

    bot: str
    seed: int


@dataclass(frozen=True)
class DealPar:
    """One deal: what the seat scored and what the bot scored with the same cards."""

    deal: int
    score: float
    """The seat's score on the deal, as played (end bonus included)."""
    par: float
    """The par bot's mean score on the same deal over its replays."""
    par_moves: tuple[str, ...]
    """The par bot's moves for the seat in its first replay, in order."""
    replays: tuple[float, ...] = ()
    """The par bot's score in each replay."""

    @property
    def spread(self) -> float:
        """The standard deviation of the replays' scores (0 for one replay)."""
        count = len(self.replays)
        if count < 2:
            return 0.0
        mean = sum(self.replays) / count
        return math.sqrt(sum((value - mean) ** 2 for value in self.replays) / (count - 1))

    def to_json(self) -> dict[str, JSON]:
        """A JSON-friendly dict."""
        return {
            "deal": self.deal,
            "score": self.score,
            "par": self.par,
            "par_moves": list(self.par_moves),
            "replays": list(self.replays),
            "spread": round(self.spread, 3),
        }


def deal_starts(final: State) -> list[tuple[int, State, list[int]]]:
    """Each deal of ``final``'s history: (deal number, the state at its first
    step, the chance outcomes dealt during it, in order). A deal ends when the
    score sheet gains a line."""
    game = final.game
    state = game.new_initial_state()
    deals: list[tuple[int, State, list[int]]] = []
    current: tuple[int, State, list[int]] | None = None
    for action in final.history:
        if current is None:
            current = (state.deals_scored() + 1, state.clone(), [])
            deals.append(current)
        if state.current_player() == CHANCE:
            current[2].append(action)
        before = state.deals_scored()
        state.apply_action(action)
        if state.deals_scored() > before:
            current = None
    return deals


def play_deal(
    start: State,
    chance: Sequence[int],
    players: Sequence[SeatPlayer],
    seat: int,
    rng: Rng,
) -> tuple[State, list[str]]:
    """Play one deal from ``start`` with ``players`` at every seat and the chance
    outcomes in ``chance`` (then drawn from ``rng`` if the play asks for more, or
    for one the recorded order cannot give). Returns the state at the deal's end
    and the moves of ``seat``."""
    state = start.clone()
    base_lines = state.deals_scored()
    queue = list(chance)
    moves: list[str] = []
    while True:
        player = state.current_player()
        if player == TERMINAL or state.deals_scored() > base_lines:
            return state, moves
        if player == CHANCE:
            outcomes = {outcome for outcome, _ in state.chance_outcomes()}
            if queue and queue[0] in outcomes:
                state.apply_action(queue.pop(0))
            else:
                if queue:
                    queue.pop(0)
                state.apply_random_chance(rng)
            continue
        legal = state.legal_actions()
        if len(legal) == 1:
            action = legal[0]
        else:
            spec = players[player]
            action = make_bot(spec.bot, spec.seed).choose(state.view(player))
        if player == seat:
            moves.append(state.action_to_string(action))
        state.apply_action(action)


def par_of(
    final: State,
    seat: int,
    players: Sequence[SeatPlayer],
    *,
    replays: int = 1,
    progress: Callable[[int, int], None] | None = None,
) -> list[DealPar]:
    """The par of every finished deal of ``final`` for ``seat``: ``replays``
    replays of the deal by the par bot (the first with the seed of
    ``players[seat]``, the next with other seeds). ``players`` gives who played
    each seat at the table (the entry of ``seat`` is the par bot with its seed)."""
    if replays < 1:
        raise ValueError(f"a par needs at least one replay, not {replays}")
    played = _played_scores(final, seat)
    deals = [item for item in deal_starts(final) if item[0] in played]
    results: list[DealPar] = []
    for index, (number, start, chance) in enumerate(deals):
        start.record_seen_history()
        mark = DealMark.of(start)
        scores: list[float] = []
        first_moves: list[str] = []
        for replay in range(replays):
            seated = list(players)
            own = seated[seat]
            seated[seat] = replace(own, seed=own.seed + replay * 7919)
            mix = number * 0x9E3779B97F4A7C15 + replay * 0xC2B2AE3D27D4EB4F
            rng = Rng(REVIEW_SEED ^ (mix & ((1 << 64) - 1)))
            end, moves = play_deal(start, chance, seated, seat, rng)
            scores.append(deal_scores(end, mark)[seat])
            if replay == 0:
                first_moves = moves
        results.append(
            DealPar(
                deal=number,
                score=played[number],
                par=sum(scores) / len(scores),
                par_moves=tuple(first_moves),
                replays=tuple(scores),
            )
        )
        if progress is not None:
            progress(index + 1, len(deals))
    return results


def _played_scores(final: State, seat: int) -> dict[int, float]:
    """The seat's score in each finished deal of ``final``, end bonus included."""
    state = final.game.new_initial_state()
    mark = DealMark.of(state)
    number = 1
    found: dict[int, float] = {}
    for action in final.history:
        state.apply_action(action)
        if state.deals_scored() > mark.lines:
            found[number] = deal_scores(state, mark)[seat]
            number += 1
            mark = DealMark.of(state)
    return found
