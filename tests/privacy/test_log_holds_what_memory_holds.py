"""The LlmLog path holds everything the memory path holds: the same peer table through both.

The memory path screens the member's text as it is; the log once screened the JSON of the
request, where a newline is ``\\n``, a quote ``\\"`` and (with ``ensure_ascii``) an accented
letter ``\\u00e8``, and it cut the excerpt first, so half a key reached the table. Each case is
wrapped the ways a member writes around it and sent through the client's excerpt builder and the
log's screening, as the bot does; what the memory path removed must be gone from both excerpts.
"""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest
from chat_turn import converse
from extractor_answers import memory, remembers
from fake_llm import FakeLLM
from peer_cases import Case, held, positives
from shared_database import query

from utils.llm import LOGGED_TEXT_CHARS, logged_excerpt, logged_request, screened_records
from utils.privacy.screen import screen
from utils.runtime import Services
from utils.storage.records import LlmCallRecord

WRAPPERS: dict[str, Callable[[str], str]] = {
    "after newlines": lambda text: f"hey\n\n{text}\nthanks!",
    "inside double quotes": lambda text: f'she literally wrote "{text}" in general',
    "non-ASCII around it": lambda text: f"Zoë m'a dit : {text} — très gênant 😅",
}
MODEL_JSON = {  # what a model answers, with the escapes JSON uses (\n, \", \u00e8)
    "model's JSON": lambda text: json.dumps({"memories": [{"memory": text, "topics": ["misc"]}]}),
    "model's JSON, quoted, after a newline": lambda text: json.dumps({"memory": f'Said:\n"{text}" — voilà'}),
}


def _logged(message: str, answer: str | None = None) -> LlmCallRecord:
    request = [{"role": "system", "content": "You are a friendly Discord bot."}, {"role": "user", "content": message}]
    record = LlmCallRecord(
        kind="chat",
        model="m",
        latency_ms=1,
        success=True,
        request_excerpt=logged_request(request),
        response_excerpt=logged_excerpt(message if answer is None else answer),
        user_id=42,
    )
    [screened] = screened_records([record])
    return screened


@pytest.fixture(scope="module")
def held_by_memory() -> list[Case]:
    return [case for case in positives() if held(case, screen(case.text, "memory").text)]


@pytest.mark.parametrize("wrapping", WRAPPERS)
def test_the_log_holds_every_secret_the_memory_path_holds(held_by_memory: list[Case], wrapping: str) -> None:
    wrap = WRAPPERS[wrapping]
    leaked = []
    for case in held_by_memory:
        row = _logged(wrap(case.text))
        if not (held(case, row.request_excerpt or "") and held(case, row.response_excerpt or "")):
            leaked.append(case.text)
    assert len(held_by_memory) > 3000 and leaked == []


@pytest.mark.parametrize("wrapping", MODEL_JSON)
def test_the_log_holds_every_secret_in_a_model_answer(held_by_memory: list[Case], wrapping: str) -> None:
    wrap = MODEL_JSON[wrapping]
    leaked = [case.text for case in held_by_memory if not held(case, _logged("hi", wrap(case.text)).response_excerpt or "")]
    assert leaked == []


def test_a_secret_straddling_the_excerpt_cut_is_screened_whole_before_the_cut() -> None:
    key = "sk_live_4eC39HqLyjWDarjtT1zdp7dc9Xw2"
    message = "x" * (LOGGED_TEXT_CHARS - 12) + f" my key {key} ok"
    row = _logged(message)
    for excerpt in (row.request_excerpt or "", row.response_excerpt or ""):
        assert key[8:20] not in excerpt and key[:12] not in excerpt and "[redac" not in excerpt.replace("[redacted:", "")


def test_an_excerpt_is_cut_to_its_column_after_the_screen() -> None:
    row = _logged("my password is Tr0ub4dor&3 " + "blah " * 2000)
    assert row.request_excerpt is not None and len(row.request_excerpt) <= 2000
    assert row.response_excerpt is not None and len(row.response_excerpt) <= LOGGED_TEXT_CHARS
    assert "Tr0ub4dor" not in row.request_excerpt + row.response_excerpt


async def test_a_reply_that_repeats_the_secret_bare_is_not_logged(
    services: Services, fake_llm: FakeLLM, database_url: str
) -> None:
    fake_llm.chat = lambda body: "Noted! Zebra-Kappa-4471 is a strong one, but don't share it here."
    fake_llm.tools["extract_memories"] = remembers(memory("Plays chess on Tuesdays", "chess"))
    await converse(services, "my password is Zebra-Kappa-4471, remember it")
    await services.llm_log.flush()
    rows = query(database_url, "SELECT Kind, RequestExcerpt, ResponseExcerpt FROM LlmLog")
    assert {kind for kind, _, _ in rows} >= {"chat", "memory_extraction"}
    assert "Zebra-Kappa-4471" not in json.dumps(rows, ensure_ascii=False)
    sent = json.dumps(fake_llm.tool_requests("extract_memories"), ensure_ascii=False)
    assert "Zebra-Kappa-4471" not in sent  # the reply shown to the extractor is screened the same way
