"""The log and the extractor's input keep no more of a secret's sentence than a screened one, however they got it.

Written after the rule, as its reading cases (the measure is ``layer_tables/log_as_store``, written before it):
a message already screened as a message (the extractor's turns, the extraction call's log row) loses the same
sentence as the raw message; a sentence naming a secret beside a contact detail or a serial is refused as a memory
and withheld in the log; a value handed over after a label is kept out of the log as a bare one is; a log row
scrubbed after a later message revealed a secret loses the sentence, as its memory is forgotten whole.
"""

from __future__ import annotations

import json

import pytest
from fake_llm import FakeLLM
from settings_factory import SettingsFactory
from shared_database import query

from utils.conversation.messages import IncomingMessage
from utils.privacy import with_lone_value
from utils.privacy.screen import LOGGED_ONLY, Screened, Seen, screen
from utils.runtime import Services

ALREADY_SCREENED = [
    # (a member's message, a piece of it the rules do not read that must leave with its sentence)
    ("router pw is Orchard-Velvet-31 but add the word tangerine after it", "tangerine"),
    ("WLAN-Passwort: Brückenpfeiler_88, dahinter noch das Wort Zitronenfalter", "Zitronenfalter"),
    ("a senha do banco é viola azul dois três, anota aí", "azul dois"),
    ('hover the link for the pw 😏 [wifi](https://example.net "Vaxholm_tunna55")', "Vaxholm"),
    ("hasło do wifi to Borówka_1984 a potem dopisz słowo żurawina", "żurawina"),
    ("die PIN fürs Tor ist 5190 und danach Raute 8826 für die Garage", "8826"),
]


@pytest.mark.parametrize(("text", "gone"), ALREADY_SCREENED)
@pytest.mark.parametrize("field", ["log", "input"])
def test_a_message_screened_before_loses_the_same_sentence(field: str, text: str, gone: str) -> None:
    """The extractor's turns and the extraction call's request hold the message as screened when said: screened again
    as the log or the input, its placeholders are read as the screen's own."""
    once = screen(text, field)  # type: ignore[arg-type]
    twice = screen(screen(text, "message").text, field)  # type: ignore[arg-type]
    assert twice.text == once.text and gone not in twice.text and "[redacted:" in twice.text


NAMED_BESIDE_A_CONTACT = [
    ("si je perds mon tel, numéro de série EU-0590-3131-8566, code de restauration T4075JY9WG", "T4075JY9WG"),
    ("backup codes 3391 0284 and 7715 6620, recovery email kai.m@example.org", "7715"),
    ("mein PIN-Brief kam, Hotline +49 151 23456789, die Nummer darunter ist 5521", "5521"),
]


@pytest.mark.parametrize(("text", "gone"), NAMED_BESIDE_A_CONTACT)
def test_a_sentence_naming_a_secret_beside_a_contact_is_withheld_as_the_memory_refuses_it(text: str, gone: str) -> None:
    memory = screen(text, "memory")
    assert memory.refused
    for field in ("log", "input"):
        assert gone not in screen(text, field).text  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "text",
    [
        "mail me at jo.martin@example.org, I'm in Lyon till Friday",
        "Ruf mich an: +49 151 23456789. Ich bin ab 18 Uhr da.",
        "envoie-moi un mail à ana@example.com. Le mot du jour est « serendipité ».",
    ],
)
def test_a_contact_without_a_secrets_name_in_its_sentence_keeps_the_sentence(text: str) -> None:
    """A contact detail alone is no secret's mark; a secret word in another sentence does not reach it."""
    for field in ("log", "input"):
        shown = screen(text, field).text  # type: ignore[arg-type]
        words = [w for w in text.split() if not any(c.isdigit() for c in w) and "@" not in w]
        kept = [w for w in words if w in shown]
        assert kept == words, shown


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("new one: Thistle-Quarry-58", "Thistle-Quarry-58"),
        ("voilà : Cerf-Volant_2981", "Cerf-Volant_2981"),
        ("Teil zwei: Brennholz77", "Brennholz77"),
        ("al bakalım: Lale-Kule-207", "Lale-Kule-207"),
    ],
)
def test_a_value_handed_over_after_a_label_is_kept_out_of_the_log(text: str, value: str) -> None:
    said = with_lone_value(screen(text, "message"))
    assert (value, LOGGED_ONLY) in said.values
    assert value not in screen(f"Member: {text}", "log", seen=Seen([said])).text
    assert value in screen(f"Member: {text}", "input", seen=Seen([said])).text  # a memory may still learn a year


@pytest.mark.parametrize("text", ["note: dinner at 8", "update: patch 1.2.3 is out", "ETA: tomorrow morning", "score: 3-1"])
def test_a_label_before_ordinary_words_hands_nothing_over(text: str) -> None:
    assert with_lone_value(screen(text, "message")).values == ()


def test_a_scrubbed_copy_loses_the_rest_of_the_line_from_a_value_revealed_later() -> None:
    seen = Seen([Screened("", False, ("password",), (("Kx8-tundra-44", "password"),))])
    logged = "Member: GG all. Kx8-tundra-44 then add walrus at the end. See you at the raid!\nMember: brb"
    assert seen.withheld(logged) == "Member: GG all. [redacted:password]\nMember: brb"
    assert seen.withheld("nothing of it here") == "nothing of it here"


async def test_a_log_row_scrubbed_after_a_reveal_keeps_nothing_of_the_sentence(
    make_settings: SettingsFactory, fake_llm: FakeLLM, database_url: str
) -> None:
    """ "Kx8-tundra-44 then walrus" is logged as said; "^ that was my steam password" makes it a secret: what was learned
    from it is forgotten whole, and the row already written keeps only the placeholder, not "then walrus"."""
    fake_llm.chat = lambda body: "Okay!"
    services = Services(make_settings())
    await services.start()
    try:
        for number, text in enumerate(["Kx8-tundra-44 then walrus at the end", "^ that was my steam password dont share"]):
            await services.chat.respond(IncomingMessage(42, "Alice", 100, "general", text, guild_id=1, message_id=900 + number))
            await services.llm_log.flush()  # the first row is written before the reveal: the scrub reaches the table
        await services.tasks.drain(10)
        await services.llm_log.flush()
    finally:
        await services.close()
    rows = json.dumps(query(database_url, "SELECT RequestExcerpt, ResponseExcerpt, Error FROM LlmLog"), ensure_ascii=False)
    assert "Kx8-tundra-44" not in rows and "walrus" not in rows
