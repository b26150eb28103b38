"""The compiled engine: a wheel built here installs and runs compiled with no
compiler, plays the golden playthroughs exactly as the pure engine does, and the
build falls back to pure Python whenever it cannot compile.

The two build tests compile the engine with mypyc (minutes on a busy machine) and
are marked ``slow``: ``pytest -m "not slow"`` leaves them out.
"""

from __future__ import annotations

import importlib
import importlib.util
import os
import shutil
import subprocess
import sys
import venv
from pathlib import Path
from types import ModuleType

import pytest

import parlour
from parlour.core.registry import game_parts
from parlour.core.sampler import Rng

ROOT = Path(__file__).resolve().parent.parent
TESTS = Path(__file__).resolve().parent

needs_compiler = pytest.mark.skipif(
    shutil.which(os.environ.get("CC", "cc").split()[0]) is None, reason="no C compiler here"
)

# Run inside the fresh virtualenv: report the engine, then the golden playthroughs.
CHECK_SCRIPT = """
import sys
import parlour
from parlour.core.sampler import Rng
sys.path.insert(0, sys.argv[1])
from parlour.kit.golden import golden_file, playthrough
print("compiled" if parlour.compiled() else "pure", parlour.__file__)
state = parlour.load_game("dracula", deals=1).new_initial_state(seed=7)
while not state.is_terminal():
    state.apply_action(state.legal_actions()[0])
print("returns", state.returns())
for name in parlour.game_names():
    same = playthrough(name) == golden_file(name).read_text(encoding="utf-8")
    print(name, "same" if same else "DIFFERS")
"""


def _load_setup() -> ModuleType:
    spec = importlib.util.spec_from_file_location("parlour_setup", ROOT / "setup.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _source_copy(path: Path) -> Path:
    """The project's sources without build products (a stale ``build/`` folder
    could hand back compiled modules from an earlier build)."""
    ignore = shutil.ignore_patterns("build", "dist", ".venv*", "*.egg-info", "__pycache__", "*.so")
    shutil.copytree(ROOT, path, ignore=ignore)
    return path


def _fresh_venv(path: Path) -> Path:
    venv.EnvBuilder(with_pip=True).create(path)
    return path / "bin" / "python"


def _clean_environment(**changes: str) -> dict[str, str]:
    """This process's environment without PYTHONPATH (which may point at the
    sources), plus ``changes``."""
    environment = {key: value for key, value in os.environ.items() if key != "PYTHONPATH"}
    return {**environment, **changes}


def _run(command: list[str], env: dict[str, str] | None = None) -> str:
    result = subprocess.run(
        command,
        capture_output=True,
        text=True,
        env=env if env is not None else _clean_environment(),
        timeout=1800,
        check=False,
    )
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    return result.stdout + result.stderr


def _source_of(module_name: str) -> str:
    """The source file of a module of this project, relative to the project."""
    return "src/" + module_name.replace(".", "/") + ".py"


def test_every_rules_and_heuristic_module_is_compiled() -> None:
    compiled = set(_load_setup().COMPILED)
    wanted = {
        _source_of(module)
        for name in parlour.game_names()
        for part in ("rules", "heuristic")
        if (module := game_parts(name).module_name(part)) is not None
    }
    # The family's private packages too (the coffin's lines, its estimates).
    games = ROOT / "src" / "parlour" / "games"
    for pattern in ("*/rules.py", "*/heuristic.py"):
        wanted |= {path.relative_to(ROOT).as_posix() for path in games.glob(pattern)}
    assert len(wanted) == 2 * len(parlour.game_names()) + 2
    assert wanted <= compiled, sorted(wanted - compiled)
    assert all((ROOT / path).is_file() for path in compiled), compiled
    if parlour.compiled():
        for path in sorted(wanted):
            module = importlib.import_module(path[4:-3].replace("/", "."))
            assert not (module.__file__ or "").endswith(".py"), f"{path} runs interpreted"


def test_compiled_says_which_engine_runs() -> None:
    suffix = Path(parlour.core.game.__file__ or "").suffix
    assert parlour.compiled() is (suffix != ".py")
    assert parlour.engine_name() == ("compiled (mypyc)" if parlour.compiled() else "pure Python")


def test_version_names_the_engine_running(capsys: pytest.CaptureFixture[str]) -> None:
    from parlour.cli import main

    with pytest.raises(SystemExit) as stop:
        main(["--version"])
    assert stop.value.code == 0
    line = capsys.readouterr().out.strip()
    assert line.startswith(f"parlour {parlour.__version__} (")
    assert f"{parlour.engine_name()} engine" in line


def test_build_stays_pure_when_told_or_without_a_compiler(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    setup = _load_setup()
    monkeypatch.setenv("PARLOUR_PURE", "1")
    assert setup._extensions() == []
    assert "PARLOUR_PURE is set" in capsys.readouterr().err
    monkeypatch.delenv("PARLOUR_PURE")
    monkeypatch.setenv("CC", "/nonexistent/cc")
    assert setup._extensions() == []
    note = capsys.readouterr().err.strip()
    assert note.count("\n") == 0 and "no C compiler found" in note


@pytest.mark.slow
@needs_compiler
def test_wheel_installs_compiled_without_a_compiler_and_matches_the_golden_games(
    tmp_path: Path,
) -> None:
    wheels = tmp_path / "wheels"
    source = _source_copy(tmp_path / "source")
    _run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(wheels), str(source)])
    (wheel,) = wheels.glob("parlour-*.whl")
    assert "py3-none-any" not in wheel.name, f"{wheel.name} holds no compiled engine"
    python = _fresh_venv(tmp_path / "venv")
    no_compiler = _clean_environment(CC="/bin/false", CXX="/bin/false")
    _run([str(python), "-m", "pip", "install", "-q", "--no-deps", str(wheel)], env=no_compiler)
    output = _run([str(python), "-c", CHECK_SCRIPT, str(TESTS)], env=no_compiler)
    lines = output.splitlines()
    assert lines[0].split()[0] == "compiled" and str(tmp_path / "venv") in lines[0]
    assert lines[1].startswith("returns [")
    assert [line for line in lines[2:] if not line.endswith(" same")] == []
    assert len(lines[2:]) == len(parlour.game_names())


