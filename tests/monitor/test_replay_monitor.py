"""`scripts/replay_monitor.py`: a channel log through the monitor's pipeline, without Discord."""

from __future__ import annotations

import importlib.util
import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from fake_llm import FakeLLM
from monitor_fakes import Analyst, batch_lines
from old_deployment import empty_database, files_and_bytes, old_database, old_deployment_db
from settings_factory import SettingsFactory
from shared_database import ON_SERVER, dump, execute, query, table_names

from utils.monitor.replay import replay
from utils.paths import PROJECT_ROOT
from utils.runtime import Services
from utils.storage.engine import create_engine_for
from utils.storage.migrate import migrate_to_head
from utils.storage.url import resolve_database_url

MONITOR = {"sentiment_batch_size": 3, "sentiment_batch_seconds": 60}


@pytest.fixture(autouse=True)
def _server_schema_at_head(database_url: str) -> None:
    """On a server run, the database a dry run reads has the bot's schema, as a bot that ran once leaves it (an earlier
    test may have left none, or an old revision: a dry run never migrates). A SQLite run starts with no file at all."""
    if ON_SERVER:
        engine = create_engine_for(resolve_database_url(database_url), 1)
        try:
            migrate_to_head(engine)
        finally:
            engine.dispose()


def line(author_id: int, name: str, content: str, second: int, channel: str = "general", **extra: object) -> str:
    return json.dumps(
        {
            "author_id": author_id,
            "author_name": name,
            "channel": channel,
            "content": content,
            "timestamp": f"2026-03-01T12:{second // 60:02d}:{second % 60:02d}Z",
            **extra,
        }
    )


TRANSCRIPT = [
    line(1, "Alice", "gg, practising guitar after this", 0),
    line(2, "Bob", "you are an idiot", 10),
    "{not json",
    line(3, "Cara", "", 15),
    line(9, "Bot", "beep", 16, bot=True),
    line(1, "Alice", "calm down", 20, channel="#memes"),
    line(2, "Bob", "trash team", 200),
]


async def run(settings_factory: SettingsFactory, lines: list[str], *, dry_run: bool, **overrides: object) -> tuple[int, str]:
    out = io.StringIO()
    code = await replay(settings_factory(**{**MONITOR, **overrides}), lines, out, dry_run=dry_run)
    return code, out.getvalue()


def exists(path: Path) -> bool:
    return path.exists()


def snapshot(db_path: Path, database_url: str) -> tuple[bytes, object]:
    """On SQLite the file's bytes and every table's row count; on a server (no file to compare) every row of every table."""
    if ON_SERVER:
        return b"", dump(database_url)
    tables = ["UserState", "UserMemory", "LlmLog", "MemoryAudit"]
    return db_path.read_bytes(), [query(database_url, f"SELECT COUNT(*) FROM {t}") for t in tables]


async def test_replay_prints_each_verdict_and_writes_what_the_bot_would(
    make_settings: SettingsFactory, fake_llm: FakeLLM, database_url: str
) -> None:
    fake_llm.tools["report_analysis"] = Analyst(notes={"guitar": "Is learning to play the guitar."})
    code, output = await run(make_settings, TRANSCRIPT, dry_run=False)
    assert code == 0
    lines = output.splitlines()
    assert lines[:3] == [
        "line 3: skipped (Expecting property name enclosed in double quotes: line 1 column 2 (char 1))",
        "line 4: skipped (no text to analyse)",
        "line 5: skipped (a bot's message)",
    ]
    assert lines[3] == (
        '2026-03-01 12:00:00 #general Alice: "gg, practising guitar after this" -> toxicity 0.05, score 0.05 -> no action'
        " | note: Is learning to play the guitar. (saved as a passive memory)"
    )
    assert lines[4] == (
        '2026-03-01 12:00:10 #general Bob: "you are an idiot" -> toxicity 0.92 (insult), score 0.92, offenses 1'
        ' -> would warn: "Bob, please keep it friendly: that message crossed the line."'
    )
    assert lines[5].startswith('2026-03-01 12:00:20 #memes Alice: "calm down" -> toxicity 0.05')
    assert lines[6].startswith('2026-03-01 12:03:20 #general Bob: "trash team" -> toxicity 0.92 (insult), score 0.92, offenses 2')
    assert lines[6].endswith('would warn: "Bob, that is 2 messages over the line in a short time. Please cool it down."')
    assert lines[-2] == "Replayed 4 messages in 3 batches (3 LLM calls, 0 failed): 2 warnings, 0 timeouts, 0 redirects, 1 note."
    assert lines[-1] == "State, passive memories and the LLM log were written."
    assert [[t for _i, _n, t in batch_lines(r)] for r in fake_llm.tool_requests("report_analysis")] == [
        ["gg, practising guitar after this", "you are an idiot"],
        ["calm down"],
        ["trash team"],
    ]
    assert query(database_url, "SELECT UserId, OffenseCount FROM UserState WHERE Warned = 1") == [(2, 2)]
    assert query(database_url, "SELECT UserId, Memory, Source FROM UserMemory") == [
        (1, "Is learning to play the guitar.", "passive")
    ]
    assert query(database_url, "SELECT COUNT(*) FROM LlmLog WHERE Kind = 'sentiment_analysis'") == [(3,)]


