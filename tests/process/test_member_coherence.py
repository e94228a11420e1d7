"""Several bot processes on one SQLite file in WAL mode, each a real `Services` stack (tests/support/member_process.py).

The fake LLM runs here, in the test, and every process reaches it over HTTP with the
real SDK; the coherence poll runs at its default interval. What one process does to a
member is honoured by the others: a forget, forget-recent, opt-out or pause reaches
their next prompt, queued turns, chat context and LlmLog buffer within a second; a
write planned or held in flight before an erasure never lands after it, whatever the
timing; processes writing the same members at once keep the cap and store no fact
twice; one killed mid-write takes nothing the others accepted with it.

Two pruners by mistake (each expired row deleted and audited once) are tested in
tests/process/test_shared_database.py.
"""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Callable, Iterator
from datetime import UTC, datetime
from functools import partial
from pathlib import Path
from typing import Any

import pytest
from extractor_answers import memory
from fake_llm import Body, FakeLLM, FakeLLMServer
from member_process import MemberProcess
from shared_database import query

pytestmark = pytest.mark.slow

ALICE = 42
HONOURED_WITHIN_SECONDS = 1.0
"""The contract: an erasure in one process is honoured by every other within this long."""

Start = Callable[..., list[MemberProcess]]


@pytest.fixture
def start_members(tmp_path: Path, database_url: str, llm_server: FakeLLMServer) -> Iterator[Start]:
    """``start_members("A", "B", **settings)``: real processes on one database (the test's file, or MSSQL_TEST_URL)."""
    started: list[MemberProcess] = []
    url = database_url

    def start(*names: str, **settings: Any) -> list[MemberProcess]:
        members = [
            MemberProcess(name, url, llm_server.base_url, tmp_path, housekeeping=not (started or index), **settings)
            for index, name in enumerate(names)
        ]
        started.extend(members)
        for member in members:
            member.wait_ready()
        return members

    yield start
    for member in started:
        member.close()


def wait_for(condition: Callable[[], bool], timeout: float = 10.0) -> bool:
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.005)
    return True


def dog_extractor(body: Body) -> dict[str, Any]:
    """What each conversation about Biscuit teaches: a different memory per message, so a late write shows."""
    said = body["messages"][-1]["content"]
    if "park" in said:
        learned = memory("Walks Biscuit in the park every morning.", "dog")
    elif "lake" in said:
        learned = memory("Swims with Biscuit in the lake.", "dog")
    else:
        learned = memory("Has a dog called Biscuit.", "dog")
    return {"memories": [learned], "profile_update": None, "forget": []}


def mentions(state: dict[str, Any], word: str) -> dict[str, bool]:
    """Where in a process's state of the member ``word`` still shows."""
    return {
        "prompt": word in state["block"],
        "context": any(word in line for line in state["context"]),
        "log": any(word in (excerpt or "") for record in state["log"] for excerpt in record[1:]),
    }


ERASURES = [
    # command, takes the memory back, may learn after
    ("forget all", True, True),
    ("forget recent 60", True, True),
    ("optout", True, False),
    ("pause 60", False, False),
]


