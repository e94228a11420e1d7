"""What may follow a secret word before its value, per language (the links and owners of
``data/secret_words.json``), and how far a value said after it runs: the patterns the password rules
(:mod:`utils.privacy.passwords`) match from the word's end.

Besides the word's own link ("password is", "senha é"), a member puts words between the word and the link —
adjectives, a determiner, who gave it, what it is for ("the stupid new work password they gave me is …", "a senha
provisória nova do app do banco é …", "nywila yangu mpya ya muda ni …"): the ``gapped`` tail reads up to eight words
there, or none before a link chat puts after a word of any language (``loose_links``: "temporary password hai …"),
and what follows the link is a value only when it looks like one (the caller's check). A passphrase runs on
after its first word: in plain words to the end of its line after a colon, or in capitalised words after any link
(KeePassXC's and diceware's Title Case words with spaces).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache

from utils.privacy import vocabulary
from utils.privacy._secret_values import (
    ABBREVIATION_DOT,
    ADVERB,
    ASIDE,
    CLOSING_QUOTE,
    MARKDOWN,
    NOT_A_SECRET,
    SIGN_LINK,
    VALUE,
    VALUE_OPENING,
    WEAK,
)
from utils.privacy.keyword_form import keyword_form
from utils.privacy.normalise import normalise


def _alternatives(phrases: Iterable[str]) -> str:
    """Phrases as a regex alternation, longest first, each also as the matching form reads it (Cyrillic "е" as "e")
    and without its accents ("của tôi" and "cua toi")."""
    spelled = {p for phrase in phrases for p in (phrase, keyword_form(phrase).text, normalise(phrase).text)}
    return "|".join(re.escape(p).replace(r"\ ", r"\s+") for p in sorted(spelled, key=len, reverse=True))


def _spaced(phrases: Iterable[str], unspaced: bool) -> tuple[list[str], list[str]]:
    spaced: list[str] = []
    glued: list[str] = []
    for phrase in phrases:
        (glued if unspaced and not phrase.isascii() else spaced).append(phrase)
    return spaced, glued


@dataclass(frozen=True)
class Tails:
    """What may follow a secret word of some languages: owners, a qualifier, a link, then the value."""

    strong: re.Pattern[str]
    weak: re.Pattern[str]
    pin: re.Pattern[str]
    seed: re.Pattern[str]
    gapped: re.Pattern[str]
    """A few words, then one of the languages' link words or a loose one, then the value (which must look like one)."""


_UNSPACED_LANGUAGES = frozenset(vocabulary.UNSPACED)
_GAP = r"(?:\s+[^\W\d_](?:[^\W\d_]|['’-](?=[^\W\d_]))*){0,8}?"
"""Up to eight words of letters between a secret word and its link: adjectives, a determiner, a short clause ("que
me dieron en el curro")."""
_LOOKS = r"(?=(?-i:[\"'“„«]|\S*?(?:\d|[^\w\s'’-]|[^\W\d_][A-Z])))"
"""A value that may look like a secret (a quote, a digit, a symbol or an inner capital), read before the gap is
settled: the first link a short gap reaches ("senha … do e-mail") is passed over when what follows it is a word."""


