"""Whom a line is about, read from its subject when the subject is a third person the line names by a noun.

:mod:`utils.privacy.others` reads relatives ("my brother got fired"), pronouns ("she said she's pregnant") and
reported speech. These shapes read the other third-party subjects, whatever the predicate's words:

* a given name ("Tom ist pleite", "Pablo debe mucho dinero"): a common given name (``given_names``) as the
  subject with a verb is someone else, unless the line only says how they are bound to the member ("Jo is my best
  friend") or what they play ("Mika plays support");
* a mention ("@kiwi_88 is failing all his classes", "<@123…> got fired"), read as a given name is;
* a given name's genitive without an apostrophe, as the Scandinavian languages, German and Dutch write it, before
  a relation ("Elins pappa sitter i fängelse", "Toms Bruder ist pleite");
* a person noun ("the streamer got a DUI", "Heard that the guild leader got banned"): ``person_nouns`` with an
  event of a life (``third_person.events``), as a pronoun would be read;
* any capitalised subject, listed or not ("Mike from the raid team is cheating on his gf", "la ex de Nacho tiene una
  orden de alejamiento"), with a word of a private life (``private_predicates``) a few words after it: whatever the
  name, a nickname or a name of another language is a person when such a thing is said of it; so is a group the member
  knows taken whole ("my whole team smokes weed", "у меня вся бригада бухает"), whose members are third parties too;
* something of theirs ("Sam's salary is 90k", "das Gehalt von Tom", "our tank's wife left him"): a possessive
  of a name or a person noun before a personal attribute (``personal_attributes``) or a relation.

The vocabulary is data (``data/others.json``); each shape is tried only when a word it needs is in the line.
"""

from __future__ import annotations

import re
from functools import cache

from utils.privacy._others_vocabulary import (
    LETTER_RUN,
    UNSPACED_SCRIPT,
    alternation,
    first_letters,
    needles,
    only_a_bond,
    relation_alternation,
    search,
    vocabulary,
)
from utils.privacy.member_reports import tells_of_a_thing

_CAPITAL = "A-ZÀ-ÖØ-ÞĀĂĄĆĈĊČĎĐĒĖĘĚĞĠĢĤĦĨĪĮİĶĹĻĽŁŃŅŇŌŐŒŔŖŘŚŜŞŠŢŤŦŨŪŬŮŰŲŴŶŸŹŻŽА-ЯЁ"
_NOT_PLAY = r"(?!plays?\b|played\b|mains?\b|streams?\b|spielt\b|joue\b|juega\b|joga\b|gioca\b|speelt\b|gra\b|играет\b)"
"""What a named friend plays is chat about play ("Mika plays support"), not a fact of their life."""
_HELP_WORDS = frozenset("help helps helping helped support supports supporting supported stands standing".split())
_ARABIC = re.compile("[\u0600-\u06ff]")
_THAI = re.compile("[\u0e00-\u0e7f]")
"""Thai is written without spaces between words too, so its third persons are read as the other such scripts'."""
_DEVANAGARI = re.compile("[\u0900-\u097f]")
_CAPITALISED = re.compile(rf"[{_CAPITAL}](?<![^\W\d_][{_CAPITAL}])[^\W\d_]*")
"""A capitalised word: its capital first, then no letter before it (``re`` skips in C to the capitals)."""
_LOOKBACK = 80
"""How far before a name its clause may start ("Told the bot that apparently ")."""
_POSSESSIVE = re.compile(r"(?<![^\W\d_])([^\W\d_]+)['’](?:s|nin|nın|nun|nün|in|ın|un|ün)?\s+([^\W\d_]+)")
_MENTION_SUBJECT = re.compile(r"(?<![\w@])(?:<@!?\d+>|@[^\W\d_][\w.-]*)")
"""A Discord mention or an ``@name``, which stands for a person as a given name does ("@kiwi_88 is failing")."""
_GENITIVE_GATE = re.compile(rf"[{_CAPITAL}][^\W\d_]+s\s")
_Y_BEFORE_SPACE = re.compile(r"[уyУY]\s")
"""Where Russian "у" may open a possession: found in C, then its place is read (the line's start, or right after a
space or a clause's punctuation), so a line with only words ending in "y" ("my", "day") is not searched."""
"""What a genitive without an apostrophe needs: a capitalised word ending in "s" before a space ("Elins pappa")."""
_OWNED_BY = re.compile(r"(?=[dvo])(?<![^\W\d_])(?:de|von|di|van|do|da|del|du|od)\s+[^\W\d_]", re.IGNORECASE)
_AFTER = 60
_PAST_TENSE = r"(?:[^\W\d_]{2,}(?:ou|eu|iu|ió)|bị|đã)"
"""A finite verb by its ending where a language marks the past on the verb ("bateu", "perdió"), or by the particle
that marks a passive or a past ("bị bắt", "đã")."""
_GENITIVE = r"['’](?:s|nin|nın|nun|nün|in|ın|un|ün)"
"""A possessive: English "'s", Turkish "'nin" ("Emre'nin abisi")."""
_DETERMINERS = r"(?:the|a|an|our|this|that|some|my|their|his|her|der|die|das|le|la|el|il|o|os|de|het)"


