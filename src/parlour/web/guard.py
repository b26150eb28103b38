"""The web server's edges: what a request must be before the application sees it.

Everything here runs before a table is touched; the only state it keeps is the
count of each address's recent refusals:

- :func:`parse_json` reads a request body or a WebSocket message as JSON only
  after checking that it is not nested too deep and that no number is too long
  (either would reach Python's recursion or integer limits), and refuses control
  characters and broken surrogates in every string and key, naming the field.
- :class:`HostAllowList` is the ``Host`` header check (against DNS rebinding),
  :func:`origin_allowed` the ``Origin`` check (scheme, host and port).
- :class:`EdgeGuard` is the ASGI middleware that applies them to every request:
  the host, a JSON content type and an allowed origin on every ``POST``, a body
  read in chunks with a size limit and a deadline, and the security headers on
  every response. It also slows an address that keeps being refused
  (:class:`RefusalBudget`): past its refusals of a minute, its requests wait
  their turn, one at a time, :data:`REFUSAL_DELAY` seconds each, so that a
  visitor asking as fast as it is answered (even for refusals, which cost the
  process as much as answers) cannot take the process from everyone else.
- :class:`GuardedHttpToolsProtocol` and :class:`GuardedH11Protocol` are uvicorn's
  HTTP protocols with a deadline for the request headers, which uvicorn itself
  does not have (see :func:`guarded_http_protocol`).
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import json
import logging
import re
import socket
from collections import deque
from collections.abc import Awaitable, Callable, Iterable, Mapping, MutableMapping, Sequence
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

from parlour.core.errors import ParlourError
from parlour.web.limits import ServerLimits

log = logging.getLogger("parlour.web")

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

MAX_JSON_DEPTH = 32
"""Arrays and objects may nest this deep in a body or a message (a table needs 3)."""
MAX_NUMBER_CHARACTERS = 30
"""The longest number, in characters, a body or a message may hold."""
MAX_BODY_BYTES = 16384
"""A request body longer than this is refused (413), counted as it streams in."""
MAX_HEADER_BYTES = 65536
"""The request line and headers of one request may be at most this long (431)."""
HEADER_SECONDS = 5.0
"""A connection must send a request's whole headers within this many seconds of
starting it (or of opening the connection); else it is closed."""
BODY_SECONDS = 10.0
"""A request's whole body must arrive within this many seconds of its headers."""

SECURITY_HEADERS = {
    "Content-Security-Policy": (
        "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; "
        "connect-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
    ),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
}
"""Sent with every response: nothing may load from another host, no other site
may frame the page, and the share links (tokens in the address's fragment) are
never passed on as a referrer."""

LOOPBACK_HOSTS = ("localhost", "127.0.0.1", "::1")
"""Host names a server always answers to."""
WILDCARD_ADDRESSES = ("0.0.0.0", "::", "")
"""Bind addresses that mean every interface of the machine."""


