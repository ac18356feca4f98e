"""`wordsmith --server URL ...` prints what the local command prints; `wordsmith serve` runs gunicorn."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from app import DEFAULTS
from cli import main


def run(capsys, argv):
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize(
    "argv",
    [
        ["check", "qi", "zyzzyva", "Peru", "<script>", "cmmu"],
        ["check", "--lexicon", "large", "zyzzyva", "qi"],
        ["check", "--json", "colour", "aesacus's"],
        ["check", "cat"],
        ["check", *(["cat", "dog", "zzzq"] * 20)],  # more words than one request takes
        ["define", "bag"],
        ["define", "zzzq"],
    ],
)
def test_server_output_is_identical(capsys, live_server, argv):
    local = run(capsys, argv)
    remote = run(capsys, ["--server", live_server, *argv])
    assert remote == local


def test_server_error_is_reported(capsys, live_server):
    code, out, err = run(capsys, ["--server", live_server, "check", "a" * (DEFAULTS["MAX_WORD_LENGTH"] + 1)])
    assert code == 2 and out == ""
    assert "422" in err and "/words/0" in err


def test_unreachable_server(capsys):
    from service_helpers import free_port

    code, out, err = run(capsys, ["--server", f"http://127.0.0.1:{free_port()}", "check", "cat"])
    assert code == 2 and err.startswith("wordsmith check: ")


def test_commands_without_server_support_refuse_it(capsys):
    code, _, err = run(capsys, ["--server", "http://127.0.0.1:9", "serve"])
    assert code == 2 and "--server" in err


def test_serve_execs_gunicorn_with_the_config(monkeypatch):
    calls = []
    monkeypatch.setattr("os.execve", lambda path, argv, env: calls.append((path, argv, env)))
    monkeypatch.setattr("os.chdir", lambda path: None)
    assert main(["serve", "--port", "5123"]) == 0
    (path, argv, env), = calls
    root = Path(__file__).resolve().parent.parent
    assert path == sys.executable
    assert argv == [sys.executable, "-m", "gunicorn", "app:create_app()", "-c", str(root / "gunicorn.conf.py")]
    assert env["PORT"] == "5123"


def test_serve_rejects_a_bad_port(capsys):
    with pytest.raises(SystemExit) as raised:
        main(["serve", "--port", "http"])
    assert raised.value.code == 2


def test_procfile():
    root = Path(__file__).resolve().parent.parent
    assert (root / "Procfile").read_text() == "web: gunicorn 'app:create_app()' -c gunicorn.conf.py\n"


@pytest.mark.parametrize("env, workers, bind", [({}, None, "0.0.0.0:8000"), ({"WEB_CONCURRENCY": "3", "PORT": "9001"}, 3, "0.0.0.0:9001")])
def test_gunicorn_conf(monkeypatch, env, workers, bind):
    import multiprocessing
    import runpy

    monkeypatch.delenv("WEB_CONCURRENCY", raising=False)
    monkeypatch.delenv("PORT", raising=False)
    monkeypatch.setenv("WORDSMITH_SECRET_KEY", "")  # recorded, so the key the config sets is removed after the test
    monkeypatch.delenv("WORDSMITH_SECRET_KEY")
    for key, value in env.items():
        monkeypatch.setenv(key, value)
    settings = runpy.run_path(str(Path(__file__).resolve().parent.parent / "gunicorn.conf.py"))
    assert settings["bind"] == bind
    assert settings["workers"] == (workers or multiprocessing.cpu_count())
    assert settings["worker_class"] == "app.worker.DeadlineWorker" and settings["preload_app"] is True
    assert settings["threads"] > 64 and settings["timeout"] >= 30  # threads for slow clients and streams (docs/serving.md)
    import os

    assert len(os.environ["WORDSMITH_SECRET_KEY"]) == 64  # one key for every worker


def test_solver_imports_no_flask():
    code = "import sys, solver, solver.lexicon; sys.exit('flask' in sys.modules or 'app' in sys.modules)"
    assert subprocess.run([sys.executable, "-c", code], cwd=Path(__file__).resolve().parent.parent).returncode == 0
