"""The rolling quality signal per extraction model: one WARNING when a share crosses, none again until it recovers."""

from __future__ import annotations

import logging

import pytest

from utils.memory import quality
from utils.memory.quality import ModelQuality

GOOD, JUNK, FAIL = "good", "junk", "fail"


def feed(signal: ModelQuality, model: str, events: str) -> None:
    """``g`` an answer whose 2 proposals were kept, ``j`` one whose 2 were refused, ``f`` a failed call, ``e`` an empty answer."""
    for event in events:
        if event == "f":
            signal.call_failed(model)
        elif event == "e":
            signal.call_answered(model, proposed=0, kept=0)
        else:
            signal.call_answered(model, proposed=2, kept=2 if event == "g" else 0)


CASES = [
    ("g" * 30, 0, 0),
    ("j" * 5, 0, 0),  # 10 proposals: too few to judge
    ("j" * 6, 1, 0),  # 12 proposals, all junk
    ("j" * 40, 1, 0),  # stays crossed: still one warning
    ("gj" * 20, 0, 0),  # half junk: under the threshold
    ("jjg" * 14, 1, 0),  # two thirds junk
    ("j" * 20 + "g" * 20 + "j" * 20, 2, 0),  # crossed, recovered, crossed again
    ("j" * 20 + "g" * 8 + "j" * 20, 1, 0),  # not recovered in between (share stayed above 30 %)
    ("f" * 7, 0, 0),  # 7 calls: too few
    ("f" * 8, 0, 1),
    ("fg" * 20, 0, 1),  # half the calls failed
    ("fgg" * 14, 0, 0),
    ("f" * 10 + "g" * 20 + "f" * 10, 0, 2),
    ("e" * 40, 0, 0),  # nothing worth keeping is not junk
    ("f" * 10 + "j" * 10, 1, 1),
]


@pytest.mark.parametrize(("events", "junk_warnings", "failure_warnings"), CASES)
def test_warnings(events: str, junk_warnings: int, failure_warnings: int, caplog: pytest.LogCaptureFixture) -> None:
    signal = ModelQuality()
    with caplog.at_level(logging.INFO, logger="utils.memory.quality"):
        feed(signal, "smollm2-135m", events)
    warned = [r.getMessage() for r in caplog.records if r.levelno == logging.WARNING]
    assert sum("refused as junk" in w for w in warned) == junk_warnings
    assert sum("calls (" in w and "failed" in w for w in warned) == failure_warnings
    assert all("'smollm2-135m'" in w and "LLM_EXTRACTION_MODEL" in w and "7B-8B" in w for w in warned)


def test_models_are_judged_apart(caplog: pytest.LogCaptureFixture) -> None:
    signal = ModelQuality()
    with caplog.at_level(logging.WARNING, logger="utils.memory.quality"):
        feed(signal, "tiny", "j" * 10)
        feed(signal, "big", "g" * 10)
    assert [("'tiny'" in r.getMessage()) for r in caplog.records] == [True]
    assert (signal.junk_share("tiny"), signal.junk_share("big"), signal.failed_share("big")) == (1.0, 0.0, 0.0)


def test_the_window_is_rolling() -> None:
    signal = ModelQuality()
    feed(signal, "m", "j" * 100 + "g" * (quality.PROPOSAL_WINDOW // 2))
    assert signal.junk_share("m") == 0.0
