"""The pages every interface shows about a game: its rules and its options.

The rules pages are Markdown files shipped in the package (``parlour/rules``).
"""

from __future__ import annotations

from importlib import resources

from parlour.core.errors import ParlourError
from parlour.core.options import format_option_value
from parlour.core.registry import game_class


def rules_text(name: str) -> str:
    """The rules page of a game (shipped in the package)."""
    game_class(name)  # unknown names fail with the list of games
    page = resources.files("parlour").joinpath("rules", f"{name}.md")
    if not page.is_file():
        raise ParlourError(f"{name} has no rules page yet")
    return page.read_text(encoding="utf-8")


def options_text(name: str) -> str:
    """Every option of a game: name, allowed values, default, help."""
    lines = [f"Options of {name} (pass as --option name=value):", ""]
    for spec in game_class(name).option_specs():
        default = format_option_value(spec.default)
        lines.append(f"  {spec.name} = {spec.allowed_text()}   (default: {default})")
        lines.append(f"      {spec.help}")
    return "\n".join(lines)
