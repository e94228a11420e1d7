"""The behaviour monitor's pipeline without Discord: real Services, the test's database, the loopback LLM."""

from __future__ import annotations

import logging
import re
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import replace
from datetime import UTC, datetime, timedelta

import pytest
from chat_turn import converse
from fake_llm import FakeLLM
from llm_requests import system_prompt
from monitor_fakes import Analyst, batch_lines, minutes, said
from settings_factory import SettingsFactory
from shared_database import as_datetime, execute, query

from utils.members.erasure import OptOut
from utils.monitor.cases import ACTED, one_decision_per_member
from utils.monitor.policy import ActionKind, BatchOutcome
from utils.runtime import Services

MONITOR = {"sentiment_channel_ids": [500], "sentiment_batch_size": 3, "sentiment_batch_seconds": 60}


@pytest.fixture
def running(make_settings: SettingsFactory) -> Callable[..., AsyncIterator[Services]]:
    @asynccontextmanager
    async def start(**overrides: object) -> AsyncIterator[Services]:
        services = Services(make_settings(**{**MONITOR, **overrides}))
        await services.start()
        try:
            yield services
        finally:
            await services.close()

    return start


@pytest.fixture
def analyst(fake_llm: FakeLLM) -> Analyst:
    scripted = Analyst()
    fake_llm.tools["report_analysis"] = scripted
    return scripted


async def test_a_toxic_message_raises_the_score_and_earns_a_warning(running, analyst, fake_llm: FakeLLM) -> None:
    async with running() as services:
        outcome = await services.monitor.analyse([said("gg everyone"), said("you are an idiot", author_id=7, name="Bob")])
        assert len(fake_llm.tool_requests("report_analysis")) == 1
        calm, toxic = outcome.verdicts
        assert calm.actions == () and calm.toxicity_score == pytest.approx(0.05)
        [warning] = toxic.actions
        assert warning.kind is ActionKind.WARN and warning.public
        assert "Bob" in warning.text and "insult 0.92" in warning.reason
        bob = services.monitor_state.get_user(7)
        assert bob.toxicity_score == pytest.approx(0.92)
        assert (bob.offense_count, bob.warned) == (1, True)


async def test_repeated_offenses_in_the_window_earn_a_timeout_and_a_quiet_spell_starts_over(running, analyst) -> None:
    async with running(timeout_after_offenses=3, offense_window_minutes=60) as services:
        kinds = []
        for at in (0, 20, 40, 200):
            outcome = await services.monitor.analyse([said("trash player", at=minutes(at))])
            kinds.append([a.kind for a in outcome.actions])
        assert kinds == [[ActionKind.WARN], [ActionKind.WARN], [ActionKind.WARN, ActionKind.TIMEOUT], [ActionKind.WARN]]
        assert services.monitor_state.get_user(42).offense_count == 1


async def test_an_immune_member_is_scored_but_never_actioned(running, analyst, caplog: pytest.LogCaptureFixture) -> None:
    async with running() as services:
        services.monitor_state.toggle_immune(7)
        with caplog.at_level(logging.INFO, logger="utils.monitor.service"):
            outcome = await services.monitor.analyse([said("you idiot", author_id=7, name="Mod")] * 3)
        assert outcome.actions == []
        assert all(v.remark == "immune: not actioned" for v in outcome.verdicts)
        assert services.monitor_state.get_user(7).offense_count == 0
        assert services.monitor_state.toxicity_now(7, minutes(0), 24) == pytest.approx(0.92)
        assert "Mod in #general is immune; not actioned." in caplog.text


async def test_off_topic_drift_earns_one_gentle_redirect(running, analyst) -> None:
    async with running(off_topic_threshold=3) as services:
        first = await services.monitor.analyse([said("crypto is up"), said("buy crypto now"), said("crypto forever")])
        assert [[a.kind for a in v.actions] for v in first.verdicts] == [[], [], [ActionKind.REDIRECT]]
        assert "#general" in first.actions[0].text
        again = await services.monitor.analyse([said("more crypto"), said("back to the game"), said("crypto")])
        assert again.actions == []
        assert services.monitor_state.get_user(42).off_topic_count == 1


