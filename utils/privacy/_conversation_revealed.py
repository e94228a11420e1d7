"""Given, then revealed: a short message says an earlier one was a secret ("that was my bank pin btw", "^ my wifi
password") (:mod:`utils.privacy.conversation`)."""

from __future__ import annotations

import re
from collections.abc import Iterable

from utils.privacy import vocabulary
from utils.privacy._conversation_announced import reads_as_a_secret
from utils.privacy._conversation_locked import LOCK, things
from utils.privacy._conversation_words import (
    ASKED,
    CLAUSES,
    CONVERSATION_KINDS,
    DATA_NOT_THE_SECRET,
    DEMONSTRATIVES,
    FILLERS,
    KINDLESS_REVEAL_IN,
    KINDLESS_REVEAL_WORDS,
    KINDS,
    LABEL_OPENERS,
    LOCK_NUMBERS,
    MAX_BETWEEN,
    MAX_NAMED,
    MIN_VALUE,
    NOT_VALUES,
    POINTERS,
    POSSESSIVE_AFTER,
    QUALIFIED,
    QUALIFIED_WORD,
    REACTION,
    REVEAL_MAX_WORDS,
    SHORT_MESSAGE_CHARS,
    STRIP,
    TRAILERS,
    UNSPACED,
    UNSPACED_DEMONSTRATIVES,
    UNSPACED_REST,
    YEAR,
    Said,
    bare_words,
    kind_at,
    kindless_kind,
    lone_value,
    may_be_revealed,
    names_what,
    plausible,
    unspaced_kind,
    vocabulary_kind,
)
from utils.privacy._secret_values import looks_like_a_secret
from utils.privacy.screen import PLACEHOLDER


def _reveals(text: str) -> str | None:
    """The kind a short message says an earlier message was ("that was my bank pin btw", "^ my wifi password")."""
    if len(text) > SHORT_MESSAGE_CHARS or not _may_name_a_kind(text) or _gives_own_value(text):
        return None
    for clause in CLAUSES.split(text):
        kind = _clause_reveals(clause)
        if kind is not None:
            return kind
    return _reveals_unspaced(text)


def _may_name_a_kind(text: str) -> bool:
    """The cheap gate: one dictionary look-up per word (and, outside ASCII, a few substrings), most lines stop here."""
    words = bare_words(text)
    if any(w in KINDS or ("-" in w and w.rsplit("-", 1)[-1] in KINDS) or vocabulary_kind(w) for w in words):
        return True
    return not text.isascii() and any(word in text for word, _kind in UNSPACED)


def _gives_own_value(text: str) -> bool:
    """A message with a value of its own ("my password is now X7-b") is read alone by the screen."""
    for word in text.split():
        bare = word.strip(STRIP)
        ascii_alnum = sum(c.isascii() and c.isalnum() for c in bare)
        if "[redacted:" not in word and looks_like_a_secret(bare) and ascii_alnum >= (1 if bare.isascii() else _GLUED_ASCII):
            if (bare.replace("-", "").isalpha() and len(bare) < _NAME_LIKE) or vocabulary_kind(bare.casefold()):
                continue  # "GCash", "M-Pesa", "Wi-Fi": a name written with capitals, not a value
            return True
    return False


_NAME_LIKE = 10
_GLUED_ASCII = 3
"""ASCII letters and digits a word of another script must hold to give a value of its own: "↑パスワードw" laughs."""
"""Letters only, shorter than this: a brand or a place ("GCash", "PayPal"), not a value given in the message."""


def _clause_reveals(clause: str) -> str | None:
    words = bare_words(clause)
    if not words or len(words) > REVEAL_MAX_WORDS:
        return None
    for index in range(len(words)):
        named = kind_at(words, index)
        if named is None:
            continue
        end, kind = named
        after = words[end:]
        if after and after[0] not in TRAILERS and not (len(after) <= 3 and any(w in POSSESSIVE_AFTER for w in after)):
            return None  # "that's my password manager"; but "đó là mật khẩu facebook của tao"
        return kind if _points_back(words[:index]) else None
    return None


def _points_back(before: list[str]) -> bool:
    if any(w in POINTERS for w in before):
        return True
    leading = 0
    while leading < len(before) and before[leading] in FILLERS:
        leading += 1
    return leading < len(before) and before[leading] in DEMONSTRATIVES and len(before) - leading - 1 <= MAX_BETWEEN


def _reveals_unspaced(text: str) -> str | None:
    named = unspaced_kind(text)
    if named is None or len(text) > SHORT_MESSAGE_CHARS // 4:
        return None
    before, after = text[: named[0]], CLAUSES.split(text[named[1] :], maxsplit=1)[0].strip()
    if len(after) > UNSPACED_REST + 1:
        return None  # "パスワードは絶対に人に教えないで" (never tell anyone your password) points nowhere
    pointed = before.lstrip()[:1]
    return named[2] if any(d in before for d in UNSPACED_DEMONSTRATIVES) or (pointed and pointed in "^↑") else None


