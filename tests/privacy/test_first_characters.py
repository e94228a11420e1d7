"""Phrases grouped behind a look-ahead per first character match as the plain alternation does
(utils/privacy/first_characters.py), and so do the role claims' pairs built with it (utils/privacy/role_claims.py).

The grouping is right only if every phrase that may match at a place is in one group and in its order: phrases whose
first characters a case-blind search reads alike ("s" and "ſ", "k" and the Kelvin sign, "i", "İ" and "ı") must share
a group, or a longer phrase tried first in the plain alternation is tried after a shorter one.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterable

import pytest
from layer_tables import load as load_layer
from screen_lines import screen_lines

from bench.long_messages import long_messages
from utils.privacy import role_claims
from utils.privacy._others_vocabulary import line_words
from utils.privacy.first_characters import grouped
from utils.privacy.normalise import normalise

ALIKE = "sSſkKKiIİıaAbB"


def _plain(alternatives: Iterable[tuple[str | None, str]]) -> str:
    return "(?:" + "|".join(regex for _, regex in alternatives) + ")"


@pytest.mark.parametrize("flags", [0, re.IGNORECASE, re.IGNORECASE | re.MULTILINE])
def test_grouped_phrases_match_as_the_plain_alternation(flags: int) -> None:
    rng = random.Random(18)
    differing_lengths = 0
    for _ in range(3_000):
        phrases = ["".join(rng.choice(ALIKE) for _ in range(rng.randint(1, 4))) for _ in range(rng.randint(2, 7))]
        alternatives = [(phrase[0], re.escape(phrase)) for phrase in phrases]
        plain, quick = re.compile(_plain(alternatives), flags), re.compile(grouped(alternatives), flags)
        for _ in range(5):
            text = "".join(rng.choice(ALIKE + " ") for _ in range(rng.randint(0, 14)))
            expected = [m.span() for m in plain.finditer(text)]
            assert [m.span() for m in quick.finditer(text)] == expected, (phrases, text, flags)
            differing_lengths += len({end - start for start, end in expected}) > 1
    assert differing_lengths >= 100


def test_a_phrase_without_a_first_character_leaves_the_alternation_plain() -> None:
    alternatives = [("a", "ab"), (None, "[^\\W\\d_]*c"), ("b", "b")]
    assert grouped(alternatives) == _plain(alternatives)


def _role_lines() -> list[str]:
    lines = screen_lines(["I'm the head admin of Pixel Haven", "ſo I can ban people", "KICK members: yes"], 18)
    for name in ("claims_fresh17", "roles_chat", "kept_fresh15", "kept_fresh16", "others_fresh14"):
        lines += [row["text"] for row in load_layer(name, "tune") if isinstance(row.get("text"), str)]
    lines += list(long_messages(4000).values())
    return [normalise(line).text for line in lines]


def test_role_claims_pairs_match_as_plain_alternations(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every pair, the phrases and the scripts without spaces: the same matches with the phrases grouped as with them
    tried one by one, on the dev, tuned and bench lines (roles claimed and not) and long posts, wherever the pair's
    gates let the reading search."""
    quick = [(shape.pattern, shape.unless) for shape in role_claims._shapes()]
    monkeypatch.setattr(role_claims, "grouped", _plain)
    role_claims._shapes.cache_clear()
    try:
        plain = [(shape.pattern, shape.unless) for shape in role_claims._shapes()]
    finally:
        role_claims._shapes.cache_clear()
    assert [p.pattern for p, _ in plain] != [p.pattern for p, _ in quick]
    matched = 0
    for line in _role_lines():
        words = line_words(line)
        stems = role_claims._stems_of(words)
        for shape, (plain_pattern, plain_unless), (quick_pattern, quick_unless) in zip(
            role_claims._shapes(), plain, quick, strict=True
        ):
            if not all(role_claims._open(gate, words, stems) for gate in shape.gates):
                continue  # the reading never searches a line its gates close
            expected = [m.span() for m in plain_pattern.finditer(line)]
            assert [m.span() for m in quick_pattern.finditer(line)] == expected, line
            matched += bool(expected)
            if plain_unless is not None and quick_unless is not None:
                assert [m.span() for m in quick_unless.finditer(line)] == [m.span() for m in plain_unless.finditer(line)]
    assert matched >= 100
