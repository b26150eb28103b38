"""Step through a finished or saved match: the table as one seat saw it after
each move, and the game log up to there. Used by ``parlour replay`` in both the
line mode and the full-screen table.

An unfinished game may be replayed only from the seat that saved it: from any
other seat it would show cards that seat has not seen yet.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from parlour.core.errors import ParlourError
from parlour.core.game import CHANCE, State, View
from parlour.core.seat_names import SECOND_PERSON
from parlour.i18n import tr
from parlour.render import Style, renderer_for
from parlour.table import SqliteTableStore, Table, TableNotFoundError, moves_of
from parlour.table.saves import find_save, read_saved
from parlour.tui.session import deal_end_of, game_log


@dataclass(frozen=True)
class ReplayStep:
    """The match after one player action (step 0: before the first one), or a
    deal's end: a stop on the finished deal's board, with its scores."""

    state: State
    sentences: list[str]
    deal_end: View | None = None
    """At a deal's end, the finished deal's board as the replay's seat saw it
    (drawn instead of ``state``, which already holds the next deal's cards)."""


class ReplayBook:
    """Every step of a match, ready to show as ``seat`` saw it.

    ``source`` is a saved table's name, an old save file, or a match record.
    A move that ends a deal is shown on the finished deal's board with the
    scores; the next deal's dealing is a step of its own.
    """

    def __init__(
        self, source: Path | str, *, seat: int | None = None, lang: str | None = None
    ) -> None:
        final, names, saved_by, saved_lang = _load(source)
        self.game = final.game
        self.names = names
        self.lang: str = lang or saved_lang
        self.seat = seat if seat is not None else saved_by
        players = self.game.num_players
        if type(self.seat) is not int or not 0 <= self.seat < players:
            raise ParlourError(f"--seat must be 0 to {players - 1} for {self.game.info.title}")
        if not final.is_terminal() and self.seat != saved_by:
            raise ParlourError(
                f"this game is not finished: it can be replayed only from seat {saved_by} "
                f"({names[saved_by]}), the seat that saved it; other seats' cards stay hidden "
                "until the end"
            )
        self.render = renderer_for(self.game.info.name)
        self.steps = self._build(final)

    def _build(self, final: State) -> list[ReplayStep]:
        moves = moves_of(final)
        logged = final.event_log(self.seat)
        style = Style(lang=self.lang)
        # The seat replayed is "you" when its name says so (a lone player's game).
        reader = self.seat if self.names[self.seat] in SECOND_PERSON else None
        entries = game_log(self.game.info.name, logged, moves, self.names, style, reader=reader)
        # The same log told without the chance steps (a next deal's dealing):
        # what a deal-ending move said on its own, to split it from the dealing.
        move_steps = {move.step for move in moves}
        first = moves[0].step if moves else len(final.history)
        own_entries = game_log(
            self.game.info.name,
            [(step, event) for step, event in logged if step in move_steps or step < first],
            moves,
            self.names,
            style,
            reader=reader,
        )
        lead: list[str] = entries.pop(0) if len(entries) > len(moves) else []
        if len(own_entries) > len(moves):
            own_entries.pop(0)
        history = final.history
        replay = self.game.new_initial_state()
        index = 0
        while index < len(history) and replay.current_player() == CHANCE:
            replay.apply_action(history[index])
            index += 1
        steps = [ReplayStep(replay.clone(), [tr(self.lang, "replay_start"), *lead])]
        for number, sentences in enumerate(entries):
            before = replay.view(self.seat)
            closing = [event for step, event in logged if step == index and event.ends_deal]
            replay.apply_action(history[index])
            index += 1
            end: View | None = None
            if closing:
                end = deal_end_of(before, replay.view(self.seat), closing[-1])
            dealt = False
            while index < len(history) and replay.current_player() == CHANCE:
                if end is not None and not dealt:
                    own = own_entries[number] if number < len(own_entries) else []
                    if sentences[: len(own)] == own:
                        steps.append(ReplayStep(replay.clone(), own, deal_end=end))
                        sentences = sentences[len(own) :]
                        dealt = True
                replay.apply_action(history[index])
                index += 1
            if end is not None and not dealt:
                steps.append(ReplayStep(replay.clone(), sentences, deal_end=end))
            else:
                steps.append(ReplayStep(replay.clone(), sentences))
        return steps

    def view(self, step: int) -> View:
        """The table after ``step`` as the replay's seat saw it (a deal's end:
        the finished deal's board)."""
        item = self.steps[step]
        return item.deal_end if item.deal_end is not None else item.state.view(self.seat)

    def deal_ends(self) -> list[int]:
        """The steps that stop on a deal's end."""
        return [number for number, item in enumerate(self.steps) if item.deal_end is not None]

    def table(self, step: int, style: Style) -> str:
        """The table after ``step`` as the replay's seat saw it."""
        return self.render(self.view(step), style, self.names)

    def log_until(self, step: int) -> list[str]:
        """The game log up to and including ``step``."""
        return [sentence for item in self.steps[: step + 1] for sentence in item.sentences]

    def result_lines(self) -> list[str]:
        """Final scores, if the match is finished."""
        final = self.steps[-1].state
        if not final.is_terminal():
            return []
        scores = ", ".join(
            f"{name} {score:g}" for name, score in zip(self.names, final.returns(), strict=True)
        )
        return [tr(self.lang, "final", scores=scores)]


def _load(source: Path | str) -> tuple[State, list[str], int, str]:
    """The final state, the names, the seat that saved it and its language."""
    path = Path(source)
    if not path.is_file():
        store = SqliteTableStore()
        if store.path.exists():
            try:
                table = Table.open(str(source), store)
            except TableNotFoundError:
                pass
            else:
                meta = table.meta
                people = table.people()
                saved_by = meta.get("saved_by", people[0] if people else 0)
                return (
                    table.snapshot(),
                    table.names,
                    int(saved_by) if type(saved_by) is int else 0,
                    str(meta.get("lang") or "en"),
                )
        found = find_save(str(source))
        if found is None:
            raise TableNotFoundError(f"no saved game or file {str(source)!r}")
        path = found
    saved = read_saved(path)
    humans = saved.humans
    return saved.state, saved.names, humans[0] if humans else 0, str(saved.envelope["lang"])
