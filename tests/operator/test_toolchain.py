"""The contributor toolchain agrees with itself: hooks fetch nothing and run pinned tools, mypy sees every package."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[2]


def pinned_dev_tools() -> set[str]:
    """The dev tools pyproject.toml pins (its `dev` extra, which `.ci/lock` turns into tests/requirements.txt)."""
    dev = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["optional-dependencies"]["dev"]
    return {m[1].lower() for line in dev if (m := re.fullmatch(r"([A-Za-z0-9_.-]+)==\S+", line.strip()))}


def hooks() -> list[tuple[str, dict[str, object]]]:
    config = yaml.safe_load((ROOT / ".pre-commit-config.yaml").read_text(encoding="utf-8"))
    return [(repo["repo"], hook) for repo in config["repos"] for hook in repo["hooks"]]


def test_every_pre_commit_hook_is_local_and_runs_a_pinned_tool() -> None:
    """A remote hook repository would be fetched at commit time and pin its own tool version, apart from CI's."""
    found = hooks()
    assert {hook["id"] for _repo, hook in found} >= {"ruff-check", "ruff-format", "mypy"}
    pinned = pinned_dev_tools()
    assert {"ruff", "mypy", "pytest-xdist"} <= pinned
    for repo, hook in found:
        assert repo == "local" and hook["language"] == "system", hook["id"]
        tool = str(hook["entry"]).split()[0]
        assert tool in pinned, f"{hook['id']} runs {tool}, which pyproject.toml's dev extra does not pin"


def test_the_type_check_covers_every_top_level_package() -> None:
    """A new top-level package or script is type checked from its first commit, without anyone remembering to add it."""
    mypy = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["mypy"]
    checked = set(mypy["files"])
    code = {p.name for p in ROOT.iterdir() if p.is_dir() and not p.name.startswith(".") and any(p.glob("*.py"))}
    code |= {p.name for p in ROOT.glob("*.py")}
    assert {"bot.py", "utils", "cogs", "scripts"} <= code, "the scan finds the product"
    assert code - {"tests"} <= checked, sorted(code - {"tests"} - checked)
    assert mypy["check_untyped_defs"] is True and mypy["python_version"] == "3.11"
