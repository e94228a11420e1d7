"""Named, then given: a short message names a secret anywhere in it, and the next one holds its value among a few
words (:mod:`utils.privacy.conversation`).

The reading of announcements wants the secret's word at the end of the message ("my PIN:"); members put it anywhere
and in any word order: asked for ("kode brankas kantor berapa ya", "شو رمز القفل تبع الشنطة"), remembered ("mi
ricordi il codice del bancomat che ti ho dato"), changed ("nire pasahitza aldatu dut"), handed over ("backup codes
for my 2fa"). What carries across languages is the shape of the exchange, not its words: the earlier message names a
kind of secret (the whole secret vocabulary, the code words, the scripts written without spaces) and gives no value
of its own; the reply is short and holds exactly one word no one says as a word — a PIN-length number in any digits,
digits spaced or grouped, letters mixed with digits or symbols ("3908, ma non dirlo a nessuno", "orain
Plug.9433clever da") — or is a list of such words, one a line. A public code ("lobby code", "code postal", "friend
code"), a year, a measure, a number as long as a phone's, a host and its port are no value; a reply with two
candidates gives none.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from utils.privacy._conversation_asked import NOT_ASKING, secret_word
from utils.privacy._conversation_locked import lone_code_after_lock, named_thing
from utils.privacy._conversation_words import (
    ASKED,
    ASSENT,
    CONNECTORS,
    FILLERS,
    FOUND,
    HANDING,
    LEAD_CONNECTORS,
    LEAD_IN,
    LOCKS,
    LOCKS_UNSPACED,
    PUBLIC_CODES,
    QUALIFIED,
    QUESTION_WORDS,
    SHORT_MESSAGE_CHARS,
    STRIP,
    YEAR,
    Said,
    bare_words,
    kind_at,
    unspaced_kind,
    vocabulary_kind,
)
from utils.privacy.memoised_lines import memoised

MAX_NAMING_WORDS = 16
MAX_REPLY_WORDS = 8
MAX_DIGITS = 8
"""Digits of a PIN, a lock's or a door's code; more is a phone, an account or a card, which the screen reads alone."""
PUBLIC_AROUND = 3
"""Words either side of a code word that may say it is a public one ("the code for the discount", "zip code")."""
_MEASURES = frozenset(ASKED["measures"])
_MAY_HOLD = re.compile(r"\d|[^\w\s][^\s]*[^\w\s]")
"""The cheap gate on the reply: every value read here has a digit or two symbols."""
_UNSPACED = "\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af\u0e00-\u0e7f"
_GLUED = re.compile(rf"(?<=[0-9A-Za-z!#@$%&*_.-])(?=[{_UNSPACED}])|(?<=[{_UNSPACED}])(?=[0-9A-Za-z])")
"""Where a value meets a script written without spaces ("4829だよ", "是902614"): read as two words."""
_GROUPED = re.compile(r"(?<![\w.,:/-])\d+(?:(?:\s?[-.]\s?|\s)\d+)+(?:\s?[#*])?(?![\w.,:/-])")
"""Digits in spaced or dashed groups ("1 9 7 8 - 0 4", "614 093", "0-4-6-2")."""
_HOST = re.compile(r"(?i)[a-z0-9-]+(?:\.[a-z0-9-]+)*\.(?:[a-z]{2,6}|[a-z0-9-]+:\d{2,5})")
"""A host, with or without its port ("play.example.net:25565", "mc.server.gg"): where to go, not a value."""


def _elided(word: str) -> str:
    return word.split("'", 1)[-1].split("’", 1)[-1]


@memoised(4096)
def names_a_secret(text: str) -> str | None:
    """The kind a short message names anywhere in it, when it gives no value of its own (cached: a message is read
    once as the earlier one, however many replies follow it)."""
    if len(text) > SHORT_MESSAGE_CHARS or "[redacted:" in text:
        return None
    words = bare_words(text)
    if not words or len(words) > MAX_NAMING_WORDS:
        return None
    kind = _kind_named(text, words)
    if kind is None or any(secret_word(word) for word in text.split()):
        return None  # a message with a value of its own is read alone, or by the readings of announcements
    return kind


def _kind_named(text: str, words: list[str]) -> str | None:
    for index, word in enumerate(words):
        found = vocabulary_kind(word)
        if found is not None and found[1]:
            continue  # "the wifi is slow": a word that is also an ordinary one names no secret by itself
        named = kind_at(words, index)
        if named is not None:
            return named[1]
        if kind_at(words, index, QUALIFIED) is not None and not _public(words, index):
            return "code"
    if any(word in LOCKS or word.rsplit("-", 1)[-1] in LOCKS for word in words) or _names_a_thing(text, words):
        return "code"  # "the padlock on the storage unit", "hytte-alarmen", "a garázskapu": what the code opens
    if text.isascii():
        return None
    named_unspaced = unspaced_kind(text)
    if named_unspaced is None and any(lock in text for lock in LOCKS_UNSPACED):
        return "code"
    return None if named_unspaced is None else named_unspaced[2]


def _names_a_thing(text: str, words: list[str]) -> bool:
    """A lock or a place a code opens, unless a question asks about the thing itself ("how much did the padlock cost?",
    "magkano padala mo sa GCash?", "when does the gate close?"): its answer is a price, an amount, a time."""
    if named_thing(text) is None:
        return False
    asking = "?" in text or "？" in text or words[0] in QUESTION_WORDS
    return not (asking and NOT_ASKING.search(text.casefold()))


def _public(words: list[str], index: int) -> bool:
    around = words[max(0, index - PUBLIC_AROUND) : index] + words[index + 1 : index + 1 + PUBLIC_AROUND]
    return any(word in PUBLIC_CODES or _elided(word) in PUBLIC_CODES for word in around)


def _value(word: str) -> str | None:
    value = secret_word(word)
    if value is None or _HOST.fullmatch(value.rstrip(STRIP)) or _dated(value):
        return None
    digits = sum(c.isdigit() for c in value)
    return value if digits <= MAX_DIGITS and not YEAR.fullmatch(value) else None


_LEADS = CONNECTORS | LEAD_CONNECTORS | LEAD_IN | HANDING | FILLERS | ASSENT | FOUND


def _led(words: list[str], index: int) -> bool:
    """A number opens the reply or follows a word that hands a value over ("c'est 4417", "new one's 0815#", "是
    902614"); after any other word it numbers that word ("room 2104", "oda 4012", "msg #4471", "打 10086")."""
    if index == 0 or words[index - 1].endswith(":"):
        return True  # "deaktivering: 4 4 0 1": a label's colon hands the value over
    before = words[index - 1].strip(STRIP).casefold()
    for suffix in ("'s", "’s"):
        before = before.removesuffix(suffix)
    return before in _LEADS or before[-1:] in _LEADS


def _dated(value: str) -> bool:
    """Groups of digits one of which is a year ("14.03.1998", "2024-05-01"): a date."""
    groups = _SEPARATORS.split(value)
    return len(groups) > 1 and any(YEAR.fullmatch(group) for group in groups)


_SEPARATORS = re.compile(r"[\s./-]+")


def _grouped(text: str) -> str | None:
    found = [m.group().strip() for m in _GROUPED.finditer(text)]
    if len(found) != 1 or _dated(found[0]):
        return None
    digits = "".join(c for c in found[0] if c.isdigit())
    return found[0] if 4 <= len(digits) <= MAX_DIGITS else None


MAX_KEY_WORDS = 3


def _with_key_after(grouped: str, text: str) -> str:
    """A keypad code with the key pressed after it ("1 3 3 7 και μετά #", "4471 then *"): the key and the words
    leading to it are the code's own end."""
    after = text[text.index(grouped) + len(grouped) :].strip()
    if after[-1:] in ("#", "*") and 0 < len(after.split()) <= MAX_KEY_WORDS:
        return text[text.index(grouped) :].strip()
    return grouped


def reply_values(text: str) -> list[str]:
    """The values a short reply gives: its one secret-looking word or group of digits, or every line of a list of
    codes ("fl2b-jq40\\ntw6g-bcb1")."""
    stripped = text.strip()
    if len(stripped) > SHORT_MESSAGE_CHARS // 2 or "[redacted:" in stripped or not _MAY_HOLD.search(stripped):
        return []
    lines = [line.strip() for line in stripped.splitlines() if line.strip()]
    if len(lines) > 1:
        listed = [_value(line) if " " not in line else None for line in lines]
        return [v for v in listed if v is not None] if all(listed) and len(set(listed)) == len(listed) else []
    spaced = _GLUED.sub(" ", stripped)
    words = spaced.split()
    if len(words) > MAX_REPLY_WORDS or any(w.strip(STRIP).casefold() in _MEASURES for w in words):
        return []
    grouped = _grouped(spaced)
    if grouped is not None:
        before = spaced[: spaced.index(grouped)].split()
        if before[-1:] in (["*"], ["#"]):  # "*47 31 #": a keypad code opened with its key
            before = before[:-1]
        return [_with_key_after(grouped, spaced)] if _led([*before, grouped], len(before)) else []
    found = [(index, value) for index, word in enumerate(words) if (value := _value(word)) is not None]
    if len(found) != 1:
        return []
    index, value = found[0]
    numeric = value.replace(" ", "").isdigit()
    return [value] if not numeric or _led(words, index) else []


def given_after_naming(window: Iterable[Said], text: str) -> list[tuple[str, str]]:
    """The values ``text`` gives when the message before it (or the one before an aside) named a secret; a lone
    three-digit number is a lock's code there ("شو رمز القفل تبع الشنطة" / "٨٣٦"), though too short to read alone."""
    said = list(window)
    kind = names_a_secret(said[-1].text) if said else None
    if kind is None and len(said) > 1 and _aside(said[-1].text):
        kind = names_a_secret(said[-2].text)
    if kind is None:
        return []  # the earlier message first: read once (cached), most name no secret
    values = reply_values(text)
    if not values and _SHORT_CODE.fullmatch(text.strip()) and (_named_by_word(said) or named_thing(said[-1].text) != "place"):
        values = [text.strip()]
    if not values:
        code = lone_code_after_lock(said[-1].text, text)
        values = [code] if code is not None else []
    return [(value, kind) for value in values]


def _named_by_word(said: list[Said]) -> bool:
    """The message before names a secret by a word of its own, not only by a place it opens (a locker, a gate): three
    digits after "which locker?" are the locker's number."""
    words = bare_words(said[-1].text)
    return any(kind_at(words, index) is not None for index in range(len(words)))


_SHORT_CODE = re.compile(r"\d{3}")
"""A message that is three digits alone (any numeral system): a combination lock's code."""
MAX_ASIDE_WORDS = 6


def _aside(text: str) -> bool:
    """A message of a few words with no digit, no value and no question between the naming and the value ("one sec",
    "hmm", "not the old one", "don't tell Nikos"): the member still holds the value back."""
    if "?" in text or "？" in text or len(text.split()) > MAX_ASIDE_WORDS:
        return False
    return not any(c.isdigit() for c in text) and not YEAR.search(text) and not any(secret_word(w) for w in text.split())
