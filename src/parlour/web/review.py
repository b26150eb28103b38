"""The web server's reviews (issues 25 and 29, docs/review.md): a finished
deal's review of one seat, computed once in a worker process and stored with the
table, then served as stored bytes.

Who may read a review: until the game is over, only the seat's own player (its
token), and the review covers the deals finished so far, without the par (a par
replay may draw cards the seat never saw); once the game is over, anyone may
read anyone's stored review, par included (the whole record is public then).

Who may cost what (issue 29): starting a review or judging a retried move needs
a token of a seat at the table (the seat's own while the game is on); each
address may have ``reviews_per_address`` reviews waiting or running at once,
and as many quick jobs (retried moves, replays) besides (429 beyond: a review
being worked out never refuses the same address's replay); the work runs in
``review_workers`` processes, taken from a queue that serves the addresses in
turn and quick jobs before long reviews; one review is claimed in the store so
that several processes compute it once; a storage error is retried, never
kept; a review whose match was undone (its history's digest differs) is dropped
and computed again.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import logging
import multiprocessing
import os
import secrets
import socket
import threading
import time
from collections import OrderedDict, deque
from collections.abc import Callable, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from typing import Any

from parlour.core.game import State
from parlour.core.seat_names import seat_name_in
from parlour.i18n import said_move
from parlour.judge.words import against_best, say, unit_of, unit_words
from parlour.review import ReviewSettings, explain_decisions
from parlour.review.engine import GOOD
from parlour.review.text import par_sentences
from parlour.table import Table
from parlour.table.store import StoreUnavailableError
from parlour.web import review_worker
from parlour.web.hub import WebError
from parlour.web.limits import ServerLimits
from parlour.web.served import ByteCache, Served, TooManyRequestsError

log = logging.getLogger(__name__)

JOBS_WAITING = 64
"""Reviews and retries that may wait for a worker, all addresses together; one
more is refused (503)."""
CLAIM_STALE_SECONDS = 900.0
"""A claim on a review not renewed for this long is taken over (its process died)."""
CLAIM_RENEW_SECONDS = 60.0
"""How often a process working on a review renews its claim."""
FAILURE_KEPT_SECONDS = 300.0
"""How long a review that failed for a reason other than storage is answered
with its failure before it is tried again."""
REVIEW_RETRY_AFTER = 30.0
"""The ``Retry-After`` of a refused review (they take a minute or more)."""
RETRY_RETRY_AFTER = 3.0
"""The ``Retry-After`` of a refused retry (judging a move takes about a second)."""

WEB_SETTINGS = ReviewSettings()
"""How hard the server's reviews work (the command's default)."""

PRIVATE_UNTIL_OVER = (
    "until the game is over, a seat's review is shown only to that seat's player "
    "(send the seat's token)"
)


def working_answer(done: int, total: int, decisions: int) -> dict[str, Any]:
    """The 202 answer while a review is computed: the steps of work ``done`` of
    ``total`` (for a bar), and the same split as the finished review counts
    them: ``judged`` of ``decisions`` (the seat's decisions with a choice, a
    forced move being none), then ``replayed`` of ``deals`` for the par.

    >>> working_answer(5, 5, 4)["judged"], working_answer(5, 5, 4)["replayed"]
    (4, 1)
    """
    return {
        "status": "working",
        "done": done,
        "total": total,
        "decisions": decisions,
        "judged": min(done, decisions),
        "deals": max(0, total - decisions),
        "replayed": max(0, done - decisions),
    }


def finished_deals_state(state: State) -> State | None:
    """The match up to the end of its last finished deal (the whole match once it
    is over); None before the first deal is scored."""
    if state.is_terminal():
        return state
    deals = state.deals_scored()
    if deals == 0:
        return None
    replay = state.game.new_initial_state()
    for action in state.history:
        replay.apply_action(action)
        if replay.deals_scored() == deals:
            return replay
    return None


def history_digest(state: State) -> str:
    """A short digest of a match's history: a stored review is the review of the
    match whose history has this digest (an undo makes another)."""
    return hashlib.sha256(",".join(map(str, state.history)).encode()).hexdigest()[:24]


@dataclass
class Job:
    """One piece of work for the review processes: who asked (their address),
    whether it is quick (a retry) or long (a review), and the call."""

    address: str
    quick: bool
    function: Callable[..., Any]
    arguments: tuple[Any, ...]
    done: asyncio.Future[Any] = field(repr=False)


class FairQueue:
    """Jobs waiting for a review process, taken from the addresses in turn (a
    quick job of any address before a long one), so that one visitor's requests
    never starve another's."""

    def __init__(self) -> None:
        self._waiting: OrderedDict[str, deque[Job]] = OrderedDict()
        self.count = 0

    def put(self, job: Job) -> None:
        """Add ``job`` behind its address's other jobs."""
        self._waiting.setdefault(job.address, deque()).append(job)
        self.count += 1

    def take(self, long_allowed: bool) -> Job | None:
        """The next job (the next address in turn that has one); None when none
        may run now."""
        for want_quick in (True, False):
            if not want_quick and not long_allowed:
                break
            for address, jobs in list(self._waiting.items()):
                found = next((job for job in jobs if job.quick == want_quick), None)
                if found is None:
                    continue
                jobs.remove(found)
                self._waiting.pop(address)
                if jobs:  # the address goes to the back of the line
                    self._waiting[address] = jobs
                self.count -= 1
                return found
        return None

    def drain(self) -> list[Job]:
        """Every waiting job, removed."""
        jobs = [job for queue in self._waiting.values() for job in queue]
        self._waiting.clear()
        self.count = 0
        return jobs


