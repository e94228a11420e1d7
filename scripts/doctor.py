"""`python3 scripts/doctor.py [--skip-discord]`, the same as `python3 bot.py doctor`: checks settings, database, LLM, Discord."""

from __future__ import annotations

import argparse
import asyncio
import logging
import sys
from pathlib import Path

if not __package__:  # run as `python3 scripts/NAME.py`: the project folder, not scripts/, must be importable
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
if __name__ == "__main__":  # before any third-party import: a fresh clone gets .venv (utils/bootstrap.py)
    from utils.bootstrap import ensure_environment

    ensure_environment("runtime")

from utils.doctor import run_doctor


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="doctor", description=__doc__)
    parser.add_argument("--skip-discord", action="store_true", help="do not log in to Discord (e.g. no token yet)")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.ERROR, stream=sys.stderr)
    return asyncio.run(run_doctor(skip_discord=args.skip_discord))


if __name__ == "__main__":
    sys.exit(main())
