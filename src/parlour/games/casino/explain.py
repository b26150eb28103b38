"""A Casino move explained from a seat's View (hints, lessons, reviews): the
cards a capture takes (how many, the spades, the aces, the casinos, a sweep),
the build a move makes, and what it leaves on the table for the next player.

The move is applied by the engine itself, to a state drawn from the seat's View
(``view.sample_state``): what the explanation reads after it (the table, the
seat's own captures) is public or the seat's own, so the cards drawn for the
hidden hands never change a word of it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from parlour.core.cards import format_card, parse_card, rank_of
from parlour.core.errors import ParseError
from parlour.core.explain import MoveExplanation, SeatEffect
from parlour.core.game import State, View
from parlour.core.sampler import Rng
from parlour.games.casino.rules import BIG_CASINO, LITTLE_CASINO, SPADE_MASK, VALUE
from parlour.render import ENGLISH_RANKS, FRENCH_RANKS, Style
from parlour.render.narration import Templates, say, seat_name

WORDS: Templates = {
    "en": {
        "takes": "{card} takes {cards}: {count} {card_word}{extras}",
        "spades": ", {count} {spade_word}",
        "spade": "spade",
        "spades_word": "spades",
        "aces": ", {count} {ace_word}",
        "ace": "ace",
        "aces_word": "aces",
        "big": ", the big casino (2 points)",
        "little": ", the little casino (1 point)",
        "sweep": "; a sweep: the table is empty (1 point)",
        "builds": "{card} makes a build of {value} on the table: you must take it later with "
        "{article} {value}",
        "trails": "{card} is laid on the table: no table card or sum of table cards makes "
        "{value}, and it makes no build you hold a card for",
        "trails_court": "{card} is laid on the table: there is no {rank} to take, and a court "
        "never builds",
        "trails_could": "{card} is laid on the table, though it could {other}",
        "could_take": "take {cards}",
        "could_build": "make a build of {values}",
        "takers": ", where {article} {values} would take it",
        "takers_court": ", where only a {rank} would take it",
        "or": " or ",
        "leaves": "{name} finds {cards} on the table",
        "build": "a build of {value}",
        "builds_many": "builds of {values} and {last}",
        "loose_and_builds": "{cards} and {builds}",
        "leaves_empty": "{name} finds an empty table",
        "step": "{move}: the move is not finished yet: choose what else it takes.",
        "card": "card",
        "cards": "cards",
        "and": "; ",
    },
    "fr": {
        "takes": "{card} prend {cards} : {count} {card_word}{extras}",
        "spades": ", {count} {spade_word}",
        "spade": "pique",
        "spades_word": "piques",
        "aces": ", {count} {ace_word}",
        "ace": "as",
        "aces_word": "as",
        "big": ", le grand casino (2 points)",
        "little": ", le petit casino (1 point)",
        "sweep": " ; un balayage : la table est vide (1 point)",
        "builds": "{card} fait une construction de {value} sur la table : il faudra la "
        "prendre avec un {value}",
        "trails": "{card} est posée sur la table : aucune carte de la table ni aucune somme "
        "de cartes ne fait {value}, et elle ne fait aucune construction dont vous avez la "
        "valeur en main",
        "trails_court": "{card} est posée sur la table : il n'y a pas de {rank} à prendre, "
        "et une figure ne bâtit jamais",
        "trails_could": "{card} est posée sur la table, alors qu'elle pourrait {other}",
        "could_take": "prendre {cards}",
        "could_build": "faire une construction de {values}",
        "takers": ", où un {values} la prendrait",
        "takers_court": ", où seul un {rank} la prendrait",
        "or": " ou ",
        "leaves": "{name} trouve {cards} sur la table",
        "build": "une construction de {value}",
        "builds_many": "des constructions de {values} et {last}",
        "loose_and_builds": "{cards} et {builds}",
        "leaves_empty": "{name} trouve la table vide",
        "step": "{move} : le coup n'est pas fini : choisissez ce qu'il prend encore.",
        "card": "carte",
        "cards": "cartes",
        "and": " ; ",
    },
}
"""Templates of a Casino move explained."""


def _table(observation: Mapping[str, Any], style: Style) -> str:
    """What is on the table of an observation, in words: the loose cards drawn,
    then the builds by their value ("8♠ 5♢ and a build of 9"); empty for an
    empty table. A build is never written in the notation a player types (``b9``)."""
    cards = style.cards(list(observation["loose"]))
    values = [str(build["value"]) for build in observation["builds"]]
    if not values:
        return cards
    if len(values) == 1:
        builds = say(WORDS, style, "build", value=values[0])
    else:
        builds = say(WORDS, style, "builds_many", values=", ".join(values[:-1]), last=values[-1])
    if not cards:
        return builds
    return say(WORDS, style, "loose_and_builds", cards=cards, builds=builds)


def _trail_reason(view: View, played: int, style: Style) -> str:
    """Why ``played`` is trailed at ``view``: what else the card could do there
    (the cards its take would capture, completed as a hint plans it; the builds
    it could make), or that it can neither take nor build."""
    words = WORDS.get(style.lang, WORDS["en"])
    card = style.card(played)
    could: list[str] = []
    values: list[str] = []
    for action, text in zip(view.legal_actions, view.action_texts, strict=True):
        parts = text.split()
        if len(parts) < 2 or parse_card(parts[0]) != played:
            continue
        if parts[1] == "take":
            taken = [other for other in _captured(view, action) if other != played]
            could.append(say(WORDS, style, "could_take", cards=style.cards(taken)))
        elif parts[1] == "build" and len(parts) > 2:
            values.append(parts[2])
    if values:
        ordered = sorted(set(values), key=int)
        could.append(say(WORDS, style, "could_build", values=_either(ordered, style)))
    if could:
        return say(WORDS, style, "trails_could", card=card, other=words["or"].join(could))
    if VALUE[played] == 0:
        return say(WORDS, style, "trails_court", card=card, rank=_rank(played, style))
    return say(WORDS, style, "trails", card=card, value=VALUE[played])


def _captured(view: View, action: int) -> list[int]:
    """The cards the seat's capture ``action`` takes, completed as a hint plans
    it (:func:`_completing_step`), read on a state drawn from the seat's View:
    only the table and the seat's own captures are read, so the hidden cards
    drawn never change it."""
    seat = view.seat
    state = view.sample_state(Rng(0))
    before = set(state.observation(seat)["my_side_captured"])
    state.apply_action(action)
    _complete(state, seat)
    after = state.observation(seat)["my_side_captured"]
    return [parse_card(text) for text in after if text not in before]


def _rank(card: int, style: Style) -> str:
    """The rank letter of a court ``card`` in the reader's language (K, R)."""
    ranks = FRENCH_RANKS if style.lang == "fr" else ENGLISH_RANKS
    return ranks[rank_of(card) - 1]


