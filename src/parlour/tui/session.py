"""One match at the terminal table: seats, bots, the game log, undo, hints,
saving and statistics. The line mode and the full-screen interface both drive a
:class:`Match`; neither knows any rule.

The game log is a pure function of the match's history (see
:func:`game_log`): undo, resume and a change of language simply rebuild it, so
both interfaces always say the same sentences.
"""

from __future__ import annotations

import importlib
import json
import re
import sqlite3
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from parlour.bots import BOT_KINDS, Bot, make_bot
from parlour.core.errors import ParlourError, ParseError, RecordError
from parlour.core.game import CHANCE, Game, State, View
from parlour.core.record import MatchRecord
from parlour.core.sampler import Rng
from parlour.i18n import move_sentence, pretty_move, tr
from parlour.render import Style, renderer_for
from parlour.stats import StatsStore, data_dir

SAVE_FORMAT = "parlour-save"
"""The ``format`` of a saved game's envelope (the match record is kept inside, intact)."""
SAVE_VERSION = 1

HINT_BOT_ORDER = ("hard", "heuristic", "random")
"""The strongest bot kind installed gives hints."""

GROUP_THRESHOLD = 12
"""More legal moves than this: choose a group (a card) first, then a move."""

Groups = list[tuple[str, list[int]]]


def render_hook(game_name: str, hook: str) -> Callable[..., Any] | None:
    """An optional hook (``move_groups``, ``narrate``) of a game's renderer module."""
    module_name = "parlour.render." + game_name.replace("-", "_")
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError:
        return None
    found: Callable[..., Any] | None = getattr(module, hook, None)
    return found


def saves_dir() -> Path:
    """Where saved games go: ``data_dir() / "saves"``."""
    return data_dir() / "saves"


def hint_bot_kind() -> str:
    """The bot kind hints come from: the first of ``hard``, ``heuristic``, ``random``."""
    for kind in HINT_BOT_ORDER:
        if kind in BOT_KINDS:
            return kind
    return sorted(BOT_KINDS)[0]


# ----- the game log ------------------------------------------------------------------


def game_log(
    game: Game[Any],
    history: Sequence[int],
    names: Sequence[str],
    observer: int,
    lang: str,
    style: Style | None = None,
) -> list[list[str]]:
    """The sentences of the game log, one list per player action of ``history``.

    Each step says what the player did (unless the game's ``narrate`` already
    says it) and what followed (a trick won, a deal scored), as ``observer``
    saw it.
    """
    plain = style if style is not None else Style(lang=lang)
    replay = game.new_initial_state()
    steps: list[list[str]] = []
    index = 0
    while index < len(history) and replay.current_player() == CHANCE:
        replay.apply_action(history[index])
        index += 1
    while index < len(history):
        actor = replay.current_player()
        before = replay.observation(observer)
        text = replay.action_to_string(history[index])
        replay.apply_action(history[index])
        index += 1
        while index < len(history) and replay.current_player() == CHANCE:
            replay.apply_action(history[index])
            index += 1
        sentences = step_sentences(
            game, actor, text, before, replay.observation(observer), names, lang, plain
        )
        steps.append(sentences)
    return steps


def step_sentences(
    game: Game[Any],
    actor: int,
    text: str,
    before: Mapping[str, Any],
    after: Mapping[str, Any],
    names: Sequence[str],
    lang: str,
    style: Style | None = None,
) -> list[str]:
    """The log sentences of one player action: the game's narration of the change
    from ``before`` to ``after``, led by a sentence for the move itself unless the
    narration already names the player."""
    narrate = render_hook(game.info.name, "narrate")
    sentences: list[str] = list(narrate(before, after, names, lang)) if narrate else []
    if not any(_mentions(sentence, names[actor]) for sentence in sentences):
        plain = style if style is not None else Style(lang=lang)
        sentences.insert(0, move_sentence(game.info.name, names[actor], text, lang, plain))
    return sentences


