"""Alembic environment: online against a connection the app hands over, or offline SQL.

The bot passes its own pooled connection in `config.attributes["connection"]`, so
migrations and the app share one code path for SQLite and SQL Server. From the CLI,
the URL is taken from DB_CONNECTION_STRING like the bot does.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from alembic import context

from utils.storage.schema import metadata
from utils.storage.url import resolve_database_url

if TYPE_CHECKING:
    from sqlalchemy.engine import Connection


def _url() -> str:
    configured = context.config.get_main_option("sqlalchemy.url")
    if configured:
        return configured
    from utils.config import load_settings

    return resolve_database_url(load_settings().db_connection_string).render_as_string(hide_password=False)


def run_offline() -> None:
    url = _url()
    # Offline there is no server to ask its version: render what SQL Server 2012+ gets online
    # (NVARCHAR(max), not the deprecated NTEXT, which cannot even be compared with `=`).
    dialect_opts = {"deprecate_large_types": True} if url.startswith("mssql") else {}
    context.configure(url=url, target_metadata=metadata, literal_binds=True, render_as_batch=True, dialect_opts=dialect_opts)
    with context.begin_transaction():
        context.run_migrations()


def run_online() -> None:
    connection = context.config.attributes.get("connection")
    if connection is None:
        import sqlalchemy as sa

        from utils.storage.engine import create_engine_for

        engine = create_engine_for(sa.make_url(_url()), 1)  # the bot's own driver options (FreeTDS, login timeout)
        with engine.begin() as own_connection:
            _migrate(own_connection)
        engine.dispose()
    else:
        _migrate(connection)


def _migrate(connection: Connection) -> None:
    context.configure(connection=connection, target_metadata=metadata, render_as_batch=True)
    with context.begin_transaction():
        context.run_migrations()


if context.is_offline_mode():
    run_offline()
else:
    run_online()
