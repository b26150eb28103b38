"""``parlour new-game NAME``: a new game's distribution, written from a working game.

The skeleton is the example game (``tests/example_game``, a
two-player trick game on a 12-card pack) under the new name: every part
(rules with a sampler, events, text, heuristic, tensor, explain, examples,
lesson, pages in English and French, board.js with its own words, board.css,
golden file), a ``pyproject.toml`` with the ``parlour.games`` entry point and the
package data, and a test that runs ``parlour check``. It passes the check as
soon as it is installed (``pip install -e FOLDER``); the contributor then changes
it into the game they mean.

The package's files are kept as a template in ``parlour/kit/template/package``,
made from the example game by :func:`make_template` (``python tests/make_skeleton.py``;
``tests/test_kit.py`` checks the template is the example game's current code), with the
markers of :data:`MARKERS` where the name goes. The distribution's own files
(``pyproject.toml``, ``README.md``, ``tests/``) are in ``template/distribution``.

>>> names = GameNames.of("german-whist")
>>> names.package, names.class_prefix, names.title
('german_whist', 'GermanWhist', 'German whist')
"""

from __future__ import annotations

import importlib.util
import keyword
import os
import re
import subprocess
import sys
from dataclasses import dataclass
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Final

from parlour.core.errors import ParlourError
from parlour.core.lesson import Said
from parlour.core.registry import game_names

NAME_PATTERN: Final = re.compile(r"[a-z][a-z0-9]*(-[a-z0-9]+)*")
"""A game's name: lower-case words of letters and digits joined by ``-``."""

MARKERS: Final = ("@@name@@", "@@package@@", "@@Class@@", "@@Title@@")
"""The template's markers: the game's name, its package, its classes' prefix, its title."""

TEMPLATE_SUFFIX: Final = ".tmpl"
"""Each template file's name ends so (no tool reads it as code)."""

PACKAGE_FILES: Final = (
    "__init__.py",
    "rules.py",
    "events.py",
    "text.py",
    "heuristic.py",
    "tensor.py",
    "explain.py",
    "examples.py",
    "lesson.py",
    "board.js",
    "board.css",
    "golden.txt",
    "pages/reference.md",
    "pages/howto.en.md",
    "pages/howto.fr.md",
)
"""The files of a game's package the skeleton holds (all the parts)."""

DISTRIBUTION_FILES: Final = ("pyproject.toml", "README.md", "tests/test_game.py")
"""The distribution's own files around the package."""


@dataclass(frozen=True)
class GameNames:
    """The forms of a new game's name the files use."""

    name: str
    """The registered name (``german-whist``)."""
    package: str
    """The Python package (``german_whist``)."""
    class_prefix: str
    """The prefix of its classes (``GermanWhist``)."""
    title: str
    """The title players read (``German whist``)."""

    @classmethod
    def of(cls, name: str, title: str | None = None) -> GameNames:
        """The forms of ``name``; :class:`ParlourError` for a name that is not one."""
        if not isinstance(name, str) or not NAME_PATTERN.fullmatch(name):
            raise ParlourError(
                f"{name!r} is not a game name: use lower-case words of letters and digits "
                "joined by '-' (e.g. german-whist)"
            )
        words = name.split("-")
        return cls(
            name=name,
            package=name.replace("-", "_"),
            class_prefix="".join(word.capitalize() for word in words),
            title=title or " ".join(words).capitalize(),
        )

    def fill(self, text: str) -> str:
        """``text`` with the markers replaced by these names."""
        values = (self.name, self.package, self.class_prefix, self.title)
        for marker, value in zip(MARKERS, values, strict=True):
            text = text.replace(marker, value)
        return text


def make_template(package: Path, names: GameNames) -> dict[str, str]:
    """The package template (file → text with markers) made from the working game
    in ``package`` named ``names`` (the example game, whose name is its package)."""
    template: dict[str, str] = {}
    word = re.escape(names.name)
    title = re.escape(names.title)
    rules = [
        (rf"\b{word}_", "@@package@@_"),
        (rf"\bfrom {word}\.", "from @@package@@."),
        (rf"\bimport {word}\b", "import @@package@@"),
        (rf"^  {word}: \{{", '  "@@name@@": {'),
        (rf"\bfunction {word}\(", "function @@package@@_board("),
        (rf"\bboard: {word},", "board: @@package@@_board,"),
        (rf"\b{title}(?=[A-Z])", "@@Class@@"),
        (rf"\b{title}\b", "@@Title@@"),
        (r"\bDouze\b", "@@Title@@"),
        (rf"\b{word}\b", "@@name@@"),
    ]
    for relative in PACKAGE_FILES:
        text = (package / relative).read_text(encoding="utf-8")
        for pattern, replacement in rules:
            text = re.sub(pattern, replacement, text, flags=re.MULTILINE)
        template[relative] = text
    return template


