"""bench/tables.py's client side of HTTP: a small HTTP/1.1 client over asyncio streams, and the phones' addresses.

Kept small and cheap on purpose: the client shares the machine's cores with the
server, so it parses no more than it needs (a status line, headers, a body read
whole), and a received body is kept as bytes.
"""

from __future__ import annotations

import asyncio
import gc
import gzip
import json
import re
import time
from contextlib import contextmanager
from dataclasses import dataclass
from urllib.parse import urlencode, urlsplit

REQUEST_TIMEOUT = 10.0  # seconds: a request not answered by then is an error
# A page's browser waits far longer than an API client before it gives up; past this the bench counts a page
# request failed (and tables.js tries it again).
PAGE_TIMEOUT = 30.0


async def read_head(reader: asyncio.StreamReader) -> tuple[int, dict[str, str]]:
    """An answer's status and headers (names lowercased); several Set-Cookie headers are kept one a line."""
    line = await reader.readline()
    if not line:
        raise ConnectionError("closed before an answer")
    status = int(line.split(b" ", 2)[1])
    headers: dict[str, str] = {}
    while True:
        line = await reader.readline()
        if line in (b"\r\n", b"\n", b""):
            return status, headers
        name, _, value = line.decode("latin-1").partition(":")
        name, value = name.strip().lower(), value.strip()
        headers[name] = f"{headers[name]}\n{value}" if name == "set-cookie" and name in headers else value


async def body_parts(reader: asyncio.StreamReader, headers: dict[str, str]):
    """Yield an answer's body as it arrives: by Content-Length, chunked, or up to the end of the connection."""
    if "content-length" in headers:
        yield await reader.readexactly(int(headers["content-length"]))
    elif headers.get("transfer-encoding", "").lower() == "chunked":
        while True:
            size = int((await reader.readline()).split(b";")[0], 16)
            if size == 0:
                await reader.readline()
                return
            data = await reader.readexactly(size + 2)
            yield data[:-2]
    else:
        while data := await reader.read(65536):
            yield data


def phone(number: int) -> str:
    """The loopback address of phone `number` (127.1.0.1 on): each phone is a client address of its own.

    The service counts join attempts per client address (app/serving/limiter.py: 10 a
    minute, 20 at once, per worker), so 1,000 phones joining from one address
    would be refused as a guesser; Linux routes all of 127.0.0.0/8 to loopback.
    """
    return f"127.1.{number // 250}.{number % 250 + 1}"


class Connection:
    """One kept-alive HTTP/1.1 connection, from `local` (an address) if given; reopened when the server closed it."""

    def __init__(self, port: int, local: str | None = None):
        self.port = port
        self.local = (local, 0) if local else None
        self.reader = self.writer = None
        self.connecting = 0.0  # seconds the last request waited for its connection to open (0: one kept alive)

    async def request(self, method: str, path: str, body=None, token: str | None = None):
        """Send one request; return (status, parsed JSON or None, monotonic time the request was written)."""
        payload = json.dumps(body).encode() if body is not None else b""
        head = f"{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: {len(payload)}\r\n"
        if body is not None:
            head += "Content-Type: application/json\r\n"
        if token:
            head += f"Authorization: Bearer {token}\r\n"
        status, _, answer, sent = await self.exchange(head.encode() + b"\r\n" + payload)
        try:
            return status, json.loads(answer) if answer else None, sent
        except ValueError:
            return status, answer.decode("utf-8", "replace"), sent

    async def exchange(self, data: bytes) -> tuple[int, dict[str, str], bytes, float]:
        """Write one request (`data`, head and body) and read its answer whole: (status, headers, body, sent)."""
        self.connecting = 0.0
        for attempt in (1, 2):  # a kept-alive connection the server closed meanwhile fails at once: open another
            if self.writer is None:
                began = time.monotonic()
                self.reader, self.writer = await asyncio.open_connection("127.0.0.1", self.port, local_addr=self.local)
                self.connecting += time.monotonic() - began
            sent = time.monotonic()
            try:
                self.writer.write(data)
                status, headers = await read_head(self.reader)
                answer = b"".join([part async for part in body_parts(self.reader, headers)])
            except (ConnectionError, asyncio.IncompleteReadError):
                self.close()
                if attempt == 2:
                    raise
                continue
            if headers.get("connection", "").lower() == "close":
                self.close()
            return status, headers, answer, sent
        raise AssertionError("unreachable")

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
        self.reader = self.writer = None


