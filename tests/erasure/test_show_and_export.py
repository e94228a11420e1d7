"""What a member can see of their memory: `/memory show` and the export hold exactly their own data."""

from __future__ import annotations

import json

from memory_seed import ALICE, BOB, cmd, seed_memory

from utils.runtime import Services


async def test_show_lists_profile_and_live_memories_with_ids(services: Services) -> None:
    await services.memory.set_profile(ALICE, "Alice mains Zarya.")
    memory_id = await seed_memory(services, ALICE, "Is climbing to Diamond.", "overwatch", "rank")
    shown = await cmd(services, "show")
    assert "Alice mains Zarya." in shown
    assert f"#{memory_id} Is climbing to Diamond. — overwatch, rank · medium · from chat" in shown
    assert "expires in 7 days" in shown


async def test_export_holds_exactly_the_members_data(services: Services) -> None:
    mine = await seed_memory(services, ALICE, "Builds mechanical keyboards.", "keyboards")
    await seed_memory(services, BOB, "Bob collects stamps.", "stamps")
    await services.memory.set_profile(ALICE, "Alice is a keyboard nerd.")
    data = json.loads(await cmd(services, "export"))
    assert data["member_id"] == str(ALICE) and data["profile"] == "Alice is a keyboard nerd."
    assert [m["id"] for m in data["memories"]] == [mine] and data["memories"][0]["status"] == "live"
    assert "stamps" not in json.dumps(data)
    assert data["memory_settings"] == {"opted_out": False, "paused_until": None}
    assert [a["action"] for a in data["audit"]] == ["saved", "exported"]


async def test_export_of_a_member_with_nothing_stored(services: Services) -> None:
    data = json.loads(await cmd(services, "export", user_id=555))
    assert data["memories"] == [] and data["profile"] == "" and data["behaviour"] is None
