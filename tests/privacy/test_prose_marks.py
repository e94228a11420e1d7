"""A line beyond ASCII only through dashes and curly quotes is read the quick way, and read the same.

The readings that take an ASCII line's quick way for such a line too (the matching form, the secret words' folded
form and their tokens, the dictated reader's gate, the address reader's letters, the seed phrase readers' tokens)
are compared here with the same readings asking ``str.isascii`` alone, on the dev and tuned rows, the redaction
bench's lines and long posts built from them, each written again with the marks put in (a dash between two of its
halves, curly quotes for straight ones, guillemets around it). No timing here: the cost is the bench's.
"""

from __future__ import annotations

import random
from functools import cache
from types import SimpleNamespace

import pytest
from screen_lines import screen_lines

from bench.redaction import ORDINARY, SECRETS
from utils.privacy import address_units, dictated, keyword_form, normalise, prose_marks, seed, seed_labelled, vocabulary
from utils.privacy.line_reading import close_reading, open_reading
from utils.privacy.memoised_lines import forget_memoised_lines
from utils.privacy.prose_marks import PROSE_MARKS, ascii_but_prose_marks
from utils.privacy.scanner import distinct_words
from utils.privacy.screen import screen

_READERS = (normalise, keyword_form, vocabulary, dictated, address_units, seed_labelled)
"""Every module that asks :func:`ascii_but_prose_marks` where it asked ``str.isascii`` (and :mod:`seed`, through
:mod:`prose_marks`)."""


def _marked(line: str, rng: random.Random) -> list[str]:
    words = line.split(" ")
    half = len(words) // 2
    return [
        " ".join(words[:half]) + rng.choice([" — ", " – ", "—"]) + " ".join(words[half:]),
        line.replace("'", "\u2019").replace('"', "\u201c", 1).replace('"', "\u201d", 1),
        f"\u00ab{line}\u00bb \u2018ok\u2019",
    ]


@cache
def _lines() -> tuple[str, ...]:
    rng = random.Random(17)
    bench = [f"{o} — {s}" for o in ORDINARY for s in SECRETS]
    plain = [line for line in screen_lines([], seed=17) if line.isascii()]
    marked = [m for line in plain for m in _marked(line, rng)]
    posts = [" — ".join(rng.choice(marked) for _ in range(rng.randint(10, 80)))[:4000] for _ in range(40)]
    lines = [*bench, *marked, *posts]
    return tuple(dict.fromkeys(line for line in lines if not line.isascii() and ascii_but_prose_marks(line)))


def _as_before(monkeypatch: pytest.MonkeyPatch) -> None:
    for module in _READERS:
        monkeypatch.setattr(module, "ascii_but_prose_marks", str.isascii)
    monkeypatch.setattr(seed, "prose_marks", SimpleNamespace(ascii_but_prose_marks=str.isascii))
    forget_memoised_lines()  # what the quick readings memoised must be read again the slow way


def test_the_lines_are_many_some_long_and_each_holds_a_mark() -> None:
    lines = _lines()
    assert len(lines) > 3000
    assert sum(len(line) >= 600 for line in lines) >= 30
    assert all(any(mark in line for mark in PROSE_MARKS) for line in lines)


def test_a_line_with_any_other_character_beyond_ascii_is_not_read_the_quick_way() -> None:
    assert ascii_but_prose_marks("plain") and ascii_but_prose_marks("a — b «c» “d” ‘e’ – f")
    for other in ("é", "\u200b", "а", "…", "\u00a0", "🔑", "٤", "ｐ", "ᴘ", "ɹ", "ß", "İ", "·"):
        assert not ascii_but_prose_marks(f"a — b {other}"), other
    assert prose_marks._BEYOND.pattern.count("\u2014") == 1


def _readings(line: str) -> tuple[object, ...]:
    normalised = normalise.normalise(line)
    folded = keyword_form.keyword_form(line)
    (said,) = dictated.RULES
    (address,) = address_units.RULES
    reading = open_reading(line, distinct_words(line.casefold()))
    try:
        in_reading = (list(said.spans(line)), list(address.spans(line)))
    finally:
        close_reading(reading)
    return (
        normalised,
        normalised.text is line,
        folded,
        vocabulary._words_in_tokens(folded.text),
        vocabulary.find(line),
        list(said.spans(line)),
        list(address.spans(line)),
        in_reading,
        list(seed.spans(line, line.casefold())),
        list(seed_labelled.spans(line, line.casefold())),
    )


def test_each_reading_of_a_marked_line_is_what_it_read_asking_for_ascii_alone(monkeypatch: pytest.MonkeyPatch) -> None:
    quick = [_readings(line) for line in _lines()]
    _as_before(monkeypatch)
    assert quick == [_readings(line) for line in _lines()]
    assert sum(bool(reading[4]) for reading in quick) >= 200  # secret words found in marked lines
    assert sum(bool(reading[6]) for reading in quick) >= 5  # addresses found in marked lines
    assert sum(bool(reading[8]) for reading in quick) >= 5  # seed phrases found in marked lines


def test_the_screen_decides_a_marked_line_as_it_did(monkeypatch: pytest.MonkeyPatch) -> None:
    lines = _lines()[::7]
    fields = ("message", "memory", "log")
    quick = [screen(line, field) for line in lines for field in fields]
    _as_before(monkeypatch)
    assert quick == [screen(line, field) for line in lines for field in fields]
    assert sum(s.changed for s in quick) >= 100
