"""When two memory sentences say the same fact, so the newer refreshes the older instead of adding a copy.

Words decide first (no distinct content word on either side, most word families shared);
the cosine of the two sentences' embeddings, when there is one, admits a paraphrase in
other words, but never one word swapped for another.
"""

from __future__ import annotations

from utils.memory.words import content_words, family
from utils.privacy import memoised

SAME_FACT_SIMILARITY = 0.9
"""Cosine from which two sentences with distinct words still say the same ("is a night-shift nurse")."""
PARAPHRASE_SIMILARITY = 0.8
"""Cosine from which two sentences with no distinct word but little overlap say the same."""
MOST_WORDS_SHARED = 0.6
"""Share of the two sentences' word families both must hold to say the same without the cosine."""
_DEDUP_FILLERS = frozenset(content_words("named called currently recently usually lately every daily täglich"))
"""Words that change no fact when swapped ("a dog named/called Pixel"), as matching folds them."""


@memoised(50_000)
def _facts(text: str) -> tuple[frozenset[str], frozenset[str]]:
    """A sentence's content words and their families, fillers that change no fact left out."""
    kept = frozenset(w for w in content_words(text) if w not in _DEDUP_FILLERS)
    return kept, frozenset(family(w) for w in kept)


def distinct_facts(a: str, b: str) -> bool:
    """Each sentence has a content word the other lacks: "plays guitar" and "plays piano" are two facts.

    Words of one family ("allergic", "allergy") are the same word here; adding a detail
    ("Lives in Lyon" → "Lives in Lyon, France") is not a second fact.
    """
    (wa, fa), (wb, fb) = _facts(a), _facts(b)
    return any(family(w) not in fb for w in wa) and any(family(w) not in fa for w in wb)


def near_duplicate(a: str, b: str, *, similarity: float | None = None) -> bool:
    """Two memory sentences that say the same thing, so the newer refreshes the older.

    Lexically: no distinct content word on both sides, and most words (`MOST_WORDS_SHARED` of
    the families) shared, or one sentence's three or more words all in the other.
    With ``similarity`` (the cosine of their embeddings), a paraphrase in other words
    counts too from `SAME_FACT_SIMILARITY`; but one word swapped for another ("guitar"
    for "piano", "hospital" for "warehouse") always leaves two memories: that is the very
    shape small embedding models score as near-identical (0.75–0.87 with MiniLM).
    """
    if a.strip().casefold() == b.strip().casefold():
        return True
    (_, fa), (_, fb) = _facts(a), _facts(b)
    if not fa or not fb:
        return False
    if distinct_facts(a, b):
        one_word_swapped = len(fa - fb) == 1 and len(fb - fa) == 1
        return similarity is not None and similarity >= SAME_FACT_SIMILARITY and not one_word_swapped
    shared = len(fa & fb)
    smaller = min(len(fa), len(fb))
    lexical = shared / len(fa | fb) >= MOST_WORDS_SHARED or (shared == smaller and smaller >= 3)
    return lexical or (similarity is not None and similarity >= PARAPHRASE_SIMILARITY and shared > 0)
