"""Two bot processes flushing the behaviour monitor's state of the same members into one database (SQLite or the server).

Each "process" is its own `Database` (engine, pool), `MemoryPreferences` and `MonitorState`,
as a second process would have them; the steps interleave deterministically. A flush
writes what its process changed since it last loaded or flushed the member: counters as
deltas, only the fields it changed, note lines appended, and no line of a member erased
after the line was noted. The `Services` cases at the end go through the runtime's wiring
(the erase epoch comes from memory's preferences, the erasure elsewhere from the poll).
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any, TypeVar

import pytest
from memory_seed import cmd
from settings_factory import SettingsFactory
from shared_database import as_datetime, query

from utils.members.erasure import Erasure
from utils.members.preferences import MemoryPreferences
from utils.monitor.state import MonitorState
from utils.runtime import Services
from utils.storage import members
from utils.storage.engine import Database
from utils.storage.member_data import ForgetRequest, erase_member_data
from utils.storage.records import MemoryPreferenceRecord, UserStateChange, UserStateRecord
from utils.storage.user_notes import USER_NOTES_MAX, with_added_observations

T = TypeVar("T")
ALICE = 123456789012345678
T0 = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)
WINDOW = timedelta(minutes=30)


@dataclass
class Process:
    db: Database
    preferences: MemoryPreferences
    state: MonitorState

    async def flush(self) -> int:
        return await self.state.flush(self.db)

    async def load(self) -> None:
        self.state.load(await self.db.run(members.load_user_states))
        await self.preferences.load()

    def told(self, erasure: Erasure, control: MemoryPreferenceRecord) -> None:
        """What the poll does when it sees another process's erasure: adopt the row, tell the listeners."""
        self.preferences.adopt(control)
        self.state.forget(erasure)


@asynccontextmanager
async def two_processes(
    database_url: str, seed: UserStateRecord | None = None, b_database: type[Database] = Database
) -> AsyncIterator[tuple[Process, Process]]:
    processes = []
    for database in (Database, b_database):
        db = database(database_url, reconnect_seconds=0.05)
        assert await db.connect(), db.last_error
        preferences = MemoryPreferences(db)
        processes.append(Process(db, preferences, MonitorState(epoch_of=preferences.epoch)))
    if seed is not None:
        await processes[0].db.run(members.save_user_states, [seed])
    for process in processes:
        await process.load()
    try:
        yield processes[0], processes[1]
    finally:
        for process in processes:
            await process.db.close()


def stored(database_url: str, user_id: int = ALICE) -> tuple[int, int]:
    [(offenses, off_topic)] = query(database_url, "SELECT OffenseCount, OffTopicCount FROM UserState WHERE UserId = ?", user_id)
    return offenses, off_topic


def minute_of(value: object) -> object:
    """A time column to the minute, as text (SQLite gives SQLAlchemy's text, a server a datetime); anything else as it is."""
    if isinstance(value, str | datetime):
        return f"{as_datetime(value):%Y-%m-%d %H:%M}"
    return value


def stored_user_notes(database_url: str, user_id: int = ALICE) -> str | None:
    rows = query(database_url, "SELECT UserNotes FROM UserState WHERE UserId = ?", user_id)
    return rows[0][0] if rows else None


async def play(a: Process, b: Process, script: list[str]) -> None:
    """Run ``who:what`` steps: ``offense@M`` (an offense M minutes after T0), ``off``/``on`` (an off/on-topic
    message), ``flush``; then both flush, A first."""
    for step in script:
        who, what = step.split(":")
        process = a if who == "a" else b
        if what.startswith("offense@"):
            process.state.record_offense(ALICE, T0 + timedelta(minutes=int(what.removeprefix("offense@"))), WINDOW)
        elif what in ("off", "on"):
            process.state.record_topic(ALICE, what == "off")
        else:
            assert what == "flush", step
            await process.flush()
    await a.flush()
    await b.flush()


