"""LoCoMo questions turned into recall cases, by one fixed protocol (kept so figures of every round compare).

For every question with category ≠ 5 that names exactly one of the two speakers and
whose evidence includes at least one observation of that speaker: the memories are
all of that speaker's ``session_N_observation`` facts (the speaker's name replaced by
"They"), the query is the question with "<Name>'s" → "my" and "<Name>" → "I", and a
case is a hit when any evidence observation (matched by dia_id) is among the top 5.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

UNANSWERABLE = 5
TEMPORAL = 2
"""LoCoMo's category of questions about when ("When did Caroline go to the LGBTQ support group?")."""


@dataclass(frozen=True)
class Fact:
    text: str
    dia_ids: frozenset[str]
    session: int


@dataclass(frozen=True)
class RecallCase:
    conversation: str
    speaker: str
    query: str
    facts: tuple[Fact, ...]
    """All of the speaker's observations, in session order."""
    evidence: frozenset[int]
    """Indexes into ``facts`` of the evidence observations."""
    category: int = 0
    """LoCoMo's question category (`TEMPORAL` for questions about when)."""


def _name(name: str) -> re.Pattern[str]:
    return re.compile(rf"\b{re.escape(name)}\b")


def _dia_ids(value: object) -> frozenset[str]:
    """A fact's dia_id: usually "D1:3", sometimes a list of them or "D8:6; D9:17"."""
    items = value if isinstance(value, list) else [value]
    return frozenset(part.strip() for item in items for part in str(item).replace(",", ";").split(";") if part.strip())


def speaker_facts(conversation: dict, speaker: str) -> tuple[Fact, ...]:
    """The speaker's observation facts in session order, the name replaced by "They"."""
    name = _name(speaker)
    sessions = sorted(
        (int(key.split("_")[1]), value) for key, value in conversation.items() if re.fullmatch(r"session_\d+_observation", key)
    )
    return tuple(
        Fact(name.sub("They", text), _dia_ids(dia), number)
        for number, observed in sessions
        for text, dia in observed.get(speaker, [])
    )


def as_query(question: str, speaker: str) -> str:
    """The question as the speaker would ask it: "<Name>'s" → "my", "<Name>" → "I"."""
    possessive = re.compile(rf"\b{re.escape(speaker)}['’]s\b")
    return _name(speaker).sub("I", possessive.sub("my", question))


def cases(conversation: dict, label: str = "") -> list[RecallCase]:
    speakers = [conversation["speaker_a"], conversation["speaker_b"]]
    facts = {s: speaker_facts(conversation, s) for s in speakers}
    out = []
    for qa in conversation["qa"]:
        if qa.get("category") == UNANSWERABLE:
            continue
        named = [s for s in speakers if _name(s).search(qa["question"])]
        if len(named) != 1:
            continue
        [speaker] = named
        wanted = set(_dia_ids(qa.get("evidence", [])))
        evidence = frozenset(i for i, fact in enumerate(facts[speaker]) if fact.dia_ids & wanted)
        if evidence:
            query = as_query(qa["question"], speaker)
            out.append(RecallCase(label, speaker, query, facts[speaker], evidence, int(qa.get("category", 0))))
    return out


def load(paths: Iterable[Path]) -> list[RecallCase]:
    return [case for path in paths for case in cases(json.loads(Path(path).read_text(encoding="utf-8")), Path(path).stem)]
