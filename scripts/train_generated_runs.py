"""Learn the generated-run model of the privacy screen and write its weights (utils/privacy/data/generated_runs.json).

    python3 -m scripts.train_generated_runs            # learn, report, write the weights
    python3 -m scripts.train_generated_runs --check    # learn and report only

What it reads (spelling lists in /usr/share/dict, installed Python code) and how it learns:
utils/privacy/generated_runs_training.py.
"""

from __future__ import annotations

from utils.privacy import train_generated_runs

if __name__ == "__main__":
    train_generated_runs()
