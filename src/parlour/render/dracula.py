"""Terminal rendering of two-player Dracula (reads only the View)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from parlour.core.game import View
from parlour.render import Style, pad

WAY = {"rows": "rows (Queen's way)", "columns": "columns (King's way)"}


def _value(value: int | None) -> str:
    return "·" if value is None else str(value)


def coffin_lines(
    coffin: Sequence[str | None],
    rows: Sequence[int | None],
    columns: Sequence[int | None],
    style: Style,
) -> list[str]:
    """The coffin as a 3×3 grid with each full line's value beside it."""
    lines = ["        a      b      c       row"]
    for row in range(3):
        cells = []
        for column in range(3):
            card = coffin[row * 3 + column]
            cells.append("[" + pad(style.card(card) if card else "", 4) + "]")
        lines.append(f"   {row + 1}  " + " ".join(cells) + f"   {_value(rows[row]):>4}")
    lines.append("  col   " + "".join(f"{_value(value):<7}" for value in columns))
    return lines


def render(view: View, style: Style, names: Sequence[str]) -> str:
    """The table as ``view.seat`` sees it."""
    o: Mapping[str, Any] = view.observation
    seat = view.seat
    out: list[str] = []
    deal = (
        f"deal {o['deal']} of {o['deals']}"
        if not o["from_waste"]
        else f"deal {o['deal']} (from the waste)"
    )
    game = f"game {o['session_game']} · " if o["session_game"] > 1 else ""
    out.append(style.bold(f"Dracula · {game}{deal} · dealer: {names[o['dealer']]}"))
    if o["cut"]:
        out.append(
            f"Cut: {names[0]} {style.card(o['cut'][0])}, {names[1]} {style.card(o['cut'][1])}: "
            f"{names[o['first_dealer']]} dealt first."
        )
    directions = o["directions"]
    unit = "cards" if o["scoring"] == "cards" else "points"
    for player in range(2):
        way = WAY[directions[player]] if directions[player] else "direction not chosen yet"
        extra = ""
        if o["session_target"] is not None:
            extra = f" · session {o['session_totals'][player]}"
        out.append(f"  {pad(names[player], 10)} {way:<22} {o['totals'][player]:>4} {unit}{extra}")
    out.append("")
    out.extend(coffin_lines(o["coffin"], o["row_values"], o["column_values"], style))
    out.append("")
    out.append(
        f"Your hand: {style.cards(o['hand']) or '(empty)'}"
        f"    {names[1 - seat]} holds {o['hand_sizes'][1 - seat]} · stock {o['stock']}"
        + (f" · waste {o['waste']}" if o["scoring"] == "cards" else "")
    )
    if o["scoring"] == "cards" and (o["won"][0] or o["won"][1]):
        out.append("Won: " + " · ".join(f"{names[p]} {len(o['won'][p])}" for p in range(2)))
    current = o["current_player"]
    if o["phase"] == "direction":
        out.append(f"{names[current]} chooses: rows (Queen's way) or columns (King's way).")
    elif o["phase"] == "take":
        out.append(f"{names[current]} takes {o['takes_left']} more card(s) from the coffin.")
    elif current is not None:
        out.append(f"{names[current]} to play.")
    return "\n".join(out)


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
            unit = "card(s) to take" if after["scoring"] == "cards" else "points"
            sentences.append(
                f"Deal {deal} scored ({note}): {names[0]} {first}, {names[1]} {second} {unit}."
            )
    if len(after["game_results"]) > len(before["game_results"]):
        first, second, bonus_seat, bonus = after["game_results"][-1]
        if bonus_seat >= 0:
            sentences.append(f"End bonus: {names[bonus_seat]} adds {bonus}.")
        sentences.append(f"Game over: {names[0]} {first}, {names[1]} {second}.")
    return sentences
