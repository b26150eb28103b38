"""Terminal rendering of Nain Jaune: the board of five boxes, everyone's chips and
cards in hand, the run on the pile, the "sans X" of the deal and the seat's hand.

Built only from a seat's observation (see ``parlour.games.nain_jaune.rules``), in
English or French (``style.lang``). :func:`sentence` turns the deal's events
(cards played, "sans X", passes, blocks, claims, payments, doublings, grand
opéra) into sentences.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from parlour.core.cards import RANKS, SUITS, format_card
from parlour.core.events import Event
from parlour.core.game import View
from parlour.games.nain_jaune.rules import CARD_POINTS
from parlour.render import Block, Style, fit_blocks, heading, pad, visible_width
from parlour.render.narration import Templates, say, scores_text, seat_name, signed

SCREEN_CAPTURES: tuple[tuple[str, str, dict[str, object], int], ...] = (
    ("8", "en", {"players": 8}, 5),
    ("3", "en", {"players": 3}, 4),
)
"""The full-screen table's text captures (docs/screens/) beyond the default one:
(file name suffix, language, options, seed), read by ``parlour.tui.capture``."""

_PLAIN = Style()

_RANK_NAMES = {
    "en": {"A": "ace", "J": "jack", "Q": "queen", "K": "king"},
    "fr": {"A": "as", "J": "valet", "Q": "dame", "K": "roi"},
}
"""Rank words (numbers stay digits)."""

CALL_WORDS = {"en": '"no {rank}"', "fr": "« sans {rank} »"}
"""The call of a player who cannot go on, as the log, the table and the hints say
it: English "no 8", "no queen"; French « sans 8 », « sans dame » (the name the
call keeps as a term in the rules pages). The browser's board says it with the
same words (``board.js``)."""

_BOX_NAMES = {
    "en": ("ten of diamonds", "jack of clubs", "queen of spades", "king of hearts", "yellow dwarf"),
    "fr": ("dix de carreau", "valet de trèfle", "dame de pique", "roi de cœur", "nain jaune"),
}

_WORDS: dict[str, dict[str, str]] = {
    "en": {
        "deal": "deal {deal}",
        "dealer": "dealer",
        "clockwise": "play goes clockwise",
        "anticlockwise": "play goes anticlockwise",
        "board": "Board",
        "chips": "chips",
        "cards": "cards",
        "card": "card",
        "you": "you",
        "to_play": "to play",
        "played": "has played",
        "played_short": "played",
        "pile": "Pile",
        "empty_pile": "Pile: empty",
        "run": "Run",
        "needs": "{name} {needs} {rank}",
        "starts": "{name} {starts} a new run with any card",
        "starts_block": "{name} {starts} anew: the lowest rank above {rank} held",
        "claim": "{name} {just} played {card}: claim the box?",
        "sans": "Calls this deal",
        "passed": "passed",
        "taken": "taken by",
        "blocked": "nobody had it",
        "stopped": "by choice",
        "hand": "Your hand",
        "your_turn": "Your turn. Legal",
        "last_deal": "Last deal",
        "won_by": "won by {name}",
        "opera": "grand opéra",
        "over": "Game over",
        "winner": "Winner",
        "winners": "Shared win",
        "left": "left",
        "aside": "{count} cards left aside, unseen",
    },
    "fr": {
        "deal": "donne {deal}",
        "dealer": "donneur",
        "clockwise": "on joue dans le sens des aiguilles d'une montre",
        "anticlockwise": "on joue dans le sens inverse des aiguilles d'une montre",
        "board": "Plateau",
        "chips": "jetons",
        "cards": "cartes",
        "card": "carte",
        "you": "vous",
        "to_play": "à jouer",
        "played": "a joué",
        "played_short": "a joué",
        "pile": "Cartes jouées",
        "empty_pile": "Cartes jouées : aucune",
        "run": "Suite",
        "needs": "{name} {needs} fournir {rank}",
        "starts": "{name} {starts} à la hauteur de {your} choix",
        "starts_block": "{name} {starts} : la plus petite hauteur au-dessus de {rank} {held}",
        "claim": "{name} {just} de jouer {card} : réclamer la mise ?",
        "sans": "Les « sans » de la donne",
        "passed": "n'avaient pas",
        "taken": "repris par",
        "blocked": "personne ne l'avait",
        "stopped": "volontaire",
        "hand": "Votre main",
        "your_turn": "À vous. Coups possibles",
        "last_deal": "Donne précédente",
        "won_by": "gagnée par {name}",
        "opera": "grand opéra",
        "over": "Partie terminée",
        "winner": "Gagnant",
        "winners": "Victoire partagée",
        "left": "reste",
        "aside": "{count} cartes à l'écart, jamais vues",
    },
}

_RANK_ORDER = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")


def _lang(lang: str) -> str:
    return lang if lang in _WORDS else "en"


def _name(names: Sequence[str], seat: Any) -> str:
    if isinstance(seat, int) and 0 <= seat < len(names):
        return names[seat]
    return f"seat {seat}"


def rank_word(rank: str, lang: str) -> str:
    """A rank as a word in ``lang`` (``K`` → ``king``, ``roi``); numbers stay digits.

    >>> rank_word("K", "fr"), rank_word("7", "en")
    ('roi', '7')
    """
    return _RANK_NAMES[_lang(lang)].get(rank, rank)


def call(rank: str, lang: str) -> str:
    """The call "without ``rank``", quoted, in ``lang``.

    >>> call("Q", "en"), call("8", "fr")
    ('"no queen"', '« sans 8 »')
    """
    return CALL_WORDS[_lang(lang)].format(rank=rank_word(rank, lang))


def _by_rank(cards: Sequence[str]) -> list[str]:
    """Cards sorted by rank (the game is played by rank), then suit in the deck's
    order (♠ ♡ ♢ ♣); any other move text (a pass) after the cards."""
    return sorted(cards, key=_rank_key)


def _rank_key(text: str) -> tuple[int, int]:
    if text[:-1] in _RANK_ORDER and text[-1:] in SUITS:
        return (_RANK_ORDER.index(text[:-1]), SUITS.index(text[-1]))
    return (len(_RANK_ORDER), 0)


def move_order(view: View) -> list[int]:
    """The legal moves in the order the hand is drawn: by rank, then suit."""
    order = sorted(
        range(len(view.legal_actions)), key=lambda index: _rank_key(view.action_texts[index])
    )
    return [view.legal_actions[index] for index in order]


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
    lang = _lang(getattr(style, "lang", "en"))
    french = lang == "fr"
    words = _WORDS[lang]
    players: int = observation["players"]
    blocks: list[Block] = []
    lines: list[str] = []

    header = [style.bold(view.game.info.title_text(style.lang))]
    if observation["deal_number"]:
        header.append(words["deal"].format(deal=observation["deal_number"]))
    if observation["dealer"] is not None:
        header.append(f"{words['dealer']}: {_name(names, observation['dealer'])}")
    direction = words[observation["direction"]]
    if width is None or visible_width(heading([*header, direction])) <= width:
        blocks.append((0, [heading([*header, direction])]))
    else:
        blocks.append((0, [heading(header)]))
        blocks.append((3, [direction[0].upper() + direction[1:] + "."]))

    # The board: five boxes side by side, card on top and chips below.
    cells = []
    for index, box in enumerate(observation["boxes"]):
        label = style.card(box["card"])
        if index == 4:
            label += " nain"
        cells.append((label, f"{box['chips']}"))
    # Five boxes of ``box`` columns and six borders, indented by two if there is room.
    box = 11 if width is None else max(7, min(11, (width - 6) // 5))
    indent = "  " if width is None or width >= 5 * box + 8 else ""
    blocks.append((3, [words["board"] + ":"]))
    blocks.append(
        (
            0,
            [
                indent + "┌" + "┬".join("─" * box for _ in cells) + "┐",
                indent + "│" + "│".join(_centre(label, box) for label, _ in cells) + "│",
                indent + "│" + "│".join(_centre(chips, box) for _, chips in cells) + "│",
                indent + "└" + "┴".join("─" * box for _ in cells) + "┘",
            ],
        )
    )
    blocks.append((2, [""]))
    lines = []
    name_width = max(len(_name(names, seat)) for seat in range(players)) + 2
    current = observation["current_player"]
    played = set(observation["played_this_deal"])
    for seat in range(players):
        marks = []
        if seat == observation["dealer"]:
            marks.append(words["dealer"])
        if seat == view.seat and _name(names, seat) not in ("You", "Vous"):
            marks.append(words["you"])
        if seat in played:
            marks.append(words["played" if width is None else "played_short"])
        pointer = "▶ " if seat == current else "  "
        gap = "   " if width is None else " "
        lines.append(
            f"{pointer}{pad(_name(names, seat), name_width)}"
            f"{observation['chips'][seat]:>5} {words['chips']}{gap}"
            f"{observation['hand_sizes'][seat]:>2} "
            f"{words['cards'] if observation['hand_sizes'][seat] != 1 else words['card']}"
            + (f"{gap}({', '.join(marks)})" if marks else "")
        )
    blocks.append((0, lines))
    blocks.append((3, ["  " + style.dim(words["aside"].format(count=observation["left_aside"]))]))
    blocks.append((2, [""]))
    lines = []
    pile = observation["pile"]
    if pile:
        room = 16 if width is None else max(4, min(16, (width - 12) // 4))
        shown = pile[-room:]
        more = "… " if len(pile) > len(shown) else ""
        lines.append(
            f"{words['pile']}: {more}" + " ".join(style.card(entry["card"]) for entry in shown)
        )
    else:
        lines.append(words["empty_pile"])
    run = observation["run"]
    if run:
        lines.append(f"{words['run']}: {style.cards(run)}")
    if observation["phase"] == "play" and current is not None:
        who = _name(names, current)
        if observation["needed_rank"] is not None:
            lines.append(
                style.bold(
                    words["needs"].format(
                        name=who,
                        needs=_fr(who, "doit", "devez") if french else _verb(who, "need"),
                        rank=_indefinite(observation["needed_rank"], lang),
                    )
                )
            )
        elif observation["block_rank"] is not None:
            lines.append(
                style.bold(
                    words["starts_block"].format(
                        name=who,
                        starts=_fr(who, "repart", "repartez") if french else _verb(who, "start"),
                        held=_fr(who, "qu'il a", "que vous avez"),
                        rank=rank_word(observation["block_rank"], lang),
                    )
                )
            )
        else:
            starts = _fr(who, "repart", "repartez") if french else _verb(who, "start")
            your = _fr(who, "son", "votre")
            lines.append(style.bold(words["starts"].format(name=who, starts=starts, your=your)))
    if observation["phase"] == "claim" and current is not None:
        lines.append(
            style.bold(
                words["claim"].format(
                    name=_name(names, current),
                    card=style.card(observation["claim_box"]),
                    just=_claim_verb(_name(names, current), french),
                )
            )
        )

    blocks.append((0, lines))
    lines = []
    sans = observation["sans"]
    if sans:
        sans_lines = [f"{words['sans']}:"]
        for entry in sans[-6 if width is None else -2 :]:
            sans_lines.append("  " + _sans_line(entry, names, lang, words))
        blocks.append((3, sans_lines))

    hand = observation["hand"]
    if hand:
        lines.append(f"{words['hand']}: {style.cards(_by_rank(hand))}")
    if view.legal_actions:
        texts = [
            style.card(text) if text[0].isdigit() or text[0] in "AJQK" else text
            for text in _by_rank(view.action_texts)
        ]
        lines.append(f"{words['your_turn']}: {' '.join(texts)}")
    blocks.append((0, lines))
    lines = []

    deals = observation["deals"]
    if deals and (observation["phase"] == "over" or len(observation["events"]) <= 1):
        last = deals[-1]
        result = words["won_by"].format(name=_name(names, last["winner"]))
        if last["grand_opera"]:
            result += f" ({words['opera']})"
        changes = ", ".join(
            f"{_name(names, seat)} {signed(change)}"
            for seat, change in enumerate(last["chips_change"])
        )
        blocks.append((4, [""]))
        blocks.append((2, [f"{words['last_deal']} ({last['number']}), {result}: {changes}"]))
        left = []
        for seat, cards in enumerate(last["left"]):
            if cards:
                left.append(
                    f"  {_name(names, seat)} {words['left']}: {style.cards(_by_rank(cards))}"
                )
        blocks.append((5, left))

    if observation["game_over"]:
        chips = observation["chips"]
        best = max(chips)
        winners = [seat for seat in range(players) if chips[seat] == best]
        label = words["winner"] if len(winners) == 1 else words["winners"]
        lines.append("")
        lines.append(
            style.bold(
                f"{words['over']}. {label}: "
                + ", ".join(_name(names, seat) for seat in winners)
                + f" ({best} {words['chips']})"
            )
        )
    blocks.append((0, lines))
    return fit_blocks(blocks, height, width)


def _indefinite(rank: str, lang: str) -> str:
    word = rank_word(rank, lang)
    if lang == "fr":
        return ("une " if word == "dame" else "un ") + word
    return ("an " if word[0] in "a8" else "a ") + word


def _centre(text: str, width: int) -> str:
    space = max(0, width - visible_width(text))
    left = space // 2
    return " " * left + text + " " * (space - left)


def _sans_line(
    entry: Mapping[str, Any], names: Sequence[str], lang: str, words: dict[str, str]
) -> str:
    text = f"{_name(names, entry['player'])}: {call(entry['rank'], lang)}"
    if entry["stopped"]:
        text += f" ({words['stopped']})"
    if entry["passed"]:
        text += f"; {words['passed']}: " + ", ".join(_name(names, seat) for seat in entry["passed"])
    if entry["taken_by"] is not None:
        text += f"; {words['taken']} {_name(names, entry['taken_by'])}"
    elif entry["blocked"]:
        text += f"; {words['blocked']}"
    return text


def move_groups(view: View) -> list[tuple[str, list[int]]]:
    """Legal actions grouped by rank (a long list when a run starts with a big hand)."""
    groups: dict[str, list[int]] = {}
    for action, text in zip(view.legal_actions, view.action_texts, strict=True):
        label = text[:-1] if text[:-1] in _RANK_ORDER else text
        groups.setdefault(label, []).append(action)
    order = {rank: index for index, rank in enumerate(_RANK_ORDER)}
    return sorted(groups.items(), key=lambda item: order.get(item[0], 99))


# ----- narration ----------------------------------------------------------------------


def _fr(who: str, third_person: str, second_person: str) -> str:
    """A French verb agreeing with ``who`` (``Vous``, the lone player's default name,
    takes the second person plural)."""
    return second_person if who == "Vous" else third_person


def _claim_verb(who: str, french: bool) -> str:
    if french:
        return _fr(who, "vient", "venez")
    return "have just" if who == "You" else "has just"


def _fr_restart(who: str) -> str:
    if who == "Vous":
        return "repartez à la hauteur de votre choix"
    return "repart à la hauteur de son choix"


def _verb(who: str, verb: str) -> str:
    if who == "You":
        return verb
    if verb.endswith(("s", "sh", "ch")):
        return verb + "es"
    if verb == "have":
        return "has"
    return verb + "s"


def _chips(count: int, lang: str) -> str:
    if lang == "fr":
        return f"{count} jeton" + ("s" if abs(count) > 1 else "")
    return f"{count} chip" + ("s" if abs(count) != 1 else "")


def _a_rank(rank: str, lang: str) -> str:
    word = rank_word(rank, lang)
    if lang == "fr":
        return ("d'" if word == "as" else "de ") + word
    return ("an " if word[0] in "a8" else "a ") + word


def _passed(passers: list[str], rank: str, lang: str) -> str:
    if lang == "fr":
        who = (
            " et ".join([", ".join(passers[:-1]), passers[-1]]) if len(passers) > 1 else passers[0]
        )
        verb = "n'ont" if len(passers) > 1 else _fr(who, "n'a", "n'avez")
        return f"{who} {verb} pas {_a_rank(rank, lang)}."
    who = " and ".join([", ".join(passers[:-1]), passers[-1]]) if len(passers) > 1 else passers[0]
    verb = "have" if len(passers) > 1 or who == "You" else "has"
    return f"{who} {verb} no {rank_word(rank, lang)}."


def _event_sentence(
    event: Mapping[str, Any], names: Sequence[str], lang: str, style: Style = _PLAIN
) -> str:
    french = lang == "fr"
    kind = event["type"]
    who = _name(names, event.get("player"))
    if kind == "stakes":
        dealer = _name(names, event["dealer"])
        if french:
            return f"Nouvelle donne : {dealer} distribue ; chacun mise sur le plateau."
        return f"New deal: {dealer} deals; everyone stakes on the board."
    if kind == "sans":
        said = call(event["rank"], lang)
        if french:
            if event["stopped"]:
                stops = _fr(who, "s'arrête", "vous arrêtez")
                return f"{who} {stops} : {said}."
            return f"{who} : {said}."
        if event["stopped"]:
            return f"{who} {_verb(who, 'stop')}: {said} (by choice)."
        return f"{who} {_verb(who, 'say')} {said}."
    if kind == "block":
        rank = event["rank"]
        if french:
            return f"Personne n'a {_a_rank(rank, lang)} : {who} {_fr_restart(who)}."
        return f"Nobody has {_a_rank(rank, lang)}: {who} {_verb(who, 'start')} a new run."
    if kind == "king":
        if french:
            return f"Un roi : {who} {_fr_restart(who)}."
        return f"A king: {who} {_verb(who, 'start')} a new run."
    if kind == "claim":
        box = _box(event["box"], lang, style)
        if french:
            verb = _fr(who, "emporte", "emportez")
            return f"{who} {verb} la mise du {box} : {_chips(event['chips'], lang)}."
        return f"{who} {_verb(who, 'win')} the {box} box: {_chips(event['chips'], lang)}."
    if kind == "forgot":
        box = _box(event["box"], lang, style)
        penalty = event["penalty"]
        if french:
            text = f"{who} {_fr(who, 'oublie', 'oubliez')} de réclamer la mise du {box}"
            double = _fr(who, "double", "doublez")
            return text + (
                f" et la {double} ({_chips(penalty, lang)})." if penalty else " ; elle reste."
            )
        text = f"{who} {_verb(who, 'forget')} to claim the {box} box"
        return text + (
            f" and {_verb(who, 'double')} it ({_chips(penalty, lang)})."
            if penalty
            else "; it stays."
        )
    if kind == "out":
        if french:
            has = _fr(who, "n'a", "n'avez")
            return f"{who} {has} plus de cartes et {_fr(who, 'gagne', 'gagnez')} la donne."
        return f"{who} {_verb(who, 'have')} no cards left and {_verb(who, 'win')} the deal."
    if kind == "pay":
        winner = _name(names, event["to"])
        short = event["chips"] < event["owed"]
        if french:
            text = f"{who} {_fr(who, 'paie', 'payez')} {_chips(event['chips'], lang)} à {winner}"
            return text + (f" (sur {event['owed']} dus)." if short else ".")
        text = f"{who} {_verb(who, 'pay')} {winner} {_chips(event['chips'], lang)}"
        return text + (f" (of {event['owed']} owed)." if short else ".")
    if kind == "double":
        card = style.card(event["box"])
        short = event["chips"] < event["owed"]
        if french:
            if who == "Vous":
                text = f"Vous avez gardé le {card} et doublez sa mise (+{event['chips']}"
            else:
                text = f"{who} a gardé le {card} et double sa mise (+{event['chips']}"
            return text + (f" sur {event['owed']})." if short else ").")
        text = (
            f"{who} still {_verb(who, 'hold')} {card} and {_verb(who, 'double')} its box "
            f"(+{event['chips']}"
        )
        return text + (f" of {event['owed']})." if short else ").")
    if kind == "grand_opera":
        if french:
            played = "avez joué seul et raflez" if who == "Vous" else "a joué seul et rafle"
            return f"Grand opéra ! {who} {played} le plateau : {_chips(event['chips'], lang)}."
        return (
            f"Grand opéra! {who} played alone and {_verb(who, 'sweep')} the board: "
            f"{_chips(event['chips'], lang)}."
        )
    if kind == "game_over":
        if event["reason"] == "chips":
            return (
                "Partie terminée : un joueur n'a plus de jetons."
                if french
                else "Game over: a player has no chips left."
            )
        if event["reason"] == "stakes":
            return (
                "Partie terminée : un joueur ne peut plus miser."
                if french
                else "Game over: a player cannot pay the stakes."
            )
        return (
            "Partie terminée : le nombre de donnes est atteint."
            if french
            else "Game over: the last deal has been played."
        )
    return ""


def _box(card: str, lang: str, style: Style = _PLAIN) -> str:
    index = ("10D", "JC", "QS", "KH", "7D").index(card)
    name = _BOX_NAMES[lang][index]
    return f"{style.card(card)} ({name})" if index == 4 else style.card(card)


# ----- sentences from events ------------------------------------------------------------

_SENTENCES: Templates = {
    "en": {
        "stakes": "Everyone puts {each} chips on the board; the boxes hold {boxes}.",
        "stakes_short": "Stakes: {paid}; the boxes hold {boxes}.",
        "deal_ended": "Deal {deal} won by {name}: {changes}; chips {chips}.",
    },
    "fr": {
        "stakes": "Chacun mise {each} jetons sur le plateau ; les cases contiennent {boxes}.",
        "stakes_short": "Mises : {paid} ; les cases contiennent {boxes}.",
        "deal_ended": "Donne {deal} gagnée par {name} : {changes} ; jetons {chips}.",
    },
}

_OBSERVED_KINDS = {
    "sans": "sans",
    "block": "block",
    "king": "king",
    "box_claimed": "claim",
    "box_forgotten": "forgot",
    "went_out": "out",
    "paid": "pay",
    "box_doubled": "double",
    "grand_opera": "grand_opera",
}
"""Event kinds said by the same sentences as the observation's deal events."""


