"""`python -m bench` on tiny data: every benchmark runs and what it counts holds; no timing is asserted here."""

from __future__ import annotations

import os
from pathlib import Path

import openai
import pytest

from bench import llm_cost, memory_block, pipeline, pruning
from bench.__main__ import main
from bench.harness import start_llm
from bench.params import MEMORY_CAP, BenchParams

pytestmark = [
    pytest.mark.slow,
    pytest.mark.sqlite_only(
        "the bench's SQLite rows on files of its own (secure_delete on and off among them); `python -m bench` adds the "
        "server's rows beside them when MSSQL_TEST_URL is set"
    ),
]


@pytest.fixture
def params(tmp_path: Path) -> BenchParams:
    return BenchParams.tiny(out_dir=tmp_path / "out", db_url="")


async def test_memory_block_reads_once_cold_and_never_warm(params: BenchParams) -> None:
    facts = (await memory_block.run(params)).facts
    assert facts["sqlite_samples"] == params.samples
    assert facts["sqlite_max_cold_round_trips"] == 1
    assert facts["sqlite_max_warm_round_trips"] == 0
    assert facts["sqlite_blocks_filled"] == params.samples
    assert 1 <= facts["sqlite_plan_round_trips_per_message"] <= 2


async def test_memory_block_with_embeddings_makes_one_request_per_message(params: BenchParams) -> None:
    """The embeddings-on rows ask the (fake) endpoint once for each message, never with embeddings off."""
    facts = (await memory_block.run(params)).facts
    members = min(params.samples, params.members)
    assert facts["embeddings_members"] == members
    assert facts["embeddings_vectors"] == members * params.live_per_member, "every live memory backfilled first"
    assert facts["embeddings_requests_per_message"] == [1] * (2 * members)
    assert facts["embeddings_off_requests_per_message"] == [0] * (2 * members)
    assert facts["embeddings_failed_requests"] == 0, "every message was ranked with meaning"
    assert facts["embeddings_on_cold_p99_ms"] > 0 and facts["embeddings_off_warm_p99_ms"] > 0


async def test_pipeline_answers_everyone_and_loses_no_memory(params: BenchParams) -> None:
    facts = (await pipeline.run(params)).facts
    assert facts["replies"] >= params.load_members
    assert facts["failed_replies"] == 0 and facts["warnings"] == 0, facts["first_warning"]
    assert facts["drained"]
    assert facts["extractions_answered"] > 0
    assert facts["memories_lost"] == 0
    assert facts["peak_rss_mb"] > 0


async def test_llm_cost_answers_every_turn_and_keeps_the_block_in_budget(params: BenchParams) -> None:
    result = await llm_cost.run(params)
    facts = result.facts
    assert facts["answered"] == params.cost_turns == facts["plan_extraction_calls"]
    assert 0 < facts["extraction_calls"] < facts["answered"]
    assert facts["blocks_shown"] == facts["blocks_within_budget"] == facts["answered"]
    assert facts["max_block_chars"] <= facts["budget_chars"]
    assert facts["plan_tokens_per_turn"] > 0 and facts["our_tokens_per_turn"] > 0
    assert facts["warnings"] == 0


async def test_pruning_leaves_no_expired_row_and_nobody_over_the_cap(params: BenchParams) -> None:
    facts = (await pruning.run(params)).facts
    assert facts["sqlite_expired_before"] == params.members * params.expired_per_member
    assert facts["sqlite_expired_deleted"] == facts["sqlite_expired_before"]
    assert facts["sqlite_expired_after"] == 0
    assert facts["sqlite_live_after"] == params.members * MEMORY_CAP
    assert facts["sqlite_cap_deleted"] > 0
    assert facts["sqlite_failed"] == 0 and facts["sqlite_warnings"] == 0, facts["sqlite_first_warning"]
    assert facts["sqlite_chat_idle_count"] > 0


def test_the_command_prints_one_table(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--tiny", "--only", "memory_block", "--out", str(tmp_path / "out")]) == 0
    out = capsys.readouterr().out
    assert "1 memory block (sqlite)" in out
    assert "Targets met:" not in out and "measured nothing" in out, "--tiny meets or misses no target"
    assert " yes" not in out and " NO" not in out


async def test_replies_first_measures_both_modes_and_never_more_than_one_extra_request(params: BenchParams) -> None:
    from bench import replies_first

    facts = (await replies_first.run(params)).facts
    assert facts["first_replies"] == facts["before_replies"] == 9
    assert facts["first_extractions"] > 0 and facts["before_extractions"] > 0
    assert facts["first_p99_ms"] > 0 and facts["before_p99_ms"] > 0
    extra = {k: v for k, v in facts.items() if k.startswith("extra_")}
    assert len(extra) == 2 * len(replies_first.BEHAVIOURS) and all(0 <= v <= 1 for v in extra.values()), extra
    assert facts["extra_first_qwen2.5:7b-instruct"] == 0 and facts["extra_first_ollama-no-tools"] == 1


async def test_processes_propagates_every_forget_and_answers_every_member(params: BenchParams) -> None:
    """Item 7 on tiny data: two real processes on one file, each figure measured from something that happened."""
    from bench import processes

    facts = (await processes.run(params)).facts
    assert facts["forgets"] == params.process_forgets and facts["propagation_max_ms"] >= 0
    assert facts["conflict_writes_2"] == 2 * processes.CONFLICT_MEMBERS * params.process_conflict_facts
    assert 0 <= facts["replans_2"] <= facts["conflict_writes_2"]
    assert facts["polls_per_second"] > 0 and facts["poll_p99_ms"] > 0 and facts["cpu_share"] >= 0  # CPU ticks: 10 ms
    assert all(facts[f"replies_per_second_{n}"] > 0 and facts[f"failed_{n}"] == 0 for n in params.process_counts)
    assert facts["warnings"] == facts["postponed_after_replans"], facts["first_warning"]


def test_the_loopback_llm_is_a_process_of_its_own_that_logs_what_it_served() -> None:
    """The bench's LLM: the tests' fake, started as a program with a scenario, read back over HTTP, gone at stop."""
    server = start_llm(tools={"extract_memories": {"always": {"memories": [], "profile_update": None}}})
    try:
        assert server.pid not in (0, os.getpid())
        client = openai.OpenAI(base_url=server.base_url, api_key="bench", max_retries=0)
        reply = client.chat.completions.create(model="bench-model", messages=[{"role": "user", "content": "hi (m3)"}])
        assert reply.choices[0].message.content == "Oh cool, tell me more about it."
        served = server.log()
        assert [(entry["tool"], entry["way"], entry["answer"]) for entry in served] == [(None, "chat", None)]
        assert served[0]["body"]["messages"][-1]["content"] == "hi (m3)" and served[0]["seconds"] >= 0
    finally:
        server.stop()
    with pytest.raises(ProcessLookupError):
        os.kill(server.pid, 0)
