"""The shape of the code a maintainer opens: no import cycles among the project's modules, none over 700 lines (the
benchmarks' scripts included), and bench/README.md a manual one reads through, not a diary.

An import inside a function counts as much as one at the top: it is the same arrow between two modules, only
taken later. A package's own `__init__` importing its submodules is no cycle (Python's own way to gather them).
"""

from __future__ import annotations

import ast
from pathlib import Path

from service_helpers import ROOT

PACKAGES = ["app", "solver", "cli", "client", "tables", "wordlists"]
MAX_LINES = 700
# The benchmarks: scripts run by hand, importing each other by bare name (outside the package graph), as long-lived
# and as read as the packages.
BENCH = ROOT / "bench"
# bench/README.md: how to run each benchmark and its current figures; past runs are in bench/HISTORY.md and git.
BENCH_MANUAL_MAX_BYTES = 20_000


def modules() -> dict[str, Path]:
    found = {}
    for package in PACKAGES:
        for path in (ROOT / package).rglob("*.py"):
            if "migrations" in path.parts:  # Alembic's scripts, run by Alembic
                continue
            parts = path.relative_to(ROOT).with_suffix("").parts
            found[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return found


def imports(name: str, path: Path, known: dict[str, Path]) -> set[str]:
    """The project modules `name` imports, wherever in it the import is."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    targets = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            targets |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                module = ".".join(base + ([node.module] if node.module else []))
            else:
                module = node.module or ""
            targets.add(module)
            targets |= {f"{module}.{alias.name}" for alias in node.names}
    # wordlists/build.py imports its neighbours by their bare names, as a script does.
    if name.startswith("wordlists."):
        targets |= {f"wordlists.{target}" for target in targets}
    return {t for t in targets if t in known and t != name and not name.startswith(t + ".")}


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm)."""
    index, low, stack, on_stack, found = {}, {}, [], set(), []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in graph[node]:
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in graph:
        if node not in index:
            visit(node)
    return found


def test_no_import_cycles_among_the_projects_modules():
    known = modules()
    graph = {name: imports(name, path, known) for name, path in known.items()}
    assert cycles(graph) == []


def test_the_cycle_finder_finds_a_cycle():
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def test_no_module_is_over_700_lines():
    long = {
        str(path.relative_to(ROOT)): n
        for path in [*modules().values(), *BENCH.rglob("*.py")]
        if (n := len(path.read_text().splitlines())) > MAX_LINES
    }
    assert long == {}


def test_the_bench_manual_stays_under_20000_bytes():
    assert len((BENCH / "README.md").read_bytes()) < BENCH_MANUAL_MAX_BYTES
