"""Which of a member's memories matter for the message at hand.

No fixed keyword list: the new message and the channel name are matched against the
member's *own* topic tags and memory texts, as folded, stemmed words (`utils.memory.words`);
multi-word topics ("elden ring", "baldur's gate") match as phrases.

Lexical evidence is scored with BM25 over the member's memories (a word most of them
share counts little, a rare one much), plus the member's topic tags as whole phrases,
plus words of one family at half weight ("mentorship" and "mentored"). When the caller
also has the meaning of the message (cosines with the memories' embeddings, see
`utils.llm.vectors`), both kinds of evidence are fused as z-scores. Whatever
the mode, a memory only ever reaches the notes when it shares a content word or a
topic with the message, or its meaning is at least ``floor`` close and stands out from
the member's other memories (which must sit well under the floor): an unrelated old
memory stays out, even with a model that finds every sentence of a language alike.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property

from utils.memory.forget_requests import NOT_THE_SUBJECT
from utils.memory.words import STOPWORDS, family, forms, is_content, words
from utils.privacy import memoised
from utils.storage.records import IMPORTANCE_RANK, MemoryRecord

GENERIC_TOPICS = frozenset({"general", "personal", "misc", "other", "chat", "mood", "life"})
"""Broad tags that say what kind of memory it is, not what it is about: they never make a memory relevant."""
GENERIC_CHANNELS = frozenset({"general", "chat", "off-topic", "offtopic", "random", "lounge", "memes", "bot", "bots"})
FORGET_WORDS = frozenset(w for word in NOT_THE_SUBJECT for w in words(word))
"""The words of a "forget that I …" request that say what to do, not which memory (folded as memories are)."""

BM25_K1 = 1.2
BM25_B = 0.75
"""The textbook BM25 constants; on the LoCoMo development set nearby values move recall by a case or two."""
FAMILY_WEIGHT = 0.5
"""A word of the same family ("symbolize" for "symbols") is half the evidence of the word itself."""
TOPIC_WEIGHT = 1.5
"""A topic tag the member's memory carries, found as a phrase in the message, counts as this many BM25 matches."""
SIMILARITY_FLOOR = 0.3
"""Cosine below which meaning alone never makes a memory relevant (all-MiniLM-L6-v2: unrelated chat pairs ≤ 0.2)."""
TYPICAL_SHARE = 0.8
"""Meaning alone admits nothing while the member's median cosine reaches this share of the floor.

Most of a member's memories are unrelated to any one message, so the median is where this
model puts unrelated texts *here*. all-MiniLM-L6-v2 is English-only: for a member who writes
French, German, Spanish, Italian or Portuguese it puts them at 0.30–0.49 (English: 0.0–0.13,
LoCoMo: 90 % under 0.22), over a floor made for English, so its cosines say nothing: words only."""
STANDOUT_Z = 2.0
"""And the cosine must stand out from the member's other memories' by this many of their standard deviations."""
MIN_OTHERS = 4
"""With fewer other memories than this there is no judging what is typical: meaning alone admits nothing (words
still do). The bot ranks only memories older than the five newest, so a member it ranks for has five others."""
SPREAD_FLOOR = 0.02
"""The smallest spread of the others' cosines taken as real: identical cosines do not make a tiny difference stand out."""
SEMANTIC_WEIGHT = 1.0
LEXICAL_WEIGHT = 0.5
"""Fusion of z-scores: meaning first, words second; tuned on two LoCoMo files, checked on the third."""


@dataclass(frozen=True)
class Query:
    """The new message (plus the channel name) prepared once for matching many memories."""

    sequence: tuple[str, ...]
    vocabulary: frozenset[str]

    @classmethod
    def of(cls, message: str, channel_name: str = "") -> Query:
        """The channel name counts too ("#elden-ring"), unless it is a generic one like #general."""
        channel = "" if channel_name.casefold() in GENERIC_CHANNELS else channel_name.replace("-", " ").replace("_", " ")
        return cls._of(forms(f"{message} {channel}"))

    @classmethod
    def forget_request(cls, message: str) -> Query:
        """A "forget that I …" request: what it is about, without the verb that asks for it."""
        return cls._of([position for position in forms(message) if position[0] not in FORGET_WORDS])

    @classmethod
    def _of(cls, positions: Sequence[tuple[str, ...]]) -> Query:
        """Phrases match on each word's first form; single words on any of its content forms (`words.forms`)."""
        sequence = tuple(position[0] for position in positions)
        return cls(sequence, frozenset(form for position in positions for form in position if is_content(form)))

    def has_phrase(self, phrase: Sequence[str]) -> bool:
        """A one-word topic is a word of the query; a longer one must appear as is, in order."""
        if len(phrase) == 1:
            return phrase[0] in self.vocabulary
        n = len(phrase)
        return any(self.sequence[i : i + n] == tuple(phrase) for i in range(len(self.sequence) - n + 1))

    @cached_property
    def families(self) -> frozenset[str]:
        return frozenset(family(w) for w in self.vocabulary)


