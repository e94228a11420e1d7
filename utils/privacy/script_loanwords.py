"""Secret words borrowed from English and written in a Brahmic script: "code" as कोड, ਕੋਡ, କୋଡ୍, ಕೋಡ್, കോഡ്;
"OTP" as ઓટીપી; "passcode" as పాస్కోడ్.

Members writing Hindi, Punjabi, Odia, Kannada or Malayalam name a lock's code or a bank's OTP with the English word in
their own letters, and every script spells it its own way; listing each spelling per script never ends. So a word of
these scripts is read romanised, letter by letter, from the Unicode name of each letter ("GURMUKHI LETTER KA" reads
"k", "ORIYA VOWEL SIGN O" reads "o"), and compared with the loanwords of ``data/script_loanwords.json`` by its
consonants and its first vowel: what the scripts spell differently (the inherent vowel, long and short vowels,
aspiration, doubled letters, the virama) is left out. Tamil writes voiced and voiceless consonants with one letter
("கோட்" for "code"), so a Tamil word is compared with voicing left out too.
"""

from __future__ import annotations

import json
import re
import unicodedata
from functools import cache
from importlib import resources

_DATA = json.loads(resources.files("utils.privacy").joinpath("data/script_loanwords.json").read_text(encoding="utf-8"))
_WORD = re.compile("[\u0900-\u0dff]+")
_VOWELS = frozenset({"A", "AA", "I", "II", "U", "UU", "E", "EE", "AI", "O", "OO", "AU"})
_NASALS = ("ANUSVARA", "TIPPI", "BINDI", "CANDRABINDU")
_VOICELESS = str.maketrans("dgbj", "tkpc")
_MIN_KEY = 3


def _consonant(name: str) -> str:
    """ "KA" reads "k", "KHA" "k", "DDA" "d", "NGA" "n", "WA" "v"."""
    base = name.split(" ")[-1]
    base = base.removesuffix("A") or base
    if len(base) > 1 and base.endswith("H"):
        base = base[:-1]
    base = re.sub(r"(.)\1+", r"\1", base)
    base = {"NG": "n", "NY": "n", "W": "v", "Y": "y"}.get(base, base)
    return base[0].lower()


@cache
def _letter(char: str) -> tuple[str, bool] | None:
    """A letter of the script as it reads romanised, and whether it is a vowel; None for a sign read as nothing."""
    name = unicodedata.name(char, "")
    if " LETTER " in name:
        letter = name.split(" LETTER ", 1)[1]
        if letter in _VOWELS or letter.startswith(("VOCALIC", "SHORT", "CANDRA")):
            return letter.split(" ")[-1][0].lower(), True
        if letter.startswith("CHILLU "):
            return _consonant(letter.removeprefix("CHILLU ") + "A"), False
        return _consonant(letter), False
    if " VOWEL SIGN " in name:
        return name.split(" VOWEL SIGN ", 1)[1].split(" ")[-1][0].lower(), True
    if any(nasal in name for nasal in _NASALS):
        return "n", False
    return None


def key(letters: list[tuple[str, bool]]) -> str:
    """A word's consonants, with the vowel it starts with or the one after its first consonant; doubles read once."""
    kept: list[str] = []
    for position, (letter, vowel) in enumerate(letters):
        if not vowel or position == 0 or (position == 1 and not letters[0][1]):
            kept.append(letter)
    return re.sub(r"(.)\1+", r"\1", "".join(kept))


def _latin_key(word: str) -> str:
    return key([(c, c in "aeiou") for c in word])


_KEYS: dict[str, str] = {_latin_key(word): kind for word, kind in _DATA["words"].items()}
_VOICELESS_KEYS: dict[str, str] = {k.translate(_VOICELESS): kind for k, kind in _KEYS.items()}


def find(text: str) -> list[tuple[int, int, str]]:
    """The loanwords naming a secret in ``text`` (the matching form), as ``(start, end, kind)``; a text with no letter
    of these scripts costs one search."""
    if text.isascii() or _WORD.search(text) is None:
        return []
    found = []
    for match in _WORD.finditer(text):
        letters = [read for read in map(_letter, match.group()) if read is not None]
        word_key = key(letters)
        if len(word_key) < _MIN_KEY:
            continue
        if unicodedata.name(match.group()[0], "").startswith("TAMIL"):
            kind = _VOICELESS_KEYS.get(word_key.translate(_VOICELESS))
        else:
            kind = _KEYS.get(word_key)
        if kind is not None:
            found.append((match.start(), match.end(), kind))
    return found
