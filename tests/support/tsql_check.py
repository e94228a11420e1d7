"""The T-SQL checker the storage and Docker tests share: mssql compilation as pyodbc sends it, sqlfluff's T-SQL grammar.

sqlfluff lets a few foreign constructs through as identifiers, so LIMIT, `::`, ILIKE,
RETURNING and the deprecated NTEXT are also looked for in the text.
"""

from __future__ import annotations

import re
from functools import cache
from typing import Any

import sqlalchemy as sa
from sqlalchemy.dialects.mssql import pyodbc as mssql_pyodbc
from sqlfluff.core import FluffConfig, Linter

FOREIGN = {
    "LIMIT": re.compile(r"\bLIMIT\b", re.IGNORECASE),
    "::": re.compile(r"::"),
    "ILIKE": re.compile(r"\bILIKE\b", re.IGNORECASE),
    "RETURNING": re.compile(r"\bRETURNING\b", re.IGNORECASE),
    "NTEXT": re.compile(r"\bNTEXT\b", re.IGNORECASE),
}
_QUOTED = re.compile(r"'(?:[^']|'')*'")
_COMMENT = re.compile(r"--[^\n]*")


def sql_server_2019() -> sa.Dialect:
    """The mssql+pyodbc dialect as `MSDialect.initialize()` leaves it after connecting to SQL Server 2019 (15.x).

    Building the dialect does not import pyodbc (only `create_engine` does), so this runs
    where the unixODBC runtime is missing, as on SQLite-only machines.
    """
    dialect = mssql_pyodbc.dialect(paramstyle="qmark")  # pyodbc.paramstyle
    dialect.server_version_info = (15, 0, 2000)
    dialect._supports_offset_fetch = True
    dialect.deprecate_large_types = True
    dialect._supports_nvarchar_max = True
    return dialect


@cache
def tsql_linter() -> Linter:
    """sqlfluff's T-SQL grammar; pyodbc's `?` markers are filled in by the placeholder templater."""
    return Linter(
        config=FluffConfig(
            configs={
                "core": {"dialect": "tsql", "templater": "placeholder"},
                "templater": {"placeholder": {"param_style": "question_mark"}},
            }
        )
    )


def tsql_problems(sql: str) -> list[str]:
    """Why ``sql`` is not T-SQL for SQL Server: parse errors, and foreign tokens outside string literals."""
    parsed = tsql_linter().parse_string(sql)
    problems = [violation.desc() for violation in parsed.violations]
    code = _COMMENT.sub(" ", _QUOTED.sub("''", sql))
    problems += [f"contains {name}" for name, pattern in FOREIGN.items() if pattern.search(code)]
    return problems


def mssql_sql(statement: sa.sql.ClauseElement, parameters: list[dict[str, Any]] | None = None) -> str:
    """The statement text pyodbc would get: bound values as `?`, IN lists expanded, TOP rendered."""
    rows = parameters or []
    compiled = statement.compile(
        dialect=sql_server_2019(),
        column_keys=list(rows[0]) if rows else None,
        for_executemany=len(rows) > 1,
        compile_kwargs={"render_postcompile": True},
    )
    return str(compiled)
