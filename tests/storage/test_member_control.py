"""The member's control row: the claim every write makes, the epoch every erasure moves, the change order processes poll."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta

import pytest
import sqlalchemy as sa
from storage_calls import read_control

from utils.storage import control, memories
from utils.storage.control import Claim, ClaimRefused
from utils.storage.engine import Database
from utils.storage.member_data import ForgetRequest, erase_member_data
from utils.storage.records import MemoryBatch, MemoryPreferenceRecord, NewMemory

NOW = datetime.now(UTC)
ALICE, BOB = 123456789012345678, 223456789012345678


@pytest.fixture
async def db(database_url: str):
    database = Database(database_url)
    assert await database.connect()
    yield database
    await database.close()


async def stored(db: Database, **row: object) -> MemoryPreferenceRecord:
    """ALICE's row with version 2, epoch 1 and the given say (``paused_for``: a pause ending that far from now)."""
    if "paused_for" in row:
        row["paused_until"] = datetime.now(UTC) + row.pop("paused_for")  # type: ignore[operator]
    await db.run(control.set_memory_preference, ALICE, erase=True, **row)  # version 1, epoch 1
    await db.run(memories.apply_memory_batch, MemoryBatch(ALICE), None, None)  # version 2
    return await db.run(read_control, ALICE)


# (the say stored, the claim, what happens)
CLAIMS = [
    ({}, Claim(2, 1), ""),
    ({}, Claim(None, 1), ""),
    ({}, Claim(1, 1), "version"),
    ({}, Claim(3, 1), "version"),
    ({}, Claim(2, 0), "erased"),
    ({}, Claim(2, 2), "erased"),
    ({}, Claim(1, 0), "erased"),
    ({"opted_out": True}, Claim(2, 1), "opted_out"),
    ({"opted_out": True}, Claim(None, 1), "opted_out"),
    ({"paused_for": timedelta(minutes=5)}, Claim(2, 1), "paused"),
    ({"paused_for": timedelta(minutes=-5)}, Claim(2, 1), ""),
    ({"paused_until": None}, Claim(2, 1), ""),
]


@pytest.mark.parametrize(("say", "claim", "refused"), CLAIMS)
async def test_a_claim_holds_only_under_the_version_and_epoch_it_was_planned_with(
    db: Database, say: dict, claim: Claim, refused: str
) -> None:
    before = await stored(db, **say)
    batch = MemoryBatch(ALICE, inserts=[NewMemory(ALICE, "Plays chess.", ("chess",), "medium", NOW + timedelta(days=7), "chat")])
    if refused:
        with pytest.raises(ClaimRefused) as caught:
            await db.run(memories.apply_memory_batch, batch, None, claim)
        assert caught.value.reason == refused and caught.value.current == before
        assert caught.value.replannable is (refused == "version")
        assert await db.run(memories.get_all_memories, ALICE) == [], "a refused claim writes nothing"
        assert await db.run(read_control, ALICE) == before
    else:
        await db.run(memories.apply_memory_batch, batch, None, claim)
        after = await db.run(read_control, ALICE)
        assert (after.write_version, after.erase_epoch) == (before.write_version + 1, before.erase_epoch)
        assert after.change_seq > before.change_seq


@pytest.mark.parametrize(
    ("claim", "lands"), [(Claim(0, 0), True), (Claim(None, 0), True), (Claim(1, 0), False), (Claim(0, 1), False)]
)
async def test_a_member_without_a_row_is_claimed_by_making_it(db: Database, claim: Claim, lands: bool) -> None:
    batch = MemoryBatch(BOB, inserts=[NewMemory(BOB, "Has a dog.", ("dog",), "low", NOW + timedelta(days=1), "chat")])
    if lands:
        await db.run(memories.apply_memory_batch, batch, None, claim)
        row = await db.run(read_control, BOB)
        assert (row.write_version, row.erase_epoch, row.opted_out) == (1, 0, False)
    else:
        with pytest.raises(ClaimRefused):
            await db.run(memories.apply_memory_batch, batch, None, claim)
        assert await db.run(memories.get_all_memories, BOB) == []


