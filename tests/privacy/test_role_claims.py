"""The role pairs' gates read off a line's words at once (``role_claims.open_shapes``) let through exactly the shapes
that reading each gate in turn (``role_claims._open``) does, and the claims found are the same."""

from __future__ import annotations

from layer_tables import load as load_layer
from screen_lines import screen_lines

from bench.long_messages import long_messages
from bench.redaction import ORDINARY, PARAGRAPH, SECRETS
from utils.privacy import role_claims
from utils.privacy._others_vocabulary import line_words
from utils.privacy.normalise import normalise


def _lines() -> list[str]:
    lines = screen_lines(["I'm the head admin of Pixel Haven", "ſo I can ban people", "KICK members: yes"], 19)
    for name in ("claims_fresh17", "roles_chat", "kept_fresh15", "kept_fresh16", "others_fresh14"):
        lines += [row["text"] for row in load_layer(name, "tune") if isinstance(row.get("text"), str)]
    lines += [*long_messages(4000).values(), *ORDINARY, *SECRETS, PARAGRAPH, PARAGRAPH[:300]]
    return [normalise(line).text for line in lines]


def _claims_gate_by_gate(text: str, words: frozenset[str]) -> bool:
    """:func:`role_claims.claims_role` as it read the gates before: the one target gate, then each shape's own."""
    folded, stems = text.casefold(), role_claims._stems_of(words)
    any_target = role_claims._open(role_claims._any_target(), words, stems)
    for shape in role_claims._shapes():
        if not any_target and len(shape.gates) == 2 and shape.gates[1] is not None:
            continue
        if shape.substrings and not any(s in folded for s in shape.substrings):
            continue
        if not all(role_claims._open(gate, words, stems) for gate in shape.gates):
            continue
        for match in shape.pattern.finditer(text):
            if shape.unless is None:
                return True
            clause = next((c for c in role_claims._CLAUSE.finditer(text) if c.start() <= match.start() < c.end()), None)
            if clause is None or not shape.unless.search(clause.group()):
                return True
    return False


def test_the_open_shapes_are_those_each_gate_opens() -> None:
    opened = claimed = 0
    for line in _lines():
        words = line_words(line)
        stems = role_claims._stems_of(words)
        expected = [s for s in role_claims._shapes() if all(role_claims._open(g, words, stems) for g in s.gates)]
        assert role_claims.open_shapes(words, stems) == expected, line[:80]
        # the stems read in one pass open the gates their regex over the words opens
        assert expected == [s for s in role_claims._shapes() if all(role_claims._open(g, words) for g in s.gates)]
        opened += any(s.gates for s in expected)
        claimed += role_claims.claims_role(line, words)
        assert role_claims.claims_role(line, words) == _claims_gate_by_gate(line, words), line[:80]
    assert opened >= 300
    assert claimed >= 100
