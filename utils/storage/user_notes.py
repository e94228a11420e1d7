"""The format of `UserState.UserNotes`: the member's profile, then the monitor's timestamped observation lines.

Two owners share the one column (kept so for existing deployments): memory writes
the profile (the text that is not a observation line), the behaviour monitor appends
`[2026-01-02 13:00] …` lines. Each side replaces only its part, so a profile rewrite
keeps the observations and the observations never pass for the profile. This module
is the only one that splits or joins the column; everyone else asks it for a part.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import UTC, datetime

USER_NOTES_MAX = 4000
"""`UserNotes` is NVARCHAR(MAX); the monitor's appended observation lines are kept within this many characters."""
OBSERVATION_LINE = re.compile(r"^\[\d{4}-\d{2}-\d{2} \d{2}:\d{2}\] ")


def split_user_notes(user_notes: str | None) -> tuple[str, list[str]]:
    """(profile, observation lines) of a `UserNotes` value."""
    lines = [line for line in (user_notes or "").splitlines() if line.strip()]
    profile = " ".join(line.strip() for line in lines if not OBSERVATION_LINE.match(line))
    return profile, [line for line in lines if OBSERVATION_LINE.match(line)]


def join_user_notes(profile: str, observations: Sequence[str]) -> str:
    """Profile first, then as many of the newest observation lines as the bound allows."""
    kept = list(observations)
    while kept and len("\n".join([profile, *kept])) > USER_NOTES_MAX:
        kept.pop(0)
    return "\n".join(part for part in (profile, *kept) if part)


def profile_part(user_notes: str | None) -> str:
    """The member's profile: the text of `UserNotes` that is not a observation line."""
    return split_user_notes(user_notes)[0]


def observation_lines(user_notes: str | None) -> list[str]:
    """The monitor's timestamped observation lines of `UserNotes`, oldest first."""
    return split_user_notes(user_notes)[1]


def with_profile(user_notes: str | None, profile: str) -> str:
    """``user_notes`` with its profile replaced by ``profile``; the observation lines stay."""
    return join_user_notes(profile, observation_lines(user_notes))


def with_observations(user_notes: str | None, lines: Sequence[str]) -> str:
    """``user_notes`` with its observation lines replaced by ``lines`` (the newest within the bound); the profile stays."""
    return join_user_notes(profile_part(user_notes), observation_lines("\n".join(lines)))


def with_added_observations(user_notes: str | None, added: Sequence[str]) -> str:
    """``user_notes`` with the observation lines ``added`` appended after the lines already there (the newest within the
    bound); a line already there is not repeated, the profile stays.

    Several processes add lines to one member: each appends what it added, so none
    replaces the lines another wrote, and a line written twice (a flush retried after
    its commit) is there once.
    """
    profile, stored = split_user_notes(user_notes)
    known = set(stored)
    return join_user_notes(profile, [*stored, *(line for line in observation_lines("\n".join(added)) if line not in known)])


def observation_line(observation: str, moment: datetime) -> str:
    """One observation as the monitor appends it: `[YYYY-MM-DD HH:MM] text` in UTC, on one line."""
    return f"[{moment.astimezone(UTC):%Y-%m-%d %H:%M}] {' '.join(observation.split())}"[:USER_NOTES_MAX]


_FACT_END = re.compile(r"(?<=[。！？；])\s*|(?<=[.!?;])\s+|\n+")


_ABBREVIATION = re.compile(r"(?:^|\s)(?:[A-Za-z]|e\.g|i\.e|etc|vs|mr|mrs|ms|dr|st|jr|sr|approx|no|ca)\.$", re.IGNORECASE)
"""A sentence piece ending like this ("e.g.", "Mr.", "J.") goes on in the next one."""


def profile_facts(profile: str) -> list[str]:
    """The profile's facts, one per sentence as the model writes them ("Nurse in Lyon. Has two cats.")."""
    facts: list[str] = []
    for piece in (p.strip() for p in _FACT_END.split(profile or "")):
        if not piece:
            continue
        if facts and _ABBREVIATION.search(facts[-1]):
            facts[-1] = f"{facts[-1]} {piece}"
        else:
            facts.append(piece)
    return facts


def fact_key(fact: str) -> str:
    """How two spellings of one fact compare: case, spacing and a closing full stop do not count."""
    return " ".join(fact.casefold().split()).rstrip(".。")


def without_facts(profile: str, facts: Sequence[str]) -> str:
    """``profile`` without ``facts`` (matched by :func:`fact_key`); the rest as written."""
    gone = {fact_key(f) for f in facts}
    return " ".join(f for f in profile_facts(profile) if fact_key(f) not in gone)


def holds_fact(text: str | None, facts: Sequence[str]) -> bool:
    """Whether ``text`` (an earlier profile, a observation line) holds one of ``facts``."""
    folded = " ".join((text or "").casefold().split())
    return any(key and key in folded for key in (fact_key(f) for f in facts))
