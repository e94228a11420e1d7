"""Verdicts small local models really wrote: no innocent member is warned, sane verdicts still warn the toxic.

SmolLM2-135M and Gemma 3 270M fill `report_analysis` without reading the messages:
a counter in ``toxicity`` (index + 1; or 1, 3, 3.7 for the third), findings numbered
from 1, one verdict copied onto every message, too many findings. The same twelve
channel messages go through the real MonitorService and the loopback LLM over HTTP,
once per recorded answer.
"""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from typing import Any

import pytest
from fake_llm import FakeLLM
from monitor_fakes import minutes, said
from settings_factory import SettingsFactory

from utils.monitor.analysis import AnalysisReport
from utils.monitor.messages import ObservedMessage
from utils.monitor.policy import ActionKind
from utils.monitor.trust import Refusal, refusal
from utils.runtime import Services

CHANNEL = [
    (1, "Ivy", "I just got a new puppy", False),
    (2, "Jordan", "congrats Ivy! post pics", False),
    (3, "Kai", "GG last night everyone", False),
    (4, "Troll", "you are a worthless idiot, uninstall", True),
    (5, "Lee", "anyone up for ranked later?", False),
    (6, "Mo", "my cat knocked my coffee over lol", False),
    (4, "Troll", "nobody wants you here, trash", True),
    (7, "Nia", "the new patch notes are out", False),
    (8, "Oz", "happy birthday Nia 🎂", False),
    (9, "Raider", "I will find where you live and hurt you", True),
    (1, "Ivy", "she's a golden retriever", False),
    (10, "Pat", "brb dinner", False),
]
TOXIC = {i for i, (*_rest, toxic) in enumerate(CHANNEL) if toxic}
N = len(CHANNEL)


def finding(index: int, toxicity: Any, categories: list[str] | None = None, **extra: Any) -> dict[str, Any]:
    return {"index": index, "toxicity": toxicity, "categories": categories or [], "off_topic": False, **extra}


def sane(i: int) -> dict[str, Any]:
    """What a capable model answers: the toxic ones high with a category, the rest near 0."""
    scores = {3: (0.86, ["insult"]), 6: (0.78, ["harassment"]), 9: (0.97, ["threat"])}
    toxicity, categories = scores.get(i, (0.02 + 0.01 * (i % 3), []))
    return finding(i, toxicity, categories, coherence=0.9, confidence=0.9)


