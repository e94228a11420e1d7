"""A member reported to the moderators, and what a named teller said of a thing rather than a person.

A report names whom it accuses ("reporting @Vexx: he keeps sending scam links", "je signale Mathis, il insulte tout
le monde", "quiero reportar a Nacho", "zgłaszam Kubę", "жалоба на Диму", "ich möchte Lotte melden", "Emre'yi şikayet
ediyorum"): kept under the reporter, it is an accusation of a person who can neither see nor erase it. A person is the
word right after the verb of reporting (articles and object markers skipped: "a Nacho", "o Caio"), or right before it
in languages that put the verb last. That person is an ``@mention``, a listed given name, someone of the member's
named by a relation or a person's noun after a possessive ("should I report my coworker for …"), or a capitalised word that is
no company or game (``not_people``) when the verb is written in lower case ("Report Abuse" is a button's label). What
is reported to a company or about a thing ("report the bug to Mojang", "reportar un error") names no one.

The other reading lets a teller's words about a thing pass: "Jo said the new patch drops on Tuesday", "Léa m'a dit que
le film était génial", "Маша сказала, что концерт перенесли": after the teller and the verb of saying (with its
links and articles) the reported clause's first word is a thing of games, media, weather or events (hearsay's
``not_claims``) and no word of the sentence is a person (a pronoun, a relation, a person noun: "Mia told me the
server owner is a thief" stays a claim).

The vocabulary is data (``data/hearsay.json``: ``member_reports``, ``not_claims``, ``articles_of_things``,
``person_words``; given names, companies, reporting verbs and relations from ``data/others.json``).
"""

from __future__ import annotations

import json
import re
from collections.abc import Set as AbstractSet
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from utils.privacy._others_vocabulary import LETTER_RUN, alternation, vocabulary, words_of

_DATA = Path(__file__).with_name("data") / "hearsay.json"
_WORD = re.compile(r"@?[^\W\d_]+(?:['’][^\W\d_]+)*|[,;:.!?…—–]")
_ACCUSATIVE = re.compile(r"^[^\W\d_]+['’](?:y?[iıuü]|n?[iıuü]n)$")
"""A Turkish name with its object or genitive ending after an apostrophe ("Emre'yi", "Selin'i", "Can'ın")."""
_THING_WINDOW = 8
"""Words after the teller in which the reported clause's first word stands ("dedi ki maç", "m'a dit que le film")."""
_SKIPPED_BEFORE_THE_PERSON = 2


@dataclass(frozen=True)
class _Reports:
    after: re.Pattern[str]
    after_words: frozenset[str]
    """The longest word of each verb that goes before its person, case-folded: a line with none has no ``after``."""
    before: frozenset[str]
    skipped: frozenset[str]
    gate: frozenset[str]
    given_names: frozenset[str]
    companies: frozenset[str]
    calendar: frozenset[str]
    lead: frozenset[str]
    things: frozenset[str]
    people: frozenset[str]
    possessors: frozenset[str]
    """Words that own the person reported ("my", "his", "mon"): a relation or a person's noun after one is someone."""


@cache
def _reports() -> _Reports:
    data = json.loads(_DATA.read_text(encoding="utf-8"))
    reports = data["member_reports"]
    v = vocabulary()
    lead_phrases = [*v["reporting_verbs"], *v["report_objects"], *v["clause_links"], *data["links"]]
    pronouns = [*v["third_person"]["pronouns"], *data["person_words"]]
    things = frozenset(w.casefold() for w in data["not_claims"] if " " not in w)
    persons = frozenset(w for p in v["person_nouns"] for w in LETTER_RUN.findall(p.casefold())) - things
    return _Reports(
        after=re.compile(r"(?<![^\W\d_])(?:" + alternation(reports["after"]) + r")(?![^\W\d_])"),
        after_words=frozenset(max(LETTER_RUN.findall(p.lower()), key=len).casefold() for p in reports["after"]),
        before=frozenset(reports["before"]),
        skipped=frozenset(reports["skipped"]),
        gate=frozenset(w for p in [*reports["after"], *reports["before"]] for w in LETTER_RUN.findall(p.casefold())),
        given_names=frozenset(v["given_names"]["names"].split()),
        companies=words_of("not_people"),
        calendar=frozenset(reports["not_a_person"]),
        lead=frozenset(w for p in lead_phrases for w in _WORD.findall(p.casefold()))
        | frozenset(data["articles"])
        | frozenset(data["articles_of_things"])
        | frozenset(data["titles_after"]),
        things=things,
        people=frozenset(p.casefold() for p in pronouns) | frozenset(r.casefold() for r in v["relations"]) | persons,
        possessors=frozenset(v["private_predicates"]["possessives"].split()),
    )


def _a_named_person(word: str, r: _Reports, *, capital_counts: bool) -> bool:
    if word.startswith("@"):
        return len(word) > 1
    folded = re.split("['’]", word.casefold())[0]  # "Tuesday's outage" is the day's
    if folded in r.companies or folded in r.calendar:
        return False
    if folded in r.given_names:
        return True
    return capital_counts and word[:1].isupper() and not (len(word) > 1 and word.isupper())


def reports_a_member(text: str, words: AbstractSet[str]) -> bool:
    """True when ``text`` reports a named person to the moderators (see the module). ``words``: its runs of letters,
    case-folded; ``text`` is in the matching form (:func:`~utils.privacy.normalise.normalise`)."""
    r = _reports()
    if words.isdisjoint(r.gate):
        return False
    # Each word of a verb is a whole run of letters where the verb stands, so one of ``words`` once case-folded, but
    # beside the one mark a case folding turns into a letter (U+0345): only then are the verbs looked for.
    folds_a_mark = "\u0345" in text
    markers = r.after.finditer(text.lower()) if folds_a_mark or not words.isdisjoint(r.after_words) else ()
    for marker in markers:
        skipped, owned = 0, False
        for word in _WORD.findall(text[marker.end() :]):
            folded = word.casefold()
            if owned:
                if folded in r.people:
                    return True  # "should I report my coworker for …": someone of the member's, accused
                break
            if folded in r.possessors:
                owned = True
                continue
            if folded in r.skipped and skipped < _SKIPPED_BEFORE_THE_PERSON:
                skipped += 1
                continue
            if _a_named_person(word, r, capital_counts=text[marker.start()].islower()):
                return True
            break
    if not folds_a_mark and words.isdisjoint(r.before):
        return False  # a verb after its person is one word (``before``: runs of letters), one of ``words``
    tokens = _WORD.findall(text)
    return any(
        word.casefold() in r.before
        and at > 0
        and (_a_named_person(tokens[at - 1], r, capital_counts=False) or bool(_ACCUSATIVE.match(tokens[at - 1])))
        and tokens[at - 1][:1].isupper()
        for at, word in enumerate(tokens)
    )


def tells_of_a_thing(text: str, start: int) -> bool:
    """Whether the clause from ``start`` (right after a teller) reports a thing, not a person: past the verb of
    saying, its links and articles, the first word is a thing of games, media, weather or events and no word of the
    sentence is a person (see the module)."""
    r = _reports()
    sentence: list[str] = []
    for word in _WORD.findall(text[start:]):
        if word in ".!?…":
            break
        sentence.append(word.casefold())
    content = [word for word in sentence[:_THING_WINDOW] if word not in r.lead and word not in ",;:—–"]
    if not content or (content[0] not in r.things and content[0] not in r.companies):
        return False
    return not any(word in r.people for word in sentence)
