"""The one-time migration of legacy `UserNotes` into short profiles, reversibly.

Old deployments kept a growing list of timestamped observation lines per member
(``[2026-01-02 13:00] plays GTA every evening``); the memory system reads `UserNotes`
as a profile of at most 500 characters. This module asks the LLM, through its own
prompt (`prompts/profile_from_notes.txt`), to write that profile from the notes.

Nothing is lost and nothing is done twice: the old notes go to `NotesBackup` in the
same transaction that writes the profile, a member with a backup counts as migrated
(so a second or interrupted run only does what is left), and ``--rollback`` puts the
backed-up notes back byte for byte. A member whose LLM call fails keeps their notes.
`scripts/migrate_notes_to_profiles.py` is the command line; the logic lives here so
the tests drive it in-process, against a real SQLite file and the loopback LLM.
"""

from __future__ import annotations

import asyncio
import re
from collections import Counter, deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from enum import StrEnum
from typing import Any, TextIO

from pydantic import BaseModel, field_validator
from tqdm import tqdm

from utils.config import Settings
from utils.llm import LLMClient, LLMError, Message, ToolSpec, object_schema, quoted
from utils.memory.deduplication import near_duplicate
from utils.privacy.screen import Seen, screen, screen_profile
from utils.prompts import load_prompt
from utils.storage import control
from utils.storage import memories as memory_sql
from utils.storage import notes as sql
from utils.storage.engine import Database, DatabaseError, DatabaseUnavailable
from utils.storage.records import MemoryPreferenceRecord, NewMemory
from utils.storage.schema import MEMORY_TEXT_MAX, PROFILE_MAX
from utils.wording import plural

LEGACY_LINE = re.compile(r"^\s*\[(\d{4}-\d{2}-\d{2} \d{2}:\d{2})\]\s?(.*)$")
"""One observation line as `MonitorState.add_observation` writes it (UTC)."""

KIND = "profile_migration"
MEMORY_SOURCE = "migration"
ACTOR = "migration"
MEMORY_TOPIC = "general"
NOTES_INPUT_MAX = 12_000
"""Characters of notes sent to the model; the newest lines are kept when there are more."""
OLD_SHOWN_MAX = 600
"""Characters of the old notes a dry run prints per member."""
ABORT_AFTER_FAILURES = 5
"""This many calls in a row without an answer (or every member, if fewer) mean the LLM is down: stop."""
EXIT_OK, EXIT_SOME_FAILED, EXIT_CANNOT_RUN = 0, 1, 2


class Status(StrEnum):
    MIGRATED = "migrated"
    SKIPPED = "skipped"
    FAILED = "failed"


class MigrationAborted(Exception):
    """The run cannot go on (database or LLM unreachable); the message is one line for the operator."""


@dataclass(frozen=True)
class Observation:
    at: datetime
    text: str


@dataclass(frozen=True)
class Outcome:
    """What happened to one member; ``llm_failed`` (the LLM gave no answer) feeds the 'LLM is down' check."""

    user_id: int
    status: Status
    reason: str = ""
    old: str | None = None
    new: str = ""
    memories: tuple[str, ...] = ()
    llm_failed: bool = False


@dataclass(frozen=True)
class Options:
    dry_run: bool = False
    with_memories: bool = False
    memory_days: int = 30
    guild_id: int | None = None
    concurrency: int = 4


# ---------------------------------------------------------------------- reading the notes
def observations(notes: str) -> list[Observation]:
    """The timestamped lines of ``notes``, oldest first (lines with an impossible date are left out)."""
    found = []
    for line in notes.splitlines():
        match = LEGACY_LINE.match(line)
        if not match:
            continue
        try:
            at = datetime.strptime(match[1], "%Y-%m-%d %H:%M").replace(tzinfo=UTC)
        except ValueError:
            continue
        text = " ".join(match[2].split())
        if text:
            found.append(Observation(at, text))
    return sorted(found, key=lambda o: o.at)


