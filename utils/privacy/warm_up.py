"""Building the screen's patterns before the first member's message needs them.

The rule tables are compiled on first use (thousands of patterns: the special-category word families,
the subject and role grammars), which keeps importing the package cheap for commands that never
screen. A process that serves members pays that once, at start, in a worker thread: otherwise the
first message of the day would hold the event loop for a second or more while they compile, and
every reply, heartbeat and batch timer waiting behind it would slip.
"""

from __future__ import annotations

import importlib
import inspect
import pkgutil
from typing import get_args

from utils.privacy import screen as screen_module
from utils.privacy.conversation import ConversationScreen

_SAMPLES = (
    "I really like apples and play healer in FFXIV with my duo Jo",
    "my password is hunter2, my PIN is 4821 and my IBAN is DE89 3704 0044 0532 0130 00",
    "Sam told me his mum is in hospital; I'm a mod here and vote Green",
    "call me at +44 20 7946 0958, 10 Downing Street, London SW1A 2AA",
)


def compile_rules() -> int:
    """Compile every rule table of the package once; returns how many cached builders were run.

    Every module-level builder cached without arguments is called, then a few lines go through each
    field of the screen and through a throwaway conversation screen, so paths built on demand are
    taken too. Pure: it changes nothing a later screen returns."""
    package = importlib.import_module("utils.privacy")
    built = 0
    for info in pkgutil.iter_modules(package.__path__):
        module = importlib.import_module(f"utils.privacy.{info.name}")
        for value in vars(module).values():
            if _is_table_builder(value, module.__name__):
                value()
                built += 1
    for field in get_args(screen_module.Field):
        for sample in _SAMPLES:
            screen_module.screen(sample, field)
    conversation = ConversationScreen()
    for sample in _SAMPLES:
        conversation.take(0, None, sample)
    return built


def _is_table_builder(value: object, module: str) -> bool:
    """A module's own function cached without arguments: it builds one table the rules share."""
    if not callable(value) or not hasattr(value, "cache_info") or getattr(value, "__module__", None) != module:
        return False
    return not inspect.signature(value).parameters
