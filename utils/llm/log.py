"""Buffer of LlmLog rows: the LLM client appends without waiting, a periodic flush writes in batches."""

from __future__ import annotations

import asyncio
import copy
import itertools
import json
import logging
import multiprocessing
from collections import deque
from collections.abc import Callable, Coroutine
from concurrent.futures import Executor, ProcessPoolExecutor
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from functools import partial
from typing import Any

from utils.llm.calls import LOGGED_TEXT_CHARS
from utils.privacy.conversation import WINDOW_SECONDS
from utils.privacy.screen import Seen, cut_screened, screen
from utils.storage import llm_log as sql
from utils.storage.engine import Database, DatabaseError, DatabaseUnavailable
from utils.storage.records import LlmCallRecord
from utils.storage.schema import ERROR_MAX, EXCERPT_MAX

logger = logging.getLogger(__name__)

FLUSH_CHUNK_ROWS = 100
MAX_OWED_SCRUBS = 10_000
"""Scrubs kept owed while the database is down; past this the oldest is dropped with the rows it would reach."""
IN_FLIGHT_SECONDS = 900.0
"""Longer than any LLM call can take with its retries: an erasure older than this cannot meet a call in flight."""
SCRUB_WRITTEN_SECONDS = IN_FLIGHT_SECONDS + WINDOW_SECONDS
"""Written rows screened again when a member's conversation shows an earlier message held a secret: that message is at
most a window old, and its call's record may have waited for its answer that long."""


