"""The doctor's other checks: settings, database, Discord login. Each one has a total deadline."""

from __future__ import annotations

import asyncio
import re
from collections.abc import Callable
from typing import Any

import aiohttp
import sqlalchemy as sa

from utils.config import Settings, env_files, unknown_keys_warnings
from utils.doctor.llm_checks import masked
from utils.doctor.result import CheckResult, failed, ok, skipped, warning
from utils.doctor.token_shape import application_id, token_problem
from utils.invite import invite_url, timeouts_enabled
from utils.storage import control, llm_log, members, tool_ways
from utils.storage import odbc as odbc_strings
from utils.storage.engine import Database, DatabaseError
from utils.storage.records import LlmCallRecord
from utils.storage.url import DEFAULT_SQLITE_PATH, resolve_database_url
from utils.wording import plural

DATABASE_DEADLINE_SECONDS = 30.0
DISCORD_DEADLINE_SECONDS = 15.0
DISCORD_API = "https://discord.com/api/v10"
MESSAGE_CONTENT_FLAGS = (1 << 18) | (1 << 19)
"""GATEWAY_MESSAGE_CONTENT and GATEWAY_MESSAGE_CONTENT_LIMITED: either means the intent is switched on."""
_ODBC_PASSWORD = re.compile(r"(?i)\b(PWD|PASSWORD)=(\{(?:[^}]|\}\})*\}|[^;]*)")
NETWORK_FIX = "check this machine's network, DNS and firewall (HTTPS to discord.com)"
TOKEN_FIX = "put the bot's token in .env (developer portal → your application → Bot → Reset Token)"
WRITE_FIX = "give the bot's login (or the SQLite file's folder) write access"


def check_settings(settings: Settings) -> list[CheckResult]:
    """The settings loaded (the caller reports a ConfigError); keys no setting reads (typos) are named."""
    read = [str(path) for path in env_files() if path.is_file()]
    results = [ok("settings", f"valid (read from the environment and {', '.join(read) or 'no .env file'})")]
    results += [warning("settings", line) for line in unknown_keys_warnings()]
    if not settings.llm_model.strip():
        example = Settings.model_fields["llm_model"].default
        results.append(failed("settings", "LLM_MODEL is empty", f"set LLM_MODEL, e.g. {example}"))
    return results


def describe_database(raw: str) -> str:
    """Where the data lives, with any password hidden."""
    if not raw.strip():
        return f"SQLite file {DEFAULT_SQLITE_PATH}"
    url = resolve_database_url(raw)
    if url.get_backend_name() == "sqlite":
        return f"SQLite file {url.database}"
    if "odbc_connect" in url.query:
        return _ODBC_PASSWORD.sub(r"\1=***", raw.strip())
    return url.render_as_string(hide_password=True)


async def check_database(settings: Settings, deadline: float = DATABASE_DEADLINE_SECONDS) -> list[CheckResult]:
    """Reachable (and migrated to the newest schema, as the bot does at start), then one write: an LlmLog row of Kind 'doctor'."""
    raw = settings.db_connection_string
    try:
        where = describe_database(raw)
        db = Database(raw, reconnect_seconds=3600)
    except ValueError as exc:
        return [failed("database", str(exc), "fix DB_CONNECTION_STRING (empty means SQLite at data/bot.db)")]
    fix = f"check DB_CONNECTION_STRING (saw {'(empty)' if not raw.strip() else where}) and that the server runs"
    try:
        async with asyncio.timeout(deadline):
            connected = await db.connect()
    except TimeoutError:
        return [failed("database", f"{where}: no answer within {deadline:g} s", fix)]
    try:
        if not connected:
            return [_not_connected(db, where, fix)]
        assert db.schema is not None
        results = [ok("database", f"{where} reachable, {db.schema.describe()}"), *driver_checks(db.url)]
        results.append(await _start_reads(db, where, deadline))
        try:
            async with asyncio.timeout(deadline):
                await db.run(llm_log.insert_llm_logs, [LlmCallRecord("doctor", settings.llm_model, 0, True)])
        except (DatabaseError, TimeoutError) as exc:
            results.append(failed("database write", f"{where}: {exc or 'timeout'}", WRITE_FIX))
        else:
            results.append(ok("database write", "one LlmLog row written (Kind 'doctor')"))
        return results
    finally:
        await db.close()


def driver_checks(url: sa.URL) -> list[CheckResult]:
    """What the ODBC driver makes of DB_CONNECTION_STRING, when that is not simply what it says (FreeTDS)."""
    if url.get_backend_name() != "mssql" or url.get_driver_name() != "pyodbc":
        return []
    said = odbc_strings.for_driver(url)
    if not said.freetds:
        return []
    results = []
    if said.ignored:
        results.append(
            warning(
                "database driver",
                f"FreeTDS ignores {', '.join(said.ignored)}",
                "leave them out, or install Microsoft's ODBC Driver 18 for SQL Server where they matter",
            )
        )
    encrypted = any("Encryption=require" in line for line in said.translated)
    host = _server_host(said.odbc)
    if not encrypted and host not in LOOPBACK:
        results.append(
            warning(
                "database driver",
                f"FreeTDS does not encrypt the connection to {host} unless asked (Microsoft's driver does by default)",
                "add Encrypt=yes to DB_CONNECTION_STRING (FreeTDS gets it as Encryption=require)",
            )
        )
    said_as = "; ".join(said.translated) or "as written"
    results.append(ok("database driver", f"FreeTDS ({said_as})"))
    return results