def _candidates(text: str) -> list[str]:
    """The words of an earlier message that may be the secret a later one revealed.

    A message of one or two words is the value itself ("sunshine"); in a longer one only the
    words that look like a secret ("log in with Summer2024!").
    """
    words = [w.strip(STRIP) for w in text.split() if not PLACEHOLDER.search(w)]
    words = [w for w in words if len(w) >= MIN_VALUE and any(c.isalnum() for c in w) and not REACTION.fullmatch(w.casefold())]
    if len(text.split()) <= 2:
        return [w for w in words if w.casefold() not in NOT_VALUES and w.casefold() not in KINDS]
    return [w for w in words if looks_like_a_secret(w)]


def chatter(said: Said) -> bool:
    """A message of a word or two with no value in it ("brb", "hold on", "moment", "ちょっと待って"): what a member
    sends between a value and the message saying what it was."""
    text = said.text.strip()
    if said.lone or said.values or "[redacted:" in text or len(text) > _CHATTER_CHARS:
        return False
    words = text.split()
    return len(words) <= _CHATTER_WORDS and not any(plausible(w.strip(STRIP)) for w in words)


_CHATTER_WORDS = 3
_CHATTER_CHARS = 30


def last_lone(window: Iterable[Said], text: str) -> Said | None:
    """The lone value ``text`` may say something of: the message just before, or the newest lone value when only
    chatter came after it ("8830" / "wait" / "hold on") and ``text`` points back past it ("that number up there",
    "das oben", "lo de arriba"); a message naming a secret after chatter ("never tell anyone your password") points
    at nothing."""
    said = list(window)
    if said and said[-1].lone:
        return said[-1]
    if not said or not chatter(said[-1]) or not (_points(text) or _opens_with_a_kind(text)):
        return None
    for earlier in reversed(said):
        if earlier.lone:
            return earlier
        if not chatter(earlier):
            return None
    return None


def _points(text: str) -> bool:
    """A word pointing back at something said ("that", "^", "oben", "выше", "さっき")."""
    words = bare_words(text)
    if any(w in POINTERS or w in DEMONSTRATIVES for w in words):
        return True
    return any(d in text for d in UNSPACED_DEMONSTRATIVES) or any(p in text for p in ("^", "↑", "☝"))


def _opens_with_a_kind(text: str) -> bool:
    """Whether a message opens by naming a kind of secret, as a label does ("password del router", "portkoden
    alltså", "my bank pin btw"): said after a lone value and a word or two of chatter, it names the value; a sentence
    that names one further on ("never tell anyone your password") does not."""
    words = bare_words(CLAUSES.split(text, maxsplit=1)[0])
    if len(words) <= _SHORT_LABEL:  # "netflix pw", "alarm pin lol": a label of a few words, its kind anywhere
        return any(kind_at(words, index) is not None for index in range(len(words)))
    opening = 0
    while opening < len(words) - 1 and (words[opening] in LABEL_OPENERS or words[opening] in FILLERS):
        opening += 1
    return bool(words) and len(words) <= MAX_NAMED and kind_at(words, opening) is not None


_SHORT_LABEL = 3


def _labels_the_lone_value(window: Iterable[Said], text: str) -> str | None:
    """The kind a message names right after a lone value, when it opens by naming it ("clave del cajero, no la
    compartas", "safe combination, just in case"): a label for what was just sent, with no pointer needed."""
    said = list(window)
    if last_lone(said, text) is None or len(text) > SHORT_MESSAGE_CHARS or _gives_own_value(text):
        return None
    first = CLAUSES.split(text, maxsplit=1)[0]
    words = bare_words(first)
    if not words or len(words) > MAX_NAMED:
        return None
    opening = 0
    while opening < len(words) - 1 and (words[opening] in LABEL_OPENERS or words[opening] in FILLERS):
        opening += 1
    named = kind_at(words, opening)
    if named is None:
        named = kind_at(words, opening, QUALIFIED)
        if named is None or not (named[0] < len(words) and names_what(words[named[0]])):
            return None
    rest = words[named[0] :]
    return named[1] if not rest or names_what(rest[0]) or rest[0] in TRAILERS or rest[0] in POSSESSIVE_AFTER else None


def _names_the_lone_value(window: Iterable[Said], text: str) -> str | None:
    """The kind a short message names anywhere right after a lone value ("sorry, falsches Fenster – das war mein
    Passwort", "naka-paste, PIN ko yun sa GCash", "↑ 이거 내 카드 비번임 지워줘"): a member who sends one bare value
    and then, in a few words and no value of their own, names a kind of secret is saying what it was, whatever the
    word order or the language (the whole secret vocabulary, its phrases and unspaced scripts, is read)."""
    if last_lone(window, text) is None or len(text) > SHORT_MESSAGE_CHARS // 2 or len(text.split()) > REVEAL_MAX_WORDS:
        return None
    if _gives_own_value(text):
        return None
    for word in vocabulary.find(text):
        if word.entry.ambiguous:
            continue  # "the wifi is slow" after "1080p": a word that is also an ordinary one names nothing here
        after = bare_words(text[word.end :])[:1]
        if after and after[0] in _NOT_THE_SECRET:
            continue  # "password manager", "pin code reset": something about secrets, not the value
        kind = CONVERSATION_KINDS.get(word.kind)
        if kind is None and word.kind == "code":
            named = vocabulary_kind(text[word.start : word.end].casefold())  # "alarmcode", "portkoden": what it opens
            kind = named[0] if named is not None else None
        if kind is not None:
            return kind
    return None


