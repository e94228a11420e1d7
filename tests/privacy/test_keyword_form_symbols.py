"""Symbols read as letters inside words (``keyword_form``), each cluster read once: the same answers as reading the
cluster again for every symbol in it, which cost a 4,000-character pasted token 0.2 s (a run of letters and symbols is
one cluster, and each of its symbols walked and counted the whole of it)."""

from __future__ import annotations

import random

from utils.privacy.keyword_form import _SYMBOL, _SYMBOL_LETTERS, _SYMBOLS, _read_symbols


def _read_symbols_cluster_by_symbol(folded: str) -> str:
    """The reading as it was: each symbol's cluster found and counted anew."""
    length = len(folded)
    inside = [
        at
        for at in (m.start() for m in _SYMBOL.finditer(folded))
        if at > 0
        and (folded[at - 1].isalnum() or folded[at - 1] in _SYMBOLS)
        and (folded[at] == "$" or (at + 1 < length and (folded[at + 1].isalnum() or folded[at + 1] in _SYMBOLS)))
    ]
    chars = list(folded)
    for at in inside:
        left = at
        while left > 0 and (chars[left - 1].isalnum() or chars[left - 1] in _SYMBOLS):
            left -= 1
        right = at + 1
        while right < length and (chars[right].isalnum() or chars[right] in _SYMBOLS):
            right += 1
        cluster = folded[left:right].rstrip(_SYMBOLS.replace("$", ""))
        inner = left < at < left + len(cluster) - 1 or (folded[at] == "$" and left < at < left + len(cluster))
        letters = sum(c.isalpha() for c in cluster)
        if inner and chars[left] not in _SYMBOLS and (letters >= 2 or (letters == 1 and len(cluster) >= 4)):
            chars[at] = chars[at].translate(_SYMBOL_LETTERS)
    return "".join(chars)


ALPHABET = "ab1 2.-_é" + _SYMBOLS + "xyz"


def test_each_cluster_read_once_answers_as_each_symbol_reading_it() -> None:
    draw = random.Random(2812)
    texts = ["p@$$w0rd", "pa$$", "p@$$", "$100", "@alice", "hello!", "a$", "$a$b", "x@y@z! w+t", "€uro", "|||a"]
    texts += ["".join(draw.choice(ALPHABET) for _ in range(draw.randint(1, 40))) for _ in range(30_000)]
    for text in texts:
        assert _read_symbols(text) == _read_symbols_cluster_by_symbol(text), text
