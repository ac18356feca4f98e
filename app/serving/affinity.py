"""A table's requests and event streams served by one worker of the host: the worker its code names.

A host's workers share one listening socket, so any of them may accept a phone's connection, and gunicorn has no
setting that routes by what a request names. Left so, a table's phones spread over every worker, and each worker
follows the table: it hears and reads each of its events, folds them, draws or reads the table's part for its own
streams, and answers a claim with a fold that is behind and memos that are cold. So a worker that reads a request
line naming a table (`/tables/<code>/…`, `/api/v1/tables/<code>/…`) owned by another worker of the host hands it
the connection, before reading a byte of it: the line is peeked, not consumed, and the socket goes over a Unix
socket (SCM_RIGHTS) to the owner, who serves it as if it had accepted it. The rest of the connection's requests
are the owner's too; one naming another table moves on again, at most once a request.

The owner of a table is slot `crc32(code) % workers`. A worker claims the first free slot by locking its file in
the host's shared folder (app/serving/host_folder.py) and binds that slot's socket there; the kernel lets the lock
go when the worker ends, and its replacement claims the slot. A worker that finds every slot taken (workers added
by a signal, or started by a reload while the old ones finish) owns no table, hands over what it can, and looks for
a free slot again at each beat of its loop.

Nothing depends on the hand-over but speed: when the owner cannot take a connection (gone, not bound yet, its queue
full, the request line not all arrived, bytes of the next request already read), the worker serves it itself.
"""

from __future__ import annotations

import array
import fcntl
import json
import os
import re
import socket
import zlib
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import unquote_to_bytes

from tables.codes import read_code

__all__ = ["PEEK_BYTES", "Affinity", "owner_slot", "table_of"]

PEEK_BYTES = 512  # a request line naming a table fits: the method, the path, the version
RECEIVED_PER_WAKE = 64  # connections taken from the slot's socket in one wake of the worker's loop
# Method, then a table's path: the pages' `/tables/<code>…`, the API's `/api/v1/tables/<code>…`.
TABLE_LINE = re.compile(rb"[A-Z]{1,16} /(?:api/v1/)?tables/([^/?# \r\n]{1,32})")


def table_of(head: bytes) -> str | None:
    """The table code a request's first bytes name in their request line (whole, its end read), or None."""
    end = head.find(b"\n")
    if end < 0:
        return None
    found = TABLE_LINE.match(head, 0, end)
    if found is None:
        return None
    return read_code(unquote_to_bytes(found.group(1)).decode("latin-1"))


def owner_slot(code: str, slots: int) -> int:
    """The slot of the worker that serves the table `code` on a host of `slots` workers."""
    return zlib.crc32(code.encode("ascii")) % slots


def _text(value) -> str:
    """A Unix socket's address (bytes, for an unnamed one) as JSON can carry it."""
    return value.decode("latin-1") if isinstance(value, bytes) else str(value)


class Affinity:
    """One worker's side: the slot it claimed (if any), its socket there, and the hand-over to other slots."""

    def __init__(self, folder: Path, slots: int):
        self.folder = folder
        self.slots = slots
        self.slot: int | None = None
        self.inbox: socket.socket | None = None
        self._lock_fd: int | None = None
        self._out = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)

    def path(self, slot: int) -> str:
        return str(self.folder / f"worker-{slot}.sock")

    def claim(self) -> bool:
        """Claim the first free slot and bind its socket (non-blocking); whether this worker now owns a slot."""
        if self.slot is not None:
            return True
        for slot in range(self.slots):
            fd = os.open(self.folder / f"worker-{slot}.lock", os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o600)
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError:
                os.close(fd)
                continue
            inbox = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
            try:
                Path(self.path(slot)).unlink(missing_ok=True)  # the socket of the slot's last worker, gone
                inbox.bind(self.path(slot))
            except OSError:  # a path too long for a Unix socket: this host serves without affinity
                inbox.close()
                os.close(fd)
                return False
            inbox.setblocking(False)
            self.slot, self.inbox, self._lock_fd = slot, inbox, fd
            return True
        return False

    def owner(self, code: str) -> int | None:
        """The slot to hand a request for `code` to, or None when it is this worker's own."""
        slot = owner_slot(code, self.slots)
        return None if slot == self.slot else slot

    def hand_over(self, sock: socket.socket, slot: int, client, server) -> bool:
        """Send the connection `sock` to `slot`'s worker, with its client's and server's addresses; whether it was
        sent (the caller then closes its own descriptor of it, with no shutdown: the connection is the owner's)."""
        note = json.dumps([client, server], default=_text).encode()
        try:
            # `sendmsg`, not `socket.send_fds`, which drops its flags and address before Python 3.12.
            rights = [(socket.SOL_SOCKET, socket.SCM_RIGHTS, array.array("i", [sock.fileno()]))]
            self._out.sendmsg([note], rights, socket.MSG_DONTWAIT, self.path(slot))
        except OSError:  # no such worker now, or its queue is full
            return False
        return True

    def receive(self) -> Iterator[tuple[socket.socket, object, object]]:
        """The connections handed to this worker and waiting: (socket, client address, server address) each."""
        if self.inbox is None:
            return
        for _ in range(RECEIVED_PER_WAKE):
            try:
                note, fds, flags, _ = socket.recv_fds(self.inbox, 4096, 1, socket.MSG_DONTWAIT)
            except OSError:  # nothing waiting (or the socket closed by a quick shutdown)
                return
            if not fds:
                continue
            sock = socket.socket(fileno=fds[0])
            if flags & (socket.MSG_CTRUNC | socket.MSG_TRUNC):
                sock.close()
                continue
            client, server = (tuple(each) if isinstance(each, list) else each for each in json.loads(note))
            yield sock, client, server

    def leave(self) -> None:
        """Stop being found by other workers (a stopping worker): its slot's socket is removed; what was already
        handed to it is still received."""
        if self.inbox is not None:  # the slot's lock is this worker's until it ends: so is the path
            Path(self.path(self.slot)).unlink(missing_ok=True)
