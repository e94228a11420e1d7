"""A value given in pieces too small or too plain to read alone (:mod:`utils.privacy.conversation`).

Members cut a value where no one piece looks like one: a PIN one or two digits a message after naming it ("PIN vom
Handy" / "3" / "8" / "1" / "6"); a long key copied off a router sticker whose last characters wrap onto the next line or
into the next message ("…: 7fQ2mK9x" / "Lp4R"); a password in halves, the first labelled as the start and the next as
the rest ("first half: Copper" / "rest is Falcon_219", "前半段是 xiongmao" / "后半段是 _0716zz"). Each reading
needs what the earlier message was: a message naming a secret, a value the screen took out, a labelled first part —
so a countdown ("3" / "2" / "1"), a list broken over lines or a match's halves ("first half: 2-1") is none.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from itertools import pairwise

from utils.privacy._conversation_named import names_a_secret
from utils.privacy._conversation_words import (
    NOT_VALUES,
    PARTS,
    REACTION,
    SHORT_MESSAGE_CHARS,
    STRIP,
    Said,
    is_sentence,
    kindless_kind,
    plausible,
)
from utils.privacy.rule import literal_trie
from utils.privacy.screen import Screened, screen
from utils.privacy.spoken_runs import digit_word

MAX_DIGITS_A_MESSAGE = 2
"""Digits a message may hold to be one piece of a code sent a digit or a pair at a time; more is read whole."""
_PIECE = re.compile(rf"\s*(\d{{1,{MAX_DIGITS_A_MESSAGE}}})\s*[.,]?\s*")


def digit_piece(window: Sequence[Said], text: str) -> tuple[str, str] | None:
    """This message as one piece of a code sent a digit or two at a time: the message before named a secret and gave
    nothing ("PIN vom Handy"), or was itself such a piece (what the conversation took from it is its value)."""
    piece = _PIECE.fullmatch(text)
    if piece is None or not window:
        return None
    before = window[-1]
    if _PIECE.fullmatch(before.text) and any(kind == "code" for _value, kind in before.values):
        return piece.group(1), "code"
    if "[redacted:" in before.text or _PIECE.fullmatch(before.text) or not _a_label(before.text):
        return None
    kind = names_a_secret(before.text)
    return (piece.group(1), "code") if kind is not None else None


MAX_LABEL_WORDS = 5


def _a_label(text: str) -> bool:
    """A short message naming a secret as a label ("PIN vom Handy", "door code"), not a question ("how many pins do
    you have?") or a sentence about one."""
    return not text.rstrip().endswith(("?", "？", "؟")) and len(text.split()) <= MAX_LABEL_WORDS


MAX_TAIL = 64
_JOINERS = "-_./+"


def _continues(value: str, tail: str) -> bool:
    """Whether ``tail`` (one word) reads as the rest of ``value`` cut short: the value ends on a joiner ("Crow-" /
    "2291"), or the tail is no word anyone writes ("Lp4R", "5E6F8A9B0C1D2E")."""
    if not tail or len(tail) > MAX_TAIL or tail.casefold() in NOT_VALUES or REACTION.fullmatch(tail.casefold()):
        return False
    if is_sentence(tail) or not any(c.isalnum() for c in tail) or any(c in tail for c in "=:："):
        return False  # "PORT=5432" on the next line of a pasted config is a setting of its own
    return value.endswith(tuple(_JOINERS)) or plausible(tail)


def continued_value(window: Sequence[Said], text: str) -> tuple[str, str] | None:
    """This message as the rest of a value the one before ended with ("wifi key from the router sticker: 7fQ2mK9x" /
    "Lp4R"): a long value pasted over two messages, cut where the message was sent."""
    tail = text.strip()
    if not window or not tail or any(c.isspace() for c in tail):
        return None
    before = window[-1]
    ending = before.text.rstrip().rstrip(STRIP.replace("_", "").replace("-", ""))
    for value, kind in before.values:
        if ending.endswith(value) and _continues(value, tail.strip(STRIP.replace("_", ""))):
            return tail.strip(STRIP.replace("_", "")), kind
    return None


def wrapped_lines(text: str, said: Screened) -> list[tuple[str, str]]:
    """The line after a value the screen took out, when it holds one word that reads as the value's rest ("pass:
    Obsidian-Crow-" / "2291"): a pasted value wrapped at the edge of a note or a terminal."""
    if "\n" not in text or not said.values:
        return []
    found = []
    for value, kind in said.values:
        at = text.find(value + "\n")
        if at == -1:
            continue
        line = text[at + len(value) + 1 :].split("\n", 1)[0].strip()
        if line and not any(c.isspace() for c in line) and _continues(value, line):
            found.append((line, kind))
    return found


def _labels(words: list[str], *, anywhere: bool = False) -> re.Pattern[str]:
    """Label words at a message's start (or ``anywhere`` in it): a word of a spaced script ends at a word's end, one of
    a script written without spaces ("后半段是") wherever it ends."""
    spaced = [w for w in words if w.isascii() or " " in w or not _UNSPACED.search(w)]
    unspaced = [w for w in words if w not in spaced]
    opens = r"(?<![^\W\d_])" if anywhere else ""
    either = [opens + r"(?:" + literal_trie(spaced) + r")(?![^\W\d_])"] + ([literal_trie(unspaced)] if unspaced else [])
    return re.compile(r"(?i)" + ("" if anywhere else r"^\W{0,3}") + "(?:" + "|".join(either) + ")")


_UNSPACED = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]")
_START = _labels(PARTS["start"])
_START_ANYWHERE = _labels(PARTS["start"], anywhere=True)
_REST = _labels(PARTS["rest"])
_LINKS = frozenset(PARTS["links"])
MAX_LEAD = 2
"""Short words before a label ("and the rest is", "der Rest ist")."""
MAX_LEAD_CHARS = 4


