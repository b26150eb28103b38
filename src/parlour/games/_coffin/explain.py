"""A move in the coffin explained, from a seat's View: what the card does to
each line it joins (the mover's line, an opponent's line), scored by the
engine's own ``line_value``. Shared by Dracula, Dracula in partnerships and
Thracula; each game's ``explain`` part says who owns which line.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from itertools import combinations
from typing import Any

from parlour.core.cards import FULL_PACK, format_card, is_vampire, iter_bits, parse_card
from parlour.core.explain import MoveExplanation, SeatEffect
from parlour.core.game import View
from parlour.games._coffin._dracula_actions import COLUMNS as COLUMNS_ACTION
from parlour.games._coffin._dracula_actions import ROWS as ROWS_ACTION
from parlour.games._coffin._dracula_actions import TAKE
from parlour.games._coffin.rules import CELL_NAMES, EMPTY, Axis, VampireRule, line_value
from parlour.games._coffin.text import describe_line, line_cells, line_name
from parlour.render import Style
from parlour.render.narration import Templates, capitalised, card_said, cards_said, names_of, say

Owners = Callable[[Axis, int], tuple[int, ...]]
"""The seats that score a line (an axis and a line number 0–2)."""

WORDS: Templates = {
    "en": {
        "headline": "{card} to {cell}: {effects}.",
        "and": "; ",
        "yours": "your {line}",
        "theirs": "{name}'s {line}",
        "becomes": "{owner} becomes {described}",
        "so_far": "{owner} holds {cards} so far: it can make at most {best}",
        "starts": "{owner} starts with {cards}",
        "at_most": "{owner} can now make at most {best} (before: {before})",
        "at_most_new": "{owner} can now make at most {best}",
        "voided": "{owner} is voided by the Vampire (it could make {before})",
        "keeps": "You keep {cards}.",
        "nothing_kept": "Your hand is empty after it.",
        "rows": "rows: you score the rows (the Queen's way: a Queen counts 10, a King 0); "
        "the other side scores the columns.",
        "columns": "columns: you score the columns (the King's way: a King counts 10, a Queen "
        "0); the other side scores the rows.",
        "take": "take {card}: one more card won from the coffin ({left} to take after it).",
        "take_cell": "take {cell}: the face-down card there comes into your hand, then you "
        "fill {cell} from your hand; it lies in {row} and {column}.",
    },
    "fr": {
        "headline": "{card} en {cell} : {effects}.",
        "and": " ; ",
        "yours": "votre {line}",
        "theirs": "la {line} de {name}",
        "becomes": "{owner} devient {described}",
        "so_far": "{owner} a {cards} pour l'instant : elle peut faire au plus {best}",
        "starts": "{owner} commence par {cards}",
        "at_most": "{owner} peut maintenant faire au plus {best} (avant : {before})",
        "at_most_new": "{owner} peut maintenant faire au plus {best}",
        "voided": "{owner} est annulée par le Vampire (elle pouvait faire {before})",
        "keeps": "Vous gardez {cards}.",
        "nothing_kept": "Votre main est vide après ce coup.",
        "rows": "lignes : vous comptez les lignes (voie de la Reine : une Dame vaut 10, un "
        "Roi 0) ; l'autre camp compte les colonnes.",
        "columns": "colonnes : vous comptez les colonnes (voie du Roi : un Roi vaut 10, une "
        "Dame 0) ; l'autre camp compte les lignes.",
        "take": "prendre {card} : une carte de plus gagnée du cercueil (encore {left} à prendre "
        "ensuite).",
        "take_cell": "prendre {cell} : la carte face cachée vient dans votre main, puis vous "
        "remplissez {cell} depuis votre main ; elle est sur la {row} et la {column}.",
    },
}
"""Templates of a coffin move explained."""


def coffin_of(observation: Mapping[str, Any]) -> list[int]:
    """The coffin cells as cards (``EMPTY`` for an empty or face-down cell)."""
    return [EMPTY if card is None else parse_card(card) for card in observation["coffin"]]


def unseen_cards(observation: Mapping[str, Any], coffin: Sequence[int]) -> int:
    """The cards the seat has not seen: not in its hand, the coffin or a past coffin."""
    seen = 0
    for card in coffin:
        if card != EMPTY:
            seen |= 1 << card
    for card in observation.get("hand") or ():
        seen |= 1 << parse_card(card)
    for past in observation.get("past_coffins") or ():
        for card in past:
            if card is not None:
                seen |= 1 << parse_card(card)
    return FULL_PACK & ~seen


def best_completion(cards: Sequence[int], axis: Axis, pool: int, rule: VampireRule) -> int | None:
    """The most a line could make once its empty places (``EMPTY``) are filled
    from ``pool`` (None when the line has no card yet or the pool is too small)."""
    empty = [index for index, card in enumerate(cards) if card == EMPTY]
    if len(empty) == len(cards) or len(empty) > pool.bit_count():
        return None
    if not empty:
        return line_value(cards, axis, rule)
    best = 0
    filled = list(cards)
    for chosen in combinations(iter_bits(pool), len(empty)):
        for place, card in zip(empty, chosen, strict=True):
            filled[place] = card
        best = max(best, line_value(filled, axis, rule))
    return best


def explain_placement(
    observation: Mapping[str, Any],
    seat: int,
    action: int,
    move: str,
    card: int,
    cell: int,
    lang: str,
    names: Sequence[str],
    owners: Owners,
    rule: VampireRule = VampireRule.VOID,
) -> MoveExplanation:
    """``card`` laid in ``cell``: what it does to the row and the column it joins."""
    style = Style(lang=lang)
    before = coffin_of(observation)
    after = list(before)
    after[cell] = card
    hand = [parse_card(text) for text in observation.get("hand") or ()]
    kept = [other for other in hand if other != card]
    pool = unseen_cards(observation, before) | sum(1 << other for other in kept)
    effects: list[str] = []
    opponents: list[SeatEffect] = []
    scores: int | None = None
    score_sentence = ""
    for axis, index in ((Axis.ROW, cell // 3), (Axis.COLUMN, cell % 3)):
        seats = owners(axis, index)
        if not seats:
            continue
        line = line_name(axis, index, style)
        mine = seat in seats
        if mine:
            owner = say(WORDS, style, "yours", line=line)
        else:
            owner = say(WORDS, style, "theirs", line=line, name=names_of(names, seats, style))
        cells = line_cells(axis, index)
        line_before = [before[place] for place in cells]
        line_after = [after[place] for place in cells]
        could = best_completion(line_before, axis, pool | 1 << card, rule)
        if EMPTY not in line_after:
            described, value = describe_line(line_after, axis, style, rule)
            text = say(WORDS, style, "becomes", owner=owner, described=described)
            best: int | None = value
            if mine:
                scores, score_sentence = value, text
        else:
            best = best_completion(line_after, axis, pool, rule)
            if rule is VampireRule.VOID and is_vampire(card) and could:
                text = say(WORDS, style, "voided", owner=owner, before=could)
            elif mine:
                held = [other for other in line_after if other != EMPTY]
                key = "so_far" if len(held) > 1 else "starts"
                # One card is said alone ("starts with a Vampire"), several as a list.
                shown = cards_said(held, style) if len(held) > 1 else card_said(held[0], style)
                text = say(WORDS, style, key, owner=owner, cards=shown, best=best)
            elif could is None:
                text = say(WORDS, style, "at_most_new", owner=owner, best=best)
            else:
                text = say(WORDS, style, "at_most", owner=owner, best=best, before=could)
        if mine:
            effects.insert(0, text)
        else:
            effects.append(text)
            opponents.extend(
                SeatEffect(seat=other, sentence=text, before=could, after=best) for other in seats
            )
    headline = capitalised(
        say(
            WORDS,
            style,
            "headline",
            card=card_said(card, style),
            cell=CELL_NAMES[cell],
            effects=say(WORDS, style, "and").join(effects),
        )
    )
    return MoveExplanation(
        action=action,
        move=move,
        headline=headline,
        scores=scores,
        score_sentence=score_sentence,
        opponents=tuple(opponents),
        keeps=tuple(format_card(other) for other in kept),
        target=CELL_NAMES[cell],
    )


def keeps_sentence(explanation: MoveExplanation, lang: str) -> str:
    """``You keep 9♥ K♣.`` for the cards left in hand after the move."""
    style = Style(lang=lang)
    if not explanation.keeps:
        return say(WORDS, style, "nothing_kept")
    return say(WORDS, style, "keeps", cards=cards_said(list(explanation.keeps), style))


def simple(action: int, move: str, lang: str, key: str, **values: object) -> MoveExplanation:
    """A move explained by one template (a direction chosen, a card taken)."""
    table = WORDS.get(lang, WORDS["en"])
    return MoveExplanation(action=action, move=move, headline=table[key].format(**values))


def take_cell_explanation(action: int, move: str, cell: int, lang: str) -> MoveExplanation:
    """Thracula's take: the face-down card comes into the hand, then the cell is filled."""
    style = Style(lang=lang)
    return MoveExplanation(
        action=action,
        move=move,
        headline=say(
            WORDS,
            style,
            "take_cell",
            cell=CELL_NAMES[cell],
            row=line_name(Axis.ROW, cell // 3, style),
            column=line_name(Axis.COLUMN, cell % 3, style),
        ),
        target=CELL_NAMES[cell],
    )


def default_names(names: Sequence[str] | None, players: int, lang: str) -> list[str]:
    """The seat names given, or ``player 1`` … (``joueur 1`` …)."""
    if names is not None:
        return list(names)
    word = "joueur" if lang == "fr" else "player"
    return [f"{word} {seat + 1}" for seat in range(players)]


def explain_two_sided(
    view: View, action: int, lang: str, names: Sequence[str] | None = None
) -> MoveExplanation:
    """A move of Dracula or Dracula in partnerships (one side scores the rows, the
    other the columns): a card to a cell, a direction, a card taken."""
    observation = view.observation
    move = view.action_to_string(action)
    seats = default_names(names, int(observation["players"]), lang)
    directions: Sequence[str | None] = observation["directions"]
    if action == ROWS_ACTION:
        return simple(action, move, lang, "rows")
    if action == COLUMNS_ACTION:
        return simple(action, move, lang, "columns")
    if action >= TAKE:
        left = max(0, int(observation.get("takes_left") or 0) - 1)
        taken = style_card(action - TAKE, lang)
        return simple(action, move, lang, "take", card=taken, left=left)
    card, cell = divmod(action, 9)

    def owners(axis: Axis, index: int) -> tuple[int, ...]:
        return tuple(seat for seat, way in enumerate(directions) if way == axis.value)

    return explain_placement(observation, view.seat, action, move, card, cell, lang, seats, owners)


def style_card(card: int, lang: str) -> str:
    """A card as the log says it in ``lang`` (``D♡`` in French, a Vampire in words)."""
    return card_said(card, Style(lang=lang))
