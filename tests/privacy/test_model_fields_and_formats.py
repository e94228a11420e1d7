"""Regressions of the third adversarial pass: what a model returns in its other fields, a secret the
member said and the model restates bare, vendor keys and numbers in ordinary phrasing, and the
bot's own domain (Discord ids, ``hf_`` names in code) left alone."""

from __future__ import annotations

import json

import pytest
from chat_turn import converse
from extractor_answers import memory, remembers
from fake_llm import FakeLLM
from shared_database import query
from stdnum import luhn

from utils.memory.extraction import ExtractedMemory
from utils.monitor.analysis import MessageFinding
from utils.privacy.screen import Seen, screen
from utils.runtime import Services

AWS = "AKIAQ3EGRB5WXZ7KM2PV"
IBAN = "GB82WEST12345698765432"


@pytest.mark.parametrize("secret", [AWS, IBAN, "ghp_A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8", "DE89 3704 0044 0532 0130 00"])
def test_a_topic_holding_a_case_sensitive_secret_is_dropped_before_it_is_folded(secret: str) -> None:
    extracted = ExtractedMemory.model_validate({"memory": "Plays chess", "topics": [secret, "Chess"]})
    assert extracted.topics == ["chess"]


@pytest.mark.parametrize("secret", [AWS, IBAN, "sk_live_4eC39HqLyjWDarjtT1zdp7dc"])
def test_a_slot_key_holding_a_case_sensitive_secret_is_refused_before_it_is_folded(secret: str) -> None:
    assert ExtractedMemory.model_validate({"memory": "Plays chess", "key": secret}).key is None
    assert ExtractedMemory.model_validate({"memory": "Plays chess", "key": "Main Game"}).key == "main_game"


@pytest.mark.parametrize("secret", [AWS, IBAN])
def test_a_monitor_topic_category_holding_a_secret_is_dropped(secret: str) -> None:
    finding = MessageFinding.model_validate({"index": 0, "toxicity": 0, "topic_category": secret, "categories": [secret, "spam"]})
    assert finding.topic_category is None and finding.categories == ["spam"]


def test_a_memory_cut_to_its_column_is_screened_first() -> None:
    key = "sk_live_4eC39HqLyjWDarjtT1zdp7dc"
    text = "Talks about their billing setup a lot, " * 12 + f"and their key {key}"
    start = 500 - 12
    text = text[:start] + f" key {key} and more words after it"
    extracted = ExtractedMemory.model_validate({"memory": text})
    screened = screen(extracted.memory, "memory", limit=500)
    assert len(screened.text) <= 500 and "sk_live_4eC" not in screened.text


@pytest.mark.parametrize(
    "restated",
    [
        "Uses Zebra-Kappa-4471 on every site.",
        "Their go-to phrase is zebra-kappa-4471.",
        "Likes the string ZEBRA-KAPPA-4471.",
    ],
)
def test_a_value_screened_from_the_members_message_is_screened_from_the_models_answer(restated: str) -> None:
    seen = Seen([screen("my password is Zebra-Kappa-4471", "message")])
    assert screen(restated, "memory").refused is False  # no rule sees it bare
    assert screen(restated, "memory", seen=seen).refused


@pytest.mark.parametrize(
    ("said", "restated"),
    [
        ("my password is Straßenbahn2024!", "Uses Straßenbahn2024! on Steam"),
        ("my password is Straßenbahn2024!", "uses straßenbahn2024! on steam"),
        ("my password is Straßenbahn2024!", "Uses STRASSENBAHN2024! on Steam"),
        ("mein Passwort ist Größe-Maß-77", "Nutzt größe-maß-77 überall"),
        ("пароль: Ёлка-Зима-2024", "Uses ёлка-зима-2024 everywhere"),
        ("şifrem İstanbul-1453", "Uses istanbul-1453 everywhere"),
    ],
)
def test_a_value_is_found_however_the_model_changes_its_case(said: str, restated: str) -> None:
    seen = Seen([screen(said, "message")])
    assert seen, said
    assert screen(restated, "memory", seen=seen).refused, restated


def test_a_number_screened_from_the_message_is_found_whatever_its_separators() -> None:
    seen = Seen([screen("my card is 4111 1111 1111 1111", "message")])
    assert "4111" not in screen("Card on file: 4111111111111111 (visa).", "log", seen=seen).text


async def test_a_secret_the_model_restates_bare_is_stored_nowhere(
    services: Services, fake_llm: FakeLLM, database_url: str
) -> None:
    fake_llm.tools["extract_memories"] = remembers(
        memory("Uses Zebra-Kappa-4471 for Steam and Discord.", "steam"),
        memory("Plays chess at the club on Tuesdays.", "chess", "zebra-kappa-4471", key="login_zebra_kappa_4471"),
        profile="Alice plays chess; her usual login is Zebra-Kappa-4471.",
    )
    await converse(services, "my password is Zebra-Kappa-4471 btw, and I play chess on Tuesdays")
    stored = json.dumps(query(database_url, "SELECT Memory, Topics, SlotKey FROM UserMemory"), ensure_ascii=False)
    assert "4471" not in stored.casefold() and "Plays chess at the club on Tuesdays." in stored
    assert "4471" not in services.memory.profile(42)


