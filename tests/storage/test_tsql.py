"""The SQL Server path proven without a SQL Server: everything the storage functions send is valid T-SQL.

Every storage function (the `reads`/`writes` functions of `utils.storage` and the
bench's `bench.bulk`) runs here on SQLite while an SQLAlchemy event keeps the
statements it executes; each is then compiled as the mssql+pyodbc dialect compiles it
for SQL Server 2019 (so row limits become TOP / OFFSET … ROWS, never the ROW_NUMBER()
fallback) and parsed with sqlfluff's T-SQL grammar. The tables and indexes, and Alembic's
offline script (`upgrade head --sql`), are checked the same way. sqlfluff lets a few
foreign constructs through as identifiers, so LIMIT, `::`, ILIKE, RETURNING and the
deprecated NTEXT are also looked for in the text.
"""

from __future__ import annotations

import ast
import inspect
import io
import re
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
import pytest_asyncio
import sqlalchemy as sa
from alembic import command
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.schema import CreateIndex, CreateTable
from storage_calls import read_control
from tsql_check import mssql_sql, sql_server_2019, tsql_problems

from bench import bulk
from utils.paths import PROJECT_ROOT
from utils.storage import (
    audit,
    cases,
    control,
    embeddings,
    guild_settings,
    llm_log,
    member_data,
    members,
    memories,
    migrate,
    notes,
    processes,
    profiles,
    tool_ways,
)
from utils.storage.control import Claim, ClaimRefused
from utils.storage.engine import ACCESS, Database
from utils.storage.locks import lock_members
from utils.storage.member_data import ForgetRequest
from utils.storage.migrate import alembic_config
from utils.storage.records import (
    AuditEntry,
    LlmCallRecord,
    MemoryBatch,
    MemoryPreferenceRecord,
    MemoryRecord,
    MemoryScope,
    NewCase,
    NewMemory,
    ToolWayRecord,
    UserStateChange,
    UserStateRecord,
)
from utils.storage.schema import metadata, user_memory

STORAGE_MODULES = (
    memories,
    embeddings,
    profiles,
    members,
    llm_log,
    notes,
    tool_ways,
    audit,
    control,
    member_data,
    processes,
    cases,
    guild_settings,
    bulk,
)


# ---------------------------------------------------------------------- the checker itself
@pytest.mark.parametrize(
    ("sql", "problem"),
    [
        (str(sa.select(user_memory.c.id).limit(5).compile(dialect=sqlite.dialect())), "LIMIT"),
        (
            str(sa.select(user_memory.c.id).where(user_memory.c.memory.ilike("%x%")).compile(dialect=postgresql.dialect())),
            "ILIKE",
        ),
        (str(sa.insert(user_memory).returning(user_memory.c.id).compile(dialect=postgresql.dialect())), "RETURNING"),
        ("SELECT [Id] FROM [UserMemory] WHERE [Id] = 1::bigint", "::"),
        ("CREATE TABLE [T] ([Notes] NTEXT NULL)", "NTEXT"),
        ("SELECT [Id] FROM [UserMemory] WHERE", "unparsable"),
    ],
)
def test_the_checker_rejects_what_sql_server_rejects(sql: str, problem: str) -> None:
    assert any(problem in found for found in tsql_problems(sql)), tsql_problems(sql)


def test_the_checker_accepts_sql_server_paging_and_output() -> None:
    paged = sa.select(user_memory.c.id).order_by(user_memory.c.id).offset(10).limit(5)
    assert "OFFSET ? ROWS\n FETCH FIRST ? ROWS ONLY" in mssql_sql(paged)
    assert tsql_problems(mssql_sql(paged)) == []
    top = mssql_sql(sa.select(user_memory.c.id).order_by(user_memory.c.id).limit(5))
    assert top.startswith("SELECT TOP 5 ") and tsql_problems(top) == []
    assert tsql_problems("INSERT INTO [T] ([A]) OUTPUT inserted.[Id] VALUES (?)") == []


