"""Which server errors refuse a way (asked once more the next way, and remembered) and which are outages.

The messages are the servers' own, from their issue trackers; each comes back from the
fake server over HTTP, through the real SDK, as an operator's server would send it.
"""

from __future__ import annotations

import json

import pytest
from fake_llm import Failure, FakeLLM

from utils.llm import LLMClient, LLMError, ToolMode
from utils.memory.extraction import MEMORY_EXTRACTION_TOOL

ASK = [{"role": "user", "content": "I adopted a cat called Miso"}]

CASES = [
    (400, "registry.ollama.ai/library/gemma3:4b does not support tools", "tools", True),
    (400, "glm4 does not support tools", "tools", True),
    (400, '"auto" tool choice requires --enable-auto-tool-choice and --tool-call-parser to be set', "tools", True),
    (500, 'response_format type must be one of "text" or "json_object", but got: json_schema', "json_schema", True),
    (422, "json_schema response_format is not supported", "json_schema", True),
    (500, 'Either "json_schema" or "grammar" can be specified, but not both', "json_schema", True),
    (
        400,
        "Invalid schema for response_format 'extract_memories': 'additionalProperties' is required to be false",
        "json_schema",
        True,
    ),
    (400, "'response_format.type' must be 'json_schema' or 'text'", "json_object", True),
    (400, "This model's maximum context length is 8192 tokens, however you requested 9000 tokens", "tools", False),
    (404, "model 'llama3' not found, try pulling it first", "json_schema", False),
    (500, "CUDA error: out of memory", "tools", False),
    (503, "Service Unavailable", "json_schema", False),
    (500, "llama_decode failed", "json_object", False),
]


@pytest.mark.parametrize(("status", "message", "way", "refuses"), CASES, ids=[c[1][:40] for c in CASES])
async def test_a_refusal_moves_to_the_next_way_and_an_outage_does_not(
    fake_llm: FakeLLM, llm_server, status: int, message: str, way: ToolMode, refuses: bool
) -> None:  # type: ignore[no-untyped-def]
    fake_llm.tools["extract_memories"] = lambda body: {"memories": [{"memory": "Has a cat called Miso."}]}
    body = json.dumps({"error": {"message": message, "type": "api_error"}})
    fake_llm.failures.append(Failure(status, 1, body))
    client = LLMClient(base_url=llm_server.base_url, api_key="x", model="m", max_retries=0)
    for earlier in ("tools", "json_schema", "json_object")[: ["tools", "json_schema", "json_object"].index(way)]:
        client.modes.refuse("m", earlier, "refused before: the case starts at its own way")
    try:
        if refuses:
            result, _ = await client.call_tool(ASK, MEMORY_EXTRACTION_TOOL, kind="memory_extraction")
            assert result.memories[0].memory == "Has a cat called Miso.", "the next way answered"
            assert len(fake_llm.requests) == 2
        else:
            with pytest.raises(LLMError):
                await client.call_tool(ASK, MEMORY_EXTRACTION_TOOL, kind="memory_extraction")
            assert len(fake_llm.requests) == 1, "an outage is not asked another way"
    finally:
        await client.close()
    known = client.modes.known("m")
    assert (known is not None and way in known.refused and known.refused[way].startswith(f"HTTP {status}")) is refuses
