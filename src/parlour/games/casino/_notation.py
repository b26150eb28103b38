"""Casino's notation: the text of a step, the one-line text of a whole move
(``7H take 3S+4D, 7C``), and reading them back (free functions over a state;
the rules call them from their text hooks)."""

from __future__ import annotations

from typing import TypeGuard

from parlour.core.cards import format_card, iter_bits, parse_card, rank_of
from parlour.core.errors import IllegalActionError, ParseError, allowed_list, shown
from parlour.core.game import check_action_text, first_dealer_text, parse_first_dealer
from parlour.games.casino._refusals import move_refusal
from parlour.games.casino._sums import RANK_MASK, SPLIT_LIMIT, VALUE, split_groups, value_sum
from parlour.games.casino.rules import (
    ADD_BUILD_BASE,
    ADD_CARD_BASE,
    CODE_CAPTURE,
    CODE_TRAIL,
    DONE,
    KINDS,
    NUM_DISTINCT_ACTIONS,
    PHASE_DEAL,
    PHASE_FIRST_DEALER,
    PHASE_PLAY,
    START_ACTIONS,
    CasinoState,
    add_build_action,
    add_card_action,
    is_action_id,
    start_action,
)


def _lowest(cards: int) -> int:
    return (cards & -cards).bit_length()


def _joined(cards: int) -> str:
    return "+".join(format_card(card) for card in iter_bits(cards))


def _build_value(word: str, text: str) -> int:
    """The announced value of a build (2–10), from its word in ``text``."""
    if not (word.isdecimal() and word.isascii() and len(word) <= 2 and 2 <= int(word) <= 10):
        raise ParseError(f"{text!r}: a build's value is a number from 2 to 10, not {word!r}")
    return int(word)


