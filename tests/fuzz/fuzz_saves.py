"""A fuzz campaign over damaged save files (issue 13, item 6).

Run ``PYTHONPATH=src python tests/fuzz/fuzz_saves.py --files 6000``: it writes
that many damaged copies of a good save file, reads each one and lists the
folder as ``parlour resume`` does, and reports how many were read, how many were
named as damaged, and failures (anything but a sentence naming the file).

A mutation takes the bytes of a good save file and damages them the ways real
files get damaged: a field given a value of the wrong type, a field dropped, a
list shortened, bytes flipped or cut off.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from parlour.core.sampler import Rng

ODD_VALUES: tuple[Any, ...] = (
    None,
    True,
    -1,
    0,
    7,
    10**30,
    2.5,
    "",
    "0",
    "x" * 300,
    [],
    [0],
    [0, 0],
    ["You"],
    [1, 2],
    {},
    {"format": "parlour-record"},
)
"""Values of the wrong type or range that a damaged field may hold."""

FIELDS = ("record", "names", "humans", "opponent", "bot_seed", "lang", "finished", "saved_at")


def mutate(good: bytes, rng: Rng) -> bytes:
    """One damaged copy of the save file ``good`` (its JSON object's fields, or its
    bytes), chosen by ``rng``."""
    kind = rng.below(6)
    if kind <= 2:
        data: dict[str, Any] = json.loads(good)
        field = FIELDS[rng.below(len(FIELDS))]
        if kind == 0:
            data[field] = ODD_VALUES[rng.below(len(ODD_VALUES))]
        elif kind == 1:
            data.pop(field, None)
        else:
            record = data["record"]
            key = sorted(record)[rng.below(len(record))]
            record[key] = ODD_VALUES[rng.below(len(ODD_VALUES))]
        return json.dumps(data).encode()
    raw = bytearray(good)
    if kind == 3:
        for _ in range(1 + rng.below(4)):
            raw[rng.below(len(raw))] = rng.below(256)
        return bytes(raw)
    if kind == 4:
        return bytes(raw[: rng.below(len(raw))])
    position = rng.below(len(raw))
    return bytes(raw[:position]) + b"\xff\xfe" + bytes(raw[position:])


def campaign(files: int, seed: int, folder: Path) -> dict[str, int]:
    """Write ``files`` damaged save files into ``folder``, then read and list them
    as ``parlour resume`` would. Counts each outcome; a failure is any exception
    other than :class:`DamagedSaveError` (the message must name the file)."""
    from parlour.table import DamagedSaveError, MemoryTableStore
    from parlour.table.saves import convert_save, list_saves, read_saved

    good = json.dumps(good_envelope()).encode()
    rng = Rng(seed)
    counts = {"files": files, "read": 0, "damaged": 0, "failures": 0}
    folder.mkdir(parents=True, exist_ok=True)
    for number in range(files):
        path = folder / f"mutant-{number}.json"
        path.write_bytes(mutate(good, rng))
        try:
            read_saved(path)
            counts["read"] += 1
        except DamagedSaveError as error:
            counts["damaged"] += 1
            if path.name not in str(error):
                counts["failures"] += 1
                print(f"{path.name}: the sentence does not name the file: {error}")
        except Exception as error:  # what the campaign looks for
            counts["failures"] += 1
            print(f"{path.name}: {type(error).__name__}: {error}")
    listed = list_saves(folder)
    counts["listed"] = len(listed)
    counts["listed_damaged"] = sum(1 for save in listed if save.damaged)
    if len(listed) != files:
        counts["failures"] += 1
        print(f"the listing shows {len(listed)} of {files} files")
    counts["converted"] = counts["refused_conversion"] = 0
    for save in listed:
        if save.damaged or save.path is None:
            continue
        try:
            convert_save(read_saved(save.path), MemoryTableStore())
            counts["converted"] += 1
        except DamagedSaveError:
            counts["refused_conversion"] += 1
        except Exception as error:  # what the campaign looks for
            counts["failures"] += 1
            print(f"{save.path.name}: conversion: {type(error).__name__}: {error}")
    return counts


def good_envelope() -> dict[str, Any]:
    """A good save file as the terminal wrote it before tables."""
    import parlour

    game = parlour.load_game("dracula", deals=1)
    state = game.new_initial_state(seed=12)
    for _ in range(5):
        state.apply_action(state.legal_actions()[0])
    return {
        "format": "parlour-save",
        "format_version": 1,
        "saved_at": "2026-11-01T10:00:00+00:00",
        "names": ["You", "Bot 2"],
        "humans": [0],
        "opponent": "random",
        "bot_seed": 12,
        "lang": "en",
        "finished": False,
        "record": json.loads(state.serialize()),
    }


if __name__ == "__main__":
    import argparse
    import tempfile

    parser = argparse.ArgumentParser(description="Damage save files and read them back.")
    parser.add_argument("--files", type=int, default=6000)
    parser.add_argument("--seed", type=int, default=1)
    arguments = parser.parse_args()
    with tempfile.TemporaryDirectory() as directory:
        result = campaign(arguments.files, arguments.seed, Path(directory))
    print(" ".join(f"{key}={value}" for key, value in result.items()))
    sys.exit(1 if result["failures"] else 0)