# ----------------------------------------------------------------------------- counters add up
@pytest.mark.parametrize(
    ("script", "seed", "expected"),
    [
        (["a:offense@1", "b:offense@2", "a:flush", "b:flush"], None, (2, 0)),
        (["a:offense@1", "a:flush", "b:offense@2", "b:flush", "a:offense@3", "b:offense@4", "b:flush"], None, (4, 0)),
        (["a:offense@1", "a:offense@2", "b:offense@3"], None, (3, 0)),
        (["a:offense@1", "a:flush", "a:flush", "a:flush", "b:offense@2"], None, (2, 0)),
        (["a:off", "b:off", "b:off", "a:flush", "a:off"], None, (0, 4)),
        (["a:offense@1", "b:off", "a:off", "b:offense@2", "b:flush", "a:offense@3"], None, (3, 2)),
        (["a:offense@5", "b:offense@6", "b:flush", "a:offense@7"], UserStateRecord(ALICE, 2, last_offense_at=T0), (5, 0)),
        (["b:off", "a:off", "a:flush", "b:off"], UserStateRecord(ALICE, off_topic_count=1), (0, 4)),
    ],
    ids=[
        "one offense each, flushed in turn",
        "flushes interleaved with offenses",
        "nobody flushes until the end",
        "repeated flushes of one change count it once",
        "off-topic messages in both processes",
        "both counters from both processes",
        "offenses on top of a stored run",
        "off-topic on top of a stored run",
    ],
)
async def test_what_two_processes_count_adds_up(
    database_url: str, script: list[str], seed: UserStateRecord | None, expected: tuple[int, int]
) -> None:
    async with two_processes(database_url, seed) as (a, b):
        await play(a, b, script)
        assert stored(database_url) == expected


async def test_after_its_flush_a_process_holds_what_is_stored(database_url: str) -> None:
    async with two_processes(database_url) as (a, b):
        await play(a, b, ["a:offense@1", "a:off", "b:offense@2"])
        assert counts(b) == stored(database_url) == (2, 1) and counts(a) == (1, 1)
        await play(a, b, ["a:offense@3"])
        assert counts(a) == stored(database_url) == (3, 1), "A's flush took B's offense too"
        a.state.record_offense(ALICE, T0 + timedelta(minutes=4), WINDOW)
        assert counts(a) == (4, 1), "the monitor here decides on what every process counted"


def counts(process: Process) -> tuple[int, int]:
    user = process.state.get_user(ALICE)
    return user.offense_count, user.off_topic_count


# ----------------------------------------------------------------------------- a run that starts again
RUN = UserStateRecord(ALICE, offense_count=3, off_topic_count=2, warned=True, last_offense_at=T0)


@pytest.mark.parametrize(
    ("script", "expected"),
    [
        (["a:offense@45"], (1, 2)),
        (["a:offense@10"], (4, 2)),
        (["a:on"], (3, 0)),
        (["a:on", "a:off", "a:off", "a:off"], (3, 3)),
        (["b:offense@10", "b:flush", "a:offense@45"], (2, 2)),
        (["b:off", "b:flush", "a:on", "a:off"], (3, 2)),
        (["a:offense@45", "b:offense@46"], (2, 2)),
        (["a:on", "a:off", "b:on", "b:off", "b:off"], (3, 3)),
        (["a:offense@45", "a:flush", "b:offense@10"], (2, 2)),
        (["a:on", "b:on"], (3, 0)),
    ],
    ids=[
        "one process: a quiet window starts the run again at 1",
        "one process: within the window the run goes on",
        "one process: an on-topic message ends the off-topic run",
        "one process: the run starts again and climbs past the stored count",
        "a restart keeps what the other process counted since",
        "an on-topic restart keeps the other's recent off-topic message",
        "both restart: each one's new offense counts",
        "both restart the off-topic run: both new runs count",
        "a restart elsewhere, then an offense in a run this process still sees",
        "both end the off-topic run: it stays ended",
    ],
)
async def test_a_run_that_starts_again_takes_back_only_what_its_process_knew(
    database_url: str, script: list[str], expected: tuple[int, int]
) -> None:
    async with two_processes(database_url, RUN) as (a, b):
        await play(a, b, script)
        assert stored(database_url) == expected


