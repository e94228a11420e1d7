"""The chat pipeline, shared by the Discord cog (`cogs/chat.py`) and the terminal chat.

`service.ChatService` answers a member's message with the memory block and the model;
`messages` holds the plain message types (`IncomingMessage`, `Turn`) callers build,
`access.may_chat` says who may chat where, `text` cleans what members send and splits
what the bot answers, and `_asked_memory` spots a question about what the bot knows.
Other packages use the names below; the rest is the pipeline's own. Nothing here imports
discord, and no module of the package imports this file, so re-exporting makes no cycle.
"""

from utils.conversation.access import may_chat
from utils.conversation.messages import IncomingMessage, Turn
from utils.conversation.service import ChatService
from utils.conversation.text import ATTACHMENT_THRESHOLD, split_reply

__all__ = ["ATTACHMENT_THRESHOLD", "ChatService", "IncomingMessage", "Turn", "may_chat", "split_reply"]
