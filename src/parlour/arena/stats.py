"""Arena statistics: mean scores, win rates and Bradley–Terry ratings with 95%
intervals.

- A bot's *score* in a match is the mean of ``returns()`` over the seats it held.
- A bot *wins* a match when one of its seats has the top score; a shared top is
  shared equally between the bots that hold it (a half each for two).
- Mean score: normal interval, mean ± 1.96 standard errors.
- Win rate: Wilson score interval.
- Rating: a Bradley–Terry model fitted on every pair of bots in every match (the
  bot with the higher score wins the pair, equal scores count half each), by the
  minorisation–maximisation algorithm with one virtual drawn game between each
  pair as a prior; shown on the Elo scale (400 × log10 of the strength), the
  mean rating set to 0. Its interval is the 2.5–97.5 percentile range over 200
  bootstrap resamples of whole duplicate sets (the deals), seeded.
- Paired difference of two bots: deal by deal, the mean over the deal's matches
  of the first bot's score minus the second's; then the mean over the deals with
  a normal interval. Duplicate deals make this the most sensitive comparison:
  the luck of the cards cancels within a deal.
- Time: the processor seconds of each decision (a move with a choice); per bot
  the mean, the 99th percentile (nearest rank) and the slowest.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from parlour.core.sampler import Rng

if TYPE_CHECKING:
    from parlour.arena import MatchResult

Z95 = 1.959963984540054
BOOTSTRAP_SAMPLES = 200


@dataclass(frozen=True)
class BotSummary:
    """One bot's results over an arena run."""

    bot: str
    matches: int
    mean_score: float
    score_low: float
    score_high: float
    win_rate: float
    win_low: float
    win_high: float
    rating: float
    rating_low: float
    rating_high: float
    seconds_per_move: float = field(default=math.nan, compare=False)
    """Mean processor seconds per decision (timing varies, so not part of equality)."""
    seconds_p99: float = field(default=math.nan, compare=False)
    """The 99th percentile of the processor seconds of its decisions."""
    seconds_max: float = field(default=math.nan, compare=False)
    """Its slowest decision, in processor seconds."""


@dataclass(frozen=True)
class PairedDifference:
    """Two bots compared deal by deal: ``first``'s score minus ``second``'s."""

    first: str
    second: str
    deals: int
    """Deals in which both bots sat."""
    mean: float
    """The mean over those deals of the per-deal difference."""
    standard_error: float
    low: float
    high: float
    """The normal 95% interval of ``mean``."""


def percentile(ordered: Sequence[float], share: float) -> float:
    """The value below which ``share`` of the sorted values lie (nearest rank)."""
    return ordered[min(len(ordered) - 1, int(len(ordered) * share))]


def mean_interval(values: Sequence[float]) -> tuple[float, float, float]:
    """(mean, low, high) with a normal 95% interval."""
    count = len(values)
    if count == 0:
        return math.nan, math.nan, math.nan
    mean = sum(values) / count
    if count == 1:
        return mean, mean, mean
    variance = sum((value - mean) ** 2 for value in values) / (count - 1)
    half = Z95 * math.sqrt(variance / count)
    return mean, mean - half, mean + half


def wilson_interval(successes: float, count: int) -> tuple[float, float, float]:
    """(rate, low, high): the Wilson 95% interval of a proportion."""
    if count == 0:
        return math.nan, math.nan, math.nan
    rate = successes / count
    z2 = Z95 * Z95
    centre = (rate + z2 / (2 * count)) / (1 + z2 / count)
    half = Z95 * math.sqrt(rate * (1 - rate) / count + z2 / (4 * count * count)) / (1 + z2 / count)
    return rate, max(0.0, centre - half), min(1.0, centre + half)


def match_scores(match: MatchResult) -> dict[str, float]:
    """Each bot's score in one match: the mean of its seats' returns."""
    totals: dict[str, list[float]] = {}
    for bot, value in zip(match.seats, match.returns, strict=True):
        totals.setdefault(bot, []).append(value)
    return {bot: sum(values) / len(values) for bot, values in totals.items()}


def match_wins(match: MatchResult) -> dict[str, float]:
    """Each bot's share of the win in one match."""
    best = max(match.returns)
    winners = {bot for bot, value in zip(match.seats, match.returns, strict=True) if value == best}
    return {bot: (1.0 / len(winners) if bot in winners else 0.0) for bot in set(match.seats)}


def _pair_wins(matches: Sequence[MatchResult], index: dict[str, int]) -> list[list[float]]:
    size = len(index)
    wins = [[0.0] * size for _ in range(size)]
    for match in matches:
        scores = match_scores(match)
        bots = sorted(scores)
        for first_position, first in enumerate(bots):
            for second in bots[first_position + 1 :]:
                a, b = index[first], index[second]
                if scores[first] > scores[second]:
                    wins[a][b] += 1
                elif scores[first] < scores[second]:
                    wins[b][a] += 1
                else:
                    wins[a][b] += 0.5
                    wins[b][a] += 0.5
    return wins


