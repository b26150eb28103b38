"""Game options declared as data.

Each game declares its options as a frozen dataclass whose fields are made with
:func:`option`: the field's type, its default, the allowed values and one line
of help. :func:`option_specs` reads them back as :class:`OptionSpec` records
(for help texts, the command line and adapters) and :func:`build_options`
validates user input into the dataclass, raising :class:`InvalidOptionError`
with the list of what is allowed.

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True)
... class Example:
...     deals: int = option(6, "number of deals", minimum=1, maximum=6)
>>> build_options(Example, {"deals": "3"}).deals
3
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, TypeVar

from parlour.core.errors import InvalidOptionError, allowed_list, shown
from parlour.core.lesson import Said

OptionsT = TypeVar("OptionsT")

OptionValue = int | str | bool | None
"""What an option may hold. (Also what keeps the compiled :class:`OptionSpec`
importable: mypyc cannot write a bare ``object`` field annotation.)"""


@dataclass(frozen=True)
class OptionSpec:
    """One option of a game: its name, type, default, allowed values and help."""

    name: str
    type_name: str
    """``int``, ``bool``, ``str`` or a union such as ``int | None``."""
    default: OptionValue
    choices: tuple[OptionValue, ...] | None
    """The allowed values when they are a fixed list (for ints: also a range)."""
    minimum: int | None
    maximum: int | None
    help: str
    players: tuple[int, ...] | None = None
    """The numbers of players the option applies to (None: every number); a
    form shows it only for those."""
    help_fr: str = ""
    """The help line in French (empty: the game gave none, the English one is shown)."""
    label: Said | None = None
    """The option's name for a person, in English and French (None: the name
    with spaces)."""
    value_words: tuple[tuple[str, Said], ...] = ()
    """Words for some of its values, keyed as :func:`format_option_value` writes
    them (``clockwise``, ``789``); yes, no and none are common to every option."""
    when: tuple[tuple[str, tuple[OptionValue, ...]], ...] = ()
    """The values of other options it needs to mean anything (``(("scoring",
    ("cards",)),)``: only when scoring with cards); empty: it always applies. A
    form shows it, and ``parlour options`` lists it, only where it applies."""

    def label_text(self, lang: str) -> str:
        """The option's label in ``lang`` (``Deals``, ``Donnes``)."""
        return self.label.text(lang) if self.label is not None else self.name.replace("_", " ")

    def help_text(self, lang: str) -> str:
        """The option's help line in ``lang`` (English when the game gave no French)."""
        return self.help_fr if lang == "fr" and self.help_fr else self.help

    def words(self) -> dict[str, Said]:
        """Every value word of the option: the common ones, then its own."""
        return {**COMMON_VALUE_WORDS, **dict(self.value_words)}

    def value_text(self, value: object, lang: str) -> str:
        """One value as a person reads it in ``lang`` (``yes``, ``à la coupe``, ``6``)."""
        key = format_option_value(value)
        said = self.words().get(key)
        return said.text(lang) if said is not None else key

    def applies_to(self, players: int) -> bool:
        """Whether the option matters at a table of ``players``."""
        return self.players is None or players in self.players

    def applies_with(self, values: Mapping[str, object]) -> bool:
        """Whether the option matters beside the other options' ``values`` (every
        option's value, defaults included): each option it depends on has one
        of the values it needs."""
        return all(values.get(name) in needed for name, needed in self.when)

    def condition_text(self, specs: Mapping[str, OptionSpec], lang: str) -> str:
        """When the option applies, in words of ``lang`` with the other options'
        labels and value words (``only when scoring is cards``), and the numbers
        of players it needs (``only with 4 players``); '' if always."""
        parts = []
        if self.players is not None:
            counts = (" ou " if lang == "fr" else " or ").join(map(str, self.players))
            parts.append((PLAYERS_FR if lang == "fr" else PLAYERS_EN).format(counts=counts))
        for name, needed in self.when:
            other = specs[name]
            joined = (" ou " if lang == "fr" else " or ").join(
                other.value_text(value, lang) for value in needed
            )
            parts.append(
                (CONDITION_FR if lang == "fr" else CONDITION_EN).format(
                    label=other.label_text(lang).lower(), values=joined
                )
            )
        return (" ; " if lang == "fr" else "; ").join(parts)

    def allowed_text(self, lang: str = "en") -> str:
        """What values are allowed, as a short sentence in ``lang``; in French
        the values as typed stand in « » (``« cut | random » | un nombre entier 0–1``)."""
        french = lang == "fr"
        parts: list[str] = []
        if self.choices is not None:
            typed = " | ".join(format_option_value(choice) for choice in self.choices)
            parts.append(f"« {typed} »" if french else typed)
        accepts_int = "int" in self.type_name.split(" | ")
        whole_number = "un nombre entier" if french else "a whole number"
        if accepts_int and (self.minimum is not None or self.maximum is not None):
            low = "…" if self.minimum is None else str(self.minimum)
            high = "…" if self.maximum is None else str(self.maximum)
            parts.append(f"{whole_number} {low}–{high}")
        elif accepts_int and self.choices is None:
            parts.append(whole_number)
        if "None" in self.type_name.split(" | ") and (
            self.choices is None or None not in self.choices
        ):
            parts.append("« none »" if french else "none")
        if self.type_name == "bool":
            return "« true | false »" if french else "true | false"
        return " | ".join(parts) if parts else self.type_name


