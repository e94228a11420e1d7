"""The member's profile: in the next prompt, folded from permanent facts, kept across restarts, apart from monitor notes."""

from __future__ import annotations

from chat_turn import converse
from extractor_answers import memory, remembers
from fake_llm import FakeLLM
from llm_requests import system_prompt
from memory_seed import ALICE
from settings_factory import SettingsFactory

from utils.runtime import Services


async def test_profile_update_is_in_the_next_prompt(services: Services, fake_llm: FakeLLM) -> None:
    fake_llm.tools["extract_memories"] = remembers(profile="Alice is a nurse from Lyon who mains Mercy in Overwatch.")
    await converse(services, "I'm a nurse from Lyon and I main Mercy")
    await converse(services, "what should I play tonight?")
    assert "Alice is a nurse from Lyon who mains Mercy in Overwatch." in system_prompt(fake_llm)


async def test_permanent_fact_without_profile_update_is_folded_into_the_profile(services: Services, fake_llm: FakeLLM) -> None:
    fake_llm.tools["extract_memories"] = remembers(memory("Works as a firefighter.", "work", expiration="permanent"))
    await converse(services, "long shift at the fire station today, I work as a firefighter")
    assert "Works as a firefighter." in services.monitor_state.get_user_notes(ALICE)


async def test_profile_survives_a_restart(make_settings: SettingsFactory, fake_llm: FakeLLM) -> None:
    fake_llm.tools["extract_memories"] = remembers(profile="Alice streams speedruns of Celeste.")
    first = Services(make_settings())
    await first.start()
    await converse(first, "I stream Celeste speedruns every night")
    await first.close()
    second = Services(make_settings())
    await second.start()
    try:
        assert second.monitor_state.get_user_notes(ALICE) == "Alice streams speedruns of Celeste."
    finally:
        await second.close()


async def test_monitor_observation_lines_are_not_the_profile(services: Services, fake_llm: FakeLLM) -> None:
    await services.memory.set_profile(ALICE, "Alice mains Mercy.")
    services.monitor_state.add_observation(ALICE, "Was heated about ranked tonight.")
    fake_llm.tools["extract_memories"] = remembers(profile="Alice mains Mercy and Kiriko.")
    await converse(services, "I picked up Kiriko as a second main")
    await converse(services, "hey")
    prompt = system_prompt(fake_llm)
    assert 'Profile: "Alice mains Mercy and Kiriko."' in prompt and "heated" not in prompt
    assert "Was heated about ranked tonight." in services.monitor_state.get_user_notes(ALICE)
