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
from utils.memory.replacements import vetted_replacements
from utils.memory.words import content_words, family, words
from utils.privacy.others import about_someone_else, mentioned_names, names_of_the_member
from utils.privacy.screen import PLACEHOLDER
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
    stripped = PLACEHOLDER.sub(" ", text).strip()  # what the screen took out says nothing ("[redacted:credential]")
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
# Whom a line is about is decided in one place, with the privacy screen: see utils.privacy.others.


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
    turns (a memory copied from them is the bot's voice). A memory's `replaces` stands only under the rules of
    `utils.memory.replacements` (same slot, or same subject and a change the member said).
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

    memories = vetted_replacements([m for m in (_cleaned(m) for m in result.memories) if kept(m.memory)], shown, member_texts)
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