_NOT_THE_SECRET = frozenset(DATA_NOT_THE_SECRET)


def _names_the_code_of_a_thing(window: list[Said], text: str) -> str | None:
    """A code, when a short message right after a lone value names a lock, or a word for a code with the thing it
    opens, in a clause of its own ("c'est le code de la boîte à clés", "era il codice del cancello", "자전거 자물쇠
    번호"): the member says what they just sent opens, whatever else the message says. A place alone ("it's the door
    to the kitchen"), a code alone ("that's the code of conduct"), a question, a number of its own or a price ("that's
    what the bike lock cost") names no secret."""
    pointed = last_lone(window, text)
    if pointed is None or len(text) > SHORT_MESSAGE_CHARS // 2 or len(text.split()) > REVEAL_MAX_WORDS:
        return None
    if any(c.isdigit() or c in "?？؟" for c in text) or any(w in _MEASURES for w in bare_words(text)):
        return None
    if (lone := lone_value(pointed.text)) is None or YEAR.fullmatch(lone[0]):
        return None  # "2004" / "the year the safe was made"
    for clause in CLAUSES.split(text):
        folded = clause.casefold()
        named = {kind for _start, _end, kind in things(folded)}
        if named and QUALIFIED_WORD.search(folded):
            return "code"
        if LOCK in named and (any(w in LOCK_NUMBERS for w in bare_words(folded)) or _LOCK_NUMBER_IN.search(folded)):
            return "code"
    return None


_LOCK_NUMBER_IN = re.compile("|".join(sorted((w for w in LOCK_NUMBERS if not w.isascii() and " " not in w), key=len)[::-1]))
"""A number word of a script written without spaces, found inside a longer run ("家のキーボックスの番号")."""


_MEASURES = frozenset(ASKED["measures"])


def revealed(window: Iterable[Said], text: str) -> list[tuple[str, str]]:
    """Values of the newest earlier message that ``text`` reveals as a secret, with the kind it names."""
    window = list(window)
    kind = (
        _reveals(text)
        or _labels_the_lone_value(window, text)
        or _names_the_lone_value(window, text)
        or _names_the_code_of_a_thing(window, text)
    )
    if kind is None:
        return []
    pointed = last_lone(window, text)
    lone = lone_value(pointed.text) if pointed is not None else None
    if lone is not None:
        return [(lone[0], kind)]
    for earlier in reversed(list(window)):
        if _reveals(earlier.text) is not None:
            continue
        lone = lone_value(earlier.text) if earlier.lone else None
        values = [lone[0]] if lone is not None else _candidates(earlier.text)
        if values:
            return [(value, kind) for value in values]
    return []


def revealed_without_kind(window: Iterable[Said], text: str) -> list[tuple[str, str]]:
    """A lone value taken back or weighed right after it was sent: "oops wrong chat", "ignore that", "is that strong
    enough?". Nothing names a kind; the value had no words around it, and the member treats it as something not
    meant to be seen, or as a password to judge."""
    said = list(window)
    if not said or len(text) > SHORT_MESSAGE_CHARS // 2:
        return []
    earlier = said[-1].text
    if not said[-1].lone and (len(earlier) > SHORT_MESSAGE_CHARS // 2 or earlier.count(" ") >= _FEW_WORDS):
        return []  # the cheap gate: only a lone value or a message of a few words may be taken back
    folded = text.casefold()
    if not KINDLESS_REVEAL_IN.search(folded) or len(bare_words(text)) > KINDLESS_REVEAL_WORDS:
        return []
    lone = lone_value(earlier) if said[-1].lone else None
    value = _the_one_secret_word(earlier) if lone is None or not may_be_revealed(earlier) else lone[0]
    if value is None:
        return []
    if _UNSPACED.search(value) and sum(c.isdigit() for c in value) < _UNSPACED_DIGITS:
        return []  # "集合は8時" / "ごめん間違えた 8時半": a sentence of a script written without spaces, one number in it
    return [(value, kindless_kind(value))]


_FEW_WORDS = 6
_UNSPACED = re.compile(r"[\u0e00-\u0e7f\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]")
_UNSPACED_DIGITS = 2
"""Digits a lone "value" of a script written without spaces must hold to be taken back as one ("大熊猫2024"): with one,
it is a sentence with a time or a count in it."""


def _the_one_secret_word(text: str) -> str | None:
    """The one word of a short message that reads as a secret ("new one: Kettle-Harbor-91" before "is that strong
    enough?"): a message of a few words with exactly one such word gave it."""
    words = [w.strip(STRIP) for w in text.split()]
    if len(words) > _FEW_WORDS or "[redacted:" in text:
        return None
    found = [w for w in words if reads_as_a_secret(w)]
    return found[0] if len(found) == 1 else None
