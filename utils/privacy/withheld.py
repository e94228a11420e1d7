"""Sentences that held a secret, withheld whole where text is logged or shown to the extraction model.

A kept line that holds a secret is refused whole (:func:`utils.privacy.screen.screen`): the rules found one value,
and whatever else the line says of it goes with it — the rest of a password typed in pieces, a second code after
"then", the link's title that was the real Wi-Fi key, the CSS string the password "is in". The log and the
extractor's input only had the found values replaced, so what the rules missed beside them stayed there: the store
refused the line while the log and the extractor kept its remainder. Neither needs it: the log keeps what was
asked and answered, the extractor learns facts, not values (the store would refuse the line anyway).

Here a sentence — or a line of pasted text — that holds a secret's placeholder keeps only its placeholders, behind
the quote marks or indentation it began with, and so does the rest of its line: a value the rules missed is most
often given after the words that named it, past a question mark or a full stop ("the GCash pass? here, from my
notes: …"). The lines around it and the sentences before it on its line stay as said, so the log still reads as
the conversation and the extractor still learns what else was said. A contact detail or a long number is not a
secret's mark (``[redacted:email]`` in "mail me at …, I'm in Lyon" leaves the line as it is) — unless the sentence
also names a secret ("restore code … T4075JY9WG, serial EU-[redacted:phone]"): a memory line with a value taken out
that still names a secret is refused whole (:func:`names_a_secret`), so the log and the extractor keep only its
placeholders too. The rule reads the placeholders wherever they came from: the member's words reach the extractor,
and the extraction call's log row, already screened as a message, and must lose the sentence there as well.
"""

from __future__ import annotations

import re

from utils.privacy.normalise import normalise
from utils.privacy.vocabulary import SENSITIVE_WORDS

_PLACEHOLDER = re.compile(r"\[redacted:([a-z-]+)\]")
_LINE_BREAKS = re.compile(r"(\r\n|[\n\r\v\f\x1c-\x1e\x85\u2028\u2029])")
"""Where a line ends (every break Python's ``splitlines`` sees); kept, so the lines around a withheld one are unchanged."""
_SENTENCE_ENDS = re.compile(r"((?<=[.!?。！？])[ \t]+|(?<=[。！？]))")
"""Where a sentence ends within a line; kept, so the sentences before a withheld one are unchanged."""
_LEAD = " \t>│|*•#-"
"""What a line begins with before its words: indentation, a quote mark, a bullet — kept, so a quoted line stays
quoted (the requests quote member text line by line)."""
_QUOTED = re.compile(r"[:=]\s*([\"'])((?:(?!\1).)*?)\1(?!\w)")
"""A quoted value after a key (``'input': '…'``, ``"content": "…"``, ``msg="…"``): a field of structured text, such as a
server's error quoting the request. A member's ``it is "hunter2" then 1264`` is a sentence, withheld whole."""


def withhold_secret_sentences(text: str, secret_kinds: frozenset[str]) -> str:
    """``text`` with each sentence holding a placeholder of ``secret_kinds`` reduced to its placeholders.

    A placeholder inside a key's quoted value — a server's error quoting the request (``'input': 'my password is
    …'``), a JSON body — takes only that value's words: the error around it is the log's reason to exist."""
    if "[redacted:" not in text:
        return text
    lines = _LINE_BREAKS.split(text)
    for index in range(0, len(lines), 2):
        lines[index] = _line_withheld(lines[index], secret_kinds)
    return "".join(lines)


def _line_withheld(line: str, secret_kinds: frozenset[str]) -> str:
    """The line's sentences before its first secret stay; that sentence and the rest of the line go together (a value
    the rules missed follows the words that named it, past a "?" or a full stop: "the GCash pass? here: …")."""
    sentences = _SENTENCE_ENDS.split(line)
    for index in range(0, len(sentences), 2):
        if _holds_a_secret(sentences[index], secret_kinds):
            return "".join(sentences[:index]) + _withheld("".join(sentences[index:]), secret_kinds)
    return line


def names_a_secret(text: str) -> bool:
    """Whether ``text`` names a secret in any language the vocabulary lists ("PIN", "code de restauration",
    "Passwort"), its placeholders left out (their kinds are not the member's words)."""
    return bool(SENSITIVE_WORDS.search(normalise(_PLACEHOLDER.sub(" ", text)).text))


def _withheld(piece: str, secret_kinds: frozenset[str]) -> str:
    if not _holds_a_secret(piece, secret_kinds):
        return piece
    strings = [m for m in _QUOTED.finditer(piece) if _holds_a_secret(m.group(2), secret_kinds)]
    outside = _QUOTED.sub("", piece) if strings else piece
    if strings and not _holds_a_secret(outside, secret_kinds):
        for found in reversed(strings):
            start, end = found.span(2)
            piece = piece[:start] + _marks(found.group(2)) + piece[end:]
        return piece
    lead = piece[: len(piece) - len(piece.lstrip(_LEAD))]
    return lead + _marks(piece)


def _holds_a_secret(text: str, secret_kinds: frozenset[str]) -> bool:
    """A placeholder of a secret, or any placeholder in words that name a secret (the memory refuses both)."""
    kinds = [mark.group(1) for mark in _PLACEHOLDER.finditer(text)]
    return bool(kinds) and (any(kind in secret_kinds for kind in kinds) or names_a_secret(text))


def _marks(text: str) -> str:
    return " ".join(dict.fromkeys(mark.group() for mark in _PLACEHOLDER.finditer(text)))
