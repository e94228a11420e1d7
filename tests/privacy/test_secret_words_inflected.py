"""Secret words as languages inflect and join them, measured on the layer table ``secret_words_inflected``
(tests/privacy/layer_tables), written before the rule that reads them.

``split``: a secret named in one message and given in the next, or given first and named after ("והקוד של הכספת" /
"7731", "8817" / "das war der Garagentorcode"); ``inline``: named and given in one line. The word carries a clitic
prefix (Hebrew ה ו ב ל ש, Arabic و ب ل ف, Maltese il-), an elided article (l', dell'), a possessive, case or
definite suffix (Finnish, Turkish, Hungarian, Estonian, Basque, Georgian, Albanian, Indonesian -nya), a particle
(Korean, Japanese), stands at the end of a compound (Tresorkombination, fietsslotcode, larmkoden), or is a word of a
language the vocabulary holds few words of (Swahili, Tagalog, Hausa, Yoruba, Amharic, Marathi, Telugu, Khmer, Lao,
Burmese, Sinhala). ``ordinary``: the same words in their ordinary senses (program code and its line numbers, dress
and driving codes, a postcode, a game's encrypted puzzle, a lock screen's wallpaper, a secret level, a map pin, a
pass in sport, the key of a song) and a short number answering an ordinary question: every message unchanged.

A third of each kind is in the ``.aside.jsonl`` file, never tuned on: counted and printed, never read row by row.
"""

from __future__ import annotations

from typing import Any

import pytest
from layer_tables import PARTS, a_third_of_each, at_floors, third_aside

from utils.privacy.conversation import ConversationScreen
from utils.privacy.screen import Seen, screen

NAME = "secret_words_inflected"
RIGHT_AT_LEAST = {
    "tune": {"split": 20, "inline": 29, "ordinary": 69},
    "aside": {"split": 8, "inline": 15, "ordinary": 33},
}
"""Rows right per kind and part, measured when the rule was done (the aside part never tuned on). Before the rule:
split 15/21 tune, 7/11 aside; inline 20/35, 12/18; ordinary 67/69, 33/34. After: split 20/21, 8/11; inline 29/35,
15/18; ordinary 69/69, 33/34 (an ordinary line altered is worse than a secret missed: the ordinary floors are the
figures before the rule or above)."""


def _gone(value: str, texts: list[str]) -> bool:
    return not any(value.casefold() in text.casefold() for text in texts)


def right(row: dict[str, Any]) -> bool:
    """Every copy of the member's messages without the secret, and a one-line secret never kept in a memory; an
    ordinary exchange passes unchanged, and an ordinary line alone is kept as a memory as written."""
    window, texts, found = ConversationScreen(), [], Seen()
    for message in row["messages"]:
        joint = window.take(7, 100, message)
        texts.append(joint.said.text)
        found.add(joint.found)
    memory = screen(row["messages"][0], "memory") if len(row["messages"]) == 1 else None
    if row["kind"] == "ordinary":
        kept = memory is None or (not memory.refused and memory.text == " ".join(row["messages"][0].split()))
        return texts == row["messages"] and not found and kept
    copies = [found.scrub(text) for text in texts]
    remembered = memory is None or memory.refused or all(_gone(secret, [memory.text]) for secret in row["secrets"])
    return all(_gone(secret, copies) for secret in row["secrets"]) and remembered


def _shown(row: dict[str, Any]) -> str:
    return f"{row['id']} ({row['lang']}, {row['form']}): {row['messages']}"


@pytest.mark.parametrize("part", PARTS)
def test_the_table_stays_at_its_measured_figure(part: str) -> None:
    at_floors(NAME, part, right, RIGHT_AT_LEAST[part], label="kind", shown=_shown)


def test_the_table_is_well_formed_with_a_third_aside() -> None:
    split = third_aside(NAME)
    rows = split.tune + split.aside
    assert len({row["id"] for row in rows}) == len(rows)
    for row in rows:
        assert {"id", "kind", "lang", "form", "messages", "secrets", "source"} <= row.keys(), row["id"]
        assert 1 <= len(row["messages"]) <= 3, row["id"]
        assert bool(row["secrets"]) is (row["kind"] != "ordinary"), row["id"]
        assert all(any(s in m for m in row["messages"]) for s in row["secrets"]), row["id"]
        assert (len(row["messages"]) >= 2) is (row["kind"] == "split") or row["kind"] == "ordinary", row["id"]
    a_third_of_each(split)
    assert len({row["lang"] for row in rows}) >= 25
    ordinary = sum(row["kind"] == "ordinary" for row in rows)
    assert ordinary > len(rows) - ordinary, "more look-alikes than secrets"
