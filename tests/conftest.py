"""Shared fixtures: the app and its test client, and the app served by a real gunicorn."""
from __future__ import annotations

import pytest
from service_helpers import GunicornServer

from app import create_app


@pytest.fixture
def app():
    """A fresh app in testing mode (the lexicons are loaded once per process and shared)."""
    return create_app({"TESTING": True})


@pytest.fixture
def client(app):
    return app.test_client()


@pytest.fixture(scope="session")
def live_server(tmp_path_factory):
    """The base URL of the app served by gunicorn with gunicorn.conf.py on a free local port."""
    server = GunicornServer(tmp_path_factory.mktemp("gunicorn") / "gunicorn.log").start()
    yield server.url
    server.stop()
