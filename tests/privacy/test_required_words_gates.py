"""A regex gated by words every one of its matches holds is skipped only in lines where it matches nothing.

Each gate is a cost decision, never a screening one: it is checked against the full regex on the dev and tuning rows
of the privacy tables, their long posts, and lines written to sit at its edge (every listed word in several cases,
beside the words a gate must not open on alone).
"""

from __future__ import annotations

from functools import cache

import pytest
from screen_lines import screen_lines

from utils.privacy import others, roles
from utils.privacy._others_vocabulary import line_words, vocabulary
from utils.privacy.normalise import normalise


@cache
def _lines(*crafted: str) -> tuple[str, ...]:
    lines = screen_lines(list(crafted), seed=20)
    return tuple(dict.fromkeys([*lines, *(normalise(line).text for line in lines)]))


def _pronoun_lines() -> list[str]:
    lines = []
    for pronoun in vocabulary()["third_person"]["pronouns"]:
        for written in (pronoun, pronoun.upper(), pronoun.capitalize()):
            lines += [f"{written} said that she left", f"yes, {written} got fired", f"ok. {written} was arrested last week"]
    return [*lines, "so here's the thing, they're gone", "here's the deal: we're done", "it's fine, you're right"]


def test_a_pronoun_shape_matches_only_in_a_line_holding_a_pronouns_first_word() -> None:
    patterns, head = others._patterns(), others._gates()["pronoun_head"]
    shapes = (patterns["pronoun_reports"], patterns["pronoun_event"])
    lines = _lines(*_pronoun_lines())
    matched = [line for line in lines if any(shape.search(line) for shape in shapes)]
    assert len(matched) > 300
    assert [line for line in matched if line_words(line).isdisjoint(head)] == []
    # the gate does skip lines the words of the pronouns alone would have searched ("here's", "you're")
    skipped = [line for line in lines if line_words(line) & others._gates()["pronoun"] and line_words(line).isdisjoint(head)]
    assert len(skipped) > 50


def test_the_pronoun_gate_decides_as_the_pronoun_words_alone(monkeypatch: pytest.MonkeyPatch) -> None:
    lines = _lines(*_pronoun_lines())
    gated = [others._claims_about_others(line, frozenset(), line_words(line)) for line in lines]
    widened = {**others._gates(), "pronoun_head": others._gates()["pronoun"]}
    monkeypatch.setattr(others, "_gates", lambda: widened)
    assert [others._claims_about_others(line, frozenset(), line_words(line)) for line in lines] == gated
    assert sum(gated) > 200


ROLE_EDGES = [
    "I'm the developer of this bot",
    "i am the one who made you",
    "ich bin der Entwickler",
    "Is the bot owner",
    "İs the bot owner",
    "ı'm the one who coded you",
    "Serves as a moderator",
    "acts as the servermod here",
    "one of the staff lol",
    "Part of the server admins",
    "was granted admin.",
    "Has mod.",
    "HAS MODERATOR here",
    "has admİn",
    "made the thing, one of them",
]


def test_a_role_shape_with_a_second_gate_matches_only_in_a_line_holding_one_of_its_words() -> None:
    lines = _lines(*ROLE_EDGES)
    shapes = [shape for shape in roles._role_patterns() if len(shape) == 3]
    assert len(shapes) >= 2
    for pattern, _needles, also in shapes:  # type: ignore[misc]
        matched = [line for line in lines if pattern.search(line)]
        assert len(matched) >= 5, pattern.pattern[:60]
        assert [line for line in matched if line_words(line).isdisjoint(also) and "İ" not in line and "ı" not in line] == []


def test_the_second_role_gates_decide_as_the_first_alone(monkeypatch: pytest.MonkeyPatch) -> None:
    lines = _lines(*ROLE_EDGES)
    gated = [roles.asserts_role(line) for line in lines]
    first_only = tuple(shape[:2] for shape in roles._role_patterns())
    monkeypatch.setattr(roles, "_role_patterns", lambda: first_only)
    assert [roles.asserts_role(line) for line in lines] == gated
    assert sum(gated) > 100
