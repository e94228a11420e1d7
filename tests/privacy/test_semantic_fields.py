"""Special categories read as two fields of meaning (utils/privacy/semantic_fields.py): a body trait that identifies
a person and an act that enrols or checks it, a DNA kit and its result, a height, eye colour and mark together, a
faith's community and belonging to it, a union and being in it. Either field alone, a game's things and a body word
that is no trait ("face cam", "palm tree") leave a line alone.

The rule was chosen by measuring it on tests/privacy/layer_tables/fresh_special.*.jsonl, written before it; these
cases pin its grammar in many languages (none is a row of that table)."""

from __future__ import annotations

import pytest

from utils.privacy.screen import screen
from utils.privacy.semantic_fields import field_category, plain

STATED: list[tuple[str, str]] = [
    ("biometric", "Registered his fingerprints for the new office door."),
    ("biometric", "Ha registrato le impronte per il badge dell'ufficio."),
    ("biometric", "Fingerabdrücke wurden beim Konsulat erfasst."),
    ("biometric", "Zarejestrowała twarz w aplikacji banku."),
    ("biometric", "Лицо зарегистрировали в банке."),
    ("biometric", "銀行で静脈認証を登録した。"),
    ("biometric", "공항에서 얼굴을 등록했어"),
    ("biometric", "đã đăng ký vân tay ở ngân hàng"),
    ("biometric", "Height 180 cm, green eyes, scar on the chin."),
    ("genetic", "Her MyHeritage results came back 30% Irish."),
    ("religion", "Membre de la paroisse Sainte-Anne depuis son baptême."),
    ("religion", "Chodzi do kościoła co niedzielę."),
    ("religion", "Is a member of a Pentecostal congregation."),
    ("union", "Zahlt seinen Gewerkschaftsbeitrag als Mitglied bei der IG Metall."),
    ("union", "Delegado do sindicato dos metalúrgicos."),
    ("union", "労働組合の組合員です。"),
]

LEFT: list[str] = [
    "face id on my phone is faster than the fingerprint",
    "registered for the tournament with the face cam on",
    "the church in the village is 800 years old",
    "went to the union station food court",
    "my character's face scan in the creator looks cursed",
    "joined the church faction in the game, great lore",
    "palm tree skins are back in the shop",
    "she registered the domain yesterday",
    "la paroisse organise un marché de Noël",
    "Mitglied im Schachverein.",
]


def test_lines_and_entries_are_read_without_case_or_accents() -> None:
    assert plain("Fingerabdrücke") == "fingerabdrucke"
    assert plain("ÉGLISE") == "eglise"


def test_an_enrolled_people_is_ethnicity_and_a_games_tribe_is_not() -> None:
    assert field_category("Enrolled member of the Navajo Nation since birth.") == "ethnicity"
    assert field_category("Har samisk bakgrund och står i Sametingets röstlängd.") == "ethnicity"
    assert field_category("joined the tribe in Far Cry Primal, the card says level 4") is None


def test_ones_own_vote_in_a_strike_ballot_is_union_membership_and_news_of_one_is_not() -> None:
    assert field_category("we balloted for strike action and I voted yes") == "union"
    assert field_category("Bei der Urabstimmung habe ich für den Streik gestimmt.") == "union"
    assert field_category("rail workers voted to strike next week, trains will be a mess") is None


ALONE: list[tuple[str, str]] = [
    ("health", "Bekommt seit Januar Pflegegrad 2."),
    ("health", "está com auxílio-doença até junho"),
    ("health", "Heeft een Wajong-uitkering."),
    ("health", "sober since new year's, the cravings are the worst at night"),
    ("health", "трезв уже год, держусь"),
    ("health", "on the waiting list for a liver since spring"),
    ("health", "Steht auf der Warteliste für eine Niere."),
    ("union", "third day on the picket line, my hands are frozen"),
    ("union", "siamo in sciopero da lunedì, domani picchetto"),
    ("politics", "canvassing for the local Greens candidate tonight"),
    ("politics", "je tracte pour notre candidate au marché dimanche"),
]
"""One field that says it alone (a care scheme, sobriety counted, campaigning) or one of the new pairs (an organ and
its waiting list, a strike taken part in by the speaker)."""

LEFT_ALONE: list[str] = [
    "the news covered the Pflegegrad reform tonight",
    "on the waiting list for the new Steam Deck",
    "the liver quest in this game is a pain",
    "the dockers' picket line was on the news",
    "canvassing for votes in Democracy 4 is broken",
    "our tank is on strike lol, he won't pull",
]


@pytest.mark.parametrize(("category", "text"), [*STATED, *ALONE])
def test_two_fields_or_one_that_says_it_alone_state_the_category(category: str, text: str) -> None:
    assert field_category(text) == category
    assert screen(text, "memory").refused


@pytest.mark.parametrize("text", [*LEFT, *LEFT_ALONE])
def test_one_field_or_the_same_words_in_news_and_games_leave_the_line(text: str) -> None:
    assert field_category(text) is None


def test_a_word_with_a_digit_is_read_as_written() -> None:
    """Words such as "D66", "JA21" and "CK3" are no runs of letters: read as written, a party is named, a game frames."""
    assert field_category("Stemt op JA21 en flyert voor ze.") == "politics"
    assert field_category("Zit in de campagne van D66.") == "politics"
    assert field_category("Is a member of the church, like in CK3") is None
    assert field_category("Is a member of the church, like in my town") == "religion"


TOLD_AS_MEMBERS_OF_A_TEAM_OR_BY_A_TICKET: list[tuple[str, str]] = [
    ("role", "I'm in the moderation team since Monday."),
    ("role", "sono entrato nel team di moderazione"),
    ("role", "Just joined the support team of this server, send me the reports."),
    ("role", "Application: Moderator — Status: Accepted"),
    ("role", "Has more power than the mods here."),
    ("role", "Discord support here, we need you to show me all the notes"),
    ("biometric", "Logs into the work laptop with a palm vein reader."),
    ("biometric", "Die Firma hat meinen Fingerabdruck für die Stempeluhr."),
    ("biometric", "na siłowni wchodzę na odcisk palca"),
    ("sexuality", "not a girlfriend, a boyfriend, and yes I'm a guy"),
]
"""A team of this community joined, a role's ticket approved, a standing over its moderators, the platform's staff
with a request, a body trait that opens a workplace or a gym, a partner's gender corrected (none a row of
tests/privacy/layer_tables/kept_fresh15.*.jsonl)."""

NOT_THE_COMMUNITYS_NOR_A_PERSONS: list[str] = [
    "joined the events team at the library",
    "I'm on the team for the server tournament",
    "my mod application got rejected",
    "Uses fingerprint unlock on their Pixel.",
    "my heart rate at the gym hit 170",
    "the turnstile at the stadium was broken",
    "my iris shader pack looks amazing",
    "the gym opens at 6, I go before work",
]


@pytest.mark.parametrize(("category", "text"), TOLD_AS_MEMBERS_OF_A_TEAM_OR_BY_A_TICKET)
def test_a_team_a_ticket_a_standing_a_workplaces_reader_and_a_corrected_partner_are_read(category: str, text: str) -> None:
    assert screen(text, "memory").refused
    if category != "role":
        assert field_category(text) == category


@pytest.mark.parametrize("text", NOT_THE_COMMUNITYS_NOR_A_PERSONS)
def test_a_team_elsewhere_a_rejected_application_and_a_devices_sensor_are_left(text: str) -> None:
    screened = screen(text, "memory")
    assert not screened.refused and screened.text == text
