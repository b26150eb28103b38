"""``parlour check GAME``: every requirement the interfaces place on a game, run on
an installed game.

Each :class:`Check` says whether it is **required** (the game cannot be played
without it: the rules, the conformance test, the facts and the option words the
tables read) or **optional** (a part the game may leave out; the interfaces then
use their generic form), and what it gives the players. An optional part that
is left out is reported *absent*, not failed; a part that is declared but does
not hold what the interfaces read *fails*, with the evidence (the exception, the
record of the match, the file that is missing).

parlour's own suite runs :func:`check_parts` over every registered game
(``tests/test_kit.py``), so what the check asks and what the suite asks are the
same thing. The slow checks parlour runs on its own games in more depth (whole
games in French, the browser) stay in the suite.

>>> report = check_parts("dracula", only=("facts",))
>>> [(result.check.key, result.status) for result in report.results]
[('facts', 'ok')]
"""

from __future__ import annotations

import json
import random
import re
import traceback
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Final, Literal

from parlour.core.errors import ParlourError, Refusal
from parlour.core.events import Event
from parlour.core.game import CHANCE, State
from parlour.core.lesson import Said
from parlour.core.parts import GameParts
from parlour.core.registry import game_class, game_parts, load_game
from parlour.core.sampler import Rng

Status = Literal["ok", "failed", "absent", "skipped"]
"""A check's outcome: passed, failed (with evidence), an optional part left out,
or a check this installation cannot run (numpy missing for the tensor)."""

CONFORMANCE_PLAYOUTS: Final = 2
"""Seeded matches the conformance check plays under each option set (and
``tests/test_conformance.py``, which runs the same check case by case)."""

NAMES: Final = ("Anne", "Bruno", "Claire", "David", "Emma", "Félix")
"""The seats' names in the positions the checks draw and tell."""


class PartLeftOutError(Exception):
    """Raised by an optional check when the game does not declare the part."""


class CheckSkippedError(Exception):
    """Raised by a check this installation cannot run (the reason is the message)."""


class PartFaultError(Exception):
    """Raised by a check when a part does not hold what the interfaces read."""


@dataclass(frozen=True)
class Check:
    """One requirement: its key, whether it is required, what it checks and gives."""

    key: str
    required: bool
    what: Said
    """What is checked."""
    gives: Said
    """What the part gives the players (said for an optional part left out)."""
    run: Callable[[str], str]
    """Runs the check on a game; returns a short note; raises on a fault."""


@dataclass(frozen=True)
class CheckResult:
    """The outcome of one check on one game."""

    check: Check
    status: Status
    note: str
    """A short note on success; the evidence on failure."""


@dataclass(frozen=True)
class PartsReport:
    """What :func:`check_parts` found for one game."""

    game: str
    results: tuple[CheckResult, ...]

    @property
    def ok(self) -> bool:
        """True when no check failed (an optional part left out is no failure)."""
        return all(result.status != "failed" for result in self.results)

    @property
    def failed(self) -> tuple[CheckResult, ...]:
        """The checks that failed."""
        return tuple(result for result in self.results if result.status == "failed")

    def status(self, key: str) -> Status:
        """The status of the check ``key``."""
        for result in self.results:
            if result.check.key == key:
                return result.status
        raise KeyError(key)

    def text(self, lang: str = "en") -> str:
        """The report, a line per check (and the evidence under a failure)."""
        words = REPORT_WORDS
        lines = [words["title"].text(lang).format(game=self.game)]
        for result in self.results:
            kind = words["required" if result.check.required else "optional"].text(lang)
            status = words[result.status].text(lang)
            line = f"  {status:<8} {result.check.key:<13} {result.check.what.text(lang)} ({kind})"
            lines.append(line)
            if result.status == "absent":
                lines.append(f"{'':13}{words['gives'].text(lang)} {result.check.gives.text(lang)}")
            elif result.note:
                for note_line in result.note.rstrip().splitlines()[:40]:
                    lines.append(f"{'':13}{note_line}")
        counts = {status: sum(r.status == status for r in self.results) for status in STATUSES}
        lines.append(words["summary"].text(lang).format(total=len(self.results), **counts))
        if counts["skipped"]:
            lines.append(words["skipped_count"].text(lang).format(skipped=counts["skipped"]))
        return "\n".join(lines)


