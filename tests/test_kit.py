"""The contributor's kit: ``parlour check`` over every game (the suite and the
check ask the same thing), the skeleton ``parlour new-game`` writes, and both the
skeleton and the example game built as outside distributions and checked."""

from __future__ import annotations

import importlib.util
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

import parlour
from parlour.cli import main
from parlour.core.errors import ParlourError
from parlour.core.registry import game_parts
from parlour.kit.check import CHECKS, check_parts
from parlour.kit.skeleton import GameNames, shipped_template, write_skeleton
from parlour.testing import _evidence

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "tests" / "example_game"
sys.path.insert(0, str(Path(__file__).resolve().parent))
from make_skeleton import EXAMPLE_NAME, made_template  # noqa: E402

WITHOUT_CONFORMANCE = tuple(check.key for check in CHECKS if check.key != "conformance")
"""Every check but the conformance test, which tests/test_conformance.py runs case
by case (the same check_game, the same conformance_options and playouts)."""


@pytest.mark.parametrize("name", parlour.game_names())
def test_every_game_passes_parlour_check(name: str) -> None:
    report = check_parts(name, only=WITHOUT_CONFORMANCE)
    assert report.ok, report.text()
    if game_parts(name).package.startswith("parlour.games."):
        # parlour's own games have every optional part too.
        assert [r.check.key for r in report.results if r.status != "ok"] == [], report.text()


def test_the_report_marks_each_check_required_or_optional_in_both_languages() -> None:
    report = check_parts("casino", only=("rules", "golden"))
    english, french = report.text("en"), report.text("fr")
    assert "(required)" in english and "(optional)" in english
    assert "(obligatoire)" in french and "(facultatif)" in french
    assert {check.key for check in CHECKS if check.required} == {
        "rules",
        "conformance",
        "facts",
        "option-words",
    }


def test_parlour_check_exits_1_when_a_check_fails(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["check", "dracula", "--only", "golden", "--only", "board"]) == 0
    assert "2 checks: 2 ok, 0 failed" in capsys.readouterr().out
    # A game of another distribution whose golden file disagrees with its play fails.
    site = tmp_path / "site"
    write_skeleton("skeleton-probe", tmp_path / "probe")
    package = tmp_path / "probe" / "src" / "skeleton_probe"
    golden = package / "golden.txt"
    golden.write_text(golden.read_text(encoding="utf-8").replace("seat 1", "seat 0"), "utf-8")
    site.mkdir()
    (site / "skeleton_probe").symlink_to(package)
    info = site / "skeleton_probe-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: skeleton-probe\nVersion: 0.1\n")
    (info / "entry_points.txt").write_text(
        "[parlour.games]\nskeleton-probe = skeleton_probe:PARTS\n"
    )
    command = "import sys; from parlour.cli import main; sys.exit(main(sys.argv[1:]))"
    result = subprocess.run(
        [sys.executable, "-c", command, "check", "skeleton-probe", "--only", "golden"],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
        env={**os.environ, "PYTHONPATH": os.pathsep.join([str(site), str(ROOT / "src")])},
    )
    assert result.returncode == 1, result.stdout + result.stderr
    assert "FAILED   golden" in result.stdout and "differs from golden.txt" in result.stdout


def test_parlour_check_speaks_json_for_tools(capsys: pytest.CaptureFixture[str]) -> None:
    import json

    assert main(["check", "thracula", "--only", "facts", "--json"]) == 0
    found = json.loads(capsys.readouterr().out)
    assert found["game"] == "thracula" and found["ok"] is True
    assert [(c["key"], c["required"], c["status"]) for c in found["checks"]] == [
        ("facts", True, "ok")
    ]


def test_a_check_this_installation_cannot_run_is_skipped_not_failed() -> None:
    # Without numpy (blocked in the child), the tensor check cannot run: it is
    # reported skipped, with the reason, and the exit status stays 0.
    code = (
        "import sys; sys.modules['numpy'] = None; from parlour.cli import main; "
        "sys.exit(main(['check', 'dracula', '--only', 'tensor']))"
    )
    result = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        timeout=300,
        env={**os.environ, "PYTHONPATH": str(ROOT / "src")},
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "skipped  tensor" in result.stdout and "numpy is not installed" in result.stdout
    assert "1 checks skipped" in result.stdout


