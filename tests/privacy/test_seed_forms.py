"""Seed phrases in every written form members paste them in leave no three words in a row; look-alikes pass.

The rows in ``seed_tables/seed_forms.*.jsonl`` were written by ``generate_seed_forms.py`` (phrases drawn with the
``mnemonic`` package in numbered, lettered and Roman-numbered lists, bullets, Markdown/HTML/XML/LaTeX, Python, JS,
Go, Rust, bash, JSON, YAML and SQL, quoted, bracketed, URL/identifier joins, hashtags, cut short) and hand-written
look-alikes (shopping and loot lists, Wordle and Codenames chat, poems, code) in the same languages. ``aside`` is a
third chosen by hash that the rule was not tuned on: its figures are printed and held to a floor.
"""

from __future__ import annotations

import json
import re
import unicodedata
from pathlib import Path

import pytest

from utils.privacy import seed
from utils.privacy.screen import screen

TABLES = Path(__file__).parent / "seed_tables"
_LETTERS = re.compile(r"(?:[^\W\d_]|[\u0300-\u036f\u3099\u309a])+")
_TAG = re.compile(r"</?[A-Za-z][^<>]*>")
_CAMEL = re.compile(r"(?<=[^\W\d_])(?=[A-ZÀ-ÖØ-ÞА-ЯĞİŞÇÖÜ])")
FLOORS = {"tune": 1.0, "aside": 1.0}
"""Phrases that left no trace, by part, as measured when the rule was written."""
PROSE_FLOORS = {"tune": 0.98, "aside": 0.97}
"""Look-alikes let through, by part."""


def _rows(part: str) -> list[dict[str, object]]:
    with (TABLES / f"seed_forms.{part}.jsonl").open(encoding="utf-8") as handle:
        return [json.loads(line) for line in handle]


def _tokens(text: str) -> list[str]:
    split = _CAMEL.sub(" ", _TAG.sub(" ", unicodedata.normalize("NFC", text)))
    return [t.casefold() for t in _LETTERS.findall(split)]


def left_a_trace(kept: str, words: list[str]) -> bool:
    """Three words of the phrase in a row survive: as tokens one after another (markup tags aside), or glued
    (unspaced scripts)."""
    tokens = _tokens(kept)
    phrase = [unicodedata.normalize("NFC", w).casefold() for w in words]
    folded = unicodedata.normalize("NFC", kept).casefold()
    triples = {tuple(phrase[i : i + 3]) for i in range(len(phrase) - 2)}
    if any(tuple(tokens[i : i + 3]) in triples for i in range(len(tokens) - 2)):
        return True
    return any("".join(t) in folded.replace(" ", "") for t in triples)


def caught(row: dict[str, object]) -> bool:
    screened = screen(str(row["text"]), "message")
    return "seed-phrase" in screened.kinds and not left_a_trace(screened.text, row["words"])  # type: ignore[arg-type]


def passes(row: dict[str, object]) -> bool:
    text = str(row["text"])
    return not list(seed.spans(text, text.casefold()))


def figures(part: str) -> tuple[list[str], int, list[str], int]:
    rows = _rows(part)
    phrases = [r for r in rows if r["expect"] == "seed"]
    prose = [r for r in rows if r["expect"] == "pass"]
    missed = [f"{r['id']} {r['lang']} {r['style']}" for r in phrases if not caught(r)]
    taken = [f"{r['id']} {r['lang']} {r['style']}" for r in prose if not passes(r)]
    return missed, len(phrases), taken, len(prose)


@pytest.mark.parametrize("part", ["tune", "aside"])
def test_every_written_form_leaves_no_trace_and_look_alikes_pass(part: str) -> None:
    missed, phrases, taken, prose = figures(part)
    print(f"\n{part}: {phrases - len(missed)}/{phrases} phrases leave no trace, {prose - len(taken)}/{prose} look-alikes pass")
    if part == "tune":
        print("missed: " + "; ".join(missed) + "\ntaken: " + "; ".join(taken))
    assert phrases - len(missed) >= FLOORS[part] * phrases
    assert prose - len(taken) >= PROSE_FLOORS[part] * prose


def test_the_table_covers_every_list_and_form() -> None:
    rows = _rows("tune") + _rows("aside")
    phrases = [r for r in rows if r["expect"] == "seed"]
    assert len({r["lang"] for r in phrases}) == 12
    assert len({r["style"] for r in phrases}) >= 45
    assert len(rows) - len(phrases) >= 90


def test_the_trace_check_sees_three_words_however_joined() -> None:
    words = ["abandon", "ability", "able", "about"]
    assert left_a_trace("x abandonAbilityAble y", words)
    assert left_a_trace("<li>ability</li><li>able</li><li>about</li>", words)
    assert not left_a_trace("abandon [redacted] able about", words)
    assert left_a_trace("挂隔春", ["挂", "隔", "春"])


PARTS_AFTER_LABELS = [
    ["tesi parere dozzina pari trabocco bici", "il resto: riassunto ricevere camerata trasloco ossa risultato"],
    ["first half: bargain merge music rigid problem merit", "second half: neglect toast isolate nurse spy retreat"],
    ["amiral virement sternum chaton odorant", "et la suite : dortoir ficeler vérin fureur encoche exiler baril"],
]
LABELS_IN_PROSE = [
    ["milk eggs bread butter", "notes: call mom tomorrow about the party"],
    ["spring summer autumn winter", "my vote: summer obviously, then spring"],
]


@pytest.mark.parametrize("messages", PARTS_AFTER_LABELS)
def test_a_phrase_resumed_after_a_label_is_one_phrase(messages: list[str]) -> None:
    assert seed.touches(messages[0], messages[1])
    joined = "\n".join(messages)
    found = list(seed.spans(joined, joined.casefold()))
    assert found and found[0][1] - found[0][0] >= len(joined) - len(messages[0].split()[0]) - 20


@pytest.mark.parametrize("messages", LABELS_IN_PROSE)
def test_a_label_between_short_lists_joins_no_phrase(messages: list[str]) -> None:
    joined = "\n".join(messages)
    assert not list(seed.spans(joined, joined.casefold()))


def test_the_rest_of_a_phrase_after_its_taken_out_part_is_taken_too() -> None:
    """Over messages: once the first parts are replaced, the last part still meets them (the conversation's join)."""
    earlier, text = "[redacted:seed-phrase]", "clever master elegant height — bas yahi 12 shabd"
    assert seed.touches(earlier, text)
    joined = f"{earlier}\n{text}"
    found = list(seed.spans(joined, joined.casefold()))
    assert found and joined[found[0][0] : found[0][1]].strip() == "clever master elegant height"
    assert found[0][0] >= len(earlier)  # never inside the placeholder, which the screen keeps


@pytest.mark.parametrize(
    "text", ["[redacted:password] good game well played", "[redacted:seed-phrase] thanks, all good now", "[redacted:seed-phrase]"]
)
def test_words_after_another_placeholder_or_a_few_after_a_phrase_are_no_phrase(text: str) -> None:
    assert not list(seed.spans(text, text.casefold()))
