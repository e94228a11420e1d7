"""`python3 -m tests [pytest arguments]`: the test suite from a fresh clone, with nothing but Python.

The first run makes `.venv` next to bot.py with tests/requirements.txt (the dev lock, which
includes the runtime one) and runs again inside it; later runs go straight to
`python -m pytest -q` with the arguments given (`python3 -m tests -m "not slow"`, a path, `-k`...).
Run it from the project folder, like every documented command.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from utils.bootstrap import ensure_environment

MINIMUM_PYTHON = (3, 11)


def main() -> None:
    if tuple(sys.version_info[:2]) < MINIMUM_PYTHON:  # the locks are for 3.11+: say so before pip fails on them
        print(f"error: the tests need Python 3.11 or newer; this is Python {sys.version.split()[0]}.", file=sys.stderr)
        sys.exit(2)
    ensure_environment("dev")
    command = [sys.executable, "-m", "pytest", "-q", *sys.argv[1:]]
    sys.stdout.flush()
    if os.name == "nt":  # Windows has no exec
        sys.exit(subprocess.run(command).returncode)
    os.execv(sys.executable, command)


if __name__ == "__main__":
    main()
