"""The offline layer: a web app manifest, a service worker, the icons and the word data a phone keeps.

    /manifest.webmanifest            name, icons, theme colour, standalone, start at the judge
    /sw.js                           the service worker (scope: the whole site), its version built in
    /favicon.ico                     the icon
    /offline/meta.json               the word data's name and checksum, the alphabet, the limits, the sentences
    /offline/words.<checksum>.<format>.gz  the word data (solver/offline.py), cached for a year: the name changes with it

The worker's version is a digest of the word lists' checksum, the static files, the templates, the meta and the
manifest: a rebuild of the word lists or a deploy changes `/sw.js`, which the browser compares on every visit, so the new worker
caches the new pages and data beside the old and, once they are all in, drops the old ones. A phone never mixes
two versions. docs/pages.md says what works offline.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from functools import cache
from pathlib import Path

from flask import Blueprint, Flask, Response, abort, current_app, render_template, request, url_for

from solver.booksmack.cards import SPACE_NAMES, card_set
from solver.colorsmash import PENALTY, STEAL
from solver.lexicon import OBSCURE_BELOW
from solver.limits import MAX_CARDS, MAX_POOL_PIECES, MAX_SEED, PAGE_WORDS, READING_WORDS
from solver.offline import FORMAT, offline_words
from solver.pieces import KINDS, load_box
from solver.sentences import group, say, sentences
from solver.wordsmith.boxes import BLUE_BOXES, WHITE_BOXES
from solver.wordsmith.judge import Voice

from .assets import LONG_LIFETIME
from .resources import resources

__all__ = ["init_app", "SHELL_PAGES", "VERDICT_PARTS"]

bp = Blueprint("offline", __name__)
# The pages a phone keeps to use with no connection (their plain URL: the page with an empty form).
SHELL_PAGES = ("pages.home", "pages.solve", "pages.booksmack", "pages.colorsmash", "pages.dice", "pages.score")
SHELL_STATIC = (
    "style.css",
    "pages.js",
    "sentences.js",
    "words.js",
    "offline_base.js",
    "offline_judge.js",
    "offline_solve.js",
    "offline_games.js",
    "offline_cards.js",
    "offline_booksmack.js",
    "offline.js",
    "icon.svg",
    "icon-192.png",
)
THEME = "#0a5c1f"
# A verdict with one of each part the offline judge may fill (partials/verdict_parts.html renders it into the
# judge page's <template>): the page clones a part per message, letter, piece or fact, and drops the parts a
# verdict has none of. The text is the offline judge's to write, so it is empty here.
VERDICT_PARTS = {
    "valid": True,
    "word": "",
    "messages": [""],
    "unchecked": "…",
    "letters": [{"char": "", "pieces": ["red"], "spoken": ""}],
    "facts": [""],
    "lexicon": "",
    "offline": True,
}


@cache
def _templates_digest(folder: str) -> str:
    digest = hashlib.sha256()
    for path in sorted(Path(folder).rglob("*")):
        if path.is_file():
            digest.update(path.as_posix().encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()


def words_name() -> str:
    """The word data's file name: it carries a digest of the lists it is made of (the words, their familiarity, the
    compound parts, the edges: `data_key`) and the file's format, so a new build or a new format has a new name."""
    return f"words.{hashlib.sha256(resources().lexicons.data_key.encode()).hexdigest()[:16]}.{FORMAT}.gz"


def version() -> str:
    """The worker's version: what its caches hold changes only with this (the word lists, the static files, the
    templates, and what the offline pages are told: the alphabet, the limits, the manifest)."""
    assets = current_app.extensions["assets"]
    digest = hashlib.sha256(resources().lexicons.data_key.encode())
    digest.update(json.dumps([meta_body(), manifest_body()], sort_keys=True).encode())
    for name in sorted(assets):
        digest.update(f"{name}:{assets[name].digest}\n".encode())
    digest.update(_templates_digest(str(Path(current_app.root_path) / "templates")).encode())
    return digest.hexdigest()[:16]


def no_cache(response: Response) -> Response:
    response.headers["Cache-Control"] = "no-cache"
    return response


@bp.get("/sw.js")
def worker():
    """The service worker: caches the pages' shell and the word data, and answers from them with no connection."""
    config = {
        "version": version(),
        "shell": [url_for(endpoint) for endpoint in SHELL_PAGES],
        "static": [url_for("static", filename=name) for name in SHELL_STATIC],
        "extra": [url_for("offline.meta"), url_for("offline.manifest")],
        "words": url_for("offline.words", name=words_name()),
    }
    body = render_template("sw.js", config=config)
    return no_cache(Response(body, mimetype="text/javascript"))


