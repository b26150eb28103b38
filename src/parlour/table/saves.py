"""The save files of earlier versions (JSON in the saves folder), read safely.

Before tables, ``parlour`` saved a game on request as one JSON file: an envelope
(``format: parlour-save``) around the match record, with the names, the human
seats, the bots' kind and seed and the language. Such a file is still listed by
``parlour resume`` and converted once into the table store when it is resumed
(the file is then renamed ``*.json.converted``). A damaged file never raises
anything but :class:`~parlour.table.errors.DamagedSaveError`, whose message
names the file and what is wrong with it; a listing shows it as damaged.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from parlour.bots import BOT_KINDS
from parlour.core.errors import ParlourError
from parlour.core.game import State
from parlour.core.record import MatchRecord
from parlour.table.errors import DamagedSaveError
from parlour.table.store import MemoryTableStore, TableStore
from parlour.table.table import SeatSpec, Table

SAVE_FORMAT = "parlour-save"
"""The ``format`` of an old saved game's envelope."""

CONVERTED_SUFFIX = ".converted"
"""Added to an old save file's name once it has been converted into a table."""

ENVELOPE_KEYS = ("record", "names", "humans", "opponent", "bot_seed", "lang")


def saves_dir() -> Path:
    """Where old saved games are: ``data_dir() / "saves"``."""
    from parlour.stats import data_dir

    return data_dir() / "saves"


@dataclass(frozen=True)
class SavedGame:
    """An old save file, read and checked: its envelope and the state it replays to."""

    path: Path
    envelope: dict[str, Any]
    state: State

    @property
    def names(self) -> list[str]:
        """The players' names, by seat."""
        return [str(name) for name in self.envelope["names"]]

    @property
    def humans(self) -> list[int]:
        """The seats people played."""
        return [int(seat) for seat in self.envelope["humans"]]


@dataclass(frozen=True)
class SaveInfo:
    """A saved game as ``parlour resume`` lists it (an old file or a stored table)."""

    identifier: str
    """What to type after ``parlour resume``."""
    game: str
    saved_at: str
    names: list[str] = field(default_factory=list)
    steps: int = 0
    finished: bool = False
    path: Path | None = None
    """The file, for an old save."""
    damaged: str = ""
    """Why the save cannot be used (one sentence), or empty."""


def read_saved(path: Path) -> SavedGame:
    """An old saved game (or a bare match record, given a default envelope: seat 0
    a person, random bots), checked field by field.

    Raises :class:`DamagedSaveError` naming the file and the fault; never anything else.
    """
    try:
        return _read_saved(path)
    except DamagedSaveError:
        raise
    except ParlourError as error:
        raise DamagedSaveError(f"{path.name} is damaged: {error}") from None
    except (RecursionError, MemoryError):
        raise DamagedSaveError(f"{path.name} is damaged: it is nested too deeply") from None
    except Exception as error:  # a damaged file must never show a traceback
        raise DamagedSaveError(f"{path.name} is damaged: {type(error).__name__}: {error}") from None


