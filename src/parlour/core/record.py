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

from parlour.core.errors import ParlourError, RecordError, shown

if TYPE_CHECKING:
    from parlour.core.game import State

RECORD_FORMAT = "parlour-record"
RECORD_VERSION = 1
MAX_RECORD_TEXT = 10_000_000
"""The longest record text that is read (a real one is a few kilobytes; the
longest possible match is far below this)."""


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
    def from_json(cls, text: object) -> MatchRecord:
        """Parse a record; :class:`RecordError` says what is wrong with it."""
        if not isinstance(text, str):
            raise RecordError(f"a record must be JSON text, not {shown(text)}")
        if len(text) > MAX_RECORD_TEXT:
            raise RecordError(
                f"the record is {len(text):,} characters long; records longer than "
                f"{MAX_RECORD_TEXT:,} are refused"
            )
        try:
            data = json.loads(text)
        except RecursionError:
            raise RecordError("the record is not valid JSON: it is nested too deeply") from None
        except ValueError as error:
            # JSONDecodeError, and Python's refusal of a number of over 4,300 digits.
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
            value = data.get(key)
            if not isinstance(value, kind) or isinstance(value, bool):
                raise RecordError(f"the record's {key!r} is missing or not a {kind.__name__}")
        for key in ("chance", "actions"):
            if not all(isinstance(item, str) for item in data[key]):
                raise RecordError(f"the record's {key!r} must be a list of texts")
        sampler = data.get("sampler")
        if sampler is not None and not (
            isinstance(sampler, dict)
            and _is_word(sampler.get("seed"))
            and _is_word(sampler.get("rng_state"))
            and isinstance(sampler.get("forced"), list)
            and all(
                isinstance(section, list) and all(isinstance(card, str) for card in section)
                for section in sampler["forced"]
            )
        ):
            raise RecordError(
                "the record's 'sampler' must hold seed and rng_state (whole numbers from 0 "
                "to 2**64 - 1) and forced (a list of lists of card texts)"
            )
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
            upgraded = game.upgrade_record(self)
            if upgraded.rules_version != game.info.rules_version:
                raise RecordError(
                    f"{self.game} could not bring a record of rules version "
                    f"{self.rules_version} to version {game.info.rules_version}"
                )
            replayed: State = upgraded.replay()
            return replayed
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
                raise RecordError(f"record step {step}, {kind} {shown(text)}: {error}") from None
        leftover = next(chance, None) or next(actions, None)
        if leftover is not None:
            raise RecordError(
                f"the record has more steps than its match: {shown(leftover)} is left over"
            )
        if self.sampler is not None:
            try:
                forced = game.parse_deck(self.sampler["forced"]) if self.sampler["forced"] else ()
                sampler = Sampler(self.sampler["seed"], forced)
                sampler.rng.state = self.sampler["rng_state"]
                state._sampler = sampler
                state._resolve_chance(sampler)
            except ParlourError as error:
                raise RecordError(f"the record's sampler is corrupt: {error}") from None
        return state


def _is_word(value: object) -> bool:
    """Whether ``value`` is a whole number that fits in 64 bits (a seed, an rng state)."""
    return type(value) is int and 0 <= value < 1 << 64
