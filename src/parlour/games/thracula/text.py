"""Terminal rendering of Thracula (reads only the View)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from parlour.core.events import Event
from parlour.core.game import View
from parlour.games._coffin.rules import CELL_NAMES
from parlour.games._coffin.text import coffin_explained, coffin_sentence
from parlour.render import Block, Style, fit_blocks, heading, pad, wrap_words
from parlour.render.narration import Templates, capitalised, card_said, say, scores_text, seat_name

COLUMN_LETTERS = "abc"


def _value(value: int | None) -> str:
    return "·" if value is None else str(value)


def coffin_lines(o: Mapping[str, Any], names: Sequence[str], style: Style) -> list[str]:
    """The coffin: face-up cards, ``##`` for a face-down card, ``..`` for the cell
    being filled; each line's value and owner beside it."""
    owner_of_line = {line: seat for seat, line in enumerate(o["owned_lines"])}
    french = style.lang == "fr"
    lines = ["        a      b      c       " + ("ligne à" if french else "row   owner")]
    for row in range(3):
        cells = []
        for column in range(3):
            cell = row * 3 + column
            card = o["coffin"][cell]
            if card is not None:
                text = style.card(card)
            elif o["face_down"][cell]:
                text = style.dim("##")
            else:
                text = ".."
            cells.append("[" + pad(text, 4) + "]")
        owner = names[owner_of_line[row]]
        lines.append(
            f"   {row + 1}  " + " ".join(cells) + f"   {_value(o['row_values'][row]):>4}   {owner}"
        )
    lines.append(
        ("  col.  " if french else "  col   ")
        + "".join(f"{_value(value):<7}" for value in o["column_values"])
    )
    lines.append(
        ("  colonnes : " if french else "  column owners: ")
        + " · ".join(
            f"{COLUMN_LETTERS[column]} {names[owner_of_line[column]]}" for column in range(3)
        )
    )
    return lines


def _turn_said(name: str, cell: str, taken: str | None, put: str, style: Style) -> str:
    """One turn of the deal in words, as the rules say it: ``You took 5♡ from b2
    and put 4♠ there`` (the card taken is named only to the one who took it:
    ``Bob took a card from a1 …``)."""
    took = style.card(taken) if taken else None
    if style.lang == "fr":
        verb = "avez pris" if name == "Vous" else "a pris"
        return f"{name} {verb} {took or 'une carte'} en {cell} et posé {style.card(put)}"
    return f"{name} took {took or 'a card'} from {cell} and put {style.card(put)} there"


def render(
    view: View,
    style: Style,
    names: Sequence[str],
    *,
    width: int | None = None,
    height: int | None = None,
) -> str:
    """The table as ``view.seat`` sees it (compact to fit ``width`` × ``height``
    when they are given)."""
    o: Mapping[str, Any] = view.observation
    seat = view.seat
    french = style.lang == "fr"
    narrow = width is not None and width < 70
    out: list[str] = []
    blocks: list[Block] = []
    game_title = view.game.info.title_text(style.lang)
    if french:
        parts = [f"donne {o['deal']} sur {o['deals']}", f"donneur : {names[o['dealer']]}"]
        source = "défausse remélangée" if o["from_discards"] else ""
    else:
        parts = [f"deal {o['deal']} of {o['deals']}", f"dealer: {names[o['dealer']]}"]
        source = "from the shuffled discards" if o["from_discards"] else ""
    blocks.append((0, [style.bold(heading([game_title, *parts, source]))]))
    row_word, column_word = ("ligne", "colonne") if french else ("row", "column")
    if narrow:
        row_word, column_word = ("lig.", "col.") if french else ("row", "col")
    total_word = "tot." if narrow and french else "total"
    players = []
    for player in range(3):
        line = o["owned_lines"][player]
        row, column = o["line_scores"][player]
        # The star marks the seat whose view this is, where its name does not
        # already say so (hot seat: "Player 2 *"); "You" needs no mark.
        you = " *" if player == seat and names[player] not in ("You", "Vous") else ""
        # Narrow (the full screen at 80 columns): every line fits 46 columns in
        # both languages, so the total never wraps onto a line of its own.
        players.append(
            f"  {pad(names[player] + you, 9 if narrow else 16)} {row_word} {line + 1} "
            f"{_value(row):>4}{'  ' if narrow else ' · '}{column_word} {COLUMN_LETTERS[line]} "
            f"{_value(column):>4}{' ' if narrow else '   '}{total_word} {o['totals'][player]:>4}"
        )
    blocks.append((0, players))
    blocks.append((2, [""]))
    blocks.append((0, coffin_lines(o, names, style)))
    blocks.append((2, [""]))
    empty = "(vide)" if french else "(empty)"
    blocks.append(
        (0, [f"{'Votre main :' if french else 'Your hand:'} {style.cards(o['hand']) or empty}"])
    )
    this_deal = [entry for entry in o["log"] if entry[0] == o["deal"]]
    if this_deal and o["result"] is None:
        moves = [
            _turn_said(names[player], cell, taken, put, style)
            for _deal, player, cell, taken, put in this_deal
        ]
        moves = [move + (" ;" if french else ";") for move in moves[:-1]] + [moves[-1] + "."]
        blocks.append((1, wrap_words("Cette donne :" if french else "This deal:", moves, width)))
    if o["result"] is not None:
        out = [line for _, block in blocks for line in block]
        bonus_seat, bonus = o["result"][3], o["result"][4]
        if bonus_seat >= 0:
            out.append(_bonus_sentence(names[bonus_seat], bonus, french))
        listed = ", ".join(f"{names[p]} {o['result'][p]}" for p in range(3))
        out.append(f"Partie terminée : {listed}." if french else f"Game over: {listed}.")
        return "\n".join(out)
    out = []
    current = o["current_player"]
    if current is not None:
        if o["phase"] == "take":
            if french:
                who = "À vous" if current == seat else f"À {names[current]}"
                out.append(f"{who} : prendre une carte face cachée.")
            else:
                who = "Your turn" if current == seat else f"{names[current]}'s turn"
                out.append(f"{who}: take a face-down card.")
        elif o["taken_card"]:
            card, cell = style.card(o["taken_card"]), o["taken_cell"]
            out.append(
                f"Vous avez pris {card} en {cell} : posez-y une carte de votre main."
                if french
                else f"You took {card} from {cell}: put a card from your hand into {cell}."
            )
        elif french:
            out.append(f"{names[current]} a pris {o['taken_cell']} et y pose une carte.")
        else:
            out.append(f"{names[current]} took {o['taken_cell']} and puts a card there.")
    blocks.append((0, out))
    return fit_blocks(blocks, height, width)