def looks_like_profile(notes: str) -> bool:
    """No timestamped observation line: the notes are a profile already (written by the bot or by hand)."""
    return not any(LEGACY_LINE.match(line) for line in notes.splitlines())


def notes_for_prompt(notes: str) -> str:
    """The notes as the model sees them: screened as a model's input (a sentence that held a secret keeps its
    placeholder only, long numbers out, as the profile could keep neither), blank lines dropped, newest lines
    within the budget."""
    lines = [line.strip() for line in screen(notes, "input").text.splitlines() if line.strip()]
    kept: list[str] = []
    size = 0
    for line in reversed(lines):
        size += len(line) + 1
        if size > NOTES_INPUT_MAX and kept:
            break
        kept.append(line[:NOTES_INPUT_MAX])
    return "\n".join(reversed(kept))


# ---------------------------------------------------------------------- the LLM call
class ProfileAnswer(BaseModel):
    """The `write_profile` arguments: one flat profile (cut to the column after the screen, never before)."""

    profile: str = ""

    @field_validator("profile", mode="before")
    @classmethod
    def _flat(cls, value: Any) -> str:
        if not isinstance(value, str):
            return ""
        return " ".join(value.split())


_PROFILE_ARGUMENTS = object_schema(
    {
        "profile": {
            "type": "string",
            "description": "The profile: third person, plain sentences, at most 500 characters; empty if nothing is lasting.",
        }
    },
    ["profile"],
)
PROFILE_TOOL: ToolSpec[ProfileAnswer] = ToolSpec(
    "write_profile", "Give the member's profile written from the observation notes.", _PROFILE_ARGUMENTS, ProfileAnswer
)


def build_profile_messages(notes: str) -> list[Message]:
    """The request: every line of the notes quoted (`utils.llm.quoting`), so no observation line can close the block."""
    content = load_prompt("profile_from_notes_request").format(notes=quoted(notes_for_prompt(notes)))
    return [{"role": "system", "content": load_prompt("profile_from_notes")}, {"role": "user", "content": content}]


def migrated_memories(
    user_id: int, notes: str, *, now: datetime, days: int, limit: int, guild_id: int | None, known: Sequence[str] = ()
) -> list[tuple[datetime, NewMemory]]:
    """Observations of the last ``days`` as low-importance memories that expire ``days`` after they were made.

    Newest first, at most ``limit``; secrets are redacted (a line that is only a secret
    is refused) and near-duplicates of each other or of ``known`` memories are left out.
    """
    horizon = now - timedelta(days=days)
    picked: list[tuple[datetime, NewMemory]] = []
    for observation in reversed(observations(notes)):
        if not horizon < observation.at <= now:
            continue
        cleaned = screen(observation.text, "note", limit=MEMORY_TEXT_MAX)
        if cleaned.refused:
            continue
        text = cleaned.text
        if any(near_duplicate(text, other) for other in [*known, *(m.memory for _, m in picked)]):
            continue
        expires_at = observation.at + timedelta(days=days)
        picked.append((observation.at, NewMemory(user_id, text, (MEMORY_TOPIC,), "low", expires_at, MEMORY_SOURCE, guild_id)))
        if len(picked) == limit:
            break
    return picked


