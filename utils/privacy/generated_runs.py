"""Runs of 8–40 characters that read as generated rather than written, whatever their format.

A password generator, a backup-code page or a token endpoint writes characters drawn one by one from an alphabet:
each next character is as likely as any other of the classes in play. People write words, names and identifiers:
a lowercase letter is followed by the letters its language puts after it, a capital starts a word ("PlayStation",
"getUserById2"), digits come as a number at the end or a year, a symbol joins words ("xX_Sn1per_Xx"). No list of
formats tells these apart for long ("kLcatfiQypNSA8", "Mw0mmtonvj1A", "LQPJ0rPwLQcCt-" match none); how likely the
run is under each of the two ways of making it does.

:func:`reads_generated` scores a run as the log-odds, in bits, of *written* against *drawn at random*:

- written: a character bigram model (which character follows which, case and digits kept, every symbol of
  :data:`_JOINING` one class and every other symbol another) learnt from the words of fourteen languages' spelling
  lists, code identifiers and file paths, and names joined from those words as people join them
  (``scripts/train_generated_runs.py`` writes ``data/generated_runs.json``);
- random: each character one of the alphabet the run's own classes span (26 lower, 26 upper, 10 digits, 32
  symbols), as a generator draws it.

A run whose bits fall below the threshold (stored with the weights, chosen so that held-out written tokens almost
never fall there) is generated. Only ASCII runs with letters and at least two of lower, upper, digit are scored:
a run in another script, a word, a number or a hex digest is never one this scores (hex has its own rule, which
asks what word precedes it, in ``_value_runs``).
"""

from __future__ import annotations

import json
import math
import re
from functools import cache
from pathlib import Path

_DATA = Path(__file__).with_name("data") / "generated_runs.json"

SHORTEST, LONGEST = 8, 40
"""Shorter runs are lobby codes, ranks and model numbers; longer ones are judged by the long-run shapes."""

_JOINING = frozenset("_-.'/+")
"""Symbols that join written words (gamertags, file names, paths): one class in the model."""
_WEAK, _STRONG, _START = 62, 63, 64
_ALPHABET_SIZES = (26, 26, 10, 32)
_SCORED = re.compile(r"[\x21-\x7e]+")
_HEX = re.compile(r"[0-9a-fA-F]+")
_WRITTEN_FORMS = re.compile(
    r"[.@\\]|%[A-Za-z]|[aA]-[zZ]|0-9|^\d+x[A-Z]|^xX.+Xx\d*$|^(?:[A-Z]?[a-z]{0,5}[aeiouv][a-z]{0,4}[1-5])+[a-z]*$"
)
"""Runs people write with digits in them that no generator writes: anything with a dot (versions, file names,
domains), an ``@`` (addresses, handles) or a backslash (paths, patterns), a format's directives ("%Y-%m-%d"), a
pattern's ranges ("A-Za-z0-9"), a count before a name ("3xFireGem"), a gamertag's "xX…Xx" frame, Pinyin with its
tone digits ("zhong1guo2")."""
_DIGIT_RUN = re.compile(r"\d+")


def symbol(char: str) -> int:
    """The model's class of one printable ASCII character: the letter or digit itself, or one of two symbols."""
    code = ord(char)
    if 97 <= code <= 122:
        return code - 97
    if 65 <= code <= 90:
        return code - 65 + 26
    if 48 <= code <= 57:
        return code - 48 + 52
    return _WEAK if char in _JOINING else _STRONG


_SYMBOLS = {chr(code): symbol(chr(code)) for code in range(33, 127)}
_CLASSES = (re.compile("[a-z]"), re.compile("[A-Z]"), re.compile("[0-9]"), re.compile("[^A-Za-z0-9]"))
"""Lower, upper, digit, symbol: the classes whose alphabets a generator draws from (:data:`_ALPHABET_SIZES`)."""

Rows = tuple[tuple[float, ...], ...]
"""log2 P(next | previous) for each previous class (and the start) and each next class (and the end)."""