@pytest.mark.parametrize(
    ("stored_count", "change", "after"),
    [
        (3, UserStateChange(ALICE, deltas={"offense_count": 1}), 4),
        (0, UserStateChange(ALICE, deltas={"offense_count": -2}), 0),
        (5, UserStateChange(ALICE, deltas={"offense_count": -2}), 3),
        (3, UserStateChange(ALICE, deltas={"offense_count": 1}, reset_from={"offense_count": 3}), 1),
        (5, UserStateChange(ALICE, deltas={"offense_count": 1}, reset_from={"offense_count": 3}), 3),
        (1, UserStateChange(ALICE, deltas={"offense_count": 1}, reset_from={"offense_count": 3}), 2),
        (0, UserStateChange(ALICE, deltas={"offense_count": 0}, reset_from={"offense_count": 3}), 0),
        (3, UserStateChange(ALICE, deltas={"off_topic_count": 2}), 3),
    ],
    ids=[
        "add",
        "never below 0",
        "take back",
        "restart",
        "restart keeps others'",
        "restart elsewhere kept",
        "ended",
        "other counter",
    ],
)
async def test_the_stored_counter_after_a_change_is_what_the_change_says(
    database_url: str, stored_count: int, change: UserStateChange, after: int
) -> None:
    """The SQL (``SET X = ...``) and the record's own arithmetic agree, case by case."""
    async with two_processes(database_url, UserStateRecord(ALICE, offense_count=stored_count)) as (a, _b):
        saved = await a.db.run(members.save_user_states, [change])
        assert stored(database_url)[0] == after == saved.stored[ALICE].offense_count
        assert change.counted("offense_count", stored_count) == after


async def test_a_change_naming_a_column_it_does_not_own_is_refused(database_url: str) -> None:
    async with two_processes(database_url) as (a, _b):
        for bad in (UserStateChange(ALICE, values={"user_notes": "x"}), UserStateChange(ALICE, deltas={"immune": 1})):
            with pytest.raises(ValueError, match="not a field"):
                await a.db.run(members.save_user_states, [bad])


# ----------------------------------------------------------------------------- fields: only what changed
Step = Callable[[MonitorState], object]
FIELD_STEPS: dict[str, tuple[Step, str, object]] = {
    "immune": (lambda s: s.toggle_immune(ALICE), "Immune", 1),
    "warned": (lambda s: s.mark_warned(ALICE), "Warned", 1),
    "toxicity": (lambda s: s.record_toxicity(ALICE, 0.9, T0, 24), "ToxicityScore", 0.9),
    "coherence": (lambda s: s.record_coherence(ALICE, 0.35), "BaselineCoherence", pytest.approx(0.8)),
    "last offense": (lambda s: s.record_offense(ALICE, T0 + timedelta(minutes=1), WINDOW), "LastOffenseAt", "2026-03-01 12:01"),
}


@pytest.mark.parametrize("name", list(FIELD_STEPS))
@pytest.mark.parametrize("order", ["changer flushes first", "changer flushes last"])
async def test_a_field_one_process_changed_is_not_undone_by_the_others_stale_copy(
    database_url: str, name: str, order: str
) -> None:
    change, column, expected = FIELD_STEPS[name]
    async with two_processes(database_url, UserStateRecord(ALICE)) as (a, b):
        change(a.state)
        b.state.record_topic(ALICE, True)  # B has the member dirty too, with the old value of the field
        first, second = (a, b) if order == "changer flushes first" else (b, a)
        await first.flush()
        await second.flush()
        [(value,)] = query(database_url, f"SELECT {column} FROM UserState WHERE UserId = ?", ALICE)
        assert minute_of(value) == expected
        assert stored(database_url)[1] == 1, "B's own change landed too"


async def test_a_field_both_changed_is_the_last_flushers(database_url: str) -> None:
    async with two_processes(database_url) as (a, b):
        a.state.record_toxicity(ALICE, 0.2, T0, 24)
        b.state.record_toxicity(ALICE, 0.7, T0, 24)
        await a.flush()
        await b.flush()
        assert query(database_url, "SELECT ToxicityScore FROM UserState WHERE UserId = ?", ALICE) == [(0.7,)]


