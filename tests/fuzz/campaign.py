"""The fuzz campaign: many bad inputs and random matches, with a time limit per call.

    PYTHONPATH=src python tests/fuzz/campaign.py --inputs 300000 --matches 14400 --seed 1

Bad inputs (random objects as actions, random and mutated action text, damaged
match records, random options, random decks) go through the probes of
:mod:`parlour.testing`, which say what the engine must do with each. Random
seeded matches of every game and option set are played with the conformance
checks on a sample of their steps: legal actions non-empty until the end, every
legal action's text round-trips, illegal input refused without change, clones
independent (every field), serialize round-trips, views hide hidden cards.

Every call runs under ``signal.setitimer``: one that takes longer than
``--call-limit`` seconds counts as a hang. The campaign stops by itself and
prints how many inputs and matches it tried, the failures by kind (probe, game,
exception) with the first example of each, and the time. Exit status 1 if
anything failed. It is not collected by pytest (``tests/fuzz`` is ignored).
"""

from __future__ import annotations

import argparse
import json
import random
import signal
import sys
import time
from collections import Counter
from collections.abc import Callable
from functools import partial
from pathlib import Path
from types import FrameType
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "src"))

import parlour
from parlour.core.cards import format_card
from parlour.core.errors import shown
from parlour.testing import (
    check_round_trips,
    check_state,
    probe_action,
    probe_action_text,
    probe_deck,
    probe_options,
    probe_record,
    probe_text,
)


class HangError(Exception):
    """A call ran past the time limit."""


def _on_alarm(signum: int, frame: FrameType | None) -> None:
    raise HangError


def guarded(limit: float, call: Callable[[], object]) -> None:
    """Run ``call`` with a timer that interrupts it after ``limit`` seconds."""
    signal.setitimer(signal.ITIMER_REAL, limit)
    try:
        call()
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)


# ----- random inputs ----------------------------------------------------------------

ODD_OBJECTS: list[object] = [
    None,
    True,
    False,
    1.0,
    -0.0,
    float("nan"),
    float("inf"),
    b"QH",
    "0",
    [0],
    (1,),
    {"a": 1},
    1j,
    object(),
    10**5000,
    -(10**5000),
    2**64,
    -(2**63),
]
DIGITS = "²٣𝟗９"
WORDS = ["take", "build", "with", "trail", "seat", "dealer", "rows", "columns", "put"]
WORDS += ["claim", "stop", "play", "on", "sans", "queen", "king", "+", ",", "b2", "a1"]


def random_action(rng: random.Random, bound: int) -> object:
    """An int near or far from the game's action ids, or any other object."""
    kind = rng.randrange(6)
    if kind == 0:
        return rng.randrange(-bound - 10, 2 * bound + 10)
    if kind == 1:
        return rng.randrange(-(2**70), 2**70)
    if kind == 2:
        return -rng.randrange(1, 5000)
    if kind == 3:
        return rng.choice(ODD_OBJECTS)
    if kind == 4:
        return rng.randrange(0, max(bound, 1))
    return rng.randrange(-(10**30), 10**30)


def random_unicode(rng: random.Random, size: int) -> str:
    """Characters from all over Unicode, surrogates included."""
    return "".join(
        chr(rng.choice([rng.randrange(32, 127), rng.randrange(0x110000)])) for _ in range(size)
    )


def mutate(text: str, rng: random.Random) -> str:
    """A few random edits of ``text`` (the same kinds as the fuzz tests make)."""
    for _ in range(rng.randint(1, 3)):
        where = rng.randint(0, len(text))
        edit = rng.randrange(7)
        if edit == 0:
            text = text[:where] + random_unicode(rng, 1) + text[where:]
        elif edit == 1:
            text = text[:where] + text[where + 1 :]
        elif edit == 2:
            text = text[:where] + rng.choice(" ,+.-²٣") + text[where + 1 :]
        elif edit == 3:
            text = "".join(rng.choice(DIGITS) if char.isdigit() else char for char in text)
        elif edit == 4:
            text = text[:where] + " " + "9" * rng.choice([5, 20, 4400]) + " "
        elif edit == 5:
            text = text.upper() if where % 2 else text.lower()
        else:
            text = " ".join([text] * rng.randint(2, 5))
    return text


