"""A client generated from /openapi.json by openapi-python-client has a method for every operation.

A generator names a model class after its schema's `title`: two schemas with one
title make it drop an operation without failing (two `ScoreRequest`s once cost
the generated client `POST /api/v1/wordsmith/score`). So titles are unique, and
a real generator run checks the outcome.
"""

from __future__ import annotations

import ast
import collections
import json
import subprocess
import sys

from app.openapi import build_document


def test_schema_titles_are_unique_and_name_their_component(app):
    schemas = build_document(app)["components"]["schemas"]
    titles = collections.Counter(schema.get("title", name) for name, schema in schemas.items())
    assert [title for title, count in titles.items() if count > 1] == []
    assert {name for name, schema in schemas.items() if schema.get("title", name) != name} == set()


def test_generated_client_has_a_method_for_every_operation(client, tmp_path):
    document = client.get("/openapi.json").json
    (tmp_path / "openapi.json").write_text(json.dumps(document))
    (tmp_path / "config.yaml").write_text("post_hooks: []\n")  # no formatter run: only the code matters here
    run = subprocess.run(
        [
            sys.executable,
            "-m",
            "openapi_python_client",
            "generate",
            "--path",
            "openapi.json",
            "--output-path",
            "generated",
            "--meta",
            "none",
            "--config",
            "config.yaml",
        ],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert run.returncode == 0, run.stdout + run.stderr
    assert "Unable to" not in run.stdout and "Warning" not in run.stdout, (
        run.stdout
    )  # the generator's words for a skipped part
    methods = {}
    for module in (tmp_path / "generated" / "api").rglob("*.py"):
        functions = {node.name for node in ast.parse(module.read_text()).body if isinstance(node, ast.FunctionDef)}
        if "sync_detailed" in functions:
            methods[module.stem] = functions
    operations = {operation["operationId"] for path in document["paths"].values() for operation in path.values()}
    assert operations == set(methods), f"operations without a method: {sorted(operations - set(methods))}"