# ----------------------------------------------------------------------------- note lines merged
def noted(process: Process, minute: int, text: str) -> str:
    moment = T0 + timedelta(minutes=minute)
    process.state.add_observation(ALICE, text, moment)
    return f"[{moment:%Y-%m-%d %H:%M}] {text}"


async def test_both_processes_note_lines_are_kept_in_the_order_they_were_flushed(database_url: str) -> None:
    async with two_processes(database_url, UserStateRecord(ALICE, user_notes="[2026-02-01 09:00] Old note.")) as (a, b):
        one = noted(a, 1, "Asked about ranked.")
        two = noted(b, 2, "Shared a build guide — 攻略.")
        three = noted(a, 3, "Está aprendiendo a tocar la guitarra.")
        await b.flush()
        await a.flush()
        lines = ["[2026-02-01 09:00] Old note.", two, one, three]
        assert stored_user_notes(database_url) == "\n".join(lines)
        assert a.state.observations(ALICE) == lines, "after its flush A holds what is stored"
        assert b.state.observations(ALICE) == lines[:2]
        four = noted(b, 4, "Back after a break.")
        await b.flush()
        assert b.state.observations(ALICE) == [*lines, four] and stored_user_notes(database_url) == "\n".join([*lines, four])


async def test_a_line_already_stored_is_not_written_twice(database_url: str) -> None:
    async with two_processes(database_url) as (a, b):
        same_a = noted(a, 1, "Was heated about ranked tonight.")
        same_b = noted(b, 1, "Was heated about ranked tonight.")
        await a.flush()
        await b.flush()
        assert same_a == same_b and stored_user_notes(database_url) == same_a


async def test_the_profile_memory_wrote_meanwhile_stays(database_url: str) -> None:
    from utils.storage.profiles import set_user_profile

    async with two_processes(database_url) as (a, b):
        line = noted(a, 1, "Plays chess.")
        assert await b.db.run(set_user_profile, ALICE, "Nurse from Lyon.")
        await a.flush()
        assert stored_user_notes(database_url) == f"Nurse from Lyon.\n{line}"
        assert a.state.observations(ALICE) == [line]


async def test_the_merged_lines_stay_within_the_bound_newest_kept(database_url: str) -> None:
    async with two_processes(database_url) as (a, b):
        for minute in range(0, 60, 2):
            noted(a, minute, f"A: {'x' * 200}")
            noted(b, minute + 1, f"B: {'y' * 200}")
        await a.flush()
        await b.flush()
        notes = stored_user_notes(database_url) or ""
        assert len(notes) <= USER_NOTES_MAX and notes.endswith("B: " + "y" * 200)
        assert notes.splitlines()[-1].startswith("[2026-03-01 12:59]")


@pytest.mark.parametrize(
    ("stored_notes_value", "added", "merged"),
    [
        (None, ["[2026-01-01 10:00] a"], "[2026-01-01 10:00] a"),
        ("Profile.", ["[2026-01-01 10:00] a"], "Profile.\n[2026-01-01 10:00] a"),
        (
            "Profile.\n[2026-01-01 10:00] a",
            ["[2026-01-01 10:00] a", "[2026-01-01 10:01] b"],
            "Profile.\n[2026-01-01 10:00] a\n[2026-01-01 10:01] b",
        ),
        ("[2026-01-01 10:05] later", ["[2026-01-01 10:00] earlier"], "[2026-01-01 10:05] later\n[2026-01-01 10:00] earlier"),
        ("[2026-01-01 10:00] a", ["not a note line"], "[2026-01-01 10:00] a"),
        ("", [], ""),
    ],
    ids=["into nothing", "after the profile", "no duplicate", "appended, not sorted", "only note lines", "nothing"],
)
def test_lines_are_appended_to_those_stored(stored_notes_value: str | None, added: list[str], merged: str) -> None:
    assert with_added_observations(stored_notes_value, added) == merged


