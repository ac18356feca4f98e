"""The service's settings: their defaults, each with its reason, and the check that refuses one that cannot work.

A leaf module (it imports only solver): a module that needs a default outside a running app (the request
fields' limits, the gunicorn worker) takes it from here, not from `app`, whose `create_app` imports those modules.
"""

from __future__ import annotations

from pathlib import Path

from solver import limits
from solver.lexicon import SIZES

__all__ = ["DEFAULTS", "LIMITS", "check_config"]

DEFAULTS = {
    # The lexicon used when a request names none.
    "DEFAULT_LEXICON": "standard",
    # A letter-piece alphabet file replacing the built-in one (None: built-in).
    "ALPHABET_FILE": None,
    # Limits, checked before any work. 16 KiB holds any honest request (50 words
    # of 64 characters is ~3.2 KiB) and keeps a worker from parsing megabytes.
    "MAX_BODY_BYTES": 16 * 1024,
    # Characters of a word once normalized (padding does not count). The longest
    # word the lexicon knows has 60 (LLANFAIRPWLLGWYNGYLL...GOGOCH'S, a possessive
    # of a name; the longest valid one, PNEUMONOULTRAMICROSCOPICSILICOVOLCANOCONIOSIS,
    # has 45): 64 lets every known word get its own verdict (a test checks the data).
    "MAX_WORD_LENGTH": 64,
    # The engine's limits (solver/limits.py, with their reasons): a deployment
    # may lower them; check_config refuses one raised past what the engine allows.
    "MAX_POOL_PIECES": limits.MAX_POOL_PIECES,
    "MAX_RACK_LETTERS": limits.MAX_RACK_LETTERS,
    "MAX_RESULT_LIMIT": limits.MAX_LIMIT,  # results one solve may return
    "MAX_WORDS_PER_CHECK": limits.WORDS_PER_CHECK,
    # CPU time (ms) one request may spend in the solver before it is refused with
    # a 503. The worst requests within the limits above cost far less
    # (bench/worst_case.py measures them); this only stops what slips through.
    "WORK_BUDGET_MS": 250,
    # Signs Flask's session cookie (it holds the CSRF token of the live tables' POST forms)
    # and derives the pages' seat tokens. Unset: the key kept in the instance folder
    # (`secret_key`, made on first start with mode 0600, read on later ones), so a restart
    # keeps the phones' open pages working. Set it when several hosts serve one site.
    "SECRET_KEY": None,
    # Live tables (tables/): where they are stored. None: SQLite in the app's
    # instance folder (created on first start); a PostgreSQL URL
    # (postgresql+psycopg://user:pass@host/db) lets several hosts share the tables.
    "DATABASE_URL": None,
    # Database connections each worker process keeps open, and never more (a request
    # waits for a free one, a 503 after 10 s). On PostgreSQL, workers x hosts x this, plus
    # one listening connection per worker, must fit max_connections (100 by default).
    "DATABASE_POOL_SIZE": 16,
    # Seconds after a claim during which any seat may object to it.
    "OBJECTION_SECONDS": 30,
    # Days a table with no new event is kept before it is deleted.
    "TABLE_IDLE_DAYS": 7,
    # Events one table may hold (tables/service.py, MAX_EVENTS): many whole games; past it, 422.
    "TABLE_MAX_EVENTS": 10_000,
    # Tables one client address may create an hour, per worker (app/serving/limiter.py); past it, 429 with Retry-After.
    "TABLES_PER_HOUR": 60,
    # Join-code guessing (app/serving/limiter.py): unknown codes and failed joins one client
    # address may make, per worker (joins that seat a phone are not counted, and a
    # request with a token acting at its table is never refused). A few typos fit in
    # the burst; a guesser gets 10 a minute (docs/api.md works out the time to hit a
    # live table: about a month per address with 1,000 tables).
    "TABLE_GUESSES_PER_MINUTE": 10,
    "TABLE_GUESS_BURST": 20,
    # Event streams (app/serving/streams.py): at most this many open per worker (None: 1,000
    # under the deployed gunicorn worker, whose stream hub holds them; under another
    # server, where each holds a thread, GUNICORN_THREADS less 64 kept for requests).
    "MAX_STREAMS": None,
    # Of those, at most this many per client address (one more is a 429): one address
    # cannot take a worker's every stream, and a venue's phones behind one address fit.
    "STREAMS_PER_ADDRESS": 64,
    # Connections one client address may have open at a worker, its streams included: one more is answered
    # 429 by the worker itself, before any parsing or Flask (app/serving/worker.py), so a flood from one
    # address costs the others little. None: twice STREAMS_PER_ADDRESS and at least 128, room for each
    # stream and a request beside it (a venue's phones behind one address: a stream and a request each).
    "CONNECTIONS_PER_ADDRESS": None,
    # And per table, one a seat and this many more (one more is a 503): the host's screen,
    # a table view, and a phone reconnecting while its old stream has not yet ended.
    "STREAM_VIEWS_PER_TABLE": 4,
    # Bytes that may wait for a phone that does not read, the socket's send buffer included
    # (capped to half of this): past them its stream is dropped, and it reconnects.
    "STREAM_BUFFER_BYTES": 256 * 1024,
    # Seconds a thread's write to a stream (its head and the events so far, or every write of a
    # stream no hub holds) may wait for the phone to take it before the stream is dropped.
    "STREAM_WRITE_SECONDS": 30,
    # Seconds a stream stays open before the server closes it (the browser reconnects
    # with Last-Event-ID): frees what phones that went away hold.
    "EVENT_STREAM_SECONDS": 300,
    # Seconds of silence before a comment line keeps the stream (and proxies) awake.
    "EVENT_HEARTBEAT_SECONDS": 15,
}
# The least STREAM_BUFFER_BYTES: below it the kernel's smallest send buffer (about 4.5 KiB) would take most of it.
MIN_STREAM_BUFFER = 16 * 1024
LIMITS = (
    "MAX_BODY_BYTES",
    "MAX_WORD_LENGTH",
    "MAX_POOL_PIECES",
    "MAX_RACK_LETTERS",
    "MAX_RESULT_LIMIT",
    "MAX_WORDS_PER_CHECK",
    "WORK_BUDGET_MS",
)


