"""The product's import graph: no cycle anywhere, and no package borrows another package's private names.

Every import counts — at module level, inside functions and under ``TYPE_CHECKING`` — because a cycle
hidden in a function is still two modules that cannot be understood, tested or moved one without the
other. A name with a leading underscore, or any name of a leading-underscore module, is an internal of its
package: the package's own modules share it, and another package that needs it is asking for a public one.
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
    """``from product.package.module import _name`` (or ``from product.package._module import …``) in another package."""
    found = []
    for path in product_files(root):
        importer = module_name(path, root)
        package = importer if path.name == "__init__.py" else importer.rpartition(".")[0]
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.ImportFrom) or node.level:  # a relative import stays inside its package
                continue
            source = node.module or ""
            if source.split(".")[0] not in PRODUCT_FOLDERS:
                continue
            source_package = source.rpartition(".")[0] if _is_module(root, source) else source
            if source_package == package:
                continue
            private_module = any(part.startswith("_") and not part.startswith("__") for part in source.split("."))
            for alias in node.names:
                if private_module or (alias.name.startswith("_") and not alias.name.startswith("__")):
                    found.append(f"{path.relative_to(root)}: from {source} import {alias.name}")
    return found


def _is_module(root: Path, dotted: str) -> bool:
    return (root / Path(*dotted.split("."))).with_suffix(".py").exists()


def test_the_product_has_no_import_cycle() -> None:
    graph = import_graph()
    assert len(graph) > 100, "the scan reads the product"
    assert graph["bot"] and graph["cogs.chat"], "imports are found"
    assert cycles(graph) == []


def test_no_module_takes_another_modules_private_names() -> None:
    assert private_imports() == []


def test_the_checks_see_what_they_forbid(tmp_path: Path) -> None:
    """A cycle through a function-level import, and private names taken across packages, are found; a package's
    own modules may share its internals."""
    package = tmp_path / "utils" / "demo"
    other = tmp_path / "utils" / "other"
    package.mkdir(parents=True)
    other.mkdir(parents=True)
    for init in (tmp_path / "utils", package, other):
        (init / "__init__.py").write_text("")
    (package / "first.py").write_text("from utils.demo.second import helper\n_hidden = 1\n")
    (package / "second.py").write_text("def helper():\n    from utils.demo import first\n    return first\n")
    (package / "_inner.py").write_text("shared = 2\n")
    (package / "third.py").write_text("from utils.demo.first import _hidden\nfrom utils.demo._inner import shared\n")
    (other / "user.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from utils.demo.first import _hidden\n"
        "from utils.demo._inner import shared\n"
    )
    graph = import_graph(tmp_path)
    assert cycles(graph) == [["utils.demo.first", "utils.demo.second"]]
    assert graph["utils.other.user"] == {"utils.demo.first", "utils.demo._inner"}
    assert sorted(private_imports(tmp_path)) == [
        "utils/other/user.py: from utils.demo._inner import shared",
        "utils/other/user.py: from utils.demo.first import _hidden",
    ]
    assert cycles({"a": {"b"}, "b": {"c"}, "c": set()}) == []
