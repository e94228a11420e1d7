"""Learn the wrong-keyboard-layout models of the privacy screen (utils/privacy/data/keyboard_layouts.json).

    python3 -m scripts.train_keyboard_layouts            # learn, report, write the models and the margin
    python3 -m scripts.train_keyboard_layouts --check    # learn and report only

What it reads (the wordfreq package's word lists, installed only where the trainer runs) and how it learns:
utils/privacy/keyboard_layouts_training.py.
"""

from __future__ import annotations

from utils.privacy import train_keyboard_layouts

if __name__ == "__main__":
    train_keyboard_layouts()
