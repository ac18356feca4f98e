"""Live tables: one game, every phone at the table, a judge that already knows the state.

A table is an append-only log of events. Its state is a pure fold of those
events; nothing about a table lives in a worker's memory between requests.

    events.py     the event and actor shapes, the refusals a table action can meet
    state.py      fold(events) -> TableState: the generic part (seats, joining, lock)
                  and the dispatch to the game's own rules
    wordsmith/    Wordsmith at a table: model.py (its state), decide.py (action -> events, judged by
                  play.py, claiming.py, dispute.py, house.py; automatic.py: what follows by itself),
                  apply.py (event -> state)
    booksmack.py  Booksmack at a table: the same two for rounds and turns
    hosting.py    the host's hand-over, seat removal and undo (docs/rules/tables.md)
    codes.py      join codes and tokens (random, hashed at rest)
    store.py      the store: SQLAlchemy Core over SQLite (default) or PostgreSQL;
                  one transaction per append, (table, seq) unique, request ids unique
    notify.py     waiting for a table's next event: PostgreSQL LISTEN/NOTIFY, or a
                  cheap version poll that also works on SQLite
    service.py    Tables: the one entry point the app calls (create, join, act, state,
                  record, events after a sequence number, wait)
    migrations/   Alembic: the schema, from an empty database

Arrows: `app -> tables -> solver`. `tables/` imports nothing from app/, cli/ or client/.

How a write works (DESIGN.md, "Live tables"): the service reads the table's
events, folds them into state `n`, asks the game's `decide` what the action
makes (a list of new events, or a refusal that changes nothing), and appends
them at `n+1...` in one transaction. Two claims racing for the same word both
read state `n`; one wins `(table, n+1)` on the unique key; the loser's
transaction fails, the service reads again and re-judges against the new
state, where the word is `already_claimed`. A request id the table has seen
returns the events it made the first time and appends nothing.
"""

# The games register their rules with tables.state when imported: importing any part of `tables` loads them.
from . import booksmack, hosting, wordsmith  # noqa: E402,F401
