"""A server's mode, as moderators see it: propose (Confirm/Dismiss in the mod log, acted on once, after a restart and
from another process too), observe (logged only), act (today's behaviour) — the real `BCSBot` in simcord."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path

import discord
import pytest
import pytest_asyncio
import simcord
from fake_llm import FakeLLM, FakeLLMServer
from member_process import MemberProcess
from monitor_fakes import Analyst
from shared_database import query

from bot import BCSBot
from utils.storage import cases as cases_sql

WAIT = 30.0


@dataclass
class Server:
    env: simcord.Env
    bot: BCSBot
    guild: simcord.GuildHandle
    general: simcord.ChannelHandle
    modlog: simcord.ChannelHandle
    alice: simcord.MemberActor
    mod: simcord.MemberActor

    async def say(self, text: str) -> None:
        await self.alice.send(self.general, text)
        await self.env.advance_time(WAIT + 1)

    async def mode(self, mode: str) -> None:
        for name, value in (("mode", mode), ("mod_log_channel", f"<#{self.modlog.id}>")):
            await self.mod.slash(self.general, "mod settings set", name=name, value=value)

    def replies(self) -> list[str]:
        return [m.content for m in self.general.history() if m.author.id == self.bot.user.id]

    def timeouts(self) -> int:
        return len([r for r in self.env.http_requests if r.method == "PATCH" and r.path.endswith(f"/members/{self.alice.id}")])

    def proposal(self) -> discord.Message:
        return self.modlog.last_message


def buttons(message: discord.Message) -> list[tuple[str, str]]:
    return [(c.label, c.custom_id) for row in message.components for c in row.children]


def result_of(message: discord.Message) -> str:
    return {f.name: f.value for f in message.embeds[0].fields}["Result"]


@pytest.fixture
def bot_settings() -> dict[str, object]:
    return {"sentiment_batch_size": 5, "sentiment_batch_seconds": WAIT, "timeout_after_offenses": 2}


def populate(env: simcord.Env, bot: BCSBot) -> Server:
    guild = env.create_guild()
    general = guild.create_text_channel("general")
    modlog = guild.create_text_channel("mod-log")
    mods = guild.create_role("Mods", permissions=discord.Permissions(manage_guild=True))
    bot.settings.sentiment_channel_ids = [general.id]
    alice = guild.add_member(env.create_user("alice"))
    return Server(env, bot, guild, general, modlog, alice, guild.add_member(env.create_user("mod"), roles=[mods]))


@pytest_asyncio.fixture
async def server(simcord_env: simcord.Env, simcord_bot: BCSBot, fake_llm: FakeLLM) -> Server:
    await simcord_bot.tree.sync()
    fake_llm.tools["report_analysis"] = Analyst()
    return populate(simcord_env, simcord_bot)


async def test_a_proposal_waits_for_a_moderator_and_a_confirm_acts_once(server: Server, database_url) -> None:
    await server.mode("propose")
    await server.say("you idiot")
    await server.say("what a loser")
    assert server.replies() == [] and server.timeouts() == 0, "nothing happens before a moderator says so"
    first, second = [m for m in server.modlog.history()]
    assert [first.embeds[0].title, second.embeds[0].title] == ["Proposed: Warning", "Proposed: Timeout"]
    [(case_id, state)] = query(database_url, "SELECT Id, State FROM ModerationCase WHERE CaseNumber = 2")
    assert state == "proposed"
    assert buttons(second) == [("Confirm", f"bcs:case:confirm:{case_id}"), ("Dismiss", f"bcs:case:dismiss:{case_id}")]
    assert result_of(second).startswith("waiting for a moderator until <t:")

    refused = await server.alice.click(second, label="Confirm")
    assert refused.ephemeral and "Manage Server" in refused.response.content and server.timeouts() == 0

    await server.mod.click(second, label="Confirm")
    confirmed = server.modlog.history()[-1]
    assert confirmed.embeds[0].title == "Confirmed: Timeout" and buttons(confirmed) == []
    assert result_of(confirmed) == f"confirmed by <@{server.mod.id}>: posted in the channel; timed out for 10 minutes"
    assert server.replies() == ["alice, please keep it friendly: that message crossed the line."] and server.timeouts() == 1
    assert query(database_url, "SELECT State, DecidedBy FROM ModerationCase WHERE Id = ?", case_id) == [
        ("confirmed", f"mod:{server.mod.id}")
    ]
    again = await server.bot.services.cases.decide(case_id, confirm=True, moderator_id=server.mod.id)
    assert not again.changed and server.timeouts() == 1

    await server.mod.click(first, label="Dismiss")
    dismissed = server.modlog.history()[0]
    assert dismissed.embeds[0].title == "Dismissed: Warning" and buttons(dismissed) == []
    assert len(server.replies()) == 1
    assert query(database_url, "SELECT CaseNumber, State FROM ModerationCase ORDER BY CaseNumber") == [
        (1, "dismissed"),
        (2, "confirmed"),
    ]


async def test_two_clicks_at_once_act_once(server: Server, database_url) -> None:
    await server.mode("propose")
    await server.say("you idiot")
    [(case_id,)] = query(database_url, "SELECT Id FROM ModerationCase")
    decide = server.bot.services.cases.decide
    changes = await asyncio.gather(*(decide(case_id, confirm=i % 2 == 0, moderator_id=server.mod.id) for i in range(6)))
    assert sum(change.changed for change in changes) == 1


async def test_an_unanswered_proposal_expires_and_a_late_click_does_nothing(server: Server, database_url) -> None:
    await server.mode("propose")
    await server.say("you idiot")
    expired = await server.bot.services.db.run(cases_sql.expire_proposals, datetime.now(UTC) + timedelta(hours=2))
    assert expired == 1
    late = await server.mod.click(server.proposal(), label="Confirm")
    assert late.ephemeral and late.response.content.startswith("Case #1 was already answered:")
    assert "proposal expired, nothing done" in late.response.content
    assert server.replies() == [] and query(database_url, "SELECT State FROM ModerationCase") == [("expired",)]


async def test_observe_mode_logs_and_does_nothing(server: Server, database_url) -> None:
    await server.mode("observe")
    await server.say("you idiot")
    await server.say("crypto? crypto! crypto.")
    assert server.replies() == [] and server.timeouts() == 0
    titles = [m.embeds[0].title for m in server.modlog.history()]
    assert titles == ["Observed: Warning"] and buttons(server.proposal()) == []
    assert result_of(server.proposal()) == "nothing done: this server's monitor only observes (mode observe)"
    assert query(database_url, "SELECT State FROM ModerationCase") == [("observed",)]


async def test_a_proposals_buttons_work_after_a_restart(
    simcord_env: simcord.Env, simcord_bot: BCSBot, fake_llm: FakeLLM, make_settings, bot_settings, database_url
) -> None:
    await simcord_bot.tree.sync()
    fake_llm.tools["report_analysis"] = Analyst()
    server = populate(simcord_env, simcord_bot)
    await server.mode("propose")
    await server.say("you idiot")
    proposal = server.proposal()
    await simcord_bot.close()
    restarted = BCSBot(make_settings(**bot_settings))
    await simcord_env.restart_bot(restarted)
    try:
        restarted.settings.sentiment_channel_ids = [server.general.id]
        server.bot = restarted
        await server.mod.click(proposal, label="Confirm")
        assert server.modlog.history()[-1].embeds[0].title == "Confirmed: Warning"
        assert server.replies() == ["alice, please keep it friendly: that message crossed the line."]
        assert query(database_url, "SELECT State FROM ModerationCase") == [("confirmed",)]
    finally:
        await restarted.close()


@pytest.fixture
def second_process(tmp_path: Path, database_url: str, llm_server: FakeLLMServer, server: Server) -> Iterator[MemberProcess]:
    process = MemberProcess("second", database_url, llm_server.base_url, tmp_path, housekeeping=False)
    process.wait_ready()
    yield process
    process.close()


@pytest.mark.slow
async def test_a_click_taken_by_another_process_first_is_not_acted_on_again(
    server: Server, second_process: MemberProcess, database_url
) -> None:
    await server.mode("propose")
    await server.say("you idiot")
    [(case_id,)] = query(database_url, "SELECT Id FROM ModerationCase")
    there = second_process.ask("decide", case=case_id, confirm=True, moderator=server.mod.id)
    assert there == {"changed": True, "state": "confirmed"}
    here = await server.mod.click(server.proposal(), label="Dismiss")
    assert here.ephemeral and here.response.content.startswith("Case #1 was already answered:")
    assert server.replies() == [] and query(database_url, "SELECT State FROM ModerationCase") == [("confirmed",)]
    assert second_process.ask("decide", case=case_id, confirm=False, moderator=server.mod.id)["changed"] is False
