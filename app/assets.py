"""Static files under fingerprinted names, and gzip for pages and static files.

    url_for('static', filename='style.css')  ->  /static/style.3f9a1c0b2d.css

Every file of `app/static/` is read once when the app is created, with a
fingerprint of its content (the first 10 hex digits of its SHA-256) and its
gzip. A page links the fingerprinted name, which is served with a one-year,
`immutable` cache lifetime: a returning player's browser asks for nothing,
and a changed file has a new name, so no one keeps a stale one. The plain
name (`/static/style.css`) still answers, with `no-cache` (revalidated by
ETag), and so does a fingerprint that is not the current content's (an old
page asking after a deploy): that one gets today's file, never cached long.

An ES module's import of a sibling (`import {say} from "./sentences.js";`) is
served pointing at that sibling's fingerprinted name, so a module and what it
imports are one version, cached for a year like the rest and kept by the
service worker under the names `url_for` gives; a module's fingerprint covers
its imports' (they are linked first). No bundler: each module stays its own file.

Pages (`text/html`) and static files are sent gzipped to clients that accept
it: a solver page shrinks to a fraction of its size on the wire. Streamed
responses (event streams) and small ones are sent as they are.
"""

from __future__ import annotations

import gzip
import hashlib
import mimetypes
import posixpath
import re
from dataclasses import dataclass
from pathlib import Path

from flask import Flask, Response, abort, request

__all__ = ["init_app"]

# A year: the longest lifetime RFC 9111 caches are asked to honour; the name changes with the content.
LONG_LIFETIME = "public, max-age=31536000, immutable"
# Compress pages and static text only: JSON API answers are small, and event streams must flow unbuffered.
COMPRESSED_TYPES = frozenset({"text/html", "text/css", "text/javascript", "application/javascript"})
# Below this, gzip's header and the CPU cost more than the bytes saved.
MIN_COMPRESS_BYTES = 500
# A page is gzipped as it is answered, so at the fastest level (nginx's default too): far quicker than the default
# 6, for a few more bytes. Static files are gzipped once, at 9.
GZIP_LEVEL = 1
FINGERPRINT = re.compile(r"^(?P<stem>.+)\.(?P<digest>[0-9a-f]{10})(?P<suffix>\.[A-Za-z0-9]+)$")
# A module's static import of a sibling: `import ... from "./name.js";` or `import "./name.js";`, the statement
# starting a line. Its names may run over several lines (Prettier breaks an import longer than 120 characters).
MODULE_IMPORT = re.compile(r'^(import\b[^"\';]*?)"\./([A-Za-z0-9_.-]+\.js)"', re.MULTILINE)


@dataclass(frozen=True)
class Asset:
    body: bytes
    gzipped: bytes
    mimetype: str
    digest: str

    @property
    def etag(self) -> str:
        return self.digest


def _digest(body: bytes) -> str:
    return hashlib.sha256(body).hexdigest()[:10]


def link_modules(bodies: dict[str, bytes]) -> dict[str, bytes]:
    """Return the files with each JavaScript module's sibling imports pointing at their fingerprinted names."""
    linked: dict[str, bytes] = {}

    def link(name: str, importers: tuple[str, ...]) -> bytes:
        if name in importers:
            raise ValueError(f"static files: an import cycle {' -> '.join((*importers, name))}")
        if name not in linked:
            folder = posixpath.dirname(name)

            def fingerprint(match: re.Match) -> str:
                target = posixpath.join(folder, match[2])
                if target not in bodies:
                    raise LookupError(f"static files: {name} imports {match[2]}, which is not there")
                return f'{match[1]}"./{named(match[2], _digest(link(target, (*importers, name))))}"'

            linked[name] = MODULE_IMPORT.sub(fingerprint, bodies[name].decode("utf-8")).encode("utf-8")
        return linked[name]

    return {name: link(name, ()) if name.endswith(".js") else body for name, body in bodies.items()}


def load_assets(folder: Path) -> dict[str, Asset]:
    """Read every file under `folder` (names relative to it, with `/`), with its fingerprint and gzip."""
    files = {path.relative_to(folder).as_posix(): path for path in sorted(folder.rglob("*")) if path.is_file()}
    bodies = link_modules({name: path.read_bytes() for name, path in files.items()})
    assets = {}
    for name, path in files.items():
        body = bodies[name]
        mimetype = mimetypes.guess_type(path.name)[0] or "application/octet-stream"
        if mimetype.startswith("text/") or mimetype == "application/javascript":
            mimetype += "; charset=utf-8"
        assets[name] = Asset(body, gzip.compress(body, 9, mtime=0), mimetype, _digest(body))
    return assets


def named(filename: str, digest: str) -> str:
    """Return `style.css` as `style.<digest>.css`."""
    stem, dot, suffix = filename.rpartition(".")
    return f"{stem}.{digest}.{suffix}" if dot else f"{filename}.{digest}"


def fingerprinted(filename: str, asset: Asset) -> str:
    """Return `style.css` as `style.<its digest>.css`."""
    return named(filename, asset.digest)


def accepts_gzip() -> bool:
    """Whether the request's Accept-Encoding takes gzip: a browser's plain list (`gzip, deflate, br`) read at once,
    one with weights (`;q=`) or a wildcard by werkzeug's parser."""
    header = request.headers.get("Accept-Encoding", "")
    if ";" not in header and "*" not in header:
        return "gzip" in (name.strip().lower() for name in header.split(","))
    return "gzip" in request.accept_encodings and request.accept_encodings["gzip"] > 0


def init_app(app: Flask) -> None:
    """Serve `app/static/` under fingerprinted names and gzip the pages; `url_for('static', ...)` gives the new names."""
    folder = Path(app.root_path) / "static"
    assets = load_assets(folder)
    app.extensions["assets"] = assets

    def static(filename: str):
        match = FINGERPRINT.match(filename)
        name = filename if filename in assets or not match else match["stem"] + match["suffix"]
        asset = assets.get(name)
        if asset is None:
            abort(404)
        current = bool(match) and name != filename and match["digest"] == asset.digest
        gzipped = accepts_gzip()
        response = Response(asset.gzipped if gzipped else asset.body, mimetype=asset.mimetype)
        response.set_etag(asset.etag + ("-gz" if gzipped else ""))
        response.headers["Cache-Control"] = LONG_LIFETIME if current else "no-cache"
        response.vary.add("Accept-Encoding")
        if gzipped:
            response.headers["Content-Encoding"] = "gzip"
        return response.make_conditional(request)

    app.add_url_rule("/static/<path:filename>", endpoint="static", view_func=static)

    @app.url_defaults
    def fingerprint_static(endpoint: str, values: dict) -> None:
        """Give `url_for('static', filename=...)` the fingerprinted name of a known file."""
        if endpoint == "static" and values.get("filename") in assets:
            values["filename"] = fingerprinted(values["filename"], assets[values["filename"]])

    @app.after_request
    def compress(response):
        """Gzip a page for a client that accepts it (static files come gzipped already)."""
        if (
            response.mimetype not in COMPRESSED_TYPES
            or response.status_code < 200
            or response.is_streamed
            or response.direct_passthrough
            or "Content-Encoding" in response.headers
            or request.method == "HEAD"
        ):
            return response
        response.vary.add("Accept-Encoding")
        if not accepts_gzip():
            return response
        body = response.get_data()
        if len(body) < MIN_COMPRESS_BYTES:
            return response
        response.set_data(gzip.compress(body, GZIP_LEVEL))
        response.headers["Content-Encoding"] = "gzip"
        return response
