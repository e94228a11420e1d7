"""The screen's contract beyond the table: every field, the profile, topics and slot keys, text kept as written,
invalid and huge input, and the one entry point (the older `redact`/`is_about_a_secret` pair is gone)."""

from __future__ import annotations

import pytest

import utils.privacy.screen as privacy_screen
from utils.privacy.screen import screen, screen_key, screen_profile, screen_topics
from utils.runtime import Services

# Once refused as a memory but accepted as a profile; the one screen refuses them as both.
PROFILE_SECRETS = [
    "Her card number ends in 4242.",
    "I set my password to Dragon$5566",
    "Plays Valorant. Uses password Pizza4ever for everything.",
    "Alice banks with IBAN DE89 3704 0044 0532 0130 00.",
    "Works as a dev; her Stripe key is sk_live_4eC39HqLyjWDarjtT1zdp7dc",
    "Lives at 42 Baker Street.",
    "Her recovery phrase: legal winner thank year wave sausage worth useful legal winner thank yellow",
]


@pytest.mark.parametrize("profile", PROFILE_SECRETS)
def test_a_profile_whose_point_is_a_secret_is_refused(profile: str) -> None:
    assert screen_profile(profile).refused
    assert screen(profile, "memory").refused
    # Judging the screened text again agrees (screening twice never changes the verdict).
    cleaned = screen(" ".join(profile.split()), "log")
    assert cleaned.changed and screen(cleaned.text, "memory").refused


@pytest.mark.parametrize("profile", PROFILE_SECRETS[:2])
async def test_the_profile_path_refuses_them(services: Services, profile: str) -> None:
    assert await services.memory.set_profile(42, profile) is False
    assert services.memory.profile(42) == ""


def test_an_ordinary_profile_passes_untouched_but_with_whitespace_collapsed() -> None:
    screened = screen_profile("Alice is a nurse from Lyon\n who mains  Mercy in Overwatch; born 1994.")
    assert screened == screened.__class__("Alice is a nurse from Lyon who mains Mercy in Overwatch; born 1994.", False, ())


def test_topics_holding_a_secret_are_dropped_and_the_others_kept() -> None:
    topics = ["cats", "password Hunter22", "sk_live_4eC39HqLyjWDarjtT1zdp7dc", "Overwatch", "", "pass\u200bword: moon123"]
    assert screen_topics(topics) == ("cats", "Overwatch")


@pytest.mark.parametrize(
    ("key", "kept"),
    [
        ("main_game", "main_game"),
        ("favourite_food", "favourite_food"),
        ("home_city", "home_city"),
        ("password_is_Hunter22", None),
        ("wifi_password_blueberry77", None),
        ("email_alice@example.com", None),
        ("iban_DE89370400440532013000", None),
    ],
)
def test_a_slot_key_holding_a_secret_is_refused(key: str, kept: str | None) -> None:
    assert screen_key(key) == kept


@pytest.mark.parametrize(
    ("field", "shown"),
    [
        ("message", "Raid tonight. my password is [redacted:password], see you at 8. Bring snacks.\nbye"),
        ("name", "Raid tonight. my password is [redacted:password], see you at 8. Bring snacks.\nbye"),
        ("log", "Raid tonight. [redacted:password]\nbye"),
        ("input", "Raid tonight. [redacted:password]\nbye"),
    ],
)
def test_fields_that_are_not_kept_are_redacted_but_never_refused(field: str, shown: str) -> None:
    """The log and the extractor's input keep only the placeholder of a sentence that held a secret and the rest of its
    line, the sentences before it and the lines around it as said; a message (what the conversation screen reads) and
    a name only lose the value."""
    text = "Raid tonight. my password is Hunter22, see you at 8. Bring snacks.\nbye"
    screened = screen(text, field)  # type: ignore[arg-type]
    assert screened.text == shown and not screened.refused


def test_a_display_name_that_is_an_address_is_redacted() -> None:
    assert screen("alice.smith@gmail.com", "name").text == "[redacted:email]"
    assert screen("Alice ✨ Smith", "name").text == "Alice ✨ Smith"


@pytest.mark.parametrize(
    "text",
    [
        "Café crème at Zoë's, then Kraków 🎉",
        "Живёт в Москве и любит шахматы",
        "東京でラーメンを食べた",
        "pass\u200bing through town",  # an invisible character with no secret: kept as written
        "ｆｕｌｌ ｗｉｄｔｈ text",
        "ﬁne ligatures",
    ],
)
def test_text_without_secrets_keeps_its_own_characters(text: str) -> None:
    assert screen(text).text == text


