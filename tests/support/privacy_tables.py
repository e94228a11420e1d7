"""The privacy tables: member messages written from outside sources, a third of each held aside.

The rules under `utils/privacy/` are tuned on the `dev` part; the `held` part is read only when the
integrator measures, so a rate reported on it says how the screen does on cases nobody tuned for.
Each table is JSON Lines under `tests/privacy/tables/` (`<name>.dev.jsonl`, `<name>.held.jsonl`);
`tests/privacy/tables/README.md` says where every family comes from and how the third was drawn.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Literal

TABLES_DIR = Path(__file__).resolve().parent.parent / "privacy" / "tables"
TABLE_NAMES = ("secrets", "special", "gaming", "others", "harmless")

Part = Literal["dev", "held", "all"]


def _read(path: Path) -> list[dict[str, Any]]:
    with path.open(encoding="utf-8") as lines:
        return [json.loads(line) for line in lines if line.strip()]


def load(name: str, part: Part) -> list[dict[str, Any]]:
    """The rows of table `name` in `part` ("all" is dev then held), in file order."""
    if name not in TABLE_NAMES:
        raise ValueError(f"no privacy table named {name!r}; the tables are {', '.join(TABLE_NAMES)}")
    parts = ("dev", "held") if part == "all" else (part,)
    rows: list[dict[str, Any]] = []
    for each in parts:
        rows.extend(_read(TABLES_DIR / f"{name}.{each}.jsonl"))
    return rows