class Connections:
    """Kept-alive connections handed out first in, first out (so none idles past the keep-alive)."""

    def __init__(self, port: int, size: int):
        self.port = port
        self.free: asyncio.Queue[Connection] = asyncio.Queue()
        for _ in range(size):
            self.free.put_nowait(Connection(port))

    async def request(self, *args, **kwargs):
        """`Connection.request` on the next free connection; TimeoutError after REQUEST_TIMEOUT seconds."""
        connection = await self.free.get()
        try:
            return await asyncio.wait_for(connection.request(*args, **kwargs), REQUEST_TIMEOUT)
        except TimeoutError:
            connection.close()
            raise
        finally:
            self.free.put_nowait(connection)

    def close(self) -> None:
        while not self.free.empty():
            self.free.get_nowait().close()


@contextmanager
def collector_held_off():
    """Python's cyclic garbage collector off in a client process while it measures (every client process).

    The client keeps every claim's answer and every event a stream received,
    for the report: a full collection over them took 120-210 ms in the claims
    process and the stream process (measured with gc.callbacks, 40 s runs),
    during which that process reads and stamps nothing, so the server's
    latencies grew by the client's pauses (the claims' schedule fell 200 ms
    behind at p99). A phase's cyclic garbage is collected after it.
    """
    gc.collect()
    gc.freeze()
    gc.disable()
    try:
        yield
    finally:
        gc.enable()
        gc.unfreeze()


# --- a phone's browser: its address, its cookies, its kept-alive connections -------------------


@dataclass
class Answer:
    """One answered request: status, headers, body, when the request was written and when its body was read."""

    status: int
    headers: dict[str, str]
    body: bytes
    sent: float
    answered: float
    connecting: float = 0.0  # seconds it waited, before it was sent, for a connection to open


class Browser:
    """What a phone's browser does over HTTP for the pages: one client address of its own, the cookies the service
    set (every one sent back: a phone here only visits its own table's pages), and kept-alive connections reused
    most recent first, a second one opened when a request is on its way on the first (a fetch during a claim)."""

    def __init__(self, port: int, address: str | None):
        self.port = port
        self.address = address
        self.cookies: dict[str, str] = {}
        self.idle: list[Connection] = []

    def keep(self, set_cookie: str) -> None:
        """Take the Set-Cookie lines of an answer; a cookie set empty or with Max-Age=0 is deleted."""
        for line in set_cookie.split("\n"):
            pair, *attributes = line.split(";")
            name, _, value = pair.strip().partition("=")
            if not value or any(a.strip().lower() == "max-age=0" for a in attributes):
                self.cookies.pop(name, None)
            else:
                self.cookies[name] = value

    def head(self, method: str, path: str, extra: str = "") -> str:
        """A request's head up to its last header, with this browser's cookies."""
        head = f"{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n{extra}"
        if self.cookies:
            head += "Cookie: " + "; ".join(f"{name}={value}" for name, value in self.cookies.items()) + "\r\n"
        return head

    async def request(
        self, method: str, path: str, form: dict[str, str] | None = None, script=False, parts: str | None = None
    ) -> Answer:
        """GET a page, or POST a form (urlencoded, as a browser sends it); redirects are not followed here.
        `script`: sent by the page's script (tables.js), which asks for a table page's own answer (no layout; after
        an action, the page itself: app/pages/tables.py, FRAGMENT_HEADER); else as the browser loads a page.
        `parts`: the own part keys the page shows, sent with its action (PARTS_HEADER): the answer is then the
        table's part when the action left them as they were."""
        payload = urlencode(form).encode() if form is not None else b""
        # Every browser accepts gzip, and the service gzips a page for one that does (app/assets.py).
        extra = "Accept: text/html\r\nAccept-Encoding: gzip, deflate\r\n" + (f"{SCRIPT_HEADER}\r\n" if script else "")
        head = self.head(method, path, extra + (f"{PARTS_HEADER}: {parts}\r\n" if parts is not None else ""))
        if form is not None:
            head += "Content-Type: application/x-www-form-urlencoded\r\n"
        head += f"Content-Length: {len(payload)}\r\n\r\n"
        connection = self.idle.pop() if self.idle else Connection(self.port, self.address)
        try:
            status, headers, body, sent = await asyncio.wait_for(
                connection.exchange(head.encode() + payload), PAGE_TIMEOUT
            )
        except BaseException:
            connection.close()
            raise
        if connection.writer is not None:
            self.idle.append(connection)
        if "set-cookie" in headers:
            self.keep(headers["set-cookie"])
        if headers.get("content-encoding") == "gzip":
            body = gzip.decompress(body)
        return Answer(status, headers, body, sent, time.monotonic(), connection.connecting)

    def close(self) -> None:
        for connection in self.idle:
            connection.close()
        self.idle = []