def test_redaction_keeps_the_letters_around_the_secret() -> None:
    screened = screen("Zoë's pass\u200bword: hunter22 ✨ merci", "message")
    assert screened.text == "Zoë's pass\u200bword: [redacted:password] ✨ merci"


def test_a_secret_split_by_an_invisible_character_is_redacted_whole() -> None:
    screened = screen("key sk_live_4eC39Hq\u200bLyjWDarjtT1zdp7dc", "message")
    assert screened.text == "key [redacted:api-key]"


@pytest.mark.parametrize(
    "value",
    [
        "\ud83d my password is Hunter22",
        "my password is Hunter22\ud83d",
        "nul\x00 inside: my password is Hunter22",
        "\udfff\ud800",
        None,
        42,
        b"bytes",
        "",
        " ",
    ],
)
def test_invalid_text_is_made_valid_and_never_raises(value: object) -> None:
    screened = screen(value, "memory")  # type: ignore[arg-type]
    screened.text.encode("utf-8")
    assert "\x00" not in screened.text and "Hunter22" not in screened.text


@pytest.mark.parametrize(
    "text",
    [
        "a" * 1_000_000,
        "password is " * 20_000,
        "a dot " * 20_000 + "at gmail dot com",
        "a.b.c-" * 20_000 + "@",
        "-----BEGIN PRIVATE KEY-----" * 2_000,
        "code 1234 " * 20_000,
        "раssword " * 20_000,
        "12 Main Street " * 10_000,
        "pass\u200b" * 20_000,
    ],
    ids=lambda t: repr(t[:12]),
)
def test_huge_and_hostile_text_is_screened(text: str) -> None:
    screened = screen(text, "log")
    assert isinstance(screened.text, str)


def test_one_entry_point_answers_what_the_older_pair_did() -> None:
    redaction = screen("write to sam.doe@example.org", "log")
    assert redaction.text == "write to [redacted:email]" and redaction.changed and redaction.kinds == ("email",)
    assert screen("Their password is [redacted:password]").refused
    assert screen("Their password is hunter2.").refused
    assert not screen("Asked for help getting a refund for the order they emailed about from [redacted:email].").refused
    assert not screen("Likes cats and plays chess on Sundays.").refused
    assert not hasattr(privacy_screen, "redact") and not hasattr(privacy_screen, "is_about_a_secret")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # Judgement: a street address with a house number is redacted even when it is a public place said in
        # passing (the screen cannot tell a café from a home); the line is kept when it says enough besides.
        (
            "We met at the café at 12 Main Street and talked for hours about Elden Ring.",
            "We met at the café at [redacted:address] and talked for hours about Elden Ring.",
        ),
        # A place without a house number is not an address anyone can be found at.
        ("We met at the café on Main Street and talked for hours.", "We met at the café on Main Street and talked for hours."),
        ("Visited the Eiffel Tower and the Champs-Élysées in 2023.", "Visited the Eiffel Tower and the Champs-Élysées in 2023."),
        # Four groups of four digits read as a card even without a valid Luhn sum: a pasted card with a typo is
        # still a card, and a tracking id so grouped is a rare, cheap loss.
        ("order 1234 5678 9012 3456 shipped", "order [redacted:card] shipped"),
    ],
)
def test_documented_judgements(text: str, expected: str) -> None:
    screened = screen(text)
    assert screened.text == expected


@pytest.mark.parametrize(
    "text",
    [
        "Ranked their top games: 1. Elden Ring, 2. Hades, 3. Celeste.",
        "Top picks: 1) Elden Ring 2) Hades 3) Hollow Knight",
        "Played 2048 all night.",
        "Scored 300 all day long.",
        "Has 12 avid fans on Twitch.",
        "Beat level 7 ulepszony mode.",
    ],
)
def test_numbered_lists_and_words_like_street_abbreviations_are_not_addresses(text: str) -> None:
    # "al." and "av." are abbreviations (escaped, never "all"/"avid"); a list's numbers are not house numbers.
    assert screen(text, "profile").text == text


@pytest.mark.parametrize(
    "text", ["I moved to al. Jerozolimskie 12 last year", "Mieszka na ul. Długa 5", "lives at 12 av. Foch, Paris"]
)
def test_abbreviated_streets_are_still_addresses(text: str) -> None:
    assert "address" in screen(text, "memory").kinds
