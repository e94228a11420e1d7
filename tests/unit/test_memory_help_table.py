"""The `/memory` help table is the one list: the terminal's commands, USAGE and the cog's descriptions come from it."""

from __future__ import annotations

import pytest

from cogs.memory import MemoryCog
from scripts.terminal_chat import COMMANDS, HELP
from utils.members.commands import MEMORY_COMMANDS, USAGE, CommandHelp, description, help_rows, parse_memory_command

FILLED = {"<id>": "12", "<minutes>": "30", "[minutes]": "30", "<n>": "2"}


def filled(form: str) -> str:
    for placeholder, value in FILLED.items():
        form = form.replace(placeholder, value)
    return form


@pytest.mark.parametrize("row", MEMORY_COMMANDS, ids=lambda r: r.form)
def test_every_row_names_a_command_that_parses(row: CommandHelp) -> None:
    assert parse_memory_command(filled(row.form)) is not None
    if "[minutes]" in row.form:  # an optional argument may be left out
        assert parse_memory_command(row.form.replace(" [minutes]", "")) is not None


def test_every_action_has_a_row() -> None:
    kinds = {type(parse_memory_command(filled(r.form))) for r in MEMORY_COMMANDS}
    assert len(kinds) == len(MEMORY_COMMANDS) == 11


@pytest.mark.parametrize("row", MEMORY_COMMANDS, ids=lambda r: r.form)
def test_the_terminal_lists_every_row_with_what_it_does(row: CommandHelp) -> None:
    line = next(line for line in COMMANDS.splitlines() if line.strip().startswith(f"/memory {row.form} "))
    assert line.rstrip().endswith(row.does) and line in HELP
    assert f" {row.form} " in f" {USAGE.removeprefix('usage: /memory ').replace(' | ', '  ')} "


def test_the_terminal_lines_are_the_table_in_its_order() -> None:
    listed = [line.split("  ")[1].strip() for line in COMMANDS.splitlines() if line.startswith("  /memory ")]
    assert listed == [form for form, _ in help_rows()]


SLASH = {command.name: command for command in MemoryCog.memory.commands}


def test_every_slash_subcommand_is_in_the_table() -> None:
    assert set(SLASH) == {row.name for row in MEMORY_COMMANDS}


@pytest.mark.parametrize("name", sorted({r.name for r in MEMORY_COMMANDS} - {"forget"}))
def test_a_slash_command_is_described_by_its_row(name: str) -> None:
    assert SLASH[name].description == description(name)
    assert len(description(name)) <= 100  # Discord's limit for a description


def test_forget_has_four_rows_and_its_own_slash_description() -> None:
    forms = [r.form for r in MEMORY_COMMANDS if r.name == "forget"]
    assert forms == ["forget <id>", "forget fact <n>", "forget all", "forget recent <minutes>"]
    with pytest.raises(ValueError):
        description("forget")
