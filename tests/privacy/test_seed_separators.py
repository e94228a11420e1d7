"""Seed phrases written with whatever separators and wrappers a member pastes them in, and prose that must pass.

The rows in ``seed_tables`` come from phrases drawn from every list in the ``mnemonic`` package (12 to 24
words), written as wallet export screens, HTML and Markdown lists, JSON/YAML/CSV/TOML/SQL and chat habits put
them, inside chat lines of many languages; the prose rows (paragraphs, lyrics-like lines, shopping and game
item lists) hold many list words and must pass. The ``aside`` file is a deterministic third that the rule was
never tuned on: its figures are reported and held to a floor, not looked at row by row.
"""

from __future__ import annotations

import json
import re
import unicodedata
from pathlib import Path

import pytest

from utils.privacy import seed
from utils.privacy.screen import screen

HERE = Path(__file__).parent
TABLES = HERE / "seed_tables"
_LETTERS = re.compile(r"(?:[^\W\d_]|[\u0300-\u036f\u3099\u309a])+")
FLOORS = {"tune": 1.0, "aside": 1.0}
"""Phrases caught (and gone from the kept text) in each part, as measured when the rule was written."""
PROSE_FLOORS = {"tune": 1.0, "aside": 0.95}
"""Prose rows let through: one aside row (unseen) reads as a phrase, as it did before the rule changed."""


def _rows(part: str) -> list[dict[str, object]]:
    with (TABLES / f"seed_separators.{part}.jsonl").open(encoding="utf-8") as handle:
        return [json.loads(line) for line in handle]


def caught(row: dict[str, object]) -> bool:
    """The screen names a seed phrase and at most two of its words are left in the kept text, none glued."""
    screened = screen(str(row["text"]), "message")
    if "seed-phrase" not in screened.kinds:
        return False
    kept = unicodedata.normalize("NFC", screened.text).casefold()
    words = [unicodedata.normalize("NFC", str(w)).casefold() for w in row["words"]]  # type: ignore[attr-defined]
    tokens = set(_LETTERS.findall(kept))
    left = sum(w in tokens for w in words)
    glued = any("".join(words[i : i + 3]) in kept for i in range(len(words) - 2))
    return left <= 2 and not glued


def passes(row: dict[str, object]) -> bool:
    text = str(row["text"])
    return not list(seed.spans(text, text.casefold()))


def _figures(part: str) -> tuple[int, int, int, int]:
    rows = _rows(part)
    phrases = [r for r in rows if r["expect"] == "seed"]
    prose = [r for r in rows if r["expect"] == "pass"]
    return sum(map(caught, phrases)), len(phrases), sum(map(passes, prose)), len(prose)


@pytest.mark.parametrize("part", ["tune", "aside"])
def test_phrases_are_caught_whatever_joins_their_words(part: str) -> None:
    found, phrases, kept, prose = _figures(part)
    print(f"\n{part}: {found}/{phrases} phrases caught, {kept}/{prose} prose rows pass")
    assert found >= FLOORS[part] * phrases
    assert kept >= PROSE_FLOORS[part] * prose


def test_the_table_covers_every_list_and_many_styles() -> None:
    rows = _rows("tune") + _rows("aside")
    phrases = [r for r in rows if r["expect"] == "seed"]
    assert len({r["lang"] for r in phrases}) >= 12
    assert len({r["style"] for r in phrases}) >= 25
    assert {len(r["words"]) for r in phrases} == {12, 15, 18, 21, 24}  # type: ignore[arg-type]
    assert len(rows) - len(phrases) >= 60


@pytest.mark.parametrize("table", ["harmless", "gaming"])
def test_the_dev_harmless_and_gaming_rows_hold_no_phrase(table: str) -> None:
    with (HERE / "tables" / f"{table}.dev.jsonl").open(encoding="utf-8") as handle:
        texts = [json.loads(line)["text"] for line in handle]
    flagged = [t for t in texts if list(seed.spans(t, t.casefold()))]
    print(f"\n{table}: {len(flagged)} of {len(texts)} dev rows read as a phrase")
    assert not flagged


TALK_ABOUT_PHRASES = [
    "助记词一定要保存好，不要告诉任何人，也不要截图发到群里，钱包被盗了就找不回来了",
    "助記詞一定要保存好不要告訴任何人也不要截圖發到群裡",
    "never share your seed phrase: <b>not</b> with support, not with a friend, not in a DM!",
    "my recovery phrase is written on paper in a safe, do not ask for it",
    "シードフレーズは絶対に人に教えないでください、サポートも聞きません",
    "시드 구문은 절대 다른 사람에게 알려주지 마세요 고객센터도 묻지 않습니다",
    "<ul><li>milk</li><li>eggs</li><li>bread</li><li>butter</li><li>cheese</li></ul>",
    "🔥🔥 fire 🔥 water 🔥 earth 🔥 air 🔥 avatar 🔥🔥",
]


@pytest.mark.parametrize("text", TALK_ABOUT_PHRASES)
def test_talk_about_phrases_passes(text: str) -> None:
    assert not list(seed.spans(text, text.casefold()))
