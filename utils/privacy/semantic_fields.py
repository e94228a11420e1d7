"""Special categories read as fields of meaning rather than as phrases: a kept line states a category when it holds
a word of every field one rule names — a trait of the body that identifies a person and an act that enrols or checks
it ("registered her face at the e-gate", "지문과 얼굴을 등록했다"), a DNA kit and what it gave back, a height, an eye
colour and a scar (an identity card's description), a height and a weight told together (a body's data: "1,68 m e
pesa 70 kg"), a faith's community and belonging to it ("confirmation at the parish", "kuuluu Jehovan todistajiin"),
a union and being in it, a strike, a ballot and the member voting in it, an indigenous people and enrolment in it. A
rule's ``unless`` field (a game and its things) makes the line a game's: the
rule is not read there ("the retina scanner puzzle in Deus Ex"); phrases where a body word is no trait ("face cam",
"palm tree") or a campaign is no game's ("door-to-door campaign") are blanked first.

More rules read a kind of evidence rather than a word for the category: a treatment and taking or undergoing it
("picked up my lamotrigine refill", "faccio le punture di eparina"), a hospital stay, an observance and keeping it
("Fasts every Monday and Thursday", "初一十五都去庙里上香"), a same-gender partner or pair ("She and her wife", "俺も男だけど
彼氏いる", "both women" with a romance), a genetic status and a gene, a pride event and going to it ("marching with the
bi bloc at Pride Toronto"), coming out and a partner whose gender tells, a bot's owner and its configuration; and
one field alone where its words say it whatever else the line holds: a care or benefit scheme only an illness gives
("Pflegegrad 3", "encostado pelo INSS", "障害者枠"), sobriety counted ("since my last drink", "в завязке"), campaigning
for someone ("leafleting for", "tracter pour"); an organ and a waiting list, a strike taken part in and the speaker; a
treatment on a schedule ("BP ki goli roz") or with what it does to the speaker ("el litio me da sed"), a food the body
refuses ("não posso comer glúten"), a condition's shorthand ("T1D"), a protest attended, a pride flag's emoji, a faith's
emoji beside its practice, the speaker running this community ("I handle the tickets here"). Their
``unless`` fields are a game's world (its titles and things, not the words of a gaming community: "the raid" is no
game's world), a report or a work (an article, a film, the news) and a pet. Two kinds of rule state no special
category and :func:`field_category` leaves them out: ``claim`` and ``misdeed`` (a misdeed told of a third person,
read by :mod:`utils.privacy.told_misdeeds`) and ``role`` (ownership or rights handed over here, a title claimed here,
a role held, the rules asked to be lifted, a team of this community joined, a role's ticket approved, a standing over
its moderators, the platform's staff asking for notes, an order to obey a role; read by :mod:`utils.privacy.roles`), all
through :func:`field_reading`. A body trait no phone unlocks with (a heartbeat, veins, an iris) that unlocks or lets
in, and a fingerprint or a face scan at a workplace, a gym or an airport, are biometric data kept by someone else; a
partner of one gender denied beside one of the other tells an orientation.

Why fields: a list of phrases learns the wordings it was written from and misses the next one; a field holds the
words of one meaning in many languages, and a rule pairs two meanings, so any wording that joins them is read. Either
word alone says nothing about a person ("face id on my phone", "the Healing Church lore", "registered for the
tournament"), so neither refuses a line on its own: the pair is the person's property.

The fields are data (``data/semantic_fields.json``). An entry is read case-folded and without accents: ``stem*`` is
the stem with any ending (inflections and compounds: "Fingerabdrücke", "zarejestrowała"), a plain entry a whole
word, an entry with spaces a phrase, ``re:`` a regular expression; ``unspaced`` entries are read anywhere in the
line (scripts without spaces, Arabic's attached articles). A word with a digit ("D66", "BG3") is read as written, since
a line's words are runs of letters.

Cost: one pass over the line's words finds every field's words, stems (each word compared only with the stems that
share its first three letters) and phrases (only those whose longest word the line has); a field's unspaced entries
are read only in a line beyond the Latin, Greek and Cyrillic scripts, its regular expressions only once the rule's
other fields are there. An ASCII line's words are read as the other layers read them (``line_words``).
"""

from __future__ import annotations

import json
import re
import unicodedata
from collections.abc import Set as AbstractSet
from dataclasses import dataclass
from functools import cache, cached_property
from pathlib import Path
from typing import Any

from utils.privacy._others_vocabulary import line_words
from utils.privacy.memoised_lines import memoised

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
    return unicodedata.normalize("NFD", folded).translate(_WITHOUT_MARKS)


