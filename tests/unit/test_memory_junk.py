"""Junk real small models proposed (SmolLM2-135M, Gemma 3 270M behind llama.cpp) against real memories (tables).

Every JUNK string must be refused as a memory and must never become (or replace) a
profile; every REAL one is kept, with its HTML entities decoded. The look-alikes in
REAL are what a member really says: file names inside a sentence, their own numbered
list, memories about AI, dates written "3. Mai", titles such as "Your Name".
"""

from __future__ import annotations

import pytest

from utils.memory.extraction import ExtractionResult
from utils.memory.junk import clean, junk_reason, unescape
from utils.memory.vetting import vet

MEMBER = "Jordan"
SAID = ["I just got a new puppy named Biscuit and we're planning a camping trip with my sister"]
BOT = ["Aww, Biscuit sounds adorable! I'd love to hear more about the camping trip with your sister."]

JUNK = [
    # file names and hashes
    "2e89467f5cdeaaebcaabcdccdddceadzx.txt",
    "peak_camping_museum.jpg",
    "IMG_20240513_184455.jpg",
    "screenshot-2024-05-01.png",
    "a3f5c9e1b2d4f6a8c0e2.bin",
    "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08",
    "camping_trip_notes.docx",
    "memory_0042.json",
    "Jordan_profile_v2.txt",
    "e3b0c44298fc1c149afbf4c8996fb924",
    # numbered echoes of the prompt's lists
    "4. We're planning a camping trip with my sister",
    "1. Has a new puppy",
    "2) Likes camping",
    "3. Is planning a trip.",
    "a) Owns a dog named Biscuit",
    # HTML-escaped junk (llama.cpp's chatml-function-calling escapes every message)
    "I&amp;#39;d love to hear more!",
    "Sure&#33; Here are the memories&#58;",
    "&lt;|im_end|&gt;",
    "&amp;lt;|im_start|&amp;gt;assistant",
    # the bot's voice
    "That sounds like a lot of fun with your sister!",
    "I'd love to hear more about the camping trip.",
    "I would love to see pictures of Biscuit!",
    "Have fun camping with your sister",
    "Let me know how the trip goes!",
    "Congratulations on the new puppy!",
    "Aww, Biscuit sounds adorable!",
    "Sounds like an amazing weekend.",
    "Feel free to share more about Biscuit.",
    "That's awesome, enjoy the trip!",
    "What a lovely name for a puppy.",
    "Hope you have a great time camping.",
    "Is going camping with your sister.",
    "Wird mit deiner Schwester zelten.",
    "Va camper avec ta sœur, amuse-toi bien avec vous",
    "Va de campamento contigo.",
    # the bot's reply attributed to the member's pet
    "Biscuit would love to hear more about the camping trip",
    "Biscuit sounds adorable and would love to hear more",
    # chat-template tokens
    "<|im_end|>",
    "<|im_start|>",
    "<|im_start|>assistant",
    "[INST]",
    "[/INST]",
    "<<SYS>>",
    "<</SYS>>",
    "<start_of_turn>model",
    "<end_of_turn>",
    "<|eot_id|>",
    "<|endoftext|>",
    "[INST] <<SYS>>",
    "<|start_header_id|>assistant<|end_header_id|>",
    # assistant boilerplate
    "I am an AI language model.",
    "As an AI language model, I cannot store personal information.",
    "I'm just an AI, I don't have memories.",
    "I cannot store personal data.",
    "Sure! Here are the memories:",
    "Here are the extracted memories:",
    "Here is the updated profile:",
    "Okay, here you go",
    "Certainly! Based on the conversation, here is what I found",
    "Based on the conversation, the user likes camping.",
    "Memories:",
    "Extracted facts:",
    "Hier sind die Erinnerungen:",
    "Voici les souvenirs :",
    "Claro, aquí están los recuerdos:",
    "Als KI kann ich das nicht speichern.",
    "En tant qu'IA, je ne peux pas.",
    "Como modelo de lenguaje, no puedo recordar.",
    "No new information to remember.",
    "There is no new information.",
    "Nothing new to remember about Jordan.",
    "The user did not share any personal information.",
    # expiry values and schema fields as text
    "30d",
    "7d",
    "3d",
    "permanent",
    "30 days",
    "7d, high",
    "high",
    "importance: high",
    "expiration: 30d",
    "memory: Likes camping",
    "topics: pets, camping",
    "profile_update: null",
    "key = main_game",
]
REAL = [
    "Has a new puppy named Biscuit.",
    "Is planning a camping trip with their sister.",
    "Likes tea",
    "Works as an AI researcher in Berlin.",
    "Is building an AI assistant for their bakery.",
    "Thinks AI language models are overhyped.",
    "Uses ChatGPT to study for exams.",
    "Works as an assistant manager at a cinema.",
    "Is learning how large language models work.",
    "Fine-tunes Llama models on weekends.",
    "Shared peak_camping_museum.jpg from their hike.",
    "Keeps their thesis in thesis_final_v3.docx and backs it up nightly.",
    "Streams with OBS and saves clips as highlights.mp4.",
    "Mods Skyrim and edits Skyrim.ini by hand.",
    "Ranked their top games: 1. Elden Ring, 2. Hades, 3. Celeste.",
    "Top 3 anime: Frieren, Mushishi, Monster",
    "Hat am 3. Mai Geburtstag.",
    "Ist Fan vom 1. FC Köln.",
    "Loves the film Your Name.",
    "Sings 'You Are My Sunshine' to their daughter.",
    'Their favourite song is "Someone Like You".',
    "Plays guitar every day.",
    "Is a nurse from Lyon.",
    "Aime le thé vert.",
    "Joue de la guitare depuis dix ans.",
    "Aime le jeu du moment, Balatro.",
    "Vive en Madrid con su perro.",
    "Ya tiene dos gatos.",
    "Mag Katzen und Hunde.",
    "Wohnt in Hamburg und arbeitet als Lehrerin.",
    "Spielt jeden Freitag Schach.",
    "Mora em Lisboa e estuda medicina.",
    "Adora cucinare la pasta fresca.",
    "Живёт в Казани и играет в доту.",
    "猫が好き",
    "在上海工作",
    "고양이를 좋아한다",
    "Ama los perros.",
    "Tiene una hermana llamada Ana.",
    "Is grinding to reach rank 500 in GTA.",
    "Mains Jett in Valorant.",
    "Has a sister named Ana.",
    "Is going to Japan in April.",
    "Just had a baby girl.",
    "Is vegetarian and loves cooking curry.",
    "Prefers R&D roles over management.",
    "Works at AT&T as a technician.",
    "Eats fish&chips every Friday.",
    "Likes rock & roll.",
    "Played 2048 all night.",
    "Sleeps only 5 hours before raids.",
    "Owns a 3080 and a 27 inch monitor.",
    "Has a golden retriever named Max who loves walks.",
    "Is studying for the AWS exam.",
    "Runs a Minecraft server for friends.",
    "Can't eat gluten.",
    "Enjoys hiking in the Alps.",
    "Is sorry they missed the raid.",
    "Wants to learn Japanese.",
    "Their dog Biscuit is four months old.",
    "Is nervous about the exam on Friday.",
    "Started a new job at a bakery.",
    "Congratulated their friend on a new job.",
    "Thinks the new patch ruined ranked.",
    "Is saving up for a Steam Deck.",
    "Listens to lo-fi while coding.",
    "Has been playing piano since age six.",
]
ESCAPED = [
    ("I&#39;m learning Rust.", "I'm learning Rust."),
    ("Jordan&amp;#39;s dog is named Biscuit.", "Jordan's dog is named Biscuit."),
    ("Likes rock &amp;amp; roll.", "Likes rock & roll."),
    ("Watches &quot;Frieren&quot; weekly.", 'Watches "Frieren" weekly.'),
    ("Aime le th&eacute; vert.", "Aime le thé vert."),
    ("Prefers R&D over sales.", "Prefers R&D over sales."),
    ("Likes fish&chips", "Likes fish&chips"),
    ("Writes games in C&#43;&#43; and Lua.", "Writes games in C++ and Lua."),
]


