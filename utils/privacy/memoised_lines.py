"""Readings memoised on a member's words, dropped together when a member is forgotten.

Some readings of the screen are asked the same question of the same line again and again — the conversation screen
reads a member's earlier message once more for every reply that follows it, a word's forms are looked up for every
line that holds it — and keep the answer keyed by the line or the word. Those keys are copies of what members wrote
(a bare value the screen has not yet recognised among them), so they are memoised here rather than with a plain
``functools.lru_cache``: every memo registers itself, and :func:`forget_memoised_lines` empties all of them. The
conversation screen calls it when it forgets a member, so an erasure, in this process or seen from another, reaches
these copies as it reaches the window. Emptying everyone's memos costs only the next readings' time.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import Any, Protocol, TypeVar, cast

__all__ = ["Memo", "forget_memoised_lines", "memoised", "memoised_count"]

_T_co = TypeVar("_T_co", covariant=True)
_T = TypeVar("_T")


class Memo(Protocol[_T_co]):
    """A memoised reading: called like the function, and emptied with the others."""

    def __call__(self, *args: Any) -> _T_co: ...

    def cache_info(self) -> Any: ...

    def cache_clear(self) -> None: ...


_MEMOS: list[Memo[object]] = []


def memoised(maxsize: int) -> Callable[[Callable[..., _T]], Memo[_T]]:
    """``functools.lru_cache(maxsize)``, registered so that :func:`forget_memoised_lines` reaches it."""

    def wrap(function: Callable[..., _T]) -> Memo[_T]:
        memo = cast("Memo[_T]", lru_cache(maxsize=maxsize)(function))
        _MEMOS.append(memo)
        return memo

    return wrap


def memoised_count() -> int:
    """How many memoised answers are held now, over every memo."""
    return sum(memo.cache_info().currsize for memo in _MEMOS)


def forget_memoised_lines() -> int:
    """Empty every memo keyed by members' words; returns how many answers were dropped."""
    dropped = memoised_count()
    for memo in _MEMOS:
        memo.cache_clear()
    return dropped
