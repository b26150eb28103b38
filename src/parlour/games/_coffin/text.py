"""The coffin family's shared text: the coffin drawn for a terminal, and the
sentences of the events every game of the family shares (a card played to a
cell, the first nail, the end bonus, a direction chosen, a coffin's lines), in
English and French. Used by Dracula, Dracula in partnerships and Thracula.
"""

from __future__ import annotations

from collections.abc import Sequence

from parlour.core.cards import is_red, is_vampire, parse_card, suit_of
from parlour.core.events import Event
from parlour.games._coffin.rules import (
    CELL_NAMES,
    COLUMNS,
    ROWS,
    Axis,
    VampireRule,
    card_value,
    line_value,
)
from parlour.render import Style, pad
from parlour.render.narration import (
    Templates,
    agree,
    card_said,
    cards_said,
    names_of,
    say,
    seat_name,
)


def _value(value: int | None) -> str:
    return "·" if value is None else str(value)


def coffin_lines(
    coffin: Sequence[str | None],
    rows: Sequence[int | None],
    columns: Sequence[int | None],
    style: Style,
) -> list[str]:
    """The coffin as a 3×3 grid with each full line's value beside it."""
    french = style.lang == "fr"
    lines = ["        a      b      c       " + ("ligne" if french else "row")]
    for row in range(3):
        cells = []
        for column in range(3):
            card = coffin[row * 3 + column]
            cells.append("[" + pad("" if card is None else style.card(card), 4) + "]")
        lines.append(f"   {row + 1}  " + " ".join(cells) + f"   {_value(rows[row]):>4}")
    lines.append(
        ("  col.  " if french else "  col   ") + "".join(f"{_value(value):<7}" for value in columns)
    )
    return lines


COFFIN_WORDS: Templates = {
    "en": {
        "card_played": "{name} [plays|play] {card} to {cell}.",
        "first_nail": "The first nail: {card} in the centre, {cell}.",
        "end_bonus": "End bonus: {name} [adds|add|add] {bonus}.",
        "lines": "rows {rows}, columns {columns}",
        "tied": "; best lines tied, level {level} scored",
        "direction": "{name} [chooses|choose] {way}; {other} [scores|score|score] {other_way}.",
        "rows": "rows (the Queen's way)",
        "columns": "columns (the King's way)",
        "deal_scored": "Deal {deal} scored ({lines}): {scores}.",
        "totals": "{scored}; totals {totals}.",
        "card_cut": "{name} [cuts|cut] {card}.",
        "cards_to_take": "{name} [wins|win] the deal with a line of {line} and [takes|take] "
        "{count} from the coffin.",
        "cards_tied": "The lines tie at {line}: nobody takes a card.",
        "card_taken": "{name} [takes|take] {card} from the coffin.",
        "waste_turned": "The waste pile ({count}) becomes the stock.",
        "card": "card",
        "cards": "cards",
    },
    "fr": {
        "card_played": "{name} [joue|jouez] {card} en {cell}.",
        "first_nail": "Le premier clou : {card} au centre, {cell}.",
        "end_bonus": "Bonus de fin : {name} [ajoute|ajoutez|ajoutent] {bonus}.",
        "lines": "lignes {rows}, colonnes {columns}",
        "tied": " ; meilleures lignes à égalité, niveau {level} compté",
        "direction": "{name} [choisit|choisissez] {way} ; {other} [compte|comptez|comptent] "
        "{other_way}.",
        "rows": "les lignes (voie de la Reine)",
        "columns": "les colonnes (voie du Roi)",
        "deal_scored": "Donne {deal} comptée ({lines}) : {scores}.",
        "totals": "{scored} ; totaux {totals}.",
        "card_cut": "{name} [coupe|coupez] {card}.",
        "cards_to_take": "{name} [gagne|gagnez] la donne avec une ligne de {line} et "
        "[prend|prenez] {count} du cercueil.",
        "cards_tied": "Les lignes sont à égalité ({line}) : personne ne prend de carte.",
        "card_taken": "{name} [prend|prenez] {card} du cercueil.",
        "waste_turned": "La défausse ({count}) devient le talon.",
        "card": "carte",
        "cards": "cartes",
    },
}
"""Templates of the Dracula family's sentences (shared with the partnership game
and Thracula)."""