CONDITION_EN = "only when {label} is {values}"
CONDITION_FR = "seulement si {label} : {values}"
"""How an option's dependency on another is said (:meth:`OptionSpec.condition_text`)."""
PLAYERS_EN = "only with {counts} players"
PLAYERS_FR = "seulement à {counts} joueurs"
"""How an option's numbers of players are said (:meth:`OptionSpec.condition_text`)."""

COMMON_VALUE_WORDS: dict[str, Said] = {
    "true": Said("yes", "oui"),
    "false": Said("no", "non"),
    "none": Said("none", "aucun"),
}
"""The words of the values every option may take (a value with no word is
shown as written: a number stays a number)."""

FIRST_DEALER_WORDS: dict[str, Said] = {
    "cut": Said("by the cut", "à la coupe"),
    "random": Said("at random", "au hasard"),
}
"""The words of ``first_dealer``'s named values, for the games that offer them
(:func:`build_options` already knows the option: a seat number is checked
against the players)."""


def option(
    default: object,
    help: str,
    *,
    help_fr: str = "",
    label: Said | None = None,
    words: Mapping[str, Said] | None = None,
    choices: tuple[object, ...] | None = None,
    minimum: int | None = None,
    maximum: int | None = None,
    players: tuple[int, ...] | None = None,
    when: Mapping[str, tuple[object, ...]] | None = None,
) -> Any:
    """Declare a dataclass field as a game option.

    ``help`` is one line in English, ``help_fr`` the same in French; ``label``
    names the option for a person in both; ``words`` gives a person's words for
    some values, keyed as the command line writes them (``{"cut": Said("by the
    cut", "à la coupe")}``). ``players``: the numbers of players it applies to,
    when not every number. ``when``: the values of other options it needs to
    mean anything (``{"scoring": ("cards",)}``), declared here once: forms and
    ``parlour options`` show it only where it applies, and its help need not
    say so.
    """
    return dataclasses.field(
        default=default,
        metadata={
            "help": help,
            "help_fr": help_fr,
            "label": label,
            "words": tuple((words or {}).items()),
            "choices": choices,
            "minimum": minimum,
            "maximum": maximum,
            "players": players,
            "when": tuple((name, tuple(values)) for name, values in (when or {}).items()),
        },
    )


def format_option_value(value: object) -> str:
    """Option values as the command line writes them (``true``, ``none``, ``6``)."""
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str) and len(value) <= 60:
        return value
    if isinstance(value, int) and value.bit_length() <= 128:
        return str(value)
    return shown(value)  # a long text or number, or another type: short and safe


def _type_names(annotation: object) -> list[str]:
    if isinstance(annotation, types.UnionType) or typing.get_origin(annotation) is typing.Union:
        return [_type_names(arg)[0] for arg in typing.get_args(annotation)]
    if annotation is type(None):
        return ["None"]
    return [getattr(annotation, "__name__", str(annotation))]


def declared_type_name(field: dataclasses.Field[Any]) -> str:
    """An option's type as its declaration implies it: the default's type, the
    types of the choices, ``int`` if a range is given, ``None`` last if allowed.

    The compiled engine needs it: mypyc keeps a union annotation such as
    ``str | int`` only as ``type``. Every declared option follows this pattern
    (a test checks that it agrees with the annotations of the pure engine).
    """
    meta = field.metadata
    allowed = [field.default, *(meta.get("choices") or ())]
    kinds: list[str] = []
    for value in allowed:
        kind = "None" if value is None else type(value).__name__
        if kind != "None" and kind not in kinds:
            kinds.append(kind)
    ranged = meta.get("minimum") is not None or meta.get("maximum") is not None
    if ranged and "int" not in kinds:
        kinds.append("int")
    if None in allowed:
        kinds.append("None")
    return " | ".join(kinds)


_SPECS: dict[type, tuple[OptionSpec, ...]] = {}
"""Each options class's specs, worked out once (read at every table made)."""


def option_specs(options_class: type) -> tuple[OptionSpec, ...]:
    """The :class:`OptionSpec` of every field of an options dataclass (worked
    out once per class: the specs are frozen)."""
    specs = _SPECS.get(options_class)
    if specs is None:
        specs = _SPECS[options_class] = _work_out_specs(options_class)
    return specs


