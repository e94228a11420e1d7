"""Every column that can hold a member's words belongs to a holder that forgets, exports and expires it.

A new table or column holding text is a new place a member's words can stay behind after they are
forgotten; this test fails until a stored holder (`utils.storage.member_data.STORED_HOLDERS`) covers it,
or `NO_MEMBER_TEXT` says why it holds none.
"""

from __future__ import annotations

import sqlalchemy as sa

from utils.members.erasure import RECEIPT_ORDER
from utils.storage.member_data import NO_MEMBER_TEXT, STORED_HOLDERS, tables_covered
from utils.storage.schema import metadata


def can_hold_text(column: sa.Column) -> bool:
    kind = column.type.impl if isinstance(column.type, sa.TypeDecorator) else column.type
    return isinstance(kind, sa.String | sa.LargeBinary | sa.Text)


def names(table: sa.Table) -> set[str]:
    return {column.name for column in table.columns}


def test_every_text_column_is_covered_by_a_holder_or_said_to_hold_no_member_text() -> None:
    covered = tables_covered()
    uncovered = [
        f"{table.name}.{column.name}"
        for table in metadata.tables.values()
        for column in table.columns
        if can_hold_text(column)
        and column.name not in covered.get(table.name, set())
        and column.name not in NO_MEMBER_TEXT.get(table.name, {})
    ]  # fmt: skip
    assert uncovered == [], "add these to a holder in utils/storage/member_data.py, or to NO_MEMBER_TEXT with why"


def test_what_the_holders_name_exists() -> None:
    named = [(t, c) for holder in STORED_HOLDERS for t, cs in holder.covers.items() for c in cs]
    named += [(t, c) for t, cs in NO_MEMBER_TEXT.items() for c in cs]
    for table, column in named:
        assert table in metadata.tables and column in names(metadata.tables[table]), f"{table}.{column}"
    both = {(t, c) for holder in STORED_HOLDERS for t, cs in holder.covers.items() for c in cs}
    assert not both & {(t, c) for t, cs in NO_MEMBER_TEXT.items() for c in cs}, "a column either holds words or not"


def test_a_table_of_members_data_has_a_holder_and_every_holder_has_a_receipt_word() -> None:
    member_tables = {table.name for table in metadata.tables.values() if "UserId" in names(table)}
    covered = set(tables_covered())
    no_text = {"MemoryPreference", "MemoryAudit"}  # the say and the audit: no words (the audit keeps no content)
    assert member_tables - covered - no_text == set()
    assert {holder.name for holder in STORED_HOLDERS} <= set(RECEIPT_ORDER)
    assert all(holder.retention for holder in STORED_HOLDERS), "each holder says how long it keeps what it keeps"