STATUSES: Final = ("ok", "failed", "absent", "skipped")

REPORT_WORDS: Final = {
    "title": Said("parlour check {game}", "parlour check {game}"),
    "ok": Said("ok", "ok"),
    "failed": Said("FAILED", "ÉCHEC"),
    "absent": Said("absent", "absent"),
    "skipped": Said("skipped", "sauté"),
    "skipped_count": Said(
        "{skipped} checks skipped: this installation cannot run them",
        "{skipped} vérifications sautées : cette installation ne peut pas les faire",
    ),
    "required": Said("required", "obligatoire"),
    "optional": Said("optional", "facultatif"),
    "gives": Said("left out; it gives:", "laissé de côté ; il donne :"),
    "summary": Said(
        "{total} checks: {ok} ok, {failed} failed, {absent} optional parts absent",
        "{total} vérifications : {ok} ok, {failed} en échec, {absent} parties facultatives "
        "absentes",
    ),
}
"""The report's own words, in English and French."""


# ----- positions the checks look at ---------------------------------------------------


def _positions(name: str, count: int, seed: int = 5) -> list[State]:
    """Up to ``count`` decisions of a seeded short match (first moves, then spread)."""
    game_type = game_class(name)
    game = load_game(name, **dict(game_type.short_options))
    state = game.new_initial_state(seed=seed)
    found: list[State] = []
    step = 0
    while not state.is_terminal():
        if state.current_player() >= 0 and (step % 3 == 0 or len(found) < 2):
            found.append(state.clone())
        legal = state.legal_actions()
        state.apply_action(legal[(step * 7 + seed) % len(legal)])
        step += 1
    found.append(state.clone())
    spread = max(1, len(found) // count)
    return found[::spread][:count]


def _finished_match(name: str, seed: int = 3) -> State:
    game = load_game(name, **dict(game_class(name).short_options))
    state: State = game.new_initial_state(seed=seed)
    step = 0
    while not state.is_terminal():
        legal = state.legal_actions()
        state.apply_action(legal[(step * 5 + seed) % len(legal)])
        step += 1
    return state


def _declared(parts: GameParts, part: str) -> None:
    if getattr(parts, part) is None:
        raise PartLeftOutError(part)


# ----- the checks ----------------------------------------------------------------------


def check_registered(name: str) -> str:
    """The game is registered from its parts, with its title and summary in both languages."""
    parts = game_parts(name)
    if parts.name != name:
        raise PartFaultError(f"the parts are named {parts.name!r}, not {name!r}")
    info = game_class(name).info
    missing = [field for field in ("title", "summary", "summary_fr") if not getattr(info, field)]
    if missing:
        raise PartFaultError(f"GameInfo has no {', '.join(missing)}")
    return f"{info.title}: {parts.package} (rules: {parts.module_name('rules')})"


def check_conformance(name: str, playouts: int = CONFORMANCE_PLAYOUTS) -> str:
    """:func:`parlour.testing.check_game` under each of the game's ``conformance_options``."""
    from parlour.testing import check_game

    option_sets = game_class(name).conformance_options
    for options in option_sets:
        check_game(name, playouts=playouts, **options)
    sets = len(option_sets)
    return f"{playouts} seeded matches and one of explicit chance, under {sets} option sets"


def check_facts(name: str) -> str:
    """``short_options``, ``utility_bounds``, ``score_unit`` and the review thresholds."""
    from parlour.review.engine import thresholds_for

    game_type = game_class(name)
    game = load_game(name, **dict(game_type.short_options))
    low, high = game.utility_bounds()
    if not low < high:
        raise PartFaultError(f"utility_bounds() gives ({low}, {high}): the lowest must be below")
    state = _finished_match(name)
    if not all(low <= value <= high for value in state.returns()):
        raise PartFaultError(
            f"returns {state.returns()} outside utility_bounds() ({low}, {high})\n"
            f"record: {state.serialize()}"
        )
    english, french = game_type.score_unit
    if not (english and french):
        raise PartFaultError(f"score_unit is {game_type.score_unit!r}: give the English and French")
    thresholds = thresholds_for(game)
    return f"short {dict(game_type.short_options)}, bounds ({low:g}, {high:g}), review {thresholds}"


RAW_YES_NO: Final = re.compile(r"\b(true|false|vrai|faux)\b", re.IGNORECASE)
"""A yes/no option's value as the command line writes it: the lobby form and
``parlour options`` offer yes/no (oui/non), so its help never says these."""


def check_option_words(name: str) -> str:
    """Every option has its label, its French help (yes/no for a yes/no option)
    and words for its named values."""
    game = load_game(name)
    faults: list[str] = []
    for spec in game.option_specs():
        if spec.label is None or not spec.label.fr:
            faults.append(f"option {spec.name}: no label=Said(English, French)")
        if not spec.help_fr:
            faults.append(f"option {spec.name}: no help_fr")
        if spec.type_name == "bool" and RAW_YES_NO.search(f"{spec.help} {spec.help_fr}"):
            faults.append(f"option {spec.name}: its help says true/false; the form says yes/no")
        for choice in spec.choices or ():
            if isinstance(choice, str) and choice not in spec.words():
                faults.append(f"option {spec.name}: no words= for the value {choice!r}")
    if faults:
        raise PartFaultError("\n".join(faults))
    return f"{len(game.option_specs())} options"


def check_sampler(name: str) -> str:
    """``sample_state`` gives the seat the same view, at positions across a match."""
    positions = _positions(name, 6)
    sampled = 0
    for state in positions:
        for seat in range(state.game.num_players):
            view = state.view(seat)
            try:
                other = view.sample_state(Rng(sampled + 1))
            except NotImplementedError as error:
                raise PartLeftOutError("sample_state") from error
            except Exception as error:
                raise PartFaultError(
                    f"sample_state for seat {seat} raised {type(error).__name__}: {error}\n"
                    f"record: {state.serialize()}"
                ) from error
            if other.view(seat) != view:
                raise PartFaultError(
                    f"a state sampled from seat {seat}'s view shows it something else\n"
                    f"record: {state.serialize()}"
                )
            _replays_as_legal_moves(other, seat, state)
            sampled += 1
    return f"{sampled} views sampled"


def _replays_as_legal_moves(sampled: State, seat: int, state: State) -> None:
    """Every step of a sampled state's history is legal when played again: a
    sampler that gave a hand a card its player was seen not to hold (a void)
    makes a later move illegal."""
    replay = sampled.game.new_initial_state()
    for step, action in enumerate(sampled.history):
        if action not in replay.legal_actions():
            raise PartFaultError(
                f"a state sampled from seat {seat}'s view is not a possible match: its step "
                f"{step} ({replay.action_to_string(action)}) is not legal there "
                f"(a card given to a hand that was seen not to hold it?)\n"
                f"record: {state.serialize()}"
            )
        replay.apply_action(action)


def check_refusals(name: str) -> str:
    """``_illegal_refusal`` says, in both languages, why a move is refused."""
    state_type = game_class(name).state_class
    if state_type._illegal_refusal is State._illegal_refusal:
        raise PartLeftOutError("_illegal_refusal")
    said = 0
    for state in _positions(name, 6):
        if state.current_player() < 0:
            continue
        legal = set(state.legal_actions())
        bound = state.game.num_distinct_actions()
        for action in [a for a in range(bound) if a not in legal][:8]:
            found = state.why_refused(action)
            if not isinstance(found, Refusal):
                raise PartFaultError(f"why_refused({action}) gave {found!r}")
            if not (found.text("en") and found.text("fr")):
                raise PartFaultError(f"the refusal {found.key!r} lacks a sentence")
            said += 1
    return f"{said} refusals said"


def check_events(name: str) -> str:
    """The events module imports, matches emit only :class:`Event` records, and the
    reference page (if any) names each kind under ``## Events``."""
    from parlour.table.pages import rules_text

    parts = game_parts(name)
    _declared(parts, "events")
    parts.module("events")
    game = load_game(name)
    kinds: set[str] = set()
    for seed in range(3):
        state = game.new_initial_state(seed=seed)
        state.record_events()
        rng = random.Random(seed)
        while not state.is_terminal():
            legal = state.legal_actions()
            state.apply_action(legal[rng.randrange(len(legal))])
        for _, event in state.event_log():
            if not isinstance(event, Event):
                raise PartFaultError(f"a match emitted {event!r}, not an Event")
            kinds.add(event.kind)
    if parts.pages is None:
        return f"{len(kinds)} kinds of event in three matches (no pages to name them)"
    page = rules_text(name)
    if "\n## Events\n" not in page:
        raise PartFaultError("pages/reference.md has no '## Events' section naming each kind")
    section = page.split("\n## Events\n", 1)[1].split("\n## ", 1)[0]
    missing = sorted(kind for kind in kinds if f"`{kind}`" not in section)
    if missing:
        raise PartFaultError(f"the '## Events' section of pages/reference.md lacks {missing}")
    return f"{len(kinds)} kinds of event in three matches, each on the rules page"


def check_text(name: str) -> str:
    """``render`` draws every position and ``sentence`` tells every event, in both
    languages; ``move_groups`` (if any) groups exactly the legal moves."""
    from parlour.render import Style
    from parlour.render.narration import sentence
    from parlour.tui.session import GROUP_THRESHOLD

    parts = game_parts(name)
    _declared(parts, "text")
    render = parts.attribute("text", "render")
    parts.attribute("text", "sentence")
    groups_hook = parts.hook("text", "move_groups")
    assert callable(render)
    drawn = grouped = 0
    for state in _positions(name, 5):
        for lang in ("en", "fr"):
            seat = max(0, state.current_player())
            view = state.view(seat)
            drawing = render(view, Style(lang=lang), NAMES[: state.game.num_players])
            if not isinstance(drawing, str) or not drawing.strip():
                raise PartFaultError(f"render gave {drawing!r}\nrecord: {state.serialize()}")
            drawn += 1
            if groups_hook is not None and len(view.legal_actions) > GROUP_THRESHOLD:
                assert callable(groups_hook)
                _check_groups(groups_hook(view), view.legal_actions, state)
                grouped += 1
    state = _finished_match(name)
    told = 0
    for _, event in state.event_log(0):
        for lang in ("en", "fr"):
            text = sentence(name, event, NAMES[: state.game.num_players], Style(lang=lang))
            if not isinstance(text, str) or not text:
                raise PartFaultError(f"no sentence for {event!r} in {lang}")
            told += 1
    more = f", {grouped} move lists grouped" if groups_hook is not None else ""
    return f"{drawn} drawings, {told} sentences{more}"


def _check_groups(groups: object, legal: Sequence[int], state: State) -> None:
    shape = "move_groups(view) must return a list of (label, [actions]) pairs"
    if not isinstance(groups, list):
        raise PartFaultError(f"{shape}, not {type(groups).__name__}")
    covered: list[int] = []
    for group in groups:
        if not (isinstance(group, tuple) and len(group) == 2 and isinstance(group[0], str)):
            raise PartFaultError(f"{shape}; found {group!r}")
        covered += list(group[1])
    if sorted(covered) != sorted(legal):
        raise PartFaultError(
            f"move_groups covers {sorted(covered)}, not the legal actions {list(legal)}\n"
            f"record: {state.serialize()}"
        )


def check_heuristic(name: str) -> str:
    """``choose(observation, legal_actions, rng)`` picks a legal move all match long."""
    from parlour.bots.heuristics import policy_for

    parts = game_parts(name)
    _declared(parts, "heuristic")
    policy = policy_for(name)
    if policy is None:
        raise PartFaultError("the heuristic part gives no choose")
    iterations = parts.hook("heuristic", "HARD_ITERATIONS")
    if iterations is not None and not (
        isinstance(iterations, tuple)
        and len(iterations) == 2
        and all(isinstance(count, int) and count > 0 for count in iterations)
    ):
        raise PartFaultError(f"HARD_ITERATIONS must be (compiled, pure) counts, not {iterations!r}")
    floor = parts.hook("heuristic", "sensible")
    words = parts.hook("heuristic", "SENSE_FLOOR")
    if (floor is None) != (words is None) or (
        words is not None and not (isinstance(words, str) and words.startswith(("never", "last")))
    ):
        raise PartFaultError(
            "a floor of sense is a pair: sensible(observation, legal_actions) and "
            "SENSE_FLOOR, its words (a str starting 'never …' or 'last to play …'); "
            f"found sensible={floor!r}, SENSE_FLOOR={words!r}"
        )
    game = load_game(name, **dict(game_class(name).short_options))
    state = game.new_initial_state(seed=9)
    rng = Rng(9)
    moves = 0
    while not state.is_terminal():
        seat = state.current_player()
        legal = state.legal_actions()
        if seat == CHANCE:
            state.apply_action(legal[0])
            continue
        if floor is not None:
            assert callable(floor)
            kept = floor(state.observation(seat), legal)
            if not isinstance(kept, list) or not set(kept) <= set(legal):
                raise PartFaultError(
                    f"sensible gave {kept!r}, not a list of legal actions {legal}\n"
                    f"record: {state.serialize()}"
                )
        chosen = policy(state.observation(seat), legal, rng)
        if chosen not in legal:
            raise PartFaultError(
                f"choose gave {chosen!r}, not a legal action\nrecord: {state.serialize()}"
            )
        state.apply_action(chosen)
        moves += 1
    return f"{moves} moves chosen"


def check_tensor(name: str) -> str:
    """``make_encoder(game)`` encodes every seat's observation, and the reference
    page documents the layout under ``## Observation tensor``."""
    parts = game_parts(name)
    _declared(parts, "tensor")
    try:
        import numpy  # noqa: F401
    except ImportError as error:
        raise CheckSkippedError("numpy is not installed (pip install 'parlour[rl]')") from error
    from parlour.adapters.tensors import encoder_for
    from parlour.table.pages import rules_text

    parts.attribute("tensor", "make_encoder")
    encoder = encoder_for(load_game(name))
    encoded = 0
    for state in _positions(name, 4):
        for seat in range(state.game.num_players):
            tensor = encoder.encode(state.observation(seat), seat)
            if tensor.shape != (encoder.size,):
                raise PartFaultError(f"the tensor has shape {tensor.shape}, not ({encoder.size},)")
            encoded += 1
    if parts.pages is not None:
        page = rules_text(name)
        heading = "## Observation tensor\n"
        if heading not in page:
            raise PartFaultError(
                "pages/reference.md has no '## Observation tensor' section; put the layout "
                "there: encoder_for(load_game(name)).describe()"
            )
        section = page.split(heading, 1)[1].split("\n## ", 1)[0]
        if "Layout with default options" in section and encoder.describe() not in section:
            raise PartFaultError(
                "the '## Observation tensor' section does not show the encoder's layout "
                "(encoder.describe())"
            )
    return f"{encoded} observations encoded, {encoder.size} numbers each"


def check_explain(name: str) -> str:
    """``explain_move`` explains each legal move in both languages, from the View."""
    from parlour.core.explain import MoveExplanation, explain_move

    parts = game_parts(name)
    _declared(parts, "explain")
    explained = 0
    for state in _positions(name, 4):
        seat = state.current_player()
        if seat < 0:
            continue
        view = state.view(seat)
        for action, text in list(zip(view.legal_actions, view.action_texts, strict=True))[:6]:
            for lang in ("en", "fr"):
                found = explain_move(view, action, lang, NAMES[: state.game.num_players])
                if not isinstance(found, MoveExplanation) or not found.headline:
                    raise PartFaultError(
                        f"explain_move({text!r}, {lang}) gave {found!r}\n"
                        f"record: {state.serialize()}"
                    )
                if found.move != text:
                    raise PartFaultError(f"explain_move({text!r}) names the move {found.move!r}")
                explained += 1
    return f"{explained} moves explained"


def check_pages(name: str) -> str:
    """``reference.md``, ``howto.en.md`` and ``howto.fr.md``, each a page with a title."""
    parts = game_parts(name)
    _declared(parts, "pages")
    folder = parts.file("pages")
    assert folder is not None
    texts: dict[str, str] = {}
    for page in ("reference.md", "howto.en.md", "howto.fr.md"):
        found = folder.joinpath(page)
        if not found.is_file():
            raise PartFaultError(f"pages/{page} is not there (is pages/ shipped as package data?)")
        texts[page] = found.read_text(encoding="utf-8")
        if not texts[page].startswith("# "):
            raise PartFaultError(f"pages/{page} does not start with a '# ' title")
    if texts["howto.en.md"] == texts["howto.fr.md"]:
        raise PartFaultError("howto.fr.md is the English page")
    return "reference, how-to in English and French"


def check_examples(name: str) -> str:
    """Each example builds and is drawn and told; the how-to pages show the same
    examples in both languages, all declared."""
    from parlour.examples import example_names_in, examples_of, show_example
    from parlour.howto import how_to_play

    parts = game_parts(name)
    _declared(parts, "examples")
    declared = {example.name for example in examples_of(name)}
    if not declared:
        raise PartFaultError("EXAMPLES is empty")
    for example in sorted(declared):
        for lang in ("en", "fr"):
            shown = show_example(name, example, lang)
            if not shown.drawing.strip() or not shown.sentences:
                raise PartFaultError(f"the example {example!r} ({lang}) draws or tells nothing")
    if parts.pages is None:
        return f"{len(declared)} examples (no pages show them)"
    english = example_names_in(how_to_play(name, "en"))
    french = example_names_in(how_to_play(name, "fr"))
    if not english:
        raise PartFaultError(
            "no how-to page shows an example: put a ```parlour-example NAME block in"
        )
    if english != french:
        raise PartFaultError(f"the pages show other examples: en {english}, fr {french}")
    unknown = sorted(set(english) - declared)
    if unknown:
        raise PartFaultError(f"the pages name examples EXAMPLES does not declare: {unknown}")
    return f"{len(declared)} examples, {len(english)} shown on the pages"


def check_lesson(name: str) -> str:
    """The guided first deal: said in both languages, each scripted move proposed
    by the coach on the lesson's deal and followed, the deal played to its end."""
    from parlour.table import SeatSpec, Table
    from parlour.table.coach import Coach, lesson_for

    parts = game_parts(name)
    _declared(parts, "lesson")
    lesson = lesson_for(name)
    said = [lesson.title, *lesson.welcome, lesson.farewell, *lesson.first_time.values()]
    said += [step.why for step in lesson.steps]
    said += [step.look for step in lesson.steps if step.look is not None]
    for words in said:
        if not (words.en and words.fr) or words.en == words.fr:
            raise PartFaultError(f"the lesson says {words!r}: give the English and the French")
    options = dict(lesson.options)
    players = load_game(name, **options).num_players
    seats = [
        SeatSpec("person", NAMES[seat])
        if seat == lesson.seat
        else SeatSpec("bot", NAMES[seat], bot=lesson.opponent)
        for seat in range(players)
    ]
    table = Table.create(name, seats, options=options, seed=lesson.seed, deck=lesson.deck)
    coach = Coach(lesson, "en", hint_seed=lesson.seed, names=NAMES[:players])
    proposed: list[str] = []
    for _ in range(10 * load_game(name, **options).max_game_length()):
        if table.is_over():
            break
        seat = table.seat_to_act()
        if seat != lesson.seat:
            table.play_bot_move()
            continue
        view = table.view_for(seat)
        assert view is not None
        advice = coach.advise(view)
        if advice.scripted and len(view.legal_actions) > 1:
            proposed.append(advice.move)
        action = advice.action if advice.action is not None else view.legal_actions[0]
        coach.judge(view, action, advice)
        table.submit(seat, action, table.version)
    script = [step.move for step in lesson.steps]
    if proposed[: len(script)] != script:
        raise PartFaultError(
            f"on the lesson's deal the coach proposed {proposed[: len(script)]}, "
            f"not the script's {script} (a scripted move is not legal where it is met)"
        )
    if not table.is_over():
        raise PartFaultError("the lesson's match did not end")
    return f"{len(script)} scripted steps proposed and followed, the deal played to its end"


def check_board(name: str) -> str:
    """``board.js`` exports ``boards`` with the game's name (and its ``words``, if
    any, in English and French); ``board.css`` is there if declared."""
    parts = game_parts(name)
    _declared(parts, "board")
    board = parts.file("board")
    assert board is not None
    source = board.read_text(encoding="utf-8")
    if "export const boards = {" not in source:
        raise PartFaultError("board.js does not 'export const boards = { … }'")
    exported = source.split("export const boards = {", 1)[1]
    if not re.search(rf'^\s*("{re.escape(name)}"|{re.escape(name)})\s*:', exported, re.M):
        raise PartFaultError(f'board.js exports no boards entry named "{name}"')
    notes = ["board.js"]
    if "export const words" in source:
        words = source.split("export const words", 1)[1]
        for lang in ("en", "fr"):
            if not re.search(rf"^\s*{lang}\s*:", words, re.M):
                raise PartFaultError(f"board.js exports words with no {lang}: table")
        notes.append("its words")
    if parts.board_css is not None:
        parts.file("board_css")
        notes.append("board.css")
    return ", ".join(notes)


def check_golden(name: str) -> str:
    """The golden file in the package replays exactly (``golden.txt``)."""
    from parlour.kit.golden import GOLDEN_FILE, golden_file, playthrough

    found = golden_file(name)
    if not found.is_file():
        raise PartLeftOutError(GOLDEN_FILE)
    expected = found.read_text(encoding="utf-8")
    played = playthrough(name)
    if played != expected:
        first = next(
            (
                index
                for index, (one, two) in enumerate(
                    zip(played.splitlines(), expected.splitlines(), strict=False)
                )
                if one != two
            ),
            min(len(played.splitlines()), len(expected.splitlines())),
        )
        shown_played = played.splitlines()[first : first + 1]
        shown_expected = expected.splitlines()[first : first + 1]
        raise PartFaultError(
            f"the match differs from {GOLDEN_FILE} at line {first + 1}: played "
            f"{shown_played}, the file says {shown_expected} (an intended change of the "
            f"rules: parlour check {name} --write-golden)"
        )
    return f"{len(expected.splitlines())} lines replayed"


CHECKS: Final[tuple[Check, ...]] = (
    Check(
        "rules",
        True,
        Said(
            "registered from its parts, title and summary in both languages",
            "enregistré par ses parties, titre et résumé dans les deux langues",
        ),
        Said("the game itself", "le jeu lui-même"),
        check_registered,
    ),
    Check(
        "conformance",
        True,
        Said(
            "the conformance test (parlour.testing.check_game)",
            "le test de conformité (parlour.testing.check_game)",
        ),
        Said(
            "every interface: a state any of them can trust",
            "toutes les interfaces : un état sûr pour chacune",
        ),
        check_conformance,
    ),
    Check(
        "facts",
        True,
        Said(
            "short_options, utility_bounds, score_unit, review thresholds",
            "short_options, utility_bounds, score_unit, seuils des revues",
        ),
        Said(
            "tests, OpenSpiel's bounds, the score's unit, reviews",
            "les tests, les bornes d'OpenSpiel, l'unité des scores, les revues",
        ),
        check_facts,
    ),
    Check(
        "option-words",
        True,
        Said(
            "each option's label, French help and value words",
            "libellé, aide en français et mots des valeurs de chaque option",
        ),
        Said(
            "the lobby form and parlour options in both languages",
            "le formulaire du salon et parlour options dans les deux langues",
        ),
        check_option_words,
    ),
    Check(
        "sampler",
        False,
        Said(
            "sample_state: a state drawn from a seat's view shows it the same view",
            "sample_state : un état tiré de la vue d'une place lui montre la même vue",
        ),
        Said(
            "the hard bot, hints, reviews and the check that views hide what they must",
            "le robot difficile, les conseils, les revues et la vérification des vues",
        ),
        check_sampler,
    ),
    Check(
        "refusals",
        False,
        Said(
            "_illegal_refusal: why a move is refused, in both languages",
            "_illegal_refusal : pourquoi un coup est refusé, dans les deux langues",
        ),
        Said(
            "the game's own refusal sentences (else: 'not one of the legal actions now')",
            "les refus propres au jeu (sinon : « ce coup n'est pas permis maintenant »)",
        ),
        check_refusals,
    ),
    Check(
        "events",
        False,
        Said("the event records", "les événements"),
        Said(
            "the game's own events (pauses, the last card played, animations)",
            "les événements du jeu (pauses, dernière carte jouée, animations)",
        ),
        check_events,
    ),
    Check(
        "text",
        False,
        Said(
            "render, sentence and move_groups in both languages",
            "render, sentence et move_groups dans les deux langues",
        ),
        Said(
            "the terminal table and the game log in the game's words",
            "la table du terminal et le journal dans les mots du jeu",
        ),
        check_text,
    ),
    Check(
        "heuristic",
        False,
        Said(
            "choose (and sensible, SENSE_FLOOR): the bots' rule of thumb",
            "choose (et sensible, SENSE_FLOOR) : la règle empirique des robots",
        ),
        Said(
            "the heuristic bot and the search's rollouts (else: random play)",
            "le robot heuristique et les simulations de la recherche (sinon : au hasard)",
        ),
        check_heuristic,
    ),
    Check(
        "tensor",
        False,
        Said(
            "make_encoder and the page's '## Observation tensor'",
            "make_encoder et la section « ## Observation tensor » de la page",
        ),
        Said(
            "a designed tensor for OpenSpiel, PettingZoo, Gymnasium (else: a generic one)",
            "un tenseur conçu pour OpenSpiel, PettingZoo, Gymnasium (sinon : générique)",
        ),
        check_tensor,
    ),
    Check(
        "explain",
        False,
        Said(
            "explain_move: a move in the game's terms, in both languages",
            "explain_move : un coup dans les termes du jeu, dans les deux langues",
        ),
        Said(
            "hints in words, the lesson's coach, reviews that say why",
            "des conseils en mots, le guide des leçons, des revues qui disent pourquoi",
        ),
        check_explain,
    ),
    Check(
        "pages",
        False,
        Said(
            "the players' pages: reference, how-to in English and French",
            "les pages des joueurs : référence, règles en anglais et en français",
        ),
        Said(
            "parlour rules, the terminal's and the browser's Rules panel",
            "parlour rules, les règles du terminal et du navigateur",
        ),
        check_pages,
    ),
    Check(
        "examples",
        False,
        Said(
            "the examples the pages show, drawn and told by the engine",
            "les exemples des pages, dessinés et racontés par le moteur",
        ),
        Said(
            "examples on the Rules pages (terminal and browser)",
            "des exemples dans les règles (terminal et navigateur)",
        ),
        check_examples,
    ),
    Check(
        "lesson",
        False,
        Said(
            "the guided first deal, scripted and played to its end",
            "la première donne guidée, scénarisée et jouée jusqu'au bout",
        ),
        Said("parlour learn and the browser's lesson", "parlour learn et la leçon du navigateur"),
        check_lesson,
    ),
    Check(
        "board",
        False,
        Said(
            "board.js (and board.css): the browser's table",
            "board.js (et board.css) : la table du navigateur",
        ),
        Said(
            "the browser board (else: the observation, key by key)",
            "le plateau du navigateur (sinon : l'observation, clé par clé)",
        ),
        check_board,
    ),
    Check(
        "golden",
        False,
        Said(
            "golden.txt in the package: a seeded match replays exactly",
            "golden.txt dans le paquet : une partie tirée se rejoue à l'identique",
        ),
        Said(
            "a diff when a change alters the game (parlour check GAME --write-golden)",
            "un écart quand un changement modifie le jeu (parlour check JEU --write-golden)",
        ),
        check_golden,
    ),
)
"""Every check, in the order the report lists them."""

CHECK_KEYS: Final = tuple(check.key for check in CHECKS)


def _run(check: Check, name: str) -> CheckResult:
    try:
        note = check.run(name)
    except CheckSkippedError as skipped:
        return CheckResult(check, "skipped", str(skipped))
    except PartLeftOutError:
        if check.required:
            return CheckResult(check, "failed", "a required part is missing")
        return CheckResult(check, "absent", "")
    except (PartFaultError, AssertionError, ParlourError) as error:
        return CheckResult(check, "failed", f"{type(error).__name__}: {error}")
    except Exception as error:
        evidence = "".join(traceback.format_exception(error)[-6:])
        return CheckResult(check, "failed", evidence)
    return CheckResult(check, "ok", note)


def check_parts(name: str, *, only: Sequence[str] = ()) -> PartsReport:
    """Run every check (or the ``only`` ones, by key) on the installed game ``name``.

    An unknown game raises :class:`~parlour.core.registry.UnknownGameError`; an
    unknown key, a :class:`ParlourError` naming the keys.
    """
    game_class(name)
    unknown = [key for key in only if key not in CHECK_KEYS]
    if unknown:
        raise ParlourError(f"no check named {unknown}; the checks: {', '.join(CHECK_KEYS)}")
    chosen = [check for check in CHECKS if not only or check.key in only]
    return PartsReport(name, tuple(_run(check, name) for check in chosen))


def report_json(report: PartsReport) -> str:
    """The report as JSON (for tools): each check's key, kind, status and note."""
    return json.dumps(
        {
            "game": report.game,
            "ok": report.ok,
            "checks": [
                {
                    "key": result.check.key,
                    "required": result.check.required,
                    "status": result.status,
                    "note": result.note,
                }
                for result in report.results
            ],
        },
        ensure_ascii=False,
        indent=1,
    )


__all__ = ["CHECKS", "Check", "CheckResult", "PartsReport", "check_parts", "report_json"]
