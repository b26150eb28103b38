"""Fixed positions to check the judge on: seeded heuristic matches stopped a
given number of moves before the end of their first deal."""

from __future__ import annotations

from parlour.bots import make_bot
from parlour.core.game import State, View
from parlour.core.registry import game_class, load_game


def late_position(name: str, seed: int, plies_left: int) -> View:
    """The View of the seat on turn in a seeded short match of ``name`` played by
    heuristic bots, about ``plies_left`` moves before its first deal ends, at a
    decision with at least two moves (the latest one before that point)."""
    game = load_game(name, **game_class(name).short_options)
    state: State = game.new_initial_state(seed=seed)
    state.record_seen_history()
    bots = [make_bot("heuristic", seed + seat) for seat in range(game.num_players)]
    states: list[State] = []
    while not state.is_terminal() and state.deals_scored() == 0:
        seat = state.current_player()
        if seat >= 0 and len(state.legal_actions()) > 1:
            states.append(state.clone())
        if seat < 0:
            state.apply_action(state.chance_outcomes()[0][0])
            continue
        state.apply_action(bots[seat].choose(state.view(seat)))
    if not states:
        raise ValueError(f"{name} (seed {seed}): no decision with a choice in the first deal")
    ends = len(state.history)
    chosen = states[0]
    for candidate in states:
        if ends - len(candidate.history) >= plies_left:
            chosen = candidate
    return chosen.view(chosen.current_player())


__all__ = ["late_position"]
