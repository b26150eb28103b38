"""The pages every interface shows about a game: its rules and its options.

The rules pages are Markdown files shipped with each game: ``reference.md`` in
the folder its parts name as ``pages`` (``parlour/games/<game>/pages``).
"""

from __future__ import annotations

from collections.abc import Mapping

from parlour.core.errors import ParlourError
from parlour.core.options import OptionSpec, build_options, format_option_value
from parlour.core.registry import game_class, game_parts


def rules_text(name: str) -> str:
    """The rules page of a game (its reference page, shipped in its package)."""
    folder = game_parts(name).file("pages")  # unknown names fail with the list of games
    page = folder.joinpath("reference.md") if folder is not None else None
    if page is None or not page.is_file():
        raise ParlourError(f"{name} has no rules page yet")
    return page.read_text(encoding="utf-8")


def options_text(name: str, lang: str = "en", chosen: Mapping[str, object] | None = None) -> str:
    """Every option of a game: name, allowed values, default, help, in ``lang``
    (in French, what is typed stands in « »; the label and help are the game's).

    An option that means something only beside another option's values (its
    ``when``) says so in words; with ``chosen`` (options given as on the command
    line), only the options that apply beside them are listed.
    """
    game = game_class(name)
    specs = {spec.name: spec for spec in game.option_specs()}
    values: dict[str, object] | None = None
    if chosen is not None:
        built = build_options(game.options_class, chosen)  # refuses a bad name or value
        values = {spec_name: getattr(built, spec_name) for spec_name in specs}
    if lang == "fr":
        lines = [f"Options de {name} (à donner avec --option nom=valeur) :", ""]
    else:
        lines = [f"Options of {name} (pass as --option name=value):", ""]
    for spec in specs.values():
        if values is not None and not _applies(spec, values):
            continue
        default = format_option_value(spec.default)
        condition = spec.condition_text(specs, lang) if values is None else ""
        if lang == "fr":
            allowed = spec.allowed_text("fr")
            lines.append(f"  « {spec.name} » = {allowed}   (par défaut : « {default} »)")
            help_line = f"{spec.label_text('fr')} — {spec.help_text('fr')}"
        else:
            lines.append(f"  {spec.name} = {spec.allowed_text()}   (default: {default})")
            help_line = spec.help
        lines.append(f"      {help_line}" + (f" ({condition})" if condition else ""))
    return "\n".join(lines)


def _applies(spec: OptionSpec, values: Mapping[str, object]) -> bool:
    """Whether ``spec`` matters beside every option's ``values`` (its players too)."""
    players = values.get("players")
    if type(players) is int and not spec.applies_to(players):
        return False
    return spec.applies_with(values)


def inert_options(name: str, chosen: Mapping[str, object]) -> list[OptionSpec]:
    """The options in ``chosen`` (given as on the command line) that change
    nothing beside the others (an option for scoring with cards at a table
    scoring points): a table says so rather than ignore them in silence."""
    game = game_class(name)
    built = build_options(game.options_class, chosen)
    specs = game.option_specs()
    values = {spec.name: getattr(built, spec.name) for spec in specs}
    given = {key.replace("-", "_") for key in chosen}
    return [spec for spec in specs if spec.name in given and not _applies(spec, values)]
