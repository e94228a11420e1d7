"""Seeded data: members with live and expired memories, and the messages they send.

Everything comes from ``random.Random`` seeded per member, so a member's rows are
the same whichever benchmark asks first. The big SQLite file is built once with
bulk executemany inserts and cached under ``bench/out/`` by its parameters; the
same rows can be loaded into the BENCH_DB_URL database.
"""

from __future__ import annotations

import asyncio
import hashlib
import random
import sys
import time
import zlib
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from functools import lru_cache
from pathlib import Path

from bench.bulk import bulk_insert_memories, count_memories, empty_memory_tables
from bench.params import BenchParams
from utils.conversation.messages import IncomingMessage
from utils.paths import MIGRATIONS_DIR
from utils.storage import schema
from utils.storage.engine import Database
from utils.storage.records import MemoryRecord

SEED_VERSION = 1
CACHE_MAX_AGE = timedelta(days=7)
"""Live rows expire 8 days or more after seeding, so a cached file younger than this is still all live."""
USER_ID_BASE = 900_000_000_000
"""Seeded members live far from real Discord ids of a scratch database."""
GUILD_ID = 4242
INSERT_CHUNK_MEMBERS = 1_000
SCHEMA_FILE = Path(schema.__file__)
PHRASEBOOK_SIZE = 3_000
DAY = 86_400.0
IMPORTANCES = ("low", "medium", "medium", "high")

GAMES = (
    "gta", "warzone", "valorant", "minecraft", "elden ring", "baldur's gate", "stardew valley", "league",
    "apex", "fortnite", "overwatch", "destiny", "halo", "roblox", "dota", "cod", "battlefield", "helldivers",
)  # fmt: skip
PETS = ("dog", "cat", "parrot", "hamster", "pet")
PET_NAMES = ("Biscuit", "Luna", "Milo", "Pixel", "Nacho", "Mochi", "Rex", "Olive")
JOBS = ("warehouse job", "cafe shift", "internship", "night shift", "support job", "retail job")
DISHES = ("ramen", "lasagna", "curry", "tacos", "sourdough", "pho")
GENRES = ("synthwave", "metal", "lofi", "drum and bass", "jazz", "k-pop")
MOVIES = ("Dune", "the new Batman", "Oppenheimer", "a Ghibli film", "the Mario movie")
SCHOOLS = ("college", "school", "uni")
CHANNELS = ("general", "gaming", "gta", "valorant", "off-topic", "memes", "pets", "music", "elden-ring")
TEMPLATES = (
    ("Has been grinding {game} all week to reach rank {n}.", ("{game}", "rank")),
    ("Mains a support role in {game} and wants to climb to diamond.", ("{game}", "rank")),
    ("Mentioned their {pet} {pet_name} has been sick lately.", ("{pet}", "pets", "personal")),
    ("Started a new {job} and finds it exhausting.", ("work", "job")),
    ("Is learning to cook {dish} and wants feedback on it.", ("food", "cooking")),
    ("Listens to {genre} while playing {game}.", ("music", "{game}")),
    ("Is saving up for a car and hates taking the bus.", ("car", "money")),
    ("Has exams at {school} next week and is stressed about them.", ("{school}", "mood")),
    ("Watched {movie} and did not like the ending.", ("movie",)),
    ("Plays {game} with friends on Friday nights.", ("{game}", "friends")),
    ("Is trying to quit {game} because it makes them tilted.", ("{game}", "mood")),
    ("Wants to try {game} once it goes on sale.", ("{game}",)),
)
MESSAGES = (
    "anyone up for some {game} tonight?",
    "ugh work was rough today",
    "what do you think about {game}",
    "lol",
    "my {pet} just knocked over my coffee",
    "I finally hit rank {n} in {game}!",
    "should I cook {dish} or just order pizza",
    "been listening to {genre} all day",
    "exams at {school} are killing me",
    "did you see {movie}?",
    "ok",
    "any tips for {game}? I keep losing",
)


