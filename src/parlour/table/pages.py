"""The pages every interface shows about a game: its rules and its options.

The rules pages are Markdown files shipped with each game: ``reference.md`` in
the folder its parts name as ``pages`` (``parlour/games/<game>/pages``).
"""

from __future__ import annotations

from parlour.core.errors import ParlourError
from parlour.core.options import format_option_value
from parlour.core.registry import game_class, game_parts


def rules_text(name: str) -> str:
    """The rules page of a game (its reference page, shipped in its package)."""
    folder = game_parts(name).file("pages")  # unknown names fail with the list of games
    page = folder.joinpath("reference.md") if folder is not None else None
    if page is None or not page.is_file():
        raise ParlourError(f"{name} has no rules page yet")
    return page.read_text(encoding="utf-8")


def options_text(name: str, lang: str = "en") -> str:
    """Every option of a game: name, allowed values, default, help, in ``lang``
    (in French, what is typed stands in « »; the label and help are the game's)."""
    if lang == "fr":
        lines = [f"Options de {name} (à donner avec --option nom=valeur) :", ""]
    else:
        lines = [f"Options of {name} (pass as --option name=value):", ""]
    for spec in game_class(name).option_specs():
        default = format_option_value(spec.default)
        if lang == "fr":
            allowed = spec.allowed_text("fr")
            lines.append(f"  « {spec.name} » = {allowed}   (par défaut : « {default} »)")
            lines.append(f"      {spec.label_text('fr')} — {spec.help_text('fr')}")
        else:
            lines.append(f"  {spec.name} = {spec.allowed_text()}   (default: {default})")
            lines.append(f"      {spec.help}")
    return "\n".join(lines)