def _takers(loose: Sequence[str], played: int, style: Style) -> str:
    """Which values take the trailed ``played`` from the table ``loose`` (alone, or
    in a sum with other loose numerals): what the next player may do with it."""
    if VALUE[played] == 0:
        return say(WORDS, style, "takers_court", rank=_rank(played, style))
    others = [VALUE[parse_card(text)] for text in loose if parse_card(text) != played]
    totals = {VALUE[played]}
    for value in others:
        if value:
            totals |= {total + value for total in totals if total + value <= 10}
    values = _either([str(total) for total in sorted(totals)], style)
    return say(WORDS, style, "takers", values=values, article=_article(values))


def _either(values: Sequence[str], style: Style) -> str:
    """Values as alternatives, in the reader's language: "7", "4 or 7", "4, 5 or 7"."""
    if len(values) < 2:
        return "".join(values)
    words = WORDS.get(style.lang, WORDS["en"])
    return ", ".join(values[:-1]) + words["or"] + values[-1]


def _article(value: object) -> str:
    """English's article before a value written in figures: "an 8" (the only
    value from 1 to 10 said with a vowel first), else "a"."""
    return "an" if str(value).startswith("8") else "a"


MAX_STEPS = 16
"""The most steps a move made in steps may still need (a capture of every table card)."""


def _completing_step(legal: Sequence[int], text_of: Callable[[int], str]) -> int:
    """The step that goes on with a move made in steps as it is explained: the
    steps still open take all they can, in order ("done" only when nothing is
    left to add)."""
    adding = [step for step in legal if text_of(step) != "done"]
    return adding[0] if adding else legal[0]


def _complete(state: State, seat: int) -> None:
    """Completes the seat's move made in steps on ``state`` as it is explained
    (:func:`_completing_step`); nothing if no move of the seat's is pending."""
    for _ in range(MAX_STEPS):
        pending = state.observation(seat).get("pending")
        if not (isinstance(pending, Mapping) and pending.get("seat") == seat):
            return
        state.apply_action(_completing_step(state.legal_actions(), state.action_to_string))


