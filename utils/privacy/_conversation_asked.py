"""Asked, then answered: a member names what a value opens in a question or a label, with no secret word, and gives
the value in the message next to it (:mod:`utils.privacy.conversation`).

"what's the wifi?" / "it's BlueMoon-44", "door?" / "4471", "¿y la puerta?" / "1948": the question names a door, a
gate, a network, an account — something opened with a value — and the next message (or the one after a filler, "one
sec") holds exactly one word that reads as a secret. The other order labels a bare value just sent: "4471" /
"that's for the door", "Medved_2024" / "это от вайфая". Ordinary exchanges of the same shape pass: a question that
names nothing opened ("which map?" / "Dust2", "ranked?" / "yeah Diamond2"), an answer with no secret's look ("door?"
/ "it's open, just push"), a label that is a sentence ("the door was open").
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from utils.privacy._conversation_announced import reads_as_a_secret
from utils.privacy._conversation_locked import first_thing, named_thing
from utils.privacy._conversation_words import (
    ASKED,
    CLAUSES,
    NAMING,
    QUESTION_WORDS,
    REACTION,
    SHORT_MESSAGE_CHARS,
    SPACED_DIGITS,
    STRIP,
    YEAR,
    Said,
    bare_words,
    kind_at,
    kindless_kind,
    lone_value,
)
from utils.privacy.memoised_lines import memoised
from utils.privacy.rule import literal_trie

_UNSPACED_SCRIPT = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\u0e00-\u0e7f]")
_SPACED_OPENERS = [w for w in ASKED["openers"] if not _UNSPACED_SCRIPT.search(w)]
_UNSPACED_OPENERS = tuple(w for w in ASKED["openers"] if _UNSPACED_SCRIPT.search(w))
_OPENER = re.compile(r"(?<![^\W\d_])(?:" + literal_trie(_SPACED_OPENERS) + r")(?![^\W_])")
_OPENER_IN_UNSPACED = re.compile(r"(?<![a-z])(?:wifi|wi-fi|wlan)(?![a-z])")
_POINTERS = frozenset(ASKED["label_pointers"]) | NAMING
NOT_ASKING = re.compile(r"(?<![^\W\d_])(?:" + literal_trie(ASKED["not_asking"]) + r")(?![^\W\d_])")
_MEASURES = frozenset(ASKED["measures"])
_LABEL_REST = frozenset(ASKED["label_rest"])
_MAY_HOLD = re.compile(r"\d|[^\w\s][^\s]*[^\w\s]")
"""The cheap gate: every value read here has a digit or two symbols."""
_UNIT = re.compile(r"\d+(?:[.,]\d+)?[^\W\d_]{1,5}")
"""A number with its unit glued ("940mbps", "5ghz", "100gb"): a measure, not a value."""
_AROUND = ".,;:()[]{}\"'“”«»*_`|"
"""What wraps a word in a sentence; a "!" or "#" at its end may be the value's own."""
MAX_QUESTION_WORDS = 10
MAX_ANSWER_WORDS = 6
MAX_LABEL_WORDS = 7
_COMBINATION = re.compile(r"\d{1,4}(?:[-.]\d{1,4}){1,4}")
_LETTER_AND_DIGITS = re.compile(r"[A-Z]{1,2}\d{3,6}|\d{3,6}[A-Z]")
"""A code with a block's letter ("A4417", "4417B"): more letters are a model name ("RTX4070")."""


def names_an_opener(folded: str) -> bool:
    if _OPENER.search(folded) is not None:
        return True
    if len(folded) <= SHORT_MESSAGE_CHARS and named_thing(folded) is not None:
        return True  # a lock or a place it opens ("the gun safe?", "a biciklizár"), in a short line
    if folded.isascii():
        return False
    if any(w in folded for w in _UNSPACED_OPENERS):
        return True
    return _UNSPACED_SCRIPT.search(folded) is not None and _OPENER_IN_UNSPACED.search(folded) is not None


@memoised(4096)
def asks_for_an_opener(text: str) -> bool:
    """A short question naming what a value opens ("what's the wifi?", "door?", "wie komm ich ins Haus rein?")."""
    if len(text) > SHORT_MESSAGE_CHARS // 2:
        return False
    folded = text.casefold().strip()
    if not folded or ("?" not in folded and "？" not in folded and folded.split()[0].strip(STRIP) not in QUESTION_WORDS):
        return False  # the cheap gate: no question mark, and no question word first
    words = bare_words(folded)
    if not words or len(words) > MAX_QUESTION_WORDS:
        return False
    if any(c.isdigit() for c in folded) or "[redacted:" in folded:
        return False  # "room 2580?" asks about a number it already holds
    return names_an_opener(folded) and NOT_ASKING.search(folded) is None


def secret_word(word: str) -> str | None:
    """The word itself when it reads as a secret: a PIN-length number not a year, a word mixing letters with digits
    or symbols, a combination ("14-32-08") or a code with a block's letter ("A4417")."""
    written, bare = word.strip(_AROUND), word.strip(STRIP + "#")
    if REACTION.fullmatch(written.casefold()) or "@" in written or "://" in written or _UNIT.fullmatch(written):
        return None  # a link, a mention, an address: where to look, not a value; a measure
    if reads_as_a_secret(written):
        return written  # "Movies4Mom!": the symbol is part of it
    if reads_as_a_secret(bare) or _LETTER_AND_DIGITS.fullmatch(bare):
        return bare
    if _COMBINATION.fullmatch(bare) and sum(c.isdigit() for c in bare) >= 4 and not YEAR.search(bare):
        return bare
    return None


