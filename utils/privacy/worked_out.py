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
from utils.privacy.rule import Rule, Span

_RESULT = re.compile(r"(?:=|→|->|⇒)[ \t]*[`*_\"'|]*(?P<secret>[^\s`*_\"'|=→⇒][^\s`*\"'|=→⇒]{2,62})[`*_\"'|.!)]*[ \t]*(?=\n|$)")
"""The last thing on a line after an equals sign or an arrow, one token."""
_PIECES = re.compile(r"\d+|[^\W\d_]+")
_MIN_PIECES = 2
_COVERED_SHARE = 4 / 3
"""Three quarters of a result made of pieces said before it."""
_MIN_PIECE = 2


def _made_of_what_came_before(value: str, before: str) -> bool:
    """Letters and digits mixed, or two pieces said earlier in the line that make up most of it (the "24" and "31" of
    "2431", the "하늘" and "일구팔칠" of "하늘일구팔칠")."""
    if any(c.isdigit() for c in value) and any(c.isalpha() for c in value):
        return True
    covered = [False] * len(value)
    pieces = 0
    for piece in set(_PIECES.findall(before)):
        at = value.find(piece) if len(piece) >= _MIN_PIECE else -1
        if at >= 0:
            pieces += 1
            covered[at : at + len(piece)] = [True] * len(piece)
    return pieces >= _MIN_PIECES and sum(covered) * _COVERED_SHARE >= len(value)


class _WorkedOutRule(Rule):
    """Reads a line only when it holds ``=`` or an arrow, and its secret words only for a result made of its parts."""

    def spans(self, text: str) -> Iterator[Span]:
        if "=" not in text and "→" not in text and "->" not in text and "⇒" not in text:
            return
        for match in self.pattern.finditer(text):
            value = match.group("secret")
            before = text[: match.start()]
            if _made_of_what_came_before(value, before) and vocabulary.find(before):
                yield match.start("secret"), match.end("secret"), self.kind


RULES: tuple[Rule, ...] = (_WorkedOutRule("password", _RESULT),)
"""A value worked out from the parts a line gives, read at the line's end."""