class _Marks(dict[int, int | None]):
    """A translation that drops every combining mark and keeps every other character, each character's answer kept
    once read: a line is translated in C, not asked of ``unicodedata`` character by character. Characters past the
    Basic Multilingual Plane (emoji, rare ideographs) are asked each time, so the table stays small whatever is sent."""

    def __missing__(self, code: int) -> int | None:
        kept = None if unicodedata.combining(chr(code)) else code
        if code <= 0xFFFF:
            self[code] = kept
        return kept


_WITHOUT_MARKS = _Marks()


@dataclass(frozen=True)
class _Phrase:
    words: frozenset[str]
    stems: tuple[str, ...]
    pattern: re.Pattern[str]

    def in_line(self, line: str, words: AbstractSet[str]) -> bool:
        """Looked for only when the line has each of its words and a word for each of its stems."""
        if not self.words <= words:
            return False
        if not all(any(w.startswith(stem) for w in words) for stem in self.stems):
            return False
        return self.pattern.search(line) is not None


@dataclass(frozen=True)
class _Field:
    name: str
    words: frozenset[str]
    stems: tuple[str, ...]
    phrases: tuple[_Phrase, ...]
    unspaced: re.Pattern[str] | None
    expressions: re.Pattern[str] | None

    def in_line(self, line: str, words: AbstractSet[str], hits: AbstractSet[str], beyond: bool) -> bool:
        """``hits``: the fields the line's words and phrases hold (:func:`_hits`, one pass for every field)."""
        if self.name in hits:
            return True
        if self.expressions is not None and self.expressions.search(line):
            return True
        return beyond and self.unspaced is not None and self.unspaced.search(line) is not None


def _phrase(entry: str) -> _Phrase:
    parts = [p for p in re.split(r"[\s-]+", entry) if p]
    pattern = r"[\s-]+".join(re.escape(p[:-1]) + r"[^\W\d_]*" if p.endswith("*") else re.escape(p) for p in parts)
    return _Phrase(
        frozenset(w for p in parts if not p.endswith("*") for w in _LETTER_RUN.findall(p)),
        tuple(p[:-1] for p in parts if p.endswith("*")),
        re.compile(_BOUND_BEFORE + pattern + _BOUND_AFTER),
    )


def _by_longest_word(phrases: list[_Phrase]) -> dict[str, tuple[_Phrase, ...]]:
    keyed: dict[str, list[_Phrase]] = {}
    for phrase in phrases:
        keyed.setdefault(max(sorted(phrase.words), key=len, default=""), []).append(phrase)
    return {key: tuple(value) for key, value in keyed.items()}


def _either(alternatives: list[str]) -> re.Pattern[str] | None:
    return re.compile("|".join(f"(?:{a})" for a in alternatives)) if alternatives else None


def _shortest(stems: list[str]) -> tuple[str, ...]:
    """The stems no shorter stem of the field starts ("moderat" covers "moderator"): each is compared with a word once."""
    kept: list[str] = []
    for stem in sorted(set(stems), key=len):
        if not any(stem.startswith(shorter) for shorter in kept):
            kept.append(stem)
    return tuple(kept)


def _field(name: str, spec: dict[str, Any]) -> _Field:
    entries = [plain(e) if not e.startswith("re:") else e for e in spec["entries"]]
    single = [e for e in entries if " " not in e and "-" not in e and not e.startswith("re:")]
    phrases = [e for e in entries if (" " in e or "-" in e) and not e.startswith("re:")]
    return _Field(
        name=name,
        words=frozenset(e for e in single if not e.endswith("*")),
        stems=_shortest([e[:-1] for e in single if e.endswith("*")]),
        phrases=tuple(_phrase(p) for p in phrases),
        unspaced=_either([re.escape(plain(e)) for e in spec.get("unspaced", [])]),
        expressions=_either([e[3:] for e in entries if e.startswith("re:")]),
    )


@cache
def _spec() -> dict[str, Any]:
    with _DATA.open(encoding="utf-8") as data:
        spec: dict[str, Any] = json.load(data)
    return spec


@cache
def _not_traits() -> dict[str, tuple[_Phrase, ...]]:
    """Phrases where a field's word is no trait of a person ("face cam", "palm tree"), by their longest word."""
    return _by_longest_word([_phrase(plain(e)) for e in _spec()["not_traits"]])


