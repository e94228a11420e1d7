"""The layer tables (tests/privacy/layer_tables): lines written before a rule from outside sources, each with a
``tune`` part the rule may be tuned on and an ``aside`` part it never is; how their tests count them.

A table's test does two things in the same way everywhere, and both live here so that it cannot do them differently:
it counts a part's right rows per label against the floors measured when the rules were done (:func:`at_floors`),
printing each figure and, for ``tune`` only, each wrong row: an aside row is counted, never shown; and it checks that
a third was put aside with no line in both parts (:func:`third_aside`). What a right row is stays the table's own.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from utils.privacy.conversation import ConversationScreen
from utils.privacy.screen import Seen, personal_reasons, screen

TABLES = Path(__file__).resolve().parent.parent / "privacy" / "layer_tables"
KEPT_KINDS = frozenset({"relationship", "gaming", "harmless"})
"""Families whose lines must be kept; every other family must be refused."""
PARTS = ("tune", "aside")
"""The parts floors are measured on: ``@pytest.mark.parametrize("part", PARTS)``."""
EVERY = "all"
"""The key of a floor on a part's whole count, beside the labels' own."""

Row = dict[str, Any]


def load(name: str, part: str) -> list[Row]:
    """The rows of ``<name>.<part>.jsonl`` ("special", "others", "lookalikes"; "tune" or "aside")."""
    with (TABLES / f"{name}.{part}.jsonl").open(encoding="utf-8") as lines:
        return [json.loads(line) for line in lines if line.strip()]


def refused(text: str) -> bool:
    """Whether a kept line is refused whole by the kept-line layers (the three rules, then the classifier)."""
    return bool(personal_reasons(text))


def family(row: Row) -> str:
    return str(row.get("category", row.get("kind")))


def must_refuse(row: Row) -> bool:
    return family(row) not in KEPT_KINDS


@dataclass(frozen=True)
class Figures:
    """A part's rows and right rows, per label."""

    right: Counter[str]
    rows: Counter[str]

    def short(self, floors: Mapping[str, int] | int) -> list[str]:
        """``label right/rows`` for each label (or :data:`EVERY`; a whole number is a floor on it) below its floor."""
        short = []
        for label, floor in ({EVERY: floors} if isinstance(floors, int) else floors).items():
            right, rows = (self.right.total(), self.rows.total()) if label == EVERY else (self.right[label], self.rows[label])
            if right < floor:
                short.append(f"{label} {right}/{rows}")
        return short


def figures(
    rows: list[Row],
    part: str,
    is_right: Callable[[Row], bool],
    *,
    label: str | Callable[[Row], str] = family,
    shown: Callable[[Row], object] = lambda row: row["text"],
) -> Figures:
    """Count ``rows`` right by ``is_right`` per label (a field's name, or a function of the row), and print each figure
    and the whole; each wrong row is printed (as ``shown`` gives it) only when ``part`` is ``tune``."""
    label_of = label if callable(label) else lambda row: str(row[label])
    right, total, wrong = Counter[str](), Counter[str](), []
    for row in rows:
        name = label_of(row)
        total[name] += 1
        if is_right(row):
            right[name] += 1
        elif part == "tune":
            wrong.append(f"    wrong ({name}): {shown(row)}")
    for name in total:
        print(f"\n{part} {name}: {right[name]}/{total[name]} right", end="")
    print(f"\n{part} all: {right.total()}/{total.total()}", *wrong, sep="\n")
    return Figures(right, total)


def at_floors(
    name: str,
    part: str,
    is_right: Callable[[Row], bool],
    floors: Mapping[str, int] | int,
    *,
    label: str | Callable[[Row], str] = family,
    shown: Callable[[Row], object] = lambda row: row["text"],
) -> Figures:
    """Load table ``name``'s ``part``, count it (:func:`figures`) and fail where a label falls below its floor, or where
    a floor names a label the part has no row of (a misspelt label would be a floor that cannot fail)."""
    got = figures(load(name, part), part, is_right, label=label, shown=shown)
    unknown = set() if isinstance(floors, int) else set(floors) - {EVERY} - set(got.rows)
    assert not unknown, f"{name} {part}: floors of labels no row has: {sorted(unknown)}"
    short = got.short(floors)
    assert not short, f"{name} {part}: below the measured figures {short}"
    return got