# ---------------------------------------------------------------------- the run
class NotesMigration:
    """One run over every member: classify, ask the LLM with bounded concurrency, write atomically per member."""

    def __init__(
        self,
        settings: Settings,
        db: Database,
        llm: LLMClient,
        options: Options,
        report: Callable[[str], None],
        *,
        progress_to: TextIO | None = None,
    ) -> None:
        self._settings = settings
        self._db = db
        self._llm = llm
        self._options = options
        self._report = report
        self._progress_to = progress_to
        self._now = datetime.now(UTC)
        self._preferences: dict[int, MemoryPreferenceRecord] = {}

    def classify(
        self,
        notes: dict[int, str | None],
        backups: dict[int, str | None],
        preferences: dict[int, MemoryPreferenceRecord],
    ) -> tuple[list[Outcome], list[tuple[int, str]]]:
        """Split members into those skipped (with the reason) and those to migrate."""
        skipped: list[Outcome] = []
        pending: list[tuple[int, str]] = []
        for user_id, text in notes.items():
            preference = preferences.get(user_id)
            if user_id in backups:
                skipped.append(Outcome(user_id, Status.SKIPPED, "already migrated", text))
            elif text is None or not text.strip():
                skipped.append(Outcome(user_id, Status.SKIPPED, "no notes", text))
            elif preference is not None and preference.opted_out:
                skipped.append(Outcome(user_id, Status.SKIPPED, "opted out of memory", text))
            elif looks_like_profile(text):
                skipped.append(Outcome(user_id, Status.SKIPPED, "already a profile", text))
            else:
                pending.append((user_id, text))
        return skipped, pending

    async def run(self) -> list[Outcome]:
        notes = await self._db.run(sql.get_all_user_notes)
        backups = await self._db.run(sql.get_notes_backups)
        self._preferences = {p.user_id: p for p in await self._db.run(control.load_controls)}
        outcomes, pending = self.classify(notes, backups, self._preferences)
        queue = deque(pending)
        threshold = min(ABORT_AFTER_FAILURES, len(pending))
        failures_in_a_row = 0
        bar = tqdm(total=len(pending), desc="migrating", unit="member", file=self._progress_to, disable=self._progress_to is None)

        async def worker() -> None:
            nonlocal failures_in_a_row
            while queue:
                user_id, text = queue.popleft()
                outcome = await self._migrate_one(user_id, text)
                outcomes.append(outcome)
                bar.update(1)
                self._report_outcome(outcome)
                failures_in_a_row = failures_in_a_row + 1 if outcome.llm_failed else 0
                if threshold and failures_in_a_row >= threshold:
                    migrated = sum(o.status is Status.MIGRATED for o in outcomes)
                    times = f"{failures_in_a_row} time{'s' * (failures_in_a_row != 1)}"
                    raise MigrationAborted(
                        f"the LLM did not answer {times} in a row (last: {outcome.reason}); stopped after "
                        f"{migrated} migrated — everyone else is unchanged, run again when the LLM answers"
                    )

        workers = [asyncio.create_task(worker()) for _ in range(max(1, min(self._options.concurrency, len(pending))))]
        try:
            done, _ = await asyncio.wait(workers, return_when=asyncio.FIRST_EXCEPTION)
        finally:
            for task in workers:
                task.cancel()
            await asyncio.gather(*workers, return_exceptions=True)
            bar.close()
        for task in done:
            error = task.exception()
            if isinstance(error, DatabaseUnavailable):
                raise MigrationAborted(f"lost the database ({error}); members already migrated are complete, run again")
            if error is not None:
                raise error
        return sorted(outcomes, key=lambda o: o.user_id)

    async def _migrate_one(self, user_id: int, notes: str) -> Outcome:
        seen = Seen([screen(notes, "message")])
        try:
            answer, _ = await self._llm.call_tool(
                build_profile_messages(notes),
                PROFILE_TOOL,
                kind=KIND,
                model=self._settings.extraction_model,
                temperature=0.2,
                user_id=user_id,
                seen=seen,
            )
        except LLMError as exc:
            # Chained from the SDK's error: no answer at all (down, timeout, error status), which
            # counts towards "the LLM is down"; an unusable answer (no tool call, bad JSON) does not.
            return Outcome(user_id, Status.FAILED, f"LLM: {exc}", notes, llm_failed=exc.__cause__ is not None)
        if not answer.profile:
            return Outcome(user_id, Status.FAILED, "the model gave an empty profile; notes left as they were", notes)
        # A secret in the notes that the model restates bare in the profile is screened out too.
        # The profile loses its sentences about health, beliefs, other people or roles; one of only those is refused.
        cleaned = screen_profile(answer.profile, seen=seen, limit=PROFILE_MAX)
        if cleaned.refused:
            return Outcome(user_id, Status.FAILED, "the profile carried a secret or only sensitive data; notes kept", notes)
        profile = cleaned.text
        try:
            memories = await self._memories_for(user_id, notes)
            written = self._options.dry_run or await self._db.run(
                sql.migrate_user_notes,
                user_id,
                notes,
                profile,
                memories,
                actor=ACTOR,
                cap=self._settings.memory_max_per_user,
                now=self._now,
            )
        except DatabaseUnavailable:
            raise  # the database went away: the run stops (everyone not yet migrated is unchanged)
        except DatabaseError as exc:
            # This member's row was refused (a constraint, a value the server will not take): the others go on.
            return Outcome(
                user_id, Status.FAILED, f"the database refused this member's write: {exc}; notes left as they were", notes
            )
        if not written:
            return Outcome(user_id, Status.FAILED, "the notes changed while migrating; left as they are", notes)
        return Outcome(user_id, Status.MIGRATED, "", notes, profile, tuple(m.memory for _, m in memories))

    async def _memories_for(self, user_id: int, notes: str) -> list[tuple[datetime, NewMemory]]:
        if not self._options.with_memories:
            return []
        preference = self._preferences.get(user_id)
        if preference is not None and preference.paused_until is not None and preference.paused_until > self._now:
            return []
        known = [m.memory for m in await self._db.run(memory_sql.get_recent_memories, user_id, None, now=self._now)]
        return migrated_memories(
            user_id,
            notes,
            now=self._now,
            days=self._options.memory_days,
            limit=self._settings.memory_max_per_extraction,
            guild_id=self._options.guild_id,
            known=known,
        )

    def _report_outcome(self, outcome: Outcome) -> None:
        if outcome.status is Status.FAILED:
            self._report(f"member {outcome.user_id}: failed: {outcome.reason}")
        elif self._options.dry_run:
            self._report(describe_change(outcome))
        else:
            extra = f", {plural(len(outcome.memories), 'memory', 'memories')}" if self._options.with_memories else ""
            self._report(f"member {outcome.user_id}: migrated ({len(outcome.old or '')} → {len(outcome.new)} characters{extra})")


