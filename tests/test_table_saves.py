"""Save files of earlier versions: read, converted once into the table store, and
every damaged one named with what is wrong (never a traceback)."""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import parlour
from parlour.table import DamagedSaveError, SqliteTableStore
from parlour.table.saves import convert_save, list_saves, read_saved

SOURCES = str(Path(parlour.__file__).resolve().parents[1])
"""The sources under test, for the subprocesses."""


def old_envelope(moves: int = 5) -> dict[str, object]:
    """A save file as the terminal wrote it before tables: dracula, seat 0 a person."""
    game = parlour.load_game("dracula", deals=1)
    state = game.new_initial_state(seed=12)
    for _ in range(moves):
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


def write(folder: Path, name: str, content: object) -> Path:
    path = folder / f"{name}.json"
    if isinstance(content, bytes):
        path.write_bytes(content)
    elif isinstance(content, str):
        path.write_text(content, encoding="utf-8")
    else:
        path.write_text(json.dumps(content), encoding="utf-8")
    return path


DAMAGES: dict[str, tuple[object, str]] = {
    "latin": (b'{"format": "parlour-save", "names": ["Andr\xe9"]}', "not UTF-8 text (byte 0xe9"),
    "broken": ('{"format": "parlour-save", ', "not valid JSON"),
    "deep": ("[" * 100_000 + "]" * 100_000, "nested too deeply"),
    "list": ([1, 2], "a saved game is a JSON object, not list"),
    "humans": ({"humans": "0"}, "humans must be a list of different seats from 0 to 1"),
    "botseed": ({"bot_seed": "12"}, "bot_seed must be a whole number"),
    "fewnames": ({"names": ["You"]}, "it names 1 players for 2 seats"),
    "nametypes": ({"names": [1, 2]}, "names must be a list of non-empty texts"),
    "norecord": ({"record": {"format": "nonsense"}}, "is damaged:"),
    "missing": ({"lang": None}, "lang must be en or fr"),
}


def damaged_folder(folder: Path) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    write(folder, "good", old_envelope())
    for name, (damage, _) in DAMAGES.items():
        content: object = damage
        if isinstance(damage, dict):
            content = {**old_envelope(), **damage}
        write(folder, name, content)
    return folder


def test_every_damaged_file_is_listed_with_a_sentence(tmp_path: Path) -> None:
    folder = damaged_folder(tmp_path / "saves")
    saves = {save.identifier: save for save in list_saves(folder)}
    assert set(saves) == {"good", *DAMAGES}
    assert saves["good"].damaged == "" and saves["good"].game == "dracula"
    assert saves["good"].names == ["You", "Bot 2"] and saves["good"].steps > 0
    for name, (_, expected) in DAMAGES.items():
        assert saves[name].damaged.startswith(f"{name}.json"), saves[name].damaged
        assert expected in saves[name].damaged, (name, saves[name].damaged)
        with pytest.raises(DamagedSaveError, match=f"{name}.json"):
            read_saved(folder / f"{name}.json")


def test_an_old_save_converts_into_a_table_that_continues_exactly(tmp_path: Path) -> None:
    path = write(tmp_path, "old", old_envelope(moves=6))
    saved = read_saved(path)
    table = convert_save(saved, SqliteTableStore(tmp_path / "tables.sqlite3"))
    assert not path.exists() and (tmp_path / "old.json.converted").exists()
    assert table.names == ["You", "Bot 2"] and table.people() == [0]
    assert table.seats[1].bot == "random" and table.seats[1].bot_seed == 12 * 1000 + 1
    original = saved.state
    mine = table.snapshot()
    assert mine.serialize() == original.serialize()  # sampler state included
    while not original.is_terminal():
        action = original.legal_actions()[0]
        original.apply_action(action)
        table.submit(table.seat_to_act(), action, table.version)  # type: ignore[arg-type]
    assert table.record_json() == original.serialize()


def run_parlour(args: list[str], data: Path, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "parlour", *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=120,
        env={
            "NO_COLOR": "1",
            "PATH": "/usr/bin:/bin",
            "PYTHONPATH": SOURCES,
            "PARLOUR_DATA_DIR": str(data),
        },
    )


