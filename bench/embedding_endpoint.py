"""Which embedding endpoint a benchmark talks to, from ``--embed-url``: one place that starts and stops it.

"fake" (and, for the memory block, no option at all) is the project's deterministic
fake server on loopback (`tests/support/fake_llm.py` started as a process: hashed words,
1024 dimensions, pure Python): it needs nothing installed and is the same on every machine. "local"
serves all-MiniLM-L6-v2 on loopback (`bench.embed_server`, needs
bench/requirements.txt). Anything else is the URL of a running server, with
``--embed-model``.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

FAKE = "fake"
LOCAL = "local"
FAKE_MODEL = "bench-hashed-words"


@dataclass(frozen=True)
class Endpoint:
    url: str
    model: str


@contextmanager
def embedding_endpoint(embed_url: str, embed_model: str) -> Iterator[Endpoint]:
    """The endpoint, started for the block's duration when it is one of ours; stopped however the block ends."""
    if embed_url in ("", FAKE):
        from bench.loopback_llm import LoopbackLLM

        fake = LoopbackLLM().start()
        try:
            yield Endpoint(fake.base_url, embed_model or FAKE_MODEL)
        finally:
            fake.stop()
    elif embed_url == LOCAL:
        from bench.embed_server import MODEL_NAME, LocalEmbeddingServer

        local = LocalEmbeddingServer().start()
        try:
            yield Endpoint(local.base_url, embed_model or MODEL_NAME)
        finally:
            local.stop()
    else:
        yield Endpoint(embed_url, embed_model)