async def test_replay_uses_the_stored_state(make_settings: SettingsFactory, fake_llm: FakeLLM) -> None:
    fake_llm.tools["report_analysis"] = Analyst()
    services = Services(make_settings())
    await services.start()
    services.monitor_state.toggle_immune(2)
    await services.close()
    code, output = await run(make_settings, [line(2, "Bob", "you idiot", 0)], dry_run=True)
    assert code == 0 and "-> immune: not actioned" in output


async def test_a_dry_run_writes_nothing(
    make_settings: SettingsFactory, fake_llm: FakeLLM, db_path: Path, database_url: str
) -> None:
    fake_llm.tools["report_analysis"] = Analyst(notes={"guitar": "Is learning to play the guitar."})
    await run(make_settings, [line(5, "Eve", "hello", 0)], dry_run=False)
    before = snapshot(db_path, database_url)
    code, output = await run(make_settings, TRANSCRIPT, dry_run=True, timeout_after_offenses=1)
    assert code == 0
    assert "(not saved: dry run)" in output and "would time out for 10 min" in output
    assert output.splitlines()[-1] == "Dry run: nothing was written."
    assert snapshot(db_path, database_url) == before


@pytest.mark.sqlite_only("a missing database is a missing file, which the dry run must not create")
async def test_a_dry_run_does_not_create_a_missing_database(
    make_settings: SettingsFactory, fake_llm: FakeLLM, db_path: Path
) -> None:
    fake_llm.tools["report_analysis"] = Analyst()
    code, output = await run(make_settings, TRANSCRIPT, dry_run=True)
    assert code == 0 and f"No database at {db_path} yet" in output
    assert not exists(db_path)


async def test_a_dry_run_on_a_database_without_the_bots_tables_starts_from_empty_state(
    make_settings: SettingsFactory, fake_llm: FakeLLM, tmp_path: Path
) -> None:
    """A database nothing ever migrated (a new server database; on SQLite, no file): the dry run says so in one line
    and replays from empty state, creating nothing — not a traceback about a missing table."""
    fake_llm.tools["report_analysis"] = Analyst()
    url = empty_database(tmp_path / "new")
    code, output = await run(make_settings, TRANSCRIPT, dry_run=True, db_connection_string=url)
    assert code == 0 and "Traceback" not in output, output
    assert sum("starting from empty state" in line for line in output.splitlines()) == 1, output
    assert output.splitlines()[-1] == "Dry run: nothing was written."
    if ON_SERVER:
        assert table_names(url) == set(), "the dry run created nothing"
    else:
        assert not (tmp_path / "new").exists() or not any((tmp_path / "new").iterdir())


async def test_a_failed_batch_is_reported_and_the_replay_goes_on(make_settings: SettingsFactory, fake_llm: FakeLLM) -> None:
    fake_llm.tools["report_analysis"] = Analyst()
    fake_llm.fail(500)
    code, output = await run(make_settings, TRANSCRIPT, dry_run=True)
    assert code == 1
    assert '12:00:00 #general Alice: "gg, practising guitar after this" -> not analysed: the batch failed (HTTP 500' in output
    assert "#memes Alice" in output and "(1 LLM call," not in output and "1 failed)" in output


async def test_nothing_to_replay_is_a_clear_error(make_settings: SettingsFactory) -> None:
    code, output = await run(make_settings, ["", "[1, 2]", line(1, "A", "   ", 0)], dry_run=True)
    assert code == 2
    assert output.splitlines() == [
        "line 2: skipped (not a JSON object)",
        "line 3: skipped (no text to analyse)",
        "Nothing to replay: no message with text in the transcript.",
    ]