async def test_several_drifting_members_get_a_single_redirect(running, analyst) -> None:
    async with running(off_topic_threshold=1) as services:
        outcome = await services.monitor.analyse([said("crypto?"), said("crypto!", author_id=7, name="Bob")])
        [redirect] = outcome.actions
        assert redirect.message.author_name == "Bob"
        assert services.monitor_state.get_user(42).off_topic_count == 0


async def test_a_note_update_becomes_a_notes_line_and_a_passive_memory_in_the_next_prompt(
    running, analyst: Analyst, fake_llm: FakeLLM, database_url: str
) -> None:
    analyst.notes = {"guitar": "Is learning to play the guitar."}
    async with running() as services:
        outcome = await services.monitor.analyse([said("finally practising my guitar every evening")])
        assert outcome.verdicts[0].observation == "Is learning to play the guitar."
        assert services.monitor_state.get_user_notes(42) == "[2026-03-01 12:00] Is learning to play the guitar."
        [(memory, topics, importance, source, expires)] = query(
            database_url, "SELECT Memory, Topics, Importance, Source, ExpiresAt FROM UserMemory WHERE UserId = 42"
        )
        assert (memory, topics, importance, source) == ("Is learning to play the guitar.", "general", "medium", "passive")
        lifetime = as_datetime(expires) - datetime.now(UTC)
        assert timedelta(days=6, hours=23) < lifetime <= timedelta(days=7)

        await converse(services, "what should I practise tonight?")
        assert re.search(r'- \w+: "Is learning to play the guitar\." \(', system_prompt(fake_llm))


async def test_passive_notes_are_redacted_and_secrets_dropped(running, analyst: Analyst, database_url: str) -> None:
    analyst.notes = {"mail": "Can be reached at alice@example.com for raids.", "password": "Their password is hunter22."}
    async with running() as services:
        await services.monitor.analyse([said("mail me"), said("my password is hunter22")])
        notes = services.monitor_state.get_user_notes(42)
        assert "alice@example.com" not in notes and "hunter22" not in notes
        assert "alice@example.com" not in str(query(database_url, "SELECT Memory FROM UserMemory"))


async def test_an_opted_out_members_note_is_not_stored(running, analyst: Analyst, fake_llm: FakeLLM, database_url: str) -> None:
    analyst.notes = {"guitar": "Is learning to play the guitar."}
    async with running() as services:
        await services.members.erase(42, OptOut(), actor="member")
        outcome = await services.monitor.analyse([said("my guitar idiot amp broke")])
        assert outcome.verdicts[0].observation is None
        assert [a.kind for a in outcome.actions] == [ActionKind.WARN]
        assert services.monitor_state.get_user_notes(42) == ""
        assert query(database_url, "SELECT COUNT(*) FROM UserMemory") == [(0,)]


async def test_state_survives_a_restart_through_user_state(running, analyst: Analyst, database_url: str) -> None:
    analyst.notes = {"raid": "Leads the Tuesday raids."}
    async with running() as services:
        await services.monitor.analyse([said("raid tonight, you idiot", at=minutes(5)), said("crypto", author_id=7, name="Bob")])
        services.monitor_state.toggle_immune(7)
    assert query(database_url, "SELECT UserId, OffenseCount, Warned, Immune, OffTopicCount FROM UserState ORDER BY UserId") == [
        (7, 0, 0, 1, 1),
        (42, 1, 1, 0, 0),
    ]
    async with running() as services:
        alice, bob = services.monitor_state.get_user(42), services.monitor_state.get_user(7)
        assert (alice.offense_count, alice.warned, alice.last_offense_at) == (1, True, minutes(5))
        assert alice.toxicity_score == pytest.approx(0.92)
        assert alice.user_notes == "[2026-03-01 12:05] Leads the Tuesday raids."
        assert (bob.immune, bob.off_topic_count) == (True, 1)
        second = await services.monitor.analyse([said("idiot again", at=minutes(30))])
        assert second.verdicts[0].offenses == 2


