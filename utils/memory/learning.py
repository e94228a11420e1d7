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
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from datetime import UTC, datetime

from utils.config import Settings
from utils.llm.client import LLMClient, LLMError
from utils.memory.erasure import Erasure
from utils.memory.extraction import (
    MEMORY_EXTRACTION_TOOL,
    PERMANENT,
    ExtractedMemory,
    ExtractionTurn,
    build_extraction_messages,
)
from utils.memory.extraction_rules import repeats_forgotten, shown_to_extractor
from utils.memory.quality import ModelQuality, proposals
from utils.memory.ranking import Query
from utils.memory.store import MemoryStore
from utils.memory.vetting import vet
from utils.privacy.screen import Seen, screen, screen_profile
from utils.storage.engine import DatabaseError
from utils.storage.records import MemoryScope, NewMemory
from utils.storage.schema import PROFILE_MAX

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class ChatLearning:
    """One member's turns in, their memories and profile written; what it needs of `MemoryService` is passed in."""

    settings: Settings
    llm: LLMClient
    store: MemoryStore
    may_learn: Callable[[int], bool]
    scope_for: Callable[[int | None], MemoryScope]
    tell: Callable[[Erasure], None]
    quality: ModelQuality
    """Reaches the erase listeners when the member asked, in chat, to forget something."""

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
        profile = self.store.profile(user_id)
        messages = build_extraction_messages(member_name=name, profile=profile, shown=shown, turns=turns)
        try:
            result, _usage = await self.llm.call_tool(
                messages,
                MEMORY_EXTRACTION_TOOL,
                kind="memory_extraction",
                model=self.settings.extraction_model,
                temperature=0.3,
                user_id=user_id,
            )
        except LLMError as exc:
            logger.warning("Memory extraction for %s failed: %s", user_id, exc)
            self.quality.call_failed(self.settings.extraction_model)
            return
        texts, replies = [t.user_text for t in turns], [t.bot_reply for t in turns]
        vetted = vet(result, member_name=name, member_texts=texts, profile=profile, shown=shown, bot_texts=replies)
        self.quality.call_answered(self.settings.extraction_model, proposed=proposals(result), kept=proposals(vetted))
        result = vetted
        forget_ids = [shown[n - 1].id for n in dict.fromkeys(result.forget) if 1 <= n <= len(shown)]
        forgotten = [m for m in shown if m.id in forget_ids]
        accepted = [m for m in result.memories[: self.settings.memory_max_per_extraction] if not repeats_forgotten(m, forgotten)]
        if len(result.memories) > self.settings.memory_max_per_extraction:
            logger.info("Extractor proposed %d memories for %s; kept at most %d.", len(result.memories), user_id, len(accepted))
        async with self.store.lock(user_id):
            if self.store.epoch(user_id) != epoch or not self.may_learn(user_id):
                logger.info("Dropped an extraction for %s: their memory was erased or paused meanwhile.", user_id)
                return
            candidates, new_profile = self.fold_permanent(user_id, guild_id, accepted, result.profile_update, seen)
            await self.store.store(user_id, scope, candidates, actor="member", forget_ids=forget_ids, profile=new_profile)
        if forget_ids:
            self.tell(Erasure(user_id, everything=False))
        logger.info(
            "Extracted %d memories for %s (profile_update=%s, forgot=%d)",
            len(candidates),
            name,
            bool(result.profile_update),
            len(forget_ids),
        )

    def fold_permanent(
        self,
        user_id: int,
        guild_id: int | None,
        memories: Sequence[ExtractedMemory],
        profile_update: str | None,
        seen: Seen | None = None,
    ) -> tuple[list[NewMemory], str | None]:
        """Expiring memories are written as they are; permanent ones belong in the profile.

        Returns the memories and the new profile (None: unchanged), written together.
        A permanent fact the model did not fold into a profile update is appended to the
        profile when it fits, else kept as a 30-day memory, so it is never silently lost.
        """
        now = datetime.now(UTC)
        profile = self.screen_profile(user_id, profile_update, seen) if profile_update else None
        candidates = []
        for m in memories:
            # What the member said and the model restates bare is marked here; the store's screen refuses it.
            text = _scrubbed(m.memory, seen)
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