def lines_text(event: Event, style: Style) -> str:
    """``rows 12/40/0, columns 60/0/1`` (with the tie cascade's level if past 1)."""
    values = event.__dict__
    text = say(
        COFFIN_WORDS,
        style,
        "lines",
        rows="/".join(map(str, values["rows"])),
        columns="/".join(map(str, values["columns"])),
    )
    if values["level"] > 1:
        text += say(COFFIN_WORDS, style, "tied", level=values["level"])
    return text


def coffin_sentence(event: Event, names: Sequence[str], style: Style) -> str | None:
    """Sentences for the events the Dracula family shares (``parlour.games._coffin.rules``)
    that read the same in every game of it: a card played to a cell, the first
    nail, the end bonus. None for another kind."""
    kind = event.kind
    values = event.__dict__
    if kind == "card_played":
        name = seat_name(names, values["seat"], style)
        return say(
            COFFIN_WORDS,
            style,
            "card_played",
            name,
            name=name,
            card=card_said(values["card"], style),
            cell=CELL_NAMES[values["cell"]],
        )
    if kind == "first_nail":
        return say(
            COFFIN_WORDS,
            style,
            "first_nail",
            card=card_said(values["card"], style),
            cell=CELL_NAMES[values["cell"]],
        )
    if kind == "end_bonus":
        seats = values["seats"]
        name = names_of(names, seats, style)
        return say(
            COFFIN_WORDS,
            style,
            "end_bonus",
            name,
            plural=len(seats) > 1,
            name=name,
            bonus=values["bonus"],
        )
    return None


def direction_sentence(
    chooser: str, others: str, direction: str, style: Style, plural: bool = False
) -> str:
    """ "Ann chooses rows (the Queen's way); Bob scores columns (the King's way)."""
    other_way = "columns" if direction == "rows" else "rows"
    # The second clause's verb agrees with the other side, not the chooser.
    template = COFFIN_WORDS.get(style.lang, COFFIN_WORDS["en"])["direction"]
    first, second = template.split(";", 1)
    first = agree(first, chooser)
    second = agree(second, others, plural)
    return (first + ";" + second).format(
        name=chooser,
        other=others,
        way=say(COFFIN_WORDS, style, direction),
        other_way=say(COFFIN_WORDS, style, other_way),
    )


# ----- a line explained ------------------------------------------------------------------

LINE_WORDS: Templates = {
    "en": {
        "row": "row {number}",
        "column": "column {letter}",
        "sum": "{cards} = {total}",
        "times": "{sum}, ×{factor} for {why} = {value}",
        "void": "{cards}: a Vampire voids the line = 0",
        "double": "{cards}: {total}{pair}, ×2 for the Vampire = {value}",
        "double_pair": ", ×2 for two {suit}",
        "two_vampires": "{cards}: two Vampires, {total} ×{factor} = {value}",
        "three_suit": "three {suit}",
        "three_colour": "three {colour} cards",
        "two_suit": "two {suit}",
        "red": "red",
        "black": "black",
        "scored_line": "{name} [scores|score|score] {line}: {described}.",
        "line_is": "{line}: {described}",
        "scored_tie": "best lines tied at {tied}: level {level} counts",
        "thracula_line": "{line} ({name}): {described}",
        "thracula_best": "{name} [scores|score] {best}, the better of {row} and {column}.",
    },
    "fr": {
        "row": "ligne {number}",
        "column": "colonne {letter}",
        "sum": "{cards} = {total}",
        "times": "{sum}, ×{factor} pour {why} = {value}",
        "void": "{cards} : un Vampire annule la ligne = 0",
        "double": "{cards} : {total}{pair}, ×2 pour le Vampire = {value}",
        "double_pair": ", ×2 pour deux {suit}",
        "two_vampires": "{cards} : deux Vampires, {total} ×{factor} = {value}",
        "three_suit": "trois {suit}",
        "three_colour": "trois cartes {colour}",
        "two_suit": "deux {suit}",
        "red": "rouges",
        "black": "noires",
        "scored_line": "{name} [compte|comptez|comptent] la {line} : {described}.",
        "line_is": "{line} : {described}",
        "scored_tie": "meilleures lignes à égalité ({tied}) : le niveau {level} compte",
        "thracula_line": "{line} ({name}) : {described}",
        "thracula_best": "{name} [compte|comptez] {best}, la meilleure de la {row} et de la "
        "{column}.",
    },
}
"""Templates of a coffin line explained (cards, values, multiplier and why)."""

