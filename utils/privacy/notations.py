"""Notations a line writes that are no one's value: a chess position, a plus code, a regular expression.

A reader that takes what follows "FEN", "plus code" or "the password rule:" for a value sees a run of letters, digits
and signs; but each of these notations has a grammar of its own that a secret does not keep by chance, so the
notation's own check, not a word beside it, lets it go:

- a chess position in Forsyth–Edwards Notation ("r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4
  4"): eight ranks of pieces and empty squares, each adding up to eight squares, one king of each colour and no pawn
  on the first or the last rank; the side to move, castling rights and the move counters after it are the position's;
- an Open Location Code ("8FW4V75V+8Q", "V75V+8Q"): a grid cell on the map, in the code's twenty characters (no vowel,
  no look-alike), a "+" after the eighth (or, shortened, the fourth to sixth) and two or three after it, a latitude's
  and a longitude's first characters in their ranges; a letter and a digit at least;
- a regular expression ("^(?=.*[A-Z])(?=.*\\d).{12,}$", "[A-Z]{2}\\d{6}"): a pattern the line describes (a password
  rule, a validation, a search), that compiles as one and is made of three of a pattern's constructs at least — a
  lookaround, a "." repeated, a class escape, a range in brackets, a counted repeat, an anchor at either end, an
  alternation in a group; written in ASCII, with no run of three digits outside its counts and brackets. A password
  holds a sign or two, never a pattern's grammar.

Only a reader's span that holds such a notation and no digit beside it goes free (:mod:`utils.privacy.public_codes`):
"regex ^\\d{4}$ matched my PIN 4821" keeps the PIN out.
"""

from __future__ import annotations

import re

_FEN = re.compile(
    r"(?<![\w/])[pnbrqkPNBRQK1-8]{1,8}(?:/[pnbrqkPNBRQK1-8]{1,8}){7}"
    r"(?:\s[wb](?:\s(?:-|[KQkq]{1,4})(?:\s(?:-|[a-h][36])(?:\s\d{1,3}\s\d{1,4})?)?)?)?(?![\w/])"
)
_OLC_CHARS = "23456789CFGHJMPQRVWX"
_PLUS_CODE = re.compile(
    rf"(?<![\w+])(?:[2-9C][2-9CFGHJMPQRV][{_OLC_CHARS}]{{6}}|[{_OLC_CHARS}]{{4,6}})\+[{_OLC_CHARS}]{{2,3}}(?![\w+])"
)
_CONSTRUCTS = (
    re.compile(r"\(\?<?[=!:]"),  # a lookaround or a group that does not capture
    re.compile(r"\.[*+?]"),  # any character, repeated
    re.compile(r"\\[dDwWsSb]"),  # a class escape or a word boundary
    re.compile(r"\[\^?[^\]]*\w-\w[^\]]*\]"),  # a range in brackets
    re.compile(r"\{\d+(?:,\d*)?\}"),  # a counted repeat
    re.compile(r"^\^"),  # anchored at the start
    re.compile(r"(?<!\\)\$$"),  # anchored at the end
    re.compile(r"\((?:[^()|]+\|)+[^()|]+\)"),  # an alternation in a group
)
_MIN_CONSTRUCTS = 3
_PATTERN_SIGNS = re.compile(r"[\\\[{(^$]")
_QUOTES = "\"'`/"
_SIGNED_TOKEN = re.compile(r"(?<!\S)[^\s\\\[{(^$]*[\\\[{(^$]\S*")
"""A run without whitespace that holds one of a pattern's signs: every construct but a repeated "." needs one, so a
run without any holds one construct at most and is no pattern; a long post's words are passed over in C."""


def _a_position(board: str) -> bool:
    ranks = board.split("/")
    squares = [sum(int(c) if c.isdigit() else 1 for c in rank) for rank in ranks]
    pawns_at_the_edges = any(c in "pP" for c in ranks[0] + ranks[-1])
    return all(n == 8 for n in squares) and board.count("K") == 1 and board.count("k") == 1 and not pawns_at_the_edges


_DIGITS_OUTSIDE = re.compile(r"\d{3}")
_COUNTS_AND_CLASSES = re.compile(r"\{[\d,]*\}|\[[^\]]*\]")


def _a_pattern(token: str) -> bool:
    """A pattern as people write one: in ASCII (a line of another script run on after it is no pattern's), with no
    run of three digits outside its counts and brackets (a number in it is a value, not grammar)."""
    if not token.isascii() or _DIGITS_OUTSIDE.search(_COUNTS_AND_CLASSES.sub("", token)):
        return False
    if sum(construct.search(token) is not None for construct in _CONSTRUCTS) < _MIN_CONSTRUCTS:
        return False
    try:
        re.compile(token)
    except re.error:
        return False
    return True


def notation_spans(text: str) -> list[tuple[int, int]]:
    """Where ``text`` writes a chess position, a plus code or a regular expression (the module docstring's checks)."""
    found: list[tuple[int, int]] = []
    if "/" in text:
        found += [m.span() for m in _FEN.finditer(text) if _a_position(m.group().split()[0])]
    if "+" in text:
        found += [m.span() for m in _PLUS_CODE.finditer(text) if re.search(r"\d", m.group()) and re.search("[A-Z]", m.group())]
    if _PATTERN_SIGNS.search(text):
        for match in _SIGNED_TOKEN.finditer(text):
            start, end = match.span()
            while start < end and text[start] in _QUOTES:
                start += 1
            while end > start and text[end - 1] in _QUOTES + ",;":
                end -= 1
            if _a_pattern(text[start:end]):
                found.append((start, end))
    return found
