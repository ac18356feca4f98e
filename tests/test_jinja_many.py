"""app/pages/jinja_many.py draws the table's part on Jinja's low-level API: it must draw exactly what
`Template.render` draws from the same context, every region of every game, and keep what one draw adds to itself."""

from __future__ import annotations

import pytest
from flask import current_app
from test_pages_tables import claim, create, join, phone, start
from test_tables_live_part import four  # noqa: F401 (a fixture)

from app.pages import table_live
from app.pages.jinja_many import Drawing
from app.tables import tables


def drawn_both_ways(app, code: str) -> int:
    """Every region of the table's part and its /live body, drawn by `Drawing` and by `Template.render` from the same
    context, compared; how many were."""
    with app.test_request_context(f"/tables/{code}/live"):
        state = tables().state(code)
        context, _ = table_live.shared_context(code, state, None, tables().clock())
        current_app.update_template_context(context)
        env = current_app.jinja_env
        drawing = Drawing(env, context)
        regions = {}
        for name, template in table_live.SHARED[state.game].items():
            regions[name] = drawing.draw(template)
            assert regions[name] == env.get_template(template).render(context), name
        parts = table_live.part_keys(context["table"], context["game"])
        body = drawing.draw("table_live.html", regions=regions, parts=parts)
        assert body == env.get_template("table_live.html").render(context, regions=regions, parts=parts)
        assert "regions" not in drawing.vars and "parts" not in drawing.vars  # `more` is that draw's alone
        assert drawing.draw(table_live.SHARED[state.game]["scores"]) == regions["scores"]
        return len(regions) + 1


def test_a_wordsmith_tables_part_is_drawn_as_render_draws_it_through_a_game(app, four):  # noqa: F811
    code, host, (ann, bob, cat, dan), tv, clock = four
    assert drawn_both_ways(app, code) == len(table_live.SHARED["wordsmith"]) + 1
    for client, word in ((ann, "cot"), (bob, "lot"), (cat, "zzzq")):
        claim(client, code, word)
        drawn_both_ways(app, code)
    clock.now += 31  # the Object buttons' windows closed
    drawn_both_ways(app, code)


def test_a_booksmack_tables_part_is_drawn_as_render_draws_it(app):
    host = phone(app)
    code, _ = create(host, names=("Ann", "Bob", "Cy", "Di"), game="booksmack")
    for seat in range(1, 5):
        assert join(phone(app), code, seat).status_code == 303
    assert drawn_both_ways(app, code) == len(table_live.SHARED["booksmack"]) + 1


@pytest.mark.parametrize("variants", [("advanced",), ("word_by_word",)])
def test_a_variants_tables_part_is_drawn_as_render_draws_it(app, variants):
    host = phone(app)
    code, _ = create(host, names=("Ann", "Bob"), variants=variants)
    for seat in (1, 2):
        assert join(phone(app), code, seat).status_code == 303
    start(host, code)
    drawn_both_ways(app, code)
