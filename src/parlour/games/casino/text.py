"""Terminal rendering of Casino (reads only the View's observation and legal moves).

Builds are drawn as labelled groups (``b9 [ 5♠ 4♡ ]  single build of Ann``);
a move is made in steps, and the move being made is drawn under the table with
what its next step may add. ``move_groups`` lets a player pick the card first,
then what it does; ``sentence`` says one event of the game log. English and French
(``style.lang``). A sentence, the table's recent moves and the notes of the move
list name a build in words ("the build of 3", « la construction de 3 », the one
wording ``build`` of ``_WORDS``); the table's build labels and the moves a player
picks keep the notation a player types (``b9``).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from parlour.core.cards import parse_card
from parlour.core.events import Event
from parlour.core.game import View
from parlour.core.sampler import Rng
from parlour.core.seat_names import SECOND_PERSON
from parlour.games.casino.rules import (
    BuildCalled,
    BuildMade,
    BuildRaised,
    Captured,
    CardDealt,
    FirstDealerDrawn,
    GameOver,
    LastCardsTaken,
    RoundScored,
    Trailed,
)
from parlour.render import Style, heading, pad, rows_needed
from parlour.render.spacing import kept_whole

SCREEN_CAPTURES: tuple[tuple[str, str, dict[str, object], int], ...] = (
    ("4", "en", {"players": 4}, 4),
)
"""The full-screen table's text captures (docs/screens/) beyond the default one:
(file name suffix, language, options, seed), read by ``parlour.tui.capture``."""

_WORDS: dict[str, dict[str, str]] = {
    "en": {
        "header_round": "round {round}",
        "header_deal": "deal {deal} of {deals}",
        "header_dealer": "dealer:\u00a0{dealer}",
        "header_stock": "stock {stock}",
        "header_target": "playing\u00a0to\u00a0{target}",
        "target_one": "{target}\u00a0point",
        "target_many": "{target}\u00a0points",
        "undrawn": "to be drawn",
        "scores": "Scores: ",
        "taken": " (taken {cards} cards, {spades}♠",
        "sweeps_count": ", {count} sweeps",
        "table": "Table:",
        "loose": "  loose: ",
        "none": "(none)",
        "single": "single build of {owner}",
        "multiple": "called build of {owner}",
        "single_yours": "your single build",
        "multiple_yours": "your called build",
        "last_capture": "Last capture: {name} with {card} took {cards}",
        "recent": "Recent: ",
        "hand": "Your hand: ",
        "held": "cards held: ",
        "empty": "(empty)",
        "build": "the build of {value}",
        "to_play": "{name} to play.",
        "won": "Game over: {name} {verb}.",
        "over": "Game over ({note}).",
        "round_score": "Round {round} score",
        "cards": "cards taken",
        "spades": "spades taken",
        "most_cards": "most cards",
        "most_spades": "most spades",
        "big_casino": "big casino",
        "little_casino": "little casino",
        "aces": "aces",
        "sweeps": "sweeps",
        "points": "round points",
        "total": "total",
        "last_take": "{name} takes the cards left on the table.",
        "round_scored": "Round {round} scored: {points}.",
        "final": "Game over: {totals}.",
        "counts_out": "{name} {verb} out",
        "pending": "Move being made by {name}: {text}",
        "pending_group": " (group so far {total}, to make {value})",
        "first_dealer": "{name} deals first.",
        "dealt_table": "{card} is dealt face up to the table.",
        "dealt_you": "{name} is dealt {card}.",
        "dealt_hidden": "{name} is dealt a card.",
        "trail": "{name} trails {card}.",
        "capture": "{name} plays {card} and takes {cards}.",
        "sweep": " A sweep!",
        "build_made": "{name} plays {card} and builds {value}: {cards}.",
        "build_raised": "{name} plays {card} and raises {build} to {value}: {cards}.",
        "build_called": "{name} plays {card} and calls {value}: {cards}.",
        "last_cards": "{name} takes the cards left on the table: {cards}.",
        "first_dealer_you": "{name} deal first.",
        "dealt_you_you": "{name} are dealt {card}.",
        "trail_you": "{name} trail {card}.",
        "capture_you": "{name} play {card} and take {cards}.",
        "build_made_you": "{name} play {card} and build {value}: {cards}.",
        "build_raised_you": "{name} play {card} and raise {build} to {value}: {cards}.",
        "build_called_you": "{name} play {card} and call {value}: {cards}.",
        "last_cards_you": "{name} take the cards left on the table: {cards}.",
        "scored": "Round {round} scored: {points} (totals {totals}).",
        "game_over": "Game over: {name} {verb} with {total}.",
        "game_stopped": "Game over ({note}): {totals}.",
        "reason_cards": "most cards",
        "reason_spades": "most spades",
        "reason_big casino": "big casino",
        "reason_little casino": "little casino",
        "reason_ace": "ace",
        "reason_sweep": "sweep",
        "reason_ace_many": "{count} aces",
        "reason_sweep_many": "{count} sweeps",
    },
    "fr": {
        "header_round": "manche {round}",
        "header_deal": "donne {deal} sur {deals}",
        "header_dealer": "donneur\u00a0:\u00a0{dealer}",
        "header_stock": "talon {stock}",
        "header_target": "partie\u00a0en\u00a0{target}",
        "target_one": "{target}\u00a0point",
        "target_many": "{target}\u00a0points",
        "undrawn": "à tirer",
        "scores": "Scores : ",
        "taken": " (pris {cards} cartes, {spades}♠",
        "sweeps_count": ", {count} rafles",
        "table": "Table :",
        "loose": "  cartes seules : ",
        "none": "(aucune)",
        "single": "construction simple de {owner}",
        "multiple": "construction d'appel de {owner}",
        "single_yours": "votre construction simple",
        "multiple_yours": "votre construction d'appel",
        "last_capture": "Dernière prise : {name} avec {card} a pris {cards}",
        "recent": "Derniers coups : ",
        "hand": "Votre main : ",
        "held": "cartes en main : ",
        "empty": "(vide)",
        "build": "la construction de {value}",
        "to_play": "À {name} de jouer.",
        "won": "Partie terminée : {name} {verb}.",
        "over": "Partie terminée ({note}).",
        "round_score": "Score de la manche {round}",
        "cards": "cartes prises",
        "spades": "piques pris",
        "most_cards": "plus de cartes",
        "most_spades": "plus de piques",
        "big_casino": "grand casino",
        "little_casino": "petit casino",
        "aces": "as",
        "sweeps": "rafles",
        "points": "points",
        "total": "total",
        "last_take": "{name} ramasse les cartes restées sur la table.",
        "round_scored": "Manche {round} : {points}.",
        "final": "Partie terminée : {totals}.",
        "counts_out": "{name} {verb} le but en comptant",
        "pending": "Coup en cours de {name} : {text}",
        "pending_group": " (groupe en cours {total}, pour faire {value})",
        "first_dealer": "{name} donne en premier.",
        "dealt_table": "{card} est donnée face visible sur la table.",
        "dealt_you": "{name} reçoit {card}.",
        "dealt_hidden": "{name} reçoit une carte.",
        "trail": "{name} pose {card} sur la table.",
        "capture": "{name} joue {card} et prend {cards}.",
        "sweep": " Rafle !",
        "build_made": "{name} joue {card} et fait une construction de {value} : {cards}.",
        "build_raised": "{name} joue {card} et monte {build} à {value} : {cards}.",
        "build_called": "{name} joue {card} et appelle {value} : {cards}.",
        "last_cards": "{name} ramasse les cartes restées sur la table : {cards}.",
        "first_dealer_you": "{name} donnez en premier.",
        "dealt_you_you": "{name} recevez {card}.",
        "trail_you": "{name} posez {card} sur la table.",
        "capture_you": "{name} jouez {card} et prenez {cards}.",
        "build_made_you": "{name} jouez {card} et faites une construction de {value} : {cards}.",
        "build_raised_you": "{name} jouez {card} et montez {build} à {value} : {cards}.",
        "build_called_you": "{name} jouez {card} et appelez {value} : {cards}.",
        "last_cards_you": "{name} ramassez les cartes restées sur la table : {cards}.",
        "scored": "Manche {round} : {points} (totaux {totals}).",
        "game_over": "Partie terminée : {name} {verb} avec {total}.",
        "game_stopped": "Partie terminée ({note}) : {totals}.",
        "reason_cards": "plus de cartes",
        "reason_spades": "plus de piques",
        "reason_big casino": "grand casino",
        "reason_little casino": "petit casino",
        "reason_ace": "as",
        "reason_sweep": "rafle",
        "reason_ace_many": "{count} as",
        "reason_sweep_many": "{count} rafles",
    },
}


def _say(lang: str, key: str, **values: object) -> str:
    words = _WORDS.get(lang, _WORDS["en"])
    if values.get("name") in ("You", "Vous") and key + "_you" in words:
        key += "_you"  # the verb agrees with a seat called You / Vous
    return words[key].format(**values)


_FRENCH_VERBS: dict[str, tuple[str, str, str]] = {
    "win": ("gagne", "gagnent", "gagnez"),
    "count": ("atteint", "atteignent", "atteignez"),
}
"""The French of the verbs :func:`_verb` agrees: with one player, with a side
of two, with « Vous »."""


def _verb(subject: str, verb: str, lang: str) -> str:
    """The verb ``verb`` (``win``, ``count``) in ``lang``, agreeing with
    ``subject``: a side of two takes the plural (``win``, « gagnent »), the
    person the second person (``win``, « gagnez »), one other player the
    singular (``wins``, « gagne »)."""
    if lang == "fr":
        one, side, you = _FRENCH_VERBS[verb]
        return you if subject in SECOND_PERSON else side if " & " in subject else one
    return verb if " & " in subject or subject in SECOND_PERSON else verb + "s"


def _extras(event: RoundScored, side: int, lang: str) -> list[str]:
    """What earned ``side`` its points in a scored round, each item once, in
    counting order, a repeated one counted ("most cards, 4 aces")."""
    counts: dict[str, int] = {}
    for item_side, _, reason in event.items:
        if item_side == side:
            counts[reason] = counts.get(reason, 0) + 1
    return [
        _say(lang, f"reason_{reason}_many", count=count)
        if count > 1
        else _say(lang, "reason_" + reason)
        for reason, count in counts.items()
    ]


def _cards_drawn(text: str, style: Style) -> str:
    """A move's text with its cards drawn as on the table (``7S take 2H+5D`` →
    ``7♠ take 2♡+5♢``)."""
    parts = re.split(r"([\s+,]+)", text)
    drawn = []
    for part in parts:
        try:
            drawn.append(style.card(parse_card(part)) if part.strip(" +,") else part)
        except ValueError:
            drawn.append(part)
    return "".join(drawn)


_BUILD_LABEL = re.compile(r"(?<![\w])b(\d+)\b")
"""A build's label in a move's text (``b9``)."""


def _build_words(value: object, lang: str) -> str:
    """A build said in words as a sentence says it ("the build of 9"), kept
    whole on a line that wraps."""
    return kept_whole(_say(lang, "build", value=value))


def _builds_in_words(text: str, lang: str) -> str:
    """A move's text with its builds said in words (``9♢ take b9`` → ``9♢ take
    the build of 9``)."""
    return _BUILD_LABEL.sub(lambda found: _build_words(found.group(1), lang), text)


def _side_name(observation: Mapping[str, Any], side: int, names: Sequence[str]) -> str:
    return " & ".join(names[seat] for seat in observation["sides"][side])


def _build_lines(observation: Mapping[str, Any], style: Style, names: Sequence[str]) -> list[str]:
    lines = []
    for build in observation["builds"]:
        label = style.bold(f"b{build['value']}")
        owner = names[build["owner"]]
        # A build of the person's own is "yours" ("single build of You" read oddly).
        yours = "_yours" if owner in SECOND_PERSON else ""
        kind = _say(style.lang, build["kind"] + yours, owner=owner)
        lines.append(f"  {label} [ {style.cards(build['cards'])} ]  {kind}")
    return lines


def round_points_lines(event: RoundScored, names: Sequence[str], lang: str) -> list[str]:
    """A scored round's points table, one line a side (from the event, so that
    every interface's log shows it): the cards and spades taken, then each
    item's points, the round's points and the total."""
    lines = []
    for side, points in enumerate(event.points):
        parts = []
        if event.taken:
            cards, spades = event.taken[side]
            parts.append(f"{_say(lang, 'cards')} {cards}, {_say(lang, 'spades')} {spades}")
        earned: dict[str, int] = {}
        for item_side, item_points, reason in event.items:
            if item_side == side:
                earned[reason] = earned.get(reason, 0) + item_points
        # The table's own row names: "aces 2", "sweeps 1" (the items say "ace").
        rows = {"ace": "aces", "sweep": "sweeps"}
        items = ", ".join(
            f"{_say(lang, rows[reason]) if reason in rows else _say(lang, 'reason_' + reason)}"
            f" {value}"
            for reason, value in earned.items()
        )
        if items:
            parts.append(items)
        total = f"{_say(lang, 'points')} {points}, {_say(lang, 'total')} {event.totals[side]}"
        parts.append(total)
        colon = " : " if lang == "fr" else ": "
        lines.append(f"  {_names_of_side(event.sides, side, names)}{colon}" + " · ".join(parts))
    return lines


def round_table(
    observation: Mapping[str, Any], names: Sequence[str], index: int = -1, lang: str = "en"
) -> list[str]:
    """The score table of one finished round (the last by default)."""
    result = observation["round_results"][index]
    sides = len(result["sides"])
    width = max(12, *(len(_side_name(observation, side, names)) + 2 for side in range(sides)))
    header = pad("", 16) + "".join(
        pad(_side_name(observation, side, names), width) for side in range(sides)
    )
    lines = [_say(lang, "round_score", round=result["round"]), header]
    keys = ["cards", "spades", "most_cards", "most_spades", "big_casino", "little_casino", "aces"]
    if observation["sweeps"] is not None:
        keys.append("sweeps")
    keys.append("points")
    for key in keys:
        lines.append(
            pad(_say(lang, key), 16)
            + "".join(pad(str(side[key]), width) for side in result["sides"])
        )
    lines.append(
        pad(_say(lang, "total"), 16) + "".join(pad(str(total), width) for total in result["totals"])
    )
    if result["counted_out"] >= 0:
        name = _side_name(observation, result["counted_out"], names)
        lines.append(_say(lang, "counts_out", name=name, verb=_verb(name, "count", lang)))
    return lines


def render(
    view: View,
    style: Style,
    names: Sequence[str],
    *,
    width: int | None = None,
    height: int | None = None,
) -> str:
    """The table as ``view.seat`` sees it (the last round's score table only if
    it fits in ``height`` rows of ``width`` columns, when they are given)."""
    o: Mapping[str, Any] = view.observation
    lang = style.lang
    out: list[str] = []
    dealer = names[o["dealer"]] if o["dealer"] is not None else _say(lang, "undrawn")
    # the points that end the game ("playing to 21 points"), never a bare number
    target = _say(lang, "target_one" if o["target"] == 1 else "target_many", target=o["target"])
    parts = [
        _say(lang, "header_round", round=o["round"]),
        _say(lang, "header_deal", deal=o["deal"], deals=o["deals_per_round"]),
        _say(lang, "header_dealer", dealer=dealer),
        _say(lang, "header_stock", stock=o["stock"]),
        _say(lang, "header_target", target=target),
    ]
    out.append(style.bold(heading([view.game.info.title_text(lang), *parts])))
    scores = []
    for side in range(len(o["sides"])):
        text = f"{_side_name(o, side, names)} {o['totals'][side]}"
        if o["captured_counts"] is not None:
            counts = o["captured_counts"][side]
            text += _say(lang, "taken", cards=counts["cards"], spades=counts["spades"])
            if o["sweeps"] is not None:
                text += _say(lang, "sweeps_count", count=o["sweeps"][side])
            text += ")"
        scores.append(text)
    # A wrap breaks the line between two sides, never inside one side's part.
    out.append(_say(lang, "scores") + " · ".join(kept_whole(text) for text in scores))
    out.append("")
    out.append(_say(lang, "table"))
    out.append(_say(lang, "loose") + (style.cards(o["loose"]) or _say(lang, "none")))
    out.extend(_build_lines(o, style, names))
    if o["last_capture"] is not None:
        capture = o["last_capture"]
        out.append(
            _say(
                lang,
                "last_capture",
                name=names[capture["seat"]],
                card=style.card(capture["card"]),
                cards=style.cards(capture["taken"]),
            )
        )
    pending = o.get("pending")
    if pending is not None:
        text = _cards_drawn(pending["text"], style)  # 7♠ take A♠, as the table draws cards
        line = _say(lang, "pending", name=names[pending["seat"]], text=text)
        if pending["open_group"] or (pending["kind"] == "build" and pending["open_sum"]):
            line += _say(lang, "pending_group", total=pending["open_sum"], value=pending["value"])
        out.append(style.bold(line))
    if o["round_moves"]:
        recent = o["round_moves"][-len(o["sides"]) - 1 :]
        out.append(
            _say(lang, "recent")
            + " · ".join(
                f"{names[m['seat']]}: {_builds_in_words(_cards_drawn(m['move'], style), lang)}"
                for m in recent
            )
        )
    out.append("")
    first, *others = (
        f"{names[seat]} {size}" for seat, size in enumerate(o["hand_sizes"]) if seat != view.seat
    )
    # The cards held go to a line of their own when the line does not fit, never
    # parted from their label (the next line's "Bot 2 4" read as in the hand).
    held = [_say(lang, "held") + first, *others]
    out.append(
        _say(lang, "hand")
        + (style.cards(o["hand"]) or _say(lang, "empty"))
        + "    "
        + " · ".join(kept_whole(part) for part in held)
    )
    if o["round_results"] and (o["phase"] == "over" or len(o["round_moves"]) < o["players"]):
        scores_table = ["", *round_table(o, names, lang=lang)]
        if height is None or rows_needed(out + scores_table, width) < height:
            out.extend(scores_table)
    current = o["current_player"]
    if o["phase"] == "over":
        if o["winner_side"] is not None and o["winner_side"] >= 0:
            winner = _side_name(o, o["winner_side"], names)
            out.append(_say(lang, "won", name=winner, verb=_verb(winner, "win", lang)))
        else:
            out.append(_say(lang, "over", note=o["end_note"]))
    elif isinstance(current, int) and current >= 0:
        out.append(_say(lang, "to_play", name=names[current]))
    return "\n".join(out)


def move_groups(view: View) -> list[tuple[str, list[int]]]:
    """The legal steps in groups: a move's first steps by the card played (pick
    the card, then what it does); within a move, the loose cards by value, then
    the builds, then done."""
    groups: dict[str, list[int]] = {}
    within = view.observation.get("pending") is not None
    for action, text in zip(view.legal_actions, view.action_texts, strict=True):
        if not within:
            label = text.split()[0]
        elif text == "done" or text.startswith("b"):
            label = text
        else:
            label = text[:-1]  # the card's rank: the cards of one value together
        groups.setdefault(label, []).append(action)
    return list(groups.items())


MOVE_NOTE = {"en": "(from {cards})", "fr": "(parmi {cards})"}
"""What a move's first step may use on the table, said after its text."""


