"""The table templates' list filters (app/pages/table_notes.py): `where` and `first_where` pick exactly what
Jinja's `selectattr(key, 'equalto', value)` with `|list` and `|first` picks, and `where_not` what `rejectattr` leaves,
from the state's views' dicts."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

ONE_APP = True

VALUES = st.one_of(st.none(), st.integers(0, 3), st.sampled_from(["stands", "struck", "hidden"]), st.booleans())
ITEMS = st.lists(st.dictionaries(st.sampled_from(["seat", "challenge", "status"]), VALUES, max_size=3), max_size=6)


@settings(suppress_health_check=[HealthCheck.function_scoped_fixture])  # the app is only read
@given(items=ITEMS, key=st.sampled_from(["seat", "challenge", "status"]), value=VALUES)
def test_where_and_first_where_pick_as_selectattr_does_and_where_not_as_rejectattr(app, items, key, value):
    env = app.jinja_env
    ours = env.from_string(
        "{{ items|where(key, value) }}|{{ items|first_where(key, value) }}|{{ items|where_not(key, value) }}"
    )
    jinjas = env.from_string(
        "{{ items|selectattr(key, 'equalto', value)|list }}|{{ items|selectattr(key, 'equalto', value)|first or none }}"
        "|{{ items|rejectattr(key, 'equalto', value)|list }}"
    )
    with app.app_context():
        assert ours.render(items=items, key=key, value=value) == jinjas.render(items=items, key=key, value=value)


def test_no_list_is_an_empty_one(app):
    with app.app_context():
        drawn = app.jinja_env.from_string(
            "{{ none|where('seat', 1) }} {{ none|first_where('seat', 1) }} {{ none|where_not('seat', 1) }}"
        ).render()
    assert drawn == "[] None []"
