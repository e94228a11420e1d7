"""A value worked out from parts the line gives: the result after an equals sign or an arrow at the end of a line
that names a secret.

A member who explains how a password is made ("my dog's name (Biscuit) + the year we got him (2016) = Biscuit2016",
"unang dalawa edad ko (24), huling dalawa edad ni ate (31) → 2431") often writes the result too, far from the secret
word and past any reach a reading of "<word> is <value>" has. The result ends the line after ``=``, ``→``, ``->`` or
``⇒`` and is made of what came before: it mixes letters and digits, or one of its letter or digit runs was said
earlier in the line. A sum in a game ("base (40) + crit (25) = 65"), a rank that went up ("hasło zmienione, ranking:
1450 → 1520") or a recipe names no secret, or gives a result none of whose pieces were said.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from utils.privacy import vocabulary
from utils.privacy.keyword_form import reads_turned_letters
from utils.privacy.rule import Rule, Span

_RESULT = re.compile(r"(?:=|→|->|⇒)[ \t]*[`*_\"'|]*(?P<secret>[^\s`*_\"'|=→⇒][^\s`*\"'|=→⇒]{2,62})[`*_\"'|.!)]*[ \t]*(?=\n|$)")
"""The last thing on a line after an equals sign or an arrow, one token."""
_PIECES = re.compile(r"\d+|[^\W\d_]+")
_MIN_PIECES = 2
_COVERED_SHARE = 4 / 3
"""Three quarters of a result made of pieces said before it."""
_MIN_PIECE = 2


def _made_of_what_came_before(value: str, before: set[str]) -> bool:
    """Letters and digits mixed, or two pieces said earlier in the line that make up most of it (the "24" and "31" of
    "2431", the "하늘" and "일구팔칠" of "하늘일구팔칠"). ``before``: the letter and digit runs said before it."""
    if any(c.isdigit() for c in value) and any(c.isalpha() for c in value):
        return True
    covered = [False] * len(value)
    pieces = 0
    for piece in _said_in(value, before):
        at = value.find(piece)
        pieces += 1
        covered[at : at + len(piece)] = [True] * len(piece)
    return pieces >= _MIN_PIECES and sum(covered) * _COVERED_SHARE >= len(value)


def _said_in(value: str, before: set[str]) -> set[str]:
    """The runs said before that ``value`` holds (two characters or more). A run it holds lies inside one of its own
    runs, so a long text's many runs are not each looked for in it: its own runs' pieces are looked up instead."""
    runs = _PIECES.findall(value)
    if sum(len(run) * len(run) for run in runs) > 2 * len(before):
        return {piece for piece in before if len(piece) >= _MIN_PIECE and piece in value}
    held = {run[a:b] for run in runs for a in range(len(run)) for b in range(a + _MIN_PIECE, len(run) + 1)}
    return held & before


class _SaidBefore:
    """The letter and digit runs of a text before a place in it, gathered as the places move on through it: a run
    never crosses the sign a result follows (``=``, an arrow), so the runs before it are the text's runs that end
    there or earlier."""

    def __init__(self, text: str) -> None:
        self._runs = [(match.end(), match.group()) for match in _PIECES.finditer(text)]
        self._next = 0
        self.runs: set[str] = set()

    def before(self, at: int) -> set[str]:
        while self._next < len(self._runs) and self._runs[self._next][0] <= at:
            self.runs.add(self._runs[self._next][1])
            self._next += 1
        return self.runs


def _first_naming(text: str, starts: list[int]) -> int:
    """The first of ``starts`` (places in ``text`` where a sign and a result follow) with a secret word before it, as
    an index; ``len(starts)`` when none has one.

    A secret word found in a text is found in every longer one that goes on past such a sign (the sign joins no word,
    and a longer text only opens more ways of reading one), so whether one stands before a place changes once along
    the text: two look-ups answer for a pasted file's every line, and a search between them for the rest, instead
    of a look-up through the whole text before each line. Letters written upside down are read upright along with
    the text after them up to a space (:mod:`utils.privacy.keyword_form`): the word before such a sign may then read
    otherwise, and each place is looked up on its own, as written.
    """
    if not starts:
        return 0
    last = text[: starts[-1]]
    if reads_turned_letters(last):
        return next((index for index, at in enumerate(starts) if vocabulary.find(text[:at])), len(starts))
    if not vocabulary.find(last):
        return len(starts)
    if vocabulary.find(text[: starts[0]]):
        return 0
    without, named = 0, len(starts) - 1
    while named - without > 1:
        middle = (without + named) // 2
        if vocabulary.find(text[: starts[middle]]):
            named = middle
        else:
            without = middle
    return named


class _WorkedOutRule(Rule):
    """Reads a line only when it holds ``=`` or an arrow, and its secret words only for a result made of its parts."""

    def spans(self, text: str) -> Iterator[Span]:
        if "=" not in text and "→" not in text and "->" not in text and "⇒" not in text:
            return
        said = _SaidBefore(text)
        made = [m for m in self.pattern.finditer(text) if _made_of_what_came_before(m.group("secret"), said.before(m.start()))]
        for match in made[_first_naming(text, [m.start() for m in made]) :]:
            yield match.start("secret"), match.end("secret"), self.kind


RULES: tuple[Rule, ...] = (_WorkedOutRule("password", _RESULT),)
"""A value worked out from the parts a line gives, read at the line's end."""
