"""A real, throwaway PostgreSQL server: for the tests and for ``parlour bench-web --postgres``.

:func:`throwaway_cluster` makes a cluster with ``initdb`` in a new folder under
the system's temporary folder, starts it with ``pg_ctl`` on a free loopback port
(and its unix socket in that folder), with trust authentication for the
superuser ``parlour`` and ``fsync`` off (it is thrown away), and stops it and
removes the folder when the ``with`` block ends, failures included. A cluster
left by a process killed with ``kill -9`` is stopped and removed by the next
one (its folder names the process that made it).

Where the binaries come from: ``$PARLOUR_PG_BINDIR``, then ``pg_config
--bindir``, then Debian's ``/usr/lib/postgresql/<version>/bin`` (newest), then
the PATH (:func:`find_bindir`).

PostgreSQL refuses to run as root. As root, ``initdb`` and ``pg_ctl`` run as the
``postgres`` system user (created by Debian's package) through ``runuser``,
which is handed the temporary folder.

Loopback only: the server listens on 127.0.0.1 and nowhere else.
"""

from __future__ import annotations

import contextlib
import glob
import itertools
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from parlour.core.errors import ParlourError

SUPERUSER = "parlour"
FOLDER_PREFIX = "parlour-pg-"
OWNER_FILE = "owner.pid"
"""In a cluster's folder: the process that made the cluster."""
COMMAND_SECONDS = 120
"""The longest wait for ``initdb`` or ``pg_ctl``."""
NEEDED = (
    "a throwaway PostgreSQL needs the PostgreSQL server binaries (initdb, pg_ctl, postgres): "
    "install them with `sudo bash scripts/install-test-deps.sh postgresql` (Debian's "
    "postgresql package), or point PARLOUR_PG_BINDIR at a folder that has them"
)


class PostgresUnavailableError(ParlourError):
    """A throwaway PostgreSQL cannot be started here (the sentence says why)."""


@dataclass
class PostgresServer:
    """A running server: where to reach it, and how to make a database on it."""

    host: str
    port: int
    user: str
    base_url: str
    """The maintenance database, for ``CREATE DATABASE``."""
    _names: Iterator[int]

    def url(self, database: str) -> str:
        """The address of ``database`` on this server."""
        return f"postgresql://{self.user}@{self.host}:{self.port}/{database}"

    def new_database(self, prefix: str = "parlour_test") -> str:
        """Create an empty database and return its address."""
        import psycopg

        name = f"{prefix}_{os.getpid()}_{next(self._names)}"
        with psycopg.connect(self.base_url, autocommit=True) as connection:
            connection.execute(f'CREATE DATABASE "{name}"'.encode())
        return self.url(name)


def find_bindir() -> Path | None:
    """The folder holding ``initdb`` and ``pg_ctl``, or None."""
    candidates: list[str] = []
    if os.environ.get("PARLOUR_PG_BINDIR"):
        candidates.append(os.environ["PARLOUR_PG_BINDIR"])
    if shutil.which("pg_config"):
        with contextlib.suppress(OSError, subprocess.CalledProcessError):
            candidates.append(
                subprocess.run(
                    ["pg_config", "--bindir"], capture_output=True, text=True, check=True
                ).stdout.strip()
            )
    debian = glob.glob("/usr/lib/postgresql/*/bin")
    candidates += sorted(debian, key=lambda path: _version_of(path), reverse=True)
    initdb = shutil.which("initdb")
    if initdb:
        candidates.append(str(Path(initdb).parent))
    for folder in candidates:
        if (Path(folder) / "initdb").is_file() and (Path(folder) / "pg_ctl").is_file():
            return Path(folder)
    return None


def _version_of(path: str) -> tuple[int, ...]:
    """The version in a Debian path /usr/lib/postgresql/15/bin, for sorting."""
    version = Path(path).parent.name
    return tuple(int(part) for part in version.split(".") if part.isdigit())


