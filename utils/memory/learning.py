"""Learning from chat: what the extractor proposes for a member's turns, vetted, folded and written.

Only the author's turns and the live memories of the place are shown to the model
(numbered, never by database id). What it proposes is vetted, cut to the per-extraction
limit, and written by `MemoryStore` under the member's lock, unless a forget, opt-out
or pause happened meanwhile (the epoch moved). Permanent facts go into the profile,
written in the same transaction as the memories of the same extraction. What was
screened out of the member's own messages (`Seen`) is screened out of everything the
model returns for them too: memories, topics, slot keys and the profile.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import UTC, datetime

from utils.config import Settings
from utils.llm import LLMClient, LLMError
from utils.members.erasure import EraseWhat, ForgetFacts, ForgetIds, Receipt
from utils.memory.deduplication import near_duplicate
from utils.memory.extraction import (
    MEMORY_EXTRACTION_TOOL,
    PERMANENT,
    ExtractedMemory,
    ExtractionTurn,
    as_shown,
    build_extraction_messages,
)
from utils.memory.extraction_rules import repeats_forgotten, shown_to_extractor
from utils.memory.forget_requests import asks_to_forget
from utils.memory.quality import ModelQuality, proposals
from utils.memory.ranking import Query, rank_relevant
from utils.memory.store import MemoryStore
from utils.memory.vetting import vet
from utils.memory.write_plan import Epoch
from utils.privacy.screen import Seen, screen, screen_profile
from utils.storage.engine import DatabaseError
from utils.storage.records import MemoryRecord, MemoryScope, NewMemory
from utils.storage.schema import PROFILE_MAX
from utils.storage.user_notes import profile_facts

logger = logging.getLogger(__name__)

EARLIER_SHOWN_ON_FORGET = 5
"""Earlier values of the member's facts shown to the extractor when they ask to forget (those the request names)."""


