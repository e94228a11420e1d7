"""scripts/migrate_notes_to_profiles.py on a real SQLite database seeded with legacy notes, against the loopback LLM."""

from __future__ import annotations

import asyncio
import io
import os
import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path
from subprocess import PIPE

import pytest
from fake_llm import Body, FakeLLM
from old_deployment import files_and_bytes, old_deployment_db
from settings_factory import SettingsFactory
from shared_database import ON_SERVER, as_datetime, dump, execute, query

from scripts.migrate_notes_to_profiles import parse_args, run
from utils.config import Settings
from utils.llm import QUOTE_MARK
from utils.notes_migration import PROFILE_TOOL
from utils.paths import PROJECT_ROOT
from utils.prompts import load_prompt
from utils.storage.engine import Database
from utils.storage.schema import PROFILE_MAX

NOW = datetime.now(UTC)


def line(days_ago: float, text: str) -> str:
    return f"[{NOW - timedelta(days=days_ago):%Y-%m-%d %H:%M}] {text}"


TIMESTAMPED = "\n".join(
    [
        line(200, "Said they play GTA Online most evenings."),
        line(40, "Mentioned a cat called Miso."),
        line(3, "Grinding GTA to reach rank 500."),
        line(1, "Wants replies in English, not German."),
    ]
)
PROFILE_LOOKING = "Plays Valorant on weekends and likes cats. Prefers short answers."
LONG = "\n".join(
    line(300 - i, f"Observation number {i}: talks about speedrunning Celeste and chess openings.") for i in range(70)
)
NON_ASCII = "\n".join([line(5, "Spielt gern Größenwahn-Strategie 🎮, schreibt auf Deutsch."), line(2, "好きなゲームは原神。")])
FAILING = line(4, "FAILME likes trains.")

SEED: dict[int, str | None] = {
    101: TIMESTAMPED,
    102: PROFILE_LOOKING,
    103: "",
    104: None,
    105: LONG,
    106: NON_ASCII,
    107: FAILING,
}


def notes_block(body: Body) -> str:
    """The notes as sent, without the quote mark every line of them starts with."""
    content = body["messages"][-1]["content"]
    block = content.split("===\n", 1)[1].split("\n=== END ===")[0]
    assert all(line.startswith(QUOTE_MARK) for line in block.split("\n"))
    return "\n".join(line.removeprefix(QUOTE_MARK) for line in block.split("\n"))


def profile_writer(body: Body) -> dict | str:
    """A profile built from the notes it was given; an unusable answer for the FAILME member."""
    notes = notes_block(body)
    if "FAILME" in notes:
        return "{this is not json"
    newest = notes.splitlines()[-1].split("] ", 1)[1]
    return {"profile": f"Member profile. Latest: {newest}"}


async def seed(settings: Settings) -> None:
    db = Database(settings.db_connection_string)
    assert await db.connect()
    await db.close()
    url = settings.db_connection_string
    for uid, notes in SEED.items():  # as the old bot wrote them (the monitor's flush now bounds lines)
        execute(url, "INSERT INTO UserState (UserId, UserNotes, OffenseCount) VALUES (?, ?, ?)", uid, notes or None, uid % 3)
    execute(url, "UPDATE UserState SET UserNotes = NULL WHERE UserId = 104")
    execute(url, "UPDATE UserState SET UserNotes = '' WHERE UserId = 103")  # the bot itself writes NULL for no notes


def raw_notes(database_url: str) -> dict[int, str | None]:
    """Each member's `UserNotes` exactly as stored (trailing spaces, line ends and all)."""
    return dict(query(database_url, "SELECT UserId, UserNotes FROM UserState"))


