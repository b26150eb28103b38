"""The registry of games: every game is a package declaring its parts once, found
through the ``parlour.games`` entry points (and the shipped folder, for a plain
source checkout), and a game of another distribution plugs in the same way."""

from __future__ import annotations

import importlib.metadata
import os
import shutil
import subprocess
import sys
import textwrap
import tomllib
from pathlib import Path

import pytest

import parlour
from parlour.core.parts import FILE_PARTS, MODULE_PARTS, GameParts, MissingPartError
from parlour.core.registry import ENTRY_POINT_GROUP, game_parts

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ROOT / "src"
GAMES = SOURCE / "parlour" / "games"


def shipped_packages() -> set[str]:
    return {
        path.parent.name
        for path in GAMES.glob("*/__init__.py")
        if not path.parent.name.startswith("_")
    }


def test_every_game_is_one_package_declaring_all_its_parts() -> None:
    assert {game_parts(name).package for name in parlour.game_names()} == {
        f"parlour.games.{package}" for package in shipped_packages()
    }
    for name in parlour.game_names():
        parts = game_parts(name)
        assert parts.name == name
        for part in MODULE_PARTS:
            module = parts.module(part)
            assert module is not None, f"{name} declares no {part}"
            assert module.__name__ == f"{parts.package}.{part}"
        for file_part in ("pages",):
            folder = parts.file(file_part)
            assert folder is not None
            assert folder.joinpath("reference.md").is_file()
            assert folder.joinpath("howto.en.md").is_file()
            assert folder.joinpath("howto.fr.md").is_file()


def test_a_game_package_imports_none_of_its_parts() -> None:
    code = (
        "import sys, parlour.games.casino as casino; "
        "print(casino.PARTS.name, sorted(m for m in sys.modules if m.startswith('parlour.games.')))"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60
    )
    assert result.stdout.split() == ["casino", "['parlour.games.casino']"]


def test_the_project_declares_each_shipped_game_as_an_entry_point() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    declared = project["project"]["entry-points"][ENTRY_POINT_GROUP]
    assert set(declared) == set(parlour.game_names())
    for name, target in declared.items():
        assert target == f"{game_parts(name).package}:PARTS"


def test_the_installed_entry_points_name_the_shipped_games() -> None:
    found = {
        entry.name: entry.load()
        for entry in importlib.metadata.entry_points(group=ENTRY_POINT_GROUP)
    }
    if not found:
        pytest.skip("parlour is not installed with its entry points here (a source checkout)")
    for name in parlour.game_names():
        assert found[name] is game_parts(name), name


def test_a_plain_source_checkout_finds_the_shipped_games(tmp_path: Path) -> None:
    # A copy of the sources with no metadata beside them, run with -S (no
    # site-packages): no entry point at all, so the games come from the folder.
    ignore = shutil.ignore_patterns("__pycache__", "*.so", "*.egg-info")
    shutil.copytree(SOURCE / "parlour", tmp_path / "parlour", ignore=ignore)
    code = (
        f"import sys; sys.path.insert(0, {str(tmp_path)!r}); import importlib.metadata as m; "
        "import parlour; "
        f"assert not list(m.entry_points(group={ENTRY_POINT_GROUP!r})), 'entry points found'; "
        "print(parlour.__file__, ' '.join(parlour.game_names()))"
    )
    result = subprocess.run(
        [sys.executable, "-S", "-c", code],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
        cwd=tmp_path,
        env={key: value for key, value in os.environ.items() if key != "PYTHONPATH"},
    )
    assert result.returncode == 0, result.stderr
    path, *names = result.stdout.split()
    assert path.startswith(str(tmp_path))
    assert names == parlour.game_names()


def test_declared_parts_are_named_in_the_fields() -> None:
    fields = set(GameParts.__dataclass_fields__)
    assert set(MODULE_PARTS) | set(FILE_PARTS) | {"name", "package"} == fields


# ----- a game of another distribution -----------------------------------------------

PLUGIN_INIT = '''
"""A game published as another distribution: Dracula under another name."""

from parlour.core.parts import GameParts

PARTS = GameParts(
    name="night-coffin",
    package=__name__,
    rules="rules",
    text="text",
    pages="pages",
)
'''

PLUGIN_RULES = '''
"""Dracula's rules under another name."""

from dataclasses import replace

from parlour.core.registry import register
from parlour.games.dracula.rules import DraculaGame


class NightCoffinGame(DraculaGame):
    """Dracula, registered as another game."""

    info = replace(DraculaGame.info, name="night-coffin", title="Night coffin")


register(NightCoffinGame)
'''

