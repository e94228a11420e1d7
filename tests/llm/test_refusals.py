"""Which server errors refuse a way (asked once more the next way, and remembered) and which are outages.

The messages are the servers' own, from their issue trackers; each comes back from the
fake server over HTTP, through the real SDK, as an operator's server would send it.
"""

from __future__ import annotations

import json

import pytest
from fake_llm import Failure, FakeLLM

from utils.llm.client import LLMClient, LLMError
from utils.llm.ways import Way
from utils.memory.extraction import MEMORY_EXTRACTION_TOOL

ASK = [{"role": "user", "content": "I adopted a cat called Miso"}]

CASES = [
    (400, "registry.ollama.ai/library/gemma3:4b does not support tools", Way.TOOLS, True),
    (400, "glm4 does not support tools", Way.TOOLS, True),
    (400, '"auto" tool choice requires --enable-auto-tool-choice and --tool-call-parser to be set', Way.TOOLS, True),
    (500, 'response_format type must be one of "text" or "json_object", but got: json_schema', Way.JSON_SCHEMA, True),
    (422, "json_schema response_format is not supported", Way.JSON_SCHEMA, True),
    (500, 'Either "json_schema" or "grammar" can be specified, but not both', Way.JSON_SCHEMA, True),
    (
        400,
        "Invalid schema for response_format 'extract_memories': 'additionalProperties' is required to be false",
        Way.JSON_SCHEMA,
        True,
    ),
    (400, "'response_format.type' must be 'json_schema' or 'text'", Way.JSON_OBJECT, True),
    (400, "This model's maximum context length is 8192 tokens, however you requested 9000 tokens", Way.TOOLS, False),
    (404, "model 'llama3' not found, try pulling it first", Way.JSON_SCHEMA, False),
    (500, "CUDA error: out of memory", Way.TOOLS, False),
    (503, "Service Unavailable", Way.JSON_SCHEMA, False),
    (500, "llama_decode failed", Way.JSON_OBJECT, False),
]


@pytest.mark.parametrize(("status", "message", "way", "refuses"), CASES, ids=[c[1][:40] for c in CASES])
async def test_a_refusal_moves_to_the_next_way_and_an_outage_does_not(
    fake_llm: FakeLLM, llm_server, status: int, message: str, way: Way, refuses: bool
) -> None:  # type: ignore[no-untyped-def]
    fake_llm.tools["extract_memories"] = lambda body: {"memories": [{"memory": "Has a cat called Miso."}]}
    body = json.dumps({"error": {"message": message, "type": "api_error"}})
    fake_llm.failures.append(Failure(status, 1, body))
    client = LLMClient(base_url=llm_server.base_url, api_key="x", model="m", max_retries=0)
    for earlier in (Way.TOOLS, Way.JSON_SCHEMA, Way.JSON_OBJECT)[: [Way.TOOLS, Way.JSON_SCHEMA, Way.JSON_OBJECT].index(way)]:
        client.ways.refuse("m", earlier, "refused before: the case starts at its own way")
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
    known = client.ways.known("m")
    assert (known is not None and way in known.refused and known.refused[way].startswith(f"HTTP {status}")) is refuses