@pytest.mark.parametrize(("command", "erases", "may_learn"), ERASURES)
def test_an_erasure_in_one_process_is_honoured_in_the_other_within_a_second(
    start_members: Start, fake_llm: FakeLLM, tmp_path: Path, database_url: str, command: str, erases: bool, may_learn: bool
) -> None:
    fake_llm.tools["extract_memories"] = dog_extractor
    a, b = start_members("A", "B", llm_log_flush_seconds=300)
    a.ask("converse", text="my dog Biscuit ate my homework", drain=True)
    assert query(database_url, "SELECT Memory FROM UserMemory WHERE UserId = ?", ALICE) == [("Has a dog called Biscuit.",)]

    # B holds the member everywhere: its cached prompt, chat context, LlmLog buffer, an extraction in flight, a turn queued.
    fake_llm.tool_gate = threading.Event()
    b.ask("converse", text="Biscuit loves the park")
    assert wait_for(lambda: len(fake_llm.tool_requests("extract_memories")) == 2), "B's extraction is in flight"
    b.ask("converse", text="Biscuit and I swam in the lake")
    before = b.ask("state", user=ALICE, text="Biscuit")
    assert before["queued"] == 1 and before["extracting"]
    assert mentions(before, "Biscuit") == {"prompt": True, "context": True, "log": True}

    done_at = a.ask("command", user=ALICE, text=command)["done_at"]
    states: list[dict[str, Any]] = []

    def honoured() -> bool:
        state = b.ask("state", user=ALICE, text="Biscuit")
        states.append(state)
        shown = mentions(state, "Biscuit")
        return (
            state["queued"] == 0
            and state["may_learn"] is may_learn
            and (not any(shown.values()) if erases else shown["prompt"])
            and (command != "optout" or state["block"] == "")
        )

    while not honoured() and time.monotonic() < done_at + HONOURED_WITHIN_SECONDS:
        pass
    assert honoured(), f"B still holds it {HONOURED_WITHIN_SECONDS:g} s after A's {command!r}: {states[-1]}"

    fake_llm.tool_gate.set()  # B's held extraction comes back: what it learned must not be written
    assert b.ask("drain")["drained"]
    b.ask("flush")
    a.ask("flush")
    stored = [row[0] for row in query(database_url, "SELECT Memory FROM UserMemory WHERE UserId = ?", ALICE)]
    assert stored == ([] if erases else ["Has a dog called Biscuit."])
    saved = query(database_url, "SELECT COUNT(*) FROM MemoryAudit WHERE UserId = ? AND Action = 'saved'", ALICE)
    assert saved == [(1,)], "only A's first memory was ever written"
    if erases:
        leaked = "SELECT Kind FROM LlmLog WHERE RequestExcerpt LIKE '%Biscuit%' OR ResponseExcerpt LIKE '%Biscuit%'"
        assert query(database_url, leaked) == []


FORGET_RACES = 200
CONTROL_EVERY = 25
"""Every 25th member is not forgotten: both writes land, so a race that lands nothing is the erasure's doing."""


