"""create_app: settings from defaults, the environment and the test config; lexicons shared; all documented."""

from __future__ import annotations

import multiprocessing
import re
import stat
from pathlib import Path

import pytest
from flask import Flask

from app import DEFAULTS, SECRET_KEY_FILE, create_app, instance_secret_key

ROOT = Path(__file__).resolve().parent.parent


def test_defaults(monkeypatch, tmp_path):
    # conftest points WORDSMITH_DATABASE_URL at a temp folder; without it the tables go in the instance folder,
    # moved here out of the repository; it sets the session's work budget too (TEST_WORK_BUDGET_MS).
    monkeypatch.delenv("WORDSMITH_DATABASE_URL")
    monkeypatch.delenv("WORDSMITH_WORK_BUDGET_MS")
    monkeypatch.setattr(Flask, "auto_find_instance_path", lambda self: str(tmp_path / "instance"))
    app = create_app()
    assert not app.testing
    for key, value in DEFAULTS.items():
        if key != "SECRET_KEY":
            assert app.config[key] == value
    assert app.config["MAX_CONTENT_LENGTH"] == DEFAULTS["MAX_BODY_BYTES"]
    assert (tmp_path / "instance" / "tables.sqlite3").is_file()  # created on first start


def test_testing_config():
    assert create_app({"TESTING": True}).testing


def test_environment_overrides_defaults(monkeypatch):
    monkeypatch.setenv("WORDSMITH_DEFAULT_LEXICON", "large")
    monkeypatch.setenv("WORDSMITH_MAX_WORD_LENGTH", "12")
    app = create_app()
    assert app.config["DEFAULT_LEXICON"] == "large"
    assert app.config["MAX_WORD_LENGTH"] == 12  # read as JSON: a number
    assert app.extensions["wordsmith"].default_lexicon == "large"


def test_config_overrides_environment(monkeypatch):
    monkeypatch.setenv("WORDSMITH_DEFAULT_LEXICON", "large")
    assert create_app({"DEFAULT_LEXICON": "small"}).config["DEFAULT_LEXICON"] == "small"


@pytest.mark.parametrize(
    "config, message",
    [
        ({"DEFAULT_LEXICON": "huge"}, "WORDSMITH_DEFAULT_LEXICON"),
        ({"MAX_BODY_BYTES": 0}, "WORDSMITH_MAX_BODY_BYTES"),
        ({"MAX_WORD_LENGTH": "forty"}, "WORDSMITH_MAX_WORD_LENGTH"),
        ({"MAX_RESULT_LIMIT": True}, "WORDSMITH_MAX_RESULT_LIMIT"),
        (
            {"MAX_POOL_PIECES": 100},
            "WORDSMITH_MAX_POOL_PIECES=100: the engine allows at most 60",
        ),  # not an API promising 100
        ({"MAX_RESULT_LIMIT": 1001}, "WORDSMITH_MAX_RESULT_LIMIT"),
        ({"ALPHABET_FILE": "/no/such/alphabet.tsv"}, "WORDSMITH_ALPHABET_FILE"),
        ({"DATABASE_POOL_SIZE": 0}, "WORDSMITH_DATABASE_POOL_SIZE"),
        ({"STREAMS_PER_ADDRESS": 0}, "WORDSMITH_STREAMS_PER_ADDRESS"),
        ({"CONNECTIONS_PER_ADDRESS": 0}, "WORDSMITH_CONNECTIONS_PER_ADDRESS"),
        ({"CONNECTIONS_PER_ADDRESS": True}, "WORDSMITH_CONNECTIONS_PER_ADDRESS"),
        ({"STREAM_VIEWS_PER_TABLE": -1}, "WORDSMITH_STREAM_VIEWS_PER_TABLE"),
        ({"STREAM_VIEWS_PER_TABLE": True}, "WORDSMITH_STREAM_VIEWS_PER_TABLE"),
        ({"STREAM_BUFFER_BYTES": 4096}, "WORDSMITH_STREAM_BUFFER_BYTES=4096: must be a whole number of at least 16384"),
        ({"STREAM_WRITE_SECONDS": 0}, "WORDSMITH_STREAM_WRITE_SECONDS"),
    ],
)
def test_bad_settings_are_refused_at_start(config, message):
    with pytest.raises(ValueError, match=message):
        create_app(config)


def test_lexicons_are_loaded_once_per_process():
    first, second = create_app(), create_app()
    assert first.extensions["wordsmith"].lexicons is second.extensions["wordsmith"].lexicons