async def migrate(settings: Settings, *argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = await run(parse_args(argv), settings=settings, out=out, err=err)
    return code, out.getvalue(), err.getvalue()


@pytest.fixture
async def legacy(make_settings: SettingsFactory, fake_llm: FakeLLM) -> Settings:
    settings = make_settings()
    await seed(settings)
    fake_llm.tools[PROFILE_TOOL.name] = profile_writer
    return settings


async def test_dry_run_prints_old_and_new_and_writes_nothing(legacy: Settings, fake_llm: FakeLLM, database_url: str) -> None:
    before = dump(database_url)
    code, out, err = await migrate(legacy, "--dry-run", "--memories")
    assert dump(database_url) == before
    assert code == 1, err
    assert "member 101: would migrate" in out
    assert "    " + line(3, "Grinding GTA to reach rank 500.") in out
    assert "  new (" in out and "Member profile. Latest: Wants replies in English, not German." in out
    assert "    - Grinding GTA to reach rank 500." in out
    assert "    … 64 more lines" in out.split("member 105: would migrate")[1]
    assert "member 107: failed: LLM: invalid write_profile arguments" in out
    assert out.rstrip().endswith(
        "Dry run: would migrate 3, skipped 3 (already a profile: 1, no notes: 2), failed 1. Nothing was written."
    )
    assert len(fake_llm.tool_requests(PROFILE_TOOL.name)) == 4


async def test_run_migrates_backs_up_and_reports(legacy: Settings, fake_llm: FakeLLM, database_url: str) -> None:
    before = raw_notes(database_url)
    code, out, _ = await migrate(legacy)
    assert code == 1
    notes = dict(query(database_url, "SELECT UserId, UserNotes FROM UserState"))
    assert notes[101] == "Member profile. Latest: Wants replies in English, not German."
    assert notes[106] == "Member profile. Latest: 好きなゲームは原神。"
    assert notes[105].startswith("Member profile. Latest: Observation number 69")
    assert {uid: notes[uid] for uid in (102, 103, 104, 107)} == {uid: SEED[uid] for uid in (102, 103, 104, 107)}
    backups = dict(query(database_url, "SELECT UserId, Notes FROM NotesBackup"))
    assert backups == {uid: before[uid] for uid in (101, 105, 106)}
    assert len(backups[105]) > 5000
    offense = dict(query(database_url, "SELECT UserId, OffenseCount FROM UserState"))
    assert offense == {uid: uid % 3 for uid in SEED}
    assert "member 101: migrated (" in out
    assert "member 107: failed: LLM: invalid write_profile arguments" in out
    assert out.rstrip().endswith("Migrated 3, skipped 3 (already a profile: 1, no notes: 2), failed 1.")
    logged = query(database_url, "SELECT UserId, Success FROM LlmLog WHERE Kind = 'profile_migration' ORDER BY UserId")
    assert logged == [(101, 1), (105, 1), (106, 1), (107, 0)]


async def test_dedicated_prompt_gets_the_notes_not_the_extractor(legacy: Settings, fake_llm: FakeLLM) -> None:
    await migrate(legacy)
    requests = fake_llm.tool_requests(PROFILE_TOOL.name)
    assert {r["messages"][0]["content"] for r in requests} == {load_prompt("profile_from_notes")}
    assert fake_llm.tool_requests("extract_memories") == []
    sent = {notes_block(r) for r in requests}
    assert TIMESTAMPED in sent and NON_ASCII in sent and LONG in sent


def without_call_log(tables: dict[str, list]) -> dict[str, list]:
    return {name: rows for name, rows in tables.items() if name != "LlmLog"}


async def test_second_run_changes_nothing_and_a_later_one_finishes_the_rest(
    legacy: Settings, fake_llm: FakeLLM, database_url: str
) -> None:
    await migrate(legacy)
    after_first = dump(database_url)
    calls = len(fake_llm.requests)

    code, out, _ = await migrate(legacy)
    assert without_call_log(dump(database_url)) == without_call_log(after_first)
    assert code == 1
    assert "Migrated 0, skipped 6 (already a profile: 1, already migrated: 3, no notes: 2), failed 1." in out
    assert len(fake_llm.requests) == calls + 1, "only the member that failed is tried again"

    fake_llm.tools[PROFILE_TOOL.name] = lambda body: {"profile": "Likes trains."}
    code, out, _ = await migrate(legacy)
    assert code == 0
    assert "Migrated 1, skipped 6 (already a profile: 1, already migrated: 3, no notes: 2), failed 0." in out
    assert query(database_url, "SELECT UserNotes FROM UserState WHERE UserId = 107") == [("Likes trains.",)]
    assert query(database_url, "SELECT UserNotes FROM UserState WHERE UserId = 101") == [
        ("Member profile. Latest: Wants replies in English, not German.",)
    ]

    finished = dump(database_url)
    code, out, _ = await migrate(legacy)
    assert code == 0 and dump(database_url) == finished
    assert len(fake_llm.requests) == calls + 2
    assert "Migrated 0, skipped 7 (already a profile: 1, already migrated: 4, no notes: 2), failed 0." in out


async def test_rollback_restores_every_byte(legacy: Settings, database_url: str) -> None:
    before = raw_notes(database_url)
    await migrate(legacy, "--memories")
    assert raw_notes(database_url) != before
    assert query(database_url, "SELECT COUNT(*) FROM UserMemory WHERE Source = 'migration'")[0][0] > 0

    code, out, _ = await migrate(legacy, "--rollback", "--dry-run")
    assert code == 0 and "Dry run: would restore 3 members." in out
    assert raw_notes(database_url) != before

    code, out, _ = await migrate(legacy, "--rollback")
    assert code == 0
    assert "Restored the old notes of 3 members" in out
    assert raw_notes(database_url) == before
    assert query(database_url, "SELECT COUNT(*) FROM NotesBackup") == [(0,)]
    assert query(database_url, "SELECT COUNT(*) FROM UserMemory") == [(0,)]
    assert query(database_url, "SELECT COUNT(*) FROM MemoryAudit WHERE Action = 'forgotten' AND Actor = 'migration'")[0][0] > 0

    code, out, _ = await migrate(legacy, "--rollback")
    assert "Restored the old notes of 0 members" in out
    assert raw_notes(database_url) == before


async def test_llm_failure_for_one_member_leaves_only_that_one_unchanged(legacy: Settings, database_url: str) -> None:
    code, out, _ = await migrate(legacy)
    assert code == 1
    assert query(database_url, "SELECT UserNotes FROM UserState WHERE UserId = 107") == [(FAILING,)]
    assert query(database_url, "SELECT COUNT(*) FROM NotesBackup WHERE UserId = 107") == [(0,)]
    assert query(database_url, "SELECT COUNT(*) FROM NotesBackup") == [(3,)]
    assert "failed 1." in out


async def test_http_errors_for_one_member_are_reported_and_the_rest_migrates(
    legacy: Settings, fake_llm: FakeLLM, database_url: str
) -> None:
    fake_llm.fail(500, times=1)
    code, out, _ = await migrate(legacy, "--concurrency", "1")
    assert code == 1
    assert "failed: LLM: HTTP 500" in out
    assert "Migrated 2, skipped 3 (already a profile: 1, no notes: 2), failed 2." in out


async def test_an_overlong_profile_is_cut_at_a_word_boundary(legacy: Settings, fake_llm: FakeLLM, database_url: str) -> None:
    answer = " ".join(f"fact{i} about the member," for i in range(80))
    fake_llm.tools[PROFILE_TOOL.name] = lambda body: {"profile": answer}
    await migrate(legacy)
    (stored,) = query(database_url, "SELECT UserNotes FROM UserState WHERE UserId = 101")[0]
    assert len(answer) > 1000 and 400 < len(stored) <= PROFILE_MAX
    assert answer.startswith(stored) and answer[len(stored)] in " ,"


async def test_an_empty_answer_leaves_the_notes_alone(legacy: Settings, fake_llm: FakeLLM, database_url: str) -> None:
    before = dump(database_url)
    fake_llm.tools[PROFILE_TOOL.name] = lambda body: {"profile": "   "}
    code, out, _ = await migrate(legacy)
    assert code == 1
    assert without_call_log(dump(database_url)) == without_call_log(before)
    assert out.count("the model gave an empty profile; notes left as they were") == 4


async def test_recent_observations_become_expiring_memories(legacy: Settings, fake_llm: FakeLLM, database_url: str) -> None:
    secret_line = line(2, "Said their password is hunter2")
    email_line = line(0.5, "Asked to be emailed at sam@example.com about the chess tournament finals.")
    execute(database_url, "UPDATE UserState SET UserNotes = ? WHERE UserId = 101", f"{TIMESTAMPED}\n{secret_line}\n{email_line}")
    code, _, _ = await migrate(legacy, "--memories", "--guild-id", "555")
    assert code == 1
    rows = query(
        database_url,
        "SELECT Memory, Importance, Source, GuildId, CreatedAt, ExpiresAt FROM UserMemory WHERE UserId = 101 ORDER BY CreatedAt",
    )
    memories = [r[0] for r in rows]
    assert memories == [
        "Grinding GTA to reach rank 500.",
        "Wants replies in English, not German.",
        "Asked to be emailed at [redacted:email] about the chess tournament finals.",
    ]
    assert {(r[1], r[2], r[3]) for r in rows} == {("low", "migration", 555)}
    for _, _, _, _, created, expires in rows:
        assert as_datetime(expires) - as_datetime(created) == timedelta(days=30)
    assert as_datetime(rows[0][4]) < NOW - timedelta(days=2)
    assert query(database_url, "SELECT COUNT(*) FROM UserMemory WHERE UserId = 105") == [(0,)], (
        "all its lines are older than 30 days"
    )


async def test_members_who_opted_out_are_left_alone(legacy: Settings, database_url: str) -> None:
    execute(database_url, "INSERT INTO MemoryPreference (UserId, OptedOut) VALUES (101, 1)")
    _, out, _ = await migrate(legacy, "--memories")
    assert "opted out of memory: 1" in out
    assert query(database_url, "SELECT UserNotes FROM UserState WHERE UserId = 101") == [(TIMESTAMPED,)]
    assert query(database_url, "SELECT COUNT(*) FROM UserMemory WHERE UserId = 101") == [(0,)]


@pytest.mark.sqlite_only("an unreachable database is played by a folder where the file should be")
async def test_unreachable_database_is_one_line_and_exit_2(
    make_settings: SettingsFactory, fake_llm: FakeLLM, tmp_path: Path
) -> None:
    code, out, err = await migrate(make_settings(db_connection_string=f"sqlite:///{tmp_path}"))
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("error: cannot reach the database (unable to open database file)")
    assert fake_llm.requests == []


async def test_unreachable_llm_is_one_line_and_exit_2(make_settings: SettingsFactory, database_url: str) -> None:
    settings = make_settings(llm_base_url="http://127.0.0.1:1/v1")
    await seed(settings)
    before = raw_notes(database_url)
    code, _, err = await migrate(settings)
    assert code == 2
    assert err.count("\n") == 1 and err.startswith("error: the LLM did not answer 4 times in a row (last: LLM: connection error")
    assert raw_notes(database_url) == before
    assert query(database_url, "SELECT COUNT(*) FROM NotesBackup") == [(0,)]


async def test_progress_bar_when_asked(legacy: Settings) -> None:
    out, err = io.StringIO(), io.StringIO()
    await run(parse_args(["--progress"]), settings=legacy, out=out, err=err)
    assert "migrating" in err.getvalue() and "4/4" in err.getvalue()


@pytest.mark.slow
async def test_the_script_runs_with_the_bots_configuration(legacy: Settings, tmp_path: Path) -> None:
    env = {
        "PATH": os.environ.get("PATH", ""),
        "DB_CONNECTION_STRING": legacy.db_connection_string,
        "LLM_BASE_URL": legacy.llm_base_url,
        "LLM_MAX_RETRIES": "0",
    }
    script = PROJECT_ROOT / "scripts" / "migrate_notes_to_profiles.py"
    process = await asyncio.create_subprocess_exec(
        sys.executable, str(script), "--dry-run", cwd=tmp_path, env=env, stdout=PIPE, stderr=PIPE
    )
    stdout, stderr = await asyncio.wait_for(process.communicate(), timeout=120)
    assert process.returncode == 1, stderr.decode()
    assert "Dry run: would migrate 3" in stdout.decode()
    assert stderr == b""


@pytest.mark.sqlite_only("compares the file's bytes and looks for WAL files")
async def test_a_dry_run_on_an_old_deployments_database_changes_no_byte(
    make_settings: SettingsFactory, fake_llm: FakeLLM, tmp_path: Path
) -> None:
    """An old deployment (schema at revision 0001, WAL mode): a dry run neither migrates it nor leaves WAL files."""
    folder = tmp_path / "old"
    path = old_deployment_db(folder, 101, SEED[101])
    before = files_and_bytes(folder)
    assert list(before) == ["bot.db"]
    fake_llm.tools[PROFILE_TOOL.name] = profile_writer
    code, out, err = await migrate(make_settings(db_connection_string=f"sqlite:///{path}"), "--dry-run", "--memories")
    assert code == 0, err
    assert "member 101: would migrate" in out
    assert files_and_bytes(folder) == before


@pytest.mark.sqlite_only("a missing database is a missing file")
async def test_a_dry_run_on_a_missing_database_creates_nothing(
    make_settings: SettingsFactory, fake_llm: FakeLLM, tmp_path: Path
) -> None:
    path = tmp_path / "typo" / "bot.db"
    code, out, err = await migrate(make_settings(db_connection_string=f"sqlite:///{path}"), "--dry-run")
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and f"no database file at {path}" in err
    assert not path.parent.exists()
    assert fake_llm.requests == []


REFUSE_105 = {
    "sqlite": "CREATE TRIGGER RefuseMember105 BEFORE UPDATE ON UserState WHEN NEW.UserId = 105 "
    "BEGIN SELECT RAISE(ABORT, 'refused by a trigger'); END",
    "mssql": "CREATE TRIGGER RefuseMember105 ON UserState AFTER UPDATE AS BEGIN "
    "IF EXISTS (SELECT 1 FROM inserted WHERE UserId = 105) THROW 50000, 'refused by a trigger', 1; END",
}


async def test_a_member_the_database_refuses_is_listed_as_failed_and_the_others_migrate(
    legacy: Settings, database_url: str
) -> None:
    """One member's write fails on the server (a constraint, a trigger, a value it will not take): that member is
    reported as failed and keeps their notes; the run goes on, and its exit status says some failed."""
    execute(database_url, REFUSE_105["mssql" if ON_SERVER else "sqlite"])
    try:
        code, out, err = await migrate(legacy, "--concurrency", "1")
    finally:
        execute(database_url, "DROP TRIGGER RefuseMember105")
    assert code == 1 and err == "", err
    assert "member 105: failed: the database refused this member's write: " in out and "refused by a trigger" in out
    assert "Migrated 2, skipped 3 (already a profile: 1, no notes: 2), failed 2." in out
    assert raw_notes(database_url)[105] == SEED[105]
    assert raw_notes(database_url)[101] == "Member profile. Latest: Wants replies in English, not German."
