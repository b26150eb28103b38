"""Terminal rendering of two-player Dracula (reads only the View)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from parlour.core.game import View
from parlour.render import Style, pad

WAY = {"rows": "rows (Queen's way)", "columns": "columns (King's way)"}

_WORDS: dict[str, dict[str, str]] = {
    "en": {
        "deal": "deal {deal} of {deals}",
        "deal_waste": "deal {deal} (from the waste)",
        "game": "game {number} · ",
        "dealer": "dealer:",
        "cut": "Cut: {first} {first_card}, {second} {second_card}: {name} dealt first.",
        "rows": "rows (Queen's way)",
        "columns": "columns (King's way)",
        "no_way": "direction not chosen yet",
        "cards": "cards",
        "points": "points",
        "session": "session",
        "hand": "Your hand:",
        "empty": "(empty)",
        "holds": "{name} holds {count} · stock {stock}",
        "waste": "waste",
        "won": "Won:",
        "choose": "{name} chooses: rows (Queen's way) or columns (King's way).",
        "choose_you": "{name} choose: rows (Queen's way) or columns (King's way).",
        "take": "{name} takes {count} more card(s) from the coffin.",
        "take_you": "{name} take {count} more card(s) from the coffin.",
        "to_play": "{name} to play.",
        "scored": "Deal {deal} scored ({note}): {first} {first_score}, {second} {second_score} "
        "{unit}.",
        "unit_cards": "card(s) to take",
        "bonus": "End bonus: {name} adds {bonus}.",
        "bonus_you": "End bonus: {name} add {bonus}.",
        "over": "Game over: {first} {first_score}, {second} {second_score}.",
    },
    "fr": {
        "deal": "donne {deal} sur {deals}",
        "deal_waste": "donne {deal} (avec la défausse)",
        "game": "partie {number} · ",
        "dealer": "donneur :",
        "cut": "Coupe : {first} {first_card}, {second} {second_card} : {name} donne en premier.",
        "cut_you": "Coupe : {first} {first_card}, {second} {second_card} : {name} donnez en "
        "premier.",
        "rows": "lignes (voie de la Reine)",
        "columns": "colonnes (voie du Roi)",
        "no_way": "sens pas encore choisi",
        "cards": "cartes",
        "points": "points",
        "session": "séance",
        "hand": "Votre main :",
        "empty": "(vide)",
        "holds": "{name} a {count} carte(s) · talon {stock}",
        "waste": "défausse",
        "won": "Gagnées :",
        "choose": "{name} choisit : lignes (voie de la Reine) ou colonnes (voie du Roi).",
        "choose_you": "{name} choisissez : lignes (voie de la Reine) ou colonnes (voie du Roi).",
        "take": "{name} prend encore {count} carte(s) du cercueil.",
        "take_you": "{name} prenez encore {count} carte(s) du cercueil.",
        "to_play": "À {name} de jouer.",
        "scored": "Donne {deal} comptée ({note}) : {first} {first_score}, {second} "
        "{second_score} {unit}.",
        "unit_cards": "carte(s) à prendre",
        "bonus": "Bonus de fin : {name} ajoute {bonus}.",
        "bonus_you": "Bonus de fin : {name} ajoutez {bonus}.",
        "over": "Partie terminée : {first} {first_score}, {second} {second_score}.",
    },
}

_SECOND_PERSON = ("You", "Vous")


def _say(lang: str, key: str, **values: object) -> str:
    words = _WORDS.get(lang, _WORDS["en"])
    name = values.get("name")
    if name in _SECOND_PERSON and key + "_you" in words:
        key += "_you"
    return words[key].format(**values)


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
            cells.append("[" + pad(style.card(card) if card else "", 4) + "]")
        lines.append(f"   {row + 1}  " + " ".join(cells) + f"   {_value(rows[row]):>4}")
    lines.append(
        ("  col.  " if french else "  col   ") + "".join(f"{_value(value):<7}" for value in columns)
    )
    return lines


def render(view: View, style: Style, names: Sequence[str]) -> str:
    """The table as ``view.seat`` sees it."""
    o: Mapping[str, Any] = view.observation
    seat = view.seat
    lang = style.lang
    out: list[str] = []
    if o["from_waste"]:
        deal = _say(lang, "deal_waste", deal=o["deal"])
    else:
        deal = _say(lang, "deal", deal=o["deal"], deals=o["deals"])
    game = _say(lang, "game", number=o["session_game"]) if o["session_game"] > 1 else ""
    dealer = _say(lang, "dealer")
    out.append(style.bold(f"Dracula · {game}{deal} · {dealer} {names[o['dealer']]}"))
    if o["cut"]:
        out.append(
            _say(
                lang,
                "cut",
                first=names[0],
                first_card=style.card(o["cut"][0]),
                second=names[1],
                second_card=style.card(o["cut"][1]),
                name=names[o["first_dealer"]],
            )
        )
    directions = o["directions"]
    unit = _say(lang, "cards" if o["scoring"] == "cards" else "points")
    for player in range(2):
        way = _say(lang, directions[player]) if directions[player] else _say(lang, "no_way")
        extra = ""
        if o["session_totals"] != [0, 0] or o["session_game"] > 1:
            extra = f" · {_say(lang, 'session')} {o['session_totals'][player]}"
        out.append(f"  {pad(names[player], 10)} {way:<26} {o['totals'][player]:>4} {unit}{extra}")
    out.append("")
    out.extend(coffin_lines(o["coffin"], o["row_values"], o["column_values"], style))
    out.append("")
    holds = _say(
        lang, "holds", name=names[1 - seat], count=o["hand_sizes"][1 - seat], stock=o["stock"]
    )
    out.append(
        f"{_say(lang, 'hand')} {style.cards(o['hand']) or _say(lang, 'empty')}    {holds}"
        + (f" · {_say(lang, 'waste')} {o['waste']}" if o["scoring"] == "cards" else "")
    )
    if o["scoring"] == "cards" and (o["won"][0] or o["won"][1]):
        out.append(
            f"{_say(lang, 'won')} " + " · ".join(f"{names[p]} {len(o['won'][p])}" for p in range(2))
        )
    current = o["current_player"]
    if o["phase"] == "direction":
        out.append(_say(lang, "choose", name=names[current]))
    elif o["phase"] == "take":
        out.append(_say(lang, "take", name=names[current], count=o["takes_left"]))
    elif current is not None:
        out.append(_say(lang, "to_play", name=names[current]))
    return "\n".join(out)


def _note(note: str, lang: str) -> str:
    """A score note of the engine (``rows 5/20/15, columns …``) in ``lang``."""
    if lang != "fr":
        return note
    return note.replace("rows", "lignes").replace("columns", "colonnes")


def narrate(
    before: Mapping[str, Any], after: Mapping[str, Any], names: Sequence[str], lang: str
) -> list[str]:
    """Sentences for a finished deal or game."""
    sentences: list[str] = []
    if (
        len(after["scores"]) > len(before["scores"])
        or after["session_game"] > before["session_game"]
    ):
        for row, note in zip(
            after["scores"][len(before["scores"]) :],
            after["notes"][len(before["notes"]) :],
            strict=False,
        ):
            _, deal, first, second = row
            unit = _say(lang, "unit_cards") if after["scoring"] == "cards" else _say(lang, "points")
            sentences.append(
                _say(
                    lang,
                    "scored",
                    deal=deal,
                    note=_note(note, lang),
                    first=names[0],
                    first_score=first,
                    second=names[1],
                    second_score=second,
                    unit=unit,
                )
            )
    if len(after["game_results"]) > len(before["game_results"]):
        first, second, bonus_seat, bonus = after["game_results"][-1]
        if bonus_seat >= 0:
            sentences.append(_say(lang, "bonus", name=names[bonus_seat], bonus=bonus))
        sentences.append(
            _say(
                lang,
                "over",
                first=names[0],
                first_score=first,
                second=names[1],
                second_score=second,
            )
        )
    return sentences
