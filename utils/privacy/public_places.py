"""Addresses of places open to the public: a museum's, a station's, a stadium's, a library's.

"the British Library, 96 Euston Road, London NW1 2DB", "Treffpunkt Brandenburger Tor, Pariser Platz, 10117 Berlin",
"東京駅は東京都千代田区丸の内1丁目9-1": the place's own site and every map print them, and a meeting point or a
tournament's venue is what members give them for. The address rules read a street, a number and a postcode whoever's
they are; this one lets an address go where a public place's noun names it just before (or opens the address's own
first part: "Rijksmuseum, Museumstraat 1"), and the line says nothing that makes it a home ("my", "I live at",
"j'habite", "うち"). A line with such a word keeps every address out, and so does an address with no venue named
before it (a street called after a station, "Stationsweg 12", is read after the number, not before it). The nouns are
data (``data/public_places.json``), and so are the places known the world over by their own name alone ("le Louvre,
Rue de Rivoli …", "Colosseo, Piazza del Colosseo 1"), read the same way.
"""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path

from utils.privacy.rule import Span, literal_trie

_DATA = Path(__file__).with_name("data") / "public_places.json"
ADDRESS = "address"
_BEFORE = 40
"""How far before an address its place's noun may stand ("the Eiffel Tower is at …")."""
_FIRST_PART = re.compile(r"[,，、:：]|は|是|에")
"""Where an address's first part ends: a place's name may open it ("Rijksmuseum, …", "東京駅は…")."""


def _words(words: list[str]) -> re.Pattern[str]:
    """Whole words in a spaced script, and anywhere in a script written without spaces."""
    folded = sorted({word.casefold() for word in words})
    unspaced = [word for word in folded if not word.isascii() and re.search(r"[\u3040-\u9fff\uac00-\ud7af]", word)]
    spaced = [word for word in folded if word not in unspaced]
    pattern = r"(?<![^\W\d_])(?:" + literal_trie(spaced) + r")(?![^\W\d_])"
    return re.compile(pattern + ("|" + literal_trie(unspaced) if unspaced else ""))


@cache
def _patterns() -> tuple[re.Pattern[str], re.Pattern[str], re.Pattern[str]]:
    loaded = json.loads(_DATA.read_text(encoding="utf-8"))
    venues = sorted({word.casefold() for words in loaded["venues"].values() for word in words})
    return re.compile(literal_trie(venues)), _words(loaded["own"]), _words(loaded["near"])


def settled(found: list[Span], text: str) -> list[Span]:
    """``found`` without the addresses of public places in ``text`` (its matching form)."""
    if not any(kind == ADDRESS for _, _, kind in found):
        return found
    venues, own, near = _patterns()
    lowered = text.lower()
    if len(lowered) != len(text) or own.search(lowered):
        return found
    return [span for span in found if span[2] != ADDRESS or not _named_before(lowered, span[0], span[1], venues, near)]


def _named_before(lowered: str, start: int, end: int, venues: re.Pattern[str], near: re.Pattern[str]) -> bool:
    """Whether a venue's noun stands before the address, or in its first part when that part is a name (no number:
    "Rijksmuseum, Museumstraat 1", not "Stationsweg 12, …"), with no word between that puts the address beside it
    ("near the park: …")."""
    first_part = _FIRST_PART.search(lowered, start, end)
    named_part = first_part is not None and not any(c.isdigit() for c in lowered[start : first_part.start()])
    up_to = first_part.start() if first_part is not None and named_part else start
    window = (max(0, start - _BEFORE), up_to)
    return venues.search(lowered, *window) is not None and near.search(lowered, *window) is None
