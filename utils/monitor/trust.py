"""Whether the monitor may act on what the model reported: a batch's verdicts are checked before anyone is warned.

Small local models fill the `report_analysis` schema without reading the messages:
a counter in ``toxicity`` (1 for a batch's first message, 2, 3, or 1, 3, 3.7 rising
with the index; the grammar does not enforce ``maximum``), the same verdict copied
onto every message, six findings for three messages. Clamping 3.5 to 1.0 turned
"I just got a new puppy" into a severe offense. So a batch is refused whole (no
score, no offense, no note) when its shape or its numbers cannot come from reading
the messages, and a single toxic finding is acted on only when it says what kind of
toxicity it saw and is as sure as the owner asks (``SENTIMENT_MIN_CONFIDENCE``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import pairwise

from utils.monitor.analysis import AnalysisReport, MessageFinding, in_unit_range
from utils.monitor.messages import ObservedMessage
from utils.wording import plural

COUNTER_MIN_FINDINGS = 3
"""Fewer findings than this cannot show a counter (two rising numbers are an ordinary pair)."""
EVEN_STEPS_RATIO = 2.0
"""Three rising numbers are a counter when their two steps are this close (0.1, 0.2, 0.3); 0, 0.1, 0.9 is an escalation."""
COPY_MIN_FINDINGS = 3
"""A verdict repeated on at least this many messages of several authors is a copy."""
COPY_MIN_FOR_SHARE = 4
COPY_SHARE = 0.75
"""From this many findings on, an offending score on this share of them (not all) is already a copy:
a model that copies one verdict onto eleven of twelve messages is not reading them."""


@dataclass(frozen=True)
class Refusal:
    """Why a batch was refused: ``kind`` names the check (for logging each kind once), ``detail`` what was seen."""

    kind: str
    detail: str

    def __str__(self) -> str:
        return self.detail


def refusal(report: AnalysisReport, batch: Sequence[ObservedMessage], threshold: float) -> Refusal | None:
    """Why none of the batch's verdicts can be trusted, or None when the batch is plausible.

    ``threshold`` is the toxicity of an offense: a copied verdict below it harms nobody
    and is let through (a calm batch scored 0.05 everywhere is ordinary).
    """
    checks = (
        ("shape", lambda: _shape(report, len(batch))),
        ("out of range", lambda: _out_of_range(report.findings)),
        ("counter", lambda: _counter(report.findings)),
        ("copy", lambda: _copy(report.findings, batch, threshold)),
    )
    for kind, check in checks:
        detail = check()
        if detail:
            return Refusal(kind, detail)
    return None


def _shape(report: AnalysisReport, size: int) -> str | None:
    indexes = [f.index for f in report.findings]
    stray = sorted({i for i in indexes if not 0 <= i < size})
    if stray:
        return f"findings for messages {_listed(stray)}, which are not in the batch of {size}"
    repeated = sorted(i for i, n in Counter(indexes).items() if n > 1)
    if repeated:
        return f"several findings for message {_listed(repeated)}"
    if report.proposed != size or len(report.findings) != size:
        readable = "" if report.proposed == len(report.findings) else f" ({len(report.findings)} readable)"
        return f"{plural(report.proposed, 'finding')}{readable} for {plural(size, 'message')}"
    return None


def _out_of_range(findings: Sequence[MessageFinding]) -> str | None:
    wrong = [f for f in findings if not in_unit_range(f.toxicity)]
    if not wrong:
        return None
    shown = ", ".join(f"[{f.index}] {f.toxicity:g}" for f in sorted(wrong, key=lambda f: f.index)[:4])
    return f"toxicity off the 0..1 scale ({shown}): the model does not use the scale, so none of its numbers mean anything"


def _counter(findings: Sequence[MessageFinding]) -> str | None:
    values = [f.toxicity for f in sorted(findings, key=lambda f: f.index)]
    if len(values) < COUNTER_MIN_FINDINGS or any(b <= a for a, b in pairwise(values)):
        return None
    steps = [b - a for a, b in pairwise(values)]
    if len(values) == COUNTER_MIN_FINDINGS and max(steps) > EVEN_STEPS_RATIO * min(steps):
        return None
    return f"toxicity rises with the message number ({', '.join(f'{v:g}' for v in values[:6])}): a counter, not a verdict"


def _copy(findings: Sequence[MessageFinding], batch: Sequence[ObservedMessage], threshold: float) -> str | None:
    if len(findings) < COPY_MIN_FINDINGS or len({batch[f.index].author_id for f in findings}) < 2:
        return None
    score, times = Counter(f.toxicity for f in findings).most_common(1)[0]
    copied = [f for f in findings if f.toxicity == score]
    authors = len({batch[f.index].author_id for f in copied})
    share_needed = 1.0 if len(findings) < COPY_MIN_FOR_SHARE else COPY_SHARE
    if score >= threshold and authors >= 2 and times >= share_needed * len(findings):
        shown = f"{times} of {plural(len(findings), 'message')}, by {plural(authors, 'author')}"
        return f"{shown}, scored {score:g}: a copy, not a verdict"
    notes = Counter((f.note_update or "").casefold() for f in findings if f.note_update)
    if notes and notes.most_common(1)[0][1] == len(findings):
        return f"the same note on all {plural(len(findings), 'message')}: a copy, not an observation"
    return None


def unsupported(finding: MessageFinding, threshold: float, min_confidence: float) -> str | None:
    """Why a toxic finding of a trusted batch still may not earn a warning, or None.

    A warning needs a reason (at least one category) and, when the model says how
    sure it is, at least ``min_confidence``; a finding below the threshold needs nothing.
    """
    if finding.toxicity < threshold:
        return None
    if not finding.categories:
        return f"toxicity {finding.toxicity:.2f} without naming any kind of toxicity"
    if finding.confidence is not None and finding.confidence < min_confidence:
        return f"toxicity {finding.toxicity:.2f} at confidence {finding.confidence:.2f} (minimum {min_confidence:.2f})"
    return None


def _listed(indexes: Sequence[int]) -> str:
    return ", ".join(f"[{i}]" for i in indexes[:5])
