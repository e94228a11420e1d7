"""The chat pipeline, shared by the Discord cog (`cogs/chat.py`) and the terminal chat.

`service.ChatService` answers a member's message with the memory block and the model;
`messages` holds the plain message types (`IncomingMessage`, `Turn`) callers build,
`access.may_chat` says who may chat where, `text` cleans what members send and splits
what the bot answers, and `asked_memory` spots a question about what the bot knows.
Other packages import those names from those modules; nothing here imports discord.
"""