def test_a_fault_inside_a_games_code_carries_the_seed_and_the_record() -> None:
    state = parlour.load_game("dracula", deals=1).new_initial_state(seed=4)
    state.apply_action(state.legal_actions()[0])
    with (
        pytest.raises(AssertionError) as raised,
        _evidence("dracula", {"deals": 1}, "seed=4", state),
    ):
        [][1]  # an IndexError, as a faulty sampler would raise
    message = str(raised.value)
    assert "dracula {'deals': 1}, seed=4: IndexError raised inside the game's code" in message
    assert f"record: {state.serialize()}" in message


def test_the_skeleton_template_is_the_example_games_code() -> None:
    # python tests/make_skeleton.py writes it again after a change to the example game.
    assert shipped_template() == made_template()


def test_new_game_refuses_a_bad_name_a_known_game_and_a_used_folder(tmp_path: Path) -> None:
    with pytest.raises(ParlourError, match="is not a game name"):
        write_skeleton("German Whist", tmp_path / "a")
    with pytest.raises(ParlourError, match="already installed"):
        write_skeleton("dracula", tmp_path / "b")
    for hidden in ("random", "class"):
        with pytest.raises(ParlourError, match="would hide a Python keyword or a module"):
            write_skeleton(hidden, tmp_path / hidden)
    (tmp_path / "c").mkdir()
    (tmp_path / "c" / "x").write_text("")
    with pytest.raises(ParlourError, match="not an empty folder"):
        write_skeleton("german-whist", tmp_path / "c")
    assert GameNames.of("nine-men").fill("@@Class@@Game @@package@@") == "NineMenGame nine_men"


def _build_tools(tmp_path: Path) -> str:
    """A path that gives pip's build (no isolation, offline) setuptools and wheel."""
    if importlib.util.find_spec("setuptools") is None:
        pytest.skip("setuptools is not installed here")
    if importlib.util.find_spec("wheel") is not None:
        return ""
    # Debian's own wheel (pure Python), with its metadata: setuptools finds the
    # bdist_wheel command through its entry points.
    system = Path("/usr/lib/python3/dist-packages")
    found = [*system.glob("wheel-*.egg-info"), *system.glob("wheel-*.dist-info")]
    if not (system / "wheel").is_dir() or not found:
        pytest.skip("no wheel package to build with offline")
    tools = tmp_path / "build-tools"
    if tools.is_dir():
        return str(tools)
    tools.mkdir()
    for path in (system / "wheel", found[0]):
        (tools / path.name).symlink_to(path)
    return str(tools)


def _install_and_check(folder: Path, name: str, tmp_path: Path) -> str:
    target = tmp_path / f"site-{name}"
    tools = _build_tools(tmp_path)
    environment = {**os.environ, "PYTHONPATH": tools, "PIP_NO_INDEX": "1"}
    pip = [sys.executable, "-m", "pip", "install", "--quiet", "--no-deps"]
    pip += ["--no-build-isolation", "--target", str(target), str(folder)]
    built = subprocess.run(pip, capture_output=True, text=True, timeout=600, env=environment)
    assert built.returncode == 0, built.stdout + built.stderr
    package = target / name.replace("-", "_")
    for data in ("pages/howto.fr.md", "board.js", "board.css", "golden.txt"):
        assert (package / data).is_file(), f"the install lacks {data}"
    checked = subprocess.run(
        [sys.executable, "-m", "parlour", "check", name],
        capture_output=True,
        text=True,
        timeout=900,
        cwd=tmp_path,
        env={**os.environ, "PYTHONPATH": os.pathsep.join([str(target), str(ROOT / "src")])},
    )
    assert checked.returncode == 0, checked.stdout + checked.stderr
    return checked.stdout


