"""Whom a kept line is about: memories are about their speaker, and a role is never taken from chat.

A memory is stored under the member who said it, so a line about another person ("my brother got fired",
"Jo is cheating on her bf", "Sam said he's moving to Berlin", the extractor's "Their friend Alex is in debt",
"Mentioned that Kai has ADHD") would keep a third party's life under someone else's name, where that person
can neither see nor erase it. A bare relationship is the member's own life and stays: "Plays duo with Jo",
"Has a sister.", "Their best friend is called Sam" (a name and a bond; nothing about the friend).

A model's memory line often drops its subject's possessive ("Partner is cheating on them", "Best friend Jake lost
his job", "Stepdad was deported"): a relation that opens such a line, capitalised, before a verb, an adverb or a
name, is its subject. A relation is read with its kin prefixes and endings ("Stiefvater", "svågern", "eniştesi",
"isänsä"; ``relation_forms``), so a language's forms are read rather than listed.

A subject named by a given name or a person noun ("Tom ist pleite", "the streamer got a DUI", "Sam's salary is
90k") is read by :mod:`utils.privacy._others_subjects`.

A role or a permission asserted in chat ("I'm an admin here", "the mods said I can post links") is never kept
either: that reading is :mod:`utils.privacy.roles`.

:func:`about_someone_else` decides alone from the line (the screen's view); given the member's names (the
extractor's vetting knows them) it also refuses any other named subject and any Discord mention. The vocabulary
is data (``data/others.json``); the shapes that use it are here.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import cache
from typing import Any

from utils.privacy._others_subjects import claim_by_subject
from utils.privacy._others_vocabulary import (
    LETTER_RUN,
    UNSPACED_SCRIPT,
    alternation,
    kin_words,
    letter_runs,
    line_words,
    needles,
    only_a_bond,
    relation_alternation,
    search,
    vocabulary,
    windows,
    words_before,
    words_of,
)
from utils.privacy.game_frame import set_in_a_game
from utils.privacy.hearsay import hearsay_claim
from utils.privacy.member_reports import tells_of_a_thing
from utils.privacy.normalise import normalise
from utils.privacy.reactions import only_reacts

_CAPITAL = "A-ZÀ-ÖØ-ÞĀĂĄĆĈĊČĎĐĒĖĘĚĞĠĢĤĦĨĪĮİĶĹĻĽŁŃŅŇŌŐŒŔŖŘŚŜŞŠŢŤŦŨŪŬŮŰŲŴŶŸŹŻŽА-ЯЁ"
_NAME = rf"(?-i:[{_CAPITAL}])[^\W\d_]*(?:['’-][^\W\d_]+)*"
"""A capitalised word (a name as people write one); case-sensitive inside patterns that are not."""
_NAME_NO_HYPHEN = rf"(?-i:[{_CAPITAL}])[^\W\d_]*(?:['’][^\W\d_]+)?(?![\w-])"
"""A name as a sentence's first word: "Co-op plays ..." starts with a word, not a name."""
_AMBIGUOUS_WITHOUT_A_PERSONAL_POSSESSOR = frozenset(
    "boss duo teammate mate partner manager teacher ex crush landlord chef capo patron friend friends kid son nan mann frau "
    "pal mil bil sil fil".split()
)
""""The boss is cancer" is a game's boss, "the duo won" a pair of players, "Son las 10" Spanish; "my boss", "my MIL" are."""
_PERSONAL_POSSESSORS = frozenset(
    "my his her their our mein meine meinem meiner sein seine ihr ihre unser unsere mon ma mes son sa ses notre mi mis su "
    "sus nuestro nuestra meu minha seu sua mio mia suo mijn zijn haar hun onze mój moja jego jej мой моя мои его её ее их "
    "наш наша".split()
)


