"""What a forget answers (a receipt of what went, by kind, and what the other processes did), what a profile
forget means, and how long the holders that keep things for a while keep them.

Run on SQLite and, with MSSQL_TEST_URL, on the server.
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta

import pytest
import pytest_asyncio
from chat_turn import converse
from extractor_answers import remembers
from fake_llm import FakeLLM
from memory_seed import ALICE, cmd, live_memories, seed_memory
from service_pair import service_pair
from settings_factory import SettingsFactory
from shared_database import query
from storage_calls import storage

from utils.members.erasure import ForgetIds, OptOut, OtherProcesses, Receipt
from utils.runtime import Services
from utils.storage.records import LlmCallRecord

DAY = timedelta(days=1)


# ---------------------------------------------------------------------- the receipt
async def test_a_receipt_counts_what_went_by_kind_and_never_holds_the_text(services: Services, fake_llm: FakeLLM) -> None:
    kept = await seed_memory(services, ALICE, "Has a cat called Miso.", "cat")
    doomed = await seed_memory(services, ALICE, "Has a parrot called Quillon.", "parrot")
    fake_llm.tools["extract_memories"] = remembers()
    await converse(services, "Quillon learned a new word today")  # a chat row and an extraction row, both with words
    await services.llm_log.flush()
    receipt = await services.members.erase(ALICE, ForgetIds((doomed,)), actor="member")
    assert {kind: n for kind, n in receipt.removed.items() if n} == {"memories": 1, "log excerpts": 2, "chat context": 2}
    assert receipt.others == OtherProcesses(0, 0)
    assert receipt.said() == ("Gone: 1 memory, 2 log excerpts and 2 lines of chat context. No other bot process holds a copy.")
    assert [m.id for m in await live_memories(services.memory, ALICE, services.memory.scope_for(1))] == [kept]


@pytest.mark.parametrize(
    ("removed", "said"),
    [
        ({}, "Nothing of it was kept anywhere."),
        ({"memories": 0, "log excerpts": 0}, "Nothing of it was kept anywhere."),
        ({"memories": 1}, "Gone: 1 memory."),
        ({"profile facts": 2, "earlier profiles": 1}, "Gone: 2 profile facts and 1 earlier profile."),
        ({"log excerpts": 1, "memories": 3, "monitor notes": 1}, "Gone: 3 memories, 1 monitor note and 1 log excerpt."),
        ({"queued learning": 1}, "Gone: 1 message waiting to be learned from."),
    ],
)
def test_a_receipt_reads_as_a_sentence_in_a_fixed_order(removed: dict[str, int], said: str) -> None:
    assert Receipt(removed).gone() == said


@pytest.mark.parametrize(
    ("others", "said"),
    [
        (OtherProcesses(0, 0), "No other bot process holds a copy."),
        (OtherProcesses(1, 1), "The other bot process confirmed within a second."),
        (OtherProcesses(3, 3), "The 3 other bot processes confirmed within a second."),
        (OtherProcesses(1, 0), "1 other bot process will drop it at their next poll (within a second)."),
        (OtherProcesses(4, 1), "3 other bot processes will drop it at their next poll (within a second)."),
    ],
)
def test_what_the_other_processes_did_reads_as_a_sentence(others: OtherProcesses, said: str) -> None:
    assert others.said() == said


@pytest_asyncio.fixture
async def pair(make_settings: SettingsFactory, database_url: str) -> AsyncIterator[tuple[Services, Services]]:
    async with service_pair(make_settings, database_url, coherence_poll_seconds=0.05) as pair:
        yield pair


async def test_the_other_process_confirms_an_erasure_within_a_second(pair: tuple[Services, Services]) -> None:
    a, b = pair
    await b.members.coherence.poll()  # b says it is running
    memory_id = await seed_memory(a, ALICE, "Has a parrot called Quillon.", "parrot")
    receipt = await a.members.erase(ALICE, ForgetIds((memory_id,)), actor="member")
    assert receipt.others == OtherProcesses(1, 1), receipt.said()


async def test_a_process_that_has_not_polled_yet_is_said_to_follow_at_its_next_poll(
    make_settings: SettingsFactory, database_url: str
) -> None:
    a = Services(make_settings(db_connection_string=database_url))
    b = Services(make_settings(db_connection_string=database_url, housekeeping=False))  # polls every 30 s here
    await a.start()
    await b.start()
    try:
        await b.members.coherence.poll()
        memory_id = await seed_memory(a, ALICE, "Has a parrot called Quillon.", "parrot")
        receipt = await a.members.erase(ALICE, ForgetIds((memory_id,)), actor="member")
        assert receipt.others == OtherProcesses(1, 0)
        await b.close()  # a process that stops takes its row with it
        receipt = await a.members.erase(ALICE, OptOut(), actor="member")
        assert receipt.others == OtherProcesses(0, 0)
    finally:
        await b.close()
        await a.close()


# ---------------------------------------------------------------------- the profile, fact by fact
def profile_writer(profile: str) -> object:
    return lambda body: {"memories": [], "profile_update": profile, "forget": []}


async def test_an_empty_rewrite_after_a_request_clears_the_profile_and_says_so(services: Services, fake_llm: FakeLLM) -> None:
    await services.members.overview(ALICE)
    await storage(services.db).set_user_profile(ALICE, "Lives in Lyon. Works nights.")
    services.memory.store.load_profiles({ALICE: "Lives in Lyon. Works nights."})
    notices: list[str] = []
    services.chat.on_notice(lambda _user, _channel, text: notices.append(text))
    fake_llm.tools["extract_memories"] = profile_writer("")
    await converse(services, "please forget everything you know about me")
    assert services.memory.profile(ALICE) == ""
    assert notices == [
        "Forgotten, as you asked. Gone: 2 profile facts, 1 earlier profile, 2 log excerpts and 2 lines of chat context. "
        "No other bot process holds a copy."
    ]


async def test_without_a_request_an_empty_or_shorter_rewrite_forgets_nothing(services: Services, fake_llm: FakeLLM) -> None:
    await storage(services.db).set_user_profile(ALICE, "Lives in Lyon. Works nights.")
    services.memory.store.load_profiles({ALICE: "Lives in Lyon. Works nights."})
    fake_llm.tools["extract_memories"] = profile_writer("")
    await converse(services, "I work nights this month, it is tiring")
    assert services.memory.profile(ALICE) == "Lives in Lyon. Works nights.", "an empty answer is no change"
    fake_llm.tools["extract_memories"] = profile_writer("Works nights.")
    await converse(services, "still working nights")
    assert services.memory.profile(ALICE) == "Works nights.", "a rewrite, not a forget: the old profile is history"
    history = [p for p, _ in await storage(services.db).get_profile_history(ALICE)]
    assert history == ["", "Lives in Lyon. Works nights."], "before it there was none"


async def test_forget_recent_never_brings_back_what_was_forgotten_in_words(
    services: Services, fake_llm: FakeLLM, database_url: str
) -> None:
    """The profile was "Lives in Lyon." before the window; the member had it forgotten in words inside it; an
    undo of recent learning must not put it back (it used to: "The profile is back to how it was")."""
    await storage(services.db).set_user_profile(ALICE, "Lives in Lyon.", now=datetime.now(UTC) - 2 * DAY)
    services.memory.store.load_profiles({ALICE: "Lives in Lyon."})
    fake_llm.tools["extract_memories"] = profile_writer("Plays chess.")
    await converse(services, "please forget that I live in Lyon, I play chess now")
    assert services.memory.profile(ALICE) == "Plays chess."
    reply = await cmd(services, "forget recent 60")
    assert "Lyon" not in services.memory.profile(ALICE) and "Lyon" not in reply, reply
    assert "Lyon" not in json.dumps(query(database_url, "SELECT PreviousProfile FROM ProfileHistory"))


async def test_show_numbers_the_profile_facts_and_forget_fact_takes_one(services: Services) -> None:
    await storage(services.db).set_user_profile(ALICE, "Nurse from Lyon. Has two cats. Plays chess.")
    services.memory.store.load_profiles({ALICE: "Nurse from Lyon. Has two cats. Plays chess."})
    shown = (await cmd(services, "show")).splitlines()
    assert shown[1:5] == ["Profile:", "P1 Nurse from Lyon.", "P2 Has two cats.", "P3 Plays chess."]
    answer = await cmd(services, "forget fact 2")
    assert answer.startswith("Forgot profile fact 2. Gone: 1 profile fact") and "cats" not in answer
    assert services.memory.profile(ALICE) == "Nurse from Lyon. Plays chess."
    assert await cmd(services, "forget P7") == "There is no profile fact 7 to forget here; /memory show lists them."
    assert services.memory.profile(ALICE) == "Nurse from Lyon. Plays chess."


# ---------------------------------------------------------------------- retention
async def test_log_excerpts_and_earlier_profiles_expire_after_the_retention(
    make_settings: SettingsFactory, database_url: str
) -> None:
    services = Services(make_settings(history_retention_days=30, housekeeping=False))  # the test runs the pruning
    await services.start()
    try:
        old, recent = datetime.now(UTC) - 31 * DAY, datetime.now(UTC) - 29 * DAY
        rows = [
            LlmCallRecord("chat", "m", 5, True, request_excerpt="old words", user_id=ALICE, created_at=old),
            LlmCallRecord("chat", "m", 5, False, error="HTTP 400: old words again", user_id=ALICE, created_at=old),
            LlmCallRecord("chat", "m", 5, True, request_excerpt="recent words", user_id=ALICE, created_at=recent),
        ]
        await storage(services.db).insert_llm_logs(rows)
        await storage(services.db).set_user_profile(ALICE, "First.", now=old)
        await storage(services.db).set_user_profile(ALICE, "Second.", now=old)
        await storage(services.db).set_user_profile(ALICE, "Third.", now=recent)
        expired = await services.members.expire_history(services.settings.history_retention_days)
        assert expired == {"earlier profiles": 2, "log excerpts": 2}
        logged = query(database_url, "SELECT RequestExcerpt, Error FROM LlmLog WHERE UserId = ? ORDER BY Id", ALICE)
        assert logged == [(None, None), (None, None), ("recent words", None)], "the calls stay, their words go"
        export = json.loads(await cmd(services, "export"))
        assert [p["profile"] for p in export["earlier_profiles"]] == ["Second."]
        assert "old words" not in json.dumps(export)
    finally:
        await services.close()


def test_retention_is_a_setting_with_a_month_by_default(make_settings: SettingsFactory) -> None:
    assert make_settings().history_retention_days == 30
    with pytest.raises(ValueError):
        make_settings(history_retention_days=0)
