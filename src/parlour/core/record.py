"""Match records: a whole match as JSON that replays into the same state.

A record names the game, its rules version and options, and lists the chance
outcomes and the players' actions as text, each in the order they happened.
Replaying takes the next chance outcome whenever the state waits for chance,
and the next action otherwise. A record made from a state with a seeded
sampler also stores the sampler, so a resumed match deals on exactly as it
would have.

The terminal (save, resume, replay), the web server, bots and bug reports all
use this one format.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from parlour.core.cards import parse_card
from parlour.core.errors import ParlourError, RecordError

if TYPE_CHECKING:
    from parlour.core.game import State

RECORD_FORMAT = "parlour-record"
RECORD_VERSION = 1


@dataclass(frozen=True)
class MatchRecord:
    """A match: game, rules version, options, chance outcomes and actions."""

    game: str
    rules_version: int
    options: dict[str, Any]
    chance: list[str] = field(default_factory=list)
    actions: list[str] = field(default_factory=list)
    sampler: dict[str, Any] | None = None
    """``{"seed", "rng_state", "forced"}`` when the match deals from a seeded sampler."""

    def to_json(self) -> str:
        """The record as JSON text."""
        return json.dumps(
            {
                "format": RECORD_FORMAT,
                "format_version": RECORD_VERSION,
                "game": self.game,
                "rules_version": self.rules_version,
                "options": self.options,
                "chance": self.chance,
                "actions": self.actions,
                "sampler": self.sampler,
            },
            ensure_ascii=False,
        )

    @classmethod
    def from_json(cls, text: str) -> MatchRecord:
        """Parse a record; :class:`RecordError` says what is wrong with it."""
        try:
            data = json.loads(text)
        except (json.JSONDecodeError, TypeError) as error:
            raise RecordError(f"the record is not valid JSON: {error}") from None
        if not isinstance(data, dict) or data.get("format") != RECORD_FORMAT:
            raise RecordError(
                f'not a parlour match record (expected a JSON object with "format": '
                f'"{RECORD_FORMAT}")'
            )
        expected = {
            "game": str,
            "rules_version": int,
            "options": dict,
            "chance": list,
            "actions": list,
        }
        for key, kind in expected.items():
            if not isinstance(data.get(key), kind):
                raise RecordError(f"the record's {key!r} is missing or not a {kind.__name__}")
        for key in ("chance", "actions"):
            if not all(isinstance(item, str) for item in data[key]):
                raise RecordError(f"the record's {key!r} must be a list of texts")
        sampler = data.get("sampler")
        if sampler is not None and not (
            isinstance(sampler, dict)
            and isinstance(sampler.get("seed"), int)
            and isinstance(sampler.get("rng_state"), int)
            and isinstance(sampler.get("forced"), list)
        ):
            raise RecordError("the record's 'sampler' must hold seed, rng_state and forced")
        return cls(
            game=data["game"],
            rules_version=data["rules_version"],
            options=data["options"],
            chance=data["chance"],
            actions=data["actions"],
            sampler=sampler,
        )

    def replay(self) -> State:
        """The state this record describes. Raises :class:`RecordError` with the
        step that fails."""
        from parlour.core.registry import load_game
        from parlour.core.sampler import Sampler

        try:
            game = load_game(self.game, **self.options)
        except ParlourError as error:
            raise RecordError(f"the record's game cannot be loaded: {error}") from None
        if game.info.rules_version != self.rules_version:
            raise RecordError(
                f"the record was made under {self.game} rules version {self.rules_version}; "
                f"this parlour plays version {game.info.rules_version}"
            )
        state: State = game.new_initial_state()
        chance = iter(self.chance)
        actions = iter(self.actions)
        step = 0
        while True:
            source = chance if state.is_chance_node() else actions
            text = next(source, None)
            if text is None:
                break
            step += 1
            kind = "chance outcome" if source is chance else "action"
            try:
                state.apply_action(state.string_to_action(text))
            except ParlourError as error:
                raise RecordError(f"record step {step}, {kind} {text!r}: {error}") from None
        leftover = next(chance, None) or next(actions, None)
        if leftover is not None:
            raise RecordError(
                f"the record has more steps than its match: {leftover!r} is left over"
            )
        if self.sampler is not None:
            try:
                forced = tuple(
                    tuple(parse_card(card) for card in section)
                    for section in self.sampler["forced"]
                )
            except (ParlourError, TypeError) as error:
                raise RecordError(f"the record's forced deck is corrupt: {error}") from None
            sampler = Sampler(self.sampler["seed"], forced)
            sampler.rng.state = self.sampler["rng_state"]
            state._sampler = sampler
            state._resolve_chance(sampler)
        return state