def test_two_hundred_forget_races_write_nothing_after_the_erasure(
    database_url: str, start_members: Start, fake_llm: FakeLLM, tmp_path: Path
) -> None:
    """Per member: A's extraction held in flight, B's write postponed, a forget (from A, B or C), then both let go."""
    fake_llm.tools["extract_memories"] = lambda _body: {
        "memories": [memory("Has a dog called Biscuit.", "dog")],
        "profile_update": None,
    }
    a, b, c = start_members("A", "B", "C")
    rng = random.Random(21)
    forgotten: list[int] = []
    controls: list[int] = []
    for n in range(FORGET_RACES + FORGET_RACES // CONTROL_EVERY):
        user = 10_000 + n
        control = n % CONTROL_EVERY == CONTROL_EVERY - 1
        fake_llm.tool_gate = gate = threading.Event()
        asked = len(fake_llm.tool_requests("extract_memories"))
        a.ask("converse", user=user, text="my dog Biscuit ate my homework")
        assert wait_for(partial(extractions_beyond, fake_llm, asked)), "A's extraction in flight"
        b.ask("postpone", user=user, texts=["Works at the bakery on Main Street."])
        lagging = not control and n % 10 == 5 and n % 3 != 1
        if lagging:  # B polls nothing until its write has tried to land: only the database's claim can refuse it
            b.ask("hold_polls")
        if not control:
            issuer = (a, b, c)[n % 3]
            answer = issuer.ask("command", user=user, text=rng.choice(("forget all", "forget recent 60")))["answer"]
            if lagging:
                assert "1 other bot process will drop it at their next poll" in answer, answer
        gate.set()
        landed = b.ask("flush")["landed"]
        if lagging:
            b.ask("release_polls")
        a.ask("drain")
        assert landed == int(control), (n, landed)
        (controls if control else forgotten).append(user)

    def stored(users: list[int], sql: str) -> dict[int, int]:
        marks = ",".join("?" * len(users))
        return dict(query(database_url, sql.format(marks=marks), *users))

    rows = "SELECT UserId, COUNT(*) FROM UserMemory WHERE UserId IN ({marks}) GROUP BY UserId"
    writes = (
        "SELECT UserId, COUNT(*) FROM MemoryAudit WHERE Action IN ('saved', 'refreshed') AND UserId IN ({marks}) GROUP BY UserId"
    )
    assert len(forgotten) == FORGET_RACES
    assert stored(forgotten, rows) == {} and stored(forgotten, writes) == {}, "nothing written after any erasure"
    assert stored(controls, rows) == {user: 2 for user in controls}, "without the forget, both writes land"
    refused = sum(sum(p.ask("stats")["refused"].values()) for p in (a, b))
    lagged = sum(1 for n in range(FORGET_RACES) if n % 10 == 5 and n % 3 != 1 and n % CONTROL_EVERY != CONTROL_EVERY - 1)
    assert refused >= lagged, "every write of a process that had not polled yet was refused by the database's claim"


def extractions_beyond(fake: FakeLLM, count: int) -> bool:
    """More than ``count`` extraction requests reached the server (the next one is in flight)."""
    return len(fake.tool_requests("extract_memories")) > count


def facts(count: int) -> list[str]:
    """Distinct facts no dedup takes for one another."""
    places = ["Lisbon", "Osaka", "Quito", "Tromsø", "Dakar", "Hanoi", "Cusco", "Perth", "Tbilisi", "Oaxaca"]
    hobbies = ["chess", "pottery", "bouldering", "origami", "fencing", "kayaking"]
    return [f"Learned {hobbies[n % 6]} in {places[n // 6 % 10]} during trip number {n}." for n in range(count)]


def test_four_processes_writing_the_same_facts_keep_the_cap_and_store_no_fact_twice(
    database_url: str, start_members: Start, tmp_path: Path
) -> None:
    members = [ALICE, 7, 8, 9]
    everything = facts(60)  # more than the cap of 50: pruning competes with the writes too
    processes = start_members("A", "B", "C", "D", memory_max_per_user=50)
    for seed, process in enumerate(processes):
        order = [(user, fact) for user in members for fact in everything]
        random.Random(seed).shuffle(order)
        process.send("write", writes=[{"user": user, "texts": [fact]} for user, fact in order])
    for process in processes:
        process.read(timeout=120)

    live = dict(
        query(
            database_url,
            "SELECT UserId, COUNT(*) FROM UserMemory WHERE SupersededAt IS NULL AND ExpiresAt > ? GROUP BY UserId",
            datetime.now(UTC),
        )
    )
    assert set(live) == set(members) and max(live.values()) <= 50, live
    twice = query(database_url, "SELECT UserId, Memory, COUNT(*) FROM UserMemory GROUP BY UserId, Memory HAVING COUNT(*) > 1")
    assert twice == []
    replans = sum(process.ask("stats")["replans"] for process in processes)
    assert replans > 0, "the processes did write the same members at the same time"


def test_a_process_killed_mid_write_takes_nothing_the_others_accepted(
    database_url: str, start_members: Start, tmp_path: Path
) -> None:
    a, b, doomed = start_members("A", "B", "K")
    doomed.send("write", writes=[{"user": 90_000 + n % 40, "texts": facts(3 + n % 5)} for n in range(3000)])

    def round_of(process: MemberProcess, first_user: int) -> None:
        process.send("write", writes=[{"user": first_user + n % 10, "texts": [fact]} for n, fact in enumerate(facts(40))])

    round_of(a, 1000)
    round_of(b, 2000)
    assert wait_for(lambda: query(database_url, "SELECT COUNT(*) FROM UserMemory WHERE UserId >= 90000")[0][0] > 0, 30)
    doomed.kill()
    accepted = [result for process in (a, b) for result in process.read(timeout=120)["results"]]
    round_of(a, 3000)  # the others go on after the kill
    round_of(b, 4000)
    accepted += [result for process in (a, b) for result in process.read(timeout=120)["results"]]
    assert a.ask("converse", user=ALICE, text="still there?")["ok"]

    reported = {memory_id: text for result in accepted for memory_id, text in result["live"]}
    assert len(reported) == 4 * 40, "each of the 160 facts was accepted"
    stored = dict(query(database_url, "SELECT Id, Memory FROM UserMemory WHERE UserId < 90000"))
    assert {i: stored.get(i) for i in reported} == reported, "every row the survivors reported is in the database"
    audited = {row[0] for row in query(database_url, "SELECT MemoryId FROM MemoryAudit WHERE Action = 'saved'")}
    assert set(reported) <= audited
    if database_url.startswith("sqlite"):  # the file survived the kill whole (a server keeps its own files)
        assert query(database_url, "PRAGMA integrity_check") == [("ok",)]
    unaudited = "SELECT COUNT(*) FROM UserMemory WHERE Id NOT IN (SELECT MemoryId FROM MemoryAudit WHERE Action = 'saved')"
    assert query(database_url, unaudited) == [(0,)], "the killed process's last transaction went whole or not at all"
