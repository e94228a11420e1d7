"""The numbers behind a member's monitor state: a decaying toxicity score and a coherence baseline."""

from __future__ import annotations

from datetime import datetime

BASELINE_WEIGHT = 0.1
"""How much one message moves the coherence baseline: slow, so one odd message does not redefine a member."""


def decayed(score: float, since: datetime, now: datetime, half_life_hours: float) -> float:
    """``score`` as it stands at ``now`` after halving every ``half_life_hours`` since ``since``."""
    hours = max(0.0, (now - since).total_seconds() / 3600)
    return score * 0.5 ** (hours / half_life_hours)


def raised(current: float, toxicity: float) -> float:
    """The recent-toxicity score after a new message: the worse of the faded score and the new message.

    Taking the maximum (not a sum) keeps the score readable as "how bad the worst
    recent message was", so a long run of harmless banter never adds up to an offense.
    """
    return min(1.0, max(current, toxicity))


def blended(baseline: float, value: float, weight: float = BASELINE_WEIGHT) -> float:
    """An exponential moving average: the member's usual coherence, nudged by one message."""
    return baseline + (value - baseline) * weight