def test_long_text_is_bound_as_nvarchar_max_not_ntext() -> None:
    """ODBC drivers send strings over 2000 characters as NTEXT, which `=` rejects (the notes migration compares notes).

    SQLAlchemy's setinputsizes binds UnicodeText as SQL_WVARCHAR of size 0, i.e. NVARCHAR(max);
    the compose file's connection strings also say LongAsMax=yes (ODBC Driver 18).
    """
    dialect = sql_server_2019()
    assert dialect.bind_typing is sa.engine.interfaces.BindTyping.SETINPUTSIZES
    fake_pyodbc = SimpleNamespace(SQL_WVARCHAR="SQL_WVARCHAR", SQL_VARCHAR="SQL_VARCHAR")
    long_columns = [c for t in metadata.tables.values() for c in t.columns if isinstance(c.type, sa.UnicodeText)]
    assert {str(c) for c in long_columns} >= {"UserState.UserNotes", "NotesBackup.Notes"}
    for column in long_columns:
        assert column.type.dialect_impl(dialect).get_dbapi_type(fake_pyodbc) == ("SQL_WVARCHAR", 0, 0), column
    compose = (PROJECT_ROOT / "docker-compose.yml").read_text(encoding="utf-8")
    assert compose.count("LongAsMax=yes") == compose.count("DRIVER={ODBC Driver 18 for SQL Server}") == 2


# ---------------------------------------------------------------------- tables and indexes
@pytest.mark.parametrize("table", list(metadata.sorted_tables), ids=lambda t: t.name)
def test_every_table_and_index_is_tsql(table: sa.Table) -> None:
    ddl = [str(CreateTable(table).compile(dialect=sql_server_2019()))]
    ddl += [str(CreateIndex(index).compile(dialect=sql_server_2019())) for index in table.indexes]
    for statement in ddl:
        assert tsql_problems(statement) == [], statement


def test_alembic_offline_script_for_sql_server_is_tsql() -> None:
    cfg = alembic_config("mssql+pyodbc://user:secret@sqlserver/BreehaviorMonitor?driver=ODBC+Driver+18+for+SQL+Server")
    cfg.output_buffer = io.StringIO()
    command.upgrade(cfg, "head", sql=True)
    script = cfg.output_buffer.getvalue()
    assert "CREATE TABLE [UserMemory]" in script and "NVARCHAR(max)" in script and script.rstrip().endswith("GO")
    assert tsql_problems(script) == []


def test_alembic_offline_script_gives_sql_server_a_rowversion_change_sequence() -> None:
    cfg = alembic_config("mssql+pyodbc://user:secret@sqlserver/BreehaviorMonitor?driver=ODBC+Driver+18+for+SQL+Server")
    cfg.output_buffer = io.StringIO()
    command.upgrade(cfg, "0003:0004", sql=True)
    script = cfg.output_buffer.getvalue()
    assert "ALTER TABLE [MemoryPreference] ADD [ChangeSeq] ROWVERSION NOT NULL" in script, script
    assert "CREATE INDEX [IX_MemoryPreference_ChangeSeq]" in script
    assert tsql_problems(script) == []


def test_the_control_rows_sql_server_statements_are_tsql() -> None:
    """SQL Server runs other statements than SQLite here: it stamps ROWVERSION itself and polls below the active one."""
    claim = control.claim_statement("mssql")
    first = control.insert_statement("mssql", MemoryPreferenceRecord(ALICE, write_version=1))
    poll = control.changes_statement("mssql", 12345)
    start = control.settled_statement("mssql")
    statements = [("claim", claim), ("first", first), ("poll", poll), ("start", start)]
    compiled = {name: mssql_sql(statement, []) for name, statement in statements}
    for name, sql in compiled.items():
        assert tsql_problems(sql) == [], (name, sql)
    claim_set = compiled["claim"].split("OUTPUT")[0]
    assert "SET" in claim_set and "ChangeSeq" not in claim_set, "SQL Server stamps ROWVERSION itself"
    assert "inserted.[ChangeSeq]" in compiled["claim"], "the claim hands back the stamped row"
    assert "ChangeSeq" not in compiled["first"]
    assert "MIN_ACTIVE_ROWVERSION()" in compiled["poll"] and "TOP" in compiled["poll"]
    assert "CAST(MIN_ACTIVE_ROWVERSION() AS BIGINT)" in compiled["start"]
    sqlite_claim = str(control.claim_statement("sqlite").compile(dialect=sqlite.dialect()))
    assert "ChangeSeq" in sqlite_claim.split("WHERE")[0], "SQLite numbers its changes itself"


