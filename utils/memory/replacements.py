"""When the extractor says a new fact replaces a remembered one: which of those claims stand.

A replacement turns the old memory into an earlier value (kept as history, no longer
shown as true), so a careless or steered model could use it to push any fact out of
the block: "Likes pizza" replacing "Has a dog named Rex". A claim stands only when the
two are the same fact, and only when the member's own words say something changed:

- same slot: the new fact names the old one's slot key; or
- same subject: they share a specific topic or a content word (a word family), and
  the member's turns say a change ("moved", "now", "no longer", "switched", "broke up",
  "renamed", "passed away", … in English, Spanish, French, German, Portuguese).

"New" alone is not a change: a new pet, a new game or a new friend is one more, not
one instead ("we got a kitten" keeps the dog).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from utils.memory.extraction import ExtractedMemory
from utils.memory.ranking import GENERIC_TOPICS
from utils.memory.words import content_words, family
from utils.storage.records import MemoryRecord

_CHANGE_WORDS = re.compile(
    r"\b(?:now|moved|move|moving|relocated|switch(?:ed|ing)?|changed?|instead|no\s+longer|any\s?more|quit|left|"
    r"resigned|fired|laid\s+off|promoted|hired|started\s+(?:at|working|a\s+new)|broke\s+up|split\s+up|divorced|"
    r"single|dumped|renamed|rename|passed\s+away|died|rehomed|gave\s+(?:him|her|it|them)\s+away|not\s+\w+\s+anymore|"
    r"used\s+to|ex|dropped|main(?:ing)?\s+\w+\s+now|"
    # es / fr / de / pt
    r"ahora|me\s+mud[eé]|mudado|ya\s+no|cambi[eé]|dej[eé]|renunci[eé]|cortamos|terminamos|"
    r"maintenant|d[ée]m[ée]nag[ée]|chang[ée]|quitt[ée]|rompu|plus\s+de|"
    r"jetzt|umgezogen|gewechselt|gek[üu]ndigt|getrennt|nicht\s+mehr|"
    r"agora|mudei|troquei|sa[ií]|terminamos|n[ãa]o\s+\w+\s+mais)\b",
    re.IGNORECASE,
)


def says_a_change(member_texts: Sequence[str]) -> bool:
    """The member's words say that something changed ("moved", "now", "no longer", "broke up", "ya no", "jetzt"…).

    Naming the old fact is not enough: "valorant with friends tonight" says more about
    Valorant, not that something else took its place.
    """
    return bool(_CHANGE_WORDS.search(" ".join(member_texts)))


def same_subject(new: ExtractedMemory, old: MemoryRecord) -> bool:
    """The two facts are about the same thing: a shared specific topic, or a shared content word (by family)."""
    topics = {t for t in new.topics if t not in GENERIC_TOPICS} & {t for t in old.topics if t not in GENERIC_TOPICS}
    if topics:
        return True
    mine = {family(w) for w in content_words(new.memory)}
    return bool(mine & {family(w) for w in content_words(old.memory)})


def replacement_stands(new: ExtractedMemory, old: MemoryRecord, member_texts: Sequence[str]) -> bool:
    """Whether ``new`` may make ``old`` an earlier value (see the module's rules)."""
    if new.key and old.slot_key and new.key == old.slot_key:
        return True
    return same_subject(new, old) and says_a_change(member_texts)


def vetted_replacements(
    memories: Sequence[ExtractedMemory], shown: Sequence[MemoryRecord], member_texts: Sequence[str]
) -> list[ExtractedMemory]:
    """``memories`` with every `replaces` that does not stand taken out (the fact itself is kept, beside the old one).

    One old memory is replaced at most once per answer: two new facts cannot both be what it became.
    """
    taken: set[int] = set()
    kept = []
    for memory in memories:
        number = memory.replaces
        ok = number is not None and 1 <= number <= len(shown) and number not in taken
        if ok and number is not None and replacement_stands(memory, shown[number - 1], member_texts):
            taken.add(number)
            kept.append(memory)
        else:
            kept.append(memory.model_copy(update={"replaces": None}) if number is not None else memory)
    return kept
