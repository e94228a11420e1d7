"""Whether an ASCII line holds one of the phone words the two phone readers look for before a number.

Both readers (:mod:`utils.privacy.contact`'s number after a phone word, :mod:`utils.privacy.short_phones`) run when
the scanner finds one of their needles in a line, and a needle is any part of a word: "wa" (Indonesian, WhatsApp) is
inside "was", "tel" inside "hotel", "cel" inside "cancel", so they ran on most English lines with a long number in
them, reading each number for a word that is not there. The word they read stands whole: no letter before it, none
after it (their look-behind and look-ahead). In an ASCII line its letters, or the letters it starts with before a dot
or a space ("tel.", "phone number"), are then one of the line's runs of letters, which the scanner's rules read once
for the line (:func:`~utils.privacy.line_reading.ascii_letter_runs`): one set look-up answers for every number.
"""

from __future__ import annotations

import json
import re
from importlib import resources

from utils.privacy.line_reading import ascii_letter_runs

_DATA = json.loads(resources.files("utils.privacy").joinpath("data/phone_words.json").read_text(encoding="utf-8"))
SPACED: tuple[str, ...] = tuple(w for ws in _DATA["spaced"].values() for w in ws)
UNSPACED: tuple[str, ...] = tuple(w for ws in _DATA["unspaced"].values() for w in ws)
_ASCII = [chr(code) for code in range(128)]


def _ascii_forms(char: str) -> list[str]:
    """The ASCII characters a case-blind pattern matches for ``char`` ("ı" matches "i", "ſ" matches "s")."""
    pattern = re.compile("(?i)" + re.escape(char))
    return [other for other in _ASCII if pattern.fullmatch(other)]


def _ascii_spellings(word: str) -> set[str]:
    """``word`` as an ASCII line can hold it for a case-blind pattern, in lower case; none if it cannot."""
    spellings = {""}
    for char in word:
        forms = {form.lower() for form in _ascii_forms(char)}
        spellings = {spelling + form for spelling in spellings for form in forms}
    return spellings


def _needed_runs(words: tuple[str, ...]) -> dict[str, tuple[frozenset[str], ...]]:
    """For each phone word as an ASCII line can hold it, the runs of letters the line then holds (each of the word's
    own runs is whole: a letter stands before none and after none, its other characters or the readers' look-behind
    and look-ahead), by the first of them."""
    needed: dict[str, set[frozenset[str]]] = {}
    for word in words:
        for spelling in _ascii_spellings(word):
            runs = re.findall("[a-z]+", spelling)
            if not runs or not spelling[0].isalpha():
                raise ValueError(f"a phone word starting with no letter: {word!r}")
            needed.setdefault(runs[0], set()).add(frozenset(runs))
    return {first: tuple(sets) for first, sets in needed.items()}


_NEEDED = _needed_runs(SPACED)
_FIRST_RUNS = frozenset(_NEEDED)
_UNSPACED_IN_ASCII = any(_ascii_spellings(word) for word in UNSPACED)
"""A word of a script without spaces is matched inside a word, whatever stands around it: none can be written in
ASCII letters, or this gate could not answer for it."""
assert not _UNSPACED_IN_ASCII, "a word of a script without spaces an ASCII line can hold"


def may_hold_a_phone_word(text: str) -> bool:
    """False only for an ASCII line in which no phone word stands as the readers read one: the runs of letters each
    needs are not all among the line's. A line in other scripts is read as before."""
    if not text.isascii():
        return True
    runs = ascii_letter_runs(text)
    return any(needed <= runs for first in _FIRST_RUNS.intersection(runs) for needed in _NEEDED[first])