@cache
def _patterns() -> dict[str, re.Pattern[str]]:
    v = vocabulary()
    relation = relation_alternation()
    possessor = alternation(v["possessors"])
    adjectives = alternation(v["relation_adjectives"])
    links = alternation(v["clause_links"])
    reporting = alternation(v["reporting_verbs"])
    objects = alternation(v["report_objects"])
    not_a_claim = alternation(v["after_relation_not_a_claim"])
    verbs = alternation(v["verbs_after_a_name"].split())
    personal = alternation(_PERSONAL_POSSESSORS)
    third = v["third_person"]
    pronoun = alternation(third["pronouns"])
    events = alternation(third["events"])
    opener = rf"(?:{reporting}(?:\s+{objects})?(?:\s+{links})?|{links})"
    marker = alternation(v["discourse_markers"])
    # "lowkey my roommate owes 30k", "ngl her brother ...": a discourse marker opens the clause it stands before
    clause_start = rf"(?:^|[.;:!?,—–]\s*|(?<![^\W\d_]){opener}\s+)(?:{marker}[\s,:]+){{0,2}}"
    subject = (
        # Spanish marks a person as an object with "a" ("que a su padre lo echaron"); a nickname may stand in quotes
        rf"(?:a\s+(?={possessor}\s))?(?:(?P<possessor>{possessor}|{_NAME}['’]s)\s+)?(?:{adjectives}[\s-]+){{0,2}}"
        rf"(?P<relation>{relation})(?:s|es)?(?:['’]s\s+{relation})?(?:,?\s+['\"“‘(]?{_NAME}['\"”’)]?)?,?"
    )
    return {
        # "my brother got fired", "Their friend Alex is in debt", "Thinks their sister is pregnant"
        "relation": re.compile(
            rf"{clause_start}{subject}\s+(?!{not_a_claim}(?![^\W\d_]))[^\W\d_]",
            re.IGNORECASE | re.MULTILINE,
        ),
        # "Has a brother who got fired", "A coworker named Priya is being investigated"
        "relative": re.compile(
            rf"(?<![^\W\d_]){relation}(?:(?:\s+{_NAME})?,?\s+(?:who|that|which)\s+(?!is\s+called|is\s+named|goes\s+by)"
            rf"|\s+(?:named|called)\s+{_NAME}\s+)(?:{verbs})(?![^\W\d_])",
            re.IGNORECASE,
        ),
        # what every "relative" match holds: the window without it is not searched (most windows have none)
        "relative_gate": re.compile(r"\s(?:who|that|which|named|called)\s", re.IGNORECASE),
        # "Visiting their dad in prison", "with her sister in the hospital": a relative where a hardship puts them
        "relative_in_hardship": re.compile(
            rf"(?<![^\W\d_])(?:{personal})\s+(?:{adjectives}[\s-]+){{0,2}}{relation}\s+(?:{events})(?![^\W\d_])",
            re.IGNORECASE,
        ),
        # "Sam said he's moving", "Dave told them he cheated"
        "name_reports": re.compile(
            rf"(?:^|[.;:!?]\s+)\W*(?:(?-i:a|o|la|il|el|der|die|de)\s+)?(?P<name>{_NAME})\s+{reporting}(?![^\W\d_])",
            re.IGNORECASE | re.MULTILINE,
        ),
        # "Mentioned that Kai has ADHD", "Said Mika's parents are splitting up", "Heard Max got kicked out"
        "reported_name": re.compile(
            rf"(?<![^\W\d_]){reporting}(?:\s+{objects})?(?:\s+{links})?\s+{_NAME}(?:['’]s\s+[^\W\d_]+)?\s+(?:{verbs})"
            r"(?![^\W\d_])",
            re.IGNORECASE,
        ),
        "according_to": re.compile(rf"(?<![^\W\d_])(?:according to|laut|selon|según|segundo|secondo|volgens)\s+{_NAME}", re.I),
        # "Someone in their guild is cheating on his wife", "The guy from their class got expelled"
        "someone": re.compile(
            rf"(?:^|[.;:!?]\s+){alternation(v['someone'])}(?![^\W\d_])[^.!?]{{0,60}}?(?<![^\W\d_])(?:{verbs}|{events})"
            r"(?![^\W\d_])",
            re.IGNORECASE | re.MULTILINE,
        ),
        # "Bob is a thief.", "Priya is moving to Berlin" — a named subject, when the line has no names of the member
        "named_subject": re.compile(rf"^\W*(?P<name>{_NAME_NO_HYPHEN})\s+(?P<verb>{verbs})(?![^\W\d_])", re.IGNORECASE),
        # without the member's names: "Bob is a thief.", "Priya is moving to Berlin", "Noah has debts"
        "named_claim": _named_claim(v["named_subject_claims"]),
        "cjk_relation": re.compile(  # "ユーザーの母親は": a relation the member owns, as a model's line writes one
            "".join(f"(?:(?<={re.escape(owner)})|" for owner in v["of_the_member"]["unspaced_phrases"])
            + f"(?<![{''.join(v['cjk_bare_before'])}])"
            + ")" * len(v["of_the_member"]["unspaced_phrases"])
            + alternation(v["cjk_relations"])
            + f"(?!{alternation(v['cjk_bare_after'])})"
            + "(?:[はがも]|是|被|在|得|说|要|欠|把|又|(?:因为|因為|由于|由於|のせいで|때문에)?.{0,3}?"
            + alternation(v["cjk_claim_verbs"])
            + ")"
        ),
        # "형이 해고되었다", "우리 형 회사에서 잘렸어" ("형이 있어", has a brother, stays)
        "korean_relation": re.compile(
            r"(?:^|[.!?]\s*|우리\s*|내\s*)"
            + alternation(v["korean_relations"])
            # "친구 민수랑 롤 해" (LoL with a friend) is a companion, "동생도 이 서버에 있어" (on this server) a presence
            + r"(?:[이가은는도]|\s)(?!\s*있)(?!\s*(?:이\s*)?(?:서버|디코|디스코드|길드|클랜)에\s*(?:있|들어|같이))"
            + r"(?!\s*\S{0,6}?(?:이랑|랑|하고|와\s|과\s|이하고))"
        ),
        "arabic_relation": re.compile(
            r"(?:^|[.،؛!?]\s*)" + alternation([r for r in v["relations"] if _ARABIC.search(r)]) + r"\s+\S"
        ),
        # "she said she's pregnant", "ella dice que la despidieron", "er meinte, dass ..."
        "pronoun_reports": re.compile(
            rf"(?:^|[.;:!?,]\s*)\W*{pronoun}\s+(?:{reporting})(?:\s+{objects})?,?\s+(?:{links}|{pronoun})(?![^\W\d_])",
            re.IGNORECASE | re.MULTILINE,
        ),
        # "he got fired", "sie wurde letzte Woche entlassen" (the participle at the end), "ella está en la cárcel"
        "pronoun_event": re.compile(
            rf"(?:^|[.;:!?,]\s*|(?<![^\W\d_]){links}\s+)\W*{pronoun}\s+(?:[^\W\d_]+\s+){{0,3}}?{alternation(third['events'])}"
            r"(?![^\W\d_])",
            re.IGNORECASE | re.MULTILINE,
        ),
        # "apparently Tom owes like 20k", "btw Priya is moving": a named claim after a discourse marker
        "marker": re.compile(rf"^\W*{alternation(v['discourse_markers'])}[\s,:]+", re.IGNORECASE),
    }


