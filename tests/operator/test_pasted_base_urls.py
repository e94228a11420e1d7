"""LLM_BASE_URL as people paste it from server documentation: a whole endpoint, Ollama's native API, a query string.

The doctor must name the base URL to set, offline, and never the endpoint with `/v1` appended
(`…/v1/chat/completions/v1`); a URL that is a base already is left to the checks that ask the server.
"""

from __future__ import annotations

import pytest
from settings_factory import SettingsFactory

from utils.doctor.base_url import endpoint_base, names_endpoint
from utils.doctor.llm_checks import check_llm, summary_line, with_v1
from utils.doctor.result import Status
from utils.llm import EndpointProbe

# (what was pasted, the base URL the doctor must suggest; None: a base already, nothing to say offline)
PASTED = [
    # Ollama
    ("http://localhost:11434/v1/chat/completions", "http://localhost:11434/v1"),
    ("http://localhost:11434/v1/chat/completions/", "http://localhost:11434/v1"),
    ("http://localhost:11434/api/chat", "http://localhost:11434/v1"),
    ("http://localhost:11434/api/generate", "http://localhost:11434/v1"),
    ("http://localhost:11434/api/tags", "http://localhost:11434/v1"),
    ("http://localhost:11434/api/embed", "http://localhost:11434/v1"),
    ("http://127.0.0.1:11434/v1/models", "http://127.0.0.1:11434/v1"),
    ("http://host.docker.internal:11434/v1/embeddings", "http://host.docker.internal:11434/v1"),
    ("http://gpu-box.lan/ollama/api/chat", "http://gpu-box.lan/ollama/v1"),
    ("  http://localhost:11434/v1/chat/completions  ", "http://localhost:11434/v1"),
    # LM Studio
    ("http://localhost:1234/v1/chat/completions", "http://localhost:1234/v1"),
    ("http://localhost:1234/v1/models/", "http://localhost:1234/v1"),
    ("http://192.168.1.20:1234/v1/completions", "http://192.168.1.20:1234/v1"),
    # llama.cpp's llama-server (it routes /chat/completions without /v1 too)
    ("http://localhost:8080/v1/chat/completions", "http://localhost:8080/v1"),
    ("http://localhost:8080/chat/completions", "http://localhost:8080/v1"),
    ("http://localhost:8080/completions", "http://localhost:8080/v1"),
    # vLLM
    ("http://localhost:8000/v1/chat/completions", "http://localhost:8000/v1"),
    ("http://vllm.internal:8000/v1/models", "http://vllm.internal:8000/v1"),
    # OpenAI and other hosted OpenAI-compatible APIs
    ("https://api.openai.com/v1/chat/completions", "https://api.openai.com/v1"),
    ("https://api.openai.com/v1/responses", "https://api.openai.com/v1"),
    ("https://API.OPENAI.COM/v1/Chat/Completions", "https://API.OPENAI.COM/v1"),
    ("https://api.groq.com/openai/v1/chat/completions", "https://api.groq.com/openai/v1"),
    (
        "https://generativelanguage.googleapis.com/v1beta/openai/chat/completions",
        "https://generativelanguage.googleapis.com/v1beta/openai",
    ),
    # query strings and fragments
    ("https://api.openai.com/v1/chat/completions?api-version=2024-06-01", "https://api.openai.com/v1"),
    ("http://localhost:11434/v1?model=qwen2.5", "http://localhost:11434/v1"),
    ("http://localhost:11434/v1/#chat", "http://localhost:11434/v1"),
    # bases already: nothing to say offline (a bare host or /api is for the checks that ask the server)
    ("http://localhost:11434/v1", None),
    ("http://localhost:11434/v1/", None),
    ("http://localhost:11434", None),
    ("http://localhost:11434/", None),
    ("http://localhost:11434/api", None),
    ("https://api.openai.com/v1", None),
    ("https://api.groq.com/openai/v1", None),
    ("http://localhost:8080", None),
    ("localhost:11434/v1/chat/completions", None),  # no scheme: the settings check is where that belongs
]


@pytest.mark.parametrize(("pasted", "base"), PASTED)
def test_a_pasted_endpoint_becomes_the_base_url(pasted: str, base: str | None) -> None:
    assert endpoint_base(pasted) == base
    if base is not None:
        assert endpoint_base(base) is None, "the suggestion is itself a base: following it ends the advice"
        assert with_v1(pasted) == base, "never the endpoint with /v1 appended"


@pytest.mark.parametrize(("pasted", "base"), [(p, b) for p, b in PASTED if b is not None])
async def test_the_doctor_names_the_base_url_without_asking_the_server(
    make_settings: SettingsFactory, pasted: str, base: str
) -> None:
    results = await check_llm(make_settings(llm_base_url=pasted))
    [wrong, *rest] = results
    assert wrong.status is Status.FAILED and wrong.name == "LLM endpoint"
    assert wrong.fix == f"set LLM_BASE_URL to {base} (saw {pasted.strip()})"
    assert "/v1/v1" not in wrong.fix and "completions/v1" not in wrong.fix
    assert [r.status for r in rest] == [Status.SKIPPED, Status.SKIPPED]


@pytest.mark.parametrize(("pasted", "base"), [(p, b) for p, b in PASTED if b is not None and names_endpoint(p)])
def test_the_start_up_line_names_the_base_url_too(make_settings: SettingsFactory, pasted: str, base: str) -> None:
    line = summary_line(make_settings(llm_base_url=pasted), EndpointProbe(True, "HTTP 404"))
    assert f"set it to {base}" in line and "LLM_BASE_URL names one endpoint" in line