@dataclass(frozen=True)
class Split:
    """A table's two parts; ``first`` is ``tune`` without the probes written later, which stand outside the third."""

    tune: list[Row]
    first: list[Row]
    aside: list[Row]


def _said(row: Row) -> object:
    if "turns" in row:
        return tuple((turn["by"], turn["text"]) for turn in row["turns"])
    return row["text"] if "text" in row else (row.get("asked"), tuple(row["messages"]))


def third_aside(name: str, *, probes: str | None = None, share: tuple[float, float] = (0.28, 0.36)) -> Split:
    """Table ``name``'s parts, failing unless the aside part is within ``share`` of the rows written together (the
    ``tune`` rows whose id the ``probes`` pattern does not match, and the aside rows) and no line (or exchange) is in
    both parts. The rows are returned for the table's own checks (languages, forms, kinds), never printed."""
    tune, aside = load(name, "tune"), load(name, "aside")
    first = [row for row in tune if probes is None or not re.search(probes, row["id"])]
    low, high = share
    assert low <= len(aside) / (len(first) + len(aside)) <= high, f"{name}: {len(aside)} aside of {len(first) + len(aside)}"
    assert not {_said(row) for row in tune} & {_said(row) for row in aside}, f"{name}: a line in both parts"
    return Split(tune, first, aside)


def a_third_of_each(split: Split, label: str = "kind") -> None:
    """Each label's aside rows a third, rounded, of its rows (a table drawn per label with no probes)."""
    for name, count in Counter(row[label] for row in split.tune + split.aside).items():
        assert sum(row[label] == name for row in split.aside) == round(count / 3), name


def kinds_table_is_well_formed(
    name: str, refused: Collection[str], *, rows: int, languages: int, per_refused_kind: int | None = None
) -> list[Row]:
    """A table of refused kinds beside the kept ones (:data:`KEPT_KINDS`), read line by line: a third of each kind
    aside, exactly these kinds, unique ids, enough rows and languages, a third kept, a reason on every kept row, a
    source and a form (a member's ``chat`` or a model's ``memory`` line) on every row; with ``per_refused_kind``, that
    many rows of each refused kind, one at least a model's memory line. The rows come back for the table's own checks."""
    split = third_aside(name)
    every = split.tune + split.aside
    a_third_of_each(split)
    assert {row["kind"] for row in every} == {*refused, *KEPT_KINDS}
    assert len({row["id"] for row in every}) == len(every) >= rows
    assert len({row["lang"] for row in every}) >= languages
    assert sum(row["kind"] in KEPT_KINDS for row in every) >= len(every) / 3
    assert all(row.get("reason") for row in every if row["kind"] in KEPT_KINDS)
    assert all(row["source"] and row["form"] in {"chat", "memory"} for row in every)
    for kind in refused if per_refused_kind is not None else ():
        forms = [row["form"] for row in every if row["kind"] == kind]
        assert len(forms) >= per_refused_kind and forms.count("memory") >= 1, kind
    return every


def look_alike_or_twin(row: Row) -> str:
    """A look-alike table's two sides, counted apart so that neither can be bought with the other: the line that must
    pass (``expect`` kept) and its twin that must stay caught."""
    return "look-alike" if row["expect"] == "kept" else "twin"


def twins_are_a_third(name: str, *, rows: int) -> list[Row]:
    """A look-alike table met by screening less would fail its twins: at least a third of its rows must be caught, and
    a twin whose ``value`` is to go holds it. The rows come back for the table's own checks."""
    every = load(name, "tune") + load(name, "aside")
    assert len(every) >= rows
    assert sum(row["expect"] != "kept" for row in every) * 3 >= len(every)
    assert all(row["value"] in row["text"] for row in every if row["expect"] == "redacted")
    return every


