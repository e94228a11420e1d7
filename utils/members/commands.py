"""`/memory …`: the typed actions, the one parser of typed text, the help table, and the one runner.

The slash commands build the actions directly; the terminal parses its text into
them with :func:`parse_memory_command`. :data:`MEMORY_COMMANDS` is the one list of
what `/memory` can do: the cog's descriptions, the terminal's command list and
:data:`USAGE` are generated from it. :func:`run_memory_action` carries an action out
on the member's door (`MemberService`: `erase`, `overview`, `pause`, …) and says what
happened — for every forget, the receipt of what went — so a command answers the same
everywhere. There are no buttons in a terminal, so `forget all` acts at once there; the
cog asks first.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from utils.members.erasure import ForgetAll, ForgetFacts, ForgetIds, ForgetRecent, OptOut
from utils.members.service import MemberService
from utils.members.view import export_json, history_text, overview_text
from utils.storage.engine import DatabaseError
from utils.storage.records import MemoryScope
from utils.wording import plural

STORAGE_DOWN = "Memory storage is unavailable right now; nothing was changed. Try again in a moment."
DEFAULT_PAUSE_MINUTES = 60
RECENT_NEEDS_GLOBAL = "In per-server memory, erase by id or 'all' for this server."
ID_DIGITS_MAX = 18
"""Memory ids are BIGINT: a longer number cannot be one (and would overflow the database's integer)."""


@dataclass(frozen=True)
class Show:
    pass


@dataclass(frozen=True)
class History:
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


MemoryAction = Show | History | ForgetIds | ForgetFacts | ForgetAll | ForgetRecent | Export | OptOut | OptIn | Pause | Resume


@dataclass(frozen=True)
class CommandHelp:
    """One form of `/memory`: as typed after `/memory`, and what it does (said to the member)."""

    form: str
    does: str

    @property
    def name(self) -> str:
        """The subcommand: the form's first word (the slash command's name)."""
        return self.form.split()[0]


MEMORY_COMMANDS = (
    CommandHelp("show", "Everything I remember about you"),
    CommandHelp("history", "Your facts that changed: what each replaced, and when"),
    CommandHelp("forget <id>", "Forget one memory (its #id from /memory show)"),
    CommandHelp("forget fact <n>", "Forget one fact of your profile (its number from /memory show)"),
    CommandHelp("forget all", "Forget everything: every memory and the profile"),
    CommandHelp("forget recent <minutes>", "Forget what I learned in the last N minutes"),
    CommandHelp("export", "Download everything stored about you as JSON"),
    CommandHelp("optout", "Delete everything and never remember anything about you"),
    CommandHelp("optin", "Let me remember things about you again"),
    CommandHelp("pause [minutes]", "Learn nothing new about you for a while (I still use what I know)"),
    CommandHelp("resume", "End a pause"),
)
USAGE = "usage: /memory " + " | ".join(c.form for c in MEMORY_COMMANDS)


def description(name: str) -> str:
    """What the slash command ``name`` does, from its one row of the help table (`forget` has three: its own)."""
    (row,) = (c for c in MEMORY_COMMANDS if c.name == name)
    return row.does


def help_rows() -> list[tuple[str, str]]:
    """The help table as (`/memory <form>`, what it does) rows: the terminal's command list and `/help`."""
    return [(f"/memory {c.form}", c.does) for c in MEMORY_COMMANDS]


def memory_id(word: str) -> int | None:
    """A memory id as members type it (`12`, `#12`): ASCII digits only, at most a BIGINT's length; else None."""
    word = word.lstrip("#")
    return int(word) if word.isascii() and word.isdigit() and len(word) <= ID_DIGITS_MAX else None


def forget_target(word: str) -> ForgetIds | ForgetFacts | None:
    """One thing to forget as members name it: a memory (`12`, `#12`) or a profile fact (`P2`); else None."""
    word = word.strip().casefold()
    if word[:1] == "p" and _count(word[1:]) is not None:
        return ForgetFacts(numbers=(_count(word[1:]) or 0,))
    number = memory_id(word)
    return None if number is None else ForgetIds((number,))


def _count(word: str) -> int | None:
    """A count of minutes: like an id, but never written with `#`."""
    return None if word.startswith("#") else memory_id(word)


RECENT_NEEDS_MINUTES = "Say how far back: `/memory forget recent minutes:30`."
FORGET_HINT = "Give a memory id (like 12) or a profile fact (like P1) from /memory show, 'all', or 'recent'."


def admin_scope(guild_id: int | None) -> MemoryScope:
    """What a manager's `/memory-admin` reaches: what was learned in their own server only.

    Never other servers' or direct messages', whatever MEMORY_SCOPE says; the bot owner,
    in direct messages (``guild_id`` None), reaches everything.
    """
    return MemoryScope.GLOBAL if guild_id is None else MemoryScope(True, guild_id)


def slash_forget(what: str, minutes: int | None) -> ForgetAll | ForgetRecent | ForgetIds | ForgetFacts | str:
    """The slash command `forget`'s two options as an action, or (a str) the hint to answer with instead.

    ``what`` is `all`, `recent` (which needs ``minutes``), a memory id or a profile fact (`P1`);
    the cog confirms a `ForgetAll` before it runs it.
    """
    what = what.strip().casefold()
    if what == "all":
        return ForgetAll()
    if what == "recent":
        return RECENT_NEEDS_MINUTES if minutes is None else ForgetRecent(minutes)
    action = forget_target(what)
    return FORGET_HINT if action is None else action


def parse_memory_command(arguments: str) -> MemoryAction | None:
    """The action a typed `/memory …` names, or None when it names none (the caller shows :data:`USAGE`)."""
    match arguments.casefold().split():
        case ["show"]:
            return Show()
        case ["history"]:
            return History()
        case ["forget", "all"]:
            return ForgetAll()
        case ["forget", "recent", minutes] if _count(minutes) is not None:
            return ForgetRecent(_count(minutes) or 0)
        case ["forget", "fact", number] if _count(number) is not None:
            return ForgetFacts(numbers=(_count(number) or 0,))
        case ["forget", word] if forget_target(word) is not None:
            return forget_target(word)
        case ["export"]:
            return Export()
        case ["optout"]:
            return OptOut()
        case ["optin"]:
            return OptIn()
        case ["pause"]:
            return Pause()
        case ["pause", minutes] if _count(minutes) is not None:
            return Pause(_count(minutes) or 0)
        case ["resume"]:
            return Resume()
    return None


class MemberDesk(Protocol):
    """What `/memory` reaches: the member's door. `utils.runtime.Services` is one."""

    @property
    def members(self) -> MemberService: ...


def member_actor(user_id: int, acting_user_id: int) -> str:
    """ "member" when people act on their own memory, "admin:<id>" when someone else does."""
    return "member" if user_id == acting_user_id else f"admin:{acting_user_id}"


async def run_memory_command(
    desk: MemberDesk, user_id: int, arguments: str, *, actor: str = "member", scope: MemoryScope = MemoryScope.GLOBAL
) -> str:
    """Parse a typed `/memory` command and carry it out (the terminal chat)."""
    action = parse_memory_command(arguments)
    if action is None:
        return USAGE
    return await run_memory_action(desk, user_id, action, actor=actor, scope=scope)


async def run_memory_action(
    desk: MemberDesk,
    user_id: int,
    action: MemoryAction,
    *,
    actor: str = "member",
    scope: MemoryScope = MemoryScope.GLOBAL,
) -> str:
    """Carry out one action on ``user_id``'s memory and return what to say.

    ``actor`` is "member" when people act on their own memory, "admin:<id>" otherwise;
    it goes to the audit trail. An admin's ``scope`` is their server's, so they
    cannot reach what a member said elsewhere or in direct messages. Every forget is
    one `MemberService.erase`, which reaches every copy of what it takes back and answers with a receipt.
    """
    members = desk.members
    try:
        match action:
            case Show():
                return overview_text(await members.overview(user_id, scope=scope))
            case History():
                return history_text(await members.history(user_id, scope=scope))
            case ForgetAll():
                receipt = await members.erase(user_id, action, actor=actor, scope=scope)
                removed = plural(receipt.memories_removed, "memory", "memories")
                if scope.restricted:
                    return f"Forgot everything learned in this server: {removed}. {receipt.said()}"
                return f"Forgot everything: {removed} and the profile. {receipt.said()}"
            case ForgetRecent() if scope.restricted:
                return RECENT_NEEDS_GLOBAL
            case ForgetRecent(minutes=minutes):
                receipt = await members.erase(user_id, action, actor=actor)
                restored = " The profile is back to how it was." if receipt.profile_restored else ""
                forgot = plural(receipt.memories_removed, "memory", "memories")
                return f"Forgot {forgot} from the last {plural(minutes, 'minute')}.{restored} {receipt.said()}"
            case ForgetIds(ids=ids):
                receipt = await members.erase(user_id, action, actor=actor, scope=scope)
                if receipt.found:
                    return "Forgot " + ", ".join(f"memory #{i}" for i in ids) + f". {receipt.said()}"
                return f"There is no memory #{ids[0]} to forget here; /memory show lists them."
            case ForgetFacts(numbers=numbers):
                receipt = await members.erase(user_id, action, actor=actor, scope=scope)
                if receipt.found:
                    return "Forgot " + ", ".join(f"profile fact {n}" for n in numbers) + f". {receipt.said()}"
                return f"There is no profile fact {numbers[0] if numbers else ''} to forget here; /memory show lists them."
            case Export():
                return export_json(await members.export(user_id, actor=actor))
            case OptOut():
                receipt = await members.erase(user_id, action, actor="member")
                if not receipt.changed:
                    return "You are already opted out; nothing is remembered about you."
                deleted = plural(receipt.memories_removed, "memory", "memories")
                return f"Opted out: deleted {deleted} and your profile, and I won't remember anything new. {receipt.said()}"
            case OptIn():
                if await members.opt_in(user_id):
                    return "Welcome back: I'll remember things you tell me again."
                return "You are not opted out; memory is already on."
            case Pause(minutes=minutes):
                until = await members.pause(user_id, minutes)
                return f"Paused: I won't learn anything new until {until:%Y-%m-%d %H:%M} UTC."
            case Resume():
                if await members.resume(user_id):
                    return "Resumed: I'll remember new things again."
                return "Memory was not paused."
    except DatabaseError:
        return STORAGE_DOWN
    return USAGE
