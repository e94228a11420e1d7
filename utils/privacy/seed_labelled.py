"""A recovery phrase whose words stand between repeated labels ("Word #1:", "mot n°1", ``word: "…"``, one JSON
object per word, "No.1 …"), or typed as a list with "and" before its last word ("…, пастух и жаркий").

:mod:`utils.privacy.seed` lets any run of non-letters join two list words and ends a run at any other word, since
prose's own small words are in no list; :mod:`utils.privacy.seed_chained` lets one repeated word join them on one
line. A backup card, an export or a dump puts more between them: the same label of one to three words, with a
counter, quotes, braces or a line break around it, before or after every word. A member typing the words as a list
puts one small word before the last. Here a run of one list's words may cross such letters when every gap between
two of its words holds the same label (two gaps may differ: the one before the last word, one left bare), or when a
single gap holds one word of at most three letters and every other gap none. Twelve words make a phrase, as
anywhere. Prose never puts the same label between twelve list words, and a list of twelve list words with "and"
before the last is as much a phrase as the same list without it.

Cost: the line's tokens become one byte each (a list word or not) in a C pass, and a bytes pattern looks for twelve
list words one to three tokens apart, or a run broken once; only a line it finds is read with positions.
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from collections.abc import Iterator
from operator import add

from utils.privacy.prose_marks import ascii_but_prose_marks
from utils.privacy.rule import Span
from utils.privacy.seed import FULL_RUN, GAP, languages_of, line_marks

_WORD = re.compile(r"(?:[^\W\d_]|[\u0300-\u036f\u3099\u309a])+")
LABEL_WORDS = 3
"""The most words of a label ("mot n°", "Word #", ``"index": …, "word"``)."""
SHORT_JOINER = 3
"""The most letters of the one word a list may put before its last ("and", "y", "et", "e", "a", "и", "ve")."""
_LABELLED = re.compile(rb"(\x01[\x00\x01]{0,%d}?\x00)\1{%d}" % (LABEL_WORDS - 1, FULL_RUN - 3))
"""Ten words of a list each followed by the same label, one byte per token (1 a list word, 0 any other): the label's
words in a list or not ("Word #", "n°", "parola n°")."""
_LABELS_LISTED = b"\x01" * (2 * FULL_RUN - 1)
"""A run as long as twelve words and their labels: the label is a word of another list ("seed", "word", "index")."""


def _maybe_a_phrase(marked: bytes) -> bool:
    """The gate, in C passes over the marks: a labelled stretch, a listed label's run, or a run of twelve broken
    once by one word. Prose puts a varying number of words between its list words."""
    if _LABELS_LISTED in marked:
        return True
    runs = list(map(len, marked.split(b"\x00")))
    if max(map(add, runs, runs[1:]), default=0) >= FULL_RUN:
        return True
    return _LABELLED.search(marked) is not None


_LONGEST_GAP = GAP * 2
"""A label with its counter and quotes (``"}, {"index": 12, "word": "``) is longer than a bare gap."""


def spans(text: str, lowered: str) -> Iterator[Span]:
    """Phrases whose words stand between repeated labels or with one short word before the last (module docstring)."""
    tokens, marked = line_marks(lowered, ascii_but_prose_marks(text))  # read already by :func:`utils.privacy.seed.spans`
    if len(tokens) <= FULL_RUN or marked.count(1) < FULL_RUN:
        return
    if _maybe_a_phrase(marked.replace(b"\x02", b"\x00")):
        yield from labelled_spans(text)


def labelled_spans(text: str) -> Iterator[Span]:
    """The reading behind the gate of :func:`spans`, on any text."""
    words = [(m.start(), m.end(), m.group().casefold()) for m in _WORD.finditer(text)]
    labels = {word for word, times in Counter(w[2] for w in words).items() if times >= FULL_RUN - 1}
    lists = [0 if word in labels else _lists(word) for _, _, word in words]
    taken_to = 0
    for language in _languages(lists):
        for start, end in _runs(text, words, [bool(of & language) for of in lists]):
            if start >= taken_to:
                yield start, end, "seed-phrase"
                taken_to = end


def _languages(lists: list[int]) -> list[int]:
    """The lists the words belong to, one bit each. A word said eleven times or more is a label, in a list or not
    ("seed", "word", "parola", "index"): a phrase's own words repeat once or twice at most."""
    found = 0
    for of in lists:
        found |= of
    return [1 << bit for bit in range(found.bit_length()) if found >> bit & 1]


