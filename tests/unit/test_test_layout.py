"""Where test code lives and who may import it: helpers in tests/support, fixtures in conftest, bench on its own.

`conftest.py` is pytest's plugin, loaded once by pytest; a test that imports it as a module gets a second
copy and ties itself to a file whose job is fixtures, so helpers live in modules of tests/support named for
what they hold. The benchmarks are a product of their own: they reach the tests' fakes by starting them as
processes and read shared cases as data, so nothing in bench/ imports the tests. And the interpreter's
import path is edited only where a command makes the project importable before importing it
(`scripts/*.py`, run as files, and the test command `tests/__main__.py`): anywhere else an edit makes a
module importable in one way of running and not another.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
TESTS = ROOT / "tests"
BENCH = ROOT / "bench"
PATH_EDITS_ALLOWED = {"tests/__main__.py"}
"""Besides ``scripts/*.py``: the files that may put the project on ``sys.path``."""
_MUTATORS = {"insert", "append", "extend", "remove", "pop", "clear", "__setitem__", "__iadd__"}


def python_files(folder: Path) -> list[Path]:
    """The project's own Python files under ``folder``: no virtualenv, caches, or bench output."""
    return sorted(
        path
        for path in folder.rglob("*.py")
        if not any(
            part.startswith(".") or part in {"__pycache__", "out", "node_modules"} for part in path.relative_to(ROOT).parts
        )
    )


def imported_names(source: str) -> Iterator[tuple[int, str]]:
    """Every module a file imports (line, dotted name), at any depth, plus string-named imports (import_module, runpy)."""
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            yield from ((node.lineno, alias.name) for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and not node.level and node.module:
            yield node.lineno, node.module
        elif isinstance(node, ast.Call) and node.args and isinstance(node.args[0], ast.Constant):
            called = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")
            if called in {"import_module", "__import__", "run_module", "run_path"} and isinstance(node.args[0].value, str):
                yield node.lineno, node.args[0].value


def sys_path_edits(source: str) -> Iterator[int]:
    """Lines that change ``sys.path``: a mutating method, an assignment to it or to an item of it, ``site.addsitedir``."""

    def is_sys_path(node: ast.AST) -> bool:
        return (
            isinstance(node, ast.Attribute)
            and node.attr == "path"
            and isinstance(node.value, ast.Name)
            and node.value.id == "sys"
        )

    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            if (node.func.attr in _MUTATORS and is_sys_path(node.func.value)) or node.func.attr == "addsitedir":
                yield node.lineno
        elif isinstance(node, ast.Assign | ast.AugAssign | ast.AnnAssign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            for target in targets:
                if is_sys_path(target) or (isinstance(target, ast.Subscript) and is_sys_path(target.value)):
                    yield node.lineno


def test_modules_import_helpers_from_support_never_from_conftest() -> None:
    offenders = [
        f"{path.relative_to(ROOT)}:{line} imports {name}"
        for path in python_files(ROOT)
        for line, name in imported_names(path.read_text(encoding="utf-8"))
        if name.split(".")[-1] == "conftest"
    ]
    assert offenders == [], "move the helper to a module of tests/support and import it from there"


def test_conftest_holds_fixtures_and_hooks_only() -> None:
    tree = ast.parse((TESTS / "conftest.py").read_text(encoding="utf-8"))
    helpers = []
    for node in tree.body:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            decorators = [ast.unparse(d) for d in getattr(node, "decorator_list", [])]
            fixture = any("fixture" in d for d in decorators)
            if not (fixture or node.name.startswith("pytest_")):
                helpers.append(node.name)
    assert helpers == [], "a helper in conftest.py belongs in a module of tests/support named for what it holds"


def test_bench_imports_nothing_of_the_tests() -> None:
    support = TESTS / "support"
    test_modules = {path.stem for path in support.glob("*.py")} | {
        folder.name for folder in support.iterdir() if (folder / "__init__.py").exists()
    }
    offenders = [
        f"{path.relative_to(ROOT)}:{line} imports {name}"
        for path in python_files(BENCH)
        for line, name in imported_names(path.read_text(encoding="utf-8"))
        if name.split(".")[0] in {"tests", "conftest", *test_modules}
    ]
    assert offenders == [], "bench starts the fakes as processes and reads shared cases as data (tests/support/data)"


def test_sys_path_is_edited_only_by_scripts_and_the_test_command() -> None:
    offenders = [
        f"{path.relative_to(ROOT)}:{line}"
        for path in python_files(ROOT)
        if not (path.parent == ROOT / "scripts" or path.relative_to(ROOT).as_posix() in PATH_EDITS_ALLOWED)
        for line in sys_path_edits(path.read_text(encoding="utf-8"))
    ]
    assert offenders == [], "import the project as bot.py does (run from its folder), or set PYTHONPATH for a child"


EDITS = [
    ("sys.path.insert(0, 'x')", [1]),
    ("import sys\nsys.path.append(str(ROOT))", [2]),
    ("sys.path[:0] = ['x']", [1]),
    ("sys.path = ['x']", [1]),
    ("sys.path += ['x']", [1]),
    ("site.addsitedir('x')", [1]),
    ("print(sys.path)", []),
    ("SCRIPT = 'sys.path.insert(0, root)'", []),  # a child's script, as text: not this process's path
    ("os.path.join('a', 'b')", []),
]


@pytest.mark.parametrize(("source", "lines"), EDITS)
def test_the_path_check_sees_every_way_of_editing(source: str, lines: list[int]) -> None:
    assert list(sys_path_edits(source)) == lines


IMPORTS = [
    ("from conftest import query", ["conftest"]),
    ("import tests.support.fake_llm", ["tests.support.fake_llm"]),
    ("def f():\n    from tests.support.unrelated import CASES", ["tests.support.unrelated"]),
    ("importlib.import_module('tests.support.fake_llm')", ["tests.support.fake_llm"]),
    ("runpy.run_module('fake_llm')", ["fake_llm"]),
    ("from . import harness", []),
]


@pytest.mark.parametrize(("source", "names"), IMPORTS)
def test_the_import_check_sees_imports_at_any_depth(source: str, names: list[str]) -> None:
    assert [name for _, name in imported_names(source)] == names