# ----------------------------------------------------------------------------- erased elsewhere: never written back
@pytest.mark.parametrize("opt_out", [False, True], ids=["forget all", "opt-out"])
@pytest.mark.parametrize("told", [False, True], ids=["before the poll", "after the poll"])
async def test_a_line_noted_before_an_erasure_elsewhere_is_never_written_back(
    database_url: str, opt_out: bool, told: bool
) -> None:
    async with two_processes(database_url, UserStateRecord(ALICE, user_notes="Nurse.\n[2026-02-01 09:00] Old note.")) as (a, b):
        noted(b, 1, "Mentioned their dog Biscuit.")
        b.state.record_offense(ALICE, T0, WINDOW)
        forgotten = await a.db.run(
            erase_member_data, ALICE, ForgetRequest(everything=True, opt_out=opt_out), actor="member", action="forgotten"
        )
        if told:
            b.told(Erasure(ALICE, everything=True), forgotten.control)
        await b.flush()
        assert stored_user_notes(database_url) is None, "neither the old nor the pending line came back"
        assert stored(database_url) == (1, 0), "the counters are not memory: they still land"
        assert b.state.observations(ALICE) == [] and b.state.dropped_lines == (0 if told else 1)
        later = noted(b, 5, "Came back later.")
        await b.flush()
        assert stored_user_notes(database_url) == (later if told else None), "a line noted after the erasure lands once known"


async def test_lines_of_other_members_in_the_same_flush_still_land(database_url: str) -> None:
    async with two_processes(database_url) as (a, b):
        noted(b, 1, "Alice's line.")
        b.state.add_observation(7, "Bob's line.", T0)
        await a.db.run(erase_member_data, ALICE, ForgetRequest(everything=True), actor="member", action="forgotten")
        await b.flush()
        assert stored_user_notes(database_url) is None and stored_user_notes(database_url, 7) == "[2026-03-01 12:00] Bob's line."


async def test_a_line_noted_before_a_pause_elsewhere_is_dropped_and_one_noted_after_lands(database_url: str) -> None:
    from utils.storage.control import set_memory_preference

    async with two_processes(database_url) as (a, b):
        noted(b, 1, "Before the pause.")
        row = await a.db.run(set_memory_preference, ALICE, paused_until=T0 + timedelta(days=1), erase=True)
        await b.flush()
        assert stored_user_notes(database_url) is None and b.state.dropped_lines == 1
        b.told(Erasure(ALICE, everything=False), row)
        after = noted(b, 2, "After the pause.")
        await b.flush()
        assert stored_user_notes(database_url) == after


async def test_a_reload_keeps_what_changed_here_on_top_of_what_was_stored(database_url: str) -> None:
    """Start and reconnect: members changed here while the database was away keep their changes, rebased."""
    async with two_processes(database_url, UserStateRecord(ALICE, offense_count=1, last_offense_at=T0)) as (a, b):
        line = noted(a, 1, "Noted while the database was away.")
        a.state.record_offense(ALICE, T0 + timedelta(minutes=2), WINDOW)
        b.state.record_offense(ALICE, T0 + timedelta(minutes=3), WINDOW)
        b.state.toggle_immune(ALICE)
        await b.flush()
        await a.load()  # what the reconnect does before it flushes
        user = a.state.get_user(ALICE)
        assert (user.offense_count, user.immune, a.state.observations(ALICE)) == (3, True, [line])
        await a.flush()
        assert stored(database_url) == (3, 0) and stored_user_notes(database_url) == line
        assert query(database_url, "SELECT Immune FROM UserState WHERE UserId = ?", ALICE) == [(1,)]


