"""The Wordsmith judge web service: `create_app()` builds it.

    gunicorn 'app:create_app()' -c gunicorn.conf.py

Settings come, in order, from `DEFAULTS` (app/settings.py), from `WORDSMITH_*` environment
variables (`WORDSMITH_DEFAULT_LEXICON=large`; values are read as JSON when
they parse, so `WORDSMITH_MAX_BODY_BYTES=32768` is a number), then from the
`config` mapping given to `create_app` (tests). Every key of `DEFAULTS` is
documented in docs/configuration.md's table; a test enforces it.
"""

from __future__ import annotations

import logging
import os
import secrets
import types
from pathlib import Path

from flask import Flask
from flask.templating import Environment
from flask_wtf.csrf import CSRFProtect
from jinja2 import BytecodeCache

from .settings import DEFAULTS, check_config

__all__ = ["DEFAULTS", "SECRET_KEY_FILE", "create_app", "instance_secret_key"]

# The generated secret key's file in the instance folder, when SECRET_KEY is not set.
SECRET_KEY_FILE = "secret_key"


_MISSING = object()


class WordsmithEnvironment(Environment):
    """Flask's Jinja environment, reading a key of a plain dict before its attributes.

    The templates read the state's views, which are dicts, as `claim.seat`. Jinja's `getattr` tries the attribute
    first, and for a dict key that costs a raised and caught AttributeError each time: a table's part reads a few
    hundred. A dict's own methods (`names.get`, `fixed.items`) are still found, as no view has a key named like one.
    An attribute of None (`claim.vote.state` with no vote) is undefined at once, as Jinja finds after two exceptions.
    """

    def getattr(self, obj, attribute):
        if obj is None:
            return self.undefined(obj=obj, name=attribute)
        if type(obj) is dict:
            found = obj.get(attribute, _MISSING)
            if found is not _MISSING:
                return found
        return super().getattr(obj, attribute)


class WordsmithFlask(Flask):
    """Flask, asking once per function whether it is a coroutine function, with `WordsmithEnvironment`.

    Flask asks `inspect.iscoroutinefunction` of the view and of every
    before/after-request function on every request (`ensure_sync`), about ten
    times a request here (bench/tables.py's profile shows it). None of ours is
    async, and a function's answer never changes.
    """

    jinja_environment = WordsmithEnvironment

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._synced: dict = {}

    def ensure_sync(self, func):
        if type(func) is not types.FunctionType:  # a bound method may be a new object per request: not kept
            return super().ensure_sync(func)
        synced = self._synced.get(func)
        if synced is None:
            synced = self._synced[func] = super().ensure_sync(func)
        return synced


class ProcessBytecodeCache(BytecodeCache):
    """Compiled templates kept in memory for the process, shared by every app it creates.

    Jinja keys each entry by the template's name and a checksum of its source, so an edited
    template is compiled again. Without it each `create_app` compiles every page template anew
    (0.3-2 s), which the test suite pays for every app it makes."""

    def __init__(self):
        self._code: dict[str, bytes] = {}

    def load_bytecode(self, bucket):
        code = self._code.get(bucket.key)
        if code is not None:
            bucket.bytecode_from_string(code)

    def dump_bytecode(self, bucket):
        self._code[bucket.key] = bucket.bytecode_to_string()


COMPILED_TEMPLATES = ProcessBytecodeCache()


