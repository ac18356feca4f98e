"""The live-tables schema: tables, their events, the request ids applied, the seat tokens.

Times are text, UTC with milliseconds as `tables.service.stamp` writes them
("2026-11-30T18:40:02.120Z"): that form sorts as it compares, on both databases.
An event's `data` is JSON as text (one column type on SQLite and PostgreSQL;
nothing queries inside it).

Revision ID: 0001
Revises:
Create Date: 2026-11-30
"""

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "tables",
        sa.Column("code", sa.String(16), primary_key=True),
        sa.Column("game", sa.String(32), nullable=False),
        sa.Column("created_at", sa.String(32), nullable=False),
        sa.Column("last_active", sa.String(32), nullable=False),
    )
    op.create_index("tables_last_active", "tables", ["last_active"])  # expire() scans by idle time
    op.create_table(
        "events",
        sa.Column("code", sa.String(16), sa.ForeignKey("tables.code", ondelete="CASCADE"), primary_key=True),
        # (code, seq) is the primary key: two writers of the same seq cannot both commit (the race)
        sa.Column("seq", sa.Integer, primary_key=True, autoincrement=False),
        sa.Column("type", sa.String(64), nullable=False),
        sa.Column("at", sa.String(32), nullable=False),
        sa.Column("by", sa.Integer, nullable=True),
        sa.Column("data", sa.Text, nullable=False),
    )
    op.create_table(
        "requests",
        sa.Column("code", sa.String(16), sa.ForeignKey("tables.code", ondelete="CASCADE"), primary_key=True),
        # (code, request_id) is the primary key: a request id is applied once per table
        sa.Column("request_id", sa.String(128), primary_key=True),
        sa.Column("first_seq", sa.Integer, nullable=False),
        sa.Column("last_seq", sa.Integer, nullable=False),
        sa.Column("actor", sa.String(32), nullable=False),
    )
    op.create_table(
        "tokens",
        sa.Column("code", sa.String(16), sa.ForeignKey("tables.code", ondelete="CASCADE"), primary_key=True),
        # (code, seat) is the primary key: a seat has one token; a new one replaces the old
        sa.Column("seat", sa.Integer, primary_key=True, autoincrement=False),
        sa.Column("token_hash", sa.String(64), nullable=False),
    )
    op.create_index("tokens_hash", "tokens", ["code", "token_hash"], unique=True)


def downgrade() -> None:
    op.drop_table("tokens")
    op.drop_table("requests")
    op.drop_table("events")
    op.drop_index("tables_last_active", "tables")
    op.drop_table("tables")
