"""The slash `/memory forget` options and `/memory-admin`'s reach, as the cog reads them (tables, no Discord)."""

from __future__ import annotations

import pytest

from utils.members.commands import FORGET_HINT, RECENT_NEEDS_MINUTES, admin_scope, slash_forget
from utils.members.erasure import ForgetAll, ForgetFacts, ForgetIds, ForgetRecent
from utils.storage.records import MemoryScope

READ: list[tuple[str, int | None, object]] = [
    ("all", None, ForgetAll()),
    ("  ALL ", 5, ForgetAll()),
    ("recent", 30, ForgetRecent(30)),
    ("Recent", 1, ForgetRecent(1)),
    ("recent", None, RECENT_NEEDS_MINUTES),
    ("12", None, ForgetIds((12,))),
    ("#12", None, ForgetIds((12,))),
    (" 12 ", 7, ForgetIds((12,))),
    ("P1", None, ForgetFacts(numbers=(1,))),
    ("p3", None, ForgetFacts(numbers=(3,))),
    ("", None, FORGET_HINT),
    ("everything", None, FORGET_HINT),
    ("１２", None, FORGET_HINT),
    ("1" * 19, None, FORGET_HINT),
    ("12 13", None, FORGET_HINT),
]


@pytest.mark.parametrize(("what", "minutes", "expected"), READ)
def test_the_forget_options_name_one_action_or_the_hint(what: str, minutes: int | None, expected: object) -> None:
    assert slash_forget(what, minutes) == expected


SCOPES: list[tuple[int | None, MemoryScope]] = [
    (None, MemoryScope.GLOBAL),
    (1, MemoryScope(True, 1)),
    (987654321098765432, MemoryScope(True, 987654321098765432)),
]


@pytest.mark.parametrize(("guild_id", "expected"), SCOPES)
def test_a_manager_reaches_their_own_server_and_the_owner_in_dms_everything(guild_id: int | None, expected: MemoryScope) -> None:
    assert admin_scope(guild_id) == expected
