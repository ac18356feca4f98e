"""The OpenAPI document and /docs: generated from the routes, complete, self-contained."""

from __future__ import annotations

import json
import re
from pathlib import Path

from app import DEFAULTS, create_app
from app.openapi import PROBLEM_BY_STATUS

ONE_APP = True  # its tests only send requests: one app for the module (conftest.py, `app`)


def test_every_api_route_is_documented(app, client):
    spec = client.get("/openapi.json").json
    assert spec["openapi"].startswith("3.1")
    documented = {(path, method.upper()) for path, ops in spec["paths"].items() for method in ops}
    for rule in app.url_map.iter_rules():
        if not rule.rule.startswith("/api/"):
            continue
        path = re.sub(r"<(?:[^:<>]+:)?([^<>]+)>", r"{\1}", rule.rule)
        for method in rule.methods - {"HEAD", "OPTIONS"}:
            assert (path, method) in documented, (
                f"{method} {rule.rule} has no @operation: it would be missing from /openapi.json"
            )


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
        assert response["content"]["application/problem+json"]["schema"] == {"$ref": "#/components/schemas/Problem"}, (
            name
        )
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
    spec = (
        create_app({"TESTING": True, "MAX_WORD_LENGTH": 12, "MAX_WORDS_PER_CHECK": 7})
        .test_client()
        .get("/openapi.json")
        .json
    )
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


# --- every field an answer carries is documented ---------------------------------------

GOLDEN = Path(__file__).resolve().parent / "golden"


def _golden(path: str, keys: tuple[str, ...]) -> dict:
    data = json.loads((GOLDEN / path).read_text("utf-8"))
    return {key: data[key] for key in keys if key in data}


# One request per operation, chosen so the answer carries its optional parts
# (objections with details, a die's worth, the variants' fields, a whole game).
ANSWERS = [
    ("get", "/api/v1/health", None),
    ("get", "/api/v1/lexicons", None),
    ("get", "/api/v1/words/cats", None),
    ("get", "/api/v1/words/check", None),  # the word "check": its own route, so GET and POST can share the path
    ("post", "/api/v1/words/check", {"words": ["cat", "james", "zzxq"]}),
    ("get", "/api/v1/wordsmith/alphabet", None),
    ("post", "/api/v1/wordsmith/roll", {"roll": "word_by_word", "seed": 7}),
    ("post", "/api/v1/wordsmith/solve", {"pool": "R3 Y2 B1 G2 W1", "limit": 5}),
    ("post", "/api/v1/wordsmith/hints", {"pool": "R3 Y2 B1 G2", "limit": 3}),
    (
        "post",
        "/api/v1/wordsmith/judge",
        {"word": "james", "pool": "R1", "previous_word": "semaj", "required_letter": "q", "discards_used": 12},
    ),
    ("post", "/api/v1/wordsmith/judge", {"word": "bags", "pool": "R3 Y2 B1 G2 W1", "claimed": ["bag"]}),
    ("post", "/api/v1/wordsmith/score", _golden("wordsmith/advanced.json", ("variant", "sheets"))),
    ("post", "/api/v1/wordsmith/score", _golden("wordsmith/word_by_word.json", ("variant", "sheets"))),
    ("post", "/api/v1/racks/solve", {"rack": "retains?", "limit": 5}),
    ("post", "/api/v1/booksmack/judge", {"cards": ["c", "a", "t"]}),
    ("post", "/api/v1/booksmack/judge", {"cards": ["a", "Z", "+", "7"]}),
    ("post", "/api/v1/booksmack/turn", {"cards": ["c", "a", "t"], "played": 3}),
    ("post", "/api/v1/booksmack/score", {"cards": ["a", "é", "!"], "variant": "turn-based"}),
    ("post", "/api/v1/colorsmash/judge", {"card": "red/blue"}),
    (
        "post",
        "/api/v1/colorsmash/replay",
        _golden("colorsmash/standard-three-players.game.json", ("mode", "players", "events")),
    ),
    (
        "post",
        "/api/v1/colorsmash/replay",
        _golden("colorsmash/competition-two-players.game.json", ("mode", "players", "events")),
    ),
]