@dataclass(frozen=True)
class SeedMessage:
    user_id: int
    name: str
    channel: str
    text: str


def member_id(index: int) -> int:
    return USER_ID_BASE + index


def member_name(index: int) -> str:
    return f"member{index}"


def fill_template(rng: random.Random, template: str) -> str:
    return template.format(
        game=rng.choice(GAMES),
        n=rng.randrange(50, 900),
        pet=rng.choice(PETS),
        pet_name=rng.choice(PET_NAMES),
        job=rng.choice(JOBS),
        dish=rng.choice(DISHES),
        genre=rng.choice(GENRES),
        movie=rng.choice(MOVIES),
        school=rng.choice(SCHOOLS),
    )


@lru_cache(maxsize=4)
def _phrasebook(seed: int) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """Distinct (memory text, topics) pairs to draw rows from: building a million sentences one by one is slow."""
    rng = random.Random(f"{seed}:phrasebook")
    book: dict[str, tuple[str, ...]] = {}
    while len(book) < PHRASEBOOK_SIZE:
        template, tags = rng.choice(TEMPLATES)
        picks = {"game": rng.choice(GAMES), "pet": rng.choice(PETS), "school": rng.choice(SCHOOLS)}
        for slot, value in picks.items():
            template = template.replace(f"{{{slot}}}", value)
        text = fill_template(rng, template)
        book.setdefault(text, tuple(dict.fromkeys(t.format(**picks) for t in tags)))
    return tuple(book.items())


def member_memories(
    params: BenchParams, index: int, now: datetime, *, live: int, expired: int, stream: str = "base"
) -> list[MemoryRecord]:
    """``live`` memories expiring 8–60 days from ``now`` and ``expired`` ones that expired 1–7 days ago."""
    rng = random.Random(f"{params.seed}:{stream}:{index}")
    book = _phrasebook(params.seed)
    uid = member_id(index)
    rows = []
    for n in range(live + expired):
        text, topics = book[int(rng.random() * len(book))]
        if n < live:
            created = now - timedelta(seconds=60 + rng.random() * 30 * DAY)
            expires = now + timedelta(seconds=(8 + rng.random() * 52) * DAY)
        else:
            created = now - timedelta(seconds=(8 + rng.random() * 52) * DAY)
            expires = now - timedelta(seconds=(1 + rng.random() * 6) * DAY)
        rows.append(
            MemoryRecord(
                id=0,
                user_id=uid,
                memory=text,
                topics=topics,
                importance=IMPORTANCES[int(rng.random() * len(IMPORTANCES))],
                expires_at=expires,
                source="chat" if rng.random() < 0.8 else "passive",
                created_at=created,
                guild_id=GUILD_ID,
            )
        )
    return rows


def incoming(message: SeedMessage) -> IncomingMessage:
    """A seeded message as the bot receives it from Discord."""
    return IncomingMessage(
        author_id=message.user_id,
        author_name=message.name,
        channel_id=zlib.crc32(message.channel.encode()),
        channel_name=message.channel,
        content=message.text,
        guild_id=GUILD_ID,
    )


def messages(params: BenchParams, indices: list[int], stream: str) -> list[SeedMessage]:
    """One message for each member index, in that order."""
    rng = random.Random(f"{params.seed}:messages:{stream}")
    return [
        SeedMessage(member_id(i), member_name(i), rng.choice(CHANNELS), fill_template(rng, rng.choice(MESSAGES))) for i in indices
    ]


def _chunks(params: BenchParams, now: datetime, *, live: bool, expired: bool) -> Iterator[list[MemoryRecord]]:
    for start in range(0, params.members, INSERT_CHUNK_MEMBERS):
        rows: list[MemoryRecord] = []
        for index in range(start, min(params.members, start + INSERT_CHUNK_MEMBERS)):
            member_rows = member_memories(params, index, now, live=params.live_per_member, expired=params.expired_per_member)
            rows += [r for r in member_rows if (r.expires_at > now and live) or (r.expires_at <= now and expired)]
        random.Random(f"{params.seed}:order:{start}").shuffle(rows)
        yield rows


