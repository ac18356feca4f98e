"""create_app: settings from defaults, the environment and the test config; lexicons shared; all documented."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from flask import Flask

from app import DEFAULTS, create_app

ROOT = Path(__file__).resolve().parent.parent


def test_defaults(monkeypatch, tmp_path):
    # conftest points WORDSMITH_DATABASE_URL at a temp folder; without it the tables go in the instance folder,
    # moved here out of the repository.
    monkeypatch.delenv("WORDSMITH_DATABASE_URL")
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


def test_secret_key(monkeypatch):
    monkeypatch.delenv("WORDSMITH_SECRET_KEY", raising=False)
    first, second = create_app(), create_app()
    assert len(first.secret_key) == 64 and first.secret_key != second.secret_key  # random when unset
    monkeypatch.setenv("WORDSMITH_SECRET_KEY", "12345")  # JSON would read a number: kept a string
    assert create_app().secret_key == "12345"


def documented_settings(text: str) -> set[str]:
    return set(re.findall(r"WORDSMITH_([A-Z_]+)", text))


def test_every_setting_is_documented():
    page = ROOT / "docs" / "configuration.md"
    text = page.read_text() if page.exists() else ""
    missing = sorted(set(DEFAULTS) - documented_settings(text))
    assert not missing, (
        f"settings missing from docs/configuration.md's table: {', '.join('WORDSMITH_' + key for key in missing)}"
    )
