"""The monitor's plain logic: batching, validation of `report_analysis`, scoring and the monitor_state's state."""

from __future__ import annotations

from datetime import timedelta

import pytest
from monitor_fakes import T0, minutes, said

from utils.monitor.analysis import AnalysisReport, MessageFinding, findings_by_index
from utils.monitor.batching import BatchBuffer
from utils.monitor.messages import CUT_MARK, prepare_content
from utils.monitor.policy import ActionKind, Policy, judge
from utils.monitor.reports import member_status, own_status_text, status_text, user_notes_text
from utils.monitor.state import MonitorState
from utils.storage.records import UserStateRecord

HOUR = timedelta(hours=1)


def test_a_batch_goes_when_full_and_a_new_one_opens() -> None:
    buffer = BatchBuffer(size=2, seconds=5)
    assert buffer.add(said("a"), now=0) is None
    full = buffer.add(said("b"), now=1)
    assert [m.content for m in full.messages] == ["a", "b"] and not buffer.is_open(500)
    assert buffer.add(said("c"), now=2) is None and buffer.is_open(500)


def test_batches_fall_due_by_time_per_channel() -> None:
    buffer = BatchBuffer(size=10, seconds=5)
    buffer.add(said("a", channel_id=1), now=0)
    buffer.add(said("b", channel_id=2), now=3)
    assert buffer.take_due(4.9) == []
    assert [b.channel_id for b in buffer.take_due(5)] == [1]
    assert [b.channel_id for b in buffer.take_due(100)] == [2]


def test_edits_change_a_waiting_message_and_deletions_remove_it() -> None:
    buffer = BatchBuffer(size=10, seconds=5)
    first, second, third = said("hello"), said("bye"), said("later")
    for message in (first, second, third):
        buffer.add(message, now=0)
    assert buffer.replace(500, first.message_id, "hello, edited")
    assert not buffer.replace(500, 999, "not waiting")
    assert buffer.discard(500, {second.message_id, 12345}) == 1
    assert [m.content for m in buffer.take(500).messages] == ["hello, edited", "later"]


def test_a_batch_emptied_by_edits_and_deletions_closes() -> None:
    buffer = BatchBuffer(size=10, seconds=5)
    first, second = said("hello"), said("bye")
    buffer.add(first, now=0)
    buffer.add(second, now=0)
    assert buffer.replace(500, first.message_id, None) and buffer.discard(500, {second.message_id}) == 1
    assert not buffer.is_open(500) and buffer.take(500) is None and buffer.take_all() == []


def test_message_text_is_cut_redacted_and_empty_when_only_attachments() -> None:
    assert prepare_content("   ", ("image cat.png",), max_chars=100) is None
    assert prepare_content("look", ("image cat.png", "sticker wave"), max_chars=100) == "look [image cat.png, sticker wave]"
    long = prepare_content("word " * 1000, max_chars=100)
    assert len(long) == 100 and long.endswith(CUT_MARK)
    assert "hunter22" not in prepare_content("my password is hunter22", max_chars=100)


@pytest.mark.parametrize(
    ("item", "expected"),
    [
        ({"index": 0, "toxicity": "0.4", "off_topic": "yes"}, (0.4, True)),
        ({"index": "2", "toxicity": 3, "off_topic": 1}, (3.0, True)),
        ({"index": 1.0, "toxicity": -1, "off_topic": None}, (-1.0, False)),
    ],
)
def test_findings_are_normalised_but_numbers_are_never_clamped(item: dict, expected: tuple) -> None:
    """A toxicity of 3 stays 3 (the trust check refuses its batch): clamping it to 1.0 warned innocents."""
    finding = MessageFinding.model_validate(item)
    assert (finding.toxicity, finding.off_topic) == expected


@pytest.mark.parametrize("value", [1.5, -0.2, 7, "2.5", "sure", None])
def test_optional_scores_off_the_scale_are_not_used(value: object) -> None:
    finding = MessageFinding.model_validate({"index": 0, "toxicity": 0.1, "coherence": value, "confidence": value})
    assert (finding.coherence, finding.confidence) == (None, None)


def test_a_counters_toxicity_never_becomes_an_offense_even_through_judge() -> None:
    monitor_state = MonitorState()
    verdict = judge(
        Policy(), monitor_state, said("I just got a new puppy"), MessageFinding(index=0, toxicity=3.5, categories=["x"])
    )
    assert verdict.actions == () and verdict.refused and monitor_state.get_user(42).offense_count == 0


@pytest.mark.parametrize(
    "item",
    [{"index": 0}, {"index": 0, "toxicity": "high"}, {"index": True, "toxicity": 0.1}, {"index": 0, "toxicity": float("nan")}],
)
def test_a_finding_without_a_usable_index_or_toxicity_is_dropped(item: dict) -> None:
    assert AnalysisReport.model_validate({"findings": [item, "junk", {"index": 0, "toxicity": 0.2}]}).findings[0].toxicity == 0.2