def _mentions(sentence: str, name: str) -> bool:
    return re.search(r"(?<!\w)" + re.escape(name) + r"(?!\w)", sentence) is not None


# ----- hints ----------------------------------------------------------------------


@dataclass(frozen=True)
class Hint:
    """What the hint bot would play, and why in one line (empty if it cannot say)."""

    action: int
    move: str
    bot: str
    why: str

    def text(self, lang: str) -> str:
        """The hint as one line."""
        line = tr(lang, "hint", bot=self.bot, move=self.move)
        return f"{line} — {self.why}" if self.why else line


def hint_for(view: View, seed: int, lang: str) -> Hint:
    """The hint for a seat's View: the strongest installed bot's move and one line
    on why. Reads only the View, so it may run away from the screen's thread."""
    kind = hint_bot_kind()
    seed = seed * 7919 + len(view.history)
    bot = make_bot(kind, seed)
    action, why = _search_hint(bot, view, seed, lang)
    if action is None:
        action = bot.choose(view)
        why = explain_choice(bot, view, action, lang)
    move = pretty_move(view.action_to_string(action))
    return Hint(action=action, move=move, bot=kind, why=why)


def explain_choice(bot: Bot, view: View, action: int, lang: str) -> str:
    """One line on why ``bot`` chose ``action``, from whatever the bot exposes.

    Tried in order: ``bot.explain(view, action)``; a text attribute
    (``last_explanation``, ``last_reason``, ``explanation``); a mapping of
    action values (``last_values``, ``action_values``, ``values``) read as
    expected scores. A random bot says it gives no advice.
    """
    explain = getattr(bot, "explain", None)
    if callable(explain):
        try:
            said = explain(view, action)
        except (TypeError, ValueError, ParlourError):
            said = None
        if isinstance(said, str) and said.strip():
            return said.strip().splitlines()[0]
    for attribute in ("last_explanation", "last_reason", "explanation"):
        said = getattr(bot, attribute, None)
        if isinstance(said, str) and said.strip():
            return said.strip().splitlines()[0]
    for attribute in ("last_values", "action_values", "values"):
        values = getattr(bot, attribute, None)
        if isinstance(values, Mapping) and action in values:
            return _values_line(values, action, lang)
    if getattr(bot, "name", "") == "random":
        return tr(lang, "hint_random")
    return ""


def _search_hint(bot: Bot, view: View, seed: int, lang: str) -> tuple[int | None, str]:
    """For a search bot exposing ``searcher.search(view, rng)`` (a result with
    ``action``, ``values`` and ``iterations``): its choice and expected values."""
    searcher = getattr(bot, "searcher", None)
    search = getattr(searcher, "search", None)
    if not callable(search) or len(view.legal_actions) < 2:
        return None, ""
    try:
        result = search(view, Rng(seed))
        action = int(result.action)
        values = dict(result.values)
        iterations = int(getattr(result, "iterations", 0))
    except (AttributeError, TypeError, ValueError, NotImplementedError):
        return None, ""
    if action not in view.legal_actions:
        return None, ""
    visits = getattr(result, "visits", None)
    if not isinstance(visits, Mapping) or not iterations or action not in values:
        return action, _values_line(values, action, lang)
    share = 100.0 * float(visits.get(action, 0)) / max(1, sum(visits.values()))
    lead = float(values[action])
    if lang == "fr":
        return action, (
            f"le coup le plus essayé en {iterations} parties simulées ({share:.0f} %), "
            f"avance espérée {lead:+.1f} points"
        )
    return action, (
        f"the move tried most in {iterations} simulated games ({share:.0f}%), "
        f"expected lead {lead:+.1f} points"
    )


