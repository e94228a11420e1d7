"""The doctor tells the owner what memory would really keep: the sample's proposals through the bot's own vetting."""

from __future__ import annotations

import io

import pytest
from extractor_answers import memory, remembers
from fake_llm import FakeLLM
from settings_factory import SettingsFactory

from utils.doctor import run_doctor

JUNK_FROM_SMALL_MODELS = [
    pytest.param([memory("30d"), memory("7d"), memory("3d"), memory("medium")], id="enum values as memories (SmolLM2)"),
    pytest.param([memory("Sam"), memory("30d")], id="the member's name and an expiry"),
    pytest.param([memory("   "), memory("7d", "cat")], id="blank and an expiry with a topic"),
]


def lines_of(out: io.StringIO) -> dict[str, str]:
    return {line[2:].split(":", 1)[0]: line for line in out.getvalue().splitlines() if line[:1] in "✓✗!-"}


@pytest.mark.parametrize("proposals", JUNK_FROM_SMALL_MODELS)
async def test_a_model_whose_proposals_are_all_refused_fails_memory_but_chat_works(
    make_settings: SettingsFactory, fake_llm: FakeLLM, proposals: list[dict]
) -> None:
    fake_llm.tools["extract_memories"] = remembers(*proposals)
    out = io.StringIO()
    assert await run_doctor(make_settings(llm_model="smollm2-135m"), skip_discord=True, out=out) == 1
    lines = lines_of(out)
    assert lines["LLM completion"].startswith("✓"), "chat still works"
    assert lines["LLM tool call"].startswith("✓")
    kept = [p for p in proposals if p["memory"].strip()]
    assert lines["LLM memory"].startswith(f"✗ LLM memory: 0 of {len(kept)} proposal")
    assert "this model is too small to remember reliably" in lines["LLM memory"]
    assert "LLM_MODEL" in lines["LLM memory"] and "1 check failed" in out.getvalue()


async def test_good_proposals_are_counted_after_vetting(make_settings: SettingsFactory, fake_llm: FakeLLM) -> None:
    fake_llm.tools["extract_memories"] = remembers(
        memory("Has a cat called Miso.", "cat"), memory("Plays chess every evening.", "chess"), memory("30d")
    )
    out = io.StringIO()
    assert await run_doctor(make_settings(), skip_discord=True, out=out) == 0, out.getvalue()
    assert "✓ LLM memory: 2 of 3 proposals would be kept after vetting" in out.getvalue()
