"""Whom a kept line is about: memories are about their speaker, and a role is never taken from chat.

A memory is stored under the member who said it, so a line about another person ("my brother got fired",
"Jo is cheating on her bf", "Sam said he's moving to Berlin", the extractor's "Their friend Alex is in debt",
"Mentioned that Kai has ADHD") would keep a third party's life under someone else's name, where that person
can neither see nor erase it. A bare relationship is the member's own life and stays: "Plays duo with Jo",
"Has a sister.", "Their best friend is called Sam" (a name and a bond; nothing about the friend).

A role or a permission asserted in chat ("I'm an admin here", "the mods said I can post links") is never kept:
a memory is read back to the model as a fact, and the bot must not learn who may do what from what people say.

:func:`about_someone_else` decides alone from the line (the screen's view); given the member's names (the
extractor's vetting knows them) it also refuses any other named subject and any Discord mention. The vocabulary
is data (``data/others.json``); the shapes that use it are here.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from functools import cache
from pathlib import Path
from typing import Any

from utils.privacy.normalise import normalise

_DATA = Path(__file__).with_name("data") / "others.json"
_CAPITAL = "A-ZÀ-ÖØ-ÞĀĂĄĆĈĊČĎĐĒĖĘĚĞĠĢĤĦĨĪĮİĶĹĻĽŁŃŅŇŌŐŒŔŖŘŚŜŞŠŢŤŦŨŪŬŮŰŲŴŶŸŹŻŽА-ЯЁ"
_NAME = rf"(?-i:[{_CAPITAL}])[^\W\d_]*(?:['’-][^\W\d_]+)*"
"""A capitalised word (a name as people write one); case-sensitive inside patterns that are not."""
_NAME_NO_HYPHEN = rf"(?-i:[{_CAPITAL}])[^\W\d_]*(?:['’][^\W\d_]+)?(?![\w-])"
"""A name as a sentence's first word: "Co-op plays ..." starts with a word, not a name."""
_AMBIGUOUS_WITHOUT_A_PERSONAL_POSSESSOR = frozenset(
    "boss duo teammate mate partner manager teacher ex crush landlord chef capo patron friend friends kid son nan mann frau "
    "pal".split()
)
""""The boss is cancer" is a game's boss, "the duo won" a pair of players, "Son las 10" Spanish; "my boss" is a person."""
_PERSONAL_POSSESSORS = frozenset(
    "my his her their our mein meine meinem meiner sein seine ihr ihre unser unsere mon ma mes son sa ses notre mi mis su "
    "sus nuestro nuestra meu minha seu sua mio mia suo mijn zijn haar hun onze mój moja jego jej мой моя мои его её ее их "
    "наш наша".split()
)


@cache
def _vocabulary() -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads(_DATA.read_text(encoding="utf-8"))
    return loaded


def _words_of(key: str) -> frozenset[str]:
    return frozenset(_vocabulary()[key].split())


def _alternation(phrases: Iterable[str]) -> str:
    """Literal phrases (spaces: any spacing) as one regex, factored by their common beginnings.

    A list of 300 words tried one after another at every character of a 4,000-character message costs
    milliseconds; as a trie ("b(?:oss|rother)") each position tries the few words that start with its letter.
    The longest phrase wins where one is the beginning of another ("best friend" over "best")."""
    trie: dict[str, Any] = {}
    for phrase in {" ".join(p.lower().split()) for p in phrases if p.strip()}:
        node = trie
        for char in phrase:
            node = node.setdefault(char, {})
        node[""] = {}
    return "(?:" + _trie_regex(trie) + ")"


def _trie_regex(node: dict[str, Any]) -> str:
    branches = [(r"\s+" if char == " " else re.escape(char)) + _trie_regex(child) for char, child in node.items() if char]
    if not branches:
        return ""
    body = branches[0] if len(branches) == 1 else "(?:" + "|".join(branches) + ")"
    if "" in node:
        return f"(?:{body})?" if len(branches) == 1 else body + "?"
    return body


def _words(text: str) -> list[str]:
    """Runs of letters (any script; apostrophes and hyphens inside a word are part of it)."""
    return re.findall(r"[^\W\d_]+(?:['’-][^\W\d_]+)*", text)