def _is_whole_number(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def action_text(state: CasinoState, action: object) -> str:
    """A step's text: ``7H take`` · ``5S build 9`` · ``3C trail`` (a move's first
    step), ``4D`` or ``b9`` (added to the move), ``done``; at a chance node the
    card dealt (or ``seat 2``, the first dealer). Raises
    :class:`IllegalActionError` for anything that is no action here."""
    if state.phase == PHASE_FIRST_DEALER:
        if not _is_whole_number(action) or not 0 <= action < state.players:
            raise IllegalActionError(
                f"casino: {shown(action)} is not a first dealer; seats are 0 to {state.players - 1}"
            )
        return first_dealer_text(action)
    if state.phase == PHASE_DEAL:
        if not _is_whole_number(action) or not 0 <= action < 52:
            raise IllegalActionError(f"casino: {shown(action)} is not a card id (0 to 51)")
        return format_card(action)
    if not is_action_id(action):
        raise IllegalActionError(
            f"casino: {shown(action)} is not a Casino action: actions are whole numbers "
            f"from 0 to {NUM_DISTINCT_ACTIONS - 1}"
        )
    if state.phase != PHASE_PLAY:
        raise IllegalActionError(f"casino: no move can be made now (action {action})")
    if (action < START_ACTIONS) != (state.pending_card < 0):
        # A first step while a move is being made, or an added card or "done"
        # with no move begun, is no step here: its text would not read back.
        raise IllegalActionError(
            f"casino: action {action} is no step now: "
            + ("a move is being made" if state.pending_card >= 0 else "no move is begun")
        )
    if action < START_ACTIONS:
        card, kind = divmod(action, KINDS)
        played = format_card(card)
        if kind == CODE_TRAIL:
            return f"{played} trail"
        if kind == CODE_CAPTURE:
            return f"{played} take"
        return f"{played} build {kind}"
    if action < ADD_BUILD_BASE:
        card = action - ADD_CARD_BASE
        if not state.loose >> card & 1:
            raise IllegalActionError(f"casino: {format_card(card)} is not on the table")
        return format_card(card)
    if action < DONE:
        value = action - ADD_BUILD_BASE + 2
        if not state.build_cards[value]:
            raise IllegalActionError(f"casino: there is no build b{value} on the table")
        return f"b{value}"
    return "done"


def parse_action(state: CasinoState, text: str) -> int:
    """One action from ``text``: a first dealer or a card at a chance node, else a step."""
    if state.phase == PHASE_FIRST_DEALER:
        return parse_first_dealer(text, state.players)
    if state.phase != PHASE_PLAY:
        return parse_card(text)
    single = parse_step(state, text)
    if single is not None:
        return single
    try:
        steps = state.string_to_actions(text)
    except IllegalActionError as error:
        raise ParseError(str(error)) from None
    if len(steps) == 1:
        return steps[0]
    raise ParseError(
        f"{text!r} is {len(steps)} steps; apply it with apply_text, "
        f"or play it step by step, starting with {state.action_to_string(steps[0])!r}"
    )


def parse_step(state: CasinoState, text: str) -> int | None:
    """The one step ``text`` names, or None when it names several (a whole move)."""
    words = text.replace(",", " , ").replace("+", " + ").split()
    if state.pending_card >= 0:
        if not words:
            raise ParseError(
                f"{text!r} names no step; the move so far is {state.move_text()!r}: add a "
                "table card (4D), a build (b9) or say done"
            )
        if len(words) != 1:
            return None
        return parse_item(state, words[0], text)
    hint = (
        "write e.g. '7H take', '5S build 9', '3C trail', or a whole move such as "
        "'7H take 3S+4D, 7C' or '5S build 9 with 4H'"
    )
    if len(words) < 2:
        raise ParseError(f"{text!r} is not a Casino move; {hint}")
    try:
        card = parse_card(words[0])
    except ParseError:
        raise ParseError(f"{text!r} does not start with a card; {hint}") from None
    if card >= 52:
        raise ParseError(f"{text!r}: Casino has no {words[0]}")
    verb = words[1].lower()
    if verb == "trail":
        if len(words) != 2:
            raise ParseError(f"{text!r}: nothing may follow 'trail'; {hint}")
        return start_action(card, CODE_TRAIL)
    if verb == "take":
        return start_action(card, CODE_CAPTURE) if len(words) == 2 else None
    if verb == "build":
        value = _build_value(words[2] if len(words) > 2 else "", text)
        if len(words) == 3:
            return start_action(card, value)
        if words[3].lower() != "with" or len(words) == 4:
            raise ParseError(f"{text!r}: write 'build <value> with <cards>'; {hint}")
        return None
    raise ParseError(f"{text!r}: the second word must be take, build or trail; {hint}")


def parse_item(state: CasinoState, word: str, text: str) -> int:
    """An add step or ``done``, from one word."""
    lowered = word.lower()
    if lowered == "done":
        return DONE
    if lowered.startswith("b") and lowered[1:].isdecimal() and lowered[1:].isascii():
        value = int(lowered[1:]) if len(lowered) < 4 else 0
        if not 2 <= value <= 10 or not state.build_cards[value]:
            existing = [f"b{v}" for v in range(2, 11) if state.build_cards[v]]
            raise ParseError(
                f"{text!r}: there is no build {word} on the table; builds: {allowed_list(existing)}"
            )
        return add_build_action(value)
    try:
        card = parse_card(word)
    except ParseError:
        raise ParseError(
            f"{text!r}: {word!r} is neither a card, a build (b<value>) nor 'done'; "
            f"the move so far: {state.move_text()}"
        ) from None
    if card >= 52:
        raise ParseError(f"{text!r}: Casino has no {word}")
    return add_card_action(card)


def steps_of(state: CasinoState, text: object) -> list[int]:
    """The steps ``text`` names, in order: one step (``7H take``, ``4D``,
    ``done``), the rest of a move being made (``3S 4D done``), or a whole move
    in the one-line notation (``7H take 3S+4D, 7C``), whose steps are checked
    against the rules on a copy of the state. Raises :class:`ParseError` for
    text that is no Casino move and :class:`IllegalActionError`, with the
    reason, for a whole move that is not legal here."""
    text = check_action_text(text)
    if state.phase != PHASE_PLAY:
        return [parse_action(state, text)]
    single = parse_step(state, text)
    if single is not None:
        return [single]
    if state.pending_card >= 0:
        words = text.replace(",", " ").replace("+", " ").split()
        if not words:
            raise ParseError(
                f"{shown(text)} names no step; add a table card (e.g. 4D), a build "
                "(b9) or write done"
            )
        return [parse_item(state, word, text) for word in words]
    card, code, table_cards, groups, builds = parse_line(state, text)
    steps = line_steps(state, text, card, code, table_cards, groups, builds)
    return checked_steps(state, text, steps, card, code, table_cards)


def parse_line(state: CasinoState, text: str) -> tuple[int, int, int, list[int], list[int]]:
    """A whole move's text as (card, kind, table cards, the loose cards of each
    group as written, the builds named)."""
    hint = "write e.g. '7H take 3S+4D, 7C', '5S build 9 with 4H' or '2C build 9 with b7'"
    words = text.replace(",", " , ").replace("+", " + ").split()
    card = parse_card(words[0])
    if words[1].lower() == "take":
        code = CODE_CAPTURE
        items = words[2:]
    else:
        code = _build_value(words[2], text)
        items = words[4:]
    table_cards = 0
    groups: list[int] = [0]
    builds: list[int] = []
    for item in items:
        if item == ",":
            groups.append(0)
            continue
        if item == "+":
            continue
        lowered = item.lower()
        if lowered.startswith("b") and lowered[1:].isdecimal() and lowered[1:].isascii():
            action = parse_item(state, item, text)
            value = action - ADD_BUILD_BASE + 2
            bits = state.build_cards[value]
            builds.append(value)
        else:
            try:
                other = parse_card(item)
            except ParseError:
                raise ParseError(
                    f"{text!r}: {item!r} is neither a card nor a build (b<value>); {hint}"
                ) from None
            if other >= 52:
                raise ParseError(f"{text!r}: Casino has no {item}")
            bits = 1 << other
            groups[-1] |= bits
        if table_cards & bits:
            raise ParseError(f"{text!r} names {item} twice")
        table_cards |= bits
    if not table_cards:
        raise ParseError(f"{text!r} names no table cards; {hint}")
    return card, code, table_cards, [group for group in groups if group], builds


def line_steps(
    state: CasinoState,
    text: str,
    card: int,
    code: int,
    table_cards: int,
    groups: list[int],
    builds: list[int],
) -> list[int]:
    """The steps of a whole move (before checking them): the groups as written
    when each makes the value, else a split of the cards into such groups."""
    steps = [start_action(card, code)]
    value = VALUE[card]
    loose = table_cards
    for build in builds:
        loose &= ~state.build_cards[build]
    if code == CODE_CAPTURE and value == 0:
        same = state.loose & RANK_MASK[rank_of(card)]
        mode = state.options.court_capture
        if mode == "all" or (mode == "fourth_takes_three" and same.bit_count() == 3):
            if table_cards != same or builds:
                raise line_refusal(state, text, card, code, table_cards)
            return steps
        return steps + [add_card_action(other) for other in iter_bits(table_cards)]
    target = value if code == CODE_CAPTURE else code
    raised = [build for build in builds if build != target]
    if raised:
        return [
            *steps,
            *(add_build_action(build) for build in raised),
            *(add_card_action(other) for other in iter_bits(loose)),
        ]
    # A build's first group holds the played card's partners (none when the
    # card alone makes the value).
    first_need = target - value if code != CODE_CAPTURE else 0
    ordered: list[int] | None = None
    if first_need == 0:
        if all(value_sum(group) == target for group in groups):
            ordered = sorted(groups, key=_lowest)
    elif (
        groups
        and value_sum(groups[0]) == first_need
        and all(value_sum(group) == target for group in groups[1:])
    ):
        ordered = [groups[0], *sorted(groups[1:], key=_lowest)]
    if ordered is None and loose.bit_count() <= SPLIT_LIMIT:
        if code == CODE_CAPTURE:
            split = split_groups(loose, target)
        else:
            split = split_groups(loose | 1 << card, target, first=card)
            if split is not None:
                split[0] = split[0][1:]
        if split is not None:
            ordered = [sum(1 << other for other in group) for group in split]
    if ordered is None:
        raise line_refusal(state, text, card, code, table_cards)
    for group in ordered:
        steps += [add_card_action(other) for other in iter_bits(group)]
    if (code != CODE_CAPTURE or target in builds) and state.build_cards[target]:
        steps.append(add_build_action(target))
    return steps


def checked_steps(
    state: CasinoState, text: str, steps: list[int], card: int, code: int, table_cards: int
) -> list[int]:
    """``steps`` tried on a copy (without its deal): each must be legal, and
    they must make the whole move (``done`` is added where it is needed)."""
    twin = state.clone()
    assert isinstance(twin, CasinoState)
    twin._sampler = None
    twin._events = None
    for index, step in enumerate(steps):
        if index and twin.pending_card < 0:
            raise line_refusal(state, text, card, code, table_cards)
        if step not in twin.legal_actions():
            raise line_refusal(state, text, card, code, table_cards)
        twin.apply_action(step)
    if twin.pending_card >= 0:
        if DONE not in twin.legal_actions():
            raise line_refusal(state, text, card, code, table_cards)
        steps = [*steps, DONE]
    return steps


def line_refusal(
    state: CasinoState, text: str, card: int, code: int, table_cards: int
) -> IllegalActionError:
    """The error refusing the whole move ``text``, with the rule's reason."""
    reason = move_refusal(state, card, code, table_cards)
    return IllegalActionError(
        f"casino: {text!r} is not legal for seat {state.to_play}: {reason.text('en')}", reason
    )
