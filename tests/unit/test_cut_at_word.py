"""One cutter for every size limit: stored memories and profiles (no mark) and shortened lines the model reads (…)."""

from __future__ import annotations

import pytest

from utils.text import cut_at_word

CASES = [
    # (text, limit, ellipsis, expected)
    ("Likes tea", 20, False, "Likes tea"),
    ("Likes tea", 9, False, "Likes tea"),
    ("Likes tea", 9, True, "Likes tea"),
    ("Plays guitar every day", 16, False, "Plays guitar"),
    ("Plays guitar every day", 16, True, "Plays guitar…"),
    ("Lives in Lyon, France and works nights", 15, False, "Lives in Lyon"),
    ("Lives in Lyon, France and works nights", 15, True, "Lives in Lyon…"),
    ("Supercalifragilisticexpialidocious", 10, False, "Supercalif"),
    ("Supercalifragilisticexpialidocious", 10, True, "Supercali…"),
    ("a verylongwordthatgoesonandon", 12, False, "a verylongwo"),
    ("Mag Katzen; spielt Schach; wohnt in Köln", 24, False, "Mag Katzen; spielt"),
    ("猫が好きで毎日ピアノを弾きます", 6, False, "猫が好きで毎"),
    ("猫が好きで毎日ピアノを弾きます", 6, True, "猫が好きで…"),
    ("emoji 🎮🔥👾 and more words here", 12, True, "emoji 🎮🔥👾…"),
    ("trailing   spaces   everywhere   here", 19, False, "trailing   spaces"),
    ("", 5, False, ""),
]


@pytest.mark.parametrize(("text", "limit", "ellipsis", "expected"), CASES)
def test_cut_at_word(text: str, limit: int, ellipsis: bool, expected: str) -> None:
    out = cut_at_word(text, limit, ellipsis=ellipsis)
    assert out == expected
    assert len(out) <= limit
    assert out.endswith("…") == (ellipsis and len(text) > limit)