@dataclass(frozen=True)
class _Terms:
    """A memory text as BM25 sees it, worked out once per text (the hot path ranks the same memories again and again)."""

    counts: Mapping[str, int]
    families: Mapping[str, int]
    words: frozenset[str]
    family_words: frozenset[str]
    length: int


@memoised(50_000)
def _terms(text: str) -> _Terms:
    """Every content form counts as a term ("sims" and "sim"), but the length is in words: a memory naming
    things is not longer, for BM25, than one saying as many words without names."""
    positions = [[form for form in position if is_content(form)] for position in forms(text)]
    content = [form for position in positions for form in position]
    counts, families = Counter(content), Counter(family(w) for w in content)
    return _Terms(counts, families, frozenset(counts), frozenset(families), sum(1 for p in positions if p))


@memoised(20_000)
def _topic_phrase(topic: str) -> tuple[tuple[str, ...], int]:
    """A topic's words and how many of them are meaningful (not stop words)."""
    phrase = tuple(words(topic))
    return phrase, sum(1 for w in phrase if w not in STOPWORDS)


def _idf(n_docs: int, with_term: int) -> float:
    return math.log(1 + (n_docs - with_term + 0.5) / (with_term + 0.5))


def _matched_topics(memory: MemoryRecord, query: Query, seen: dict[str, bool]) -> list[str]:
    """The memory's specific topics found in the query as whole phrases (stop words included, never shrunk)."""
    found = []
    for topic in memory.topics:
        if topic in GENERIC_TOPICS:
            continue
        if topic not in seen:
            phrase, meaningful = _topic_phrase(topic)
            seen[topic] = bool(meaningful) and query.has_phrase(phrase)
        if seen[topic]:
            found.append(topic)
    return found


def lexical_scores(memories: Sequence[MemoryRecord], query: Query) -> list[float]:
    """BM25 of each memory's words against the query, plus its matching topic phrases; 0 means no shared word.

    Document frequencies are the member's own: among fifty memories about Elden Ring,
    "elden" says little and "malenia" much.
    """
    if not query.vocabulary or not memories:
        return [0.0] * len(memories)
    terms = [_terms(m.memory) for m in memories]
    topic_seen: dict[str, bool] = {}
    topics = [_matched_topics(m, query, topic_seen) if m.topics else [] for m in memories]
    n = len(memories)
    average = max(sum(t.length for t in terms) / n, 1.0)
    vocabulary, families = query.vocabulary, query.families
    df: dict[str, int] = {}
    family_df: dict[str, int] = {}
    for t in terms:
        if families.isdisjoint(t.family_words):
            continue
        for word in vocabulary & t.words:
            df[word] = df.get(word, 0) + 1
        for fam in families & t.family_words:
            family_df[fam] = family_df.get(fam, 0) + 1
    topic_df = Counter(topic for found in topics for topic in found)
    pairs = [(w, family(w)) for w in vocabulary]
    scores = []
    for t, found in zip(terms, topics, strict=True):
        score = 0.0
        if not found and families.isdisjoint(t.family_words):
            scores.append(score)
            continue
        norm = BM25_K1 * (1 - BM25_B + BM25_B * t.length / average)
        for word, fam in pairs:
            if tf := t.counts.get(word, 0):
                score += _idf(n, df[word]) * tf * (BM25_K1 + 1) / (tf + norm)
            elif tf := t.families.get(fam, 0):
                score += FAMILY_WEIGHT * _idf(n, family_df[fam]) * tf * (BM25_K1 + 1) / (tf + norm)
        for topic in found:
            score += TOPIC_WEIGHT * _idf(n, topic_df[topic]) * (1 + 0.5 * (_topic_phrase(topic)[1] - 1))
        scores.append(score)
    return scores


