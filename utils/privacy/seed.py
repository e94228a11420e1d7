"""Wallet recovery (BIP-39 seed) phrases: twelve or more words in a row from one of the 2048-word lists.

The lists come from the ``mnemonic`` package (the reference implementation), every language
it ships (English, Spanish, French, Italian, Portuguese, Czech, Russian, Turkish, Japanese,
Korean, both Chinese scripts): a wallet shows its phrase in the language its owner set.
Words are compared folded (case, accents and the dakuten a Japanese list stores decomposed),
and a run counts only while every word belongs to one same list. Ordinary
prose rarely strings twelve list words together (no list has "the", "is", "de", "que"),
and a phrase's words are separated by spaces (an ideographic one in Japanese), so unspaced
Chinese or Japanese text is never read as a run of single list characters. A run of 12+
is a seed phrase; after a seed word ("seed phrase", "recovery phrase", "mnemonic",
"Wiederherstellungsphrase", …) six are enough. The checksum is not
required: a member who pastes a phrase with a typo, or half of one, still gave it away.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator
from functools import cache

from mnemonic import Mnemonic

from utils.privacy.normalise import normalise
from utils.privacy.rule import Span

_WORD = re.compile(r"(?:[^\W\d_]|[\u0300-\u036f\u3099\u309a])+")
"""A word with its combining marks: a list or a phone may write "é" or "ß" decomposed (the BIP-39 files do)."""
_GAP = re.compile(r"^[\s,;.:\-\d)(、。，`|*_~>\"'«»“”·•/+#№→⇒➜➔▶►–—=]*$")
"""What may stand between two words of a phrase: spaces, numbering, list punctuation, and the Markdown
(a code block, a spoiler, bold) a member wraps a pasted phrase in."""
_SEED_WORDS = re.compile(
    r"(?i)\b(?:seed|recovery|mnemonic|backup|secret recovery|wiederherstellungs\w*|phrase de récupération|frase semilla"
    r"|frase de recuperación|frase di recupero|frase de recuperação|herstelzin|fraza odzyskiwania|сид|мнемоническ\w*"
    r"|kurtarma)\b|助记词|助記詞|ニーモニック|復元フレーズ|복구\s?(?:단어|문구)|시드\s?(?:구문|문구)"
)
_TO_SPACE = str.maketrans({c: " " for c in ",;.:-()0123456789、。，`|*_~>\"'«»“”·•/+#№→⇒➜➔▶►–—="})
_JOINERS = " \n\u3000-_·•/,、，→"
"""Characters that separate a phrase's words: spaces, and the hyphens, underscores, dots, slashes, list commas and
arrows some paste."""
_NUMBERING = re.compile(r"(?<!\w)\d{1,2}\s?(?:번째|번|番目|番|號|号|째)(?!\w)")
"""A word's number in the phrase written with a counter ("1번 이튿날", "3番"): numbering, not a word of the phrase."""
_PREFIX = 4
"""Every list word is known by its first four letters (the lists are built so): "aban abil able abou" is a phrase."""
FULL_RUN = 12
AFTER_A_SEED_WORD = 6


