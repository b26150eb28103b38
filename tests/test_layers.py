"""The layers of docs/architecture.md, checked over the import graph of every
module in src/parlour (imports inside functions included)."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import parlour

PACKAGE = Path(parlour.__file__).resolve().parent
STANDARD_LIBRARY = frozenset(sys.stdlib_module_names) | {"__future__"}


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports_of(path: Path) -> set[str]:
    """Every module ``path`` imports, as absolute dotted names."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    package = module_name(path).split(".")
    if path.name != "__init__.py":
        package = package[:-1]
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[: len(package) - node.level + 1]
                found.add(".".join([*base, node.module] if node.module else base))
            elif node.module:
                found.add(node.module)
    return found


GRAPH = {module_name(path): imports_of(path) for path in sorted(PACKAGE.rglob("*.py"))}


def within(name: str, *packages: str) -> bool:
    return any(name == package or name.startswith(package + ".") for package in packages)


def is_standard(name: str) -> bool:
    return name.split(".")[0] in STANDARD_LIBRARY


def test_the_graph_is_read() -> None:
    assert "parlour.core.game" in GRAPH and "parlour.table.table" in GRAPH
    assert "parlour.core.errors" in GRAPH["parlour.table.table"]


def test_core_and_games_import_only_the_standard_library_and_each_other() -> None:
    wrong = {
        (module, name)
        for module, names in GRAPH.items()
        if within(module, "parlour.core", "parlour.games")
        for name in names
        if not is_standard(name) and not within(name, "parlour.core", "parlour.games")
    }
    assert not wrong, sorted(wrong)


# The PostgreSQL store's driver, an optional extra (parlour[postgres]): imported
# inside functions only, so that importing parlour.table loads no third-party
# package (tests/test_table_store.py checks that in a fresh interpreter).
OPTIONAL_DRIVERS = {"parlour.table.postgres": {"psycopg"}, "parlour.table.pg_cluster": {"psycopg"}}


def test_the_table_imports_no_interface_and_no_third_party_library() -> None:
    allowed = ("parlour.core", "parlour.games", "parlour.bots", "parlour.table", "parlour.stats")
    wrong = {
        (module, name)
        for module, names in GRAPH.items()
        if within(module, "parlour.table")
        for name in names
        if not is_standard(name)
        and not within(name, *allowed)
        and name not in OPTIONAL_DRIVERS.get(module, set())
    }
    assert not wrong, sorted(wrong)


def test_nothing_imports_the_command_line_but_its_entry_point() -> None:
    wrong = {
        (module, name)
        for module, names in GRAPH.items()
        if not within(module, "parlour.cli") and module != "parlour.__main__"
        for name in names
        if within(name, "parlour.cli")
    }
    assert not wrong, sorted(wrong)
