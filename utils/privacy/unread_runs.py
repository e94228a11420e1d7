"""Generated values the digit-led reading of runs never reaches, each behind a gate a chat line passes cheaply.

:mod:`utils.privacy._value_runs` finds runs from their digits: every credential shape it knows has one. These do
not, or are not ASCII, or are several pieces apart:

- runs of upper and lower letters with no digit ("zQHFlXHVKZ", a letters-only generator's output, a psql row's
  password): read by the run model (:func:`~utils.privacy.generated_runs.reads_generated`), and not taken when the
  run in lower case reads as written — that is a word in an odd case ("sOmEtHiNg", "BaLaNcEd" mocking someone),
  not a draw from 52 letters — nor a stretched word or a laugh ("MUCHhhhh", "XdXdXdXd", few letters, repeated) or a
  gamertag's "Xx…xX" frame. Gate: a capital
  after a lowercase letter or two capitals before one;
- rows of lowercase groups apart by spaces or hyphens, GitHub recovery codes and iCloud Keychain passwords
  (:mod:`utils.privacy.code_groups`). Gates: three groups in a row after a space; a hyphen;
- Latin passwords typed on a Cyrillic, Hebrew or Greek layout (:mod:`utils.privacy.keyboard_layouts`). Gate: the
  line is not ASCII and holds a digit or ``_``;
- a pasted query result's cells under a column named as a secret, whatever their shape
  (:mod:`utils.privacy.result_tables`, kind ``config``). Gate: a ``|`` and a rule line's ``-+-`` or ``+--``.
"""

from __future__ import annotations

import re
from itertools import pairwise

from utils.privacy.code_groups import GROUPS_GATE, group_spans, shaped_spans
from utils.privacy.generated_runs import LONGEST, SHORTEST, reads_generated, written_bits
from utils.privacy.keyboard_layouts import layout_spans
from utils.privacy.result_tables import RULE_HINTS, column_spans

CASE_GATE = re.compile(r"[A-Z](?:(?<=[a-z][A-Z])|[A-Z][a-z])")
"""A capital after a lowercase letter ("iPhone", "zQHF…") or two capitals before a lowercase letter ("NASAs",
"POGDUJUNezyG"): a line with neither has no mixed-case run. It searches from the capitals, which are few."""
_LETTER_RUN = re.compile(rf"(?<![\w@/.\\-])[A-Za-z]{{{SHORTEST},{LONGEST}}}(?![\w@/.\\-])")
"""A run of ASCII letters alone: not part of a word in another script, an identifier with digits, a path, a domain
or an address."""


def drawn_letters(run: str) -> bool:
    """A run drawn from 52 letters: read so by the run model and in lower case, repeats few, no gamertag frame."""
    folded = run.lower()
    if folded[:2] == "xx" == folded[-2:]:
        return False  # "XxDragonSlayerxX": a gamertag's frame around written words
    if sum(a == b for a, b in pairwise(folded)) > 2 or len(set(folded)) < 0.4 * len(folded):
        return False  # a stretched word or a laugh ("MUCHhhhh", "XdXdXdXd"): a draw repeats a letter about once in 26
    return reads_generated(run) and written_bits(folded) < 0


def letter_run_spans(text: str) -> list[tuple[int, int]]:
    """Runs of upper and lower letters that read as drawn at random.

    Only the ASCII letter runs around the case gate's hits are read: every mixed run holds one (a capital after a
    lowercase letter, or two capitals before one), and a long post has few, while it has hundreds of long words."""
    found: list[tuple[int, int]] = []
    read_to = 0
    for hit in CASE_GATE.finditer(text):
        if hit.start() < read_to:
            continue
        start, end = hit.start(), hit.end()
        while start > 0 and _is_ascii_letter(text[start - 1]):
            start -= 1
        while end < len(text) and _is_ascii_letter(text[end]):
            end += 1
        read_to = end
        run = _LETTER_RUN.match(text, start)
        if run is not None and run.end() == end and mixed_case(run.group()) and drawn_letters(run.group()):
            found.append(run.span())
    return found


def _is_ascii_letter(char: str) -> bool:
    return "a" <= char <= "z" or "A" <= char <= "Z"


def mixed_case(run: str) -> bool:
    """Lower case and a capital past the first letter: not a word, a capitalised word or one in capitals."""
    tail = run[1:]
    return not tail.islower() and not run.isupper()


def unread_spans(text: str, *, has_digit: bool) -> list[tuple[int, int, str]]:
    """Spans of ``text`` holding generated values of the kinds above, each a ``credential``."""
    found: list[tuple[int, int]] = []
    if CASE_GATE.search(text):
        found += letter_run_spans(text)
    if row := GROUPS_GATE.search(text):
        found += group_spans(text, max(0, row.start() - 4))
    if "-" in text:
        found += shaped_spans(text)
    if (has_digit or "_" in text) and not text.isascii():
        found += layout_spans(text)
    spans = [(start, end, "credential") for start, end in found]
    if "|" in text and any(hint in text for hint in RULE_HINTS):
        spans += [(start, end, "config") for start, end in column_spans(text)]
    return spans