@cache
def _patterns() -> dict[str, re.Pattern[str]]:
    v = _vocabulary()
    relation = _alternation(v["relations"])
    possessor = _alternation(v["possessors"])
    adjectives = _alternation(v["relation_adjectives"])
    links = _alternation(v["clause_links"])
    reporting = _alternation(v["reporting_verbs"])
    objects = _alternation(v["report_objects"])
    not_a_claim = _alternation(v["after_relation_not_a_claim"])
    verbs = _alternation(v["verbs_after_a_name"].split())
    third = v["third_person"]
    pronoun = _alternation(third["pronouns"])
    opener = rf"(?:{reporting}(?:\s+{objects})?(?:\s+{links})?|{links})"
    marker = _alternation(v["discourse_markers"])
    # "lowkey my roommate owes 30k", "ngl her brother ...": a discourse marker opens the clause it stands before
    clause_start = rf"(?:^|[.;:!?,—–]\s*|(?<![^\W\d_]){opener}\s+)(?:{marker}[\s,:]+)?"
    subject = (
        rf"(?:(?P<possessor>{possessor}|{_NAME}['’]s)\s+)?(?:{adjectives}[\s-]+){{0,2}}(?P<relation>{relation})"
        rf"(?:['’]s\s+{relation})?(?:,?\s+{_NAME})?,?"
    )
    return {
        # "my brother got fired", "Their friend Alex is in debt", "Thinks their sister is pregnant"
        "relation": re.compile(
            rf"{clause_start}{subject}\s+(?!{not_a_claim}(?![^\W\d_]))[^\W\d_]",
            re.IGNORECASE | re.MULTILINE,
        ),
        # "Has a brother who got fired"
        "relative": re.compile(
            rf"(?<![^\W\d_]){relation}(?:\s+{_NAME})?,?\s+(?:who|that|which)\s+(?!is\s+called|is\s+named|goes\s+by)"
            rf"(?:{verbs})(?![^\W\d_])",
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
            rf"(?:^|[.;:!?]\s+){_alternation(v['someone'])}(?![^\W\d_])[^.!?]{{0,60}}?(?<![^\W\d_])(?:{verbs})(?![^\W\d_])",
            re.IGNORECASE | re.MULTILINE,
        ),
        # "Bob is a thief.", "Priya is moving to Berlin" — a named subject, when the line has no names of the member
        "named_subject": re.compile(rf"^\W*(?P<name>{_NAME_NO_HYPHEN})\s+(?P<verb>{verbs})(?![^\W\d_])", re.IGNORECASE),
        # without the member's names: "Bob is a thief.", "Priya is moving to Berlin", "Noah has debts"
        "named_claim": _named_claim(v["named_subject_claims"]),
        "cjk_relation": re.compile(
            "(?<!["
            + "".join(v["cjk_bare_before"])
            + "])"
            + _alternation(v["cjk_relations"])
            + "(?!"
            + _alternation(v["cjk_bare_after"])
            + ")(?:[はがも]|是|被|在|得|说|要|欠|把|又|.{0,3}?"
            + _alternation(v["cjk_claim_verbs"])
            + ")"
        ),
        # "형이 해고되었다", "우리 형 회사에서 잘렸어" ("형이 있어", has a brother, stays)
        "korean_relation": re.compile(
            r"(?:^|[.!?]\s*|우리\s*|내\s*)"
            + _alternation(v["korean_relations"])
            # "친구 민수랑 롤 해" (LoL with a friend) is a companion, not a claim
            + r"(?:[이가은는도]|\s)(?!\s*있)(?!\s*\S{0,6}?(?:이랑|랑|하고|와\s|과\s|이하고))"
        ),
        "arabic_relation": re.compile(
            r"(?:^|[.،؛!?]\s*)" + _alternation([r for r in v["relations"] if _ARABIC.search(r)]) + r"\s+\S"
        ),
        # "she said she's pregnant", "ella dice que la despidieron", "er meinte, dass ..."
        "pronoun_reports": re.compile(
            rf"(?:^|[.;:!?,]\s*)\W*{pronoun}\s+(?:{reporting})(?:\s+{objects})?,?\s+(?:{links}|{pronoun})(?![^\W\d_])",
            re.IGNORECASE | re.MULTILINE,
        ),
        # "he got fired", "sie wurde letzte Woche entlassen" (the participle at the end), "ella está en la cárcel"
        "pronoun_event": re.compile(
            rf"(?:^|[.;:!?,]\s*|(?<![^\W\d_]){links}\s+)\W*{pronoun}\s+(?:[^\W\d_]+\s+){{0,3}}?{_alternation(third['events'])}"
            r"(?![^\W\d_])",
            re.IGNORECASE | re.MULTILINE,
        ),
        # "apparently Tom owes like 20k", "btw Priya is moving": a named claim after a discourse marker
        "marker": re.compile(rf"^\W*{_alternation(v['discourse_markers'])}[\s,:]+", re.IGNORECASE),
    }


