"""`wordsmith serve`: run the web service under gunicorn, exactly as the Procfile does.

The process becomes `python -m gunicorn 'app:create_app()' -c gunicorn.conf.py`
(exec, so signals reach gunicorn directly); nothing of Flask is imported here.
"""
from __future__ import annotations

import argparse
import importlib.util
import os
import sys
from pathlib import Path

APP = "app:create_app()"


def register(subparsers) -> None:
    parser = subparsers.add_parser("serve", help="run the web service (gunicorn with gunicorn.conf.py)")
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


def project_root() -> Path:
    """Return the folder holding `app/` and `gunicorn.conf.py` (a source checkout)."""
    return Path(__file__).resolve().parents[1]


def gunicorn_command(config: Path) -> list[str]:
    """Return the command that serves the app with `config`, run by this Python."""
    return [sys.executable, "-m", "gunicorn", APP, "-c", str(config)]


def run_serve(args: argparse.Namespace) -> int:
    root = project_root()
    config = root / "gunicorn.conf.py"
    if not config.is_file():
        raise LookupError(f"No gunicorn.conf.py at {root}: wordsmith serve runs from a source checkout")
    if importlib.util.find_spec("gunicorn") is None:
        raise LookupError("gunicorn is not installed: pip install gunicorn")
    env = dict(os.environ)
    if args.port is not None:
        env["PORT"] = str(args.port)
    os.chdir(root)  # so gunicorn imports this checkout's `app`
    os.execve(sys.executable, gunicorn_command(config), env)
    return 0  # not reached: exec replaced the process
