"""A table's part drawn once per host (app/pages/table_host_renders.py): what one worker draws, the host's other
workers read. A worker here is this process with its kept renders forgotten (its memory is its own); the served
case runs gunicorn's two workers on a folder the test names. Renders are counted, never timed."""

from __future__ import annotations

import fcntl
import os
import re
import subprocess
import sys
import threading
import time
from dataclasses import replace

import pytest
import requests
from service_helpers import GunicornServer, wait_for_slots
from test_pages_tables import claim, create, join, phone, start
from test_tables_live_part import Clock, Woken, another_table, secret_table, table_regions

from app.pages import table_host_renders, table_live
from app.serving import host_folder as folders
from app.serving.host_folder import HOST_FOLDER_ENV as HOST_RENDERS_ENV


@pytest.fixture
def host_folder(tmp_path, monkeypatch):
    monkeypatch.setenv(HOST_RENDERS_ENV, str(tmp_path))
    monkeypatch.setattr(folders, "_alone", [False])  # a worker that owns no slot of the host: it shares
    return tmp_path


@pytest.fixture
def table(app, host_folder):
    clock = Clock()
    app.extensions["tables"].clock = clock
    host = phone(app)
    code, _ = create(host, names=("Ann", "Bob"))
    ann, bob, tv = phone(app), phone(app), phone(app)
    assert join(ann, code, 1).status_code == 303 and join(bob, code, 2).status_code == 303
    start(host, code, pool="R3 Y2 B3")
    return code, ann, bob, tv, clock


def another_worker():
    """This process as another worker of the host: none of the renders it kept."""
    with table_live._lock:
        table_live._kept.clear()


def test_a_render_one_worker_drew_is_read_by_the_others(table, host_folder):
    """What one worker drew, another sends as it is (/live, a stream, an action's answer); the copy left for it holds
    only that, so a page that worker draws draws its own part, embedding the same HTML."""
    code, ann, bob, tv, _ = table
    assert claim(ann, code, "cot").status_code == 303
    drawn = tv.get(f"/tables/{code}/live").get_data()
    assert (host_folder / code).exists()
    before = table_live.stats()
    another_worker()
    assert tv.get(f"/tables/{code}/live").get_data() == drawn
    after = table_live.stats()
    assert after["shared"] == before["shared"] and after["read"] == before["read"] + 1
    left = table_host_renders.hosts_render(code, lambda head: True)
    assert left.body == drawn and not left.whole and left.regions == {} and left.table == {}
    assert left.sse and left.sse == replace(left, sse=b"").message()  # its stream message made once, by the drawer
    page = bob.get(f"/tables/{code}/play").get_data(as_text=True)
    assert table_live.stats()["shared"] == after["shared"] + 1  # a page needs the regions: drawn here, once
    assert bob.get(f"/tables/{code}/play").status_code == 200 and table_live.stats()["shared"] == after["shared"] + 1
    assert "COT" in page and "Object to COT" in page
    shown, live = table_regions(page), table_regions(drawn.decode())
    assert "claims" in shown and shown == {name: live[name] for name in shown}  # the same HTML the streams sent


def test_a_render_of_an_earlier_event_or_past_its_window_is_drawn_again(table, host_folder):
    code, ann, bob, tv, clock = table
    assert claim(ann, code, "cot").status_code == 303
    tv.get(f"/tables/{code}/live")
    assert claim(bob, code, "lot").status_code == 303
    another_worker()
    before = table_live.stats()["shared"]
    assert "LOT" in tv.get(f"/tables/{code}/live").get_data(as_text=True)  # the host's render showed COT only
    assert table_live.stats()["shared"] == before + 1
    clock.now += 31  # both Object windows closed: the render with their buttons is no longer true
    another_worker()
    assert "Object to" not in tv.get(f"/tables/{code}/live").get_data(as_text=True)
    assert table_live.stats()["shared"] == before + 2


def test_a_worker_drawing_an_older_state_leaves_the_hosts_newer_render(table, host_folder):
    code, ann, bob, tv, _ = table
    service = tv.application.extensions["tables"]
    assert claim(ann, code, "cot").status_code == 303
    older = service.state(code)
    assert claim(bob, code, "lot").status_code == 303
    tv.get(f"/tables/{code}/live")
    newer = (host_folder / code).read_bytes()
    another_worker()
    with tv.application.test_request_context():
        assert table_live.shared_part(code, older, None).seq == older.seq
    assert (host_folder / code).read_bytes() == newer