BAD_ANSWERS: dict[str, list[dict[str, Any]]] = {
    # toxicity = index + 1: 1.0 for the first message, then off the scale (clamped to 1.0, everyone warned)
    "counter from 1": [finding(i, i + 1) for i in range(N)],
    "counter from 1 with a category": [finding(i, i + 1, ["insult"]) for i in range(N)],
    "counter as strings": [finding(i, str(i + 1), ["toxicity"]) for i in range(N)],
    # 1, 3, 3.7 ... rising with the index
    "counter 1, 3, 3.7": [finding(i, [1, 3, 3.7, 4, 4.2, 5, 5.5, 6, 6.1, 7, 7.5, 8][i], ["insult"]) for i in range(N)],
    # a counter that stays on the scale
    "counter in tenths": [finding(i, round(0.08 * (i + 1), 2), ["insult"]) for i in range(N)],
    "counter in twelfths": [finding(i, round((i + 1) / N, 3), ["insult"], confidence=1) for i in range(N)],
    # findings numbered from 1 (as a human would): [12] is not in the batch
    "numbered from 1": [{**sane(i), "index": i + 1} for i in range(N)],
    "numbered from 1, copied": [finding(i + 1, 0.9, ["insult"]) for i in range(N)],
    # every message the same verdict
    "copy 0.8": [finding(i, 0.8, ["insult"]) for i in range(N)],
    "copy 1": [finding(i, 1, ["harassment"], confidence=1.0) for i in range(N)],
    "copy 0.75 no category": [finding(i, 0.75) for i in range(N)],
    "copy with one exception": [finding(i, 0.05 if i == 5 else 0.9, ["insult"], confidence=0.9) for i in range(N)],
    "copy on three quarters": [finding(i, 0.0 if i in (0, 5, 11) else 0.8, ["insult"]) for i in range(N)],
    "copy of the same note": [
        finding(i, 0.9 if i % 2 else 0.1, ["insult"], note_update="The user is friendly and likes games.") for i in range(N)
    ],
    # implausible shapes
    "one finding per message twice": [sane(i) for i in range(N)] + [finding(i, 0.9, ["insult"]) for i in range(N)],
    "duplicate ids": [finding(i // 2, 0.9, ["insult"]) for i in range(N)],
    "too few findings": [finding(i, 0.9, ["insult"]) for i in range(3)],
    "one extra unreadable finding": [sane(i) for i in range(N)] + [{"index": "all", "toxicity": "high"}],
    # a single out-of-range value makes every number of that answer meaningless
    "one value off the scale": [sane(i) for i in range(N - 1)] + [finding(N - 1, 3.5, ["insult"])],
    "negative values": [finding(i, -1 if i in TOXIC else 0.95, ["insult"]) for i in range(N)],
    # trusted batch shape, but the toxic-looking ones do not say why, or are unsure
    "toxic without any category": [finding(i, 0.9 if i in (0, 1, 2) else 0.0) for i in range(N)],
    "toxic at low confidence": [finding(i, 0.9 if i in (0, 1, 2) else 0.0, ["insult"], confidence=0.2) for i in range(N)],
}


@pytest.fixture
def running(make_settings: SettingsFactory) -> Callable[..., AsyncIterator[Services]]:
    @asynccontextmanager
    async def start(**overrides: object) -> AsyncIterator[Services]:
        settings = {"sentiment_channel_ids": [500], "sentiment_batch_size": N, "timeout_after_offenses": 1, **overrides}
        services = Services(make_settings(**settings))
        await services.start()
        try:
            yield services
        finally:
            await services.close()

    return start


def channel() -> list[ObservedMessage]:
    return [said(text, author_id=uid, name=name, at=minutes(i)) for i, (uid, name, text, _t) in enumerate(CHANNEL)]


async def actioned(services: Services, answer: list[dict[str, Any]], fake_llm: FakeLLM) -> dict[int, set[ActionKind]]:
    fake_llm.tools["report_analysis"] = lambda body: {"findings": answer}
    messages = channel()
    outcome = await services.monitor.analyse(messages)
    index = {m.message_id: i for i, m in enumerate(messages)}
    done: dict[int, set[ActionKind]] = {}
    for action in outcome.actions:
        done.setdefault(index[action.message.message_id], set()).add(action.kind)
    return done


@pytest.mark.parametrize("name", list(BAD_ANSWERS))
async def test_no_innocent_member_is_warned_or_timed_out_by_a_bad_verdict(name: str, running, fake_llm: FakeLLM) -> None:
    async with running() as services:
        done = await actioned(services, BAD_ANSWERS[name], fake_llm)
        innocents = {i: kinds for i, kinds in done.items() if i not in TOXIC}
        assert innocents == {}, f"{name}: warned {[CHANNEL[i][2] for i in innocents]}"
        for uid in {uid for uid, *_ in CHANNEL}:
            state = services.monitor_state.get_user(uid)
            assert state.offense_count == 0 or uid == 4 or uid == 9, name


async def test_the_whole_table_warns_no_innocent(running, fake_llm: FakeLLM) -> None:
    """The figure of the table: innocent members warned over every recorded answer (122 before refusal, over 22 answers)."""
    warned = 0
    async with running() as services:
        for answer in BAD_ANSWERS.values():
            done = await actioned(services, answer, fake_llm)
            warned += sum(1 for i in done if i not in TOXIC)
    assert warned == 0


async def test_sane_verdicts_still_warn_and_time_out_the_toxic_ones(running, fake_llm: FakeLLM) -> None:
    async with running() as services:
        done = await actioned(services, [sane(i) for i in range(N)], fake_llm)
    assert done == {i: {ActionKind.WARN, ActionKind.TIMEOUT} for i in TOXIC}


async def test_sane_verdicts_in_any_order_and_without_confidence_still_warn(running, fake_llm: FakeLLM) -> None:
    answer = [{k: v for k, v in sane(i).items() if k != "confidence"} for i in reversed(range(N))]
    async with running() as services:
        done = await actioned(services, answer, fake_llm)
    assert set(done) == TOXIC


@pytest.mark.parametrize("minimum", [0.0, 0.2])
async def test_the_minimum_confidence_is_the_owners(minimum: float, running, fake_llm: FakeLLM) -> None:
    answer = [finding(i, 0.9 if i in TOXIC else 0.0, ["insult"], confidence=0.2) for i in range(N)]
    async with running(sentiment_min_confidence=minimum) as services:
        done = await actioned(services, answer, fake_llm)
    assert set(done) == TOXIC


async def test_a_refused_batch_changes_nothing_and_is_logged_once(
    running, fake_llm: FakeLLM, caplog: pytest.LogCaptureFixture
) -> None:
    async with running() as services:
        with caplog.at_level(logging.INFO, logger="utils.monitor.service"):
            for _ in range(3):
                await actioned(services, BAD_ANSWERS["counter from 1"], fake_llm)
        for uid, *_ in CHANNEL:
            user = services.monitor_state.get_user(uid)
            assert (user.toxicity_score, user.offense_count, user.user_notes) == (0, 0, "")
    refusals = [r for r in caplog.records if "Refused the analysis of 12 messages" in r.message]
    assert [r.levelno for r in refusals] == [logging.WARNING, logging.INFO, logging.INFO]
    assert "off the 0..1 scale" in refusals[0].message and "larger model" in refusals[0].message


# ----------------------------------------------------------------------------- the checks alone
def _batch(authors: list[int]) -> list[ObservedMessage]:
    return [said(f"message {i}", author_id=a) for i, a in enumerate(authors)]


PLAUSIBLE = [
    ([0.0, 0.1, 0.9], [1, 2, 3]),  # an argument escalating: uneven steps
    ([0.9, 0.9, 0.9], [4, 4, 4]),  # one member insulting three times: the same score is ordinary
    ([0.05, 0.05, 0.05, 0.05], [1, 2, 3, 4]),  # a calm batch scored alike
    ([0.2, 0.8], [1, 2]),  # two messages cannot show a counter
    ([0.9], [1]),
    ([0.0, 0.0, 0.7, 0.0, 0.95], [1, 2, 3, 2, 4]),
    ([0.9, 0.9, 0.0, 0.0], [1, 2, 3, 4]),  # two members insulting each other, two calm
    ([0.8, 0.8, 0.8, 0.1], [5, 5, 5, 6]),  # one member's three insults: a single author
]
IMPLAUSIBLE = [
    ([0.1, 0.2, 0.3], [1, 2, 3], "counter"),
    ([0.0, 0.25, 0.5, 0.75, 1.0], [1, 2, 3, 4, 5], "counter"),
    ([0.0, 0.1, 0.5, 0.6], [1, 2, 3, 4], "counter"),
    ([1, 2, 3], [1, 2, 3], "out of range"),
    ([0.5, 1.5], [1, 2], "out of range"),
    ([0.8, 0.8, 0.8], [1, 2, 3], "copy"),
    ([1.0, 1.0, 1.0, 1.0], [1, 1, 2, 2], "copy"),
    ([0.9, 0.9, 0.1, 0.9], [1, 2, 3, 4], "copy"),
]


@pytest.mark.parametrize(("scores", "authors"), PLAUSIBLE)
def test_plausible_batches_pass(scores: list[float], authors: list[int]) -> None:
    report = AnalysisReport.model_validate({"findings": [finding(i, s, ["insult"]) for i, s in enumerate(scores)]})
    assert refusal(report, _batch(authors), 0.7) is None


@pytest.mark.parametrize(("scores", "authors", "kind"), IMPLAUSIBLE)
def test_implausible_batches_are_refused(scores: list[float], authors: list[int], kind: str) -> None:
    report = AnalysisReport.model_validate({"findings": [finding(i, s, ["insult"]) for i, s in enumerate(scores)]})
    refused = refusal(report, _batch(authors), 0.7)
    assert isinstance(refused, Refusal) and refused.kind == kind
