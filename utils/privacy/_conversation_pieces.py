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
from utils.privacy.screen import Screened

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


def _labels(words: list[str]) -> re.Pattern[str]:
    """Label words at a message's start: a word of a spaced script ends at a word's end, one of a script written
    without spaces ("后半段是") wherever it ends."""
    spaced = [w for w in words if w.isascii() or " " in w or not _UNSPACED.search(w)]
    unspaced = [w for w in words if w not in spaced]
    either = [r"(?:" + literal_trie(spaced) + r")(?![^\W\d_])"] + ([literal_trie(unspaced)] if unspaced else [])
    return re.compile(r"(?i)^\W{0,3}(?:" + "|".join(either) + ")")


_UNSPACED = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]")
_START = _labels(PARTS["start"])
_REST = _labels(PARTS["rest"])
_LINKS = frozenset(PARTS["links"])
MAX_LEAD = 2
"""Short words before a label ("and the rest is", "der Rest ist")."""
MAX_LEAD_CHARS = 4


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
        tokens = " ".join(words[lead:])[matched.end() :].lstrip(" :：=→-").split()
        while tokens and (tokens[0].strip(STRIP).casefold() in _LINKS or not tokens[0].strip(STRIP + "=→-")):
            tokens = tokens[1:]
        return tokens[0].strip("`*|\"'") if len(tokens) == 1 else None
    return None


def halves(window: Sequence[Said], text: str) -> list[tuple[str, str]]:
    """Both pieces when this message gives the rest of a value ("rest is Falcon_219") and the one before its start
    ("first half: Copper", "starts with Maple"), and one of them is no word anyone writes: a match's or a trip's
    halves ("first half: 2-1" / "the rest was dead") are none."""
    rest = _piece_after(_REST, text) if window else None
    start = _piece_after(_START, window[-1].text) if rest is not None else None
    if rest is None or start is None or "[redacted:" in start:
        return []
    if "[redacted:" in rest:  # the screen took the rest out alone ("il resto è Dolce#33"): the start is its piece
        return [] if start.casefold() in NOT_VALUES or is_sentence(start) else [(start, kindless_kind(start))]
    pieces = [start, rest]
    if not any(plausible(p) for p in pieces) or any(p.casefold() in NOT_VALUES or is_sentence(p) for p in pieces):
        return []
    return [(piece, kindless_kind(piece)) for piece in pieces]