class LlmLogBuffer:
    """Holds records until the database takes them; bounded so an outage cannot eat the RAM."""

    def __init__(
        self,
        db: Database,
        max_pending: int = 10_000,
        *,
        keeps_text_of: Callable[[int], bool] = lambda _user_id: True,
        epoch_of: Callable[[int], int] = lambda _user_id: 0,
    ) -> None:
        """``keeps_text_of(user_id)``: whether a member's words may be logged; False for a member who opted out
        (only the call's metadata is kept). ``epoch_of(user_id)``: the member's erase epoch as this process
        knows it; each record keeps it, and the flush blanks a record whose member was erased since."""
        self._db = db
        self._pending: deque[tuple[LlmCallRecord, dict[int, int]]] = deque(maxlen=max_pending)
        self._flushing = asyncio.Lock()
        self.keeps_text_of = keeps_text_of
        self.epoch_of = epoch_of
        self.blanked = 0
        """Rows written without excerpts because their member was erased (in another process) before the flush."""
        self._owed: deque[tuple[int, Seen, datetime]] = deque(maxlen=MAX_OWED_SCRUBS)
        """Scrubs asked for and not yet applied to every record: each flush applies them first, so one whose task was
        cancelled (background work past its deadline at shutdown) or met a database that was down still reaches the
        rows before they are written, or once the database is back."""
        self._erased_at: dict[int, datetime] = {}
        """When each member was last erased here, kept as long as a call can be in flight. A call asked for
        before it (its request built then, even if it waited for a free slot) is logged without excerpts."""

    def add(self, record: LlmCallRecord) -> None:
        members = record.members
        if any(not self.keeps_text_of(m) for m in members) or self._asked_before_erasure(record):
            record = _blanked(record)
        if len(self._pending) == self._pending.maxlen:
            logger.warning("LlmLog buffer full; dropping the oldest record.")
        self._pending.append((record, {m: self.epoch_of(m) for m in members}))

    def __len__(self) -> int:
        return len(self._pending)

    async def flush(self) -> int:
        """Write what is pending; on failure the records stay for the next flush. One flush at a time."""
        async with self._flushing:
            return await self._flush()

    async def _flush(self) -> int:
        """Write in small transactions, yielding between them: one big insert would hold the GIL
        long enough to stall the event loop (seen in the pipeline benchmark).

        The owed scrubs are settled before every batch, not only the first: while one batch is screened elsewhere, a call's
        record may arrive and a member's next message show it held a secret; that record goes out with a later batch
        of the same flush, and once written, its value is screened out of text the log's own screen has already cut
        up ("[redacted:pin] και μετά #" no longer holds "1 3 3 7 και μετά")."""
        await self._settle_scrubs()
        written = 0
        while self._pending and self._db.available:
            batch = list(itertools.islice(self._pending, FLUSH_CHUNK_ROWS))
            screened = await _screen_elsewhere([record for record, _epoch in batch])
            try:
                self.blanked += await self._db.run(sql.insert_llm_logs, screened, [epochs for _record, epochs in batch])
            except DatabaseUnavailable as exc:
                logger.warning("Could not write %d LlmLog rows yet: %s", len(self._pending), exc)
                break
            except DatabaseError as exc:
                logger.error("Dropped %d LlmLog rows the database rejected: %s", len(batch), exc)
            for _ in batch:
                self._pending.popleft()
            written += len(batch)
            await asyncio.sleep(0)
            await self._settle_scrubs()
        return written

    def _asked_before_erasure(self, record: LlmCallRecord) -> bool:
        """Whether the call started before the latest erasure here of a member whose words it holds: a request built
        then, answered after, carries what the erasure took back (its record arrives only when the answer does)."""
        erased = [self._erased_at[m] for m in record.members if m in self._erased_at]
        if not erased:
            return False
        asked_at = record.created_at or datetime.now(UTC) - timedelta(milliseconds=record.latency_ms)
        return asked_at <= max(erased)

    def forget(self, user_id: int) -> int:
        """Blank the rows holding a member's words that are not written yet (they may be forgotten content), and
        those of calls still in flight when their answer comes; returns how many held any.

        Called by every erasure (here, or another process's seen by the coherence poll); the
        rows already written are blanked by the erasure's own transaction.
        """
        now = datetime.now(UTC)
        self._erased_at = {uid: at for uid, at in self._erased_at.items() if (now - at).total_seconds() < IN_FLIGHT_SECONDS}
        self._erased_at[user_id] = now
        blanked = 0
        pending: deque[tuple[LlmCallRecord, dict[int, int]]] = deque(maxlen=self._pending.maxlen)
        for record, epochs in self._pending:
            if record.mentions(user_id) and _holds_words(record):
                record, blanked = _blanked(record), blanked + 1
            pending.append((record, epochs))
        self._pending = pending
        return blanked

    def scrub(self, user_id: int, seen: Seen) -> Coroutine[Any, Any, int]:
        """Owe a scrub of ``seen`` (values a member's later message showed were secrets) from every record holding
        their words — those waiting here, and those written within :data:`SCRUB_WRITTEN_SECONDS` — and return the
        work that applies it now (the caller spawns it); it returns how many records changed.

        A member's "9514" is logged as said, and only "that was my bank pin btw" makes it a secret. The debt is
        taken at once, not when the work runs: if that work is cancelled or the database is down, the next flush
        (the last one runs at shutdown) pays it before writing anything.
        """
        if seen:
            if len(self._owed) == self._owed.maxlen:
                logger.warning("Too many LlmLog scrubs owed while the database is down; dropping the oldest.")
            self._owed.append((user_id, seen, datetime.now(UTC)))
        return self._scrub_now()

    async def _scrub_now(self) -> int:
        async with self._flushing:
            return await self._settle_scrubs()

    async def _settle_scrubs(self) -> int:
        """Apply the owed scrubs, the flush lock held (no record is on its way to the database meanwhile: each one is
        either still here or already written). One stays owed while the database cannot take it."""
        changed = 0
        while self._owed:
            user_id, seen, asked_at = self._owed[0]
            for index, (record, epochs) in enumerate(self._pending):
                if record.mentions(user_id) and (scrubbed := _scrubbed_record(record, seen)) != record:
                    self._pending[index] = (scrubbed, epochs)
                    changed += 1
            if not self._db.available:
                break
            since = asked_at - timedelta(seconds=SCRUB_WRITTEN_SECONDS)
            try:
                changed += await self._db.run(sql.scrub_member_excerpts, user_id, since, partial(_scrubbed_excerpt, seen))
            except DatabaseUnavailable as exc:
                logger.warning("Could not screen %s's written LlmLog rows again yet: %s", user_id, exc)
                break
            except DatabaseError as exc:
                logger.warning("Could not screen %s's written LlmLog rows again: %s", user_id, exc)
            self._owed.popleft()
        return changed


def _scrubbed_record(record: LlmCallRecord, seen: Seen) -> LlmCallRecord:
    return replace(
        record,
        request_excerpt=_scrubbed_excerpt(seen, record.request_excerpt),
        response_excerpt=_scrubbed_excerpt(seen, record.response_excerpt),
        error=_scrubbed_excerpt(seen, record.error),
    )