def test_workers_asking_at_once_draw_one_render(table, host_folder, monkeypatch):
    """Two workers of a host miss together: the one holding the table's lock file draws, the other waits and reads.
    (Threads with kept renders of their own stand for the workers: the lock is the file's, not the process's.)"""
    code, ann, _, tv, _ = table
    assert claim(ann, code, "cot").status_code == 303
    app = tv.application
    state = app.extensions["tables"].state(code)
    drawing = threading.Event()
    release = threading.Event()
    render = table_live._render

    def slow_render(*args):
        drawing.set()
        release.wait(5)
        return render(*args)

    monkeypatch.setattr(table_live, "_render", slow_render)
    another_worker()
    before = table_live.stats()
    got = []

    def worker():
        with app.test_request_context():
            got.append(
                table_host_renders.shared_render(
                    code,
                    lambda f: f.seq == state.seq,
                    lambda: slow_render(code, state, None, app.extensions["tables"].clock()),
                    table_live.Shared.for_host,
                )
            )

    first = threading.Thread(target=worker)
    first.start()
    assert drawing.wait(5)
    second = threading.Thread(target=worker)
    second.start()
    second.join(0.2)
    assert second.is_alive()  # waiting on the lock file while the first draws
    release.set()
    first.join(5)
    second.join(5)
    assert sorted(drawn for _, drawn in got) == [False, True]
    assert got[0][0].body == got[1][0].body
    assert table_live.stats()["shared"] == before["shared"] + 1


def test_the_drawing_thread_draws_other_tables_while_another_worker_draws_one(table, host_folder):
    """Another worker holds table A's lock file (it is drawing A's part) when this worker's hub asks for A's and then
    B's: the drawing thread does not wait for it, so B's phones hear first. Once the lock file is let go with no
    render left (that worker failed), this worker draws A's part itself and wakes A's phones."""
    code, ann, _, tv, _ = table
    app = tv.application
    other = another_table(app)
    assert claim(ann, code, "cot").status_code == 303
    service = app.extensions["tables"]
    seq, other_seq = service.state(code).seq, service.state(other).seq
    (host_folder / code).unlink(missing_ok=True)
    another_worker()
    woken = Woken()
    with open(host_folder / f"{code}.lock", "a+b") as held:
        fcntl.flock(held, fcntl.LOCK_EX)
        assert table_live.stream_part(app, code)(seq, woken) is None
        assert table_live.stream_part(app, other)(other_seq, woken) is None
        assert woken.wait_for(other) and woken.codes == [other]
        fcntl.flock(held, fcntl.LOCK_UN)
    assert woken.wait_for(code)
    message = table_live.stream_part(app, code)(seq, woken)
    assert message == table_host_renders.hosts_render(code, lambda head: head.seq == seq).sse
    assert b"COT" in message


def test_the_drawing_thread_looks_at_another_workers_render_under_way_without_reading_the_table(
    table, host_folder, monkeypatch
):
    """While another worker draws a table's part, each look of the drawing thread finds it from the lock file alone:
    the table's state, whose fold is the costly part of a look, is read only once the lock is free."""
    code, ann, _, tv, _ = table
    app = tv.application
    assert claim(ann, code, "cot").status_code == 303
    seq = app.extensions["tables"].state(code).seq
    (host_folder / code).unlink(missing_ok=True)
    another_worker()
    service = app.extensions["tables"]
    reads = []
    state = service.state
    monkeypatch.setattr(service, "state", lambda *args, **kwargs: reads.append(args) or state(*args, **kwargs))
    with open(host_folder / f"{code}.lock", "a+b") as held:
        fcntl.flock(held, fcntl.LOCK_EX)
        with app.app_context():
            for _ in range(3):
                with pytest.raises(table_host_renders.RenderUnderWay) as busy:
                    table_live._draw(code, seq, wait=False)
                assert not busy.value.here
        assert reads == []
        fcntl.flock(held, fcntl.LOCK_UN)
    with app.app_context():
        assert b"COT" in table_live._draw(code, seq, wait=False)
    assert len(reads) == 1


def test_a_look_at_a_table_nobody_draws_makes_no_lock_file(app, host_folder):
    """A Secret Wordsmith table's part is drawn per seat, never in the host's folder: the drawing thread's look finds
    nobody drawing it and makes no lock file (the folder's pruning removes lock files with their renders only)."""
    code, _, ann, _ = secret_table(app)
    assert "COT" in ann.get(f"/tables/{code}/live").get_data(as_text=True)
    (host_folder / f"{code}.lock").unlink(missing_ok=True)  # one left from before the secret challenge, if any
    assert not table_host_renders.under_way(code)
    assert not (host_folder / f"{code}.lock").exists()


