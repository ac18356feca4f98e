"""The shape of the code a maintainer opens: no import cycles among the project's modules, none over 700 lines (the
benchmarks' scripts included), and bench/README.md a manual one reads through, not a diary.

An import inside a function counts as much as one at the top: it is the same arrow between two modules, only
taken later. A package's own `__init__` importing its submodules is no cycle (Python's own way to gather them); a
module taking names from a package (`from . import bp` in a view, `from app import DEFAULTS` in a subpackage) is an
arrow to that package's `__init__`, and with the gathering it closes one: the names a package's modules share live in
a module of their own. `from package import submodule` is an arrow to the submodule only.

Packages are counted too: with each module standing for its package, no two packages may import each other, so a
subpackage that leans on its parent's modules is never imported by them (the parent's `__init__` gathering its
subpackages is, again, no arrow).
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

from service_helpers import ROOT

PACKAGES = ["app", "solver", "cli", "client", "tables", "wordlists"]
MAX_LINES = 700
MAX_SCRIPT_LINES = 400  # a page script (app/static/*.js): one concern a file, each split before it grows past this
# The benchmarks: scripts run by hand, importing each other by bare name (outside the package graph), as long-lived
# and as read as the packages.
BENCH = ROOT / "bench"
# bench/README.md: how to run each benchmark and its current figures; past runs are in bench/HISTORY.md and git.
BENCH_MANUAL_MAX_BYTES = 20_000


def modules(root: Path = ROOT, packages: list[str] = PACKAGES) -> dict[str, Path]:
    found = {}
    for package in packages:
        for path in (root / package).rglob("*.py"):
            if "migrations" in path.parts:  # Alembic's scripts, run by Alembic
                continue
            parts = path.relative_to(root).with_suffix("").parts
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
            submodules = {f"{module}.{alias.name}" for alias in node.names}
            targets |= submodules
            if not submodules <= known.keys():  # a name defined in the package's `__init__`
                targets.add(module)
    # wordlists/build.py imports its neighbours by their bare names, as a script does.
    if name.startswith("wordlists."):
        targets |= {f"wordlists.{target}" for target in targets}
    return {t for t in targets if t in known and t != name}


def package_graph(graph: dict[str, set[str]], known: dict[str, Path]) -> dict[str, set[str]]:
    """The arrows between packages: each module stands for its package, a package's `__init__` for the package.

    A package's `__init__` importing its own subpackages (create_app gathering the blueprints) draws no arrow.
    """

    def package_of(name: str) -> str:
        return name if known[name].name == "__init__.py" else name.rpartition(".")[0]

    packages: dict[str, set[str]] = {package_of(name): set() for name in graph}
    for name, targets in graph.items():
        source = package_of(name)
        for target in map(package_of, targets):
            gathering = known[name].name == "__init__.py" and target.startswith(source + ".")
            if target != source and not gathering:
                packages[source].add(target)
    return packages


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


def import_graph(root: Path = ROOT, packages: list[str] = PACKAGES) -> tuple[dict[str, set[str]], dict[str, Path]]:
    known = modules(root, packages)
    return {name: imports(name, path, known) for name, path in known.items()}, known


def test_no_import_cycles_among_the_projects_modules():
    graph, _ = import_graph()
    assert cycles(graph) == []


def test_no_import_cycles_among_the_projects_packages():
    graph, known = import_graph()
    assert cycles(package_graph(graph, known)) == []


def test_the_cycle_finder_finds_a_cycle():
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def write_tree(root: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text, encoding="utf-8")


def test_a_module_taking_names_from_the_package_that_gathers_it_is_a_cycle(tmp_path):
    write_tree(
        tmp_path,
        {
            # pages/__init__.py gathers its views; views.py takes `bp` from it: a cycle.
            "pages/__init__.py": "bp = object()\nfrom . import views\n",
            "pages/views.py": "from . import bp\n",
            # web/api/fields.py takes a name from `web`, whose create_app imports the api: a cycle.
            "web/__init__.py": "DEFAULTS = {}\ndef create_app():\n    from . import api\n",
            "web/api/__init__.py": "from . import fields\n",
            "web/api/fields.py": "from web import DEFAULTS\n",
            # tidy/__init__.py gathers its views, which take `bp` from a module of their own: no cycle.
            "tidy/__init__.py": "from . import views\nfrom .blueprint import bp\n",
            "tidy/blueprint.py": "bp = object()\n",
            "tidy/views.py": "from . import blueprint\nfrom .blueprint import bp\n",
        },
    )
    graph, _ = import_graph(tmp_path, ["pages", "tidy", "web"])
    assert cycles(graph) == [["pages", "pages.views"], ["web", "web.api", "web.api.fields"]]


def test_two_packages_importing_each_other_are_a_cycle(tmp_path):
    write_tree(
        tmp_path,
        {
            # No module cycle (a.one -> b.two, b.three -> a.four), but a and b import each other.
            "a/__init__.py": "",
            "a/one.py": "from b.two import x\n",
            "a/four.py": "",
            "b/__init__.py": "",
            "b/two.py": "x = 1\n",
            "b/three.py": "from a import four\n",
            # c gathers its subpackage, which uses c's modules: no cycle.
            "c/__init__.py": "def make():\n    from .sub import views\n",
            "c/errors.py": "",
            "c/sub/__init__.py": "",
            "c/sub/views.py": "from ..errors import *\n",
        },
    )
    graph, known = import_graph(tmp_path, ["a", "b", "c"])
    assert cycles(graph) == []
    assert cycles(package_graph(graph, known)) == [["a", "b"]]


def test_no_module_is_over_700_lines():
    long = {
        str(path.relative_to(ROOT)): n
        for path in [*modules().values(), *BENCH.rglob("*.py")]
        if (n := len(path.read_text().splitlines())) > MAX_LINES
    }
    assert long == {}


def test_no_page_script_is_over_400_lines():
    long = {
        path.name: n
        for path in (ROOT / "app" / "static").glob("*.js")
        if (n := len(path.read_text().splitlines())) > MAX_SCRIPT_LINES
    }
    assert long == {}


def test_the_bench_manual_stays_under_20000_bytes():
    assert len((BENCH / "README.md").read_bytes()) < BENCH_MANUAL_MAX_BYTES


def test_the_hosting_rules_every_game_shares_read_no_games_state():
    """tables/hosting.py (seats, the host role, undo) serves every game: what a game keeps (`game_state`'s claims,
    hands, rounds) it reads only through the game's own hooks (`game_hook`: `undone_names`, `after_hosting`)."""
    text = (ROOT / "tables" / "hosting.py").read_text("utf-8")
    assert not re.search(r"game_state|\.claims\b|from \.(wordsmith|booksmack)", text)


def test_booksmacks_own_api_fields_live_in_its_module_and_its_actions_say_their_race_numbers():
    """The shared tables API (app/api/tables.py) keeps no Booksmack-only field (`Takers`, `MAX_CARDS`); the game's
    module docstring lists the optional number each action sends for its race (ruling 16): round, turn."""
    import app.api.table_booksmack as table_booksmack
    import app.api.tables as tables_api
    import tables.booksmack as booksmack

    assert not hasattr(tables_api, "Takers") and not hasattr(tables_api, "MAX_CARDS")
    assert table_booksmack.Takers and table_booksmack.MAX_CARDS == 6
    actions = booksmack.__doc__.split("Actions")[1].split("Events")[0]
    for kind, number in (("take", "round"), ("turn", "turn"), ("steal", "turn")):
        entry = actions.split(f'"type": "{kind}"')[1].split('{"type"')[0]
        assert f'"{number}" optional' in entry, kind
