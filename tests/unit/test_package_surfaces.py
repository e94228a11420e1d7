"""Each package says what it is for and what other packages may use of it.

A package's ``__init__.py`` has a docstring and an explicit ``__all__`` (names it imports one by one,
never ``import *``), and every name another package imports from one of its modules is in that
``__all__``: the surface is written down in one place, and a new reach into a package's internals shows
here as a name to export (or a reason not to take it). The bench measures internals on purpose, so what
it imports does not count; ``utils`` itself is a folder of single-purpose modules and re-exports none.
"""

from __future__ import annotations

import ast
import importlib
import subprocess
import sys
from pathlib import Path

from tests.unit.test_import_graph import ROOT, module_name, product_files

# Packages whose __init__ has no __all__ yet; delete each entry once it has one.
NO_SURFACE_YET: tuple[str, ...] = ()
MEASURES_INTERNALS = ("bench",)


def exports(init: Path) -> tuple[str | None, list[str] | None, set[str], bool]:
    """The docstring, the ``__all__`` list, the names bound at module level, and whether it star-imports."""
    tree = ast.parse(init.read_text(encoding="utf-8"))
    names: list[str] | None = None
    bound: set[str] = set()
    star = False
    for node in tree.body:
        if isinstance(node, ast.ImportFrom | ast.Import):
            star = star or any(alias.name == "*" for alias in node.names)
            bound.update((alias.asname or alias.name).split(".")[0] for alias in node.names)
        elif isinstance(node, ast.FunctionDef):
            bound.add(node.name)
        elif isinstance(node, ast.Assign | ast.AnnAssign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            for target in targets:
                if isinstance(target, ast.Name) and target.id == "__all__" and isinstance(node.value, ast.List):
                    names = [str(item.value) for item in node.value.elts if isinstance(item, ast.Constant)]
                elif isinstance(target, ast.Name):
                    bound.add(target.id)
    return ast.get_docstring(tree), names, bound, star


def surface_problems(root: Path = ROOT, excused: tuple[str, ...] = NO_SURFACE_YET) -> list[str]:
    files = product_files(root)
    inits = {module_name(path, root): path for path in files if path.name == "__init__.py"}
    problems: list[str] = []
    surfaces: dict[str, set[str]] = {}
    for package, init in sorted(inits.items()):
        where = init.relative_to(root).as_posix()
        if any(where.startswith(folder) for folder in excused):
            continue
        docstring, names, bound, star = exports(init)
        if not docstring:
            problems.append(f"{where}: no docstring saying what the package is for")
        if names is None:
            problems.append(f"{where}: no __all__ list")
            continue
        if star:
            problems.append(f"{where}: a star import (name each export)")
        problems += [f"{where}: __all__ names {name!r}, which it does not import" for name in names if name not in bound]
        if "." in package or package in ("cogs", "scripts"):
            surfaces[package] = set(names)
    for path in files:
        importer = module_name(path, root)
        if importer.split(".")[0] in MEASURES_INTERNALS:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.ImportFrom) or node.level or not node.module:
                continue
            owner = next((p for p in surfaces if node.module == p or node.module.startswith(f"{p}.")), None)
            if owner is None or importer == owner or importer.startswith(f"{owner}."):
                continue
            for alias in node.names:
                if alias.name != "*" and alias.name not in surfaces[owner]:
                    problems.append(
                        f"{path.relative_to(root)}:{node.lineno}: {node.module}.{alias.name} is not in {owner}.__all__"
                    )
    return problems


def test_every_package_says_what_others_may_use() -> None:
    assert surface_problems() == []


def test_every_excused_package_still_lacks_its_surface() -> None:
    for folder in NO_SURFACE_YET:
        others = tuple(other for other in NO_SURFACE_YET if other != folder)
        assert surface_problems(excused=others), f"{folder} has its surface now: drop it from NO_SURFACE_YET"


def test_the_surface_check_sees_what_it_forbids(tmp_path: Path) -> None:
    package = tmp_path / "utils" / "demo"
    other = tmp_path / "utils" / "other"
    package.mkdir(parents=True)
    other.mkdir(parents=True)
    (tmp_path / "utils" / "__init__.py").write_text('"""Modules."""\n\n__all__: list[str] = []\n')
    (package / "__init__.py").write_text(
        '"""Demo."""\n\nfrom utils.demo import inner\nfrom utils.demo.first import shown\n\n'
        '__all__ = ["inner", "missing", "shown"]\n'
    )
    (package / "first.py").write_text("shown = 1\nhidden = 2\n")
    (package / "inner.py").write_text("from utils.demo.first import hidden\n")
    (other / "__init__.py").write_text("from utils.demo.first import *\n")
    (other / "user.py").write_text("from utils.demo.first import shown, hidden\nfrom utils.demo import inner\n")
    assert surface_problems(tmp_path, excused=()) == [
        "utils/demo/__init__.py: __all__ names 'missing', which it does not import",
        "utils/other/__init__.py: no docstring saying what the package is for",
        "utils/other/__init__.py: no __all__ list",
        "utils/other/user.py:1: utils.demo.first.hidden is not in utils.demo.__all__",
    ]
    assert surface_problems(tmp_path, excused=("utils/",)) == []


def test_no_package_hides_one_of_its_modules_behind_a_name_it_exports() -> None:
    """``from utils.privacy import screen`` must give the module ``screen.py``: a re-exported function of
    the same name would replace the package's attribute, and every ``import p.m as x`` and patch target
    ``p.m.name`` would silently get the function instead."""
    hidden = []
    for path in product_files(ROOT):
        if path.name != "__init__.py":
            continue
        package = module_name(path, ROOT)
        modules = {child.stem for child in path.parent.glob("*.py")} | {
            d.name for d in path.parent.iterdir() if (d / "__init__.py").exists()
        }
        names = exports(path)[2]
        for name in sorted(names & modules):
            bound = importlib.import_module(package).__dict__.get(name)
            if bound is not importlib.import_module(f"{package}.{name}"):
                hidden.append(f"{package}.{name}")
    assert hidden == []


def test_the_privacy_package_loads_no_trainer_when_the_bot_imports_it() -> None:
    """The classifier's trainer (tables, LoCoMo, argparse) is a developer's command: importing the package the bot
    screens with must not load it, and calling the exported command is what does."""
    probe = (
        "import sys, utils.privacy as p; "
        "print('utils.privacy.line_classifier_training' in sys.modules, callable(p.train_line_classifier))"
    )
    done = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, capture_output=True, text=True, check=True)
    assert done.stdout.split() == ["False", "True"]