def _luhn_valid_snowflake() -> int:
    candidate = 1163284750943812345
    while not luhn.is_valid(str(candidate)):
        candidate += 1
    return candidate


async def test_a_memory_holding_a_discord_id_is_stored_as_it_is(services: Services, fake_llm: FakeLLM, database_url: str) -> None:
    snowflake = _luhn_valid_snowflake()
    fake_llm.tools["extract_memories"] = remembers(memory(f"Their alt account has the Discord id {snowflake}.", "alt account"))
    await converse(services, f"my alt is <@{snowflake}>, id {snowflake}")
    assert query(database_url, "SELECT Memory FROM UserMemory") == [(f"Their alt account has the Discord id {snowflake}.",)]


@pytest.mark.parametrize(
    "text",
    [
        "from huggingface_hub import hf_hub_download",
        "call hf_HubDownloadWithRetriesAndCaching when offline",
        "hf_DatasetBuilderConfigForTextClassification is the class",
        "set hf_transfer_enabled_for_large_uploads to true",
        "my id is 1163284750943812347 and yours 815728376104349716",
        "https://discord.com/channels/815728376104349716/1163284750943812347/1199028374651092831",
    ],
)
def test_the_bots_own_domain_passes_unchanged(text: str) -> None:
    assert screen(text, "memory").text == text


# (what a member writes, what must be gone)
VENDOR_PHRASINGS = [
    ("github_pat_11ABCDEFG0aB3xY9kLmN7q_Zt5RwU2vS8pQ1nM4kJ7hG6fD3sA9zX2cV5bN8mQ1wE4rT7yU0iO3pL6kJ9hG2", "Zt5RwU2vS8pQ1nM4"),
    ("my token is 9f8e7d6c5b4a39281706f5e4d3c2b1a0f9e8d7c6", "9f8e7d6c5b4a3928"),
    ("key = k7xq2m9p4w8z3n6v", "k7xq2m9p4w8z3n6v"),
    ("what's my api key? oh it's a8f3k2m9q1w7e4r6", "a8f3k2m9q1w7e4r6"),
    ("the webhook is hooks.slack.com/services/T0ABCDEFG/B0HIJKLMN/aB3xY9kLmN7qZt5RwU2vS8pQ", "aB3xY9kLmN7qZt5R"),
    (
        "teams: https://contoso.webhook.office.com/webhookb2/1a2b3c4d-1a2b-1a2b-1a2b-1a2b3c4d5e6f@9a8b7c6d-9a8b-9a8b-"
        "9a8b-9a8b7c6d5e4f/IncomingWebhook/0123456789abcdef0123456789abcdef/1a2b3c4d-1a2b-1a2b-1a2b-1a2b3c4d5e6f",
        "0123456789abcdef0123",
    ),
    ("steam login: alice_w / Tr0ub4dor&3", "Tr0ub4dor&3"),
    ("login: bob pass: hunter22x", "hunter22x"),
    ("my recovery codes: 8f3k2m9q 7h2j4k1l", "7h2j4k1l"),
    ("my cloudflare key: 4f9a8b7c6d5e4f3a2b1c0d9e8f7a6b5c4d3e2f1a", "4f9a8b7c6d5e4f3a"),
    ("dop_v1_" + "a1b2c3d4" * 8, "a1b2c3d4a1b2c3d4"),
    ("use shpat_0123456789abcdef0123456789abcdef for the store", "0123456789abcdef0123"),
    ("pplx-" + "Ab1Cd2Ef3Gh4" * 4 + " is the perplexity one", "Ab1Cd2Ef3Gh4Ab1C"),
]
NUMBER_PHRASINGS = [
    ("call me on 0161 496 0000", "496 0000"),
    ("my number is 020 7946 0958", "7946 0958"),
    ("whatsapp: 98765 43210", "98765 43210"),
    ("text me at 0412 345 678", "345 678"),
    ("my ITIN is 912-70-1234", "912-70-1234"),
    ("ssn 219 09 9999", "219 09 9999"),
    ("SSN 219.09.9999", "219.09.9999"),
    ("my social is 219099999", "219099999"),
    ("my NI number is QQ123456C", "QQ123456C"),
    ("national insurance AB 12 34 56 C", "12 34 56"),
    ("my bank account number is 31926819", "31926819"),
    ("IBAN DE89-3704-0044-0532-0130-00", "3704-0044-0532"),
    ("my IBAN is BE68 5390 0754 7034", "5390 0754 7034"),
    ("19850101-1234 is my personnummer", "19850101-1234"),
    ("X1234567 is my passport number", "X1234567"),
]


@pytest.mark.parametrize(("text", "secret"), VENDOR_PHRASINGS + NUMBER_PHRASINGS)
def test_keys_and_numbers_in_ordinary_phrasing_are_screened(text: str, secret: str) -> None:
    screened = screen(text, "memory")
    assert secret not in screened.text and screened.refused, screened.text