def move_notes(view: View, style: Style) -> dict[int, str]:
    """What the first steps of moves (``5D take``, ``4H build 7``) may use on
    the table, to write after them: ``(from 2♢ 3♣)``, ``(from the build of
    9)``, so that a list of moves
    says what each takes. What may follow is asked of the
    engine (the step applied to a state drawn from the View: the table is
    public, so the hidden cards drawn change nothing); a step within a move, a
    trail, or a step with nothing to choose after it keeps its plain text."""
    if view.observation.get("pending") is not None:
        return {}
    sampled = view.sample_state(Rng(0))
    notes: dict[int, str] = {}
    for action, text in zip(view.legal_actions, view.action_texts, strict=True):
        if text.endswith(" trail"):
            continue
        state = sampled.clone()
        state.apply_action(action)
        if not state.move_in_progress():
            continue
        uses = [
            state.action_to_string(step)
            for step in state.legal_actions()
            if state.action_to_string(step) != "done"
        ]
        if not uses:
            continue
        # The cards, then each build in words: "(from 2♢ 3♣, the build of 5)".
        cards = " ".join(style.card(parse_card(part)) for part in uses if part[0] != "b")
        builds = [_build_words(part[1:], style.lang) for part in uses if part[0] == "b"]
        cards = ", ".join(part for part in (cards, *builds) if part)
        words = MOVE_NOTE.get(style.lang, MOVE_NOTE["en"])
        notes[action] = words.format(cards=cards)
    return notes


