"""The soak of issue 29: people's move latency on one busy SQLite ``parlour
serve``, quiet and then while one anonymous visitor uses only finished-game
routes.

Run from the repository (see tests/hostile/README.md, "Issue 29")::

    .venv/bin/python tests/hostile/soak.py                  # 30 s quiet, 30 s attacked
    .venv/bin/python tests/hostile/soak.py --seconds 60 --tables 200 --people 20

What it does:

1. A first server (bot delay 0) on a new SQLite file plays the finished games
   the attacker will use: a 4-player Casino of bots (a long replay), a
   5-player Nain Jaune of bots, and a one-deal Dracula of a person and a bot.
   It is killed; the soak's server opens the same file.
2. The soak's server (``--bot-delay``, default 0.2 s; its table limits raised
   by options so that one address may make every table) gets ``--tables``
   tables of four random bots (Nain Jaune with 1,000 chips each: they play
   for the whole soak) and ``--people`` people, each a WebSocket at a Nain
   Jaune table of its own with three bots, moving as soon as it is their
   turn. A person's latency is the time from sending a move to receiving
   their own new state.
3. Quiet: ``--seconds`` of measuring. Attacked: ``--seconds`` again while one
   anonymous visitor (another loopback address) asks, as fast as it is
   answered: token-less review GETs and POSTs of every seat of the finished
   games, "find a better move" retries, replays of every seat and language,
   and opens ``--sockets`` (300) WebSockets that never say hello (ten at a
   time).

It prints both runs (p50, p99, moves timed, handshake time-outs, server RSS
before and after) and the ratio of the p99s, and exits 1 when under attack the
p99 is over 3× the quiet one or over 100 ms, or a handshake timed out.

Bounded: loopback only; every loop stops at its run's end (and has a count);
every server it starts is killed at the end, whatever happened.
"""

from __future__ import annotations

import argparse
import contextlib
import multiprocessing
import shutil
import sys
import tempfile
import threading
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

TESTS = Path(__file__).resolve().parent.parent
if str(TESTS) not in sys.path:
    sys.path.insert(0, str(TESTS))

import httpx  # noqa: E402

from live import (  # noqa: E402
    Client,
    ServeProcess,
    SlowReader,
    http_from,
    make_table,
    tokens_of,
)

ATTACKER = "127.0.0.77"
"""The anonymous visitor's loopback address (the people use 127.0.0.1)."""
HANDSHAKE_SECONDS = 10.0
"""A WebSocket handshake not answered within this is counted as timed out."""
P99_RATIO_LIMIT = 3.0
"""Under attack, the people's p99 may be at most this many times the quiet one."""
P99_LIMIT_MS = 100.0
"""Under attack, the people's p99 must stay under this."""
MOVES_PER_PERSON = 100_000
"""A bound on one person's moves in one soak (never reached in practice)."""
SOCKET_THREADS = 10
"""The attacker opens its hello-less sockets from this many threads at once."""
ATTACK_REQUESTS = 100_000
"""A bound on each attacking loop's requests in one run."""


@dataclass
class Run:
    """What one run (quiet or attacked) measured."""

    name: str
    latencies: list[float] = field(default_factory=list)
    handshake_timeouts: int = 0
    rss_before_kib: int = 0
    rss_after_kib: int = 0
    server_cpu_seconds: float = 0.0
    """The processor time the server used during the run."""
    seconds: float = 0.0
    attack: Counter[str] = field(default_factory=Counter)

    def percentile(self, share: float) -> float:
        """The ``share`` quantile of the latencies, in milliseconds (nan if none)."""
        if not self.latencies:
            return float("nan")
        ordered = sorted(self.latencies)
        return 1000.0 * ordered[min(len(ordered) - 1, int(share * len(ordered)))]

    def line(self) -> str:
        """One printed line of figures."""
        return (
            f"{self.name:>8}: p50 {self.percentile(0.50):7.1f} ms  p99 "
            f"{self.percentile(0.99):7.1f} ms  moves timed {len(self.latencies):5d}  "
            f"handshake time-outs {self.handshake_timeouts:3d}  RSS "
            f"{self.rss_before_kib / 1024:6.0f} → {self.rss_after_kib / 1024:6.0f} MB  "
            f"server CPU {self.server_cpu_seconds / max(self.seconds, 1e-9):4.0%} of a core"
        )


