"""The LLM log and the extraction model's input hold no less than the store, through the real pipeline.

A memory line refused for a secret (a credential beside the rest of it, a secret's name beside a serial or a phone,
a value handed over after a label that nothing is learned from) must not live on in the member's log rows or in
what the extraction model is shown. The rows of ``layer_tables/log_as_store`` are said in the terminal chat as the
end-to-end tables are (an echoing chat model, a careless extractor); a row's values must be in neither place, and a
look-alike (orders, versions, scores, dates, prices, "the code review is at 4") must reach both as it was said.

The table was written before the rule; its ``aside`` third is counted, never read row by row.
"""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import pytest
from careless import careless_extractor, conversation_lines, holds
from careless_chat import FIRST_MEMBER, run_cases
from fake_llm import FakeLLM
from layer_tables import load
from settings_factory import SettingsFactory
from shared_database import query

FLOORS = {"tune": 40, "aside": 21}
"""Right rows of each part, at the figures measured when the rule was done: before it tune 25/44, aside 12/22; after
it 40/44 and 21/22. Still wrong: two credentials no rule reads (a memory keeps them too) and the order numbers the
log takes out by their shape, as a memory does (three look-alikes, one of them aside)."""


def _strings(value: Any) -> list[str]:
    """Every string of an excerpt, a JSON one decoded (a request's messages), as the log's reader sees them."""
    if isinstance(value, str):
        if value[:1] in "[{":
            try:
                return _strings(json.loads(value, strict=False))
            except ValueError:
                return [value]
        return [value]
    if isinstance(value, list):
        return [text for item in value for text in _strings(item)]
    if isinstance(value, dict):
        return [text for item in value.values() for text in _strings(item)]
    return []


def _log_of(database_url: str, member: int) -> str:
    rows = query(database_url, "SELECT RequestExcerpt, ResponseExcerpt, Error FROM LlmLog WHERE UserId = ?", member)
    return "\n".join(text for row in rows for field in row if field for text in _strings(field))


def _input_of(fake_llm: FakeLLM, index: int) -> list[str]:
    """The conversation lines the extraction model was shown for the case's member."""
    name = f'Display name: "Member{index}"\n'
    return [
        line
        for body in fake_llm.tool_requests("extract_memories")
        if name in body["messages"][-1]["content"]
        for line in conversation_lines(body)
    ]


def _wrong(row: dict[str, Any], log: str, shown: list[str]) -> str | None:
    """Why a row is wrong (where a value survives, or what of a look-alike was altered), or None."""
    if row["secrets"]:
        texts = {"log": log, "input": "\n".join(shown)}
        places = [place for place, text in texts.items() if any(holds(text, value) for value in row["secrets"])]
        return f"kept in {', '.join(places)}" if places else None
    said = [line.strip() for message in row["messages"] for line in message.splitlines() if line.strip()]
    if any(line not in log for line in said):
        return "altered in the log"
    member_lines = [line for line in shown if not line.startswith("Got it, you said:")]
    if any("[redacted:" in line for line in member_lines) or (member_lines and not set(member_lines) <= set(said)):
        return "altered in the input"
    return None


@pytest.mark.slow
@pytest.mark.parametrize("part", ["tune", "aside"])
async def test_the_log_and_the_extractors_input_hold_what_the_store_refuses(
    make_settings: SettingsFactory, fake_llm: FakeLLM, database_url: str, part: str
) -> None:
    rows = load("log_as_store", part)
    assert len({row["lang"] for row in rows}) >= 8 and {row["kind"] for row in rows} >= {"remainder", "named", "lookalike"}
    await run_cases(make_settings, fake_llm, database_url, [row["messages"] for row in rows], careless_extractor)
    wrong = {
        row["id"]: why
        for index, row in enumerate(rows)
        if (why := _wrong(row, _log_of(database_url, FIRST_MEMBER + index), _input_of(fake_llm, index)))
    }
    kinds = Counter(row["kind"] for row in rows if row["id"] in wrong)
    print(f"\n{part}: {len(rows) - len(wrong)}/{len(rows)} right; wrong by kind {dict(kinds)}")
    if part == "tune":
        for row in rows:
            if row["id"] in wrong:
                print(f"    wrong ({wrong[row['id']]}): {row['messages']}")
    assert len(rows) - len(wrong) >= FLOORS[part]