def right_by_refusal(row: Row) -> bool:
    """A refused family's line refused whole by the kept-line layers; a kept family's line not refused."""
    return refused(str(row["text"])) is must_refuse(row)


def right_as_memory_and_message(row: Row) -> bool:
    """A refused family's line refused as a memory; a kept family's line kept as a memory and unchanged as a message."""
    text = str(row["text"])
    refused_whole = screen(text, "memory").refused
    if must_refuse(row):
        return refused_whole
    return not refused_whole and screen(text, "message").text == text


def right_line_by_line(row: Row) -> bool:
    """A refused kind's every line (a quoted question and its answer are two, and a careless extractor stores each)
    refused as a memory; a kept kind's line kept unchanged as a memory and left unchanged as a message."""
    text = str(row["text"])
    if must_refuse(row):
        return all(screen(line, "memory").refused for line in text.splitlines() if line.strip())
    memory = screen(text, "memory")
    return not memory.refused and memory.text == text and screen(text, "message").text == text


def right_by_expectation(row: Row, *, kept: str = "kept") -> bool:
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
    split = third_aside(name)
    assert {row["kind"] for row in split.aside} == {row["kind"] for row in split.tune}
    assert len({row["lang"] for row in split.tune + split.aside}) >= languages
    assert {row["expect"] for row in split.tune + split.aside} == expects


def value_gone_or_line_unchanged(row: Row) -> bool:
    """A generated value's row is right when none of its pieces of four or more characters (a code of a list, said
    apart) is left in the message; a look-alike's when the message passes unchanged."""
    kept = screen(row["text"], "message").text
    if row["kind"] == "lookalike":
        return kept == row["text"]
    return not any(piece in kept for piece in row["value"].split() if len(piece) >= 4)


def _piece_left(piece: str, text: str) -> bool:
    folded, items = text.casefold(), piece.casefold().split()
    if len(items) < 3:
        return piece.casefold() in folded
    return any(" ".join(items[i : i + 3]) in folded for i in range(len(items) - 2))


def right_by_pieces(row: Row) -> bool:
    """A value's ``pieces`` gone from the message and any kept line (case-blind, and no three of a piece's words left in
    a row); a ``lookalike`` row unchanged, with nothing found in it, and kept."""
    said, kept = screen(row["text"], "message"), screen(row["text"], "memory")
    if row["kind"] == "lookalike":
        return said.text == row["text"] and not said.kinds and not kept.refused
    return not any(_piece_left(p, said.text) or (not kept.refused and _piece_left(p, kept.text)) for p in row["pieces"])


def _id_and_text(row: Row) -> str:
    return f"{row['id']}: {row['text']}"


def pieces_at_floors(name: str, part: str, kinds: tuple[str, ...], floors: Mapping[str, int]) -> Figures:
    """A table read by :func:`right_by_pieces` at its floors, one per kind (a kind without a floor could fall unseen),
    a wrong tune row shown by its id and line."""
    assert set(floors) == set(kinds), f"{name} {part}: floors {sorted(floors)} for kinds {sorted(kinds)}"
    return at_floors(name, part, right_by_pieces, floors, label="kind", shown=_id_and_text)


def pieces_table_is_well_formed(split: Split, kinds: tuple[str, ...], *, languages: int) -> None:
    """A table read by :func:`right_by_pieces`: ids and lines unique, every piece in its line, pieces exactly on the
    secret kinds, a third of each kind aside, enough languages and at least 35% look-alikes."""
    rows = split.tune + split.aside
    assert len({row["id"] for row in rows}) == len(rows)
    assert len({row["text"] for row in rows}) == len(rows)
    for row in rows:
        assert {"id", "kind", "lang", "text", "pieces", "source"} <= row.keys(), row["id"]
        assert row["kind"] in kinds, row["id"]
        assert all(piece in row["text"] for piece in row["pieces"]), row["id"]
        assert bool(row["pieces"]) is (row["kind"] != "lookalike"), row["id"]
    a_third_of_each(split)
    assert len({row["lang"].split("-")[0] for row in rows}) >= languages
    assert sum(row["kind"] == "lookalike" for row in rows) >= 0.35 * len(rows)