def _zscores(values: Sequence[float]) -> list[float]:
    n = len(values)
    mean = sum(values) / n
    spread = math.sqrt(sum((v - mean) ** 2 for v in values) / n)
    return [(v - mean) / spread if spread > 1e-9 else 0.0 for v in values]


def standout_bar(cosines: Iterable[float], *, floor: float = SIMILARITY_FLOOR) -> Callable[[float], bool]:
    """Whether a cosine stands out from the member's *other* memories' (``cosines`` holds them all, its own too).

    The floor alone trusts the model to put unrelated texts under it, and an English-only
    model (MiniLM) does not for other languages: there every memory is "close" to every
    message. So meaning alone also needs the member's typical (median) cosine well under the
    floor, and the cosine to stand out from the others (its own value left out of their
    mean and spread). With fewer than `MIN_OTHERS` others nothing stands out: fail closed.
    """
    values = sorted(cosines)
    others = len(values) - 1
    if others < MIN_OTHERS or _median(values) >= TYPICAL_SHARE * floor:
        return lambda cosine: False
    total, squares = sum(values), sum(v * v for v in values)

    def stands_out(cosine: float) -> bool:
        mean = (total - cosine) / others
        spread = math.sqrt(max((squares - cosine * cosine) / others - mean * mean, 0.0))
        return cosine - mean >= STANDOUT_Z * max(spread, SPREAD_FLOOR)

    return stands_out


def _median(ordered: Sequence[float]) -> float:
    middle = len(ordered) // 2
    return ordered[middle] if len(ordered) % 2 else (ordered[middle - 1] + ordered[middle]) / 2


def fused_scores(
    lexical: Sequence[float],
    similarity: Sequence[float | None],
    *,
    floor: float = SIMILARITY_FLOOR,
    stands_out: Callable[[float], bool] | None = None,
) -> list[float | None]:
    """Each memory's hybrid score, or None when neither its words nor its meaning are close enough.

    A memory without a vector (not embedded yet) is taken as of average meaning: it
    competes on its words alone. z-scores make the two kinds of evidence comparable
    whatever the model's cosine range or the member's vocabulary. Meaning alone admits a
    memory from ``floor`` and only when its cosine ``stands_out`` from the member's
    others (`standout_bar`; by default judged among ``similarity`` itself).
    """
    known = [s for s in similarity if s is not None]
    if len(known) < 2:
        return [score if score > 0 else None for score in lexical]
    bar = stands_out or standout_bar(known, floor=floor)
    mean_similarity = sum(known) / len(known)
    z_meaning = _zscores([mean_similarity if s is None else s for s in similarity])
    z_words = _zscores(lexical)
    return [
        SEMANTIC_WEIGHT * zm + LEXICAL_WEIGHT * zw if score > 0 or (s is not None and s >= floor and bar(s)) else None
        for score, s, zm, zw in zip(lexical, similarity, z_meaning, z_words, strict=True)
    ]


def rank_relevant(
    memories: Iterable[MemoryRecord],
    query: Query,
    *,
    exclude_ids: frozenset[int] = frozenset(),
    limit: int = 5,
    similarity: Mapping[int, float] | None = None,
    floor: float = SIMILARITY_FLOOR,
) -> list[MemoryRecord]:
    """Memories that match at all, strongest first, then most important, then newest.

    ``similarity`` (memory id → cosine with the message) switches on hybrid ranking;
    without it (embeddings off, endpoint down) ranking is lexical alone. It may hold the
    cosines of excluded memories too (the newest, shown anyway): they rank nothing, but
    they are the member's other memories that a cosine must stand out from.
    """
    candidates = [m for m in memories if m.id not in exclude_ids]
    lexical = lexical_scores(candidates, query)
    if similarity:
        bar = standout_bar(similarity.values(), floor=floor)
        scores = fused_scores(lexical, [similarity.get(m.id) for m in candidates], floor=floor, stands_out=bar)
    else:
        scores = [score if score > 0 else None for score in lexical]
    scored = [
        (score, IMPORTANCE_RANK.get(m.importance, 0), m.created_at, m.id, m)
        for score, m in zip(scores, candidates, strict=True)
        if score is not None
    ]
    scored.sort(key=lambda item: item[:4], reverse=True)
    return [item[-1] for item in scored[:limit]]