def test_optional_parts_of_a_finding_never_cost_the_finding() -> None:
    finding = MessageFinding.model_validate(
        {
            "index": 0,
            "toxicity": 0.1,
            "coherence": "clear",
            "categories": ["None", "Insult", "insult"],
            "topic_category": 7,
            "note_update": "  null ",
        }
    )
    assert (finding.coherence, finding.categories, finding.topic_category, finding.note_update) == (None, ["insult"], None, None)
    long_note = "Talks about ranked a lot. " * 40  # not "x " * 400: junk is no note at all now
    assert len(MessageFinding.model_validate({"index": 0, "toxicity": 0, "note_update": long_note}).note_update) <= 500


def test_findings_must_be_a_list_and_repeated_indexes_keep_the_first() -> None:
    with pytest.raises(ValueError):
        AnalysisReport.model_validate({"findings": {"index": 0, "toxicity": 0.1}})
    report = AnalysisReport.model_validate({"findings": [{"index": 1, "toxicity": 0.3}, {"index": 1, "toxicity": 0.9}]})
    assert {i: f.toxicity for i, f in findings_by_index(report, 2).items()} == {1: 0.3}


def test_the_toxicity_score_fades_by_half_life_and_takes_the_worse_message() -> None:
    monitor_state = MonitorState()
    assert monitor_state.record_toxicity(1, 0.8, T0, half_life_hours=10) == 0.8
    assert monitor_state.toxicity_now(1, T0 + 10 * HOUR, 10) == pytest.approx(0.4)
    assert monitor_state.record_toxicity(1, 0.1, T0 + 10 * HOUR, 10) == pytest.approx(0.4)
    assert monitor_state.record_toxicity(1, 0.9, T0 + 20 * HOUR, 10) == 0.9


def test_offenses_count_in_a_run_and_the_warning_resets_with_it() -> None:
    monitor_state, window = MonitorState(), timedelta(minutes=30)
    assert [monitor_state.record_offense(1, minutes(m), window) for m in (0, 25, 50)] == [1, 2, 3]
    monitor_state.mark_warned(1)
    assert monitor_state.warned_in_window(1, minutes(70), window)
    assert monitor_state.offenses_in_window(1, minutes(81), window) == 0 and not monitor_state.warned_in_window(
        1, minutes(81), window
    )
    assert monitor_state.record_offense(1, minutes(90), window) == 1 and not monitor_state.get_user(1).warned


def test_off_topic_runs_immunity_and_coherence_mark_the_member_dirty() -> None:
    monitor_state = MonitorState()
    monitor_state.load([UserStateRecord(user_id=1)])
    assert [monitor_state.record_topic(1, flag) for flag in (True, True, False, True)] == [1, 2, 0, 1]
    assert monitor_state.toggle_immune(1) and monitor_state.is_immune(1) and not monitor_state.toggle_immune(1)
    assert monitor_state.record_coherence(1, 0.35) == pytest.approx(0.8)
    assert monitor_state._dirty == {1}


def test_timeouts_can_be_turned_off_and_warnings_kept_out_of_the_channel() -> None:
    policy = Policy(timeout_after_offenses=0, public_warnings=False)
    monitor_state = MonitorState()
    toxic = MessageFinding(index=0, toxicity=0.95)
    verdicts = [judge(policy, monitor_state, said("x", at=minutes(i)), toxic) for i in range(5)]
    assert {a.kind for v in verdicts for a in v.actions} == {ActionKind.WARN}
    assert not any(a.public for v in verdicts for a in v.actions)


def test_status_and_notes_texts() -> None:
    monitor_state, policy = MonitorState(), Policy()
    judge(policy, monitor_state, said("x", at=T0), MessageFinding(index=0, toxicity=0.8, categories=["insult"]))
    text = status_text("Alice", member_status(monitor_state, policy, 42, T0 + 24 * HOUR), policy)
    assert "Recent offenses: 0" in text and "Recent toxicity: 0.40" in text and "Warned: no" in text
    assert "Last offense: 2026-03-01 12:00 UTC" in text
    assert "Recent offenses: 1 (the count restarts after 60 quiet minutes" in status_text(
        "Alice", member_status(monitor_state, policy, 42, T0), policy
    )
    member_text = own_status_text(member_status(monitor_state, policy, 42, T0), policy)
    assert "Recent warnings: 1. They are forgotten after 60 minutes without another one." in member_text
    half = Policy(offense_window=timedelta(seconds=30))
    assert "after 0.5 minutes without" in own_status_text(member_status(monitor_state, half, 42, T0), half)
    assert user_notes_text("Bob", "") == "Nothing is noted about Bob."
    long = user_notes_text("Bob", "\n".join(f"[2026-01-01 00:00] note number {i}" for i in range(200)))
    assert len(long) <= 1900 and long.endswith("note number 199") and "older lines not shown" in long


@pytest.mark.parametrize(
    ("note", "kept"),
    [
        ("I am an AI language model.", None),
        ("<|im_end|>", None),
        ("peak_camping_museum.jpg", None),
        ("That sounds fun with your sister!", None),
        ("Is learning to play the guitar.", "Is learning to play the guitar."),
        ("Is learning the guitar&amp;#39;s basics.", "Is learning the guitar's basics."),
    ],
)
def test_a_monitor_note_goes_through_the_same_junk_rules(note: str, kept: str | None) -> None:
    assert MessageFinding.model_validate({"index": 0, "toxicity": 0, "note_update": note}).note_update == kept
