"""Runs of characters that read as generated, not written (:mod:`utils.privacy.values`): the measures of a run
(entropy, class switches, wordiness), :func:`credential_like`, and the runs without spaces of a line; with
``data/values.json``, the words every finder of values reads."""

from __future__ import annotations

import json
import math
import re
from bisect import bisect_left
from collections import Counter
from collections.abc import Iterable
from functools import cache
from pathlib import Path

from utils.privacy.generated_runs import grouped_spans, reads_generated

Span = tuple[int, int, str]


_DATA = Path(__file__).with_name("data") / "values.json"


@cache
def vocabulary(name: str) -> frozenset[str]:
    return frozenset(json.loads(_DATA.read_text(encoding="utf-8"))[name])


# --- the measures of a run of characters


def entropy(text: str) -> float:
    """Shannon entropy in bits per character."""
    size = len(text)
    return -sum(n / size * math.log2(n / size) for n in Counter(text).values())


SHORTEST_RUN = 8
"""The shortest run judged: a generated password is rarely shorter, and chat's short mixed tokens ("PS5",
"RTX4090", "1v1", "GG!", a lobby code) are all below it."""
_WEAK_SYMBOLS = frozenset("-_.'’/\\:@,")
"""Symbols ordinary names and words carry (gamertags, paths, handles); the others make a run read as generated."""
_WORDLIKE = re.compile(r"[A-Z]?[a-z]{3,}|[A-Z]{4,}")


_CLASS_RUNS = re.compile(r"[a-z]+|[A-Z]+|\d+|[^a-zA-Z\d]+")


def _switches(token: str) -> float:
    """How often the character class changes from one character to the next (random runs change often)."""
    return (len(_CLASS_RUNS.findall(token)) - 1) / max(1, len(token) - 1)


def _wordiness(token: str) -> float:
    """The share of a run made of word-like pieces ("Speed", "Runner", "NOOB"): words are written, keys generated."""
    return sum(len(m) for m in _WORDLIKE.findall(token)) / len(token)


_HEX = re.compile(r"[0-9a-fA-F]+")
_LOWER, _UPPER, DIGIT, _LETTER = re.compile(r"[a-z]"), re.compile(r"[A-Z]"), re.compile(r"\d"), re.compile(r"[^\W\d_]")
_STRONG_SYMBOL = re.compile(r"[^\w\s\-.'’/\\:@,]")
_BASE32 = re.compile(r"[A-Z2-7]{16,}={0,6}")
_BASE64_PADDED = re.compile(r"[A-Za-z0-9+/]{14,}={1,2}")
_DISCORD_TAG = re.compile(r"[^#]{2,32}#\d{4}")
_PRODUCT_KEY = re.compile(r"(?<![\w-])[A-Z0-9]{4,6}(?:-[A-Z0-9]{4,6}){2,7}(?![\w-])")


def _mixed_group(group: str) -> bool:
    return any(c.isdigit() for c in group) and any(c.isalpha() for c in group)


def _symbol_password(token: str) -> bool:
    """A short run of all four classes with a symbol inside it and no word in it: "9fQ!x2Lm#Tz", not "Summer2024!"."""
    if not SHORTEST_RUN <= len(token) <= 64 or "://" in token or _DISCORD_TAG.fullmatch(token):
        return False
    if not _STRONG_SYMBOL.search(token):
        return False
    strong = [i for i, c in enumerate(token) if not c.isalnum() and c not in _WEAK_SYMBOLS]
    if not strong or (len(strong) == 1 and strong[0] in (0, len(token) - 1)):
        return False
    if not (any(c.islower() for c in token) and any(c.isupper() for c in token) and any(c.isdigit() for c in token)):
        return False
    return _wordiness(token) <= 0.35 and _switches(token) >= 0.5 and entropy(token) >= 0.85 * math.log2(len(token))


def _random_run(piece: str, before: str, shortest: int = 16) -> bool:
    """A long run of letters and digits (no word in it) that a generator wrote: a key, a seed, a blob.

    ``before``: the text just before it ("commit", "sha256" make a hex blob a digest, not a key).
    """
    size = len(piece)
    if size < shortest:
        return False
    lower, upper, digit = (bool(pattern.search(piece)) for pattern in (_LOWER, _UPPER, DIGIT))
    if not digit or not (lower or upper):
        return False
    if _HEX.fullmatch(piece):
        if size < 32:
            return False
        words = set(re.findall(r"[a-z0-9-]+", before.casefold()))
        return not words & vocabulary("digest_words")
    if not lower:  # upper case and digits: an authenticator's base32 seed, or a long random run
        if _BASE32.fullmatch(piece) and sum(c.isdigit() for c in piece) >= 2:
            return entropy(piece) >= 3.0
        return size >= 24 and entropy(piece) >= 3.8 and _switches(piece) >= 0.3
    if _wordiness(piece) > 0.4:
        return False
    if upper:
        return entropy(piece) >= 3.5 and _switches(piece) >= 0.3
    return size >= 20 and entropy(piece) >= 3.6 and _switches(piece) >= 0.4