def test_babelfishs_poll_is_tsql_bounded_by_the_oldest_running_transaction() -> None:
    """Babelfish has no MIN_ACTIVE_ROWVERSION(): its ROWVERSION is the writing transaction's id, so the poll stops
    below the oldest one still running, and pages inside one change by member."""
    poll = mssql_sql(control.changes_statement("babelfish", 12345, after_user=42), [])
    start = mssql_sql(control.settled_statement("babelfish"), [])
    oldest = "CAST(CAST(pg_snapshot_xmin(pg_current_snapshot()) AS VARCHAR(30)) AS BIGINT)"
    assert oldest in poll and oldest in start and "MIN_ACTIVE_ROWVERSION" not in poll + start
    assert "[UserId] >" in poll and "ORDER BY [MemoryPreference].[ChangeSeq], [MemoryPreference].[UserId]" in poll
    for sql in (poll, start):
        assert tsql_problems(sql) == [], sql


def test_the_server_kind_question_is_tsql() -> None:
    """What the pool asks a T-SQL engine at its first connection (SQL Server answers NULL, Babelfish 1)."""
    source = (PROJECT_ROOT / "utils" / "storage" / "kinds.py").read_text(encoding="utf-8")
    [question] = re.findall(r'cursor\.execute\("([^"]+)"\)', source)
    assert "SERVERPROPERTY('Babelfish')" in question and tsql_problems(question) == []


# ---------------------------------------------------------------------- every statement the storage functions issue
@dataclass
class Recorder:
    """Runs storage functions and keeps, per function, what they executed."""

    db: Database
    statements: dict[str, list[tuple[sa.sql.ClauseElement, list[dict[str, Any]]]]] = field(default_factory=dict)
    current: str | None = None

    def listen(self, conn: sa.Connection, element: Any, multiparams: Any, params: Any, options: Any) -> None:
        assert self.current is not None, f"a statement outside any storage function: {element}"
        rows = list(multiparams) or ([params] if params else [])
        self.statements.setdefault(self.current, []).append((element, rows))

    async def call(self, fn: Any, *args: Any, **kwargs: Any) -> Any:
        self.current = function_name(fn)
        try:
            return await self.db.run(fn, *args, **kwargs)
        finally:
            self.current = None

    async def ping(self) -> None:
        self.current = "Database.ping"
        try:
            assert await self.db.ping()
        finally:
            self.current = None


def function_name(fn: Any) -> str:
    return f"{fn.__module__}.{fn.__name__}"


NOW = datetime.now(UTC)
ALICE, BOB = 123456789012345678, 223456789012345678


def new(user_id: int, text: str, *, days: float = 30, slot: str | None = None, guild: int | None = None) -> NewMemory:
    return NewMemory(user_id, text, ("topic",), "medium", NOW + timedelta(days=days), "chat", guild, slot)


