"""One decision per member per batch: the strongest action, the latest reply, one case for every offense."""

from __future__ import annotations

from datetime import timedelta

import pytest
from monitor_fakes import said

from utils.monitor.cases import one_decision_per_member
from utils.monitor.policy import Action, ActionKind

ALICE, BOB = 42, 43


def warn(text: str, author: int = ALICE, category: str = "insult") -> Action:
    return Action(ActionKind.WARN, said(text, author_id=author), f"{category} 0.92", f"warned for {text}", category=category)


def timeout(of: Action) -> Action:
    return Action(ActionKind.TIMEOUT, of.message, of.reason, duration=timedelta(minutes=10), category=of.category)


def redirect(text: str) -> Action:
    return Action(ActionKind.REDIRECT, said(text, author_id=BOB), "3 off-topic messages in a row", "nudge")


A1, A2, A3 = warn("idiot"), warn("loser", category="insult, harassment"), warn("trash")
B1 = warn("you clown", author=BOB, category="harassment")
NUDGE = redirect("crypto?")


@pytest.mark.parametrize(
    ("actions", "expected"),
    [
        ([A1], [(ALICE, "warn", "idiot", 1, "insult")]),
        ([A1, A2, timeout(A2)], [(ALICE, "timeout", "loser", 2, "insult, harassment")]),
        ([A1, A2, timeout(A2), A3, timeout(A3)], [(ALICE, "timeout", "trash", 3, "insult, harassment")]),
        ([A1, B1, A2], [(ALICE, "warn", "loser", 2, "insult, harassment"), (BOB, "warn", "you clown", 1, "harassment")]),
        ([B1, timeout(B1), A1], [(BOB, "timeout", "you clown", 1, "harassment"), (ALICE, "warn", "idiot", 1, "insult")]),
        ([NUDGE], []),
        ([A1, NUDGE], [(ALICE, "warn", "idiot", 1, "insult")]),
    ],
    ids=["one", "two-then-timeout", "three-two-timeouts", "two-members", "timeout-first", "nudge-only", "warn-and-nudge"],
)
def test_each_member_gets_one_decision_and_nudges_stay_apart(actions: list[Action], expected: list[tuple]) -> None:
    decisions, others = one_decision_per_member(actions)
    got = [(d.message.author_id, d.kind.value, d.message.content, d.offenses, d.category) for d in decisions]
    assert got == expected
    assert others == [a for a in actions if a.kind is ActionKind.REDIRECT]
    for decision in decisions:
        assert decision.warning.text == f"warned for {decision.message.content}", "the reply answers the latest message"
        if decision.offenses > 1:
            assert decision.reason.startswith(f"{decision.offenses} messages over the line in one batch; the latest: ")


def test_the_case_excerpt_is_every_offending_message_screened() -> None:
    [decision], _ = one_decision_per_member([warn("idiot, card 4929 1234 5678 9012"), warn("loser")])
    excerpt = decision.excerpt()
    assert "4929" not in excerpt and excerpt.startswith("idiot, card [redacted:") and excerpt.endswith(" / loser")
