"""Lines to compare a quicker reading of the privacy screen with the plain one it replaced.

The bench's lines, a test's crafted edge cases, every dev row of the privacy tables and every tuned row of the
layer tables, and long posts joined from them (members paste long posts that repeat lines and words). Never the
held or aside parts: these lines are printed when a reading differs.
"""

from __future__ import annotations

import random
import re
from collections.abc import Sequence

from layer_tables import load as load_layer
from privacy_tables import load

from bench.redaction import ORDINARY, PARAGRAPH, SECRETS


def screen_lines(crafted: Sequence[str], seed: int) -> list[str]:
    """The lines and 60 long posts (up to 4,000 characters) drawn with ``seed``."""
    lines: list[str] = [*ORDINARY, *SECRETS, PARAGRAPH, *crafted]
    for name in ("secrets", "harmless", "gaming", "others", "special"):
        for row in load(name, "dev"):
            lines += [m for m in row.get("messages", ()) if isinstance(m, str)]
            lines += [row["text"]] if isinstance(row.get("text"), str) else []
    for name in ("special", "others", "lookalikes"):
        lines += [row["text"] for row in load_layer(name, "tune")]
    rng = random.Random(seed)
    posts = [rng.choice([" ", "\n", " — "]).join(rng.choice(lines) for _ in range(rng.randint(10, 80)))[:4000] for _ in range(60)]
    return lines + posts


def windows_by_regex(text: str, present: frozenset[str], needles: frozenset[str]) -> list[tuple[int, int]]:
    """The windows around a line's needles as a regex of the needles it holds finds them (64 characters before, 40
    after, overlapping ones joined): the plain reading the quicker window search is compared with."""
    found = present & needles
    spans: list[tuple[int, int]] = []
    if not found:
        return spans
    for word in re.finditer(rf"(?<![^\W\d_])(?:{'|'.join(map(re.escape, found))})(?![^\W\d_])", text, re.IGNORECASE):
        start, end = max(0, word.start() - 64), min(len(text), word.end() + 40)
        if spans and start <= spans[-1][1]:
            spans[-1] = (spans[-1][0], end)
        else:
            spans.append((start, end))
    return spans
