"""The judge's answer said in words, in English and French.

A player reads reasons, not sample counts: what the move does comes from the
game's ``explain`` part (:func:`parlour.core.explain.explain_move`: what it
scores, what it opens for the others, what it keeps); what it gains or risks
against the other moves weighed comes from the judgment, in the game's points.
The figures behind it (expected leads, standard errors, imagined deals) are
:func:`details`, shown only on a "details" line or with ``--details``.
"""

from __future__ import annotations

from typing import Any, cast

from parlour.judge import NOISE, Judgment, MoveValue

WORDS: dict[str, dict[str, str]] = {
    "en": {
        "only": "It is the only sensible move here.",
        "clear": "Clearly better than the other moves considered: the next best, {other}, "
        "would cost about {loss} {unit} {on_this}.",
        "close": "A close call: {other} is about as good.",
        "stop": "stopping here",
        "worse": "This costs about {loss} {unit} {on_this} against {best}.",
        "slightly": "{best} is a little better; the difference is small.",
        "as_good": "As good as any move considered here.",
        "better": "Better than the review's choice: well found!",
        "details": "Details: {moves}; judged on {samples} imagined deals, ± one standard error.",
        "detail_move": "{move} {lead} ± {error}",
    },
    "fr": {
        "only": "C'est le seul coup sensé ici.",
        "clear": "Nettement meilleur que les autres coups envisagés : le suivant, {other}, "
        "coûterait environ {loss} {unit} {on_this}.",
        "close": "Choix serré : {other} vaut à peu près autant.",
        "stop": "s'arrêter là",
        "worse": "Cela coûte environ {loss} {unit} {on_this} face à {best}.",
        "slightly": "{best} est un peu meilleur ; l'écart est faible.",
        "as_good": "Aussi bon que tout autre coup envisagé ici.",
        "better": "Mieux que le choix de l'analyse : bien trouvé !",
        "details": "Détails : {moves} ; jugé sur {samples} donnes imaginées, ± une "
        "erreur standard.",
        "detail_move": "{move} {lead} ± {error}",
    },
}
"""Every sentence of the judge, in each language."""

UNITS = {
    "en": {"points": ("point", "points"), "chips": ("chip", "chips"), "cards": ("card", "cards")},
    "fr": {
        "points": ("point", "points"),
        "chips": ("jeton", "jetons"),
        "cards": ("carte", "cartes"),
    },
}


LINES: dict[str, dict[str, tuple[str, str, str, str]]] = {
    "en": {
        "deal": ("Deal", "deal", "on this deal", "per deal"),
        "round": ("Round", "round", "on this round", "per round"),
        "coffin": ("Coffin", "coffin", "on this coffin", "per coffin"),
    },
    "fr": {
        "deal": ("Donne", "donne", "sur cette donne", "par donne"),
        "round": ("Manche", "manche", "sur cette manche", "par manche"),
        "coffin": ("Cercueil", "cercueil", "sur ce cercueil", "par cercueil"),
    },
}
"""What one line of a game's score sheet is called (:func:`line_of`), in each
language: as a title ("Round 2"), in a sentence ("the round"), "on this round"
and "per round". A loss is measured on that line: a Casino round, a coffin of
Dracula for four, a deal elsewhere."""


def line_words(line: str, lang: str) -> tuple[str, str, str, str]:
    """The words of a score sheet's line kind (``deal``, ``round``,
    ``coffin``) in ``lang``: title, word, "on this …", "per …".

    >>> line_words("round", "fr")
    ('Manche', 'manche', 'sur cette manche', 'par manche')
    """
    table = LINES.get(lang, LINES["en"])
    return table.get(line, table["deal"])


_LINE_KINDS: dict[str, str] = {}
"""Each game's line kind, asked once per game (:func:`line_of`)."""


def line_of(game: object) -> str:
    """What one line of ``game``'s score sheet scores (``deal``, ``round`` or
    ``coffin``): the stretch a judged loss is measured on. The game declares
    it (its state's ``_sheet_line_kind``); asked once per game."""
    name = str(getattr(getattr(game, "info", None), "name", ""))
    if not name:
        return "deal"
    if name not in _LINE_KINDS:
        state = cast(Any, game).new_initial_state(seed=0)
        _LINE_KINDS[name] = str(state.full_sheet().line_kind)
    return _LINE_KINDS[name]


def say(lang: str, key: str, **values: object) -> str:
    """The judge's sentence ``key`` in ``lang`` (English if not translated)."""
    return WORDS.get(lang, WORDS["en"])[key].format(**values)


def unit_words(unit: str, lang: str) -> tuple[str, str]:
    """The words of a game's unit in ``lang``, singular and plural (``jeton``,
    ``jetons``); a unit without translation is said as it is named."""
    return UNITS.get(lang, UNITS["en"]).get(unit, (unit, unit))