def test_a_secret_tables_seat_parts_never_reach_the_host_folder(app, host_folder):
    code, _, ann, _ = secret_table(app)
    assert "COT" in ann.get(f"/tables/{code}/live").get_data(as_text=True)
    assert not (host_folder / code).exists() or b"COT" not in (host_folder / code).read_bytes().upper()


def test_an_unreadable_render_is_drawn_again(table, host_folder):
    code, ann, _, tv, _ = table
    assert claim(ann, code, "cot").status_code == 303
    tv.get(f"/tables/{code}/live")
    (host_folder / code).write_bytes(b"not a render")
    another_worker()
    before = table_live.stats()["shared"]
    assert "COT" in tv.get(f"/tables/{code}/live").get_data(as_text=True)
    assert table_live.stats()["shared"] == before + 1


def test_a_render_cut_short_is_drawn_again(table, host_folder):
    """A render whose file ends before the length its first line gives (a full disk) is not used."""
    code, ann, _, tv, _ = table
    assert claim(ann, code, "cot").status_code == 303
    tv.get(f"/tables/{code}/live")
    whole = (host_folder / code).read_bytes()
    (host_folder / code).write_bytes(whole[: len(whole) // 2])
    another_worker()
    before = table_live.stats()["shared"]
    assert "COT" in tv.get(f"/tables/{code}/live").get_data(as_text=True)
    assert table_live.stats()["shared"] == before + 1


def test_gunicorns_workers_serve_their_tables_alone_in_the_folder_it_is_given(tmp_path):
    """Served as deployed (two workers): each worker owns a slot in the host's folder, and the worker that serves a
    table, all of its requests and streams, keeps its part to itself: nothing is left there for the other."""
    folder = tmp_path / "renders"
    folder.mkdir(mode=0o700)
    server = GunicornServer(tmp_path / "gunicorn.log", workers=2, env={HOST_RENDERS_ENV: str(folder)}).start()
    try:
        wait_for_slots(server, folder, 2)
        with requests.Session() as browser:
            form = browser.get(f"{server.url}/tables", timeout=10).text
            token = re.search(r'name="csrf_token" value="([^"]*)"', form).group(1)
            made = browser.post(
                f"{server.url}/tables",
                data={"csrf_token": token, "game": "wordsmith", "seat1": "Ann", "seat2": "Bob"},
                timeout=10,
            )
            code = re.search(r"/tables/([A-Z0-9]{6})/host", made.url).group(1)
            assert browser.get(f"{server.url}/tables/{code}/live", timeout=10).status_code == 200
        assert not (folder / code).exists() and not (folder / f"{code}.lock").exists()
    finally:
        server.stop()
    assert folder.exists()  # a folder the deployment named is its own: kept


def test_a_worker_that_serves_its_tables_alone_leaves_nothing_in_the_hosts_folder(table, host_folder):
    code, ann, _, tv, _ = table
    folders.draw_alone()
    for path in host_folder.iterdir():  # what it drew while it still shared
        path.unlink()
    assert claim(ann, code, "cot").status_code == 303
    before = table_live.stats()["shared"]
    assert "COT" in tv.get(f"/tables/{code}/live").get_data(as_text=True)
    assert table_live.stats()["shared"] <= before + 1
    assert list(host_folder.iterdir()) == []


def test_another_workers_stream_and_live_take_the_hosts_render_without_the_store(table, monkeypatch):
    """A phone's stream on the other worker, and its `/live?seq=`, are answered from the host's render of the event
    they heard of: no state read, no render."""
    code, ann, _, tv, _ = table
    service = tv.application.extensions["tables"]
    assert claim(ann, code, "cot").status_code == 303
    seq = service.state(code).seq
    drawn = tv.get(f"/tables/{code}/live").get_data()
    another_worker()
    asked = []
    state = service.state
    monkeypatch.setattr(service, "state", lambda *args, **kwargs: asked.append(args) or state(*args, **kwargs))
    before = table_live.stats()
    with tv.application.app_context():
        message = table_live._draw(code, seq)
    assert message is not None and b"COT" in message and message.startswith(b"event: part\n")
    another_worker()
    assert tv.get(f"/tables/{code}/live?seq={seq}").get_data() == drawn
    after = table_live.stats()
    assert asked == [] and after["shared"] == before["shared"] and after["read"] == before["read"] + 2
    another_worker()
    assert tv.get(f"/tables/{code}/live?seq={seq + 1}").status_code == 200 and len(asked) == 1  # not drawn yet


def test_renders_read_from_the_host_are_kept_within_the_workers_bound(table, app, monkeypatch):
    """A worker keeps at most KEPT_TABLES tables' renders, the ones it read from the host's folder counted too."""
    code, ann, _, tv, _ = table
    other = phone(app)
    second, _ = create(other, names=("Cy", "Dee"))
    assert claim(ann, code, "cot").status_code == 303
    for each in (code, second):
        tv.get(f"/tables/{each}/live")
    seqs = {each: app.extensions["tables"].state(each).seq for each in (code, second)}
    another_worker()
    monkeypatch.setattr(table_live, "KEPT_TABLES", 1)
    with app.app_context():
        for each in (code, second):
            assert table_live.kept_part(each, seqs[each], host=True) is not None
    assert list(table_live._kept) == [(second, None)]


def test_a_host_of_one_worker_makes_no_folder_and_one_of_more_makes_it_in_memory_when_it_has_room(
    tmp_path, monkeypatch
):
    """gunicorn_conf.py's `on_starting` asks for a folder with the workers it starts: one has no one to share with;
    two get a private folder, in the memory-backed folder when it has MEMORY_FOLDER_FREE, else the temporary one."""
    monkeypatch.delenv(HOST_RENDERS_ENV, raising=False)
    assert folders.make_host_folder(1) is None and HOST_RENDERS_ENV not in os.environ
    memory = tmp_path / "shm"
    memory.mkdir()
    monkeypatch.setattr(folders, "MEMORY", memory)
    made = folders.make_host_folder(2)
    assert made.parent == memory and (made.stat().st_mode & 0o777) == 0o700
    assert os.environ[HOST_RENDERS_ENV] == str(made)
    assert folders.make_host_folder(2) is None  # named already: the deployment's (or this master's) folder is kept
    monkeypatch.delenv(HOST_RENDERS_ENV)
    free = os.statvfs(memory)
    monkeypatch.setattr(folders, "MEMORY_FOLDER_FREE", free.f_bavail * free.f_frsize * 2)  # more room than it has
    elsewhere = folders.make_host_folder(2)
    assert elsewhere.parent != memory and elsewhere.name.startswith("wordsmith-renders-")
    elsewhere.rmdir()
    assert folders.memory_folder(tmp_path / "missing") is None


def test_a_new_master_removes_the_folders_of_masters_killed_outright(tmp_path, monkeypatch):
    """A master killed -9 leaves its folder (named after its pid); a later one removes it once an hour old, in memory
    too, and keeps a living master's."""
    monkeypatch.delenv(HOST_RENDERS_ENV, raising=False)
    memory = tmp_path / "shm"
    memory.mkdir()
    monkeypatch.setattr(folders, "MEMORY", memory)
    gone = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True)
    orphan = memory / f"{folders.PREFIX}{gone.stdout.strip()}-abc"
    recent = memory / f"{folders.PREFIX}{gone.stdout.strip()}-ghi"  # its pid may be another namespace's: kept a while
    living = memory / f"{folders.PREFIX}{os.getppid()}-def"
    unnamed = memory / f"{folders.PREFIX}xyz"
    for folder in (orphan, recent, living, unnamed):
        folder.mkdir()
    (orphan / "ABC123").write_bytes(b"a render")
    old = time.time() - folders.ORPHAN_SECONDS - 60
    for folder in (orphan, living, unnamed):
        os.utime(folder, (old, old))
    made = folders.make_host_folder(2)
    assert not orphan.exists() and recent.exists() and living.exists() and unnamed.exists() and made.exists()
    assert made.name.startswith(f"{folders.PREFIX}{os.getpid()}-")


def test_a_prune_removes_quiet_tables_renders_and_nothing_else_of_the_folder(tmp_path):
    """Renders of tables quiet for PRUNE_SECONDS go, with their lock files and writes a crash left; a busy table's
    render stays, and so do the workers' slots (app/serving/affinity.py), however old."""
    old = time.time() - table_host_renders.PRUNE_SECONDS - 60
    names = ["ABCDEF", "ABCDEF.lock", "ABCDEF.123.456.new", "GHJKMN", "GHJKMN.lock", "worker-0.lock", "worker-0.sock"]
    for name in names:
        (tmp_path / name).write_bytes(b"x")
        if name != "GHJKMN":
            os.utime(tmp_path / name, (old, old))
    table_host_renders._prune(tmp_path)
    assert sorted(path.name for path in tmp_path.iterdir()) == [
        "GHJKMN",
        "GHJKMN.lock",
        "worker-0.lock",
        "worker-0.sock",
    ]