def _vetted(memory: str = "", profile: str | None = None, current: str = "") -> ExtractionResult:
    memories = [{"memory": memory, "topics": ["pets"], "expiration": "7d", "importance": "medium"}] if memory else []
    result = ExtractionResult.model_validate({"memories": memories, "profile_update": profile})
    return vet(result, member_name=MEMBER, member_texts=SAID, profile=current, bot_texts=BOT)


def test_the_tables_are_large_enough() -> None:
    assert len(JUNK) >= 60 and len(REAL) >= 60 and len(set(JUNK)) == len(JUNK) and len(set(REAL)) == len(REAL)


@pytest.mark.parametrize("text", JUNK)
def test_junk_is_never_a_memory(text: str) -> None:
    assert _vetted(text).memories == []


@pytest.mark.parametrize("text", JUNK)
def test_junk_never_becomes_a_profile(text: str) -> None:
    assert _vetted(profile=text, current="Jordan is a nurse from Lyon.").profile_update is None


@pytest.mark.parametrize("text", REAL)
def test_real_memories_are_kept(text: str) -> None:
    assert [m.memory for m in _vetted(text).memories] == [text]


@pytest.mark.parametrize("text", REAL)
def test_real_profiles_are_kept(text: str) -> None:
    assert _vetted(profile=text).profile_update == text


@pytest.mark.parametrize(("escaped", "plain"), ESCAPED)
def test_html_entities_are_unescaped_before_anything_else(escaped: str, plain: str) -> None:
    assert unescape(escaped) == plain
    assert [m.memory for m in _vetted(escaped).memories] == [plain]


def test_a_profile_loses_only_its_junk_sentences() -> None:
    update = "Sure! Here are the memories: Jordan has a puppy named Biscuit. I'd love to hear more! <|im_end|>"
    assert _vetted(profile=update).profile_update == "Jordan has a puppy named Biscuit."


def test_topics_are_unescaped_too() -> None:
    result = ExtractionResult.model_validate({"memories": [{"memory": "Likes rock music.", "topics": ["rock &amp;amp; roll"]}]})
    assert vet(result, member_name=MEMBER, member_texts=SAID).memories[0].topics == ["rock & roll"]


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("Likes camping.<|im_end|>", None),
        ("<|im_start|>assistant Likes camping.", None),
        ("30d", "an expiry or importance value"),
        ("peak_camping_museum.jpg", "a file name or a hash"),
    ],
)
def test_template_tokens_around_a_fact_leave_the_fact(text: str, reason: str | None) -> None:
    assert junk_reason(clean(text)) == reason


def test_a_profile_fact_the_bot_repeated_stays_in_the_profile() -> None:
    result = ExtractionResult.model_validate({"profile_update": "Alicia is a nurse from Lyon who plays guitar. Got a new amp."})
    kept = vet(
        result,
        member_name="Alicia",
        member_texts=["I got a new amp today"],
        profile="Alicia is a nurse from Lyon who plays guitar.",
        bot_texts=["A nurse from Lyon who plays guitar and now a new amp, nice!"],
    )
    assert kept.profile_update == "Alicia is a nurse from Lyon who plays guitar. Got a new amp."