def _named_claim(claims: dict[str, Any]) -> re.Pattern[str]:
    after_copula = "|".join(
        rf"[^\W\d_]+{p[1:]}" if p.startswith("*") else alternation([p])
        for p in sorted(claims["after_copula"], key=len, reverse=True)
    )
    copulas = alternation(claims["copulas"].split())
    third = vocabulary()["third_person"]
    # what is also said of a company or a game ("Nintendo sued a fan site") is no sign of a person here
    events = alternation(e for e in third["events"] if e not in third["also_of_a_company"])
    predicate = (
        rf"(?:{alternation(claims['any_object'].split())}|(?:{copulas}\s+)?{events}"
        rf"|{alternation(claims['copulas'].split())}\s+(?:{after_copula})"
        rf"|{alternation(claims['has'].split())}\s+{alternation(claims['after_has'])})"
    )
    article = r"(?:(?-i:a|o|la|il|el|der|die|de)\s+)?"  # "a Bia tá traindo ...": a name with its article
    adverb = rf"(?:{alternation(vocabulary()['adverbs_after_a_subject'])}\s+)?"  # "Jo recently got a DUI"
    return re.compile(rf"^\W*{article}(?P<name>{_NAME_NO_HYPHEN})\s+{adverb}{predicate}(?![^\W\d_])", re.IGNORECASE)