def random_text(rng: random.Random, state: parlour.State) -> object:
    """Text near the state's legal actions, random text, or not text."""
    legal = state.legal_actions()
    kind = rng.randrange(5)
    if kind == 0 or not legal:
        return random_unicode(rng, rng.randrange(30))
    if kind == 1:
        return rng.choice(ODD_OBJECTS)
    if kind == 2:
        return " ".join(rng.choice(WORDS) for _ in range(rng.randint(1, 6)))
    if kind == 3:
        return "x" * rng.choice([2001, 100_000]) if rng.random() < 0.1 else "seat ²"
    return mutate(state.action_to_string(rng.choice(legal)), rng)


def random_json(rng: random.Random, depth: int = 0) -> object:
    """A random JSON value, a few levels deep."""
    kind = rng.randrange(8 if depth < 3 else 6)
    if kind == 0:
        return None
    if kind == 1:
        return rng.random() < 0.5
    if kind == 2:
        return rng.choice([rng.randrange(-5, 60), rng.randrange(-(2**70), 2**70), 10**200])
    if kind == 3:
        return rng.uniform(-1e9, 1e9)
    if kind in (4, 5):
        return random_unicode(rng, rng.randrange(8))
    if kind == 6:
        return [random_json(rng, depth + 1) for _ in range(rng.randrange(4))]
    return {random_unicode(rng, 3): random_json(rng, depth + 1) for _ in range(rng.randrange(4))}


RECORD_KEYS = ["format", "format_version", "game", "rules_version", "options"]
RECORD_KEYS += ["chance", "actions", "sampler"]


def random_record(rng: random.Random, state: parlour.State) -> object:
    """The state's record with faults, or random JSON, or absurd text."""
    kind = rng.randrange(8)
    if kind == 0:
        return json.dumps(random_json(rng))
    if kind == 1:
        depth = rng.choice([1000, 100_000])
        return "[" * depth + "]" * depth
    if kind == 2:
        return '{"format": "parlour-record", "rules_version": ' + "9" * 5000 + "}"
    data = json.loads(state.serialize())
    if kind == 3:
        data[rng.choice(RECORD_KEYS)] = random_json(rng)
    elif kind == 4 and (data["actions"] or data["chance"]):
        steps = data["actions"] if data["actions"] else data["chance"]
        where = rng.randrange(len(steps))
        steps[where] = mutate(steps[where], rng)
        if rng.random() < 0.5:
            del steps[rng.randrange(len(steps)) :]
    elif kind == 5 and data["options"]:
        data["options"][rng.choice(sorted(data["options"]))] = random_json(rng)
    elif kind == 6 and data["sampler"] is not None:
        data["sampler"][rng.choice(["seed", "rng_state", "forced"])] = random_json(rng)
    text = json.dumps(data, ensure_ascii=False)
    if kind == 7:
        text = mutate(text, rng)
    return text


def random_options(rng: random.Random) -> tuple[object, dict[str, object]]:
    """A game name (usually real) and options of any name and type."""
    names = parlour.game_names()
    name: object = rng.choice(names)
    if rng.random() < 0.1:
        name = rng.choice([*ODD_OBJECTS, random_unicode(rng, 6)])
    specs = parlour.game_class(name).option_specs() if name in names else ()
    keys = [spec.name for spec in specs] or ["players"]
    choices = [choice for spec in specs for choice in spec.choices or ()] or [0]
    options: dict[str, object] = {}
    for _ in range(rng.randrange(5)):
        key = rng.choice(keys) if rng.random() < 0.9 else random_unicode(rng, 5)
        value = rng.choice(
            [
                rng.randrange(-3, 13),
                rng.choice(choices),
                random_unicode(rng, 4),
                rng.choice(["²", "٣", "1" * 5000, "none", "true", " 2 ", "+3", "1_0"]),
                rng.choice(ODD_OBJECTS),
                random_json(rng),
            ]
        )
        options[key] = value
    return name, options


