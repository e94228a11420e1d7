"""The layer tables (tests/privacy/layer_tables): special-category lines, claims about others, roles asserted in
chat, and the relationships, gaming and harmless lines that must pass; ``tune`` and ``aside`` parts."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from utils.privacy.categories import special_category
from utils.privacy.others import about_someone_else
from utils.privacy.roles import asserts_role

TABLES = Path(__file__).resolve().parent.parent / "privacy" / "layer_tables"
KEPT_KINDS = frozenset({"relationship", "gaming", "harmless"})
"""Families whose lines must be kept; every other family must be refused."""


def load(name: str, part: str) -> list[dict[str, Any]]:
    """The rows of ``<name>.<part>.jsonl`` ("special", "others", "lookalikes"; "tune" or "aside")."""
    with (TABLES / f"{name}.{part}.jsonl").open(encoding="utf-8") as lines:
        return [json.loads(line) for line in lines if line.strip()]


def refused(text: str) -> bool:
    """Whether a kept line is refused whole by one of the three layers."""
    return special_category(text) is not None or about_someone_else(text) or asserts_role(text)


def family(row: dict[str, Any]) -> str:
    return str(row.get("category", row.get("kind")))


def must_refuse(row: dict[str, Any]) -> bool:
    return family(row) not in KEPT_KINDS
