"""The words the conversation screen reads a member's messages with (:mod:`utils.privacy.conversation`).

The tables of ``data/conversation.toml`` by first word, the bounds of each reading, a message's words and the
kind they name, and what one bare value is (:func:`may_be_revealed`).
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from pathlib import Path

from utils.privacy._secret_values import looks_like_a_secret
from utils.privacy.keyword_form import keyword_form
from utils.privacy.memoised_lines import memoised
from utils.privacy.rule import literal_trie
from utils.privacy.vocabulary import kind_of_word, words_of_kind
from utils.privacy.word_forms import bare_forms, opens_a_lock

SHORT_MESSAGE_CHARS = 200
"""A lone value, and a message that reveals an earlier one, are short: longer messages skip both readings."""
REVEAL_MAX_WORDS = 12
ANNOUNCE_TAIL_WORDS = 10
MAX_NAMED = 8
"""Words after the kind in "PIN von meiner EC-Karte, falls ich es vergesse"."""
MIN_VALUE = 4
"""Shorter values would match everywhere (and `Seen` ignores them)."""
MAX_BETWEEN = 4
"""Words between "that" and the kind in "that was my real steam password"."""
MAX_QUALIFIED = 5
"""Words between the kind and its connector in "password for the steam account is"."""
_PASSPHRASE_WORDS = 6
PHRASE_WORDS = 6
UNSPACED_REST = 3
UNSPACED_NAMED = 10
"""Characters after a kind that may name what it opens ("แอปธนาคาร", the bank app) in an announcement."""
"""Characters after a kind written without spaces: a verb ("바꿈", changed), not a sentence."""
_PAIR = re.compile(r"(?P<user>[^\s/|]+)\s*[/|]\s*(?P<value>[^\s/|]+)")
"""A login given as "admin / admin1234": the value is the second half."""
ASIDE = re.compile(r"\s*\([^()]*\)?\s*$")
"""A closing aside is not what the message ends with: "my epic password (pls dont steal lol)"."""
SPACED_DIGITS = re.compile(r"\d(?:[\s.-]?\d){3,}(?:\s?[#*])?")
REACTION = re.compile(
    r"(?:ha|he|hi|ja|je|kk|lo|xd|w)+[lh]?|l+m+f*a+o+|lo+l+|x+d+|k+e+k+w*|5{3,}|<a?:\w+:\d+>|:\w+:"
    r"|@\S+|<[@#][!&]?\d+>|(?:https?://|www\.)\S+"
)
"""Laughter, emoji, mentions and links answer an announcement without giving a value ("lmaooo", ":kekw:", "@Mike")."""
SENTENCE_END = re.compile(r"[。！？，、]")
_UNSPACED_SCRIPT = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af\u0e00-\u0e7f]")
_UNSPACED_WORD_CHARS = 4
"""Characters of Chinese, Japanese, Korean or Thai in one value: more is a sentence."""
CLAUSES = re.compile(r"[.!?;,，。！？、]+\s*|\s+[–—-]+\s+")
"""Where a clause ends: punctuation, or a dash set off by spaces ("falsches Fenster – das war mein Passwort")."""

STRIP = ".,!?;:…\"'“”„«»()[]{}*_~`|¿¡"
_WRAPPERS = (("```", "```"), ("`", "`"), ("||", "||"), ("**", "**"), ('"', '"'), ("'", "'"), ("“", "”"), ("«", "»"))
_WRAPPER_STARTS = frozenset(opening[0] for opening, _closing in _WRAPPERS)
STRONG_ENDINGS = (":", "=", "->", "→", "：", "=>")

_DATA = tomllib.loads((Path(__file__).parent / "data" / "conversation.toml").read_text(encoding="utf-8"))


_Phrases = dict[str, list[tuple[tuple[str, ...], str]]]


def _phrases(kinds: dict[str, list[str]]) -> _Phrases:
    """Each kind's phrases, by their first word (longest first), for a look-up per word of a message."""
    by_first: _Phrases = {}
    for kind, phrases in kinds.items():
        for phrase in phrases:
            words = tuple(phrase.casefold().split())
            by_first.setdefault(words[0], []).append((words, kind))
    for candidates in by_first.values():
        candidates.sort(key=lambda c: len(c[0]), reverse=True)
    return by_first