def amount(value: float, unit: str, lang: str) -> tuple[str, str]:
    """A number of points as a person says it (whole, or one decimal under 3)
    and the unit's word in ``lang``, singular or plural.

    >>> amount(1.5, "points", "en"), amount(1.5, "chips", "fr"), amount(7.2, "points", "fr")
    (('1.5', 'points'), ('1,5', 'jeton'), ('7', 'points'))
    >>> amount(1.97, "points", "fr")
    ('2,0', 'points')
    """
    shown = f"{value:.0f}" if value >= 3 else f"{value:.1f}"
    if lang == "fr":
        shown = shown.replace(".", ",")
    singular, plural = unit_words(unit, lang)
    # French keeps the singular under two (1,5 point), as the number is shown
    # (1,97 is said "2,0 points"); English only for one.
    one = abs(float(shown.replace(",", "."))) < 2 if lang == "fr" else shown == "1.0"
    return shown, singular if one else plural


def unit_of(judgment_game: object) -> str:
    """The unit a game's scores count in (``points``, ``chips``, ``cards``)."""
    unit = getattr(judgment_game, "score_unit", ("points", "points"))
    return str(unit[0]) if isinstance(unit, tuple) else "points"


def verdict(
    judgment: Judgment,
    action: int,
    lang: str,
    unit: str = "points",
    shown: dict[int, str] | None = None,
    line: str = "deal",
) -> str:
    """What choosing ``action`` means against the other moves weighed, in words:
    the best move clearly, a close call, or what it costs (on the game's
    ``line``: :func:`line_of`)."""
    names = shown or {}

    def name(value: MoveValue) -> str:
        if value.text == "done":  # the step that ends a move made in steps
            return say(lang, "stop")
        return names.get(value.action, value.text)

    inaccuracy = judgment.thresholds[0]
    if len(judgment.values) < 2:
        return say(lang, "only")
    chosen = judgment.value_of(action)
    best = judgment.best_value
    if action == judgment.best:
        second = judgment.runner_up()
        assert second is not None
        if judgment.close():
            return say(lang, "close", other=name(second))
        loss, word = amount(second.loss, unit, lang)
        on_this = line_words(line, lang)[2]
        return say(lang, "clear", other=name(second), loss=loss, unit=word, on_this=on_this)
    return against_best(chosen.loss, chosen.loss_error, inaccuracy, name(best), unit, lang, line)


def against_best(
    loss: float,
    loss_error: float,
    inaccuracy: float,
    best: str,
    unit: str,
    lang: str,
    line: str = "deal",
) -> str:
    """What a move that is not the judge's best costs against ``best`` (its
    name as shown), in words: as good (the imagined deals do not tell them
    apart), a little worse (under ``inaccuracy``), or about how much. The
    review's verdicts and a retried move's answer both say it here."""
    if loss <= NOISE * loss_error:
        return say(lang, "as_good")
    if loss < inaccuracy:
        return say(lang, "slightly", best=best)
    shown, word = amount(loss, unit, lang)
    on_this = line_words(line, lang)[2]
    return say(lang, "worse", loss=shown, unit=word, best=best, on_this=on_this)


def details(judgment: Judgment, lang: str, shown: dict[int, str] | None = None) -> str:
    """The figures behind a judgment: each move's expected lead for the deal ±
    one standard error, best first (named as ``shown`` names them, as the
    verdict does), and the imagined deals; decimals as ``lang`` writes them.

    >>> from parlour.judge import Judgment, MoveValue
    >>> values = (MoveValue(1, "QC a2", 42.9, 4.1, 40.0, 4.0, 32),
    ...           MoveValue(2, "2H b1", 30.0, 3.0, 28.0, 3.0, 32, loss=12.9, loss_error=2.0))
    >>> judged = Judgment(seat=0, values=values, best=1, precision=1.0)
    >>> details(judged, "fr", {1: "D♣ a2", 2: "2♡ b1"})[:44]
    'Détails : D♣ a2 +42,9 ± 4,1, 2♡ b1 +30,0 ± 3'
    """
    names = shown or {}
    ordered = sorted(judgment.values, key=lambda value: (value.loss, value.action))

    def figure(value: float, signed: bool) -> str:
        written = f"{value:+.1f}" if signed else f"{value:.1f}"
        return written.replace(".", ",") if lang == "fr" else written

    moves = ", ".join(
        say(
            lang,
            "detail_move",
            move=names.get(value.action, value.text),
            lead=figure(value.lead, signed=True),
            error=figure(value.lead_error if value.samples > 1 else 0.0, signed=False),
        )
        for value in ordered
    )
    samples = max(value.samples for value in judgment.values)
    return say(lang, "details", moves=moves, samples=samples)


__all__ = ["WORDS", "against_best", "amount", "details", "say", "unit_of", "unit_words", "verdict"]
