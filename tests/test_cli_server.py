"""`wordsmith --server URL ...` prints what the local command prints (`wordsmith serve`: test_cli_serve.py)."""
from __future__ import annotations


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
