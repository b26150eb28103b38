"""The replay of a finished game, frame by frame, for the browser's viewer.

:func:`replay_frames` rebuilds a finished table's match from its record (the
history the table holds, which ``GET /api/tables/{id}/record`` serves once the
game is over) and answers what a viewer steps through: one frame after each
player's move (with the chance steps that followed it, such as a new deal's
cards), and, after a move that ended a deal or a coffin, a frame of that
finished deal first: the finished coffin full, its line values, the deal's own
number and dealer, never the next deal's.

Each frame holds the observation of the seat asked for (None: the public view,
no hand) and the log sentences of its steps as that seat saw them. The game is
over, so the record shows every card anyway: any seat's view is allowed, but
nothing outside the record (no token, no seat's connection) goes in.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from parlour.core.cards import format_card
from parlour.core.events import Event
from parlour.core.game import CHANCE, State
from parlour.core.seat_names import seat_name_in
from parlour.render import Style
from parlour.render.narration import dealing_kinds, dealing_sentence, seat_sentence, sentence
from parlour.table import Table

DEAL_KEYS = (
    "session_game",
    "deal",
    "dealer",
    "first_dealer",
    "owned_lines",
    "coffin_number",
    "from_waste",
    "from_discards",
    "directions",
    "side_directions",
)
"""Observation keys that name a deal (its number, dealer, line owners and
directions): a finished deal's frame takes them from its own deal."""


def _observe(state: State, seat: int | None) -> dict[str, Any]:
    return dict(state.public_observation() if seat is None else state.observation(seat))


def _finished_deal(after: dict[str, Any], before: dict[str, Any], closing: Event) -> dict[str, Any]:
    """``after`` (the table right after the closing move) headed by the deal of
    ``before`` and, for a coffin the rules cleared as they scored it, with that
    coffin drawn full with its line values."""
    frame = dict(after)
    for key in DEAL_KEYS:
        if frame.get(key) is not None and key in before:
            frame[key] = before[key]
    cards = getattr(closing, "cards", None)
    if closing.kind == "coffin_scored" and cards and "coffin" in frame:
        # As the observation writes a coffin: card texts, None for an empty cell
        # (card 0 is A♠, not an empty cell).
        frame["coffin"] = [format_card(card) if card >= 0 else None for card in cards]
        frame["row_values"] = list(getattr(closing, "rows", ()))
        frame["column_values"] = list(getattr(closing, "columns", ()))
        if "face_down" in frame:
            frame["face_down"] = [False] * len(cards)
    return frame


def _sentences(
    game_name: str,
    events: Sequence[Event],
    names: Sequence[str],
    style: Style,
    seat: int | None,
) -> list[str]:
    """The events as ``seat``'s log sentences (its own cards played for it said
    so, as at the table), a run of dealt cards folded into one."""
    dealing = dealing_kinds(game_name)
    lines: list[str] = []
    run: list[Event] = []
    for event in [*events, None]:
        if event is not None and event.kind in dealing:
            run.append(event)
            continue
        if len(run) > 1:
            lines.append(dealing_sentence(game_name, run, names, style))
        elif run:
            lines.append(sentence(game_name, run[0], names, style))
        run = []
        if event is not None:
            lines.append(seat_sentence(game_name, event, names, style, seat))
    return lines


def replay_frames(
    table: Table, seat: int | None, names: Sequence[str], lang: str
) -> dict[str, Any]:
    """A finished table's replay as ``seat`` (None: a spectator) saw it, in
    ``lang``: ``{"game", "seat", "names", "frames"}``, each frame ``{"view",
    "log", "deal_end", "move"}`` (``move``: the text of the move that led to it,
    its ``seat``). Built anew at each call: the server keeps the bytes it sends
    (``parlour.web.served``), within its byte budget."""
    return replay_of_state(table.snapshot(), seat, names, lang)


def replay_of_state(
    final: State, seat: int | None, names: Sequence[str], lang: str
) -> dict[str, Any]:
    """:func:`replay_frames` of a finished match's final state (a review
    process builds it from the match's record, away from the server's loop)."""
    if not final.is_terminal():
        raise ValueError("a replay is made of a finished game only")
    game_name = final.game.info.name
    names = [seat_name_in(name, index, lang) for index, name in enumerate(names)]
    style = Style(lang=lang)
    by_step: dict[int, list[Event]] = {}
    for step, event in final.event_log(seat):
        by_step.setdefault(step, []).append(event)
    history = final.history
    state = final.game.new_initial_state()
    index = 0
    events: list[Event] = []

    def run_chance() -> None:
        nonlocal index
        while index < len(history) and state.current_player() == CHANCE:
            events.extend(by_step.get(index, []))
            state.apply_action(history[index])
            index += 1

    run_chance()
    frames: list[dict[str, Any]] = [
        {
            "view": _observe(state, seat),
            "log": _sentences(game_name, events, names, style, seat),
            "deal_end": False,
            "move": None,
            "sheet": state.full_sheet().to_json(),
        }
    ]
    while index < len(history):
        actor = state.current_player()
        action = history[index]
        move = {"seat": actor, "text": state.action_to_string(action)}
        before = _observe(state, seat)
        own = by_step.get(index, [])
        state.apply_action(action)
        index += 1
        closing = [event for event in own if type(event).ends_deal]
        events = list(own)
        if closing:
            frames.append(
                {
                    "view": _finished_deal(_observe(state, seat), before, closing[-1]),
                    "log": _sentences(game_name, events, names, style, seat),
                    "deal_end": True,
                    "move": move,
                    "sheet": state.full_sheet().to_json(),
                }
            )
            events = []
            if index >= len(history):
                break
        run_chance()
        frames.append(
            {
                "view": _observe(state, seat),
                "log": _sentences(game_name, events, names, style, seat),
                "deal_end": False,
                "move": None if closing else move,
                "sheet": state.full_sheet().to_json(),
            }
        )
    return {"game": game_name, "seat": seat, "names": list(names), "frames": frames}
