"""The layer tables (tests/privacy/layer_tables): special-category lines, claims about others, roles asserted in
chat, and the relationships, gaming and harmless lines that must pass; ``tune`` and ``aside`` parts."""

from __future__ import annotations

import json
from collections import Counter, defaultdict
from collections.abc import Callable
from pathlib import Path
from typing import Any

from utils.privacy.screen import personal_reasons, screen

TABLES = Path(__file__).resolve().parent.parent / "privacy" / "layer_tables"
KEPT_KINDS = frozenset({"relationship", "gaming", "harmless"})
"""Families whose lines must be kept; every other family must be refused."""


def load(name: str, part: str) -> list[dict[str, Any]]:
    """The rows of ``<name>.<part>.jsonl`` ("special", "others", "lookalikes"; "tune" or "aside")."""
    with (TABLES / f"{name}.{part}.jsonl").open(encoding="utf-8") as lines:
        return [json.loads(line) for line in lines if line.strip()]


def refused(text: str) -> bool:
    """Whether a kept line is refused whole by the kept-line layers (the three rules, then the classifier)."""
    return bool(personal_reasons(text))


def family(row: dict[str, Any]) -> str:
    return str(row.get("category", row.get("kind")))


def must_refuse(row: dict[str, Any]) -> bool:
    return family(row) not in KEPT_KINDS


def by_family(name: str, part: str) -> dict[str, list[dict[str, Any]]]:
    """A table's rows grouped by their family (an absent family reads as no rows)."""
    rows: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for row in load(name, part):
        rows[family(row)].append(row)
    return rows


def families_short(rows: dict[str, list[dict[str, Any]]], floors: dict[str, int], part: str) -> list[str]:
    """The families whose right rows fall below their floor, each figure printed; the wrong rows are printed only
    for ``tune`` (the aside part is counted, never read row by row)."""
    short = []
    for name, floor in floors.items():
        wrong = [row for row in rows[name] if refused(row["text"]) is not must_refuse(row)]
        right = len(rows[name]) - len(wrong)
        print(f"\n{part} {name}: {right}/{len(rows[name])} right", end="")
        if part == "tune":
            for row in wrong:
                print(f"\n    wrong: {row['text']}", end="")
        if right < floor:
            short.append(f"{name} {right}/{len(rows[name])}")
    return short


def right_count(rows: list[dict[str, Any]], is_right: Callable[[dict[str, Any]], bool], label: str, part: str) -> int:
    """How many rows are right. The figure and the wrong rows' count by ``label`` are printed, and for ``tune`` each
    wrong row: an aside part is counted, never read row by row."""
    wrong = [row for row in rows if not is_right(row)]
    by_label = Counter(row[label] for row in wrong)
    print(f"\n{part}: {len(rows) - len(wrong)}/{len(rows)} right; wrong by {label} {dict(by_label)}")
    if part == "tune":
        for row in wrong:
            print(f"    wrong ({row[label]}): {row['text']}")
    return len(rows) - len(wrong)


def right_as_memory_and_message(row: dict[str, Any]) -> bool:
    """A refused family's line refused as a memory; a kept family's line kept as a memory and unchanged as a message."""
    text = str(row["text"])
    refused_whole = screen(text, "memory").refused
    if must_refuse(row):
        return refused_whole
    return not refused_whole and screen(text, "message").text == text


def right_by_expectation(row: dict[str, Any], *, kept: str = "kept") -> bool:
    """A row right by what it ``expect``s: ``kept`` (the table's word for a line that passes) unchanged as a message
    and as a memory; ``refused`` refused as a memory; ``message`` (an order number) kept in a message and gone from a
    memory (someone's transaction); anything else (a twin) its ``value`` gone from both."""
    text = row["text"]
    message, memory = screen(text, "message"), screen(text, "memory")
    if row["expect"] == kept:
        return message.text == text and not memory.refused and memory.text == " ".join(text.split())
    if row["expect"] == "refused":
        return memory.refused
    value = row["value"]
    memory_clean = memory.refused or value not in memory.text
    if row["expect"] == "message":
        return message.text == text and memory_clean
    return value not in message.text and memory_clean


def split_is_honest(name: str, *, languages: int, expects: set[str]) -> None:
    """A third of the table aside in every kind, no line in both parts, enough languages, every expectation there."""
    tune, aside = load(name, "tune"), load(name, "aside")
    assert 0.28 <= len(aside) / (len(tune) + len(aside)) <= 0.36
    assert not {row["text"] for row in tune} & {row["text"] for row in aside}
    assert {row["kind"] for row in aside} == {row["kind"] for row in tune}
    assert len({row["lang"] for row in tune + aside}) >= languages
    assert {row["expect"] for row in tune + aside} == expects


def short_of_floors(name: str, part: str, families: tuple[str, ...], floors: dict[str, int]) -> list[str]:
    """The families of table ``name`` whose rows right (:func:`right_as_memory_and_message`) fall below their floor,
    each figure printed; wrong rows are printed only for ``tune`` (the aside part is counted, never read)."""
    rows = by_family(name, part)
    short, total = [], 0
    for kind in families:
        wrong = [row for row in rows[kind] if not right_as_memory_and_message(row)]
        got = len(rows[kind]) - len(wrong)
        total += got
        print(f"\n{part} {kind}: {got}/{len(rows[kind])} right", end="")
        if part == "tune":
            for row in wrong:
                print(f"\n    wrong: {row['text']}", end="")
        if got < floors.get(kind, 0):
            short.append(f"{kind} {got}/{len(rows[kind])}")
    print(f"\n{part} all: {total}/{sum(len(v) for v in rows.values())}")
    return short


def value_gone_or_line_unchanged(row: dict[str, Any]) -> bool:
    """A generated value's row is right when none of its pieces of four or more characters (a code of a list, said
    apart) is left in the message; a look-alike's when the message passes unchanged."""
    kept = screen(row["text"], "message").text
    if row["kind"] == "lookalike":
        return kept == row["text"]
    return not any(piece in kept for piece in row["value"].split() if len(piece) >= 4)
