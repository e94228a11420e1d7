"""The LoCoMo recall protocol on a conversation written here, and `python -m bench --only recall` end to end."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from fake_llm import FakeLLMServer

from bench import recall
from bench.__main__ import main, parse
from bench.locomo import as_query, cases, load
from bench.params import BenchParams

CONVERSATION = {
    "speaker_a": "Alice",
    "speaker_b": "Bob",
    "session_1_observation": {
        "Alice": [["Alice has a dog named Pixel.", "D1:1"], ["Alice's sister lives in Lyon.", "D1:3"]],
        "Bob": [["Bob plays guitar every day.", "D1:2"]],
    },
    "session_2_observation": {
        "Alice": [["Alice works night shifts as a nurse.", ["D2:1", "D2:3"]], ["Alice is learning Japanese.", "D2:5; D2:7"]],
        "Bob": [["Bob adopted two rescue greyhounds.", "D2:2"]],
    },
    "qa": [
        {"question": "What is the name of Alice's dog?", "evidence": ["D1:1"], "category": 1},
        {"question": "When does Alice work?", "evidence": ["D2:3"], "category": 2},
        {"question": "What language is Alice studying?", "evidence": ["D2:7"], "category": 1},
        {"question": "What instrument does Bob play?", "evidence": ["D1:2"], "category": 1},
        {"question": "Did Alice and Bob meet?", "evidence": ["D1:1"], "category": 1},
        {"question": "What is Alice's favourite car?", "evidence": ["D1:1"], "category": 5},
        {"question": "What does Bob think of Pixel?", "evidence": ["D1:1"], "category": 1},
        {"question": "Where does Alicea live?", "evidence": ["D1:3"], "category": 1},
    ],
}


def test_protocol_picks_the_questions_and_rewrites_names() -> None:
    picked = cases(CONVERSATION, "x")
    assert [c.query for c in picked] == [
        "What is the name of my dog?",
        "When does I work?",
        "What language is I studying?",
        "What instrument does I play?",
    ], "category 5, both names, evidence of the other speaker and a longer name are left out"
    dog, work, language, guitar = picked
    assert [f.text for f in dog.facts] == [
        "They has a dog named Pixel.",
        "They's sister lives in Lyon.",
        "They works night shifts as a nurse.",
        "They is learning Japanese.",
    ]
    assert dog.evidence == {0} and work.evidence == {2} and language.evidence == {3}
    assert [c.category for c in picked] == [1, 2, 1, 1], "the temporal slice is LoCoMo's category 2"
    assert [f.text for f in guitar.facts] == ["They plays guitar every day.", "They adopted two rescue greyhounds."]
    assert as_query("Is Alice's sister Alice?", "Alice") == "Is my sister I?"


@pytest.fixture
def conversation_file(tmp_path: Path) -> Path:
    path = tmp_path / "tiny.json"
    path.write_text(json.dumps(CONVERSATION), encoding="utf-8")
    return path


async def test_recall_bench_lexical_and_hybrid(conversation_file: Path, llm_server: FakeLLMServer) -> None:
    params = BenchParams(locomo=(str(conversation_file),), embed_url=llm_server.base_url, embed_model="test-embed")
    result = await recall.run(params)
    lexical, hybrid = result.facts["lines"]
    total = len(load([conversation_file]))
    assert lexical.startswith("recall@5 lexical: ") and lexical.endswith(f"/{total})")
    assert hybrid.startswith("recall@5 hybrid: ") and hybrid.endswith(f"/{total})")
    assert result.facts["lexical_total"] == result.facts["hybrid_total"] == total == 4
    assert result.facts["hybrid_hits"] >= result.facts["lexical_hits"] >= 3
    assert result.facts["lexical_temporal"][1] == result.facts["hybrid_temporal"][1] == 1, "one question about when"
    assert llm_server.llm.chat_requests() == []
    requests = llm_server.llm.embedding_requests
    assert len(requests) == 2 + total + 2, "memories in one batch per speaker, one per question, floor and table checks"
    assert result.facts["unrelated_max_cosine"] < 0.3, "hashed words: unrelated pairs share none"
    assert result.facts["other_languages_over_floor"] == 0, "hashed words: no language puts unrelated pairs together"
    assert result.facts["unrelated_table_kept_out"] == [17, 17, 13, 13], "the tests' table, through the bench's own path"
    english, english_total, other, other_total = result.facts["unrelated_members_kept_out"]
    assert (english, other) == (english_total, other_total) and english_total + other_total >= 20
    assert result.facts["paraphrases_found"] == 3, "hashed words find the three sharing a word: shift, kids, learning"


def test_the_fake_and_local_endpoints_need_no_model_name() -> None:
    assert parse(["--embed-url", "fake"]).embed_url == "fake"
    assert parse(["--embed-url", "local"]).embed_url == "local"
    with pytest.raises(SystemExit):
        parse(["--embed-url", "http://127.0.0.1:1/v1"])


def test_recall_is_left_out_of_the_default_run_and_needs_files(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        parse(["--only", "recall"])
    with pytest.raises(SystemExit):
        parse(["--only", "recall", "--locomo", "x.json", "--embed-url", "http://127.0.0.1:1/v1"])
    assert "--locomo" in capsys.readouterr().err


@pytest.mark.slow
def test_the_command_prints_the_recall_line(conversation_file: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--only", "recall", "--locomo", str(conversation_file), "--out", str(tmp_path / "out")]) == 0
    out = capsys.readouterr().out
    assert "\nrecall@5 lexical: " in out and "recall@5 hybrid" not in out
