"""3. LLM cost: one busy channel, a few members, bursts of quick messages; what the extractor is sent.

The conversation runs through the real pipeline on a compressed clock (the
extraction delay is compressed by the same factor). Our extractor's requests are
measured as the loopback server received them. The baseline's (`bench.plan_baseline`)
are rebuilt for every reply from the same channel history (its last 20 messages), the
member's profile at that moment, and the baseline's own prompt and tool schema. Members start with a
mature memory (45 memories and a profile each), so the memory block has to respect
its budget and the extractor is shown a full "already remembered" list.
"""

from __future__ import annotations

import asyncio
import random
import re
import zlib
from collections import deque
from dataclasses import dataclass
from datetime import UTC, datetime

from bench.bulk import bulk_insert_memories
from bench.harness import Body, WarningCounter, bench_settings, remove_sqlite, start_llm
from bench.params import BenchParams
from bench.plan_baseline import PLAN_EXTRACTION_TOOL, PLAN_HISTORY_MESSAGES, plan_extraction_messages, request_chars
from bench.results import BenchResult, fmt_ratio
from bench.seed import (
    DISHES,
    GAMES,
    GENRES,
    GUILD_ID,
    JOBS,
    MOVIES,
    PET_NAMES,
    PETS,
    SCHOOLS,
    member_id,
    member_memories,
    sqlite_url,
)
from utils.conversation.messages import IncomingMessage
from utils.llm import QUOTE_MARK
from utils.prompts import load_prompt
from utils.runtime import Services
from utils.storage.engine import Database
from utils.storage.profiles import set_user_profile

NAME = "llm_cost"
CHARS_PER_TOKEN = 4
NAMES = ("Alice", "Bob", "Chen", "Dana", "Eli", "Fay", "Gus", "Hana")
SEEDED_MEMORIES = 45
CHANNEL = "general"
FACTS = (
    ("I've been grinding {game} all week trying to hit rank {n}", "Is grinding {game} to reach rank {n}.", ("{game}", "rank")),
    ("my {pet} {pet_name} has been sick, vet tomorrow", "Their {pet} {pet_name} is sick and sees a vet.", ("{pet}", "pets")),
    ("started a new {job} this week, so tired", "Started a new {job} this week.", ("work",)),
    ("I'm learning to cook {dish} lol", "Is learning to cook {dish}.", ("food",)),
    ("exams at {school} next week, pray for me", "Has exams at {school} next week.", ("{school}",)),
    ("been listening to {genre} nonstop", "Listens to a lot of {genre}.", ("music",)),
    ("finally watched {movie}, the ending was weird", "Watched {movie} and found the ending weird.", ("movie",)),
    ("saving up for a car, the bus is killing me", "Is saving up for a car.", ("car",)),
)
CHATTER = ("lol", "ok", "haha true", "same", "nice", "💀", "brb", "fr")
QUESTIONS = ("what do you think about {game}?", "any tips for {game}?", "should I cook {dish} tonight?", "do you like {genre}?")


@dataclass(frozen=True)
class ScriptTurn:
    at: float
    """When it is sent, in conversation seconds."""
    member: int
    text: str
    memory: str | None = None
    topics: tuple[str, ...] = ()


def _values(rng: random.Random) -> dict[str, object]:
    return {
        "game": rng.choice(GAMES),
        "n": rng.randrange(50, 900),
        "pet": rng.choice(PETS),
        "pet_name": rng.choice(PET_NAMES),
        "job": rng.choice(JOBS),
        "dish": rng.choice(DISHES),
        "genre": rng.choice(GENRES),
        "movie": rng.choice(MOVIES),
        "school": rng.choice(SCHOOLS),
    }