class Soak:
    """The shared clock and the run being measured (None: not measuring)."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.current: Run | None = None
        self.stop = threading.Event()

    def note(self, latency: float) -> None:
        """Keep one person's move latency in the run being measured."""
        with self.lock:
            if self.current is not None:
                self.current.latencies.append(latency)

    def count(self, run: Run, what: str, times: int = 1) -> None:
        """Count an answer the attacker got (its evidence)."""
        with self.lock:
            run.attack[what] += times

    def note_handshake_timeout(self) -> None:
        """Count a WebSocket handshake that timed out in the run being measured."""
        with self.lock:
            if self.current is not None:
                self.current.handshake_timeouts += 1


# ----- the finished games the attacker uses -------------------------------------------------
@dataclass(frozen=True)
class Finished:
    """A finished table and how many seats it has."""

    table: str
    players: int


@dataclass(frozen=True)
class Target:
    """Where the attacker aims: the server's address and port (picklable, for
    the attacker's own process)."""

    base: str
    port: int


def play_finished_games(database: str) -> list[Finished]:
    """Play the attacker's finished games on a first server (bot delay 0), then
    kill it."""
    server = ServeProcess(database)
    try:
        server.start()
        finished = []
        for game, players, options in (("casino", 4, {}), ("nain-jaune", 5, {})):
            created = make_table(
                server.base,
                game=game,
                players=players,
                options=options,
                seats=["bot:random"] * players,
            )
            finished.append(Finished(str(created["table"]), players))
        created = make_table(
            server.base, game="dracula", options={"deals": 1}, seats=["human", "bot:random"]
        )
        person = Client(server, str(created["table"]), tokens_of(created)[0])
        state = person.first
        for _ in range(500):
            if state["over"]:
                break
            if state["to_act"] == 0:
                state = person.move_first_legal(state)
            else:
                state = person.answer_after(state["version"])
        person.close()
        finished.append(Finished(str(created["table"]), 2))
        deadline = time.monotonic() + 300
        for entry in finished:
            while True:
                summary = httpx.get(f"{server.base}/api/tables/{entry.table}", timeout=30).json()
                if summary["status"] == "over":
                    break
                if time.monotonic() > deadline:
                    raise SystemExit(f"soak: the game at {entry.table} did not end in 300 s")
                time.sleep(0.2)
        return finished
    finally:
        server.stop()


# ----- the people -----------------------------------------------------------------------------
def person_loop(server: ServeProcess, soak: Soak, number: int, errors: list[str]) -> None:
    """One person: a Nain Jaune table with three bots, a move as soon as it is
    their turn (the first legal one), each timed from the send to their own new
    state; a new table when the game ends."""
    moves = 0
    while not soak.stop.is_set() and moves < MOVES_PER_PERSON:
        try:
            created = make_table(
                server.base,
                game="nain-jaune",
                players=4,
                options={"start_chips": 1000},
                seats=[{"kind": "person", "name": f"Person {number}"}, *["bot:random"] * 3],
            )
        except (AssertionError, httpx.HTTPError) as error:  # refused, or no answer
            errors.append(f"person {number}: no table: {error}")
            return
        try:
            began = time.monotonic()
            person = Client(
                server,
                str(created["table"]),
                tokens_of(created)[0],
                open_seconds=HANDSHAKE_SECONDS,
            )
        except TimeoutError:
            soak.note_handshake_timeout()
            continue
        if time.monotonic() - began > HANDSHAKE_SECONDS:
            soak.note_handshake_timeout()
        try:
            state = person.first
            while not soak.stop.is_set() and not state["over"] and moves < MOVES_PER_PERSON:
                if state["to_act"] == 0 and state["legal"]:
                    sent = time.monotonic()
                    state = person.move_first_legal(state)
                    soak.note(time.monotonic() - sent)
                    moves += 1
                    if state["type"] != "state":
                        errors.append(f"person {number}: {state}")
                        return
                else:
                    state = person.answer_after(state["version"], seconds=120)
        except (AssertionError, OSError) as error:
            if not soak.stop.is_set():
                errors.append(f"person {number}: {error}")
            return
        finally:
            person.close()