async def every_method(r: Recorder) -> None:
    """One pass over every storage function, with inputs that take each SQL branch."""
    await r.ping()
    state = [UserStateRecord(ALICE, user_notes="[2026-01-01 10:00] plays GTA"), UserStateRecord(BOB)]
    await r.call(members.save_user_states, state)
    await r.call(members.save_user_states, [UserStateRecord(ALICE, offense_count=1, user_notes="[2026-01-01 10:00] GTA")])
    merged = UserStateChange(ALICE, {"offense_count": 1, "off_topic_count": -1}, values={"warned": True, "last_offense_at": NOW},
                             lines=(("[2026-01-01 10:01] asked", 0), ("[2026-01-01 10:02] erased", 5)))  # fmt: skip
    new_member = UserStateChange(BOB + 1, {"offense_count": 1}, {"offense_count": 2}, lines=(("[2026-01-01 10:03] new", 0),))
    restarted = UserStateChange(BOB, {"off_topic_count": 2}, {"offense_count": 0})
    await r.call(members.save_user_states, [merged, new_member, restarted])
    await r.call(members.load_user_states)
    await r.call(members.get_user_notes, ALICE)
    await r.call(members.drop_observation_lines, ALICE, lambda line: "asked" not in line)
    await r.call(llm_log.insert_llm_logs, [LlmCallRecord("chat", "m", 5, True, 1, 2, "q plays GTA", "r", None, NOW, ALICE)] * 2)
    await r.call(llm_log.get_member_llm_logs, ALICE)
    await r.call(llm_log.scrub_member_excerpts, ALICE, NOW - timedelta(days=1), lambda text: text and text.replace("GTA", "[x]"))
    await r.call(llm_log.insert_llm_logs, [LlmCallRecord("memory_extraction", "m", 5, True, way="json_schema")])
    await r.call(tool_ways.save_tool_way, ToolWayRecord("http://localhost:11434/v1", "gemma3:270m", None, "tools:http"))
    await r.call(tool_ways.save_tool_way, ToolWayRecord("http://localhost:11434/v1", "gemma3:270m", "json_schema", "tools:http"))
    await r.call(tool_ways.load_tool_ways)

    first = await r.call(
        memories.save_memory, ALICE, "plays GTA", ["gta"], "high", NOW + timedelta(days=30), "chat", slot_key="main_game"
    )
    ids = await r.call(
        memories.apply_memory_batch,
        MemoryBatch(
            ALICE,
            actor="member",
            inserts=[
                new(ALICE, "plays Elden Ring", slot="main_game"),
                new(ALICE, "old", days=-1),
                new(ALICE, "in a guild", guild=7),
            ],
            refreshes=[
                NewMemory(ALICE, "plays GTA a lot", ("gta",), "high", NOW + timedelta(days=60), "chat", None, "game", first)
            ],
            supersede_ids=[first],
            cap=2,
            profile="Plays games.",
        ),
    )
    await r.call(
        memories.apply_memory_batch,
        MemoryBatch(ALICE, forget_ids=[ids[0], 999], audit=[AuditEntry("redacted", ALICE, "member")]),
    )
    await r.call(
        memories.apply_memory_batch_and_read,
        MemoryBatch(ALICE, actor="member", inserts=[new(ALICE, "in a guild too", guild=7)], cap=50),
        MemoryScope(True, 7),
    )
    await r.call(memories.get_recent_memories, ALICE, 5)
    await r.call(memories.get_recent_memories, ALICE, None, scope=MemoryScope(True, 7))
    await r.call(memories.get_recent_memories, ALICE, 5, scope=MemoryScope(True, None))
    await r.call(memories.get_all_memories, ALICE)
    await r.call(memories.get_fact_history, ALICE)
    await r.call(memories.get_fact_history, ALICE, scope=MemoryScope(True, 7))
    replaced = await r.call(memories.save_memory, ALICE, "works at a bakery", ["job"], "high", NOW + timedelta(days=30), "chat")
    await r.call(
        memories.apply_memory_batch,
        MemoryBatch(
            ALICE, supersede_ids=[replaced], slot_of_replaced={replaced: "job"}, inserts=[new(ALICE, "bank", slot="job")]
        ),
    )
    await r.call(embeddings.set_memory_embeddings, [(ids[2], "nomic", b"\x00\x00\x80?"), (999, "nomic", b"")])
    await r.call(embeddings.memories_missing_embedding, "nomic", 10)
    await r.call(embeddings.memories_missing_embedding, "nomic", 10, 768)
    for i in range(4):
        await r.call(memories.save_memory, BOB, f"bob {i}", ["t"], "low", NOW + timedelta(days=i + 1), "chat", cap=50)
    await r.call(memories.prune_excess_memories, BOB, 2)
    expired = [
        MemoryRecord(0, BOB, f"bulk {i}", ("t",), "low", NOW - timedelta(days=1), "chat", NOW - timedelta(days=9))
        for i in range(3)
    ]
    await r.call(bulk.bulk_insert_memories, expired, chunk_rows=2)
    await r.call(bulk.count_memories)
    await r.call(memories.prune_expired_memories, batch_rows=2)
    await r.call(memories.prune_expired_memories, batch_rows=2, after=10**6)
    await r.call(
        bulk.bulk_insert_memories,
        [MemoryRecord(0, BOB, f"b{i}", ("t",), "low", NOW + timedelta(days=9), "chat", NOW) for i in range(5)],
    )
    over = await r.call(bulk.members_over_cap, 2, NOW)
    await r.call(bulk.cap_members, over, 2, NOW)
    await r.call(
        memories.save_memory, ALICE, "rank goal 500", ["rank"], "medium", NOW + timedelta(days=9), "chat", slot_key="rank_goal"
    )
    await r.call(member_data.erase_member_data, ALICE, ForgetRequest(since=NOW - timedelta(days=1)), actor="member")
    await r.call(member_data.erase_member_data, ALICE, ForgetRequest(memory_ids=(1, 2), scope=MemoryScope(True, 7)), actor="m")
    await r.call(member_data.erase_member_data, BOB, ForgetRequest(everything=True, scope=MemoryScope(True, 7)), actor="m")
    await r.call(llm_log.blank_member_excerpts, ALICE, NOW - timedelta(days=1))

    await r.call(profiles.set_user_profile, ALICE, "Plays GTA.")
    await r.call(profiles.set_user_profile, BOB + 1, "Someone new.")
    await r.call(profiles.get_profile_history, ALICE)
    await r.call(profiles.get_profile, ALICE)
    await r.call(notes.get_notes_backup, ALICE)
    await r.call(profiles.set_user_profile, ALICE, "Plays GTA. Lives in Lyon. Has a cat.")
    await r.call(member_data.erase_member_data, ALICE, ForgetRequest(profile_facts=("Lives in Lyon.",)), actor="member")
    await r.call(member_data.erase_member_data, ALICE, ForgetRequest(since=NOW - timedelta(minutes=5)), actor="member")
    await r.call(member_data.erase_member_data, ALICE, ForgetRequest(since=NOW + timedelta(days=1)), actor="member")
    await r.call(member_data.export_member_data, ALICE)
    await r.call(member_data.expire_member_data, NOW - timedelta(days=30))
    await r.call(llm_log.expire_excerpts, NOW - timedelta(days=30))
    await r.call(processes.report_seen, "a1b2", 12345)
    await r.call(processes.report_seen, "a1b2", 12346)
    await r.call(processes.others_behind, "c3d4", 12346, NOW - timedelta(seconds=30))
    await r.call(processes.leave, "a1b2")
    await every_case_method(r)
    await r.call(control.set_memory_preference, ALICE, opted_out=True, audit=AuditEntry("opted_out", ALICE, "member"))
    await r.call(control.set_memory_preference, ALICE, paused_until=NOW + timedelta(days=1), erase=True)
    await r.call(control.set_memory_preference, BOB + 2, paused_until=None)
    await r.call(control.load_controls)
    await r.call(control.settled_change_seq)
    await r.call(read_control, ALICE)
    await r.call(control.changes_since, 0)
    carol = BOB + 3
    await r.call(memories.apply_memory_batch, MemoryBatch(carol, inserts=[new(carol, "first")]), None, Claim(0, 0))
    await r.call(memories.apply_memory_batch, MemoryBatch(carol, inserts=[new(carol, "second")]), None, Claim(1, 0))
    with pytest.raises(ClaimRefused):
        await r.call(memories.apply_memory_batch, MemoryBatch(carol, inserts=[new(carol, "stale")]), None, Claim(1, 0))
    await r.call(memories.read_member, carol, MemoryScope.GLOBAL)
    await r.call(llm_log.insert_llm_logs, [LlmCallRecord("chat", "m", 5, True, 1, 2, "q", "r", None, NOW, carol)], [{carol: 0}])
    batch = LlmCallRecord("sentiment_analysis", "m", 5, True, request_excerpt="Alice: hi\nBob: yo", member_ids=(ALICE, BOB))
    await r.call(llm_log.insert_llm_logs, [batch, batch], [{ALICE: 0, BOB: 0}, {ALICE: 3, BOB: 0}])
    await r.call(llm_log.get_member_llm_logs, BOB)
    await r.call(memories.write_audit, [AuditEntry("exported", ALICE, "member")])
    await r.call(memories.get_audit, ALICE)

    await r.call(notes.get_all_user_notes)
    await r.call(notes.migrate_user_notes, ALICE, "stale", "Plays GTA.")
    await r.call(notes.migrate_user_notes, BOB, "", "Plays GTA.", [(NOW, new(BOB, "plays GTA"))], cap=1)
    notes_now = await r.call(members.get_user_notes, ALICE)
    await r.call(notes.migrate_user_notes, ALICE, notes_now, "Plays GTA.", [(NOW, new(ALICE, "plays GTA"))], cap=1)
    await r.call(notes.get_notes_backups)
    await r.call(notes.rollback_notes_migration)
    await r.call(member_data.erase_member_data, ALICE, ForgetRequest(everything=True, opt_out=True), actor="m", action="erased")
    await r.call(bulk.empty_memory_tables)