def planned_step(view: View) -> int | None:
    """Inside the seat's own move made in steps (a capture picking its groups),
    the step that completes it as its first step's explanation said ("9♡ takes
    4♡ 6♡ 3♢ 5♢"), so that a hint followed step by step makes the move it
    announced; None at a move's first step. The judge keeps this step unless it
    tells another apart from it (:func:`parlour.judge.judge_position`)."""
    pending = view.observation.get("pending")
    if not (isinstance(pending, Mapping) and pending.get("seat") == view.seat):
        return None
    if not view.legal_actions:
        return None
    return _completing_step(view.legal_actions, view.action_to_string)


def explain_move(
    view: View, action: int, lang: str = "en", names: Sequence[str] | None = None
) -> MoveExplanation:
    """``action`` (one of ``view``'s legal actions) in the game's terms."""
    style = Style(lang=lang)
    words = WORDS.get(lang, WORDS["en"])
    seat = view.seat
    move = view.action_to_string(action)
    before = view.observation
    state = view.sample_state(Rng(0))
    state.apply_action(action)
    played: int | None = None
    try:
        played = parse_card(move.split()[0])
    except ParseError:  # an added build (``b8``) or ``done``: the card was chosen before
        played = None
    pending_before = before.get("pending")
    if isinstance(pending_before, Mapping) and pending_before.get("card"):
        played = parse_card(str(pending_before["card"]))
    card_text = style.card(played) if played is not None else move
    # A move made in steps (a capture: the card, then what it takes) is
    # explained whole, completed as the hint plans it (:func:`planned_step`).
    _complete(state, seat)
    after = state.observation(seat)
    pending = after.get("pending")
    if isinstance(pending, Mapping) and pending.get("seat") == seat:
        return MoveExplanation(action, move, say(WORDS, style, "step", move=card_text))
    taken = [
        parse_card(text)
        for text in after["my_side_captured"]
        if text not in set(before["my_side_captured"])
    ]
    effects: list[str] = []
    scores: int | None = None
    if taken:
        extras = ""
        spades = sum(1 for card in taken if SPADE_MASK >> card & 1)
        aces = sum(1 for card in taken if VALUE[card] == 1)
        if spades:
            spade_word = words["spade"] if spades == 1 else words["spades_word"]
            extras += say(WORDS, style, "spades", count=spades, spade_word=spade_word)
        if aces:
            ace_word = words["ace"] if aces == 1 else words["aces_word"]
            extras += say(WORDS, style, "aces", count=aces, ace_word=ace_word)
        if BIG_CASINO in taken:
            extras += say(WORDS, style, "big")
        if LITTLE_CASINO in taken:
            extras += say(WORDS, style, "little")
        others = [card for card in taken if card != played]
        effects.append(
            say(
                WORDS,
                style,
                "takes",
                card=card_text,
                cards=style.cards(others),
                count=len(taken),
                card_word=words["card"] if len(taken) == 1 else words["cards"],
                extras=extras,
            )
        )
        scores = len(taken)
        if not after["loose"] and not after["builds"] and after.get("phase") != "over":
            effects[-1] += say(WORDS, style, "sweep")
    else:
        new_builds = [
            build
            for build in after["builds"]
            if build.get("owner") == seat and build not in before["builds"]
        ]
        if new_builds:
            value = new_builds[0]["value"]
            effects.append(
                say(WORDS, style, "builds", card=card_text, value=value, article=_article(value))
            )
        elif played is not None:
            effects.append(_trail_reason(view, played, style))
    opponents: list[SeatEffect] = []
    following = (seat + 1) % int(before["players"])
    name = seat_name(list(names) if names is not None else [], following, style)
    table = _table(after, style)
    leaves = (
        say(WORDS, style, "leaves", name=name, cards=table)
        if table
        else say(WORDS, style, "leaves_empty", name=name)
    )
    if not taken and played is not None and format_card(played) in after["loose"]:
        leaves += _takers(after["loose"], played, style)  # a trail: what takes it next
    effects.append(leaves)
    opponents.append(SeatEffect(seat=following, sentence=leaves))
    kept = tuple(text for text in after["hand"])
    return MoveExplanation(
        action=action,
        move=move,
        headline=words["and"].join(effects) + ".",
        scores=scores,
        score_sentence=effects[0] if taken else "",
        opponents=tuple(opponents),
        keeps=tuple(format_card(parse_card(text)) for text in kept),
        target=None,
    )
