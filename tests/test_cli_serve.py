"""`wordsmith serve` runs gunicorn with the settings the Procfile uses, from any folder."""

from __future__ import annotations

import os
import runpy
import sys

import pytest
import requests
from service_helpers import ROOT, GunicornServer

from app.serving.cores import usable_cores
from cli import main


def test_serve_execs_gunicorn_with_the_config(monkeypatch):
    calls = []
    monkeypatch.setattr("os.execve", lambda path, argv, env: calls.append((path, argv, env)))
    assert main(["serve", "--port", "5123"]) == 0
    ((path, argv, env),) = calls
    assert path == sys.executable
    assert argv == [sys.executable, "-m", "gunicorn", "app:create_app()", "-c", "python:app.serving.gunicorn_conf"]
    assert env["PORT"] == "5123"


def test_serve_answers_from_another_folder(tmp_path):
    """No path to a checkout: the settings and the app are found as modules, wherever the command runs."""
    server = GunicornServer(
        tmp_path / "gunicorn.log",
        workers=1,
        env={"PYTHONPATH": str(ROOT)},
        command=[sys.executable, "-m", "cli", "serve"],
        cwd=tmp_path,
    )
    server.start()
    try:
        assert requests.get(server.url + "/api/v1/health", timeout=5).json()["status"] == "ok"
    finally:
        server.stop()


def test_serve_rejects_a_bad_port(capsys):
    with pytest.raises(SystemExit) as raised:
        main(["serve", "--port", "http"])
    assert raised.value.code == 2


def test_procfile():
    assert (ROOT / "Procfile").read_text() == "web: gunicorn 'app:create_app()' -c gunicorn.conf.py\n"


@pytest.fixture(autouse=True)
def collector_thresholds():
    """Reading the settings sets the collector's thresholds (GC_THRESHOLDS) in this process too: put them back."""
    import gc

    saved = gc.get_threshold()
    yield
    gc.set_threshold(*saved)


@pytest.mark.parametrize(
    "env, workers, bind", [({}, None, "0.0.0.0:8000"), ({"WEB_CONCURRENCY": "3", "PORT": "9001"}, 3, "0.0.0.0:9001")]
)
def test_gunicorn_conf(monkeypatch, env, workers, bind):
    monkeypatch.delenv("WEB_CONCURRENCY", raising=False)
    monkeypatch.delenv("PORT", raising=False)
    monkeypatch.delenv("WORDSMITH_SECRET_KEY", raising=False)
    for key, value in env.items():
        monkeypatch.setenv(key, value)
    # Read afresh (the settings depend on the environment), by path: run_module warns once the package imported it.
    settings = runpy.run_path(str(ROOT / "app" / "serving" / "gunicorn_conf.py"))
    assert settings["bind"] == bind
    assert settings["workers"] == (workers or usable_cores())
    assert settings["worker_class"] == "app.serving.worker.DeadlineWorker" and settings["preload_app"] is True
    assert (
        settings["threads"] > 64 and settings["timeout"] >= 30
    )  # threads for slow clients and streams (docs/serving.md)
    # No key of its own: a random one in the environment would win over the instance folder's and change at each
    # restart; every worker reads the one create_app keeps there.
    assert "WORDSMITH_SECRET_KEY" not in os.environ


def test_the_procfiles_gunicorn_conf_gives_the_packages_settings(monkeypatch):
    monkeypatch.delenv("WORDSMITH_SECRET_KEY", raising=False)
    import app.serving.gunicorn_conf as package

    settings = runpy.run_path(str(ROOT / "gunicorn.conf.py"))
    assert {name: settings[name] for name in package.__all__} == {
        name: getattr(package, name) for name in package.__all__
    }
    assert set(package.__all__) >= {"bind", "workers", "worker_class", "threads", "preload_app", "timeout"}


def test_the_served_workers_collect_garbage_at_the_measured_thresholds():
    """app.serving.gunicorn_conf sets the collector's thresholds in the master, so every forked worker has them
    (bench/tables.py: 168-183 claims/s at Python's 700, 198 at 50,000; pauses 2.5-4x shorter at 10,000)."""
    import gc

    gc.set_threshold(700, 10, 10)  # Python's own
    settings = runpy.run_path(str(ROOT / "app" / "serving" / "gunicorn_conf.py"))  # as gunicorn reads it in the master
    assert gc.get_threshold() == settings["GC_THRESHOLDS"] and settings["GC_THRESHOLDS"][0] >= 10_000
