"""Every distribution the code imports is declared in pyproject.toml, so a new machine's install has it.

Each module's imports are read from its source (every `import`, at the top or inside a function), mapped to the
distribution that installs them (`importlib.metadata.packages_distributions()`), and compared with what
pyproject.toml declares: the service's packages may use `dependencies` only, the word-list build also its `build`
extra, the tests also the `test` extra. A transitive dependency does not count: a module imported by name is
declared by name, so a change in another package's requirements cannot take it away.
"""

from __future__ import annotations

import ast
import re
import sys
import tomllib
from importlib.metadata import packages_distributions
from pathlib import Path

import pytest
from service_helpers import ROOT

PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
PACKAGES = ["app", "solver", "cli", "client", "tables", "wordlists"]
# The word-list build (build.py and the modules beside it), run by hand or by CI with the `build` extra.
BUILD_SCRIPTS = {path for path in (ROOT / "wordlists").glob("*.py") if path.name != "__init__.py"}


def canonical(name: str) -> str:
    """A distribution's name as PEP 503 compares them."""
    return re.sub(r"[-_.]+", "-", name).lower()


def declared(*extras: str) -> set[str]:
    requirements = list(PYPROJECT["project"]["dependencies"])
    for extra in extras:
        requirements += PYPROJECT["project"]["optional-dependencies"][extra]
    return {canonical(re.match(r"[A-Za-z0-9._-]+", requirement).group()) for requirement in requirements}


def imported_modules(path: Path) -> set[str]:
    """The top-level names of the absolute imports in one source file."""
    names = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            names |= {alias.name.partition(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module.partition(".")[0])
    return names


def local_modules(folder: Path) -> set[str]:
    """Modules a test or script imports from its own folder (sys.path holds it)."""
    return {path.stem for path in folder.glob("*.py")}


def undeclared(paths: list[Path], allowed: set[str], local: set[str]) -> dict[str, list[str]]:
    """Each imported distribution outside `allowed`, with the files importing it."""
    providers = packages_distributions()
    ours = set(PACKAGES) | local
    found: dict[str, list[str]] = {}
    for path in paths:
        for module in imported_modules(path) - set(sys.stdlib_module_names) - ours:
            # Not installed here (the `build` extra in a test-only environment): its distribution by its own name.
            names = {canonical(name) for name in providers.get(module, [canonical(module)])}
            if not names & allowed:
                found.setdefault(" or ".join(sorted(names)), []).append(str(path.relative_to(ROOT)))
    return found


def sources(*folders: str) -> list[Path]:
    return sorted(path for folder in folders for path in (ROOT / folder).rglob("*.py"))


def test_the_service_imports_only_its_declared_dependencies():
    paths = [path for path in sources(*PACKAGES) if path not in BUILD_SCRIPTS]
    assert undeclared(paths, declared(), set()) == {}, "declare these in [project] dependencies of pyproject.toml"


def test_the_word_list_build_imports_only_its_declared_dependencies():
    missing = undeclared(sorted(BUILD_SCRIPTS), declared("build"), local_modules(ROOT / "wordlists"))
    assert missing == {}, "declare these in the `build` extra of pyproject.toml"


def test_the_tests_import_only_their_declared_dependencies():
    # The word-list tests import wordlists/build.py as `build`, as its own folder on sys.path.
    local = local_modules(ROOT / "tests") | local_modules(ROOT / "wordlists")
    missing = undeclared(sources("tests"), declared("test", "build"), local)
    assert missing == {}, "declare these in the `test` extra of pyproject.toml"


@pytest.mark.parametrize("module, distribution", [("segno", "segno"), ("flask_wtf", "flask-wtf")])
def test_a_dependency_taken_out_of_pyproject_is_noticed(module, distribution):
    """The check itself: without its declaration, a module the app imports is reported, with the files."""
    users = [path for path in sources(*PACKAGES) if module in imported_modules(path)]
    assert users, f"no module imports {module} any more: pick another example"
    missing = undeclared(users, declared() - {distribution}, set())
    assert list(missing) == [distribution] and missing[distribution]