async def test_a_malformed_report_is_logged_and_ignored(
    running, fake_llm: FakeLLM, database_url: str, caplog: pytest.LogCaptureFixture
) -> None:
    # No call at all is asked once more as structured output (the fourth answer), then remembered.
    answers = iter(['{"findings": [{"index": 0, "toxicity"', {"findings": "all fine"}, None, None])
    fake_llm.tools["report_analysis"] = lambda body: next(answers)
    async with running() as services:
        with caplog.at_level(logging.WARNING, logger="utils.monitor.service"):
            outcomes = [await services.monitor.analyse([said("you idiot")]) for _ in range(3)]
        assert all(o.failed and o.verdicts == [] for o in outcomes)
        assert caplog.text.count("Analysis of 1 messages in #general failed; batch dropped") == 3
        assert services.monitor_state.get_user(42).toxicity_score == 0
        fake_llm.tools["report_analysis"] = Analyst()
        recovered = await services.monitor.analyse([said("you idiot")])
        assert [a.kind for a in recovered.actions] == [ActionKind.WARN]
    rows = query(database_url, "SELECT Success, Error FROM LlmLog WHERE Kind = 'sentiment_analysis' ORDER BY Id")
    assert [r[0] for r in rows] == [0, 0, 0, 0, 1]
    assert "invalid report_analysis arguments" in rows[0][1] and "no report_analysis tool call" in rows[2][1]
    assert "no report_analysis arguments in the reply" in rows[3][1]


async def test_a_batch_with_findings_for_messages_that_do_not_exist_is_refused_whole(
    running, fake_llm: FakeLLM, caplog: pytest.LogCaptureFixture
) -> None:
    """Six findings, stray and repeated indexes for two messages: the model did not read them; nobody is warned."""
    fake_llm.tools["report_analysis"] = lambda body: {
        "findings": [
            {"index": 5, "toxicity": 0.99, "off_topic": False},
            {"index": -1, "toxicity": 0.99, "off_topic": False},
            {"index": "one", "toxicity": 0.99, "off_topic": False},
            {"index": 1, "toxicity": "very", "off_topic": False},
            {"index": 1, "toxicity": "0.95", "off_topic": "false", "categories": "insult, threat"},
            {"index": 1, "toxicity": 0.0, "off_topic": False},
        ]
    }
    async with running() as services:
        with caplog.at_level(logging.INFO, logger="utils.monitor.service"):
            outcome = await services.monitor.analyse([said("hello"), said("you idiot")])
            again = await services.monitor.analyse([said("hello"), said("you idiot")])
        assert outcome.actions == [] and again.actions == []
        assert outcome.refused == "findings for messages [-1], [5], which are not in the batch of 2"
        assert all(v.refused == outcome.refused and v.finding is None for v in outcome.verdicts)
        assert services.monitor_state.get_user(42).toxicity_score == 0 and services.monitor_state.get_user(42).offense_count == 0
        warnings = [r for r in caplog.records if r.levelno == logging.WARNING and "Refused the analysis" in r.message]
        assert len(warnings) == 1, "each kind of refusal is a WARNING once, then INFO"
        assert caplog.text.count("Refused the analysis of 2 messages in #general") == 2


async def test_a_failed_call_drops_the_batch_and_the_monitor_keeps_watching(
    running, analyst, fake_llm: FakeLLM, caplog: pytest.LogCaptureFixture
) -> None:
    fake_llm.fail(500)
    async with running() as services:
        with caplog.at_level(logging.WARNING):
            for text in ("you idiot", "still an idiot", "idiot"):
                services.monitor.observe(said(text))
            await services.tasks.drain(10)
        assert "batch dropped: HTTP 500" in caplog.text
        assert services.monitor_state.get_user(42).offense_count == 0
        for text in ("you idiot", "still an idiot", "idiot"):
            services.monitor.observe(said(text))
        await services.tasks.drain(10)
        assert services.monitor_state.get_user(42).offense_count == 3
    assert len(fake_llm.tool_requests("report_analysis")) == 2


