"""Special categories read as fields of meaning rather than as phrases: a kept line states a category when it holds
a word of every field one rule names — a trait of the body that identifies a person and an act that enrols or checks
it ("registered her face at the e-gate", "지문과 얼굴을 등록했다"), a DNA kit and what it gave back, a height, an eye
colour and a scar (an identity card's description), a faith's community and belonging to it ("confirmation at the
parish", "kuuluu Jehovan todistajiin"), a union and being in it.

Why fields: a list of phrases learns the wordings it was written from and misses the next one; a field holds the
words of one meaning in many languages, and a rule pairs two meanings, so any wording that joins them is read. Either
word alone says nothing about a person ("face id on my phone", "the Healing Church lore", "registered for the
tournament"), so neither refuses a line on its own: the pair is the person's property.

The fields are data (``data/semantic_fields.json``). An entry is read case-folded and without accents: ``stem*`` is
the stem with any ending (inflections and compounds: "Fingerabdrücke", "zarejestrowała"), a plain entry a whole
word, an entry with spaces a phrase, ``re:`` a regular expression; ``unspaced`` entries are read anywhere in the
line (scripts without spaces, Arabic's attached articles).

Cost: a field is first looked for among the line's words (a set look-up and one ``startswith`` over its stems, in C);
its phrases only when one of their words is there, its unspaced entries only in a line beyond the Latin, Greek and
Cyrillic scripts, and a rule stops at its first field the line lacks.
"""

from __future__ import annotations

import json
import re
import unicodedata
from collections.abc import Set as AbstractSet
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

_DATA = Path(__file__).with_name("data") / "semantic_fields.json"
_LETTER_RUN = re.compile(r"[^\W\d_]+")
_BEYOND_SPACED_SCRIPTS = re.compile(r"[^\u0000-\u052f\u1e00-\u1fff\u2000-\u206f]")
"""A character past the Latin, Greek and Cyrillic blocks: the line may hold an unspaced entry."""
_BOUND_BEFORE = r"(?<![^\W\d_])"
_BOUND_AFTER = r"(?![^\W\d_])"


def plain(text: str) -> str:
    """``text`` case-folded and without combining marks (accents, harakat, dakuten), so an entry written without
    them matches every spelling; a line and an entry go through the same reading."""
    folded = text.casefold().replace("’", "'")
    if folded.isascii():
        return folded
    return "".join(c for c in unicodedata.normalize("NFD", folded) if not unicodedata.combining(c))


@dataclass(frozen=True)
class _Field:
    words: frozenset[str]
    stems: tuple[str, ...]
    phrase_words: frozenset[str]
    phrase_stems: tuple[str, ...]
    phrases: re.Pattern[str] | None
    unspaced: re.Pattern[str] | None
    expressions: re.Pattern[str] | None

    def in_line(self, line: str, words: AbstractSet[str], beyond: bool) -> bool:
        if not self.words.isdisjoint(words) or (self.stems and any(w.startswith(self.stems) for w in words)):
            return True
        gate = not self.phrase_words.isdisjoint(words) or any(w.startswith(self.phrase_stems) for w in words)
        if self.phrases is not None and gate and self.phrases.search(line):
            return True
        if self.expressions is not None and self.expressions.search(line):
            return True
        return beyond and self.unspaced is not None and self.unspaced.search(line) is not None


def _phrase(entry: str) -> str:
    parts = [re.escape(p[:-1]) + r"[^\W\d_]*" if p.endswith("*") else re.escape(p) for p in re.split(r"[\s-]+", entry)]
    return _BOUND_BEFORE + r"[\s-]+".join(parts) + _BOUND_AFTER


def _either(alternatives: list[str]) -> re.Pattern[str] | None:
    return re.compile("|".join(f"(?:{a})" for a in alternatives)) if alternatives else None


def _field(spec: dict[str, Any]) -> _Field:
    entries = [plain(e) if not e.startswith("re:") else e for e in spec["entries"]]
    single = [e for e in entries if " " not in e and "-" not in e and not e.startswith("re:")]
    phrases = [e for e in entries if (" " in e or "-" in e) and not e.startswith("re:")]
    firsts = [re.split(r"[\s-]+", p)[0] for p in phrases]  # a phrase is looked for only when its first word is there
    return _Field(
        words=frozenset(e for e in single if not e.endswith("*")),
        stems=tuple(e[:-1] for e in single if e.endswith("*")),
        phrase_words=frozenset(first for first in firsts if not first.endswith("*")),
        phrase_stems=tuple(first[:-1] for first in firsts if first.endswith("*")),
        phrases=_either([_phrase(p) for p in phrases]),
        unspaced=_either([re.escape(plain(e)) for e in spec.get("unspaced", [])]),
        expressions=_either([e[3:] for e in entries if e.startswith("re:")]),
    )


@cache
def _spec() -> dict[str, Any]:
    with _DATA.open(encoding="utf-8") as data:
        spec: dict[str, Any] = json.load(data)
    return spec


@cache
def _not_traits() -> tuple[frozenset[str], re.Pattern[str] | None]:
    """Phrases where a field's word is no trait of a person ("face cam", "palm tree"), and the words that gate them."""
    entries = [plain(e) for e in _spec()["not_traits"]]
    return frozenset(re.split(r"[\s-]+", e)[0].rstrip("*") for e in entries), _either([_phrase(e) for e in entries])


@dataclass(frozen=True)
class _Rule:
    category: str
    fields: tuple[_Field, ...]
    unless: tuple[_Field, ...]


@cache
def _rules() -> tuple[_Rule, ...]:
    spec = _spec()
    fields = {name: _field(value) for name, value in spec["fields"].items()}
    # a field read by a regular expression on every line goes last: the rule stops first at a field that is absent
    return tuple(
        _Rule(
            rule["category"],
            tuple(sorted((fields[n] for n in rule["fields"]), key=lambda f: f.expressions is not None)),
            tuple(fields[n] for n in rule.get("unless", ())),
        )
        for rule in spec["rules"]
    )


def field_category(text: str) -> str | None:
    """The special category ``text`` states by holding a word of every field of one rule, or None. ``text`` is read
    as :func:`plain` reads it; a phrase's first word gates it, so a line's words are those of its plain form."""
    line = plain(text)
    words = frozenset(_LETTER_RUN.findall(line))
    gate, not_traits = _not_traits()
    if not_traits is not None and not gate.isdisjoint(words) and not_traits.search(line):
        line = not_traits.sub(" ", line)
        words = frozenset(_LETTER_RUN.findall(line))
    beyond = _BEYOND_SPACED_SCRIPTS.search(line) is not None
    for rule in _rules():
        stated = all(f.in_line(line, words, beyond) for f in rule.fields)
        if stated and not any(f.in_line(line, words, beyond) for f in rule.unless):
            return rule.category
    return None