def meta_body() -> dict:
    """What the offline pages need besides the word data: its URL and checksum, the alphabet, the limits."""
    shared = resources()
    return {
        "checksum": shared.lexicons.checksum,
        "words": url_for("offline.words", name=words_name()),
        "sizes": shared.sizes,
        "default_lexicon": shared.default_lexicon,
        "alphabet": {char: list(letter.cost) for char, letter in shared.alphabet.letters.items()},
        "max_pool_pieces": min(current_app.config["MAX_POOL_PIECES"], MAX_POOL_PIECES),
        "max_word_length": current_app.config["MAX_WORD_LENGTH"],
        "die": [face.to_dict() for face in load_box().die],
        "dice": load_box().dice,
        "booksmack": booksmack_cards(),
        "rules": rules(),
        # Each offline page's query fields, so a field the server would refuse is refused offline in its words.
        "forms": current_app.extensions["offline_forms"](),
        # What the offline pages say, from the server's own table (solver/sentences.py), and the one voice
        # they say it in: the player holding the phone.
        "sentences": sentences(),
        "you": Voice(None).words(),
    }


def rules() -> dict:
    """The rule constants the offline pages use, from the engine's own: the scripts hold no copy of them."""
    codes = {kind: code.upper() for code, kind in load_box().code_of().items()}
    return {
        "white_boxes": WHITE_BOXES,
        "blue_boxes": BLUE_BOXES,
        # Familiarity travels in hundredths in the word data (solver/offline.py).
        "rare_below": round(OBSCURE_BELOW * 100),
        # The piece kinds in the order of the alphabet's costs, and each kind's pool-text letter, wild last.
        "kinds": list(KINDS),
        "codes": [codes[kind] for kind in (*KINDS, "wild")],
        "shown": PAGE_WORDS,
        "max_cards": MAX_CARDS,
        "reading_words": READING_WORDS,
        "max_seed": MAX_SEED,
        "penalty": PENALTY,
        "steal": STEAL,
    }


@bp.get("/offline/meta.json")
def meta():
    """What the offline pages need besides the word data (meta_body)."""
    return no_cache(current_app.json.response(meta_body()))


def booksmack_cards() -> dict:
    """What the Booksmack judge needs of the deck: the tie order, the numbers, which symbols are never tapped."""
    cards = card_set()
    return {
        "tie_order": list(cards.tie_order),
        "lowest": cards.lowest_number,
        "highest": cards.highest_number,
        "never_tapped": {text: symbol.never_tapped for text, symbol in cards.symbols.items()},
        "space_names": list(SPACE_NAMES),
    }


@bp.get("/offline/<name>")
def words(name: str):
    """The word data under its checksummed name, cached for a year; any other name is not found."""
    if name != words_name():
        abort(404)
    response = Response(offline_words(resources().lexicons), mimetype="application/octet-stream")
    response.headers["Cache-Control"] = LONG_LIFETIME
    response.set_etag(name)
    return response.make_conditional(request)


def manifest_body() -> dict:
    """The web app manifest: what a phone needs to offer "Add to home screen"."""
    return {
        "name": "Wordsmith judge",
        "short_name": "Wordsmith",
        "description": "Judge, solve and referee word games at the table, with or without a connection.",
        "start_url": url_for("pages.home"),
        "scope": "/",
        "display": "standalone",
        "theme_color": THEME,
        "background_color": "#ffffff",
        "icons": [
            {"src": url_for("static", filename="icon-192.png"), "sizes": "192x192", "type": "image/png"},
            {"src": url_for("static", filename="icon-512.png"), "sizes": "512x512", "type": "image/png"},
            {"src": url_for("static", filename="icon.svg"), "sizes": "any", "type": "image/svg+xml"},
        ],
    }


@bp.get("/manifest.webmanifest")
def manifest():
    """The web app manifest (manifest_body)."""
    response = current_app.json.response(manifest_body())
    response.mimetype = "application/manifest+json"
    return no_cache(response)


@bp.get("/favicon.ico")
def favicon():
    """The icon browsers ask for on their own (a PNG: every browser reads one under this name)."""
    asset = current_app.extensions["assets"]["icon-32.png"]
    response = Response(asset.body, mimetype="image/png")
    response.headers["Cache-Control"] = "public, max-age=86400"
    return response


def init_app(app: Flask, page_forms: Callable[[], dict]) -> None:
    """Serve the offline pages' files; `page_forms` describes the pages' query fields for the meta (app/pages, whose
    package this one does not import: it imports this one)."""
    app.extensions["offline_forms"] = page_forms
    app.register_blueprint(bp)
    # partials/verdict_parts.html says its words by key, and home.html renders it empty for the offline judge.
    app.jinja_env.globals.update(say=say, sentence_group=group, verdict_parts=VERDICT_PARTS)
