"""The Discord glue: one extension per feature, loaded by name (`bot.EXTENSIONS`), thin over `utils`.

discord.py imports each cog module itself when `bot.py` loads the extension, so no other
package imports a name from here and the package exports nothing.
"""

__all__: list[str] = []
