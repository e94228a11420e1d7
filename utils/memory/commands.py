"""`/memory …` as typed actions: the slash commands build them directly, the terminal parses its text into them.

One parser (:func:`parse_memory_command`, the terminal's) and one runner
(:func:`run_memory_action`), so a command answers the same everywhere. There are no
buttons in a terminal, so `forget all` acts at once there; the cog asks first.
"""

from __future__ import annotations

from dataclasses import dataclass

from utils.memory.control import MemoryControl
from utils.memory.erasure import ForgetAll, ForgetIds, ForgetRecent, OptOut
from utils.memory.member_view import export_json, overview_text
from utils.storage.engine import DatabaseError
from utils.storage.records import MemoryScope
from utils.wording import plural

USAGE = (
    "usage: /memory show | forget <id> | forget all | forget recent <minutes> | export | optout | optin | "
    "pause [minutes] | resume"
)
STORAGE_DOWN = "Memory storage is unavailable right now; nothing was changed. Try again in a moment."
DEFAULT_PAUSE_MINUTES = 60
RECENT_NEEDS_GLOBAL = "In per-server memory, erase by id or 'all' for this server."
ID_DIGITS_MAX = 18
"""Memory ids are BIGINT: a longer number cannot be one (and would overflow the database's integer)."""


@dataclass(frozen=True)
class Show:
    pass


@dataclass(frozen=True)
class Export:
    pass


@dataclass(frozen=True)
class OptIn:
    pass


@dataclass(frozen=True)
class Pause:
    minutes: int = DEFAULT_PAUSE_MINUTES


@dataclass(frozen=True)
class Resume:
    pass


MemoryAction = Show | ForgetIds | ForgetAll | ForgetRecent | Export | OptOut | OptIn | Pause | Resume


def _number(word: str) -> int | None:
    word = word.lstrip("#")
    return int(word) if word.isascii() and word.isdigit() and len(word) <= ID_DIGITS_MAX else None


def parse_memory_command(arguments: str) -> MemoryAction | None:
    """The action a typed `/memory …` names, or None when it names none (the caller shows :data:`USAGE`)."""
    match arguments.casefold().split():
        case ["show"]:
            return Show()
        case ["forget", "all"]:
            return ForgetAll()
        case ["forget", "recent", minutes] if _number(minutes) is not None and not minutes.startswith("#"):
            return ForgetRecent(_number(minutes) or 0)
        case ["forget", memory_id] if _number(memory_id) is not None:
            return ForgetIds((_number(memory_id) or 0,))
        case ["export"]:
            return Export()
        case ["optout"]:
            return OptOut()
        case ["optin"]:
            return OptIn()
        case ["pause"]:
            return Pause()
        case ["pause", minutes] if _number(minutes) is not None and not minutes.startswith("#"):
            return Pause(_number(minutes) or 0)
        case ["resume"]:
            return Resume()
    return None


async def run_memory_command(
    control: MemoryControl, user_id: int, arguments: str, *, actor: str = "member", scope: MemoryScope = MemoryScope.GLOBAL
) -> str:
    """Parse a typed `/memory` command and carry it out (the terminal chat)."""
    action = parse_memory_command(arguments)
    if action is None:
        return USAGE
    return await run_memory_action(control, user_id, action, actor=actor, scope=scope)


async def run_memory_action(
    control: MemoryControl,
    user_id: int,
    action: MemoryAction,
    *,
    actor: str = "member",
    scope: MemoryScope = MemoryScope.GLOBAL,
) -> str:
    """Carry out one action on ``user_id``'s memory and return what to say.

    ``actor`` is "member" when people act on their own memory, "admin:<id>" otherwise;
    it goes to the audit trail. An admin's ``scope`` is their server's, so they
    cannot reach what a member said elsewhere or in direct messages.
    """
    try:
        return await _dispatch(control, user_id, action, actor, scope)
    except DatabaseError:
        return STORAGE_DOWN


async def _dispatch(control: MemoryControl, user_id: int, action: MemoryAction, actor: str, scope: MemoryScope) -> str:
    match action:
        case Show():
            return overview_text(await control.overview(user_id, scope=scope))
        case ForgetAll():
            removed = await control.forget_all(user_id, actor=actor, scope=scope)
            if scope.restricted:
                return f"Forgot everything learned in this server: {plural(removed, 'memory', 'memories')}."
            return f"Forgot everything: {plural(removed, 'memory', 'memories')} and the profile."
        case ForgetRecent() if scope.restricted:
            return RECENT_NEEDS_GLOBAL
        case ForgetRecent(minutes=minutes):
            taken = await control.forget_recent(user_id, minutes, actor=actor)
            restored = " The profile is back to how it was." if taken.profile_restored else ""
            forgot = plural(taken.memories_removed, "memory", "memories")
            return f"Forgot {forgot} from the last {plural(minutes, 'minute')}.{restored}"
        case ForgetIds(ids=ids):
            if all([await control.forget_one(user_id, memory_id, actor=actor, scope=scope) for memory_id in ids]):
                return "Forgot " + ", ".join(f"memory #{i}" for i in ids) + "."
            return f"There is no memory #{ids[0]} to forget here; /memory show lists them."
        case Export():
            return export_json(await control.export(user_id, actor=actor))
        case OptOut():
            changed, removed = await control.opt_out(user_id)
            if not changed:
                return "You are already opted out; nothing is remembered about you."
            deleted = plural(removed, "memory", "memories")
            return f"Opted out: deleted {deleted} and your profile, and I won't remember anything new."
        case OptIn():
            if await control.opt_in(user_id):
                return "Welcome back: I'll remember things you tell me again."
            return "You are not opted out; memory is already on."
        case Pause(minutes=minutes):
            until = await control.pause(user_id, minutes)
            return f"Paused: I won't learn anything new until {until:%Y-%m-%d %H:%M} UTC."
        case Resume():
            if await control.resume(user_id):
                return "Resumed: I'll remember new things again."
            return "Memory was not paused."
    return USAGE