PLUGIN_CHECK = """
import parlour
from parlour.bots.heuristics import policy_for
from parlour.core.parts import MissingPartError
from parlour.render import renderer_for
from parlour.table.pages import rules_text

print("games", " ".join(parlour.game_names()))
state = parlour.load_game("night-coffin", deals=1).new_initial_state(seed=3)
while not state.is_terminal():
    state.apply_action(state.legal_actions()[0])
print("returns", state.returns())
print("heuristic", policy_for("night-coffin"))
for ask in (lambda: renderer_for("night-coffin"), lambda: rules_text("night-coffin")):
    try:
        ask()
    except MissingPartError as error:
        print("missing", error)
"""


def make_plugin(site: Path, entry_name: str = "night-coffin") -> None:
    package = site / "night_coffin"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text(textwrap.dedent(PLUGIN_INIT), encoding="utf-8")
    (package / "rules.py").write_text(textwrap.dedent(PLUGIN_RULES), encoding="utf-8")
    metadata = site / "night_coffin-1.0.dist-info"
    metadata.mkdir()
    (metadata / "METADATA").write_text(
        "Metadata-Version: 2.1\nName: night-coffin\nVersion: 1.0\n", encoding="utf-8"
    )
    (metadata / "entry_points.txt").write_text(
        f"[{ENTRY_POINT_GROUP}]\n{entry_name} = night_coffin:PARTS\n", encoding="utf-8"
    )


def run_with(site: Path, code: str) -> subprocess.CompletedProcess[str]:
    environment_path = f"{site}:{SOURCE}"
    return subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
        env={"PYTHONPATH": environment_path, "PATH": "/usr/bin:/bin"},
    )


def test_a_game_of_another_distribution_plugs_in_through_its_entry_point(tmp_path: Path) -> None:
    if parlour.compiled():
        pytest.skip("the plugin subclasses a compiled Game, which mypyc does not allow")
    make_plugin(tmp_path)
    result = run_with(tmp_path, PLUGIN_CHECK)
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0].split()[1:] == sorted([*parlour.game_names(), "night-coffin"])
    assert lines[1].startswith("returns [")
    assert lines[2] == "heuristic None"  # no heuristic part: the bot plays at random
    # Declared but missing parts fail with a message naming the game, the part and where.
    assert lines[3] == (
        "missing the game 'night-coffin' declares its text part as night_coffin.text, "
        "which cannot be imported: No module named 'night_coffin.text'"
    )
    assert lines[4] == (
        "missing the game 'night-coffin' declares its pages part as pages "
        "in night_coffin, which is not there"
    )


def test_an_entry_point_naming_another_game_is_refused_with_its_name(tmp_path: Path) -> None:
    make_plugin(tmp_path, entry_name="day-coffin")
    result = run_with(tmp_path, "import parlour; parlour.game_names()")
    assert result.returncode == 1
    assert (
        "the entry point day-coffin = night_coffin:PARTS (of night-coffin) "
        "declares the game 'night-coffin', not 'day-coffin'" in result.stderr
    )


def test_a_part_left_out_is_none_and_a_declared_one_must_be_there() -> None:
    parts = GameParts(name="dracula", package="parlour.games.dracula")
    assert parts.module("text") is None and parts.hook("text", "move_groups") is None
    assert parts.file("pages") is None and parts.attribute("heuristic", "choose") is None
    with pytest.raises(MissingPartError, match=r"the game 'x' declares its board part as b\.js"):
        GameParts(name="x", package="parlour.games.dracula", board="b.js").file("board")
    with pytest.raises(MissingPartError, match=r"parlour.games.dracula.text\) has no draw"):
        game_parts("dracula").attribute("text", "draw")


# ----- facts each game declares (issue 22, item 2) ---------------------------------------


@pytest.mark.parametrize("name", parlour.game_names())
def test_each_game_declares_its_short_options_bounds_and_unit(name: str) -> None:
    game_type = parlour.game_class(name)
    game = parlour.load_game(name, **game_type.short_options)
    low, high = game.utility_bounds()
    assert low < high
    state = game.new_initial_state(seed=11)
    while not state.is_terminal():
        legal = state.legal_actions()
        state.apply_action(legal[len(state.history) % len(legal)])
    assert all(low <= value <= high for value in state.returns()), (name, state.returns())
    english, french = game_type.score_unit
    assert english and french


def test_a_game_that_gives_no_bounds_is_refused_by_name() -> None:
    from parlour.core.game import Game

    with pytest.raises(NotImplementedError, match="the game 'dracula' does not say the bounds"):
        Game.utility_bounds(parlour.load_game("dracula"))


def test_nain_jaune_counts_in_chips_and_its_bots_claim_without_thinking() -> None:
    from parlour.bots.base import automatic_action
    from parlour.i18n import in_score_units

    assert in_score_units("nain-jaune", "lead +3 points", "fr") == "lead +3 jetons"
    assert in_score_units("dracula", "lead +3 points", "fr") == "lead +3 points"
    claim = game_parts("nain-jaune").attribute("rules", "CLAIM")
    assert automatic_action("nain-jaune", [claim, 3]) == claim
    assert automatic_action("dracula", [1, 2]) is None