_PASSWORD_WORDS = [
    word.rstrip("?") for kind in ("password", "wifi", "login") for word in words_of_kind(kind) if not word.endswith("*")
]
"""The vocabulary's words for a password, a wifi key and a login (stems left out: a phrase is matched word for word)."""
_PIN_PHRASES = [word.rstrip("?") for word in words_of_kind("pin") if " " in word and not word.endswith("*")]
"""The vocabulary's phrases for a PIN ("namba ya siri", "الرقم السري"): its single words are looked up as they come."""
KINDS = _phrases(
    {
        **_DATA["kinds"],
        "password": [*_PASSWORD_WORDS, *_DATA["kinds"]["password"]],
        "code": [*_DATA["kinds"]["code"], *_PIN_PHRASES],
    }
)
QUALIFIED = _phrases({"code": _DATA["qualified"]["code"]})
PUBLIC_CODES = frozenset(_DATA["qualified"]["public"])
PHRASE_KINDS = frozenset(_DATA["phrase_kinds"]["words"])
PHRASE_KIND_IN = re.compile(literal_trie(sorted(PHRASE_KINDS)))
"""Whether a text names a phrase kind anywhere (a security question, a passphrase): one search, before reading it."""
POSSESSIVE_AFTER = frozenset(_DATA["announce"]["possessive_after"])
UNSPACED: tuple[tuple[str, str], ...] = tuple((w, kind) for kind, ws in _DATA["unspaced"].items() for w in ws)
WEAK = frozenset(_DATA["announce"]["weak"])
CONNECTORS = frozenset(_DATA["announce"]["connectors"])
NAMING = frozenset(_DATA["announce"]["naming"])
QUALIFIERS = frozenset(_DATA["announce"]["qualifiers"])
UNSPACED_CONNECTORS = frozenset(c for c in CONNECTORS if not c.isascii())
POINTERS = frozenset(_DATA["reveal"]["pointers"])
DEMONSTRATIVES = frozenset(_DATA["reveal"]["demonstratives"])
UNSPACED_DEMONSTRATIVES = tuple(d for d in DEMONSTRATIVES if not any(c.isascii() for c in d) and " " not in d)
FILLERS = frozenset(_DATA["reveal"]["fillers"])
LOCK_NUMBERS = frozenset(_DATA["reveal"]["lock_numbers"])
TRAILERS = frozenset(_DATA["reveal"]["trailers"]) | FILLERS
NOT_VALUES = frozenset(_DATA["answers"]["not_values"])
NOT_A_LABEL = frozenset(_DATA["announce"]["not_a_label"])
LABEL_OPENERS = frozenset(_DATA["announce"]["label_openers"])
LEAD_IN = frozenset(_DATA["announce"]["lead_in"])
LEAD_CONNECTORS = frozenset(_DATA["announce"]["lead_connectors"])
HANDING = frozenset(_DATA["announce"]["handing"])
KINDLESS_REVEALS = tuple(_DATA["reveal"]["kindless"])
KINDLESS_REVEAL_IN = re.compile(literal_trie(list(KINDLESS_REVEALS)))
"""Whether a (case-folded) message holds one of the markers, in one search."""
DATA_NOT_THE_SECRET: list[str] = _DATA["reveal"]["not_the_secret"]
ASKED: dict[str, list[str]] = _DATA["asked"]
"""What a question or a label names a value by, with no secret word (:mod:`utils.privacy._conversation_asked`)."""
PARTS: dict[str, list[str]] = _DATA["parts"]
"""Words for a value's parts and their order (:mod:`utils.privacy._conversation_parts`)."""
QUESTION_WORDS = frozenset(ASKED["question_words"])
ASSENT = frozenset(_DATA["named"]["assent"])
"""Words of assent a value may follow in a reply ("ya 614 093") (:mod:`utils.privacy._conversation_named`)."""
FOUND = frozenset(_DATA["named"]["found"])
"""Words saying the member found the value ("เจอแล้ว 6619"): a number may follow them too."""
LOCKS = frozenset(_DATA["named"]["locks"])
LOCKS_UNSPACED: tuple[str, ...] = tuple(_DATA["named"]["locks_unspaced"])
"""What a code opens (a padlock, an alarm): a message naming one names its code."""
"""A message opening with one of these asks, question mark or not ("which server", "how do i log in")."""
QUALIFIED_WORD = re.compile(r"(?<!\w)(?:" + "|".join(re.escape(w) for w in _DATA["qualified"]["code"]) + r")(?!\w)")
"""A code word in a lead ("the lobby code") leaves it to the reading that knows public codes."""
YEAR = re.compile(r"(?:19|20)\d\d")
KINDLESS_LEAD_WORDS = 8
"""A lead that names nothing hands a value over in a few words ("for the shed", "mom's netflix")."""
KINDLESS_MIN_WORD = 6
KINDLESS_MIN_LOWER = 3
KINDLESS_REVEAL_WORDS = 10


@dataclass
class Said:
    at: float
    text: str
    """As written (an aside or a value the screen took out still tells what it announced); what the conversation
    found in it later is scrubbed out of it."""
    message_id: int | None
    lone: bool = False
    """The message was one bare value (:func:`may_be_revealed`): only then may a next message naming no kind reveal it."""
    values: tuple[tuple[str, str], ...] = ()
    """The secrets the message gave, as screened: the same value typed again in a later one is the same secret."""


# ---------------------------------------------------------------------- reading a message's words
def bare_words(text: str) -> list[str]:
    """Lower-case words with the punctuation around them dropped ("password:" → "password"; "^" stays)."""
    return [w for w in (word.strip(STRIP) for word in text.casefold().split()) if w]