def _folded(word: str) -> str:
    """A word as the lists are compared: case folded, accents and other combining marks dropped."""
    decomposed = unicodedata.normalize("NFKD", word.casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


@cache
def languages_of() -> dict[str, int]:
    """Each list word (as written, lower case, and folded) with the lists it belongs to, one bit per language."""
    found: dict[str, int] = {}
    for bit, language in enumerate(sorted(Mnemonic.list_languages())):
        for word in Mnemonic(language).wordlist:
            written = unicodedata.normalize("NFC", word).casefold()
            # and as the screen's matching form reads it: "хаос" is all Latin look-alikes, so it reads "xaoc",
            # and a decomposed "майор" ends in a look-alike run after its breve ("маи\u0306op")
            matching = {normalise(written).text, normalise(unicodedata.normalize("NFD", written)).text}
            for form in {written, _folded(word), *matching}:
                found[form] = found.get(form, 0) | 1 << bit
    return found


def _lists_of(word: str, known: dict[str, int]) -> int:
    lowered = word.casefold()
    found = known.get(lowered, 0) or (0 if lowered.isascii() else known.get(_folded(lowered), 0))
    if not found and len(lowered) == _PREFIX and lowered.isascii():
        return _prefixes().get(lowered, 0)
    return found


@cache
def _prefixes() -> dict[str, int]:
    """The lists' words by their first four letters (Latin lists), for phrases written as those letters."""
    found: dict[str, int] = {}
    for word, lists in languages_of().items():
        if len(word) > _PREFIX and word.isascii():
            found[word[:_PREFIX]] = found.get(word[:_PREFIX], 0) | lists
    return found


_UNSPACED_RUN = re.compile(r"[\u3400-\u9fff]{12,24}")


def _unspaced_spans(text: str, lowered: str) -> Iterator[Span]:
    """A Chinese phrase written without spaces after its seed word ("助记词 尘卷区栏…"): every character a list word."""
    if _SEED_WORDS.search(lowered) is None:
        return
    known = languages_of()
    for match in _UNSPACED_RUN.finditer(text):
        lists = -1
        for char in match.group():
            lists &= _lists_of(char, known)
            if not lists:
                break
        if lists and lists != -1:
            yield match.start(), match.end(), "seed-phrase"


def spans(text: str, lowered: str) -> Iterator[Span]:
    """Runs of one list's words separated only by spaces, commas or numbering ("1. abandon 2. ability")."""
    if sum(lowered.count(c) for c in _JOINERS) < AFTER_A_SEED_WORD - 1:
        yield from _unspaced_spans(text, lowered)
        return
    if _NUMBERING.search(text):
        text = _NUMBERING.sub(lambda m: " " * len(m.group()), text)
        lowered = text.casefold()
    known = languages_of()
    bound = _longest_run(lowered.translate(_TO_SPACE).split(), known)  # every gap allowed: an upper bound
    if bound < AFTER_A_SEED_WORD:
        return
    needed = AFTER_A_SEED_WORD if _SEED_WORDS.search(lowered) else FULL_RUN
    if bound < needed:
        return
    run: list[re.Match[str]] = []
    lists = 0
    for match in _WORD.finditer(text):
        of = _lists_of(match.group(), known)
        if of and run and lists & of and _GAP.match(text[run[-1].end() : match.start()]):
            run.append(match)
            lists &= of
            continue
        if _a_phrase(run, needed, needed == AFTER_A_SEED_WORD):
            yield run[0].start(), run[-1].end(), "seed-phrase"
        run, lists = ([match], of) if of else ([], 0)
    if _a_phrase(run, needed, needed == AFTER_A_SEED_WORD):
        yield run[0].start(), run[-1].end(), "seed-phrase"


def touches(earlier: str, text: str) -> bool:
    """Whether ``earlier`` ends with a list word and ``text`` opens with one (after its numbering): where a phrase
    crosses two messages. Two look-ups, so most pairs of messages go no further."""
    last = earlier.rsplit(None, 1)[-1:]
    if not last or not (word := last[0].strip(_EDGES)) or not _lists_of(word, languages_of()):
        return False
    for token in text.split(None, 2)[:2]:
        word = token.strip(_EDGES)
        if word and not word[0].isdigit() and not word.startswith("#"):
            return bool(_lists_of(word, languages_of()))
    return False


_EDGES = ",;.:!?…\"'«»“”()[]`*_~|→-—–、。，"


def list_words(text: str) -> int:
    """The most list words in a row in ``text`` (any gap between them): what a part of a pasted phrase holds."""
    lowered = text.casefold()
    if sum(lowered.count(c) for c in _JOINERS) < 2:
        return 0
    return _longest_run(lowered.translate(_TO_SPACE).split(), languages_of())


def _longest_run(tokens: list[str], known: dict[str, int]) -> int:
    if all(map(str.isascii, tokens)):  # one C pass: ``tokens`` come from the case-folded line, keys as they stand
        hits = bytes(map(known.__contains__, tokens))
        return max(map(len, hits.split(b"\x00")))
    longest = current = 0
    for token in tokens:
        current = current + 1 if _lists_of(token, known) else 0
        longest = max(longest, current)
    return longest


def _a_phrase(run: list[re.Match[str]], needed: int, announced: bool) -> bool:
    """Long enough and, unless a seed word announced it, varied: a seed's words are drawn at random
    ("word word word …" is not one; "my seed is: abandon abandon … about" is the famous test vector)."""
    return len(run) >= needed and (announced or len({m.group().lower() for m in run}) >= needed * 2 // 3)
