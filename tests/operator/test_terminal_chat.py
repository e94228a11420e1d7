"""The terminal chat drives the same pipeline as Discord: the end-to-end conversation tests run here, without Discord."""

from __future__ import annotations

import io

from fake_llm import Body, FakeLLM
from settings_factory import SettingsFactory
from shared_database import query, table_names

from scripts.terminal_chat import Speaker, run_terminal_chat


def conversation_of(body: Body) -> str:
    return body["messages"][-1]["content"].split("=== CONVERSATION")[1]


def gta_extractor(body: Body) -> dict:
    if "GTA" in conversation_of(body):
        return {
            "memories": [
                {
                    "memory": "Is grinding GTA all week to hit rank 500.",
                    "topics": ["gta", "rank"],
                    "expiration": "30d",
                    "importance": "high",
                }
            ],
            "profile_update": None,
        }
    return {"memories": [], "profile_update": None}


async def chat(settings_factory: SettingsFactory, lines: list[str], speaker: Speaker | None = None, **overrides: object) -> str:
    out = io.StringIO()
    code = await run_terminal_chat(
        settings_factory(**overrides), speaker or Speaker(42, "Alice", "general", 1), io.StringIO("\n".join(lines) + "\n"), out
    )
    assert code == 0
    return out.getvalue()


async def test_plan_integration_gta_memory_reaches_next_prompt(
    make_settings: SettingsFactory, fake_llm: FakeLLM, database_url: str
) -> None:
    fake_llm.tools["extract_memories"] = gta_extractor
    await chat(make_settings, ["Hey, I've been grinding GTA all week trying to hit rank 500"])
    rows = query(database_url, "SELECT UserId, Memory, Topics, Source FROM UserMemory")
    assert rows == [(42, "Is grinding GTA all week to hit rank 500.", "gta,rank", "chat")]

    await chat(make_settings, ["what do you know about me?"])
    system_prompt = fake_llm.chat_requests()[-1]["messages"][0]["content"]
    assert "[What you know about this person:]" in system_prompt
    assert "grinding GTA all week to hit rank 500" in system_prompt


async def test_replies_go_to_stdout_and_every_call_is_logged(
    make_settings: SettingsFactory, fake_llm: FakeLLM, database_url: str
) -> None:
    fake_llm.chat = lambda body: "pong 🏓"
    output = await chat(make_settings, ["ping", "/channel memes", "ping again"])
    assert output.splitlines() == ["pong 🏓", "(now in #memes)", "pong 🏓"]
    kinds = query(database_url, "SELECT Kind, Success FROM LlmLog ORDER BY Id")
    assert kinds.count(("chat", 1)) == 2
    assert ("memory_extraction", 1) in kinds
    assert {name.casefold() for name in table_names(database_url)} >= {"userstate", "llmlog", "usermemory"}


async def test_http_500_gets_a_friendly_reply_and_the_next_message_recovers(
    make_settings: SettingsFactory, fake_llm: FakeLLM, database_url: str
) -> None:
    fake_llm.chat = lambda body: "back online"
    fake_llm.fail(500, times=2)
    output = await chat(make_settings, ["hello?", "hello again"], llm_max_retries=1)
    first, second = output.splitlines()
    assert "try again" in first.lower()
    assert second == "back online"
    errors = query(database_url, "SELECT Error FROM LlmLog WHERE Success = 0")
    assert errors and "HTTP 500" in errors[0][0]


async def test_garbage_from_the_endpoint_is_survived(
    make_settings: SettingsFactory, fake_llm: FakeLLM, database_url: str
) -> None:
    fake_llm.garbage = True
    output = await chat(make_settings, ["anyone there?"])
    assert "try again" in output.lower()
    assert query(database_url, "SELECT COUNT(*) FROM LlmLog WHERE Success = 0") == [(1,)]


async def test_switching_speakers_keeps_memories_apart(
    make_settings: SettingsFactory, fake_llm: FakeLLM, database_url: str
) -> None:
    fake_llm.tools["extract_memories"] = gta_extractor
    await chat(make_settings, ["I've been grinding GTA all week", "/as 7 Bob", "what do you know about me?"])
    bob_prompt = fake_llm.chat_requests()[-1]["messages"][0]["content"]
    assert "Bob" in bob_prompt and "GTA" not in bob_prompt
    assert query(database_url, "SELECT DISTINCT UserId FROM UserMemory") == [(42,)]
    extraction = fake_llm.tool_requests("extract_memories")
    assert len(extraction) == 1 and "Bob" not in conversation_of(extraction[0])


async def test_memory_commands_work_in_the_terminal(make_settings: SettingsFactory, fake_llm: FakeLLM, database_url: str) -> None:
    fake_llm.tools["extract_memories"] = gta_extractor
    shown = (await chat(make_settings, ["I've been grinding GTA all week", "/memory show"])).splitlines()
    [number] = [line.split()[0] for line in shown if "Is grinding GTA all week to hit rank 500." in line]
    assert number.startswith("#") and number[1:].isdigit(), shown  # a server's ids go on from earlier rows
    output = await chat(make_settings, [f"/memory forget {number[1:]}", "/memory show", "/memory optout", "/memory nonsense"])
    lines = output.splitlines()
    assert any(line.startswith(f"Forgot memory {number}. Gone: 1 memory") for line in lines)
    assert "No memories." in lines
    assert any(line.startswith("Opted out") for line in lines)
    assert lines[-1].startswith("usage: /memory")
    assert query(database_url, "SELECT OptedOut FROM MemoryPreference WHERE UserId = 42") == [(1,)]


def place_learner(body: Body) -> dict:
    said = conversation_of(body)
    if "forget that I live in" in said:
        return {"memories": [], "profile_update": "Plays chess on Fridays.", "forget": []}
    if "I live in" in said:
        return {"memories": [], "profile_update": "Lives in Grimsby. Plays chess on Fridays.", "forget": []}
    return {"memories": [], "profile_update": None, "forget": []}


async def test_a_forget_asked_in_words_is_confirmed_in_the_terminal(make_settings: SettingsFactory, fake_llm: FakeLLM) -> None:
    fake_llm.tools["extract_memories"] = place_learner
    lines = ["I live in Grimsby and play chess on Fridays", "/memory profile", "please forget that I live in Grimsby"]
    out = await chat(make_settings, lines)
    [notice] = [line for line in out.splitlines() if "Forgotten, as you asked." in line]
    assert notice.startswith("(to 42) Forgotten, as you asked. Gone: 1 profile fact"), notice
    assert "Grimsby" not in notice
