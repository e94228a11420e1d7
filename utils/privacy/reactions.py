"""A relative named only as the one who reacted to what the member did.

"my grandma still quotes it", "pappa blev sur" (dad got cross, after the member's three strikes), "tata się wkurzył, jak
wygrałem w szachy" (dad got mad when I won at chess), "弟がマリカーで負けて怒ってた" (my little brother lost at Mario Kart
and got angry): the relative is the subject, but the predicate is a passing reaction to the member's own deed, and no
attribute of theirs is stored. The claim readers take any relative with a predicate as a claim about them; this reads
the one predicate that is not. A second predicate joined after the reaction ("got angry and got fired") may be about
the relative, so such a line is left to the claim readers; a reason said with its own subject ("because he got fired")
is read by them too. The phrases are data (``data/reactions.json``).
"""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path
from typing import Any

from utils.privacy.memoised_lines import memoised
from utils.privacy.rule import literal_trie

_DATA = Path(__file__).with_name("data") / "reactions.json"


@cache
def _data() -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads(_DATA.read_text(encoding="utf-8"))
    return loaded


@cache
def _after_the_relative() -> re.Pattern[str]:
    """Right after a relative (a possessive suffix's letters may still follow, "babam"): adverbs, then a reaction."""
    data = _data()
    return re.compile(
        rf"[^\W\d_]*\s+(?:(?:{literal_trie(data['adverbs'])})\s+)*(?:{literal_trie(data['reactions'])})(?![^\W\d_])",
        re.IGNORECASE,
    )


@cache
def _at_the_end() -> re.Pattern[str]:
    """A reaction that closes the line, as a verb-final language says it ("… yenilince sinirlendi", "…怒ってた")."""
    return re.compile(rf"(?:{literal_trie(_data()['verb_final'])})[\W_]*$", re.IGNORECASE)


@cache
def _second_predicate() -> re.Pattern[str]:
    return re.compile(rf"(?<![^\W\d_])(?:{literal_trie(_data()['and'])})\s+[^\W\d_]", re.IGNORECASE)


def only_reacts(text: str, relative_end: int) -> bool:
    """Whether the relative ending at ``relative_end`` is only the one who reacted (module docstring)."""
    reaction = _after_the_relative().match(text, relative_end)
    if reaction is None:
        # a reaction closing the line ends within its last word: looked for there, not along a long text from each relative
        end = _at_the_end().search(text, max(relative_end, _last_word_end(text) - _longest_verb_final()))
        if end is None:
            return False
        between = text[relative_end : end.start()]
        return (
            not re.search(r"[,;.!?、。，]", between) and _second_predicate().search(between) is None and len(between.split()) <= 4
        )
    return _last_joined(text) < reaction.end()


@cache
def _longest_verb_final() -> int:
    return max(map(len, _data()["verb_final"]), default=0)


@memoised(4)
def _last_word_end(text: str) -> int:
    """Where the last letter or digit of ``text`` ends (what :func:`_at_the_end` lets follow a reaction is neither)."""
    end = len(text)
    while end and not text[end - 1].isalnum():
        end -= 1
    return end


@memoised(4)
def _last_joined(text: str) -> int:
    """Where the last second predicate of ``text`` starts, -1 for none: found once for a text's every relative, where
    each looked through the rest of the text for one."""
    last, pattern, at = -1, _second_predicate(), 0
    while (found := pattern.search(text, at)) is not None:
        last, at = found.start(), found.start() + 1
    return last
