"""Facts that change, through the terminal chat: the current value in the block, the old one only when asked about the past.

Each row is one member telling the bot a fact, then that it changed, then asking a present
question and a question about the past (in English, Spanish, French, German or Portuguese).
The scripted extractor says what a good model would: the old fact, then the new one, either
in the same slot (``key``) or naming the old entry it replaces (``replaces``, the number the
request showed it under). After the change, the block the chat model gets must hold the new
value and not the old one; asked about the past, it must hold both, the old one framed as
no longer true. `/memory history` then shows the member both, with the old one's dates.
"""

from __future__ import annotations

import io
import re
from collections.abc import Callable
from dataclasses import dataclass

from careless import Body, conversation_lines, echoing_chat
from fake_llm import FakeLLM
from llm_requests import system_prompt
from settings_factory import SettingsFactory

from scripts.terminal_chat import Speaker, TerminalChat
from utils.runtime import Services

FIRST_MEMBER = 710_000_000_000_000_000


@dataclass(frozen=True)
class Change:
    told: str
    old: str
    changed: str
    new: str
    topics: tuple[str, ...]
    now_asked: str
    past_asked: str
    slot: str | None = None
    """The slot both values hold (the model gives a key); None: the new one names the old by `replaces`."""


CHANGES = [
    Change("I live in Lyon btw", "Lives in Lyon.", "I moved to Paris last week!", "Lives in Paris.", ("home",),
           "any good food spots near me?", "where did I live before?", slot="home"),
    Change("I'm living in Toronto rn", "Lives in Toronto.", "finally moved, I'm in Vancouver now", "Lives in Vancouver.",
           ("home", "canada"), "is it raining where I am?", "where did I live before Vancouver?"),
    Change("vivo en Sevilla", "Lives in Sevilla.", "me mudé a Valencia", "Lives in Valencia.", ("home",),
           "¿qué tiempo hace aquí?", "¿dónde vivía antes?", slot="home"),
    Change("j'habite à Lille", "Lives in Lille.", "j'ai déménagé à Nantes", "Lives in Nantes.", ("home",),
           "il fait beau chez moi?", "j'habitais où avant ?", slot="home"),
    Change("ich wohne in Köln", "Lives in Cologne.", "bin nach Hamburg umgezogen", "Lives in Hamburg.", ("home",),
           "wie ist das wetter bei mir?", "wo habe ich gewohnt, bevor ich umgezogen bin?"),
    Change("moro em Recife", "Lives in Recife.", "me mudei pra Curitiba agora", "Lives in Curitiba.", ("home",),
           "que calor hoje hein", "onde eu morava antes?", slot="home"),
    Change("I work at a bakery", "Works at a bakery.", "quit the bakery, I work at a bank now", "Works at a bank.",
           ("job", "work"), "long shift today ugh", "what was my old job?"),
    Change("I'm a barista at Blue Bottle", "Works as a barista.", "got hired as a nurse, started monday",
           "Works as a nurse.", ("job", "work"), "so tired after work", "what did I do before nursing?", slot="job"),
    Change("trabajo de camarero", "Works as a waiter.", "ahora trabajo de programador", "Works as a programmer.",
           ("job", "work"), "mucho trabajo hoy", "¿cuál era mi trabajo antes?", slot="job"),
    Change("je suis prof de maths", "Works as a maths teacher.", "j'ai changé de métier, je suis développeur maintenant",
           "Works as a developer.", ("job", "work"), "grosse journée", "quel était mon métier avant ?", slot="job"),
    Change("ich arbeite bei Siemens", "Works at Siemens.", "hab gekündigt, jetzt bei SAP", "Works at SAP.", ("job", "work"),
           "viel zu tun heute", "wo habe ich früher gearbeitet?"),
    Change("I main Sage in Valorant", "Mains Sage in Valorant.", "switched my main to Jett", "Mains Jett in Valorant.",
           ("valorant", "main"), "duo some valorant tonight?", "what was my main before Jett?", slot="valorant_main"),
    Change("my main game is Dota 2", "Main game is Dota 2.", "I play League now instead of Dota",
           "Main game is League of Legends.", ("main game",), "queue up later?", "what was my main game before League?",
           slot="main_game"),
    Change("I main Mercy in Overwatch", "Mains Mercy in Overwatch.", "I'm maining Kiriko now", "Mains Kiriko in Overwatch.",
           ("overwatch", "main"), "overwatch tonight?", "who did I use to main?"),
    Change("juego de support con Lulu", "Mains Lulu as support.", "ahora juego Thresh", "Mains Thresh as support.",
           ("league", "main"), "¿jugamos ranked?", "¿qué campeón jugaba antes?", slot="lol_main"),
    Change("je joue Ryu sur Street Fighter", "Mains Ryu in Street Fighter.", "je joue Juri maintenant",
           "Mains Juri in Street Fighter.", ("street fighter", "main"), "une partie ce soir ?", "je jouais qui avant ?",
           slot="sf_main"),
    Change("I'm Gold 2 in Valorant", "Is Gold 2 in Valorant.", "hit Platinum 1 last night!!", "Is Platinum 1 in Valorant.",
           ("valorant", "rank"), "gg last night", "what rank was I previously?", slot="valorant_rank"),
    Change("ich bin Silber in CS2", "Is Silver in CS2.", "endlich Gold Nova jetzt", "Is Gold Nova in CS2.", ("cs2", "rank"),
           "heute noch ein match?", "welcher rang war ich vorher?", slot="cs2_rank"),
    Change("I'm dating Sam", "Is dating Sam.", "Sam and I broke up, I'm single now", "Is single.", ("relationship",),
           "valentines plans? lol", "who was I seeing before?"),
    Change("my girlfriend Ana is great", "Has a girlfriend named Ana.", "Ana and I split up last month", "Is single.",
           ("relationship",), "any plans this weekend?", "did I use to have a girlfriend?", slot="relationship"),
    Change("mi novio se llama Leo", "Has a boyfriend named Leo.", "terminamos, ya no estoy con Leo", "Is single.",
           ("relationship",), "¿planes para el finde?", "¿con quién estaba antes?", slot="relationship"),
    Change("my dog is called Rex", "Has a dog named Rex.", "we renamed Rex to Max lol", "Has a dog named Max.",
           ("pets", "dog"), "walking the dog now", "what was my dog called before?"),
    Change("my cat is Miso", "Has a cat named Miso.", "Miso passed away, we adopted a cat called Tofu now",
           "Has a cat named Tofu.", ("pets", "cat"), "the cat is being weird", "what cat did I have before Tofu?", slot="cat"),
    Change("meu cachorro se chama Thor", "Has a dog named Thor.", "Thor morreu, agora temos a Luna", "Has a dog named Luna.",
           ("pets", "dog"), "vou passear com o cachorro", "qual era meu cachorro antes?", slot="dog"),
    Change("I study biology at uni", "Studies biology.", "changed my major to computer science", "Studies computer science.",
           ("university", "major"), "exam tomorrow", "what did I study before?", slot="major"),
    Change("my team is Fnatic", "Supports Fnatic.", "I support G2 Esports now, no longer Fnatic", "Supports G2 Esports.",
           ("esports", "team"), "LEC tonight!", "which team did I support in the past?"),
    Change("I use a PS5", "Plays on PS5.", "sold the PS5, I'm on PC now", "Plays on PC.", ("platform",),
           "new patch is out", "what did I play on last year?", slot="platform"),
]  # fmt: skip

