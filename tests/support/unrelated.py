"""Chat messages and members' memories with nothing to do with each other: the precision bar of retrieval.

The cases are data (`data/unrelated.json`), read here for the tests (`tests/retrieval/test_unrelated_table.py`,
hashed-word vectors) and by path by the recall bench (`python -m bench --only recall --embed-url …`, a real
model's vectors), so a new embedding model is checked against the very cases the tests hold.
"""

from __future__ import annotations

import json
from pathlib import Path

TABLE = Path(__file__).resolve().parent / "data" / "unrelated.json"
_TABLE = json.loads(TABLE.read_text(encoding="utf-8"))

ENGLISH: str = _TABLE["english"]
CASES: list[tuple[str, tuple[str, ...]]] = [(message, tuple(memories)) for message, memories in _TABLE["cases"]]
"""(message, memories): nothing in common but, at most, function words. Few memories each, as a new member has."""
MEMBERS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    language: (tuple(member["messages"]), tuple(member["memories"])) for language, member in _TABLE["members"].items()
}
"""Language → (messages, one member's memories): a member of 12–15 memories (the file says how they were chosen)."""
OTHER_LANGUAGE_MESSAGES = frozenset(m for language, (messages, _) in MEMBERS.items() if language != ENGLISH for m in messages)
"""The table's messages in French, German, Spanish, Italian and Portuguese (an English-only model's blind spot)."""
