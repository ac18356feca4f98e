"""A folder one host's workers share (app/pages/table_host_renders.py keeps the tables' renders in it): gunicorn's
master makes it before forking (gunicorn_conf.py's `on_starting`), private to the service's user, names it in the
environment the workers inherit, and removes it at exit. A deployment that names its own (HOST_FOLDER_ENV, an
existing folder only the service's user may write to) keeps it. Without one (the development server, the tests'
app), each worker keeps what it draws to itself. A master killed outright leaves its folder behind in the temporary
directory (`wordsmith-renders-*`), for the system's cleaner.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

__all__ = ["HOST_FOLDER_ENV", "host_folder", "make_host_folder"]

HOST_FOLDER_ENV = "WORDSMITH_HOST_RENDERS"


def host_folder() -> Path | None:
    """The host's shared folder, or None when this process keeps what it draws to itself."""
    named = os.environ.get(HOST_FOLDER_ENV)
    return Path(named) if named else None


def make_host_folder() -> Path | None:
    """A new folder for the host (mode 0700), named in the environment the workers inherit; None when the
    deployment named its own."""
    if os.environ.get(HOST_FOLDER_ENV):
        return None
    made = Path(tempfile.mkdtemp(prefix="wordsmith-renders-"))
    os.environ[HOST_FOLDER_ENV] = str(made)
    return made
