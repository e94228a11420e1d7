"""What the fake LLM's extractor answers in a test: memory items and a script that always gives them."""

from __future__ import annotations

from collections.abc import Callable


def remembers(*memories: dict, profile: str | None = None, forget: list | None = None) -> Callable[[dict], dict]:
    """An extractor script that always answers with these memories."""
    answer = {"memories": list(memories), "profile_update": profile, "forget": forget or []}
    return lambda body: answer


def memory(text: str, *topics: str, expiration: str = "30d", importance: str = "medium", key: str | None = None) -> dict:
    """One memory as the extractor's tool call gives it."""
    item = {"memory": text, "topics": list(topics), "expiration": expiration, "importance": importance}
    if key:
        item["key"] = key
    return item
