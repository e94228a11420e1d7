"""Wallet recovery (BIP-39 seed) phrases: twelve or more words in a row from the 2048-word list.

The list comes from the ``mnemonic`` package (the reference implementation). Ordinary
English rarely strings twelve list words together (the list has no "the", "is", "I",
"to"), so a run of 12+ is a seed phrase; after a seed word ("seed phrase", "recovery
phrase", "mnemonic", "Wiederherstellungsphrase", …) six are enough. The checksum is not
required: a member who pastes a phrase with a typo, or half of one, still gave it away.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import cache

from mnemonic import Mnemonic

from utils.privacy.rule import Span

_WORD = re.compile(r"[A-Za-z]+")
_GAP = re.compile(r"^[\s,;.:\-\d)(]*$")
_SEED_WORDS = re.compile(
    r"(?i)\b(?:seed|recovery|mnemonic|backup|secret recovery|wiederherstellungs\w*|phrase de récupération|frase semilla"
    r"|frase de recuperación|frase di recupero|frase de recuperação|herstelzin|fraza odzyskiwania|сид|мнемоническ\w*"
    r"|kurtarma)\b"
)
_TO_SPACE = str.maketrans({c: " " for c in ",;.:-()0123456789"})
FULL_RUN = 12
AFTER_A_SEED_WORD = 6


@cache
def wordlist() -> frozenset[str]:
    return frozenset(Mnemonic("english").wordlist)


def spans(text: str, lowered: str) -> Iterator[Span]:
    """Runs of list words separated only by spaces, commas or numbering ("1. abandon 2. ability")."""
    if lowered.count(" ") + lowered.count("\n") < AFTER_A_SEED_WORD - 1:
        return
    known = wordlist()
    bound = _longest_run(lowered.translate(_TO_SPACE).split(), known)  # every gap allowed: an upper bound
    if bound < AFTER_A_SEED_WORD:
        return
    needed = AFTER_A_SEED_WORD if _SEED_WORDS.search(lowered) else FULL_RUN
    if bound < needed:
        return
    run: list[re.Match[str]] = []
    for match in _WORD.finditer(text):
        if match.group().lower() in known and (not run or _GAP.match(text[run[-1].end() : match.start()])):
            run.append(match)
            continue
        if _a_phrase(run, needed, needed == AFTER_A_SEED_WORD):
            yield run[0].start(), run[-1].end(), "seed-phrase"
        run = [match] if match.group().lower() in known else []
    if _a_phrase(run, needed, needed == AFTER_A_SEED_WORD):
        yield run[0].start(), run[-1].end(), "seed-phrase"


def _longest_run(tokens: list[str], known: frozenset[str]) -> int:
    longest = current = 0
    for token in tokens:
        current = current + 1 if token in known else 0
        longest = max(longest, current)
    return longest


def _a_phrase(run: list[re.Match[str]], needed: int, announced: bool) -> bool:
    """Long enough and, unless a seed word announced it, varied: a seed's words are drawn at random
    ("word word word …" is not one; "my seed is: abandon abandon … about" is the famous test vector)."""
    return len(run) >= needed and (announced or len({m.group().lower() for m in run}) >= needed * 2 // 3)
