"""Text as the privacy rules see it: valid, NFKC, without invisible characters, look-alike letters in Latin.

The rules match this *matching* form; the redaction is applied to the member's own text
through an index map, so a stored line keeps its letters (an accent, a Cyrillic word)
unless a part of it is redacted. ``pass\u200bword`` and ``раssword`` (Cyrillic р, а)
both read ``password`` here. Finding secret words goes one step further on this form
(accents, leetspeak, spacing and Markdown inside a word): :mod:`utils.privacy.keyword_form`.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from itertools import compress, count

from utils.privacy.prose_marks import ascii_but_prose_marks
from utils.text import valid_text

# Invisible format characters people (and models) slip into words: zero-width space/joiners,
# direction marks, word joiner, BOM, soft hyphen, Mongolian vowel separator, invisible operators.
# Also the Arabic tatweel (a stretch drawn inside a word: "الـسـر"), emoji variation selectors ("🅿️") and the keycap
# drawn around a digit ("7️⃣3️⃣1️⃣9️⃣" reads "7319").
_INVISIBLE = re.compile("[\u00ad\u0640\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u20e3\ufe00-\ufe0f\ufeff]")
# Letters drawn in another style that NFKC leaves alone or spreads over several characters: small capitals
# ("ᴘᴀssᴡᴏʀᴅ"), the squared letters of the enclosed-alphanumerics block ("🅿IN", "🄿🄸🄽"), parenthesized letters and
# digits ("⒮⒰⒩", "⑷", which NFKC writes "(s)"), the dingbat and double circled digits ("➍➑➋➐", "❼", "⓵⓽"), the
# circled ideographs one to nine ("㊃㊆", which NFKC writes as Chinese numerals) and the Roman numeral
# characters one to nine ("Ⅳ Ⅷ Ⅱ Ⅶ" said as a PIN), and the Lisu capitals drawn like Latin ones ("ꓟꓮꓐꓴꓧꓮꓬ", which
# "fancy text" sites offer as a font). Each reads as its plain letter or digit, one for one.
_STYLED = {
    **dict(zip("ᴀʙᴄᴅᴇꜰɢʜɪᴊᴋʟᴍɴᴏᴘǫʀꜱᴛᴜᴠᴡʏᴢ", "abcdefghijklmnopqrstuvwyz", strict=True)),
    **{chr(0x1F130 + i): chr(ord("A") + i) for i in range(26)},
    **{chr(0x1F170 + i): chr(ord("A") + i) for i in range(26)},
    **{chr(0x249C + i): chr(ord("a") + i) for i in range(26)},
    **{chr(start + i): str(i + 1) for start in (0x2474, 0x24F5, 0x2776, 0x2780, 0x278A, 0x3280) for i in range(9)},
    **{chr(0x2160 + i): str(i + 1) for i in range(9)},
    **{chr(0x2170 + i): str(i + 1) for i in range(9)},
    **dict(zip("ꓐꓑꓓꓔꓖꓗꓙꓚꓜꓝꓟꓠꓡꓢꓣꓦꓧꓪꓫꓬꓮꓰꓲꓳꓴ", "BPDTGKJCZFMNLSRVHWXYAEIOU", strict=True)),
    "\u24ff": "0",
    "\u24ea": "0",
}
_STYLED_CHAR = re.compile("[" + "".join(_STYLED) + "]")

# Cyrillic and Greek letters drawn like Latin ones. Applied only to a word made entirely of
# Latin letters and these (so "раѕѕwоrd" becomes "password" while "пароль" stays Russian).
_HOMOGLYPHS = str.maketrans(
    "аеорсухіјѕԁԛԝһӏɡАВЕКМНОРСТХІЈЅԜУ"  # Cyrillic
    "αβεικνοτυχρωΑΒΕΖΗΙΚΜΝΟΡΤΥΧ",  # Greek
    "aeopcyxijsdqwhlgABEKMHOPCTXIJSWYaBeikvotuxpwABEZHIKMNOPTYX",
)
_LOOKALIKE_CHARS = frozenset("аеорсухіјѕԁԛԝһӏɡАВЕКМНОРСТХІЈЅԜУαβεικνοτυχρωΑΒΕΖΗΙΚΜΝΟΡΤΥΧ")
_LOOKALIKE_CHAR = re.compile("[" + "".join(sorted(_LOOKALIKE_CHARS)) + "]")
_WORD = re.compile(r"\w+")
_NATIVE_LETTER = re.compile("[\u0370-\u03ff\u1f00-\u1fff\u0400-\u04ff\u0500-\u052f]")
"""A Greek or Cyrillic character (the look-alikes taken out of the line first, so one that stays is a letter of the
script no Latin one is drawn like: "п", "ж", "λ")."""
_OTHER_DIGIT = re.compile("(?![0-9])\\d|[\u1369-\u1371\U0001d2e0-\U0001d2e9\U0001d360-\U0001d371]")
"""A decimal digit of another numeral system (Devanagari, Bengali, Thai, Khmer, Tibetan, Myanmar, Arabic-Indic,
Mongolian… any Unicode ``Nd``), an Ethiopic digit one to nine, a Mayan numeral zero to nine or a counting-rod digit
(units and tens forms, which a rod number alternates): each reads as its ASCII digit by its Unicode value, one for one,
so "mg၅၅၁၉", "٨٣٦" and "𝋤𝋧𝋡𝋩" are the values every rule already knows ("mg5519", "836", "4719")."""
_ASCII = frozenset(map(chr, range(128)))
assert not any(pattern.match(char) for pattern in (_INVISIBLE, _STYLED_CHAR, _LOOKALIKE_CHAR, _OTHER_DIGIT) for char in _ASCII), (
    "the classes normalise asks about a line's characters beyond ASCII hold none in ASCII"
)


def make_valid(text: object) -> str:
    """Any value as text that encodes as UTF-8 (the one rule of `utils.text.valid_text`).

    A lone surrogate from a model reply must never reach the database or a log line (it
    breaks every later encode), so the screen starts here for every field.
    """
    return valid_text(text)


@dataclass(frozen=True)
class Normalised:
    """The matching form of a text and, for each of its characters, the index of the original one."""

    original: str
    text: str
    origin: tuple[int, ...] | None
    """``None`` when ``text`` is ``original`` (the common, all-ASCII case): positions are the same."""

    def span_in_original(self, start: int, end: int) -> tuple[int, int]:
        """The original characters behind ``text[start:end]`` (invisible characters inside included)."""
        if self.origin is None:
            return start, end
        if start >= end:
            at = self.origin[start] if start < len(self.origin) else len(self.original)
            return at, at
        return self.origin[start], self.origin[end - 1] + 1


def _lookalikes_as_latin(text: str) -> str:
    """``text`` with its look-alike words in Latin; a text without a look-alike letter is one search in C, not a
    call per word (a word without one stays as it is). In a line written in Cyrillic or Greek (it holds one of their
    letters no Latin one looks like), a word of look-alike letters alone is a word of that script ("В пятницу",
    "а я", "Ох"), not a disguise: only a word mixing them with Latin letters is mapped there."""
    if not _LOOKALIKE_CHAR.search(text):
        return text
    native = _NATIVE_LETTER.search(_LOOKALIKE_CHAR.sub("", text)) is not None
    return _WORD.sub(lambda m: _latin_lookalike(m.group(), native), text)


def _latin_lookalike(word: str, native: bool = False) -> str:
    if any(c in _LOOKALIKE_CHARS for c in word) and all(c.isascii() or c in _LOOKALIKE_CHARS for c in word):
        if native and word.isalpha() and not any(c.isascii() for c in word):
            return word
        return word.translate(_HOMOGLYPHS)
    return word


def _ascii_digit(match: re.Match[str]) -> str:
    char = match.group()
    value = unicodedata.decimal(char, None)
    if value is None:
        value = unicodedata.digit(char, None)
    if value is None:  # a Mayan or counting-rod numeral: a rod's tens form stands for its digit in that place
        number = int(unicodedata.numeric(char, 0))
        value = number if number < 10 else number // 10
    return str(value)


def _digits_as_ascii(text: str) -> str:
    """``text`` with every digit of another numeral system as its ASCII digit (one character for one)."""
    return _OTHER_DIGIT.sub(_ascii_digit, text) if _OTHER_DIGIT.search(text) else text


def normalise(text: str) -> Normalised:
    """The matching form of ``text`` (already valid): NFKC per character, invisible characters
    dropped, look-alike words mapped to Latin, digits of every numeral system as ASCII digits. Plain ASCII, most of
    chat, costs one check, and so does a line beyond ASCII only through a dash or a curly quote (none of them is
    changed by any step below: :mod:`utils.privacy.prose_marks`)."""
    if ascii_but_prose_marks(text):
        return Normalised(text, text, None)
    # The characters beyond ASCII, each once: what the four classes below look for is among them (none holds an ASCII
    # character), so a line of mostly ASCII is asked about its few others, not searched four times along its length.
    beyond = "".join(set(text).difference(_ASCII))
    if unicodedata.is_normalized("NFKC", text) and not _INVISIBLE.search(beyond) and not _STYLED_CHAR.search(beyond):
        # Only look-alikes to map, one letter for one: positions stay the same.
        if _LOOKALIKE_CHAR.search(beyond):
            return Normalised(text, _digits_as_ascii(_lookalikes_as_latin(text)), None)
        return Normalised(text, _digits_as_ascii(text) if _OTHER_DIGIT.search(beyond) else text, None)
    # Each distinct character read once (a wall of text repeats a few hundred of them), then the line mapped in C
    forms = {char: _form(char) for char in set(text)}
    pieces = list(map(forms.__getitem__, text))
    sizes = list(map(len, pieces))
    if max(sizes, default=0) <= 1:  # one character or none for each: the kept ones' places, in C
        origin: tuple[int, ...] = tuple(compress(count(), sizes))
    else:
        origin = tuple(index for index, size in enumerate(sizes) for _ in range(size))
    matching = "".join(pieces)
    if not matching.isascii():
        matching = _digits_as_ascii(_lookalikes_as_latin(matching))
    return Normalised(text, matching, origin)


def _form(char: str) -> str:
    """One character in the matching form: none for an invisible one, NFKC (or a styled letter's plain one) else."""
    if _INVISIBLE.match(char):
        return ""
    return char if char.isascii() else _STYLED.get(char) or unicodedata.normalize("NFKC", char)