def _named_claim(claims: dict[str, Any]) -> re.Pattern[str]:
    after_copula = "|".join(
        rf"[^\W\d_]+{p[1:]}" if p.startswith("*") else _alternation([p])
        for p in sorted(claims["after_copula"], key=len, reverse=True)
    )
    predicate = (
        rf"(?:{_alternation(claims['any_object'].split())}"
        rf"|{_alternation(claims['copulas'].split())}\s+(?:{after_copula})"
        rf"|{_alternation(claims['has'].split())}\s+{_alternation(claims['after_has'])})"
    )
    article = r"(?:(?-i:a|o|la|il|el|der|die|de)\s+)?"  # "a Bia tá traindo ...": a name with its article
    return re.compile(rf"^\W*{article}(?P<name>{_NAME_NO_HYPHEN})\s+{predicate}(?![^\W\d_])", re.IGNORECASE)


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
    phrases = _alternation(_vocabulary()["self_introduction"])
    return re.compile(rf"(?<![^\W\d_]){phrases}\s+([^\W\d_][\w'-]*)", re.IGNORECASE)


def names_of_the_member(member_texts: Iterable[str], profile: str = "") -> set[str]:
    """Other names that mean the member: one they gave ("my name is Alicia", "me llamo Alicia") and the
    subjects of their current profile ("Alicia is a nurse."), which was vetted when it was written."""
    subject_words, verbs = _words_of("subject_words"), _words_of("verbs_after_a_name")
    names = {m.casefold() for text in member_texts for m in _self_introduction().findall(text)}
    for sentence in _SENTENCE_END.split(profile):
        words = _words(sentence)
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
    return folded in _words_of("subject_words") or folded in _words_of("verbs_after_a_name") or folded.endswith("ly")