@pytest.mark.slow
def test_the_command_line(tmp_path: Path, llm_server, db_path: Path, database_url: str) -> None:
    llm_server.llm.tools["report_analysis"] = Analyst()
    transcript = tmp_path / "log.jsonl"
    transcript.write_text("\n".join(TRANSCRIPT) + "\n", encoding="utf-8")
    env = {
        **os.environ,
        "LLM_BASE_URL": llm_server.base_url,
        "LLM_MAX_RETRIES": "0",
        "DB_CONNECTION_STRING": database_url,
        "SENTIMENT_BATCH_SIZE": "3",
    }
    before = dump(database_url) if ON_SERVER else None
    script = str(PROJECT_ROOT / "scripts" / "replay_monitor.py")
    done = subprocess.run(
        [sys.executable, script, str(transcript), "--dry-run"],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert 'would warn: "Bob, please keep it friendly' in done.stdout
    if ON_SERVER:
        assert dump(database_url) == before, "a dry run writes nothing"
    else:
        assert not db_path.exists(), "a dry run creates no database"


def test_an_unreadable_transcript_is_a_clear_error(tmp_path: Path, capsys, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    spec = importlib.util.spec_from_file_location("replay_monitor", PROJECT_ROOT / "scripts" / "replay_monitor.py")
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    assert script.main([str(tmp_path / "nope.jsonl")]) == 2
    assert "error: cannot read" in capsys.readouterr().err


async def test_a_dry_run_on_an_old_deployments_database_changes_no_byte(
    make_settings: SettingsFactory, fake_llm: FakeLLM, tmp_path: Path
) -> None:
    """Schema at revision 0001, as an old deployment has it: a dry run reads it without migrating it.

    On SQLite no byte of the folder changes; on a server every row, and the schema's revision, stay as they were."""
    folder = tmp_path / "old"
    if ON_SERVER:
        url = old_database(folder, 2, "[2026-01-01 10:00] rude")
        execute(url, "UPDATE UserState SET OffenseCount = 1 WHERE UserId = 2")
    else:
        url = f"sqlite:///{old_deployment_db(folder, 2, '[2026-01-01 10:00] rude', offenses=1)}"

    def everything() -> object:
        return (dump(url), query(url, "SELECT version_num FROM alembic_version")) if ON_SERVER else files_and_bytes(folder)

    before = everything()
    fake_llm.tools["report_analysis"] = Analyst()
    code, output = await run(make_settings, TRANSCRIPT, dry_run=True, db_connection_string=url)
    assert code == 0 and output.splitlines()[-1] == "Dry run: nothing was written."
    assert everything() == before


async def test_a_counter_writing_model_is_replayed_as_refused_verdicts(make_settings: SettingsFactory, fake_llm: FakeLLM) -> None:
    """SmolLM2's toxicity counter (index + 1): the replay shows each verdict refused, and nobody warned."""
    fake_llm.tools["report_analysis"] = lambda body: {
        "findings": [{"index": i, "toxicity": i + 1, "off_topic": False} for i, _n, _t in batch_lines(body)]
    }
    lines = [line(1, "Ivy", "I just got a new puppy", 0), line(2, "Jo", "congrats Ivy! post pics", 1)]
    lines.append(line(3, "Kai", "GG last night everyone", 2))
    code, output = await run(make_settings, lines, dry_run=True)
    assert code == 0
    printed = output.splitlines()[0 if ON_SERVER else 1 :]  # SQLite: after "No database ... yet" (no file yet)
    assert printed[0] == (
        '2026-03-01 12:00:00 #general Ivy: "I just got a new puppy" -> refused (toxicity off the 0..1 scale'
        " ([1] 2, [2] 3): the model does not use the scale, so none of its numbers mean anything) -> not acted on"
    )
    assert all("-> not acted on" in p for p in printed[:3])
    assert printed[-2] == (
        "Replayed 3 messages in 1 batch (1 LLM call, 0 failed): 0 warnings, 0 timeouts, 0 redirects, 0 notes,"
        " 3 verdicts refused as untrustworthy."
    )


def load_script() -> object:
    spec = importlib.util.spec_from_file_location("replay_monitor", PROJECT_ROOT / "scripts" / "replay_monitor.py")
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    return script


@pytest.mark.parametrize(
    ("argv", "writes"),
    [
        (["log.jsonl"], False),
        (["log.jsonl", "--dry-run"], False),
        (["--dry-run", "log.jsonl", "--guild-id", "1234567890123456789"], False),
        (["log.jsonl", "--guild-id", "42"], False),
        (["log.jsonl", "--write"], True),
        (["--write", "transcript.jsonl", "--guild-id", "1234567890123456789"], True),
    ],
)
def test_the_replay_writes_only_when_asked_with_write(argv: list[str], writes: bool) -> None:
    """A replayed log's offenses land in live members' records only with --write; --dry-run stays accepted."""
    assert load_script().parse_args(argv).write is writes


@pytest.mark.parametrize("argv", [["log.jsonl", "--write", "--dry-run"], ["log.jsonl", "--wirte"], []])
def test_contradictory_or_unknown_replay_flags_are_refused(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        load_script().parse_args(argv)
    assert exit_.value.code == 2 and "usage: replay_monitor.py" in capsys.readouterr().err


@pytest.mark.sqlite_only("the default of the command line, shown by the SQLite file it does not create")
def test_the_command_line_without_flags_writes_nothing(
    tmp_path: Path, llm_server, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    llm_server.llm.tools["report_analysis"] = Analyst()
    transcript = tmp_path / "log.jsonl"
    transcript.write_text("\n".join(TRANSCRIPT) + "\n", encoding="utf-8")
    database = tmp_path / "data" / "replayed.db"
    monkeypatch.chdir(tmp_path)
    for name, value in {
        "LLM_BASE_URL": llm_server.base_url,
        "LLM_MAX_RETRIES": "0",
        "DB_CONNECTION_STRING": f"sqlite:///{database}",
        "SENTIMENT_BATCH_SIZE": "3",
        "BREEHAVIOR_ENV_FILE": "",
    }.items():
        monkeypatch.setenv(name, value)
    assert load_script().main([str(transcript)]) == 0
    output = capsys.readouterr().out
    assert 'would warn: "Bob, please keep it friendly' in output
    assert output.splitlines()[-1] == "Dry run: nothing was written."
    assert not database.exists(), "without --write no database is created"
