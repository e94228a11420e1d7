"""The bot's logic, one package or module per concern, almost none of it knowing Discord.

Packages: `conversation` (the chat pipeline), `memory` (what the bot learns and recalls),
`members` (a member's say over their data), `monitor` (the behaviour monitor), `privacy`
(the secret screen), `llm` (the model servers), `storage` (the only SQL) and `doctor`
(start-up checks); single modules hold what every package shares (`config`, `runtime`,
`text`, `wording`, …). Import each name from the module that defines it (or from a
package's `__init__` where it re-exports one); the cogs in `cogs/` are the Discord glue
(only `invite` here imports discord, for the invite link's permissions).
"""

__all__: list[str] = []
