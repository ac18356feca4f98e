"""Fuzz every operation of /openapi.json in-process (schemathesis): no 5xx, answers as documented.

Schemathesis generates valid and invalid requests from the document and checks
each response: never a server error, a documented status, the documented media
type (application/problem+json for errors), a body matching the schema,
invalid data refused, 405 with `Allow` for undocumented methods.

The game operations also refuse some schema-valid requests on purpose: a
rule a JSON Schema cannot say (a pool text that names no piece, a Booksmack
card the game lacks, a Color Smash event that is impossible at that point of
the game). For them a schema-valid request may get a 422, provided it points
at the field the game refused; everything else is checked as for the others.
"""

from __future__ import annotations

import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.checks import positive_data_acceptance
from schemathesis.config import SchemathesisConfig

from app import create_app

# The join-code guessing limit (app/serving/limiter.py) off: with the default burst of 20, the first lookups of codes no
# table has used it up, and most live-table requests would be answered 429 before their fields were read (one
# documented problem, tested in tests/test_api_tables.py and tests/test_pages_tables.py). Lifted, every request
# reaches its operation's parsing and refusals: 404 for the unknown code, 400, 415, 422 naming the field.
GUESSES = 1_000_000

# A request over a limit may also be refused for its size first: a list one
# item over its maxItems can be larger than MAX_BODY_BYTES, and then the
# answer is the documented 413. Schemathesis' own list, plus 413.
REFUSALS = ["400", "401", "403", "404", "405", "406", "409", "413", "415", "422", "428", "429", "5xx"]
CONFIG = SchemathesisConfig.from_dict({"checks": {"negative_data_rejection": {"expected-statuses": REFUSALS}}})


def api_schema():
    """The document of one app, loaded when this module is collected.

    Eagerly, through schemathesis' documented `parametrize`: each operation is its own test item, so xdist spreads
    them over its workers. Its lazy form (`schemathesis.pytest.from_fixture`) renames pytest's items through a
    private attribute that pytest 9.2 no longer has."""
    app = create_app({"TESTING": True, "TABLE_GUESS_BURST": GUESSES})
    return schemathesis.openapi.from_wsgi("/openapi.json", app, config=CONFIG)


schema = api_schema()
TABLES = "^/api/v1/tables"  # live-table operations get fewer examples (below)


def problem_json_on_errors(ctx, response, case):
    """Every error response is an RFC 9457 problem document."""
    if response.status_code >= 400:
        content_type = response.headers.get("content-type", [""])
        content_type = content_type[0] if isinstance(content_type, list) else content_type
        assert content_type.split(";")[0] == "application/problem+json", f"{response.status_code} sent {content_type!r}"
        body = response.json()
        assert {"type", "title", "status", "detail"} <= body.keys() and body["status"] == response.status_code, body


# Live tables too: a variant the game does not have, a pool of the wrong size, a card outside the table's deck.
GAME_RULES = ("/api/v1/wordsmith/", "/api/v1/racks/", "/api/v1/booksmack/", "/api/v1/colorsmash/", "/api/v1/tables")


def refusals_point_at_a_field(ctx, response, case):
    """A game operation's 422 names the field it refused."""
    if response.status_code == 422 and case.operation.path.startswith(GAME_RULES):
        errors = response.json().get("errors") or []
        assert errors and all(error["pointer"].startswith("/") or error["pointer"] == "" for error in errors), (
            response.json()
        )


def conforms(case):
    excluded = [positive_data_acceptance] if case.operation.path.startswith(GAME_RULES) else []
    case.call_and_validate(
        additional_checks=[problem_json_on_errors, refusals_point_at_a_field], excluded_checks=excluded
    )


@schema.exclude(path_regex=TABLES).parametrize()
@settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
def test_api_conforms_to_its_document(case):
    conforms(case)


# Half the examples of the others: a generated join code names no table, so past the coverage phase (each field's
# boundary values, kept in full) every live-table request ends at the same parsing, 404 or 422, and a second 20
# examples only repeat those paths (with 20, each operation still gets 26-162 requests). The states a table goes through
# are tested by tests/test_api_tables.py and the tables' own tests.
@schema.include(path_regex=TABLES).parametrize()
@settings(max_examples=20, deadline=None, suppress_health_check=list(HealthCheck))
def test_live_tables_api_conforms_to_its_document(case):
    conforms(case)
