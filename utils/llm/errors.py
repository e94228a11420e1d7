"""What goes wrong in a call to the LLM, and the error text as it may be logged or raised.

:class:`LLMError` is what callers catch; the mode errors are the client's own, so the
tool-call flow can fall to the next mode without a caller ever seeing them.
"""

from __future__ import annotations

from utils.privacy.screen import Seen, cut_screened, screen
from utils.text import valid_text


class LLMError(RuntimeError):
    """The LLM could not give a usable answer (down, slow, error status, or invalid output)."""


class ModeRefused(LLMError):
    """The server refused the mode the request was asked in (HTTP 400 for ``tools``, 500 for ``json_schema``)."""


class ModeFailed(LLMError):
    """This mode gave no arguments at all: the server refused it, or answered without them."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


ERROR_TEXT_CHARS = 300
"""Of an error's text, in the log row, the warning and the raised error: the server's words, which may repeat the request."""
_ERROR_SCREEN_MARGIN = 400
"""Screened past the cut, so a key across it is still whole when the screen reads it."""


def screened_error(text: str, seen: Seen | None = None) -> str:
    """An error's text as it may be logged or raised: screened whole (``seen`` included), then cut.

    A server's error can repeat the request: vLLM's validation errors quote the input, a
    proxy echoes the body. The text leaves here already screened, because the warning line
    and the caller's own log line print it at once; only its head, with a margin so a
    key across the cut is still whole, is screened, on an error path only.
    """
    head = valid_text(text)[: ERROR_TEXT_CHARS + _ERROR_SCREEN_MARGIN]
    return cut_screened(screen(head, "log", seen=seen).text, ERROR_TEXT_CHARS)