@dataclass(frozen=True)
class ChatLearning:
    """One member's turns in, their memories and profile written; what it needs of `MemoryService` is passed in."""

    settings: Settings
    llm: LLMClient
    store: MemoryStore
    may_learn: Callable[[int], bool]
    scope_for: Callable[[int | None], MemoryScope]
    forget: Callable[[int, EraseWhat, Epoch], Awaitable[Receipt | None]]
    """The member's door (`MemberService.erase`): a forget asked for in plain words is an erasure like any other.
    None back: the member was erased or paused since the extraction started (nothing may be written)."""
    quality: ModelQuality
    confirm: Callable[[int, int | None, Receipt], None] = lambda _user, _channel, _receipt: None
    """Tells the member, where they asked, what their plain-words forget took (the same receipt as a command's)."""

    async def extract_and_save(
        self, user_id: int, name: str, guild_id: int | None, turns: Sequence[ExtractionTurn], seen: Seen | None = None
    ) -> None:
        """Extract what the member's turns tell and write it; only the author's turns are shown to the model.

        ``seen``: the values screened out of those turns' messages, screened out of what the model returns.
        """
        epoch = self.store.epoch(user_id)
        scope = self.scope_for(guild_id)
        try:
            live = await self.store.live_memories(user_id, scope)
        except DatabaseError:
            live = ()
        shown = shown_to_extractor(live, Query.forget_request(" ".join(t.user_text for t in turns)))
        if asks_to_forget([t.user_text for t in turns]):
            shown += await self._earlier_named(user_id, scope, turns)
        profile = self.store.profile(user_id)
        messages = build_extraction_messages(member_name=name, profile=profile, shown=shown, turns=as_shown(turns, seen))
        try:
            result, _usage = await self.llm.call_tool(
                messages,
                MEMORY_EXTRACTION_TOOL,
                kind="memory_extraction",
                model=self.settings.extraction_model,
                temperature=0.3,
                user_id=user_id,
                seen=seen,
            )
        except LLMError as exc:
            logger.warning("Memory extraction for %s failed: %s", user_id, exc)
            self.quality.call_failed(self.settings.extraction_model)
            return
        texts, replies = [t.user_text for t in turns], [t.bot_reply for t in turns]
        raw_update = result.profile_update
        vetted = vet(result, member_name=name, member_texts=texts, profile=profile, shown=shown, bot_texts=replies)
        self.quality.call_answered(self.settings.extraction_model, proposed=proposals(result), kept=proposals(vetted))
        cleared = _asked_to_clear(texts, raw_update)
        result = vetted
        forget_ids = [shown[n - 1].id for n in dict.fromkeys(result.forget) if 1 <= n <= len(shown)]
        forgotten = [m for m in shown if m.id in forget_ids]
        facts = _facts_asked_away(texts, profile, result.profile_update, cleared=cleared)
        accepted = [m for m in result.memories[: self.settings.memory_max_per_extraction] if not repeats_forgotten(m, forgotten)]
        if len(result.memories) > self.settings.memory_max_per_extraction:
            logger.info("Extractor proposed %d memories for %s; kept at most %d.", len(result.memories), user_id, len(accepted))
        if forget_ids or facts:
            after = await self._forget_asked(user_id, epoch, forget_ids, facts, turns[-1].channel_id)
            if after is None:
                return
            epoch = after
        async with self.store.lock(user_id):
            if self.store.epoch(user_id) != epoch or not self.may_learn(user_id):
                logger.info("Dropped an extraction for %s: their memory was erased or paused meanwhile.", user_id)
                return
            update = None if cleared else result.profile_update  # a rewrite may bring new facts besides the forget
            replaced = {n: shown[n - 1].id for n in (m.replaces for m in accepted) if n is not None and 1 <= n <= len(shown)}
            candidates, new_profile = self.fold_permanent(user_id, guild_id, accepted, update, seen, replaced)
            await self.store.store(user_id, scope, candidates, actor="member", profile=new_profile)
        logger.info(
            "Extracted %d memories for %s (profile_update=%s, forgot=%d memories, %d profile facts)",
            len(candidates),
            name,
            bool(result.profile_update),
            len(forget_ids),
            len(facts),
        )

    async def _earlier_named(self, user_id: int, scope: MemoryScope, turns: Sequence[ExtractionTurn]) -> list[MemoryRecord]:
        """The member's earlier values a forget request names (words or topics): shown after the live ones, marked
        as earlier, so "forget that I lived in Lyon" reaches a value that no longer holds. One read, on requests only."""
        try:
            rows = await self.store.fact_history(user_id, scope)
        except DatabaseError:
            return []
        earlier = [m for m in rows if m.superseded_at is not None]
        query = Query.forget_request(" ".join(t.user_text for t in turns))
        return rank_relevant(earlier, query, limit=EARLIER_SHOWN_ON_FORGET)

    async def _forget_asked(
        self, user_id: int, epoch: Epoch, ids: Sequence[int], facts: Sequence[str], channel_id: int | None
    ) -> Epoch | None:
        """The memories and profile facts the member asked, in plain words, to forget: through their door, with a
        receipt told back where they asked. Returns the epoch the rest of the extraction is written under (None:
        the member was erased or paused meanwhile, so nothing of it may be written)."""
        receipt: Receipt | None = None
        for what in ([ForgetIds(tuple(ids))] if ids else []) + ([ForgetFacts(texts=tuple(facts))] if facts else []):
            done = await self.forget(user_id, what, epoch)
            if done is None or not done.found:
                logger.info("Dropped an extraction for %s: their memory was erased or paused meanwhile.", user_id)
                return None
            receipt = done if receipt is None else _together(receipt, done)
            epoch = self.store.epoch(user_id)
        if receipt is not None:
            self.confirm(user_id, channel_id, receipt)
        return epoch

    def fold_permanent(
        self,
        user_id: int,
        guild_id: int | None,
        memories: Sequence[ExtractedMemory],
        profile_update: str | None,
        seen: Seen | None = None,
        replaced: Mapping[int, int] | None = None,
    ) -> tuple[list[NewMemory], str | None]:
        """Expiring memories are written as they are; permanent ones belong in the profile.

        Returns the memories and the new profile (None: unchanged), written together.
        A permanent fact the model did not fold into a profile update is appended to the
        profile when it fits, else kept as a 30-day memory, so it is never silently lost.
        A fact that replaces a memory (``replaced``: its vetted `replaces` number → the
        memory's id) stays a memory, permanent or not: the profile keeps no earlier values.
        """
        now = datetime.now(UTC)
        replaced = replaced or {}
        profile = self.screen_profile(user_id, profile_update, seen) if profile_update else None
        candidates = []
        for m in memories:
            # What the member said and the model restates bare is marked here; the store's screen refuses it.
            text = _scrubbed(m.memory, seen)
            old_id = replaced.get(m.replaces) if m.replaces is not None else None
            if old_id is not None:
                lasting = dict(expiration="30d", importance="high") if m.expiration == PERMANENT else {}
                candidates.append(_scrubbed_memory(m.written(user_id, guild_id, now, replaces_id=old_id, **lasting), seen))
                continue
            if m.expiration != PERMANENT:
                candidates.append(_scrubbed_memory(m.written(user_id, guild_id, now), seen))
                continue
            if profile_update:
                continue
            joined = f"{profile or self.store.profile(user_id)} {text}".strip()
            if len(joined) <= PROFILE_MAX and not screen(text, "memory").refused:
                profile = self.screen_profile(user_id, joined, seen) or profile
            else:
                candidates.append(_scrubbed_memory(m.written(user_id, guild_id, now, expiration="30d", importance="high"), seen))
        return candidates, profile

    def screen_profile(self, user_id: int, profile: str, seen: Seen | None = None) -> str | None:
        """The profile as it may be stored (screened, then cut at a word), or None when it carries a secret or changes nothing."""
        cleaned = screen_profile(profile, seen=seen, limit=PROFILE_MAX)
        if cleaned.refused:
            logger.info("Refused a profile update for %s: it carried a secret.", user_id)
            return None
        return None if cleaned.text == self.store.profile(user_id) else cleaned.text


