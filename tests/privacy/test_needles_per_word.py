"""The scanner's needles read word by word, and kept per word, are exactly the needles a search of the whole line finds.

A needle without whitespace lies inside one of a line's words or nowhere, so the scanner reads each distinct word once
per process and joins what they hold. Checked against the reading of the whole line (the trie searched along it) on
every dev and tuning row of the privacy tables and on lines written for the edges: needles glued to punctuation,
spread over several words, every kind of whitespace between words (a no-break space, an ideographic space, a line or
paragraph separator, the ASCII separators ``str.split`` also cuts at), Markdown, URLs, and words met again in other
lines after the cache has kept them. A third of the edge lines (``ASIDE``) were written after the reading and not
looked at while it was.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from utils.privacy import screen
from utils.privacy.scanner import distinct_words

_TABLES = Path(__file__).parent
NEEDLES = screen._SCANNER._needles

EDGES = [
    "my password is Tr0ub4dor&3",
    "pass\u00a0word: hunter22",
    "p.a.s.s.w.o.r.d = x",
    "api_key=sk_live_4eC39HqLyjWDarjtT1zdp7dc",
    "hooks.slack.com/services/T0ABCDEFG/B0HIJKLMN/aB3xY9kLmN7qZt5RwU2vS8pQ",
    "alice dot smith at gmail dot com",
    "2fa backup codes: 1234-5678 8765-4321",
    "**password**:`hunter2`",
    "pin\u3000code\u2028phone\u2029key\x1cnumber\x1dlogin\x1esocial\x1fiban\x85end",
    "PASSWORD PassWord pAsSwOrD",
    "https://user:pa55@db.internal:5432/app?token=abc123",
    "[redacted:password] and then (.) and -us and [.] and `x`",
    "",
    "   ",
    "éàü — “quoted” ‘single’ 🎉 emoji",
]
ASIDE = [
    "call me at 06 12 34 56 78 or mail bob@example.org",
    "wifi\tpassword\tis\tKettle-Harbor-91",
    "IBAN DE89 3704 0044 0532 0130 00 thanks",
    "my NI number is QQ123456C, my social is 219099999",
    "steam login: alice_w / Tr0ub4dor&3 (don't share)",
    "AIzaSyD-9tSrke72PouQMnMX-a7eZSW0jkFMBWY\nAIzaSyD-9tSrke72PouQMnMX-a7eZSW0jkFMBWY",
    "Passwort:Sonnenblume7;senha=Flamengo2024",
]


def _rows() -> list[str]:
    texts = [*EDGES, *ASIDE]
    for path in sorted((_TABLES / "tables").glob("*.dev.jsonl")) + sorted((_TABLES / "layer_tables").glob("*.tune.jsonl")):
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                row = json.loads(line)
                texts += [t for t in [row.get("text"), *(row.get("messages") or [])] if isinstance(t, str)]
    return texts


ROWS = _rows()


def test_the_rows_are_many() -> None:
    assert len(ROWS) > 2000


@pytest.mark.parametrize("text", EDGES)
def test_the_words_hold_what_the_whole_line_holds(text: str) -> None:
    _agrees(text)


def test_the_aside_lines_agree() -> None:
    agreed = 0
    for text in ASIDE:
        _agrees(text)
        agreed += 1
    print(f"aside lines agreeing: {agreed} of {len(ASIDE)}")


def test_every_row_twice() -> None:
    """Read cold and then from the words kept: both agree with the whole line's reading, and needles are found."""
    found = 0
    for _round in range(2):
        for text in ROWS:
            found += bool(_agrees(text))
    assert found > len(ROWS)  # most rows name a needle somewhere: the reading is not empty everywhere


def test_the_words_kept_are_bounded() -> None:
    info = NEEDLES._in_word.cache_info()
    assert info.maxsize is not None and info.currsize <= info.maxsize


def _agrees(text: str) -> set[str]:
    lowered = text.casefold()
    for words in {lowered, distinct_words(lowered)}:
        whole = set(NEEDLES.read(words))  # the trie searched along the whole line, nothing kept
        assert NEEDLES.found_in(words) == whole, text
    return whole