def kind_at(words: list[str], index: int, kinds: _Phrases = KINDS) -> tuple[int, str] | None:
    """The kind named by a phrase starting at ``words[index]``, and where the phrase ends.

    A word no phrase starts with is looked up in the secret vocabulary too (every language, its inflections and
    compounds: "salasanani", "pinkoden", "пін"), so the conversation knows every word the screen knows."""
    word = words[index]
    candidates = [word, word.rsplit("-", 1)[-1]] if "-" in word else [word]
    if kinds is QUALIFIED and word not in kinds and not word.isascii():  # "והקוד", "לקוד": a code word, its clitic
        candidates += [form for form, _languages in bare_forms(word)]
    for candidate in candidates:
        for phrase, kind in kinds.get(candidate, ()):
            if len(phrase) == 1 or tuple(words[index : index + len(phrase)]) == (candidate, *phrase[1:]):
                return index + len(phrase), kind
    if kinds is KINDS:
        found = vocabulary_kind(word)
        if found is not None:
            return index + 1, found[0]
    return None


CONVERSATION_KINDS = {
    "password": "password", "wifi": "password", "login": "password", "pin": "code", "cvv": "card", "card": "card",
    "bank-account": "bank-account", "id-number": "id-number", "passport": "id-number", "tax-id": "id-number",
    "licence": "id-number", "api-key": "api-key", "seed-phrase": "seed-phrase",
}  # fmt: skip
"""The conversation's kind for each kind of the vocabulary; a bare "code" is left to the reading of qualified codes."""


@memoised(16384)
def vocabulary_kind(word: str) -> tuple[str, bool] | None:
    """The conversation kind of one word of the vocabulary, and whether the word is also an ordinary one."""
    if len(word) < 2 or word.isdigit():
        return None
    entry = kind_of_word(word)
    if entry is not None and entry.kind == "code" and opens_a_lock(keyword_form(word).text):
        return "code", False  # "ovikoodimme", "Garagentorcode": a code named by what it opens is a secret's
    if entry is None or entry.kind not in CONVERSATION_KINDS:
        return None
    return CONVERSATION_KINDS[entry.kind], entry.ambiguous


def unspaced_kind(text: str) -> tuple[int, int, str] | None:
    """The last kind written in a script without spaces (パスワード, 密码), as a span of ``text``."""
    best = None
    for word, kind in UNSPACED:
        at = text.rfind(word)
        if at != -1 and (best is None or at > best[0]):
            best = (at, at + len(word), kind)
    return best


def names_what(word: str) -> bool:
    """A word saying what a secret opens: "for", "von", "de", and an elided article ("dell'armadietto", "d'accès")."""
    return word in NAMING or word.startswith(_ELIDED_NAMING)


_ELIDED_NAMING = ("dell'", "dell’", "dall'", "all'", "d'", "d’", "de l'", "del'", "dello")


def lone_value(text: str) -> tuple[str, bool] | None:
    """The one value a message is, and whether it stands apart (quoted, in backticks or a spoiler, spaced digits)."""
    value, wrapped = text.strip(), False
    if len(value) > SHORT_MESSAGE_CHARS or value.count(" ") >= _PASSPHRASE_WORDS + 2 or "[redacted:" in value:
        return None
    for opening, closing in _WRAPPERS if value[:1] in _WRAPPER_STARTS else ():
        if len(value) > len(opening) + len(closing) and value.startswith(opening) and value.endswith(closing):
            value, wrapped = value[len(opening) : -len(closing)].strip(), True
            break
    if SPACED_DIGITS.fullmatch(value):
        return value, True  # "1 9 0 4 #", "6-2-9-1"
    if pair := _PAIR.fullmatch(value):
        return pair.group("value"), True
    if " " in value or "\n" in value:
        return (value, True) if len(value.split()) <= _PASSPHRASE_WORDS else None
    return value.rstrip(".,!;?"), wrapped


def kindless_kind(value: str) -> str:
    return "code" if value.replace(" ", "").rstrip("#*").replace("-", "").isdigit() else "password"


def may_be_revealed(text: str) -> bool:
    """Whether a message is one bare value a later message may reveal as a secret: digits ("5519", "6-2-9-1") or a
    word with digits, symbols or inner capitals ("Gr33nTeaLatte"), alone or wrapped in quotes or backticks."""
    lone = lone_value(text)
    if lone is None:
        return False
    value = lone[0]
    if SPACED_DIGITS.fullmatch(value):
        return True
    return len(value) >= MIN_VALUE and not any(c.isspace() for c in value) and plausible(value)


def is_sentence(value: str) -> bool:
    """A "word" of a script written without spaces that is a sentence ("我和表哥一起玩"), not a value."""
    return bool(SENTENCE_END.search(value)) or len(_UNSPACED_SCRIPT.findall(value)) > _UNSPACED_WORD_CHARS


def plausible(value: str) -> bool:
    """A bare word that may be a value on its own: a digit, a symbol, or capitals inside a word ("AGAIN" is shouted)."""
    if not any(c.isascii() and c.isalnum() for c in value) or SENTENCE_END.search(value):
        return False  # "兄が解雇された。" is a sentence, not a value
    return looks_like_a_secret(value) and not (value.isalpha() and value.isupper())