async def test_one_call_per_batch_and_waiting_messages_go_at_shutdown(running, analyst, fake_llm: FakeLLM) -> None:
    async with running(sentiment_batch_size=4) as services:
        for i in range(6):
            services.monitor.observe(said(f"message {i}"))
        await services.tasks.drain(10)
        [first] = fake_llm.tool_requests("report_analysis")
        assert [text for _i, _n, text in batch_lines(first)] == [f"message {i}" for i in range(4)]
        assert services.monitor.flush_pending() == 1
        await services.tasks.drain(10)
    second = fake_llm.tool_requests("report_analysis")[1]
    assert [index for index, _n, _t in batch_lines(second)] == [0, 1]


async def test_the_request_numbers_the_messages_and_shows_what_is_noted(running, analyst, fake_llm: FakeLLM) -> None:
    async with running() as services:
        services.monitor_state.add_observation(42, "Plays support in every game.", now=minutes(0))
        await services.monitor.analyse([said("hi"), said("yo", author_id=7, name="Bob")])
        content = fake_llm.tool_requests("report_analysis")[0]["messages"][-1]["content"]
        assert '=== CHANNEL ===\nName: "#general"' in content
        assert '"Alice":\n> [2026-03-01 12:00] Plays support in every game.' in content
        assert '"Bob":' not in content
        assert '[0] "Alice" wrote:\n> hi\n[1] "Bob" wrote:\n> yo' in content


async def test_passive_notes_about_health_beliefs_others_or_roles_are_dropped(
    running, analyst: Analyst, database_url: str
) -> None:
    analyst.notes = {
        "diabetes": "Has type 2 diabetes.",
        "church": "Goes to church every Sunday.",
        "brother": "Their brother got fired.",
        "mod": "Is a moderator on this server.",
        "guitar": "Is learning to play the guitar.",
    }
    async with running() as services:
        lines = ["my diabetes again", "church tomorrow", "my brother lol", "I'm a mod here", "guitar time"]
        await services.monitor.analyse([said(line) for line in lines])
        notes = services.monitor_state.get_user_notes(42)
        stored = str(query(database_url, "SELECT Memory FROM UserMemory"))
        assert "guitar" in notes and "guitar" in stored
        for word in ("diabetes", "church", "brother", "moderator"):
            assert word not in notes and word not in stored


@pytest.mark.parametrize(
    ("messages", "secret"),
    [
        (["clave del wifi:", "casaMarta2023!"], "casaMarta2023"),
        (["my bank pin?", "4821"], "4821"),
        (["Gr33nTeaLatte", "^ that was my steam password lol"], "Gr33nTeaLatte"),
        (["5519", "war meine PIN, egal"], "5519"),
    ],
)
async def test_a_secret_split_over_a_members_messages_never_reaches_the_monitors_model(
    running, analyst, fake_llm: FakeLLM, database_url: str, messages: list[str], secret: str
) -> None:
    """Messages are read with their author's previous ones, as the chat reads them: what the next one shows was a
    secret leaves the batch before it is sent, and so the request and its log row."""
    async with running(sentiment_batch_size=len(messages) + 1) as services:
        for text in messages:
            services.monitor.observe(said(text))
        services.monitor.observe(said("gg everyone", author_id=7, name="Bob"))
        await services.tasks.drain(10)
        await services.llm_log.flush()
    [request] = fake_llm.tool_requests("report_analysis")
    assert secret not in str(request)
    assert secret not in str(query(database_url, "SELECT RequestExcerpt, ResponseExcerpt FROM LlmLog"))