@cache
def _given_names() -> frozenset[str]:
    return frozenset(vocabulary()["given_names"]["names"].split())


@cache
def _patterns() -> dict[str, re.Pattern[str]]:
    v = vocabulary()
    names = alternation(_given_names())
    persons = alternation(v["person_nouns"])
    relation = alternation(v["relations"])
    attributes = alternation(v["personal_attributes"])
    events = alternation(v["third_person"]["events"])
    verbs = alternation(v["verbs_after_a_name"].split())
    reporting = alternation(v["reporting_verbs"])
    objects = alternation(v["report_objects"])
    links = alternation(v["clause_links"])
    marker = alternation(v["discourse_markers"])
    personal = alternation("my mein meine mon ma mi meu minha mio mia mijn mój moja мой моя".split())
    hardships = alternation(v["hardships"])
    adjectives = alternation(v["relation_adjectives"])
    start = (
        rf"(?:^|[.;:!?,—–]\s*|(?<![^\W\d_]){reporting}(?:\s+{objects})?(?:\s+{links})?\s+|(?<![^\W\d_]){links}\s+)"
        rf"\W*(?:(?:{marker}[\s,:]+){{1,2}}(?:(?:is|ist|har|hat|heeft|est|è|é|es)\s+)?)?"
    )
    person = rf"(?:{names}|(?:{_DETERMINERS}\s+)?(?:[^\W\d_]+\s+)?{persons})"
    arabic = [r for r in v["relations"] if "\u0600" <= r[:1] <= "\u06ff"]
    of_member, hindi = v["of_the_member"], v["hindi_claims"]
    return {
        # "سمعت إن أخو سامي انطرد" (heard that Sami's brother was expelled): a relation after "heard/said that"
        "arabic_report": re.compile(
            r"(?:سمعت|سمعنا|قال|قالت|قالوا|يقول|تقول|يقولون|بيقولوا)\s+(?:إن|ان|أن|انه|إنه|انها|إنها)?\s*"
            + alternation([*arabic, "أخو", "أخت", "ابن", "بنت", "زوج", "زوجة", "أبو", "أم"])
            + r"\s+\S"
        ),
        # "田中さんの奥さん、借金あるらしい": a relation of someone named with an honorific
        "honorific_relation": re.compile(
            "(?:さん|くん|君|ちゃん|様|氏|先輩|先生)の" + alternation([*v["cjk_relations"], *v["cjk_polite_relations"]])
        ),
        # "Is helping their friend through a divorce": what a relative goes through, told by the one who helps
        "helps_through": re.compile(
            rf"(?<![^\W\d_])(?:help|helps|helping|helped|support|supports|supporting|supported|stands\s+by|standing\s+by)\s+"
            rf"(?:{personal}|their|his|her|our|a)\s+(?:{adjectives}[\s-]+){{0,2}}{relation}\s+(?:through|with|during)\s+"
            rf"(?:(?:a|an|the|their|his|her)\s+)?(?:[^\W\d_]+\s+)?{hardships}(?![^\W\d_])",
            re.IGNORECASE,
        ),
        "before_a_subject": re.compile(
            rf"{start}(?:(?:(?-i:a|o|la|il|el|der|die|de|si)|thằng|anh|chị|em|cô)\s+)?$", re.IGNORECASE
        ),
        # "Lucía se va a divorciar", "Jonas hat ...": a verb, or a reflexive pronoun that only stands before one
        "after_a_subject": re.compile(
            rf"\s+(?:{alternation(v['adverbs_after_a_subject'])}\s+)?{_NOT_PLAY}(?:(?:{verbs}|{events}|{_PAST_TENSE})(?![^\W\d_])|(?:se|si|sich|s['’]|zich|się|sig)\s+[^\W\d_]"
            # "Kasia rozwodzi się z mężem", "Tom schämt sich": a word a reflexive pronoun follows is a verb
            rf"|[^\W\d_]{{3,}}\s+(?:się|sich|sig|zich|se|si)(?![^\W\d_]))(?P<rest>.*)",
            re.IGNORECASE,
        ),
        # "Elins pappa sitter i fängelse", "Toms Bruder ist pleite": a name's genitive without an apostrophe, as the
        # Scandinavian languages, German and Dutch write it, before a relation and more
        "genitive_relation": re.compile(rf"\s+(?:{adjectives}[\s-]+){{0,2}}{relation}(?:\s+[^\W\d_]|\W*$)", re.IGNORECASE),
        # "Сказал, что у Димы долги", "у брата рак": what someone else has, said with "у" and their name or relation
        "russian_possession": re.compile(
            rf"(?:^|[.;:!?,—–]\s*|(?<![^\W\d_])что\s+)[уy]\s+(?:(?-i:[А-ЯЁ])[а-яё]+|{relation})\s+[а-яё]{{3,}}",
            re.IGNORECASE,
        ),
        "bare_relation": re.compile(
            rf"^\s+(?:(?:{personal}|one\s+of\s+my)\s+(?:{adjectives}[\s-]+){{0,2}}{relation}s?|(?:called|named)\s+\S+)"
            # then the end, or what "we" do together ("Jonas ist mein Bruder, wir zocken zusammen")
            rf"(?:\W*$|\s*(?:[,;]\s*|\s(?:and|und|et|y|e|en|i|и)\s+)(?:we|wir|nous|on|nosotros|noi|nós|wij|vi|my|мы)\s)",
            re.IGNORECASE,
        ),
        # "Der Chef des Nutzers trinkt …": a relation whose owner, named after it, is the member
        "of_the_member": re.compile(
            rf"(?<![^\W\d_])(?:{adjectives}[\s-]+){{0,2}}(?:{relation}|{alternation(of_member['construct_relations'])})\s+"
            rf"(?:{alternation(of_member['phrases'])})(?:\s+|[,:]\s*)[^\W\d_]",
            re.IGNORECASE,
        ),
        # "अमित की बहन का तलाक …": a relation after an owner's genitive; "रोहित ने मान लिया कि …": said or admitted by
        # someone else (the member's "मैंने" is one word)
        "hindi_genitive": re.compile(
            rf"(?<!\S)\S+\s+{alternation(hindi['genitives'])}\s+{alternation(hindi['relations'])}(?!\S)"
            r"(?!\s+(?:हूँ|हूं|है|हैं|था|थी)\W*$)\s+\S"  # "राहुल का दोस्त हूँ" (I am Rahul's friend) is a bond
        ),
        "hindi_report": re.compile(
            rf"(?:(?<!\S)\S+\s+ने|{alternation(hindi['agents'])})\s+(?:\S+\s+){{0,3}}?{alternation(hindi['reporting'])}\s+कि(?!\S)"
            # a model's subject-less line, "बताया कि उसका रूममेट …" (told that his roommate …): the clause opens on a
            # person of a third person's
            rf"|^\W*{alternation(hindi['reporting'])}(?:\s+(?:है|हैं|था|थी|थे))?\s+कि\s+{alternation(hindi['third_possessives'])}\s+"
            rf"(?:\S+\s+)?{alternation(hindi['relations'])}(?!\S)"
        ),
        "person": re.compile(rf"{first_letters(v['person_nouns'])}(?<![^\W\d_]){persons}(?![^\W\d_])", re.IGNORECASE),
        "before_a_person": re.compile(rf"{start}{_DETERMINERS}\s+(?:[^\W\d_]+\s+)?$", re.IGNORECASE),
        "event_after": re.compile(rf"\s+(?:[^\W\d_]+\s+){{0,3}}?{events}(?![^\W\d_])", re.IGNORECASE),
        "attribute": re.compile(
            rf"(?<![^\W\d_]){person}['’]s?\s+{attributes}\s+(?:{verbs})(?![^\W\d_])"
            # "Is worried about their brother's drinking": a relative's attribute
            rf"|(?<![^\W\d_])(?:{personal}|their|his|her|our)\s+(?:{adjectives}[\s-]+){{0,2}}{relation}{_GENITIVE}\s+{attributes}(?![^\W\d_])"
            rf"|(?:(?<![^\W\d_]){person}|(?<![^\W\d_]){_DETERMINERS}\s+[^\W\d_]+|@[^\W\d_][\w.-]*){_GENITIVE}\s+"
            rf"(?:{adjectives}[\s-]+){{0,2}}{relation}(?:\s+[^\W\d_]|$)"
            rf"|(?<![^\W\d_]){attributes}\s+(?:de|von|di|van|do|da|del|du|od)\s+{names}(?![^\W\d_])"
            # "Worried about grandma's cancer", "Partner's visa was rejected": a relation's hardship or attribute (a
            # game's boss or a team's mate has a health bar, not a life)
            rf"|(?<![^\W\d_])(?!(?:boss|duo|teammate|mate|chef|capo|patron|manager)['’])(?:{adjectives}[\s-]+){{0,2}}"
            rf"{relation}{_GENITIVE}\s+(?:{attributes}|{hardships})(?![^\W\d_])",
            re.IGNORECASE,
        ),
    }


