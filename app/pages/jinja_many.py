"""Several templates drawn from one context, the environment's globals merged into it once.

`Template.render` copies the globals and the context into a new dict for every template it draws; the table's part
draws a dozen regions from one context after every event, so here each draws on the one merged dict instead. This
is Jinja's low-level API (`Template.new_context(vars, shared=True)`, which adds no globals, and
`Template.root_render_func`): tests/test_jinja_many.py holds what it draws equal to `Template.render`'s, so a Jinja
that changes either fails there.
"""

from __future__ import annotations

from jinja2 import Environment, Template
from markupsafe import Markup

__all__ = ["Drawing"]


class Drawing:
    """Templates of `env` drawn from `context` (Flask's template context already added), as `render` draws them."""

    def __init__(self, env: Environment, context: dict):
        self.env = env
        self.vars = {**env.globals, **context}

    def draw(self, name: str, **more) -> Markup:
        """The template `name` drawn from the context, and `more` on top of it (which the context does not keep)."""
        template: Template = self.env.get_template(name)
        context = template.new_context({**self.vars, **more} if more else self.vars, shared=True)
        return Markup(self.env.concat(template.root_render_func(context)))
