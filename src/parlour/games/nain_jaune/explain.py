"""A Nain Jaune move explained from a seat's View (hints, lessons, reviews): the
run the card starts or goes on with (the next ranks the hand holds), the boxes
it wins, the "sans" it ends on, and what the cards left would cost (the
engine's ``CARD_POINTS``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from parlour.core.cards import KING, format_card, parse_card
from parlour.core.explain import MoveExplanation
from parlour.core.game import View
from parlour.games.nain_jaune.rules import (
    BOARD_CARDS,
    CARD_POINTS,
    CLAIM,
    PLAY_ON,
    STOP,
    card_rank,
    rank_text,
)
from parlour.games.nain_jaune.text import call, rank_word
from parlour.render import Style
from parlour.render.narration import Templates, say

WORDS: Templates = {
    "en": {
        "run": "{card}: you play the run {cards} from your hand",
        "run_one": "{card}: you play it alone (your hand holds no next card)",
        "boxes": "it wins the {boxes} ({chips} chips now)",
        "box": "box of {card}",
        "king": "the King lets you start again with any card",
        "sans": "then you say {call} ({count} {rank_word} unseen: another player may go on)",
        "sans_none": "then you say {call}: every {rank} is seen, nobody goes on",
        "sans_shown": "then you say {call}: each of the others has already said they hold "
        "none, so nobody goes on",
        "left": "you keep {count} {cards} worth {points} to pay if another goes out",
        "left_one": "you keep {count} {cards} worth {points} to pay if another goes out",
        "out": "your hand is empty: you go out and the others pay you",
        "card": "card",
        "cards": "cards",
        "rank_word": "of that rank",
        "rank_word_one": "of that rank",
        "stop": "stop: you say {call} now and keep the rest of your run in hand.",
        "claim": "claim: you take the chips of the box of {card}.",
        "play_on": "play on: you leave the box unclaimed and go on.",
        "and": "; ",
    },
    "fr": {
        "run": "{card} : vous jouez la suite {cards} de votre main",
        "run_one": "{card} : vous la jouez seule (votre main n'a pas la carte suivante)",
        "boxes": "elle gagne {boxes} ({chips} jetons maintenant)",
        "box": "la case du {card}",
        "king": "le Roi vous laisse repartir avec n'importe quelle carte",
        "sans": "puis vous dites {call} ({count} {rank_word} : un autre joueur peut suivre)",
        "sans_none": "puis vous dites {call} : tous les {ranks} sont vus, personne ne suit",
        "sans_shown": "puis vous dites {call} : chacun des autres a déjà dit qu'il n'en a "
        "pas, personne ne suit",
        "left": "vous gardez {count} {cards} qui valent {points} à payer si un autre sort",
        "left_one": "vous gardez {count} {cards} qui vaut {points} à payer si un autre sort",
        "out": "votre main est vide : vous sortez et les autres vous paient",
        "card": "carte",
        "cards": "cartes",
        "rank_word": "cartes de ce rang non vues",
        "rank_word_one": "carte de ce rang non vue",
        "stop": "arrêter : vous dites {call} maintenant et gardez la suite en main.",
        "claim": "réclamer : vous prenez les jetons de la case du {card}.",
        "play_on": "continuer : vous laissez la case sans la réclamer et continuez.",
        "and": " ; ",
    },
}
"""Templates of a Nain Jaune move explained."""


def _call(rank: str, lang: str) -> str:
    """The call of a player without ``rank``, as the game's log says it in
    ``lang`` ("no king", « sans roi »)."""
    return call(rank, lang) if rank else ""


def _plural(word: str) -> str:
    """A rank word in the plural (``rois``, ``kings``; digits and ``as`` unchanged)."""
    return word if not word.isalpha() or word.endswith("s") else word + "s"


def _shown_without(view: View, rank: str) -> set[int]:
    """The seats that have shown, this deal, that they hold no card of ``rank``:
    each who passed on it, and who said it was missing without stopping by
    choice (a player who stops may still hold it). Hands only shrink, so it
    holds for the rest of the deal."""
    shown: set[int] = set()
    for record in view.observation.get("sans") or []:
        if not isinstance(record, Mapping) or record.get("rank") != rank:
            continue
        shown.update(int(seat) for seat in record.get("passed") or [])
        if not record.get("stopped"):
            shown.add(int(record["player"]))
    return shown


def _seen(view: View) -> int:
    observation = view.observation
    seen = 0
    for text in observation["hand"]:
        seen |= 1 << parse_card(text)
    for played in observation["pile"]:
        seen |= 1 << parse_card(played["card"])
    return seen


def explain_move(
    view: View, action: int, lang: str = "en", names: Sequence[str] | None = None
) -> MoveExplanation:
    """``action`` (one of ``view``'s legal actions) in the game's terms."""
    observation = view.observation
    style = Style(lang=lang)
    words = WORDS.get(lang, WORDS["en"])
    move = view.action_to_string(action)
    hand = [parse_card(text) for text in observation["hand"]]
    if action == STOP:
        needed = observation.get("needed_rank") or ""
        return MoveExplanation(action, move, say(WORDS, style, "stop", call=_call(needed, lang)))
    if action == CLAIM:
        box = str(observation.get("claim_box") or "")
        card = style.card(box) if box else ""
        return MoveExplanation(action, move, say(WORDS, style, "claim", card=card))
    if action == PLAY_ON:
        return MoveExplanation(action, move, say(WORDS, style, "play_on"))
    # The run: this card, then each next rank the hand holds (one card a rank).
    run = [action]
    left = [card for card in hand if card != action]
    rank = card_rank(action)
    while rank < KING:
        following = [card for card in left if card_rank(card) == rank + 1]
        if not following:
            break
        run.append(following[0])
        left.remove(following[0])
        rank += 1
    key = "run" if len(run) > 1 else "run_one"
    effects = [say(WORDS, style, key, card=style.card(action), cards=style.cards(run))]
    boxes = observation["boxes"]
    won = [index for index, card in enumerate(BOARD_CARDS) if card in run]
    if won:
        chips = sum(int(boxes[index]["chips"]) for index in won)
        names_text = (" et " if lang == "fr" else " and ").join(
            say(WORDS, style, "box", card=style.card(BOARD_CARDS[index])) for index in won
        )
        effects.append(say(WORDS, style, "boxes", boxes=names_text, chips=chips))
    if not left:
        effects.append(say(WORDS, style, "out"))
    elif rank == KING:
        effects.append(say(WORDS, style, "king"))
    else:
        unseen = [
            card
            for card in range(52)
            if not _seen(view) >> card & 1 and card_rank(card) == rank + 1
        ]
        key = "sans" if unseen else "sans_none"
        if unseen and _shown_without(view, rank_text(rank + 1)) >= set(
            range(view.game.num_players)
        ) - {view.seat}:
            key = "sans_shown"
        effects.append(
            say(
                WORDS,
                style,
                key,
                call=_call(rank_text(rank + 1), lang),
                rank=rank_word(rank_text(rank + 1), lang),
                ranks=_plural(rank_word(rank_text(rank + 1), lang)),
                count=len(unseen),
                rank_word=words["rank_word_one" if len(unseen) == 1 else "rank_word"],
            )
        )
    points = sum(CARD_POINTS[card] for card in left)
    if left:
        count = len(left)
        effects.append(
            say(
                WORDS,
                style,
                "left_one" if count == 1 else "left",
                count=count,
                cards=words["card"] if count == 1 else words["cards"],
                points=points,
            )
        )
    headline = words["and"].join(effects) + "."
    return MoveExplanation(
        action=action,
        move=move,
        headline=headline,
        scores=sum(int(boxes[index]["chips"]) for index in won) if won else None,
        keeps=tuple(format_card(card) for card in left),
        target=None,
    )