def _named_start(text: str) -> str | None:
    """The piece after a start label that follows the secret it starts ("le mdp du wifi commence par Cerise", "门禁密码
    前三位 482", "mk wifi nửa đầu là caphe"): the message names the secret, so its piece may be any word, digits too."""
    text = text.strip()
    if len(text) > SHORT_MESSAGE_CHARS // 2 or "?" in text or "？" in text:
        return None
    for label in _START_ANYWHERE.finditer(text):
        before = text[: label.start()]
        if not before.strip() or names_a_secret(before) is None:
            continue
        return _one_piece(text[label.end() :])
    return None


def _one_piece(after: str) -> str | None:
    tokens = after.lstrip(" :：=→-").split()
    while tokens and (tokens[0].strip(STRIP).casefold() in _LINKS or not tokens[0].strip(STRIP + "=→-")):
        tokens = tokens[1:]
    return tokens[0].strip("`*|\"'") if len(tokens) == 1 else None


def _piece_after(label: re.Pattern[str], text: str) -> str | None:
    """The one value after a label and its link ("rest is Falcon_219", "后半段是 _0716zz"), or None."""
    text = text.strip()
    if len(text) > SHORT_MESSAGE_CHARS // 4 or "?" in text:
        return None
    words = text.split()
    for lead in range(min(len(words), MAX_LEAD + 1)):
        if lead and len(words[lead - 1].strip(STRIP)) > MAX_LEAD_CHARS:
            return None
        matched = label.match(" ".join(words[lead:]))
        if matched is None:
            continue
        return _one_piece(" ".join(words[lead:])[matched.end() :])
    return None


def halves(window: Sequence[Said], text: str) -> list[tuple[str, str]]:
    """Both pieces when this message gives the rest of a value ("rest is Falcon_219") and the one before its start
    ("first half: Copper", "starts with Maple"), and one of them is no word anyone writes: a match's or a trip's
    halves ("first half: 2-1" / "the rest was dead") are none."""
    rest = _piece_after(_REST, text) if window else None
    start = _piece_after(_START, window[-1].text) if rest is not None else None
    named = rest is not None and start is None and (start := _named_start(window[-1].text)) is not None
    if rest is None or start is None or "[redacted:" in start:
        return []
    if "[redacted:" in rest:  # the screen took the rest out alone ("il resto è Dolce#33"): the start is its piece
        return [] if start.casefold() in NOT_VALUES or is_sentence(start) else [(start, kindless_kind(start))]
    pieces = [start, rest]
    if not (named or any(plausible(p) for p in pieces)) or any(p.casefold() in NOT_VALUES or is_sentence(p) for p in pieces):
        return []
    return [(piece, kindless_kind(piece)) for piece in pieces]


_SPELLED_WORDS = 6
"""Digit words a message may hold to be read as the rest of a code spelled out in the message before ("eight four")."""


def spelled_across(window: Sequence[Said], text: str) -> list[tuple[str, str]]:
    """Both pieces of a code said as digit words over two messages ("the alarm is one nine" / "eight four", "код
    домофона семь два" / "ноль восемь"): this message is digit words only, the one before ends with one, and the screen
    reads the two as one line with a code across them. A score or a count told on ("счёт два один" / "потом три
    один") has other words, and the screen reads a count as prose."""
    words = [word.strip(STRIP) for word in text.split()]
    if not window or not 1 <= len(words) <= _SPELLED_WORDS or not all(digit_word(word) for word in words):
        return []  # the cheap gate: most messages hold a word that is no digit word
    before = window[-1].text.rstrip()
    if not before or not digit_word(before.split()[-1].strip(STRIP)):
        return []
    return _pieces_across(f"{before} {text.strip()}", [len(before)])


def spelled_lines(text: str) -> list[tuple[str, str]]:
    """The pieces of a code said as digit words over a line break in one message ("senha do cartão: dois oito" /
    "quatro seis"): the screen reads each line alone, and the lines together hold the code."""
    if "\n" not in text:
        return []
    lines = text.split("\n")
    if not any(
        first.split() and rest.split() and digit_word(first.split()[-1].strip(STRIP)) and digit_word(rest.split()[0].strip(STRIP))
        for first, rest in pairwise(lines)
    ):
        return []  # the cheap gate: no line ends on a digit word with the next opening on one
    joined = text.replace("\n", " ")
    return _pieces_across(joined, [at for at, char in enumerate(text) if char == "\n"])


def _pieces_across(joined: str, cuts: list[int]) -> list[tuple[str, str]]:
    """Each piece, between ``cuts``, of a value the screen finds in ``joined`` across one of them; a piece of words is a
    code's (a PIN's piece "one nine" would be looked for as its digits elsewhere)."""
    found: list[tuple[str, str]] = []
    for value, _kind in screen(joined, "message").values:
        kind = "code"
        at = joined.find(value)
        inside = [cut for cut in cuts if at < cut < at + len(value)] if at != -1 else []
        if not inside:
            continue
        for start, end in zip([at, *inside], [*inside, at + len(value)], strict=True):
            piece = joined[start:end].strip()
            if piece and (piece, kind) not in found:
                found.append((piece, kind))
    return found