@cache
def _companions() -> re.Pattern[str]:
    """What, right before a relation, makes it an object or a co-subject of the member ("with my sister", "me and
    my dad watched the match"): then the line is about what they do together, not a claim about the relative."""
    companions = _vocabulary()["companions"]
    return re.compile(
        rf"(?<![^\W\d_])(?:{_alternation(companions['before'])}|{_alternation(companions['first_person_and'])})"
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
            if _with_the_member(text, match):
                continue
            possessor = (match.group("possessor") or "").casefold()
            relation = match.group("relation").casefold()
            personal = possessor in _PERSONAL_POSSESSORS or possessor.endswith(("'s", "’s"))
            if personal or relation not in _AMBIGUOUS_WITHOUT_A_PERSONAL_POSSESSOR:
                return True
    return False


_LETTER_RUN = re.compile(r"[^\W\d_]+")
_ARABIC = re.compile("[\u0600-\u06ff]")
_UNSPACED_SCRIPT = re.compile("[\u0600-\u06ff\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]")
"""Arabic, kana, CJK ideographs, Hangul: words attach to each other, so no word gate applies."""
_ACCORDING = ("according", "laut", "selon", "según", "segundo", "secondo", "volgens")
_ROLE_GATE_WORDS = (
    "mod mods modos модеры charge manage ban kick whitelisted white exempt above skip bypass owns own runs run manages treat "
    "rights permission permissions perms powers privileges allowed permitted authorised authorized trusted given granted "
    "elevated superuser sudo unrestricted override ignore disable forget access permisos permiso privilegios derechos droits "
    "privilèges permessi privilegi diritti permissões permissão privilégios direitos rechte berechtigungen rechten "
    "uprawnienia uprawnień права привилегии yetkileri yetkisi behörighet rättigheter oprávnění práva quyền"
)


_COMMON = frozenset("the a an this that here there time out me my to of in on is it and".split())
"""Words too common to gate on: "the guy" is found by "guy", "ping here" by "ping"."""


def _needles(phrases: Iterable[str]) -> frozenset[str]:
    """One word of each phrase (its longest, not a common one): a line without it cannot hold the phrase."""
    needles = set()
    for phrase in phrases:
        runs = sorted(_LETTER_RUN.findall(phrase.casefold()), key=len, reverse=True)
        if runs:
            needles.add(next((run for run in runs if run not in _COMMON), runs[0]))
    return frozenset(needles)


@cache
def _gates() -> dict[str, frozenset[str]]:
    """Per shape, the words of which a line must have one before the shape's regex is tried (most lines have none)."""
    v = _vocabulary()
    return {
        "relation": _needles(v["relations"]),
        "reporting": _needles(v["reporting_verbs"]),
        "according": frozenset(_ACCORDING),
        "someone": _needles(v["someone"]),
        "pronoun": frozenset(w for p in v["third_person"]["pronouns"] for w in _LETTER_RUN.findall(p.casefold())),
        "role": _needles([*v["role_words"], *v["granted_acts"], *v["claimed_identities"], *_ROLE_GATE_WORDS.split()]),
    }


_BEFORE, _AFTER = 64, 40
"""How far before and after one of its words a shape is looked for ("Mentioned to the bot that their best friend"
before "friend"; a name and a verb after it)."""


def _windows(text: str, present: frozenset[str], needles: frozenset[str], everywhere: bool) -> list[tuple[int, int]]:
    """The parts of ``text`` around its words in ``needles``, merged; the whole text when ``everywhere``.

    ``present``: the line's words, case-folded. A shape's regex then runs on a few short windows, not along a
    whole 4,000-character message; most lines have none of a shape's words and cost no regex at all."""
    if everywhere:
        return [(0, len(text))]
    found = present & needles
    if not found:
        return []
    windows: list[tuple[int, int]] = []
    for word in re.finditer(rf"(?<![^\W\d_])(?:{'|'.join(map(re.escape, found))})(?![^\W\d_])", text, re.IGNORECASE):
        start, end = max(0, word.start() - _BEFORE), min(len(text), word.end() + _AFTER)
        if windows and start <= windows[-1][1]:
            windows[-1] = (windows[-1][0], end)
        else:
            windows.append((start, end))
    return windows


def _search(pattern: re.Pattern[str], text: str, windows: list[tuple[int, int]]) -> re.Match[str] | None:
    for start, end in windows:
        match = pattern.search(text, start, end)
        if match:
            return match
    return None


def _claims_about_others(text: str, own: frozenset[str]) -> bool:
    """The shapes that are about another person whoever the member is."""
    patterns, gates = _patterns(), _gates()
    unspaced = bool(_UNSPACED_SCRIPT.search(text))
    present = frozenset(_LETTER_RUN.findall(text.casefold()))
    near_relations = _windows(text, present, gates["relation"], unspaced)
    if _about_a_relation(text, near_relations) or _search(patterns["relative"], text, near_relations):
        return True
    near_reports = _windows(text, present, gates["reporting"], unspaced)
    reporter = _search(patterns["name_reports"], text, near_reports)
    first = reporter.group("name") if reporter else ""
    if reporter and not _not_a_name(first) and first.casefold() not in own:
        return True
    reported = _search(patterns["reported_name"], text, near_reports)
    if reported and not any(w.casefold() in own for w in _words(reported.group())):
        return True
    if _search(patterns["according_to"], text, _windows(text, present, gates["according"], unspaced)):
        return True
    if _search(patterns["someone"], text, _windows(text, present, gates["someone"], unspaced)):
        return True
    near_pronouns = _windows(text, present, gates["pronoun"], False)  # spaced words in every language listed
    if near_pronouns and (
        _search(patterns["pronoun_reports"], text, near_pronouns) or _search(patterns["pronoun_event"], text, near_pronouns)
    ):
        return True
    if unspaced and any(marker in text for marker in _vocabulary()["cjk_hearsay"]["markers"]):
        return True
    return unspaced and any(patterns[shape].search(text) for shape in ("cjk_relation", "korean_relation", "arabic_relation"))


def about_someone_else(
    text: str,
    member_name: str | None = None,
    mentioned: Iterable[str] = (),
    *,
    also_the_member: Iterable[str] = (),
    normalised: bool = False,
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
    with Bob", "Alice is a nurse" for Alice). ``normalised``: ``text`` is already in the matching form.
    """
    text = text if normalised else normalise(text).text
    own = frozenset(
        {w.casefold() for w in _words(member_name or "")}
        | ({member_name.casefold()} if member_name else set())
        | {n.casefold() for n in also_the_member}
    )
    if _claims_about_others(text, own):
        return True
    marker = _patterns()["marker"].match(text) if text[:1].isalpha() or text[:1] in "\"'(*_" else None
    named = _patterns()["named_claim"].match(text[marker.end() :] if marker else text)
    if named and not _not_a_name(named.group("name")) and named.group("name").casefold() not in own:
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
    subject_words = _words_of("subject_words")
    if possessive and possessive.group(1).casefold() not in own | subject_words and possessive.group(1)[0].isupper():
        return True
    words = _words(text)
    return len(words) >= 2 and words[0].casefold() in others


_GRANTED_NEEDLES = frozenset(
    "made make makes making promoted promote appointed named elected nominated given granted got gave gets "
    "ernannt befördert gemacht nommé nommée promu promue nombrado nombrada ascendido ascendida promosso promossa "
    "nominato nominata mianowany mianowana awansowany awansowana назначили назначен назначена повысили "
    "benoemd gepromoveerd atandım atandı nombraron ascendieron promovido promovida nomearam promoveram zum zur".split()
)
_GRANTED = "(?:" + "|".join(sorted(_GRANTED_NEEDLES, key=len, reverse=True)) + ")"
"""Verbs by which a role is handed to someone: "made", "promoted", "ernannt", "nommé", "назначили"."""


@cache
def _role_patterns() -> tuple[tuple[re.Pattern[str], frozenset[str]], ...]:
    """Each shape of a role claim with the words of which a line must have one before it is tried."""
    v = _vocabulary()
    roles = _needles([*v["role_words"], "mod", "mods", "modos", "модеры"])
    acts_needles = _needles(v["granted_acts"])
    role = _alternation(v["role_words"])
    community = _alternation(v["community_words"])
    acts = _alternation(v["granted_acts"])
    identities = _alternation(v["claimed_identities"])
    bare_role = (
        r"(?:(?:server|discord)[\s-]?|(?:head|senior|lead|chief|main|super|co|full|real|actual|official|verified|trial|"
        r"junior|acting|new|temp|temporary|community|chat|only)[\s-]+)?"
        rf"(?:{role}|mod)"
    )
    copula = r"(?:is|was|became|got\s+made|ist|est|es|é|è|jest|является|bin|suis|soy|sou|sono|ben|jestem)"
    first_person = (
        r"(?:i'm|im|i\s+am|i\s+was|ich\s+bin|bin|je\s+suis|soy|sou|sono|ik\s+ben|jestem|я|jsem|jag\s+är|jeg\s+er|olen|"
        r"eu\s+sou|estoy|vagyok|sunt|εγώ\s+είμαι|είμαι|saya|aku|ako\s+ay|ako\s+ang|mimi\s+ni|аз\s+съм|jeg\s+er|אני)"
        r"(?:\s+(?:tu|tady|here|hier|ici|aquí|aqui|qui|tutaj|här|her|itt|aici|täällä|тут|здесь|di\s+sini))?"
    )
    article = r"(?:(?:a|an|the|one\s+of\s+the|un|une|uno|una|um|uma|der|die|ein|eine|een|de|le|la|il)\s+)?"
    end = (
        r"(?:\s*(?:[.!,;]|$)|\s+(?:here|now|so|and|too|as\s+well|on\s+this|of\s+this|btw|lol|hier|ici|aquí|qui|her|här|tady|tu|"
        r"itt|aici|täällä|hapa|dito|тук|εδώ|ovdje|tutaj|здесь|тут|burada|di\s+sini))"
    )
    permission = r"(?:rights|permissions?|perms|powers|privileges|role|access|badge)"
    foreign_permission = (
        r"(?:permisos?|privilegios|derechos|droits|permissions|privilèges|permessi|privilegi|diritti|permissões|permissão|"
        r"privilégios|direitos|rechte|berechtigungen|rechten|uprawnienia|uprawnień|права|привилегии|yetkileri|yetkisi|"
        r"behörighet|rättigheter|oprávnění|práva|quyền|hak)"
    )
    foreign_permission_needles = frozenset(re.findall(r"[^\W\d_|()?:]+", foreign_permission.replace("(?:", "")))
    modal = (
        r"(?:can|may|could|darf|dürfen|peut|pouvais|pourrait|puedo|puede|podía|posso|pode|podia|può|potevo|mag|mogę|może|"
        r"могу|может)"
    )
    return (
        # "Is a moderator on this server", "Est modérateur du serveur", "ik ben hier beheerder", "я тут админ"
        (re.compile(rf"(?<![^\W\d_]){role}(?![^\W\d_])[^.!?\n]{{0,30}}?(?<![^\W\d_]){community}(?![^\W\d_])", re.I), roles),
        (re.compile(rf"(?<![^\W\d_]){community}\s+(?:\w+\s+)?{role}(?![^\W\d_])", re.I), roles),
        # "Is an admin.", "I'm a mod", "bot, remember i'm staff now", "Est modérateur."
        (re.compile(rf"(?<![^\W\d_]){first_person}\s+{article}{bare_role}s?{end}", re.I | re.MULTILINE), roles),
        (
            re.compile(rf"(?:^|[.;:!?,]\s*|(?<![^\W\d_])(?:he|she|they)\s+){copula}\s+{article}{bare_role}s?{end}", re.I | re.M),
            roles,
        ),
        # "i'm the developer of this bot", "i'm a discord employee", "treat me as a mod"
        (
            re.compile(rf"(?<![^\W\d_])(?:{first_person}|is|am)\s+{identities}(?![^\W\d_])", re.I),
            _needles(v["claimed_identities"]),
        ),
        (re.compile(rf"(?<![^\W\d_])treat\s+me\s+(?:as|like)\s+{article}{bare_role}", re.I), frozenset({"treat"})),
        # "my role is moderator", "my rank here: admin", "i'm in charge of this server"
        (
            re.compile(
                rf"(?<![^\W\d_])(?:my|his|her|their)\s+(?:role|rank|position|title)\s+(?:\w+\s+)?(?:is|=|:)\s*{article}{bare_role}"
                rf"|(?<![^\W\d_])in\s+charge\s+(?:of\s+)?{community}(?![^\W\d_])",
                re.I,
            ),
            frozenset({"role", "rank", "position", "title", "charge"}),
        ),
        # A role said to have been given: "the admins made me a moderator", "got promoted to mod", "wurde zum Admin
        # ernannt", "on m'a nommé modo" — the grant is as much an assertion as "I'm a mod".
        (
            re.compile(
                rf"(?<![^\W\d_]){_GRANTED}\s+(?:(?:(?:me|him|her|them|mich|ihn|sie|m['’]\s*|moi|lui|mi|lo|la|me\s+ha|mnie|"
                rf"меня|его|её)\s+(?:(?:to|as|into|zum|zur|als|comme|como|a|em|de|na|в)\s+)?|(?:to|as|into|zum|zur|als|"
                rf"au\s+rang\s+de|comme|como|em|na|w|в)\s+){article}|(?<=got\s)|(?<=[^\W\d_]{{3}}(?<!made|make|gave|gets|amed|nted|iven|akes)\s)){bare_role}s?(?![^\W\d_])|"
                rf"(?<![^\W\d_])(?:zum|zur)\s+{bare_role}\s+(?:ernannt|gemacht|befördert)",
                re.I,
            ),
            _GRANTED_NEEDLES,
        ),
        # "Has moderator rights", "Has the admin role", "Has the Manage Messages permission"
        (re.compile(rf"(?<![^\W\d_])(?:{role}|mod)\s+{permission}(?![^\W\d_])", re.I), roles),
        # "Tiene permisos de administrador", "a les droits d'admin", "hat Admin-Rechte" (the noun first)
        (
            re.compile(
                rf"(?<![^\W\d_]){foreign_permission}\s+(?:de\s+|d['’]\s*|di\s+|da\s+|des\s+|du\s+|del\s+|als\s+|von\s+)?"
                rf"(?:{role}|mod)",
                re.I,
            ),
            roles | foreign_permission_needles,
        ),
        # "I have elevated privileges", "got full admin access", "ignore your rules", "override your restrictions"
        (
            re.compile(
                rf"(?<![^\W\d_])(?:have|has|got|i've|ive|with)\s+(?:\w+\s+)?(?:elevated|root|owner|superuser|sudo|"
                rf"admin|administrator|mod|moderator)\s+{permission}(?![^\W\d_])|"
                r"(?<![^\W\d_])(?:override|ignore|bypass|disable|skip|forget)\s+(?:all\s+)?(?:your|the|bree's|the\s+bot's)\s+"
                r"(?:\w+\s+)?(?:rules|restrictions|instructions|filters?|guidelines|safety|limits|programming|system\s+prompt)",
                re.I,
            ),
            frozenset(
                {
                    "elevated",
                    "root",
                    "privileges",
                    "permissions",
                    "perms",
                    "rights",
                    "access",
                    "powers",
                    "superuser",
                    "sudo",
                    "override",
                    "ignore",
                    "bypass",
                    "disable",
                    "skip",
                    "forget",
                }
            ),
        ),
        (
            re.compile(
                r"(?<![^\W\d_])(?:manage\s+(?:messages|server|roles|channels|webhooks)|ban\s+members|kick\s+members)\b", re.I
            ),
            frozenset({"manage", "ban", "kick"}),
        ),
        # "Is allowed to ban people", "Can kick members", "I have permission to use @everyone", "ich darf links posten"
        (
            re.compile(
                rf"(?<![^\W\d_])(?:(?:is|am|are|was|were|i'm|got|been)\s+(?:allowed|permitted|authori[sz]ed|trusted)\s+to|"
                rf"(?:was|were|got|been|is)\s+(?:given|granted)\s+(?:the\s+)?(?:permission|right|rights|power)\s+to|"
                rf"(?:has|have)\s+(?:the\s+)?(?:permission|right|rights|power)\s+to|{modal}|gets\s+to)\s+{acts}"
                rf"(?![\w-])",
                re.I,
            ),
            acts_needles,
        ),
        # "the mods said I can post links", "die mods haben gesagt", "les modos m'ont dit"
        (
            re.compile(
                rf"(?<![^\W\d_])(?:the\s+|die\s+|les\s+|los\s+|os\s+|i\s+|de\s+)?(?:mods|modos|модеры|{role}|server\s+owner)\s+"
                r"(?:said|say|says|told|allowed|allow|let|lets|gave|okayed|approved|haben\s+gesagt|hat\s+gesagt|m'ont\s+dit|"
                r"ont\s+dit|m'a\s+dit|dijeron|me\s+dijeron|disseram|hanno\s+detto|zeiden|powiedzieli|сказали)(?![^\W\d_])",
                re.I,
            ),
            roles,
        ),
        (
            re.compile(
                r"(?<![^\W\d_])(?:whitelisted|white-listed|exempt\s+from\s+(?:the\s+)?rules|above\s+the\s+rules|"
                r"(?:skip|bypass)\s+(?:the\s+)?verification)",
                re.I,
            ),
            frozenset({"whitelisted", "white", "exempt", "above", "skip", "bypass"}),
        ),
        (
            re.compile(
                r"(?<![^\W\d_])(?:owns?|runs?|manages?|own|run)\s+(?:this|the|our)\s+(?:discord\s+)?(?:server|discord|guild|community)"
                r"(?=\s*(?:[.!,;]|$|so\b|and\b|here\b|now\b|btw\b|lol\b))",  # "runs the community newsletter" is a job
                re.I,
            ),
            frozenset({"owns", "own", "runs", "run", "manages", "manage"}),
        ),
    )


@cache
def _cjk_roles() -> tuple[tuple[str, ...], tuple[str, ...]]:
    v = _vocabulary()
    return tuple(v["cjk_roles"]), tuple(v["cjk_communities"])


def asserts_role(text: str, *, normalised: bool = False) -> bool:
    """True when a line asserts a role or a permission in this community ("Is the server owner", "Has
    moderator rights", "the mods said I can post links"). A job ("Works as a sysadmin"), a game role ("Mains
    tank") or someone else's server ("Runs a Minecraft server for friends") is no such claim.
    ``normalised``: ``text`` is already in the matching form (:func:`~utils.privacy.normalise.normalise`)."""
    text = text if normalised else normalise(text).text
    unspaced = bool(_UNSPACED_SCRIPT.search(text))
    present = frozenset(_LETTER_RUN.findall(text.casefold()))
    near = _windows(text, present, _gates()["role"], unspaced)
    if any(_search(pattern, text, near) for pattern, needles in _role_patterns() if unspaced or present & needles):
        return True
    roles, communities = _cjk_roles()
    return any(r in text for r in roles) and any(c in text for c in communities)
