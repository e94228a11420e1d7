"""The one table `python3 -m bench` prints, and the Markdown of bench/RESULTS.md."""

from __future__ import annotations

from collections.abc import Sequence

from bench.results import BenchResult, Row

HEADERS = ("benchmark", "metric", "ours", "plan", "target", "met")


def _status(row: Row) -> str:
    return "" if row.met is None else "yes" if row.met else "NO"


def _cells(row: Row, judged: bool = True) -> tuple[str, ...]:
    return (row.bench, row.metric, row.ours, row.plan, row.target, _status(row) if judged else "-")


def render_text(results: Sequence[BenchResult], *, judged: bool = True) -> str:
    """``judged=False`` (a `--tiny` run) leaves the "met" column empty: tiny figures meet or miss nothing."""
    rows = [_cells(r, judged) for result in results for r in result.rows]
    widths = [max(len(h), *(len(c[i]) for c in rows)) if rows else len(h) for i, h in enumerate(HEADERS)]
    line = "+".join("-" * (w + 2) for w in widths)
    out = [" | ".join(h.ljust(w) for h, w in zip(HEADERS, widths, strict=True)), line]
    previous = None
    for cells in rows:
        shown = ("" if cells[0] == previous else cells[0], *cells[1:])
        previous = cells[0]
        out.append(" | ".join(c.ljust(w) for c, w in zip(shown, widths, strict=True)).rstrip())
    return "\n".join(out)


def render_markdown(results: Sequence[BenchResult]) -> str:
    out = ["| " + " | ".join(HEADERS) + " |", "|" + "|".join("---" for _ in HEADERS) + "|"]
    for result in results:
        for row in result.rows:
            out.append("| " + " | ".join(c.replace("|", "\\|") for c in _cells(row)) + " |")
    return "\n".join(out)


def summary_line(results: Sequence[BenchResult], *, tiny: bool) -> str:
    """The verdict under the table; a `--tiny` run proves that everything runs and measures nothing."""
    if tiny:
        return "Targets not judged: --tiny checks that every benchmark runs; it measured nothing."
    total, unmet = targets_summary(results)
    return f"Targets met: {total - len(unmet)} of {total}."


REFERENCE_PLAN_COLD_P50_MS = 1.975
"""The baseline's memory block (`bench.plan_baseline`), cold p50, on the machine the millisecond targets were met on
(2 CPUs, AMD EPYC, 2026-12-02 16:25 UTC: 13 of 14 targets; git history of bench/RESULTS.md)."""


def machine_speed_line(results: Sequence[BenchResult]) -> str | None:
    """How fast this machine is against the one the targets were set on, measured by the same code.

    The millisecond targets are absolute; the baseline's code does the same work on every
    machine and changes with no commit, so its time says how much of a miss is the machine.
    """
    here = next((r.facts["sqlite_plan_p50_ms"] for r in results if "sqlite_plan_p50_ms" in r.facts), None)
    if not here:
        return None
    factor = here / REFERENCE_PLAN_COLD_P50_MS
    pace = f"{factor:.1f}× slower" if factor >= 1 else f"{1 / factor:.1f}× faster"
    return (
        f"Machine: the baseline's (column plan) memory block takes {here:.2f} ms (cold p50) here, {pace} than on the machine"
        f" the millisecond targets were set on ({REFERENCE_PLAN_COLD_P50_MS} ms); ratios compare on any machine."
    )


def targets_summary(results: Sequence[BenchResult]) -> tuple[int, list[Row]]:
    """How many targeted rows there are, and those that are not met."""
    targeted = [r for result in results for r in result.rows if r.met is not None]
    return len(targeted), [r for r in targeted if not r.met]
