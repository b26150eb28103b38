"""The terminal's hold on one :class:`~parlour.table.Table`.

Both terminal interfaces (the line mode in :mod:`parlour.cli.play` and the
full-screen table in :mod:`parlour.tui.app`) drive a :class:`Match`: which seats
sit at this keyboard, the language, the game log as sentences, the score sheet,
statistics and saving. Whose turn it is, the bots, the undo policy, hints and
storage are the table's; no rule and no turn logic live here.

The game log is made from the table's events as this keyboard's seat saw them
(:func:`game_log`): undo, resume and a change of language simply rebuild it.
"""

from __future__ import annotations

import dataclasses
import re
import secrets
import sqlite3
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from typing import Any, cast

from parlour.core.cards import format_card, parse_card
from parlour.core.errors import IllegalActionError, ParlourError, ParseError
from parlour.core.events import Event, LoggedEvent
from parlour.core.game import Game, View
from parlour.core.options import format_option_value, options_dict
from parlour.core.registry import game_parts
from parlour.core.seat_names import SECOND_PERSON, seat_name_in
from parlour.core.sheet import ScoreSheet
from parlour.i18n import (
    SENTENCES,
    clause,
    in_score_units,
    localized_cards,
    localized_table,
    move_sentence,
    plural,
    refusal_text,
    said_move,
    tr,
    translate_note,
    typed_move,
)
from parlour.render import Style, renderer_for
from parlour.render.narration import dealing_kinds, dealing_sentence, seat_sentence
from parlour.stats import StatsStore
from parlour.table import (
    Hint,
    IllegalMoveError,
    MemoryTableStore,
    NotYourTurnError,
    PlayedMove,
    SeatSpec,
    SqliteTableStore,
    StaleVersionError,
    Table,
    TableError,
    TableNotFoundError,
    TableStore,
    UndoRefusedError,
)
from parlour.table.saves import SaveInfo, convert_save, find_save, read_saved
from parlour.table.saves import list_saves as list_old_saves

GROUP_THRESHOLD = 12
"""More legal moves than this: choose a group (a card) first, then a move."""

Groups = list[tuple[str, list[int]]]

UNDO_MESSAGES = {
    "nothing": "nothing_to_undo",
    "not_a_person": "nothing_to_undo",
    "over": "undo_over",
    "others_moved": "undo_others_moved",
    "again": "undo_again",
    "revealed": "undo_revealed",
}
"""The sentence (an i18n key) for each reason the table gives for refusing an undo."""


def render_hook(game_name: str, hook: str) -> Callable[..., Any] | None:
    """An optional hook (``move_groups``) of a game's text part."""
    found = game_parts(game_name).hook("text", hook)
    return cast(Callable[..., Any], found) if found is not None else None


# ----- the game log ------------------------------------------------------------------


def game_log(
    game_name: str,
    events: Sequence[LoggedEvent],
    moves: Sequence[PlayedMove],
    names: Sequence[str],
    style: Style,
    next_seat: int | None = None,
    reader: int | None = None,
) -> list[list[str]]:
    """The sentences of the game log, one list per player action of ``moves``
    (led by one list for what happened before the first action, if anything).

    Each action's list says its events (those of its step and of the chance
    steps after it), each made into a sentence by the game's renderer in
    ``style.lang``. An action that emitted no event of its own is said by one
    plain sentence naming the player and the move, before the events that
    followed it, unless nothing followed it and the same player acts next (a
    step of a move made in several steps, told when the move is complete;
    ``next_seat`` is the seat on turn now, for the last action).

    ``reader`` is the person this log is told to, if any: a card the game
    played for that seat says so (:func:`~parlour.render.narration.seat_sentence`).
    """
    dealing = dealing_kinds(game_name)

    def told(said_events: Sequence[Event]) -> list[str]:
        """Sentences of ``said_events``; the cards of a deal dealt one by one
        (and the game's own dealing events) folded into one sentence."""
        lines: list[str] = []
        run: list[Event] = []
        for event in [*said_events, None]:
            if event is not None and event.kind in dealing:
                run.append(event)
                continue
            if len(run) > 1:
                lines.append(dealing_sentence(game_name, run, names, style))
            elif run:
                lines.append(seat_sentence(game_name, run[0], names, style, reader))
            run = []
            if event is not None:
                lines.append(seat_sentence(game_name, event, names, style, reader))
        return lines

    starts = [move.step for move in moves]
    entries: list[list[str]] = []
    lead = [event for step, event in events if not starts or step < starts[0]]
    if lead:
        entries.append(told(lead))
    position = 0
    ordered = sorted(events, key=lambda item: item[0])
    while position < len(ordered) and starts and ordered[position][0] < starts[0]:
        position += 1
    for index, move in enumerate(moves):
        end = starts[index + 1] if index + 1 < len(starts) else None
        own: list[tuple[int, Event]] = []
        while position < len(ordered) and (end is None or ordered[position][0] < end):
            own.append(ordered[position])
            position += 1
        said = told([event for _, event in own])
        # A step of a move made in several steps (Casino: the card, then what it
        # takes) is told by the events of the move's last step: no sentence of
        # its own while the same player goes on.
        acts_next = moves[index + 1].seat if index + 1 < len(moves) else next_seat
        continued = acts_next == move.seat and not own
        if not continued and not any(step == move.step for step, _ in own):
            said.insert(0, move_sentence(game_name, names[move.seat], move.text, style.lang, style))
        entries.append(said)
    if style.lang == "fr":  # court cards read V D R in French, wherever the log is shown
        entries = [[localized_cards(line, "fr") for line in entry] for entry in entries]
    return entries


