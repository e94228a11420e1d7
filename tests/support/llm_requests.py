"""The parts of a request the fake LLM received that tests read: the chat's system prompt, the extractor's input."""

from __future__ import annotations

from fake_llm import FakeLLM


def system_prompt(fake: FakeLLM) -> str:
    """The system message of the latest chat request (where the memory block lives)."""
    return fake.chat_requests()[-1]["messages"][0]["content"]


def extraction_input(body: dict) -> str:
    """The user part of an extract_memories request: profile, known memories, conversation."""
    return body["messages"][-1]["content"]
