"""``parlour serve``: the web table in a browser (needs the ``web`` extra)."""

from __future__ import annotations

import argparse
import os
from typing import Any

from parlour.core.errors import ParlourError


def register(subparsers: Any) -> None:
    """Add ``parlour serve`` to the command line."""
    parser = subparsers.add_parser(
        "serve",
        help="the web table: play in a browser, alone against bots or with friends",
        description=(
            "Serve the web table: open the printed address in a browser, start a "
            "table, and send the seat links to friends on the same network."
        ),
    )
    add_arguments(parser)
    parser.set_defaults(run=command_serve)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``parlour serve``."""
    parser.add_argument(
        "--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)"
    )
    parser.add_argument("--port", type=int, default=8000, help="port to listen on (default 8000)")
    parser.add_argument(
        "--database",
        default=None,
        metavar="URL",
        help=(
            "sqlite:///path/to/tables.sqlite3 (default: tables.sqlite3 in the user data "
            "folder) or postgresql://USER[:PASSWORD]@HOST[:PORT]/DATABASE"
        ),
    )
    parser.add_argument(
        "--bot-delay",
        type=float,
        default=0.9,
        metavar="SECONDS",
        help="pause before each bot move, so that people can follow (default 0.9)",
    )
    parser.add_argument(
        "--allow-origin",
        action="append",
        default=[],
        metavar="ORIGIN",
        help="also accept POSTs and WebSockets from pages at ORIGIN, e.g. "
        "https://cards.example (behind a reverse proxy; repeat for several; default: "
        "the same scheme, host and port only)",
    )
    parser.add_argument(
        "--allowed-host",
        action="append",
        default=[],
        metavar="NAME",
        help="also answer requests whose Host is NAME, e.g. cards.example (repeat for "
        "several; '*' answers every host). Default: localhost, 127.0.0.1, [::1] and "
        "--host; bound to 0.0.0.0 or ::, also this machine's names and any IP address",
    )
    parser.add_argument(
        "--finished-ttl",
        type=float,
        default=86400.0,
        metavar="SECONDS",
        help="delete a finished table nobody watches after this long (default 86400, "
        "one day; 0 keeps them for ever)",
    )
    add_daily_arguments(parser)
    add_limit_arguments(parser)


def add_daily_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of today's deals (docs/daily.md)."""
    daily = parser.add_argument_group("today's deals (docs/daily.md)")
    daily.add_argument(
        "--daily-secret",
        default=None,
        metavar="TEXT",
        help="the secret the days' deals are made from (default: $PARLOUR_DAILY_SECRET, "
        "else one made once and kept in the database); every process of one server must "
        "share it",
    )
    daily.add_argument(
        "--daily-timezone",
        default="UTC",
        metavar="ZONE",
        help="the time zone whose midnight cuts the days, e.g. Europe/Paris (default UTC)",
    )
    daily.add_argument(
        "--daily-clock",
        default=None,
        metavar="FILE",
        help="for tests and rehearsals: a file holding an ISO date and time that is "
        "'now' for the days (read at every question; default: $PARLOUR_DAILY_CLOCK, "
        "else the system clock)",
    )
    daily.add_argument(
        "--daily-bot",
        default="hard",
        metavar="LEVEL",
        help="the bots' level at today's deals and for their par (default hard)",
    )
    daily.add_argument(
        "--daily-par-replays",
        type=int,
        default=3,
        metavar="N",
        help="how many bot replays of a day's cards make its par (default 3)",
    )


LIMIT_OPTIONS = (
    ("--max-tables", "max_tables", "unfinished tables at once; more are refused"),
    ("--max-connections", "max_connections", "WebSockets at once; more are refused"),
    (
        "--new-tables-per-minute",
        "new_tables_per_minute",
        "new tables one address may make in a minute",
    ),
    (
        "--bot-tables-per-address",
        "bot_tables_per_address",
        "unfinished tables with bots one address may have",
    ),
    ("--hints-per-address", "searches_per_address", "hints worked out at once for one address"),
    (
        "--idle-seconds",
        "idle_seconds",
        "a table nobody watches leaves memory after this many seconds; "
        "it comes back from storage when opened",
    ),
    (
        "--review-workers",
        "review_workers",
        "worker processes that compute reviews and judge retried moves",
    ),
    (
        "--reviews-per-address",
        "reviews_per_address",
        "reviews being worked out one address may have at once (and as many retries and replays)",
    ),
    ("--replays-per-minute", "replays_per_minute", "replays one address may ask for in a minute"),
    (
        "--cache-megabytes",
        "cache_megabytes",
        "memory kept for replays, reviews and judged moves ready to send",
    ),
    (
        "--hello-seconds",
        "hello_seconds",
        "a WebSocket that has not said hello by then is closed",
    ),
    (
        "--connections-per-address",
        "connections_per_address",
        "WebSockets one address may hold open at once",
    ),
    (
        "--refusals-per-minute",
        "refusals_per_minute",
        "refused requests one address may get in a minute before its requests are "
        "slowed to one a second",
    ),
)
"""``(option, ServerLimits field, help)`` of each limit of ``parlour serve``."""


