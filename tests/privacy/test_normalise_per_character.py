"""The matching form of a text beyond NFKC is each character's own form, in order, with its place in the original
(utils/privacy/normalise.py reads each distinct character once and maps the line in C): checked against the plain
reading of one character after the other on the tables' lines, the long posts and a sweep of Unicode."""

from __future__ import annotations

import unicodedata

from screen_lines import screen_lines

from bench.long_messages import LONG_CHARS, long_messages
from utils.privacy import normalise as normalising
from utils.privacy.normalise import Normalised, normalise


def _one_after_the_other(text: str) -> Normalised:
    pieces: list[str] = []
    origin: list[int] = []
    for index, char in enumerate(text):
        if normalising._INVISIBLE.match(char):
            continue
        folded = char if char.isascii() else normalising._STYLED.get(char) or unicodedata.normalize("NFKC", char)
        pieces.append(folded)
        origin.extend([index] * len(folded))
    matching = "".join(pieces)
    if not matching.isascii():
        matching = normalising._digits_as_ascii(normalising._lookalikes_as_latin(matching))
    return Normalised(text, matching, tuple(origin))


EDGES = ["ﬁle ﬃ ß ẞ İı", "\u200bpa\u00adss\ufeffword", "𝐩𝐚𝐬𝐬𝐰𝐨𝐫𝐝 ｐａｓｓ１２３", "①②③ ⑴ ㍱ ㌀ ﷺ", "\u200b", "a\u200b"]
EDGES += ["ǅ ﬀ ㎏ ½ ²"]


def test_a_text_beyond_nfkc_is_read_as_one_character_after_the_other() -> None:
    texts = [*EDGES, *screen_lines([], seed=20), *long_messages(LONG_CHARS, 20).values()]
    texts += ["".join(chr(code) for code in range(start, start + 97)) for start in range(0x80, 0x30000, 97)]
    read = 0
    for text in texts:
        found = normalise(text)
        if found.origin is not None:  # the per-character reading (the others are ASCII or already NFKC)
            read += 1
            assert found == _one_after_the_other(text), text[:80]
    assert read > 300
