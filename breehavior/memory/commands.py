"""`/memory …` typed as text (the terminal chat): the same actions as the Discord commands.

There are no buttons in a terminal, so `forget all` acts at once; everything else
answers exactly like the slash commands do.
"""

from __future__ import annotations

from breehavior.memory.control import MemoryControl
from breehavior.memory.member_view import export_json, overview_text
from breehavior.storage.database import DatabaseError
from breehavior.storage.records import MemoryScope
from breehavior.wording import plural

USAGE = (
    "usage: /memory show | forget <id> | forget all | forget recent <minutes> | export | optout | optin | "
    "pause [minutes] | resume"
)
STORAGE_DOWN = "Memory storage is unavailable right now; nothing was changed. Try again in a moment."
DEFAULT_PAUSE_MINUTES = 60
RECENT_NEEDS_GLOBAL = "In per-server memory, erase by id or 'all' for this server."


async def run_memory_command(
    control: MemoryControl, user_id: int, arguments: str, *, actor: str = "member", scope: MemoryScope = MemoryScope.GLOBAL
) -> str:
    """Carry out one `/memory` command on ``user_id``'s memory and return what to say.

    ``actor`` is "member" when people act on their own memory, "admin:<id>" otherwise;
    it goes to the audit trail. An admin's ``scope`` is their server's (with
    MEMORY_SCOPE=guild), so they cannot reach what a member said elsewhere.
    """
    words = arguments.split()
    try:
        return await _dispatch(control, user_id, words, actor, scope)
    except DatabaseError:
        return STORAGE_DOWN


async def _dispatch(control: MemoryControl, user_id: int, words: list[str], actor: str, scope: MemoryScope) -> str:
    match words:
        case ["show"]:
            return overview_text(await control.overview(user_id))
        case ["forget", "all"]:
            removed = await control.forget_all(user_id, actor=actor, scope=scope)
            if scope.restricted:
                return f"Forgot everything learned in this server: {plural(removed, 'memory', 'memories')}."
            return f"Forgot everything: {plural(removed, 'memory', 'memories')} and the profile."
        case ["forget", "recent", _minutes] if scope.restricted:
            return RECENT_NEEDS_GLOBAL
        case ["forget", "recent", minutes] if minutes.isdigit():
            taken = await control.forget_recent(user_id, int(minutes), actor=actor)
            restored = " The profile is back to how it was." if taken.profile_restored else ""
            forgot = plural(taken.memories_removed, "memory", "memories")
            return f"Forgot {forgot} from the last {plural(int(minutes), 'minute')}.{restored}"
        case ["forget", memory_id] if memory_id.lstrip("#").isdigit():
            if await control.forget_one(user_id, int(memory_id.lstrip("#")), actor=actor, scope=scope):
                return f"Forgot memory #{memory_id.lstrip('#')}."
            return f"There is no memory #{memory_id.lstrip('#')} to forget here; /memory show lists them."
        case ["export"]:
            return export_json(await control.export(user_id, actor=actor))
        case ["optout"]:
            changed, removed = await control.opt_out(user_id)
            if not changed:
                return "You are already opted out; nothing is remembered about you."
            deleted = plural(removed, "memory", "memories")
            return f"Opted out: deleted {deleted} and your profile, and I won't remember anything new."
        case ["optin"]:
            if await control.opt_in(user_id):
                return "Welcome back: I'll remember things you tell me again."
            return "You are not opted out; memory is already on."
        case ["pause", *rest] if not rest or (len(rest) == 1 and rest[0].isdigit()):
            until = await control.pause(user_id, int(rest[0]) if rest else DEFAULT_PAUSE_MINUTES)
            return f"Paused: I won't learn anything new until {until:%Y-%m-%d %H:%M} UTC."
        case ["resume"]:
            if await control.resume(user_id):
                return "Resumed: I'll remember new things again."
            return "Memory was not paused."
    return USAGE