def create_app(config: dict | None = None) -> Flask:
    """Create the Flask app: settings, lexicons, error handling, the API, the docs and the pages."""
    app = WordsmithFlask(__name__, static_folder=None)  # app/static is served by `assets`: fingerprinted names, gzip
    app.jinja_options = {**app.jinja_options, "bytecode_cache": COMPILED_TEMPLATES}
    app.config.from_mapping(DEFAULTS)
    app.config.from_prefixed_env("WORDSMITH")
    if config is not None:
        app.config.from_mapping(config)
    check_config(app.config)
    app.config["SECRET_KEY"] = str(app.config["SECRET_KEY"] or kept_secret_key(app.instance_path))
    app.config["MAX_CONTENT_LENGTH"] = app.config["MAX_BODY_BYTES"]  # werkzeug's own cap, for streamed bodies
    app.config.setdefault("SESSION_COOKIE_SAMESITE", "Lax")
    # A CSRF token lives as long as the session cookie that holds it: a game can last longer than
    # Flask-WTF's default hour, and a phone left on the table must still post its next claim.
    app.config.setdefault("WTF_CSRF_TIME_LIMIT", None)

    # Imported here, not at the top: importing `app` (its DEFAULTS, say) should not pay for pydantic and the blueprints.
    from . import api, assets, errors, json_provider, offline, openapi, pages, resources, tables
    from .pages.offline_forms import offline_forms
    from .serving import budget, limiter, security

    app.json = json_provider.FastJSONProvider(app)  # answers written by pydantic-core, fields in the code's order

    resources.init_app(app)
    assets.init_app(app)
    errors.init_app(app)
    limiter.init_app(app)  # after errors: it counts the unknown tables errors answers
    security.init_app(app)
    budget.init_app(app)
    tables.init_app(app)
    app.register_blueprint(api.bp)
    app.register_blueprint(openapi.bp)
    app.register_blueprint(pages.bp)
    offline.init_app(app, offline_forms)  # the manifest, the service worker, the icons and the word data
    # The live tables' pages POST forms that act with a cookie's token: Flask-WTF's
    # CSRFProtect checks every POST (`{{ csrf_token() }}` in each form). The `api`
    # blueprint and those nested in it are exempt: the API reads no cookies, only
    # `Authorization: Bearer`, which another site's form cannot send.
    csrf = CSRFProtect(app)
    for name, blueprint in app.blueprints.items():
        if name == "api" or name.startswith("api."):
            csrf.exempt(blueprint)
    # Every page template compiled now, before gunicorn forks: compiled on first
    # use they would cost each worker's first page its compile (bench/worst_case.py measures it).
    for name in app.jinja_env.list_templates(extensions=["html"]):
        app.jinja_env.get_template(name)
    return app


def kept_secret_key(folder: str) -> str:
    """The instance folder's key (`instance_secret_key`); a random key for this process when the folder cannot
    hold one (read-only, say), with a warning: then pages' forms break at each restart until SECRET_KEY is set."""
    try:
        return instance_secret_key(folder)
    except OSError as error:
        logging.getLogger(__name__).warning(
            "No secret key could be kept in %s (%s): using a random one until the next start; "
            "set WORDSMITH_SECRET_KEY to keep the pages' forms working across restarts",
            folder,
            error,
        )
        return secrets.token_hex(32)


def instance_secret_key(folder: str | os.PathLike) -> str:
    """The secret key kept in `folder` (`SECRET_KEY_FILE`): read when it is there, else made and kept.

    The file is made readable by its owner only (0600). Several processes may
    start at once (gunicorn's workers, two servers on one folder): each writes
    a whole key to a file of its own and links it to the key's name, which
    only the first link takes; every process then reads the one kept. So no
    process ever reads a half-written key, and all of them use the same.
    """
    path = Path(folder) / SECRET_KEY_FILE
    if not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        own = path.with_name(f".{SECRET_KEY_FILE}.{os.getpid()}.{secrets.token_hex(8)}")
        descriptor = os.open(own, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        try:
            os.fchmod(descriptor, 0o600)  # whatever the umask
            os.write(descriptor, f"{secrets.token_hex(32)}\n".encode())
            os.fsync(descriptor)
        finally:
            os.close(descriptor)
        try:
            os.link(own, path)
        except FileExistsError:  # another process kept its key first: that one is read below
            pass
        finally:
            os.unlink(own)
    key = path.read_text().strip()
    if not key:
        raise ValueError(
            f"{path} is empty: delete it (a new key is made at the next start) or set WORDSMITH_SECRET_KEY"
        )
    return key