def free_port() -> int:
    """A loopback TCP port that nothing listens on now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def as_server_user() -> tuple[list[str], int | None, int | None]:
    """The command prefix that runs a PostgreSQL binary as a non-root user, and
    the uid/gid that must own the cluster's folder (None/None when this process
    is not root). Raises :class:`PostgresUnavailableError` when root has no way
    to run it as another user."""
    if os.geteuid() != 0:
        return [], None, None
    try:
        account = pwd.getpwnam("postgres")
    except KeyError:
        raise PostgresUnavailableError(
            "this process runs as root, which PostgreSQL refuses, and there is no `postgres` "
            "user to run it as: install Debian's postgresql package (it creates the user) "
            "or run as another user"
        ) from None
    runner = shutil.which("runuser") or shutil.which("su")
    if runner is None or Path(runner).name != "runuser":
        raise PostgresUnavailableError(
            "this process runs as root and needs `runuser` to start PostgreSQL as `postgres`"
        )
    return [runner, "-u", "postgres", "--"], account.pw_uid, account.pw_gid


def run_server_command(command: list[str], log: Path) -> None:
    """Run a server command (in the cluster's folder, which the server user may
    enter); on failure, raise with its output and the end of the server log."""
    done = subprocess.run(
        command, capture_output=True, text=True, timeout=COMMAND_SECONDS, cwd=log.parent
    )
    if done.returncode != 0:
        server_log = log.read_text(errors="replace") if log.exists() else "(no server log)"
        raise PostgresUnavailableError(
            f"{' '.join(command)} failed ({done.returncode}):\n{done.stdout}\n{done.stderr}\n"
            f"server log:\n{server_log[-3000:]}"
        )


def _alive(pid: int) -> bool:
    """Whether process ``pid`` still exists."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def clean_abandoned(bindir: Path, prefix: list[str]) -> None:
    """Stop and remove the clusters left by processes that were killed (kill -9
    skips every clean-up): only folders this module made, whose owner is gone."""
    for folder in Path(tempfile.gettempdir()).glob(FOLDER_PREFIX + "*"):
        try:
            owner = int((folder / OWNER_FILE).read_text())
        except (OSError, ValueError):
            continue
        if _alive(owner):
            continue
        if (folder / "data" / "postmaster.pid").exists():
            stop = [*prefix, str(bindir / "pg_ctl"), "stop", "--pgdata", str(folder / "data")]
            with contextlib.suppress(Exception):
                run_server_command([*stop, "--mode", "immediate", "--wait"], folder / "server.log")
        shutil.rmtree(folder, ignore_errors=True)


@contextlib.contextmanager
def throwaway_cluster(bindir: Path | None = None) -> Iterator[PostgresServer]:
    """Start a new cluster in a temporary folder (with the binaries of ``bindir``,
    else :func:`find_bindir`'s); stop it and remove the folder after."""
    if bindir is None:
        bindir = find_bindir()
    if bindir is None:
        raise PostgresUnavailableError(NEEDED)
    prefix, uid, gid = as_server_user()
    clean_abandoned(bindir, prefix)
    folder = Path(tempfile.mkdtemp(prefix=FOLDER_PREFIX))
    (folder / OWNER_FILE).write_text(str(os.getpid()))
    data, log = folder / "data", folder / "server.log"
    started = False
    try:
        if uid is not None and gid is not None:
            os.chown(folder, uid, gid)
        initdb = [*prefix, str(bindir / "initdb"), "--pgdata", str(data)]
        initdb += ["--username", SUPERUSER, "--auth", "trust", "--encoding", "UTF8"]
        run_server_command([*initdb, "--locale", "C", "--no-sync"], log)
        port = 0
        for attempt in range(3):
            port = free_port()
            # fsync off: the cluster is thrown away; nothing here survives a crash.
            options = (
                f"-c listen_addresses=127.0.0.1 -c port={port} "
                f"-c unix_socket_directories={folder} -c fsync=off -c full_page_writes=off"
            )
            start = [*prefix, str(bindir / "pg_ctl"), "start", "--pgdata", str(data)]
            start += ["--log", str(log), "--wait", "--timeout", "60", "--options", options]
            try:
                run_server_command(start, log)
                started = True
                break
            except PostgresUnavailableError:
                if attempt == 2:
                    raise
        base = f"postgresql://{SUPERUSER}@127.0.0.1:{port}/postgres"
        yield PostgresServer("127.0.0.1", port, SUPERUSER, base, itertools.count(1))
    finally:
        if started:
            with contextlib.suppress(Exception):
                stop = [*prefix, str(bindir / "pg_ctl"), "stop", "--pgdata", str(data)]
                run_server_command([*stop, "--mode", "immediate", "--wait"], log)
        shutil.rmtree(folder, ignore_errors=True)


__all__ = [
    "PostgresServer",
    "PostgresUnavailableError",
    "find_bindir",
    "throwaway_cluster",
]
