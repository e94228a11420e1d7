"""Long posts shaped as members send them: pasted logs, configs, chat exports, tables, walls of text in other scripts.

The bound of a 4,000-character message is met or missed on these, not only on the paragraph the redaction bench
repeats: a pasted docker-compose, a stack trace, a CSV, a game's patch notes, a Discord chat export, a wall of CJK,
Arabic or Cyrillic text, emoji spam, a list of links, a base64 blob, a Markdown table, and chat lines run together.
Each shape is grown from its unit lines with seeded numbers and names, so no two lines of a post are the same, and
cut at a line's end near the length asked for.
"""

from __future__ import annotations

import random
from collections.abc import Callable

LONG_CHARS = 4000
OVERSIZED_LONG_CHARS = 24_000

NAMES = ["sam", "jo", "alex", "mika", "ren", "ivy", "tom", "nora", "kai", "lea", "omar", "yuki"]
GAMES = ["Valorant", "Elden Ring", "Minecraft", "Apex", "Dota 2", "Rocket League", "Stardew Valley", "CS2"]


def _compose(rng: random.Random, index: int) -> str:
    service = rng.choice(["web", "db", "redis", "worker", "proxy", "grafana", "minecraft", "bot"])
    image = rng.choice(["nginx:1.25-alpine", "postgres:16", "redis:7.2", "python:3.12-slim", "itzg/minecraft-server"])
    port = rng.randint(1024, 9999)
    return (
        f"  {service}{index}:\n    image: {image}\n    restart: unless-stopped\n"
        f'    ports:\n      - "{port}:{port}"\n    environment:\n      - TZ=Europe/Berlin\n'
        f"      - MAX_MEMORY={rng.choice([2, 4, 8])}G\n    volumes:\n      - ./data/{service}:/var/lib/{service}\n"
        f"    depends_on:\n      - db\n"
    )


def _trace(rng: random.Random, index: int) -> str:
    module = rng.choice(["discord/client.py", "aiohttp/connector.py", "asyncio/base_events.py", "cogs/music.py"])
    line = rng.randint(10, 2400)
    call = rng.choice(["connect", "_run_event", "on_message", "play", "fetch_user", "run_until_complete"])
    tail = ""
    if index % 6 == 5:
        tail = (
            f"aiohttp.client_exceptions.ClientConnectorError: Cannot connect to host discord.com:443 ssl:default "
            f"[Connection reset by peer]\n{rng.randint(2025, 2026)}-0{rng.randint(1, 9)}-1{rng.randint(0, 9)} "
            f"{rng.randint(10, 23)}:{rng.randint(10, 59)}:{rng.randint(10, 59)} ERROR discord.client Ignoring exception\n"
            "Traceback (most recent call last):\n"
        )
    return f'  File "/usr/lib/python3.12/site-packages/{module}", line {line}, in {call}\n    await self.{call}()\n{tail}'


def _csv(rng: random.Random, index: int) -> str:
    return (
        f"{index},{rng.choice(NAMES)},{rng.choice(GAMES)},{rng.randint(0, 40)},{rng.randint(0, 30)},"
        f"{rng.randint(1, 9)}.{rng.randint(0, 99):02d},2026-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d},"
        f"{rng.choice(['win', 'loss', 'draw'])}\n"
    )


def _patch_notes(rng: random.Random, index: int) -> str:
    hero = rng.choice(["Jett", "Sage", "Reyna", "Omen", "Killjoy", "Sova", "Phoenix", "Viper"])
    what = rng.choice(["cooldown", "damage", "duration", "cost", "range", "health"])
    old, new = rng.randint(2, 200), rng.randint(2, 200)
    heading = f"\n## Patch {rng.randint(7, 9)}.{index:02d}\n" if index % 8 == 0 else ""
    return (
        f"{heading}- {hero}: ability {what} changed from {old} to {new} "
        f"({'buff' if new > old else 'nerf'}); fixed a bug where the {what} did not reset after round {rng.randint(1, 24)}.\n"
    )


def _chat_export(rng: random.Random, index: int) -> str:
    said = rng.choice(
        [
            "anyone up for ranked tonight?",
            "lol no way that worked",
            "brb dinner",
            f"gg, {rng.randint(2, 30)}-{rng.randint(2, 30)} that was close",
            "did you see the new trailer",
            "my internet died again, sorry",
            "who has the password for the wifi at the lan party lol",
            "I forgot my password again, resetting it now",
            f"meet at {rng.randint(17, 23)}:{rng.choice(['00', '15', '30', '45'])} in voice",
            "can someone pin the tournament rules",
        ]
    )
    day, hour, minute = rng.randint(1, 28), rng.randint(0, 23), rng.randint(0, 59)
    return f"[{day:02d}.11.2026 {hour:02d}:{minute:02d}] {rng.choice(NAMES)}#{rng.randint(1000, 9999)}: {said}\n"


