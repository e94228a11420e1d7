"""The product's import graph: no cycle anywhere, and no module borrows another module's private names.

Every import counts — at module level, inside functions and under ``TYPE_CHECKING`` — because a cycle
hidden in a function is still two modules that cannot be understood, tested or moved one without the
other. A name with a leading underscore belongs to its module; another module that needs it is asking
for a public function.
"""

from __future__ import annotations

import ast
from collections.abc import Iterable, Mapping
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PRODUCT_FOLDERS = ("utils", "cogs", "scripts")


def product_files(root: Path = ROOT) -> list[Path]:
    files = [root / "bot.py"] if (root / "bot.py").exists() else []
    return files + sorted(path for folder in PRODUCT_FOLDERS for path in (root / folder).rglob("*.py"))


def module_name(path: Path, root: Path) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imported_modules(path: Path, root: Path, modules: Iterable[str]) -> set[str]:
    """The product modules ``path`` imports: ``from a.b import c`` is ``a.b.c`` when that is a module, else ``a.b``."""
    known = set(modules)
    name = module_name(path, root)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names if alias.name in known)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                base = ".".join([*anchor, base] if base else anchor)
            for alias in node.names:
                target = f"{base}.{alias.name}"
                if target in known:
                    found.add(target)
                elif base in known:
                    found.add(base)
    found.discard(name)
    return found


def import_graph(root: Path = ROOT) -> dict[str, set[str]]:
    files = product_files(root)
    modules = [module_name(path, root) for path in files]
    return {module_name(path, root): imported_modules(path, root, modules) for path in files}


def cycles(graph: Mapping[str, set[str]]) -> list[list[str]]:
    """Strongly connected components of more than one module (Tarjan's algorithm, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for start in graph:
        if start in index:
            continue
        work = [(start, iter(sorted(graph.get(start, ()))))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, successors = work[-1]
            advanced = False
            for successor in successors:
                if successor not in index:
                    index[successor] = low[successor] = len(index)
                    stack.append(successor)
                    on_stack.add(successor)
                    work.append((successor, iter(sorted(graph.get(successor, ())))))
                    advanced = True
                    break
                if successor in on_stack:
                    low[node] = min(low[node], index[successor])
            if advanced:
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return found


def private_imports(root: Path = ROOT) -> list[str]:
    """``from product.module import _name``: a private name taken from another product module."""
    found = []
    for path in product_files(root):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.ImportFrom):
                continue
            if not (node.level or (node.module or "").split(".")[0] in PRODUCT_FOLDERS):
                continue
            for alias in node.names:
                if alias.name.startswith("_") and not alias.name.startswith("__"):
                    found.append(f"{path.relative_to(root)}: from {node.module} import {alias.name}")
    return found


def test_the_product_has_no_import_cycle() -> None:
    graph = import_graph()
    assert len(graph) > 100, "the scan reads the product"
    assert graph["bot"] and graph["cogs.chat"], "imports are found"
    assert cycles(graph) == []


def test_no_module_takes_another_modules_private_names() -> None:
    assert private_imports() == []


def test_the_checks_see_what_they_forbid(tmp_path: Path) -> None:
    """A cycle through a function-level import and a private import, in a throwaway tree, are both found."""
    package = tmp_path / "utils" / "demo"
    package.mkdir(parents=True)
    (tmp_path / "utils" / "__init__.py").write_text("")
    (package / "__init__.py").write_text("")
    (package / "first.py").write_text("from utils.demo.second import helper\n")
    (package / "second.py").write_text("def helper():\n    from utils.demo import first\n    return first\n")
    (package / "third.py").write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .first import _hidden\n")
    graph = import_graph(tmp_path)
    assert cycles(graph) == [["utils.demo.first", "utils.demo.second"]]
    assert graph["utils.demo.third"] == {"utils.demo.first"}
    assert private_imports(tmp_path) == ["utils/demo/third.py: from first import _hidden"]
    assert cycles({"a": {"b"}, "b": {"c"}, "c": set()}) == []
