"""Which of a member's memories matter for the message at hand.

No fixed keyword list: the new message and the channel name are matched against the
member's *own* topic tags and memory texts. Text is folded (case, punctuation,
apostrophes, accents kept as letters), words are lightly stemmed ("dogs" → "dog",
"grinding" → "grind") and multi-word topics ("elden ring", "baldur's gate") match as
phrases. Ranking is match strength, then importance, then recency.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from breehavior.storage.records import IMPORTANCE_RANK, MemoryRecord

_WORD = re.compile(r"[^\W_]+(?:['’][^\W_]+)*", re.UNICODE)
_STOPWORDS = frozenset(
    """a about after again all also am an and any are as at be been being but by can could did do does doing
    done for from get got had has have having he her here hers him his how i if in into is it its just know
    like me more most my no not now of off on once only or other our out over own really so some still such
    than that the their them then there these they this those to too up us very was way we were what when
    where which while who why will with would yeah yes you your yours im ive dont cant thats whats hey hi
    hello lol ok okay please thanks thank tell remember something anything one""".split()
)
GENERIC_TOPICS = frozenset({"general", "personal", "misc", "other", "chat", "mood", "life"})
"""Broad tags that say what kind of memory it is, not what it is about: they never make a memory relevant."""
GENERIC_CHANNELS = frozenset({"general", "chat", "off-topic", "offtopic", "random", "lounge", "memes", "bot", "bots"})
TOPIC_PHRASE_WEIGHT = 3.0
TEXT_WORD_WEIGHT = 1.0


@lru_cache(maxsize=50_000)
def stem(word: str) -> str:
    """A deliberately small English stemmer: plurals, -ing, -ed, a final -e; enough for chat words.

    "games", "gaming" and "game" all become "gam": what matters is that inflections of
    one word meet, not that the stem is a word.
    """
    if len(word) <= 3 or not word.isalpha():
        return word
    for suffix, replacement in (("ies", "y"), ("sses", "ss"), ("xes", "x"), ("ches", "ch"), ("shes", "sh")):
        if word.endswith(suffix) and len(word) > len(suffix) + 1:
            return word[: -len(suffix)] + replacement
    if word.endswith("s") and not word.endswith(("ss", "us", "is")):
        word = word[:-1]
    else:
        for suffix in ("ing", "ed"):
            if word.endswith(suffix) and len(word) - len(suffix) >= 3:
                word = word[: -len(suffix)]
                if len(word) >= 4 and word[-1] == word[-2] and word[-1] not in "lsz":
                    word = word[:-1]
                break
    return word[:-1] if len(word) > 3 and word.endswith("e") else word


def words(text: str) -> list[str]:
    """Folded, stemmed words of ``text`` in order.

    Case and accents are folded ("Pokémon" → "pokemon") and apostrophes dropped
    ("baldur's" → "baldur"), so the way a member happens to type a name does not matter.
    """
    folded = "".join(c for c in unicodedata.normalize("NFKD", text.casefold()) if not unicodedata.combining(c))
    out = []
    for raw in _WORD.findall(folded):
        token = raw[:-2] if raw.endswith(("'s", "’s")) else raw.replace("'", "").replace("’", "")
        out.append(stem(token))
    return out


def content_words(text: str) -> set[str]:
    return {w for w in words(text) if w not in _STOPWORDS and len(w) > 1}


@dataclass(frozen=True)
class Query:
    """The new message (plus the channel name) prepared once for matching many memories."""

    sequence: tuple[str, ...]
    vocabulary: frozenset[str]

    @classmethod
    def of(cls, message: str, channel_name: str = "") -> Query:
        """The channel name counts too ("#elden-ring"), unless it is a generic one like #general."""
        channel = "" if channel_name.casefold() in GENERIC_CHANNELS else channel_name.replace("-", " ").replace("_", " ")
        sequence = tuple(words(f"{message} {channel}"))
        return cls(sequence, frozenset(w for w in sequence if w not in _STOPWORDS and len(w) > 1))

    def has_phrase(self, phrase: Sequence[str]) -> bool:
        """A one-word topic is a word of the query; a longer one must appear as is, in order."""
        if len(phrase) == 1:
            return phrase[0] in self.vocabulary
        n = len(phrase)
        return any(self.sequence[i : i + n] == tuple(phrase) for i in range(len(self.sequence) - n + 1))


@lru_cache(maxsize=50_000)
def _memory_terms(text: str) -> frozenset[str]:
    """A memory's content words, worked out once per text: the hot path ranks the same memories message after message."""
    return frozenset(content_words(text))


@lru_cache(maxsize=20_000)
def _topic_phrase(topic: str) -> tuple[tuple[str, ...], int]:
    """A topic's words and how many of them are meaningful (not stop words)."""
    phrase = tuple(words(topic))
    return phrase, sum(1 for w in phrase if w not in _STOPWORDS)


def match_strength(memory: MemoryRecord, query: Query) -> float:
    """How strongly ``memory`` is about what ``query`` talks about; 0 means unrelated.

    A topic counts as a whole phrase, stop words included ("league of legends", "the
    last of us"), so it never shrinks to a common word that would match anything.
    Broad tags ("general", "personal") never count.
    """
    if not query.vocabulary:
        return 0.0
    score = 0.0
    for topic in memory.topics:
        if topic in GENERIC_TOPICS:
            continue
        phrase, meaningful = _topic_phrase(topic)
        if meaningful and query.has_phrase(phrase):
            score += TOPIC_PHRASE_WEIGHT + (meaningful - 1)
    score += TEXT_WORD_WEIGHT * len(_memory_terms(memory.memory) & query.vocabulary)
    return score


def rank_relevant(
    memories: Iterable[MemoryRecord], query: Query, *, exclude_ids: frozenset[int] = frozenset(), limit: int = 5
) -> list[MemoryRecord]:
    """Memories that match at all, strongest first, then most important, then newest."""
    scored = []
    for memory in memories:
        if memory.id in exclude_ids:
            continue
        strength = match_strength(memory, query)
        if strength > 0:
            scored.append((strength, IMPORTANCE_RANK.get(memory.importance, 0), memory.created_at, memory.id, memory))
    scored.sort(key=lambda item: item[:4], reverse=True)
    return [item[-1] for item in scored[:limit]]


def near_duplicate(a: str, b: str, threshold: float = 0.6) -> bool:
    """Two memory sentences that say the same thing (word-set overlap over ``threshold``)."""
    wa, wb = _memory_terms(a), _memory_terms(b)
    if not wa or not wb:
        return a.strip().casefold() == b.strip().casefold()
    overlap = len(wa & wb)
    return overlap / len(wa | wb) >= threshold or (overlap == min(len(wa), len(wb)) and min(len(wa), len(wb)) >= 3)
