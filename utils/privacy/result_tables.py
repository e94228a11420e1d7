"""The cells of a pasted query result under a column named as a secret: a psql or MySQL table of users.

A member pastes what a database answered ("look what the old forum db has"): a header of column names, a rule line
(psql's ``----+-----``, MySQL's ``+-----+``), then rows of cells apart by ``|``. A password in its cell has no key
beside it and may be any shape ("POGDUJUNezyG", "summer2019", a hash): the column's name is its key. Each cell under a
column whose name says password or secret (the config rule's own test, :func:`names_a_secret`) is read as that key's
value would be (:func:`secret_value`: not a placeholder, not ``NULL``).
"""

from __future__ import annotations

import re

from utils.privacy._value_config import names_a_secret, secret_value

RULE_HINTS = ("-+-", "+--")
"""What a result table's rule line holds: the cheap test a line with a ``|`` pays before it is read as a table."""
_RULE = re.compile(r"^[ \t]*\+?-+(?:\+-+)+\+?[ \t]*$")
_CELL = re.compile(r"[^|]+")
_EMPTY = frozenset({"", "null", "(null)", "none", "nil", "-"})


def _cells(line: str) -> list[tuple[int, int]]:
    """The spans of a row's cells within the line, trimmed of their padding (empty cells kept, as spans of nothing)."""
    spans = []
    start = 1 if line.lstrip().startswith("|") else 0
    for piece in line[start:].rstrip().rstrip("|").split("|"):
        end = start + len(piece)
        inner = piece.strip()
        left = start + (piece.find(inner) if inner else 0)
        spans.append((left, left + len(inner)))
        start = end + 1
    return spans


def column_spans(text: str) -> list[tuple[int, int]]:
    """Cells of ``text``'s result tables that sit under a column named as a secret."""
    lines = text.split("\n")
    offsets = [0]
    for line in lines:
        offsets.append(offsets[-1] + len(line) + 1)
    found: list[tuple[int, int]] = []
    for index, line in enumerate(lines):
        if index == 0 or not _RULE.match(line):
            continue
        header = lines[index - 1]
        names = [header[a:b] for a, b in _cells(header)] if "|" in header else []
        secret = [i for i, name in enumerate(names) if name and names_a_secret(name)]
        if not secret:
            continue  # MySQL's top rule (no header above it), or no column named as a secret
        for row_index in range(index + 1, len(lines)):
            row = lines[row_index]
            if _RULE.match(row):
                continue
            if "|" not in row:
                break
            cells = _cells(row)
            for column in secret:
                if column < len(cells):
                    start, end = cells[column]
                    value = row[start:end]
                    if value.casefold() not in _EMPTY and secret_value(names[column], value):
                        found.append((offsets[row_index] + start, offsets[row_index] + end))
    return found