def script(params: BenchParams) -> list[ScriptTurn]:
    """Facts, questions and chatter; 30% of the time a member follows up with 1–3 quick messages."""
    rng = random.Random(f"{params.seed}:cost")
    turns: list[ScriptTurn] = []
    clock, member, burst_left = 0.0, 0, 0
    while len(turns) < params.cost_turns:
        if burst_left:
            burst_left -= 1
            clock += rng.uniform(0.5, 2.0)
        else:
            member = rng.randrange(params.cost_members)
            clock += rng.uniform(3.0, 15.0)
            burst_left = rng.choice((1, 2, 3)) if rng.random() < 0.3 else 0
        kind, values = rng.random(), _values(rng)
        if kind < 0.4:
            said, memory, tags = rng.choice(FACTS)
            topics = tuple(t.format(**values) for t in tags)
            turns.append(ScriptTurn(clock, member, said.format(**values), memory.format(**values), topics))
        elif kind < 0.7:
            turns.append(ScriptTurn(clock, member, rng.choice(CHATTER)))
        else:
            turns.append(ScriptTurn(clock, member, rng.choice(QUESTIONS).format(**values)))
    return turns


def profile_of(params: BenchParams, member: int) -> str:
    rng = random.Random(f"{params.seed}:profile:{member}")
    return (
        f"{NAMES[member]} is {rng.randrange(17, 40)}, works a {rng.choice(JOBS)} and studies part time. "
        f"Mostly plays {rng.choice(GAMES)} and {rng.choice(GAMES)}, late at night with the same squad. "
        f"Has a {rng.choice(PETS)} called {rng.choice(PET_NAMES)}. Likes {rng.choice(GENRES)} and cooking "
        f"{rng.choice(DISHES)}. Jokes a lot, prefers short answers, gets tilted after losing streaks."
    )


def extractor(turns: list[ScriptTurn]) -> dict[str, object]:
    """How the loopback server answers extractions, like a good model would: the memories of the fact-bearing lines
    it was shown, nothing else (a fact line is a member's quoted message; the bot's replies never repeat one)."""
    lines = {
        QUOTE_MARK + t.text: {"memory": t.memory, "topics": list(t.topics), "expiration": "30d", "importance": "medium"}
        for t in turns
        if t.memory
    }
    return {"per_line": {"list": "memories", "lines": lines, "rest": {"profile_update": None}}}


async def _seed(url: str, params: BenchParams) -> None:
    db = Database(url)
    if not await db.connect():
        raise RuntimeError("cannot create the LLM-cost database")
    try:
        now = datetime.now(UTC)
        rows = [
            m
            for i in range(params.cost_members)
            for m in member_memories(params, i, now, live=SEEDED_MEMORIES, expired=0, stream="cost")
        ]
        await db.run(bulk_insert_memories, rows)
        for i in range(params.cost_members):
            await db.run(set_user_profile, member_id(i), profile_of(params, i))
    finally:
        await db.close()


def memory_block_of(body: Body, name: str) -> str:
    """The memory block inside a chat request's system prompt ("" when there is none)."""
    system = body["messages"][0]["content"]
    start = system.find(load_prompt("memory_block").format(name=name))
    return system[start:] if start >= 0 else ""


def _sections(user_content: str) -> dict[str, int]:
    """Characters per part of our extractor's request (profile, remembered list, conversation)."""
    parts = re.split(r"^=== (.+?) ===$", user_content, flags=re.M)
    sizes: dict[str, int] = {}
    for title, text in zip(parts[1::2], parts[2::2], strict=False):
        key = title.split(" OF ")[0].split(" (")[0].lower()
        sizes[key] = sizes.get(key, 0) + len(text)
    return sizes


