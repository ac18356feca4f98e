"""Alembic's environment for the live-tables schema, run from code (`tables.store.upgrade`), never from an ini file.

The store hands over its connection in `config.attributes["connection"]`, inside
a transaction it commits. On PostgreSQL an advisory lock held for that
transaction makes workers or hosts starting at once migrate one after another.
"""

from alembic import context
from sqlalchemy import text

MIGRATION_LOCK = 0x5752_4453  # "WRDS": the advisory lock key that serializes concurrent upgrades

connection = context.config.attributes["connection"]
if connection.dialect.name == "postgresql":
    connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": MIGRATION_LOCK})
context.configure(connection=connection, target_metadata=None, render_as_batch=connection.dialect.name == "sqlite")
with context.begin_transaction():
    context.run_migrations()
