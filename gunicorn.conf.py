"""Gunicorn settings for `gunicorn 'app:create_app()' -c gunicorn.conf.py` (the Procfile, `wordsmith serve`).

Sync workers, one per core: a request is a short CPU-bound lookup or search,
so more workers than cores only queue. `WEB_CONCURRENCY` overrides the count
and `PORT` the port (Heroku-style platforms set both). `preload_app` builds
the app — the lexicon tries, word lists and definitions — once in the master
before forking, so the workers share those pages instead of each loading them.
"""
import gc
import multiprocessing
import os
import secrets

bind = f"0.0.0.0:{os.environ.get('PORT', '8000')}"
workers = int(os.environ.get("WEB_CONCURRENCY") or multiprocessing.cpu_count())
worker_class = "sync"
preload_app = True
# A sync worker busy for longer than this is killed and replaced: no request runs away.
timeout = int(os.environ.get("GUNICORN_TIMEOUT", "30"))
accesslog = "-"

# Every worker must sign the CSRF session cookie with the same key. With
# preload_app the app (and a random key) is made once before the fork anyway;
# putting it in the environment also covers workers when preloading is off.
# Set WORDSMITH_SECRET_KEY yourself to keep tokens valid across restarts.
os.environ.setdefault("WORDSMITH_SECRET_KEY", secrets.token_hex(32))


def pre_fork(server, worker):
    """Move the preloaded app's objects (the lexicon indexes) out of the collector's reach before each fork.

    A collection in a worker would write to every object it scans and so copy
    the master's pages into the worker; frozen, they stay shared.
    """
    gc.freeze()
