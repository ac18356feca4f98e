"""Fuzz every operation of /openapi.json in-process (schemathesis): no 5xx, answers as documented.

Schemathesis generates valid and invalid requests from the document and checks
each response: never a server error, a documented status, the documented media
type (application/problem+json for errors), a body matching the schema,
invalid data refused, 405 with `Allow` for undocumented methods.
"""
from __future__ import annotations

import schemathesis
from hypothesis import HealthCheck, settings

from app import create_app

# One app for the module: schemathesis loads the schema when the test is collected.
schema = schemathesis.openapi.from_wsgi("/openapi.json", create_app({"TESTING": True}))


def problem_json_on_errors(ctx, response, case):
    """Every error response is an RFC 9457 problem document."""
    if response.status_code >= 400:
        content_type = response.headers.get("content-type", [""])
        content_type = content_type[0] if isinstance(content_type, list) else content_type
        assert content_type.split(";")[0] == "application/problem+json", f"{response.status_code} sent {content_type!r}"
        body = response.json()
        assert {"type", "title", "status", "detail"} <= body.keys() and body["status"] == response.status_code, body


@schema.parametrize()
@settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
def test_api_conforms_to_its_document(case):
    case.call_and_validate(additional_checks=[problem_json_on_errors])
