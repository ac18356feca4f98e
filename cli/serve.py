"""`wordsmith serve`: run the web service under gunicorn, with the settings the Procfile uses.

The process becomes `python -m gunicorn 'app:create_app()' -c
python:app.serving.gunicorn_conf` (exec, so signals reach gunicorn directly): the
settings are a module of the app package, found wherever it is installed, as
the app is. Nothing of Flask is imported here.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import sys

APP = "app:create_app()"
CONFIG = "python:app.serving.gunicorn_conf"  # the root gunicorn.conf.py (the Procfile's) imports the same settings


def register(subparsers) -> None:
    parser = subparsers.add_parser("serve", help="run the web service (gunicorn, with the Procfile's settings)")
    parser.add_argument("--port", type=port_number, default=None, help="port to listen on (default: $PORT, else 8000)")
    parser.set_defaults(handler=run_serve)


def port_number(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        value = -1
    if not 0 <= value <= 65535:
        raise argparse.ArgumentTypeError(f"{text!r} is not a port number (0-65535)")
    return value


def gunicorn_command() -> list[str]:
    """Return the command that serves the app, run by this Python."""
    return [sys.executable, "-m", "gunicorn", APP, "-c", CONFIG]


def run_serve(args: argparse.Namespace) -> int:
    if importlib.util.find_spec("gunicorn") is None:
        raise LookupError("gunicorn is not installed: pip install gunicorn")
    env = dict(os.environ)
    if args.port is not None:
        env["PORT"] = str(args.port)
    os.execve(sys.executable, gunicorn_command(), env)
    return 0  # not reached: exec replaced the process