def test_resume_and_replay_say_what_is_damaged_without_a_traceback(tmp_path: Path) -> None:
    damaged_folder(tmp_path / "saves")
    listing = run_parlour(["resume"], tmp_path)
    assert listing.returncode == 0, listing.stderr
    assert "good" in listing.stdout and "dracula" in listing.stdout
    for name in DAMAGES:
        assert f"damaged: {name}.json" in listing.stdout, name
    for command in (["resume", "humans", "--plain"], ["replay", "latin"], ["replay", "deep"]):
        result = run_parlour(command, tmp_path)
        assert result.returncode == 2, (command, result.stdout, result.stderr)
        assert "Traceback" not in result.stderr and result.stderr.count("\n") == 1
        assert result.stderr.startswith("parlour: ")
    resumed = run_parlour(["resume", "good", "--plain"], tmp_path, stdin="1\n" * 12)
    assert resumed.returncode == 0, resumed.stdout[-1500:] + resumed.stderr
    assert "was converted into the table store" in resumed.stdout
    assert "Final: You" in resumed.stdout


def test_a_damaged_table_store_is_a_sentence_and_old_files_still_list(tmp_path: Path) -> None:
    damaged_folder(tmp_path / "saves")
    (tmp_path / "tables.sqlite3").write_bytes(b"this is not a database" * 100)
    listing = run_parlour(["resume"], tmp_path)
    assert listing.returncode == 0, listing.stderr
    assert "damaged: the table store" in listing.stdout and "tables.sqlite3" in listing.stdout
    assert "good" in listing.stdout
    resumed = run_parlour(["resume", "nothing-like-this"], tmp_path)
    assert resumed.returncode == 2 and "Traceback" not in resumed.stderr
    assert "tables.sqlite3" in resumed.stderr


def test_saving_where_nothing_can_be_written_says_so(tmp_path: Path) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("", encoding="utf-8")
    result = run_parlour(["play", "dracula", "-o", "deals=1", "--plain"], blocker, "save\nquit\n")
    assert result.returncode == 0, result.stderr
    assert "The game could not be saved: the table store" in result.stdout
    assert "Traceback" not in result.stderr


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=12),
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=6), children, max_size=4)
    ),
    max_leaves=8,
)
ENVELOPE_FIELDS = ("record", "names", "humans", "opponent", "bot_seed", "lang", "finished")


def read_or_named(path: Path) -> None:
    """Reading ``path`` gives a saved game or a DamagedSaveError naming the file;
    listing its folder shows it."""
    try:
        read_saved(path)
    except DamagedSaveError as error:
        assert path.name in str(error)
    [listed] = [save for save in list_saves(path.parent) if save.identifier == path.stem]
    assert listed.damaged == "" or path.name in listed.damaged


@settings(max_examples=40, deadline=None)
@given(field=st.sampled_from(ENVELOPE_FIELDS), value=JSON_VALUES, in_record=st.booleans())
def test_fuzz_a_field_of_any_json_value(field: str, value: object, in_record: bool) -> None:
    envelope = old_envelope()
    if in_record:
        record = envelope["record"]
        assert isinstance(record, dict)
        record[sorted(record)[len(field) % len(record)]] = value
    else:
        envelope[field] = value
    with tempfile.TemporaryDirectory() as folder:
        read_or_named(write(Path(folder), "mutant", envelope))


@settings(max_examples=40, deadline=None)
@given(
    flips=st.lists(st.tuples(st.integers(0, 10**6), st.integers(0, 255)), min_size=1, max_size=4),
    cut=st.none() | st.integers(0, 10**6),
)
def test_fuzz_damaged_bytes(flips: list[tuple[int, int]], cut: int | None) -> None:
    raw = bytearray(json.dumps(old_envelope()).encode())
    for position, value in flips:
        raw[position % len(raw)] = value
    if cut is not None:
        raw = raw[: cut % len(raw)]
    with tempfile.TemporaryDirectory() as folder:
        read_or_named(write(Path(folder), "mutant", bytes(raw)))
