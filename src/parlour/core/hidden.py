"""A general hidden-state sampler: a seat's history replayed with the hidden cards drawn.

Search bots, reviews and the conformance test need ``Game.sample_state(view,
rng)``: a whole State consistent with everything one seat has seen. For most
card games it can be built the same way, which :func:`sample_by_replay` does:

1. the seat's history (``view.history``) is replayed on a fresh state;
2. each chance outcome hidden from the seat (a card dealt face down to another
   hand, or left in the stock) is filled in:

   - with a **known card** when the recipient is later seen to play it (the
     ``played_card`` hook says which card an action shows; a seat's k-th hidden
     card takes, in order, the k-th card it plays that was not visible to the
     viewer when it was dealt);
   - otherwise with a card drawn uniformly from the stock at that moment
     (``State._chance_card_mask()``) minus every card the seat sees later from
     the same stock (dealt to it, turned up, played) and minus the cards other
     hidden deals are known to hold;

3. when the game gives the ``lacks`` and ``hand`` hooks, what play revealed
   about a hand (a **void**: a player who did not follow suit holds no card of
   the suit led) is honoured: a draw that would have given a hand a card it was
   later shown not to hold is drawn again with that card excluded.

The state's ``_deal_recipient()`` names who receives each dealt card (-1: none,
e.g. the stock or the table). A game whose every hidden chance outcome is a
dealt card, whose moves reveal cards only by playing them, and whose voids (if
any) can be written as ``lacks`` uses it as it is::

    def sample_state(self, view: View, rng: Rng) -> State:
        return sample_by_replay(self, view, rng, played_card=lambda action: action)

A view that no state fits (a corrupted history, or a hook that does not
describe the game) raises :class:`HiddenStateError` with the seat, the step of
the history and what did not fit.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from parlour.core.cards import nth_bit
from parlour.core.errors import ParlourError
from parlour.core.game import CHANCE, Game, State, View
from parlour.core.sampler import Rng

PlayedCard = Callable[[int], "int | None"]
"""``played_card(action)``: the card a player's action shows played, or None."""
Lacks = Callable[[State, int, int], int]
"""``lacks(state, actor, action)``: before ``action`` is applied to ``state``, the
bit mask of cards the move shows ``actor`` does not hold (0: nothing learnt)."""
Hand = Callable[[State, int], int]
"""``hand(state, seat)``: the bit mask of the cards ``seat`` holds in ``state``."""

ATTEMPTS: Final = 64
"""How many replays :func:`sample_by_replay` tries before it says the view fits no state."""


class HiddenStateError(ParlourError):
    """No state fits a view under the sampler's hooks (the evidence is in the message)."""


def sample_by_replay(
    game: Game[Any],
    view: View,
    rng: Rng,
    *,
    played_card: PlayedCard,
    lacks: Lacks | None = None,
    hand: Hand | None = None,
    attempts: int = ATTEMPTS,
) -> State:
    """A state consistent with ``view``: its history replayed, hidden cards drawn.

    ``played_card`` names the card an action shows (known cards); ``lacks`` and
    ``hand`` (given together) let play rule cards out of a hand (voids). See the
    module's text for the method; :class:`HiddenStateError` when nothing fits.
    """
    if (lacks is None) != (hand is None):
        raise ParlourError("sample_by_replay takes the lacks and hand hooks together, or neither")
    history = view.history
    plays: dict[int, list[int]] = {}
    revealed_after = [0] * (len(history) + 1)
    for index in range(len(history) - 1, -1, -1):
        actor, action = history[index]
        card: int | None = None
        if actor == CHANCE:
            card = action
        elif action is not None:
            card = played_card(action)
            if card is not None:
                plays.setdefault(actor, []).insert(0, card)
        seen = 1 << card if card is not None and card >= 0 else 0
        revealed_after[index] = revealed_after[index + 1] | seen
    excluded: dict[int, int] = {}
    failure = "no replay was tried"
    for _ in range(max(1, attempts)):
        replay = _Replay(game, view, rng, plays, revealed_after, excluded, played_card)
        state = replay.run(lacks, hand)
        if state is not None:
            return state
        failure = replay.failure
    raise HiddenStateError(
        f"no state of {game.info.name} fits the view of seat {view.seat} "
        f"({len(history)} steps) after {max(1, attempts)} replays: {failure}"
    )


