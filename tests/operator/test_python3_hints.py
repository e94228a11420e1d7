"""Every command the code tells an operator to run says `python3`: Debian and Ubuntu have no `python`.

Inside the Docker image `python` is right (the image's own interpreter); the code never prints a
container command, so any `python bot.py`, `python scripts/…` or `python -m …` in it is a hint that fails
on the machines most owners use.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
HINT = re.compile(r"(?<![\w/.-])python (?:bot\.py|scripts/|-m )")
PLACES = ["bot.py", "utils", "cogs", "scripts", "migrations"]


def sources() -> list[Path]:
    found: list[Path] = []
    for place in PLACES:
        path = ROOT / place
        found += [path] if path.is_file() else sorted(path.rglob("*.py"))
    return found


def test_no_hint_in_the_code_says_python_without_3() -> None:
    hits = [
        f"{path.relative_to(ROOT)}:{number}: {line.strip()}"
        for path in sources()
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if HINT.search(line)
    ]
    assert len(sources()) > 50, "the scan reads the code"
    assert hits == []


@pytest.mark.parametrize(
    ("line", "hint"),
    [
        ("run `python bot.py doctor`.", True),
        ("    python scripts/replay_monitor.py transcript.jsonl", True),
        ('"then python -m bench --tiny"', True),
        ("run `python3 bot.py doctor`.", False),
        ("/usr/bin/python bot.py", False),
        ("FROM python:3.11-slim", False),
        ('"mypython bot.py"', False),
    ],
)
def test_the_scan_tells_a_python_hint_from_python3_and_paths(line: str, hint: bool) -> None:
    assert bool(HINT.search(line)) is hint
