"""`/memory …` typed in the terminal, parsed into the same typed actions the slash commands build (tables)."""

from __future__ import annotations

import pytest

from utils.members.commands import (
    DEFAULT_PAUSE_MINUTES,
    ID_DIGITS_MAX,
    USAGE,
    Export,
    History,
    MemoryAction,
    OptIn,
    Pause,
    Resume,
    Show,
    parse_memory_command,
)
from utils.members.erasure import ForgetAll, ForgetFacts, ForgetIds, ForgetRecent, OptOut

PARSED: list[tuple[str, MemoryAction]] = [
    ("show", Show()),
    ("SHOW", Show()),
    ("  show  ", Show()),
    ("\tshow\n", Show()),
    ("history", History()),
    ("HISTORY ", History()),
    ("export", Export()),
    ("Export", Export()),
    ("optout", OptOut()),
    ("OPTOUT", OptOut()),
    ("optin", OptIn()),
    ("resume", Resume()),
    ("pause", Pause(DEFAULT_PAUSE_MINUTES)),
    ("pause 30", Pause(30)),
    ("PAUSE   45", Pause(45)),
    ("pause 0", Pause(0)),  # the controller clamps to at least a minute
    ("pause 1000000", Pause(1_000_000)),  # ... and to at most a week
    ("pause 007", Pause(7)),
    ("forget all", ForgetAll()),
    ("FORGET ALL", ForgetAll()),
    ("Forget   All", ForgetAll()),
    ("forget 12", ForgetIds((12,))),
    ("forget #12", ForgetIds((12,))),
    ("forget\t12", ForgetIds((12,))),
    ("forget\n12", ForgetIds((12,))),
    ("forget 0", ForgetIds((0,))),  # no such memory: the runner says so
    ("forget " + "9" * ID_DIGITS_MAX, ForgetIds((int("9" * ID_DIGITS_MAX),))),
    ("forget recent 30", ForgetRecent(30)),
    ("forget fact 2", ForgetFacts((2,))),
    ("Forget FACT 03", ForgetFacts((3,))),
    ("forget P2", ForgetFacts((2,))),
    ("forget p1", ForgetFacts((1,))),
    ("forget p0", ForgetFacts((0,))),  # no such fact: the runner says so
    ("Forget Recent 15", ForgetRecent(15)),
    ("forget recent 0", ForgetRecent(0)),  # the erasure clamps to at least a minute
    ("forget recent 99999999999", ForgetRecent(99_999_999_999)),  # ... and to at most 30 days
]


@pytest.mark.parametrize(("typed", "action"), PARSED)
def test_every_command_parses_to_its_action(typed: str, action: MemoryAction) -> None:
    assert parse_memory_command(typed) == action


NOT_A_COMMAND = [
    "",
    " ",
    "\n",
    "forget",
    "forget recent",
    "forget fact",
    "forget fact two",
    "forget fact #2",
    "forget fact 2 3",
    "forget p",
    "forget px",
    "forget p-1",
    "forget p٢",
    "forget pp2",
    "show all",
    "show me",
    "forget all now",
    "forget all 5",
    "forget -5",
    "forget +5",
    "forget 1.5",
    "forget 1e3",
    "forget 0x10",
    "forget 12,13",
    "forget 12 13",
    "forget twelve",
    "forget ²",
    "forget ١٢",
    "forget १२",
    "forget １２",
    "forget 12abc",
    "forget #",
    "forget " + "9" * (ID_DIGITS_MAX + 1),
    "forget 9223372036854775808",  # 2**63: beyond BIGINT
    "forget 18446744073709551616",  # 2**64
    "forget " + "1" * 400,
    "forget recent -30",
    "forget recent #30",
    "forget recent 15 minutes",
    "forget recent 1.5",
    "forget recent 15m",
    "forget recent " + "9" * 40,
    "pause -1",
    "pause 10m",
    "pause 30 minutes",
    "pause #5",
    "pause 1.5",
    "pause ٣٠",
    "pause " + "9" * 40,
    "resume now",
    "opt out",
    "opt-out",
    "optin please",
    "exports",
    "forgét 1",
    "ＳＨＯＷ",
    "show\u200b",
    "/memory show",
    "memory show",
    "delete 12",
    "erase all",
    "oubliez tout",
    "vergiss alles",
    "忘れて",
    "show; DROP TABLE UserMemory",
    "forget 1; forget 2",
]


@pytest.mark.parametrize("typed", NOT_A_COMMAND)
def test_anything_else_names_no_action(typed: str) -> None:
    """None means the caller shows USAGE: bad numbers, units, other scripts' digits, unknown words."""
    assert parse_memory_command(typed) is None


def test_the_usage_line_only_names_commands_that_parse() -> None:
    """Every form USAGE advertises is understood (with its placeholders filled in)."""
    forms = USAGE.removeprefix("usage: /memory ").split(" | ")
    filled = [f.replace("<id>", "12").replace("<minutes>", "30").replace("[minutes]", "30").replace("<n>", "2") for f in forms]
    assert len(filled) >= 9
    for form in filled:
        assert parse_memory_command(form) is not None, form
    assert {type(parse_memory_command(f)) for f in filled} == {
        Show,
        History,
        ForgetIds,
        ForgetFacts,
        ForgetAll,
        ForgetRecent,
        Export,
        OptOut,
        OptIn,
        Pause,
        Resume,
    }


def test_a_number_never_reaches_the_database_as_more_than_bigint() -> None:
    largest = parse_memory_command("forget " + "9" * ID_DIGITS_MAX)
    assert isinstance(largest, ForgetIds)
    assert largest.ids[0] < 2**63
