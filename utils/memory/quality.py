"""How well each extraction model is doing, over its recent calls: the owner is told once when it is too small.

A model too small for the job fails quietly: its calls succeed, its proposals are
refused as junk by vetting, and nothing correct is remembered, while every LlmLog row
says success. So the bot keeps, per model, a rolling window of its recent calls
(failed or not) and of its recent proposals (refused as junk or kept), and logs ONE
WARNING naming the fix when a share crosses its threshold, and no other until the
share has recovered. Members see nothing of this.
"""

from __future__ import annotations

import logging
from collections import deque
from dataclasses import dataclass, field

from utils.memory.extraction import ExtractionResult

logger = logging.getLogger(__name__)

CALL_WINDOW = 20
"""Recent calls per model that the failed share is taken over."""
PROPOSAL_WINDOW = 40
"""Recent proposals (memories and profile updates) per model that the junk share is taken over."""
MIN_CALLS = 8
MIN_PROPOSALS = 12
"""Below these counts a share says too little to warn anyone (a new model, a quiet server)."""
JUNK_WARN_SHARE = 0.6
JUNK_RECOVERED_SHARE = 0.3
FAILED_WARN_SHARE = 0.5
FAILED_RECOVERED_SHARE = 0.2
"""A warning fires at the first share and re-arms only once the share is back at or below the second."""
SIZE_ADVICE = (
    "7B-8B instruct models (qwen2.5:7b-instruct, llama3.1:8b, about 5 GB) remember reliably; 3B ones "
    "(qwen2.5:3b-instruct, llama3.2:3b) are the smallest worth trying; models under 1B (SmolLM2-135M, "
    "Gemma 3 270M) store almost nothing correct"
)

_JUNK_WARNING = (
    "Memory extraction with model %r: %d of its last %d proposals (%.0f%%) were refused as junk, so "
    "almost nothing it proposes is remembered; this model is too small to remember reliably. Set "
    "LLM_EXTRACTION_MODEL to a larger one: %s."
)
_FAILED_WARNING = (
    "Memory extraction with model %r: %d of its last %d calls (%.0f%%) failed, so nothing from them "
    "was remembered. Run `python3 bot.py doctor`; if the server is reachable, the model cannot make the "
    "tool call reliably: set LLM_EXTRACTION_MODEL to a larger one: %s."
)
"""Each warning takes the model, the bad and seen counts, the bad share in percent and the size advice."""


def proposals(result: ExtractionResult) -> int:
    """What one extraction answer proposes to store: its memories and its profile update."""
    return len(result.memories) + (result.profile_update is not None)


@dataclass
class _Window:
    """The recent outcomes of one kind for one model (True: bad) and whether its warning is out."""

    size: int
    outcomes: deque[bool] = field(init=False)
    warned: bool = False

    def __post_init__(self) -> None:
        self.outcomes = deque(maxlen=self.size)

    def add(self, bad: bool, count: int = 1) -> None:
        self.outcomes.extend([bad] * count)

    @property
    def share(self) -> float:
        return sum(self.outcomes) / len(self.outcomes) if self.outcomes else 0.0


@dataclass
class _Model:
    calls: _Window = field(default_factory=lambda: _Window(CALL_WINDOW))
    proposals: _Window = field(default_factory=lambda: _Window(PROPOSAL_WINDOW))


class ModelQuality:
    """Rolling quality of each extraction model; plain Python, fed by whoever calls the extractor."""

    def __init__(self) -> None:
        self._models: dict[str, _Model] = {}

    def call_failed(self, model: str) -> None:
        """An extraction call to ``model`` failed (timeout, HTTP error, no or invalid tool call)."""
        state = self._model(model)
        state.calls.add(True)
        self._check(model, state)

    def call_answered(self, model: str, *, proposed: int, kept: int) -> None:
        """An extraction call answered with ``proposed`` memories and profile updates, ``kept`` of them passing vetting."""
        state = self._model(model)
        state.calls.add(False)
        refused = max(0, proposed - kept)
        state.proposals.add(True, refused)
        state.proposals.add(False, max(0, proposed - refused))
        self._check(model, state)

    def junk_share(self, model: str) -> float:
        """The share of ``model``'s recent proposals refused as junk (0 when none yet)."""
        return self._model(model).proposals.share

    def failed_share(self, model: str) -> float:
        """The share of ``model``'s recent calls that failed (0 when none yet)."""
        return self._model(model).calls.share

    def _model(self, model: str) -> _Model:
        return self._models.setdefault(model or "(default)", _Model())

    def _check(self, model: str, state: _Model) -> None:
        junk, failed = state.proposals, state.calls
        for window, minimum, warn_at, warning in (
            (junk, MIN_PROPOSALS, JUNK_WARN_SHARE, _JUNK_WARNING),
            (failed, MIN_CALLS, FAILED_WARN_SHARE, _FAILED_WARNING),
        ):
            if _crossed(window, minimum, warn_at):
                bad, seen = sum(window.outcomes), len(window.outcomes)
                logger.warning(warning, model, bad, seen, 100 * window.share, SIZE_ADVICE)
        for window, recovered, what in ((junk, JUNK_RECOVERED_SHARE, "junk"), (failed, FAILED_RECOVERED_SHARE, "failures")):
            if window.warned and window.share <= recovered:
                window.warned = False
                logger.info("Memory extraction with model %r has recovered (%s down to %.0f%%).", model, what, 100 * window.share)


def _crossed(window: _Window, minimum: int, warn_at: float) -> bool:
    """Whether the window's share just crossed ``warn_at``: True once, until `_check` re-arms it on recovery."""
    if window.warned or len(window.outcomes) < minimum or window.share < warn_at:
        return False
    window.warned = True
    return True
