"""What the extractor proposes that is kept: junk, someone else's facts, an unrequested forget (tables)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from utils.memory.extraction import ExtractionResult
from utils.memory.extraction_rules import worth_extracting
from utils.memory.forget_requests import asks_to_forget
from utils.memory.vetting import (
    about_someone_else,
    echoes_prompt,
    names_of_the_member,
    says_something,
    vet,
)
from utils.monitor.analysis import MessageFinding
from utils.storage.records import MemoryRecord

EARLIER = datetime(2026, 1, 1, tzinfo=UTC)
LATER = EARLIER + timedelta(days=30)

# ----------------------------------------------------------------------------- junk vs real
JUNK = [
    "1d",
    "][",
    "💡",
    "1.0",
    "null",
    "None",
    "{{message}}",
    "{{ name }} likes {{ thing }}",
    "{name}",
    "<name> likes tea",
    "42",
    "3.14159",
    "...",
    "!!!",
    "🎮🔥👾",
    "¯\\_(ツ)_/¯",
    "[]",
    "{}",
    '""',
    "N/A",
    "true",
    "undefined",
    "memory",
    "string",
    "example",
    "7d permanent",
    "1d 3d 7d",
    "-",
    "#1",
    "12345",
    "ok",
    "x",
    "Profile: null",
    "User: hi there",
    "Bot: sure thing!",
    "=== PROFILE OF Alice ===",
    "(nothing yet)",
    "(no profile yet)",
    "$memory",
    "%s likes %s",
    "[memory]",
    "a",
    "Vegetarian",
    "🐱 🐶",
    "100%",
    "2024-05-01",
    "v1.2.3",
    "null null",
    "memory text",
]
REAL = [
    "Likes tea",
    "Mag Katzen",
    "猫が好き",
    "Is a nurse from Lyon.",
    "Plays guitar every day.",
    "Has a sister named Ana.",
    "Rank 500 in GTA",
    "Aime le thé vert.",
    "Vive en Madrid.",
    "Mora em Lisboa.",
    "Lavora come infermiera.",
    "Любит кошек.",
    "Woont in Utrecht.",
    "Mieszka w Krakowie.",
    "喜欢喝茶",
    "고양이를 좋아함",
    "ชอบแมวมาก",
    "يحب القهوة كثيرا",
    "אוהב חתולים",
    "Owns 3 cats.",
    "Got a PS5 for Christmas.",
    "Runs 5k every morning.",
    "Is learning Japanese.",
    "Works at a bakery.",
    "Hates mornings 😴",
    "Started a new job on Monday.",
    "Alice is a nurse.",
    "Has two kids.",
    "Moved to Berlin in 2023.",
    "Plays Elden Ring.",
    "Likes tea 🍵",
    "Is tilted after losing 5 games.",
    "Studies C++ at uni.",
    "Prefers dark mode.",
    "Mostly plays Valorant ranked.",
]


@pytest.mark.parametrize("text", JUNK)
def test_junk_is_not_a_memory(text: str) -> None:
    assert not says_something(text)


@pytest.mark.parametrize("text", REAL)
def test_short_real_memories_in_many_languages_are(text: str) -> None:
    assert says_something(text)


@pytest.mark.parametrize(
    ("text", "said", "echo"),
    [
        ("Is grinding GTA to reach rank 500.", "I baked bread today", True),
        ("Is grinding GTA to reach rank 500.", "grinding GTA again for rank 500", False),
        ("Extract what is worth remembering about", "hi", True),
        ("one short third-person sentence", "I like tea", True),
        ("Never store what the bot said", "whatever", True),
        ("Likes tea a lot.", "I like tea", False),
        ("Plays guitar every day.", "guitar daily", False),
    ],
)
def test_echoes_of_the_prompt_unless_the_member_said_it(text: str, said: str, echo: bool) -> None:
    assert echoes_prompt(text, [said]) is echo


def test_the_tables_are_big_enough() -> None:
    assert len(JUNK) >= 30 and len(REAL) >= 30


# ----------------------------------------------------------------------------- someone else's facts
SOMEONE_ELSE = [
    "Bob's real name is Robert and he lives at 12 Elm St",
    "Bob’s address is 12 Elm St.",
    "Bob lives at 12 Elm St.",
    "Bob is a thief.",
    "Carol works at the bank downtown.",
    "Dave said he cheated on his exam.",
    "Knows <@123456789012345678> lives in Leeds.",
    "Thinks <@!123456789012345678> is annoying.",
    "Says @bob stole his lunch.",
    "Doesn't like <@&555> role.",
    "Pinged @everyone about the raid.",
    "Боб живёт на улице Вязов.",
    "Marie habite à Paris.",
    "Juan tiene deudas.",
    "Klaus wohnt in München.",
    "Giulia lavora in banca.",
    # a relative with something about them is their fact, not the member's; "Has a sister named Ana" stays
    "Their dad is a pilot.",
    "Dad is a pilot.",
]
ABOUT_THE_MEMBER = [
    "Has a sister named Ana.",
    "Alice is a nurse.",
    "Alice's cat is called Miso.",
    "Plays Valorant with Bob every Friday.",
    "Likes tea.",
    "Is a nurse from Lyon.",
    "Has had a rough week.",
    "Just had a baby.",
    "She lives in Leeds.",
    "Mag Katzen.",
    "Hat eine Katze.",
    "Est infirmière.",
    "Works at a bakery.",
    "Is friends with Carol.",
    "Watches Bob Ross videos to relax.",
    "Mostly plays Valorant ranked.",
    "Usually works nights.",
]


@pytest.mark.parametrize("text", SOMEONE_ELSE)
def test_claims_about_someone_else_are_refused(text: str) -> None:
    assert about_someone_else(text, "Alice", {"bob"})


@pytest.mark.parametrize("text", ABOUT_THE_MEMBER)
def test_facts_of_the_member_that_name_people_are_kept(text: str) -> None:
    assert not about_someone_else(text, "Alice", set())


def test_a_name_the_member_mentioned_is_someone_else_even_mid_sentence() -> None:
    assert about_someone_else("Thinks bob's brother is rich.", "alice", {"bob"})
    assert not about_someone_else("Thinks bob's brother is rich.", "alice", set())
    assert not about_someone_else("Alice Smith is a nurse.", "Alice Smith", set())


# ----------------------------------------------------------------------------- asked to forget
ASKS = [
    "forget that",
    "Please forget what I said about my job",
    "can you forget my address?",
    "ok forget it",
    "hey bot, forget everything about my ex",
    "delete that please",
    "remove my cat from your memory",
    "don't remember that",
    "Stop remembering my birthday.",
    "please don't store this",
    "pls don’t save that",
    "I want you to forget my old job",
    "vergiss das bitte",
    "Vergiss es.",
    "lösch das",
    "merk dir das nicht",
    "oublie ça",
    "Oubliez ce que j'ai dit",
    "olvídalo",
    "olvida lo de mi trabajo",
    "bórralo",
    "elimínalo por favor",
    "Entferne das bitte",
    "esquece isso",
    "dimenticalo per favore",
    "забудь это",
    "zapomnij o tym",
    "vergeet dat",
    "bunu unut",
    "忘れてください",
    "那个忘掉吧",
    "잊어줘",
]
DOES_NOT_ASK = [
    "I forgot my keys",
    "I always forget my keys",
    "I forget things easily",
    "don't forget to buy milk",
    "Please don't forget my birthday!",
    "I don't remember his name",
    "I don’t remember his name",
    "I can't remember where I parked",
    "She forgot her lines on stage",
    "Delete key is broken on my keyboard",
    "I removed the batteries",
    "remove the batteries first, then reset it",
    "vergiss nicht, Milch zu kaufen",
    "Ich vergesse immer meine Schlüssel",
    "J'oublie toujours mes clés",
    "N'oublie pas le pain",
    "oublie pas le pain",
    "Se me olvida todo",
    "no olvides la leche",
    "não esqueça o leite",
    "Eu esqueço tudo",
    "non dimenticare il latte",
    "не забудь купить молоко",
    "nie zapomnij o mleku",
    "vergeet niet de melk",
    "ik vergeet alles",
    "unutma bunu",
    "忘れないでね",
    "我忘了钥匙",
    "잊어버렸어",
    "the forgotten realms is my favourite setting",
    "I love that game Unforgettable",
]


@pytest.mark.parametrize("text", ASKS)
def test_the_members_own_request_to_forget(text: str) -> None:
    assert asks_to_forget([text])


@pytest.mark.parametrize("text", ASKS)
def test_a_request_to_forget_always_reaches_the_extractor(text: str) -> None:
    assert worth_extracting(text)


@pytest.mark.parametrize("text", DOES_NOT_ASK)
def test_words_about_forgetting_that_ask_nothing(text: str) -> None:
    assert not asks_to_forget([text])


# ----------------------------------------------------------------------------- one answer
def test_vet_keeps_what_may_be_kept_and_nothing_else() -> None:
    answer = ExtractionResult.model_validate(
        {
            "memories": [
                {"memory": "Likes tea", "topics": ["tea"]},
                {"memory": "1d", "topics": ["x"]},
                {"memory": "Bob's real name is Robert and he lives at 12 Elm St", "topics": ["bob"]},
                {"memory": "{{message}}", "topics": []},
            ],
            "profile_update": "Alice is a nurse. Bob is a thief. She loves tea.",
            "forget": [1, 2],
        }
    )
    shown = [
        MemoryRecord(1, 42, "Works night shifts as a nurse.", ("job",), "medium", LATER, "chat", EARLIER),
        MemoryRecord(2, 42, "Wants a new job in Lyon.", ("job", "lyon"), "medium", LATER, "chat", EARLIER),
    ]
    vetted = vet(answer, member_name="Alice", member_texts=["I like tea, and @bob is a thief lol"], shown=shown)
    assert [m.memory for m in vetted.memories] == ["Likes tea"]
    assert vetted.profile_update == "Alice is a nurse. She loves tea."
    assert vetted.forget == []
    asked = vet(answer, member_name="Alice", member_texts=["forget what I said about my job"], shown=shown)
    assert asked.forget == [1, 2]
    junk_profile = answer.model_copy(update={"profile_update": "null"})
    assert vet(junk_profile, member_name="Alice", member_texts=[]).profile_update is None


@pytest.mark.parametrize(
    ("texts", "profile", "names"),
    [
        (["my name is Alicia btw"], "", {"alicia"}),
        (["me llamo Lucía y soy enfermera"], "", {"lucía"}),
        (["ich heiße Jürgen"], "", {"jürgen"}),
        (["je m’appelle Élodie"], "", {"élodie"}),
        (["меня зовут Аня"], "", {"аня"}),
        ([], "Alicia is a nurse from Lyon. She plays Mercy.", {"alicia"}),
        ([], "Alicia's cat is Miso.", {"alicia"}),
        (["I'm tired", "call me maybe"], "Plays Mercy.", {"maybe"}),
    ],
)
def test_names_of_the_member(texts: list[str], profile: str, names: set[str]) -> None:
    assert names_of_the_member(texts, profile) == names


def test_a_profile_under_the_members_real_name_keeps_its_sentences() -> None:
    """The display name is "Ali"; the profile calls her Alicia, as she said once, long ago."""
    answer = ExtractionResult.model_validate(
        {"memories": [{"memory": "Alicia works nights.", "topics": []}], "profile_update": "Alicia is a nurse. Bob is a thief."}
    )
    vetted = vet(answer, member_name="Ali", member_texts=["long shift today"], profile="Alicia is a nurse.")
    assert vetted.profile_update == "Alicia is a nurse." and [m.memory for m in vetted.memories] == ["Alicia works nights."]
    told = vet(answer, member_name="Ali", member_texts=["my name is Alicia, long shift today"])
    assert told.profile_update == "Alicia is a nurse."
    unknown = vet(answer, member_name="Ali", member_texts=["long shift today"])
    assert unknown.profile_update is None and unknown.memories == []


@pytest.mark.parametrize("note", ["1d", "][", "💡", "1.0", "{{note}}", "null", "Seems tilted."])
def test_the_monitors_note_must_say_something_too(note: str) -> None:
    fields = {name for name, f in MessageFinding.model_fields.items() if f.is_required()}
    finding = MessageFinding.model_validate({**dict.fromkeys(fields, 1), "note_update": note})
    assert finding.note_update == ("Seems tilted." if note == "Seems tilted." else None)
