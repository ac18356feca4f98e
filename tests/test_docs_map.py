"""docs/development.md's "Where things are" names every folder of the project that holds code or data, so the
map a newcomer reads is the tree as it is: a folder added without a line there fails here."""

from __future__ import annotations

import re

from service_helpers import ROOT

TOP = ["app", "solver", "tables", "cli", "client", "wordlists", "bench", "tests", "docs"]
SKIPPED = {"__pycache__", "node_modules", ".hypothesis", "screenshots"}


def folders() -> set[str]:
    found = set()
    for top in TOP:
        for path in [ROOT / top, *(ROOT / top).rglob("*")]:
            if path.is_dir() and not SKIPPED & set(path.relative_to(ROOT).parts):
                if any(child.is_file() for child in path.iterdir()):
                    found.add(path.relative_to(ROOT).as_posix() + "/")
    return found


def mapped() -> set[str]:
    text = (ROOT / "docs" / "development.md").read_text(encoding="utf-8")
    block = re.search(r"## Where things are\n.*?```\n(.*?)```", text, flags=re.S).group(1)
    return {line.split()[0] for line in block.splitlines() if line and not line.startswith(" ")}


def test_where_things_are_names_every_folder_of_the_project():
    missing = sorted(folders() - mapped())
    assert missing == [], f"docs/development.md, 'Where things are', lacks: {missing}"


def test_where_things_are_names_no_folder_that_does_not_exist():
    gone = sorted(name for name in mapped() if name.endswith("/") and not (ROOT / name).is_dir())
    assert gone == [], f"docs/development.md, 'Where things are', names folders that do not exist: {gone}"