def _values_line(values: Mapping[int, Any], action: int, lang: str) -> str:
    try:
        best = float(values[action])
        others = sorted((float(value) for key, value in values.items() if key != action))
    except (TypeError, ValueError):
        return ""
    if lang == "fr":
        line = f"avance espérée {best:+.1f} points"
        return line + (f" (coup suivant : {others[-1]:+.1f})" if others else "")
    line = f"expected lead {best:+.1f} points"
    return line + (f" (next best move {others[-1]:+.1f})" if others else "")


@dataclass(frozen=True)
class MoveCheck:
    """A typed move, read: the legal action, or the problem with it."""

    action: int | None
    error: str = ""
    """The text is not an action of the game (the parser's message)."""
    reason: str = ""
    """The action exists but a rule forbids it now (``State.why_illegal``)."""

    def message(self, lang: str) -> str:
        """What to tell the player (empty for a legal move)."""
        if self.reason:
            return tr(lang, "not_allowed", reason=self.reason)
        return self.error


# ----- the match --------------------------------------------------------------------


@dataclass
class SaveInfo:
    """A saved game as ``parlour resume`` lists it."""

    path: Path
    game: str
    saved_at: str
    names: list[str]
    steps: int
    finished: bool

    @property
    def identifier(self) -> str:
        """What to type after ``parlour resume``."""
        return self.path.stem