def random_deck(rng: random.Random, pack: list[str]) -> object:
    """A shuffle of the pack, cut short, with wrong cards slipped in; or sections;
    or not a list."""
    cards: list[object] = rng.sample(pack, len(pack))
    del cards[rng.randint(0, len(cards)) :]
    for _ in range(rng.randrange(4)):
        wrong = rng.choice(
            [rng.choice(pack), rng.randrange(-2, 60), random_unicode(rng, 2), "V1", "T♥"]
        )
        cards.insert(rng.randint(0, len(cards)), rng.choice([wrong, rng.choice(ODD_OBJECTS)]))
    shape = rng.randrange(5)
    if shape == 0:
        return [cards, rng.sample(pack, 10)]
    if shape == 1:
        return rng.choice([*ODD_OBJECTS, random_unicode(rng, 20)])
    if shape == 2:
        return tuple(cards)
    return cards


# ----- the campaign -----------------------------------------------------------------


class Tally:
    """Counts of what was tried and what failed, with the first example of each."""

    def __init__(self) -> None:
        self.tried: Counter[str] = Counter()
        self.failed: Counter[str] = Counter()
        self.examples: dict[str, str] = {}
        self.current = ""
        """The input being tried, shortened (for the hang report)."""

    def run(
        self, limit: float, kind: str, game: str, given: object, call: Callable[[], object]
    ) -> None:
        """Run one probe on the input ``given``; file any failure under (kind, game,
        exception)."""
        self.tried[kind] += 1
        self.current = shown(given)
        try:
            guarded(limit, call)
        except HangError:
            self.fail(f"{kind} / {game} / hang over {limit:g} s", f"input: {self.current}")
        except AssertionError as error:
            self.fail(f"{kind} / {game} / wrong result", str(error))
        except Exception as error:  # anything but a ParlourError reaching here is a fault
            name = type(error).__name__
            self.fail(f"{kind} / {game} / {name}", f"input {self.current}: {name}: {error}")

    def fail(self, key: str, example: str) -> None:
        """Count one failure of ``key``."""
        self.failed[key] += 1
        self.examples.setdefault(key, example[:300].replace("\n", " | "))


def position_pool(rng: random.Random, per_game: int) -> list[parlour.State]:
    """Positions of every game and option set, from seeded random matches."""
    pool: list[parlour.State] = []
    for name in parlour.game_names():
        for options in parlour.game_class(name).conformance_options:
            game = parlour.load_game(name, **options)
            for explicit in (False, True):
                state = (
                    game.new_initial_state()
                    if explicit
                    else game.new_initial_state(seed=rng.randrange(1 << 32))
                )
                taken = 0
                while not state.is_terminal() and taken < per_game:
                    if rng.random() < 0.15:
                        pool.append(state.clone())
                        taken += 1
                    legal = state.legal_actions()
                    state.apply_action(legal[rng.randrange(len(legal))])
    return pool


def fuzz_inputs(count: int, rng: random.Random, tally: Tally, limit: float) -> None:
    """``count`` bad inputs over a pool of positions."""
    pool = position_pool(rng, 12)
    packs = {
        name: [
            format_card(card) for card in range(54) if parlour.load_game(name).pack(0) >> card & 1
        ]
        for name in parlour.game_names()
    }
    for number in range(count):
        state = rng.choice(pool).clone()
        game = state.game
        name = game.info.name
        kind = number % 7
        if kind == 0:
            action = random_action(rng, state._action_bound())
            tally.run(limit, "apply_action", name, action, partial(probe_action, state, action))
        elif kind == 1:
            action = random_action(rng, state._action_bound())
            tally.run(
                limit, "action_to_string", name, action, partial(probe_action_text, state, action)
            )
        elif kind in (2, 3):
            text = random_text(rng, state)
            tally.run(limit, "string_to_action", name, text, partial(probe_text, state, text))
        elif kind == 4:
            record = random_record(rng, state)
            tally.run(limit, "record", name, record, partial(probe_record, game, record))
        elif kind == 5:
            option_name, options = random_options(rng)
            label = option_name if isinstance(option_name, str) and option_name in packs else "?"
            tally.run(
                limit, "options", label, options, partial(probe_options, option_name, options)
            )
        else:
            deck = random_deck(rng, packs[name])
            moves = rng.randrange(60)
            deck_game = parlour.load_game(name)
            tally.run(
                limit,
                "deck",
                name,
                deck,
                partial(probe_deck, deck_game, deck, random.Random(moves), moves),
            )


