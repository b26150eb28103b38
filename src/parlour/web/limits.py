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
    opened).

    The finished games' routes (issue 29): ``review_workers``: worker processes
    that compute reviews and judge retried moves (never the server's own
    process); ``reviews_per_address``: reviews one address may have
    waiting or being worked out at once, and as many retried moves and replays
    besides; ``replays_per_minute``: replays one
    address may ask for in a minute; ``cache_megabytes``: the byte budget of
    what the server keeps ready to send (replays, reviews, judged moves);
    ``hello_seconds``: how long a WebSocket may stay without saying hello;
    ``connections_per_address``: WebSockets open at once from one address.

    ``refusals_per_minute``: refused requests (answers 400–499) one address may
    get in a minute before its requests are slowed: each then waits its turn
    and :data:`parlour.web.guard.REFUSAL_DELAY` seconds. A
    refusal costs the process as much as an answer, so a visitor asking as
    fast as it is answered would otherwise take the process from everyone."""

    max_tables: int = 5000
    max_connections: int = 5000
    new_tables_per_minute: int = 30
    bot_tables_per_address: int = 50
    searches_per_address: int = 2
    idle_seconds: float = 120.0
    review_workers: int = 2
    reviews_per_address: int = 2
    replays_per_minute: int = 30
    cache_megabytes: int = 64
    hello_seconds: float = 5.0
    connections_per_address: int = 32
    refusals_per_minute: int = 120
