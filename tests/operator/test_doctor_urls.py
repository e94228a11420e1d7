"""The doctor on the base URLs people really type, against the fake server answering as each server does outside `/v1`.

A URL without `/v1` must be blamed on LLM_BASE_URL with the fixed URL, never on LLM_MODEL;
a URL that works must pass; an empty LLM_MODEL is one ✗ naming it, and the checks that
need a model are skipped with that reason.
"""

from __future__ import annotations

import io

import pytest
from fake_llm import FakeLLM, FakeLLMServer
from settings_factory import SettingsFactory

from utils.doctor import run_doctor
from utils.doctor.llm_checks import check_llm, startup_summary, with_v1
from utils.doctor.result import Status

# (server as the fake plays it outside /v1, what is appended to http://host:port, does it list its models, works?)
URLS = [
    ("ollama", "", True, False),  # http://localhost:11434
    ("ollama", "/", True, False),  # http://localhost:11434/
    ("ollama", "/api", True, False),  # Ollama's native API, not the OpenAI one
    ("ollama", "/api/", True, False),
    ("ollama", "", False, False),  # a server that does not list models: the completion's 404 says it
    ("lmstudio", "", True, False),  # http://localhost:1234: HTTP 200 "Unexpected endpoint or method"
    ("lmstudio", "/", True, False),
    ("vllm", "", True, False),  # http://localhost:8000: FastAPI's 404
    ("vllm", "", False, False),
    ("openai", "", True, False),  # "Invalid URL (GET /models)"
    ("openai", "", False, False),
    ("llama.cpp", "", True, True),  # llama-server routes /models and /chat/completions without /v1 too
    ("ollama", "/v1", True, True),
    ("ollama", "/v1/", True, True),
    ("lmstudio", "/v1/", True, True),
    ("vllm", "/v1", False, True),
]


@pytest.mark.parametrize(("server", "suffix", "lists", "works"), URLS)
async def test_a_url_without_v1_is_blamed_on_llm_base_url_with_the_fixed_url(
    make_settings: SettingsFactory,
    llm_server: FakeLLMServer,
    fake_llm: FakeLLM,
    server: str,
    suffix: str,
    lists: bool,
    works: bool,
) -> None:
    fake_llm.unversioned = server
    fake_llm.models = ["test-model"] if lists else None
    root = llm_server.base_url.removesuffix("/v1")
    url = root + suffix
    results = await check_llm(make_settings(llm_base_url=url))
    lines = [r.line() for r in results]
    blocking = [r for r in results if r.blocks]

    if works:
        assert not blocking, lines
        assert any(r.name == "LLM completion" and r.status is Status.OK for r in results), lines
        return
    assert len(blocking) == 1, lines
    [wrong] = blocking
    assert "LLM_BASE_URL probably lacks /v1" in wrong.detail and url in wrong.detail, "it says what it saw"
    assert wrong.fix == f"set LLM_BASE_URL to {root}/v1 (saw {url})", "it suggests the fixed URL"
    assert "LLM_MODEL" not in wrong.line(), "the model is not what is wrong"
    assert all(r.status is Status.SKIPPED for r in results[results.index(wrong) + 1 :]), lines


async def test_the_startup_summary_survives_lm_studios_200_error_body(
    make_settings: SettingsFactory, llm_server: FakeLLMServer, fake_llm: FakeLLM
) -> None:
    fake_llm.unversioned = "lmstudio"
    url = llm_server.base_url.removesuffix("/v1")
    line = await startup_summary(make_settings(llm_base_url=url))
    assert line.startswith(f"LLM {url} (LLM_BASE_URL)") and "reachable" in line


@pytest.mark.parametrize(
    ("url", "fixed"),
    [
        ("http://localhost:11434", "http://localhost:11434/v1"),
        ("http://localhost:11434/", "http://localhost:11434/v1"),
        ("http://localhost:11434/api", "http://localhost:11434/v1"),
        ("http://localhost:11434/api/", "http://localhost:11434/v1"),
        ("http://localhost:1234", "http://localhost:1234/v1"),
        ("http://host.docker.internal:8000/", "http://host.docker.internal:8000/v1"),
        ("https://llm.example.org/openai", "https://llm.example.org/openai/v1"),
        ("http://localhost:11434/v1", None),
        ("http://localhost:11434/v1/", None),
        ("https://api.openai.com/v1", None),
        ("https://openrouter.ai/api/v1", None),
    ],
)
def test_the_suggested_url(url: str, fixed: str | None) -> None:
    assert with_v1(url) == fixed


@pytest.mark.parametrize("empty", ["", "   "])
async def test_an_empty_llm_model_is_one_failure_naming_it_and_the_model_checks_are_skipped(
    make_settings: SettingsFactory, fake_llm: FakeLLM, empty: str
) -> None:
    fake_llm.models = ["test-model"]
    out = io.StringIO()
    code = await run_doctor(make_settings(llm_model=empty), skip_discord=True, out=out)
    lines = [line for line in out.getvalue().splitlines() if line.strip()]

    assert code == 1
    failures = [line for line in lines if line.startswith("✗")]
    assert len(failures) == 1 and "LLM_MODEL" in failures[0], lines
    for name in ("LLM model", "LLM completion", "LLM tool call"):
        [line] = [x for x in lines if x[2:].startswith(f"{name}:")]
        assert line.startswith("-") and "LLM_MODEL is empty" in line, lines
    assert not any(line.startswith("✓ LLM completion") for line in lines)
    assert fake_llm.chat_requests() == [], "no model is asked with an empty name"
