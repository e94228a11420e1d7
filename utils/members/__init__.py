"""A member's say over what the bot keeps of them: forget (with a receipt), opt out, pause, see, export.

Import from here: the service, the vocabulary of what can be forgotten, and what an erasure answers.
"""

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
from utils.members.service import MemberOverview, MemberService

__all__ = [
    "EraseWhat",
    "Erasure",
    "ForgetAll",
    "ForgetFacts",
    "ForgetIds",
    "ForgetRecent",
    "HeldCopies",
    "HeldCopy",
    "MemberOverview",
    "MemberService",
    "OptOut",
    "OtherProcesses",
    "Receipt",
]