def as_rows(stored: list[list[int]]) -> Rows:
    """The model's table as stored (hundredths of a bit) read as bits."""
    return tuple(tuple(value / 100 for value in row) for row in stored)


@cache
def _model() -> tuple[Rows, float]:
    stored = json.loads(_DATA.read_text(encoding="utf-8"))
    return as_rows(stored["log2_next"]), float(stored["threshold"])


def written_bits(run: str, reference: str = "", rows: Rows | None = None) -> float:
    """Log-odds in bits that ``run`` was written rather than drawn at random from the alphabet of the classes of
    ``reference`` (``run`` itself unless given: a run read with its leet undone was still drawn from the original's).
    ``rows``: a model being learnt (the stored one unless given)."""
    rows = _model()[0] if rows is None else rows
    drawn = reference or run
    alphabet = sum(size for size, pattern in zip(_ALPHABET_SIZES, _CLASSES, strict=True) if pattern.search(drawn))
    bits, previous = 0.0, _START
    for current in map(_SYMBOLS.__getitem__, run):
        bits += rows[previous][current]
        previous = current
    return bits + len(run) * math.log2(alphabet)


def scorable(run: str) -> bool:
    """Whether a run is one this scores: 8–40 printable ASCII characters, letters and a second class, not hex."""
    if not SHORTEST <= len(run) <= LONGEST or not run.isascii() or not _SCORED.fullmatch(run):
        return False
    lower, upper, digit = (pattern.search(run) is not None for pattern in _CLASSES[:3])
    if lower + upper + digit < 2 or not (lower or upper) or _HEX.fullmatch(run) or _WRITTEN_FORMS.search(run):
        return False
    # Not a number with letters (a tracking or an error code), nor a model number ("RX7900XTX", "WH1000XM5").
    digits = sum(c.isdigit() for c in run)
    return 2 * digits <= len(run) and (lower or len(_DIGIT_RUN.findall(run)) > 2)


_LEET = str.maketrans("0134578@$", "oieastbas")
"""Digits and symbols written for the letters they look like ("Sn1per", "Tr1ckSh0t"): a name in leet is written."""


def reads_generated(run: str) -> bool:
    """Whether one run without spaces (trimmed of its quotes and punctuation, an exclamation mark and the pieces a
    slash lists read apart: "Ryzen9-7950X3D/RTX4080S") reads as drawn at random: it reads so as written, and its
    leet digits read as letters do not make it read as written. That second reading is a second
    chance for any run, so it must clear half the threshold's margin, not just the threshold."""
    trimmed = run.rstrip("!")
    return not _WRITTEN_FORMS.search(trimmed) and any(_drawn(piece) for piece in trimmed.split("/"))


def _drawn(run: str) -> bool:
    if not scorable(run):
        return False
    threshold = _model()[1]
    return written_bits(run) < threshold and written_bits(run.translate(_LEET), reference=run) < threshold / 2


_GROUPED = re.compile(r"[A-Z0-9](?<![\w-][A-Z0-9])[A-Z0-9]{3,5}(?:(?: |-|\n)[A-Z0-9]{4,6})+(?![\w-])")
"""Codes a page lists together, a few characters each (Steam Guard's backup codes "R8K2Q V7M3T", a recovery key's
groups): capitals and digits in groups of four to six, apart by a space, a hyphen or a line. Read from a group's first
character, then what stands before it (no word character or "-"), so ``re`` skips in C to a long post's capitals and
digits rather than trying each of its characters."""


def grouped_spans(text: str) -> list[tuple[int, int]]:
    """Where groups of :data:`_GROUPED` read as drawn at random when read together, most of them mixing letters and
    digits: a line of Steam Guard codes, not "RTX 4090" nor "SW1A 1AA" (their groups are shorter)."""
    found = []
    for match in _GROUPED.finditer(text):
        groups = re.split(r"[ \n-]", match.group())
        mixed = sum(any(c.isdigit() for c in g) and any(c.isalpha() for c in g) for g in groups)
        if 2 * mixed >= len(groups) and reads_generated("".join(groups)[:LONGEST]):
            found.append(match.span())
    return found