def bradley_terry(wins: Sequence[Sequence[float]], iterations: int = 200) -> list[float]:
    """Elo-scale ratings (mean 0) from a matrix ``wins[i][j]`` of i's wins over j.

    One virtual drawn game between each pair keeps every strength finite.
    """
    size = len(wins)
    table = [[wins[i][j] + (0.5 if i != j else 0.0) for j in range(size)] for i in range(size)]
    strength = [1.0] * size
    for _ in range(iterations):
        updated = []
        for i in range(size):
            won = sum(table[i])
            denominator = sum(
                (table[i][j] + table[j][i]) / (strength[i] + strength[j])
                for j in range(size)
                if j != i
            )
            updated.append(won / denominator if denominator > 0 else strength[i])
        geometric = math.exp(sum(math.log(value) for value in updated) / size)
        strength = [value / geometric for value in updated]
    ratings = [400 * math.log10(value) for value in strength]
    centre = sum(ratings) / size
    return [rating - centre for rating in ratings]


def summarise(
    bots: Sequence[str], matches: Sequence[MatchResult], seed: int = 0
) -> list[BotSummary]:
    """The summary row of each bot, in the order given."""
    index = {bot: position for position, bot in enumerate(bots)}
    scores: dict[str, list[float]] = {bot: [] for bot in bots}
    wins: dict[str, float] = dict.fromkeys(bots, 0.0)
    for match in matches:
        for bot, value in match_scores(match).items():
            scores[bot].append(value)
        for bot, share in match_wins(match).items():
            wins[bot] += share
    ratings = bradley_terry(_pair_wins(matches, index))
    by_deal: dict[int, list[MatchResult]] = {}
    for match in matches:
        by_deal.setdefault(match.deal, []).append(match)
    deals = sorted(by_deal)
    deal_wins = [_pair_wins(by_deal[deal], index) for deal in deals]
    rng = Rng(seed ^ 0x5EED)
    samples: list[list[float]] = [[] for _ in bots]
    size = len(bots)
    for _ in range(BOOTSTRAP_SAMPLES if len(deals) > 1 else 0):
        total = [[0.0] * size for _ in range(size)]
        for _ in deals:
            picked = deal_wins[rng.below(len(deals))]
            for i in range(size):
                row = picked[i]
                for j in range(size):
                    total[i][j] += row[j]
        for position, rating in enumerate(bradley_terry(total, iterations=60)):
            samples[position].append(rating)
    times: dict[str, list[float]] = {bot: [] for bot in bots}
    for match in matches:
        for bot, seconds in zip(match.seats, match.decision_seconds, strict=False):
            times[bot].extend(seconds)
    rows = []
    for position, bot in enumerate(bots):
        mean, low, high = mean_interval(scores[bot])
        rate, rate_low, rate_high = wilson_interval(wins[bot], len(scores[bot]))
        drawn = sorted(samples[position])
        if drawn:
            rating_low = drawn[int(0.025 * (len(drawn) - 1))]
            rating_high = drawn[math.ceil(0.975 * (len(drawn) - 1))]
        else:
            rating_low = rating_high = math.nan
        rows.append(
            BotSummary(
                bot=bot,
                matches=len(scores[bot]),
                mean_score=mean,
                score_low=low,
                score_high=high,
                win_rate=rate,
                win_low=rate_low,
                win_high=rate_high,
                rating=ratings[position],
                rating_low=rating_low,
                rating_high=rating_high,
                **_time_figures(times[bot]),
            )
        )
    return rows


def _time_figures(seconds: list[float]) -> dict[str, float]:
    if not seconds:
        return {"seconds_per_move": math.nan, "seconds_p99": math.nan, "seconds_max": math.nan}
    ordered = sorted(seconds)
    return {
        "seconds_per_move": sum(ordered) / len(ordered),
        "seconds_p99": percentile(ordered, 0.99),
        "seconds_max": ordered[-1],
    }


def paired_differences(
    bots: Sequence[str], matches: Sequence[MatchResult]
) -> list[PairedDifference]:
    """Every pair of bots (in the order given) compared deal by deal (see the module)."""
    by_deal: dict[int, list[MatchResult]] = {}
    for match in matches:
        by_deal.setdefault(match.deal, []).append(match)
    pairs = []
    for position, first in enumerate(bots):
        for second in bots[position + 1 :]:
            differences = []
            for deal in sorted(by_deal):
                both = [
                    scores[first] - scores[second]
                    for scores in map(match_scores, by_deal[deal])
                    if first in scores and second in scores
                ]
                if both:
                    differences.append(sum(both) / len(both))
            mean, low, high = mean_interval(differences)
            error = (high - mean) / Z95 if len(differences) > 1 else math.nan
            pairs.append(PairedDifference(first, second, len(differences), mean, error, low, high))
    return pairs
