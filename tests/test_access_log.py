"""app/access_log.py: the access log writes exactly gunicorn's lines, with fewer atoms built and without `logging`."""

from __future__ import annotations

import logging
import socket
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


NOW = "[30/Nov/2026:21:00:00 +0000]"


@pytest.fixture(autouse=True)
def logging_restored():
    """Put the root and gunicorn's loggers back as they were: a logger's setup (and dictConfig) changes them for the process."""
    names = (None, "gunicorn.error", "gunicorn.access")
    saved = {
        name: (list(log.handlers), list(log.filters), log.level, log.propagate, log.disabled)
        for name in names
        for log in [logging.getLogger(name)]
    }
    yield
    for name, (handlers, filters, level, propagate, disabled) in saved.items():
        log = logging.getLogger(name)
        for handler in log.handlers:
            if handler not in handlers:
                handler.close()
        log.handlers[:], log.filters[:] = handlers, filters
        log.setLevel(level)
        log.propagate, log.disabled = propagate, disabled


def file_logger(logger_class, path, **settings):
    config = Config()
    config.set("accesslog", str(path))
    for name, value in settings.items():
        config.set(name, value)
    logger = logger_class(config)
    logger.now = lambda: NOW
    return logger


@pytest.mark.parametrize(
    "access_log_format",
    [
        None,  # gunicorn's default
        '%(h)s "%(r)s" %(s)s %(D)s %(p)s',
        '%(h)s %(t)s "%({user-agent}i)s" %(b)s',  # a header atom: gunicorn's own atoms, still written straight
    ],
)
def test_the_lines_written_are_gunicorns_byte_for_byte(tmp_path, monkeypatch, access_log_format):
    settings = {} if access_log_format is None else {"access_log_format": access_log_format}
    theirs = file_logger(glogging.Logger, tmp_path / "gunicorn.log", **settings)
    for user_agent in ("curl/8", 'say "hi"\\ \u00e9t\u00e9'):
        theirs.access(*request_and_answer(user_agent))
    expected = (tmp_path / "gunicorn.log").read_bytes()

    ours = file_logger(AccessLogger, tmp_path / "ours.log", **settings)
    # Not through logging: a line that went there would fail.
    monkeypatch.setattr(ours.access_log, "info", lambda *args: pytest.fail("written through logging"))
    for user_agent in ("curl/8", 'say "hi"\\ \u00e9t\u00e9'):
        ours.access(*request_and_answer(user_agent))
    # Read while the handler is still open: each line was flushed as it was written.
    assert (tmp_path / "ours.log").read_bytes() == expected
    assert expected.count(b"\n") == 2 and b"127.0.0.7" in expected


def test_a_logconfig_dict_is_logging_s_to_write(tmp_path):
    path = tmp_path / "configured.log"
    logconfig = {
        "formatters": {"tagged": {"format": "ACCESS %(message)s"}},
        "handlers": {"file": {"class": "logging.FileHandler", "filename": str(path), "formatter": "tagged"}},
        "loggers": {"gunicorn.access": {"level": "INFO", "handlers": ["file"], "propagate": False}},
        "root": {"handlers": []},  # gunicorn's default root handler is named "console", replaced above
    }
    ours = file_logger(AccessLogger, tmp_path / "unused.log", logconfig_dict=logconfig)
    ours.access(*request_and_answer())
    logging.getLogger("gunicorn.access").handlers[0].flush()
    assert path.read_text() == f"ACCESS {line(glogging.Logger)}\n"


def test_syslog_gets_the_line_as_well_as_the_file(tmp_path):
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as receiver:
        receiver.bind(("127.0.0.1", 0))
        receiver.settimeout(5)
        address = "udp://127.0.0.1:%d" % receiver.getsockname()[1]
        ours = file_logger(AccessLogger, tmp_path / "access.log", syslog=True, syslog_addr=address)
        ours.access(*request_and_answer())
        datagram = receiver.recv(4096)
    expected = line(glogging.Logger)
    assert (tmp_path / "access.log").read_text() == expected + "\n"
    assert b".access: " in datagram and datagram.endswith(expected.encode() + b"\0")  # SysLogHandler ends with a NUL


def test_a_disabled_access_log_writes_nothing(capfd):
    ours = AccessLogger(Config())  # accesslog is None
    ours.access(*request_and_answer())
    assert capfd.readouterr() == ("", "")


def test_a_filter_added_to_the_access_log_after_setup_is_obeyed(tmp_path):
    ours = file_logger(AccessLogger, tmp_path / "access.log")
    ours.access_log.addFilter(lambda record: "/claims" not in record.getMessage())
    ours.access(*request_and_answer())
    assert (tmp_path / "access.log").read_text() == ""


def test_after_reopen_files_the_lines_go_to_the_new_file(tmp_path):
    ours = file_logger(AccessLogger, tmp_path / "access.log")
    ours.access(*request_and_answer("before"))
    (tmp_path / "access.log").rename(tmp_path / "access.log.1")  # logrotate, then SIGUSR1
    ours.reopen_files()
    ours.access(*request_and_answer("after"))
    assert '"before"' in (tmp_path / "access.log.1").read_text()
    assert "before" not in (tmp_path / "access.log").read_text()
    assert '"after"' in (tmp_path / "access.log").read_text()


def test_a_line_that_cannot_be_formatted_goes_to_the_error_log(tmp_path, monkeypatch):
    ours = file_logger(AccessLogger, tmp_path / "access.log", access_log_format="%(h)d")  # h is a string
    errors = []
    monkeypatch.setattr(ours, "error", errors.append)
    ours.access(*request_and_answer())
    assert (tmp_path / "access.log").read_text() == ""
    assert len(errors) == 1 and "TypeError" in errors[0]
