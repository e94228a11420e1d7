"""SQL of `GuildSetting`: each server's own values of the monitor's and chat's settings, and the changes the processes poll.

Plain functions of a connection, run with ``await db.run(fn, *args)``; what the values mean and how a
process follows them is `utils.guild_settings`. Every write takes one application lock (T-SQL
engines; SQLite's one writer does the same) and numbers its change ``MAX(ChangeSeq) + 1`` under it, so
the numbers commit in order and a poll for "after N" never steps past a change still being written.
"""

from __future__ import annotations

from datetime import UTC, datetime

import sqlalchemy as sa

from utils.storage.engine import reads, writes
from utils.storage.locks import MEMBER_LOCK_TIMEOUT_MS, LockNotGranted, take_application_lock
from utils.storage.records import GuildSettingRecord
from utils.storage.schema import guild_setting, record_columns

SETTING_COLUMNS = record_columns(guild_setting, GuildSettingRecord)
_SETTINGS_RESOURCE = "BreehaviorMonitor.guild-settings"


@writes
def set_guild_setting(
    conn: sa.Connection, guild_id: int, name: str, value: str | None, changed_by: str, now: datetime | None = None
) -> GuildSettingRecord:
    """A server's value of one setting (None: back to the default); returns the row as written."""
    if conn.dialect.name == "mssql":
        status = take_application_lock(conn, _SETTINGS_RESOURCE, MEMBER_LOCK_TIMEOUT_MS)
        if status < 0:
            raise LockNotGranted(f"another transaction held the settings lock (status {status})")
    table = guild_setting.c
    sequence = int(conn.execute(sa.select(sa.func.coalesce(sa.func.max(table.change_seq), 0) + 1)).scalar_one())
    values = {"value": value, "changed_by": changed_by, "updated_at": now or datetime.now(UTC), "change_seq": sequence}
    key = sa.and_(table.guild_id == guild_id, table.name == name)
    if not conn.execute(sa.update(guild_setting).where(key).values(**values)).rowcount:
        conn.execute(sa.insert(guild_setting).values(guild_id=guild_id, name=name, **values))
    return GuildSettingRecord(guild_id, name, value, changed_by, sequence)


@reads
def guild_settings_since(conn: sa.Connection, after: int) -> list[GuildSettingRecord]:
    """Every setting changed after change number ``after`` (0: all of them), in the order they changed."""
    table = guild_setting.c
    rows = conn.execute(sa.select(*SETTING_COLUMNS).where(table.change_seq > after).order_by(table.change_seq))
    return [GuildSettingRecord(**row._mapping) for row in rows]
