"""A real, throwaway PostgreSQL server for the tests (imported by conftest.py).

The session fixture ``postgres_server`` makes a cluster with ``initdb`` in a new
folder under the system's temporary folder, starts it with ``pg_ctl`` on a free
loopback port (and its unix socket in that folder), with trust authentication
for the superuser ``parlour``, and stops it and removes the folder at the end of
the session, failures included (a cluster left by a test run killed with
``kill -9`` is stopped and removed by the next run). ``postgres_url`` gives each test a new, empty
database on it.

Where the binaries come from: ``$PARLOUR_PG_BINDIR``, then ``pg_config
--bindir``, then Debian's ``/usr/lib/postgresql/<version>/bin`` (newest), then
the PATH. When none has ``initdb``: on CI (``CI=true``) as root the fixture runs
``scripts/install-test-deps.sh postgresql`` (Debian's ``postgresql``); otherwise
the PostgreSQL tests are skipped (failed on CI) with a sentence saying what to
install.

PostgreSQL refuses to run as root. As root, the fixture runs ``initdb`` and
``pg_ctl`` as the ``postgres`` system user (created by Debian's package) through
``runuser``, and hands it the temporary folder.
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

import pytest

REPOSITORY = Path(__file__).resolve().parent.parent
NEEDED = (
    "the PostgreSQL tests need the PostgreSQL server binaries (initdb, pg_ctl, postgres): "
    "install them with `sudo bash scripts/install-test-deps.sh postgresql` (Debian's "
    "postgresql package), or point PARLOUR_PG_BINDIR at a folder that has them"
)
SUPERUSER = "parlour"


@dataclass
class PostgresServer:
    """A running server: where to reach it, and how to make a database on it."""

    host: str
    port: int
    user: str
    base_url: str  # the maintenance database, for CREATE DATABASE
    _names: Iterator[int]

    def url(self, database: str) -> str:
        """The address of ``database`` on this server."""
        return f"postgresql://{self.user}@{self.host}:{self.port}/{database}"

    def new_database(self) -> str:
        """Create an empty database and return its address."""
        import psycopg

        name = f"parlour_test_{os.getpid()}_{next(self._names)}"
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


def _bindir_or_install() -> Path:
    """Find the binaries; on CI as root install them; else skip (or fail on CI)."""
    bindir = find_bindir()
    on_ci = os.environ.get("CI", "").lower() == "true"
    if bindir is None and on_ci and os.geteuid() == 0:
        subprocess.run(
            ["bash", str(REPOSITORY / "scripts" / "install-test-deps.sh"), "postgresql"],
            check=True,
        )
        bindir = find_bindir()
    if bindir is None:
        if on_ci:
            pytest.fail(NEEDED, pytrace=False)
        pytest.skip(NEEDED)
    return bindir


def _free_port() -> int:
    """A loopback TCP port that nothing listens on now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def _as_server_user() -> tuple[list[str], int | None, int | None]:
    """The command prefix that runs a PostgreSQL binary as a non-root user.

    Returns the prefix and the uid/gid that must own the cluster folder
    (None/None when the tests do not run as root).
    """
    if os.geteuid() != 0:
        return [], None, None
    try:
        account = pwd.getpwnam("postgres")
    except KeyError:
        pytest.fail(
            "the tests run as root, which PostgreSQL refuses, and there is no `postgres` "
            "user to run it as: install Debian's postgresql package (it creates the user) "
            "or run the tests as another user",
            pytrace=False,
        )
    runner = shutil.which("runuser") or shutil.which("su")
    if runner is None or Path(runner).name != "runuser":
        pytest.fail("the tests run as root and need `runuser` to start PostgreSQL", pytrace=False)
    return [runner, "-u", "postgres", "--"], account.pw_uid, account.pw_gid


def _run(command: list[str], log: Path) -> None:
    """Run a server command (in the cluster's folder, which the server user may
    enter); on failure, raise with its output and the server log."""
    done = subprocess.run(command, capture_output=True, text=True, timeout=120, cwd=log.parent)
    if done.returncode != 0:
        server_log = log.read_text(errors="replace") if log.exists() else "(no server log)"
        raise RuntimeError(
            f"{' '.join(command)} failed ({done.returncode}):\n{done.stdout}\n{done.stderr}\n"
            f"server log:\n{server_log[-3000:]}"
        )


FOLDER_PREFIX = "parlour-pg-"
OWNER_FILE = "owner.pid"  # the test process that made the cluster


def _alive(pid: int) -> bool:
    """Whether process ``pid`` still exists."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def _clean_abandoned(bindir: Path, prefix: list[str]) -> None:
    """Stop and remove the clusters left by test runs that were killed (kill -9
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
                _run([*stop, "--mode", "immediate", "--wait"], folder / "server.log")
        shutil.rmtree(folder, ignore_errors=True)


@contextlib.contextmanager
def throwaway_cluster() -> Iterator[PostgresServer]:
    """Start a new cluster in a temporary folder; stop it and remove the folder after."""
    bindir = _bindir_or_install()
    prefix, uid, gid = _as_server_user()
    _clean_abandoned(bindir, prefix)
    folder = Path(tempfile.mkdtemp(prefix=FOLDER_PREFIX))
    (folder / OWNER_FILE).write_text(str(os.getpid()))
    data, log = folder / "data", folder / "server.log"
    started = False
    try:
        if uid is not None and gid is not None:
            os.chown(folder, uid, gid)
        _run(
            [
                *prefix,
                str(bindir / "initdb"),
                "--pgdata",
                str(data),
                "--username",
                SUPERUSER,
                "--auth",
                "trust",
                "--encoding",
                "UTF8",
                "--locale",
                "C",
                "--no-sync",
            ],
            log,
        )
        for attempt in range(3):
            port = _free_port()
            # fsync off: the tests kill parlour processes, never the machine.
            options = (
                f"-c listen_addresses=127.0.0.1 -c port={port} "
                f"-c unix_socket_directories={folder} -c fsync=off -c full_page_writes=off"
            )
            start = [*prefix, str(bindir / "pg_ctl"), "start", "--pgdata", str(data)]
            start += ["--log", str(log), "--wait", "--timeout", "60", "--options", options]
            try:
                _run(start, log)
                started = True
                break
            except RuntimeError:
                if attempt == 2:
                    raise
        base = f"postgresql://{SUPERUSER}@127.0.0.1:{port}/postgres"
        yield PostgresServer("127.0.0.1", port, SUPERUSER, base, itertools.count(1))
    finally:
        if started:
            with contextlib.suppress(Exception):
                stop = [*prefix, str(bindir / "pg_ctl"), "stop", "--pgdata", str(data)]
                _run([*stop, "--mode", "immediate", "--wait"], log)
        shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[PostgresServer]:
    """A PostgreSQL server for the whole session (see the module's docstring)."""
    pytest.importorskip("psycopg", reason="the PostgreSQL tests need psycopg: parlour[postgres]")
    with throwaway_cluster() as server:
        yield server


@pytest.fixture
def postgres_url(postgres_server: PostgresServer) -> str:
    """The address of a new, empty database for one test."""
    return postgres_server.new_database()
