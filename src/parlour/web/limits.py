"""What one server process allows strangers to make it hold (``parlour serve``'s
limits), in a module of its own so that the command line reads the defaults
without importing the server."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class ServerLimits:
    """What one server process allows, so that no visitor can take it over.

    ``max_tables``: unfinished tables at once (then new ones are refused at
    once); ``max_connections``: WebSockets at once; ``new_tables_per_minute``:
    tables one address may make in a minute; ``bot_tables_per_address``:
    unfinished tables with bots one address may have; ``searches_per_address``:
    hints one address may have worked out at once; ``idle_seconds``: how long a
    table nobody watches stays in memory (it comes back from storage when
    opened)."""

    max_tables: int = 5000
    max_connections: int = 5000
    new_tables_per_minute: int = 30
    bot_tables_per_address: int = 50
    searches_per_address: int = 2
    idle_seconds: float = 120.0
