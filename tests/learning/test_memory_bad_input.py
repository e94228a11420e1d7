"""What the extractor may get wrong, and what members may paste: nothing invalid is stored, chat goes on."""

from __future__ import annotations

from datetime import timedelta

import pytest
from chat_turn import converse
from extractor_answers import memory, remembers
from fake_llm import FakeLLM
from shared_database import as_datetime, query

from utils.memory.extraction import ExtractionResult
from utils.privacy.screen import screen
from utils.runtime import Services

INVALID = "invalid extract_memories arguments"
NO_CALL, NO_ARGUMENTS = "no extract_memories tool call", "no extract_memories arguments in the reply"


@pytest.mark.parametrize(
    ("answer", "errors"),
    [
        ('{"memories": [{"memory": "Likes tea", ', [INVALID, INVALID]),
        # A reply without the arguments is asked once more the next way (structured output, then JSON mode).
        (None, [NO_CALL, NO_ARGUMENTS, NO_ARGUMENTS, NO_ARGUMENTS]),
        ('"just a string"', [INVALID, INVALID]),
    ],
)
async def test_broken_tool_output_is_logged_and_nothing_is_stored(
    services: Services, fake_llm: FakeLLM, database_url: str, answer: str | None, errors: list[str]
) -> None:
    fake_llm.tools["extract_memories"] = lambda body: answer
    reply = await converse(services, "I really enjoy green tea")
    await converse(services, "and coffee too")
    assert reply.startswith("echo:")
    assert query(database_url, "SELECT COUNT(*) FROM UserMemory") == [(0,)]
    await services.llm_log.flush()
    logged = query(database_url, "SELECT Error FROM LlmLog WHERE Kind = 'memory_extraction' AND Success = 0 ORDER BY Id")
    assert len(logged) == len(errors) and all(error in e for (e,), error in zip(logged, errors, strict=True))


async def test_wrong_types_and_unknown_enums_fall_back(services: Services, fake_llm: FakeLLM, database_url: str) -> None:
    fake_llm.tools["extract_memories"] = remembers(
        {
            "memory": "Plays Hollow Knight daily.",
            "topics": "Hollow Knight, Games",
            "expiration": "forever",
            "importance": "URGENT",
        },
        {"memory": "", "topics": ["empty"], "expiration": "7d", "importance": "low"},
        {"memory": 12345, "topics": None, "expiration": "1d", "importance": "low"},
        {"memory": "Waits for Silksong.", "topics": None, "expiration": "1d", "importance": "low"},
        "not an object",
    )
    await converse(services, "hollow knight every day, silksong when")
    rows = query(database_url, "SELECT Memory, Topics, Importance, ExpiresAt, CreatedAt FROM UserMemory ORDER BY Id")
    assert [(r[0], r[1], r[2]) for r in rows] == [
        ("Plays Hollow Knight daily.", "hollow knight,games", "medium"),
        ("Waits for Silksong.", "", "low"),
    ]  # a bare number ("12345") is not kept: it says nothing about the member
    lifetime = as_datetime(rows[0][3]) - as_datetime(rows[0][4])
    assert round(lifetime / timedelta(days=1)) == 7


async def test_huge_memories_and_too_many_are_bounded(services: Services, fake_llm: FakeLLM, database_url: str) -> None:
    many = [memory(f"Owns board game {i}{i}{i} called zq{i}x.", f"game{i}") for i in range(500)]
    fake_llm.tools["extract_memories"] = remembers(memory("word " * 2500, "long"), *many)
    await converse(services, "I own a ridiculous number of board games")
    lengths = [len(text) for (text,) in query(database_url, "SELECT Memory FROM UserMemory")]
    assert len(lengths) == 10 and max(lengths) <= 500


async def test_http_errors_from_the_extractor_cost_only_that_extraction(
    services: Services, fake_llm: FakeLLM, database_url: str
) -> None:
    fake_llm.tools["extract_memories"] = remembers(memory("Speedruns Celeste.", "celeste"))
    original_chat = fake_llm.chat
    fake_llm.chat = lambda body: (fake_llm.fail(503, times=1), original_chat(body))[1]
    reply = await converse(services, "I speedrun Celeste")
    assert reply.startswith("echo:")
    fake_llm.chat = original_chat
    assert query(database_url, "SELECT COUNT(*) FROM UserMemory") == [(0,)]
    await converse(services, "I speedrun Celeste, any% glitchless")
    assert query(database_url, "SELECT Memory FROM UserMemory") == [("Speedruns Celeste.",)]


