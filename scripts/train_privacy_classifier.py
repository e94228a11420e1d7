"""Train the privacy screen's kept-line classifier and write its weights (utils/privacy/data/line_classifier.npz).

    python3 -m scripts.train_privacy_classifier            # cross-validate, train, write the weights
    python3 -m scripts.train_privacy_classifier --check    # cross-validate and print the figures only

What it reads (development and tune rows only, never a held or aside part) and how it trains:
utils/privacy/line_classifier_training.py. Run it again whenever the rules change which lines they keep.
"""

from __future__ import annotations

from utils.privacy import train_line_classifier

if __name__ == "__main__":
    train_line_classifier()