class _Replay:
    """One attempt: the history replayed, each hidden card pinned or drawn."""

    def __init__(
        self,
        game: Game[Any],
        view: View,
        rng: Rng,
        plays: dict[int, list[int]],
        revealed_after: list[int],
        excluded: dict[int, int],
        played_card: PlayedCard,
    ) -> None:
        self.game = game
        self.view = view
        self.rng = rng
        self.queues = {actor: list(cards) for actor, cards in plays.items()}
        """Each actor's cards still to be seen played, to pin on its hidden deals."""
        self.revealed_after = revealed_after
        self.excluded = excluded
        self.played_card = played_card
        self.drawn_at: dict[int, int] = {}
        """card → the history step that drew it (not pinned) in this attempt."""
        self.failure = ""

    def run(self, lacks: Lacks | None, hand: Hand | None) -> State | None:
        """The replayed state, or None (with :attr:`failure`) if this attempt failed."""
        state: State = self.game.state_class(self.game)
        fits = True
        for index, (actor, action) in enumerate(self.view.history):
            recipient = -1
            if actor == CHANCE:
                if action is None:
                    action = self._hidden_card(state, index)
                    if action is None:
                        return None
                elif state._chance_card_mask():
                    recipient = state._deal_recipient()
            elif lacks is not None and hand is not None and action is not None:
                ruled_out = lacks(state, actor, action) & hand(state, actor)
                if ruled_out:
                    fits = False
                    self._learn(index, actor, ruled_out)
                    if self.failure:
                        return None
            if action is None:
                self.failure = f"step {index} is a move by seat {actor} the view hides"
                return None
            state.history.append(action)
            state._apply(action)
            if recipient >= 0 and hand is not None and hand(state, recipient) >> action & 1:
                self._seen_received(recipient, action)
        if not fits:
            self.failure = "a card drawn was shown by a later move not to be where it was dealt"
            return None
        return state

    def _hidden_card(self, state: State, index: int) -> int | None:
        recipient = state._deal_recipient()
        stock = state._chance_card_mask()
        if stock == 0:
            self.failure = (
                f"step {index} is a hidden chance outcome that is not a dealt card "
                "(the state's _chance_card_mask() is empty there)"
            )
            return None
        queue = self.queues.get(recipient) if recipient >= 0 else None
        if queue:
            card = queue.pop(0)
            if not stock >> card & 1:
                self.failure = (
                    f"seat {recipient} is seen to play {card}, which is not in the stock "
                    f"when its hidden card of step {index} is dealt"
                )
                return None
            return card
        pool = stock & ~self.revealed_after[index + 1] & ~self.excluded.get(index, 0)
        if pool == 0:
            self.failure = f"no card is left to deal at step {index} (to seat {recipient})"
            return None
        card = nth_bit(pool, self.rng.below(pool.bit_count()))
        self.drawn_at[card] = index
        return card

    def _seen_received(self, recipient: int, card: int) -> None:
        """A card the viewer saw go into a hand: if that hand plays it later, the
        play is explained and pins no hidden deal."""
        queue = self.queues.get(recipient)
        if queue and card in queue:
            queue.remove(card)

    def _learn(self, index: int, actor: int, ruled_out: int) -> None:
        """Rule each drawn card the move shows ``actor`` lacks out of the step that
        drew it, for the next attempts. A card that was not drawn (seen or pinned)
        cannot be moved: :attr:`failure` says so."""
        remaining = ruled_out
        while remaining:
            card = (remaining & -remaining).bit_length() - 1
            remaining &= remaining - 1
            step = self.drawn_at.get(card)
            if step is None:
                self.failure = (
                    f"the move at step {index} shows seat {actor} lacks card {card}, "
                    "which it is known to hold"
                )
            else:
                self.excluded[step] = self.excluded.get(step, 0) | 1 << card
