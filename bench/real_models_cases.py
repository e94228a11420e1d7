"""The fixed material of `python3 -m bench.real_models`: members, their facts, the monitor's batch, the scoring.

Five members tell the bot 25 facts over ten turns; each fact has the words by which a
stored memory shows it was understood ("nurse", "Biscuit"). The monitor's batch is
twelve messages from one channel, three of them toxic, the others the innocent chatter
small models were seen to punish ("I just got a new puppy", "GG last night everyone").
Plain data and plain functions: nothing here starts a process or speaks HTTP.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass


@dataclass(frozen=True)
class Fact:
    """One thing a member said, and the words a memory of it must hold (any one of them)."""

    label: str
    words: tuple[str, ...]

    def found_in(self, text: str) -> bool:
        folded = text.casefold()
        return any(re.search(rf"(?<![a-z]){re.escape(w)}(?![a-z])", folded) for w in self.words)


@dataclass(frozen=True)
class Member:
    user_id: int
    name: str
    turns: tuple[str, ...]
    facts: tuple[Fact, ...]


MEMBERS: tuple[Member, ...] = (
    Member(
        101,
        "Jordan",
        (
            "I'm a nurse at the children's hospital, and I just adopted a beagle called Biscuit.",
            "I'm grinding Elden Ring every weekend, still trying to beat Malenia. Also I'm vegetarian, so no burger night.",
        ),
        (
            Fact("nurse", ("nurse",)),
            Fact("beagle Biscuit", ("biscuit", "beagle")),
            Fact("Elden Ring", ("elden ring",)),
            Fact("Malenia", ("malenia",)),
            Fact("vegetarian", ("vegetarian",)),
        ),
    ),
    Member(
        102,
        "Priya",
        (
            "I play bass in a jazz band and we have a gig on Friday at the Blue Room.",
            "I'm learning Japanese because I'm going to Kyoto in April.",
        ),
        (
            Fact("bass", ("bass",)),
            Fact("jazz band", ("jazz",)),
            Fact("gig Friday", ("gig", "blue room")),
            Fact("learning Japanese", ("japanese",)),
            Fact("Kyoto trip", ("kyoto",)),
        ),
    ),
    Member(
        103,
        "Mateo",
        (
            "I work as a backend developer in Lisbon and I mostly write Rust.",
            "I'm training for the Berlin marathon in September, running about 40 km a week.",
        ),
        (
            Fact("backend developer", ("developer", "programmer", "engineer")),
            Fact("lives in Lisbon", ("lisbon",)),
            Fact("writes Rust", ("rust",)),
            Fact("Berlin marathon", ("marathon",)),
            Fact("40 km a week", ("40 km", "40km")),
        ),
    ),
    Member(
        104,
        "Ivy",
        (
            "I just got engaged to my girlfriend Mara! We're getting married next June.",
            "I main Mercy in Overwatch but I'm stuck in Gold rank.",
        ),
        (
            Fact("engaged to Mara", ("mara", "engaged", "fiancée", "fiancee")),
            Fact("wedding in June", ("june", "wedding", "married")),
            Fact("mains Mercy", ("mercy",)),
            Fact("plays Overwatch", ("overwatch",)),
            Fact("Gold rank", ("gold",)),
        ),
    ),
    Member(
        105,
        "Sam",
        (
            "I have two cats, Pixel and Nova, and I work night shifts at a warehouse.",
            "I bake sourdough every Sunday, and I'm saving up for a used Miata.",
        ),
        (
            Fact("cats Pixel and Nova", ("pixel", "nova")),
            Fact("warehouse night shifts", ("warehouse", "night shift")),
            Fact("bakes sourdough", ("sourdough",)),
            Fact("saving for a Miata", ("miata",)),
            Fact("two cats", ("cats", "cat")),
        ),
    ),
)
RECALL_QUESTION = "What do you remember about me?"
CHANNEL_ID = 9001
CHANNEL_NAME = "general"
GUILD_ID = 77


def all_facts() -> list[tuple[Member, Fact]]:
    return [(m, f) for m in MEMBERS for f in m.facts]


def other_members_words(member: Member) -> set[str]:
    return {w for m in MEMBERS if m is not member for f in m.facts for w in f.words}


def facts_found(member: Member, texts: Iterable[str]) -> list[str]:
    """Labels of the member's facts that some text shows."""
    joined = list(texts)
    return [f.label for f in member.facts if any(f.found_in(t) for t in joined)]


def is_clean(member: Member, text: str) -> bool:
    """A stored text that says one of the member's facts and none of another member's."""
    if not any(f.found_in(text) for f in member.facts):
        return False
    others = [Fact("", (w,)) for w in other_members_words(member)]
    return not any(f.found_in(text) for f in others)


# --------------------------------------------------------------------------- the monitor's batch
@dataclass(frozen=True)
class BatchLine:
    author_id: int
    author: str
    text: str
    toxic: bool


MONITOR_BATCH: tuple[BatchLine, ...] = (
    BatchLine(104, "Ivy", "I just got engaged!! still shaking lol", False),
    BatchLine(101, "Jordan", "congrats Ivy! post pics", False),
    BatchLine(103, "Mateo", "GG last night everyone", False),
    BatchLine(201, "Kyle", "you're all worthless trash, uninstall the game and never come back", True),
    BatchLine(105, "Sam", "I just got a new puppy", False),
    BatchLine(102, "Priya", "anyone up for ranked tonight?", False),
    BatchLine(201, "Kyle", "shut up Priya, nobody wants you here, you stupid cow", True),
    BatchLine(104, "Ivy", "the new patch notes are wild", False),
    BatchLine(101, "Jordan", "what time is movie night on saturday?", False),
    BatchLine(202, "Dex", "I know where you live Mateo. watch your back", True),
    BatchLine(103, "Mateo", "anyone have tips for the Malenia fight?", False),
    BatchLine(102, "Priya", "thanks for the help yesterday, you guys are the best", False),
)


# --------------------------------------------------------------------------- replies
PROMPT_MARKERS = re.compile(
    r"\[/?INST\]|<<\s*/?SYS\s*>>|<\|im_(?:start|end)\|>|<\|(?:system|user|assistant|eot_id|end|endoftext)\|>|"
    r"<start_of_turn>|<end_of_turn>|<\|start_header_id\|>|<\|end_header_id\|>|</?s>|### (?:Instruction|Response)",
    re.IGNORECASE,
)


def label_leak(reply: str, names: Iterable[str]) -> str | None:
    """The label a reply opens with when it speaks as someone ("Jordan: ...", "User: ..."), else None."""
    head = reply.lstrip(" \t\n*_>")
    for name in (*names, "User", "Assistant", "Bot", "Human", "AI", "Model", "Member", "System"):
        if re.match(rf"{re.escape(name)}\s*\**\s*:", head, re.IGNORECASE):
            return name
    return None


def prompt_markers(reply: str) -> list[str]:
    return sorted({m.group(0) for m in PROMPT_MARKERS.finditer(reply)})