def _scrubbed(text: str, seen: Seen | None) -> str:
    """``text`` with the values seen in the member's messages marked (placeholders); unchanged without any."""
    return seen.scrub(text) if seen else text


def _scrubbed_memory(memory: NewMemory, seen: Seen | None) -> NewMemory:
    """A memory with its text, topics and slot key scrubbed of the seen values, as the model wrote them."""
    if not seen:
        return memory
    return replace(
        memory,
        memory=seen.scrub(memory.memory),
        topics=tuple(seen.scrub(t) for t in memory.topics),
        slot_key=memory.slot_key and seen.scrub(memory.slot_key),
    )


def dropped_facts(profile: str, update: str) -> list[str]:
    """The facts of ``profile`` a rewrite leaves out; one it says again in other words is kept (near-duplicates,
    as dedup judges them)."""
    written = profile_facts(update)
    return [fact for fact in profile_facts(profile) if not any(near_duplicate(fact, new) for new in written)]


def _facts_asked_away(member_texts: Sequence[str], profile: str, update: str | None, *, cleared: bool) -> list[str]:
    """The profile facts a member's request takes: whichever the model's rewrite left out, all of them when it
    emptied the profile, none without a request (a rewrite that only rephrases forgets nothing)."""
    if not profile or not asks_to_forget(member_texts):
        return []
    if cleared:
        return profile_facts(profile)
    return dropped_facts(profile, update) if update is not None else []


def _asked_to_clear(member_texts: Sequence[str], update: str | None) -> bool:
    """The member asked to forget and the model answered with an empty profile: "forget everything about me"
    leaves the profile empty (an empty rewrite is otherwise "no change")."""
    return update is not None and not update.strip() and asks_to_forget(member_texts)


def _together(first: Receipt, second: Receipt) -> Receipt:
    removed = dict(first.removed)
    for kind, count in second.removed.items():
        removed[kind] = removed.get(kind, 0) + count
    return replace(second, removed=removed)
