"""A table's requests served by one worker of the host (app/serving/affinity.py): the request line read, the
connection handed to the table's worker, and everything else served where it landed."""

from __future__ import annotations

import os
import re
import socket
import threading

import requests
from hypothesis import given
from hypothesis import strategies as st
from service_helpers import GunicornServer, wait_for_slots

from app.serving.affinity import Affinity, owner_slot, table_of
from app.serving.host_folder import HOST_FOLDER_ENV
from tables.codes import CODE_ALPHABET, CODE_LENGTH

codes = st.text(alphabet=CODE_ALPHABET, min_size=CODE_LENGTH, max_size=CODE_LENGTH)


@given(
    code=codes,
    method=st.sampled_from(["GET", "POST", "HEAD"]),
    api=st.booleans(),
    rest=st.sampled_from(["", "/", "/play", "/events?after=3", "/claims", "?x=1"]),
)
def test_a_request_line_names_its_table_in_either_case_and_either_path(code, method, api, rest):
    path = f"{'/api/v1' if api else ''}/tables/{code.lower()}{rest}"
    assert table_of(f"{method} {path} HTTP/1.1\r\nHost: x\r\n\r\n".encode()) == code


@given(head=st.binary(max_size=600))
def test_any_bytes_name_a_table_or_none_and_never_raise(head):
    found = table_of(head)
    assert found is None or (len(found) == CODE_LENGTH and set(found) <= set(CODE_ALPHABET))


def test_no_table_is_named_by_other_paths_or_by_a_line_not_all_arrived():
    assert table_of(b"GET /tables HTTP/1.1\r\n") is None  # the tables' own page
    assert table_of(b"GET /api/v1/health HTTP/1.1\r\n") is None
    assert table_of(b"GET /static/tables/ABCDEF HTTP/1.1\r\n") is None
    assert table_of(b"GET /tables/ABCDEF/pl") is None  # the line's end not read yet
    assert table_of(b"GET /tables/NOTACODE/play HTTP/1.1\r\n") is None
    assert table_of(b"GET /tables/AB%43DEF/play HTTP/1.1\r\n") == "ABCDEF"  # percent-encoded, as the app reads it


@given(code=codes, slots=st.integers(1, 16))
def test_every_table_has_one_owner_among_the_slots(code, slots):
    assert 0 <= owner_slot(code, slots) < slots
    typed = table_of(f"GET /tables/{code.lower()}/play HTTP/1.1\r\n".encode())
    assert owner_slot(typed, slots) == owner_slot(code, slots)  # a code typed in lower case reaches the same worker


def connected_pair():
    """A TCP connection on this host: (the client's socket, the server's accepted one)."""
    with socket.create_server(("127.0.0.1", 0)) as listener:
        client = socket.create_connection(listener.getsockname())
        served, _ = listener.accept()
    return client, served


def test_a_connection_handed_to_another_slot_is_served_there_and_goes_on(tmp_path):
    first, second = Affinity(tmp_path, 2), Affinity(tmp_path, 2)
    assert first.claim() and second.claim()
    assert {first.slot, second.slot} == {0, 1}
    third = Affinity(tmp_path, 2)
    assert not third.claim()  # every slot taken: it owns none, and hands everything over
    client, served = connected_pair()
    client.sendall(b"GET /tables/x HTTP/1.1\r\n\r\n")
    assert first.hand_over(served, second.slot, ("127.0.0.1", 5), ("0.0.0.0", 8000))
    served.close()  # the first worker's descriptor only: the connection goes on
    [(sock, peer, server)] = list(second.receive())
    assert peer == ("127.0.0.1", 5) and server == ("0.0.0.0", 8000)
    assert sock.recv(100).startswith(b"GET /tables/x")  # nothing of the request was read before
    sock.sendall(b"answered")
    assert client.recv(100) == b"answered"
    sock.close()
    client.close()


def test_nothing_is_handed_to_a_slot_nobody_holds_or_to_one_that_left(tmp_path):
    first = Affinity(tmp_path, 3)
    assert first.claim() and first.slot == 0
    client, served = connected_pair()
    assert not first.hand_over(served, 1, ("127.0.0.1", 5), "")  # no worker at slot 1: served here
    second = Affinity(tmp_path, 3)
    assert second.claim() and second.slot == 1
    second.leave()  # a stopping worker
    assert not first.hand_over(served, 1, ("127.0.0.1", 5), "")
    assert list(second.receive()) == []
    assert first.owner(next(c for c in ("AAAAAA", "BBBBBB", "CCCCCC", "DDDDDD") if owner_slot(c, 3) == 0)) is None
    client.close()
    served.close()


def pids_serving(log: str, code: str) -> set[str]:
    return set(re.findall(rf"^<(\d+)> GET /tables/{code}/join", log, re.M))


def test_under_gunicorn_each_tables_requests_go_to_one_worker_whichever_accepted_them(tmp_path):
    """Two workers and two tables owned by different slots: every fresh connection to a table's join page, and
    every request on one kept-alive connection going back and forth, is served by that table's worker."""
    folder = tmp_path / "renders"
    folder.mkdir(mode=0o700)
    env = {HOST_FOLDER_ENV: str(folder), "GUNICORN_CMD_ARGS": "--access-logformat '%(p)s %(r)s'"}
    server = GunicornServer(tmp_path / "gunicorn.log", workers=2, env=env).start()
    try:
        wait_for_slots(server, folder, 2)
        made = {}
        while len(made) < 2:
            answer = requests.post(f"{server.url}/api/v1/tables", json={"game": "wordsmith", "seats": ["Ann", "Bob"]})
            code = answer.json()["code"]
            made.setdefault(owner_slot(code, 2), code)
        codes = list(made.values())

        def fresh(code: str) -> None:
            for _ in range(15):
                assert requests.get(f"{server.url}/tables/{code}/join", headers={"Connection": "close"}).ok

        threads = [threading.Thread(target=fresh, args=(code,)) for code in codes for _ in range(2)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        with requests.Session() as phone:
            for _ in range(10):
                for code in codes:
                    assert phone.get(f"{server.url}/tables/{code}/join").ok
                assert phone.get(f"{server.url}/api/v1/health").ok
    finally:
        server.stop()
    log = server.log()
    first, second = (pids_serving(log, code) for code in codes)
    assert len(first) == 1 and len(second) == 1 and first != second, log[-2000:]


def test_a_slot_its_worker_left_by_ending_is_claimed_again_and_its_old_socket_replaced(tmp_path):
    first, second = Affinity(tmp_path, 2), Affinity(tmp_path, 2)
    assert first.claim() and second.claim()
    late = Affinity(tmp_path, 2)
    assert not late.claim() and late.slot is None
    os.close(first._lock_fd)  # what the kernel does when the first worker's process ends
    first.inbox.close()  # its socket file stays behind, bound by nobody
    assert late.claim() and late.slot == first.slot
    client, served = connected_pair()
    assert second.hand_over(served, late.slot, ("127.0.0.1", 5), "")  # to the new worker, not the gone one's file
    received = list(late.receive())
    assert [peer for _, peer, _ in received] == [("127.0.0.1", 5)]
    received[0][0].close()
    client.close()
    served.close()