CJK = [
    "昨日の夜はみんなでレイドに行ったけど、二番目のボスで十四回も全滅した。",
    "来週の土曜日に大会があるので、練習を頑張りましょう。",
    "我们今晚八点在语音频道集合，记得带上耳机。",
    "这个版本的平衡性调整太奇怪了，坦克完全没用了。",
    "오늘 밤에 같이 랭크 게임 할 사람 있어요?",
    "새 패치 이후로 게임이 자꾸 튕겨요.",
]
ARABIC = [
    "مرحبا بالجميع، هل يريد أحد اللعب الليلة بعد العشاء؟",
    "لقد فزنا في المباراة الأخيرة بفارق نقطتين فقط، كانت مباراة رائعة.",
    "التحديث الجديد أصلح مشكلة الاتصال لكن اللعبة ما زالت بطيئة.",
    "سنلتقي في القناة الصوتية الساعة التاسعة مساء.",
]
CYRILLIC = [
    "Всем привет, кто сегодня вечером играет в рейтинговые матчи?",
    "Вчера мы четырнадцать раз погибли на втором боссе, но потом всё получилось.",
    "Новый патч сломал мой билд, придётся всё переделывать заново.",
    "Встречаемся в голосовом канале в девять, не опаздывайте.",
]
EMOJI = ["🔥", "😂", "💀", "🎉", "👀", "😭", "✨", "🙏", "💯", "🤣", "❤️", "👍🏽", "🏳️‍🌈", "🇩🇪"]


def _wall(lines: list[str]) -> Callable[[random.Random, int], str]:
    def unit(rng: random.Random, index: int) -> str:
        return rng.choice(lines) + (" " if index % 5 else "\n")

    return unit


def _emoji(rng: random.Random, index: int) -> str:
    return "".join(rng.choice(EMOJI) for _ in range(rng.randint(3, 12))) + rng.choice([" GG ", " lol ", " ", "\n"])


def _urls(rng: random.Random, index: int) -> str:
    host = rng.choice(["https://www.youtube.com/watch?v=", "https://clips.twitch.tv/", "https://imgur.com/a/"])
    slug = "".join(rng.choice("abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789_-") for _ in range(11))
    return f"{index + 1}. {host}{slug}\n"


def _base64(rng: random.Random, index: int) -> str:
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
    return "".join(rng.choice(alphabet) for _ in range(76)) + "\n"


def _data_uri(rng: random.Random, index: int) -> str:
    """An image pasted as a data URI: one token, no line break, symbols ("+") inside it all the way."""
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
    return ("data:image/png;base64," if index == 0 else "") + "".join(rng.choice(alphabet) for _ in range(64))


def _spam_unspaced(rng: random.Random, index: int) -> str:
    """Chat spam with no space to break it: "+1+1+1…", "hype!hype!…", "$$$…" (one cluster of letters and symbols, which
    the symbol reading once walked again for every symbol in it: 0.5-1.1 s at 4,000 characters)."""
    return rng.choice(["+1", "hype!", "$$$", "lol!!", "gg+"]) * rng.randint(20, 60)


def _markdown_table(rng: random.Random, index: int) -> str:
    head = "| rank | player | game | kills | deaths | K/D | hours |\n|---|---|---|---:|---:|---:|---:|\n"
    kills, deaths = rng.randint(100, 9000), rng.randint(100, 9000)
    row = (
        f"| {index + 1} | {rng.choice(NAMES)} | {rng.choice(GAMES)} | {kills} | {deaths} | {kills / deaths:.2f} "
        f"| {rng.randint(10, 3000)} |\n"
    )
    return (head if index % 20 == 0 else "") + row


def _rant(rng: random.Random, index: int) -> str:
    return rng.choice(
        [
            "honestly the matchmaking in this game is a joke, ",
            "I queued for forty minutes and got put with people who never played the mode before, ",
            "and then the server crashed in overtime and we all got a loss and a leaver penalty, ",
            "support told me to reinstall the game which obviously did nothing, ",
            "like I paid 60 dollars for this and the battle pass on top, ",
            "I'm not even mad anymore I'm just tired, ",
            "whoever designed the ranked system should be forced to play it every day. ",
        ]
    )


SHAPES: dict[str, Callable[[random.Random, int], str]] = {
    "docker-compose": _compose,
    "stack trace": _trace,
    "csv": _csv,
    "patch notes": _patch_notes,
    "chat export": _chat_export,
    "cjk wall": _wall(CJK),
    "arabic wall": _wall(ARABIC),
    "cyrillic wall": _wall(CYRILLIC),
    "emoji spam": _emoji,
    "url list": _urls,
    "base64 blob": _base64,
    "data uri": _data_uri,
    "spam, no spaces": _spam_unspaced,
    "markdown table": _markdown_table,
    "rant": _rant,
}


def long_message(shape: str, chars: int = LONG_CHARS, seed: int = 7) -> str:
    """``chars`` characters (or just under: cut at the last whole unit) of one shape, seeded."""
    rng, unit, parts, length = random.Random(f"{seed}:{shape}:{chars}"), SHAPES[shape], [], 0
    if shape == "docker-compose":
        parts, length = ["services:\n"], len("services:\n")
    while True:
        piece = unit(rng, len(parts))
        if length + len(piece) > chars:
            break
        parts.append(piece)
        length += len(piece)
    return "".join(parts)


def long_messages(chars: int = LONG_CHARS, seed: int = 7) -> dict[str, str]:
    """Every shape at ``chars`` characters."""
    return {shape: long_message(shape, chars, seed) for shape in SHAPES}