# ----------------------------------------------------------------------------- while a flush is running
class HeldDatabase(Database):
    """A real `Database` that runs ``during`` once, just before (or just after) its next state flush's transaction:
    what the event loop may do while the flush waits on the database, made deterministic."""

    during: Callable[[], Awaitable[object]] | None = None
    after_write = False

    async def run(self, fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        held, self.during = (self.during, None) if fn is members.save_user_states else (None, self.during)
        if held is not None and not self.after_write:
            await held()
        result = await super().run(fn, *args, **kwargs)
        if held is not None and self.after_write:
            await held()
        return result


@asynccontextmanager
async def held_b(database_url: str, after_write: bool) -> AsyncIterator[tuple[Process, Process, HeldDatabase]]:
    async with two_processes(database_url, b_database=HeldDatabase) as (a, b):
        assert isinstance(b.db, HeldDatabase)
        b.db.after_write = after_write
        yield a, b, b.db


@pytest.mark.parametrize("after_write", [False, True], ids=["before its write", "after its write"])
async def test_what_changes_while_a_flush_runs_is_kept_for_the_next(database_url: str, after_write: bool) -> None:
    async with held_b(database_url, after_write) as (_a, b, held):
        first = noted(b, 1, "First.")
        b.state.record_offense(ALICE, T0, WINDOW)
        later: list[str] = []

        async def meanwhile() -> None:
            later.append(noted(b, 2, "Second."))
            b.state.record_offense(ALICE, T0 + timedelta(minutes=2), WINDOW)
            b.state.toggle_immune(ALICE)

        held.during = meanwhile
        await b.flush()
        assert stored(database_url) == (1, 0) and stored_user_notes(database_url) == first
        assert counts(b) == (2, 0) and b.state.is_immune(ALICE) and b.state.observations(ALICE) == [first, *later]
        await b.flush()
        assert stored(database_url) == (2, 0) and stored_user_notes(database_url) == "\n".join([first, *later])
        assert query(database_url, "SELECT Immune FROM UserState WHERE UserId = ?", ALICE) == [(1,)]


@pytest.mark.parametrize("after_write", [False, True], ids=["before its write", "after its write"])
async def test_an_erasure_while_a_flush_runs_leaves_no_line_here_or_stored(database_url: str, after_write: bool) -> None:
    async with held_b(database_url, after_write) as (a, b, held):
        noted(b, 1, "Mentioned their dog Biscuit.")

        async def erased_elsewhere() -> None:
            forgotten = await a.db.run(
                erase_member_data, ALICE, ForgetRequest(everything=True), actor="member", action="forgotten"
            )
            b.told(Erasure(ALICE, everything=True), forgotten.control)

        held.during = erased_elsewhere
        await b.flush()
        assert stored_user_notes(database_url) is None and b.state.observations(ALICE) == []
        after = noted(b, 3, "Came back later.")
        await b.flush()
        assert stored_user_notes(database_url) == after and b.state.observations(ALICE) == [after]


async def test_a_reload_while_a_flush_runs_leaves_the_member_to_the_flush(database_url: str) -> None:
    async with held_b(database_url, after_write=False) as (a, b, held):
        for minute in (0, 1):
            b.state.record_offense(ALICE, T0 + timedelta(minutes=minute), WINDOW)
        a.state.record_offense(ALICE, T0, WINDOW)
        await a.flush()

        async def reconnected() -> None:
            await b.load()

        held.during = reconnected
        await b.flush()
        assert counts(b) == stored(database_url) == (3, 0)


# ----------------------------------------------------------------------------- through the runtime's wiring
@asynccontextmanager
async def two_stacks(make_settings: SettingsFactory) -> AsyncIterator[tuple[Services, Services]]:
    first, second = Services(make_settings()), Services(make_settings(housekeeping=False))
    await first.start()
    await second.start()
    try:
        yield first, second
    finally:
        await second.close()
        await first.close()


@pytest.mark.parametrize("command", ["forget all", "optout"])
@pytest.mark.parametrize("polled", [False, True], ids=["flush before the poll", "flush after the poll"])
async def test_the_runtime_never_writes_back_a_line_an_erasure_elsewhere_took(
    make_settings: SettingsFactory, database_url: str, command: str, polled: bool
) -> None:
    async with two_stacks(make_settings) as (a, b):
        a.monitor_state.add_observation(ALICE, "Mentioned their dog Biscuit.", T0)
        await a.flush_state()
        b.monitor_state.add_observation(ALICE, "Talked about Biscuit again.", T0 + timedelta(minutes=1))
        await cmd(a, command, ALICE)
        if polled:
            await b.members.coherence.poll()
            assert b.monitor_state.observations(ALICE) == []
        await b.flush_state()
        assert stored_user_notes(database_url) in (None, "")
        assert b.monitor_state.observations(ALICE) == []