_MENTION = re.compile(r"<@[!&]?\d+>|@(?:everyone|here)\b")
_AT_NAME = re.compile(r"(?<![\w.])@([^\W\d_][\w.-]*)")
_POSSESSIVE_START = re.compile(r"^\W*([^\W\d_][\w.-]*)['’](?:s\b|(?=\s))")
"""A possessive ("Bob's", "James' car"); "Can't" and "Don't" are not one."""
_SENTENCE_END = re.compile(r"(?<=[.!?。！？])\s+")


def mentioned_names(texts: Iterable[str]) -> set[str]:
    """Names the member mentioned (``@bob`` as Discord's clean text writes a mention), case-folded."""
    return {m.casefold() for text in texts for m in _AT_NAME.findall(text)}


@cache
def _self_introduction() -> re.Pattern[str]:
    phrases = alternation(vocabulary()["self_introduction"])
    return re.compile(rf"(?<![^\W\d_]){phrases}\s+([^\W\d_][\w'-]*)", re.IGNORECASE)


def names_of_the_member(member_texts: Iterable[str], profile: str = "") -> set[str]:
    """Other names that mean the member: one they gave ("my name is Alicia", "me llamo Alicia") and the
    subjects of their current profile ("Alicia is a nurse."), which was vetted when it was written."""
    subject_words, verbs = words_of("subject_words"), words_of("verbs_after_a_name")
    names = {m.casefold() for text in member_texts for m in _self_introduction().findall(text)}
    for sentence in _SENTENCE_END.split(profile):
        words = letter_runs(sentence)
        if len(words) >= 2 and words[0][0].isupper() and words[1].casefold() in verbs:
            names.add(words[0].casefold())
        possessive = _POSSESSIVE_START.match(sentence)
        if possessive:
            names.add(possessive.group(1).casefold())
    return names - subject_words


def subject_name(sentence: str) -> str | None:
    """The name a sentence starts with as its subject ("Alice is a nurse." -> "alice"), case-folded, or None."""
    match = _patterns()["named_subject"].match(sentence)
    if not match or _not_a_name(match.group("name")):
        return None
    return match.group("name").casefold()


def _not_a_name(word: str) -> bool:
    folded = word.casefold()
    if folded in words_of("not_people"):  # a company or a game: "Nintendo is suing Palworld"
        return True
    return folded in words_of("subject_words") or folded in words_of("verbs_after_a_name") or folded.endswith("ly")


@cache
def _companions() -> re.Pattern[str]:
    """What, right before a relation, makes it an object or a co-subject of the member ("with my sister", "me and
    my dad watched the match"): then the line is about what they do together, not a claim about the relative."""
    companions = vocabulary()["companions"]
    return re.compile(
        rf"(?<![^\W\d_])(?:{alternation(companions['before'])}|{alternation(companions['first_person_and'])})"
        r"\s+(?:[^\W\d_]+\s+)?$",
        re.IGNORECASE,
    )


def _with_the_member(text: str, match: re.Match[str]) -> bool:
    before = text[max(0, match.start("relation") - 40) : match.start("relation")]
    possessor = match.group("possessor")
    if possessor:
        before = text[max(0, match.start("possessor") - 40) : match.start("possessor")]
    return _companions().search(before) is not None


def _about_a_relation(text: str, windows: list[tuple[int, int]]) -> bool:
    pattern = _patterns()["relation"]
    for start, end in windows:
        for match in pattern.finditer(text, start, end):
            if _with_the_member(text, match) or only_a_bond(text, match.end() - 1) or only_reacts(text, match.end("relation")):
                continue  # "with my sister", "mi hermano Pablo también está en el server", "pappa blev sur"
            possessor = (match.group("possessor") or "").casefold()
            relation = match.group("relation").casefold()
            personal = possessor.split()[-1] in _PERSONAL_POSSESSORS if possessor else False
            personal = personal or possessor.endswith(("'s", "’s"))
            if personal or _relation_root(relation) not in _AMBIGUOUS_WITHOUT_A_PERSONAL_POSSESSOR:
                return True
            if not possessor and _a_bare_subject(text, match):
                return True
    return False


def _relation_root(word: str) -> str:
    """The listed relation inside a prefixed or inflected one ("chefen" -> "chef"), so an ambiguous word stays one."""
    relations = _relations()
    if word in relations:
        return word
    for length in range(len(word) - 1, 1, -1):
        if word[:length] in relations:
            return word[:length]
    return word