@lru_cache(maxsize=128)
def tails(languages: frozenset[str]) -> Tails:
    """The tails for a word of ``languages`` (English links always apply: members mix them in)."""
    links: list[str] = []
    owners: list[str] = []
    glued_links: list[str] = []
    glued_owners: list[str] = []
    for language in sorted(languages | {"en"}):
        unspaced = language in _UNSPACED_LANGUAGES
        spaced, glued = _spaced(vocabulary.LINKS[language], unspaced)
        links += spaced
        glued_links += glued
        spaced, glued = _spaced(vocabulary.OWNERS[language], unspaced)
        owners += spaced
        glued_owners += glued
    link_word = r"\s+(?:" + _alternatives(links) + r")(?![^\W\d_])\s*[:=—-]?\s*"
    loose_link = r"\s+(?:" + _alternatives([*links, *vocabulary.LOOSE_LINKS]) + r")(?![^\W\d_]|[-'’]\w)\s*[:=—-]?\s*"
    link = SIGN_LINK + "|" + link_word
    if glued_links:
        link += r"|\s*(?:" + _alternatives(glued_links) + r")\s*"
    owner_parts = []
    if owners:
        owner_parts.append(r"\s+(?:" + _alternatives(owners) + r")(?![^\W\d_])")
    if glued_owners:
        owner_parts.append(r"\s*(?:" + _alternatives(glued_owners) + ")")
    owner = "(?:" + "|".join(owner_parts) + ")?" if owner_parts else ""
    qualifier = r"(?:\s+(?:" + _alternatives(vocabulary.QUALIFIERS) + r")(?:\s+[^\s:=]+){1,3}?)?"
    lead = "(?i)" + ABBREVIATION_DOT + CLOSING_QUOTE + MARKDOWN + owner + ASIDE + qualifier
    strong = lead + MARKDOWN + "(?:" + link + ")" + MARKDOWN + r"\s*" + ADVERB + VALUE_OPENING + VALUE
    gapped = "(?i)" + ABBREVIATION_DOT + MARKDOWN + _GAP + loose_link + MARKDOWN + ADVERB + VALUE_OPENING + _LOOKS + VALUE
    return Tails(
        strong=re.compile(strong),
        weak=re.compile(lead + MARKDOWN + WEAK + ADVERB + VALUE_OPENING + VALUE),
        pin=re.compile(lead + r"[^\d\n.!?]{0,16}?(?P<secret>\d{4,8})(?!\d)"),
        seed=re.compile(lead + "(?:" + link + r")\s*(?P<secret>[^\W\d_]+(?:[ ,]+[^\W\d_]+){11,23})"),
        gapped=re.compile(gapped),
    )


_PHRASE_RUN = re.compile(r"(?:[ \t]+[^\W\d_]+){1,7}[ \t]*(?=[.!]?[ \t]*(?:\n|$|\(|[—–-][ \t]))")
"""The words after a passphrase's first one, to the end of its line or a remark after it ("quiet lemon under seven
bridges", "Noja Schejk Honduran Utnyttja (KeePassXC made it)")."""
_NEXT_WORDS = re.compile(r"(?:[ \t]+[^\W\d_]{3,}){1,7}")
_TITLED_WORDS = 3
"""Capitalised words in a row that make a passphrase after a link: a name is one or two."""


def _titled(word: str) -> bool:
    return len(word) >= 3 and word[0].isupper() and word[1:].islower()


def titled_run(text: str, start: int, end: int) -> int | None:
    """Where a run of capitalised words that starts with ``text[start:end]`` ends, when it holds three or more
    ("Krafse Innenfra Høylofta Djervhet"); None otherwise."""
    if not _titled(text[start:end]):
        return None
    following = _NEXT_WORDS.match(text, end)
    if following is None:
        return None
    count, stop = 1, end
    for word in re.finditer(r"[ \t]+([^\W\d_]+)", following.group()):
        if not _titled(word.group(1)) or word.group(1).casefold() in NOT_A_SECRET:
            break
        count, stop = count + 1, end + word.end()
    return stop if count >= _TITLED_WORDS else None


def with_phrase(text: str, match: re.Match[str], span: tuple[int, int]) -> tuple[int, int]:
    """A value that runs on as a passphrase is all of it: in plain words to the end of its line after a colon, or
    in capitalised words after any link."""
    start, end = span
    if match.group("secret")[:1] in "\"'“„«「":
        return span
    if re.search(r"[:：=]\s*$", text[max(0, start - 3) : start]) and (run := _PHRASE_RUN.match(text, end)):
        return start, run.end()
    titled = titled_run(text, start, end)
    return (start, titled) if titled is not None else span