@pytest.fixture
def instance(monkeypatch, tmp_path):
    """The instance folder create_app finds, moved to a temp folder; no WORDSMITH_SECRET_KEY (conftest sets one)."""
    folder = tmp_path / "instance"
    monkeypatch.setattr(Flask, "auto_find_instance_path", lambda self: str(folder))
    monkeypatch.delenv("WORDSMITH_SECRET_KEY", raising=False)
    return folder


def test_without_a_secret_key_one_is_kept_in_the_instance_folder(instance):
    first = create_app()
    kept = instance / SECRET_KEY_FILE
    assert stat.S_IMODE(kept.stat().st_mode) == 0o600  # made readable by its owner only
    assert len(first.secret_key) == 64 and kept.read_text().strip() == first.secret_key
    assert create_app().secret_key == first.secret_key  # a restart reads it
    assert [path.name for path in instance.iterdir()] == [SECRET_KEY_FILE]  # no file of a process left behind


def test_a_configured_secret_key_wins_and_keeps_no_file(instance, monkeypatch):
    assert create_app({"SECRET_KEY": "configured"}).secret_key == "configured"
    monkeypatch.setenv("WORDSMITH_SECRET_KEY", "12345")  # JSON would read a number: kept a string
    assert create_app().secret_key == "12345"
    assert not (instance / SECRET_KEY_FILE).exists()
    monkeypatch.delenv("WORDSMITH_SECRET_KEY")
    kept = create_app().secret_key
    assert create_app({"SECRET_KEY": "configured"}).secret_key == "configured" != kept


def _start(folder: str, barrier) -> str:
    barrier.wait()  # every process makes the key at the same moment
    return instance_secret_key(folder)


def test_processes_starting_at_once_keep_one_key(tmp_path):
    folder = str(tmp_path / "instance")
    context = multiprocessing.get_context("fork")
    with context.Manager() as manager, context.Pool(8) as pool:
        barrier = manager.Barrier(8)
        keys = pool.starmap(_start, [(folder, barrier)] * 8)
    assert len(set(keys)) == 1 and keys[0] == (tmp_path / "instance" / SECRET_KEY_FILE).read_text().strip()
    assert [path.name for path in (tmp_path / "instance").iterdir()] == [SECRET_KEY_FILE]  # no file left behind


def test_an_empty_key_file_stops_the_start_naming_it(instance):
    instance.mkdir()
    (instance / SECRET_KEY_FILE).write_text("\n")
    with pytest.raises(ValueError, match="secret_key is empty"):
        create_app()


def test_an_instance_folder_that_cannot_hold_the_key_gets_a_random_one_and_a_warning(monkeypatch, tmp_path, caplog):
    (tmp_path / "a-file").write_text("")
    monkeypatch.setattr(Flask, "auto_find_instance_path", lambda self: str(tmp_path / "a-file" / "instance"))
    monkeypatch.delenv("WORDSMITH_SECRET_KEY", raising=False)
    first, second = create_app(), create_app()
    assert len(first.secret_key) == 64 and first.secret_key != second.secret_key
    assert "set WORDSMITH_SECRET_KEY" in caplog.text


def test_a_restart_keeps_an_open_pages_forms_working(instance, tmp_path):
    config = {"DATABASE_URL": f"sqlite:///{tmp_path / 'tables.sqlite3'}"}
    phone = create_app(config).test_client()
    form = phone.get("/tables").get_data(as_text=True)  # the form, its CSRF token, the session cookie
    token = re.search(r'name="csrf_token" value="([^"]+)"', form).group(1)
    restarted = create_app(config)
    phone.application = restarted  # the same browser, its cookies, the server started again
    created = phone.post("/tables", data={"csrf_token": token, "game": "wordsmith", "seat1": "Ann", "seat2": "Bob"})
    assert created.status_code == 303, created.get_data(as_text=True)[:500]


def documented_settings(text: str) -> set[str]:
    return set(re.findall(r"WORDSMITH_([A-Z_]+)", text))


def test_every_setting_is_documented():
    page = ROOT / "docs" / "configuration.md"
    text = page.read_text() if page.exists() else ""
    missing = sorted(set(DEFAULTS) - documented_settings(text))
    assert not missing, (
        f"settings missing from docs/configuration.md's table: {', '.join('WORDSMITH_' + key for key in missing)}"
    )