def add_limit_arguments(parser: argparse.ArgumentParser) -> None:
    """The options that bound what one visitor and the whole process may hold."""
    from parlour.web.limits import ServerLimits

    defaults = ServerLimits()
    limits = parser.add_argument_group("limits (what strangers may make the server hold)")
    for option, field, text in LIMIT_OPTIONS:
        default = getattr(defaults, field)
        limits.add_argument(
            option,
            dest=field,
            type=type(default),
            default=default,
            metavar="SECONDS" if isinstance(default, float) else "N",
            help=f"{text} (default {default:g})",
        )


def limits_of(arguments: argparse.Namespace) -> Any:
    """The :class:`~parlour.web.limits.ServerLimits` the options ask for, or a
    :class:`ParlourError` naming the option that is out of range."""
    from parlour.web.limits import ServerLimits

    for option, field, _ in LIMIT_OPTIONS:
        if not getattr(arguments, field) > 0:
            raise ParlourError(f"{option} must be more than 0")
    return ServerLimits(**{field: getattr(arguments, field) for _, field, _ in LIMIT_OPTIONS})


def kept_in(database: str | None, path: str | None) -> str:
    """Where the tables are kept, as ``--database`` was given (a password
    hidden), followed by the file it names when that reads differently
    (``sqlite:////srv/t.sqlite3``: the file /srv/t.sqlite3); without
    ``--database``, the default file ``path``."""
    from parlour.table.stores import database_place

    if database is None:
        return str(path)
    given = database_place(database)
    if path is None or path == database:
        return given
    return f"{given} (the file {os.path.realpath(path)})"


def command_serve(arguments: argparse.Namespace) -> int:
    """Start the server and serve until interrupted."""
    try:
        import uvicorn

        from parlour.web.app import create_app, database_path
        from parlour.web.daily import DailySettings
        from parlour.web.guard import (
            HostAllowList,
            guarded_http_protocol,
            guarded_websocket_protocol,
        )
    except ImportError as error:
        raise ParlourError(
            f"parlour serve needs the web extra ({error.name} is missing): "
            "pip install 'parlour[web]'"
        ) from None
    if not 0 <= arguments.port <= 65535:
        raise ParlourError(f"--port must be 0–65535, not {arguments.port}")
    if arguments.bot_delay < 0:
        raise ParlourError("--bot-delay must be 0 or more seconds")
    if not arguments.finished_ttl >= 0:
        raise ParlourError("--finished-ttl must be 0 or more seconds")
    configure_logging()
    hosts = HostAllowList.for_server(arguments.host, arguments.allowed_host)
    app = create_app(
        arguments.database,
        bot_delay=arguments.bot_delay,
        allow_origins=arguments.allow_origin,
        allowed_hosts=hosts,
        finished_ttl=arguments.finished_ttl,
        limits=limits_of(arguments),
        daily=DailySettings.from_environment(
            secret=arguments.daily_secret,
            timezone=arguments.daily_timezone,
            clock_file=arguments.daily_clock,
            bot=arguments.daily_bot,
            par_replays=arguments.daily_par_replays,
        ),
    )
    host = arguments.host
    shown = f"[{host}]" if ":" in host else host
    print(f"parlour: the web table is at http://{shown}:{arguments.port}/")
    place = kept_in(arguments.database, database_path(arguments.database))
    print(f"parlour: tables are kept in {place}")
    print(f"parlour: it answers to the hosts {hosts.describe()}")
    # The guarded protocol closes a connection that does not finish its request
    # headers within a few seconds (uvicorn has no such time-out of its own).
    uvicorn.run(
        app,
        host=host,
        port=arguments.port,
        log_level="warning",
        ws_max_size=65536,
        http=guarded_http_protocol(),
        ws=guarded_websocket_protocol(),
    )
    return 0


def configure_logging() -> None:
    """The server's log on standard error: time, level, and what happened. The
    web server's lines name tables and seats, never a card or a move (a move's
    text would show a hand's card to whoever reads the log)."""
    import logging

    logging.basicConfig(
        level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s"
    )


def main(argv: list[str] | None = None) -> int:
    """``python -m parlour.cli.serve``: the same command on its own (until the
    ``parlour`` command lists ``serve`` among its command modules)."""
    import sys

    parser = argparse.ArgumentParser(prog="parlour serve")
    add_arguments(parser)
    arguments = parser.parse_args(argv)
    try:
        return command_serve(arguments)
    except ParlourError as error:
        print(f"parlour: {error}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    raise SystemExit(main())
