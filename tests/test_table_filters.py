"""The table templates' list filters (app/pages/table_notes.py): `where` and `first_where` pick exactly what
Jinja's `selectattr(key, 'equalto', value)` with `|list` and `|first` picks, and `where_not` what `rejectattr` leaves,
from the state's views' dicts; `earlier_claims` draws, kept or not, what a plain loop over the claims draws."""

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


# The earlier challenges' claims as the claims list drew them with a loop of its own, each time.
EARLIER_LOOP = """{% for number in range(1, challenge) %}
{% set earlier = claims|selectattr('challenge', 'equalto', number)|list %}
<details class="claims-earlier">
  <summary>Challenge {{ number }}: {{ earlier|length }} claim{{ 's' if earlier|length != 1 }}</summary>
  <ul>{% for claim in earlier %}<li>{{ (claim.word or '(hidden)')|upper }}, {{ names.get(claim.seat, '') }}: \
{{ {'stands': 'stands', 'struck': 'struck out'}.get(claim.status, claim.status) }}</li>{% endfor %}</ul>
</details>
{% endfor %}"""

CLAIMS = st.lists(
    st.fixed_dictionaries(
        {
            "challenge": st.integers(1, 4),
            "seat": st.integers(1, 4),
            "word": st.one_of(st.none(), st.sampled_from(["cot", "lot", "<b>", "to-do", "she's"])),
            "status": st.sampled_from(["stands", "struck", "hidden"]),
        }
    ),
    max_size=12,
)


@settings(suppress_health_check=[HealthCheck.function_scoped_fixture])  # the app is only read
@given(games=st.lists(st.tuples(CLAIMS, st.integers(0, 4)), min_size=1, max_size=4), renamed=st.booleans())
def test_the_earlier_challenges_claims_are_drawn_as_a_loop_draws_them_kept_or_not(app, games, renamed):
    """Drawn once and kept for the same claims and names: each answer, the first or a kept one, is what the loop
    draws for those claims, so a claim struck or let stand later, or a seat renamed, is drawn anew."""
    names = {1: "Ann", 2: "Bob", 3: "<Cat>", 4: "Dan" if not renamed else "Dee"}
    env = app.jinja_env
    ours = env.from_string("{{ earlier_claims(claims, challenge, names) }}")
    loop = env.from_string(EARLIER_LOOP)
    with app.app_context():
        for claims, challenge in games + games:  # the second time round, kept answers

            def squeeze(html: str) -> str:
                return " ".join(html.split())

            drawn = ours.render(claims=claims, challenge=challenge, names=names)
            assert squeeze(drawn) == squeeze(loop.render(claims=claims, challenge=challenge, names=names))
