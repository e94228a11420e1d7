"""The format of `UserState.UserNotes`: the member's profile, then the monitor's timestamped note lines.

Two owners share the one column (the old bot's table, kept unchanged for existing
deployments): memory writes the profile (the text that is not a note line), the
behaviour monitor appends `[2026-01-02 13:00] …` lines. Each side replaces only its
part, so a profile rewrite keeps the observations and the observations never pass
for the profile.
"""

from __future__ import annotations

import re

LEGACY_NOTES_MAX = 4000
"""`UserNotes` is NVARCHAR(MAX); the monitor's appended note lines are kept within this many characters."""
NOTE_LINE = re.compile(r"^\[\d{4}-\d{2}-\d{2} \d{2}:\d{2}\] ")


def split_notes(notes: str) -> tuple[str, list[str]]:
    """(profile, observation lines) of a `UserNotes` value."""
    lines = [line for line in notes.splitlines() if line.strip()]
    profile = " ".join(line.strip() for line in lines if not NOTE_LINE.match(line))
    return profile, [line for line in lines if NOTE_LINE.match(line)]


def join_notes(profile: str, observations: list[str]) -> str:
    """Profile first, then as many of the newest observation lines as the bound allows."""
    kept = list(observations)
    while kept and len("\n".join([profile, *kept])) > LEGACY_NOTES_MAX:
        kept.pop(0)
    return "\n".join(part for part in (profile, *kept) if part)


ROW_LOCK = "WITH (UPDLOCK, ROWLOCK)"
"""SQL Server table hint for the read of a read-modify-write of UserNotes: the two owners (memory's profile,
the monitor's lines) never overwrite each other's concurrent change. SQLite serialises writers anyway."""