def location(answer: Answer) -> str:
    """A redirect's target as a path and query (its fragment dropped: a browser never sends it)."""
    target = urlsplit(answer.headers.get("location", ""))
    return target.path + (f"?{target.query}" if target.query else "")


# What tables.js sends with each request it makes (app/pages/tables.py, FRAGMENT_HEADER).
SCRIPT_HEADER = "Table-Page: fragment"
PARTS_HEADER = "Table-Parts"
FIELD = re.compile(rb'name="(csrf_token|request_id)" value="([^"]*)"')
SEQ = re.compile(rb'id="table"[^>]*?data-seq="(\d+)"')


def form_fields(body: bytes) -> dict[str, str]:
    """A page's first csrf_token and request_id, as its forms carry them (the hidden fields of every table form)."""
    found: dict[str, str] = {}
    for name, value in FIELD.findall(body):
        found.setdefault(name.decode(), value.decode())
    return found


async def stream_opened(reader, writer, head: str, last_id: int | None, stats) -> dict[str, str] | None:
    """Send an event stream's request (`head`, resumed after `last_id` as EventSource does) and read its answer's
    head: its headers, or None when it was refused (counted in `stats`, its Retry-After waited out)."""
    if last_id is not None:
        head += f"Last-Event-ID: {last_id}\r\n"
    writer.write(head.encode() + b"\r\n")
    status, headers = await read_head(reader)
    if status != 200:
        stats[f"refused {status}"] += 1
        writer.close()
        await asyncio.sleep(float(headers.get("retry-after", "1") or 1))
        return None
    return headers


LIVE_URL = re.compile(rb'id="table"[^>]*?data-live-url="([^"]*)"')
PARTS = re.compile(rb'id="table"[^>]*?data-parts="([^"]*)"')


# An event stream's fields, read a message at a time (a part message is a few hundred `data:` lines, which a loop
# over lines in Python would pay for on every screen; a browser's EventSource parses them natively).
_DATA = re.compile(rb"^data: ?(.*)$", re.M)
_EVENT = re.compile(rb"^event: ?(.*)$", re.M)
_ID = re.compile(rb"^id: ?(.*)$", re.M)


def sse_messages(buffer: bytes) -> tuple[list[tuple[bytes, int | None, bytes | None]], bytes]:
    """The complete messages at the start of an event stream's `buffer` as (type, id, data), and what is left of
    it: as EventSource reads them, a message ending at a blank line; data None for a message with no `data:` line
    (a comment, a keep-alive), which EventSource does not dispatch."""
    if b"\r" in buffer:  # CRLF or CR line ends; a CR last may be the first half of a CRLF: kept for the next chunk
        held = b"\r" if buffer.endswith(b"\r") else b""
        buffer = buffer[: len(buffer) - len(held)].replace(b"\r\n", b"\n").replace(b"\r", b"\n") + held
    *whole, rest = buffer.split(b"\n\n")
    messages = []
    for message in whole:
        # The fields before the first `data:` line, then the data: at once when every line after is a data line
        # (what this service sends), else line by line.
        start = 0 if message.startswith(b"data:") else message.find(b"\ndata:") + 1 or len(message)
        head, body = message[:start], message[start:]
        if body and body.count(b"\n") == body.count(b"\ndata:"):
            data = (body[6:] if body.startswith(b"data: ") else body[5:]).replace(b"\ndata: ", b"\n")
            if b"\ndata:" in data:  # a line spelled `data:x`, without the space
                data = b"\n".join(_DATA.findall(body))
        else:
            lines = _DATA.findall(body)
            data = b"\n".join(lines) if lines else None
            head = message
        kind = _EVENT.search(head)
        number = _ID.search(head)
        messages.append(
            (
                kind.group(1).strip() if kind else b"",
                int(number.group(1).strip()) if number else None,
                data,
            )
        )
    return messages, rest


def live_url(body: bytes) -> str:
    """Where a page fetches the table's part (`data-live-url` on #table), "" for a page fetched again whole."""
    found = LIVE_URL.search(body)
    return found.group(1).decode() if found else ""


def part_keys(body: bytes) -> dict[str, str]:
    """The part keys a page (its own) or the table's part (every phone's) lists in #table's `data-parts`."""
    found = PARTS.search(body)
    pairs = found.group(1).decode().split() if found else []
    return dict(pair.split(":", 1) for pair in pairs if ":" in pair)


def is_part(body: bytes) -> bool:
    """Whether an answer is the table's part (the /live answer), not a page: its #table follows no stream."""
    return b'id="table"' in body and b"data-events=" not in body


def page_seq(body: bytes) -> int:
    """The seq of the table's state a page shows (`data-seq` on #table, what tables.js compares); -1 if none."""
    found = SEQ.search(body)
    return int(found.group(1)) if found else -1
