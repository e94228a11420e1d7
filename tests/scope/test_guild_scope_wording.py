"""MEMORY_SCOPE=guild says exactly what it does: expiring memories stay in their server, the profile is shared.

The wording lives in four places an operator reads (the setting's description, `.env.example`,
the README's settings table, docs/how-it-works.md); each must say both halves, and the pipeline
must do what they say.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from chat_turn import converse
from extractor_answers import memory, remembers
from fake_llm import FakeLLM
from llm_requests import system_prompt
from settings_factory import SettingsFactory

from utils.config import Settings
from utils.runtime import Services

ROOT = Path(__file__).resolve().parents[2]


def _env_example_comment() -> str:
    lines = (ROOT / ".env.example").read_text(encoding="utf-8").splitlines()
    return lines[lines.index("MEMORY_SCOPE=global") - 1]


def _readme_row() -> str:
    [row] = [
        line for line in (ROOT / "README.md").read_text(encoding="utf-8").splitlines() if line.startswith("| `MEMORY_SCOPE`")
    ]
    return row


def _how_it_works_scope() -> str:
    text = (ROOT / "docs" / "how-it-works.md").read_text(encoding="utf-8")
    found = re.search(r"\*\*Scope\*\*:(.*?)\n\n", text, re.S)
    assert found, "docs/how-it-works.md has its Scope paragraph"
    return " ".join(found.group(1).split())


PLACES = {
    "utils/config.py": lambda: str(Settings.model_fields["memory_scope"].description),
    ".env.example": _env_example_comment,
    "README settings table": _readme_row,
    "docs/how-it-works.md": _how_it_works_scope,
}


@pytest.mark.parametrize("place", PLACES)
def test_each_place_says_expiring_memories_stay_and_the_profile_is_shared(place: str) -> None:
    text = PLACES[place]().casefold()
    assert "expiring memories" in text and ("stay in the server" in text or "surface only there" in text), text
    assert "profile is one per member" in text, f"{place} says the profile is not scoped: {text}"
    assert "every server and dm" in text, f"{place} says where the profile shows: {text}"


def test_the_description_env_example_and_readme_agree() -> None:
    description = str(Settings.model_fields["memory_scope"].description)
    assert _env_example_comment() == f"# {description}"
    assert _readme_row() == f"| `MEMORY_SCOPE` | `global` | {description} |"


async def test_in_guild_scope_a_profile_learned_in_a_dm_shows_in_a_server_and_its_memory_does_not(
    make_settings: SettingsFactory, fake_llm: FakeLLM
) -> None:
    """What the wording promises, through the real pipeline: if this changes, the wording must change with it."""
    services = Services(make_settings(memory_scope="guild"))
    await services.start()
    try:
        fake_llm.tools["extract_memories"] = remembers(
            memory("Is nervous about a job interview on Monday.", "interview", expiration="7d"),
            profile="Works night shifts as a nurse.",
        )
        await converse(
            services, "I work night shifts as a nurse, and I have an interview on Monday", guild_id=None, channel_id=300
        )
        fake_llm.tools["extract_memories"] = remembers()
        await converse(services, "any tips for the interview on Monday?", guild_id=2, channel_id=200)
        prompt = system_prompt(fake_llm)
    finally:
        await services.close()
    assert "night shifts as a nurse" in prompt, "the profile is shared everywhere, as the wording says"
    assert "job interview" not in prompt, "the expiring memory stays in the DM, as the wording says"
