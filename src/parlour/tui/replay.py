"""Step through a finished or saved match: the table as one seat saw it after
each move, and the game log up to there. Used by ``parlour replay`` in both the
line mode and the full-screen table."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from parlour.core.errors import ParlourError
from parlour.core.game import CHANCE, State
from parlour.core.record import MatchRecord
from parlour.i18n import tr
from parlour.render import Style, renderer_for
from parlour.tui.session import read_saved, step_sentences


@dataclass(frozen=True)
class ReplayStep:
    """The match after one player action (step 0: before the first one)."""

    state: State
    sentences: list[str]


class ReplayBook:
    """Every step of a match, ready to show as ``seat`` saw it."""

    def __init__(self, path: Path, *, seat: int | None = None, lang: str | None = None) -> None:
        envelope: dict[str, Any] = read_saved(path)
        record = MatchRecord.from_json(json.dumps(envelope["record"]))
        final = record.replay()
        self.game = final.game
        self.names: list[str] = [str(name) for name in envelope["names"]]
        self.lang: str = lang or str(envelope.get("lang") or "en")
        humans = envelope.get("humans") or [0]
        self.seat = seat if seat is not None else int(humans[0])
        if not 0 <= self.seat < self.game.num_players:
            raise ParlourError(
                f"--seat must be 0 to {self.game.num_players - 1} for {self.game.info.title}"
            )
        self.render = renderer_for(self.game.info.name)
        self.steps = self._build(final.history)

    def _build(self, history: list[int]) -> list[ReplayStep]:
        replay = self.game.new_initial_state()
        index = 0
        while index < len(history) and replay.current_player() == CHANCE:
            replay.apply_action(history[index])
            index += 1
        steps = [ReplayStep(replay.clone(), [tr(self.lang, "replay_start")])]
        while index < len(history):
            actor = replay.current_player()
            before = replay.observation(self.seat)
            text = replay.action_to_string(history[index])
            replay.apply_action(history[index])
            index += 1
            while index < len(history) and replay.current_player() == CHANCE:
                replay.apply_action(history[index])
                index += 1
            sentences = step_sentences(
                self.game, actor, text, before, replay.observation(self.seat), self.names, self.lang
            )
            steps.append(ReplayStep(replay.clone(), sentences))
        return steps

    def table(self, step: int, style: Style) -> str:
        """The table after ``step`` as the replay's seat saw it."""
        return self.render(self.steps[step].state.view(self.seat), style, self.names)

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