async def every_case_method(r: Recorder) -> None:
    """Cases: opened, listed, undone (once), reset, reasoned, proposed and decided (once), lapsed."""
    guild = 987654321098765432
    warn = NewCase(guild, ALICE, "warn", "insult", "insult 0.92 (recent offenses: 1)", "you idiot", "acted", "monitor", 5, 6)
    await r.call(cases.open_case, warn)
    await r.call(cases.open_case, NewCase(guild, BOB, "timeout", "insult", "why", None, "acted", "monitor", timeout_seconds=600))
    proposal = NewCase(guild, ALICE, "warn", "insult", "why", "trash", "proposed", "monitor", expires_at=NOW + timedelta(hours=1))
    proposed = await r.call(cases.open_case, proposal)
    await r.call(cases.member_cases, guild, ALICE)
    await r.call(cases.scrub_case_excerpts, ALICE, NOW - timedelta(hours=1), lambda text: text and text.replace("idiot", "[x]"))
    await r.call(cases.get_case, guild, 1)
    await r.call(cases.case_by_id, proposed.id)
    await r.call(cases.undo_case, guild, 1, "mod:1")
    await r.call(cases.undo_case, guild, 99, "mod:1")
    await r.call(cases.undo_member_cases, guild, BOB, "mod:1")
    await r.call(cases.set_reason, guild, 1, "Name-calling")
    await r.call(cases.set_reason, guild, 99, "none")
    await r.call(cases.decide_proposal, proposed.id, "confirmed", "mod:1")
    await r.call(cases.decide_proposal, 10**9, "dismissed", "mod:1")
    await r.call(cases.expire_proposals, NOW + timedelta(days=1))
    await r.call(member_data.erase_member_data, BOB, ForgetRequest(everything=True, scope=MemoryScope(True, guild)), actor="m")
    await r.call(guild_settings.set_guild_setting, guild, "toxicity_threshold", "0.9", "mod:1")
    await r.call(guild_settings.set_guild_setting, guild, "toxicity_threshold", None, "mod:1")
    await r.call(guild_settings.guild_settings_since, 0)


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def recorded(tmp_path_factory: pytest.TempPathFactory) -> AsyncIterator[Recorder]:
    db = Database(sa.URL.create("sqlite", database=str(tmp_path_factory.mktemp("tsql") / "capture.db")))
    assert await db.connect()
    recorder = Recorder(db)
    sa.event.listen(db.engine, "before_execute", recorder.listen)
    await every_method(recorder)
    yield recorder
    await db.close()