def _names_of_side(sides: Sequence[Sequence[int]], side: int, names: Sequence[str]) -> str:
    return " & ".join(names[seat] for seat in sides[side])


def sentence(event: Event, names: Sequence[str], style: Style) -> str | None:
    """One Casino event as a sentence in ``style.lang`` (None for an event of
    another game). A card hidden from the reader is not named."""
    lang = style.lang
    if isinstance(event, FirstDealerDrawn):
        return _say(lang, "first_dealer", name=names[event.seat])
    if isinstance(event, CardDealt):
        if event.seat < 0:
            card = style.card(event.card) if event.card is not None else "?"
            return _say(lang, "dealt_table", card=card)
        if event.card is None:
            return _say(lang, "dealt_hidden", name=names[event.seat])
        return _say(lang, "dealt_you", name=names[event.seat], card=style.card(event.card))
    if isinstance(event, Trailed):
        return _say(lang, "trail", name=names[event.seat], card=style.card(event.card))
    if isinstance(event, Captured):
        text = _say(
            lang,
            "capture",
            name=names[event.seat],
            card=style.card(event.card),
            cards=style.cards(list(event.cards)),
        )
        return text + _say(lang, "sweep") if event.sweep else text
    if isinstance(event, BuildMade):
        return _say(
            lang,
            "build_made",
            name=names[event.seat],
            card=style.card(event.card),
            value=event.value,
            cards=style.cards(list(event.cards)),
        )
    if isinstance(event, BuildRaised):
        return _say(
            lang,
            "build_raised",
            name=names[event.seat],
            card=style.card(event.card),
            build=_say(lang, "build", value=event.previous_value),
            value=event.value,
            cards=style.cards(list(event.cards)),
        )
    if isinstance(event, BuildCalled):
        return _say(
            lang,
            "build_called",
            name=names[event.seat],
            card=style.card(event.card),
            value=event.value,
            cards=style.cards(list(event.cards)),
        )
    if isinstance(event, LastCardsTaken):
        return _say(
            lang, "last_cards", name=names[event.seat], cards=style.cards(list(event.cards))
        )
    if isinstance(event, RoundScored):
        points = ", ".join(
            f"{_names_of_side(event.sides, side, names)} {points}"
            + (f" ({', '.join(extras)})" if (extras := _extras(event, side, lang)) else "")
            for side, points in enumerate(event.points)
        )
        totals = ", ".join(
            f"{_names_of_side(event.sides, side, names)} {total}"
            for side, total in enumerate(event.totals)
        )
        scored = _say(lang, "scored", round=event.round, points=points, totals=totals)
        return "\n".join([scored, *round_points_lines(event, names, lang)])
    if isinstance(event, GameOver):
        totals = ", ".join(
            f"{_names_of_side(event.sides, side, names)} {total}"
            for side, total in enumerate(event.totals)
        )
        if event.winner_side >= 0:
            winner = _names_of_side(event.sides, event.winner_side, names)
            return _say(
                lang,
                "game_over",
                name=winner,
                verb=_verb(winner, "win", lang),
                total=event.totals[event.winner_side],
            )
        return _say(lang, "game_stopped", note=event.note, totals=totals)
    return None
