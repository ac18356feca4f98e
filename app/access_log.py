"""gunicorn's access log, the same lines for less CPU: `logger_class = "app.access_log.AccessLogger"`.

gunicorn's `Logger.atoms` builds, for every request, a dict of every atom a
format could name: besides the dozen plain ones, one entry per request
header, response header and WSGI environ variable (about 60 in all), each
key lowercased and formatted, which `SafeAtoms` then copies once more. The
default format (`%(h)s %(l)s %(u)s %(t)s "%(r)s" %(s)s %(b)s "%(f)s" "%(a)s"`)
names none of the header or environ atoms. Measured with `bench/tables.py
--profile` (1,000 open event streams, claims at full speed): the access log
was 5% of the workers' CPU, most of it those dicts. This class builds only
the plain atoms when the format names no `%({...}i)`, `%({...}o)` or
`%({...}e)`, and gunicorn's own when it does, so a line is never different.
"""

from __future__ import annotations

import os

from gunicorn import glogging

__all__ = ["AccessLogger"]


class AccessLogger(glogging.Logger):
    def atoms(self, resp, req, environ, request_time):
        """The atoms the access-log format may name: gunicorn's own when it names a header or environ atom."""
        if "%({" in self.cfg.access_log_format:
            return super().atoms(resp, req, environ, request_time)
        status = resp.status
        if isinstance(status, str):
            status = status.split(None, 1)[0]
        sent = getattr(resp, "sent", None)
        seconds, microseconds = request_time.seconds, request_time.microseconds
        return {  # as glogging.Logger.atoms, less the per-header and per-variable entries
            "h": environ.get("REMOTE_ADDR", "-"),
            "l": "-",
            "u": self._get_user(environ) or "-",
            "t": self.now(),
            "r": f"{environ['REQUEST_METHOD']} {environ['RAW_URI']} {environ['SERVER_PROTOCOL']}",
            "s": status,
            "m": environ.get("REQUEST_METHOD"),
            "U": environ.get("PATH_INFO"),
            "q": environ.get("QUERY_STRING"),
            "H": environ.get("SERVER_PROTOCOL"),
            "b": sent is not None and str(sent) or "-",
            "B": sent,
            "f": environ.get("HTTP_REFERER", "-"),
            "a": environ.get("HTTP_USER_AGENT", "-"),
            "T": seconds,
            "D": seconds * 1000000 + microseconds,
            "M": seconds * 1000 + int(microseconds / 1000),
            "L": "%d.%06d" % (seconds, microseconds),
            "p": f"<{os.getpid()}>",
        }
