"""Fixtures shared by several test files."""

# --- PostgreSQL (tests/pg_cluster.py): a throwaway server for the table-store tests ---
from pg_cluster import postgres_server, postgres_url  # noqa: F401  (fixtures, used by name)

# --- end PostgreSQL ---

collect_ignore = ["example_game"]
"""The example game is a package to install, not tests: collecting it (the
doctests of its modules) would import its rules and register it in every test's
process. tests/test_example_game.py installs it in child processes only."""
