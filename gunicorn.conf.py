"""Gunicorn settings for the Procfile, `gunicorn 'app:create_app()' -c gunicorn.conf.py`: app/serving/gunicorn_conf.py's.

They live in the package, where `wordsmith serve` finds them as
`-c python:app.serving.gunicorn_conf` from any folder. Gunicorn puts its working
directory on sys.path before it reads this file, so the import finds the
`app` it is about to serve.
"""

from app.serving.gunicorn_conf import *  # noqa: F403