def storage_functions() -> set[str]:
    return {
        function_name(member)
        for module in STORAGE_MODULES
        for _name, member in inspect.getmembers(module, inspect.isfunction)
        if hasattr(member, ACCESS) and member.__module__ == module.__name__
    }


def test_storage_functions_are_found() -> None:
    found = storage_functions()
    assert "utils.storage.memories.save_memory" in found and len(found) >= 25, sorted(found)


@pytest.mark.asyncio(loop_scope="module")
async def test_every_storage_function_was_exercised(recorded: Recorder) -> None:
    missing = storage_functions() - set(recorded.statements)
    assert not missing, f"add these storage functions to every_method() in tests/storage/test_tsql.py: {sorted(missing)}"


@pytest.mark.asyncio(loop_scope="module")
async def test_every_statement_database_issues_is_tsql(recorded: Recorder) -> None:
    checked: dict[str, str] = {}
    for method, statements in recorded.statements.items():
        for element, parameters in statements:
            assert isinstance(element, sa.sql.Executable) and not isinstance(element, sa.TextClause), (method, element)
            sql = mssql_sql(element, parameters)
            assert not re.match(r"INSERT INTO \[\w+\] \(\[Id\]", sql), f"{method} sets an IDENTITY column: {sql}"
            checked.setdefault(sql, method)
    failures = {sql: (checked[sql], tsql_problems(sql)) for sql in checked if tsql_problems(sql)}
    assert failures == {}
    assert len(checked) >= len(recorded.statements)
    assert any(sql.startswith("SELECT TOP ") for sql in checked), "row limits compile to TOP"
    assert any("OUTPUT inserted.[Id]" in sql for sql in checked), "new ids come back through OUTPUT, not RETURNING"
    hinted = [sql for sql in checked if re.search(r"\bWITH \((UPDLOCK|HOLDLOCK|ROWLOCK|NOLOCK)", sql)]
    assert hinted == [], "Babelfish ignores table hints: serialise with the members' application locks instead"


