"""The special categories' vocabulary (``data/special_categories.json``), read once per process for every reader.

Two modules read it: :mod:`utils.privacy.categories`, which compiles its entries, and
:mod:`utils.privacy.script_gate`, which needs only the symbols beyond Latin its entries are written with. The gate
is imported by the categories, so it cannot ask them for the vocabulary; both ask this module, which imports neither,
and the file is parsed once.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

_DATA = Path(__file__).with_name("data") / "special_categories.json"


@cache
def special_vocabulary() -> dict[str, Any]:
    """The vocabulary as the file holds it; one object per process, shared (read it, never change it)."""
    loaded: dict[str, Any] = json.loads(_DATA.read_text(encoding="utf-8"))
    return loaded
