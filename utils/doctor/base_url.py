"""What an operator meant by a pasted endpoint address: the base URL the bot adds its own paths to.

Server documentation shows whole endpoints (`…/v1/chat/completions`, Ollama's `…/api/chat`,
`…/v1/models`), and those get pasted into LLM_BASE_URL. The OpenAI client appends
`/chat/completions`, `/models` and `/embeddings` to the base itself, so such a URL can only
404; appending `/v1` to it, as for a bare host, would make it worse. This module turns any of
those shapes back into the base, offline, so the doctor can say which value to set.
"""

from __future__ import annotations

from urllib.parse import urlsplit

OPENAI_ENDPOINTS = ("/chat/completions", "/completions", "/embeddings", "/models", "/responses")
"""The OpenAI-compatible API's endpoints: the base is what precedes them (`…/v1`, `…/openai/v1`, `…/v1beta/openai`)."""
OLLAMA_NATIVE_ENDPOINTS = ("/api/chat", "/api/generate", "/api/embeddings", "/api/embed", "/api/tags", "/api/version", "/api/ps")
"""Ollama's own API: the OpenAI-compatible one of the same server is under `/v1` instead of `/api`."""


def endpoint_base(url: str) -> str | None:
    """The base URL for ``url`` when it names an endpoint or carries a query or fragment; None when it is a base already.

    A bare host (`http://localhost:11434`) is not this function's case: whether it needs `/v1`
    depends on the server (llama.cpp serves both), which only asking it can tell.
    """
    parts = urlsplit(url.strip())
    if not parts.scheme or not parts.netloc:
        return None
    path = parts.path.rstrip("/")
    base = _base_path(path)
    if base == path and not parts.query and not parts.fragment:
        return None
    return parts._replace(path=base, query="", fragment="").geturl()


def _base_path(path: str) -> str:
    lowered = path.lower()
    for suffix in OLLAMA_NATIVE_ENDPOINTS:
        if lowered.endswith(suffix):
            return path[: -len(suffix)] + "/v1"
    for suffix in OPENAI_ENDPOINTS:
        if lowered.endswith(suffix):
            return path[: -len(suffix)].rstrip("/") or "/v1"  # a bare host's endpoint: every server named serves /v1
    return path


def names_endpoint(url: str) -> bool:
    """``url``'s path is one endpoint's: every request the bot makes to it would 404."""
    path = urlsplit(url.strip()).path.rstrip("/")
    return _base_path(path) != path


def what_is_wrong(url: str) -> str:
    """Why :func:`endpoint_base` changed ``url``, in the doctor's words."""
    if names_endpoint(url):
        return f"{url} is the address of one endpoint, not the base URL the bot adds /chat/completions and /models to"
    return f"{url} carries a query or fragment; a base URL is the scheme, host, port and path only"