@cache
def _relation_adjectives() -> frozenset[str]:
    return frozenset(w.casefold() for a in vocabulary()["relation_adjectives"] for w in letter_runs(a))


@cache
def _relations() -> frozenset[str]:
    return frozenset(r.casefold() for r in vocabulary()["relations"])


_COPULAS_AND_PLAY = frozenset(
    "is was has had isn't wasn't does did will can likes loves plays ist war hat est es é è era fue foi tem tiene ha heeft "
    "jest ma är har va".split()
)
"""What a title may do as much as a person ("Son Goku is their main", "Kid Icarus has great music")."""


@cache
def _bare_subject_rest() -> re.Pattern[str]:
    v = vocabulary()
    verbs = alternation(v["verbs_after_a_name"].split())
    adverbs = alternation(v["adverbs_after_a_subject"])
    names = alternation(v["given_names"]["names"].split())
    # after a name nobody listed, a copula may be a title's ("Son Goku is their main"); a deed is a person's
    deeds = alternation(w for w in v["verbs_after_a_name"].split() if w not in _COPULAS_AND_PLAY)
    return re.compile(
        rf"\s+(?:(?-i:(?=[{_CAPITAL}])){names}\s+[^\W\d_]|{_NAME}\s+(?:{adverbs}\s+)?(?:{deeds})(?![^\W\d_])"
        rf"|(?:{adverbs}|[^\W\d_]{{3,}}ly|{verbs})(?![^\W\d_]))",
        re.IGNORECASE,
    )


def _a_bare_subject(text: str, match: re.Match[str]) -> bool:
    """A relation that opens the line with a capital and no article, then a verb, an adverb or a name ("Partner is
    cheating on them", "Partner currently unemployed", "Best friend Jake lost his job"): the subject-less memory line a
    model writes, about a person — a game's "boss" or "duo" comes with an article ("The boss is tough")."""
    start = match.start("relation")
    word = match.group("relation")
    first, only_adjectives = words_before(text, start, _relation_adjectives())
    if not (first or word)[:1].isupper() or not only_adjectives:
        return False
    if word.casefold().endswith("s") and text[match.end("relation") :].lstrip().casefold().startswith("is "):
        return False  # "Friends is a sitcom"
    return _bare_subject_rest().match(text, match.end("relation")) is not None


_ARABIC = re.compile("[\u0600-\u06ff]")
_ACCORDING = ("according", "laut", "selon", "según", "segundo", "secondo", "volgens")


@cache
def _gates() -> dict[str, frozenset[str]]:
    """Per shape, the words of which a line must have one before the shape's regex is tried (most lines have none)."""
    v = vocabulary()
    return {
        "relation": needles(v["relations"]) | {needle + "s" for needle in needles(v["relations"])},
        "reporting": needles(v["reporting_verbs"]),
        "according": frozenset(_ACCORDING),
        "someone": needles(v["someone"]),
        "pronoun": frozenset(w for p in v["third_person"]["pronouns"] for w in LETTER_RUN.findall(p.casefold())),
        "pronoun_head": frozenset(LETTER_RUN.findall(p.casefold())[0] for p in v["third_person"]["pronouns"]),  # he of he's
    }