def describe_change(outcome: Outcome) -> str:
    """A dry run's old → new for one member (the old notes' first lines, within ``OLD_SHOWN_MAX`` characters)."""
    old = outcome.old or ""
    old_lines = old.splitlines()
    shown: list[str] = []
    for old_line in old_lines:
        if shown and sum(len(s) + 1 for s in shown) + len(old_line) > OLD_SHOWN_MAX:
            break
        shown.append(old_line[:OLD_SHOWN_MAX])
    lines = [f"member {outcome.user_id}: would migrate", f"  old ({len(old)} characters):"]
    lines += [f"    {old_line}" for old_line in shown]
    if len(old_lines) > len(shown):
        lines.append(f"    … {len(old_lines) - len(shown)} more lines")
    lines.append(f"  new ({len(outcome.new)} characters): {outcome.new}")
    if outcome.memories:
        lines.append(f"  memories ({len(outcome.memories)}):")
        lines += [f"    - {memory}" for memory in outcome.memories]
    return "\n".join(lines)


def summary_line(outcomes: Sequence[Outcome], *, dry_run: bool) -> str:
    counts = Counter(o.status for o in outcomes)
    reasons = Counter(o.reason for o in outcomes if o.status is Status.SKIPPED)
    skipped = f"skipped {counts[Status.SKIPPED]}"
    if reasons:
        skipped += " (" + ", ".join(f"{reason}: {n}" for reason, n in sorted(reasons.items())) + ")"
    failed = f"failed {counts[Status.FAILED]}"
    if dry_run:
        return f"Dry run: would migrate {counts[Status.MIGRATED]}, {skipped}, {failed}. Nothing was written."
    return f"Migrated {counts[Status.MIGRATED]}, {skipped}, {failed}."
