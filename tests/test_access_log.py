"""app/access_log.py: the access log writes exactly gunicorn's lines, with fewer atoms built."""

from __future__ import annotations

from datetime import timedelta
from types import SimpleNamespace

import pytest
from gunicorn import glogging
from gunicorn.config import Config

from app.access_log import AccessLogger


def request_and_answer(user_agent: str = 'curl/8 "quoted"'):
    environ = {
        "REMOTE_ADDR": "127.0.0.7",
        "REQUEST_METHOD": "POST",
        "RAW_URI": "/api/v1/tables/ABCDEF/claims?x=1",
        "PATH_INFO": "/api/v1/tables/ABCDEF/claims",
        "QUERY_STRING": "x=1",
        "SERVER_PROTOCOL": "HTTP/1.1",
        "HTTP_USER_AGENT": user_agent,
        "HTTP_AUTHORIZATION": "Basic YW5uOnNlY3JldA==",  # ann:secret: %(u)s names the user
        "HTTP_X_TRACE": "t-1",
    }
    req = SimpleNamespace(headers=[("USER-AGENT", user_agent), ("X-TRACE", "t-1")])
    resp = SimpleNamespace(status="201 CREATED", sent=512, headers=[("Content-Type", "application/json")])
    return resp, req, environ, timedelta(seconds=1, microseconds=23456)


def line(logger_class, access_log_format: str | None = None) -> str:
    config = Config()
    if access_log_format is not None:
        config.set("access_log_format", access_log_format)
    logger = logger_class(config)
    logger.now = lambda: "[30/Nov/2026:21:00:00 +0000]"
    return config.access_log_format % glogging.SafeAtoms(logger.atoms(*request_and_answer()))


@pytest.mark.parametrize(
    "access_log_format",
    [
        None,  # gunicorn's default
        "%(h)s %(l)s %(u)s %(t)s %(r)s %(s)s %(m)s %(U)s %(q)s %(H)s %(b)s %(B)s %(f)s %(a)s %(T)s %(D)s %(M)s %(L)s",
        '%(h)s "%({x-trace}i)s" %({content-type}o)s %({remote_addr}e)s %(s)s',  # header atoms: gunicorn's own
    ],
)
def test_the_lines_are_gunicorns(access_log_format):
    ours = line(AccessLogger, access_log_format)
    assert ours == line(glogging.Logger, access_log_format)
    assert "201" in ours and "127.0.0.7" in ours


def test_the_default_format_builds_no_header_or_environ_atoms():
    atoms = AccessLogger(Config()).atoms(*request_and_answer())
    assert not [key for key in atoms if key.startswith("{")]
    assert (
        atoms["u"] == "ann" and atoms["b"] == "512" and atoms["r"].startswith("POST /api/v1/tables/ABCDEF/claims?x=1")
    )


def test_the_service_logs_with_it():
    from app import gunicorn_conf

    assert gunicorn_conf.logger_class == "app.access_log.AccessLogger"
