"""The store: SQLAlchemy Core over SQLite (the default) or PostgreSQL. (Being built: see the interface below.)

Store(url=None, instance_path=...)     # None: sqlite in the instance folder, WAL mode
create_table(code, game, host_token_hash, first_event) -> bool        # False: the code is taken
events(code, after=0) -> list[Event]
applied(code, request_id) -> list[Event] | None                      # the events that request id wrote
append(code, events, *, request_id, actor, tokens=()) -> list[Event] | None
    # one transaction: the events at their seqs, the request id, the tokens, the table's last activity,
    # and the notification; None when another write took one of the seqs (or the request id) first
token(code, token_hash) -> int | None                                 # 0: the host; n: seat n
wait(code, after, timeout) -> bool
last_seq(code) -> int
delete(code); expire(before_iso) -> int
"""
