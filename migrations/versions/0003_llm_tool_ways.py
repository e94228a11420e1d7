"""The way each model answers tool requests, and the way each LlmLog row used.

- `LlmToolWay` (Endpoint, Model): the way of getting a tool's arguments that worked
  last (forced tool call, structured output, JSON mode, the reply's text) and the
  ways the model refused, so a restart does not probe the server again.
- `LlmLog.Way` (nullable): how that call's arguments were asked for and read.

Revision ID: 0003
Revises: 0002
Create Date: 2026-12-03
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from utils.storage.schema import UtcDateTime, utcnow

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "LlmToolWay",
        sa.Column("Endpoint", sa.Unicode(200), nullable=False),
        sa.Column("Model", sa.Unicode(100), nullable=False),
        sa.Column("Way", sa.Unicode(20), nullable=True),
        sa.Column("Refused", sa.Unicode(100), nullable=False, server_default=""),
        sa.Column("UpdatedAt", UtcDateTime(), nullable=False, server_default=utcnow()),
        sa.PrimaryKeyConstraint("Endpoint", "Model"),
    )
    with op.batch_alter_table("LlmLog") as batch:
        batch.add_column(sa.Column("Way", sa.Unicode(20), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("LlmLog") as batch:
        batch.drop_column("Way")
    op.drop_table("LlmToolWay")
