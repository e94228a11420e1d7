"""`python3 -m bench`: run the benchmarks, each in a fresh process, and print one table.

python3 -m bench                      # everything: ~4 min on 2 cores (+30 s the first time, to seed the data)
python3 -m bench --only memory_block  # one benchmark (repeatable)
python3 -m bench --duration 20        # a shorter pipeline run
python3 -m bench --write-results      # also rewrite bench/RESULTS.md with the figures and this machine
BENCH_DB_URL=mssql+pyodbc://... python3 -m bench   # items 1 and 4 against that scratch database too
python3 -m bench --only recall --locomo FILE [FILE ...] [--embed-url URL --embed-model NAME | --embed-url local]
python3 -m bench --only memory_block --embed-url local   # item 1's embeddings-on rows with MiniLM (default: fake server)
"""

from __future__ import annotations

import sys

if __name__ == "__main__":  # before any third-party import: a fresh clone gets .venv (utils/bootstrap.py)
    from utils.bootstrap import ensure_environment

    # The local MiniLM server needs the bench lock (torch, sentence-transformers); the rest, the dev one.
    ensure_environment("bench" if "--embed-url=local" in " ".join(sys.argv).replace("--embed-url ", "--embed-url=") else "dev")

import argparse
import subprocess
import time
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path

from bench.child import MODULES, RESULT_PREFIX
from bench.params import BENCH_DIR, DEFAULT_OUT, BenchParams
from bench.results import BenchResult
from bench.stats import cpu_counters, load_average, machine, steal_percent
from bench.table import machine_speed_line, render_markdown, render_text, summary_line, targets_summary

RESULTS_FILE = BENCH_DIR / "RESULTS.md"


def parse(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python3 -m bench", description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    parser.add_argument("--only", action="append", choices=list(MODULES), help="run only this benchmark (repeatable)")
    parser.add_argument("--duration", type=float, default=60.0, help="seconds of the pipeline-under-load run (default 60)")
    parser.add_argument("--members", type=int, default=200, help="members talking at once in the pipeline run (default 200)")
    parser.add_argument("--seed", type=int, default=7, help="seed of every generated name, message and memory (default 7)")
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help="cached data and scratch files (default bench/out)")
    parser.add_argument("--tiny", action="store_true", help="tiny data, 1 s runs: checks it all works, measures nothing")
    parser.add_argument("--write-results", action="store_true", help=f"rewrite {RESULTS_FILE.relative_to(BENCH_DIR.parent)}")
    parser.add_argument(
        "--locomo", nargs="+", type=Path, default=[], metavar="FILE", help="LoCoMo conversations for item 5 (recall)"
    )
    parser.add_argument(
        "--embed-url",
        default="",
        help="embedding endpoint: item 5's hybrid mode and item 1's embeddings-on rows\n"
        '("local": MiniLM on loopback; "fake" or none: the fake hashed-word server, item 1 only)',
    )
    parser.add_argument("--embed-model", default="", help="embedding model name at --embed-url")
    args = parser.parse_args(argv)
    if args.tiny and args.write_results:
        parser.error("--tiny measures nothing: it cannot --write-results")
    if args.only and "recall" in args.only and not args.locomo:
        parser.error("--only recall needs --locomo FILE [FILE ...]")
    if args.embed_url not in ("", "local", "fake") and not args.embed_model:
        parser.error("--embed-url needs --embed-model")
    return args


def params_from(args: argparse.Namespace) -> BenchParams:
    base = BenchParams.tiny() if args.tiny else BenchParams(duration=args.duration, load_members=args.members)
    return replace(
        base,
        seed=args.seed,
        out_dir=args.out,
        locomo=tuple(str(p.resolve()) for p in args.locomo),
        embed_url=args.embed_url,
        embed_model=args.embed_model,
    )


def run_child(name: str, params: BenchParams) -> BenchResult:
    """One benchmark in its own interpreter; its warnings and progress go straight to stderr."""
    completed = subprocess.run(
        [sys.executable, "-m", "bench.child", name, params.to_json()],
        cwd=BENCH_DIR.parent,
        stdout=subprocess.PIPE,
        text=True,
        check=False,
    )
    lines = [line for line in completed.stdout.splitlines() if line.startswith(RESULT_PREFIX)]
    if completed.returncode != 0 or not lines:
        raise RuntimeError(f"benchmark {name} failed (exit code {completed.returncode}); see its output above")
    return BenchResult.from_json(lines[-1][len(RESULT_PREFIX) :])


def results_markdown(results: list[BenchResult], seconds: float, load_before: str, steal: str) -> str:
    info = machine()
    total, unmet = targets_summary(results)
    lines = [
        "# Benchmark results",
        "",
        "Written by `python3 -m bench --write-results`; what the figures mean is in the README's *Benchmarks* section.",
        "",
        f"- Date: {datetime.now(UTC):%Y-%m-%d %H:%M} UTC; whole run {seconds:.0f} s",
        f"- Machine: {info['cpus']} CPUs ({info['cpu']}), {info['os']}",
        f"- Python {info['python']}, SQLite {info['sqlite']}",
        f"- Load average before the run: {load_before}; CPU steal during it: {steal}",
        f"- Command: `{' '.join(['python3 -m bench', *sys.argv[1:]])}`",
        "",
        render_markdown(results),
        "",
        f"Targets met: {total - len(unmet)} of {total}.",
    ]
    if unmet:
        lines += ["", "Not met:", *(f"- {r.bench}: {r.metric} = {r.ours} (target {r.target})" for r in unmet)]
    if (speed := machine_speed_line(results)) is not None:
        lines += ["", speed]
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    args = parse(argv)
    params = params_from(args)
    names = [n for n in MODULES if (n in args.only if args.only else n != "recall" or args.locomo)]
    load_before, counters = load_average(), cpu_counters()
    started = time.perf_counter()
    results = []
    for name in names:
        print(f"[bench] {name} …", file=sys.stderr, flush=True)
        began = time.perf_counter()
        results.append(run_child(name, params))
        print(f"[bench] {name} done in {time.perf_counter() - began:.0f} s", file=sys.stderr, flush=True)
    seconds = time.perf_counter() - started
    steal = steal_percent(counters, cpu_counters())
    info = machine()
    print(render_text(results, judged=not args.tiny))
    for result in results:
        for line in result.facts.get("lines", []):
            print(line)
    print(
        f"\n{summary_line(results, tiny=args.tiny)} Whole run {seconds:.0f} s on {info['cpus']} CPUs ({info['cpu']}),"
        f" load average before it {load_before}, CPU steal {steal}."
    )
    if not args.tiny and (speed := machine_speed_line(results)) is not None:
        print(speed)
    if args.write_results:
        RESULTS_FILE.write_text(results_markdown(results, seconds, load_before, steal), encoding="utf-8")
        print(f"Wrote {RESULTS_FILE}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