@pytest.mark.slow
def test_install_falls_back_to_pure_python_when_compiling_fails(tmp_path: Path) -> None:
    python = _fresh_venv(tmp_path / "venv")
    no_compiler = _clean_environment(CC="/bin/false", CXX="/bin/false")
    output = _run(
        [
            str(python),
            "-m",
            "pip",
            "install",
            "-v",
            "--no-deps",
            str(_source_copy(tmp_path / "source")),
        ],
        env=no_compiler,
    )
    notes = [line for line in output.splitlines() if "parlour: " in line]
    assert notes and "installing pure Python" in notes[-1], notes
    lines = _run([str(python), "-c", CHECK_SCRIPT, str(TESTS)]).splitlines()
    assert lines[0].split()[0] == "pure" and str(tmp_path / "venv") in lines[0]
    assert [line for line in lines[2:] if not line.endswith(" same")] == []


def test_bench_compare_sets_openspiel_beside_parlour(capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("pyspiel")
    from parlour.cli import main

    assert main(["bench", "dracula", "--compare", "--seconds", "0.05", "--runs", "1"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert parlour.engine_name() in lines[0]
    assert "decisions ×Hearts" in lines[1]
    rows = {line[:32].strip(): line.split() for line in lines[2:]}
    assert set(rows) >= {"dracula (2p)", "OpenSpiel C++ hearts", "OpenSpiel C++ goofspiel"}
    assert rows["OpenSpiel C++ hearts"][-2:] == ["1.00", "1.00"]
    assert float(rows["dracula (2p)"][-1]) > 0


def test_the_generator_gives_the_same_numbers_on_halves_and_on_one_big_int() -> None:
    # The compiled engine draws on 32-bit halves, the pure one on a big int: both
    # paths run here whatever the engine, and must agree value for value.
    for seed in (0, 1, 7, -3, 123_456_789, (1 << 63) + 5, (1 << 70) + 11):
        wide, halves = Rng(seed), Rng(seed)
        for _ in range(300):
            high, low = halves._next_halves()
            assert (high << 32) | low == wide._next_wide()
            assert halves.state == wide.state