@pytest.mark.parametrize(
    ("erasure", "opted_out"),
    [
        (lambda db: db.run(erase_member_data, ALICE, ForgetRequest(everything=True), actor="member"), False),
        (lambda db: db.run(erase_member_data, ALICE, ForgetRequest(everything=True, opt_out=True), actor="member"), True),
        (lambda db: db.run(erase_member_data, ALICE, ForgetRequest(profile_facts=("Plays chess.",)), actor="m"), False),
        (lambda db: db.run(erase_member_data, ALICE, ForgetRequest(since=NOW - timedelta(hours=1)), actor="member"), False),
        (lambda db: db.run(erase_member_data, ALICE, ForgetRequest(memory_ids=(1,)), actor="member"), False),
        (lambda db: db.run(control.set_memory_preference, ALICE, paused_until=NOW + timedelta(hours=1), erase=True), False),
    ],
)
async def test_every_erasure_moves_the_epoch_so_a_write_claimed_before_it_is_refused(
    db: Database, erasure, opted_out: bool
) -> None:
    before = await stored(db)
    await erasure(db)
    after = await db.run(read_control, ALICE)
    assert after.erase_epoch == before.erase_epoch + 1 and after.write_version > before.write_version
    assert after.opted_out is opted_out
    with pytest.raises(ClaimRefused) as caught:
        await db.run(memories.apply_memory_batch, MemoryBatch(ALICE, profile="Plays chess."), None, Claim(2, 1))
    assert caught.value.reason == "erased"


async def test_a_say_without_an_erasure_keeps_the_epoch(db: Database) -> None:
    before = await stored(db, opted_out=True)
    after = await db.run(control.set_memory_preference, ALICE, opted_out=False)
    assert (after.erase_epoch, after.write_version, after.opted_out) == (before.erase_epoch, before.write_version, False)
    assert after.change_seq > before.change_seq, "other processes still see the say change"


async def test_changes_come_in_the_order_they_were_made_and_only_after_the_cursor(db: Database) -> None:
    members = [ALICE, BOB, ALICE + 1, BOB, ALICE]
    for member in members:
        await db.run(memories.apply_memory_batch, MemoryBatch(member, profile=f"Profile of {member}."), None, None)
    everything = await db.run(control.changes_since, 0)
    seqs = [row.change_seq for row, _notes in everything]
    assert seqs == sorted(seqs) and len(set(seqs)) == len(seqs)
    assert [row.user_id for row, _ in everything] == [ALICE + 1, BOB, ALICE], "one row per member, at its latest change"
    assert {row.user_id: notes for row, notes in everything}[BOB] == f"Profile of {BOB}."
    cursor = seqs[0]
    assert [row.user_id for row, _ in await db.run(control.changes_since, cursor)] == [BOB, ALICE]
    assert await db.run(control.changes_since, seqs[-1]) == []
    settled = await db.run(control.settled_change_seq)  # Babelfish: below the oldest open transaction, not the newest row
    assert settled >= seqs[-1] and await db.run(control.changes_since, settled) == []
    assert [row.user_id for row, _ in await db.run(control.changes_since, 0, 2)] == [ALICE + 1, BOB], (
        "a poll reads a bounded page"
    )


async def test_locked_epochs_read_every_member_asked_for(db: Database) -> None:
    await stored(db)

    def read(conn: sa.Connection) -> dict[int, int]:
        return control.locked_epochs(conn, [ALICE, BOB, ALICE])

    assert await db.run(read) == {ALICE: 1, BOB: 0}


async def test_a_poll_never_steps_past_a_change_still_being_committed(db: Database) -> None:
    """SQL Server stamps ROWVERSION at the change, not at commit: an open transaction can hold a lower one than a
    change already visible. The poll reads below MIN_ACTIVE_ROWVERSION(), so the late commit is still seen."""
    if db.dialect_name != "mssql":
        pytest.skip("SQLite numbers changes under its one write lock, in commit order; run with MSSQL_TEST_URL")
    await stored(db)
    start = await db.run(control.settled_change_seq)
    assert db.engine is not None
    slow = db.engine.connect()
    try:
        slow_tx = slow.begin()
        control.change_member(slow, ALICE, erase=True)  # stamped now, committed later
        await db.run(control.set_memory_preference, BOB, paused_until=None)  # stamped after, committed first
        first = asyncio.ensure_future(db.run(control.changes_since, start))
        await asyncio.wait({first}, timeout=2)  # without snapshot isolation the poll waits for the commit: fine too
        slow_tx.commit()
        seen = await first
    finally:
        slow.close()
    cursor = max([start, *(row.change_seq for row, _ in seen)])
    later = await db.run(control.changes_since, cursor)
    assert ALICE in {row.user_id for row, _ in [*seen, *later]}, "the poll stepped past ALICE's change"