@pytest.mark.parametrize(
    "text",
    ["\x00\x00\x00", "🎮" * 3000, "مرحبا بالجميع، كيف حالكم؟", "zero\u200bwidth\u200djoiner", "a" * 9000, "   "],
)
async def test_odd_messages_get_an_answer(services: Services, fake_llm: FakeLLM, text: str) -> None:
    reply = await converse(services, text)
    assert reply
    sent = fake_llm.chat_requests()[-1]["messages"][-1]["content"]
    assert "\x00" not in sent and "\u200b" not in sent and len(sent) < 4300


def test_validation_normalises_what_the_model_sends() -> None:
    result = ExtractionResult.model_validate(
        {
            "memories": [
                {
                    "memory": "  Likes   cats ",
                    "topics": ["Cats", "cats", "PETS"],
                    "expiration": "30D",
                    "importance": "High",
                    "key": "Main Game",
                }
            ],
            "profile_update": "x " * 400,
            "forget": [1, "2", "x", None, True],
        }
    )
    [only] = result.memories
    assert (only.memory, only.topics, only.expiration, only.importance, only.key) == (
        "Likes cats",
        ["cats", "pets"],
        "30d",
        "high",
        "main_game",
    )
    assert result.profile_update is not None and len(result.profile_update) <= 500 and not result.profile_update.endswith(" ")
    assert result.forget == [1, 2]


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ("card 4111-1111-1111-1111 please", "4111"),
        ("my password is Tr0ub4dor&3", "Tr0ub4dor"),
        ("pw: swordfish99", "swordfish99"),
        ("the login code is 493817", "493817"),
        ("key sk-proj-abcdefghijklmnop1234", "sk-proj"),
        ("token MTAxNjU4NzU5NzQ5MjM0MzgwOA.GhIjKl.abcdefghijklmnopqrstuvwxyz0123456", "GhIjKl"),
        ("AKIAIOSFODNN7EXAMPLE is the key", "AKIAIOSFODNN7EXAMPLE"),
        ("Authorization: Bearer eyJhbGciOiJIUzI1NiJ9.payload", "eyJhbGci"),
        ("write to me at sam.doe@example.org", "sam.doe"),
        ("call me on +44 20 7946 0958", "7946"),
        ("my password's hunter2", "hunter2"),
        ("password -> Tr0ub4dor&3", "Tr0ub4dor"),
        ("Mein Passwort ist geheim123", "geheim123"),
        ("the wifi password is 'correct horse battery staple'", "horse"),
        ("pin 4821", "4821"),
        ("aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY", "wJalr"),
        ("eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0In0.SflKxwRJSMeKKF2QT4fw", "SflKx"),
        ("github_pat_11ABCDEFG0123456789_abcdefghijklmnop", "github_pat"),
        ("xoxb-123456789012-1234567890123-abcdefghij", "xoxb"),
        ("the otp was 482 913", "482 913"),
        ("4111.1111.1111.1111", "4111"),
        ("my number is 07700 900123", "900123"),
    ],
)
def test_redaction_removes_secrets(text: str, secret: str) -> None:
    cleaned = screen(text, "log")
    assert secret not in cleaned.text and cleaned.changed


@pytest.mark.parametrize(
    "text",
    [
        "I hit rank 500 in GTA on 2026-12-01 at 12:30",
        "played 1000 hours of Factorio",
        "I'll pass on that",
        "Baldur's Gate 3 🎲",
        "Discord ID 123456789012345678",
        "I got code 403 errors all day",
        "i was pinned 3 times",
    ],
)
def test_redaction_leaves_ordinary_chat_alone(text: str) -> None:
    assert screen(text, "log").text == text


def test_a_memory_about_a_secret_is_refused_but_context_around_one_is_kept() -> None:
    assert screen(screen("Their password is hunter2.", "log").text).refused
    assert not screen("Asked for help getting a refund for the order they emailed about from [redacted:email].").refused


async def test_a_raw_newline_inside_the_tool_json_is_read_not_rejected(
    services: Services, fake_llm: FakeLLM, database_url: str
) -> None:
    """Small models put real line breaks inside strings; `json.loads` rejects them as "Invalid control character"."""
    fake_llm.tools["extract_memories"] = lambda body: (
        '```json\n{"memories": [{"memory": "Plays the cello\nin an orchestra.", "topics": ["cello"], '
        '"expiration": "30d", "importance": "medium"}], "profile_update": null, "forget": []}\n```'
    )
    await converse(services, "I play the cello in an orchestra")
    assert query(database_url, "SELECT Memory FROM UserMemory") == [("Plays the cello in an orchestra.",)]
    await services.llm_log.flush()
    assert query(database_url, "SELECT Success FROM LlmLog WHERE Kind = 'memory_extraction'") == [(1,)]
