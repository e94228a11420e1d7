"""The product's import graph: no cycle anywhere, and no module borrows another module's private names.

Every import counts — at module level, inside functions and under ``TYPE_CHECKING`` — because a cycle
hidden in a function is still two modules that cannot be understood, tested or moved one without the
other. A name with a leading underscore is its module's own: a name another module needs, even one of
the same package, is part of the module's surface and drops the underscore. A leading-underscore module
is its package's own: the package's modules import it, and another package asks the package's
``__init__`` for a public name instead.
"""

from __future__ import annotations

import ast
from collections.abc import Iterable, Mapping
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PRODUCT_FOLDERS = ("utils", "cogs", "scripts", "migrations", "bench")


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


def is_private(name: str) -> bool:
    """``_name`` and ``__name`` are private; a dunder such as ``__version__`` is Python's, not a secret."""
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def private_uses(root: Path = ROOT, excused: Iterable[str] = ()) -> list[str]:
    """``path:line: what`` for every private name one module takes from another, and every private module
    taken from outside its package, in every product file except those under an ``excused`` folder.

    Found: ``from m import _name`` (relative or absolute, same package or not), ``m._name`` where ``m`` is
    a product module bound by an import, and ``import p._mod`` / ``from p import _mod`` /
    ``from p._mod import x`` by a module outside the package ``p``.
    """
    files = product_files(root)
    modules = {module_name(path, root) for path in files}
    found: list[str] = []
    for path in files:
        where = path.relative_to(root).as_posix()
        if any(where.startswith(folder) for folder in excused):
            continue
        importer = module_name(path, root)
        package = importer if path.name == "__init__.py" else importer.rpartition(".")[0]
        tree = ast.parse(path.read_text(encoding="utf-8"))
        bound: dict[str, str] = {}  # a name this file binds to a product module → that module
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                for alias in node.names:
                    found += _private_module_uses(where, node.lineno, importer, alias.name)
                    local = alias.asname or alias.name.split(".")[0]  # ``import a.b`` binds ``a``
                    bound[local] = alias.name if alias.asname else local
            elif isinstance(node, ast.ImportFrom):
                source = _absolute(node, package)
                found += _private_module_uses(where, node.lineno, importer, source)
                for alias in node.names:
                    target = f"{source}.{alias.name}"
                    if target in modules:
                        bound[alias.asname or alias.name] = target
                        found += _private_module_uses(where, node.lineno, importer, target)
                    elif is_private(alias.name):
                        found.append(f"{where}:{node.lineno}: from {source} import {alias.name}")
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute) and is_private(node.attr):
                owner = _dotted(node.value, bound)
                if owner in modules and owner != importer and f"{owner}.{node.attr}" not in modules:
                    found.append(f"{where}:{node.lineno}: {owner}.{node.attr}")
    return found


def _absolute(node: ast.ImportFrom, package: str) -> str:
    """The module ``from … import`` names, with a relative import resolved against the importer's package."""
    if not node.level:
        return node.module or ""
    anchor = package.split(".")[: len(package.split(".")) - (node.level - 1)]
    return ".".join([*anchor, node.module] if node.module else anchor)


def _private_module_uses(where: str, line: int, importer: str, imported: str) -> list[str]:
    """The import of ``imported`` when a private module on its path belongs to a package ``importer`` is not in."""
    parts = imported.split(".")
    for depth, part in enumerate(parts):
        owner = ".".join(parts[:depth])
        inside = importer == owner or importer.startswith(f"{owner}.")
        if is_private(part) and parts[0] in PRODUCT_FOLDERS and not inside:
            return [f"{where}:{line}: import of {'.'.join(parts[: depth + 1])} from outside {owner}"]
    return []


def _dotted(node: ast.expr, bound: Mapping[str, str]) -> str:
    """``a.b.c`` for an attribute chain that starts at a name bound to a module, else ``""``."""
    names: list[str] = []
    while isinstance(node, ast.Attribute):
        names.append(node.attr)
        node = node.value
    if not isinstance(node, ast.Name) or node.id not in bound:
        return ""
    return ".".join([bound[node.id], *reversed(names)])


def test_the_product_has_no_import_cycle() -> None:
    graph = import_graph()
    assert len(graph) > 100, "the scan reads the product"
    assert graph["bot"] and graph["cogs.chat"], "imports are found"
    assert cycles(graph) == []


def test_no_module_takes_another_modules_private_names() -> None:
    assert private_uses() == []


def test_the_checks_see_what_they_forbid(tmp_path: Path) -> None:
    """A cycle through a function-level import is found; so is every private name one module takes from
    another (its own package's or not, imported or read as an attribute) and every private module taken from
    outside its package. A package's own modules may import its private modules, and dunders are public."""
    package = tmp_path / "utils" / "demo"
    other = tmp_path / "utils" / "other"
    package.mkdir(parents=True)
    other.mkdir(parents=True)
    for init in (tmp_path / "utils", package, other):
        (init / "__init__.py").write_text("")
    (package / "__init__.py").write_text("from utils.demo import _inner\nfrom ._inner import shared\n")
    (package / "first.py").write_text("from utils.demo.second import helper\n_hidden = 1\n__version__ = 1\n")
    (package / "second.py").write_text("def helper():\n    from utils.demo import first\n    return first\n")
    (package / "_inner.py").write_text("shared = 2\n")
    (package / "third.py").write_text(
        "from utils.demo.first import _hidden\nfrom utils.demo._inner import shared\n"
        "from .first import __version__\nfrom . import first as one\nimport utils.demo.second, utils.demo._inner\n"
        "one._hidden, one.__version__, utils.demo.second._late, one.helper._own, utils.demo._inner.shared\n"
    )
    (package / "fourth.py").write_text("from .first import _hidden as hidden\n_mine = 1\n")
    (other / "user.py").write_text(
        "from typing import TYPE_CHECKING, _SpecialForm\nif TYPE_CHECKING:\n    from utils.demo.first import _hidden\n"
        "from utils.demo._inner import shared\nfrom utils.demo import _inner\nimport utils.demo._inner as inner\n"
    )
    graph = import_graph(tmp_path)
    assert cycles(graph) == [["utils.demo.first", "utils.demo.second"]]
    assert graph["utils.other.user"] == {"utils.demo.first", "utils.demo._inner"}
    assert sorted(private_uses(tmp_path)) == [
        "utils/demo/fourth.py:1: from utils.demo.first import _hidden",
        "utils/demo/third.py:1: from utils.demo.first import _hidden",
        "utils/demo/third.py:6: utils.demo.first._hidden",
        "utils/demo/third.py:6: utils.demo.second._late",
        "utils/other/user.py:1: from typing import _SpecialForm",
        "utils/other/user.py:3: from utils.demo.first import _hidden",
        "utils/other/user.py:4: import of utils.demo._inner from outside utils.demo",
        "utils/other/user.py:5: import of utils.demo._inner from outside utils.demo",
        "utils/other/user.py:6: import of utils.demo._inner from outside utils.demo",
    ]
    assert private_uses(tmp_path, excused=("utils/demo/", "utils/other/")) == []
    assert cycles({"a": {"b"}, "b": {"c"}, "c": set()}) == []
