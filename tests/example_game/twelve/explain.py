"""A move of Twelve explained from the mover's View: does the card win the
trick, what it scores, what higher cards of its suit are still unseen."""

from __future__ import annotations

from collections.abc import Sequence

from parlour.core.cards import format_card, parse_card
from parlour.core.explain import MoveExplanation
from parlour.core.game import View
from parlour.render import Style
from parlour.render.narration import Templates, seat_name
from twelve.rules import HAND, PACK, SUIT_MASKS, power

_SAID: Templates = {
    "en": {
        "lead": "Lead {card}: {higher} higher card(s) of its suit still unseen.",
        "wins": "{card} wins trick {trick} over {led}: {points} point(s).",
        "loses": "{card} loses trick {trick} to {name}'s {led}.",
        "scores": "Trick {trick} is worth {points} point(s).",
    },
    "fr": {
        "lead": "Entamer {card} : {higher} carte(s) plus forte(s) de la couleur encore cachée(s).",
        "wins": "{card} remporte la levée {trick} sur {led} : {points} point(s).",
        "loses": "{card} perd la levée {trick} contre {led} ({name}).",
        "scores": "La levée {trick} vaut {points} point(s).",
    },
}


def _said(lang: str, key: str, **values: object) -> str:
    return _SAID.get(lang, _SAID["en"])[key].format(**values)


def explain_move(
    view: View, action: int, lang: str = "en", names: Sequence[str] | None = None
) -> MoveExplanation:
    """``action`` (a card of the seat's hand) explained from ``view`` alone."""
    observation = view.observation
    style = Style(lang=lang)
    seat_names = list(names) if names else [f"player {seat + 1}" for seat in range(2)]
    move = view.action_to_string(action)
    hand = [parse_card(card) for card in observation["hand"]]
    keeps = tuple(format_card(card) for card in hand if card != action)
    trick_number = len(observation["tricks"]) + 1
    worth = 2 if trick_number == HAND else 1
    trick = [parse_card(card) for card in observation["trick"]]
    if not trick:
        seen = sum(1 << card for card in hand)
        for finished in observation["tricks"]:
            seen |= sum(1 << parse_card(card) for card in finished["cards"])
        unseen = PACK & ~seen & SUIT_MASKS[action // 13]
        higher = sum(1 for card in range(52) if unseen >> card & 1 and power(card) > power(action))
        headline = _said(lang, "lead", card=style.card(move), higher=higher)
        return MoveExplanation(action, move, headline, keeps=keeps)
    led = trick[0]
    leader = 1 - view.seat
    wins = action // 13 == led // 13 and power(action) > power(led)
    if wins:
        headline = _said(
            lang,
            "wins",
            card=style.card(move),
            trick=trick_number,
            led=style.card(format_card(led)),
            points=worth,
        )
    else:
        headline = _said(
            lang,
            "loses",
            card=style.card(move),
            trick=trick_number,
            led=style.card(format_card(led)),
            name=seat_name(seat_names, leader, style),
        )
    return MoveExplanation(
        action,
        move,
        headline,
        scores=worth if wins else 0,
        score_sentence=_said(lang, "scores", trick=trick_number, points=worth),
        keeps=keeps,
    )
