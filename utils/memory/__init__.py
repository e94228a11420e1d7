"""What the bot learns about members from chat, remembers, recalls for a prompt and lets expire.

`service.MemoryService` is the package's door: the runtime, the conversation pipeline,
the monitor and `utils/members` go through it (and `MemoryContext`, what it puts in a
prompt). `store.MemoryStore` is the only writer of memories and the profile; the rest
(extraction, vetting, ranking, deduplication, fact history, the embedding worker) is
its machinery, imported by other packages only for a named helper such as
`vetting.vet` or `extraction.build_extraction_messages`. Nothing here imports discord.
"""
