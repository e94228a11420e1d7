"""A member's say over what the bot keeps of them: forget (with a receipt), opt out, pause, see, export.

Other packages use the names below: the service, the vocabulary of what can be forgotten and
what an erasure answers, the commands the cog and the terminal chat run, and the views that
show a member their data. No module of the package imports this file, so re-exporting makes
no cycle.
"""

from utils.members.commands import (
    STORAGE_DOWN,
    MemberDesk,
    MemoryAction,
    OptIn,
    Pause,
    Resume,
    admin_scope,
    description,
    help_rows,
    member_actor,
    run_memory_action,
    run_memory_command,
    slash_forget,
)
from utils.members.erasure import (
    EraseWhat,
    Erasure,
    ForgetAll,
    ForgetFacts,
    ForgetIds,
    ForgetRecent,
    OptOut,
    OtherProcesses,
    Receipt,
)
from utils.members.holders import HeldCopies, HeldCopy
from utils.members.preferences import MemoryPreferences
from utils.members.processes import ALIVE_SECONDS
from utils.members.service import MemberOverview, MemberService
from utils.members.view import (
    HISTORY_HEADER,
    export_json,
    history_pages,
    memory_line,
    pages,
    profile_text,
    status_line,
)

__all__ = [
    "ALIVE_SECONDS",
    "HISTORY_HEADER",
    "STORAGE_DOWN",
    "EraseWhat",
    "Erasure",
    "ForgetAll",
    "ForgetFacts",
    "ForgetIds",
    "ForgetRecent",
    "HeldCopies",
    "HeldCopy",
    "MemberDesk",
    "MemberOverview",
    "MemberService",
    "MemoryAction",
    "MemoryPreferences",
    "OptIn",
    "OptOut",
    "OtherProcesses",
    "Pause",
    "Receipt",
    "Resume",
    "admin_scope",
    "description",
    "export_json",
    "help_rows",
    "history_pages",
    "member_actor",
    "memory_line",
    "pages",
    "profile_text",
    "run_memory_action",
    "run_memory_command",
    "slash_forget",
    "status_line",
]