def _work_out_specs(options_class: type) -> tuple[OptionSpec, ...]:
    hints = typing.get_type_hints(options_class)
    specs = []
    for field in dataclasses.fields(options_class):
        meta = field.metadata
        hint = hints[field.name]
        if field.default is dataclasses.MISSING:
            raise TypeError(f"option {field.name} has no default: declare it with option()")
        specs.append(
            OptionSpec(
                name=field.name,
                type_name=(
                    declared_type_name(field) if hint is type else " | ".join(_type_names(hint))
                ),
                default=field.default,
                choices=meta.get("choices"),
                minimum=meta.get("minimum"),
                maximum=meta.get("maximum"),
                help=meta.get("help", ""),
                players=meta.get("players"),
                help_fr=meta.get("help_fr", ""),
                label=meta.get("label"),
                value_words=meta.get("words", ()),
                when=meta.get("when", ()),
            )
        )
    named = {spec.name: spec for spec in specs}
    for spec in specs:
        for name, needed in spec.when:
            other = named.get(name)
            if other is None or name == spec.name:
                raise TypeError(f"option {spec.name} depends on {name!r}, not another option")
            for value in needed:
                check_value(other, value)  # an impossible value fails here, not in a form
    return tuple(specs)


def _coerce(spec: OptionSpec, value: object) -> object:
    """Turn a value (possibly text from a command line) into the option's type."""
    kinds = spec.type_name.split(" | ")
    if isinstance(value, str):
        text = value.strip()
        lowered = text.lower()
        if "None" in kinds and lowered in ("none", "null", ""):
            return None
        if "bool" in kinds and lowered in ("true", "yes", "on", "1", "false", "no", "off", "0"):
            return lowered in ("true", "yes", "on", "1")
        # Only plain ASCII digits: int() would also take '١٢', '1_000' and
        # numbers of thousands of digits.
        digits = text[1:] if text[:1] in ("-", "+") else text
        if "int" in kinds and 0 < len(digits) <= 18 and digits.isascii() and digits.isdecimal():
            return int(text)
        if "str" in kinds:
            for choice in spec.choices or ():
                if isinstance(choice, str) and choice.lower() == lowered:
                    return choice
            return text
        raise InvalidOptionError(
            f"option {spec.name}={shown(value)} is not allowed; allowed: {spec.allowed_text()}"
        )
    if value is None and "None" in kinds:
        return None
    if isinstance(value, bool):
        if "bool" in kinds:
            return value
    elif isinstance(value, int):
        if "int" in kinds:
            return value
    elif isinstance(value, str) and "str" in kinds:
        return value
    raise InvalidOptionError(
        f"option {spec.name}={shown(value)} has the wrong type; allowed: {spec.allowed_text()}"
    )


def check_value(spec: OptionSpec, value: object) -> object:
    """Coerce and check one option value; raise :class:`InvalidOptionError` if not allowed."""
    coerced = _coerce(spec, value)
    if spec.choices is not None and coerced in spec.choices:
        return coerced
    if isinstance(coerced, int) and not isinstance(coerced, bool):
        in_range = (spec.minimum is None or coerced >= spec.minimum) and (
            spec.maximum is None or coerced <= spec.maximum
        )
        ranged = spec.minimum is not None or spec.maximum is not None or spec.choices is None
        if in_range and ranged and "int" in spec.type_name.split(" | "):
            return coerced
    elif coerced is None or isinstance(coerced, bool) or spec.choices is None:
        return coerced
    raise InvalidOptionError(
        f"option {spec.name}={format_option_value(value)} is not allowed; "
        f"allowed: {spec.allowed_text()}"
    )


def build_options(options_class: type[OptionsT], given: Mapping[str, object]) -> OptionsT:
    """Validate ``given`` against ``options_class`` and build the frozen options.

    Unknown names and bad values raise :class:`InvalidOptionError` listing what is
    allowed. The options class may define ``check(self)`` for rules between options.
    """
    specs = {spec.name: spec for spec in option_specs(options_class)}
    values: dict[str, object] = {}
    for name, value in given.items():
        key = name.replace("-", "_") if isinstance(name, str) else None
        spec = specs.get(key) if key is not None else None
        if spec is None:
            raise InvalidOptionError(
                f"unknown option {shown(name)}; this game's options are: {allowed_list(specs)}"
            )
        values[key] = check_value(spec, value)
    built = options_class(**values)
    players = getattr(built, "players", None)
    first_dealer = getattr(built, "first_dealer", None)
    if type(first_dealer) is int and type(players) is int and not 0 <= first_dealer < players:
        named = [str(choice) for choice in specs["first_dealer"].choices or ()]
        raise InvalidOptionError(
            f"option first_dealer={first_dealer} is not a seat of {players} players; "
            f"allowed: {' | '.join([*named, *map(str, range(players))])}"
        )
    check = getattr(built, "check", None)
    if callable(check):
        check()
    return built


def options_dict(options: object) -> dict[str, object]:
    """The options as a plain JSON-friendly dict."""
    return {field.name: getattr(options, field.name) for field in dataclasses.fields(options)}  # type: ignore[arg-type]
