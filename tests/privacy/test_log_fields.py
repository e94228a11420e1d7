"""Every field of an LlmLog row — request, answer, error — holds no more than the memory would.

The screen finds "my password is hunter2" by its words; what it took out travels with the call
(`LlmCallRecord.seen`), so "hunter2" said bare later — by the model, by a server's error that
repeats the request (vLLM's validation errors, a proxy's) — is taken out of every logged field too,
and out of the warning line the failure writes.
"""

from __future__ import annotations

import json
import logging
import pickle

import pytest
from chat_turn import converse
from fake_llm import FakeLLM
from shared_database import query

from utils.llm import screened_error, screened_records
from utils.privacy.screen import Seen, screen
from utils.runtime import Services
from utils.storage.records import LlmCallRecord

SECRET = "hunter2x9"
SAID = f"my password is {SECRET}"
LOGGED = "SELECT Kind, RequestExcerpt, ResponseExcerpt, Error FROM LlmLog"


async def _logged(services: Services, database_url: str) -> str:
    await services.llm_log.flush()
    rows = query(database_url, LOGGED)
    assert rows, "the calls were logged"
    return json.dumps(rows, ensure_ascii=False)


async def test_a_reply_repeating_a_password_said_earlier_is_not_logged(
    services: Services, fake_llm: FakeLLM, database_url: str
) -> None:
    fake_llm.chat = lambda body: f"You told me {SECRET}, and I keep it safe."
    await converse(services, SAID)
    await converse(services, "what was it again?")  # the excerpt shows only this line: only the turn's Seen knows
    chats = [body for body in fake_llm.chat_requests() if body["messages"][-1]["content"].endswith("again?")]
    assert chats and SECRET in json.dumps(chats[0]["messages"]), "the model was shown it, earlier in the context"
    assert SECRET not in await _logged(services, database_url)


@pytest.mark.parametrize("server", ["vllm-validation", "proxy-echo"])
async def test_a_server_error_that_repeats_the_request_is_not_logged(
    services: Services, fake_llm: FakeLLM, database_url: str, server: str, caplog: pytest.LogCaptureFixture
) -> None:
    await converse(services, SAID)
    fake_llm.fail_echoing(server)
    with caplog.at_level(logging.WARNING):
        reply = await converse(services, f"{SECRET} {SECRET} lol")  # no keyword: only the earlier line names it
    assert reply, "the member still got an answer"
    logged = await _logged(services, database_url)
    assert "Input should be" in logged or "content filter" in logged, "the server's error was logged"
    assert SECRET not in logged
    assert SECRET not in caplog.text and caplog.records, "nor in the warning lines"


async def test_an_extraction_error_that_repeats_the_request_is_not_logged(
    services: Services, fake_llm: FakeLLM, database_url: str, caplog: pytest.LogCaptureFixture
) -> None:
    fake_llm.fail_echoing("vllm-validation")  # a 400: the next way is asked, and the refusal is logged (INFO)
    with caplog.at_level(logging.INFO):
        # The last names it bare past the conversation's window (which screens a value typed again in the next few
        # messages): only Seen knows it there.
        for said in (f"{SAID}, I main Ana", "Ana is fun", "gg", "see you later", f"{SECRET} again, lol"):
            services.memory.remember_turn(user_id=42, member_name="Alice", guild_id=1, user_text=said, bot_reply="Noted!")
        await services.tasks.drain(10)
    extraction = fake_llm.tool_requests("extract_memories")[0]
    logged = await _logged(services, database_url)
    assert "Error code" in logged and "Error code" in caplog.text, "asked, refused"
    assert SECRET not in json.dumps(extraction), "the extractor's input is screened with what the turns' screen found"
    assert SECRET not in logged and SECRET not in caplog.text


def _record(**fields: object) -> LlmCallRecord:
    return LlmCallRecord(kind="chat", model="m", latency_ms=1, success=False, user_id=42, **fields)  # type: ignore[arg-type]


SEEN = Seen([screen(SAID, "message")])
CASES = {
    "the answer restates it": {"response_excerpt": f"Sure, {SECRET} it is."},
    "the error quotes it": {"error": f"HTTP 400: Error code: 400 - {{'input': '{SECRET} lol'}}"},
    "the error is JSON quoting it": {"error": json.dumps({"error": {"message": f"bad input: {SECRET}"}})},
    "the request has it bare": {"request_excerpt": json.dumps([{"role": "user", "content": f"Alice: {SECRET}!"}])},
    "all three": {
        "request_excerpt": json.dumps([{"role": "user", "content": f"it is {SECRET}"}]),
        "response_excerpt": f'{{"memory": "Uses {SECRET.upper()}"}}',
        "error": f"echo: {SECRET}",
    },
}


@pytest.mark.parametrize("case", CASES)
def test_the_flush_screens_every_field_with_what_the_turn_screened(case: str) -> None:
    record = _record(seen=SEEN, **CASES[case])
    [screened] = screened_records([pickle.loads(pickle.dumps(record))])  # as the helper process gets it
    fields = (screened.request_excerpt, screened.response_excerpt, screened.error)
    assert all(SECRET.casefold() not in (field or "").casefold() for field in fields)
    assert any("[redacted:password]" in (field or "") for field in fields)
    assert screened.seen is None, "what was screened out is never written"
    [without] = screened_records([_record(**CASES[case])])
    if case != "all three":  # the request names it there: its own screen finds it
        assert any(SECRET in (field or "") for field in (without.request_excerpt, without.response_excerpt, without.error))


def test_an_error_text_is_screened_before_it_is_cut() -> None:
    key = "sk_live_4eC39HqLyjWDarjtT1zdp7dc9Xw2"
    text = "HTTP 400: " + "x " * 143 + f"input: my key {key}"
    assert key[:12] not in screened_error(text) and len(screened_error(text)) <= 300
    assert SECRET not in screened_error(f"bad: {SECRET}", SEEN)
