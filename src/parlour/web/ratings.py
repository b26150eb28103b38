"""Ratings of people, per game, with OpenSkill (the ``openskill`` library).

At the end of a rated table that has at least one account, every seat takes
part: an account with its stored rating (a new one starts at OpenSkill's
default), a bot at its level's fixed, published rating (:data:`BOT_RATINGS`),
a guest at a newcomer's rating that is not kept. Partners (the columns of the
game's score sheet) are one team; the teams are ranked by their final result,
higher first, equal results sharing a place. Only the accounts' ratings change.

The figure people read is OpenSkill's cautious estimate, the mean minus three
uncertainties (:func:`shown`): a newcomer starts at 0 and climbs as the
uncertainty shrinks.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from openskill.models import PlackettLuce

if TYPE_CHECKING:
    from parlour.table import Table
    from parlour.web.people import PeopleBook

log = logging.getLogger("parlour.web")

MODEL = PlackettLuce()
"""OpenSkill's Plackett-Luce model: any number of teams of any size, ranked."""

BOT_RATINGS: dict[str, tuple[float, float]] = {
    "easy": (20.0, 1.0),
    "medium": (26.0, 1.0),
    "hard": (31.0, 1.0),
    "expert": (32.0, 1.0),
    "random": (12.0, 1.0),
    "heuristic": (24.0, 1.0),
    "ismcts": (32.0, 1.0),
}
"""Each bot kind's fixed rating ``(mean, uncertainty)``: never changed by a
game, so that a person who plays mostly bots is still placed on the same scale.
In the new-table form's order (its levels for people, then the two simple bots),
then the research search it does not offer. Published in docs/accounts.md and
in ``GET /api/ratings/{game}``."""


def bot_rating(kind: str | None) -> tuple[float, float]:
    """The fixed rating of a seat's bot ``kind``: its own, a search level's with
    its iterations changed (``hard:500``) its level's, and an unknown kind the
    medium level's.

    >>> bot_rating("expert"), bot_rating("hard:500"), bot_rating("someone")
    ((32.0, 1.0), (31.0, 1.0), (26.0, 1.0))
    """
    level = str(kind).split(":", 1)[0]
    return BOT_RATINGS.get(level, BOT_RATINGS["medium"])


def shown(mu: float, sigma: float) -> float:
    """The rating people read: the cautious estimate ``mu - 3 sigma``, one decimal."""
    return round(mu - 3 * sigma, 1)


@dataclass(frozen=True)
class SeatResult:
    """One owned seat's result at a finished table."""

    seat: int
    account_id: str
    place: int
    won: bool


def places(table: Table) -> tuple[list[tuple[int, ...]], list[int]]:
    """The table's teams (the seats of each score-sheet column) and each team's
    place, 1 for the best final result; equal results share a place."""
    state = table.snapshot()
    teams = [tuple(column) for column in state.full_sheet().columns]
    returns = state.returns()
    scores = [returns[team[0]] for team in teams]
    ranked = [1 + sum(1 for other in scores if other > score) for score in scores]
    return teams, ranked


def rate_table(book: PeopleBook, table: Table) -> list[SeatResult]:
    """Record a finished table's results for its accounts, and (a rated table)
    their new ratings; once per table, whichever process gets there first.
    Returns the results recorded (empty: no account sat, or done already)."""
    owners = book.seat_owners(table.id)
    if not owners or not table.is_over():
        return []
    if not book.claim_finished(table.id):
        return []
    game = table.game.info.name
    facts = book.table_facts(table.id)
    teams, team_places = places(table)
    place_of = {seat: team_places[index] for index, team in enumerate(teams) for seat in team}
    results = [
        SeatResult(
            seat, account_id, place_of[seat], place_of[seat] == 1 and len(set(team_places)) > 1
        )
        for seat, account_id in sorted(owners.items())
    ]
    new: dict[str, tuple[float, float]] = {}
    if facts.rated and len(teams) > 1:
        new = _new_ratings(book, table, owners, teams, team_places, game)
    book.record_results(
        table.id,
        game,
        [(result.seat, result.account_id, result.place, result.won) for result in results],
        facts.rated,
        new,
    )
    log.info("table %s: results of %d account(s) recorded", table.id, len(results))
    return results


def _new_ratings(
    book: PeopleBook,
    table: Table,
    owners: dict[int, str],
    teams: list[tuple[int, ...]],
    team_places: list[int],
    game: str,
) -> dict[str, tuple[float, float]]:
    stored = book.ratings(sorted(set(owners.values())), game)
    seats = table.seats
    rated_teams: list[list[Any]] = []
    for team in teams:
        members = []
        for seat in team:
            account_id = owners.get(seat)
            if account_id is not None and account_id in stored:
                rating = stored[account_id]
                members.append(MODEL.rating(mu=rating.mu, sigma=rating.sigma, name=account_id))
            elif account_id is not None:
                members.append(MODEL.rating(name=account_id))
            elif seats[seat].kind == "bot":
                mu, sigma = bot_rating(seats[seat].bot)
                members.append(MODEL.rating(mu=mu, sigma=sigma))
            else:  # a guest: a newcomer, not kept
                members.append(MODEL.rating())
        rated_teams.append(members)
    after = MODEL.rate(rated_teams, ranks=[float(place) for place in team_places])
    new: dict[str, tuple[float, float]] = {}
    for team, members in zip(teams, after, strict=True):
        for seat, member in zip(team, members, strict=True):
            account_id = owners.get(seat)
            if account_id is not None and account_id not in new:
                new[account_id] = (float(member.mu), float(member.sigma))
    return new


def bot_ratings() -> list[dict[str, Any]]:
    """The bots' fixed ratings, as the leaderboard publishes them."""
    return [
        {"bot": level, "mu": mu, "sigma": sigma, "rating": shown(mu, sigma)}
        for level, (mu, sigma) in BOT_RATINGS.items()
    ]
