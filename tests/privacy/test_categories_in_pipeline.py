"""A careless extractor through the real pipeline: a health fact, a belief, a claim about a friend and a role
are never stored (memory, profile, profile history); the ordinary fact beside them is, and each refusal is audited."""

from __future__ import annotations

import json

from chat_turn import converse
from extractor_answers import memory, remembers
from fake_llm import FakeLLM
from shared_database import query

from utils.runtime import Services

CARELESS = remembers(
    memory("Has type 2 diabetes and takes insulin.", "health"),
    memory("Is a practising Muslim.", "religion"),
    memory("Their friend Alex is in debt.", "alex"),
    memory("Is a moderator on this server.", "server"),
    memory("Is saving up for a new GPU.", "hardware"),
    profile="Nurse from Lyon. Has type 2 diabetes. Is a practising Muslim. Their friend Alex is in debt. Is a "
    "moderator on this server. Plays Valorant with friends.",
)
NEVER_STORED = ("diabetes", "insulin", "Muslim", "Alex", "debt", "moderator")


async def test_special_categories_claims_and_roles_are_never_stored(
    services: Services, fake_llm: FakeLLM, database_url: str
) -> None:
    fake_llm.tools["extract_memories"] = CARELESS
    await converse(
        services,
        "I'm a nurse in Lyon, I have type 2 diabetes, I'm muslim, my friend Alex is in debt, I'm a mod here, "
        "saving for a GPU and I play Valorant with friends",
    )
    assert query(database_url, "SELECT Memory FROM UserMemory") == [("Is saving up for a new GPU.",)]
    profile = services.memory.profile(42)
    assert profile == "Nurse from Lyon. Plays Valorant with friends."
    stored = json.dumps(
        [
            query(database_url, "SELECT Memory, Topics FROM UserMemory"),
            query(database_url, "SELECT * FROM ProfileHistory"),
            profile,
        ]
    )
    assert not [word for word in NEVER_STORED if word in stored], stored
    refusals = query(database_url, "SELECT COUNT(*) FROM MemoryAudit WHERE Action = 'refused_sensitive'")
    # the health fact, the belief and the role reach the store and are refused there, audited; the claim about
    # Alex is taken out earlier, by the extractor's vetting (same rule: utils.privacy.others)
    assert refusals == [(3,)]


async def test_a_profile_that_only_holds_sensitive_sentences_changes_nothing(
    services: Services, fake_llm: FakeLLM, database_url: str
) -> None:
    fake_llm.tools["extract_memories"] = remembers(profile="Has depression. Is bisexual.")
    await converse(services, "honestly I have depression and I'm bi")
    assert services.memory.profile(42) == ""
    assert "depression" not in json.dumps(query(database_url, "SELECT * FROM ProfileHistory"))