async def load_rows(db: Database, params: BenchParams, *, live: bool = True, expired: bool = True) -> int:
    """Insert the seeded rows into ``db`` in big transactions; returns how many.

    The next chunk is generated while the database thread inserts the previous one.
    """
    now = datetime.now(UTC)
    total = 0
    inserting: asyncio.Task[int] | None = None
    for rows in _chunks(params, now, live=live, expired=expired):
        if inserting is not None:
            total += await inserting
        inserting = asyncio.get_running_loop().create_task(db.run(bulk_insert_memories, rows))
        await asyncio.sleep(0)
    if inserting is not None:
        total += await inserting
    return total


def sqlite_url(path: Path) -> str:
    return f"sqlite:///{path}"


def schema_fingerprint() -> str:
    """Changes whenever a migration or the table definitions change, so a cached file never has an old schema."""
    digest = hashlib.sha256()
    for path in [*sorted(MIGRATIONS_DIR.glob("versions/*.py")), SCHEMA_FILE]:
        digest.update(path.read_bytes())
    return digest.hexdigest()[:10]


def seeded_sqlite_path(params: BenchParams) -> Path:
    sizes = f"m{params.members}-l{params.live_per_member}-e{params.expired_per_member}-s{params.seed}"
    return params.out_dir / f"memory-{sizes}-v{SEED_VERSION}-{schema_fingerprint()}.db"


async def seeded_sqlite(params: BenchParams) -> tuple[Path, float | None]:
    """The cached seeded SQLite file (built when missing or stale) and the seconds building it took, if it did."""
    path = seeded_sqlite_path(params)
    done = path.with_suffix(".ok")
    if done.exists() and path.exists() and time.time() - done.stat().st_mtime < CACHE_MAX_AGE.total_seconds():
        return path, None
    params.out_dir.mkdir(parents=True, exist_ok=True)
    for stale in (path, done, Path(f"{path}-wal"), Path(f"{path}-shm")):
        stale.unlink(missing_ok=True)
    rows = params.members * (params.live_per_member + params.expired_per_member)
    print(f"[bench] seeding {rows:,} memory rows into {path} (once; cached for later runs)", file=sys.stderr, flush=True)
    started = time.perf_counter()
    db = Database(sqlite_url(path))
    if not await db.connect():
        raise RuntimeError(f"cannot create {path}")
    try:
        await load_rows(db, params)
    finally:
        await db.close()
    done.touch()
    return path, time.perf_counter() - started


async def ensure_seeded(db: Database, params: BenchParams) -> None:
    """Bring an external scratch database to the seeded state (items 1 and 4 leave it in known states).

    Empty: load everything. Pruned by an earlier run (all live rows, no expired ones):
    load the expired rows again. Anything else is a database the bench did not seed,
    and it refuses rather than measure (or delete) someone's data.
    """
    want_live = params.members * params.live_per_member
    want_expired = params.members * params.expired_per_member
    live, expired = await db.run(count_memories)
    if (live, expired) == (want_live, want_expired):
        return
    if (live, expired) == (0, 0):
        await load_rows(db, params)
    elif (live, expired) == (want_live, 0):
        await load_rows(db, params, live=False)
    elif params.db_label == "MSSQL_TEST_URL":  # the tests empty that database before each test: so may the bench
        await db.run(empty_memory_tables)
        await load_rows(db, params)
    else:
        raise RuntimeError(
            f"the BENCH_DB_URL database holds {live} live and {expired} expired memories, not the bench's "
            f"{want_live} + {want_expired}: point BENCH_DB_URL at an empty scratch database"
        )
