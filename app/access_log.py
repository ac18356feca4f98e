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

It then writes the line straight to the access log's stream, not through
`logging` (`Logger.info` -> makeRecord -> handle -> filters -> Handler.handle
-> Formatter.format -> StreamHandler.emit), when the access log is exactly
the plain one gunicorn's setup makes from `accesslog`: one StreamHandler or
FileHandler formatting `"%(message)s"`, no logconfig, syslog or filter. The
text, terminator, lock and flush after every line are `StreamHandler.emit`'s,
so a platform reading stdout still gets each line as it is written. Anything
else (a logconfig, syslog, a filter added later, no access log) goes through
gunicorn's own `access`. Measured with `bench/access_log.py` (100,000 calls,
a claim's request, to a file, alternating, best of 3-5 rounds, this 2-core
machine shared and niced): 35.6-35.9 -> 19.5-20.5 us a line, `logging`'s
path 1.73-1.84 times the straight write. Of the 20 us left, about 8.5 are
the atoms and SafeAtoms' copy, and most of the rest the write and flush (a
system call a line).
"""

from __future__ import annotations

import logging
import os
import traceback

from gunicorn import glogging

__all__ = ["AccessLogger"]


class AccessLogger(glogging.Logger):
    def setup(self, cfg):
        """gunicorn's setup, then whether the access log may be written without `logging` (`_plain_access`)."""
        super().setup(cfg)
        # Only the settings are read here (a reload runs setup again); the handler
        # itself is looked at on every line, in `_plain_access_handler`.
        self._plain_access = bool(
            cfg.accesslog and not (cfg.logconfig or cfg.logconfig_dict or cfg.logconfig_json or cfg.syslog)
        )

    def _plain_access_handler(self):
        """The access log's one handler when it is exactly what gunicorn's setup made from `accesslog`, else None.

        That is: one `StreamHandler` or `FileHandler` of gunicorn's, formatting
        with gunicorn's `"%(message)s"`, with no filter on it or on the logger,
        the logger passing INFO and not propagating. A line written straight to
        that handler's stream is then byte for byte what `logging` writes.
        """
        log = self.access_log
        if not self._plain_access or len(log.handlers) != 1 or log.filters or log.propagate:
            return None
        handler = log.handlers[0]
        if (
            type(handler) not in (logging.StreamHandler, logging.FileHandler)
            or not getattr(handler, "_gunicorn", False)
            or handler.filters
            or handler.level > logging.INFO
            or type(handler.formatter) is not logging.Formatter
            or handler.formatter._fmt != self.access_fmt
            or not log.isEnabledFor(logging.INFO)
        ):
            return None
        return handler

    def access(self, resp, req, environ, request_time):
        """Write the request's line straight to the access log's stream; gunicorn's own `access` unless the log is plain.

        The line, its terminator, the handler's lock and the flush after each
        line are `StreamHandler.emit`'s; the stream is read under the lock on
        every line, since `reopen_files` (SIGUSR1) replaces a file's stream.
        A failure to format or write goes to the error log, as gunicorn's
        `access` sends its own (through `logging` a write error would have
        gone to `Handler.handleError`'s note on stderr instead).
        """
        handler = self._plain_access_handler()
        if handler is None:
            return super().access(resp, req, environ, request_time)
        safe_atoms = self.atoms_wrapper_class(self.atoms(resp, req, environ, request_time))
        try:
            message = self.cfg.access_log_format % safe_atoms
            with handler.lock:
                stream = handler.stream
                if stream is not None:
                    stream.write(message + handler.terminator)
                    stream.flush()
                    return
            # A closed FileHandler (at exit) has no stream; logging's own emit reopens it.
            self.access_log.info("%s", message)
        except Exception:
            self.error(traceback.format_exc())

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