def _not_whole(key: str, value, least: int = 1, unset: bool = False) -> str:
    """A count setting that is not one, named by its environment variable."""
    return f"WORDSMITH_{key}={value!r}: must be a whole number of at least {least}{', or unset' if unset else ''}"


def check_config(config) -> None:
    """Refuse to start with a setting that cannot work, naming the environment variable to fix."""
    if config["DEFAULT_LEXICON"] not in SIZES:
        raise ValueError(f"WORDSMITH_DEFAULT_LEXICON={config['DEFAULT_LEXICON']!r}: choose one of {', '.join(SIZES)}")
    for key in LIMITS:
        value = config[key]
        if not _is_count(value):
            raise ValueError(_not_whole(key, value))
        if value > limits.MAXIMA.get(key, value):
            raise ValueError(f"WORDSMITH_{key}={value!r}: the engine allows at most {limits.MAXIMA[key]}")
    for key in (
        "TABLE_GUESSES_PER_MINUTE",
        "TABLE_GUESS_BURST",
        "EVENT_STREAM_SECONDS",
        "EVENT_HEARTBEAT_SECONDS",
        "STREAM_WRITE_SECONDS",
    ):
        value = config[key]
        if isinstance(value, bool) or not isinstance(value, (int, float)) or value <= 0:
            raise ValueError(f"WORDSMITH_{key}={value!r}: must be a number above 0")
    for key in ("DATABASE_POOL_SIZE", "TABLE_MAX_EVENTS", "TABLES_PER_HOUR"):
        if not _is_count(config[key]):
            raise ValueError(_not_whole(key, config[key]))
    streams = config["MAX_STREAMS"]
    if streams is not None and not _is_count(streams):
        raise ValueError(_not_whole("MAX_STREAMS", streams, unset=True))
    if not _is_count(config["STREAMS_PER_ADDRESS"]):
        raise ValueError(_not_whole("STREAMS_PER_ADDRESS", config["STREAMS_PER_ADDRESS"]))
    connections = config["CONNECTIONS_PER_ADDRESS"]
    if connections is not None and not _is_count(connections):
        raise ValueError(_not_whole("CONNECTIONS_PER_ADDRESS", connections, unset=True))
    views = config["STREAM_VIEWS_PER_TABLE"]
    if not (isinstance(views, int) and not isinstance(views, bool) and views >= 0):
        raise ValueError(_not_whole("STREAM_VIEWS_PER_TABLE", views, least=0))
    buffered = config["STREAM_BUFFER_BYTES"]
    if not _is_count(buffered) or buffered < MIN_STREAM_BUFFER:
        raise ValueError(_not_whole("STREAM_BUFFER_BYTES", buffered, least=MIN_STREAM_BUFFER))
    alphabet = config["ALPHABET_FILE"]
    if alphabet is not None and not Path(alphabet).is_file():
        raise ValueError(f"WORDSMITH_ALPHABET_FILE={alphabet!r}: no such file")


def _is_count(value) -> bool:
    """A whole number of at least 1 (JSON's `true` is not one)."""
    return isinstance(value, int) and not isinstance(value, bool) and value >= 1