def undocumented(value, schema: dict, spec: dict, where: str = "") -> list[str]:
    """Return the JSON pointers of the fields of `value` that `schema` (an OpenAPI schema) does not document."""
    while "$ref" in schema:
        schema = spec["components"]["schemas"][schema["$ref"].rsplit("/", 1)[1]]
    branches = schema.get("anyOf") or schema.get("oneOf")
    if branches:  # documented when one branch documents it all
        return min((undocumented(value, branch, spec, where) for branch in branches), key=len)
    found = []
    if isinstance(value, dict):
        properties = schema.get("properties")
        extra = schema.get("additionalProperties")
        for key, item in value.items():
            if properties is not None and key in properties:
                found += undocumented(item, properties[key], spec, f"{where}/{key}")
            elif isinstance(extra, dict):
                found += undocumented(item, extra, spec, f"{where}/{key}")
            elif extra is True and properties is None:
                pass  # an object documented as free-form (`dict[str, Any]`): any member is its own
            else:
                found.append(f"{where}/{key}")
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found += undocumented(item, schema.get("items", {}), spec, f"{where}/{index}")
    return found


def test_every_field_an_answer_carries_is_documented(client):
    spec = client.get("/openapi.json").json
    asked = set()
    for method, path, body in ANSWERS:
        response = client.open(path, method=method.upper(), json=body)
        assert response.status_code == 200, (path, response.json)
        templates = [
            p
            for p in spec["paths"]
            if method in spec["paths"][p] and re.fullmatch(re.sub(r"\{[^}]+\}", "[^/]+", p), path)
        ]
        template = path if path in templates else templates[0]
        asked.add((template, method))
        schema = spec["paths"][template][method]["responses"]["200"]["content"]["application/json"]["schema"]
        assert undocumented(response.json, schema, spec) == [], (
            f"{method.upper()} {path}: fields its response schema does not document"
        )
    operations = {(path, method) for path, ops in spec["paths"].items() for method in ops}
    # A live table's operations need a table and tokens: tests/test_api_tables.py checks their answers the same way.
    operations = {(path, method) for path, method in operations if not path.startswith("/api/v1/tables")}
    assert operations - asked == set(), "an operation with no request in ANSWERS"


def test_an_undocumented_field_is_found(client, monkeypatch):
    """The check above sees a field the solver adds without its schema saying so, however deep."""
    from solver import booksmack

    score = booksmack.score_collection

    class Extra:
        def __init__(self, result):
            self.result = result

        def to_dict(self):
            answer = self.result.to_dict()
            answer["breakdown"][0]["bonus"] = 1
            return answer

    monkeypatch.setattr(booksmack, "score_collection", lambda *args: Extra(score(*args)))
    spec = client.get("/openapi.json").json
    answer = client.post("/api/v1/booksmack/score", json={"cards": ["a"]}).json
    schema = spec["paths"]["/api/v1/booksmack/score"]["post"]["responses"]["200"]["content"]["application/json"][
        "schema"
    ]
    assert undocumented(answer, schema, spec) == ["/breakdown/0/bonus"]


def raised_problems() -> set[tuple[int, str]]:
    """Every (status, problem type) the service answers with: the types raised with their status in app/, the
    tables' and the engine's refusals by their exception's status, and the default type of each status."""
    from app.errors import SLUG_BY_STATUS
    from tables.events import Busy, Forbidden, NotFound, Rejected, Slowed

    found = {(status, slug) for status, slug in SLUG_BY_STATUS.items()}
    found |= {(Busy.status, "table-busy"), (Slowed.status, "refusals-too-fast"), (NotFound.status, "table-not-found")}
    found |= {(Rejected.status, "rejected"), (Forbidden.status, "forbidden")}
    raised = re.compile(
        r'(?:ApiProblem|problem_bytes|problem_response)\(\s*(\d{3}),(?:(?!ApiProblem\(|problem_bytes\(|\n\n).)*?slug="([\w-]+)"'
        r'|\n\s*(\d{3}),\n\s*"([\w-]+)",|take\([^\n]*?, (\d{3}), "([\w-]+)"',
        flags=re.S,
    )
    for module in (Path(__file__).parent.parent / "app").rglob("*.py"):
        for match in raised.finditer(module.read_text("utf-8")):
            status, slug = [part for part in match.groups() if part is not None]
            found.add((int(status), slug))
    return found


def test_an_error_responses_description_names_every_problem_its_status_comes_with(client):
    """The document's error responses say what /docs says of each problem type their status comes with (a 503 is
    a busy table or database as well as a full worker), so an operation's documented 503 or 429 is never another
    problem's words."""
    responses = client.get("/openapi.json").get_json()["components"]["responses"]
    by_status = {}
    for name, response in responses.items():
        status = next(s for s, n in PROBLEM_BY_STATUS.items() if n == name)
        by_status[status] = response["description"]
    raised = raised_problems()
    assert {(503, "table-busy"), (429, "too-many-streams"), (503, "work-budget")} <= raised  # the reader finds them
    missing = [
        (status, slug)
        for status, slug in sorted(raised)
        if status in by_status and f"/docs#problem-{slug}" not in by_status[status]
    ]
    assert missing == []
