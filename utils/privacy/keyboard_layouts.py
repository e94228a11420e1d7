"""Latin passwords typed with the keyboard left on another script's layout: "Ыщифлф1988", "דישךםצ2020".

A member whose keyboard was on Russian ЙЦУКЕН, Ukrainian, Hebrew or Greek types a Latin password key for key and
gets letters of that script: "Sobaka1988" comes out "Ыщифлф1988", "shalom2020" comes out "דישךםצ2020". No word
near it says it is a password (it was typed into the field, then pasted as it was), and no rule of values reads a
run in another script. What tells it from a word of that script with a number ("Москва2024", "שלום123",
"Ολυμπιακός1925") is how each reading spells: mapped key for key back to the Latin keys, the letters read as a Latin
name or word; read as they stand, they do not spell that script's words (Russian does not begin a word with "Ы" nor
write "ифлф").

:func:`layout_spans` reads the runs of a line that hold letters of those scripts and a digit or ``_`` (a password's
marks; a word alone is left to the words), and scores the letters twice with character bigram models (which letter
follows which, a word's start and end included) learnt from word-frequency lists: the script's own words, and Latin
words and names with the script's words transliterated (a Russian speaker's password is often "sobaka", not "dog").
The run is taken when the Latin reading is more likely than the own reading by the stored margin, chosen so that
held-out words of each script almost never reach it (``scripts/train_keyboard_layouts.py`` writes
``data/keyboard_layouts.json``).
"""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path
from typing import NamedTuple

_DATA = Path(__file__).with_name("data") / "keyboard_layouts.json"

SCRIPTS = "\u0370-\u03ff\u0400-\u04ff\u05d0-\u05ea"
"""Greek, Cyrillic and Hebrew letters: the scripts whose layouts are read."""
_RUN = re.compile(r"[\w'’]+")
_LETTERS = re.compile(rf"[{SCRIPTS}]+")
SHORTEST = 5
"""Fewer letters than this say too little either way ("Кот_12")."""


class Bigrams(NamedTuple):
    """A character bigram model: each letter's row index, and log2 P(next | previous) in bits, the start as the last
    row and the end as the last column."""

    positions: dict[str, int]
    rows: tuple[tuple[float, ...], ...]

    def bits(self, word: str) -> float:
        """log2 of the word's likelihood, start and end included; a letter the model does not know is impossible."""
        start = end = len(self.positions)
        previous, total = start, 0.0
        for char in word:
            current = self.positions.get(char)
            if current is None:
                return float("-inf")
            total += self.rows[previous][current]
            previous = current
        return total + self.rows[previous][end]


class Layout(NamedTuple):
    """One keyboard layout: its script's letters mapped to the Latin keys they sit on, and the own-script models
    that read its letters (Cyrillic letters may be Russian or Ukrainian words)."""

    keys: dict[str, str]
    own: tuple[str, ...]


def as_bigrams(stored: dict[str, object]) -> Bigrams:
    """A model as stored: its alphabet and its rows in hundredths of a bit."""
    alphabet = str(stored["alphabet"])
    rows = stored["log2"]
    assert isinstance(rows, list)
    return Bigrams({char: i for i, char in enumerate(alphabet)}, tuple(tuple(v / 100 for v in row) for row in rows))


@cache
def _model() -> tuple[dict[str, Bigrams], dict[str, Layout], float]:
    stored = json.loads(_DATA.read_text(encoding="utf-8"))
    models = {name: as_bigrams(model) for name, model in stored["models"].items()}
    layouts = {
        name: Layout(dict(zip(layout["letters"], layout["keys"], strict=True)), tuple(layout["own"]))
        for name, layout in stored["layouts"].items()
    }
    return models, layouts, float(stored["margin"])


def advantage(letters: list[str], models: dict[str, Bigrams], layouts: dict[str, Layout]) -> float:
    """How many bits more likely the letter groups of one run are as Latin typed on some layout than as words of
    that layout's script; minus infinity when no layout types every letter as a Latin letter."""
    best = float("-inf")
    latin = models["latin"]
    for layout in layouts.values():
        if not all(char in layout.keys for group in letters for char in group):
            continue
        typed = ["".join(layout.keys[char] for char in group) for group in letters]
        if not all(word.isalpha() for word in typed):
            continue  # a key that types a symbol in Latin ("б" is ","): not a Latin word typed
        as_latin = sum(latin.bits(word) for word in typed)
        as_own = max(sum(models[name].bits(group) for group in letters) for name in layout.own)
        best = max(best, as_latin - as_own)
    return best


def typed_on_layout(run: str) -> bool:
    """Whether one run (letters of the scripts read here and a digit or ``_``) reads as Latin typed on the wrong
    layout rather than as its own script's words."""
    letters = [group.lower() for group in _LETTERS.findall(run)]
    if sum(map(len, letters)) < SHORTEST:
        return False
    models, layouts, margin = _model()
    return advantage(letters, models, layouts) >= margin


def layout_spans(text: str) -> list[tuple[int, int]]:
    """Where ``text`` holds a run of another script's letters with a digit or ``_`` that reads as a Latin password
    typed on that script's layout. The caller asks only of a line that is not ASCII and has a digit or ``_``."""
    first = _LETTERS.search(text)
    if first is None:
        return []  # not ASCII for another reason (a dash, an accent, an emoji)
    found = []
    for match in _RUN.finditer(text, text.rfind(" ", 0, first.start()) + 1):
        run = match.group()
        marked = any(c.isdigit() or c == "_" for c in run)
        if len(run) > SHORTEST and marked and _LETTERS.search(run) and typed_on_layout(run):
            found.append(match.span())
    return found