def _scrubbed_excerpt(seen: Seen, text: str | None) -> str | None:
    """``text`` without the values of ``seen``, each string of a JSON excerpt on its own, a sentence that held one
    reduced to its placeholders as the screen leaves it (the memory it was learned into is forgotten whole);
    unchanged when it holds none."""
    if text is None or not seen.spans(text):
        return text
    return _each_string(text, seen.withheld)


def _each_string(text: str, change: Callable[[str], str], limit: int = EXCERPT_MAX) -> str:
    """``change`` applied to each string of an excerpt as plain text (a JSON one is decoded first), then encoded,
    then cut: an excerpt is never screened in its JSON form."""
    try:
        value = json.loads(text, strict=False) if text[:1] in "[{" else text
    except ValueError:
        value = text
    changed = _map_strings(value, change)
    encoded = changed if isinstance(changed, str) else json.dumps(changed, ensure_ascii=False, default=str)
    return cut_screened(encoded, limit)


def _map_strings(value: Any, change: Callable[[str], str]) -> Any:
    if isinstance(value, str):
        return change(value)
    if isinstance(value, list):
        return [_map_strings(item, change) for item in value]
    if isinstance(value, dict):
        return {key: _map_strings(item, change) for key, item in value.items()}
    return value


def _holds_words(record: LlmCallRecord) -> bool:
    return record.request_excerpt is not None or record.response_excerpt is not None or record.error is not None


def _blanked(record: LlmCallRecord) -> LlmCallRecord:
    """The call without any of the words it held (its time, kind and model stay), nor what was screened out of them."""
    return replace(record, request_excerpt=None, response_excerpt=None, error=None, seen=None)


_screener: Executor | None = None


async def _screen_elsewhere(batch: list[LlmCallRecord]) -> list[LlmCallRecord]:
    """Screen a batch in one helper process shared by the whole process (started on first use).

    Not a thread: the screen's regexes hold the GIL for their whole match, and in a
    thread they stalled the event loop (pipeline bench: reply overhead p99 ~700 ms, against
    ~50 ms with the screening elsewhere). If the helper process cannot run, a thread does it.
    """
    global _screener
    loop = asyncio.get_running_loop()
    try:
        if _screener is None:
            _screener = ProcessPoolExecutor(max_workers=1, mp_context=multiprocessing.get_context("spawn"))
        return await loop.run_in_executor(_screener, screened_records, batch)
    except (OSError, RuntimeError) as exc:  # BrokenProcessPool is a RuntimeError
        logger.warning("LlmLog screening process unavailable (%s); screening in a thread.", exc)
        _screener = None
        return await asyncio.to_thread(screened_records, batch)


def screened_records(batch: list[LlmCallRecord]) -> list[LlmCallRecord]:
    """Every excerpt through the privacy screen, cut to its column: what may be logged is decided here.

    Run away from the event loop by the flush, so the screen's cost never lands on a reply.
    """
    return [_screened_record(record) for record in batch]


def _screened_record(record: LlmCallRecord) -> LlmCallRecord:
    """Every logged field screened with what the call's screen found (``record.seen``) and what the request holds.

    The request first: what it screened out of the member's message is screened out of the
    answer and the error too (a chat reply that repeats "hunter2" back has no "password" next
    to it, a server's error may quote the request). ``record.seen`` adds what was screened out
    of the member's messages before the call, including earlier ones the excerpt does not show.
    The record leaves without it: what was screened out is never written.
    """
    seen = copy.deepcopy(record.seen) if record.seen is not None else Seen()
    request = _screen_excerpt(record.request_excerpt, seen)
    error = _screen_excerpt(record.error, seen, ERROR_MAX)
    response = _screen_excerpt(record.response_excerpt, seen)
    return replace(record, request_excerpt=request, response_excerpt=response, error=error, seen=None)


def _screen_excerpt(text: str | None, seen: Seen, limit: int = EXCERPT_MAX) -> str | None:
    """Each string screened as plain text, then encoded, then cut: never screened in its JSON form. What the screen
    takes out of one string is taken out of the others too (``seen`` grows)."""
    if text is None:
        return None

    def screened(value: str) -> str:
        found = screen(value, "log", seen=seen, limit=LOGGED_TEXT_CHARS)
        seen.add(found)
        return found.text

    return _each_string(text, screened, limit)
