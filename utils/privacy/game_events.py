"""A festival's name labelling a game's or a store's event: "the Eid event in PUBG Mobile", "event Ramadan di Mobile
Legends", "Diwali bundle in BGMI", "Steam's Lunar New Year sale".

A line that names an observance reads as the member's faith or orientation to the special categories, and it is
refused as a memory and read as the member's in chat. When the observance only names what a game or a store holds
for it (an event, a sale, a skin, a login reward) and the line names the game or the store, the pair says when the
game gives something away, not what anyone believes. :func:`without_game_occasions` blanks such pairs, so the
categories read what is left: "fasts during Ramadan, so I'll miss the Ramadan event in PUBG" still states a fast.

The vocabulary is data (``data/game_events.json``), beside the game titles of ``data/game_frame.json``.
"""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path

from utils.privacy.memoised_lines import memoised
from utils.privacy.rule import literal_trie

_DIR = Path(__file__).with_name("data")
_FILLERS = 2
"""Words that may stand between an occasion and its thing: "Eid al-Fitr login event", "Ramadan night market"."""


def _bounded(words: list[str]) -> str:
    """Words as one alternation: an ASCII one as a whole word, another as written (scripts without spaces)."""
    ascii_ones, others = [w for w in words if w.isascii()], [w for w in words if not w.isascii()]
    tries = [rf"(?<![^\W\d_]){literal_trie(ascii_ones)}(?![^\W\d_])"] if ascii_ones else []
    return "|".join([*tries, *([literal_trie(others)] if others else [])])


@cache
def _patterns() -> tuple[re.Pattern[str], re.Pattern[str]]:
    data = json.loads((_DIR / "game_events.json").read_text(encoding="utf-8"))
    titles = json.loads((_DIR / "game_frame.json").read_text(encoding="utf-8"))["titles"]
    occasion, thing = _bounded([w.casefold() for w in data["occasions"]]), _bounded(data["things"])
    linking = rf"(?:(?:{_bounded(data['linking'])})\s+){{0,2}}"
    filler = rf"(?:[\s'’-]+[^\W\d_]+(?:'s|’s)?){{0,{_FILLERS}}}?"
    pairs = re.compile(rf"(?:{occasion})(?:'s|’s)?{filler}[\s-]*(?:{thing})|(?:{thing})\s+{linking}(?:{occasion})", re.IGNORECASE)
    games = re.compile(_bounded([*data["games"], *titles]), re.IGNORECASE)
    return pairs, games


@memoised(2048)
def without_game_occasions(text: str) -> str:
    """``text`` with each pair of an occasion and a game's or a store's thing blanked, when the line names a game or a
    store; else ``text`` itself."""
    pairs, games = _patterns()
    if pairs.search(text) is None or games.search(text) is None:
        return text
    return pairs.sub(" ", text)
