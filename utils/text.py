"""Valid text at every boundary (what arrives, what is stored) and the one way text is cut to a size.

Python strings may hold what no encoder accepts: a lone UTF-16 surrogate (a model's
JSON can carry ``"\\ud83d"``; a Latin-1 byte read from a UTF-8 terminal becomes
``"\\udce9"``). One such character breaks every later request that contains it and
every database write of it, so it is replaced where text enters, never where it fails.
"""

from __future__ import annotations

import re
from typing import Any

_NEEDS_WORK = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\ud800-\udfff]")
_CONTROL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")


def valid_text(value: object) -> str:
    """``value`` as text that encodes to UTF-8 anywhere; never raises.

    A surrogate pair split into two code units is joined, a lone surrogate becomes
    U+FFFD, CR/CRLF become LF, and NUL and other C0/C1 control characters go
    (tab and newline stay). Anything that is not a string is turned into one first.
    """
    if not isinstance(value, str):
        try:
            value = str(value) if value is not None else ""
        except Exception:  # noqa: BLE001 - any __str__ may raise anything; "never raises" is the promise
            return ""
    if not _NEEDS_WORK.search(value):
        return value
    if "\r" in value:
        value = value.replace("\r\n", "\n").replace("\r", "\n")
    value = _CONTROL.sub("", value)
    if any("\ud800" <= ch <= "\udfff" for ch in value):
        value = value.encode("utf-16-le", "surrogatepass").decode("utf-16-le", "replace")
    return value


NEAR_A_WORD = 0.6
"""A cut moves back to the last space when that keeps at least this share of the limit; else it cuts mid-word."""


def cut_at_word(text: str, limit: int, *, ellipsis: bool = False) -> str:
    """``text`` within ``limit`` characters, cut at a word boundary when there is one nearby.

    Trailing spaces and separators (",;:") of the cut go. With ``ellipsis`` the cut is
    marked with "…", counted in the limit: a shortened line the model reads must not pass
    for the whole one; a stored memory or profile is cut without a mark.
    """
    if len(text) <= limit:
        return text
    room = limit - 1 if ellipsis else limit
    cut = text[: max(room, 0)]
    space = cut.rfind(" ")
    kept = (cut[:space] if space > limit * NEAR_A_WORD else cut).rstrip(" \t\n,;:")
    return kept + "…" if ellipsis else kept


def valid_tree(value: Any) -> Any:
    """Every string in a parsed JSON value (keys included) made valid by :func:`valid_text`."""
    if isinstance(value, str):
        return valid_text(value)
    if isinstance(value, list):
        return [valid_tree(item) for item in value]
    if isinstance(value, dict):
        return {valid_text(key): valid_tree(item) for key, item in value.items()}
    return value