async def run(params: BenchParams) -> BenchResult:
    turns = script(params)
    server = start_llm(tools={"extract_memories": extractor(turns)})
    db_path = params.work_dir / "llm_cost.db"
    remove_sqlite(db_path)
    url = sqlite_url(db_path)
    await _seed(url, params)
    scale = params.cost_time_scale
    settings = bench_settings(url, server.base_url, memory_extraction_delay_seconds=params.extraction_delay * scale)
    services = Services(settings, chat_cooldown_seconds=0)
    history: deque[dict[str, str]] = deque(maxlen=PLAN_HISTORY_MESSAGES)
    plan_chars: list[int] = []
    answered = 0
    channel_id = zlib.crc32(CHANNEL.encode())
    try:
        with WarningCounter() as warnings:
            await services.start()
            loop = asyncio.get_running_loop()
            origin = loop.time()

            async def send(turn: ScriptTurn) -> None:
                nonlocal answered
                await asyncio.sleep(max(0.0, origin + turn.at * scale - loop.time()))
                uid, name = member_id(turn.member), NAMES[turn.member]
                reply = await services.chat.respond(IncomingMessage(uid, name, channel_id, CHANNEL, turn.text, guild_id=GUILD_ID))
                if not (reply.ok and not reply.skipped):
                    return
                answered += 1
                history.append({"role": "user", "content": turn.text})
                history.append({"role": "assistant", "content": reply.text})
                plan = plan_extraction_messages(list(history), name, services.monitor_state.get_user_notes(uid))
                plan_chars.append(request_chars(plan, [PLAN_EXTRACTION_TOOL]))

            await asyncio.gather(*(send(t) for t in turns))
            await services.close()
    finally:
        await services.close()
        served = await asyncio.to_thread(server.log)
        server.stop()

    ours = [entry["body"] for entry in served if entry["tool"] == "extract_memories"]
    our_chars = [request_chars(b["messages"], b["tools"]) for b in ours]
    budget = settings.memory_context_chars
    blocks = [len(memory_block_of(e["body"], _speaker(e["body"]))) for e in served if e["tool"] is None]
    within = sum(1 for size in blocks if size <= budget)
    shown = sum(1 for size in blocks if size)
    per_turn_ours = sum(our_chars) / CHARS_PER_TOKEN / max(1, answered)
    per_turn_plan = sum(plan_chars) / CHARS_PER_TOKEN / max(1, answered)
    ratio = per_turn_ours / per_turn_plan if per_turn_plan else 0.0
    parts: dict[str, int] = {}
    for body in ours:
        for key, size in _sections(body["messages"][-1]["content"]).items():
            parts[key] = parts.get(key, 0) + size
    calls = max(1, len(ours))

    result = BenchResult(NAME)
    bench = f"3 LLM cost ({answered} turns, {params.cost_members} members)"
    result.row(bench, "extraction calls / chat turn", f"{len(ours) / max(1, answered):.2f}", "1.00")
    result.row(bench, "extractor input tokens / call", f"{sum(our_chars) / CHARS_PER_TOKEN / calls:.0f}",
               f"{sum(plan_chars) / CHARS_PER_TOKEN / max(1, len(plan_chars)):.0f}")  # fmt: skip
    result.row(bench, "extractor input tokens / chat turn", f"{per_turn_ours:.0f}", f"{per_turn_plan:.0f}")
    result.row(bench, "ours ÷ plan, tokens / turn", fmt_ratio(ratio), target="≤ 0.5×", met=ratio <= 0.5)
    result.row(
        bench,
        "memory block within budget",
        f"{within}/{len(blocks)} turns (max {max(blocks, default=0)}/{budget} chars)",
        target="every turn",
        met=within == len(blocks) == answered and warnings.count == 0,
    )
    result.facts.update(
        {
            "turns": len(turns),
            "answered": answered,
            "extraction_calls": len(ours),
            "plan_extraction_calls": len(plan_chars),
            "our_tokens_per_turn": per_turn_ours,
            "plan_tokens_per_turn": per_turn_plan,
            "ratio": ratio,
            "our_tokens_per_call": sum(our_chars) / CHARS_PER_TOKEN / calls,
            "our_system_prompt_tokens": len(ours[0]["messages"][0]["content"]) / CHARS_PER_TOKEN if ours else 0,
            "our_tool_schema_tokens": request_chars([], ours[0]["tools"]) / CHARS_PER_TOKEN if ours else 0,
            "our_section_tokens_per_call": {k: v / CHARS_PER_TOKEN / calls for k, v in parts.items()},
            "plan_system_prompt_tokens": request_chars(plan_extraction_messages([], "x", "")[:1], []) / CHARS_PER_TOKEN,
            "plan_tool_schema_tokens": request_chars([], [PLAN_EXTRACTION_TOOL]) / CHARS_PER_TOKEN,
            "blocks_within_budget": within,
            "blocks_shown": shown,
            "max_block_chars": max(blocks, default=0),
            "budget_chars": budget,
            "warnings": warnings.count,
        }
    )
    return result


def _speaker(body: Body) -> str:
    return body["messages"][-1]["content"].split(": ", 1)[0]