@dataclass(frozen=True)
class _Rule:
    category: str
    fields: tuple[_Field, ...]
    unless: tuple[_Field, ...]

    @cached_property
    def needed(self) -> frozenset[str]:
        """The fields only the line's words can hold (no expression, no unspaced entry): absent from its hits, the
        rule is not read further. Most lines hold a word of few fields, and most rules are passed by at this gate."""
        return frozenset(f.name for f in self.fields if f.expressions is None and f.unspaced is None)

    @cached_property
    def unless_held(self) -> frozenset[str]:
        """The fields of ``unless``: one among the line's hits already says the rule states nothing (an unless field
        in the hits is in the line), so the rule's own fields, some read by a long expression, are not read."""
        return frozenset(f.name for f in self.unless)

    @cached_property
    def needed_in_spaced_scripts(self) -> frozenset[str]:
        """As :attr:`needed`, for a line in the Latin, Greek and Cyrillic scripts, where no unspaced entry is read."""
        return frozenset(f.name for f in self.fields if f.expressions is None)


@cache
def _fields() -> dict[str, _Field]:
    return {name: _field(name, value) for name, value in _spec()["fields"].items()}


@cache
def _unspaced_gate() -> tuple[tuple[str, ...], frozenset[str]] | None:
    """What a line must hold for one of the fields' unspaced entries (literal, in :func:`plain` form) to be in it: an
    entry all in ASCII once its marks are dropped ("vân tay" reads "van tay") as a whole, any other by its first
    character past ASCII. None when an entry is empty, and so found anywhere."""
    entries = {plain(e) for spec in _spec()["fields"].values() for e in spec.get("unspaced", [])}
    if not all(entries):
        return None
    ascii_entries = tuple(sorted(e for e in entries if e.isascii()))
    return ascii_entries, frozenset(next(c for c in e if not c.isascii()) for e in entries if not e.isascii())


def _may_hold_unspaced(line: str) -> bool:
    """Whether one of the unspaced entries may be in ``line``: a line past the spaced scripts by an emoji alone
    ("finally 🎉") holds none, and is read as a line of spaced words is (no unspaced regex can match in it, so a
    field is in it only by its hits, which is what :attr:`_Rule.needed_in_spaced_scripts` asks)."""
    gate = _unspaced_gate()
    if gate is None:
        return True
    ascii_entries, beyond_ascii = gate
    return not beyond_ascii.isdisjoint(line) or any(entry in line for entry in ascii_entries)


@dataclass(frozen=True)
class _WordIndex:
    """Every field's whole words, stems and phrases, each to the field that holds it: a line's words are read once
    for all the fields. Stems are keyed by their first three letters (a word is compared only with the stems it
    could start with), a phrase by its longest whole word, or by its first stem's three letters when it has none."""

    whole: dict[str, frozenset[str]]
    stems: dict[str, tuple[tuple[str, str], ...]]
    phrases: dict[str, tuple[tuple[_Phrase, str], ...]]
    stem_phrases: dict[str, tuple[tuple[_Phrase, str], ...]]

    @cached_property
    def stem_starts(self) -> frozenset[str]:
        """The first three letters of every stem and stem phrase: a word starting otherwise is read for neither."""
        return frozenset(self.stems) | frozenset(self.stem_phrases)


@cache
def _word_index() -> _WordIndex:
    whole: dict[str, set[str]] = {}
    stems: dict[str, list[tuple[str, str]]] = {}
    phrases: dict[str, list[tuple[_Phrase, str]]] = {}
    stem_phrases: dict[str, list[tuple[_Phrase, str]]] = {}
    for field in _fields().values():
        for word in field.words:
            whole.setdefault(word, set()).add(field.name)
        for stem in field.stems:
            stems.setdefault(stem[:3], []).append((stem, field.name))
        for phrase in field.phrases:
            if phrase.words:
                phrases.setdefault(max(sorted(phrase.words), key=len), []).append((phrase, field.name))
            else:
                stem_phrases.setdefault(phrase.stems[0][:3], []).append((phrase, field.name))
    return _WordIndex(
        {w: frozenset(n) for w, n in whole.items()},
        {k: tuple(v) for k, v in stems.items()},
        {k: tuple(v) for k, v in phrases.items()},
        {k: tuple(v) for k, v in stem_phrases.items()},
    )


def _hits(line: str, words: AbstractSet[str]) -> set[str]:
    """The fields whose words, stems or phrases the line holds."""
    index = _word_index()
    hits = {name for word in words & index.whole.keys() for name in index.whole[word]}
    candidates = [pair for word in words & index.phrases.keys() for pair in index.phrases[word]]
    starts = index.stem_starts
    for word in [word for word in words if word[:3] in starts]:  # most words start no stem: not looked up twice
        start = word[:3]
        for stem, name in index.stems.get(start, ()):
            if name not in hits and word.startswith(stem):
                hits.add(name)
        candidates += index.stem_phrases.get(start, ())
    hits.update(name for phrase, name in candidates if name not in hits and phrase.in_line(line, words))
    return hits


