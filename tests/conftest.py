"""Fixtures shared by several test files."""

# --- PostgreSQL (tests/pg_cluster.py): a throwaway server for the table-store tests ---
from pg_cluster import postgres_server, postgres_url  # noqa: F401  (fixtures, used by name)

# --- end PostgreSQL ---
