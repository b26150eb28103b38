"""The coffin family's shared text: the coffin drawn for a terminal, and the
sentences of the events every game of the family shares (a card played to a
cell, the first nail, the end bonus, a direction chosen, a coffin's lines), in
English and French. Used by Dracula, Dracula in partnerships and Thracula.
"""

from __future__ import annotations

from collections.abc import Sequence

from parlour.core.events import Event
from parlour.games._coffin.rules import CELL_NAMES
from parlour.render import Style, pad
from parlour.render.narration import Templates, agree, names_of, say, seat_name


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
            card=style.card(values["card"]),
            cell=CELL_NAMES[values["cell"]],
        )
    if kind == "first_nail":
        return say(
            COFFIN_WORDS,
            style,
            "first_nail",
            card=style.card(values["card"]),
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