class ReviewDesk:
    """Reviews and retried moves for the web server: computed in worker
    processes, stored with the table, served as stored bytes."""

    def __init__(
        self,
        cache: ByteCache,
        limits: ServerLimits | None = None,
        settings: ReviewSettings | None = None,
    ) -> None:
        self.settings = settings if settings is not None else WEB_SETTINGS
        self.limits = limits if limits is not None else ServerLimits()
        self.cache = cache
        self.owner = f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(4)}"
        self.computed = 0
        """Reviews this process computed (``GET /api/server``)."""
        self._pool: ProcessPoolExecutor | None = None
        self._queue = FairQueue()
        self._running = 0
        self._running_long = 0
        self._per_address: dict[tuple[str, bool], int] = {}
        """Jobs waiting or running, by address and whether they are quick."""
        self._working: dict[tuple[str, int, int], str] = {}
        """The reviews this process computes now, with their history's digest."""
        self._progress: dict[str, tuple[int, int, int]] = {}
        self._progress_queue: Any = None
        self._progress_reader: threading.Thread | None = None
        self._failed: dict[tuple[str, int, int, str], tuple[str, float]] = {}
        self._unstored: dict[tuple[str, int, int], dict[str, Any]] = {}
        self._memory: dict[tuple[str, int, int], dict[str, Any]] = {}

    # ----- the worker processes ------------------------------------------------
    def _workers(self) -> ProcessPoolExecutor:
        """The pool of review processes, started on first use (spawned: the
        server's threads are not copied into them)."""
        if self._pool is None:
            context = multiprocessing.get_context("spawn")
            if self._progress_queue is None:
                self._progress_queue = context.Queue()
                self._progress_reader = threading.Thread(
                    target=self._read_progress, name="parlour-review-progress", daemon=True
                )
                self._progress_reader.start()
            self._pool = ProcessPoolExecutor(
                max_workers=self.limits.review_workers,
                mp_context=context,
                initializer=review_worker.start_worker,
                initargs=(self._progress_queue, os.getpid()),
            )
        return self._pool

    def _read_progress(self) -> None:
        queue = self._progress_queue
        while True:
            try:
                item = queue.get()
            except (EOFError, OSError, ValueError):
                return
            if item is None:
                return
            job, done, total, decisions = item
            self._progress[job] = (done, total, decisions)

    def close(self) -> None:
        """Stop the review processes; waiting jobs are dropped."""
        for job in self._queue.drain():
            if not job.done.done():
                job.done.cancel()
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
        if self._progress_queue is not None:
            with contextlib.suppress(Exception):
                self._progress_queue.put(None)

    def facts(self) -> dict[str, int]:
        """``GET /api/server``'s ``reviews``: computed here, running, waiting."""
        return {
            "computed": self.computed,
            "running": self._running,
            "waiting": self._queue.count,
            "workers": self.limits.review_workers,
        }

    def _enqueue(
        self, address: str, quick: bool, function: Callable[..., Any], *arguments: Any
    ) -> asyncio.Future[Any]:
        """Queue ``function(*arguments)`` for a review process, behind the jobs
        ahead of it in the fair queue, and return what will hold its result;
        refused at once (429, 503) past the budgets."""
        most = self.limits.reviews_per_address
        if self._per_address.get((address, quick), 0) >= most:
            what = "retried moves or replays" if quick else "reviews"
            raise TooManyRequestsError(
                f"at most {most} {what} being worked out at once from one address; "
                "try again when one is ready",
                RETRY_RETRY_AFTER if quick else REVIEW_RETRY_AFTER,
            )
        if self._queue.count >= JOBS_WAITING:
            raise WebError("the server is reviewing many games; try again in a minute", 503)
        job = Job(address, quick, function, arguments, asyncio.get_running_loop().create_future())
        self._per_address[address, quick] = self._per_address.get((address, quick), 0) + 1
        self._queue.put(job)
        self._dispatch()
        return job.done

    def _job_over(self, job: Job) -> None:
        key = (job.address, job.quick)
        left = self._per_address.get(key, 1) - 1
        if left > 0:
            self._per_address[key] = left
        else:
            self._per_address.pop(key, None)

    def _dispatch(self) -> None:
        """Hand waiting jobs to free review processes. Long jobs (reviews) keep
        one process free for quick ones when there are two or more."""
        workers = self.limits.review_workers
        long_slots = max(1, workers - 1)
        loop = asyncio.get_running_loop()
        while self._running < workers:
            job = self._queue.take(long_allowed=self._running_long < long_slots)
            if job is None:
                return
            if job.done.done():  # its asker went away
                self._job_over(job)
                continue
            try:
                future = self._workers().submit(job.function, *job.arguments)
            except (BrokenProcessPool, RuntimeError):
                self._pool = None
                future = self._workers().submit(job.function, *job.arguments)
            self._running += 1
            if not job.quick:
                self._running_long += 1

            def finished(future: Future[Any], job: Job = job) -> None:
                # A job still running when the server closed ends after its loop.
                with contextlib.suppress(RuntimeError):
                    loop.call_soon_threadsafe(self._finished, future, job)

            future.add_done_callback(finished)

    def _finished(self, future: Future[Any], job: Job) -> None:
        self._job_over(job)
        self._running -= 1
        if not job.quick:
            self._running_long -= 1
        if not job.done.done():
            error = future.exception() if not future.cancelled() else None
            if future.cancelled():
                job.done.cancel()
            elif error is not None:
                if isinstance(error, BrokenProcessPool):
                    self._pool = None  # a process was killed: a new pool next time
                job.done.set_exception(error)
            else:
                job.done.set_result(future.result())
        self._dispatch()

    # ----- replays ---------------------------------------------------------------
    async def replay(
        self, table: Table, seat: int | None, names: Sequence[str], lang: str, address: str
    ) -> Served:
        """A finished table's replay as ``seat`` saw it (None: a spectator),
        built by a review process (a long game's takes a tenth of a second or
        more of work, which would hold the server's loop), as a quick job of
        ``address``: ready to send, gzip form included."""
        record_text = await asyncio.to_thread(table.snapshot().serialize)
        body, packed = await self._enqueue(
            address, True, review_worker.build_replay, record_text, seat, list(names), lang
        )
        return Served(body, check=tuple(names), gzipped=packed)

    # ----- reviews ---------------------------------------------------------------
    async def request(
        self,
        table: Table,
        seat: int,
        token_seat: Callable[[], int | None],
        lang: str = "en",
        address: str = "",
        names: Sequence[str] = (),
    ) -> Served:
        """The answer to a request for ``seat``'s review at ``table``: the stored
        review's bytes (200), its progress (202), or a :class:`WebError`.
        ``token_seat`` tells which seat the request's token opens (None: no
        token, or a token of no seat). The explanations are said in ``lang``
        (the review is stored once; its explanations are made once per language
        and kept ready). ``names``: the seats' names as the table shows them
        (a seat taken by a link shows its taker's name); the table's own by default."""
        over, snapshot, key = self._allowed(table, seat, token_seat)
        digest = history_digest(snapshot)
        shown = names or table.names
        names = tuple(seat_name_in(name, index, lang) for index, name in enumerate(shown))
        cache_key = ("review", *key, lang)
        served = self.cache.get(cache_key, (digest, names))
        if served is not None:
            return served
        stored = await self._stored(table, key, digest)
        if stored is not None:
            told = await asyncio.to_thread(
                explain_decisions, stored, snapshot.history, table.game, seat, lang, list(names)
            )
            body = {
                "status": "ready",
                "review": told,
                "names": list(names),
                "over": over,
                "unit": list(unit_words(unit_of(table.game), lang)),
                "par": par_sentences(stored, lang),
            }
            return self.cache.put(cache_key, Served.of_json(body, check=(digest, names)))
        if token_seat() is None:
            raise WebError(
                "this review has not been made yet: a player of this table starts it "
                "with their seat's token (anyone may read it once it is made)",
                403,
                "not-started",
            )
        if self._working.get(key) == digest:
            return self._progress_answer(key)
        failure = self._failed.get((*key, digest))
        if failure is not None and failure[1] > time.monotonic() - FAILURE_KEPT_SECONDS:
            raise WebError(f"the review could not be made: {failure[0]}", 500)
        if not await asyncio.to_thread(self._claim, table, key):
            # Another process computes it: its result will be in the store.
            return Served.of_json({**working_answer(0, 0, 0), "elsewhere": True}, status=202)
        par = (
            [
                (item.bot, item.bot_seed) if item.bot else ("hard", item.bot_seed)
                for item in table.seats
            ]
            if over
            else None
        )
        try:
            record_text = await asyncio.to_thread(snapshot.serialize)
            job_name = ":".join(map(str, key))
            result = self._enqueue(
                address,
                False,
                review_worker.compute_review,
                job_name,
                record_text,
                seat,
                par,
                str(table.meta.get("lang") or "en"),
                self.settings,
            )
        except BaseException:
            await asyncio.to_thread(self._release, table, key)
            raise
        self._progress[job_name] = (0, 0, 0)
        self._working[key] = digest
        asyncio.get_running_loop().create_task(self._compute(table, key, digest, result))
        return self._progress_answer(key)

    def _progress_answer(self, key: tuple[str, int, int]) -> Served:
        done, total, decisions = self._progress.get(":".join(map(str, key)), (0, 0, 0))
        return Served.of_json(working_answer(done, total, decisions), status=202)

    async def _compute(
        self, table: Table, key: tuple[str, int, int], digest: str, result: asyncio.Future[Any]
    ) -> None:
        renewing = asyncio.get_running_loop().create_task(self._renew(table, key))
        try:
            review: dict[str, Any] = await result
            review["digest"] = digest
            self.computed += 1
            self._unstored[key] = review
            await asyncio.to_thread(self._store, table, key, review)
        except asyncio.CancelledError:
            pass
        except STORE_FAULTS:
            log.warning("review of table %s seat %s: the store failed; retried later", *key[:2])
        except Exception as error:  # told to whoever asks next, and logged
            if not isinstance(error, BrokenProcessPool):
                log.error("review of table %s seat %s failed", key[0], key[1], exc_info=error)
                self._failed[(*key, digest)] = (
                    f"{type(error).__name__}: {error}",
                    time.monotonic(),
                )
        finally:
            renewing.cancel()
            self._working.pop(key, None)
            self._progress.pop(":".join(map(str, key)), None)
            with contextlib.suppress(*STORE_FAULTS):
                await asyncio.to_thread(self._release, table, key)

    async def _renew(self, table: Table, key: tuple[str, int, int]) -> None:
        while True:
            await asyncio.sleep(CLAIM_RENEW_SECONDS)
            with contextlib.suppress(*STORE_FAULTS):
                await asyncio.to_thread(self._claim, table, key)

    def _claim(self, table: Table, key: tuple[str, int, int]) -> bool:
        claim = getattr(table.store, "claim_review", None)
        if not callable(claim):
            return True
        return bool(claim(key[0], key[1], key[2], self.owner, CLAIM_STALE_SECONDS))

    def _release(self, table: Table, key: tuple[str, int, int]) -> None:
        release = getattr(table.store, "release_review", None)
        if callable(release):
            release(key[0], key[1], key[2], self.owner)

    def _store(self, table: Table, key: tuple[str, int, int], review: dict[str, Any]) -> None:
        write = getattr(table.store, "store_review", None)
        if callable(write):
            write(key[0], key[1], key[2], review)
        else:
            self._memory[key] = review
        self._unstored.pop(key, None)

    async def _stored(
        self, table: Table, key: tuple[str, int, int], digest: str
    ) -> dict[str, Any] | None:
        """The review of ``key`` for the match of ``digest``; a stored review of
        another match (an undo since) is dropped. A review computed here that
        the store refused is stored again first."""
        pending = self._unstored.get(key)
        if pending is not None and pending.get("digest") == digest:
            await asyncio.to_thread(self._store, table, key, pending)
        read = getattr(table.store, "review", None)
        found: dict[str, Any] | None = (
            await asyncio.to_thread(read, key[0], key[1], key[2])
            if callable(read)
            else self._memory.get(key)
        )
        if found is None:
            return None
        made_for = found.get("digest")
        if made_for == digest or (made_for is None and key[2] == -1):
            return found
        drop = getattr(table.store, "drop_review", None)
        if callable(drop):
            await asyncio.to_thread(drop, key[0], key[1], key[2])
        self._memory.pop(key, None)
        self.cache.drop(lambda cached: isinstance(cached, tuple) and cached[1:4] == key)
        return None

    def _allowed(
        self, table: Table, seat: int, token_seat: Callable[[], int | None]
    ) -> tuple[bool, State, tuple[str, int, int]]:
        """Whether the game is over, the match up to its last finished deal, and
        the review's key; a WebError when ``seat``'s review may not be read."""
        players = len(table.seats)
        if not 0 <= seat < players:
            raise WebError(f"the seat must be 0 to {players - 1}", 404)
        over = table.is_over()
        if not over and token_seat() != seat:
            raise WebError(PRIVATE_UNTIL_OVER, 403)
        snapshot = finished_deals_state(table.snapshot())
        if snapshot is None:
            raise WebError("a review is ready once the first deal is over", 409)
        deals = snapshot.deals_scored() if not over else max(1, snapshot.deals_scored())
        return over, snapshot, (table.id, seat, deals if not over else -1)

    # ----- retried moves -----------------------------------------------------------
    async def retry(
        self,
        table: Table,
        seat: int,
        token_seat: Callable[[], int | None],
        step: int,
        action: int | None,
        address: str = "",
        lang: str = "en",
    ) -> Served:
        """ "Find a better move" at the reviewed decision of history step ``step``:
        the seat's legal moves there and, for a chosen ``action``, how it compares
        with the review's better move, with its ``words`` in ``lang`` (the
        judge's, :func:`parlour.judge.words.against_best`, as the review says
        its verdicts). The played and the better move answer with the review's
        own figures; another move is judged in a review process, from the same
        View with the same samples as the review (paired with the better move),
        and kept once for every language. Needs a token of the table's (the
        seat's own while the game is on)."""
        _, snapshot, key = self._allowed(table, seat, token_seat)
        if token_seat() is None:
            raise WebError("trying another move needs the token of a seat at this table", 403)
        digest = history_digest(snapshot)
        cache_key = ("retry", *key, step, action, lang)
        served = self.cache.get(cache_key, digest)
        if served is not None:
            return served
        review = await self._stored(table, key, digest)
        if review is None:
            raise WebError("the review is not ready yet: ask for it first", 409)
        decision = next((item for item in review["decisions"] if item["step"] == step), None)
        if decision is None:
            raise WebError(f"the review judged no decision at step {step}", 404)
        record_text = await asyncio.to_thread(snapshot.serialize)
        moves_key = ("moves", *key, step, None)
        moves_served = self.cache.get(moves_key, digest)
        if moves_served is not None:
            moves = json_of(moves_served)
        else:
            moves = await self._enqueue(
                address, True, review_worker.legal_moves_at, record_text, seat, step
            )
            if moves is None:  # the review and the record disagree: not the person's fault
                raise WebError(f"no decision of seat {seat} at step {step} in the record", 500)
            self.cache.put(moves_key, Served.of_json(moves, check=digest))
        answer: dict[str, Any] = {
            "step": step,
            "moves": moves,
            "played": decision["played"]["action"],
            "best": decision["best"]["action"],
        }
        if action is not None:
            if action not in [item["action"] for item in moves]:
                raise WebError(f"move {action} is not a legal move at step {step}", 400)
            tried_key = ("tried", *key, step, action)
            tried_served = self.cache.get(tried_key, digest)
            if tried_served is not None:
                tried = json_of(tried_served)
            else:
                tried = await self._tried(address, record_text, seat, decision, action, review)
                self.cache.put(tried_key, Served.of_json(tried, check=digest))
            words = tried_words(tried, decision, review, unit_of(table.game), lang)
            answer["tried"] = {**tried, "words": words}
        return self.cache.put(cache_key, Served.of_json(answer, check=digest))

    async def _tried(
        self,
        address: str,
        record_text: str,
        seat: int,
        decision: dict[str, Any],
        action: int,
        review: dict[str, Any],
    ) -> dict[str, Any]:
        """How ``action`` compares with the decision's better move."""
        best = decision["best"]
        if action in (best["action"], decision["played"]["action"]):
            played = action == decision["played"]["action"]
            return {
                "action": action,
                "estimate": decision["played"] if played else best,
                "best": best,
                "loss": decision["loss"] if played else 0.0,
                "loss_error": decision["loss_error"] if played else 0.0,
                "grade": decision["grade"] if played else GOOD,
                "source": "review",
            }
        thresholds = (
            float(review["thresholds"][0]),
            float(review["thresholds"][1]),
            float(review["thresholds"][2]),
        )
        judged: dict[str, Any] | None = await self._enqueue(
            address,
            True,
            review_worker.judge_retry,
            record_text,
            seat,
            decision["step"],
            best,
            action,
            thresholds,
            self.settings,
        )
        if judged is None:
            raise WebError(
                f"no decision of seat {seat} at step {decision['step']} in the record", 500
            )
        return judged


def tried_words(
    tried: dict[str, Any], decision: dict[str, Any], review: dict[str, Any], unit: str, lang: str
) -> str:
    """What a retried move is worth against the review's better move, in
    words: better (well found), nothing for the better move itself, else the
    judge's own sentence for a move that is not the best."""
    if tried.get("better_than_best"):
        return say(lang, "better")
    if tried["action"] == decision["best"]["action"]:
        return ""
    return against_best(
        float(tried["loss"]),
        float(tried["loss_error"]),
        float(review["thresholds"][0]),
        said_move(str(decision["best"]["text"]), lang),
        unit,
        lang,
        str(review.get("line", "deal")),  # the game's "deal": a Casino round
    )


def json_of(served: Served) -> Any:
    """The data of a served JSON body."""
    return json.loads(served.body)


STORE_FAULTS: tuple[type[BaseException], ...] = (StoreUnavailableError, OSError)
"""The failures of storage that are retried, never kept."""
