"""Emoji that stand for a secret's word: "🔑 Marmalade-Otter-61", "🗝️ Zitronenfalter_19 — fürs Familienkonto".

Chat puts a key before a password as it puts a word ("pw Marmalade-Otter-61"), so a key is read as an ambiguous
password word: the bare value after it is one only when it has a secret's look, and a key before prose ("🔑 key
quest: the golden key is behind the waterfall") stays as written. The symbols are data (``symbols`` of
data/secret_words.json); they are read only by the password rules, never counted as a word that names a secret, so
a line with a key emoji and no value is not refused for it. A text in plain ASCII holds none and costs one check.
"""

from __future__ import annotations

import json
import re
from importlib import resources

from utils.privacy.vocabulary import Entry, Word

_DATA = json.loads(resources.files("utils.privacy").joinpath("data/secret_words.json").read_text(encoding="utf-8"))
_ENTRIES: dict[str, Entry] = {
    symbol: Entry(kind, frozenset(), ambiguous=True) for symbol, kind in _DATA.get("symbols", {}).items()
}
_SYMBOL = re.compile("|".join(map(re.escape, sorted(_ENTRIES, key=len, reverse=True)))) if _ENTRIES else None


def find(text: str) -> list[Word]:
    """The symbols in ``text`` (its matching form) that stand for a secret's word, as words of the vocabulary."""
    if _SYMBOL is None or text.isascii():
        return []
    return [Word(match.start(), match.end(), _ENTRIES[match.group()]) for match in _SYMBOL.finditer(text)]