class EdgeError(ParlourError):
    """A request or message refused at the edge, with the HTTP status that says why."""

    def __init__(self, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.status = status


# ----- JSON ----------------------------------------------------------------------------
_JSON_STRING = re.compile(r'"(?:[^"\\]|\\.)*"', re.DOTALL)
_BRACKETS = re.compile(r"[\[\]{}]")
_LONG_NUMBER = re.compile(r"[-+.0-9eE]{" + str(MAX_NUMBER_CHARACTERS + 1) + ",}")


def check_json_shape(text: str, what: str) -> None:
    """Refuse ``text`` when its arrays and objects nest deeper than
    :data:`MAX_JSON_DEPTH` or a number in it is longer than
    :data:`MAX_NUMBER_CHARACTERS`, before any parser recurses into it.

    ``what`` names the text in the sentence ("the request body", "the message")."""
    outside_strings = _JSON_STRING.sub('""', text)
    depth = 0
    for bracket in _BRACKETS.finditer(outside_strings):
        if bracket.group() in "[{":
            depth += 1
            if depth > MAX_JSON_DEPTH:
                raise EdgeError(
                    f"{what} nests arrays or objects deeper than {MAX_JSON_DEPTH} levels"
                )
        else:
            depth -= 1
    if _LONG_NUMBER.search(outside_strings):
        raise EdgeError(f"{what} holds a number longer than {MAX_NUMBER_CHARACTERS} characters")


def _refuse_constant(name: str) -> Any:
    raise EdgeError(f"{name} is not a number this server accepts; send a plain number")


def _finite_float(text: str) -> float:
    value = float(text)
    if value in (float("inf"), float("-inf")):
        raise EdgeError(f"the number {text} is too large")
    return value


def is_refused_character(character: str) -> bool:
    """True for a control character (C0, DEL, C1) or half of a surrogate pair:
    no name, move or option needs one, and a NUL cannot even be stored in
    PostgreSQL."""
    code = ord(character)
    return code < 0x20 or 0x7F <= code <= 0x9F or 0xD800 <= code <= 0xDFFF


def refused_character(text: str) -> str | None:
    """The first refused character of ``text`` (see :func:`is_refused_character`), or None."""
    for character in text:
        if is_refused_character(character):
            return character
    return None


def check_text(text: str, field: str) -> None:
    """Refuse a string holding a control character, naming the field and the character."""
    found = refused_character(text)
    if found is not None:
        raise EdgeError(
            f"{field} holds the control character U+{ord(found):04X}; "
            "no field of this server accepts control characters"
        )


def check_strings(value: object, field: str) -> None:
    """Check every string and key of a parsed JSON value with :func:`check_text`;
    ``field`` is the path of ``value`` for the sentence (``seats[1].name``)."""
    if isinstance(value, str):
        check_text(value, field)
    elif isinstance(value, dict):
        for key, item in value.items():
            path = f"{field}.{key}" if field else str(key)
            check_text(str(key), f"the key {path!r}")
            check_strings(item, path)
    elif isinstance(value, list):
        for index, item in enumerate(value):
            check_strings(item, f"{field}[{index}]")


def parse_json(data: str | bytes, what: str) -> Any:
    """``data`` as JSON, checked at the edge: the shape (:func:`check_json_shape`),
    no ``NaN`` or ``Infinity``, and no control character in any string or key
    (:func:`check_strings`). Every refusal is an :class:`EdgeError` (400) whose
    sentence names ``what`` or the field at fault."""
    if isinstance(data, bytes):
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            raise EdgeError(f"{what} is not UTF-8 text") from None
    else:
        text = data
    check_json_shape(text, what)
    try:
        value = json.loads(text, parse_constant=_refuse_constant, parse_float=_finite_float)
    except json.JSONDecodeError as error:
        raise EdgeError(f"{what} is not JSON: {error}") from None
    except (RecursionError, ValueError) as error:  # a safety net behind the shape check
        raise EdgeError(f"{what} cannot be read as JSON: {type(error).__name__}") from None
    if isinstance(value, dict | list):
        check_strings(value, "")
    else:
        check_strings(value, what)
    return value


# ----- hosts and origins ---------------------------------------------------------------
def host_name_of(host_header: str) -> str | None:
    """The host name of a ``Host`` header, lower case, without its port and
    brackets (``[::1]:8000`` → ``::1``); None when it is not a host."""
    text = host_header.strip().lower()
    if not text or any(character in text for character in "/@?#\\ \t"):
        return None
    if text.startswith("["):
        end = text.find("]")
        if end < 0 or (text[end + 1 :] and not text[end + 1 :].startswith(":")):
            return None
        return text[1:end]
    name, _, port = text.partition(":")
    if port and not port.isdigit():
        return None
    return name.rstrip(".") or None


def is_address(name: str) -> bool:
    """True when ``name`` is an IPv4 or IPv6 address rather than a host name."""
    try:
        ipaddress.ip_address(name)
    except ValueError:
        return False
    return True


@dataclass(frozen=True)
class HostAllowList:
    """The ``Host`` headers a server answers; every other gets a 400.

    A page of a stranger's site can reach a server on a visitor's machine or
    network by pointing its own name at the server's address (DNS rebinding);
    the browser then sends the stranger's name as ``Host``. Names are compared
    without their port. ``any_address`` also allows every IP address written as
    such (a rebinding page always sends a name, never an address); ``anything``
    turns the check off (``--allowed-host '*'``).
    """

    names: frozenset[str]
    any_address: bool = False
    anything: bool = False

    @classmethod
    def of(cls, entries: Iterable[str], *, any_address: bool = False) -> HostAllowList:
        """The list of ``entries`` (names or addresses, ``*`` for all)."""
        names = set()
        anything = False
        for entry in entries:
            text = entry.strip().lower()
            if text == "*":
                anything = True
                continue
            name = host_name_of(text) if text.startswith("[") else text.strip("[]")
            if name:
                names.add(name.rstrip("."))
        return cls(frozenset(names), any_address=any_address, anything=anything)

    @classmethod
    def for_tests(cls) -> HostAllowList:
        """The loopback names and ``testserver`` (the host of Starlette's test client)."""
        return cls.of([*LOOPBACK_HOSTS, "testserver"])

    @classmethod
    def for_server(cls, bound_host: str, listed: Sequence[str] = ()) -> HostAllowList:
        """The default of ``parlour serve --host bound_host``: the loopback names,
        the bound address, and the names given with ``--allowed-host``. Bound to
        every interface (``0.0.0.0``, ``::``), the machine's own names and every
        address written as such are allowed too, so that the LAN can use
        ``http://192.168.1.5:8000/``."""
        entries = [*LOOPBACK_HOSTS, bound_host, *listed]
        wildcard = bound_host.strip("[]") in WILDCARD_ADDRESSES
        if wildcard:
            entries += machine_names()
        return cls.of(entries, any_address=wildcard)

    def allows(self, host_header: str | None) -> bool:
        """Whether a request whose ``Host`` header is ``host_header`` is answered."""
        if self.anything:
            return True
        if host_header is None:
            return False
        name = host_name_of(host_header)
        if name is None:
            return False
        return name in self.names or (self.any_address and is_address(name))

    def describe(self) -> str:
        """The allowed names, for a log line."""
        if self.anything:
            return "every host"
        text = ", ".join(sorted(self.names))
        return text + (" and every IP address" if self.any_address else "")


def machine_names() -> list[str]:
    """This machine's host name, its full name and their ``.local`` form (no
    network: only what the operating system says about itself)."""
    names: list[str] = []
    try:
        short = socket.gethostname()
    except OSError:
        return names
    names += [short, f"{short}.local"]
    with contextlib.suppress(OSError):
        names.append(socket.getfqdn(short))
    return [name for name in names if name]


DEFAULT_PORTS = {"http": 80, "https": 443, "ws": 80, "wss": 443}


def _origin_key(scheme: str, netloc: str) -> tuple[str, str, int] | None:
    """``(scheme, host, port)`` with WebSocket schemes as HTTP ones and the
    default port filled in; None when it cannot be read."""
    scheme = {"ws": "http", "wss": "https"}.get(scheme.lower(), scheme.lower())
    try:
        parts = urlsplit(f"{scheme}://{netloc}")
        port = parts.port
    except ValueError:
        return None
    if parts.hostname is None or scheme not in ("http", "https"):
        return None
    return scheme, parts.hostname.lower(), port or DEFAULT_PORTS[scheme]


def origin_allowed(
    origin: str | None, host: str | None, allowed: Sequence[str], scheme: str = "http"
) -> bool:
    """Whether a request from a page at ``origin`` may act: no ``Origin`` header
    (not a browser), the same scheme, host and port as the request (``scheme``
    and its ``Host`` header), or an origin listed in ``allowed``
    (``--allow-origin``; ``*`` allows every one)."""
    if origin is None:
        return True
    if "*" in allowed or origin.rstrip("/") in {entry.rstrip("/") for entry in allowed}:
        return True
    if not host:
        return False
    parts = urlsplit(origin.strip())
    theirs = _origin_key(parts.scheme, parts.netloc)
    ours = _origin_key(scheme, host.strip())
    return theirs is not None and theirs == ours


# ----- refusals ---------------------------------------------------------------------------
REFUSAL_DELAY = 1.0
"""Seconds each request of an address past its refusals of a minute waits
(one at a time per address) before it is handled."""


class RefusalBudget:
    """The refusals (answers 400–499) each address got in the last minute, and
    the turn its requests take once it has had more than ``per_minute``."""

    WINDOW = 60.0
    MOST_ADDRESSES = 10000
    """Beyond this many addresses, those with no recent refusal are forgotten."""

    def __init__(self, per_minute: int, delay: float = REFUSAL_DELAY) -> None:
        self.per_minute = per_minute
        self.delay = delay
        self.slowed = 0
        """Requests slowed since the start (``GET /api/server``)."""
        self._times: dict[str, deque[float]] = {}
        self._turns: dict[str, asyncio.Lock] = {}

    def note(self, address: str, now: float) -> None:
        """Count one refusal of ``address`` at ``now``."""
        times = self._times.setdefault(address, deque())
        times.append(now)
        if len(times) > 2 * self.per_minute:
            times.popleft()
        if len(self._times) > self.MOST_ADDRESSES:
            for quiet in [
                key
                for key, value in self._times.items()
                if not value or value[-1] <= now - self.WINDOW
            ]:
                del self._times[quiet]
                self._turns.pop(quiet, None)
            while len(self._times) > self.MOST_ADDRESSES:  # the oldest go first
                oldest = next(iter(self._times))
                del self._times[oldest]
                self._turns.pop(oldest, None)

    def over(self, address: str, now: float) -> bool:
        """Whether ``address`` had more than its refusals in the minute before ``now``."""
        times = self._times.get(address)
        if not times:
            return False
        while times and times[0] <= now - self.WINDOW:
            times.popleft()
        return len(times) > self.per_minute

    async def wait_turn(self, address: str) -> None:
        """Wait, one request of ``address`` at a time, :attr:`delay` seconds."""
        self.slowed += 1
        turn = self._turns.setdefault(address, asyncio.Lock())
        async with turn:
            await asyncio.sleep(self.delay)


# ----- the middleware ------------------------------------------------------------------
def _header(scope: Scope, name: bytes) -> str | None:
    for key, value in scope.get("headers", []):
        if key.lower() == name:
            return bytes(value).decode("latin-1")
    return None


def _json_answer(status: int, message: str, *, close: bool = False) -> tuple[Message, Message]:
    body = json.dumps({"error": message}).encode()
    headers = [
        (b"content-type", b"application/json"),
        (b"content-length", str(len(body)).encode()),
        *((key.lower().encode(), value.encode()) for key, value in SECURITY_HEADERS.items()),
    ]
    if close:
        headers.append((b"connection", b"close"))
    return (
        {"type": "http.response.start", "status": status, "headers": headers},
        {"type": "http.response.body", "body": body},
    )


class EdgeGuard:
    """The ASGI middleware in front of the application (see the module's text).

    ``hosts`` is the ``Host`` allow-list, ``allow_origins`` the ``--allow-origin``
    list; ``max_body_bytes`` and ``body_seconds`` bound each request body.
    """

    def __init__(
        self,
        app: ASGIApp,
        *,
        hosts: HostAllowList,
        allow_origins: Sequence[str] = (),
        max_body_bytes: int = MAX_BODY_BYTES,
        body_seconds: float = BODY_SECONDS,
        refusals: RefusalBudget | None = None,
    ) -> None:
        self.app = app
        self.hosts = hosts
        self.allow_origins = tuple(allow_origins)
        self.max_body_bytes = max_body_bytes
        self.body_seconds = body_seconds
        if refusals is None:
            refusals = RefusalBudget(ServerLimits().refusals_per_minute)
        self.refusals = refusals

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            await self.http(scope, receive, send)
        elif scope["type"] == "websocket":
            await self.websocket(scope, receive, send)
        else:
            await self.app(scope, receive, send)

    async def refuse(self, send: Send, status: int, message: str, *, close: bool = False) -> None:
        """Answer ``{"error": message}`` with ``status`` (and close the connection)."""
        start, body = _json_answer(status, message, close=close)
        await send(start)
        await send(body)

    async def http(self, scope: Scope, receive: Receive, send: Send) -> None:
        """An HTTP request: its address's turn if it keeps being refused, then
        the host, the content type and origin of a POST, then the body, read
        here in chunks; the application gets it whole. Every answer 400–499 is
        counted against the address."""
        client = scope.get("client")
        address = str(client[0]) if client else ""
        refusals = self.refusals
        loop = asyncio.get_running_loop()
        if refusals.over(address, loop.time()):
            await refusals.wait_turn(address)

        async def counted(message: Message) -> None:
            if message["type"] == "http.response.start" and 400 <= int(message["status"]) < 500:
                refusals.note(address, loop.time())
            await send(message)

        await self.checked_http(scope, receive, counted)

    async def checked_http(self, scope: Scope, receive: Receive, send: Send) -> None:
        """The checks of :meth:`http` after the address's turn."""
        host = _header(scope, b"host")
        if not self.hosts.allows(host):
            log.warning("a request for another host was refused: %r", (host or "")[:100])
            await self.refuse(send, 400, self.host_sentence(host), close=True)
            return
        if scope.get("method") == "POST":
            refusal = self.post_refusal(scope, host)
            if refusal is not None:
                await self.refuse(send, *refusal, close=True)
                return
        try:
            body = await self.read_body(scope, receive)
        except EdgeError as error:
            await self.refuse(send, error.status, str(error), close=True)
            return
        if body is None:  # the client left
            return
        delivered = False

        async def replay() -> Message:
            nonlocal delivered
            if not delivered:
                delivered = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                add_security_headers(message)
            await send(message)

        await self.app(scope, replay, send_with_headers)

    @staticmethod
    def host_sentence(host: str | None) -> str:
        """The refusal of a request for a host this server does not answer."""
        shown = repr((host or "")[:100]) if host else "no Host header"
        return (
            f"this server does not answer to the host {shown}; its address is set by "
            "its operator (parlour serve --allowed-host NAME)"
            if host
            else "a request needs a Host header naming this server"
        )

    def post_refusal(self, scope: Scope, host: str | None) -> tuple[int, str] | None:
        """Why a POST is refused (status and sentence), or None: it must say its
        body is JSON, and come from this server's own pages if from a browser."""
        content_type = (_header(scope, b"content-type") or "").split(";", 1)[0].strip().lower()
        if content_type != "application/json":
            shown = repr(content_type) if content_type else "none"
            return 415, (
                f"a POST must send a JSON body with Content-Type: application/json "
                f"(this one said {shown})"
            )
        origin = _header(scope, b"origin")
        if not origin_allowed(origin, host, self.allow_origins, scope.get("scheme", "http")):
            log.warning("a POST from another origin was refused: %r", (origin or "")[:100])
            return 403, (
                "this server accepts requests only from its own pages; a server "
                "behind a reverse proxy lists other origins with --allow-origin"
            )
        return None

    async def read_body(self, scope: Scope, receive: Receive) -> bytes | None:
        """The whole body, refused by its ``Content-Length`` first, then counted
        as it streams in (413 as soon as it is too long, 408 when it takes longer
        than the deadline); None when the client left."""
        length = _header(scope, b"content-length")
        if length is not None:
            if not length.strip().isdigit():
                raise EdgeError("the Content-Length header is not a whole number")
            if int(length) > self.max_body_bytes:
                raise EdgeError(f"the request body is over {self.max_body_bytes} bytes", 413)
        chunks: list[bytes] = []
        size = 0
        deadline = asyncio.get_running_loop().time() + self.body_seconds
        while True:
            remaining = deadline - asyncio.get_running_loop().time()
            try:
                message = await asyncio.wait_for(receive(), max(remaining, 0.0))
            except TimeoutError:
                raise EdgeError(
                    f"the request body did not arrive within {self.body_seconds:g} seconds", 408
                ) from None
            if message["type"] == "http.disconnect":
                return None
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > self.max_body_bytes:
                raise EdgeError(f"the request body is over {self.max_body_bytes} bytes", 413)
            chunks.append(chunk)
            if not message.get("more_body", False):
                return b"".join(chunks)

    async def websocket(self, scope: Scope, receive: Receive, send: Send) -> None:
        """A WebSocket: refused before the handshake when its host is not
        allowed (a 400 answer where the server can send one, else a close)."""
        host = _header(scope, b"host")
        if self.hosts.allows(host):
            await self.app(scope, receive, send)
            return
        log.warning("a WebSocket for another host was refused: %r", (host or "")[:100])
        await receive()  # websocket.connect
        if "websocket.http.response" in scope.get("extensions", {}):
            start, body = _json_answer(400, self.host_sentence(host))
            start["type"] = "websocket.http.response.start"
            body["type"] = "websocket.http.response.body"
            await send(start)
            await send(body)
        else:
            await send({"type": "websocket.close", "code": 1008, "reason": "host not allowed"})


def add_security_headers(message: Message) -> None:
    """Add :data:`SECURITY_HEADERS` to a response's start message, keeping any
    the application set itself."""
    headers = list(message.get("headers", []))
    present = {bytes(key).lower() for key, _ in headers}
    for key, value in SECURITY_HEADERS.items():
        if key.lower().encode() not in present:
            headers.append((key.lower().encode(), value.encode()))
    message["headers"] = headers


# ----- the header deadline in uvicorn ---------------------------------------------------
def guarded_http_protocol(
    header_seconds: float = HEADER_SECONDS, max_header_bytes: int = MAX_HEADER_BYTES
) -> type[asyncio.Protocol]:
    """uvicorn's HTTP protocol (httptools, else h11) with a deadline and a size
    limit for each request's headers, to pass as ``uvicorn.Config(http=…)``.

    uvicorn has a keep-alive time-out between requests but none while a request's
    headers arrive, so a client that sends half its headers (or nothing) keeps
    its connection for as long as it likes; a few hundred such clients hold
    every file descriptor of the process."""
    try:
        import httptools  # noqa: F401
    except ImportError:
        base: type[asyncio.Protocol] = GuardedH11Protocol
    else:
        base = GuardedHttpToolsProtocol
    return type(
        base.__name__,
        (base,),
        {"header_seconds": header_seconds, "max_header_bytes": max_header_bytes},
    )


class _HeaderDeadline:
    """The timer shared by both guarded protocols."""

    header_seconds: float = HEADER_SECONDS
    max_header_bytes: int = MAX_HEADER_BYTES
    transport: asyncio.Transport
    loop: asyncio.AbstractEventLoop
    _header_timer: asyncio.TimerHandle | None = None
    _header_bytes: int = 0

    def _arm_header_deadline(self) -> None:
        if self._header_timer is None:
            self._header_bytes = 0
            self._header_timer = self.loop.call_later(self.header_seconds, self._headers_too_slow)

    def _cancel_header_deadline(self) -> None:
        if self._header_timer is not None:
            self._header_timer.cancel()
            self._header_timer = None

    def _headers_too_slow(self) -> None:
        self._header_timer = None
        if not self.transport.is_closing():
            log.info("a connection that did not finish its request headers was closed")
            self._refuse_headers(408, "Request Timeout", "the request headers took too long")

    def _count_header_bytes(self, data: bytes) -> bool:
        """Count bytes received while headers are awaited; False (after a 431)
        when they are too many."""
        if self._header_timer is None:
            return True
        self._header_bytes += len(data)
        if self._header_bytes <= self.max_header_bytes:
            return True
        self._cancel_header_deadline()
        self._refuse_headers(
            431, "Request Header Fields Too Large", "the request headers are too long"
        )
        return False

    def _refuse_headers(self, status: int, phrase: str, message: str) -> None:
        body = json.dumps({"error": message}).encode()
        self.transport.write(
            b"HTTP/1.1 %d %s\r\ncontent-type: application/json\r\n"
            b"content-length: %d\r\nconnection: close\r\n\r\n%s"
            % (status, phrase.encode(), len(body), body)
        )
        self.transport.close()


try:
    from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol
except ImportError:  # pragma: no cover - uvicorn[standard] brings httptools
    HttpToolsProtocol = None  # type: ignore[assignment,misc]

from uvicorn.protocols.http.h11_impl import H11Protocol  # noqa: E402

if HttpToolsProtocol is not None:

    class GuardedHttpToolsProtocol(_HeaderDeadline, HttpToolsProtocol):
        """uvicorn's httptools protocol with a deadline for each request's headers:
        armed when the connection opens and when a request begins, cancelled once
        its headers are complete."""

        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            super().connection_made(transport)
            self._arm_header_deadline()

        def data_received(self, data: bytes) -> None:
            if not self._count_header_bytes(data):
                return
            super().data_received(data)

        def on_message_begin(self) -> None:
            super().on_message_begin()
            self._arm_header_deadline()

        def on_headers_complete(self) -> None:
            self._cancel_header_deadline()
            super().on_headers_complete()

        def connection_lost(self, exc: Exception | None) -> None:
            self._cancel_header_deadline()
            super().connection_lost(exc)


class GuardedH11Protocol(_HeaderDeadline, H11Protocol):
    """uvicorn's h11 protocol with a deadline for each request's headers: armed
    while the connection waits for a request, cancelled once one has begun."""

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._arm_header_deadline()

    def data_received(self, data: bytes) -> None:
        super().data_received(data)
        if self.transport.is_closing():
            self._cancel_header_deadline()
            return
        import h11

        waiting = self.cycle is None or self.cycle.response_complete
        if waiting and self.conn.their_state is h11.IDLE:
            self._arm_header_deadline()
        else:
            self._cancel_header_deadline()

    def connection_lost(self, exc: Exception | None) -> None:
        self._cancel_header_deadline()
        super().connection_lost(exc)


# ----- a WebSocket the server can drop -------------------------------------------------
ABORT_EXTENSION = "parlour.abort"
"""The scope extension through which the guarded WebSocket protocol lets the
application drop a connection at once (``{"abort": callable}``)."""


def guarded_websocket_protocol() -> type[asyncio.Protocol] | str:
    """uvicorn's WebSocket protocol (websockets, sans-I/O) with a way for the
    application to drop a connection at once, to pass as ``uvicorn.Config(ws=…)``;
    ``"auto"`` when that protocol is not installed.

    A client that never reads cannot be sent a close frame: the transport's
    buffer is full, and closing waits for it to drain for ever. The hub then
    drops the connection through the scope's :data:`ABORT_EXTENSION`."""
    try:
        from uvicorn.protocols.websockets.websockets_sansio_impl import (
            WebSocketsSansIOProtocol,
        )
    except ImportError:  # pragma: no cover - another WebSocket library
        return "auto"

    class AbortableWebSocketProtocol(WebSocketsSansIOProtocol):
        """Adds ``scope["extensions"]["parlour.abort"]["abort"]``: drop the
        connection now, without waiting for the client."""

        def handle_connect(self, event: Any) -> None:
            super().handle_connect(event)
            scope = getattr(self, "scope", None)
            if isinstance(scope, dict):
                scope.setdefault("extensions", {})[ABORT_EXTENSION] = {
                    "abort": self.transport.abort
                }

    return AbortableWebSocketProtocol


def abort_of(scope: Mapping[str, Any]) -> Callable[[], None] | None:
    """The function that drops this WebSocket at once, when the server offers one."""
    extension = (scope.get("extensions") or {}).get(ABORT_EXTENSION)
    if isinstance(extension, dict) and callable(extension.get("abort")):
        return extension["abort"]  # type: ignore[no-any-return]
    return None