def template_root() -> Traversable:
    """The template shipped with parlour."""
    return resources.files("parlour.kit").joinpath("template")


def shipped_template() -> dict[str, str]:
    """The package template shipped with parlour (file → text with markers)."""
    root = template_root().joinpath("package")
    found: dict[str, str] = {}
    for relative in PACKAGE_FILES:
        found[relative] = root.joinpath(*f"{relative}{TEMPLATE_SUFFIX}".split("/")).read_text(
            encoding="utf-8"
        )
    return found


def write_template(template: dict[str, str], folder: Path) -> None:
    """Write a package template into ``folder`` (``parlour/kit/template/package``)."""
    for relative, text in template.items():
        path = folder / f"{relative}{TEMPLATE_SUFFIX}"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")


@dataclass(frozen=True)
class Written:
    """What :func:`write_skeleton` wrote."""

    names: GameNames
    folder: Path
    files: tuple[Path, ...]

    def summary(self, lang: str = "en") -> str:
        """What was written and what to do next, in English or French."""
        lines = [
            SAID["wrote"]
            .text(lang)
            .format(count=len(self.files), title=self.names.title, folder=self.folder)
        ]
        lines += [f"  {path.relative_to(self.folder)}" for path in self.files]
        lines.append(SAID["next"].text(lang).format(folder=self.folder, name=self.names.name))
        return "\n".join(lines)


SAID: Final = {
    "wrote": Said(
        "Wrote {count} files of the game {title} in {folder}:",
        "{count} fichiers du jeu {title} écrits dans {folder} :",
    ),
    "next": Said(
        "Next: pip install -e {folder}, then parlour check {name} (every check passes), "
        "then change the rules into your game, keeping parlour check green "
        "(parlour check {name} --write-golden after a change of the rules). "
        "docs/adding-a-game.md says what each part holds.",
        "Ensuite : pip install -e {folder}, puis parlour check {name} (tout passe), puis "
        "changez les règles en celles de votre jeu, parlour check restant vert "
        "(parlour check {name} --write-golden après un changement des règles). "
        "docs/adding-a-game.md dit ce que contient chaque partie.",
    ),
}
"""What ``parlour new-game`` prints, in English and French."""


def write_skeleton(name: str, folder: Path, *, title: str | None = None) -> Written:
    """Write the distribution of a new game ``name`` into ``folder`` (which must be
    empty or absent): the package in ``src/<package>``, its pyproject and tests,
    and its golden file made by playing it."""
    names = GameNames.of(name, title)
    if name in game_names():
        raise ParlourError(f"a game named {name!r} is already installed: choose another name")
    if keyword.iskeyword(names.package) or importlib.util.find_spec(names.package) is not None:
        raise ParlourError(
            f"the package {names.package!r} would hide a Python keyword or a module already "
            "importable here: choose another name"
        )
    if folder.exists() and (not folder.is_dir() or any(folder.iterdir())):
        raise ParlourError(f"{folder} is not an empty folder: give a new one (--folder)")
    written: list[Path] = []
    package = folder / "src" / names.package
    for relative, text in shipped_template().items():
        path = package / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(names.fill(text), encoding="utf-8")
        written.append(path)
    distribution = template_root().joinpath("distribution")
    for relative in DISTRIBUTION_FILES:
        source = distribution.joinpath(*f"{relative}{TEMPLATE_SUFFIX}".split("/"))
        path = folder / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(names.fill(source.read_text(encoding="utf-8")), encoding="utf-8")
        written.append(path)
    _write_golden(names, folder / "src", package / "golden.txt")
    return Written(names, folder, tuple(written))


GOLDEN_SCRIPT: Final = """
import importlib, sys
from parlour.kit.golden import playthrough
importlib.import_module(sys.argv[1] + ".rules")  # registers the game
sys.stdout.write(playthrough(sys.argv[2]))
"""


def _write_golden(names: GameNames, source: Path, path: Path) -> None:
    """The new game's golden file, played in a child process (importing the new
    package here would register the game in this one)."""
    parlour_path = Path(str(resources.files("parlour"))).parent
    result = subprocess.run(
        [sys.executable, "-c", GOLDEN_SCRIPT, names.package, names.name],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
        env={
            "PYTHONPATH": os.pathsep.join([str(source), str(parlour_path)]),
            "PATH": os.defpath,
            "PYTHONDONTWRITEBYTECODE": "1",
        },
    )
    if result.returncode != 0:
        raise ParlourError(f"the new game's golden match could not be played: {result.stderr}")
    path.write_text(result.stdout, encoding="utf-8")
