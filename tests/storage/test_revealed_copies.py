"""What a member's later message showed was a secret leaves what was written from their earlier one, in storage: a
case's excerpt is screened again (the case, its number and the other members' cases stay) and the monitor's observation
lines holding it go (the profile and the other lines stay). On this test's SQLite file, or the server MSSQL_TEST_URL
names."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta

import pytest

from utils.storage import cases, members, profiles
from utils.storage.engine import Database
from utils.storage.records import NewCase, UserStateRecord

ALICE, BOB = 123456789012345678, 223456789012345678


@pytest.fixture
async def db(database_url: str) -> AsyncIterator[Database]:
    database = Database(database_url)
    assert await database.connect()
    yield database
    await database.close()


def _pin_out(text: str | None) -> str | None:
    return text and text.replace("4471", "[redacted:pin]")


def _case(guild: int, user: int, excerpt: str | None) -> NewCase:
    return NewCase(guild, user, "warn", "insult", "insult 0.92", excerpt, "acted", "monitor")


async def test_a_members_case_excerpts_since_a_time_are_screened_again_in_every_server(db: Database) -> None:
    for guild, user, excerpt in [
        (1, ALICE, "4471 you idiot"),
        (2, ALICE, "4471 trash"),
        (1, BOB, "4471 idiot"),
        (1, ALICE, None),
    ]:
        await db.run(cases.open_case, _case(guild, user, excerpt))
    now = datetime.now(UTC)
    assert await db.run(cases.scrub_case_excerpts, ALICE, now + timedelta(hours=1), _pin_out) == 0  # opened before it
    assert await db.run(cases.scrub_case_excerpts, ALICE, now - timedelta(hours=1), _pin_out) == 2
    assert await db.run(cases.scrub_case_excerpts, ALICE, now - timedelta(hours=1), _pin_out) == 0  # nothing left
    alice = await db.run(cases.member_cases, 1, ALICE) + await db.run(cases.member_cases, 2, ALICE)
    assert sorted((c.guild_id, c.number, c.excerpt or "") for c in alice) == [
        (1, 1, "[redacted:pin] you idiot"),
        (1, 3, ""),
        (2, 1, "[redacted:pin] trash"),
    ]
    assert all((c.action, c.reason, c.state) == ("warn", "insult 0.92", "acted") for c in alice)
    [bob] = await db.run(cases.member_cases, 1, BOB)
    assert bob.excerpt == "4471 idiot"


async def test_the_monitors_lines_holding_a_value_go_and_the_profile_stays(db: Database) -> None:
    lines = "[2026-03-01 12:00] Posted 4471 in the channel.\n[2026-03-01 12:05] Leads the Tuesday raids."
    await db.run(members.save_user_states, [UserStateRecord(ALICE, user_notes=lines), UserStateRecord(BOB, user_notes=lines)])
    await db.run(profiles.set_user_profile, ALICE, "Plays GTA.")
    assert await db.run(members.drop_observation_lines, ALICE, lambda line: "4471" not in line) == 1
    assert await db.run(members.drop_observation_lines, ALICE, lambda line: "4471" not in line) == 0
    alice = await db.run(members.get_user_notes, ALICE)
    assert "4471" not in alice and "Plays GTA." in alice and "[2026-03-01 12:05] Leads the Tuesday raids." in alice
    assert await db.run(members.get_user_notes, BOB) == lines