SUIT_WORDS = {
    "en": ("spades", "hearts", "diamonds", "clubs"),
    "fr": ("piques", "cœurs", "carreaux", "trèfles"),
}
"""Suit names in the plural, by suit number (S H D C)."""


def line_name(axis: Axis, index: int, style: Style) -> str:
    """``row 3`` / ``column b`` (``ligne 3`` / ``colonne b``)."""
    if axis is Axis.ROW:
        return say(LINE_WORDS, style, "row", number=index + 1)
    return say(LINE_WORDS, style, "column", letter="abc"[index])


def line_cells(axis: Axis, index: int) -> tuple[int, int, int]:
    """The three cells of row or column ``index``."""
    cells = (ROWS if axis is Axis.ROW else COLUMNS)[index]
    return cells[0], cells[1], cells[2]


def _suit_word(suit: int, style: Style) -> str:
    return SUIT_WORDS.get(style.lang, SUIT_WORDS["en"])[suit]


def multiplier_reason(cards: Sequence[int], style: Style) -> tuple[int, str]:
    """The multiplier of a full line of three plain cards and why: ``(5, "three
    spades")``, ``(3, "three red cards")``, ``(2, "two hearts")``, ``(1, "")``."""
    suits = [suit_of(card) for card in cards]
    if suits[0] == suits[1] == suits[2]:
        return 5, say(LINE_WORDS, style, "three_suit", suit=_suit_word(suits[0], style))
    reds = [is_red(card) for card in cards]
    if reds[0] == reds[1] == reds[2]:
        colour = say(LINE_WORDS, style, "red" if reds[0] else "black")
        return 3, say(LINE_WORDS, style, "three_colour", colour=colour)
    for suit in set(suits):
        if suits.count(suit) == 2:
            return 2, say(LINE_WORDS, style, "two_suit", suit=_suit_word(suit, style))
    return 1, ""


def describe_line(
    cards: Sequence[int], axis: Axis, style: Style, vampires: VampireRule = VampireRule.VOID
) -> tuple[str, int]:
    """A full line explained, and its value (the engine's ``line_value``):
    ``A♠ 8♠ 6♠ = 15, ×5 for three spades = 75``."""
    value = line_value(cards, axis, vampires)
    shown = cards_said(cards, style)
    plain = [card for card in cards if not is_vampire(card)]
    total = sum(card_value(card, axis) for card in plain)
    if len(plain) == 3:
        factor, why = multiplier_reason(cards, style)
        text = say(LINE_WORDS, style, "sum", cards=shown, total=total)
        if factor > 1:
            text = say(LINE_WORDS, style, "times", sum=text, factor=factor, why=why, value=value)
        return text, value
    if vampires is VampireRule.VOID:
        return say(LINE_WORDS, style, "void", cards=shown), value
    if len(plain) == 2:
        pair = ""
        if suit_of(plain[0]) == suit_of(plain[1]):
            suit = _suit_word(suit_of(plain[0]), style)
            pair = say(LINE_WORDS, style, "double_pair", suit=suit)
        return say(
            LINE_WORDS, style, "double", cards=shown, total=total, pair=pair, value=value
        ), value
    factor = {VampireRule.DOUBLE_X4: 4, VampireRule.DOUBLE_X2: 2}.get(vampires, 0)
    return say(
        LINE_WORDS, style, "two_vampires", cards=shown, total=total, factor=factor, value=value
    ), value


