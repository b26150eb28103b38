"""Statistics of the games people play at the terminal, and where parlour keeps
its files.

Results go to a small SQLite database in the user's data directory
(``platformdirs``; ``PARLOUR_DATA_DIR`` overrides it, so tests never touch the
real home). Each finished game adds one row per human seat in one short
transaction; SQLite's lock with a generous busy timeout makes two games that
end at the same moment both land.

>>> import tempfile, pathlib
>>> store = StatsStore(pathlib.Path(tempfile.mkdtemp()) / "stats.sqlite3")
>>> store.add_result(game="dracula", opponent="random", players=2, score=250, won=True)
>>> [(line.game, line.players, line.played, line.won, line.best) for line in store.summary()]
[('dracula', 2, 1, 1, 250.0)]
"""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Iterator
from contextlib import closing, contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from parlour.core.errors import ParlourError

DATA_DIR_VARIABLE = "PARLOUR_DATA_DIR"
"""Environment variable naming the directory parlour keeps its files in."""

BUSY_TIMEOUT_SECONDS = 30.0
"""How long a writer waits for another game's write to finish."""

_SCHEMA = """
CREATE TABLE IF NOT EXISTS results (
    id INTEGER PRIMARY KEY,
    game TEXT NOT NULL,
    opponent TEXT NOT NULL,
    players INTEGER NOT NULL,
    player TEXT NOT NULL,
    score REAL NOT NULL,
    won INTEGER NOT NULL,
    finished_at TEXT NOT NULL
)
"""


def data_dir() -> Path:
    """The directory of saved games and statistics (created when first needed).

    ``$PARLOUR_DATA_DIR`` if set, else the platform's user data directory for
    ``parlour`` (e.g. ``~/.local/share/parlour`` on Linux).
    """
    override = os.environ.get(DATA_DIR_VARIABLE)
    if override:
        return Path(override).expanduser()
    try:
        import platformdirs
    except ImportError:
        base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
        return Path(base) / "parlour"
    return Path(platformdirs.user_data_dir("parlour", appauthor=False))


def stats_path() -> Path:
    """The statistics database: ``data_dir() / "stats.sqlite3"``."""
    return data_dir() / "stats.sqlite3"


@dataclass(frozen=True)
class StatsLine:
    """The statistics of one game against one kind of opponent."""

    game: str
    opponent: str
    """The bots' kind (``random``, ``hard`` …), or ``people`` for hot seat only."""
    players: int
    """How many players sat at the table (a 3-player result is not a 2-player one)."""
    played: int
    won: int
    best: float
    """The best final score."""
    average: float


class StatsUnreadableError(ParlourError):
    """The statistics database cannot be opened or read (damaged, not SQLite,
    a folder that cannot be read): a sentence naming the file, never a traceback."""


class StatsStore:
    """The results database. Safe for several games writing at once."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = path if path is not None else stats_path()

    @contextmanager
    def _connect(self) -> Iterator[sqlite3.Connection]:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        with closing(
            sqlite3.connect(self.path, timeout=BUSY_TIMEOUT_SECONDS, isolation_level=None)
        ) as connection:
            connection.execute(f"PRAGMA busy_timeout = {int(BUSY_TIMEOUT_SECONDS * 1000)}")
            connection.execute(_SCHEMA)
            yield connection

    @contextmanager
    def _reading(self) -> Iterator[sqlite3.Connection]:
        """A connection for reading; a file that is not a statistics database (or
        cannot be read) raises :class:`StatsUnreadableError`."""
        try:
            with self._connect() as connection:
                yield connection
        except sqlite3.DatabaseError as error:
            raise StatsUnreadableError(
                f"the statistics file {self.path} is damaged and cannot be read ({error}); "
                "move it away (or delete it) to start new statistics"
            ) from None
        except (OSError, sqlite3.Error) as error:
            raise StatsUnreadableError(
                f"the statistics file {self.path} cannot be read: {error}"
            ) from None

    def add_result(
        self,
        *,
        game: str,
        opponent: str,
        players: int,
        score: float,
        won: bool,
        player: str = "you",
    ) -> None:
        """Add one finished game of one human seat (one transaction)."""
        with self._connect() as connection:
            connection.execute("BEGIN IMMEDIATE")
            try:
                connection.execute(
                    "INSERT INTO results (game, opponent, players, player, score, won, "
                    "finished_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
                    (
                        game,
                        opponent,
                        players,
                        player,
                        float(score),
                        int(won),
                        datetime.now(UTC).isoformat(timespec="seconds"),
                    ),
                )
            except BaseException:
                connection.execute("ROLLBACK")
                raise
            connection.execute("COMMIT")

    def summary(self, game: str | None = None) -> list[StatsLine]:
        """Games played, won, best and average score, per game, opponent and
        number of players. Raises :class:`StatsUnreadableError` for a damaged
        or unreadable file."""
        if not self.path.exists():
            return []
        query = (
            "SELECT game, opponent, players, COUNT(*), SUM(won), MAX(score), AVG(score) "
            "FROM results "
            + ("WHERE game = ? " if game else "")
            + "GROUP BY game, opponent, players ORDER BY game, opponent, players"
        )
        with self._reading() as connection:
            rows = connection.execute(query, (game,) if game else ()).fetchall()
        return [
            StatsLine(
                game=row[0],
                opponent=row[1],
                players=row[2],
                played=row[3],
                won=row[4],
                best=row[5],
                average=row[6],
            )
            for row in rows
        ]
