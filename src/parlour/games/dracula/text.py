"""Terminal rendering of two-player Dracula (reads only the View)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from parlour.core.cards import parse_card
from parlour.core.events import Event
from parlour.core.game import View
from parlour.games._coffin.text import (
    COFFIN_WORDS,
    coffin_explained,
    coffin_lines,
    coffin_sentence,
    direction_sentence,
    lines_text,
)
from parlour.games.dracula.rules import cut_reason
from parlour.render import Block, Style, fit_blocks, heading, pad, visible_width, wrap_words
from parlour.render.narration import (
    card_said,
    count_of,
    say,
    scores_text,
    seat_name,
)

SCREEN_CAPTURES: tuple[tuple[str, str, dict[str, object], int], ...] = (("fr", "fr", {}, 4),)
"""The full-screen table's text captures (docs/screens/) beyond the default one:
(file name suffix, language, options, seed), read by ``parlour.tui.capture``."""

WAY = {"rows": "rows (Queen's way)", "columns": "columns (King's way)"}

_WORDS: dict[str, dict[str, str]] = {
    "en": {
        "deal": "deal {deal} of {deals}",
        "deal_waste": "deal {deal} (from the waste)",
        "game": "game {number} · ",
        "dealer": "dealer:",
        "cut": "Cut: {first} {first_card}, {second} {second_card}: {reason}, so {name} dealt "
        "first.",
        "cut_you": "Cut: {first} {first_card}, {second} {second_card}: {reason}, so you dealt "
        "first.",
        "cut_red": "a red card beats a black one",
        "cut_heart": "a heart beats a diamond",
        "cut_higher_heart": "the higher heart wins",
        "cut_higher_diamond": "the higher diamond wins",
        "rows": "rows (Queen's way)",
        "columns": "columns (King's way)",
        "no_way": "direction not chosen yet",
        "no_way_short": "not chosen yet",
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
        "take": "{name} takes {count} more {cards} from the coffin.",
        "take_you": "{name} take {count} more {cards} from the coffin.",
        "to_play": "{name} to play.",
        "scored": "Deal {deal} scored ({note}): {first} {first_score}, {second} {second_score} "
        "{unit}.",
        "unit_cards": "cards to take",
        "card_one": "card",
        "card_many": "cards",
        "rows_short": "rows",
        "columns_short": "columns",
        "bonus": "End bonus: {name} adds {bonus}.",
        "bonus_you": "End bonus: {name} add {bonus}.",
        "over": "Game over: {first} {first_score}, {second} {second_score}.",
    },
    "fr": {
        "deal": "donne {deal} sur {deals}",
        "deal_waste": "donne {deal} (avec la défausse)",
        "game": "partie {number} · ",
        "dealer": "donneur :",
        "cut": "Coupe : {first} {first_card}, {second} {second_card} : {reason}, donc {name} "
        "donne en premier.",
        "cut_you": "Coupe : {first} {first_card}, {second} {second_card} : {reason}, donc vous "
        "donnez en premier.",
        "cut_red": "une carte rouge bat une noire",
        "cut_heart": "un cœur bat un carreau",
        "cut_higher_heart": "le plus fort cœur l'emporte",
        "cut_higher_diamond": "le plus fort carreau l'emporte",
        "rows": "lignes (voie de la Reine)",
        "columns": "colonnes (voie du Roi)",
        "no_way": "sens pas encore choisi",
        "no_way_short": "sens à choisir",
        "cards": "cartes",
        "points": "points",
        "session": "séance",
        "hand": "Votre main :",
        "empty": "(vide)",
        "holds": "{name} a {count} · talon {stock}",
        "waste": "défausse",
        "won": "Gagnées :",
        "choose": "{name} choisit : lignes (voie de la Reine) ou colonnes (voie du Roi).",
        "choose_you": "{name} choisissez : lignes (voie de la Reine) ou colonnes (voie du Roi).",
        "take": "{name} prend encore {count} {cards} du cercueil.",
        "take_you": "{name} prenez encore {count} {cards} du cercueil.",
        "to_play": "À {name} de jouer.",
        "to_play_you": "À vous de jouer.",
        "scored": "Donne {deal} comptée ({note}) : {first} {first_score}, {second} "
        "{second_score} {unit}.",
        "unit_cards": "cartes à prendre",
        "card_one": "carte",
        "card_many": "cartes",
        "rows_short": "lignes",
        "columns_short": "colonnes",
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
    lang = style.lang
    narrow = width is not None and width < 60
    if o["from_waste"]:
        deal = _say(lang, "deal_waste", deal=o["deal"])
    else:
        deal = _say(lang, "deal", deal=o["deal"], deals=o["deals"])
    game = _say(lang, "game", number=o["session_game"]) if o["session_game"] > 1 else ""
    dealer = _say(lang, "dealer")
    title = view.game.info.title_text(lang)
    blocks: list[Block] = [
        (0, [style.bold(heading([title, f"{game}{deal}", f"{dealer} {names[o['dealer']]}"]))])
    ]
    if o["cut"]:
        cut = _say(
            lang,
            "cut",
            first=names[0],
            first_card=style.card(o["cut"][0]),
            second=names[1],
            second_card=style.card(o["cut"][1]),
            name=names[o["first_dealer"]],
            reason=_say(lang, "cut_" + cut_reason(*map(parse_card, o["cut"]))),
        )
        # Broken between words on a narrow screen (the French line is long), never
        # before a colon (French puts a no-break space there).
        words = cut.replace(" :", "\u00a0:").split(" ")
        blocks.append((3, wrap_words("", words, width, indent=2)))
    directions = o["directions"]
    unit = _say(lang, "cards" if o["scoring"] == "cards" else "points")
    # Once the game is over each seat shows its result, the end bonus included
    # (the log and the score sheet say the same figure).
    totals = o["game_results"][-1][:2] if o["phase"] == "over" else o["totals"]
    players = []
    for player in range(2):
        if directions[player]:
            way = _say(lang, directions[player] + ("_short" if narrow else ""))
        else:
            # Short when narrow, so that "0 points" stays on its line (issue 31, point 10).
            way = _say(lang, "no_way_short" if narrow else "no_way")
        extra = ""
        if o.get("session_target") is not None:  # a session of several games
            extra = f" · {_say(lang, 'session')} {o['session_totals'][player]}"
        way_width = (10 if directions[player] else 14) if narrow else 26
        players.append(
            f"  {pad(names[player], 10)} {way:<{way_width}} {totals[player]:>4} {unit}{extra}"
        )
    blocks.append((0, players))
    blocks.append((2, [""]))
    blocks.append((0, coffin_lines(o["coffin"], o["row_values"], o["column_values"], style)))
    blocks.append((2, [""]))
    holds = _say(
        lang, "holds", name=names[1 - seat], count=o["hand_sizes"][1 - seat], stock=o["stock"]
    )
    if o["scoring"] == "cards":
        holds += f" · {_say(lang, 'waste')} {o['waste']}"
    hand = f"{_say(lang, 'hand')} {style.cards(o['hand']) or _say(lang, 'empty')}"
    if width is not None and visible_width(hand) + 4 + visible_width(holds) > width:
        blocks.append((0, [hand, "  " + holds]))
    else:
        blocks.append((0, [f"{hand}    {holds}"]))
    if o["scoring"] == "cards" and (o["won"][0] or o["won"][1]):
        blocks.append(
            (
                1,
                [
                    f"{_say(lang, 'won')} "
                    + " · ".join(f"{names[p]} {len(o['won'][p])}" for p in range(2))
                ],
            )
        )
    current = o["current_player"]
    if o["phase"] == "direction":
        blocks.append((0, [_say(lang, "choose", name=names[current])]))
    elif o["phase"] == "take":
        count = o["takes_left"]
        cards = _say(lang, "card_one" if count == 1 else "card_many")
        blocks.append((0, [_say(lang, "take", name=names[current], count=count, cards=cards)]))
    elif current is not None:
        blocks.append((0, [_say(lang, "to_play", name=names[current])]))
    return fit_blocks(blocks, height, width)


# ----- sentences from events ------------------------------------------------------------


def sentence(event: Event, names: Sequence[str], style: Style) -> str | None:
    """A sentence for an event of two-player Dracula (None: a shared kind said by
    ``parlour.render.narration``)."""
    shared = coffin_sentence(event, names, style)
    if shared is not None:
        return shared
    kind = event.kind
    values = event.__dict__
    if kind == "direction_chosen":
        seat = values["seat"]
        return direction_sentence(
            seat_name(names, seat, style),
            seat_name(names, 1 - seat, style),
            values["direction"],
            style,
        )
    if kind == "coffin_scored":
        scored = say(
            COFFIN_WORDS,
            style,
            "deal_scored",
            deal=values["deal"],
            lines=lines_text(event, style),
            scores=scores_text(names, values["scores"], style),
        )
        if values["totals"]:
            totals = scores_text(names, values["totals"], style)
            scored = say(COFFIN_WORDS, style, "totals", scored=scored[:-1], totals=totals)
        return "\n".join([scored, *coffin_explained(event, names, style)])
    if kind == "card_cut":
        name = seat_name(names, values["seat"], style)
        return say(
            COFFIN_WORDS, style, "card_cut", name, name=name, card=card_said(values["card"], style)
        )
    if kind == "cards_to_take":
        if values["seat"] is None:
            return say(COFFIN_WORDS, style, "cards_tied", line=values["line"])
        name = seat_name(names, values["seat"], style)
        count = count_of(
            values["count"],
            say(COFFIN_WORDS, style, "card"),
            say(COFFIN_WORDS, style, "cards"),
        )
        return say(
            COFFIN_WORDS, style, "cards_to_take", name, name=name, line=values["line"], count=count
        )
    if kind == "card_taken":
        name = seat_name(names, values["seat"], style)
        return say(
            COFFIN_WORDS,
            style,
            "card_taken",
            name,
            name=name,
            card=card_said(values["card"], style),
        )
    if kind == "waste_turned":
        count = count_of(
            values["count"], say(COFFIN_WORDS, style, "card"), say(COFFIN_WORDS, style, "cards")
        )
        return say(COFFIN_WORDS, style, "waste_turned", count=count)
    return None
