"""`python3 -m bench`: the memory hot path, the pipeline under load, the LLM cost and pruning, measured.

Self-contained: seeded data, a loopback OpenAI-compatible server with no think time,
and side-by-side figures for the original plan's approach, printed as one table.
Nothing here is imported by the bot, so the package exports nothing; its tests import the
modules they measure.
"""

__all__: list[str] = []