_PIECES = re.compile(r"[^-_.~]+")
_TRIM = "*~\"'`“”«»!?.,;:"


def credential_like(token: str, before: str = "", shortest: int = 16) -> bool:
    """Whether one run without spaces reads as a generated secret (see the module docstring).

    ``shortest``: the shortest random piece taken (a link's path asks for more: a clip's slug ends in 16).
    """
    if not _LETTER.search(token):
        return False
    if _symbol_password(token):
        return True
    if _BASE64_PADDED.fullmatch(token) and any(c.isdigit() for c in token):
        body = token.rstrip("=")
        return any(c.islower() for c in body) and any(c.isupper() for c in body) and entropy(body) >= 2.5
    return any(_random_run(p, before, shortest) for p in _PIECES.findall(token))


# --- runs without spaces

_CHUNK = re.compile(r"[^\s\"'`<>()\[\]{}|,;]{8,}")
_DIGIT_TAIL = re.compile(r"\d\S*")
_PART = re.compile(r"(?:[^:=]|=+(?=$|:))+")
"""A run is judged between its ``:`` and ``=`` (a base64 value's padding stays with it): the password
field of a ``.pgpass`` line ``localhost:5432:db:user:yIjz…``, the value of ``APP_KEY=base64:…``."""


def _runs_with_a_digit(text: str) -> Iterable[tuple[int, int]]:
    """Runs without spaces of 10+ characters holding a digit (every credential shape has one), found from their
    first digit: a paragraph of words costs one scan for digits, not one attempt per word."""
    last_end = -1
    for digit in _DIGIT_TAIL.finditer(text):
        if digit.start() < last_end:
            continue
        start = digit.start()
        while start > 0 and not text[start - 1].isspace():
            start -= 1
        last_end = digit.end()
        if last_end - start >= SHORTEST_RUN:
            yield start, last_end


def token_spans(text: str, skip: list[tuple[int, int]]) -> Iterable[Span]:
    read: dict[tuple[str, int], list[Span]] = {}  # a post that repeats a run (an id, a pasted key) reads it once
    for run_start, run_end in _runs_with_a_digit(text):
        if inside_any(skip, run_start, run_end):
            continue
        # What a run holds depends on its own characters and the few before it (a token's ``before``), nothing else.
        lead = min(run_start, _BEFORE_TOKEN)
        key = (text[run_start - lead : run_end], lead)
        spans = read.get(key)
        if spans is None:
            spans = read[key] = list(_run_spans(key[0], lead, len(key[0])))
        yield from ((start + run_start - lead, end + run_start - lead, kind) for start, end, kind in spans)
    yield from ((start, end, "credential") for start, end in grouped_spans(text) if not inside_any(skip, start, end))


_BEFORE_TOKEN = 32
"""The characters before a token :func:`credential_like` reads ("password:" before it, a link's path, a digest's word a
few words back: "sha1 of an empty file is da39a3ee…")."""


def _run_spans(text: str, run_start: int, run_end: int) -> Iterable[Span]:
    for chunk in _CHUNK.finditer(text, run_start, run_end):
        for part in _PART.finditer(chunk.group()):
            token = part.group().lstrip(_TRIM)
            start = chunk.start() + part.end() - len(token)
            token = token.rstrip("*~\"'`“”«».,;:?")
            if len(token) < SHORTEST_RUN or token.startswith(("#", "$", "!", "/", "\\")) or not any(map(str.isdigit, token)):
                continue
            if credential_like(token, text[max(0, start - _BEFORE_TOKEN) : start]) or reads_generated(token):
                yield start, start + len(token), "credential"
    if "-" in text[run_start:run_end]:
        for match in _PRODUCT_KEY.finditer(text, run_start, run_end):
            groups = match.group().split("-")
            if sum(map(_mixed_group, groups)) * 2 >= len(groups):
                yield match.start(), match.end(), "credential"


def inside_any(spans: list[tuple[int, int]], start: int, end: int) -> bool:
    """Whether ``start:end`` overlaps one of ``spans`` (sorted, not overlapping each other: the links of a text)."""
    index = bisect_left(spans, (end, end))
    return index > 0 and spans[index - 1][1] > start