def play_match(name: str, options: dict[str, Any], seed: int, rate: float) -> None:
    """One random seeded match, with the conformance checks on a ``rate`` share of
    its steps and on its end."""
    checks = random.Random(seed)
    game = parlour.load_game(name, **options)
    state = game.new_initial_state(seed=seed)
    bound = game.max_game_length()
    while not state.is_terminal():
        if checks.random() < rate:
            check_state(state, checks)
        if checks.random() < rate / 4:
            check_round_trips(state)
        legal = state.legal_actions()
        if not legal:
            raise AssertionError(f"no legal actions before the end: {state.serialize()}")
        state.apply_action(legal[checks.randrange(len(legal))])
        if len(state.history) > bound:
            raise AssertionError(f"no end after {bound} actions: {state.serialize()}")
    check_state(state, checks)
    check_round_trips(state)


def play_matches(count: int, rng: random.Random, tally: Tally, limit: float, rate: float) -> None:
    """``count`` random seeded matches, round the games and their option sets."""
    setups = [
        (name, options)
        for name in parlour.game_names()
        for options in parlour.game_class(name).conformance_options
    ]
    for number in range(count):
        name, options = setups[number % len(setups)]
        seed = rng.randrange(1 << 32)
        match = f"{name} {options} seed {seed}"
        tally.run(limit, "match", name, match, partial(play_match, name, options, seed, rate))


def main(argv: list[str] | None = None) -> int:
    """Run the campaign and print its figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--inputs", type=int, default=20_000, help="bad inputs to try")
    parser.add_argument("--matches", type=int, default=200, help="random matches to play")
    parser.add_argument("--seed", type=int, default=1, help="seed of the whole campaign")
    parser.add_argument("--call-limit", type=float, default=5.0, help="seconds per input")
    parser.add_argument("--match-limit", type=float, default=120.0, help="seconds per match")
    parser.add_argument(
        "--check-rate", type=float, default=0.05, help="share of match steps fully checked"
    )
    args = parser.parse_args(argv)
    signal.signal(signal.SIGALRM, _on_alarm)
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 1000))
    rng = random.Random(args.seed)
    tally = Tally()
    started = time.monotonic()
    fuzz_inputs(args.inputs, rng, tally, args.call_limit)
    inputs_done = time.monotonic()
    play_matches(args.matches, rng, tally, args.match_limit, args.check_rate)
    finished = time.monotonic()
    print(f"parlour fuzz campaign, seed {args.seed}")
    inputs = sum(count for kind, count in tally.tried.items() if kind != "match")
    print(f"inputs tried: {inputs:,} in {inputs_done - started:.1f} s")
    for kind, count in sorted(tally.tried.items()):
        if kind != "match":
            print(f"  {kind:18} {count:,}")
    print(
        f"matches played: {tally.tried['match']:,} in {finished - inputs_done:.1f} s "
        f"(checks on {args.check_rate:.0%} of steps)"
    )
    total = sum(tally.failed.values())
    print(f"failures: {total:,}")
    for key, count in sorted(tally.failed.items(), key=lambda item: -item[1]):
        print(f"  {count:7,}  {key}")
        if tally.examples[key]:
            print(f"           first: {tally.examples[key]}")
    print(f"time: {finished - started:.1f} s")
    return 1 if total else 0


if __name__ == "__main__":
    sys.exit(main())
