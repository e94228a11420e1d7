"""The three places an operator runs the documented commands, built for real and cached by the lock's hash.

(a) a copy of the checkout with `.venv` made by the README's own pip lines (the runtime lock only);
(b) the Docker runtime stage simulated without an engine: exactly the paths its COPY lines name (and
    the base stage's requirements.txt) under an app folder, run from there, by a venv holding only
    what the Dockerfile's RUN installs, with the image's ENV;
(c) a copy of the checkout run by the interpreter of this test session (what `python3 -m tests` set up).

The venvs live under a cache folder named after the runtime lock's hash, so they are built once
(about a minute each, from pip's cache) and reused until the lock changes; the copies of the
code are made fresh for every session.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import re
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from dockerfile import dockerfile_stages

try:
    import fcntl
except ImportError:  # Windows: one builder at a time is up to the developer
    fcntl = None  # type: ignore[assignment]

from utils.paths import PROJECT_ROOT

CACHE_VARIABLE = "BREEHAVIOR_DOCS_ENV_CACHE"
"""Where the environments' venvs are kept (default: a folder under the system's temp dir)."""
SKIPPED_IN_COPY = {".git", ".venv", "data", ".pytest_cache", ".ruff_cache", ".mypy_cache", "__pycache__", ".env"}
SKIPPED_SUFFIXES = (".pyc",)


@dataclass
class Environment:
    name: str
    root: Path
    """The folder the commands run in (the checkout's copy, or the image's /app)."""
    bin_dir: Path
    """Put first on PATH, as an activated venv (or the image's python) would be."""
    variables: dict[str, str]


def cache_dir() -> Path:
    base = Path(os.environ.get(CACHE_VARIABLE) or Path(tempfile.gettempdir()) / "breehavior-docs-envs")
    digest = hashlib.sha256((PROJECT_ROOT / "requirements.txt").read_bytes()).hexdigest()[:16]
    folder = base / f"{digest}-py{sys.version_info[0]}{sys.version_info[1]}"
    folder.mkdir(parents=True, exist_ok=True)
    return folder


@contextlib.contextmanager
def locked(folder: Path) -> Iterator[None]:
    """One builder at a time per folder (parallel workers, two sessions)."""
    with open(folder / ".lock", "w") as handle:
        if fcntl is None:
            yield
            return
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def base_python() -> str:
    """The interpreter a newcomer types `python3` for: this session's base Python, outside any venv."""
    for name in ("python3", "python"):
        candidate = Path(sys.base_prefix) / "bin" / name
        if candidate.exists():
            return str(candidate)
    return sys.executable


def fresh_folder(folder: Path, keep: set[str]) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    for entry in folder.iterdir():
        if entry.name in keep:
            continue
        if entry.is_dir() and not entry.is_symlink():
            shutil.rmtree(entry)
        else:
            entry.unlink()


def copy_checkout(target: Path) -> None:
    """The checkout's files as a clone has them: no venv, no database, no .env, no caches."""

    def ignore(_folder: str, names: list[str]) -> set[str]:
        # "data" is the bot's database folder at the top only: a package's data files (utils/privacy/data) are the code's
        return {n for n in names if n in SKIPPED_IN_COPY - {"data"} or n.endswith(SKIPPED_SUFFIXES) or n == "out"}

    for entry in PROJECT_ROOT.iterdir():
        if entry.name in SKIPPED_IN_COPY:
            continue
        if entry.is_dir():
            shutil.copytree(entry, target / entry.name, ignore=ignore)
        else:
            shutil.copy2(entry, target / entry.name)


def run_checked(command: list[str] | str, cwd: Path, **kwargs: object) -> None:
    done = subprocess.run(command, cwd=cwd, capture_output=True, text=True, timeout=900, **kwargs)  # type: ignore[call-overload]
    if done.returncode != 0:
        raise RuntimeError(f"{command} failed ({done.returncode}):\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}")


def readme_install_lines() -> list[str]:
    """The README's own lines that make a venv and install the runtime lock into it."""
    text = (PROJECT_ROOT / "README.md").read_text(encoding="utf-8")
    lines = [line.split(" #")[0].strip() for line in text.splitlines()]
    venv = [line for line in lines if line.startswith("python3 -m venv .venv")]
    pip = [line for line in lines if line.startswith("pip install") and "requirements.txt" in line]
    assert venv and pip, "the README gives the pip path: a venv line and a pip install line"
    return [venv[0], pip[0]]


def build_a(folder: Path) -> Environment:
    root = folder / "a"
    with locked(folder):
        fresh_folder(root, keep={".venv"})
        copy_checkout(root)
        ready = root / ".venv" / ".docs-env-ready"
        if not ready.exists():
            shutil.rmtree(root / ".venv", ignore_errors=True)
            script = " && ".join(readme_install_lines())
            env = {**os.environ, "PATH": f"{Path(base_python()).parent}{os.pathsep}{os.environ.get('PATH', '')}"}
            env.pop("VIRTUAL_ENV", None)
            run_checked(["bash", "-c", script], root, env=env)
            ready.write_text("made by the README's pip lines\n", encoding="utf-8")
    return Environment("a", root, root / ".venv" / "bin", {"VIRTUAL_ENV": str(root / ".venv")})


def image_layout() -> tuple[list[tuple[str, str]], str, dict[str, str], str]:
    """(source, destination) of every COPY the runtime image gets, its pip install line, ENV and WORKDIR."""
    stages = {s.name: s for s in dockerfile_stages((PROJECT_ROOT / "Dockerfile").read_text(encoding="utf-8"))}
    base, runtime = stages["base"], stages["runtime"]
    assert runtime.base == "base"
    copies: list[tuple[str, str]] = []
    for stage in (base, runtime):
        for args in stage.args_of("COPY"):
            words = [w for w in args.split() if not w.startswith("--")]
            copies += [(source, words[-1]) for source in words[:-1]]
    [install] = [args for args in base.args_of("RUN") if args.startswith("pip install")]
    variables: dict[str, str] = {}
    for args in base.args_of("ENV"):
        variables.update(dict(re.findall(r"(\w+)=(\S+)", args)))
    [workdir] = base.args_of("WORKDIR")
    return copies, install, variables, workdir


def build_b(folder: Path) -> Environment:
    copies, install, variables, _workdir = image_layout()
    app, venv = folder / "b-app", folder / "b-venv"
    with locked(folder):
        fresh_folder(app, keep=set())
        for source, destination in copies:
            target = app / destination
            if (PROJECT_ROOT / source).is_dir():  # COPY dir/ dir/ copies the folder's contents
                shutil.copytree(PROJECT_ROOT / source, target, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
            elif destination.endswith("/"):
                target.mkdir(parents=True, exist_ok=True)
                shutil.copy2(PROJECT_ROOT / source, target / Path(source).name)
            else:
                shutil.copy2(PROJECT_ROOT / source, target)
        (app / "data").mkdir(exist_ok=True)  # RUN install -d /app/data
        ready = venv / ".docs-env-ready"
        if not ready.exists():
            shutil.rmtree(venv, ignore_errors=True)
            run_checked([base_python(), "-m", "venv", str(venv)], folder)
            run_checked(["bash", "-c", f"{venv}/bin/{install}"], app)  # the Dockerfile's RUN, with the venv's pip
            ready.write_text(f"made by the Dockerfile's RUN {install}\n", encoding="utf-8")
    return Environment("b", app, venv / "bin", {**variables, "VIRTUAL_ENV": str(venv)})


def build_c(folder: Path) -> Environment:
    root = folder / "c"
    with locked(folder):
        fresh_folder(root, keep=set())
        copy_checkout(root)
    return Environment("c", root, Path(sys.executable).parent, {})


BUILDERS = {"a": build_a, "b": build_b, "c": build_c}