async def test_a_secret_given_in_a_thread_or_fixed_by_an_edit_never_reaches_the_monitors_model(
    running, analyst, fake_llm: FakeLLM, database_url: str
) -> None:
    """A thread's message is read with its author's messages in the channel it was opened from, and an edit of a
    waiting message in its conversation: neither value reaches the batch, the request or its log row."""
    async with running(sentiment_batch_size=10) as services:
        services.monitor.observe(said("router password going in the thread"))
        services.monitor.observe(replace(said("Maple-Otter-418"), channel_id=501, parent_id=500))
        services.monitor.observe(said("netflix login for the family"))
        fixed = said("Wombat-Tea-72")
        services.monitor.observe(fixed)
        services.monitor.edited(500, fixed.message_id, "Wombat-Tea-27")
        services.monitor.observe(said("gg everyone", author_id=7, name="Bob"))
        assert services.monitor.flush_pending() == 2
        await services.tasks.drain(10)
        await services.llm_log.flush()
    requests = str(fake_llm.tool_requests("report_analysis"))
    logged = str(query(database_url, "SELECT RequestExcerpt, ResponseExcerpt FROM LlmLog"))
    for secret in ("Maple-Otter-418", "Wombat-Tea-72", "Wombat-Tea-27"):
        assert secret not in requests and secret not in logged, secret
    assert "gg everyone" in requests


async def test_a_secret_in_a_thread_name_never_reaches_the_monitors_model(
    running, analyst, fake_llm: FakeLLM, database_url: str
) -> None:
    """A thread's name is its opener's words: the request names the place by it, screened as a message is; a channel's
    name, the server's, is sent as it is."""
    async with running(sentiment_batch_size=10) as services:
        services.monitor.observe(
            replace(said("can someone check this"), channel_id=501, parent_id=500, channel_name="wifi pw: Maple-Otter-418")
        )
        services.monitor.observe(replace(said("gg everyone", author_id=7, name="Bob"), channel_name="room-4471"))
        assert services.monitor.flush_pending() == 2
        await services.tasks.drain(10)
        await services.llm_log.flush()
    requests = str(fake_llm.tool_requests("report_analysis"))
    assert "Maple-Otter-418" not in requests and "Maple-Otter-418" not in str(
        query(database_url, "SELECT RequestExcerpt FROM LlmLog")
    )
    assert "#room-4471" in requests and "wifi pw" in requests


async def test_an_erasure_takes_a_members_waiting_messages_out_of_the_batch(running, analyst, fake_llm: FakeLLM) -> None:
    async with running(sentiment_batch_size=5) as services:
        services.monitor.observe(said("i live above the bakery on rue cler"))
        services.monitor.observe(said("nice", author_id=7, name="Bob"))
        receipt = await services.members.erase(42, OptOut(), actor="member")
        assert receipt.removed["monitor batch"] == 1
        assert services.monitor.flush_pending() == 1
        await services.tasks.drain(10)
    [request] = fake_llm.tool_requests("report_analysis")
    assert "bakery" not in str(request) and "nice" in str(request)


async def _analysed_then_revealed(services: Services, value: str, reveal: str) -> None:
    """The member's value is analysed in a batch of its own (a note written, a case opened as the cog opens one), the
    state flushed, then their later message says it was a secret."""

    async def open_cases(outcome: BatchOutcome) -> None:
        for decision in one_decision_per_member(outcome.actions)[0]:
            await services.cases.open(decision, ACTED)

    services.monitor.set_handler(open_cases)
    services.monitor.observe(said(value))
    await services.tasks.drain(10)
    await services.flush_state()
    await services.llm_log.flush()
    services.monitor.observe(said(reveal))
    await services.tasks.drain(10)
    await services.flush_state()
    await services.llm_log.flush()


