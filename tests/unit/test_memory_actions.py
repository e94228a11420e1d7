"""Typed `/memory` actions: one parser (the terminal's) for text, the slash commands build the same actions directly."""

from __future__ import annotations

import ast

import pytest

from utils.members.commands import Export, OptIn, Pause, Resume, Show, parse_memory_command
from utils.members.erasure import ForgetAll, ForgetIds, ForgetRecent, OptOut
from utils.paths import PROJECT_ROOT


@pytest.mark.parametrize(
    ("text", "action"),
    [
        ("show", Show()),
        ("  SHOW ", Show()),
        ("forget all", ForgetAll()),
        ("Forget ALL", ForgetAll()),
        ("forget 12", ForgetIds((12,))),
        ("forget #12", ForgetIds((12,))),
        ("forget 0007", ForgetIds((7,))),
        ("forget recent 30", ForgetRecent(30)),
        ("forget recent 0", ForgetRecent(0)),
        ("export", Export()),
        ("optout", OptOut()),
        ("optin", OptIn()),
        ("pause", Pause(60)),
        ("pause 15", Pause(15)),
        ("resume", Resume()),
        ("forget 999999999999999999", ForgetIds((999999999999999999,))),
    ],
)
def test_text_becomes_the_action_the_slash_command_builds(text: str, action: object) -> None:
    assert parse_memory_command(text) == action


@pytest.mark.parametrize(
    "text",
    [
        "",
        "   ",
        "forget",
        "forget recent",
        "forget recent #5",
        "forget recent -5",
        "forget -3",
        "forget 1.5",
        "forget 99999999999999999999",  # longer than any BIGINT id
        "forget ١٢",  # Arabic-Indic digits: isdigit() says yes, int() would accept them
        "forget １２",  # fullwidth digits
        "forget ²",  # superscript two: isdigit() but int() fails
        "forget the thing",
        "forget all now",
        "pause soon",
        "pause 5 minutes",
        "show me",
        "shów",
        "opt out",
        "rm -rf /",
        "forget\u200b12",
    ],
)
def test_anything_else_is_no_action(text: str) -> None:
    assert parse_memory_command(text) is None


def test_the_cog_builds_actions_and_never_formats_command_strings() -> None:
    """Typed slash arguments used to become `f"pause {minutes}"` only to be parsed again."""
    tree = ast.parse((PROJECT_ROOT / "cogs" / "memory.py").read_text(encoding="utf-8"))
    called = {node.func.id for node in ast.walk(tree) if isinstance(node, ast.Call) and isinstance(node.func, ast.Name)}
    assert "run_memory_command" not in called and "parse_memory_command" not in called
    # `forget`'s options become an action in `slash_forget` (utils/members/commands.py), never a command string.
    assert {"Pause", "OptOut", "OptIn", "Resume", "slash_forget", "ForgetAll"} <= called


def test_views_depend_on_controllers_never_the_reverse() -> None:
    controllers = ["memory/service.py", "memory/learning.py", "memory/turns.py", "memory/store.py"]
    controllers += ["members/service.py", "members/erasure.py", "members/holders.py"]
    for controller in controllers:
        source = (PROJECT_ROOT / "utils" / controller).read_text(encoding="utf-8")
        assert "members.view" not in source and "import discord" not in source, controller
