"""Hearsay about a person: a line that reports what is said of someone ("apparently Lena got caught shoplifting",
"diz que o patrão do Tiago foge aos impostos", "говорят, Артём продаёт…", "słyszałem że Kuba bije…", "according to
his ex, Dario still owes…", "据说李明欠了很多赌债") keeps a rumour about a third person under the member's name,
where that person can neither see nor erase it.

A hearsay marker opens the reported clause; the clause is about a person when its subject is one: a capitalised
word (or a listed given name, however written; a relation or a noun of a person, written small: "her boyfriend",
"чоловік", "the new mod") at the clause's start, after a link ("that", "dass", "que", "że"),
an article or a possessive ("o Tiago", "his ex") and at most two other words ("hat Timo", "o patrão do Tiago").
An "according to" marker names its source first ("according to his ex,", "selon Le Monde,"): the clause starts
after the source's comma. What is reported of a thing is not a claim: a line with a word of games, media, weather or
the news ("I heard the patch nerfs tanks", "dicen que mañana llueve") is not read, nor a capitalised word after
"new", "next" or a preposition ("the new Zelda", "en Madrid"), nor a name of a company or game (``not_people``).
In scripts without spaces a marker is read with a word of what is said of a person (a debt, an arrest, an affair).

A misdeed told with no marker ("hørte at Mads blev taget for spritkørsel", "Says his cousin is on bail") is read
too, by :mod:`utils.privacy.told_misdeeds`: the offence is the rumour; and a member reported to the moderators
("je signale Mathis", "zgłaszam Kubę") by :mod:`utils.privacy.member_reports`: the report is the accusation.

The vocabulary is data (``data/hearsay.json``; given names and companies from ``data/others.json``).
"""

from __future__ import annotations

import json
import re
from collections.abc import Set as AbstractSet
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from utils.privacy._others_vocabulary import UNSPACED_SCRIPT, alternation, kin_words, vocabulary, words_of
from utils.privacy.member_reports import reports_a_member
from utils.privacy.quoted_lines import a_quoted_question
from utils.privacy.told_misdeeds import misdeed_told

_DATA = Path(__file__).with_name("data") / "hearsay.json"
_WORD = re.compile(r"[^\W\d_]+(?:['’][^\W\d_]+)?|[,;:.!?]")
_CLAUSE_WINDOW = 6
"""Words after a marker in which a link may open the reported clause ("heard from a coworker that Marcus …")."""
_WORDS_BEFORE_THE_SUBJECT = 2
_THAI = re.compile("[\u0e00-\u0e7f]")
"""Thai, written without spaces between words: its markers are read like those of the scripts the others name."""


@dataclass(frozen=True)
class _Hearsay:
    markers: re.Pattern[str]
    sources: frozenset[str]
    gate: frozenset[str]
    links: frozenset[str]
    skipped: frozenset[str]
    titles_after: frozenset[str]
    not_claims: frozenset[str]
    not_claim_phrases: tuple[str, ...]
    not_people: frozenset[str]
    given_names: frozenset[str]
    people: frozenset[str]
    unspaced: tuple[str, ...]
    claim_words: tuple[str, ...]


@cache
def _hearsay() -> _Hearsay:
    data = json.loads(_DATA.read_text(encoding="utf-8"))
    phrases = [*data["markers"], *data["sources"]]
    not_claims = [w.casefold() for w in data["not_claims"]]
    v = vocabulary()
    return _Hearsay(
        markers=re.compile(r"(?<![^\W\d_])(?:" + alternation(phrases) + r")(?![^\W\d_])"),
        sources=frozenset(s.casefold() for s in data["sources"]),
        gate=frozenset(w for p in phrases for w in _WORD.findall(p.casefold()) if w.isalpha()),
        links=frozenset(data["links"]),
        skipped=frozenset(data["links"]) | frozenset(data["articles"]),
        titles_after=frozenset(data["titles_after"]),
        not_claims=frozenset(w for w in not_claims if " " not in w),
        not_claim_phrases=tuple(w for w in not_claims if " " in w),
        not_people=words_of("not_people") | words_of("subject_words"),
        given_names=frozenset(v["given_names"]["names"].split()),
        people=frozenset(w.casefold() for w in [*v["relations"], *data["people"]] if " " not in w),
        unspaced=tuple(data["unspaced"]),
        claim_words=tuple(data["claim_words"]),
    )


def _a_person(word: str, before: str, h: _Hearsay) -> bool:
    folded = word.casefold()
    if folded in h.people or kin_words(frozenset({folded})) or _a_form_of(folded, h.people):
        return True  # "apparently her boyfriend …", "nghe nói chồng chị ấy …", "the new mod": a person, written small
    if folded in h.not_people or before in h.titles_after or folded in h.skipped:
        return False
    if folded in h.given_names:
        return True
    return word[:1].isupper() and not (len(word) > 1 and word.isupper())  # an acronym is a party or a company


def _a_form_of(word: str, people: frozenset[str]) -> bool:
    """A person's word with a short ending that possesses or declines it ("férje", "sógorát", "mumewe")."""
    return any(word[:cut] in people for cut in range(max(4, len(word) - 3), len(word)))


def _subject_is_a_person(words: list[str], h: _Hearsay) -> bool:
    """``words``: the line's words from the reported clause on. A link within the first few opens the clause."""
    link = next((i for i, w in enumerate(words[:_CLAUSE_WINDOW]) if w.casefold() in h.links), None)
    if link is not None:
        words = words[link + 1 :]
    others = 0
    before = ""
    for word in words:
        if word in ",;:":
            continue
        if word in ".!?":
            return False
        if word.casefold() in h.skipped:
            before = word.casefold()
            continue
        if _a_person(word, before, h):
            return True
        others += 1
        if others > _WORDS_BEFORE_THE_SUBJECT:
            return False
        before = word.casefold()
    return False


def hearsay_claim(text: str, words: AbstractSet[str]) -> bool:
    """True when ``text`` reports what is said of a person (see the module), tells a misdeed of someone with no
    marker at all (:mod:`utils.privacy.told_misdeeds`) or reports a member to the moderators
    (:mod:`utils.privacy.member_reports`), or is only a question someone else asked, quoted
    (:mod:`utils.privacy.quoted_lines`). ``words``: its runs of letters, case-folded; ``text`` is in the matching form
    (:func:`~utils.privacy.normalise.normalise`)."""
    return _reported(text, words) or misdeed_told(text, words) or reports_a_member(text, words) or a_quoted_question(text)


def _reported(text: str, words: AbstractSet[str]) -> bool:
    h = _hearsay()
    folded = text.lower()  # one character for one (mostly), so a marker's end is a place in ``text``
    if words & h.not_claims or any(p in folded for p in h.not_claim_phrases):
        return False
    if (UNSPACED_SCRIPT.search(text) or _THAI.search(text)) and any(m in text for m in h.unspaced):
        return any(c in text for c in h.claim_words)
    if not words & h.gate:
        return False
    for marker in h.markers.finditer(folded):
        start = marker.end()
        if marker.group().casefold() in h.sources:
            comma = text.find(",", start)
            if comma < 0:
                continue
            start = comma + 1
        if _subject_is_a_person(_WORD.findall(text[start:]), h):
            return True
    return False