async def test_a_later_reveal_takes_the_value_out_of_the_monitors_notes_and_passive_memory(
    running, analyst: Analyst, database_url: str
) -> None:
    """A note the monitor wrote from a member's message, in `UserNotes` and as a passive memory, loses the value a later
    message of theirs says was a secret, as the screen would have dropped it had it known."""
    analyst.notes = {"4471": "Posted 4471 in the channel."}
    async with running(sentiment_batch_size=1) as services:
        services.monitor.observe(said("4471"))
        await services.tasks.drain(10)
        await services.flush_state()
        assert "4471" in services.monitor_state.get_user_notes(42)  # the note holds it before the reveal
        assert "4471" in str(query(database_url, "SELECT UserNotes FROM UserState WHERE UserId = 42"))
        assert "4471" in str(query(database_url, "SELECT Memory FROM UserMemory WHERE Source = 'passive'"))
        services.monitor.observe(said("^ that was my bank pin btw"))
        await services.tasks.drain(10)
        await services.flush_state()
        assert "4471" not in services.monitor_state.get_user_notes(42)
    assert "4471" not in str(query(database_url, "SELECT UserNotes FROM UserState"))
    assert "4471" not in str(query(database_url, "SELECT Memory, Topics FROM UserMemory"))


async def test_a_later_reveal_takes_the_value_out_of_a_case_excerpt_and_the_case_stays(
    running, analyst: Analyst, database_url: str
) -> None:
    """A moderation case opened on the message keeps its number, action, reason and the words around the value (the
    moderators' evidence); only the value goes, cut by a placeholder, not the excerpt, though the note learned from the
    message is forgotten through the member's door meanwhile."""
    analyst.notes = {"4471": "Posted 4471 in the channel."}
    async with running(sentiment_batch_size=1) as services:
        await _analysed_then_revealed(services, "4471 you idiot", "^ that was my bank pin btw")
    [(number, action, reason, excerpt)] = query(database_url, "SELECT CaseNumber, Action, Reason, Excerpt FROM ModerationCase")
    assert (number, action) == (1, "warn") and "insult" in reason
    assert "4471" not in excerpt and "you idiot" in excerpt


async def test_a_later_reveal_takes_the_value_out_of_an_older_case_that_repeats_it(
    running, analyst: Analyst, database_url: str
) -> None:
    """A value the member said days before, kept in an older case's excerpt, is the same secret: that excerpt loses it
    too, and the older case stays."""
    analyst.notes = {"4471": "Posted 4471 in the channel."}
    async with running(sentiment_batch_size=1) as services:
        await _analysed_then_revealed(services, "4471 you idiot", "4471 you idiot again")
        two_days_ago = datetime.now(UTC) - timedelta(days=2)
        assert execute(database_url, "UPDATE ModerationCase SET CreatedAt = ?", two_days_ago) == 2
        services.monitor.observe(said("4471 you idiot, last time"))
        await services.tasks.drain(10)
        services.monitor.observe(said("^ that was my bank pin btw"))
        await services.tasks.drain(10)
    excerpts = [row[0] for row in query(database_url, "SELECT Excerpt FROM ModerationCase ORDER BY CaseNumber")]
    assert len(excerpts) == 3 and all("you idiot" in excerpt and "4471" not in excerpt for excerpt in excerpts)


async def test_a_later_reveal_takes_the_value_out_of_the_monitors_log_rows(running, analyst: Analyst, database_url: str) -> None:
    """The analysis request already logged with the member's message is screened again with what the reveal showed."""
    async with running(sentiment_batch_size=1) as services:
        await _analysed_then_revealed(services, "Kettle-Moss-62 lol", "^ that was my steam password lol")
    logged = str(query(database_url, "SELECT RequestExcerpt, ResponseExcerpt, Error FROM LlmLog"))
    assert "Kettle-Moss-62" not in logged and "lol" in logged


async def test_a_later_harmless_remark_leaves_the_notes_and_the_case_as_they_were(
    running, analyst: Analyst, database_url: str
) -> None:
    """ "that was my score" says nothing was a secret: the case's excerpt and the note stay whole."""
    analyst.notes = {"4471": "Posted 4471 in the channel."}
    async with running(sentiment_batch_size=1) as services:
        await _analysed_then_revealed(services, "4471 you idiot", "^ that was my score lol")
        assert "Posted 4471 in the channel." in services.monitor_state.get_user_notes(42)
    assert query(database_url, "SELECT Excerpt FROM ModerationCase") == [("4471 you idiot",)]
    assert "Posted 4471 in the channel." in str(query(database_url, "SELECT UserNotes FROM UserState WHERE UserId = 42"))