class Match:
    """A match in progress at the table: the state, who sits where, the log.

    ``humans`` are seat numbers; every other seat has a bot in ``bots``.
    ``opponent`` names the bots' kind (for statistics and saves).
    """

    def __init__(
        self,
        game: Game[Any],
        state: State,
        *,
        humans: Sequence[int],
        bots: Mapping[int, Bot],
        names: Sequence[str],
        lang: str = "en",
        opponent: str = "random",
        bot_seed: int = 0,
        stats: StatsStore | None = None,
        save_path: Path | None = None,
    ) -> None:
        self.game = game
        self.state = state
        self.humans = list(humans)
        self.bots = dict(bots)
        self.names = list(names)
        self.lang = lang
        self.opponent = opponent
        self.bot_seed = bot_seed
        self.stats = stats
        self.save_path = save_path
        self.observer = self.humans[0] if self.humans else 0
        self.render = renderer_for(game.info.name)
        self.move_groups_hook = render_hook(game.info.name, "move_groups")
        self.log: list[list[str]] = game_log(game, state.history, self.names, self.observer, lang)
        self.stats_recorded = False
        self.stats_note: str | None = None
        """Why the statistics could not be written, if they could not."""
        self.undo_count = 0
        self.hint_count = 0
        missing = [
            seat
            for seat in range(game.num_players)
            if seat not in self.humans and seat not in self.bots
        ]
        if missing:
            raise ParlourError(f"seats {missing} have neither a person nor a bot")

    # ----- building --------------------------------------------------------------
    @classmethod
    def new(
        cls,
        game: Game[Any],
        *,
        seed: int,
        humans: Sequence[int],
        opponent: str,
        names: Sequence[str],
        lang: str = "en",
        stats: StatsStore | None = None,
    ) -> Match:
        """A new match dealt from ``seed``, bots of kind ``opponent`` elsewhere."""
        state = game.new_initial_state(seed=seed)
        bots = make_bots(game, humans, opponent, seed)
        return cls(
            game,
            state,
            humans=humans,
            bots=bots,
            names=names,
            lang=lang,
            opponent=opponent,
            bot_seed=seed,
            stats=stats,
        )

    # ----- what the interfaces read -------------------------------------------------
    @property
    def seat_to_act(self) -> int:
        """The seat to act (negative at the end)."""
        return self.state.current_player()

    def is_over(self) -> bool:
        """True when the game has ended."""
        return self.state.is_terminal()

    def human_to_act(self) -> int | None:
        """The human seat to act now, or None (a bot's turn, or the end)."""
        seat = self.seat_to_act
        return seat if seat in self.humans else None

    def table_text(self, seat: int, style: Style) -> str:
        """The table as ``seat`` sees it, drawn by the game's renderer."""
        return self.render(self.state.view(seat), style, self.names)

    def log_sentences(self) -> list[str]:
        """The whole game log, one sentence a line."""
        return [sentence for step in self.log for sentence in step]

    def groups(self, view: View) -> Groups | None:
        """The legal moves in groups (a card, then its targets) when there are many."""
        if len(view.legal_actions) <= GROUP_THRESHOLD:
            return None
        groups: Groups
        if self.move_groups_hook is not None:
            groups = self.move_groups_hook(view)
        else:
            groups = group_by_first_word(view)
        return groups if len(groups) > 1 else None

    def set_language(self, lang: str) -> None:
        """Say everything in ``lang`` from now on (the log is rebuilt)."""
        self.lang = lang
        self.log = game_log(self.game, self.state.history, self.names, self.observer, lang)

    # ----- acting ------------------------------------------------------------------
    def apply(self, action: int) -> list[str]:
        """Apply the action of the seat to act; return the new log sentences."""
        state = self.state
        actor = state.current_player()
        before = state.observation(self.observer)
        text = state.action_to_string(action)
        state.apply_action(action)
        sentences = step_sentences(
            self.game, actor, text, before, state.observation(self.observer), self.names, self.lang
        )
        self.log.append(sentences)
        if state.is_terminal():
            self.stats_note = self.record_statistics()
        return sentences

    def play_bot(self) -> list[str]:
        """Let the bot to act choose from its View and play; return the new sentences."""
        seat = self.seat_to_act
        bot = self.bots[seat]
        return self.apply(bot.choose(self.state.view(seat)))

    def check_move(self, seat: int, text: str) -> MoveCheck:
        """Read ``text`` as a move of ``seat``: the legal action, or what is wrong
        (text that is no action of the game, or the rule that forbids it)."""
        try:
            action = self.state.string_to_action(text)
        except ParseError as error:
            return MoveCheck(None, error=str(error))
        if self.seat_to_act != seat:
            return MoveCheck(None, reason=tr(self.lang, "not_your_turn"))
        reason = self.state.why_illegal(action)
        if reason is not None:
            return MoveCheck(None, reason=reason)
        return MoveCheck(action)

    # ----- undo --------------------------------------------------------------------
    def can_undo(self) -> bool:
        """Whether a human decision can be taken back (one human, against bots)."""
        return len(self.humans) == 1 and self._last_human_step() is not None

    def _last_human_step(self) -> int | None:
        last = None
        for index, (actor, _) in enumerate(self.state.seen_history(self.observer)):
            if actor in self.humans:
                last = index
        return last

    def undo(self) -> str:
        """Back to the human's previous decision: the state is rebuilt from the start
        of its record with the same seeded sampler, replaying every player action
        before that decision, so the cards dealt stay exactly the same."""
        if len(self.humans) != 1:
            return tr(self.lang, "undo_hot_seat")
        last = self._last_human_step()
        if last is None:
            return tr(self.lang, "nothing_to_undo")
        wanted = self.state.history[:last]
        rebuilt = self.replay_prefix(wanted)
        self.state = rebuilt
        self.log = game_log(self.game, rebuilt.history, self.names, self.observer, self.lang)
        self.undo_count += 1
        return tr(self.lang, "undone")

    def replay_prefix(self, history: Sequence[int]) -> State:
        """The state after ``history`` (a prefix of this match's), dealt by the same
        seeded sampler so that chance comes out as it did."""
        record = self.state.to_record()
        if record.sampler is None:
            raise ParlourError("this match has no seeded sampler; it cannot be rebuilt")
        forced = record.sampler["forced"]
        state = self.game.new_initial_state(
            seed=record.sampler["seed"], deck=forced if any(forced) else None
        )
        try:
            while len(state.history) < len(history):
                state.apply_action(history[len(state.history)])
        except ParlourError:
            raise ParlourError(
                "rebuilding the match did not deal the same cards; undo is not possible here"
            ) from None
        if state.history != list(history):
            raise ParlourError(
                "rebuilding the match did not deal the same cards; undo is not possible here"
            )
        return state

    # ----- hints -------------------------------------------------------------------
    def hint(self) -> Hint | None:
        """What the strongest installed bot would play for the human to act, and why."""
        seat = self.human_to_act()
        if seat is None:
            return None
        self.hint_count += 1
        return hint_for(self.state.view(seat), self.bot_seed, self.lang)

    # ----- the end -----------------------------------------------------------------
    def result_lines(self) -> list[str]:
        """Final scores and the winner, in the match's language."""
        results = self.state.returns()
        scores = ", ".join(
            f"{name} {score:g}" for name, score in zip(self.names, results, strict=True)
        )
        lines = [tr(self.lang, "final", scores=scores)]
        best = max(results)
        winners = [name for name, score in zip(self.names, results, strict=True) if score == best]
        if len(winners) == 1:
            key = "win_you" if winners[0] in ("You", "Vous") else "wins"
            lines.append(tr(self.lang, key, name=winners[0]))
        else:
            lines.append(tr(self.lang, "shared", names=" & ".join(winners)))
        return lines

    def score_sheet_lines(self) -> list[str]:
        """The per-deal scores so far, as a small table."""
        sheet = self.state.score_sheet()
        if not sheet:
            return [tr(self.lang, "no_score")]
        lines = ["game deal  " + "".join(f"{name[:10]:>11}" for name in self.names)]
        for line in sheet:
            scores = "".join(f"{score:>11g}" for score in line.scores)
            lines.append(f"{line.game:>4} {line.deal:>4}  {scores}   {line.note}".rstrip())
        return lines

    def record_statistics(self) -> str | None:
        """Add this finished game to the statistics once; return a note on failure."""
        if self.stats is None or self.stats_recorded or not self.humans:
            return None
        self.stats_recorded = True
        results = self.state.returns()
        best = max(results)
        opponent = self.opponent if self.bots else "people"
        try:
            for seat in self.humans:
                self.stats.add_result(
                    game=self.game.info.name,
                    opponent=opponent,
                    players=self.game.num_players,
                    score=results[seat],
                    won=results[seat] == best,
                    player=self.names[seat],
                )
        except (OSError, sqlite3.Error) as error:  # never lose the game for its statistics
            return f"statistics not saved: {error}"
        if self.save_path is not None and self.save_path.exists():
            self.save_path.unlink()
        return None

    # ----- saving ------------------------------------------------------------------
    def envelope(self) -> dict[str, Any]:
        """The saved-game envelope: the match record, untouched, plus the seating."""
        return {
            "format": SAVE_FORMAT,
            "format_version": SAVE_VERSION,
            "saved_at": datetime.now(UTC).isoformat(timespec="seconds"),
            "names": self.names,
            "humans": self.humans,
            "opponent": self.opponent,
            "bot_seed": self.bot_seed,
            "lang": self.lang,
            "finished": self.state.is_terminal(),
            "record": json.loads(self.state.serialize()),
        }

    def save(self, directory: Path | None = None) -> Path:
        """Write the match to its save file (a new one in ``directory`` or the saves
        folder the first time); return the path."""
        if self.save_path is None:
            folder = directory if directory is not None else saves_dir()
            folder.mkdir(parents=True, exist_ok=True)
            stamp = datetime.now(UTC).strftime("%Y%m%d-%H%M%S")
            path = folder / f"{self.game.info.name}-{stamp}.json"
            number = 2
            while path.exists():
                path = folder / f"{self.game.info.name}-{stamp}-{number}.json"
                number += 1
            self.save_path = path
        temporary = self.save_path.with_suffix(".tmp")
        temporary.write_text(json.dumps(self.envelope(), ensure_ascii=False, indent=1), "utf-8")
        temporary.replace(self.save_path)
        return self.save_path

    @classmethod
    def load(cls, path: Path, *, stats: StatsStore | None = None) -> Match:
        """A saved game (or a bare match record) ready to play on."""
        envelope = read_saved(path)
        record = MatchRecord.from_json(json.dumps(envelope["record"]))
        state = record.replay()
        game = state.game
        humans = [int(seat) for seat in envelope["humans"]]
        opponent = str(envelope["opponent"])
        bot_seed = int(envelope["bot_seed"])
        bots = make_bots(game, humans, opponent, bot_seed)
        return cls(
            game,
            state,
            humans=humans,
            bots=bots,
            names=[str(name) for name in envelope["names"]],
            lang=str(envelope["lang"]),
            opponent=opponent,
            bot_seed=bot_seed,
            stats=stats,
            save_path=path if envelope.get("format") == SAVE_FORMAT else None,
        )


