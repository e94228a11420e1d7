"""`utils/llm` has one public surface, and no import cycle among its modules.

An import cycle inside the package is what let the tool-call flow reach into the client's
private methods; the cycle is found here before it is found at start-up. Every import counts:
at module level, inside a function, under ``TYPE_CHECKING`` — each is an edge someone can
turn into a real one. Outside the package, code imports names the package exports; a
leading underscore (a module or a name) is the package's own business.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator, Mapping
from pathlib import Path

import utils.llm

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = "utils.llm"
PACKAGE_DIR = ROOT / "utils" / "llm"
OUTSIDE = ("bot.py", "cogs", "utils", "scripts", "bench", "tests", "migrations")


def module_name(path: Path, root: Path) -> str:
    """``utils/llm/client.py`` as ``utils.llm.client``; a package's ``__init__.py`` as the package."""
    parts = list(path.relative_to(root).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imported(tree: ast.AST, module: str, is_package: bool = False) -> Iterator[str]:
    """Every module an import in ``tree`` may name, wherever the import stands.

    ``from a import b`` yields ``a`` and ``a.b`` (``b`` may be a module); a relative import
    is resolved against ``module``.
    """
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = module.split(".")
                anchor = anchor[: len(anchor) - node.level + (1 if is_package else 0)]
                base = ".".join([*anchor, base] if base else anchor)
            yield base
            yield from (f"{base}.{alias.name}" for alias in node.names)


def import_graph(sources: Mapping[str, str], packages: frozenset[str] = frozenset()) -> dict[str, set[str]]:
    """Which of ``sources``' modules each one imports (``sources``: module name → its text)."""
    graph: dict[str, set[str]] = {}
    for module, text in sources.items():
        names = set(imported(ast.parse(text), module, module in packages))
        graph[module] = {name for name in names if name in sources and name != module}
    return graph


def find_cycle(graph: Mapping[str, set[str]]) -> list[str] | None:
    """One import cycle of ``graph`` (its modules in order, the first repeated at the end), or None."""
    done: set[str] = set()
    path: list[str] = []

    def visit(module: str) -> list[str] | None:
        if module in path:
            return [*path[path.index(module) :], module]
        if module in done:
            return None
        path.append(module)
        for target in sorted(graph.get(module, ())):
            cycle = visit(target)
            if cycle is not None:
                return cycle
        path.pop()
        done.add(module)
        return None

    for module in sorted(graph):
        cycle = visit(module)
        if cycle is not None:
            return cycle
    return None


def private_imports(tree: ast.AST) -> list[str]:
    """What ``tree`` imports from ``utils.llm`` whose module or name starts with an underscore."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names if _in_package(alias.name)]
        elif isinstance(node, ast.ImportFrom) and not node.level and _in_package(node.module or ""):
            targets = [f"{node.module}.{alias.name}" for alias in node.names]
        else:
            continue
        found += [name for name in targets if any(part.startswith("_") for part in name.split(".")[2:])]
    return found


def _in_package(module: str) -> bool:
    return module == PACKAGE or module.startswith(f"{PACKAGE}.")


def _package_sources() -> dict[str, str]:
    return {module_name(path, ROOT): path.read_text(encoding="utf-8") for path in sorted(PACKAGE_DIR.glob("*.py"))}


def _outside_files() -> Iterator[Path]:
    for entry in OUTSIDE:
        top = ROOT / entry
        for path in [top] if top.is_file() else sorted(top.rglob("*.py")):
            if PACKAGE_DIR not in path.parents:
                yield path


def test_there_is_no_import_cycle_among_the_modules_of_utils_llm() -> None:
    graph = import_graph(_package_sources(), frozenset({PACKAGE}))
    assert len(graph) > 5 and graph[PACKAGE], "the package and its modules were read"
    assert find_cycle(graph) is None


def test_a_cycle_is_found_whether_the_import_is_at_module_level_in_a_function_or_for_the_type_checker() -> None:
    sources = {
        "pkg.a": "from pkg.b import helper\n",
        "pkg.b": "def later():\n    from pkg.c import thing\n",
        "pkg.c": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from pkg.a import Client\n",
    }
    assert find_cycle(import_graph(sources)) == ["pkg.a", "pkg.b", "pkg.c", "pkg.a"]
    assert find_cycle(import_graph({**sources, "pkg.c": "import os\n"})) is None
    through_the_package = {"pkg": "from pkg.a import Client\n", "pkg.a": "from pkg import Client\n"}
    assert find_cycle(import_graph(through_the_package, frozenset({"pkg"}))) == ["pkg", "pkg.a", "pkg"]
    relative = {"pkg.a": "from .b import helper\n", "pkg.b": "from . import a\n"}
    assert find_cycle(import_graph(relative)) == ["pkg.a", "pkg.b", "pkg.a"]


def test_nothing_outside_utils_llm_imports_a_private_module_or_name_of_it() -> None:
    offenders = {
        str(path.relative_to(ROOT)): found
        for path in _outside_files()
        if (found := private_imports(ast.parse(path.read_text(encoding="utf-8"))))
    }
    assert offenders == {}


def test_a_private_import_is_seen_whichever_form_it_takes() -> None:
    source = (
        "from utils.llm import LLMClient, _hidden\n"
        "from utils.llm._mode_requests import shaped\n"
        "import utils.llm._mode_requests as requests\n"
        "from utils.llm.log import LlmLogBuffer\n"
        "from utils.llmish import _other\n"
        "def f():\n    from utils.llm.client import _secret\n"
    )
    assert sorted(private_imports(ast.parse(source))) == [
        "utils.llm._hidden",
        "utils.llm._mode_requests",
        "utils.llm._mode_requests.shaped",
        "utils.llm.client._secret",
    ]


def test_every_name_utils_llm_exports_is_there_and_public() -> None:
    exported = utils.llm.__all__
    assert len(exported) == len(set(exported)), "each name once"
    assert [name for name in exported if not hasattr(utils.llm, name)] == []
    assert [name for name in exported if name.startswith("_")] == []
    assert {"LLMClient", "LLMError", "ToolMode", "ToolModeSetting", "MODES"} <= set(exported)
