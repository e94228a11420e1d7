"""A careless model and a trace finder: what the privacy layers are measured with end to end.

The careless extractor stores whatever it receives: every line of the conversation it is
shown becomes a memory, its words the topics and slot key, and all of it the profile. The
echoing chat model repeats the member's message in its reply (models do restate what they
were told). A well-behaved extractor keeps one harmless fact. Whatever reaches the store,
the profile history, the LLM log or the extractor's own input is then a trace.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from shared_database import query

Body = dict[str, Any]

_SECTION = re.compile(r"=== CONVERSATION[^\n]*\n(.*?)(?:\n=== END|\Z)", re.S)
_LABEL = re.compile(r"^\s*[^:\n]{1,40}:\s?")
_FRAME = re.compile(r"^\s*[|>]\s?")


def conversation_lines(body: Body) -> list[str]:
    """The lines of the conversation block as the model reads them, labels and quote marks taken off."""
    content = body["messages"][-1]["content"]
    found = _SECTION.search(content)
    block = found.group(1) if found else content
    lines = []
    for raw in block.splitlines():
        stripped = raw.strip()
        if stripped.startswith(">"):  # a quoted line: the words themselves
            line = stripped[1:].strip()
        elif stripped.endswith(":"):  # a label the request writes ('"Ana" wrote:')
            continue
        else:  # an unquoted format: "Name: text" or "| text"
            line = _FRAME.sub("", _LABEL.sub("", raw, count=1), count=1).strip()
        if line:
            lines.append(line)
    return lines


def careless_extractor(body: Body) -> Body:
    """Keeps every line it is shown, as memory, topics, slot key and profile: a model with no judgement at all."""
    lines = conversation_lines(body)
    memories = []
    for line in lines:
        words = re.findall(r"\w+", line)
        memories.append(
            {
                "memory": line,
                "topics": [w.lower() for w in words[:3]] or ["chat"],
                "expiration": "30d",
                "importance": "high",
                "key": "_".join(w.lower() for w in words[:4]) or None,
            }
        )
    return {"memories": memories, "profile_update": " ".join(lines)[:480] or None, "forget": []}


def well_behaved_extractor(_body: Body) -> Body:
    """Keeps one harmless fact, as a model that follows the prompt would."""
    memory = {"memory": "Chatted with the bot today.", "topics": ["chat"], "expiration": "1d", "importance": "low"}
    return {"memories": [memory], "profile_update": None, "forget": []}


def echoing_chat(body: Body) -> str:
    """A reply that restates the member's last message."""
    last = body["messages"][-1]["content"]
    text = last if isinstance(last, str) else json.dumps(last)
    return f"Got it, you said: {text}"


@dataclass
class Traces:
    """Where a case's secret values were found after the conversation."""

    where: dict[str, list[str]] = field(default_factory=dict)

    def add(self, place: str, value: str) -> None:
        self.where.setdefault(place, []).append(value)

    def __bool__(self) -> bool:
        return bool(self.where)


def _digits_pattern(value: str) -> re.Pattern[str] | None:
    digits = re.sub(r"\D", "", value)
    if len(digits) < 6:
        return None
    return re.compile(r"[\s.\-/()]{0,2}".join(digits))


def _as_a_whole(needle: str) -> re.Pattern[str]:
    """The value where it stands on its own: "8015" is not kept by someone else's "V801544329445", nor "hunter2"
    by "hunter22"; an edge that is a digit must not touch another digit, a letter another letter."""
    return re.compile(_edge(needle[0], "(?<!{})") + re.escape(needle) + _edge(needle[-1], "(?!{})"))


def _edge(char: str, look: str) -> str:
    """A digit must not touch a digit; a letter of a script written with spaces (Latin, Greek, Cyrillic…) must not
    touch a letter. Scripts written without spaces (Chinese, Japanese, Thai) keep no edge: their words touch."""
    if char.isdigit():
        return look.format(r"\d")
    if char.isalpha() and ord(char) < 0x0530:
        return look.format(r"[^\W\d_]")
    return ""


def _word_windows(value: str) -> list[str]:
    """Three words in a row, at least one of them a word of letters: digits typed apart ("1 9 7 3") are a number,
    and its first three are in any other number typed the same way."""
    words = value.casefold().split()
    if len(words) < 4:
        return []
    windows = [words[i : i + 3] for i in range(len(words) - 2)]
    return [
        " ".join(window)
        for window in windows
        if any(char.isalpha() for word in window for char in word) and sum(map(len, window)) >= _WINDOW_CHARS
    ]


_WINDOW_CHARS = 6
"""The fewest characters of three words that say anything of a value: a password typed one character per line
("G u a v a 7 1") has windows like "a v a", which another member's "s a v a n t" holds."""


@lru_cache(maxsize=16)
def _folded(haystack: str) -> str:
    """A place's text case-folded with its whitespace collapsed, once per place: every row's values are looked for in
    the same few places (every member's log, the extractor's input), each megabytes long."""
    return " ".join(haystack.casefold().split())


def holds(haystack: str, value: str) -> bool:
    """Whether ``value`` survives in ``haystack``: as written (case-blind), its digits with separators, or
    any three of its words in a row (a seed phrase cut short is still a seed phrase)."""
    folded = _folded(haystack)
    needle = " ".join(value.casefold().split())
    if needle and _as_a_whole(needle).search(folded):
        return True
    pattern = _digits_pattern(value)
    if pattern is not None and pattern.search(haystack):
        return True
    return any(
        window in folded and re.search(rf"(?<!\w){re.escape(window)}(?!\w)", folded) for window in _word_windows(value)
    )  # the substring first: a search for each window over every member's log would take minutes


def stored_texts(database: str) -> dict[str, str]:
    """Every text the store holds, by place (the test's database URL or file)."""
    columns = {
        "memory": "SELECT Memory, Topics, SlotKey FROM UserMemory",
        "profile": "SELECT UserNotes FROM UserState",
        "history": "SELECT PreviousProfile FROM ProfileHistory",
        "log": "SELECT RequestExcerpt, ResponseExcerpt, Error FROM LlmLog",
    }
    return {
        place: "\n".join(" ".join(str(v) for v in row if v) for row in query(database, sql)) for place, sql in columns.items()
    }


def stored_for(database: str, user_id: int) -> dict[str, list[str]]:
    """What is kept about one member: memory lines, profile, earlier profiles."""
    return {
        "memory": [r[0] for r in query(database, "SELECT Memory FROM UserMemory WHERE UserId = ?", user_id)],
        "profile": [r[0] for r in query(database, "SELECT UserNotes FROM UserState WHERE UserId = ?", user_id) if r[0]],
        "history": [
            r[0] for r in query(database, "SELECT PreviousProfile FROM ProfileHistory WHERE UserId = ?", user_id) if r[0]
        ],
    }


def traces(values: Iterable[str], places: dict[str, str]) -> Traces:
    found = Traces()
    for value in values:
        for place, text in places.items():
            if holds(text, value):
                found.add(place, value)
    return found