@cache
def _private() -> tuple[re.Pattern[str], re.Pattern[str], re.Pattern[str], frozenset[str]]:
    """A private life's words (whole words and stems), the subject a few words before one (a capitalised word, or a
    relation after a possessive), and the capitalised words that are no name (pronouns of the first person,
    auxiliaries, discourse words, games and companies)."""
    v = vocabulary()["private_predicates"]
    predicate = re.compile(rf"(?<![^\W\d_])(?:{alternation(v['words'])}(?![^\W\d_])|{alternation(v['stems'])})", re.IGNORECASE)
    relation = relation_alternation()
    # the subject: a capitalised word, or its genitive's relation ("Jonas' Schwester"), maybe with where it is from
    # ("Mike from the raid team"), then up to three words of the same clause before the predicate
    subject = re.compile(
        rf"(?-i:[{_CAPITAL}])[^\W\d_]+(?:['’]s?\s+(?:[^\W\d_]+\s+)?{relation})?"
        rf"(?:\s+(?:from|of|aus|von|de|del|di|z|из|från)\s+(?:the\s+|der\s+|dem\s+|la\s+|el\s+)?[^\W\d_]+(?:\s+[^\W\d_]+)?)?"
        rf"(?:\s+[^\W\d_]+){{0,3}}?\s+$",
        re.IGNORECASE,
    )
    possessed = re.compile(
        rf"(?<![^\W\d_]){alternation(v['possessives'].split())}\s+(?:[^\W\d_]+\s+)?{relation}(?:\s+[^\W\d_]+){{0,3}}?\s+$",
        re.IGNORECASE,
    )
    groups = v["groups"]
    # "my whole team smokes weed", "toda la familia de mi novio es alcohólica", "у меня вся бригада бухает": a group
    # the member knows, whole, is as much a third party as one of its members
    grouped = re.compile(
        rf"(?<![^\W\d_])(?:(?:{alternation(groups['whole'])})\s*(?:[^\W\d_]+\s+)?{alternation(groups['nouns'])}[^\W\d_]{{0,2}}"
        rf"|{alternation(groups['nouns'])}[^\W\d_]{{0,2}}\s+{alternation(groups['after'])}(?![^\W\d_]))(?:\s+[^\W\d_]+){{0,4}}?\s+$",
        re.IGNORECASE,
    )
    not_a_name = frozenset(v["not_a_name"].split()) | frozenset(vocabulary()["not_people"].split())
    return predicate, subject, re.compile(f"{possessed.pattern}|{grouped.pattern}", re.IGNORECASE), not_a_name