def _bonus_sentence(name: str, bonus: int, french: bool) -> str:
    if french:
        verb = "ajoutez" if name == "Vous" else "ajoute"
        return f"Bonus de fin : {name} {verb} {bonus}."
    verb = "add" if name == "You" else "adds"
    return f"End bonus: {name} {verb} {bonus}."


# ----- sentences from events ------------------------------------------------------------

_WORDS: Templates = {
    "en": {
        "face_down": "A card face down in {cell}.",
        "face_down_shown": "{card} face down in {cell}.",
        "taken": "{name} [takes|take] the face-down card from {cell}.",
        "taken_shown": "{name} [takes|take] {card} from {cell}.",
        "put": "{name} [puts|put] {card} face up in {cell}.",
        "shuffled": "The stock is used up: the {count} discards are shuffled for the last coffin.",
        "scored": "Deal {deal} scored: {scores}; totals {totals}.",
        "seat_score": "{name} {score} (row {row} {row_value}, column {column} {column_value})",
    },
    "fr": {
        "face_down": "Une carte face cachée en {cell}.",
        "face_down_shown": "{card} face cachée en {cell}.",
        "taken": "{name} [prend|prenez] la carte cachée en {cell}.",
        "taken_shown": "{name} [prend|prenez] {card} en {cell}.",
        "put": "{name} [pose|posez] {card} face visible en {cell}.",
        "shuffled": "Le talon est épuisé : les {count} cartes défaussées sont mélangées pour "
        "le dernier cercueil.",
        "scored": "Donne {deal} comptée : {scores} ; totaux {totals}.",
        "seat_score": "{name} {score} (ligne {row} {row_value}, colonne {column} {column_value})",
    },
}


def sentence(event: Event, names: Sequence[str], style: Style) -> str | None:
    """A sentence for an event of Thracula (None: a shared kind said by
    ``parlour.render.narration``)."""
    kind = event.kind
    values = event.__dict__
    if kind == "card_played":
        name = seat_name(names, values["seat"], style)
        card = card_said(values["card"], style)
        return say(
            _WORDS, style, "put", name, name=name, card=card, cell=CELL_NAMES[values["cell"]]
        )
    shared = coffin_sentence(event, names, style)
    if shared is not None:
        return shared
    if kind == "card_laid_face_down":
        cell = CELL_NAMES[values["cell"]]
        if values["card"] is None:
            return say(_WORDS, style, "face_down", cell=cell)
        card = card_said(values["card"], style)
        return capitalised(say(_WORDS, style, "face_down_shown", card=card, cell=cell))
    if kind == "card_taken_from_cell":
        name = seat_name(names, values["seat"], style)
        cell = CELL_NAMES[values["cell"]]
        if values["card"] is None:
            return say(_WORDS, style, "taken", name, name=name, cell=cell)
        card = card_said(values["card"], style)
        return say(_WORDS, style, "taken_shown", name, name=name, card=card, cell=cell)
    if kind == "discards_shuffled":
        return say(_WORDS, style, "shuffled", count=values["count"])
    if kind == "coffin_scored":
        parts = []
        for seat, line in enumerate(values["owned_lines"]):
            parts.append(
                say(
                    _WORDS,
                    style,
                    "seat_score",
                    name=seat_name(names, seat, style),
                    score=values["scores"][seat],
                    row=line + 1,
                    row_value=values["rows"][line],
                    column=COLUMN_LETTERS[line],
                    column_value=values["columns"][line],
                )
            )
        scored = say(
            _WORDS,
            style,
            "scored",
            deal=values["deal"],
            scores=", ".join(parts),
            totals=scores_text(names, values["totals"], style),
        )
        return "\n".join([scored, *coffin_explained(event, names, style)])
    return None
