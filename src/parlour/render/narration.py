"""Sentences for the game log, made from events (``parlour.core.events``).

One function, :func:`sentence`, turns one event, as a seat saw it, into a
sentence in the language asked for. Each game's text part
(``parlour.games.<game>.text``) may define ``sentence(event, names, style) ->
str | None`` for its own event kinds; the events every game shares
(``parlour.core.shared_events``: the first dealer, a deal begun, a card dealt, a
game ended) are said here, and any other event gets a plain generic sentence.

Sentences name seats by ``names`` (never by number) and draw cards with
:func:`card_said` (``style.card``, but a Vampire in words: its label ``V1`` is
the notation a player types, and a French reader takes ``V`` for a valet).
Templates mark verb forms as ``[third person|second person]`` (optionally
``|plural``), so that a seat named ``You`` / ``Vous`` reads well:
``{name} [plays|play]`` gives "Ann plays" and "You play".

>>> from parlour.core.shared_events import CardDealt
>>> sentence("dracula", CardDealt(seat=1, card=None), ["Ann", "Bob"], Style())
'Bob is dealt a card.'
>>> sentence("dracula", CardDealt(seat=0, card=24), ["Vous", "Bob"], Style(lang="fr"))
'Vous recevez D♡.'
>>> sentence("dracula", CardDealt(seat=0, card=52), ["Vous", "Bob"], Style(lang="fr"))
'Vous recevez un Vampire.'
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import fields
from functools import lru_cache
from typing import cast

from parlour.core.cards import is_vampire, parse_card
from parlour.core.events import Event
from parlour.core.registry import game_parts
from parlour.render import Style

SECOND_PERSON = ("You", "Vous")
"""Seat names that take the second person (a lone player's default name)."""

_FORMS = re.compile(r"\[([^|\]]*)\|([^|\]]*)(?:\|([^\]]*))?\]")

SentenceHook = Callable[[Event, Sequence[str], Style], str | None]
"""A text part's ``sentence(event, names, style)``: None for a kind it leaves to
the shared sentences."""

Templates = Mapping[str, Mapping[str, str]]
"""Per language (``en``, ``fr``), per key: a template for :func:`say`."""


def agree(template: str, subject: str, plural: bool = False) -> str:
    """Choose each ``[third|second|plural]`` form of ``template`` for ``subject``."""
    return _agreed(template, subject in SECOND_PERSON, plural)


@lru_cache(maxsize=4096)
def _agreed(template: str, second_person: bool, plural: bool) -> str:
    """``template`` with its forms chosen (kept: the templates are a few hundred
    constants, and every message of every move says some of them)."""

    def form(match: re.Match[str]) -> str:
        if plural:
            return match.group(3) if match.group(3) is not None else match.group(2)
        return match.group(2) if second_person else match.group(1)

    return _FORMS.sub(form, template)


def say(
    templates: Templates,
    style: Style,
    key: str,
    subject: str = "",
    plural: bool = False,
    **values: object,
) -> str:
    """The template ``key`` in ``style.lang`` (English if the language is unknown),
    its verbs agreeing with ``subject``, filled with ``values``."""
    table = templates.get(style.lang, templates["en"])
    return agree(table[key], subject, plural).format(**values)


VAMPIRE_WORDS: Templates = {
    "en": {"card": "a {vampire}", "listed": "{vampire}", "vampire": "Vampire"},
    "fr": {"card": "un {vampire}", "listed": "{vampire}", "vampire": "Vampire"},
}
"""A Vampire as a sentence names it: alone ("a Vampire", « un Vampire ») and in a
list of cards ("5♢ Vampire 8♠")."""


def _vampire(key: str, style: Style) -> str:
    word = say(VAMPIRE_WORDS, style, "vampire")
    # The colour a table draws the Vampire in (Style.card), on its word.
    return say(VAMPIRE_WORDS, style, key, vampire=style.paint(word, "35") if style.colour else word)


def card_said(card: int | str, style: Style) -> str:
    """A card as a sentence names it: drawn as the table draws it (``Q♡``), but a
    Vampire in words, whichever of the two it is: its label (``V1``) is the
    notation a player types, and in French ``V`` is a valet.

    >>> card_said("QH", Style()), card_said("V2", Style()), card_said(52, Style(lang="fr"))
    ('Q♡', 'a Vampire', 'un Vampire')
    """
    number = parse_card(card) if isinstance(card, str) else card
    return _vampire("card", style) if is_vampire(number) else style.card(number)


def cards_said(cards: Sequence[int | str], style: Style) -> str:
    """Several cards as a sentence lists them (:func:`card_said`, a Vampire as the
    word alone): ``5♢ Vampire 8♠``."""
    said = []
    for card in cards:
        number = parse_card(card) if isinstance(card, str) else card
        said.append(_vampire("listed", style) if is_vampire(number) else style.card(number))
    return " ".join(said)


def capitalised(text: str) -> str:
    """``text`` with its first letter in capitals, for a sentence that may begin
    with a card said in words ("A Vampire to c3: …")."""
    return text[:1].upper() + text[1:]


def seat_name(names: Sequence[str], seat: int, style: Style) -> str:
    """The name of ``seat``; a seat without a name is "player 1" (numbered from 1)."""
    if 0 <= seat < len(names):
        return names[seat]
    return ("joueur " if style.lang == "fr" else "player ") + str(seat + 1)


def names_of(names: Sequence[str], seats: Sequence[int], style: Style) -> str:
    """Several seats' names joined: "Ann and Cy" / "Ann et Cy"."""
    listed = [seat_name(names, seat, style) for seat in seats]
    if len(listed) < 2:
        return "".join(listed)
    word = " et " if style.lang == "fr" else " and "
    return ", ".join(listed[:-1]) + word + listed[-1]


def count_of(count: int, singular: str, plural: str) -> str:
    """``1 card``, ``3 cards``, ``0 cards`` (French: ``0 carte``, via the words given)."""
    return f"{count} {singular if abs(count) == 1 else plural}"


def signed(number: int) -> str:
    """``+5``, ``-3``, ``0``."""
    return f"+{number}" if number > 0 else str(number)


_SHARED: Templates = {
    "en": {
        "first_dealer": "{name} [deals|deal] first.",
        "deal_started": "Deal {deal}: {name} [deals|deal].",
        "deal_started_game": "Game {game}, deal {deal}: {name} [deals|deal].",
        "card_dealt": "{name} [is|are] dealt {card}.",
        "card_dealt_hidden": "{name} [is|are] dealt a card.",
        "cards_dealt": "Cards dealt: {parts}.",
        "cards_each": "{count} cards each",
        "cards_one": "{count} cards",
        "table_cards": "the table: {cards}",
        "game_over": "Game over: {scores}.",
        "game_over_chips": "Game over, a player has no chips left: {scores}.",
        "game_over_stakes": "Game over, a player cannot pay the stakes: {scores}.",
        "game_over_deals": "Game over, the last deal is played: {scores}.",
        "game_ended": "Game {game} over: {scores}. Another game follows.",
    },
    "fr": {
        "first_dealer": "{name} [donne|donnez] en premier.",
        "deal_started": "Donne {deal} : {name} [distribue|distribuez].",
        "deal_started_game": "Partie {game}, donne {deal} : {name} [distribue|distribuez].",
        "card_dealt": "{name} [reçoit|recevez] {card}.",
        "card_dealt_hidden": "{name} [reçoit|recevez] une carte.",
        "cards_dealt": "Cartes distribuées : {parts}.",
        "cards_each": "{count} cartes chacun",
        "cards_one": "{count} cartes",
        "table_cards": "la table : {cards}",
        "game_over": "Partie terminée : {scores}.",
        "game_over_chips": "Partie terminée, un joueur n'a plus de jetons : {scores}.",
        "game_over_stakes": "Partie terminée, un joueur ne peut plus miser : {scores}.",
        "game_over_deals": "Partie terminée, la dernière donne est jouée : {scores}.",
        "game_ended": "Partie {game} terminée : {scores}. Une autre partie suit.",
    },
}


def scores_text(names: Sequence[str], scores: Sequence[int], style: Style) -> str:
    """``Ann 120, Bob 95``."""
    return ", ".join(
        f"{seat_name(names, seat, style)} {score}" for seat, score in enumerate(scores)
    )


def shared_sentence(event: Event, names: Sequence[str], style: Style) -> str | None:
    """A sentence for the events every game shares (``parlour.core.shared_events``),
    or None for another kind."""
    kind = event.kind
    values = event.__dict__
    if kind == "first_dealer":
        name = seat_name(names, values["seat"], style)
        return say(_SHARED, style, "first_dealer", name, name=name)
    if kind == "deal_started":
        name = seat_name(names, values["dealer"], style)
        key = "deal_started_game" if values["game"] > 1 else "deal_started"
        return say(_SHARED, style, key, name, name=name, game=values["game"], deal=values["deal"])
    if kind == "card_dealt":
        name = seat_name(names, values["seat"], style)
        card = values["card"]
        if card is None:
            return say(_SHARED, style, "card_dealt_hidden", name, name=name)
        return say(_SHARED, style, "card_dealt", name, name=name, card=card_said(card, style))
    if kind == "game_ended":
        scores = scores_text(names, values["scores"], style)
        if not values["final"]:
            return say(_SHARED, style, "game_ended", game=values["game"], scores=scores)
        key = {
            "chips": "game_over_chips",
            "stakes": "game_over_stakes",
            "max_deals": "game_over_deals",
        }.get(values["reason"], "game_over")
        return say(_SHARED, style, key, scores=scores)
    return None


def sentence(game_name: str, event: Event, names: Sequence[str], style: Style | None = None) -> str:
    """``event`` as one sentence in ``style.lang``, with ``names`` for the seats."""
    style = style or Style()
    own = cast(SentenceHook | None, game_parts(game_name).hook("text", "sentence"))
    if own is not None:
        text: str | None = own(event, names, style)
        if text is not None:
            return text
    shared = shared_sentence(event, names, style)
    if shared is not None:
        return shared
    return generic_sentence(event, names, style)


DealingClause = Callable[[Sequence[Event], Style], str]
"""A text part's ``dealing_clause(events, style)``: its own dealing events of a
deal (``DEALING_KINDS``) said as one clause of :func:`dealing_sentence`."""


PLAYED_FOR_YOU = {
    "en": "Only move: played {card} for you.",
    "fr": "Seul coup possible : {card} joué pour vous.",
}
"""What a seat's own log says of a card the game played for it (its only legal
card), in each language."""


def played_for(event: Event) -> int | None:
    """The seat a card of ``event`` was played for without being asked (an
    event that plays a card and says ``forced``: Nain Jaune plays a player's
    only legal card itself, inside a move), or None."""
    if not type(event).plays_card or getattr(event, "forced", False) is not True:
        return None
    seat = getattr(event, "seat", None)
    return seat if isinstance(seat, int) else None


def seat_sentence(
    game_name: str, event: Event, names: Sequence[str], style: Style, seat: int | None
) -> str:
    """``event``'s sentence in ``seat``'s log: the game's own sentence, except
    that a card the game played for ``seat`` itself says so ("Only move: played
    7♣ for you."), so that a person is never left wondering who moved for them.
    The other seats and the spectators read the game's sentence ("Ann plays
    7♣."): nobody else is told more than the game tells them."""
    card = getattr(event, "card", None)
    if seat is not None and isinstance(card, int) and played_for(event) == seat:
        text = PLAYED_FOR_YOU.get(style.lang, PLAYED_FOR_YOU["en"])
        return text.format(card=style.card(card))
    return sentence(game_name, event, names, style)


def dealing_kinds(game_name: str) -> frozenset[str]:
    """The event kinds that deal cards in ``game_name``: ``card_dealt`` and the
    kinds its text part lists in ``DEALING_KINDS`` (Colour-blind's row cards)."""
    own = game_parts(game_name).hook("text", "DEALING_KINDS")
    return frozenset({"card_dealt"}) | (cast(frozenset[str], own) if own else frozenset())


def dealing_sentence(
    game_name: str, events: Sequence[Event], names: Sequence[str], style: Style
) -> str:
    """A deal's dealing as one sentence: ``Cards dealt: You: 5♢ 3♣; Bot 2 and
    Bot 3: 13 cards each; the row: 3♡ A♡.`` (cards a seat saw are named, the
    others counted, cards dealt to the table (seat -1) listed; the game's own
    dealing events are said by its text part's ``dealing_clause``)."""
    known: dict[int, list[int]] = {}
    hidden: dict[int, int] = {}
    table: list[int] = []
    others: list[Event] = []
    for event in events:
        if event.kind != "card_dealt":
            others.append(event)
            continue
        seat, card = event.__dict__["seat"], event.__dict__["card"]
        if seat < 0:  # dealt face up to the table (Casino)
            table.extend([] if card is None else [card])
        elif card is None:
            hidden[seat] = hidden.get(seat, 0) + 1
        else:
            known.setdefault(seat, []).append(card)
    parts = [
        f"{seat_name(names, seat, style)}: {cards_said(cards, style)}"
        for seat, cards in known.items()
    ]
    for count in sorted(set(hidden.values()), reverse=True):
        seats = sorted(seat for seat, number in hidden.items() if number == count)
        key = "cards_each" if len(seats) > 1 else "cards_one"
        parts.append(f"{names_of(names, seats, style)}: {say(_SHARED, style, key, count=count)}")
    if table:
        parts.append(say(_SHARED, style, "table_cards", cards=style.cards(table)))
    clause = cast(DealingClause | None, game_parts(game_name).hook("text", "dealing_clause"))
    if others and clause is not None:
        parts.append(clause(others, style))
    elif others:
        parts.extend(sentence(game_name, event, names, style).rstrip(".") for event in others)
    return say(_SHARED, style, "cards_dealt", parts="; ".join(parts))


_SEAT_FIELDS = ("seat", "seats", "dealer", "winner", "to")


def generic_sentence(event: Event, names: Sequence[str], style: Style | None = None) -> str:
    """A plain rendering of any event: its kind and fields, seats by name and
    cards drawn (fields named ``card``/``…_card``/``…cards``), hidden cards as "?"."""
    style = style or Style()
    parts = []
    for item in fields(event):
        value = getattr(event, item.name)
        name = item.name
        if name in _SEAT_FIELDS and isinstance(value, int):
            shown = seat_name(names, value, style)
        elif name in _SEAT_FIELDS and isinstance(value, tuple):
            shown = names_of(names, value, style)
        elif name == "card" or name.endswith(("_card", "cards")):
            cards = value if isinstance(value, tuple) else (value,)
            shown = " ".join("?" if card is None else cards_said([card], style) for card in cards)
        elif isinstance(value, tuple):
            shown = "/".join(str(part) for part in value)
        else:
            shown = str(value)
        parts.append(f"{name.replace('_', ' ')} {shown}")
    kind = event.kind.replace("_", " ")
    text = kind[:1].upper() + kind[1:]
    return f"{text}: {', '.join(parts)}." if parts else f"{text}."
