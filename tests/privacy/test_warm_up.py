"""A serving process builds the screen's rule tables at start, in a worker thread, not on a member's message."""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable
from typing import Any

from fake_llm import FakeLLM
from settings_factory import SettingsFactory

import utils.privacy
from utils.privacy import compile_rules
from utils.privacy.screen import screen
from utils.runtime import Services

LINES = [
    "I really like apples",
    "my password is hunter2",
    "Sam's mum is in hospital",
    "I'm a mod here",
    "plays duo with Jo",
    "Nimmt seit März Sertralin.",
]


def _memoised_here(value: object, module_name: str) -> bool:
    """A memoised function defined in that module (a class declaring ``cache_info``, such as a protocol, is not one)."""
    if isinstance(value, type) or not hasattr(value, "cache_info"):
        return False
    return getattr(value, "__module__", None) == module_name


def table_builders() -> list[Callable[[], Any]]:
    """Every function of the package cached without arguments (what ``compile_rules`` must have run)."""
    found = []
    for info in pkgutil.iter_modules(utils.privacy.__path__):
        module = importlib.import_module(f"utils.privacy.{info.name}")
        for value in vars(module).values():
            own = _memoised_here(value, module.__name__)
            if own and value.__wrapped__.__code__.co_argcount == 0:
                found.append(value)
    return found


def forget_every_table() -> None:
    for info in pkgutil.iter_modules(utils.privacy.__path__):
        module = importlib.import_module(f"utils.privacy.{info.name}")
        for value in vars(module).values():
            if _memoised_here(value, module.__name__):
                value.cache_clear()


def test_the_package_has_tables_built_on_first_use() -> None:
    """The measure can fail: with the caches cleared, the tables are not built until something asks."""
    builders = table_builders()
    assert len(builders) >= 10
    forget_every_table()
    assert all(builder.cache_info().currsize == 0 for builder in builders)


def test_compiling_the_rules_builds_every_table_and_changes_no_answer() -> None:
    forget_every_table()
    cold = [screen(line, "memory") for line in LINES]
    forget_every_table()
    assert compile_rules() == len(table_builders())
    assert [builder for builder in table_builders() if builder.cache_info().currsize != 1] == []
    assert [screen(line, "memory") for line in LINES] == cold


async def test_a_serving_process_has_its_tables_before_the_first_message(
    make_settings: SettingsFactory, fake_llm: FakeLLM
) -> None:
    forget_every_table()
    services = Services(make_settings())
    await services.start()
    try:
        assert [builder for builder in table_builders() if builder.cache_info().currsize != 1] == []
    finally:
        await services.close()
