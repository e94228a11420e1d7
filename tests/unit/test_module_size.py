"""Every module of the bot stays readable in one sitting: at most 450 lines (split along its seams when it grows)."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
MAX_LINES = 450
CHECKED = ("bot.py", "cogs", "utils", "scripts")


def line_count(text: str) -> int:
    """Lines as `wc -l` counts them, and a last line without its newline too."""
    return len(text.splitlines())


def too_long(sources: dict[str, str], limit: int = MAX_LINES) -> list[str]:
    """``path: N lines`` for each source longer than ``limit``, longest first."""
    counts = {path: line_count(text) for path, text in sources.items()}
    return [f"{path}: {n} lines" for path, n in sorted(counts.items(), key=lambda c: (-c[1], c[0])) if n > limit]


def modules() -> dict[str, str]:
    paths: list[Path] = []
    for name in CHECKED:
        top = ROOT / name
        paths += [top] if top.is_file() else sorted(top.rglob("*.py"))
    return {p.relative_to(ROOT).as_posix(): p.read_text(encoding="utf-8") for p in paths}


def test_every_module_is_at_most_450_lines() -> None:
    checked = modules()
    assert "bot.py" in checked and "cogs/monitor.py" in checked and "utils/privacy/screen.py" in checked
    assert len(checked) > 50
    assert too_long(checked) == [], f"over {MAX_LINES} lines: split these along their seams"


def test_a_module_over_the_bound_is_named_with_its_count() -> None:
    long = "x = 1\n" * (MAX_LINES + 1)
    exact = "x = 1\n" * MAX_LINES
    unterminated = "x = 1\n" * MAX_LINES + "y = 2"
    assert too_long({"a.py": long, "b.py": exact, "c.py": unterminated, "d.py": ""}) == [
        "a.py: 451 lines",
        "c.py: 451 lines",
    ]
    assert line_count("one\ntwo\n") == 2
