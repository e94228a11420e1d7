"""Whether a line holds another script's writing, or only a dash, a quote or an emoji beyond Latin.

The special categories read a line holding a character beyond Latin the long way: its subjects that are no member
blanked whatever its words, every root of every script looked for inside its words, and the substrings of scripts
written without spaces (``anywhere``) looked for along it. Those entries can be in a line only where it holds what
they are written with beyond Latin: a letter or a digit of another script, or one of the few symbols an entry is (a
wheelchair, a pregnant figure). An em dash, a curly quote or "🎉" is neither, and a chat line full of them reads as
the Latin line it is, at its cost.
"""

from __future__ import annotations

import re
from functools import cache

from utils.privacy.special_categories_data import special_vocabulary

_BEYOND_LATIN = re.compile("[^\x00-\u024f]")
_WORD_CHAR = re.compile(r"\w")


def symbols_beyond_latin(entries: list[str]) -> frozenset[str]:
    """The characters beyond Latin that ``entries`` are written with and that are no word character."""
    return frozenset(char for entry in entries for char in entry if _BEYOND_LATIN.match(char) and not _WORD_CHAR.match(char))


@cache
def _another_script() -> re.Pattern[str]:
    vocabulary = special_vocabulary()  # the categories' own reading of the file, not a second one
    entries = [text for spec in vocabulary["categories"].values() for text in spec.get("anywhere", ())]
    entries += [root for name, roots in vocabulary.get("inside_words", {}).items() if not name.startswith("_") for root in roots]
    symbols = "".join(map(re.escape, sorted(symbols_beyond_latin(entries))))
    return re.compile("[^\x00-\u024f\\W]" + (f"|[{symbols}]" if symbols else ""))


def another_script(text: str) -> bool:
    """Whether ``text`` holds a word character beyond Latin or a symbol beyond Latin a category's entry is written
    with: where it does not, no entry read only beyond Latin can be in it."""
    return _another_script().search(text) is not None
