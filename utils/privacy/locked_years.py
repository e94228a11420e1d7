"""A year after a code's word, and the lock that makes it a code.

"code 2024" and "the code was written in 1998" give no code: a year after the word is the year. But padlocks, key
boxes and door keypads are set to years as often as to anything, so a year is a code when the words between the code's
word and it name a lock ("the code for the key box is 1906", "koden til nøkkelboksen er 1906", "der Code für die
Schlüsselbox ist 1984"): the locks are ``data/locked_things.json``'s, read as the conversation reads them.
"""

from __future__ import annotations

from utils.privacy._conversation_locked import LOCK, things
from utils.privacy._secret_values import YEAR


def a_year_beside_no_lock(value: str, gap: str) -> bool:
    """Whether ``value`` is a year that the words ``gap`` between a code's word and it do not hand to a lock."""
    return bool(YEAR.fullmatch(value)) and not any(kind == LOCK for *_, kind in things(gap.casefold()))
