"""A Colour-blind card explained from a seat's View (hints, lessons, reviews):
whether it takes the trick, which row card the trick wins and what that card is
worth to its taker (good colour plus, bad colour minus, by the engine's
``row_points``), and which cards could still beat it."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from parlour.core.cards import format_card, iter_bits, parse_card
from parlour.core.explain import MoveExplanation, SeatEffect
from parlour.core.game import View
from parlour.games.colour_blind.rules import POWER, row_points, trick_winner_index
from parlour.render import Style
from parlour.render.narration import Templates, say, seat_name

WORDS: Templates = {
    "en": {
        "takes": "{card} takes the trick and its row card {row_card}: {worth}",
        "loses": "{card} does not take the trick ({best} is higher): {name} takes {row_card}, "
        "{worth}",
        "leads": "{card} leads for the row card {row_card} ({worth})",
        "ahead": "{card} is highest so far for the row card {row_card} ({worth})",
        "behind": "{card} is already beaten by {best}: the row card {row_card} ({worth}) goes "
        "elsewhere",
        "beaten_by": "{count} unseen cards can still beat it",
        "beaten_by_one": "1 unseen card can still beat it",
        "safe": "no unseen card can beat it",
        "good": "the good colour, +{value}",
        "bad": "the bad colour, −{value}",
        "keeps": "You keep {count} {cards}.",
    },
    "fr": {
        "takes": "{card} prend le pli et sa carte de la rangée {row_card} : {worth}",
        "loses": "{card} ne prend pas le pli ({best} est plus forte) : {name} prend "
        "{row_card}, {worth}",
        "leads": "{card} entame pour la carte de la rangée {row_card} ({worth})",
        "ahead": "{card} est la plus forte pour l'instant pour la carte {row_card} ({worth})",
        "behind": "{card} est déjà battue par {best} : la carte {row_card} ({worth}) ira ailleurs",
        "beaten_by": "{count} cartes non vues peuvent encore la battre",
        "beaten_by_one": "1 carte non vue peut encore la battre",
        "safe": "aucune carte non vue ne peut la battre",
        "good": "la bonne couleur, +{value}",
        "bad": "la mauvaise couleur, −{value}",
        "keeps": "Vous gardez {count} {cards}.",
    },
}
"""Templates of a Colour-blind card explained."""


def _unseen(view: View, observation: Mapping[str, Any]) -> int:
    """The cards of the pack this seat has not seen (others' hands, the dummy)."""
    seen = 0
    texts: list[str] = [*observation["hand"], *observation["row"], *observation["trick"]]
    for trick in observation["tricks"]:
        texts.extend(trick["cards"])
    for text in texts:
        seen |= 1 << parse_card(text)
    return view.game.pack(0) & ~seen


def explain_move(
    view: View, action: int, lang: str = "en", names: Sequence[str] | None = None
) -> MoveExplanation:
    """``action`` (a card of ``view``'s legal actions) in the game's terms."""
    observation = view.observation
    style = Style(lang=lang)
    players = int(observation["players"])
    seats = list(names) if names is not None else []
    move = view.action_to_string(action)
    trick = [parse_card(text) for text in observation["trick"]] + [action]
    leader = int(observation["trick_leader"])
    row = observation["row"]
    row_card = parse_card(row[int(observation["row_next"])])
    good_red = observation["good_colour"] == "red"
    value = row_points([row_card], good_red)
    worth = say(WORDS, style, "good" if value >= 0 else "bad", value=abs(value))
    winner_index = trick_winner_index(trick)
    winner = (leader + winner_index) % players
    card_text, row_text = style.card(action), style.card(row_card)
    best = style.card(trick[winner_index])
    opponents: list[SeatEffect] = []
    scores: int | None = None
    if len(trick) == players:
        if winner == view.seat:
            headline = say(WORDS, style, "takes", card=card_text, row_card=row_text, worth=worth)
            scores = value
        else:
            name = seat_name(seats, winner, style)
            headline = say(
                WORDS,
                style,
                "loses",
                card=card_text,
                best=best,
                name=name,
                row_card=row_text,
                worth=worth,
            )
            opponents.append(SeatEffect(seat=winner, sentence=headline, after=value))
    else:
        if winner_index != len(trick) - 1:
            key = "behind"
        else:
            key = "leads" if len(trick) == 1 else "ahead"
        headline = say(WORDS, style, key, card=card_text, best=best, row_card=row_text, worth=worth)
        if key != "behind":
            stronger = [
                card
                for card in iter_bits(_unseen(view, observation))
                if card < 52 and POWER[card] >= POWER[action]
            ]
            headline += " ; " if lang == "fr" else "; "
            if not stronger:
                headline += say(WORDS, style, "safe")
            elif len(stronger) == 1:
                headline += say(WORDS, style, "beaten_by_one")
            else:
                headline += say(WORDS, style, "beaten_by", count=len(stronger))
    kept = tuple(
        format_card(card)
        for card in (parse_card(text) for text in observation["hand"])
        if card != action
    )
    return MoveExplanation(
        action=action,
        move=move,
        headline=headline + ".",
        scores=scores,
        score_sentence=headline if scores is not None else "",
        opponents=tuple(opponents),
        keeps=kept,
        target=None,
    )
