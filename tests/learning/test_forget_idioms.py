"""A careless model's `forget` deletes only what the member's own words ask to forget, and nothing on an idiom.

Small models answer "forget it, let's talk about something else" or "delete my account on
steam" with a `forget` of every memory they were shown. Here the extractor is that model:
it always asks to forget every memory it was shown. What is deleted must be exactly the
memories the member's request names, in any language, and nothing when the words only
sound like a request (an idiom, a look-alike, a request about something the bot does not
hold).
"""

from __future__ import annotations

import pytest
from chat_turn import converse
from fake_llm import Body, FakeLLM
from llm_requests import extraction_input
from memory_seed import ALICE, seed_memory
from shared_database import query

from utils.runtime import Services

GTA = "Plays GTA Online with friends."
CAT = "Has a cat called Miso."
NURSE = "Works night shifts as a nurse."
JAPANESE = "Is learning Japanese."
STEAM = "Has a Steam account with 300 games."
MEMORIES = {GTA: "gta", CAT: "cat", NURSE: "job", JAPANESE: "japanese", STEAM: "steam"}

REQUESTS: list[tuple[str, set[str]]] = [
    ("please forget that I play GTA", {GTA}),
    ("forget that I play GTA", {GTA}),
    ("forget my cat", {CAT}),
    ("can you forget that I work night shifts?", {NURSE}),
    ("remove my cat from your memory", {CAT}),
    ("delete the memory about GTA", {GTA}),
    ("don't remember that I'm learning Japanese", {JAPANESE}),
    ("Stop remembering my job, I work as a nurse", {NURSE}),
    ("forget that I play GTA and that I'm learning Japanese", {GTA, JAPANESE}),
    ("hey bot, forget everything about my cat", {CAT}),
    ("I have a cat called Miso. Actually, forget that.", {CAT}),
    ("vergiss, dass ich GTA spiele", {GTA}),
    ("oublie que je joue à GTA", {GTA}),
    ("olvida que juego GTA", {GTA}),
    ("esquece que eu jogo GTA", {GTA}),
    ("dimentica che gioco a GTA", {GTA}),
    ("забудь, что я играю в GTA", {GTA}),
    ("zapomnij, że gram w GTA", {GTA}),
    ("vergeet dat ik GTA speel", {GTA}),
    ("GTA oynadığımı unut", {GTA}),
    ("GTA のことは忘れてください", {GTA}),
    ("那个 GTA 的事忘掉吧", {GTA}),
    ("GTA 얘기는 잊어줘", {GTA}),
]
"""Real requests: only the memory they name goes, although the model asked for all five."""

IDIOMS: list[str] = [
    "forget it, let's talk about something else",
    "forget the haters",
    "drop it",
    "delete my account on steam",
    "never mind",
    "forget about it",
    "whatever, forget it",
    "nah forget it, not important",
    "forget him, he's not worth it",
    "remove my mod from the server",
    "clear my cache and try again",
    "vergiss es, lass uns über was anderes reden",
    "ach, vergiss es",
    "vergiss die Hater",
    "lösch mein Konto bei Steam",
    "oublie ça, parlons d'autre chose",
    "oublie les rageux",
    "supprime mon compte Steam",
    "olvídalo, hablemos de otra cosa",
    "olvídate de los haters",
    "borra mi cuenta de Steam",
    "esquece isso, vamos falar de outra coisa",
    "esquece os haters",
    "apaga minha conta da Steam",
    "dimenticalo, parliamo d'altro",
    "cancella il mio account Steam",
    "забудь, давай о другом",
    "забудь про хейтеров",
    "удали мой аккаунт в стиме",
    "zapomnij, pogadajmy o czymś innym",
    "usuń moje konto na Steamie",
    "vergeet het maar, laten we over iets anders praten",
    "vergeet de haters",
    "verwijder mijn account op Steam",
    "boşver, unut gitsin",
    "Steam のアカウントを消して",
    "算了，忘掉吧，我们聊点别的",
    "删除我的 steam 账号",
    "됐어, 잊어버려. 다른 얘기 하자",
    "스팀 계정 삭제해",
]
"""Idioms and requests about something else: nothing the bot remembers goes."""

LOOK_ALIKES: list[str] = [
    "forget that I play Minecraft",
    "I forgot my keys again",
    "don't forget to feed the cat",
    "I always forget my Japanese vocab",
]
"""A request about nothing the bot holds, and words about forgetting that ask nothing."""

CASES = [*REQUESTS, *((text, set()) for text in (*IDIOMS, *LOOK_ALIKES))]


def forgets_everything_shown(body: Body) -> dict:
    """The careless extractor: every numbered memory it was shown, to be forgotten."""
    numbers = [int(line.split(".")[0]) for line in extraction_input(body).splitlines() if line[:1].isdigit()]
    return {"memories": [], "profile_update": None, "forget": numbers}


def test_the_table_is_broad() -> None:
    assert len(CASES) >= 40
    assert len({text for text, _ in CASES}) == len(CASES)
    assert len(REQUESTS) >= 20 and len(IDIOMS) >= 20


@pytest.mark.parametrize(("text", "asked"), CASES, ids=[text[:40] for text, _ in CASES])
async def test_a_careless_forget_deletes_only_what_was_asked(
    services: Services, fake_llm: FakeLLM, database_url: str, text: str, asked: set[str]
) -> None:
    for memory_text, topic in MEMORIES.items():
        await seed_memory(services, ALICE, memory_text, topic)
    fake_llm.tools["extract_memories"] = forgets_everything_shown
    await converse(services, text)
    shown = extraction_input(fake_llm.tool_requests("extract_memories")[-1])
    assert all(memory_text in shown for memory_text in MEMORIES), "the model could name every memory"
    left = {row[0] for row in query(database_url, "SELECT Memory FROM UserMemory WHERE UserId = ?", ALICE)}
    assert set(MEMORIES) - left == asked
