"""Terminal rendering of Colour-blind: the row, the good colour, the players' won
cards and running scores, the trick on the table and the seat's hand.

Built only from a seat's observation (see ``parlour.games.colour_blind.rules``); suits
stay distinct without colour (red outlined ♡ ♢, black solid ♠ ♣, plus the rank).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from parlour.core.cards import parse_card, rank_of, suit_of
from parlour.core.events import Event
from parlour.core.game import View
from parlour.render import Block, Style, fit_blocks, heading, pad
from parlour.render.narration import Templates, say, scores_text, seat_name, signed

SCREEN_CAPTURES: tuple[tuple[str, str, dict[str, object], int], ...] = (
    ("2", "en", {"players": 2}, 4),
)
"""The full-screen table's text captures (docs/screens/) beyond the default one:
(file name suffix, language, options, seed), read by ``parlour.tui.capture``."""

_PLAIN = Style()
_CELL = 6
"""Screen columns per row card (13 cards fit in 80 columns)."""

_WORDS: dict[str, dict[str, str]] = {
    "en": {
        "deal": "deal {deal} of {deals}",
        "deal_open": "deal {deal}",
        "target": "target {target}",
        "dealer": "dealer",
        "good": "Good colour",
        "red": "red (♡ ♢ score, ♠ ♣ cost)",
        "black": "black (♠ ♣ score, ♡ ♢ cost)",
        "unknown": "not known yet (the row is being dealt)",
        "row": "Row (won left to right; » « and ^ mark the next card to be won)",
        "last_card_unused": "Dummy's 14th card: face down, not used",
        "last_card_trick": "Dummy's 14th card: face down, goes to the last trick's winner",
        "last_card_shown": "Dummy's 14th card: {card}, won by {name}",
        "won": "won",
        "you": "you",
        "nothing": "nothing yet",
        "this_deal": "this deal",
        "total": "total",
        "trick": "Trick",
        "empty_trick": "Trick: nobody has played yet; to lead: {name}",
        "to_play": "{name} to play",
        "last_trick": "Last trick",
        "took": "took",
        "hand": "Your hand",
        "your_turn": "Your turn. Legal cards",
        "your_turn_any": "Your turn: any card of your hand.",
        "row_short": "Row (won left to right; ^ the next card)",
        "follow": "follow suit when able",
        "free": "any card may be played",
        "past": "Past deals",
        "over": "Game over",
        "winner": "Winner",
        "winners": "Shared win",
    },
    "fr": {
        "deal": "donne {deal} sur {deals}",
        "deal_open": "donne {deal}",
        "target": "objectif {target}",
        "dealer": "donneur",
        "good": "Bonne couleur",
        "red": "rouge (♡ ♢ rapportent, ♠ ♣ coûtent)",
        "black": "noir (♠ ♣ rapportent, ♡ ♢ coûtent)",
        "unknown": "pas encore connue (la rangée se distribue)",
        "row": "Rangée (prise de gauche à droite ; » « et ^ marquent la prochaine carte)",
        "last_card_unused": "14e carte du mort : face cachée, non utilisée",
        "last_card_trick": "14e carte du mort : face cachée, au gagnant de la dernière levée",
        "last_card_shown": "14e carte du mort : {card}, prise par {name}",
        "won": "a pris",
        "you": "vous",
        "nothing": "rien encore",
        "this_deal": "cette donne",
        "total": "total",
        "trick": "Levée",
        "empty_trick": "Levée : personne n'a joué ; entame : {name}",
        "to_play": "à {name} de jouer",
        "last_trick": "Dernière levée",
        "took": "prend",
        "hand": "Votre main",
        "your_turn": "À vous. Cartes jouables",
        "your_turn_any": "À vous : n'importe quelle carte de votre main.",
        "row_short": "Rangée (prise de gauche à droite ; ^ la prochaine)",
        "follow": "fournir si possible",
        "free": "toute carte peut être jouée",
        "past": "Donnes précédentes",
        "over": "Partie terminée",
        "winner": "Gagnant",
        "winners": "Victoire partagée",
    },
}


def _words(style: Style) -> dict[str, str]:
    return _WORDS.get(style.lang, _WORDS["en"])


def _name(names: Sequence[str], seat: Any) -> str:
    if isinstance(seat, int) and 0 <= seat < len(names):
        return names[seat]
    return f"seat {seat}"


def _signed(number: int) -> str:
    return f"+{number}" if number > 0 else str(number)


def ace_high(cards: Sequence[str]) -> list[str]:
    """Cards in suit order, each suit from 2 up to the Ace (the Ace is high in
    Colour-blind)."""

    def key(card: str) -> tuple[int, int]:
        number = parse_card(card)
        rank = rank_of(number)
        return suit_of(number), 14 if rank == 1 else rank

    return sorted(cards, key=key)


def move_order(view: View) -> list[int]:
    """The legal cards in the order the hand is drawn (the Ace high)."""
    by_text = dict(zip(view.action_texts, view.legal_actions, strict=True))
    return [by_text[text] for text in ace_high(list(view.action_texts))]


def render(
    view: View,
    style: Style,
    names: Sequence[str],
    *,
    width: int | None = None,
    height: int | None = None,
) -> str:
    """The table as seat ``view.seat`` sees it (compact to fit ``width`` ×
    ``height`` when they are given)."""
    observation = view.observation
    words = _words(style)
    players: int = observation["players"]
    blocks: list[Block] = []

    header = [style.bold(view.game.info.title_text(style.lang))]
    deals = observation["deals"]
    if deals is not None:
        header.append(words["deal"].format(deal=observation["deal"], deals=deals))
    else:
        header.append(words["deal_open"].format(deal=observation["deal"]))
    if observation["target_score"] is not None:
        header.append(words["target"].format(target=observation["target_score"]))
    if observation["dealer"] is not None:
        header.append(f"{words['dealer']}: {_name(names, observation['dealer'])}")
    rule = words["follow"] if observation["follow_suit"] else words["free"]
    if width is None:
        blocks.append((0, [heading([*header, rule])]))
    else:
        blocks.append((0, [heading(header)]))
        blocks.append((3, [rule[0].upper() + rule[1:] + "."]))

    good = observation["good_colour"]
    blocks.append(
        (0, [f"{words['good']}: {style.bold(words[good]) if good else words['unknown']}"])
    )

    row: list[str] = observation["row"]
    won_by: list[int] = observation["row_won_by"]
    next_index = observation["row_next"]
    # Two aligned lines: the row cards, and under each the name of who won it
    # (or a caret under the next card to be won); in as many pairs of lines as
    # the width needs.
    labels = short_labels([_name(names, seat) for seat in range(players)], _CELL - 2)
    card_line = []
    owner_line = []
    for index, card in enumerate(row):
        text = style.card(card)
        text = style.bold(f"»{text}«") if index == next_index else f" {text} "
        card_line.append(pad(text, _CELL))
        if index < len(won_by):
            owner_line.append(pad(" " + style.dim(labels[won_by[index]]), _CELL))
        else:
            owner_line.append(pad("  ^" if index == next_index else "", _CELL))
    row_lines = [words["row"] + ":" if width is None else words["row_short"] + ":"]
    if card_line:
        per_line = len(card_line) if width is None else max(1, (width - 2) // _CELL)
        for first in range(0, len(card_line), per_line):
            row_lines.append("  " + "".join(card_line[first : first + per_line]).rstrip())
            row_lines.append("  " + "".join(owner_line[first : first + per_line]).rstrip())
    else:
        row_lines.append("  —")
    if observation["dummy_last_card"]:
        if observation["last_card"] is not None:
            row_lines.append(
                words["last_card_shown"].format(
                    card=style.card(observation["last_card"]),
                    name=_name(names, observation["last_card_owner"]),
                )
            )
        elif observation.get("last_card_rule") == "last_trick":
            row_lines.append(words["last_card_trick"])
        else:
            row_lines.append(words["last_card_unused"])
    blocks.append((0, row_lines))

    blocks.append((2, [""]))
    name_width = max(len(_name(names, seat)) for seat in range(players)) + 2
    scores = []
    for seat in range(players):
        marks = []
        if seat == observation["dealer"]:
            marks.append(words["dealer"])
        if seat == view.seat and _name(names, seat) not in ("You", "Vous"):
            marks.append(words["you"])
        won = observation["won"][seat]
        won_text = style.cards(won) if won else words["nothing"]
        gap = "   " if width is None else " "
        split = ""
        colour_points = observation.get("colour_points")
        if colour_points and (width is None or width >= 64):
            good, bad = colour_points[seat]
            split = " (" + say(_SENTENCES, style, "running_short", good=good, bad=bad) + ")"
        line = (
            f"  {pad(_name(names, seat), name_width)}"
            f"{words['this_deal']} {_signed(observation['deal_points'][seat]):>4}{split}{gap}"
            f"{words['total']} {observation['totals'][seat]:>4}"
        )
        if width is None:
            line += f"   {words['won']}: {won_text}" + (f"   ({', '.join(marks)})" if marks else "")
        elif marks:
            line += f"  ({', '.join(marks)})"
        scores.append(line)
    colour_points = observation.get("colour_points")
    if colour_points and width is not None and width < 64:
        # Too narrow for the split on each line: one line of good/bad points.
        split_line = ", ".join(
            f"{_name(names, seat)} {good}/{bad}" for seat, (good, bad) in enumerate(colour_points)
        )
        scores.append("  " + say(_SENTENCES, style, "good_bad", points=split_line))
    blocks.append((0, scores))

    blocks.append((2, [""]))
    tricks = observation["tricks"]
    if tricks:
        last = tricks[-1]
        played = _trick_text(last["cards"], last["leader"], players, names, style)
        winner = _name(names, last["winner"])
        took = "prenez" if winner == "Vous" and style.lang == "fr" else words["took"]
        row_card = style.card(last["row_card"])
        blocks.append((1, [f"{words['last_trick']}: {played} → {winner} {took} {row_card}"]))
    turn: list[str] = []
    if observation["phase"] == "play":
        trick: list[str] = observation["trick"]
        leader = observation["trick_leader"]
        current = observation["current_player"]
        if trick:
            turn.append(
                f"{words['trick']}: {_trick_text(trick, leader, players, names, style)}"
                f"   ({words['to_play'].format(name=_name(names, current))})"
            )
        else:
            leader_name = _name(names, leader)
            empty = words["empty_trick"].format(name=leader_name)
            if leader_name == "You":
                empty = empty.replace("You leads", "You lead")
            turn.append(empty)

    hand = observation["hand"]
    if hand:
        turn.append(f"{words['hand']}: {style.cards(ace_high(hand))}")
    if view.legal_actions:
        legal = ace_high(list(view.action_texts))
        if width is not None and list(legal) == ace_high(hand):
            turn.append(words["your_turn_any"])
        else:
            turn.append(f"{words['your_turn']}: {style.cards(legal)}")
    blocks.append((0, turn))

    past = observation["past_deals"]
    if past:
        past_lines = ["", f"{words['past']}:"]
        for summary in past:
            totals = ", ".join(
                f"{_name(names, seat)} {score}"
                + (f" ({summary['points'][seat]} → 0)" if summary["points"][seat] < 0 else "")
                for seat, score in enumerate(summary["scores"])
            )
            past_lines.append(
                f"  {summary['deal']}. {words[summary['good_colour']].split(' ')[0]}: {totals}"
            )
        blocks.append((4, past_lines))
    if observation["phase"] == "over":
        winners = observation["winners"]
        label = words["winner"] if len(winners) == 1 else words["winners"]
        blocks.append(
            (
                0,
                [
                    "",
                    style.bold(
                        f"{words['over']}. {label}: "
                        + ", ".join(_name(names, seat) for seat in winners)
                    ),
                ],
            )
        )
    return fit_blocks(blocks, height, width)


def short_labels(names: Sequence[str], width: int) -> list[str]:
    """Names cut to ``width`` characters (spaces dropped). Names that cutting
    makes alike keep their own ending instead: the number a name ends with
    ("Robot 2" → "Rob2"), else the seat's number counted from 1; a name cutting
    leaves distinct stays as it is ("Vous").

    >>> short_labels(["Vous", "Robot 2", "Robot 3"], 4)
    ['Vous', 'Rob2', 'Rob3']
    >>> short_labels(["Anna", "Annabel", "Bo"], 4)
    ['Ann1', 'Ann2', 'Bo']
    """
    compact = [name.replace(" ", "") for name in names]
    cut = [name[:width] for name in compact]
    labels = []
    for seat, (name, label) in enumerate(zip(compact, cut, strict=True)):
        if cut.count(label) == 1:
            labels.append(label)
            continue
        digits = len(name) - len(name.rstrip("0123456789"))
        ending = name[-digits:] if digits else str(seat + 1)
        labels.append(name[: max(0, width - len(ending))] + ending)
    if len(set(labels)) < len(labels):  # alike even so: the seat's number decides
        labels = [f"{label[: width - 1]}{seat + 1}" for seat, label in enumerate(cut)]
    return labels


def _trick_text(
    cards: Sequence[str], leader: int, players: int, names: Sequence[str], style: Style
) -> str:
    return ", ".join(
        f"{_name(names, (leader + offset) % players)} {style.card(card)}"
        for offset, card in enumerate(cards)
    )


def _fr(who: str, third_person: str, second_person: str) -> str:
    """A French verb agreeing with ``who`` (``Vous`` takes the second person plural)."""
    return second_person if who == "Vous" else third_person


# ----- sentences from events ------------------------------------------------------------

_SENTENCES: Templates = {
    "en": {
        "row_card": "Row card {position}: {card}.",
        "dummy_card": "The dummy's 14th card is dealt face down.",
        "dummy_card_shown": "The dummy's 14th card, {card}, is dealt face down.",
        "good_red": "The good colour is red: ♡ ♢ score, ♠ ♣ cost.",
        "good_black": "The good colour is black: ♠ ♣ score, ♡ ♢ cost.",
        "led": "{name} [leads|lead] {card}.",
        "followed": "{name} [plays|play] {card}.",
        "trick": "{name} [wins|win] trick {trick} ({cards}) and the row card {row_card} "
        "({points}).",
        "running": " {name} this deal: good colour {good}, bad colour {bad}: {net}.",
        "running_short": "good {good}, bad {bad}",
        "good_bad": "good/bad colour: {points}",
        "last_card": "The dummy's 14th card, {card}, goes to {name} ({points}).",
        "deal_scored": "Deal {deal} scored: {scores}; totals {totals}.",
        "clamped": "{points}: below zero counts 0",
    },
    "fr": {
        "row_card": "Carte {position} de la rangée : {card}.",
        "dummy_card": "La 14e carte du mort est donnée face cachée.",
        "dummy_card_shown": "La 14e carte du mort, {card}, est donnée face cachée.",
        "good_red": "La bonne couleur est le rouge : ♡ ♢ rapportent, ♠ ♣ coûtent.",
        "good_black": "La bonne couleur est le noir : ♠ ♣ rapportent, ♡ ♢ coûtent.",
        "led": "{name} [entame|entamez] {card}.",
        "followed": "{name} [joue|jouez] {card}.",
        "trick": "{name} [remporte|remportez] la levée {trick} ({cards}) et la carte "
        "{row_card} de la rangée ({points}).",
        "running": " {name} sur cette donne : bonne couleur {good}, mauvaise couleur {bad} : "
        "{net}.",
        "running_short": "bonne {good}, mauvaise {bad}",
        "good_bad": "bonne/mauvaise couleur : {points}",
        "last_card": "La 14e carte du mort, {card}, va à {name} ({points}).",
        "deal_scored": "Donne {deal} comptée : {scores} ; totaux {totals}.",
        "clamped": "{points} : un résultat négatif compte 0",
    },
}


DEALING_KINDS = frozenset({"row_card", "dummy_card"})
"""Colour-blind's own dealing events: the log folds them with the hands dealt
into one line a deal (:func:`parlour.render.narration.dealing_sentence`)."""


def dealing_clause(events: Sequence[Event], style: Style) -> str:
    """The row (and the dummy's face-down card) of a deal as one clause:
    ``the row: 3♡ A♡ 7♣`` (``la rangée : …``)."""
    french = style.lang == "fr"
    row = [event.__dict__["card"] for event in events if event.kind == "row_card"]
    clauses = [("la rangée : " if french else "the row: ") + style.cards(row)] if row else []
    for event in events:
        if event.kind != "dummy_card":
            continue
        card = event.__dict__["card"]
        if french:
            shown = f" ({style.card(card)})" if card is not None else ""
            clauses.append(f"la 14e carte du mort face cachée{shown}")
        else:
            shown = f" ({style.card(card)})" if card is not None else ""
            clauses.append(f"the dummy's 14th card face down{shown}")
    return "; ".join(clauses)


def _running(values: Mapping[str, Any], name: str, style: Style) -> str:
    """`` Ann this deal: good colour 12, bad colour 5: +7.`` from a trick won (the
    engine's running points of its winner; empty for an older record)."""
    if not values.get("good_points"):
        return ""
    seat = values["seat"]
    good, bad = values["good_points"][seat], values["bad_points"][seat]
    return say(_SENTENCES, style, "running", name=name, good=good, bad=bad, net=signed(good - bad))


def sentence(event: Event, names: Sequence[str], style: Style) -> str | None:
    """A sentence for an event of Colour-blind (None: a shared kind said by
    ``parlour.render.narration``)."""
    kind = event.kind
    values = event.__dict__
    if kind == "row_card":
        card = style.card(values["card"])
        return say(_SENTENCES, style, "row_card", position=values["position"] + 1, card=card)
    if kind == "dummy_card":
        if values["card"] is None:
            return say(_SENTENCES, style, "dummy_card")
        return say(_SENTENCES, style, "dummy_card_shown", card=style.card(values["card"]))
    if kind == "good_colour":
        return say(_SENTENCES, style, "good_red" if values["colour"] == "red" else "good_black")
    if kind in ("card_led", "card_followed"):
        name = seat_name(names, values["seat"], style)
        key = "led" if kind == "card_led" else "followed"
        return say(_SENTENCES, style, key, name, name=name, card=style.card(values["card"]))
    if kind == "trick_won":
        name = seat_name(names, values["seat"], style)
        return say(
            _SENTENCES,
            style,
            "trick",
            name,
            name=name,
            trick=values["trick"],
            cards=style.cards(values["cards"]),
            row_card=style.card(values["row_card"]),
            points=signed(values["points"]),
        ) + _running(values, name, style)
    if kind == "last_card_won":
        name = seat_name(names, values["seat"], style)
        card = style.card(values["card"])
        return say(
            _SENTENCES, style, "last_card", name=name, card=card, points=signed(values["points"])
        )
    if kind == "deal_scored":
        parts = []
        for seat, score in enumerate(values["scores"]):
            text = f"{seat_name(names, seat, style)} {score}"
            points = values["points"][seat]
            if points != score:
                text += " (" + say(_SENTENCES, style, "clamped", points=points) + ")"
            parts.append(text)
        return say(
            _SENTENCES,
            style,
            "deal_scored",
            deal=values["deal"],
            scores=", ".join(parts),
            totals=scores_text(names, values["totals"], style),
        )
    return None