@cache
def _private_gate() -> tuple[frozenset[str], re.Pattern[str] | None, frozenset[str]]:
    """What a line must hold for a private life's word to be in it (one word of each phrase, or a stem's start), and
    the words that set a line inside a game, where it is a character's. A word starts with a stem where " stem"
    stands in the line's words joined by spaces: one search in C, not a loop over the words."""
    v = vocabulary()["private_predicates"]
    stems = sorted({stem.casefold() for stem in v["stems"]}, key=len, reverse=True)
    starts = re.compile(" (?:" + "|".join(map(re.escape, stems)) + ")") if stems else None
    return needles(v["words"]), starts, frozenset(v["in_a_game"].split())


def _private_claim(text: str, own: frozenset[str]) -> bool:
    """Whether a private life's word follows a capitalised subject that is not the member, in the same clause and
    a few words after it. Read only where such a word is: most lines have none."""
    predicate, subject, possessed, not_a_name = _private()
    for found in predicate.finditer(text):
        clause = re.split(r"[.;:!?,()\n…—–]", text[max(0, found.start() - _LOOKBACK) : found.start()])[-1]
        if possessed.search(clause):
            return True
        for word in _CAPITALISED.finditer(clause):
            name = word.group().casefold()
            if name in not_a_name or name in own or len(name) < 2:
                continue
            before = clause[: word.start()]
            if re.search(r"(?<![^\W\d_])(?:my|mein|meine|mon|ma|mi|meu|minha|mio|mia|mijn|mój|moja)\s+$", before, re.I):
                continue  # the member's own character or pet ("my Sim is pregnant")
            if subject.match(clause, word.start()):
                return True
    return False