def answer_value(text: str) -> str | None:
    """The one value a short answer holds ("it's BlueMoon-44", "Tür 4471, dann Klingel", "6 2 9 1")."""
    stripped = text.strip()
    if len(stripped) > SHORT_MESSAGE_CHARS // 2 or "[redacted:" in stripped or not _MAY_HOLD.search(stripped):
        return None
    if SPACED_DIGITS.fullmatch(stripped):
        return stripped
    words = stripped.split()
    if len(words) > MAX_ANSWER_WORDS or any(w.strip(STRIP).casefold() in _MEASURES for w in words):
        return None
    spaced = [m.group().strip() for m in SPACED_DIGITS.finditer(stripped) if " " in m.group().strip()]
    found = spaced or [value for word in words if (value := secret_word(word)) is not None]
    return found[0] if len(found) == 1 else None


def answered_after_question(window: Iterable[Said], text: str) -> tuple[str, str] | None:
    """The value ``text`` gives in answer to a question among the last messages that names what it opens, or a code
    of digits after a short label naming it ("Tastatura de la ușa blocului" / "C 2 5 1 8")."""
    said = list(window)[-2:]
    if not said or len(text) > SHORT_MESSAGE_CHARS // 2:
        return None
    asked = any(asks_for_an_opener(e.text) for e in said)
    if not asked and not any(_labels_an_opener(e.text) for e in said):
        return None  # the question first: it is read once per message (cached), most messages ask nothing
    value = answer_value(text)
    if value is None or not (asked or _the_code_alone(value, text)):
        return None
    return value, kindless_kind(value)


def _the_code_alone(value: str, text: str) -> bool:
    """After a label, only a message that is the code (a block's letter beside it at most: "C 2 5 1 8") answers it;
    "tomorrow 10 30" after "wifi at the cafe" is a time."""
    rest = text.replace(value, " ", 1).split()
    return kindless_kind(value) == "code" and all(len(word) == 1 and word.isalpha() for word in rest) and len(rest) <= 1


MAX_LABEL_ONLY_WORDS = 6


@memoised(4096)
def _labels_an_opener(text: str) -> bool:
    """A short label naming what a code opens, with no question and no number ("the gate", "Tastatura de la ușa
    blocului", "κωδικός συναγερμού"): the next message may be its code, in digits."""
    folded = text.casefold().strip()
    if not folded or len(folded.split()) > MAX_LABEL_ONLY_WORDS or any(c.isdigit() for c in folded) or "?" in folded:
        return False
    return "[redacted:" not in folded and names_an_opener(folded) and NOT_ASKING.search(folded) is None


def labelled_after_value(window: Iterable[Said], text: str) -> list[tuple[str, str]]:
    """The bare value just sent, when ``text`` labels it with what it opens ("that's for the door", "do furtki")."""
    said = list(window)
    if not said or not said[-1].lone or len(text) > SHORT_MESSAGE_CHARS // 2 or "?" in text:
        return []
    clause = CLAUSES.split(text.strip(), maxsplit=1)[0].casefold()
    words = bare_words(clause)
    if not words or len(bare_words(text)) > MAX_LABEL_WORDS or any(c.isdigit() for c in text):
        return []
    opener = _OPENER.search(clause)
    span = opener.span() if opener is not None else first_thing(clause) or _unspaced_opener(clause)
    if span is None:
        return []
    before, after = bare_words(clause[: span[0]]), bare_words(clause[span[1] :])
    if before and not any(w in _POINTERS for w in before) and not set(after) <= _LABEL_REST:
        return []  # "the door was open": a sentence about it, not a label; but "the wifi one"
    if not before and len(words) > 1 + MAX_LABEL_WORDS // 3:
        return []
    if any(word in _MEASURES for word in bare_words(text)):
        return []  # "3500" / "that's what the bike lock cost": a price or a measure of the thing, not what opens it
    lone = lone_value(said[-1].text)
    if lone is None or YEAR.fullmatch(lone[0]):
        return []  # "2004" / "for the garage sale": a year is what a label of a thing is about
    return [(lone[0], kindless_kind(lone[0]))]


def _unspaced_opener(clause: str) -> tuple[int, int] | None:
    """Where a script written without spaces names what a value opens inside a run ("↑ルーターの", the router's)."""
    if clause.isascii():
        return None
    found = [(at, at + len(w)) for w in _UNSPACED_OPENERS if (at := clause.find(w)) != -1]
    return min(found) if found else None


_QUESTION_MARKS = ("?", "？", "؟")
_QUESTION_TAIL_WORDS = 6
"""Words after a question mark that still leave the message a question ("whats the garage code again? locked out
lol", "¿me pasas la contraseña de HBO? la de siempre no va")."""
KEPT_THROUGH = 3
"""Messages of chatter (a word or two, no value) after another member's question that still leave it open: the answer
comes a line or two later in a busy channel ("whats the garage code?" / "rip" / "2856"); a reply of its own ("no idea,
ask the host") closes it."""


def question_in(text: str) -> str | None:
    """The question a short message asks, up to its last question mark: the whole message when it ends with one, its
    question when a few words of comment follow it."""
    stripped = text.rstrip()
    if len(stripped) > SHORT_MESSAGE_CHARS:
        return None
    at = max(stripped.rfind(mark) for mark in _QUESTION_MARKS)
    if at < 0:
        words = bare_words(stripped)
        if not (0 < len(words) <= _UNMARKED_QUESTION_WORDS and words[0] in QUESTION_WORDS):
            return None
        names = names_an_opener(stripped.casefold()) or any(kind_at(words, i) is not None for i in range(len(words)))
        return f"{stripped}?" if names else None  # "whats the netflix pw", "whats ur pin", typed with no question mark
    if len(stripped[at + 1 :].split()) > _QUESTION_TAIL_WORDS:
        return None
    return stripped[: at + 1]


_UNMARKED_QUESTION_WORDS = 8
