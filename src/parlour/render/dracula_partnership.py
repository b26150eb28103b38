"""Terminal rendering of partnership Dracula (reads only the View)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from parlour.core.game import View
from parlour.render import Style, pad
from parlour.render.dracula import coffin_lines

WAY = {"rows": "rows (Queen's way)", "columns": "columns (King's way)"}
SIDE_NAMES = ("North–South", "East–West")
"""Side 0 is seats 0 and 2, side 1 seats 1 and 3."""


def _side_members(side: int, names: Sequence[str]) -> str:
    return f"{names[side]} & {names[side + 2]}"


def render(view: View, style: Style, names: Sequence[str]) -> str:
    """The table as ``view.seat`` sees it."""
    o: Mapping[str, Any] = view.observation
    seat = view.seat
    out: list[str] = []
    deal = f"deal {o['deal']} of {o['deals']}"
    coffin = f" · coffin {o['coffin_number']} of 6" if o["coffin_number"] else ""
    out.append(
        style.bold(f"Dracula (partnerships) · {deal}{coffin} · dealer: {names[o['dealer']]}")
    )
    for side in range(2):
        direction = o["side_directions"][side]
        way = WAY[direction] if direction else "direction not chosen yet"
        mark = " (your side)" if seat % 2 == side else ""
        members = pad(_side_members(side, names) + mark, 28)
        out.append(f"  {members} {way:<22} {o['totals'][side]:>4} points")
    out.append("")
    out.extend(coffin_lines(o["coffin"], o["row_values"], o["column_values"], style))
    out.append("")
    out.append(f"Your hand: {style.cards(o['hand']) or '(empty)'}")
    others = []
    for player in range(4):
        if player == seat:
            continue
        role = "partner" if player == o["partner"] else "opponent"
        vampire = ", holds a Vampire" if player in o["vampire_holders"] else ""
        others.append(f"{names[player]} ({role}) {o['hand_sizes'][player]} cards{vampire}")
    out.append("  " + " · ".join(others))
    if o["plays"]:
        out.append("This coffin: " + ", ".join(o["plays"]))
    if o["result"] is not None:
        first, second, bonus_side, bonus = o["result"]
        if bonus_side >= 0:
            out.append(f"End bonus: {_side_members(bonus_side, names)} add {bonus}.")
        out.append(
            f"Game over: {_side_members(0, names)} {first}, {_side_members(1, names)} {second}."
        )
        return "\n".join(out)
    current = o["current_player"]
    if o["phase"] == "direction":
        out.append(
            f"{names[current]} chooses for {_side_members(current % 2, names)}: "
            "rows (Queen's way) or columns (King's way)."
        )
    elif current is not None:
        if not o["plays"]:
            who = "You lay" if current == seat else f"{names[current]} lays"
            out.append(f"{who} the first nail (the centre, b2).")
        else:
            out.append("Your turn." if current == seat else f"{names[current]} to play.")
    return "\n".join(out)


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


def narrate(
    before: Mapping[str, Any], after: Mapping[str, Any], names: Sequence[str], lang: str
) -> list[str]:
    """Sentences for a coffin scored and the end of the game."""
    sentences: list[str] = []
    old = len(before["scores"])
    for row, note in zip(after["scores"][old:], after["notes"][old:], strict=False):
        _number, first, second = row
        sentences.append(
            f"Coffin scored ({note}): {_side_members(0, names)} {first}, "
            f"{_side_members(1, names)} {second}."
        )
    if after["result"] is not None and before["result"] is None:
        first, second, bonus_side, bonus = after["result"]
        if bonus_side >= 0:
            sentences.append(f"End bonus: {_side_members(bonus_side, names)} add {bonus}.")
        sentences.append(
            f"Game over: {_side_members(0, names)} {first}, {_side_members(1, names)} {second}."
        )
    return sentences