@cache
def _unspaced_third_person() -> re.Pattern[str]:
    """A third person's pronoun opening a clause, then a word of what is said of a person in the same sentence."""
    v = vocabulary()["unspaced_third_person"]
    words = [*v["claim_words"], *vocabulary()["cjk_claim_verbs"]]
    return re.compile(
        rf"(?:^|[\s,.!?，。！？、،؛])(?:{alternation(v['pronouns'])})(?:[^。！？.!?\n]{{0,24}}?)(?:{alternation(words)})"
    )


@cache
def _gates() -> dict[str, frozenset[str]]:
    v = vocabulary()
    return {
        "given_name": _given_names(),
        "person_event": needles(v["person_nouns"]),
        "attribute": needles([*v["personal_attributes"], *v["relations"]]),
        "of_the_member": needles(v["of_the_member"]["phrases"]),
    }


@cache
def _after_a_possessive() -> frozenset[str]:
    """First words of what a possessive may own that is a claim: an attribute, a relation or a hardship ("Sam's
    salary", "grandma's cancer")."""
    v = vocabulary()
    phrases = [*v["personal_attributes"], *v["relations"], *v["relation_adjectives"], *v["hardships"]]
    return frozenset(LETTER_RUN.findall(p.casefold())[0] for p in phrases if LETTER_RUN.findall(p.casefold()))


def _possessive_matches(text: str) -> list[re.Match[str]]:
    """What ``_POSSESSIVE.finditer(text)`` finds, tried only at the runs of letters an apostrophe follows: a match
    starts on one (a letter run, then the apostrophe), and ``re`` would try the lookbehind at every character."""
    starts: set[int] = set()
    for apostrophe in "'’":
        at = text.find(apostrophe)
        while at != -1:
            start = at
            while start > 0 and text[start - 1].isalnum() and not text[start - 1].isdecimal():  # [^\W\d_]
                start -= 1
            if start < at:
                starts.add(start)
            at = text.find(apostrophe, at + 1)
    found: list[re.Match[str]] = []
    taken_to = 0
    for start in sorted(starts):
        if start < taken_to:
            continue
        match = _POSSESSIVE.match(text, start)
        if match is not None:
            found.append(match)
            taken_to = max(match.end(), start + 1)
    return found


def _possessives(text: str, present: frozenset[str]) -> list[tuple[int, int]]:
    """Where a possessive stands before an attribute or a relation ("Sam's salary", "das Gehalt von Tom"): only
    there is the attribute shape tried."""
    spans = [
        (match.start(), match.end() + _AFTER)
        for match in _possessive_matches(text)
        if match.group(2).casefold() in _after_a_possessive()
    ]
    if present & _given_names():
        spans += [(match.start(), match.end() + _AFTER) for match in _OWNED_BY.finditer(text)]
    return spans