# ---------------------------------------------------------------------- no SQL text anywhere else
RAW_SQL_ALLOWED = {
    "utils/storage/engine.py": ("_sqlite_pragmas", "checkpoint"),
    "utils/storage/migrate.py": ("_take_lock",),
    "utils/storage/locks.py": ("_take",),
    "utils/storage/kinds.py": ("first_connect",),
    "utils/storage/backup.py": ("_vacuum_into", "_read_facts", "release_and_check_unused"),
    "utils/storage/copy.py": ("_read_snapshot",),
}
"""The only places raw SQL is allowed outside the migrations: SQLite connection PRAGMAs and SQLite's immediate
transaction for migrating (never sent to SQL Server), and the application locks (`sp_getapplock` has no SQLAlchemy
construct; its text is parsed as T-SQL below), the one question a pool asks a T-SQL engine at its first connection, and
the SQLite file's own backup (`VACUUM INTO`, `PRAGMA quick_check`, the checks of a file to restore) and the
explicit BEGIN of a copy's reads from an SQLite file (SQLite only)."""


def _sql_text_calls(path: Path) -> list[tuple[str, int]]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    allowed: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef) and node.name in RAW_SQL_ALLOWED.get(str(path.relative_to(PROJECT_ROOT)), ()):
            allowed |= {child.lineno for child in ast.walk(node) if hasattr(child, "lineno")}
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call) or node.lineno in allowed:
            continue
        name = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")
        raw_execute = name in {"execute", "executemany"} and node.args and isinstance(node.args[0], ast.Constant | ast.JoinedStr)
        if name in {"text", "exec_driver_sql"} or raw_execute:
            found.append((name, node.lineno))
    return found


def test_no_hand_written_sql_outside_the_migrations() -> None:
    sources = [
        PROJECT_ROOT / "bot.py",
        *sorted((PROJECT_ROOT / "utils").rglob("*.py")),
        *sorted((PROJECT_ROOT / "cogs").rglob("*.py")),
    ]
    sources += sorted((PROJECT_ROOT / "scripts").rglob("*.py"))
    offenders = {str(p.relative_to(PROJECT_ROOT)): calls for p in sources if (calls := _sql_text_calls(p))}
    assert offenders == {}


class LockConnection:
    """A stand-in T-SQL connection that records the application-lock batches sent to it, with their parameters."""

    dialect = SimpleNamespace(name="mssql")

    def __init__(self) -> None:
        self.sent: list[tuple[str, tuple[str, ...]]] = []
        self.info: dict[str, object] = {}
        self.transaction = object()

    def get_transaction(self) -> object:
        return self.transaction

    def exec_driver_sql(self, sql: str, parameters: tuple[str, ...] = ()) -> SimpleNamespace:
        self.sent.append((sql, parameters))
        return SimpleNamespace(scalar_one=lambda: 0)

    def batches(self) -> list[str]:
        """Each batch with its parameters written in, as the server runs it."""
        filled = []
        for sql, parameters in self.sent:
            for value in parameters:
                sql = sql.replace("?", "N'" + value.replace("'", "''") + "'", 1)
            filled.append(sql)
        return filled


def test_the_migration_lock_is_t_sql() -> None:
    """What `_take_lock` sends to SQL Server, captured from a stand-in connection, parses as T-SQL."""
    conn = LockConnection()
    migrate._take_lock(conn)  # type: ignore[arg-type]
    [batch] = conn.batches()
    assert "sp_getapplock" in batch and "@LockOwner = N'Transaction'" in batch and "BreehaviorMonitor.schema" in batch
    assert tsql_problems(batch) == []


def test_member_locks_are_t_sql_ascending_and_asked_once_per_transaction() -> None:
    """Members' locks go in ascending id order (two transactions wait for each other, never deadlock), each
    once per transaction, and the batch leaves NOCOUNT as it found it (a pooled session is shared)."""
    conn = LockConnection()
    lock_members(conn, [BOB, ALICE, BOB])  # type: ignore[arg-type]
    lock_members(conn, [ALICE])  # type: ignore[arg-type]
    [(sql, parameters)] = conn.sent
    assert parameters == (f"BreehaviorMonitor.member.{ALICE}", f"BreehaviorMonitor.member.{BOB}")
    assert sql.startswith("SET NOCOUNT ON;") and sql.rstrip().endswith("SET NOCOUNT OFF; SELECT @lowest AS status;")
    assert tsql_problems(conn.batches()[0]) == []
    conn.transaction = object()  # the next transaction asks again
    lock_members(conn, [ALICE])  # type: ignore[arg-type]
    assert len(conn.sent) == 2