def _lists(word: str) -> int:
    known = languages_of()
    folded = word.casefold()
    found = known.get(folded, 0)
    if not found and not folded.isascii():
        decomposed = unicodedata.normalize("NFKD", folded)
        found = known.get("".join(c for c in decomposed if not unicodedata.combining(c)), 0)
    return found


def _runs(text: str, words: list[tuple[int, int, str]], listed: list[bool]) -> Iterator[tuple[int, int]]:
    """Each stretch of one list's words (``listed``) whose gaps are labelled as a phrase's are (module docstring)."""
    run: list[int] = []
    gaps: list[tuple[str, ...]] = []
    gap: list[int] = []
    for index, (start, _end, _word) in enumerate(words):
        near = bool(run) and start - words[run[-1]][1] <= _LONGEST_GAP
        if listed[index] and (not run or near):
            if run:
                gaps.append(tuple(words[at][2] for at in gap))
            run.append(index)
            gap = []
            continue
        if near and len(gap) < LABEL_WORDS:
            gap.append(index)
            continue
        if (found := _phrase_in(text, words, run, gaps, gap)) is not None:
            yield found
        run, gaps, gap = ([index], [], []) if listed[index] else ([], [], [])
    if (found := _phrase_in(text, words, run, gaps, gap)) is not None:
        yield found


def _phrase_in(
    text: str, words: list[tuple[int, int, str]], run: list[int], gaps: list[tuple[str, ...]], after: list[int]
) -> tuple[int, int] | None:
    """Where the phrase in ``run`` starts and ends: all of it, or without a first or last word that the lead or the
    words after it put there ("sulla scheda c'è: No.1 …": "scheda" is a list word too); a label after each word goes
    with it after the last one ("catrame : parola n°1 … grafico : parola n°12"). ``after``: the words after the run."""
    if len(run) < FULL_RUN:
        return None  # too short for a phrase with or without its first or last word (:func:`_label_of`)
    for first, last in ((0, len(run)), (1, len(run)), (0, len(run) - 1), (1, len(run) - 1)):
        label = _label_of(run[first:last], gaps[first : last - 1])
        if label is None or len({words[at][2] for at in run[first:last]}) < (last - first) * 2 // 3:
            continue  # not labelled as a phrase, or not varied as one: "step 1: open step 2: close …" repeats "step"
        end = words[run[last - 1]][1]
        if last == len(run) and label and tuple(words[at][2] for at in after[: len(label)]) == label:
            end = words[after[len(label) - 1]][1]
            counter = _COUNTER_AFTER.match(text, end)
            end = counter.end() if counter else end
        return words[run[first]][0], end
    return None


_COUNTER_AFTER = re.compile(r"\W?\d{1,2}(?!\d)")


def _label_of(run: list[int], gaps: list[tuple[str, ...]]) -> tuple[str, ...] | None:
    """The label between the words of ``run`` when they are a phrase (``()`` for one short word before the last),
    or None."""
    if len(run) < FULL_RUN:
        return None
    labelled = [gap for gap in gaps if gap]
    if not labelled:
        return None  # no letters between: the plain run is :mod:`utils.privacy.seed`'s
    label, count = Counter(labelled).most_common(1)[0]
    odd = [gap for gap in labelled if gap != label]
    if len(odd) > 1 or any(len(gap) != 1 or len(gap[0]) > SHORT_JOINER for gap in odd):
        return None
    if count >= len(gaps) - 2:
        return label  # the same label between every two words
    if count == 1 and not odd and len(label) == 1 and len(label[0]) <= SHORT_JOINER:
        return ()  # "…, пастух и жаркий"
    return None