# ----- the attacker -------------------------------------------------------------------------
def attack_reviews(server: Target, soak: Soak, games: list[Finished], until: float) -> None:
    """Token-less review GETs and POSTs, and retries, of every seat, in a loop."""
    run = soak.current
    assert run is not None
    with http_from(ATTACKER, server.base) as http:
        for count in range(ATTACK_REQUESTS):
            if time.monotonic() >= until or soak.stop.is_set():
                return
            entry = games[count % len(games)]
            seat = (count // len(games)) % entry.players
            path = f"/api/tables/{entry.table}/review/{seat}"
            kind = count % 3
            with contextlib.suppress(httpx.HTTPError):
                if kind == 0:
                    answer = http.get(path)
                elif kind == 1:
                    answer = http.post(path, json={"token": "not-a-token"})
                else:
                    answer = http.post(path + "/retry", json={"step": 10 + count % 30})
                soak.count(run, f"review {answer.status_code}")


def attack_replays(server: Target, soak: Soak, games: list[Finished], until: float) -> None:
    """Replays of every seat (and the spectator's) and both languages, in a loop."""
    run = soak.current
    assert run is not None
    with http_from(ATTACKER, server.base) as http:
        for count in range(ATTACK_REQUESTS):
            if time.monotonic() >= until or soak.stop.is_set():
                return
            entry = games[count % len(games)]
            seat = (count // len(games)) % (entry.players + 1)
            lang = ("en", "fr")[(count // 7) % 2]
            query = {"lang": lang, **({"seat": str(seat)} if seat < entry.players else {})}
            with contextlib.suppress(httpx.HTTPError):
                answer = http.get(f"/api/tables/{entry.table}/replay", params=query)
                soak.count(run, f"replay {answer.status_code}")


def attack_sockets(
    server: Target,
    soak: Soak,
    games: list[Finished],
    numbers: range,
    until: float,
    opened: list[SlowReader],
) -> None:
    """Open the hello-less WebSockets ``numbers`` one after another, into
    ``opened`` (kept open until the run's end)."""
    run = soak.current
    assert run is not None
    for index, count in enumerate(numbers):
        if time.monotonic() >= until or soak.stop.is_set():
            soak.count(run, "socket not tried (the run ended)", len(numbers) - index)
            break
        try:
            reader = SlowReader(
                server.port,
                games[count % len(games)].table,
                65536,
                source=ATTACKER,
                seconds=HANDSHAKE_SECONDS,
            )
        except TimeoutError:
            soak.note_handshake_timeout()
            soak.count(run, "socket handshake timed out")
            continue
        except (AssertionError, OSError) as error:
            soak.count(run, f"socket refused ({type(error).__name__})")
            continue
        with soak.lock:
            opened.append(reader)
        soak.count(run, "socket opened")


# ----- the runs --------------------------------------------------------------------------------
def attack(
    target: Target,
    games: list[Finished],
    seconds: float,
    sockets: int,
    answers: multiprocessing.Queue[tuple[dict[str, int], int]],
) -> None:
    """The anonymous attacker for ``seconds``, in a process of its own (so that
    its loops do not share the people's interpreter lock: the people's
    latency is the server's, not the measuring process's), its answers counted
    and sent back on ``answers``."""
    soak = Soak()
    run = Run("attack")
    soak.current = run
    until = time.monotonic() + seconds
    held: list[SlowReader] = []
    threads = [
        threading.Thread(target=attack_reviews, args=(target, soak, games, until)),
        threading.Thread(target=attack_replays, args=(target, soak, games, until)),
    ]
    threads += [
        threading.Thread(
            target=attack_sockets,
            args=(target, soak, games, range(first, sockets, SOCKET_THREADS), until, held),
        )
        for first in range(min(SOCKET_THREADS, sockets))
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=seconds + HANDSHAKE_SECONDS * 2)
    time.sleep(max(0.0, until - time.monotonic()))
    for reader in held:  # how each hello-less socket ended (or that it is open)
        how = reader.poll_closed()
        soak.count(run, f"socket {reader.reader.close_code or how or 'still open'} at the end")
        reader.close()
    answers.put((dict(run.attack), run.handshake_timeouts))


def measure(
    server: ServeProcess,
    soak: Soak,
    run: Run,
    seconds: float,
    games: list[Finished] | None = None,
    sockets: int = 0,
) -> Run:
    """Measure the people for ``seconds``; with ``games``, while attacking."""
    run.rss_before_kib = server.memory_kib()
    cpu_before = server.cpu_seconds()
    with soak.lock:
        soak.current = run
    run.seconds = seconds
    until = time.monotonic() + seconds
    attacker = None
    context = multiprocessing.get_context("spawn")
    answers: multiprocessing.Queue[tuple[dict[str, int], int]] = context.Queue()
    if games:
        target = Target(server.base, server.port)
        attacker = context.Process(target=attack, args=(target, games, seconds, sockets, answers))
        attacker.start()
    while time.monotonic() < until:
        time.sleep(0.2)
    with soak.lock:
        soak.current = None
    run.server_cpu_seconds = server.cpu_seconds() - cpu_before
    if attacker is not None:
        try:
            counts, timeouts = answers.get(timeout=HANDSHAKE_SECONDS * 4)
        except Exception:  # the attacker died or hung: say so, do not hang
            counts, timeouts = {"attacker gave no answer": 1}, 0
        attacker.join(timeout=HANDSHAKE_SECONDS)
        if attacker.is_alive():
            attacker.kill()
        run.attack.update(counts)
        run.handshake_timeouts += timeouts
    run.rss_after_kib = server.memory_kib()
    return run


def main(argv: list[str] | None = None) -> int:
    """Run the soak; 0 when it held, 1 when it broke."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=30.0, help="each run's length")
    parser.add_argument("--tables", type=int, default=200, help="tables of bots only")
    parser.add_argument("--people", type=int, default=20, help="people at tables with bots")
    parser.add_argument("--bot-delay", type=float, default=0.2, help="the server's bot delay")
    parser.add_argument("--sockets", type=int, default=300, help="hello-less sockets")
    arguments = parser.parse_args(argv)
    if not (0 < arguments.seconds <= 3600 and 0 < arguments.tables <= 5000):
        parser.error("--seconds must be 0–3600 and --tables 1–5000")
    if not (0 < arguments.people <= 200 and 0 <= arguments.sockets <= 5000):
        parser.error("--people must be 1–200 and --sockets 0–5000")
    folder = Path(tempfile.mkdtemp(prefix="parlour-soak-"))
    try:
        return soak_in(folder, arguments)
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def soak_in(folder: Path, arguments: argparse.Namespace) -> int:
    """The soak, its SQLite file in ``folder``; 0 when it held, 1 when it broke."""
    database = f"sqlite://{folder / 'tables.sqlite3'}"
    print("soak: playing the attacker's finished games …", flush=True)
    games = play_finished_games(database)
    many = str(max(1000, 2 * (arguments.tables + arguments.people)))
    server = ServeProcess(
        database,
        bot_delay=arguments.bot_delay,
        extra=[
            "--new-tables-per-minute",
            many,
            "--bot-tables-per-address",
            many,
            "--max-tables",
            many,
            "--max-connections",
            many,
            "--idle-seconds",
            "3600",
        ],
    )
    soak = Soak()
    errors: list[str] = []
    people: list[threading.Thread] = []
    try:
        server.start()
        print(f"soak: {arguments.tables} tables of bots, {arguments.people} people …", flush=True)
        for _ in range(arguments.tables):
            make_table(
                server.base,
                game="nain-jaune",
                players=4,
                options={"start_chips": 1000},
                seats=["bot:random"] * 4,
            )
        for number in range(arguments.people):
            thread = threading.Thread(
                target=person_loop, args=(server, soak, number, errors), daemon=True
            )
            thread.start()
            people.append(thread)
        time.sleep(min(10.0, arguments.seconds / 3))  # everyone seated and moving
        quiet = measure(server, soak, Run("quiet"), arguments.seconds)
        print(quiet.line(), flush=True)
        attacked = measure(
            server, soak, Run("attacked"), arguments.seconds, games, arguments.sockets
        )
        print(attacked.line(), flush=True)
    finally:
        soak.stop.set()
        for thread in people:
            thread.join(timeout=HANDSHAKE_SECONDS)
        server.stop()
    ratio = attacked.percentile(0.99) / quiet.percentile(0.99)
    print(f"   ratio: attacked p99 / quiet p99 = {ratio:.1f}")
    print(f"  attack: {dict(sorted(attacked.attack.items()))}")
    for error in errors[:5]:
        print(f"   error: {error}")
    broken = [
        reason
        for reason, failed in (
            (f"p99 over {P99_RATIO_LIMIT:g}× the quiet one", not ratio <= P99_RATIO_LIMIT),
            (f"p99 over {P99_LIMIT_MS:g} ms", not attacked.percentile(0.99) <= P99_LIMIT_MS),
            ("a handshake timed out", attacked.handshake_timeouts + quiet.handshake_timeouts > 0),
            ("no move was timed", not quiet.latencies or not attacked.latencies),
        )
        if failed
    ]
    print(f"  result: {'BROKEN: ' + '; '.join(broken) if broken else 'HELD'}")
    return 1 if broken else 0


if __name__ == "__main__":
    raise SystemExit(main())
