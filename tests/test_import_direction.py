"""The arrows point one way: cli -> client | solver | tables, app -> tables -> solver; the engine and the client stand alone."""

from __future__ import annotations

import subprocess
import sys

import pytest
from service_helpers import ROOT


@pytest.mark.parametrize(
    "module, absent",
    [
        ("solver", ["cli", "client", "app", "flask", "tables"]),
        ("tables", ["cli", "client", "app", "flask"]),
        ("client", ["flask", "app"]),
    ],
)
def test_importing_loads_nothing_above(module, absent):
    """Import a package (with every module in it) in a fresh interpreter, and list what came in that must not."""
    code = f"""
import importlib, pkgutil, sys
package = importlib.import_module({module!r})
for found in pkgutil.walk_packages(package.__path__, package.__name__ + "."):
    importlib.import_module(found.name)
print(" ".join(sorted(name for name in {absent!r} if name in sys.modules)))
"""
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == [], f"import {module} loaded {done.stdout.strip()}"