_MEMBER, _OTHER, _PLACE = 7, 8, 100


def _gone(secret: str, copies: list[str]) -> bool:
    folded = secret.casefold()
    joined = ["".join(copies), " ".join(copies), "\n".join(copies)]
    return not any(folded in text.casefold() for text in [*copies, *joined])


def right_in_conversation(row: Row, *, harmless_kind: str) -> bool:
    """A conversation's row (another member's ``asked`` line, then the member's ``messages``): a secret row is right
    when no copy of the member's messages, scrubbed with what the conversation found, holds one of its ``secrets`` —
    each copy alone and the copies run together; a ``harmless_kind`` row when every line passes unchanged with
    nothing found."""
    window, texts, found = ConversationScreen(), [], Seen()
    asked_unchanged = True
    if "asked" in row:
        asked = window.take(_OTHER, _PLACE, row["asked"])
        asked_unchanged = asked.said.text == row["asked"] and not asked.found.values
    for message in row["messages"]:
        joint = window.take(_MEMBER, _PLACE, message)
        texts.append(joint.said.text)
        found.add(joint.found)
    if row["kind"] == harmless_kind:
        return asked_unchanged and texts == row["messages"] and not found
    copies = [found.scrub(text) for text in texts]
    return all(_gone(secret, copies) for secret in row["secrets"])


def channel_rows_are_well_formed(rows: list[Row], kinds: tuple[str, ...]) -> None:
    """What every table of channel stretches (``turns``) holds: unique ids and stretches, the fields each row needs, a
    known kind, secrets exactly on the secret rows, a look-alike's reason and the shape it imitates."""
    assert len({row["id"] for row in rows}) == len(rows)
    assert len({tuple(turn["text"] for turn in row["turns"]) for row in rows}) == len(rows)
    for row in rows:
        assert {"id", "kind", "lang", "source", "turns", "secrets"} <= row.keys(), row["id"]
        assert row["kind"] in (*kinds, "lookalike"), row["id"]
        assert bool(row["secrets"]) is (row["kind"] != "lookalike"), row["id"]
        assert row["kind"] != "lookalike" or (row.get("reason") and row.get("shape") in kinds), row["id"]


def channel_table_rows(name: str, kinds: tuple[str, ...]) -> list[Row]:
    """A table of channel stretches, tune and aside together, checked as every such table is: well formed (above) and
    a third of each kind aside."""
    split = third_aside(name)
    rows = split.tune + split.aside
    channel_rows_are_well_formed(rows, kinds)
    a_third_of_each(split)
    return rows


def channel_table_at_floors(
    name: str, part: str, right: Callable[[Row], bool], right_at_least: Mapping[str, int], lookalikes: Mapping[str, int]
) -> None:
    """A table of channel stretches holds its measured figures in ``part``: rows right, and look-alikes unchanged."""
    floors = {EVERY: right_at_least[part], "lookalike": lookalikes[part]}
    at_floors(name, part, right, floors, label="kind", shown=lambda row: row["id"])


def channel_verdict_can_fail(right: Callable[[Row], bool], leak: Row, secret: str, absent: str) -> None:
    """A channel table's reading can fail both ways: the value ``secret`` left in a copy of ``leak``'s turns fails the
    row (a value not there, ``absent``, does not), and a look-alike whose line the screen changes fails too."""
    assert not right({**leak, "secrets": [secret]})
    assert right({**leak, "secrets": [absent]})
    changed = {"kind": "lookalike", "turns": [{"by": "me", "text": "my password is"}, {"by": "me", "text": "Zq8-marlin-55"}]}
    assert not right({**changed, "secrets": []})
