"""A value given in parts over a member's messages (:mod:`utils.privacy.conversation`).

Members split a password on purpose: "vault pass is three words:" / "wobbly kumquat" / "zeppelin", or label each
half, "Hälfte eins: Bergsee" / "Hälfte zwei: Forelle_18". A message naming a secret and its parts ("three words",
"in two halves") makes the next short messages its parts; two messages in a row labelled as parts ("first half:",
"part 2 ="), with no secret word at all, are a value's parts too. One message labelled as a part is not read
("Part 1: intro" opens a guide): only its sibling shows what it was, and one of the two must read as a secret.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from utils.privacy import seed
from utils.privacy._conversation_announced import reads_as_a_secret
from utils.privacy._conversation_words import (
    HANDING,
    NOT_VALUES,
    PARTS,
    PUBLIC_CODES,
    QUALIFIED_WORD,
    REACTION,
    SENTENCE_END,
    SHORT_MESSAGE_CHARS,
    STRIP,
    STRONG_ENDINGS,
    Said,
    bare_words,
    kind_at,
    kindless_kind,
    plausible,
)
from utils.privacy._secret_values import looks_like_a_secret
from utils.privacy.memoised_lines import memoised
from utils.privacy.rule import literal_trie


def _alternation(words: Iterable[str]) -> str:
    return "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True))


_PART = "(?:" + _alternation(PARTS["words"]) + ")"
_ORDINAL = r"(?:" + _alternation(PARTS["ordinals"]) + r"|\d|#\d)"
_LABELLED = re.compile(
    r"(?i)^\W{0,3}(?:(?:" + _ORDINAL + r")\s+" + _PART + "|" + _PART + r"\s*(?:" + _ORDINAL + r")?)\s*[:：=→-]+\s*"
    r"[`*|\"']*(?P<value>[^\s`*|\"']+(?:\s[^\s`*|\"']+){0,2})[`*|\"']*\s*$"
)
"""A message that is one labelled part: "first half: Kx8tun", "Hälfte zwei: Forelle_18", "part 2 = dra44"."""
_LABEL_SIGN = re.compile(r"[:：=→-]")
_PART_WORD = re.compile(r"(?i)(?<![^\W\d_])(?:" + literal_trie(PARTS["words"]) + r")(?![^\W\d_])")
MAX_PART_WORDS = 3
MIN_PART = 3
MAX_ANNOUNCEMENT_WORDS = 12


def labelled_parts(window: Iterable[Said], text: str) -> list[tuple[str, str]]:
    """Both parts when this message and the one before are each one labelled part."""
    if len(text) > SHORT_MESSAGE_CHARS // 4 or not _LABEL_SIGN.search(text):
        return []  # the cheap gate: a labelled part is short and has its colon, equals sign or arrow
    said = list(window)
    this = _LABELLED.match(text.strip())
    before = _LABELLED.match(said[-1].text.strip()) if said else None
    if this is None or before is None:
        return []
    values = [before.group("value"), this.group("value")]
    if not any(looks_like_a_secret(value) for value in values):
        return []  # "Part 1: intro" / "Part 2: setup" is a guide; a password has a part no one says as a word
    return [(value, kindless_kind(value)) for value in values]


def _announces_parts(text: str) -> str | None:
    """The kind a message names when it also says the value comes in parts ("vault pass is three words:")."""
    if len(text) > SHORT_MESSAGE_CHARS // 2 or _PART_WORD.search(text) is None:
        return None
    words = bare_words(text)
    if not words or len(words) > MAX_ANNOUNCEMENT_WORDS:
        return None
    if not text.rstrip().endswith(STRONG_ENDINGS) and words[-1] not in HANDING:
        return None  # "my password has three words" talks about it; "…three words:" hands them over
    return next((named[1] for index in range(len(words)) if (named := kind_at(words, index)) is not None), None)


def _plain_part(text: str) -> bool:
    value = text.strip()
    if len(value) > SHORT_MESSAGE_CHARS // 4 or value.count(" ") >= MAX_PART_WORDS or "?" in value:
        return False
    words = bare_words(value)
    if not words or len(words) > MAX_PART_WORDS or len(value) > SHORT_MESSAGE_CHARS // 4 or "?" in value:
        return False
    return len(value) >= MIN_PART and not REACTION.fullmatch(value.casefold()) and value.casefold() not in NOT_VALUES


def part_after_announcement(window: Iterable[Said], text: str) -> tuple[str, str] | None:
    """This message as a part, when a message just before announced a value in parts and any between were parts."""
    if not _plain_part(text):
        return None
    said = list(window)
    for back in (1, 2):
        if len(said) < back:
            return None
        announcing = said[-back]
        kind = _announces_parts(announcing.text)
        if kind is not None:
            return text.strip(), kind
        if not _plain_part(announcing.text):
            return None
    return None


_HANDED = re.compile(r"(?P<lead>[^:：=→?？\n]{1,60}?)\s*(?:[:：=→]|->|=>)\s*(?P<value>\S[^\n]*)")
MAX_LEAD_WORDS = 6
MIN_LISTED_WORDS = 4


def handed_over(text: str) -> bool:
    """A message that only hands something over after a short label ("new one: Kettle-Harbor-91", "Hälfte eins:
    Bergsee", "les 9 premiers mots : amiral virement …"): a value no one says as a word, a labelled part, or a run of
    a seed list's words. It tells nothing about the member but the value, which a later message may still show was
    a secret (the next part, "is that strong enough?"), so nothing is learned from it, as from one bare value."""
    return handed_value(text) is not None


def handed_value(text: str) -> str | None:
    """What a message hands over after its label (:func:`handed_over`), or None: kept out of the log as a bare value
    is, since nothing is learned from it and a later message may show it was a secret."""
    stripped = text.strip()
    if len(stripped) > SHORT_MESSAGE_CHARS or not _LABEL_SIGN.search(stripped):
        return None  # the cheap gate: a label ends with its colon, equals sign or arrow
    handed = _HANDED.fullmatch(stripped)
    if handed is None or len(bare_words(handed.group("lead"))) > MAX_LEAD_WORDS:
        return None
    value = handed.group("value").strip()
    if "?" in value or SENTENCE_END.search(value) or "[redacted:" in value:
        return None
    words = value.split()
    if _LABELLED.match(stripped) or (
        reads_as_a_secret(value.strip(STRIP))
        if len(words) == 1
        else len(words) >= MIN_LISTED_WORDS and seed.list_words(value) == len(words)
    ):
        return value
    return None


@memoised(4096)
def _announces_kindless_parts(text: str) -> bool:
    """A short message that says something comes in parts and names no secret ("sending it in two parts", "ich
    schick's in zwei Teilen", "دو تیکه می‌فرستم"): what the parts are is for the parts themselves to show."""
    if len(text) > SHORT_MESSAGE_CHARS // 2 or "?" in text or _PART_WORD.search(text) is None:
        return False
    words = bare_words(text)
    if QUALIFIED_WORD.search(text.casefold()) and not any(w.casefold() not in PUBLIC_CODES for w in _PART_WORD.findall(text)):
        return False  # "la partie c'est le code": a game's code ("partie", a match), left to the reading of codes
    return 0 < len(words) <= MAX_ANNOUNCEMENT_WORDS and _announces_parts(text) is None


def _kindless_parts(window: Iterable[Said], text: str) -> list[str] | None:
    """The parts sent so far, this message the last, when a message just before announced parts naming no secret
    and every message since is a short part."""
    if not _plain_part(text):
        return None
    said = list(window)
    for back in range(1, MAX_KINDLESS_PARTS + 1):
        if len(said) < back:
            return None
        earlier = said[-back]
        if _announces_kindless_parts(earlier.text):
            return [part.text.strip() for part in said[len(said) - back + 1 :]] + [text.strip()]
        if not _plain_part(earlier.text):
            return None
    return None


MAX_KINDLESS_PARTS = 3


def parts_after_kindless(window: Iterable[Said], text: str) -> tuple[list[tuple[str, str]], bool]:
    """Every part sent after a message announcing parts naming no secret, once one of them reads as a secret
    ("Maple" / "Fox_93!"): the parts of a guide or a list ("part one: farming", "north half") read as none. And
    whether this message is such a part still waiting for the others: a later part may show they were a password's,
    so nothing is learned from it."""
    parts = _kindless_parts(window, text)
    if parts is None:
        return [], False
    if not any("[redacted:" in part or _a_secret_part(part) for part in parts):
        return [], True
    return [(part, kindless_kind(part)) for part in parts if "[redacted:" not in part], False


def _a_secret_part(part: str) -> bool:
    """One word no one says as a word ("Fox_93!", "Kx8-44"); a part of a few words ("part one: farming") is prose."""
    return " " not in part and plausible(part.strip(STRIP))