_NUMBERED = re.compile(r"^(\d+)\. (.+)$", re.M)


def scripted(changes: list[Change]) -> Callable[[Body], Body]:
    """What a good model answers: the old fact when told it, the new one (by slot or `replaces`) when told the change."""

    def answer(body: Body) -> Body:
        said = " ".join(conversation_lines(body))
        shown = {text: int(number) for number, text in _NUMBERED.findall(body["messages"][-1]["content"])}
        memories = []
        for change in changes:
            item = {"topics": list(change.topics), "expiration": "30d", "importance": "high", "key": change.slot}
            if change.changed in said:
                replaces = None if change.slot else shown.get(change.old)
                memories.append({**item, "memory": change.new, "replaces": replaces})
            elif change.told in said:
                memories.append({**item, "memory": change.old})
        return {"memories": memories, "profile_update": None, "forget": []}

    return answer


async def test_the_current_value_is_in_the_block_and_the_old_one_only_when_asked_about_the_past(
    make_settings: SettingsFactory, fake_llm: FakeLLM
) -> None:
    assert len(CHANGES) >= 25
    fake_llm.chat = echoing_chat
    fake_llm.tools["extract_memories"] = scripted(CHANGES)
    services = Services(make_settings(), chat_cooldown_seconds=0)
    await services.start()
    out = io.StringIO()
    chat = TerminalChat(services, Speaker(FIRST_MEMBER, "Member", "general", 1), out)
    failures: list[str] = []
    try:
        for index, change in enumerate(CHANGES):
            await chat.handle_line(f"/as {FIRST_MEMBER + index} Member{index}")
            for line in (change.told, change.changed):
                await chat.handle_line(line)
                await services.tasks.drain(10)
            await chat.handle_line(change.now_asked)
            now_block = system_prompt(fake_llm)
            if change.new not in now_block or change.old in now_block:
                failures.append(f"{change.told!r}: asked now, the block had {now_block[-400:]!r}")
            await chat.handle_line(change.past_asked)
            past_block = system_prompt(fake_llm)
            earlier = [line for line in past_block.splitlines() if line.startswith("- Earlier, no longer true")]
            if change.new not in past_block or not any(change.old in line for line in earlier):
                failures.append(f"{change.told!r}: asked {change.past_asked!r}, the block had {past_block[-400:]!r}")
            before = out.tell()
            await chat.handle_line("/memory history")
            shown = out.getvalue()[before:]
            if not re.search(rf"now: #\d+ {re.escape(change.new)}.*\n  before: #\d+ {re.escape(change.old)} \(\d{{4}}-", shown):
                failures.append(f"{change.told!r}: /memory history said {shown!r}")
    finally:
        await services.close()
    assert not failures, f"{len(failures)} of {len(CHANGES)} changes:\n" + "\n".join(failures)