def _read_saved(path: Path) -> SavedGame:
    name = path.name
    try:
        raw = path.read_bytes()
    except OSError as error:
        raise DamagedSaveError(f"cannot read {name}: {error.strerror}") from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as error:
        raise DamagedSaveError(
            f"{name} is damaged: it is not UTF-8 text (byte {raw[error.start]:#04x} at "
            f"position {error.start})"
        ) from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise DamagedSaveError(
            f"{name} is damaged: it is not valid JSON ({error.msg} at line {error.lineno}, "
            f"column {error.colno})"
        ) from None
    if not isinstance(data, dict):
        raise DamagedSaveError(
            f"{name} is damaged: a saved game is a JSON object, not {type(data).__name__}"
        )
    if data.get("format") != SAVE_FORMAT:
        state = MatchRecord.from_json(text).replay()
        players = state.game.num_players
        envelope = {
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
        return SavedGame(path, envelope, state)
    missing = [key for key in ENVELOPE_KEYS if key not in data]
    if missing:
        raise DamagedSaveError(f"{name} is damaged: it has no {', '.join(missing)}")
    if not isinstance(data["record"], dict):
        raise DamagedSaveError(f"{name} is damaged: its record is not a JSON object")
    state = MatchRecord.from_json(json.dumps(data["record"])).replay()
    players = state.game.num_players
    names = data["names"]
    if not isinstance(names, list) or not all(isinstance(item, str) and item for item in names):
        raise DamagedSaveError(f"{name} is damaged: names must be a list of non-empty texts")
    if len(names) != players:
        raise DamagedSaveError(
            f"{name} is damaged: it names {len(names)} players for {players} seats"
        )
    humans = data["humans"]
    if (
        not isinstance(humans, list)
        or not all(type(seat) is int and 0 <= seat < players for seat in humans)
        or len(set(humans)) != len(humans)
    ):
        raise DamagedSaveError(
            f"{name} is damaged: humans must be a list of different seats from 0 to "
            f"{players - 1}, not {humans!r}"[:300]
        )
    if type(data["bot_seed"]) is not int or data["bot_seed"] < 0:
        raise DamagedSaveError(
            f"{name} is damaged: bot_seed must be a whole number from 0, not {data['bot_seed']!r}"[
                :300
            ]
        )
    if data["opponent"] not in BOT_KINDS:
        raise DamagedSaveError(
            f"{name} is damaged: opponent must be one of {', '.join(sorted(BOT_KINDS))}, not "
            f"{data['opponent']!r}"[:300]
        )
    if data["lang"] not in ("en", "fr"):
        raise DamagedSaveError(f"{name} is damaged: lang must be en or fr")
    for key, kind in (("saved_at", str), ("finished", bool)):
        if key in data and not isinstance(data[key], kind):
            raise DamagedSaveError(f"{name} is damaged: {key} must be a {kind.__name__}")
    return SavedGame(path, data, state)


def list_saves(directory: Path | None = None) -> list[SaveInfo]:
    """The old save files of ``directory`` (default: the saves folder), newest
    first. A damaged file is listed with the sentence saying what is wrong."""
    folder = directory if directory is not None else saves_dir()
    if not folder.is_dir():
        return []
    found = []
    for path in sorted(folder.glob("*.json")):
        try:
            saved = read_saved(path)
        except DamagedSaveError as error:
            found.append(SaveInfo(path.stem, "?", "", path=path, damaged=str(error)))
            continue
        envelope = saved.envelope
        found.append(
            SaveInfo(
                identifier=path.stem,
                game=saved.state.game.info.name,
                saved_at=str(envelope.get("saved_at", "")),
                names=saved.names,
                steps=len(saved.state.to_record().actions),
                finished=saved.state.is_terminal(),
                path=path,
            )
        )
    found.sort(key=lambda save: (save.saved_at, save.identifier), reverse=True)
    return found


def find_save(identifier: str, directory: Path | None = None) -> Path | None:
    """The old save file named ``identifier`` (a path, or a name in the folder), or None."""
    candidate = Path(identifier).expanduser()
    if candidate.is_file():
        return candidate
    folder = directory if directory is not None else saves_dir()
    for path in (folder / identifier, folder / f"{identifier}.json"):
        if path.is_file():
            return path
    return None


def convert_save(saved: SavedGame, store: TableStore) -> Table:
    """A table in ``store`` that continues the old saved game exactly (the same
    seats, bots, seed and cards to come); the file is renamed ``*.converted``."""
    record = saved.state.to_record()
    if record.sampler is None or any(record.sampler["forced"]):
        raise DamagedSaveError(
            f"{saved.path.name} has no seed of its own (a forced or unseeded deal): it can "
            "be replayed (parlour replay) but not resumed"
        )
    envelope = saved.envelope
    humans = saved.humans
    bot_seed = int(envelope["bot_seed"])
    seats = [
        SeatSpec("person", name)
        if seat in humans
        else SeatSpec("bot", name, bot=str(envelope["opponent"]), bot_seed=bot_seed * 1000 + seat)
        for seat, name in enumerate(saved.names)
    ]
    game = saved.state.game
    table = Table.create(
        game.info.name,
        seats,
        options=dict(record.options),
        seed=int(record.sampler["seed"]),
        store=MemoryTableStore(),
        meta={
            "lang": envelope["lang"],
            "opponent": envelope["opponent"],
            "saved_by": humans[0] if humans else 0,
            "converted_from": saved.path.name,
        },
    )
    history = saved.state.history
    replay = game.new_initial_state()
    try:
        for action in history:
            seat = replay.current_player()
            if seat >= 0:
                if table.history_length() != len(replay.history):
                    raise DamagedSaveError("the deal does not come from its seed")
                table.submit(seat, action, table.version)
            replay.apply_action(action)
        if table.snapshot().history != history:
            raise DamagedSaveError("the deal does not come from its seed")
    except ParlourError as error:
        raise DamagedSaveError(f"{saved.path.name} cannot be converted: {error}") from None
    table.copy_to(store)  # only a table that continues exactly reaches the store
    saved.path.replace(saved.path.with_name(saved.path.name + CONVERTED_SUFFIX))
    return table
