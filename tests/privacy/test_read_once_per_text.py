"""Readings a long post asked once per token, now read once per text (memoised on the text), decide as before.

A numbered list's marker is a list's when a neighbouring number stands as a marker too (utils/privacy/contact.py); a
generated-looking token is taken when the text names a password generator (utils/privacy/disguised_values.py). Each
had searched the whole text for every candidate: hundreds of numbered links or of tokens with the shape made the
reading grow with the square of the text. Each is compared here with its search of the whole text.
"""

from __future__ import annotations

import random
import re

import pytest

from utils.privacy import contact, disguised_values
from utils.privacy.memoised_lines import forget_memoised_lines


def _neighbour_searched(match: re.Match[str]) -> bool:
    """The marker reading as it searched the whole text for each neighbouring number."""
    if not match.group().isdigit() or not contact._LIST_MARKER.match(match.string, match.end()):
        return False
    number = int(match.group())
    return any(re.search(rf"(?<![\w.,:/-]){n}[.)]\s", match.string) for n in (number - 1, number + 1) if n >= 0)


def _numbered_texts() -> list[str]:
    rng = random.Random(18)
    pieces = ["1. ", "2. ", "3) ", "02. ", "10. ", "11.", "12.5 ", "v3. ", "x4. ", "٣. ", "7.\n", "(8) ", "9)\t", "a,5. ", "/6. "]
    words = ["elden ring", "https://imgur.com/a/Ugj", "Main St", "hades", "", "120 hours", "Rue 4"]
    texts = ["1. Elden Ring, 2. Hades, 3. Celeste", "Top 3: 5. Celeste 7. Hades", "Musterstraße 12. Stock 3"]
    for _ in range(400):
        texts.append(" ".join(rng.choice(pieces) + rng.choice(words) for _ in range(rng.randint(1, 12))))
    return texts


def test_a_list_marker_is_read_as_searching_the_whole_text_for_its_neighbours_reads_it() -> None:
    listed = 0
    for text in _numbered_texts():
        forget_memoised_lines()
        for match in re.finditer(r"\d+", text):
            expected = _neighbour_searched(match)
            assert contact._list_marker(match) == expected, (text, match.group())
            listed += expected
    assert listed >= 200


@pytest.mark.parametrize("named", [True, False])
def test_a_generated_token_is_read_as_searching_the_whole_text_for_a_generator_reads_it(named: bool) -> None:
    """Texts read in turn, each naming a generator or not, far from the tokens: the memo answers for its own text."""
    rng = random.Random(18 + named)
    tokens = ["Iexo4aiz", "Chahng3ooD", "kiv-Oynt7", "GrobIcViv3", "Gen2Drive", "UgjcAqbgxV9", "oF_vLJGZTe4"]
    generators = ["pwgen", "apg", "keepassxc"] if named else ["pw", "generated"]
    rule = disguised_values.HANDED_RULES[0]
    found = 0
    for _ in range(60):
        lines = [f"{rng.choice(['got', 'v=', 'use:', 'nimm das ->'])} {rng.choice(tokens)}" for _ in range(rng.randint(1, 30))]
        lines.insert(rng.randint(0, len(lines)), f"made with {rng.choice(generators)} yesterday")
        text = "\n".join(lines)
        expected = [(m.start("secret"), m.end("secret")) for m in rule.pattern.finditer(text) if _generated_searched(m)]
        assert [(start, end) for start, end, _ in rule.spans(text)] == expected, text
        found += len(expected)
    assert found >= (100 if named else 10)


def _generated_searched(match: re.Match[str]) -> bool:
    plain = disguised_values._names_a_generator.__wrapped__  # type: ignore[attr-defined]
    memo = disguised_values._names_a_generator
    try:
        disguised_values._names_a_generator = plain  # type: ignore[assignment]
        return disguised_values._generated(match)
    finally:
        disguised_values._names_a_generator = memo
