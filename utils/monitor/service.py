"""MonitorService: batches watched messages, analyses each batch with one LLM call, decides actions.

The cog hands it :class:`ObservedMessage` objects (and edits and deletions of them);
a batch goes to the model when it is full or ``sentiment_batch_seconds`` after its
first message, through a timer armed only while the channel has messages waiting.
Each finding updates the author's state in `MonitorState`, its ``note_update``
becomes a notes line and a passive memory (unless the member opted out or paused
memory), and the decided actions go to the handler the cog registered. A failed or
malformed analysis drops that batch with a log line; the next batch is analysed as usual.
A batch whose verdicts cannot be trusted (see :mod:`utils.monitor.trust`) is refused
whole: nobody is warned, nothing is recorded, and each kind of refusal is logged as a
WARNING once (later ones at INFO), so a small model does not flood the log.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import replace

from utils.background import BackgroundTasks
from utils.config import Settings
from utils.llm import LLMClient, LLMError
from utils.memory.service import MemoryService
from utils.monitor.analysis import REPORT_ANALYSIS_TOOL, build_analysis_messages, findings_by_index
from utils.monitor.batching import Batch, BatchBuffer
from utils.monitor.messages import ObservedMessage
from utils.monitor.policy import BatchOutcome, Policy, Verdict, judge, one_redirect_per_batch
from utils.monitor.state import MonitorState
from utils.monitor.trust import Refusal, refusal, unsupported
from utils.privacy.conversation import ConversationScreen
from utils.privacy.screen import Screened, screen
from utils.storage.schema import MEMORY_TEXT_MAX
from utils.wording import plural

logger = logging.getLogger(__name__)

ActionHandler = Callable[[BatchOutcome], Awaitable[None]]
TOKENS_PER_FINDING = 120


class MonitorService:
    def __init__(
        self,
        settings: Settings,
        llm: LLMClient,
        monitor_state: MonitorState,
        memory: MemoryService,
        tasks: BackgroundTasks,
        *,
        persist: bool = True,
        settings_for: Callable[[int | None], Settings] | None = None,
    ) -> None:
        """``persist=False`` (the replay's dry run) keeps every conclusion in RAM and stores no memory;
        ``settings_for(guild_id)`` gives a server's own settings (`utils.guild_settings`), ``settings`` when
        none is given."""
        self._settings = settings
        self._settings_for = settings_for or (lambda _guild_id: self._settings)
        self._llm = llm
        self._monitor_state = monitor_state
        self._memory = memory
        self._tasks = tasks
        self.persist = persist
        self.buffer = BatchBuffer(settings.sentiment_batch_size, settings.sentiment_batch_seconds)
        self._timers: dict[int, asyncio.TimerHandle] = {}
        self._handler: ActionHandler | None = None
        self._refusals_logged: set[str] = set()
        self.conversation = ConversationScreen()
        """Each member's last messages in each watched channel, read with their next one."""

    # ------------------------------------------------------------------ intake (live)
    @property
    def policy(self) -> Policy:
        """Thresholds as currently configured (read per batch, so a settings change applies at once)."""
        return Policy.from_settings(self._settings)

    def policy_for(self, guild_id: int | None) -> Policy:
        """A server's thresholds: its own settings where it changed them, read per batch like :attr:`policy`."""
        return Policy.from_settings(self._settings_for(guild_id))

    def watches(self, channel_id: int, guild_id: int | None = None) -> bool:
        """Whether a channel (a thread's parent, for threads) is configured for monitoring in its server."""
        return channel_id in self._settings_for(guild_id).sentiment_channel_ids

    def set_handler(self, handler: ActionHandler | None) -> None:
        """Who carries out decided actions (the cog); without one, conclusions are only recorded."""
        self._handler = handler

    def observe(self, message: ObservedMessage) -> None:
        """Queue a message; its channel's batch goes when full or when its timer fires.

        The message is read with its author's messages just before it (`ConversationScreen`): a value given after
        "clave del wifi:" is screened out of it, and one an earlier message gave that it reveals ("that was my
        PIN") leaves the messages still waiting.
        """
        in_context = self.conversation.take(
            message.author_id, message.channel_id, message.content, message_id=message.message_id, parent=message.parent_id
        )
        if in_context.found.values:
            self.buffer.scrub(message.author_id, in_context.seen)
            self._secrets_found(message.author_id, in_context.found)
        message = replace(message, content=in_context.said.text, channel_name=_place_name(message))
        loop = asyncio.get_running_loop()
        full = self.buffer.add(message, loop.time())
        channel_id = message.channel_id
        if full is not None:
            self._cancel_timer(channel_id)
            self._launch(full)
        elif channel_id not in self._timers:
            self._timers[channel_id] = loop.call_later(self.buffer.seconds, self._timer_fired, channel_id)

    def edited(self, channel_id: int, message_id: int, content: str | None) -> bool:
        """A pending message was edited: the batch carries the new text, read in its conversation (a value it now
        gives after an earlier "wifi pw", or one it says an earlier message was, leaves every message waiting).
        Already analysed: ignored."""
        author = self.conversation.author_of(message_id)
        in_context = self.conversation.edited(message_id, content or "")
        if in_context is not None and content is not None:
            content = in_context.said.text
            if in_context.found.values and author is not None:
                self.buffer.scrub(author, in_context.seen)
                self._secrets_found(author, in_context.found)
        changed = self.buffer.replace(channel_id, message_id, content)
        self._forget_timer_if_idle(channel_id)
        return changed

    def _secrets_found(self, user_id: int, found: Screened) -> None:
        """What was already analysed holds them too: the notes, the cases and the log rows written from the member's
        earlier messages, and memory's copies, lose them through memory's listeners (not in a replay's dry run)."""
        if self.persist:
            self._memory.secrets_found(user_id, found)

    def forget_member(self, user_id: int) -> int:
        """A member's waiting messages leave their batches, and the screen's window of them goes (an erasure)."""
        self.conversation.forget(user_id)
        dropped = self.buffer.drop_author(user_id)
        for channel_id in list(self._timers):
            self._forget_timer_if_idle(channel_id)
        return dropped

    def deleted(self, channel_id: int, message_ids: set[int]) -> int:
        """Deleted messages leave their pending batch (an emptied batch costs no call)."""
        self.conversation.deleted(message_ids)
        dropped = self.buffer.discard(channel_id, message_ids)
        self._forget_timer_if_idle(channel_id)
        return dropped

    def flush_pending(self) -> int:
        """Send every waiting batch now (at shutdown); returns how many were sent."""
        for channel_id in list(self._timers):
            self._cancel_timer(channel_id)
        batches = self.buffer.take_all()
        for batch in batches:
            self._launch(batch)
        return len(batches)

    def _timer_fired(self, channel_id: int) -> None:
        self._timers.pop(channel_id, None)
        batch = self.buffer.take(channel_id)
        if batch is not None:
            self._launch(batch)

    def _cancel_timer(self, channel_id: int) -> None:
        timer = self._timers.pop(channel_id, None)
        if timer is not None:
            timer.cancel()

    def _forget_timer_if_idle(self, channel_id: int) -> None:
        if not self.buffer.is_open(channel_id):
            self._cancel_timer(channel_id)

    def _launch(self, batch: Batch) -> None:
        self._tasks.spawn(self._run(batch), name=f"monitor-batch-{batch.channel_id}")

    async def _run(self, batch: Batch) -> None:
        outcome = await self.analyse(batch.messages)
        if outcome.actions and self._handler is not None:
            await self._handler(outcome)

    # ------------------------------------------------------------------ analysis (live and replay)
    async def analyse(self, batch: Sequence[ObservedMessage]) -> BatchOutcome:
        """One LLM call for the batch, then a verdict per message; a failed call drops the batch."""
        if not batch:
            return BatchOutcome()
        user_notes = {m.author_id: self._monitor_state.get_user_notes(m.author_id) for m in batch}
        where = f"#{batch[0].channel_name}"
        try:
            report, _usage = await self._llm.call_tool(
                build_analysis_messages(batch, user_notes),
                REPORT_ANALYSIS_TOOL,
                kind="sentiment_analysis",  # the LlmLog kind its rows have always carried: kept for their readers
                model=self._settings.extraction_model,
                temperature=0.2,
                max_tokens=200 + TOKENS_PER_FINDING * len(batch),
                member_ids=[m.author_id for m in batch],  # their words and `UserNotes` are in the request
            )
        except LLMError as exc:
            logger.warning("Analysis of %d messages in %s failed; batch dropped: %s", len(batch), where, exc)
            return BatchOutcome(failed=str(exc))
        policy = self.policy_for(batch[0].guild_id)
        refused = refusal(report, batch, policy.toxicity_threshold)
        if refused is not None:
            self._log_refusal(refused, len(batch), where)
            return BatchOutcome([Verdict(m, None, refused=refused.detail) for m in batch], refused=refused.detail)
        findings = findings_by_index(report, len(batch))
        verdicts: list[Verdict] = []
        for index, message in enumerate(batch):
            finding = findings[index]
            weak = unsupported(finding, policy.toxicity_threshold, policy.min_confidence)
            if weak is not None:
                logger.info("Not acting on %s in %s: %s.", message.author_name, where, weak)
                verdicts.append(Verdict(message, finding, refused=weak))
                continue
            verdict = judge(policy, self._monitor_state, message, finding)
            observation = await self._record_observation(message, finding.note_update, finding.topic_category)
            verdicts.append(replace(verdict, observation=observation))
        outcome = BatchOutcome(one_redirect_per_batch(verdicts))
        for verdict in outcome.verdicts:
            if verdict.remark.startswith("immune"):
                logger.info("%s in %s is immune; not actioned.", verdict.message.author_name, where)
        for action in outcome.actions:
            logger.info("Monitor decided: %s %s in %s (%s).", action.kind, action.message.author_name, where, action.reason)
        return outcome

    def _log_refusal(self, refused: Refusal, size: int, where: str) -> None:
        """One WARNING per kind of refusal for the process's life, then INFO: the owner learns it once."""
        first = refused.kind not in self._refusals_logged
        self._refusals_logged.add(refused.kind)
        logger.log(
            logging.WARNING if first else logging.INFO,
            "Refused the analysis of %s in %s (%s); nobody was actioned.%s",
            plural(size, "message"),
            where,
            refused.detail,
            " A larger model scores reliably (7B and up); later refusals of this kind are logged at INFO." if first else "",
        )

    def _may_observe(self, user_id: int) -> bool:
        """Opted-out and paused members get nothing new written about them, observations included; and, failing
        closed, nobody does before the opt-outs have been read."""
        return self._memory.may_learn(user_id)

    async def _record_observation(self, message: ObservedMessage, observation: str | None, topic: str | None) -> str | None:
        """A finding's observation: a line in the member's `UserNotes` and a 7-day passive memory."""
        if not observation or not self._may_observe(message.author_id):
            return None
        cleaned = screen(observation, "note", limit=MEMORY_TEXT_MAX)
        if cleaned.refused:
            logger.info("Dropped an observation about %s: it carried a secret.", message.author_id)
            return None
        self._monitor_state.add_observation(message.author_id, cleaned.text, now=message.created_at)
        if self.persist:
            await self._memory.save_passive(
                user_id=message.author_id, observation=observation, topic=topic, guild_id=message.guild_id
            )
        return cleaned.text


def _place_name(message: ObservedMessage) -> str:
    """A thread's or forum post's name is a member's words (its opener chose it), screened as their message is; a
    channel's is the server's."""
    return message.channel_name if message.parent_id is None else screen(message.channel_name, "message").text
