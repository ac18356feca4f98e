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


def lines() -> dict[str, str]:
    """Each mapped name with its line's words (continuation lines included)."""
    text = (ROOT / "docs" / "development.md").read_text(encoding="utf-8")
    block = re.search(r"## Where things are\n.*?```\n(.*?)```", text, flags=re.S).group(1)
    said: dict[str, str] = {}
    name = ""
    for line in block.splitlines():
        if line and not line.startswith(" "):
            name = line.split()[0]
            said[name] = line[len(name) :]
        elif name:
            said[name] += " " + line.strip()
    return said


def named_files(folder: str, words: str) -> list[str]:
    """The files a folder's line names by their file name (`state.py`, `table_*.py`, `verdict_parts.html`)."""
    return re.findall(r"(?<![\w/.])[\w*]+\.(?:py|js|html|md|toml|tsv|json)\b", words) if folder.endswith("/") else []


def test_every_file_a_folders_line_names_is_in_that_folder():
    """A folder's line names its modules as they are: one that moved to another folder, or was renamed, fails."""
    false = [
        f"{folder} {name}"
        for folder, words in lines().items()
        for name in named_files(folder, words)
        if not any((ROOT / folder).glob(name))
    ]
    assert false == [], f"docs/development.md, 'Where things are', names files its folders lack: {false}"


def test_a_file_named_on_the_wrong_folders_line_is_found():
    assert named_files("app/", " Flask: offline.py (the worker), state.py, and tables/store.py") == [
        "offline.py",
        "state.py",
    ]
    assert not any((ROOT / "app/").glob("state.py"))


CODE = ["app", "solver", "tables", "client", "cli"]


def unnamed_modules(said: dict[str, str]) -> list[str]:
    """The modules of the code's folders their folder's line does not name: by name (`state`), file name
    (`state.py`) or a pattern of file names (`table_*.py`)."""
    missing = []
    for top in CODE:
        for folder in [ROOT / top, *(ROOT / top).rglob("*")]:
            if not folder.is_dir() or SKIPPED & set(folder.parts) or "migrations" in folder.parts:
                continue
            words = said.get(folder.relative_to(ROOT).as_posix() + "/", "")
            patterns = re.findall(r"[\w*]*\*[\w*]*\.py", words)
            for module in sorted(folder.glob("*.py")):
                if module.stem in ("__init__", "__main__") or any(module.match(p) for p in patterns):
                    continue
                if not re.search(rf"(?<![\w/]){re.escape(module.stem)}(?:\.py)?\b", words):
                    missing.append(module.relative_to(ROOT).as_posix())
    return missing


def test_every_module_of_the_code_is_named_on_its_folders_line():
    """A newcomer finds a module by its folder's line: one added (or moved to another folder) without a word there
    fails here, naming it."""
    missing = unnamed_modules(lines())
    assert missing == [], f"docs/development.md, 'Where things are', does not name: {missing}"


def test_a_module_left_off_its_line_is_found():
    said = lines()
    said["solver/"] = said["solver/"].replace("colorsmash", "color smash")
    assert unnamed_modules(said) == ["solver/colorsmash.py"]