def coffin_cards(values: Sequence[int]) -> list[int]:
    """The nine cards of a scored coffin's event (ints; texts are parsed)."""
    return [value if isinstance(value, int) else parse_card(value) for value in values]


def coffin_explained(event: Event, names: Sequence[str], style: Style) -> list[str]:
    """A scored coffin's lines one by one (a :class:`CoffinScored` event): for two
    sides every row and column with its cards, values, multiplier and why, the
    tie cascade's level and the line each side scored; in Thracula each seat's
    row and column and the better of the two."""
    values = event.__dict__
    cards = coffin_cards(values["cards"])
    rule = VampireRule(values.get("vampires") or "void")
    owned = values.get("owned_lines") or ()
    if owned:
        return _thracula_explained(cards, owned, values["scores"], names, style, rule)
    directions: Sequence[str] = values.get("directions") or ()
    described: dict[Axis, list[str]] = {Axis.ROW: [], Axis.COLUMN: []}
    said = []
    for axis in (Axis.ROW, Axis.COLUMN):
        for index in range(3):
            text, _ = describe_line([cards[cell] for cell in line_cells(axis, index)], axis, style)
            described[axis].append(text)
            line = line_name(axis, index, style)
            said.append("  " + say(LINE_WORDS, style, "line_is", line=line, described=text))
    if not directions:
        return said
    if values["level"] > 1:
        rows = values["rows"]
        tied = sorted(rows, reverse=True)[: values["level"] - 1]
        tie = say(
            LINE_WORDS, style, "scored_tie", tied=", ".join(map(str, tied)), level=values["level"]
        )
        said.append("  " + tie[0].upper() + tie[1:] + ".")
    for direction in dict.fromkeys(directions):
        seats = [seat for seat, way in enumerate(directions) if way == direction]
        axis = Axis(direction)
        line_values_ = values["rows"] if axis is Axis.ROW else values["columns"]
        score = values["scores"][seats[0]]
        index = list(line_values_).index(score) if score in line_values_ else 0
        name = names_of(names, seats, style)
        said.append(
            "  "
            + say(
                LINE_WORDS,
                style,
                "scored_line",
                name,
                plural=len(seats) > 1,
                name=name,
                line=line_name(axis, index, style),
                described=described[axis][index],
            )
        )
    return said


def _thracula_explained(
    cards: Sequence[int],
    owned: Sequence[int],
    scores: Sequence[int],
    names: Sequence[str],
    style: Style,
    rule: VampireRule,
) -> list[str]:
    said: list[str] = []
    for seat, index in enumerate(owned):
        name = seat_name(names, seat, style)
        parts = []
        for axis in (Axis.ROW, Axis.COLUMN):
            text, _ = describe_line(
                [cards[cell] for cell in line_cells(axis, index)], axis, style, rule
            )
            parts.append(
                say(
                    LINE_WORDS,
                    style,
                    "thracula_line",
                    line=line_name(axis, index, style),
                    name=name,
                    described=text,
                )
            )
        said.extend("  " + part for part in parts)
        said.append(
            "  "
            + say(
                LINE_WORDS,
                style,
                "thracula_best",
                name,
                name=name,
                best=scores[seat],
                row=line_name(Axis.ROW, index, style),
                column=line_name(Axis.COLUMN, index, style),
            )
        )
    return said