LOOPBACK = {"127.0.0.1", "localhost", "::1", "(local)", "."}


def _server_host(odbc: str) -> str:
    return next((value for key, value in odbc_strings.parse(odbc) if key.lower() in ("server", "servername")), "?")


def _not_connected(db: Database, where: str, fix: str) -> CheckResult:
    """One ✗ line that names what failed: the connection, the schema upgrade, or a schema this process may not upgrade."""
    if db.last_failure == "migration":
        return failed(
            "database schema",
            f"{where} answers, but {db.last_error}",
            "run `python3 bot.py migrate` to see the whole error; the login needs to create and alter tables "
            "(docs/sql-server.md)",
        )
    if db.last_failure == "schema_behind":
        return failed("database schema", f"{where}: {db.last_error}", "run `python3 bot.py migrate` once")
    if db.url.get_backend_name() == "mssql" and db.url.get_driver_name() == "pyodbc":
        said = odbc_strings.for_driver(db.url)
        if said.freetds and "Encryption=require" in said.odbc:
            fix += "; FreeTDS was asked to encrypt (Encrypt=yes): check that the server offers TLS"
    return failed("database", f"{where}: {db.last_error}", fix)


async def _start_reads(db: Database, where: str, deadline: float) -> CheckResult:
    """What the bot reads at start, in its order: member state, memory preferences with the poll's starting point, the
    coherence poll, the LLM ways. If one fails there, memory stays off in the bot: say so, not "everything works"."""
    steps: list[tuple[str, Callable[..., Any]]] = [
        ("member state", members.load_user_states),
        ("memory preferences (where the coherence poll starts)", control.settled_change_seq),
        ("memory preferences", control.load_controls),
        ("the LLM ways", tool_ways.load_tool_ways),
    ]
    loaded: dict[str, Any] = {}
    try:
        async with asyncio.timeout(deadline):
            for name, fn in steps:
                loaded[name] = await db.run(fn)
            name = "the coherence poll"
            await db.run(control.changes_since, loaded["memory preferences (where the coherence poll starts)"])
    except (DatabaseError, TimeoutError) as exc:
        return failed(
            "database at start",
            f"{where}: reading {name} failed ({exc or 'timeout'}): the bot would start with memory off",
            "docs/sql-server.md lists the servers and settings the bot supports; run the doctor again after the change",
        )
    members_seen = len(loaded["member state"])
    controls = len(loaded["memory preferences"])
    return ok(
        "database at start",
        f"member state ({plural(members_seen, 'member')}), memory preferences ({plural(controls, 'control row')}), "
        "the coherence poll and the LLM ways load",
    )


async def check_discord(
    settings: Settings, *, skip: bool = False, api: str = DISCORD_API, deadline: float = DISCORD_DEADLINE_SECONDS
) -> list[CheckResult]:
    """Log in over REST (`GET /users/@me`), then read the application: the Message Content intent and the invite link."""
    token = settings.discord_token.strip()
    if skip and not token:
        return [skipped("Discord", "skipped (--skip-discord)")]
    if not token:
        return [failed("Discord", "DISCORD_TOKEN is empty", TOKEN_FIX)]
    problem = token_problem(token)
    if problem is not None:  # told offline: Discord would only answer "cannot log in", or the header would not even go
        return [failed("Discord", f"{problem.what} (saw {masked(token)})", problem.fix)]
    offline_invite = _offline_invite(token, settings)
    if skip:
        return [skipped("Discord", "skipped (--skip-discord)"), offline_invite]
    headers = {"Authorization": f"Bot {token}", "User-Agent": "DiscordBot (breehavior-monitor doctor, 2.0)"}
    try:
        async with asyncio.timeout(deadline), aiohttp.ClientSession(headers=headers) as session:
            async with session.get(f"{api}/users/@me") as answer:
                if answer.status == 401:
                    return [
                        failed(
                            "Discord",
                            f"Discord rejected DISCORD_TOKEN (saw {masked(token)})",
                            "copy a fresh token: developer portal → your application → Bot → Reset Token",
                        )
                    ]
                answer.raise_for_status()
                me = await answer.json()
            async with session.get(f"{api}/oauth2/applications/@me") as answer:
                answer.raise_for_status()
                application = await answer.json()
    except TimeoutError:
        return [failed("Discord", f"no answer from {api} within {deadline:g} s", NETWORK_FIX), offline_invite]
    except (aiohttp.ClientError, OSError, ValueError) as exc:
        return [failed("Discord", f"cannot reach {api}: {exc}", NETWORK_FIX), offline_invite]
    results = [ok("Discord", f"logged in as {me.get('username')} (id {me.get('id')})")]
    if int(application.get("flags") or 0) & MESSAGE_CONTENT_FLAGS:
        results.append(ok("Discord intent", "Message Content intent is on"))
    else:
        results.append(
            failed(
                "Discord intent",
                "the Message Content intent is off: the bot would connect but could not read messages",
                "developer portal → your application → Bot → Privileged Gateway Intents → Message Content Intent",
            )
        )
    url = invite_url(int(application.get("id") or me.get("id")), timeouts=timeouts_enabled(settings))
    results.append(ok("Discord invite", url))
    return results


def _offline_invite(token: str, settings: Settings) -> CheckResult:
    """The invite link from the application id the token starts with: at hand before Discord answers, or when it cannot."""
    url = invite_url(application_id(token) or 0, timeouts=timeouts_enabled(settings))
    return ok("Discord invite", f"{url} (built from DISCORD_TOKEN, without asking Discord)")