def _payment(cards: Sequence[int], owed: int, style: Style) -> str:
    """The cards a loser pays for, with the sum the engine counted:
    ``R♠ 7♣ 3♢ = 10 + 7 + 3`` (paying in points), or the cards alone (per card)."""
    shown = style.cards(list(cards))
    values = [CARD_POINTS[card] for card in cards]
    if sum(values) != owed or len(values) < 2:
        return shown
    return f"{shown} = {' + '.join(map(str, values))}"


def sentence(event: Event, names: Sequence[str], style: Style) -> str | None:
    """A sentence for an event of Nain Jaune (None: a shared kind said by
    ``parlour.render.narration``). The kinds the observation's deal log also has
    are said by the same code as that log's (:func:`_event_sentence`)."""
    kind = event.kind
    values = event.__dict__
    lang = _lang(style.lang)
    if kind == "stakes_paid":
        boxes = ", ".join(
            f"{_box(card, lang, style)} {chips}"
            for card, chips in zip(("10D", "JC", "QS", "KH", "7D"), values["boxes"], strict=True)
        )
        paid = values["paid"]
        if len(set(paid)) == 1:
            return say(_SENTENCES, style, "stakes", each=paid[0], boxes=boxes)
        return say(
            _SENTENCES, style, "stakes_short", paid=scores_text(names, paid, style), boxes=boxes
        )
    if kind == "card_played":
        who = seat_name(names, values["seat"], style)
        card = style.card(values["card"])
        if lang == "fr":
            return f"{who} {_fr(who, 'joue', 'jouez')} {card}."
        return f"{who} {_verb(who, 'play')} {card}."
    if kind == "pass":
        return _passed([seat_name(names, values["seat"], style)], RANKS[values["rank"] - 1], lang)
    if kind == "deal_ended":
        changes = ", ".join(
            f"{seat_name(names, seat, style)} {signed(change)}"
            for seat, change in enumerate(values["changes"])
        )
        name = seat_name(names, values["winner"], style)
        return say(
            _SENTENCES,
            style,
            "deal_ended",
            deal=values["deal"],
            name=name,
            changes=changes,
            chips=scores_text(names, values["chips"], style),
        )
    observed = _OBSERVED_KINDS.get(kind)
    if observed is None:
        return None
    data: dict[str, Any] = {"type": observed, "player": values["seat"]}
    if "rank" in values:
        data["rank"] = RANKS[values["rank"] - 1]
    if "by_choice" in values:
        data["stopped"] = values["by_choice"]
    if "box_card" in values:
        data["box"] = format_card(values["box_card"])
    for key in ("chips", "owed", "penalty", "to"):
        if key in values:
            data[key] = values[key]
    text = _event_sentence(data, names, lang, style)
    if kind == "paid" and values["cards"]:
        text = text[:-1] + f" ({_payment(values['cards'], values['owed'], style)})."
    return text
