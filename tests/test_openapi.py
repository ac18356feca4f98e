"""The OpenAPI document and /docs: generated from the routes, complete, self-contained."""
from __future__ import annotations

import re

from app import DEFAULTS, create_app


def test_every_api_route_is_documented(app, client):
    spec = client.get("/openapi.json").json
    assert spec["openapi"].startswith("3.1")
    documented = {(path, method.upper()) for path, ops in spec["paths"].items() for method in ops}
    for rule in app.url_map.iter_rules():
        if not rule.rule.startswith("/api/"):
            continue
        path = re.sub(r"<(?:[^:<>]+:)?([^<>]+)>", r"{\1}", rule.rule)
        for method in rule.methods - {"HEAD", "OPTIONS"}:
            assert (path, method) in documented, f"{method} {rule.rule} has no @operation: it would be missing from /openapi.json"


def test_operations(client):
    spec = client.get("/openapi.json").json
    assert set(spec["paths"]) >= {"/api/v1/health", "/api/v1/lexicons", "/api/v1/words/{word}", "/api/v1/words/check"}
    lookup = spec["paths"]["/api/v1/words/{word}"]["get"]
    parameters = {p["name"]: p for p in lookup["parameters"]}
    assert parameters["word"]["in"] == "path" and parameters["word"]["required"] is True
    assert parameters["word"]["schema"]["maxLength"] == DEFAULTS["MAX_WORD_LENGTH"]
    assert parameters["lexicon"]["in"] == "query" and parameters["lexicon"]["required"] is False
    assert parameters["lexicon"]["schema"]["enum"] == ["small", "standard", "large"]
    check = spec["paths"]["/api/v1/words/check"]["post"]
    assert check["requestBody"]["content"]["application/json"]["schema"] == {"$ref": "#/components/schemas/CheckWords"}
    assert set(check["responses"]) == {"200", "400", "413", "415", "422", "500"}
    body = spec["components"]["schemas"]["CheckWords"]
    assert body["additionalProperties"] is False
    assert body["properties"]["words"]["maxItems"] == 50


def test_errors_are_declared_as_problems(client):
    spec = client.get("/openapi.json").json
    for name, response in spec["components"]["responses"].items():
        assert response["content"]["application/problem+json"]["schema"] == {"$ref": "#/components/schemas/Problem"}, name
    problem = spec["components"]["schemas"]["Problem"]
    assert {"type", "title", "status", "detail"} <= set(problem["required"])
    for path, operations in spec["paths"].items():
        for method, operation in operations.items():
            assert "500" in operation["responses"], f"{method} {path}"


def test_refs_resolve(client):
    spec = client.get("/openapi.json").json
    text = client.get("/openapi.json").get_data(as_text=True)
    for ref in set(re.findall(r'"\$ref": ?"([^"]+)"', text)):
        node = spec
        for part in ref.removeprefix("#/").split("/"):
            node = node[part]


def test_limits_in_the_document_follow_the_config():
    spec = create_app({"TESTING": True, "MAX_WORD_LENGTH": 12, "MAX_WORDS_PER_CHECK": 7}).test_client().get("/openapi.json").json
    word = next(p for p in spec["paths"]["/api/v1/words/{word}"]["get"]["parameters"] if p["name"] == "word")
    assert word["schema"]["maxLength"] == 12
    assert spec["components"]["schemas"]["CheckWords"]["properties"]["words"]["maxItems"] == 7


def test_docs_lists_every_operation_schema_and_problem(client):
    spec = client.get("/openapi.json").json
    response = client.get("/docs")
    assert response.status_code == 200 and response.mimetype == "text/html"
    html = response.get_data(as_text=True)
    for path, operations in spec["paths"].items():
        assert path in html
        for operation in operations.values():
            assert f'id="op-{operation["operationId"]}"' in html
    for name in spec["components"]["schemas"]:
        assert f'id="schema-{name}"' in html
    from app.errors import PROBLEM_TYPES

    for slug in PROBLEM_TYPES:
        assert f'id="problem-{slug}"' in html


def test_pages_load_nothing_from_outside(client):
    for path in ("/docs", "/", "/?word=cat"):
        html = client.get(path).get_data(as_text=True)
        assert not re.search(r'(src|href)="(https?:)?//', html), path
