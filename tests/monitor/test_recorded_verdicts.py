"""Every monitor answer real small models gave (tests/support/recorded/*.json), replayed: no innocent member is warned.

`python -m bench.real_models` recorded what SmolLM2-135M-Instruct and Gemma 3 270M answered to
`report_analysis` for one twelve-message channel (three toxic lines) under llama-cpp-python's
server: toxicities of 1.5, 3.7 and 6.9 for "GG last night everyone" and the puppy, two findings
for twelve messages, index 12 in a batch of twelve, the schema echoed back, prose. Each answer is
served again, as it came (arguments or message text), by the loopback LLM to the real
MonitorService for the same channel.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from fake_llm import FakeLLM
from monitor_fakes import minutes, said
from settings_factory import SettingsFactory

from utils.monitor.messages import ObservedMessage
from utils.runtime import Services

RECORDED = Path(__file__).resolve().parents[1] / "support" / "recorded"


def recordings() -> list[tuple[str, dict[str, Any], list[dict[str, Any]]]]:
    found = []
    for path in sorted(RECORDED.glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        batch = data["cases"]["monitor_batch"]
        for record in data["records"]:
            if record["kind"] == "sentiment_analysis" and record.get("status") == 200:
                found.append((f"{path.stem}#{record['id']}:{record['way']}", record, batch))
    return found


RECORDINGS = recordings()


def test_the_recordings_hold_the_bad_verdicts_the_models_wrote() -> None:
    """The replay below would prove nothing on an empty or tidy set: the off-scale values are in it."""
    assert len(RECORDINGS) >= 6
    written = [json.dumps(record.get("tool_calls") or record.get("content")) for _name, record, _batch in RECORDINGS]
    assert any("3.7" in text and "6.9" in text for text in written)


def channel(batch: list[dict[str, Any]]) -> tuple[list[ObservedMessage], set[int]]:
    ids = {name: 200 + n for n, name in enumerate(dict.fromkeys(m["author"] for m in batch))}
    messages = [said(m["text"], author_id=ids[m["author"]], name=m["author"], at=minutes(i)) for i, m in enumerate(batch)]
    return messages, {i for i, m in enumerate(batch) if m["toxic"]}


@pytest.mark.parametrize(("name", "record", "batch"), RECORDINGS, ids=[name for name, _r, _b in RECORDINGS])
async def test_a_recorded_answer_warns_no_innocent_member(
    name: str, record: dict[str, Any], batch: list[dict[str, Any]], make_settings: SettingsFactory, fake_llm: FakeLLM
) -> None:
    calls = record.get("tool_calls") or []
    if calls:
        arguments = calls[0]["arguments"]
        fake_llm.tools["report_analysis"] = lambda body: arguments
    else:  # the answer was in the message text (json_object, prose): the same text again
        content = record.get("content") or ""
        fake_llm.tools["report_analysis"] = lambda body: None
        fake_llm.chat = lambda body: content
    messages, toxic = channel(batch)
    settings = make_settings(sentiment_channel_ids=[500], sentiment_batch_size=len(messages), timeout_after_offenses=1)
    services = Services(settings)
    await services.start()
    try:
        outcome = await services.monitor.analyse(messages)
    finally:
        await services.close()
    index = {m.message_id: i for i, m in enumerate(messages)}
    innocent = sorted({index[a.message.message_id] for a in outcome.actions} - toxic)
    assert innocent == [], f"{name}: acted on {[batch[i]['text'] for i in innocent]}"
