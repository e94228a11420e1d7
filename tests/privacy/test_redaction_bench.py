"""`python -m bench --only redaction` on tiny data: it screens the whole mix and finds its secrets; no timing asserted."""

from __future__ import annotations

from pathlib import Path

import pytest

from bench import redaction
from bench.__main__ import main
from bench.params import BenchParams


async def test_the_redaction_bench_screens_every_message_and_finds_the_secrets(tmp_path: Path) -> None:
    params = BenchParams.tiny(out_dir=tmp_path / "out", db_url="", redaction_messages=2_000)
    facts = (await redaction.run(params)).facts
    assert facts["messages"] == 2_000
    # ~5% of the mix carries a secret; every one of those lines is redacted, most are refused.
    assert 50 <= facts["redacted"] <= 200 and 0 < facts["refused"] <= facts["redacted"]
    assert 0 < facts["p50_us"] <= facts["p99_us"] <= facts["max_us"]
    assert set(facts["oversized_ms"]) == {
        f"{name} as {field}" for name in redaction.oversized_texts() for field in ("log", "memory")
    }
    assert all(cost > 0 for cost in facts["oversized_ms"].values())


def test_the_oversized_texts_are_as_long_as_said() -> None:
    assert {len(text) for text in redaction.oversized_texts().values()} == {redaction.OVERSIZED_CHARS}
    assert redaction.oversized_texts()["repeated words"] == "hello world " * 2_000


def test_the_mix_is_seeded() -> None:
    assert redaction.chat_mix(500, 7) == redaction.chat_mix(500, 7) != redaction.chat_mix(500, 8)


@pytest.mark.slow
def test_the_row_is_in_the_run_table(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--tiny", "--only", "redaction", "--out", str(tmp_path / "out")]) == 0
    out = capsys.readouterr().out
    assert "5 privacy screen" in out and "a chat message with its conversation (take) p99" in out
    assert "a 24,000-character text, its slowest shape" in out
