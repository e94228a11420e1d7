"""The spelled-digit tails read their words as a trie and match exactly what the flat alternation matched.

A PIN said in words ("pin: sieben drei neun eins") is read by tails whose items are several hundred digit words of
every language; tried one after the other at each place after a secret word, they cost more than the rest of the
word's reading. They are now factored by their common beginnings, which is the same regex where one path of the trie
is all a character can take (each word then tried longest first, as before). Checked against the flat tails, built
here as they were, at every place of every dev and tuning row and of lines written for the edges: digit words in
many languages and cases, the Turkish dotless i, the Greek final sigma, Markdown around digits, look-alikes that are
no digit words. A third of the edge lines (``ASIDE``) were not looked at while the trie was written.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from pathlib import Path

import pytest

from utils.privacy import spelled_digits
from utils.privacy.spelled_digits import case_blind_letter, one_path_a_character

_TABLES = Path(__file__).parent
_WORDS = spelled_digits._DIGITS

TUNE = [
    "pin: seven three nine one",
    "PIN: SEVEN three Nine ONE two",
    "mein PIN ist sieben drei neun eins zwei",
    "şifre: sıfır bir iki üç dört",
    "ŞİFRE: SIFIR BİR İKİ ÜÇ",
    "sifre sifir bir iki uc",
    "κωδικός: πέντε οκτώ ένα τρία",
    "ΚΩΔΙΚΌΣ ΠΈΝΤΕ ΟΚΤΏ ΈΝΑ ΤΡΊΑ",
    "код: два ноль пять восемь",
    "пароль дев'ять п’ять два нуль",
    "取款密码：六三八二一九",
    "รหัส สองห้าเก้าศูนย์",
    "pin *1* *9* *7* *3*",
    "code: _4_ _2_ _0_ _7_",
    "pin is 4 - 7 - 2 - 9",
    "the code is nine nine nine nine nine nine nine nine nine nine nine nine nine",
    "sieben siebenundzwanzig sechs",
    "pass: g i r a s o l 4 4 9 1",
    "code: cinque sette otto nove.",
    "kod: jeden dwa trzy cztery!",
]
ASIDE = [
    "pin: altı yedi sekiz dokuz",
    "PIN ALTI YEDİ SEKİZ DOKUZ",
    "contraseña: cuatro ocho quince dieciséis",
    "senha: um dois três quatro",
    "code wahid ithnain thalatha arba",
    "पिन: पाँच चार तीन दो",
    "the one two three of it, a waltz",
]


def _flat(words: Iterable[str], digit: str) -> str:
    spelled = "|".join(re.escape(w) for w in sorted(set(words), key=len, reverse=True))
    return r"[*_|`~]*(?:" + digit + spelled + r")[*_|`~]*"


_FLAT_SPACED = _flat((w for ws in _WORDS["spaced"].values() for w in ws), r"\d|")
_FLAT_UNSPACED = _flat((w for ws in _WORDS["unspaced"].values() for w in ws), "")
FLAT = (
    re.compile(
        r"(?i)[^\n.!?]{0,16}?(?<![\w*_|`~])(?P<secret>" + _FLAT_SPACED + r"(?:[^\w\n]{1,3}" + _FLAT_SPACED + r"){3,11})"
        r"(?![\w*_|`~])"
    ),
    re.compile(r"[^\n.!?]{0,16}?(?P<secret>" + _FLAT_UNSPACED + r"(?:[^\w\n]{0,3}" + _FLAT_UNSPACED + r"){3,11})"),
)


def _rows() -> list[str]:
    texts = [*TUNE, *ASIDE]
    for path in sorted((_TABLES / "tables").glob("*.dev.jsonl")) + sorted((_TABLES / "layer_tables").glob("*.tune.jsonl")):
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                row = json.loads(line)
                texts += [t for t in [row.get("text"), *(row.get("messages") or [])] if isinstance(t, str) and len(t) <= 240]
    return texts


def _agree(text: str) -> int:
    found = 0
    for flat, trie in zip(FLAT, spelled_digits.TAILS[:2], strict=True):
        for at in range(len(text)):
            old, new = flat.match(text, at), trie.match(text, at)
            assert (old and (old.span(), old.span("secret"))) == (new and (new.span(), new.span("secret"))), (text, at)
            found += old is not None
    return found


def test_the_tails_are_tries() -> None:
    assert spelled_digits.TAILS[0].pattern != FLAT[0].pattern and spelled_digits.TAILS[1].pattern != FLAT[1].pattern


@pytest.mark.parametrize("text", TUNE)
def test_each_edge_matches_as_the_flat_tails(text: str) -> None:
    _agree(text)


def test_the_aside_lines_match_as_the_flat_tails() -> None:
    found = sum(_agree(text) > 0 for text in ASIDE)
    print(f"aside lines agreeing: {len(ASIDE)} of {len(ASIDE)}, {found} with a spelled number")
    assert found >= 4


def test_every_row_at_every_place() -> None:
    rows = _rows()
    assert len(rows) > 2000
    assert sum(_agree(text) for text in rows) > 50  # spelled numbers are there to be matched


def test_a_case_blind_letter_matches_what_the_letter_matches() -> None:
    """Writing "ı" as "i" in a case-blind tail changes nothing: both match the same characters (every one of the BMP)."""
    letters = {char for ws in _WORDS["spaced"].values() for w in ws for char in w}
    replaced = {char: case_blind_letter(char) for char in letters if case_blind_letter(char) != char}
    assert "ı" in replaced
    everything = [chr(code) for code in range(0x10000) if not 0xD800 <= code <= 0xDFFF]
    for char, letter in replaced.items():
        as_written = re.compile(re.escape(char), re.IGNORECASE).fullmatch
        as_letter = re.compile(re.escape(letter), re.IGNORECASE).fullmatch
        assert [c for c in everything if as_written(c)] == [c for c in everything if as_letter(c)], char


def test_two_siblings_one_character_keeps_the_flat_alternation() -> None:
    assert one_path_a_character(["ab", "ac"], case_blind=True)
    assert not one_path_a_character(["sk", "ſk"], case_blind=True)  # the long s is an s to a case-blind match
    assert one_path_a_character(["sk", "ſk"], case_blind=False)
