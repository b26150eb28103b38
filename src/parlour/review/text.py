"""A review written out for a person, in English or French."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from parlour.core.game import Game, View
from parlour.core.seat_names import SECOND_PERSON, seat_name_in
from parlour.i18n import localized_table, said_move
from parlour.judge.words import line_words, unit_of, unit_words
from parlour.render import Style, renderer_for
from parlour.review import BLUNDER, MISTAKE, Decision, Review

SENTENCES: dict[str, dict[str, str]] = {
    "en": {
        "title": "Review: {name} at {title}",
        "title_you": "Review of your game of {title}",
        "how_you": "Each decision is judged only on what you could see then: the hidden "
        "cards imagined many times, each move played and the {line} finished well. {Units} are "
        "the lead for the {line} (your {units} less the others' average) a move can expect.",
        "how": "Each decision is judged only on what {name} could see then: the hidden "
        "cards imagined many times, each move played and the {line} finished well. {Units} are "
        "the lead for the {line} (the seat's {units} less the others' average) a move can "
        "expect.",
        "grades": "Decisions judged: {reviewed} (forced moves, not judged: {forced}). "
        "Good: {good} · inaccuracies: {inaccuracy} · mistakes: {mistake} · blunders: "
        "{blunder}.",
        "accuracy": "Accuracy: {accuracy:.0f}% of decisions good; expected {units} lost: "
        "{loss:.1f} {per_line}.",
        "thresholds": "Grades in {title}: inaccuracy from {inaccuracy:g}, mistake from "
        "{mistake:g}, blunder from {blunder:g} expected {units} lost; a loss too small to "
        "tell from the luck of the imagined deals counts as good.",
        "costliest": "The decisions that cost most:",
        "none_flagged": "No decision cost points that the judge could tell from luck: well played.",
        "decision": "{line_title} {deal}, move {move} ({played}): {grade}. {words}",
        "decision_details": "  Details: {played} {played_lead:+.1f} ± {played_error:.1f}, "
        "{best} {best_lead:+.1f} ± {best_error:.1f}; loss {loss:.1f} ± {loss_error:.1f} "
        "(± one standard error, {samples} imagined deals).",
        "why_played": "  Your move: {text}",
        "why_best": "  The better move: {text}",
        "par_title": "Par (what the hard bot makes in this seat, replaying the same cards "
        "against the same opponents):",
        "par_deal": "{line_title} {deal}: with your cards the bot averages {par} (give or take "
        "{spread}); you made {score:g}.",
        "par_total": "Match: on these cards the hard bot averages {par} (give or take "
        "{spread}); you made {score:g}: {reading}.",
        "read_lucky_costly": "good cards, and {costly} costly decision{s}",
        "read_beat": "better than the hard bot on these cards",
        "read_par_costly": "about the par, though with {costly} costly decision{s}",
        "read_par": "as the hard bot would",
        "read_costly": "{costly} costly decision{s} {account} for much of the gap",
        "read_unlucky": "the cards and the others' play fell against you, not your decisions",
        "all_title": "Every decision:",
        "all_line": "  {step:>4}. {grade:<12} {played:<18} best {best:<18} loss {loss:5.1f}",
        "good": "good",
        "inaccuracy": "inaccuracy",
        "mistake": "mistake",
        "blunder": "blunder",
    },
    "fr": {
        "title": "Analyse : {name} au {title}",
        "title_you": "Analyse de votre partie de {title}",
        "how_you": "Chaque décision est jugée seulement sur ce que vous voyiez alors : les "
        "cartes cachées imaginées bien des fois, chaque coup joué et la suite jouée avec "
        "soin. Les {units} sont l'avance (vos {units} moins la moyenne des autres) qu'un coup "
        "peut espérer {on_this}.",
        "how": "Chaque décision est jugée sur ce que {name} voyait alors, seulement : les "
        "cartes cachées imaginées bien des fois, chaque coup joué et la suite jouée avec "
        "soin. Les {units} sont l'avance (les {units} de la place moins la moyenne des autres) "
        "qu'un coup peut espérer {on_this}.",
        "grades": "Décisions jugées : {reviewed} (coups forcés, non jugés : {forced}). "
        "Bonnes : {good} · imprécisions : {inaccuracy} · erreurs : {mistake} · gaffes : "
        "{blunder}.",
        "accuracy": "Précision : {accuracy:.0f} % de bonnes décisions ; {units} espérés "
        "perdus : {loss:.1f} {per_line}.",
        "thresholds": "Degrés au {title} : imprécision dès {inaccuracy:g}, erreur dès "
        "{mistake:g}, gaffe dès {blunder:g} {units} espérés perdus ; une perte trop faible "
        "pour être distinguée de la chance des donnes imaginées compte comme bonne.",
        "costliest": "Les décisions qui ont coûté le plus :",
        "none_flagged": "Aucune décision n'a coûté de points que le juge distingue de la "
        "chance : bien joué.",
        "decision": "{line_title} {deal}, coup {move} ({played}) : {grade}. {words}",
        "decision_details": "  Détails : {played} {played_lead:+.1f} ± {played_error:.1f}, "
        "{best} {best_lead:+.1f} ± {best_error:.1f} ; perte {loss:.1f} ± {loss_error:.1f} "
        "(± une erreur standard, {samples} donnes imaginées).",
        "why_played": "  Votre coup : {text}",
        "why_best": "  Le meilleur coup : {text}",
        "par_title": "Par (ce que fait le robot difficile à cette place, en rejouant les "
        "mêmes cartes contre les mêmes adversaires) :",
        "par_deal": "{line_title} {deal} : avec vos cartes, le robot fait en moyenne {par} (à "
        "{spread} près) ; vous, {score:g}.",
        "par_total": "Partie : sur ces cartes, le robot difficile fait en moyenne {par} (à "
        "{spread} près) ; vous avez fait {score:g} : {reading}.",
        "read_lucky_costly": "de bonnes cartes, et {costly} décision{s} coûteuse{s}",
        "read_beat": "mieux que le robot difficile sur ces cartes",
        "read_par_costly": "à peu près le par, malgré {costly} décision{s} coûteuse{s}",
        "read_par": "comme l'aurait fait le robot difficile",
        "read_costly": "{costly} décision{s} coûteuse{s} {account} une bonne part de l'écart",
        "read_unlucky": "les cartes et le jeu des autres vous ont desservi, pas vos décisions",
        "all_title": "Toutes les décisions :",
        "all_line": "  {step:>4}. {grade:<12} {played:<18} mieux {best:<18} perte {loss:5.1f}",
        "good": "bonne",
        "inaccuracy": "imprécision",
        "mistake": "erreur",
        "blunder": "gaffe",
    },
}
"""Every sentence of a written review, in each language."""


class FrenchDecimal(float):
    """A number written the French way: a decimal comma (``0,0``, ``+5,6``)."""

    def __format__(self, spec: str) -> str:
        return float.__format__(self, spec).replace(".", ",")


def say(lang: str, key: str, line: str = "deal", /, **values: object) -> str:
    """The review's sentence ``key`` in ``lang`` (English if not translated),
    naming the game's score sheet ``line`` (``deal``, ``round``, ``coffin``:
    :func:`parlour.judge.words.line_of`) in its words; in French, numbers with
    decimals take a comma."""
    table = SENTENCES.get(lang, SENTENCES["en"])
    title, word, on_this, per_line = line_words(line, lang)
    values = {
        "line_title": title,
        "line": word,
        "on_this": on_this,
        "per_line": per_line,
        **values,
    }
    if lang == "fr":
        values = {
            name: FrenchDecimal(value) if isinstance(value, float) else value
            for name, value in values.items()
        }
    return table[key].format(**values)


def grade_name(lang: str, grade: str) -> str:
    """A grade in words."""
    return say(lang, grade)


def decision_line(decision: Decision, lang: str, line: str = "deal") -> str:
    """One flagged decision in a sentence: where (the game's ``line`` and the
    move's number), the move, the grade, the verdict in words."""
    return say(
        lang,
        "decision",
        line,
        deal=decision.deal,
        move=decision.move,
        grade=grade_name(lang, decision.grade),
        played=said_move(decision.played.text, lang),
        best=said_move(decision.best.text, lang),
        words=decision.words,
    ).strip()


def decision_details(decision: Decision, lang: str) -> str:
    """The figures behind a decision: both moves' expected leads, the loss, each ±
    one standard error."""
    return say(
        lang,
        "decision_details",
        played=said_move(decision.played.text, lang),
        played_lead=decision.played.lead,
        played_error=decision.played.lead_error,
        best=said_move(decision.best.text, lang),
        best_lead=decision.best.lead,
        best_error=decision.best.lead_error,
        loss=decision.loss,
        loss_error=decision.loss_error,
        samples=decision.played.samples,
    )


def number(value: float, lang: str) -> str:
    """A score as a person reads it: whole, in the language's writing."""
    return f"{value:.0f}"


def par_reading(review: Review, lang: str) -> str:
    """One sentence part that separates the cards from the play: the seat's total
    against the par's mean and spread, and the costly decisions (mistakes and
    blunders)."""
    return _reading(review.to_json(), lang)


def _reading(review: Mapping[str, Any], lang: str) -> str:
    costly = int(review["costly"])
    plural = "s" if costly > 1 else ""
    account = {"en": ("accounts", "account"), "fr": ("explique", "expliquent")}
    verb = account.get(lang, account["en"])[costly > 1]
    difference = float(review["score_total"]) - float(review["par_total"])
    margin = max(float(review["par_spread"]), float(review["thresholds"][0]))
    # What the costly decisions cost, together: a gap below the par that they
    # explain is said to be theirs, even within the par's spread (the playtest
    # read "about the par" 61 points under it, beside a blunder of 113).
    costly_loss = sum(
        float(decision.get("loss", 0.0))
        for decision in review.get("decisions", [])
        if decision.get("grade") in (MISTAKE, BLUNDER)
    )
    explained = costly and -difference > float(review["thresholds"][0])
    if explained and costly_loss >= -difference / 2:
        key = "read_costly"
    elif difference > margin:
        key = "read_lucky_costly" if costly else "read_beat"
    elif difference >= -margin:
        key = "read_par_costly" if costly else "read_par"
    else:
        key = "read_costly" if costly else "read_unlucky"
    return say(lang, key, costly=costly, s=plural, account=verb)


def par_sentences(review: Mapping[str, Any], lang: str) -> list[str]:
    """The par in sentences, from a review as stored (:meth:`Review.to_json`): a
    title, one line per deal (the bot's mean and spread on the seat's cards
    against what the seat made), and the match's line that separates the cards
    from the play; empty without a par. The terminal and the browser both show
    these."""
    pars = review.get("pars") or []
    if not pars:
        return []
    line = str(review.get("line", "deal"))
    lines = [say(lang, "par_title")]
    # A match of one deal says it once, in the match's line (its score is the
    # match's result, end bonus included, which a "deal" line reads wrongly
    # beside the score sheet's deal line).
    for item in pars if len(pars) > 1 else []:
        lines.append(
            say(
                lang,
                "par_deal",
                line,
                deal=item["deal"],
                par=number(float(item["par"]), lang),
                spread=number(float(item["spread"]), lang),
                score=float(item["score"]),
            )
        )
    lines.append(
        say(
            lang,
            "par_total",
            score=float(review["score_total"]),
            par=number(float(review["par_total"]), lang),
            spread=number(float(review["par_spread"]), lang),
            reading=_reading(review, lang),
        )
    )
    return lines


def review_lines(
    review: Review,
    game: Game[object],
    names: Sequence[str],
    lang: str,
    *,
    style: Style | None = None,
    boards: bool = True,
    every: bool = False,
    details: bool = False,
) -> list[str]:
    """The review as lines of text: the summary, the costliest decisions (with the
    board and both explanations), the par, with ``every`` each decision, and with
    ``details`` the figures behind each verdict."""
    style = style if style is not None else Style(lang=lang)
    # A default name (You, Bot 2) is said in the reader's language (Vous, Robot 2).
    names = [seat_name_in(name, seat, lang) for seat, name in enumerate(names)]
    name = names[review.seat] if review.seat < len(names) else f"#{review.seat}"
    you = "_you" if name in SECOND_PERSON else ""
    title = game.info.title_text(lang)
    counts = review.counts()
    inaccuracy, mistake, blunder = review.thresholds
    # The game's unit, plural (points; Nain Jaune's chips, « jetons »).
    units = unit_words(unit_of(game), lang)[1]
    lines = [
        style.bold(say(lang, "title" + you, name=name, title=title)),
        say(lang, "how" + you, review.line, name=name, units=units, Units=units.capitalize()),
        say(
            lang,
            "thresholds",
            title=title,
            inaccuracy=inaccuracy,
            mistake=mistake,
            blunder=blunder,
            units=units,
        ),
        "",
        say(lang, "grades", reviewed=review.decisions_reviewed, forced=review.forced, **counts),
        say(
            lang,
            "accuracy",
            review.line,
            accuracy=review.accuracy,
            loss=review.loss_per_deal,
            units=units,
        ),
        "",
    ]
    costliest = review.costliest()
    if not costliest:
        lines.append(say(lang, "none_flagged"))
    else:
        lines.append(style.bold(say(lang, "costliest")))
        for decision in costliest:
            lines.append("")
            if boards:
                lines.append(board_of(game, decision, review.seat, names, style))
            lines.append(decision_line(decision, lang, review.line))
            if details:
                lines.append(decision_details(decision, lang))
            # A game without explanations gives the move's text: not worth a line.
            if decision.explanation_played not in (
                "",
                decision.played.text,
                said_move(decision.played.text, lang),
            ):
                lines.append(say(lang, "why_played", text=decision.explanation_played))
            if decision.explanation_best not in (
                "",
                decision.best.text,
                said_move(decision.best.text, lang),
            ):
                lines.append(say(lang, "why_best", text=decision.explanation_best))
    said_par = par_sentences(review.to_json(), lang)
    if said_par:
        lines.append("")
        lines.append(style.bold(said_par[0]))
        lines.extend("  " + line for line in said_par[1:])
    if every:
        lines.append("")
        lines.append(say(lang, "all_title"))
        for decision in review.decisions:
            lines.append(
                say(
                    lang,
                    "all_line",
                    step=decision.move,
                    grade=grade_name(lang, decision.grade),
                    played=said_move(decision.played.text, lang),
                    best=said_move(decision.best.text, lang),
                    loss=decision.loss,
                )
            )
    return lines


def board_of(
    game: Game[object], decision: Decision, seat: int, names: Sequence[str], style: Style
) -> str:
    """The board ``seat`` saw at the decision (its observation, drawn)."""
    view = View(
        game=game,
        seat=seat,
        observation=decision.observation,
        legal_actions=(),
        action_texts=(),
        history=(),
    )
    # The table quotes moves in the engine's words (Casino's "7S trail"): said in
    # the reader's language, as the line mode draws it.
    return localized_table(renderer_for(game.info.name)(view, style, names), style.lang)
