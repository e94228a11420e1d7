"""What the extractor proposes that is kept: rules in code, because small models ignore the prompt's.

Seen with SmolLM2-135M and Gemma 3 270M: memories such as ``"1d"``, ``"]["``, ``"null"``,
``"{{message}}"`` or the prompt's own example; a `forget` nobody asked for, or of more than
was asked (a memory deleted); a claim about another member stored under the speaker. Each rule here is a
plain function tested with a table; :func:`vet` applies them all to one answer.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from functools import cache

from utils.memory.extraction import ExtractedMemory, ExtractionResult
from utils.memory.forget_requests import asks_to_forget, request_sentences, without_idioms
from utils.memory.junk import clean, junk_reason, sentences
from utils.memory.ranking import GENERIC_TOPICS, Query
from utils.memory.words import content_words, family, words
from utils.prompts import load_prompt
from utils.storage.records import MemoryRecord

MIN_WORDS = 2
"""A memory says something about someone: "Likes tea", "Mag Katzen". One word ("Vegetarian") is a tag, not a fact."""
MIN_LETTERS_UNSPACED = 3
"""Scripts written without spaces (Chinese, Japanese, Thai) count letters instead: "猫が好き" has four."""
MIN_LETTER_SHARE = 0.5
"""Most of what is not a space must be letters: "Rank 500 in GTA" passes, "1.0 / 2.0 ][" does not."""

_PLACEHOLDER = re.compile(
    r"\{\{.*?\}\}|\{\s*\w*\s*\}|<\s*[a-z_]+\s*>|\$\{?\w+\}?|%[sd]\b|\[(?:memory|text|name|fact|placeholder)\]", re.I
)
_SPEAKER_LABEL = re.compile(r"^\s*(?:bot|user|assistant|system|model|ai|member)\s*:", re.I)
_EMPTY_WORDS = frozenset(
    "null none nil undefined nan true false n/a na empty nothing unknown placeholder example string memory text "
    "todo tbd lorem ipsum profile update forget memories topics importance expiration key no yes ok".split()
)
"""Whole answers made only of these are a model saying nothing (or naming the schema's fields)."""
_EMPTY_PHRASES = frozenset(
    {
        "nothing yet",
        "no profile yet",
        "no profile",
        "no memories",
        "no memory",
        "nothing new",
        "nothing to remember",
        "no new facts",
        "not applicable",
        "nothing worth keeping",
        "no update",
        "none yet",
        "not sure",
    }
)
"""Fillers from the request itself ("(nothing yet)", "(no profile yet)") and their kin."""
_SENTENCE_END = re.compile(r"(?<=[.!?。！？])\s+")
_UNSPACED_LETTER = re.compile(
    "[\u0e00-\u0eff\u0f00-\u0fff\u1000-\u109f\u1780-\u17ff\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff"
    "\uac00-\ud7af\uf900-\ufaff\U00020000-\U0002fa1f]"
)
"""Thai, Lao, Tibetan, Myanmar, Khmer, kana, CJK ideographs, Hangul: scripts written without spaces between words."""


def _words(text: str) -> list[str]:
    """Runs of letters (any script; apostrophes and hyphens inside a word are part of it)."""
    return re.findall(r"[^\W\d_]+(?:['’-][^\W\d_]+)*", text)


@cache
def _prompt_words() -> str:
    """The prompts the extractor sees, as one lower-case run of words: a memory found in it is an echo."""
    text = " ".join(load_prompt(name) for name in ("memory_extraction", "memory_extraction_request", "memory_block"))
    return " " + " ".join(w.casefold() for w in _words(text)) + " "


def says_something(text: str) -> bool:
    """True when ``text`` can be a fact about a member: words made of letters, not a placeholder.

    Refused: bare numbers, punctuation, emoji, durations ("1d"), JSON debris ("]["),
    schema words ("null", "memory"), template placeholders ("{{message}}", "<name>"),
    speaker labels ("User: ..."), the request's fillers ("(nothing yet)"), single words.
    """
    stripped = text.strip()
    if not stripped or _PLACEHOLDER.search(stripped) or _SPEAKER_LABEL.match(stripped) or stripped.startswith("==="):
        return False
    words = _words(stripped)
    folded = [w.casefold() for w in words]
    if not folded or all(w in _EMPTY_WORDS for w in folded) or " ".join(folded) in _EMPTY_PHRASES:
        return False
    visible = [ch for ch in stripped if not ch.isspace()]
    letters = sum(ch.isalpha() for ch in visible)
    if letters < MIN_LETTER_SHARE * len(visible):
        return False
    if len(_UNSPACED_LETTER.findall(stripped)) >= MIN_LETTERS_UNSPACED:
        return True
    return len([w for w in words if len(w) >= 2]) >= MIN_WORDS


def echoes_prompt(text: str, member_texts: Iterable[str]) -> bool:
    """True when ``text`` is copied from the extractor's prompt (its example, its instructions) and the
    member said nothing like it: "Is grinding GTA to reach rank 500." is an echo unless they talk about GTA."""
    folded = [w.casefold() for w in _words(text)]
    if len(folded) < 3 or f" {' '.join(folded)} " not in _prompt_words():
        return False
    said = {w.casefold() for t in member_texts for w in _words(t)}
    content = [w for w in folded if len(w) >= 3]
    return sum(w in said for w in content) * 2 < len(content)


# --------------------------------------------------------------------------- someone else's facts
_MENTION = re.compile(r"<@[!&]?\d+>|@(?:everyone|here)\b")
_AT_NAME = re.compile(r"(?<![\w.])@([^\W\d_][\w.-]*)")
_POSSESSIVE_START = re.compile(r"^\W*([^\W\d_][\w.-]*)['’](?:s\b|(?=\s))")
"""A possessive ("Bob's", "James' car"); "Can't" and "Don't" are not one."""
_SUBJECT_WORDS = frozenset(
    # pronouns and determiners a memory about the member may start with
    "he she they it his her their hers theirs this that these those the a an user member i my me we our "
    "er sie es sein ihr der die das il elle ils elles son sa ses le la les él ella ellos su el ele ela seu sua "
    "lui lei suo sua о он она они его её их "
    # kin and pets: a fact of the member's own life, not a named third party
    "mom mum dad mother father sister brother wife husband partner girlfriend boyfriend son daughter kids "
    "cat dog family "
    # adverbs a memory may start with ("Just had a baby")
    "just recently currently often usually always never still also now finally really soon mostly mainly sometimes "
    "occasionally rarely barely hardly probably definitely apparently seriously totally absolutely generally typically "
    "frequently constantly regularly normally actually literally basically already once again even only lately newly "
    "quite very meistens oft immer gerade souvent toujours siempre sempre ya también todavía déjà schon già".split()
)
_VERBS_AFTER_A_NAME = frozenset(
    # a capitalised first word followed by one of these is the sentence's subject, not a verb of the member
    "is was has had lives lived works worked said says likes loves hates wants owns plays thinks told lied stole "
    "cheated isn't wasn't doesn't didn't does did will can cannot can't "
    "ist war hat wohnt arbeitet mag liebt heißt sagt "
    "est habite travaille aime s'appelle "
    "es tiene vive trabaja ama "
    "é tem mora trabalha "
    "è ha abita lavora "
    "живёт живет работает любит это был была зовут "
    "woont werkt heeft "
    "jest ma mieszka pracuje".split()
)


def mentioned_names(texts: Iterable[str]) -> set[str]:
    """Names the member mentioned (``@bob`` as Discord's clean text writes a mention), case-folded."""
    return {m.casefold() for text in texts for m in _AT_NAME.findall(text)}


_SELF_INTRODUCTION = re.compile(
    r"\b(?:my name is|my name's|i'm called|i am called|call me|ich heiße|ich heisse|mein name ist|je m['’]appelle|"
    r"me llamo|mi nombre es|mi chiamo|meu nome é|eu me chamo|меня зовут|mijn naam is|ik heet|nazywam się|mam na imię)"
    r"\s+([^\W\d_][\w'-]*)",
    re.IGNORECASE,
)


def names_of_the_member(member_texts: Iterable[str], profile: str = "") -> set[str]:
    """Other names that mean the member: one they gave ("my name is Alicia", "me llamo Alicia") and the
    subjects of their current profile ("Alicia is a nurse."), which was vetted when it was written."""
    names = {m.casefold() for text in member_texts for m in _SELF_INTRODUCTION.findall(text)}
    for sentence in _SENTENCE_END.split(profile):
        words = _words(sentence)
        if len(words) >= 2 and words[0][0].isupper() and words[1].casefold() in _VERBS_AFTER_A_NAME:
            names.add(words[0].casefold())
        possessive = _POSSESSIVE_START.match(sentence)
        if possessive:
            names.add(possessive.group(1).casefold())
    return names - _SUBJECT_WORDS


def about_someone_else(
    text: str, member_name: str, mentioned: Iterable[str] = (), *, also_the_member: Iterable[str] = ()
) -> bool:
    """True when a proposed memory is a claim about another person rather than about the member.

    Refused: any Discord mention; a possessive first word that is not the member's
    name ("Bob's real name is ..."); a capitalised first word followed by a verb
    ("Bob lives at ...", "Боб живёт ..."); any ``@name`` or possessive of a name the
    member mentioned. Kept: facts of the member that name people ("Has a sister
    named Ana", "Plays Valorant with Bob", "Alice is a nurse").
    """
    if _MENTION.search(text):
        return True
    own = {w.casefold() for w in _words(member_name)} | {member_name.casefold()} | set(also_the_member)
    others = {name for name in mentioned if name not in own}
    if any(name not in own for name in mentioned_names([text])):
        return True
    lowered = text.casefold()
    if any(re.search(rf"(?<!\w){re.escape(name)}['’]s?(?!\w)", lowered) for name in others):
        return True
    possessive = _POSSESSIVE_START.match(text)
    if possessive and possessive.group(1).casefold() not in own | _SUBJECT_WORDS and possessive.group(1)[0].isupper():
        return True
    words = _words(text)
    if len(words) < 2:
        return False
    first, second = words[0], words[1].casefold()
    lead = first.casefold()
    if lead in own or lead in _SUBJECT_WORDS or lead in _VERBS_AFTER_A_NAME or not first[0].isupper():
        return False
    return second in _VERBS_AFTER_A_NAME or lead in others


# --------------------------------------------------------------------------- asked to forget
_REQUEST_PARTS = re.compile(
    r"\s*(?:[,;.!?、，。！？\n]|\b(?:and|also|plus|und|sowie|et|y|e|ed|и|en|ve|oraz)\b)\s*", re.IGNORECASE
)
"""Where one request names several things: "forget that I play GTA and that I'm learning Japanese"."""


def _parts(texts: Iterable[str]) -> list[Query]:
    """Each thing a request names, as the words that say it (the verbs and fillers of asking left out)."""
    queries = (Query.forget_request(part) for text in texts for part in _REQUEST_PARTS.split(text))
    return [query for query in queries if query.vocabulary]


def _named(memory: MemoryRecord, part: Query) -> bool:
    """More than half of what the part says is in the memory (a word or its family), or it names a topic of it.

    "play GTA" names "Plays GTA Online with friends."; "play Minecraft" does not, though
    both say "play": half a request is another thing.
    """
    own = content_words(memory.memory)
    families = {family(w) for w in own}
    covered = sum(1 for w in part.vocabulary if w in own or family(w) in families)
    if covered * 2 > len(part.vocabulary):
        return True
    return any(topic not in GENERIC_TOPICS and part.has_phrase(words(topic)) for topic in memory.topics)


def forgets_asked_for(numbers: Sequence[int], member_texts: Sequence[str], shown: Sequence[MemoryRecord]) -> list[int]:
    """The model's `forget` numbers that the member's own words asked for.

    None at all without a request (an idiom is none: `utils.memory.forget_requests`). With
    the memories the model was shown (numbered from 1), only those the request names
    (`_named`); a bare "forget that" names what the member said around it in these turns.
    A model that answers "forget that I play GTA" with every number it was shown deletes
    the GTA memory and nothing else.
    """
    if not numbers or not shown or not asks_to_forget(member_texts):
        return []
    parts = _parts(request_sentences(member_texts)) or _parts(without_idioms(text) for text in member_texts)
    return [n for n in numbers if 1 <= n <= len(shown) and any(_named(shown[n - 1], part) for part in parts)]


# --------------------------------------------------------------------------- one answer
def vet(
    result: ExtractionResult,
    *,
    member_name: str,
    member_texts: Sequence[str],
    profile: str = "",
    shown: Sequence[MemoryRecord] = (),
    bot_texts: Sequence[str] = (),
) -> ExtractionResult:
    """The extractor's answer with what may not be kept taken out.

    Texts are first :func:`~utils.memory.junk.clean`-ed (HTML entities unescaped,
    template tokens removed); memories must then not be junk (:mod:`utils.memory.junk`),
    say something and be about the member; a profile keeps only its sentences about
    the member that are not junk (none left: no update, so junk never replaces a real
    profile); `forget` stands only when the member's own words (``member_texts``, their
    turns in this extraction) asked for it, and only for the ``shown`` memories (numbered
    from 1, as the model saw them) the request names. ``profile`` is the member's current
    one (names it gives the member are theirs); ``bot_texts`` the bot's replies in the same
    turns (a memory copied from them is the bot's voice).
    """
    mentioned = mentioned_names(member_texts)
    also = names_of_the_member(member_texts, profile) - mentioned
    known = [*member_texts, profile]  # the bot repeating a fact of the profile does not make the fact its own

    def kept(text: str) -> bool:
        return (
            junk_reason(text, bot_texts=bot_texts, member_texts=known) is None
            and says_something(text)
            and not echoes_prompt(text, member_texts)
            and not about_someone_else(text, member_name, mentioned, also_the_member=also)
        )

    memories = [m for m in (_cleaned(m) for m in result.memories) if kept(m.memory)]
    update = result.profile_update
    if update is not None:
        parts = sentences(clean(update))
        joined = " ".join(
            s
            for s in parts
            if junk_reason(s, bot_texts=bot_texts, member_texts=known) is None
            and not about_someone_else(s, member_name, mentioned, also_the_member=also)
        )
        update = joined if says_something(joined) and not echoes_prompt(joined, member_texts) else None
    forget = forgets_asked_for(result.forget, member_texts, shown)
    return result.model_copy(update={"memories": memories, "profile_update": update, "forget": forget})


def _cleaned(memory: ExtractedMemory) -> ExtractedMemory:
    topics = [t for t in (clean(t).casefold() for t in memory.topics) if any(ch.isalnum() for ch in t)]
    return memory.model_copy(update={"memory": clean(memory.memory), "topics": list(dict.fromkeys(topics))})