def _subject_at(text: str, subject: re.Match[str]) -> bool:
    """Whether the name or mention ``subject`` opens a clause and a verb of theirs follows, more than a bond to the
    member ("Jo is my best friend")."""
    patterns = _patterns()
    after = patterns["after_a_subject"].match(text, subject.end())
    before = text[max(0, subject.start() - _LOOKBACK) : subject.start()]
    if after is None or patterns["bare_relation"].match(after.group("rest")) or only_a_bond(text, subject.end()):
        return False  # "@Ren is my IRL friend from school": a bond and where it is from
    return patterns["before_a_subject"].search(before) is not None


def _may_open_a_possession(text: str) -> bool:
    """Whether an "у" stands where the possession may start: at the line's start, or after a space or a clause's
    punctuation (all the characters that may stand before it in the possession's regex)."""
    return any(
        found.start() == 0 or text[found.start() - 1].isspace() or text[found.start() - 1] in ".;:!?,—–"
        for found in _Y_BEFORE_SPACE.finditer(text)
    )


def claim_by_subject(text: str, own: frozenset[str], present: frozenset[str] | None = None) -> bool:
    """True when a line's subject is a third person named by a given name or a person noun, with something about
    them ("Tom ist pleite", "the streamer got a DUI", "Sam's salary is 90k"). ``own``: names that mean the member;
    ``present``: the line's runs of letters, case-folded, when the caller has read them."""
    present = frozenset(LETTER_RUN.findall(text.casefold())) if present is None else present
    patterns, gates = _patterns(), _gates()
    if "@" in text and any(_subject_at(text, mention) for mention in _MENTION_SUBJECT.finditer(text)):
        return True
    # the matching form writes a lone "у" as its look-alike "y"
    if ("у " in text or "y " in text) and _may_open_a_possession(text) and patterns["russian_possession"].search(text):
        return True
    genitives = (
        {word for word in present if word[-1:] == "s" and word[:-1] in gates["given_name"] and word[:-1] not in own}
        if _GENITIVE_GATE.search(text)
        else set()
    )
    if present & gates["given_name"] or genitives:
        for word in _CAPITALISED.finditer(text):
            name = word.group().casefold()
            before = text[max(0, word.start() - _LOOKBACK) : word.start()]
            genitive = name in genitives and patterns["genitive_relation"].match(text, word.end()) is not None
            if genitive and patterns["before_a_subject"].search(before):
                return True
            if name in _given_names() and name not in own and _subject_at(text, word) and not tells_of_a_thing(text, word.end()):
                return True  # not "Jo said the new patch drops on Tuesday"
    words, stems, in_a_game = _private_gate()
    private = present & words or (stems is not None and stems.search(" " + " ".join(present)) is not None)
    if private and not present & in_a_game and _private_claim(text, own):
        return True
    if present & _HELP_WORDS and patterns["helps_through"].search(text):
        return True
    if "の" in text and patterns["honorific_relation"].search(text):
        return True
    if not present.isdisjoint(gates["of_the_member"]) and patterns["of_the_member"].search(text):
        return True  # "Der Chef des Nutzers trinkt …", "صديق المستخدم مدمن قمار"
    if (_ARABIC.search(text) or UNSPACED_SCRIPT.search(text) or _THAI.search(text)) and _unspaced_third_person().search(text):
        return True  # "他被公司开除了", "걔 빚이 엄청 많대", "هو مسجون من سنة", "หัวหน้าฉันโดนจับ"
    if _DEVANAGARI.search(text) and (patterns["hindi_genitive"].search(text) or patterns["hindi_report"].search(text)):
        return True
    if _ARABIC.search(text) and patterns["arabic_report"].search(text):
        return True
    if present & gates["person_event"]:
        for person in patterns["person"].finditer(text):
            before = text[max(0, person.start() - _LOOKBACK) : person.start()]
            if patterns["event_after"].match(text, person.end()) and patterns["before_a_person"].search(before):
                return True
    return bool(present & gates["attribute"]) and any(
        search(patterns["attribute"], text, [(max(0, start - _LOOKBACK), end)]) for start, end in _possessives(text, present)
    )
