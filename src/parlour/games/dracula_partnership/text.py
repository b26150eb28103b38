"""Terminal rendering of partnership Dracula (reads only the View)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from parlour.core.events import Event
from parlour.core.game import View
from parlour.games._coffin.text import (
    coffin_explained,
    coffin_lines,
    coffin_sentence,
    direction_sentence,
    lines_text,
)
from parlour.render import Block, Style, fit_blocks, heading, pad, wrap_words
from parlour.render.narration import Templates, card_said, names_of, say, seat_name

WAY = {"rows": "rows (Queen's way)", "columns": "columns (King's way)"}
WAY_FR = {"rows": "lignes (voie de la Reine)", "columns": "colonnes (voie du Roi)"}
SIDE_NAMES = ("North–South", "East–West")
"""Side 0 is seats 0 and 2, side 1 seats 1 and 3."""


def _side_members(side: int, names: Sequence[str]) -> str:
    return f"{names[side]} & {names[side + 2]}"


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
    ways = WAY_FR if french else WAY
    title = view.game.info.title_text(style.lang)
    blocks: list[Block] = []
    # No-break spaces inside each part: a narrow header wraps between its
    # parts, never inside one ("coffin 2 of" / "6").
    if french:
        deal = f"donne\u00a0{o['deal']}\u00a0sur\u00a0{o['deals']}"
        coffin = f"cercueil\u00a0{o['coffin_number']}\u00a0sur\u00a06" if o["coffin_number"] else ""
        dealer = f"donneur : {names[o['dealer']]}"
        blocks.append((0, [style.bold(heading([title, deal, coffin, dealer]))]))
    else:
        deal = f"deal\u00a0{o['deal']}\u00a0of\u00a0{o['deals']}"
        coffin = f"coffin\u00a0{o['coffin_number']}\u00a0of\u00a06" if o["coffin_number"] else ""
        dealer = f"dealer: {names[o['dealer']]}"
        blocks.append((0, [style.bold(heading([title, deal, coffin, dealer]))]))
    sides = []
    for side in range(2):
        direction = o["side_directions"][side]
        if direction:
            way = ways[direction].split(" (")[0] if narrow else ways[direction]
        else:
            # Short when narrow, so that the points stay on their line (issue 31, point 10).
            if narrow:
                way = "à choisir" if french else "not chosen"
            else:
                way = "sens pas encore choisi" if french else "direction not chosen yet"
        mark = ""
        if seat % 2 == side:
            # Narrow: a star, only where no name of the side already says "You".
            you = names[seat] in ("You", "Vous")
            mark = (
                ("" if you else " *")
                if narrow
                else (" (votre équipe)" if french else " (your side)")
            )
        members = pad(_side_members(side, names) + mark, 18 if narrow else 28)
        # Once the game is over, each side's result, the end bonus included.
        total = o["result"][side] if o["result"] is not None else o["totals"][side]
        sides.append(f"  {members} {way:<{9 if narrow else 26}} {total:>4} points")
    blocks.append((0, sides))
    blocks.append((2, [""]))
    blocks.append((0, coffin_lines(o["coffin"], o["row_values"], o["column_values"], style)))
    blocks.append((2, [""]))
    empty = "(vide)" if french else "(empty)"
    blocks.append(
        (0, [f"{'Votre main :' if french else 'Your hand:'} {style.cards(o['hand']) or empty}"])
    )
    others = []
    for player in range(4):
        if player == seat:
            continue
        if french:
            role = "partenaire" if player == o["partner"] else "adversaire"
            vampire = ", a un Vampire" if player in o["vampire_holders"] else ""
            count = f"{o['hand_sizes'][player]} carte" + (
                "s" if o["hand_sizes"][player] > 1 else ""
            )
        else:
            role = "partner" if player == o["partner"] else "opponent"
            vampire = ", holds a Vampire" if player in o["vampire_holders"] else ""
            count = f"{o['hand_sizes'][player]} card" + (
                "s" if o["hand_sizes"][player] != 1 else ""
            )
        others.append(f"{names[player]} ({role}) {count}{vampire}")
    if width is None:
        blocks.append((0, ["  " + " · ".join(others)]))
    else:
        blocks.append((0, ["  " + other for other in others]))
    if o["plays"]:
        plays = [_play_text(play, style) for play in o["plays"]]
        blocks.append((1, wrap_words("Ce cercueil :" if french else "This coffin:", plays, width)))
    out: list[str] = []
    if o["result"] is not None:
        first, second, bonus_side, bonus = o["result"]
        if bonus_side >= 0:
            out.append(_bonus_sentence(_side_members(bonus_side, names), bonus, french))
        out.append(_over_sentence(names, first, second, french))
        blocks.append((0, out))
        return fit_blocks(blocks, height, width)
    current = o["current_player"]
    if o["phase"] == "direction":
        team = _side_members(current % 2, names)
        if french:
            who = "Vous choisissez" if current == seat else f"{names[current]} choisit"
            out.append(f"{who} pour {team} : lignes (voie de la Reine) ou colonnes (voie du Roi).")
        else:
            who = "You choose" if current == seat else f"{names[current]} chooses"
            out.append(f"{who} for {team}: rows (Queen's way) or columns (King's way).")
    elif current is not None:
        if not o["plays"]:
            if french:
                who = "Vous posez" if current == seat else f"{names[current]} pose"
                out.append(f"{who} le premier clou (au centre, b2).")
            else:
                who = "You lay" if current == seat else f"{names[current]} lays"
                out.append(f"{who} the first nail (the centre, b2).")
        elif french:
            out.append(
                "À vous : posez une carte dans une case vide voisine d'une case pleine."
                if current == seat
                else f"À {names[current]} de jouer."
            )
        else:
            out.append(
                "Your turn: put a card in an empty cell beside a filled one."
                if current == seat
                else f"{names[current]} to play."
            )
    blocks.append((0, out))
    return fit_blocks(blocks, height, width)


def _play_text(play: str, style: Style) -> str:
    """A play of this coffin (``KS b2``) with its card drawn (``K♠ b2``)."""
    card, _, cell = play.partition(" ")
    try:
        return f"{style.card(card)} {cell}".strip()
    except ValueError:
        return play


def move_groups(view: View) -> list[tuple[str, list[int]]]:
    """The legal plays grouped by card (pick the card, then the cell); a single group
    when every card has one cell only (the first nail goes to b2)."""
    groups: dict[str, list[int]] = {}
    for action, text in zip(view.legal_actions, view.action_texts, strict=True):
        key = text.split()[0] if len(text.split()) == 2 else text
        groups.setdefault(key, []).append(action)
    if all(len(actions) == 1 for actions in groups.values()):
        return [("moves", list(view.legal_actions))]
    return list(groups.items())


def _bonus_sentence(team: str, bonus: int, french: bool) -> str:
    if french:
        return f"Bonus de fin : {team} ajoutent {bonus}."
    return f"End bonus: {team} add {bonus}."


def _over_sentence(names: Sequence[str], first: int, second: int, french: bool) -> str:
    scores = f"{_side_members(0, names)} {first}, {_side_members(1, names)} {second}"
    return f"Partie terminée : {scores}." if french else f"Game over: {scores}."


# ----- sentences from events ------------------------------------------------------------

_WORDS: Templates = {
    "en": {
        "vampire_given": "{name} [receives|receive] {card}.",
        "game_ended": "Game over: {scores}.",
        "coffin_scored": "Deal {deal}, coffin {number} scored ({lines}): {scores}; "
        "totals {totals}.",
    },
    "fr": {
        "vampire_given": "{name} [reçoit|recevez] {card}.",
        "game_ended": "Partie terminée : {scores}.",
        "coffin_scored": "Donne {deal}, cercueil {number} compté ({lines}) : {scores} ; "
        "totaux {totals}.",
    },
}


def _sides_text(names: Sequence[str], by_seat: Sequence[int], style: Style) -> str:
    """``Ann and Cy 32, Bob and Dan 22`` from per-seat values (partners share them)."""
    return ", ".join(
        f"{names_of(names, (side, side + 2), style)} {by_seat[side]}" for side in range(2)
    )


def sentence(event: Event, names: Sequence[str], style: Style) -> str | None:
    """A sentence for an event of partnership Dracula (None: a shared kind said by
    ``parlour.render.narration``)."""
    shared = coffin_sentence(event, names, style)
    if shared is not None:
        return shared
    kind = event.kind
    values = event.__dict__
    if kind == "direction_chosen":
        seat = values["seat"]
        others = (seat + 1) % 4, (seat + 3) % 4
        return direction_sentence(
            seat_name(names, seat, style),
            names_of(names, sorted(others), style),
            values["direction"],
            style,
            plural=True,
        )
    if kind == "game_ended":
        scores = _sides_text(names, values["scores"], style)
        return say(_WORDS, style, "game_ended", scores=scores)
    if kind == "vampire_given":
        name = seat_name(names, values["seat"], style)
        return say(
            _WORDS, style, "vampire_given", name, name=name, card=card_said(values["card"], style)
        )
    if kind == "coffin_scored":
        scored = say(
            _WORDS,
            style,
            "coffin_scored",
            deal=values["deal"],
            number=values["number"],
            lines=lines_text(event, style),
            scores=_sides_text(names, values["scores"], style),
            totals=_sides_text(names, values["totals"], style),
        )
        return "\n".join([scored, *coffin_explained(event, names, style)])
    return None
