"""A password written so that it does not look like one: hex or base64 of its text, or a space between each of its
characters (:mod:`utils.privacy.credential_shapes` reads what these give back as it reads any run).

None of these needs a list of formats. Text encoded in hex is bytes of printable UTF-8, which random hex (a commit, a
digest, a key said as such) is only by chance: about one byte in three is printable ASCII, so eight or more in a row
happen once in several thousand digests. A run ending in ``=`` or ``==`` of base64's own alphabet is a base64 value (its padding
says so), and a value is what a kept line must not carry. A run of single characters with a space between each is
read joined, as the member meant it.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

_HEX_TEXT = re.compile(r"(?:[0-9a-fA-F]{2}){8,}")
"""Eight bytes or more written as hex digits."""
_PADDED = re.compile(r"(?<![\w+/=])[A-Za-z0-9+/]{12,}={1,2}(?![\w+/=])")


def hex_of_text(token: str) -> bool:
    """Whether a hex run is text encoded (UTF-8, every character printable), with two hex letters at least (a long
    number whose digit pairs all fall in 20-7e is no encoded text)."""
    if not _HEX_TEXT.fullmatch(token) or sum(c.isalpha() for c in token) < 2:
        return False
    try:
        decoded = bytes.fromhex(token).decode("utf-8")
    except UnicodeDecodeError:
        return False
    return decoded.isprintable() and " " not in decoded.strip()


def padded_base64_spans(text: str) -> Iterator[tuple[int, int]]:
    """Runs of base64 closed by its padding, with letters of both cases ("THVrYXMyMDExIw==")."""
    if "=" not in text:
        return
    for match in _PADDED.finditer(text):
        body = match.group().rstrip("=")
        if any(c.islower() for c in body) and any(c.isupper() for c in body):
            yield match.span()


_LONE_DIGIT = re.compile(r"\d(?!\S)(?<!\S\d)")
"""A digit alone between spaces: a spaced run holding a digit is found from it (``re`` skips to digits in C)."""
SHORTEST_SPACED = 8


def spaced_runs(text: str) -> Iterator[tuple[int, int, str]]:
    """Runs of single characters each between single spaces, holding a digit, as ``(start, end, joined)``."""
    covered = -1
    for digit in _LONE_DIGIT.finditer(text):
        start = end = digit.start()
        if start < covered:
            continue
        while start >= 2 and text[start - 1] == " " and not text[start - 2].isspace() and _alone(text, start - 2):
            start -= 2
        while end + 2 < len(text) and text[end + 1] == " " and not text[end + 2].isspace() and _alone(text, end + 2):
            end += 2
        covered = end + 1
        if (end - start) // 2 + 1 >= SHORTEST_SPACED:
            yield start, end + 1, text[start : end + 1 : 2]


def _alone(text: str, at: int) -> bool:
    """Whether the character at ``at`` has whitespace (or the text's edge) on both sides."""
    return (at == 0 or text[at - 1].isspace()) and (at + 1 == len(text) or text[at + 1].isspace())
