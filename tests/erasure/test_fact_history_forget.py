"""A fact's earlier values go with it: every forget reaches the history rows, and the export shows them until then.

A member's ``home`` slot held Berlin, then Lyon, and holds Paris now; their ``main`` slot
held Sage and holds Jett. Each way of forgetting is then taken; afterwards the words it
took are in no row, no export and no `/memory history`, and what it did not take stays.
Run on SQLite and, with MSSQL_TEST_URL, on the server.
"""

from __future__ import annotations

import json
import re
from datetime import UTC, datetime, timedelta

import pytest
from careless import conversation_lines
from chat_turn import converse
from fake_llm import Body, FakeLLM
from memory_seed import ALICE, BOB, cmd, invalidate
from shared_database import query
from storage_calls import storage

from utils.runtime import Services
from utils.storage.records import MemoryBatch, NewMemory

HOME = ["Lives in Berlinvast.", "Lives in Lyonquel.", "Lives in Parismoor."]
MAIN = ["Mains Sagewright.", "Mains Jettrovan."]
EVERY = {*HOME, *MAIN}


async def plant(services: Services, user_id: int = ALICE) -> dict[str, int]:
    """The two slots with their histories, learned days apart; returns each text's id."""
    ids: dict[str, int] = {}
    start = datetime.now(UTC) - timedelta(days=10)
    for slot, values in (("home", HOME), ("main", MAIN)):
        previous: int | None = None
        for step, text in enumerate(values):
            new = NewMemory(user_id, text, (slot,), "high", datetime.now(UTC) + timedelta(days=30), "chat", 1, slot)
            batch = MemoryBatch(user_id, inserts=[new], supersede_ids=[previous] if previous else [])
            (ids[text],) = await storage(services.db).apply_memory_batch(batch, now=start + timedelta(days=3 * step))
            previous = ids[text]
    invalidate(services.memory, user_id)
    return ids


def kept(database_url: str, user_id: int = ALICE) -> set[str]:
    return {text for (text,) in query(database_url, f"SELECT Memory FROM UserMemory WHERE UserId = {user_id}")}


async def test_history_and_export_show_earlier_values_with_when_each_held(services: Services) -> None:
    ids = await plant(services)
    history = await cmd(services, "history")
    assert re.search(r"home\n  now: #\d+ Lives in Parismoor\. \(since \d{4}-\d\d-\d\d\)\n"
                     r"  before: #\d+ Lives in Lyonquel\. \((\d{4}-\d\d-\d\d) → \d{4}-\d\d-\d\d\)\n"
                     r"  before: #\d+ Lives in Berlinvast\.", history), history  # fmt: skip
    assert history.index("\nhome\n") < history.index("\nmain\n"), "the fact that changed last comes first"
    exported = json.loads(await cmd(services, "export"))["memories"]
    lyon = next(m for m in exported if m["memory"] == "Lives in Lyonquel.")
    assert (lyon["status"], lyon["slot"], lyon["id"]) == ("superseded", "home", ids["Lives in Lyonquel."])
    assert lyon["learned_at"] < lyon["superseded_at"]
    assert {m["memory"] for m in exported} == EVERY


FORGETS = [
    ("the current value by id", "forget {Lives in Parismoor.}", set(HOME)),
    ("an earlier value by id", "forget {Lives in Lyonquel.}", {"Lives in Lyonquel.", "Lives in Berlinvast."}),
    ("the oldest value by id", "forget {Lives in Berlinvast.}", {"Lives in Lyonquel.", "Lives in Berlinvast."}),
    ("everything", "forget all", EVERY),
    ("the opt-out", "optout", EVERY),
    ("in words", "say:please forget that I live in Parismoor", set(HOME)),
    ("in words, the short way", "say:forget Parismoor", set(HOME)),
    ("an earlier value, in words", "say:please forget that I lived in Lyonquel", {"Lives in Lyonquel.", "Lives in Berlinvast."}),
]


def forgets_named(body: Body) -> Body:
    """A model that answers a request to forget a place with the number "Already remembered" shows it under."""
    place = "Lyonquel" if "Lyonquel" in " ".join(conversation_lines(body)) else "Parismoor"
    shown = dict(re.findall(r"^(\d+)\. (.+)$", body["messages"][-1]["content"], re.M))
    number = next((int(n) for n, text in shown.items() if place in text), None)
    return {"memories": [], "profile_update": None, "forget": [number] if number else []}


@pytest.mark.parametrize(("name", "command", "takes"), FORGETS, ids=[f[0] for f in FORGETS])
async def test_every_forget_reaches_the_history_rows(
    services: Services, fake_llm: FakeLLM, database_url: str, name: str, command: str, takes: set[str]
) -> None:
    ids = await plant(services)
    await plant(services, BOB)
    if command.startswith("say:"):
        fake_llm.tools["extract_memories"] = forgets_named
        await converse(services, command[len("say:") :], user_id=ALICE)
    else:
        await cmd(services, re.sub(r"\{(.+?)\}", lambda m: str(ids[m.group(1)]), command))
    assert kept(database_url) == EVERY - takes, name
    assert kept(database_url, BOB) == EVERY, "another member's history stays"
    history = await cmd(services, "history")
    exported = json.dumps(json.loads(await cmd(services, "export"))["memories"], ensure_ascii=False)
    for text in takes:
        assert text not in history and text not in exported, (name, text)
