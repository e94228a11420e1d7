"""Who owns what: memory knows nothing of the monitor, one module owns the UserNotes format, wiring is by constructor."""

from __future__ import annotations

import ast
from datetime import UTC, datetime
from pathlib import Path

import pytest

from utils.monitor.state import MonitorState
from utils.paths import PROJECT_ROOT
from utils.storage.user_notes import (
    USER_NOTES_MAX,
    observation_line,
    observation_lines,
    profile_part,
    with_observations,
    with_profile,
)

PRODUCT = [
    *(PROJECT_ROOT / "utils").rglob("*.py"),
    *(PROJECT_ROOT / "cogs").rglob("*.py"),
    *(PROJECT_ROOT / "scripts").rglob("*.py"),
]


def imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
    return found


@pytest.mark.parametrize("path", sorted((PROJECT_ROOT / "utils" / "memory").glob("*.py")), ids=lambda p: p.name)
def test_memory_imports_nothing_from_the_monitor(path: Path) -> None:
    assert not {m for m in imported_modules(path) if m.startswith("utils.monitor")}, path.name


def test_the_services_are_wired_by_constructor_never_by_assigning_onto_another_object() -> None:
    """`monitor_state.profile_of = memory.profile` after construction hid who depends on whom."""
    tree = ast.parse((PROJECT_ROOT / "utils" / "runtime.py").read_text(encoding="utf-8"))
    onto_others = [
        ast.unparse(target)
        for node in ast.walk(tree)
        if isinstance(node, ast.Assign | ast.AnnAssign | ast.AugAssign)
        for target in (node.targets if isinstance(node, ast.Assign) else [node.target])
        if isinstance(target, ast.Attribute) and isinstance(target.value, ast.Attribute)
    ]
    assert onto_others == []


FORMAT_NAMES = {"split_user_notes", "join_user_notes", "OBSERVATION_LINE"}


@pytest.mark.parametrize(
    "path", [p for p in PRODUCT if p.name != "user_notes.py"], ids=lambda p: str(p.relative_to(PROJECT_ROOT))
)
def test_only_user_notes_splits_or_joins_the_column(path: Path) -> None:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name)} | {
        a.name for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) for a in n.names
    }
    assert not names & FORMAT_NAMES, path


LINE_A, LINE_B = "[2026-01-02 13:00] was heated about ranked", "[2026-01-03 09:30] a parlé de Lyon 🇫🇷"
NOTES = [
    # (stored UserNotes, profile part, note lines)
    (None, "", []),
    ("", "", []),
    ("Nurse from Lyon.", "Nurse from Lyon.", []),
    (f"Nurse from Lyon.\n{LINE_A}", "Nurse from Lyon.", [LINE_A]),
    (f"{LINE_A}\n{LINE_B}", "", [LINE_A, LINE_B]),
    (f"ממשיכה ללמוד\n  \n{LINE_B}\nמתכנתת", "ממשיכה ללמוד מתכנתת", [LINE_B]),
    ("[not a date] looks like a line", "[not a date] looks like a line", []),
    ("[2026-01-02 13:00]no space after", "[2026-01-02 13:00]no space after", []),
    ("猫が好き\r\n" + LINE_A, "猫が好き", [LINE_A]),
]


@pytest.mark.parametrize(("notes", "profile", "lines"), NOTES)
def test_each_owner_reads_its_part(notes: str | None, profile: str, lines: list[str]) -> None:
    assert profile_part(notes) == profile and observation_lines(notes) == lines


@pytest.mark.parametrize(("notes", "profile", "lines"), NOTES)
def test_each_owner_replaces_only_its_part(notes: str | None, profile: str, lines: list[str]) -> None:
    new_profile = with_profile(notes, "Plays Go.")
    assert (profile_part(new_profile), observation_lines(new_profile)) == ("Plays Go.", lines)
    new_lines = with_observations(notes, [LINE_B])
    assert (profile_part(new_lines), observation_lines(new_lines)) == (profile, [LINE_B])


def test_the_note_lines_keep_the_newest_within_the_bound() -> None:
    many = [f"[2026-01-01 10:{i % 60:02d}] observation number {i}" for i in range(400)]
    notes = with_observations("A long-time member.", many)
    assert len(notes) <= USER_NOTES_MAX and profile_part(notes) == "A long-time member."
    assert observation_lines(notes)[-1] == many[-1] and observation_lines(notes) == many[-len(observation_lines(notes)) :]


@pytest.mark.parametrize(
    ("note", "moment", "line"),
    [
        ("plays GTA", datetime(2026, 1, 2, 13, 0, 59, tzinfo=UTC), "[2026-01-02 13:00] plays GTA"),
        ("two\nlines\u2028here", datetime(2026, 1, 2, 13, 0, tzinfo=UTC), "[2026-01-02 13:00] two lines here"),
        ("", datetime(2026, 12, 31, 23, 59, tzinfo=UTC), "[2026-12-31 23:59] "),
    ],
)
def test_a_note_line_is_one_timestamped_line(note: str, moment: datetime, line: str) -> None:
    assert observation_line(note, moment) == line and observation_lines(line) == [line]


class _Erased:
    def __init__(self, user_id: int, everything: bool) -> None:
        self.user_id, self.everything = user_id, everything


@pytest.mark.parametrize(("everything", "kept"), [(True, []), (False, [LINE_A.replace("was heated about ranked", "x")])])
def test_the_monitor_drops_its_note_lines_when_memory_erases_everything(everything: bool, kept: list[str]) -> None:
    monitor_state = MonitorState(profile_of=lambda _user_id: "Nurse from Lyon.")
    monitor_state.add_observation(42, "x", datetime(2026, 1, 2, 13, 0, tzinfo=UTC))
    monitor_state.add_observation(7, "someone else", datetime(2026, 1, 2, 13, 0, tzinfo=UTC))
    monitor_state.forget(_Erased(42, everything))
    assert monitor_state.observations(42) == kept and monitor_state.observations(7) == ["[2026-01-02 13:00] someone else"]
    assert monitor_state.get_user_notes(42) == "\n".join(["Nurse from Lyon.", *kept])
    assert monitor_state.export(42)["behaviour_notes"] == kept
