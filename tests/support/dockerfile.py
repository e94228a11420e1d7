"""The Dockerfile read as stages of instructions: shared by its static checks and the simulated runtime image."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class Stage:
    name: str
    base: str
    instructions: list[tuple[str, str]] = field(default_factory=list)

    def args_of(self, instruction: str) -> list[str]:
        return [args for name, args in self.instructions if name == instruction]


def dockerfile_stages(text: str) -> list[Stage]:
    """The Dockerfile's stages, each with its instructions (continuation lines joined, comments dropped)."""
    logical: list[str] = []
    pending = ""
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.endswith("\\"):
            pending += line[:-1] + " "
            continue
        logical.append(pending + line)
        pending = ""
    stages: list[Stage] = []
    for line in logical:
        instruction, _, args = line.partition(" ")
        if instruction.upper() == "FROM":
            base, _, name = args.partition(" AS ")
            stages.append(Stage(name.strip() or str(len(stages)), base.strip()))
        elif stages:
            stages[-1].instructions.append((instruction.upper(), args.strip()))
    return stages