def sheet_lines(sheet: ScoreSheet, names: Sequence[str], lang: str) -> list[str]:
    """A score sheet as lines of text: a column per seat (or side, its partners'
    names joined by ``&``), a line per deal with its note, the stake the game
    starts with, each end bonus, and the totals (the result once it is over)."""
    if not sheet.lines:
        return [tr(lang, "no_score")]
    several_games = len({line.game for line in sheet.lines}) > 1
    label_width = 14
    heads = [" & ".join(names[seat] for seat in seats) for seats in sheet.columns]
    # A column is wide enough for its name (partners' names are long) while the
    # sheet keeps within 80 columns.
    width = min(max(11, *(len(head) + 1 for head in heads)), 62 // len(heads))

    def row(label: str, scores: Sequence[float], note: str = "") -> str:
        cells = "".join(f"{score:>{width}g}" for score in scores)
        return f"{label:<{label_width}}{cells}   {note}".rstrip()

    lines = [
        f"{tr(lang, 'sheet_' + sheet.line_kind):<{label_width}}"
        + "".join(f"{head[: width - 1]:>{width}}" for head in heads)
    ]
    if any(sheet.start):
        lines.append(row(tr(lang, "sheet_start"), sheet.start))
    last_of_game = {line.game: index for index, line in enumerate(sheet.lines)}
    for index, line in enumerate(sheet.lines):
        number = f"{line.game}.{line.deal}" if several_games else str(line.deal)
        lines.append(row(number, line.scores, translate_note(line.note, lang, names)))
        for bonus in sheet.bonuses:
            if last_of_game.get(bonus.game) == index:
                label = tr(lang, "sheet_bonus")
                lines.append(row(f"{label} {bonus.game}" if several_games else label, bonus.scores))
    lines.append(" " * label_width + "-" * (width * len(sheet.columns)))
    finished = sheet.result is not None and not sheet.result_note
    label = tr(lang, "sheet_result" if finished else "sheet_total")
    unit = tr(lang, "sheet_" + sheet.unit)
    lines.append(row(label, sheet.totals, unit))
    if sheet.result is not None and sheet.result_note:
        lines.append(row(tr(lang, "sheet_result"), sheet.result, sheet.result_note))
    return lines


@dataclass(frozen=True)
class MoveCheck:
    """A typed move, read: the legal action, or the problem with it."""

    action: int | None
    error: str = ""
    """The text is not an action of the game (the parser's message)."""
    reason: str = ""
    """The action exists but a rule forbids it now."""
    whole: str = ""
    """A whole move of several steps written in one line (Casino's ``5D take
    2D+3C``), in the engine's words: ``action`` is its first step (the decision
    made), and the table plays every step when this text is submitted."""

    @property
    def move(self) -> int | str | None:
        """What to submit to the table: the whole move's text, or the action."""
        return self.whole or self.action

    def message(self, lang: str) -> str:
        """What to tell the player (empty for a legal move)."""
        if self.reason:
            return tr(lang, "not_allowed", reason=clause(self.reason))
        return self.error


_MOVE_WORD = re.compile(r"[^\s+,]+")
"""A word of a typed move: a card, a word, a build (``+`` and ``,`` join them)."""


def rest_of_move(typed: str, so_far: str) -> str:
    """What ``typed`` adds to the move being made, when it writes that move
    again from its start: ``9C take 9H`` while ``9C take`` is made gives
    ``9H``; '' when ``typed`` does not begin with the move so far (cards are
    compared as cards: ``9c``, ``9♣``).

    >>> rest_of_move("9c take 4S+5D", "9C take 4S")
    '5D'
    >>> rest_of_move("4S", "9C take")
    ''
    """
    written = list(_MOVE_WORD.finditer(typed))
    made = _MOVE_WORD.findall(so_far)
    if not made or len(written) <= len(made):
        return ""
    for word, found in zip(made, written, strict=False):
        if not _same_word(word, found.group(0)):
            return ""
    return typed[written[len(made) - 1].end() :].lstrip(" ,+")


def _same_word(first: str, second: str) -> bool:
    """Whether two words of a move say the same (a card in any of its spellings)."""
    if first.lower() == second.lower():
        return True
    try:
        return parse_card(first) == parse_card(second)
    except ParseError:
        return False


def level_name(bot: str, lang: str) -> str:
    """A bot's level as a person reads it in ``lang`` (``hard``: ``difficile``)."""
    key = f"level_{bot}"
    return tr(lang, key) if key in SENTENCES["en"] else bot


def hint_line(hint: Hint, lang: str) -> str:
    """A hint: the bot and the move, what the move does (first line), and the
    search's figures (second line)."""
    if hint.explanation:  # it begins with the move, in the game's words
        line = tr(lang, "hint", bot=level_name(hint.bot, lang), move=hint.explanation)
        return f"{line}\n  {localized_cards(hint.reason, lang)}" if hint.reason else line
    line = tr(lang, "hint", bot=level_name(hint.bot, lang), move=said_move(hint.text, lang))
    return f"{line} — {localized_cards(hint.reason, lang)}" if hint.reason else line


# ----- the match --------------------------------------------------------------------


class Match:
    """A table seen from this keyboard: the people at the table are all here
    (one person against bots, or several taking turns: hot seat)."""

    def __init__(
        self,
        table: Table,
        *,
        lang: str | None = None,
        stats: StatsStore | None = None,
    ) -> None:
        self.table = table
        self.game: Game[Any] = table.game
        self.humans = table.people()
        self.lang = lang or str(table.meta.get("lang") or "en")
        bots = sorted({seat.bot for seat in table.seats if seat.kind == "bot"})
        self.opponent = str(table.meta.get("opponent") or (bots[0] if bots else "people"))
        self.stats = stats
        self.observer = self.humans[0] if self.humans else 0
        self.render = renderer_for(self.game.info.name)
        self.move_groups_hook = render_hook(self.game.info.name, "move_groups")
        self.move_notes_hook = render_hook(self.game.info.name, "move_notes")
        self.log: list[list[str]] = []
        self.rebuild_log()
        self.stats_recorded = False
        self.stats_note: str | None = None
        """Why the statistics could not be written, if they could not."""
        self.undo_count = 0
        self.hint_count = 0
        self.resumed_after: int | None = None
        """The moves already played when this match was resumed from the store
        (None: a game started here); both terminal modes say so on arrival."""

    @property
    def names(self) -> list[str]:
        """The players' names, by seat, in the match's language: a name nobody
        chose (``You``, ``Bot 2``) follows the language switch (``Vous``,
        ``Robot 2``); a name a person typed stays as typed."""
        return [seat_name_in(name, seat, self.lang) for seat, name in enumerate(self.table.names)]

    # ----- building --------------------------------------------------------------
    @classmethod
    def new(
        cls,
        game: Game[Any] | str,
        *,
        humans: Sequence[int],
        opponent: str,
        names: Sequence[str],
        seed: int | None = None,
        lang: str = "en",
        stats: StatsStore | None = None,
        options: dict[str, object] | None = None,
        store: TableStore | None = None,
    ) -> Match:
        """A new table (dealt from ``seed``, or from the operating system's
        randomness), people at ``humans``, bots of kind ``opponent`` elsewhere.
        With ``store`` (the terminal passes the SQLite table store), the table is
        written there from its first move; without, it lives in memory until
        :meth:`save`."""
        if isinstance(game, str):
            name, chosen = game, dict(options or {})
        else:
            name, chosen = game.info.name, options_dict(game.options)
        seats = [
            SeatSpec("person", names[seat])
            if seat in humans
            else SeatSpec("bot", names[seat], bot=opponent)
            for seat in range(len(names))
        ]
        stamp = datetime.now(UTC).strftime("%Y%m%d-%H%M%S")
        table = Table.create(
            name,
            seats,
            options=chosen,
            seed=seed,
            table_id=f"{name}-{stamp}-{secrets.token_hex(2)}",
            meta={"lang": lang, "opponent": opponent, "saved_by": humans[0] if humans else 0},
            store=store,
        )
        return cls(table, lang=lang, stats=stats)

    def play_again(self) -> Match:
        """A new game like this one: the same game, options, seats, bots, language
        and store, with a new deal (the end screen's "play again")."""
        store = self.table.store if isinstance(self.table.store, SqliteTableStore) else None
        return Match.new(
            self.game,
            humans=self.humans,
            opponent=self.opponent,
            names=self.names,
            lang=self.lang,
            stats=self.stats,
            store=store,
        )

    @classmethod
    def resume(cls, identifier: str, *, stats: StatsStore | None = None) -> tuple[Match, str]:
        """The saved table ``identifier`` (or an old save file, converted once into
        the table store), and a note to show (empty, or what was converted)."""
        store = SqliteTableStore()
        if store.path.exists():
            try:
                table = Table.open(identifier, store)
            except TableNotFoundError:
                pass
            else:
                if table.is_over():
                    raise TableError(
                        f"{identifier} is a finished game; see it with: parlour replay {identifier}"
                    )
                return cls._resumed(table, stats), ""
        path = find_save(identifier)
        if path is None:
            known = ", ".join(save.identifier for save in list_saves()[:10]) or "none"
            raise TableNotFoundError(f"no saved game {identifier!r}; saved games: {known}")
        saved = read_saved(path)
        if saved.state.is_terminal():
            raise TableError(f"{path.name} is a finished game; see it with: parlour replay {path}")
        table = convert_save(saved, store)
        note = (
            f"(The old save file {path.name} was converted into the table store as "
            f"{table.id}; the file is kept as {path.name}.converted.)"
        )
        return cls._resumed(table, stats), note

    @classmethod
    def _resumed(cls, table: Table, stats: StatsStore | None) -> Match:
        match = cls(table, stats=stats)
        match.resumed_after = match.moves_played()
        return match

    def resumed_line(self) -> str:
        """The sentence that says, on arrival, that this game was resumed and how
        far it had gone ("Game resumed: 21 moves played."); empty for a game
        started here."""
        if self.resumed_after is None:
            return ""
        moves = plural(self.lang, "moves_played_n", self.resumed_after)
        return tr(self.lang, "resumed", title=self.game.info.title_text(self.lang), moves=moves)

    # ----- what the interfaces read -------------------------------------------------
    @property
    def seat_to_act(self) -> int | None:
        """The seat to act (None at the end)."""
        return self.table.seat_to_act()

    def is_over(self) -> bool:
        """True when the game has ended."""
        return self.table.is_over()

    def human_to_act(self) -> int | None:
        """The person's seat to act now, or None (a bot's turn, or the end)."""
        seat = self.table.seat_to_act()
        return seat if seat in self.humans else None

    def bot_to_act(self) -> int | None:
        """The bot's seat to act now, or None."""
        return self.table.bot_to_act()

    def view(self, seat: int) -> View:
        """What ``seat`` sees now."""
        view = self.table.view_for(seat)
        assert view is not None  # a seat (not a spectator) always has a View
        return view

    def view_after(self, seat: int, steps: int) -> View | None:
        """What ``seat`` saw after the first ``steps`` steps of the history,
        rebuilt by replaying them (None if the history does not replay)."""
        history = self.table.snapshot().history
        state = self.game.new_initial_state()
        try:
            for action in history[:steps]:
                state.apply_action(action)
        except ParlourError:
            return None
        return state.view(seat)

    def last_deal_end(self, seat: int) -> tuple[int, Event] | None:
        """The step and event that closed the last finished deal (or coffin), as
        ``seat`` saw it; None before the first."""
        ended = [(step, event) for step, event in self.table.events_for(seat) if event.ends_deal]
        return ended[-1] if ended else None

    def deal_end_view(self, seat: int, step: int, closing: Event) -> View | None:
        """The finished deal as ``seat`` saw it when ``closing`` (made by history
        step ``step``) ended it: its own number, dealer and line owners, never the
        next deal's. A coffin is cleared as it scores, so the coffin ``closing``
        scored is drawn full on the table after the move; another game's table is
        shown as the last move found it (the next deal is not there yet)."""
        return deal_end_of(self.view_after(seat, step), self.view_after(seat, step + 1), closing)

    def final_view(self, seat: int) -> View:
        """The table at game over as ``seat`` sees it, headed by the last deal's
        own number and dealer (the rules have already passed the deal on; there
        is no next dealer to name)."""
        view = self.view(seat)
        last = self.last_deal_end(seat)
        if last is None:
            return view
        return same_deal(view, self.view_after(seat, last[0]))

    def deal_end_title(self) -> str:
        """What a finished deal's pause is called: the end of what the game's
        score sheet counts ("End of the deal", "End of the round" in Casino,
        "End of the coffin" in Partnership Dracula)."""
        return tr(self.lang, "end_of_" + self.table.full_sheet().line_kind)

    def view_text(self, view: View, style: Style) -> str:
        """``view`` drawn by the game's renderer."""
        return localized_table(self.render(view, style, self.names), style.lang)

    def table_text(self, seat: int, style: Style) -> str:
        """The table as ``seat`` sees it, drawn by the game's renderer."""
        return localized_table(self.render(self.view(seat), style, self.names), style.lang)

    def log_sentences(self) -> list[str]:
        """The whole game log, one sentence a line."""
        return [line for step in self.log for line in step]

    def moves_played(self) -> int:
        """How many player actions the match has had."""
        return len(self.table.moves_played())

    def rebuild_log(self) -> None:
        """Make the log again from the table's events (after undo, a new language)."""
        self.log = game_log(
            self.game.info.name,
            self.table.events_for(self.observer),
            self.table.moves_played(),
            self.names,
            Style(lang=self.lang),
            next_seat=self.table.seat_to_act(),
            reader=self.reader(),
        )

    def reader(self) -> int | None:
        """The seat the log is told to as "you" (the one person at this
        terminal, named in the second person), or None (hot seat, bots only)."""
        return self.observer if self.names[self.observer] in SECOND_PERSON else None

    def groups(self, view: View) -> Groups | None:
        """The legal moves in groups (a card, then its targets) when there are many."""
        if len(view.legal_actions) <= GROUP_THRESHOLD:
            return None
        groups: Groups
        if self.move_groups_hook is not None:
            groups = self.move_groups_hook(view)
        else:
            groups = group_by_first_word(view)
        # Groups of one move each (a card game without targets) are no groups:
        # "3♠ (1 move)" on every card only adds a step.
        if len(groups) < 2 or all(len(actions) == 1 for _, actions in groups):
            return None
        return groups

    def move_notes(self, view: View, style: Style) -> dict[int, str]:
        """What the game's text part says after a move's text, by action (Casino:
        ``(from 2♢ 3♣)`` after ``5D take``, what the move may take); empty for the
        other games."""
        if self.move_notes_hook is None:
            return {}
        notes: dict[int, str] = self.move_notes_hook(view, style)
        return notes

    def set_language(self, lang: str) -> None:
        """Say everything in ``lang`` from now on (the log is rebuilt)."""
        self.lang = lang
        self.rebuild_log()

    # ----- acting ------------------------------------------------------------------
    def submit(self, seat: int, action: int | str, version: int | None = None) -> list[str]:
        """Send ``seat``'s move to the table (against ``version``, default the
        current one); return the new log sentences."""
        self.table.submit(seat, action, self.table.version if version is None else version)
        return self._after_move()

    def play_bot(self) -> list[str]:
        """Let the bot on turn play; return the new log sentences."""
        self.table.play_bot_move()
        return self._after_move()

    def bot_answer(self, seat: int, action: int, version: int) -> list[str] | None:
        """A bot's answer computed away from the screen (see
        :meth:`Table.choose_bot_move`): played, or None if the table has moved on
        since (the table refuses the stale version)."""
        try:
            self.table.submit(seat, action, version)
        except StaleVersionError:
            return None
        return self._after_move()

    def _after_move(self) -> list[str]:
        before = len(self.log_sentences())
        self.rebuild_log()
        if self.table.is_over():
            self.stats_note = self.record_statistics()
        return self.log_sentences()[before:]

    def check_move(self, seat: int, text: str) -> MoveCheck:
        """Read ``text`` as a move of ``seat``: the legal action, or what is wrong
        (text that is no action of the game, or the rule that forbids it). A
        whole move written in one line as the rules teach it (Casino's ``7H take
        3S+4D``) is read here too, for every prompt alike."""
        typed = typed_move(text, self.lang)
        if self.move_in_steps() == seat:
            # The move being made typed again from its start ("9C take 9H" after
            # "9C take"): what it adds is the next step.
            typed = rest_of_move(typed, self.move_so_far()) or typed
        try:
            whole = self._whole_move(seat, typed)
            return whole if whole is not None else MoveCheck(self.table.check_move(seat, typed))
        except NotYourTurnError:
            return MoveCheck(None, reason=tr(self.lang, "not_your_turn"))
        except IllegalMoveError as error:
            return MoveCheck(None, reason=refusal_text(error.refusal, self.lang))
        except (ParseError, IllegalActionError, TableError) as error:
            if isinstance(error, IllegalActionError) and error.refusal:
                # The rule, said to the player (the engine's message names seats by number).
                return MoveCheck(None, reason=refusal_text(error.refusal, self.lang))
            if self.lang == "fr":  # the engine's messages are English; say it in French
                return MoveCheck(None, error=tr(self.lang, "no_such_move", text=text))
            return MoveCheck(None, error=str(error))

    def _whole_move(self, seat: int, typed: str) -> MoveCheck | None:
        """``typed`` as a whole move of several steps (the game's own notation,
        :meth:`parlour.core.game.State.whole_move_steps`), every step tried on a
        copy of the table, so that the move is legal as a whole; None when
        ``typed`` is no such move (or ``seat`` is not on turn: the table says so).
        Raises :class:`IllegalActionError` for a step the rules refuse."""
        if self.table.seat_to_act() != seat:
            return None
        trial = self.table.snapshot()
        steps = trial.whole_move_steps(typed)
        if steps is None:
            return None
        for step in steps:
            if trial.current_player() != seat:  # the move was complete before its last step
                return MoveCheck(None, reason=refusal_text(None, self.lang))
            trial.apply_action(step)
        return MoveCheck(steps[0], whole=typed)

    # ----- undo --------------------------------------------------------------------
    def move_in_steps(self) -> int | None:
        """The person at this keyboard in the middle of a move made in steps (a
        Casino capture: the card chosen, what it takes not yet), or None. Such a
        step says nothing in the log (the move is told once complete) and the same
        seat acts again."""
        seat = self.human_to_act()
        moves = self.table.moves_played()
        if seat is None or not moves or moves[-1].seat != seat:
            return None
        if self.table.events_for(seat, since=moves[-1].step):
            return None
        return seat

    def move_so_far(self) -> str:
        """The steps of the move being made in steps at this keyboard, as typed
        (``5D take 2D``), or '' when no move is being made."""
        seat = self.move_in_steps()
        if seat is None:
            return ""
        events = self.table.events_for(seat)
        last_event = events[-1][0] if events else -1
        texts = [
            move.text
            for move in self.table.moves_played()
            if move.seat == seat and move.step > last_event
        ]
        return " ".join(texts)

    def back_out(self) -> bool:
        """Take back every step of the move being made (Escape); False when no
        move is being made or the table refuses. Not counted as an undo: nothing
        was decided."""
        seat = self.move_in_steps()
        if seat is None:
            return False
        for _ in range(len(self.table.moves_played())):
            try:
                self.table.undo(seat, self.table.version)
            except UndoRefusedError:
                break
            if self.move_in_steps() != seat:
                break
        self.rebuild_log()
        return True

    def undo_seat(self) -> int | None:
        """Who takes a move back from this keyboard: the one person, or in hot seat
        the person who moved last."""
        if len(self.humans) == 1:
            return self.humans[0]
        moves = self.table.moves_played()
        if moves and moves[-1].seat in self.humans:
            return moves[-1].seat
        return self.humans[0] if self.humans else None

    def can_undo(self) -> bool:
        """Whether the table would take a move back now."""
        seat = self.undo_seat()
        return seat is not None and self.table.can_undo(seat)

    def undo(self) -> str:
        """Ask the table to take back a move (its policy decides); say what happened.

        A finished move made in steps (a Casino build: the card, then what it
        puts in) is taken back whole, back to the decision before it; while a
        move is being made, undo takes back its last step (Escape, with
        :meth:`back_out`, takes back all of them)."""
        seat = self.undo_seat()
        if seat is None:
            return tr(self.lang, "nothing_to_undo")
        within = self.move_in_steps() == seat
        try:
            self.table.undo(seat, self.table.version)
        except UndoRefusedError as error:
            return tr(self.lang, UNDO_MESSAGES.get(error.code, "nothing_to_undo"))
        for _ in range(0 if within else len(self.table.moves_played())):
            if self.move_in_steps() != seat:
                break
            try:  # the move's earlier steps: no one decided anything between them
                self.table.undo(seat, self.table.version)
            except UndoRefusedError:
                break  # the table's policy allows no more (several people: one step)
        self.rebuild_log()
        self.undo_count += 1
        return tr(self.lang, "undone")

    # ----- hints -------------------------------------------------------------------
    def hint(self) -> Hint | None:
        """What the strongest installed bot would play for the person to act, and why."""
        seat = self.human_to_act()
        if seat is None:
            return None
        self.hint_count += 1
        hint = self.table.hint(seat, self.lang, lambda text: said_move(text, self.lang))
        return replace(hint, reason=in_score_units(self.game.info.name, hint.reason, self.lang))

    # ----- the end -----------------------------------------------------------------
    def result_lines(self) -> list[str]:
        """Final scores and the winner, in the match's language."""
        results = self.table.result() or [0.0] * len(self.names)
        scores = ", ".join(
            f"{name} {score:g}" for name, score in zip(self.names, results, strict=True)
        )
        lines = [tr(self.lang, "final", scores=scores)]
        best = max(results)
        winners = [seat for seat, score in enumerate(results) if score == best]
        if len(winners) == 1 and len(self.humans) == 1 and winners[0] == self.humans[0]:
            lines.append(tr(self.lang, "win_you", name=self.names[winners[0]]))
        elif len(winners) == 1:
            lines.append(tr(self.lang, "wins", name=self.names[winners[0]]))
        else:
            lines.append(tr(self.lang, "shared", names=" & ".join(self.names[s] for s in winners)))
        seed = self.table.revealed_seed()
        if seed is not None:
            game = " ".join([self.game.info.name, *self.changed_option_flags()])
            lines.append(tr(self.lang, "seed_after", game=game, seed=seed))
        return lines

    def changed_option_flags(self) -> list[str]:
        """The game's options that differ from their defaults, as ``parlour play``
        takes them (``-o target=1``): what deals the same cards again with the
        same rules."""
        chosen = options_dict(self.game.options)
        return [
            f"-o {spec.name}={format_option_value(chosen[spec.name])}"
            for spec in self.game.option_specs()
            if spec.name in chosen and chosen[spec.name] != spec.default
        ]

    def score_sheet_lines(self) -> list[str]:
        """The score sheet so far, as a small table (both terminal modes draw it)."""
        return sheet_lines(self.table.full_sheet(), self.names, self.lang)

    def record_statistics(self) -> str | None:
        """Add this finished game to the statistics once; return a note on failure.

        One game is one result, whoever sat at the keyboard: against bots, the
        person's score; in hot seat (``people``), the best score of the people and
        every name, so a game of three friends counts once, not three times."""
        results = self.table.result()
        if self.stats is None or self.stats_recorded or not self.humans or results is None:
            return None
        self.stats_recorded = True
        best = max(results)
        opponent = self.opponent if len(self.humans) < len(self.names) else "people"
        top = max(self.humans, key=lambda seat: results[seat])
        try:
            self.stats.add_result(
                game=self.game.info.name,
                opponent=opponent,
                players=self.game.num_players,
                score=results[top],
                won=results[top] == best,
                player=", ".join(self.names[seat] for seat in self.humans),
            )
        except (OSError, sqlite3.Error) as error:  # never lose the game for its statistics
            return tr(self.lang, "stats_not_saved", error=error)
        return None

    # ----- deals -------------------------------------------------------------------
    def deals_scored(self) -> int:
        """How many deals have been scored so far (a deal's end makes it grow)."""
        return len(self.table.score_sheet())

    def decisions_since(self, step: int) -> dict[int, int]:
        """How many moves each person at this keyboard chose since history step
        ``step`` (forced plays the engine makes itself are not moves)."""
        counts = dict.fromkeys(self.humans, 0)
        for move in self.table.moves_played():
            if move.step >= step and move.seat in counts:
                counts[move.seat] += 1
        return counts

    def forced_seats(self, step: int) -> set[int]:
        """The seats that had a card played for them by the rules (an event
        marked ``forced``, as Nain Jaune's) since history step ``step``."""
        return {
            int(getattr(event, "seat", -1))
            for event_step, event in self.table.events_for(self.observer)
            if event_step >= step and getattr(event, "forced", False)
        }

    def forced_notes(self, step: int) -> list[str]:
        """After a deal that began at history step ``step``: one sentence for each
        person here who had cards played for them by the rules in it and nothing
        to decide ("every move was forced")."""
        forced = self.forced_seats(step)
        notes = []
        for seat, count in self.decisions_since(step).items():
            if count == 0 and seat in forced:
                name = self.names[seat]
                key = "all_forced_you" if name in SECOND_PERSON else "all_forced"
                notes.append(tr(self.lang, key, name=name))
        return notes

    def history_length(self) -> int:
        """The number of steps (chance and actions) played so far."""
        return self.table.history_length()

    def last_deal_line(self) -> str:
        """The last scored deal as one line: each player's score and the note."""
        sheet = self.table.score_sheet()
        if not sheet:
            return ""
        line = sheet[-1]
        scores = ", ".join(
            f"{name} {score:g}" for name, score in zip(self.names, line.scores, strict=True)
        )
        note = translate_note(line.note, self.lang, self.names)
        return tr(self.lang, "deal_scored", deal=line.deal, scores=scores) + (
            f" ({note})" if note else ""
        )

    # ----- saving ------------------------------------------------------------------
    def is_stored(self) -> bool:
        """Whether every move is already written to the SQLite table store."""
        return isinstance(self.table.store, SqliteTableStore)

    def save(self) -> str:
        """Keep the table in the table store (from now on every move is written as
        it is played); return what to type after ``parlour resume``."""
        if not self.is_stored():
            self.table.copy_to(SqliteTableStore())
        return self.table.id

    def save_and_say(self) -> list[str]:
        """Save (if not yet stored) and return what to tell the player: where the
        game is and how to resume it, or why it could not be saved. For Ctrl-C
        and closing the window, in both interfaces; never raises a ParlourError."""
        try:
            identifier = self.save()
        except (ParlourError, OSError, sqlite3.Error) as error:
            return [tr(self.lang, "not_saved", error=error)]
        if self.is_over():
            return [tr(self.lang, "replay_with", id=identifier)]
        return [
            tr(self.lang, "saved", path=self.store_path()),
            tr(self.lang, "resume_with", id=identifier),
        ]

    def discard(self) -> None:
        """Quit without saving: forget the stored table (it is no longer offered
        for resuming). A finished game is kept for replay whatever is asked."""
        store = self.table.store
        if isinstance(store, SqliteTableStore) and not self.is_over():
            self.table.copy_to(MemoryTableStore())
            store.delete(self.table.id)

    def store_path(self) -> str:
        """Where the table is kept once saved."""
        store = self.table.store
        return str(store.path) if isinstance(store, SqliteTableStore) else ""


DEAL_KEYS = (
    "session_game",
    "deal",
    "dealer",
    "first_dealer",
    "owned_lines",
    "coffin_number",
    "from_waste",
    "from_discards",
    "directions",
    "side_directions",
)
"""Observation keys that name a deal (its number, dealer, line owners and
directions): a finished deal's screen takes them from its own deal."""


def same_deal(view: View, deal_view: View | None) -> View:
    """``view`` with the keys of :data:`DEAL_KEYS` that name the deal taken from
    ``deal_view`` (a View of the deal to show); a key the later View leaves empty
    (None: no deal any more) stays empty."""
    if deal_view is None:
        return view
    observation = dict(view.observation)
    for key in DEAL_KEYS:
        if observation.get(key) is not None and key in deal_view.observation:
            observation[key] = deal_view.observation[key]
    return dataclasses.replace(view, observation=observation)


def deal_end_of(before: View | None, after: View | None, closing: Event) -> View | None:
    """The finished deal a ``closing`` event ended, from the Views just ``before``
    and just ``after`` the move that made it: a coffin is cleared as it scores,
    so the coffin ``closing`` scored is drawn full on the table after the move,
    headed by the finished deal's own keys; another game's table is shown as the
    last move found it (the next deal is not there yet)."""
    if not scores_a_coffin(closing):
        return before
    if after is None:
        return None
    return finished_coffin(same_deal(after, before), closing)


def scores_a_coffin(event: Event) -> bool:
    """Whether ``event`` closes a deal by scoring a coffin it names card by card
    (its ``cards`` and line values ``rows`` and ``columns``)."""
    return event.ends_deal and all(hasattr(event, name) for name in ("cards", "rows", "columns"))


def finished_coffin(view: View, event: Event) -> View:
    """``view`` with the coffin a ``coffin_scored`` event closed drawn full (the
    Dracula games clear the coffin as they score it; a deal's end shows it)."""
    cards = getattr(event, "cards", None)
    observation = dict(view.observation)
    if not scores_a_coffin(event) or not cards or "coffin" not in observation:
        return view
    # As the View writes a coffin: card texts, None for an empty cell (card 0 is A♠).
    observation["coffin"] = [format_card(card) if card >= 0 else None for card in cards]
    observation["row_values"] = list(getattr(event, "rows", ()))
    observation["column_values"] = list(getattr(event, "columns", ()))
    if "face_down" in observation:
        observation["face_down"] = [False] * len(cards)
    return dataclasses.replace(view, observation=observation, legal_actions=(), action_texts=())


def finished_tables(
    game_name: str | None = None, store: SqliteTableStore | None = None
) -> list[dict[str, Any]]:
    """The finished tables (of ``game_name``, or of every game) in the table
    store, newest first: what ``parlour replay`` can show (empty when the store
    does not exist yet or cannot be read)."""
    store = store if store is not None else SqliteTableStore()
    if not store.path.exists():
        return []
    try:
        listed = store.list(finished=True)
    except TableError:
        return []
    return [
        item
        for item in listed
        if not item.get("damaged")
        and isinstance(item.get("seats"), list)
        and (game_name is None or item.get("game") == game_name)
    ]


def unfinished_tables(
    game_name: str, store: SqliteTableStore | None = None
) -> list[dict[str, Any]]:
    """The unfinished tables of ``game_name`` in the table store, newest first
    (empty when the store does not exist yet or cannot be read: offering to
    resume must never stop a new game)."""
    store = store if store is not None else SqliteTableStore()
    if not store.path.exists():
        return []
    try:
        listed = store.list(finished=False)
    except TableError:
        return []
    return [item for item in listed if not item.get("damaged") and item.get("game") == game_name]


def group_by_first_word(view: View) -> Groups:
    """Legal moves grouped by the first word of their text (usually the card)."""
    groups: dict[str, list[int]] = {}
    for action, text in zip(view.legal_actions, view.action_texts, strict=True):
        first = text.split()[0] if text.split() else text
        groups.setdefault(first, []).append(action)
    return list(groups.items())


def list_saves() -> list[SaveInfo]:
    """The games to resume, newest first: the unfinished tables of the table store,
    then the old save files (a damaged one is listed with what is wrong)."""
    found: list[SaveInfo] = []
    store = SqliteTableStore()
    try:
        tables = store.list(finished=False) if store.path.exists() else []
    except TableError as error:  # a damaged store is listed, the old files still are
        found.append(SaveInfo(store.path.name, "?", "", damaged=str(error)))
        tables = []
    if tables:
        for item in tables:
            seats = item.get("seats")
            if item.get("damaged") or not isinstance(seats, list):
                found.append(
                    SaveInfo(str(item["id"]), "?", "", damaged=f"table {item['id']} is damaged")
                )
                continue
            found.append(
                SaveInfo(
                    identifier=str(item["id"]),
                    game=str(item.get("game", "?")),
                    saved_at=str(item.get("updated_at", "")),
                    names=[str(seat.get("name", "?")) for seat in seats if isinstance(seat, dict)],
                    steps=int(item.get("moves", 0)),
                    finished=False,
                )
            )
    return found + list_old_saves()