@cache
def _rules() -> tuple[_Rule, ...]:
    spec = _spec()
    fields = _fields()
    # a field read by a regular expression on every line goes last: the rule stops first at a field that is absent
    return tuple(
        _Rule(
            rule["category"],
            tuple(sorted((fields[n] for n in rule["fields"]), key=lambda f: f.expressions is not None)),
            tuple(fields[n] for n in rule.get("unless", ())),
        )
        for rule in spec["rules"]
    )


def _words(line: str) -> AbstractSet[str]:
    return _with_digits(line, line_words(line) if line.isascii() else frozenset(_LETTER_RUN.findall(line)))


def _with_digits(line: str, words: AbstractSet[str]) -> AbstractSet[str]:
    """``words`` and the line's words that mix letters and digits, so an entry such as "D66" is read as written."""
    found = _mixed_words(line)
    return frozenset(words).union(found) if found else words


_A_DIGIT = re.compile(r"\d")
_ALNUM_RUN = re.compile(r"[^\W_]+")


def _mixed_words(line: str) -> list[str]:
    r"""The words of letters and digits ("d66", "bg3", "3f"), which no run of letters is: the whole runs of the
    characters ``[^\W_]`` (those ``str.isalnum`` accepts) that hold a digit (``\d``, ``str.isdecimal``) and another
    character, in order. Read from each run's first digit rather than by a regex tried at every place of the line
    (``(?<![^\W_])(?=[^\W_]*\d)(?=[^\W_]*[^\W\d_])[^\W_]+``, which finds the same): most lines have few digits."""
    found: list[str] = []
    end = 0
    for digit in _A_DIGIT.finditer(line):
        at = digit.start()
        if at < end:
            continue  # in the run already read
        start = at
        while start and line[start - 1].isalnum():
            start -= 1
        run = _ALNUM_RUN.match(line, at)  # a digit is one of the run's characters: always found
        end = run.end() if run else at + 1
        if not line[start:end].isdecimal():
            found.append(line[start:end])
    return found


TOLD_OF_OTHERS = frozenset({"claim", "misdeed", "role"})
"""Rules whose category is no special category: a misdeed told of someone else, a role handed over in this
community. :func:`field_category` leaves them to :func:`field_reading`, which :mod:`utils.privacy.told_misdeeds` and
:mod:`utils.privacy.roles` ask."""


@memoised(1)
def _last_read(text: str) -> dict[str, tuple[str, ...]]:
    """The categories the rules stated of the last line read, once :func:`_stated` has filled it in: the three
    layers ask of one line in turn. A member's line, so a memo that forgetting a member empties."""
    return {}


def _stated(text: str, words: AbstractSet[str] | None) -> tuple[str, ...]:
    """Every category one of the rules states of ``text``, in the rules' order (each category once)."""
    last = _last_read(text)
    if "stated" in last:
        return last["stated"]
    line = plain(text)
    words = _with_digits(line, words) if words is not None and text.isascii() else _words(line)
    not_traits = _not_traits()
    blanked = [p for key in not_traits.keys() & words for p in not_traits[key] if p.in_line(line, words)]
    if blanked:
        for phrase in blanked:
            line = phrase.pattern.sub(" ", line)
        words = _words(line)
    beyond = not line.isascii() and _BEYOND_SPACED_SCRIPTS.search(line) is not None and _may_hold_unspaced(line)
    hits = _hits(line, words)
    found: dict[str, None] = {}
    for rule in _rules():
        if rule.category in found or not (rule.needed if beyond else rule.needed_in_spaced_scripts) <= hits:
            continue
        if not rule.unless_held.isdisjoint(hits):
            continue  # an unless the line's words hold: its fields' expressions need not be read
        stated = all(f.in_line(line, words, hits, beyond) for f in rule.fields)
        if stated and not any(f.in_line(line, words, hits, beyond) for f in rule.unless):
            found[rule.category] = None
    last["stated"] = tuple(found)
    return last["stated"]


def field_category(text: str, *, words: AbstractSet[str] | None = None) -> str | None:
    """The special category ``text`` states by holding a word of every field of one rule, or None. ``text`` is read
    as :func:`plain` reads it. ``words``: the text's runs of letters, case-folded, when the caller has read them
    (used for an ASCII line only, whose plain form has the same words)."""
    return next((category for category in _stated(text, words) if category not in TOLD_OF_OTHERS), None)


def field_reading(text: str, kind: str, *, words: AbstractSet[str] | None = None) -> bool:
    """Whether the rules of ``kind`` ("claim", "misdeed", "role") read ``text`` as one: a word of every field of a rule of it."""
    return kind in _stated(text, words)
