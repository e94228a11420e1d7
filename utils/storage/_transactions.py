"""Ending a transaction that failed without losing why it failed.

Some servers end the transaction themselves when a statement fails: Babelfish does for most
errors it cannot map to SQL Server's statement-level ones. The client's ROLLBACK then fails too
("ROLLBACK can only be used in transaction blocks"), and raising that second error would report
it instead of the real one. :func:`roll_back` rolls back, and when that fails, logs the second
error at DEBUG and takes the connection out of the pool (its state is unknown), so the caller
raises the first.
"""

from __future__ import annotations

import logging

import sqlalchemy as sa

logger = logging.getLogger(__name__)


def roll_back(conn: sa.Connection) -> None:
    """Roll back ``conn``'s transaction after a failure; never raises (see the module docstring)."""
    try:
        conn.rollback()
    except Exception as second:  # noqa: BLE001 - the first error is the one to report
        first_line = (str(getattr(second, "orig", None) or second).strip().splitlines() or [type(second).__name__])[0]
        logger.debug("The rollback after a failed statement failed too: %s", first_line[:300])
        conn.invalidate()
