"""A real, throwaway PostgreSQL server for the tests (imported by conftest.py).

The cluster itself is :mod:`parlour.table.pg_cluster` (``parlour bench-web
--postgres`` starts one too); this module adds the fixtures, and what the tests
do when the binaries are missing.

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

import os
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from parlour.table.pg_cluster import (
    NEEDED,
    PostgresServer,
    PostgresUnavailableError,
    find_bindir,
)
from parlour.table.pg_cluster import throwaway_cluster as _cluster

REPOSITORY = Path(__file__).resolve().parent.parent
__all__ = ["NEEDED", "PostgresServer", "find_bindir", "postgres_server", "postgres_url"]


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


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[PostgresServer]:
    """A PostgreSQL server for the whole session (see the module's docstring)."""
    pytest.importorskip("psycopg", reason="the PostgreSQL tests need psycopg: parlour[postgres]")
    bindir = _bindir_or_install()
    try:
        with _cluster(bindir) as server:
            yield server
    except PostgresUnavailableError as error:  # no `postgres` user, initdb failed, …
        pytest.fail(str(error), pytrace=False)


@pytest.fixture
def postgres_url(postgres_server: PostgresServer) -> str:
    """The address of a new, empty database for one test."""
    return postgres_server.new_database()