def _claims_about_others(text: str, own: frozenset[str], present: frozenset[str]) -> bool:
    """The shapes that are about another person whoever the member is; ``present``: the line's words, case-folded."""
    patterns, gates = _patterns(), _gates()
    unspaced = bool(UNSPACED_SCRIPT.search(text))
    kin = kin_words(present)
    near_relations = windows(text, present, gates["relation"] | kin if kin else gates["relation"], unspaced)
    gate = patterns["relative_gate"]
    if (
        _about_a_relation(text, near_relations)
        or search(patterns["relative"], text, [window for window in near_relations if gate.search(text, *window)])
        or search(patterns["relative_in_hardship"], text, near_relations)
    ):
        return True
    near_reports = windows(text, present, gates["reporting"], unspaced)
    reporter = search(patterns["name_reports"], text, near_reports)
    first = reporter.group("name") if reporter else ""
    if reporter and not _not_a_name(first) and first.casefold() not in own and not tells_of_a_thing(text, reporter.end()):
        return True  # "Sam said he's moving", not "Jo said the new patch drops on Tuesday"
    reported = search(patterns["reported_name"], text, near_reports)
    if reported and not any(w.casefold() in own for w in letter_runs(reported.group())):
        return True
    if search(patterns["according_to"], text, windows(text, present, gates["according"], unspaced)):
        return True
    if search(patterns["someone"], text, windows(text, present, gates["someone"], unspaced)):
        return True
    near_pronouns = windows(text, present, gates["pronoun"], False) if not present.isdisjoint(gates["pronoun_head"]) else []
    if near_pronouns and (
        search(patterns["pronoun_reports"], text, near_pronouns) or search(patterns["pronoun_event"], text, near_pronouns)
    ):
        return True
    if unspaced and any(marker in text for marker in vocabulary()["cjk_hearsay"]["markers"]):
        return True
    return unspaced and any(
        _a_claim(patterns[shape].search(text), text) for shape in ("cjk_relation", "korean_relation", "arabic_relation")
    )


def _a_claim(relation: re.Match[str] | None, text: str) -> bool:
    """An unspaced relative found, with more said of them than a reaction ("弟が…怒ってた" is the member's win)."""
    return relation is not None and not only_reacts(text, relation.end())


def about_someone_else(
    text: str,
    member_name: str | None = None,
    mentioned: Iterable[str] = (),
    *,
    also_the_member: Iterable[str] = (),
    normalised: bool = False,
    words: frozenset[str] | None = None,
) -> bool:
    """True when a line is a claim about another person rather than about the member.

    Always refused: a relative, friend or colleague as the subject with something about them ("my brother got
    fired"; "Their best friend is called Sam" only names them and stays), reported speech about a third person
    ("Sam said he's ...", "Mentioned that Kai has ..."), "someone in their guild ...", and a named subject with a
    predicate about a person ("Bob is a thief.", "Priya is moving to Berlin") unless the name is the member's
    (``also_the_member``, ``member_name``).

    Given ``member_name`` (the extractor's vetting knows it): also any named subject with a verb ("Giulia lavora
    in banca"), any Discord mention, a possessive first word
    that is not the member's name ("Bob's real name is ..."), and any ``@name`` or possessive of a name the
    member ``mentioned``. Kept: facts of the member that name people ("Has a sister named Ana", "Plays Valorant
    with Bob", "Alice is a nurse" for Alice). ``normalised``: ``text`` is already in the matching form; ``words``:
    its runs of letters, case-folded, when the caller has read them (:func:`~utils.privacy._others_vocabulary.line_words`).
    """
    text = text if normalised else normalise(text).text
    own = frozenset(
        {w.casefold() for w in letter_runs(member_name or "")}
        | ({member_name.casefold()} if member_name else set())
        | {n.casefold() for n in also_the_member}
    )
    present = line_words(text) if words is None or not normalised else words
    if _claims_about_others(text, own, present) or claim_by_subject(text, own, present) or hearsay_claim(text, present):
        return not set_in_a_game(text)  # a line set in a named game speaks of its characters
    marker = _patterns()["marker"].match(text) if text[:1].isalpha() or text[:1] in "\"'(*_" else None
    named = _patterns()["named_claim"].match(rest := text[marker.end() :] if marker else text)
    name = named.group("name") if named else ""
    if named and not _not_a_name(name) and name.casefold() not in own and not tells_of_a_thing(rest, named.end("name")):
        return True
    if member_name is None:
        return False
    lead = subject_name(text)
    if lead is not None and lead not in own:
        return True
    if _MENTION.search(text):
        return True
    others = {name for name in mentioned if name not in own}
    if any(name not in own for name in mentioned_names([text])):
        return True
    lowered = text.casefold()
    if any(re.search(rf"(?<!\w){re.escape(name)}['’]s?(?!\w)", lowered) for name in others):
        return True
    possessive = _POSSESSIVE_START.match(text)
    subject_words = words_of("subject_words")
    if possessive and possessive.group(1).casefold() not in own | subject_words and possessive.group(1)[0].isupper():
        return True
    return len(runs := letter_runs(text)) >= 2 and runs[0].casefold() in others
