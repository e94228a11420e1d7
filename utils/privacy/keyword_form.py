"""Text as the secret vocabulary reads it: lower case, without accents, leet symbols read as letters.

The matching form (:mod:`utils.privacy.normalise`) already has width, invisible characters
and look-alike letters folded. Members also disguise a word with accents left out or
added ("contrasena"), symbols for letters ("p@$$word"), spacing, punctuation and Markdown
inside it ("p a s s", "pass-word", "**password**"). This form folds what can be folded
character by character — case, combining marks, a symbol standing between letters — and
keeps for each folded character the index of the one it came from, so a word found here
is a span of the member's own text. Spacing, punctuation and digits standing for letters
are read when the words are looked up (:mod:`utils.privacy.vocabulary`): folding them
here would make ordinary numbers look like words.

This form only finds words. A value is always taken from the text as written: a password
"p4ss" is redacted as "p4ss".
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache

from utils.privacy.memoised_lines import memoised
from utils.privacy.prose_marks import ascii_but_prose_marks

# A symbol written for a letter, read as that letter when it stands inside a word ("p@$$w0rd", "pa$$").
_SYMBOL_LETTERS = str.maketrans({"@": "a", "$": "s", "!": "i", "|": "l", "+": "t", "€": "e", "£": "l"})
_SYMBOLS = "@$!|+€£"
_SYMBOL = re.compile("[@$!|+€£]")


@dataclass(frozen=True)
class KeywordForm:
    """The folded text and, for each of its characters, the index of the source character."""

    text: str
    origin: tuple[int, ...] | None
    """``None`` when every folded character sits at its source index (all of plain ASCII)."""
    source_length: int

    def span_in_source(self, start: int, end: int) -> tuple[int, int]:
        """The source characters behind ``text[start:end]`` (dropped marks in between included)."""
        if self.origin is None:
            return start, end
        if start >= end:
            at = self.origin[start] if start < len(self.origin) else self.source_length
            return at, at
        return self.origin[start], self.origin[end - 1] + 1


@lru_cache(maxsize=4096)
def _fold_char(char: str) -> str:
    """One character folded: case, and its combining marks dropped ("ñ" reads "n", "İ" reads "i").

    Vowel signs of Indic scripts are marks too: dropped, a word stays one run of letters ("पासवर्ड").
    """
    decomposed = unicodedata.normalize("NFD", char)
    bare = "".join(c for c in decomposed if not unicodedata.category(c).startswith("M"))
    if bare == decomposed:
        return char.casefold()  # nothing to drop: Hangul and kana stay whole
    return unicodedata.normalize("NFC", bare).casefold()


def _read_symbols(folded: str) -> str:
    """``folded`` with each symbol that stands inside a word of two letters or more read as its letter.

    "p@$$w0rd", "pa$$" and "p@$$" (one letter and three symbols: four characters) read "passw0rd" and "pass";
    "$100", "@alice" and "hello!" stay as they are.
    Found from the symbols, so a long text without them costs one search; a cluster's bounds and letters are read
    once, not once per symbol in it (a 4,000-character run of letters and symbols, a pasted token, cost 0.2 s).
    """
    length = len(folded)
    inside = [
        at
        for at in (m.start() for m in _SYMBOL.finditer(folded))
        if at > 0
        and (folded[at - 1].isalnum() or folded[at - 1] in _SYMBOLS)
        and (folded[at] == "$" or (at + 1 < length and (folded[at + 1].isalnum() or folded[at + 1] in _SYMBOLS)))
    ]
    if not inside:
        return folded  # "hello!", "$100", "@alice": no symbol stands inside a word
    chars = list(folded)
    left = right = 0
    cluster, word = "", False
    for at in inside:
        if at >= right:  # a cluster of its own: its bounds and letters read once, however many symbols stand in it
            left = at
            while left > 0 and (folded[left - 1].isalnum() or folded[left - 1] in _SYMBOLS):
                left -= 1
            right = at + 1
            while right < length and (folded[right].isalnum() or folded[right] in _SYMBOLS):
                right += 1
            cluster = folded[left:right].rstrip(_SYMBOLS.replace("$", ""))
            letters = sum(c.isalpha() for c in cluster)
            word = folded[left] not in _SYMBOLS and (letters >= 2 or (letters == 1 and len(cluster) >= 4))
        inner = left < at < left + len(cluster) - 1 or (folded[at] == "$" and left < at < left + len(cluster))
        if inner and word:
            chars[at] = chars[at].translate(_SYMBOL_LETTERS)
    return "".join(chars)


class _FoldTable(dict[int, str]):
    """``str.translate`` table folding each character once (then a dict lookup in C); it notes the characters
    that do not fold to exactly one (a dropped mark, "ß" → "ss"), for which positions must be kept."""

    def __missing__(self, code: int) -> str:
        folded = _fold_char(chr(code))
        self[code] = folded
        if len(folded) != 1:
            _NOT_ONE_FOR_ONE.add(chr(code))
        return folded


_NOT_ONE_FOR_ONE: set[str] = set()
_FOLD = _FoldTable()


# Letters turned upside down ("pɹoʍssɐd"): read as their upright letters, and p/d, b/q, n/u swapped, so the word
# reads backwards ("drowssap"), which the vocabulary knows as a word written backwards.
_TURNED = frozenset("ɐɔǝɟƃɥɾʞɯɹʇʌʍʎ")  # not "ı": a Turkish letter
_UPRIGHT = str.maketrans("ɐɔǝɟƃɥɾʞɯɹʇʌʍʎpdbqnu", "acefghjkmrtvwydpqbun")
_TURNED_WORD = re.compile(r"\S*[ɐɔǝɟƃɥɾʞɯɹʇʌʍʎ]\S*")


def _upright(folded: str) -> str:
    """Each word written with turned letters read upright, one character for one (positions stay)."""
    return _TURNED_WORD.sub(lambda m: m.group().translate(_UPRIGHT), folded)


def reads_turned_letters(text: str) -> bool:
    """Whether :func:`keyword_form` reads letters of ``text`` upright: they turn the whole run of characters they stand
    in, so a word of that run reads otherwise than it does alone."""
    return not text.isascii() and not _TURNED.isdisjoint(text.translate(_FOLD))


@memoised(1024)
def keyword_form(text: str) -> KeywordForm:
    """``text`` (the matching form) folded for finding secret words; plain ASCII costs one lower-casing, and so does
    a line beyond ASCII only through dashes and curly quotes, which fold to themselves one for one and are no turned
    letter (:mod:`utils.privacy.prose_marks`). Memoised: the vocabulary, the conversation's readings and the rules ask
    it of the same line and the same words again (a `KeywordForm` is frozen, safe to share)."""
    origin: tuple[int, ...] | None = None
    plain = ascii_but_prose_marks(text)
    if plain:
        folded = text.lower()
    else:
        folded = text.translate(_FOLD)
        if not _NOT_ONE_FOR_ONE.isdisjoint(text):  # a mark dropped or a letter doubled: keep each one's source
            positions: list[int] = []
            for index, char in enumerate(text):
                positions.extend([index] * len(_FOLD[ord(char)]))
            origin = tuple(positions)
    if _SYMBOL.search(folded):
        folded = _read_symbols(folded)  # one character for one: positions stay
    if not plain and not _TURNED.isdisjoint(folded):
        folded = _upright(folded)
    return KeywordForm(folded, origin, len(text))


def jamo_spelling(word: str) -> str | None:
    """A Korean word typed letter by letter ("ㅂㅣㅁㅣㄹㅂㅓㄴㅎㅗ" for 비밀번호), as the matching form reads those letters;
    None for a word with no Hangul syllable."""
    if not any("\uac00" <= char <= "\ud7af" for char in word):
        return None
    letters = []
    for char in unicodedata.normalize("NFD", word):
        name = unicodedata.name(char, "")
        if name.startswith(("HANGUL CHOSEONG ", "HANGUL JUNGSEONG ", "HANGUL JONGSEONG ")):
            try:
                letter = unicodedata.lookup("HANGUL LETTER " + name.split(" ", 2)[2])
            except KeyError:
                return None
            letters.append(unicodedata.normalize("NFKC", letter))
        else:
            letters.append(char)
    return "".join(letters)