def make_bots(game: Game[Any], humans: Sequence[int], opponent: str, seed: int) -> dict[int, Bot]:
    """A bot of kind ``opponent`` at every seat that is not human, each seeded apart."""
    return {
        seat: make_bot(opponent, seed * 1000 + seat)
        for seat in range(game.num_players)
        if seat not in humans
    }


def group_by_first_word(view: View) -> Groups:
    """Legal moves grouped by the first word of their text (usually the card)."""
    groups: dict[str, list[int]] = {}
    for action, text in zip(view.legal_actions, view.action_texts, strict=True):
        first = text.split()[0] if text.split() else text
        groups.setdefault(first, []).append(action)
    return list(groups.items())


def read_saved(path: Path) -> dict[str, Any]:
    """A saved game's envelope; a bare match record gets a default envelope
    (seat 0 human, random bots)."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as error:
        raise RecordError(f"cannot read {path}: {error.strerror}") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise RecordError(f"{path} is not valid JSON: {error}") from None
    if isinstance(data, dict) and data.get("format") == SAVE_FORMAT:
        for key in ("record", "names", "humans", "opponent", "bot_seed", "lang"):
            if key not in data:
                raise RecordError(f"{path}: the saved game has no {key!r}")
        return data
    record = MatchRecord.from_json(text)
    state = record.replay()
    players = state.game.num_players
    return {
        "format": "parlour-record",
        "record": data,
        "names": ["You" if seat == 0 else f"Bot {seat + 1}" for seat in range(players)],
        "humans": [0],
        "opponent": "random",
        "bot_seed": 0,
        "lang": "en",
        "finished": state.is_terminal(),
        "saved_at": "",
    }


def list_saves(directory: Path | None = None) -> list[SaveInfo]:
    """The saved games, newest first (unreadable files are skipped)."""
    folder = directory if directory is not None else saves_dir()
    if not folder.is_dir():
        return []
    found = []
    for path in folder.glob("*.json"):
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, json.JSONDecodeError):
            continue
        if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
            continue
        record = data.get("record", {})
        found.append(
            SaveInfo(
                path=path,
                game=str(record.get("game", "?")),
                saved_at=str(data.get("saved_at", "")),
                names=[str(name) for name in data.get("names", [])],
                steps=len(record.get("actions", [])),
                finished=bool(data.get("finished")),
            )
        )
    found.sort(key=lambda save: (save.saved_at, save.path.name), reverse=True)
    return found


def find_save(identifier: str, directory: Path | None = None) -> Path:
    """The saved game named ``identifier`` (a file path, or a name from the list)."""
    candidate = Path(identifier).expanduser()
    if candidate.is_file():
        return candidate
    folder = directory if directory is not None else saves_dir()
    for path in (folder / identifier, folder / f"{identifier}.json"):
        if path.is_file():
            return path
    saves = list_saves(directory)
    names = ", ".join(save.identifier for save in saves[:10]) or "none"
    raise ParlourError(f"no saved game {identifier!r}; saved games: {names}")
