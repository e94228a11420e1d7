"""Tests call storage functions by name: ``await storage(db).get_recent_memories(ALICE, 5)``.

A test helper only (the product calls ``db.run(fn, *args)`` with the function itself).
"""

from __future__ import annotations

import functools
import inspect
from typing import Any

import sqlalchemy as sa

from utils.storage import audit, control, embeddings, llm_log, member_data, members, memories, notes, processes, profiles
from utils.storage.control import read_control_and_notes
from utils.storage.engine import ACCESS, Database, reads
from utils.storage.records import MemoryPreferenceRecord

FUNCTIONS = {
    name: fn
    for module in (memories, embeddings, profiles, members, llm_log, notes, audit, control, member_data, processes)
    for name, fn in inspect.getmembers(module, inspect.isfunction)
    if hasattr(fn, ACCESS) and fn.__module__ == module.__name__
}


class storage:  # noqa: N801 - reads like a function at the call site
    """``storage(db).name(*args)`` is ``db.run(<storage function name>, *args)``."""

    def __init__(self, db: Database) -> None:
        self._db = db

    def __getattr__(self, name: str) -> Any:
        return functools.partial(self._db.run, FUNCTIONS[name])


@reads
def read_control(conn: sa.Connection, user_id: int) -> MemoryPreferenceRecord:
    """The member's control row (the defaults when they have none): ``await db.run(read_control, ALICE)``."""
    found = read_control_and_notes(conn, user_id)
    return MemoryPreferenceRecord(user_id) if found is None else found[0]
