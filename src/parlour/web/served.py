"""What the server keeps ready to send, and what each address may cost it
(issue 29): a body serialized once and served as stored bytes, compressed when
the browser accepts it, in caches with one byte budget; and the per-address
budgets of the finished games' routes, answered with 429 and ``Retry-After``.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import threading
from collections import OrderedDict, deque
from collections.abc import Hashable
from dataclasses import dataclass, field
from typing import Any

from starlette.requests import Request
from starlette.responses import Response

from parlour.web.hub import WebError

GZIP_AT_LEAST = 1024
"""Bodies shorter than this many bytes are sent as they are."""


def json_bytes(data: Any) -> bytes:
    """``data`` as the compact JSON bytes the server sends."""
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


def gzip_form(body: bytes) -> bytes | None:
    """``body`` compressed as the server sends it with ``Content-Encoding:
    gzip``; None for a body too small to be worth it."""
    return gzip.compress(body, compresslevel=6, mtime=0) if len(body) >= GZIP_AT_LEAST else None


@dataclass
class Served:
    """One response body, serialized once: its bytes, its entity tag, its status,
    and (made on the first request that accepts it) its gzip form. ``check`` is
    what the body was made from beyond its key (the seats' names), so that a
    changed input replaces the entry instead of adding one."""

    body: bytes
    status: int = 200
    check: Hashable = None
    etag: str = ""
    gzipped: bytes | None = field(default=None, repr=False)

    def __post_init__(self) -> None:
        if not self.etag:
            self.etag = '"' + hashlib.sha256(self.body).hexdigest()[:32] + '"'

    @classmethod
    def of_json(cls, data: Any, status: int = 200, check: Hashable = None) -> Served:
        """``data`` as compact JSON bytes."""
        return cls(json_bytes(data), status=status, check=check)

    def size(self) -> int:
        """The bytes this entry holds."""
        return len(self.body) + (len(self.gzipped) if self.gzipped else 0) + 200

    def response(self, request: Request) -> Response:
        """The response to ``request``: 304 when it already has these bytes
        (``If-None-Match``), the gzip form when it accepts gzip, else the body."""
        headers = {"ETag": self.etag, "Vary": "Accept-Encoding", "Cache-Control": "no-cache"}
        if self.status == 200 and self.etag in request.headers.get("if-none-match", ""):
            return Response(status_code=304, headers=headers)
        accepted = request.headers.get("accept-encoding", "")
        if "gzip" in accepted:
            if self.gzipped is None:
                self.gzipped = gzip_form(self.body)
            if self.gzipped is not None:
                headers["Content-Encoding"] = "gzip"
                return Response(
                    self.gzipped, self.status, headers=headers, media_type="application/json"
                )
        return Response(self.body, self.status, headers=headers, media_type="application/json")


class ByteCache:
    """Served bodies by key, the least recently used dropped first once their
    bytes pass ``budget``. One instance is shared by every cache of a server,
    so that their sum is bounded."""

    def __init__(self, budget: int) -> None:
        self.budget = budget
        self.bytes = 0
        self._entries: OrderedDict[Hashable, Served] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: Hashable, check: Hashable = None) -> Served | None:
        """The entry of ``key`` if it was made from ``check``; None otherwise."""
        with self._lock:
            entry = self._entries.get(key)
            if entry is None or entry.check != check:
                return None
            self._entries.move_to_end(key)
            return entry

    def put(self, key: Hashable, entry: Served) -> Served:
        """Keep ``entry`` under ``key`` (replacing one), then drop the oldest
        entries until the budget holds; an entry larger than the whole budget is
        served but not kept."""
        with self._lock:
            old = self._entries.pop(key, None)
            if old is not None:
                self.bytes -= old.size()
            if entry.size() > self.budget:
                return entry
            self._entries[key] = entry
            self.bytes += entry.size()
            while self.bytes > self.budget and self._entries:
                _, dropped = self._entries.popitem(last=False)
                self.bytes -= dropped.size()
            return entry

    def drop(self, predicate: Any) -> None:
        """Forget every entry whose key ``predicate(key)`` is true."""
        with self._lock:
            for key in [key for key in self._entries if predicate(key)]:
                self.bytes -= self._entries.pop(key).size()

    def facts(self) -> dict[str, int]:
        """How many entries and bytes are kept, and the budget."""
        with self._lock:
            return {"entries": len(self._entries), "bytes": self.bytes, "budget": self.budget}


class TooManyRequestsError(WebError):
    """An address spent its budget on a route: 429, with the seconds after which
    it may try again (``Retry-After``)."""

    def __init__(self, message: str, retry_after: float) -> None:
        super().__init__(message, 429, "busy")
        self.retry_after = max(1, int(retry_after + 0.999))


class MinuteBudget:
    """At most ``count`` requests per address in any 60 seconds."""

    WINDOW = 60.0

    def __init__(self, count: int, what: str) -> None:
        self.count = count
        self.what = what
        self._times: dict[str, deque[float]] = {}

    def take(self, address: str, now: float) -> None:
        """Spend one of ``address``'s requests at ``now``, or raise
        :class:`TooManyRequestsError` saying when it may try again."""
        times = self._times.setdefault(address, deque())
        while times and times[0] <= now - self.WINDOW:
            times.popleft()
        if len(times) >= self.count:
            raise TooManyRequestsError(
                f"at most {self.count} {self.what} a minute from one address; "
                "try again in a moment",
                times[0] + self.WINDOW - now,
            )
        times.append(now)
        if len(self._times) > 10000:  # forget the addresses that are quiet now
            for quiet in [key for key, value in self._times.items() if not value]:
                del self._times[quiet]
