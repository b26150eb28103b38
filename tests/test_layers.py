"""The layers of docs/architecture.md, checked over the import graph of every
module in src/parlour (imports inside functions included): core, then the game
packages by role, then the table and the interfaces."""

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


def test_core_imports_only_the_standard_library_and_itself() -> None:
    wrong = {
        (module, name)
        for module, names in GRAPH.items()
        if within(module, "parlour.core")
        for name in names
        if not is_standard(name) and not within(name, "parlour.core")
    }
    assert not wrong, sorted(wrong)


# ----- a game package, by role -------------------------------------------------------
#
# games/<game>/__init__.py declares the parts and imports only the standard
# library and core. rules.py, events.py and private pieces (_*.py) add the game's
# own rules-level modules and those of its family's private package (games/_coffin).
# text.py may also import render, heuristic.py bots, tensor.py numpy and the
# adapters' tensor base, examples.py (the how-to pages' positions) parlour.examples;
# each may import the same role of its own package and
# of the family's private package. No game imports another game.

RULES_ROLE = "rules"
ROLE_OF_NAME = {"rules": RULES_ROLE, "events": RULES_ROLE, "lesson": RULES_ROLE, "text": "text"}
ROLE_OF_NAME |= {"explain": "text"}  # a move explained: sentences, like the text part
ROLE_OF_NAME |= {"heuristic": "heuristic", "tensor": "tensor", "examples": "examples"}
EXTRA_LAYERS = {
    "init": (),
    RULES_ROLE: (),
    "text": ("parlour.render",),
    "heuristic": ("parlour.bots",),
    "tensor": ("numpy", "parlour.adapters.tensors"),
    "examples": ("parlour.examples",),
}
"""What each role may import beyond the standard library, core and game modules."""


def game_package(module: str) -> str | None:
    """``parlour.games.dracula`` for any module of that package (or of ``_coffin``)."""
    parts = module.split(".")
    if len(parts) >= 3 and parts[:2] == ["parlour", "games"]:
        return ".".join(parts[:3])
    return None


def role(module: str) -> str:
    """The role of a module of a game package: init, rules, text, heuristic, tensor."""
    package = game_package(module)
    assert package is not None, module
    if module == package:
        return "init"
    last = module.split(".")[3]
    if last.startswith("_"):
        return RULES_ROLE  # a private piece of the rules
    assert last in ROLE_OF_NAME, (
        f"{module}: a game module of no known role ({sorted(ROLE_OF_NAME)})"
    )
    return ROLE_OF_NAME[last]


def game_import_allowed(module: str, name: str) -> bool:
    """Whether ``module`` (of a game package) may import ``name``."""
    own_role = role(module)
    if is_standard(name) or within(name, "parlour.core", *EXTRA_LAYERS[own_role]):
        return own_role != "init" or not within(name, *EXTRA_LAYERS["tensor"])
    package = game_package(name)
    if package is None or own_role == "init":
        return False
    family = package.split(".")[-1].startswith("_")
    if package != game_package(module) and not family:
        return False  # another game: share through a private package instead
    return name == package or role(name) in (RULES_ROLE, own_role)


def test_the_game_packages_are_read() -> None:
    games = {game_package(module) for module in GRAPH} - {None}
    assert {f"parlour.games.{game.replace('-', '_')}" for game in parlour.game_names()} <= games
    assert "parlour.games._coffin" in games
    assert role("parlour.games.dracula") == "init"
    assert role("parlour.games.dracula.text") == "text"
    assert not game_import_allowed("parlour.games.dracula.rules", "parlour.render")
    assert not game_import_allowed("parlour.games.thracula.rules", "parlour.games.dracula.rules")
    assert game_import_allowed("parlour.games.thracula.text", "parlour.games._coffin.text")
    assert not game_import_allowed("parlour.games.thracula.rules", "parlour.games._coffin.text")


def test_each_game_module_imports_only_what_its_role_allows() -> None:
    wrong = {
        (module, name)
        for module, names in GRAPH.items()
        if module != "parlour.games" and game_package(module) is not None
        for name in names
        if not game_import_allowed(module, name)
    }
    assert not wrong, sorted(wrong)


def test_the_games_folder_itself_imports_no_game() -> None:
    assert GRAPH["parlour.games"] <= STANDARD_LIBRARY, GRAPH["parlour.games"]


def test_outside_the_games_nothing_imports_a_game_but_through_the_registry() -> None:
    wrong = {
        (module, name)
        for module, names in GRAPH.items()
        if game_package(module) is None and module != "parlour.games"
        for name in names
        if game_package(name) is not None
    }
    assert not wrong, sorted(wrong)


# The PostgreSQL store's driver, an optional extra (parlour[postgres]): imported
# inside functions only, so that importing parlour.table loads no third-party
# package (tests/test_table_store.py checks that in a fresh interpreter).
OPTIONAL_DRIVERS = {
    "parlour.table.postgres": {"psycopg"},
    "parlour.table.pg_cluster": {"psycopg"},  # a throwaway cluster for tests and bench-web
}


def test_the_table_imports_no_interface_and_no_third_party_library() -> None:
    allowed = ("parlour.core", "parlour.bots", "parlour.judge", "parlour.table", "parlour.stats")
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


def test_the_judge_imports_only_core_and_bots() -> None:
    """The judge values positions for every feature above it (hints, the coach,
    the review): it stands beside the bots and sees only what they see."""
    allowed = ("parlour.core", "parlour.bots", "parlour.judge")
    wrong = {
        (module, name)
        for module, names in GRAPH.items()
        if within(module, "parlour.judge")
        for name in names
        if not is_standard(name) and not within(name, *allowed)
    }
    assert "parlour.judge" in GRAPH and not wrong, sorted(wrong)


def test_nothing_imports_the_command_line_but_its_entry_point() -> None:
    wrong = {
        (module, name)
        for module, names in GRAPH.items()
        if not within(module, "parlour.cli") and module != "parlour.__main__"
        for name in names
        if within(name, "parlour.cli")
    }
    assert not wrong, sorted(wrong)
