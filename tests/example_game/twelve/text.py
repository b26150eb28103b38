"""What a person reads of Twelve: the table drawn as text, and each event said
in English and French."""

from __future__ import annotations

from collections.abc import Sequence

from parlour.core.events import Event
from parlour.core.game import View
from parlour.render import Block, Style, fit_blocks, heading
from parlour.render.narration import Templates, say, scores_text, seat_name

_WORDS: Templates = {
    "en": {
        "title": "Twelve",
        "deal": "deal {deal} of {deals}",
        "dealer": "dealer: {name}",
        "hand": "Your hand",
        "cards": "{name}: {count} cards",
        "trick": "Trick",
        "empty": "(empty)",
        "points": "This deal: {points}",
        "totals": "Totals: {totals}",
        "over": "Game over. Winner: {names}.",
    },
    "fr": {
        "title": "Douze",
        "deal": "donne {deal} sur {deals}",
        "dealer": "donneur : {name}",
        "hand": "Votre main",
        "cards": "{name} : {count} cartes",
        "trick": "Levée",
        "empty": "(vide)",
        "points": "Cette donne : {points}",
        "totals": "Totaux : {totals}",
        "over": "Partie finie. Gagnant : {names}.",
    },
}

_SENTENCES: Templates = {
    "en": {
        "led": "{name} [leads|lead] {card}.",
        "followed": "{name} [plays|play] {card}.",
        "trick": "{name} [wins|win] trick {trick} ({cards}): {points} point(s).",
        "deal_scored": "Deal {deal} scored: {points}; totals {totals}.",
    },
    "fr": {
        "led": "{name} [entame|entamez] {card}.",
        "followed": "{name} [joue|jouez] {card}.",
        "trick": "{name} [remporte|remportez] la levée {trick} ({cards}) : {points} point(s).",
        "deal_scored": "Donne {deal} comptée : {points} ; totaux {totals}.",
    },
}


def _word(style: Style, key: str, **values: object) -> str:
    words = _WORDS.get(style.lang, _WORDS["en"])
    return words[key].format(**values)


def render(
    view: View,
    style: Style,
    names: Sequence[str],
    *,
    width: int | None = None,
    height: int | None = None,
) -> str:
    """The table as seat ``view.seat`` sees it (fitted to ``width`` × ``height``
    when they are given)."""
    observation = view.observation
    seat: int = view.seat
    other = 1 - seat
    header = heading(
        [
            style.bold(_word(style, "title")),
            _word(style, "deal", deal=observation["deal"], deals=observation["deals"]),
            _word(style, "dealer", name=seat_name(names, observation["dealer"], style)),
        ]
    )
    count = observation["hand_sizes"][other]
    trick: list[str] = observation["trick"]
    hand: list[str] = observation["hand"]
    blocks: list[Block] = [
        (0, [header]),
        (0, [_word(style, "cards", name=seat_name(names, other, style), count=count)]),
        (0, [f"{_word(style, 'trick')}: {style.cards(trick) if trick else _word(style, 'empty')}"]),
        (0, [f"{_word(style, 'hand')}: {style.cards(hand) if hand else _word(style, 'empty')}"]),
        (1, [_word(style, "points", points=scores_text(names, observation["deal_points"], style))]),
        (1, [_word(style, "totals", totals=scores_text(names, observation["totals"], style))]),
    ]
    if observation["winners"]:
        winners = ", ".join(seat_name(names, winner, style) for winner in observation["winners"])
        blocks.append((0, [_word(style, "over", names=winners)]))
    return fit_blocks(blocks, height, width)


def sentence(event: Event, names: Sequence[str], style: Style) -> str | None:
    """A sentence for an event of Twelve (None: a shared kind, said by
    ``parlour.render.narration``)."""
    values = event.__dict__
    if event.kind == "twelve_card_played":
        name = seat_name(names, values["seat"], style)
        key = "led" if values["led"] else "followed"
        return say(_SENTENCES, style, key, name, name=name, card=style.card(values["card"]))
    if event.kind == "twelve_trick_won":
        name = seat_name(names, values["seat"], style)
        return say(
            _SENTENCES,
            style,
            "trick",
            name,
            name=name,
            trick=values["trick"],
            cards=style.cards(values["cards"]),
            points=values["points"],
        )
    if event.kind == "twelve_deal_scored":
        return say(
            _SENTENCES,
            style,
            "deal_scored",
            deal=values["deal"],
            points=scores_text(names, values["points"], style),
            totals=scores_text(names, values["totals"], style),
        )
    return None
