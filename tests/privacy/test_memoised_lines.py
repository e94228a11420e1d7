"""Readings memoised on members' words are copies of them: forgetting a member reaches them.

The conversation screen and the memory's ranking keep answers keyed by a line or a word (utils/privacy/memoised_lines.py);
a member forgotten must not stay behind as such a key until it is evicted. And no reading over a member's words may
memoise with a plain ``functools`` cache, which nothing empties.
"""

from __future__ import annotations

import ast
from pathlib import Path

from utils.memory import deduplication, ranking
from utils.privacy import _conversation_locked, memoised_lines
from utils.privacy.conversation import ConversationScreen

ROOT = Path(__file__).resolve().parents[2]
MEMBER, OTHER, PLACE = 41, 42, 7


def _talk(screen: ConversationScreen, member: int) -> None:
    screen.take(member, PLACE, "the padlock on the shed")
    screen.take(member, PLACE, "4471")
    screen.take(member, PLACE, "brb feeding the cat")


def test_forgetting_a_member_empties_the_readings_memoised_on_their_words() -> None:
    screen = ConversationScreen()
    _talk(screen, MEMBER)
    ranking._terms("likes the padlock on the shed")  # a memory's words as ranking reads them
    deduplication._facts("likes the padlock on the shed")
    assert _conversation_locked.named_thing.cache_info().currsize > 0
    assert ranking._terms.cache_info().currsize > 0
    assert memoised_lines.memoised_count() > 0
    screen.forget(MEMBER)
    assert memoised_lines.memoised_count() == 0
    assert _conversation_locked.named_thing.cache_info().currsize == 0
    assert ranking._terms.cache_info().currsize == 0
    assert deduplication._facts.cache_info().currsize == 0


def test_forgetting_empties_the_memos_but_not_the_other_members_window() -> None:
    screen = ConversationScreen()
    _talk(screen, MEMBER)
    _talk(screen, OTHER)
    assert screen.forget(MEMBER) == 3
    assert memoised_lines.memoised_count() == 0
    assert screen.forget(OTHER) == 3  # their window stays; only the memos (a speed-up) went for everyone


_WORD_PARAMETERS = {"text", "word", "token", "lowered", "folded", "gap", "stemmed", "written", "topic", "line", "said"}
"""Parameter names that carry what a member wrote (a line, a word of it, a memory's text or topic)."""


def _plain_caches_over_words(path: Path, root: Path = ROOT) -> list[str]:
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not isinstance(node, ast.FunctionDef) or not node.args.args:
            continue
        cached = any(
            (isinstance(d, ast.Call) and getattr(d.func, "id", getattr(d.func, "attr", "")) == "lru_cache")
            or getattr(d, "id", getattr(d, "attr", "")) in {"cache", "lru_cache"}
            for d in node.decorator_list
        )
        if cached and node.args.args[0].arg in _WORD_PARAMETERS:
            found.append(f"{path.relative_to(root).as_posix()}:{node.lineno} {node.name}")
    return found


def test_no_reading_over_members_words_memoises_where_forgetting_cannot_reach() -> None:
    modules = sorted((ROOT / "utils").rglob("*.py"))
    assert len(modules) > 100
    found = [place for module in modules for place in _plain_caches_over_words(module)]
    assert found == [], "memoise these with utils.privacy.memoised_lines.memoised, which forgetting empties"


def test_the_check_finds_a_plain_cache_over_a_line(tmp_path: Path) -> None:
    module = tmp_path / "utils" / "reading.py"
    module.parent.mkdir()
    module.write_text("from functools import lru_cache\n\n@lru_cache(maxsize=8)\ndef read(text: str) -> int:\n    return 1\n")
    assert _plain_caches_over_words(module, root=tmp_path) == ["utils/reading.py:4 read"]
