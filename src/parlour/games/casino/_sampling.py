"""Casino's sampling: a full state consistent with what one seat has seen, for
search bots (free functions; the rules call them from ``CasinoGame.sample_state``)."""

from __future__ import annotations

from parlour.core.cards import STANDARD_PACK, iter_bits
from parlour.core.game import CHANCE, State, View
from parlour.core.sampler import Rng
from parlour.games.casino._sums import VALUE
from parlour.games.casino.rules import (
    CODE_CAPTURE,
    KINDS,
    PHASE_DEAL,
    CasinoGame,
    CasinoState,
)


def sample_state(game: CasinoGame, view: View, rng: Rng) -> State:
    """A full state consistent with ``view`` (see :meth:`CasinoGame.sample_state`)."""
    seat = view.seat
    players = game.options.players
    # Pass 1: replay with a placeholder for hidden cards (the flow does not depend
    # on them), noting who got each hidden card and what each seat played per deal.
    shadow = CasinoState(game)
    hidden_slots: list[tuple[int, tuple[int, int]]] = []
    played: dict[tuple[int, tuple[int, int]], list[int]] = {}
    owned_after: list[tuple[int, tuple[int, int], int, int]] = []
    known_in_round: dict[int, int] = {}
    # Every card of a finished round was played or dealt face up, so the shadow is
    # exact at the start of a round but for its hands (placeholders, emptied
    # here): pass 2 starts from there instead of replaying the whole match.
    round_start: CasinoState | None = None
    round_start_step = 0
    for step, (actor, action) in enumerate(view.history):
        if shadow.round_index and (
            round_start is None or round_start.round_index != shadow.round_index
        ):
            round_start = shadow.clone()  # type: ignore[assignment]
            round_start_step = step
        key = (shadow.round_index, shadow.deal_index)
        if actor == CHANCE and shadow.phase == PHASE_DEAL:
            target = shadow._deal_target()
            if action is None:
                hidden_slots.append((target, key))
                shadow._apply_deal(
                    0 if shadow.stock & 1 else (shadow.stock & -shadow.stock).bit_length() - 1
                )
                continue
            known_in_round[shadow.round_index] = (
                known_in_round.get(shadow.round_index, 0) | 1 << action
            )
        elif actor >= 0 and action is not None and shadow.pending_card < 0:
            # A move's first step plays its card; later steps only choose table cards.
            card = action // KINDS
            played.setdefault((actor, key), []).append(card)
            known_in_round[shadow.round_index] = (
                known_in_round.get(shadow.round_index, 0) | 1 << card
            )
            shadow.hands[actor] |= 1 << card
        assert action is not None
        shadow._apply(action)
        if actor >= 0 and shadow.pending_card < 0:
            owned_after.append((actor, key, step, shadow._owned_values(actor)))
    current_key = (shadow.round_index, shadow.deal_index)
    # Cards still hidden in other hands this deal, and what they must include.
    counts = [0] * players
    for target, key in hidden_slots:
        if key == current_key:
            counts[target] += 1
    requirements = [0] * players
    for other in range(players):
        if other == seat:
            continue
        counts[other] -= len(played.get((other, current_key), []))
        plays = [
            (step, owned)
            for actor, key, step, owned in owned_after
            if actor == other and key == current_key
        ]
        cards = played.get((other, current_key), [])
        for index, (_, owned) in enumerate(plays):
            later = 0
            for card in cards[index + 1 :]:
                later |= 1 << VALUE[card]
            requirements[other] |= owned & ~later
    if shadow.pending_card >= 0 and shadow.pending_kind > CODE_CAPTURE and shadow.to_play != seat:
        # A build begun but not finished: its maker keeps a card of its value.
        requirements[shadow.to_play] |= 1 << shadow.pending_kind
    pool = STANDARD_PACK & ~known_in_round.get(shadow.round_index, 0)
    pool_cards = list(iter_bits(pool))
    hands = draw_hands(pool_cards, counts, requirements, seat, rng)
    queues: dict[tuple[int, tuple[int, int]], list[int]] = {
        key: list(cards) for key, cards in played.items()
    }
    for other in range(players):
        if other != seat:
            queues.setdefault((other, current_key), []).extend(hands[other])
    # Pass 2: the real replay. The seat's own steps, the table cards and the
    # later steps of each move were legal in the real match and stay so (they do
    # not depend on the hidden cards); the first step of another seat's move
    # depends on its hand, so it is checked (search samples thousands of states,
    # and checking every step would double the cost of each).
    history: list[int] = []
    hidden = iter(hidden_slots)
    for _actor, action in view.history[:round_start_step]:
        if action is None:
            action = queues[next(hidden)].pop()
        history.append(action)
    if round_start is None:
        state = CasinoState(game)
    else:
        state = round_start
        state.hands = [0] * players
        state._legal = None
    state.history = history
    for actor, action in view.history[round_start_step:]:
        if action is None:
            key = (state.round_index, state.deal_index)
            action = queues[(state._deal_target(), key)].pop()
        elif (
            actor >= 0
            and actor != seat
            and state.pending_card < 0
            and action not in state._start_actions()
        ):
            state.apply_action(action)  # raises, naming the inconsistency
        history.append(action)
        state._apply(action)
        state._legal = None
    return state


def draw_hands(
    pool: list[int], counts: list[int], requirements: list[int], seat: int, rng: Rng
) -> list[list[int]]:
    """Draw hands of ``counts`` cards from ``pool`` so that each hand holds a card of
    every value in its ``requirements`` bit mask (rejection, then a constructive draw)."""
    players = len(counts)
    for _ in range(200):
        cards = list(pool)
        hands: list[list[int]] = [[] for _ in range(players)]
        for other in range(players):
            if other == seat:
                continue
            for _ in range(counts[other]):
                hands[other].append(cards.pop(rng.below(len(cards))))
        if all(
            not requirements[other] & ~CasinoState._hand_values(sum(1 << c for c in hands[other]))
            for other in range(players)
        ):
            return hands
    cards = list(pool)
    hands = [[] for _ in range(players)]
    for other in range(players):
        if other == seat:
            continue
        for value in range(2, 11):
            if requirements[other] >> value & 1:
                choices = [c for c in cards if VALUE[c] == value]
                pick = choices[rng.below(len(choices))]
                cards.remove(pick)
                hands[other].append(pick)
    for other in range(players):
        if other == seat:
            continue
        while len(hands[other]) < counts[other]:
            hands[other].append(cards.pop(rng.below(len(cards))))
    return hands
