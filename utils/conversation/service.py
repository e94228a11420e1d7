"""The conversation pipeline shared by the Discord cog and the terminal chat.

One call per incoming message: clean the text, wait for this member's previous
message in this channel to be answered (answers come in order, one at a time),
build the memory block, ask the model, fall back to a friendly line when it
fails, remember the exchange in the channel history, and hand the exchange to
memory extraction in the background.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections import defaultdict, deque
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass, replace
from typing import Any

from utils.config import Settings
from utils.conversation._asked_memory import asks_what_is_known
from utils.conversation.messages import ChatReply, IncomingMessage, Turn
from utils.conversation.text import clean_input, trim_reply
from utils.llm import LLMClient, LLMError, Message
from utils.members.erasure import Receipt
from utils.memory.service import MemoryContext, MemoryService
from utils.privacy.conversation import with_lone_value
from utils.privacy.screen import Screened, Seen, screen
from utils.prompts import load_prompt
from utils.text import cut_at_word, valid_text

logger = logging.getLogger(__name__)

HISTORY_MAX_CHARS = 6000
"""Earlier lines shown with a new message (about 1.5k tokens): 20 turns of long messages once filled
3,743 of a 4,096-token context. The newest lines that fit are shown."""
HISTORY_REPLY_CHARS = 1000
"""A bot reply kept as context is cut to this: a 50k reply was once replayed whole with every message after it."""
FALLBACK_REPLY = "Sorry, my brain is lagging right now 🧠💤 — give me a moment and try again!"
EMPTY_MESSAGE = "(no text)"


@dataclass
class _LateChange:
    """What happened to a member's message while its reply was still being written.

    The line enters the channel context and the learning queue only when the reply
    is done, so a delete or an edit arriving before then has nothing to change yet:
    it is kept here and applied at that moment.
    """

    deleted: bool = False
    text: str | None = None
    """The edited text, cleaned; None while the message is unedited."""


Notice = Callable[[int, int | None, str], None]


class ChatService:
    def __init__(
        self, settings: Settings, llm: LLMClient, memory: MemoryService, *, cooldown_seconds: float | None = None
    ) -> None:
        self._settings = settings
        self._llm = llm
        self.memory = memory
        self._cooldown = settings.chat_cooldown_seconds if cooldown_seconds is None else cooldown_seconds
        self._history: dict[int, deque[Turn]] = defaultdict(lambda: deque(maxlen=max(1, settings.chat_history_turns)))
        self._locks: dict[tuple[int, int], asyncio.Lock] = {}
        self._lock_users: dict[tuple[int, int], int] = defaultdict(int)
        self._last_accepted: dict[int, float] = {}
        self._in_flight: dict[int, dict[int, _LateChange]] = {}
        """Channel → the messages whose reply is being written there, and what happened to them meanwhile.
        An entry lives only while its reply is in flight, so it is bounded by the replies being written."""
        self._notices: list[Notice] = []
        memory.on_forgotten_said(self._forgotten_said)
        memory.on_secrets_found(self._secrets_found)

    def on_notice(self, listener: Notice) -> Callable[[], None]:
        """``listener(user_id, channel_id, text)``: something the bot must tell a member where they spoke, after its
        reply (what a forget they asked for in plain words took). The cog posts it; the terminal prints it.

        Returns what stops it (a cog unloaded must not be told any more)."""
        self._notices.append(listener)

        def stop() -> None:
            if listener in self._notices:
                self._notices.remove(listener)

        return stop

    def _forgotten_said(self, user_id: int, channel_id: int | None, receipt: Receipt) -> None:
        text = f"Forgotten, as you asked. {receipt.said()}"
        for listener in self._notices:
            listener(user_id, channel_id, text)

    def _secrets_found(self, user_id: int, found: Screened) -> None:
        """A member's conversation showed values in their messages were secrets ("my PIN" / "0429", or "that was my
        password"): their lines, and the bot's answers to them, are shown without them from now on."""
        seen = Seen([found])
        for history in self._history.values():
            for index, turn in enumerate(history):
                if turn.member_id == user_id and (text := seen.scrub(turn.text)) != turn.text:
                    history[index] = replace(turn, text=text)

    def on_cooldown(self, author_id: int) -> bool:
        """True when the member's previous answered message is too recent (checked before showing typing)."""
        last = self._last_accepted.get(author_id)
        return bool(self._cooldown) and last is not None and time.monotonic() - last < self._cooldown

    async def respond(self, message: IncomingMessage) -> ChatReply:
        """Answer one message addressed to the bot; never raises for a model or database failure."""
        if self.on_cooldown(message.author_id):
            return ChatReply(skipped=True)
        self._last_accepted[message.author_id] = time.monotonic()
        message = _valid_message(message)
        text, was_cut = clean_input(message.content, self._settings.chat_max_input_chars)
        key = (message.channel_id, message.author_id)
        lock = self._locks.setdefault(key, asyncio.Lock())
        self._lock_users[key] += 1
        self._track(message)
        try:
            async with lock:
                return await self._answer(message, text, was_cut)
        finally:
            self._untrack(message)
            self._lock_users[key] -= 1
            if not self._lock_users[key]:
                del self._lock_users[key], self._locks[key]

    def _track(self, message: IncomingMessage) -> None:
        """From now until the reply is done, a delete or an edit of this message is kept for it."""
        if message.message_id is not None:
            self._in_flight.setdefault(message.channel_id, {})[message.message_id] = _LateChange()

    def _untrack(self, message: IncomingMessage) -> None:
        waiting = self._in_flight.get(message.channel_id)
        if waiting is None or message.message_id is None:
            return
        waiting.pop(message.message_id, None)
        if not waiting:
            del self._in_flight[message.channel_id]

    def _late_change(self, message: IncomingMessage) -> _LateChange:
        if message.message_id is None:
            return _LateChange()
        return self._in_flight.get(message.channel_id, {}).get(message.message_id) or _LateChange()

    async def _answer(self, message: IncomingMessage, text: str, was_cut: bool) -> ChatReply:
        context = await self._build_memory_context(message, text)
        prompt, quoted = self._compose(message, text, was_cut, context)
        said = with_lone_value(screen(text, "message"))
        try:
            result = await self._llm.chat(
                prompt,
                kind="chat",
                temperature=self._settings.llm_temperature,
                max_tokens=self._settings.llm_max_reply_tokens,
                user_id=message.author_id,
                member_ids=quoted,
                seen=self._seen_in(message, said),
            )
        except LLMError as exc:
            logger.warning("Chat reply to %s fell back: %s", message.author_id, exc)
            return ChatReply(text=FALLBACK_REPLY, ok=False)
        reply = trim_reply(result.text, self._speakers(message), memory_asked_for=asks_what_is_known(text))
        written = result.text.strip()
        if reply and not written.endswith(reply):  # its end was cut; lengths only: the cut text may be the memory block
            logger.info(
                "Chat reply to %s was cut from %d to %d characters: the model went on as another speaker or copied its notes",
                message.author_id,
                len(written),
                len(reply),
            )
        if not reply:
            logger.warning("Chat reply to %s fell back: the model only wrote others' lines or its notes", message.author_id)
            return ChatReply(text=FALLBACK_REPLY, ok=False)
        late = self._late_change(message)
        if late.deleted:
            logger.info("Message %s was deleted while its reply was written; the reply is withdrawn.", message.message_id)
            return ChatReply(withdrawn=True)
        answered = reply
        if late.text is not None:
            text, answered = late.text, ""  # the answer to the old text may repeat what the member took back
            said = with_lone_value(screen(text, "message"))
        history = self._history[message.channel_id]
        member_id, message_id = message.author_id, message.message_id
        history.append(Turn(message.author_name, text or EMPTY_MESSAGE, member_id=member_id, message_id=message_id, said=said))
        history.append(
            Turn(
                "Bot",
                cut_at_word(reply, HISTORY_REPLY_CHARS, ellipsis=True),
                from_bot=True,
                member_id=member_id,
                message_id=message_id,
            )
        )
        if text:
            self.memory.remember_turn(
                user_id=message.author_id,
                member_name=message.author_name,
                guild_id=message.guild_id,
                user_text=text,
                bot_reply=answered,
                message_id=message.message_id,
                channel_id=message.channel_id,
                parent_id=message.parent_id,
                title=(message.opened_by, message.channel_name) if message.opened_by is not None else None,
            )
        return ChatReply(text=reply)

    def _seen_in(self, message: IncomingMessage, said: Screened) -> Seen:
        """What the screen took out of the member lines of this request, for its log row (`LlmCallRecord.seen`):
        the model may repeat a password said two messages ago, with no "password" next to it. A thread's or forum
        post's title is its opener's words, and the prompt names the place by it."""
        earlier = message.reply_chain if message.reply_chain is not None else self._history[message.channel_id]
        title = [screen(message.channel_name, "message")] if message.opened_by is not None else []
        return Seen([said, *title, *(turn.said for turn in earlier if turn.said is not None)])

    def _speakers(self, message: IncomingMessage) -> set[str]:
        """Names the model might go on speaking as: the author and everyone in the context it was shown."""
        earlier = message.reply_chain if message.reply_chain is not None else self._history[message.channel_id]
        return {message.author_name, *(turn.speaker for turn in earlier)}

    def forget_member(self, user_id: int) -> int:
        """Drop a member's lines (and the bot's answers to them) from every channel's context; returns how many."""
        dropped = 0
        for channel_id, history in self._history.items():
            kept = [turn for turn in history if turn.member_id != user_id]
            if len(kept) != len(history):
                dropped += len(history) - len(kept)
                self._history[channel_id] = deque(kept, maxlen=history.maxlen)
        return dropped

    def messages_deleted(self, channel_id: int, message_ids: Collection[int]) -> None:
        """Members deleted messages: those lines, and the bot's answers to them, leave the channel's context.

        A deleted message (say, one holding a password) must not be sent again in
        anyone's prompt, and an answer to it may repeat it.
        """
        gone = set(message_ids)
        for message_id, late in self._in_flight.get(channel_id, {}).items():
            late.deleted = late.deleted or message_id in gone
        self.memory.message_deleted(gone)
        history = self._history.get(channel_id)
        if history is None or not gone:
            return
        kept = [turn for turn in history if turn.message_id not in gone]
        if len(kept) != len(history):
            self._history[channel_id] = deque(kept, maxlen=history.maxlen)

    def message_edited(self, channel_id: int, message_id: int, content: str) -> None:
        """A member edited a message: the context shows the new text from now on (the bot's answer stays), and the
        memory reads the edit in its conversation; what that shows was a secret leaves this context too, the new line
        and the old ones alike (`_secrets_found`), so the line is replaced first."""
        text, _was_cut = clean_input(content, self._settings.chat_max_input_chars)
        late = self._in_flight.get(channel_id, {}).get(message_id)
        if late is not None:
            late.text = text
        history = self._history.get(channel_id)
        if history is not None:
            for index, turn in enumerate(history):
                if turn.message_id == message_id and not turn.from_bot:
                    history[index] = replace(turn, text=text or EMPTY_MESSAGE, said=screen(text, "message") if text else None)
        if text:
            self.memory.message_edited(message_id, text)

    async def _build_memory_context(self, message: IncomingMessage, text: str) -> MemoryContext:
        """What the bot knows of the author for this message: their profile, recent and relevant memories.

        Memory makes answers better but must never stop one: any failure here is
        logged and the reply goes out without the block.
        """
        try:
            return await self.memory.build_context(
                user_id=message.author_id,
                member_name=message.author_name,
                guild_id=message.guild_id,
                text=text,
                channel_name=message.channel_name,
            )
        except Exception:
            logger.exception("Memory block for %s failed; answering without it.", message.author_id)
            return MemoryContext("")

    def _compose(
        self, message: IncomingMessage, text: str, was_cut: bool, context: MemoryContext
    ) -> tuple[list[Message], list[int]]:
        """The chat request, and the other members whose lines of the channel's context it quotes (for the log)."""
        place = "a direct message" if message.is_dm else f"#{message.channel_name}"
        context_line = load_prompt("chat_context").format(name=message.author_name, place=place)
        system = f"{load_prompt('chat_personality')}\n\n{context_line}"
        if context.block:
            system += f"\n\n{context.block}"
        prompt: list[Message] = [{"role": "system", "content": system}]
        earlier = message.reply_chain if message.reply_chain is not None else tuple(self._history[message.channel_id])
        quoted: list[int] = []
        for turn in newest_that_fit(earlier, HISTORY_MAX_CHARS):
            if turn.member_id is not None and turn.member_id != message.author_id:
                quoted.append(turn.member_id)  # a bot line quotes its member too: it answered them
            if turn.from_bot:
                prompt.append({"role": "assistant", "content": turn.text})
            else:
                prompt.append({"role": "user", "content": f"{turn.speaker}: {turn.text}"})
        prompt.append({"role": "user", "content": self._current_content(message, text, was_cut)})
        return prompt, quoted

    def _current_content(self, message: IncomingMessage, text: str, was_cut: bool) -> Any:
        remarks = []
        if was_cut:
            remarks.append(load_prompt("note_message_cut"))
        if message.other_attachments:
            remarks.append(load_prompt("note_attachments").format(files=", ".join(message.other_attachments)[:300]))
        if message.image_urls and not self._settings.llm_vision:
            remarks.append(load_prompt("note_image_unseen").format(count=len(message.image_urls)))
        line = f"{message.author_name}: {text or EMPTY_MESSAGE}"
        if remarks:
            line += "\n" + "\n".join(remarks)
        if message.image_urls and self._settings.llm_vision:
            parts: list[dict[str, Any]] = [{"type": "text", "text": line}]
            parts += [{"type": "image_url", "image_url": {"url": url}} for url in message.image_urls]
            return parts
        return line


def newest_that_fit(turns: Sequence[Turn], limit: int) -> list[Turn]:
    """The newest turns whose texts add up to at most ``limit`` characters, oldest first."""
    kept: list[Turn] = []
    used = 0
    for turn in reversed(turns):
        used += len(turn.speaker) + len(turn.text) + 2
        if used > limit:
            break
        kept.append(turn)
    return kept[::-1]


def _valid_message(message: IncomingMessage) -> IncomingMessage:
    """Names and earlier lines as valid text (the content is cleaned by `clean_input`): one lone
    surrogate in a display name or a reply chain would break this request and the history after it."""
    chain = message.reply_chain
    if chain is not None:
        chain = tuple(replace(t, speaker=valid_text(t.speaker), text=valid_text(t.text)) for t in chain)
    return replace(
        message,
        author_name=valid_text(message.author_name),
        channel_name=valid_text(message.channel_name),
        other_attachments=tuple(valid_text(a) for a in message.other_attachments),
        reply_chain=chain,
    )
