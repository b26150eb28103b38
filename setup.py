"""Build parlour, compiling the rules engine with mypyc when a compiler is at hand.

All metadata lives in ``pyproject.toml``; this file only adds the compiled
extension modules. The same Python sources are the fallback: without a C
compiler, with ``PARLOUR_PURE=1``, or if compilation fails for any reason, the
package installs as pure Python after a one-line note, never an error.
"""

from __future__ import annotations

import os
import shutil
import sys
import sysconfig
from pathlib import Path

from setuptools import setup
from setuptools.command.build_ext import build_ext

HERE = Path(__file__).resolve().parent

ENGINE = [
    "src/parlour/core/cards.py",
    "src/parlour/core/cardset.py",
    "src/parlour/core/sampler.py",
    "src/parlour/core/hidden.py",
    "src/parlour/core/options.py",
    "src/parlour/core/game.py",
    "src/parlour/bots/ismcts.py",
    "src/parlour/bots/heuristics/__init__.py",
]
"""The compiled modules outside the games: the core the rules stand on, the search bot."""

GAME_PARTS = ("rules.py", "_*.py", "heuristic.py")
"""The compiled files of every game package under ``src/parlour/games`` (the
family's private packages included): the rules, their private pieces, the
heuristic. Events, text, tensors and pages stay interpreted."""


def compiled_modules() -> list[str]:
    """The files mypyc compiles: :data:`ENGINE` and the :data:`GAME_PARTS` found
    in the game packages (the rest of the package stays interpreted)."""
    games = HERE / "src" / "parlour" / "games"
    found = {
        path.relative_to(HERE).as_posix()
        for pattern in GAME_PARTS
        for path in games.glob(f"*/{pattern}")
        if path.name != "__init__.py"
    }
    return [*ENGINE, *sorted(found)]


COMPILED = compiled_modules()
"""The modules mypyc compiles (the rest of the package stays interpreted)."""


def _note(text: str) -> None:
    print(f"parlour: {text}", file=sys.stderr)


def _compiler_found() -> bool:
    """Whether the C compiler Python was built with (or ``$CC``) can be run."""
    command = os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc"
    program = command.split()[0] if command.split() else ""
    return bool(program) and shutil.which(program) is not None


class OptionalBuildExt(build_ext):
    """``build_ext`` that falls back to pure Python when compiling fails."""

    def run(self) -> None:
        if getattr(self, "editable_mode", False) and self.extensions:
            # Compiled modules beside the sources would shadow every later edit.
            _note("editable install: the engine stays pure Python so that edits take effect")
            self.extensions = []
        if self.parallel is None:
            self.parallel = os.cpu_count() or 1
        try:
            super().run()
        except Exception as error:
            _note(f"compiling the engine failed ({error}); installing pure Python")
            # A half-built set of modules would not import: remove what was built.
            for extension in self.extensions:
                built = self.get_ext_fullpath(extension.name)
                if os.path.exists(built):
                    os.remove(built)
            self.extensions = []

    def build_extension(self, extension: object) -> None:
        try:
            super().build_extension(extension)  # type: ignore[arg-type]
        except Exception as error:
            raise RuntimeError(str(error).splitlines()[0] if str(error) else "error") from error


def _extensions() -> list[object]:
    """The mypyc extensions, or none (with a one-line note) when they cannot be built."""
    if os.environ.get("PARLOUR_PURE", "") not in ("", "0"):
        _note("PARLOUR_PURE is set; installing the pure-Python engine")
        return []
    if not _compiler_found():
        _note("no C compiler found; installing the pure-Python engine (slower, same results)")
        return []
    try:
        from mypyc.build import mypycify
    except ImportError:
        _note("mypyc is not available; installing the pure-Python engine")
        return []
    try:
        # multi_file: one C file per module, compiled in parallel (one huge file
        # takes minutes on one core).
        return list(mypycify(COMPILED, opt_level="3", debug_level="0", multi_file=True))
    except (Exception, SystemExit) as error:
        _note(f"mypyc could not compile the engine ({error}); installing pure Python")
        return []


if __name__ == "__main__":  # (pip and build run this file as __main__; tests import it)
    setup(ext_modules=_extensions(), cmdclass={"build_ext": OptionalBuildExt})
