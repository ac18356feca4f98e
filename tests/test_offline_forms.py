"""app/pages/offline_forms.py: the offline pages' field rules are what their form models refuse, bound for bound,
so the offline judge refuses exactly what the server's page does (tests/test_offline_browser.py checks the words)."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from app.pages.offline_forms import PAGES, offline_forms


@pytest.fixture
def forms(fresh_app):
    with fresh_app.test_request_context():
        return {endpoint: rules for endpoint, rules in zip(PAGES, offline_forms()["pages"].values(), strict=True)}


def refused(model, field: str, value: str) -> bool:
    try:
        model.model_validate({field: value})
    except ValidationError as error:
        return any(item["loc"][:1] == (field,) for item in error.errors())
    return False


def test_each_rule_is_the_edge_of_what_its_form_takes(forms, fresh_app):
    checked = 0
    with fresh_app.app_context():  # a Limit reads the running app's settings
        for endpoint, rules in forms.items():
            model = PAGES[endpoint][0]
            assert [rule["name"] for rule in rules] == list(model.model_fields)
            for rule in rules:
                name = rule["name"]
                for bound, inside, outside in (
                    ("ge", lambda b: b, lambda b: b - 1),
                    ("le", lambda b: b, lambda b: b + 1),
                ):
                    if bound in rule:
                        assert not refused(model, name, str(inside(rule[bound]))) and refused(
                            model, name, str(outside(rule[bound]))
                        ), (endpoint, name, bound)
                        checked += 1
                for bound in ("max_length", "limit"):
                    if bound in rule:
                        assert refused(model, name, "a" * (rule[bound] + 1)), (endpoint, name, bound)
                        checked += 1
                if rule["kind"] == "choice":
                    assert all(not refused(model, name, choice) for choice in rule["choices"])
                    assert refused(model, name, "huge")
                    checked += 1
                if rule["kind"] == "int":
                    assert refused(model, name, "two")
    assert checked >= 20