@pytest.mark.slow
def test_the_skeleton_and_the_example_game_install_as_distributions_and_pass(
    tmp_path: Path,
) -> None:
    written = write_skeleton("german-whist", tmp_path / "german-whist", title="German whist")
    assert (written.folder / "pyproject.toml").is_file()
    report = _install_and_check(written.folder, "german-whist", tmp_path)
    assert "16 checks: 16 ok, 0 failed, 0 optional parts absent" in report
    # The example game, as its own distribution: its package and the same pyproject.
    example = tmp_path / "example"
    (example / "src").mkdir(parents=True)
    source = EXAMPLE / EXAMPLE_NAME
    ignore = ("__pycache__",)
    import shutil

    shutil.copytree(source, example / "src" / EXAMPLE_NAME, ignore=shutil.ignore_patterns(*ignore))
    pyproject = (tmp_path / "german-whist" / "pyproject.toml").read_text(encoding="utf-8")
    pyproject = pyproject.replace("german-whist", EXAMPLE_NAME).replace(
        "german_whist", EXAMPLE_NAME
    )
    (example / "pyproject.toml").write_text(pyproject, encoding="utf-8")
    report = _install_and_check(example, EXAMPLE_NAME, tmp_path)
    assert "16 checks: 16 ok, 0 failed, 0 optional parts absent" in report


BARE_INIT = '''"""A game with its rules alone: every other part left out."""

from parlour.core.parts import GameParts

PARTS = GameParts(name="bare-bones", package=__name__, rules="rules")
'''

PER_GAME_FILES = (
    "tests/test_adapters_gymnasium.py",
    "tests/test_adapters_openspiel.py",
    "tests/test_adapters_pettingzoo.py",
    "tests/test_bots.py",
    "tests/test_conformance.py",
    "tests/test_core.py",
    "tests/test_events.py",
    "tests/test_examples.py",
    "tests/test_explain.py",
    "tests/test_french.py",
    "tests/test_golden.py",
    "tests/test_howto.py",
    "tests/test_kit.py",
    "tests/test_lessons.py",
    "tests/test_play_line.py",
    "tests/test_review.py",
    "tests/test_web_boards.py",
    "tests/test_web_lessons.py",
    "tests/test_cli.py",
    "tests/test_score_sheet.py",
    "tests/test_table.py",
    "tests/test_tui.py",
    "tests/test_tui_small.py",
    "tests/test_web_api.py",
    "tests/test_web_messages.py",
    "tests/test_web_replay.py",
    "tests/test_whole_move.py",
)
"""Files whose tests run once per registered game."""


@pytest.mark.slow
def test_a_game_with_its_rules_alone_passes_the_check_and_the_per_game_tests(
    tmp_path: Path,
) -> None:
    # The docs call every part but the rules optional: parlour check says so
    # (absent, exit 0), and parlour's own per-game tests ask no more of it.
    write_skeleton("bare-bones", tmp_path / "dist")
    site = tmp_path / "site"
    site.mkdir()
    package = site / "bare_bones"
    (tmp_path / "dist" / "src" / "bare_bones").rename(package)
    (package / "__init__.py").write_text(BARE_INIT, encoding="utf-8")
    (package / "golden.txt").unlink()
    info = site / "bare_bones-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: bare-bones\nVersion: 0.1\n")
    (info / "entry_points.txt").write_text("[parlour.games]\nbare-bones = bare_bones:PARTS\n")
    environment = {**os.environ, "PYTHONPATH": os.pathsep.join([str(site), str(ROOT / "src")])}
    checked = subprocess.run(
        [sys.executable, "-m", "parlour", "check", "bare-bones"],
        capture_output=True,
        text=True,
        timeout=600,
        env=environment,
    )
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert "16 checks: 6 ok, 0 failed, 10 optional parts absent" in checked.stdout
    command = [sys.executable, "-m", "pytest", *PER_GAME_FILES, "-o", "addopts=", "-q"]
    command += ["-p", "no:cacheprovider", "-rfE", "-k", "bare-bones"]
    result = subprocess.run(
        command, capture_output=True, text=True, timeout=1800, env=environment, cwd=ROOT
    )
    summary = result.stdout.strip().splitlines()[-1]
    assert result.returncode == 0, result.stdout[-4000:] + result.stderr[-2000:]
    passed = re.search(r"(\d+) passed", summary)
    assert passed and int(passed.group(1)) >= 20 and "failed" not in summary, summary
