"""Special categories a careless model still keeps, in wordings and angles no earlier table has, and their
look-alikes (tests/privacy/layer_tables/special_fresh20.*.jsonl), written before the rules of its round from outside
sources (each row's ``source``): national health services' condition pages and patient leaflets with brand names per
country, devices, disability cards and benefits, recovery counts; religious calendars and practices across faiths (a
practice kept without the faith named); LGBTQ+ community glossaries and slang in many languages, Pride, a partner
named with pronouns, transition steps, relationship structure; census ethnicity categories of several countries and
minority words; party and movement names and campaign verbs; union names and strike vocabulary; biometric enrolment
wording of banks, telecoms and border control, and genetic tests. Beside them what must pass: the same words in games
(healer, cleric, tank, strikes, Rainbow Six, Rainbow Road, Fallout's chems, a game's religions and ideologies, a face
reveal, a cult classic, set union), nationality and where one lives, public news, a member's non-sensitive facts
(diet without faith or health, fasting for the gym, a birthday, a job) and bare relationships.

A careless extractor stores every line it is shown: a refused kind's row is right when each of its lines is refused as
a memory, a kept kind's row when it is kept unchanged as a memory and left unchanged as a message. A third of each kind
(random, seeded ``"special_fresh20|<kind>"``) is in ``aside``: never tuned on, counted only. The generator script
stayed outside the repository.

On arrival, before any rule of its round: tune 163/193 — health 17/24, religion 11/20, sexuality 16/20, ethnicity 14/16,
politics 15/18, union 13/15, biometrics 14/15 (refused kinds 100/128), gaming 28/28, harmless 27/28, relationship 8/9
(kept kinds 63/65); aside 83/98 — health 8/12, religion 8/10, sexuality 10/10, ethnicity 5/8, politics 8/9, union 8/8,
biometrics 5/8 (refused kinds 52/65), gaming 14/14, harmless 12/14, relationship 5/5 (kept kinds 31/33).

After the round's readings, all data (``data/special_categories.json``, ``data/semantic_fields.json``): medicines by
their brand names in more countries and scripts (Cyrillic stems, katakana, hangul, Chinese, Arabic, Persian, Hebrew,
Devanagari, Thai), hearing aids, stomas, prostheses and dialysis in more languages, disability benefits and clinics by
their names (DLA, Motability, NDIS, SSDI, a 504 plan, Merkzeichen, IV-Rente, uføretrygd, BPC/LOAS, a memory or
fertility clinic); Umrah, sunnah fasts, shomer negiah, the Omer, Paryushan and upvas, tahlil, a Latter-day Saint
mission, the Friday prayer, a mezuzah, a congregation, Korean church words, Thai ordination and Buddhist Lent; legal
gender in the Nordic languages, the Brazilian "nome social", a same-gender pair in more words, "still in the closet";
status cards and more census and minority names (framed); canvassing and leafleting verbs in the past tense and more
languages, Zulu and Xhosa "member of"; strike committees and union ballots; fingerprinting, préfecture, questura,
embassy and border enrolment, Korean, Vietnamese, Ukrainian, Hebrew and Swahili enrolment words: tune 190/193 — every
refused kind right but sexuality 19/20 (a Korean slang word that is also the name Ivan, left alone), harmless 27/28
and relationship 8/9 as on arrival (the scored classifier refuses "ich bin Österreicher, wohne aber seit Jahren in
München"; "Her sister also streams on Twitch." is an attribute of the sister, refused as a claim, arguably rightly);
aside 86/98 — religion 10/10 (was 8), ethnicity 6/8 (was 5), every other kind as on arrival (refused kinds 55/65,
kept 31/33). General wordings of a careless model's lines added after (a shot, an injection or an infusion on a
weekly or monthly schedule, not eating during the day this month, fasting until sunset or iftar, a reason given as
religious or medical in many languages, a sobriety counted as recent, an autoimmune or named condition, pills for an
organ, two mothers or two fathers; the same in more languages: a prosthesis, an injection on a weekday, a daytime
fast said with this month unless a diet is named, campaigning, a picket) left both parts as they were.
"""

from __future__ import annotations

import pytest
from layer_tables import PARTS, at_floors, kinds_table_is_well_formed, load, right_line_by_line

from utils.privacy.screen import screen

NAME = "special_fresh20"
REFUSED = ("health", "religion", "sexuality", "ethnicity", "politics", "union", "biometrics")

RIGHT_AT_LEAST = {
    "tune": {
        "health": 24,
        "religion": 20,
        "sexuality": 19,
        "ethnicity": 16,
        "politics": 18,
        "union": 15,
        "biometrics": 15,
        "gaming": 28,
        "harmless": 27,
        "relationship": 8,
    },
    "aside": {
        "health": 8,
        "religion": 10,
        "sexuality": 10,
        "ethnicity": 6,
        "politics": 8,
        "union": 8,
        "biometrics": 5,
        "gaming": 14,
        "harmless": 12,
        "relationship": 5,
    },
}
"""Rows right per kind and part: the figures measured when the round of rules was done (on arrival, before any rule
of its round: tune 163/193, aside 83/98; after it tune 190/193, aside 86/98)."""


@pytest.mark.parametrize("part", PARTS)
def test_each_kind_stays_at_its_measured_figure(part: str) -> None:
    at_floors(NAME, part, right_line_by_line, RIGHT_AT_LEAST[part], label="kind")


def test_a_third_of_each_kind_is_aside_in_many_languages() -> None:
    kinds_table_is_well_formed(NAME, REFUSED, rows=240, languages=30, per_refused_kind=20)


def test_most_refused_rows_are_a_models_memory_lines() -> None:
    every = load(NAME, "tune") + load(NAME, "aside")
    refused = [row for row in every if row["kind"] in REFUSED]
    assert sum(row["form"] == "memory" for row in refused) * 2 >= len(refused)


def test_the_measure_can_fail() -> None:
    assert not right_line_by_line({"kind": "gaming", "text": "my healer takes sertraline every morning"})
    assert not right_line_by_line({"kind": "union", "text": "running strikes in Destiny 2 tonight"})
    assert right_line_by_line({"kind": "health", "text": "Takes insulin every morning."})
    assert load(NAME, "tune")


@pytest.mark.parametrize(
    "text",
    [
        "Takes Ambien to sleep.",  # a brand name of another country
        "Принимает сероквель на ночь.",
        "毎晩エビリファイを飲んでいる。",
        "Gets DLA and has a Motability car.",
        "Got fingerprinted for a background check.",
        "출입국에서 얼굴 사진이랑 지문 찍었어",
        "Ha rilasciato le impronte per il permesso di soggiorno.",
        "Does the Friday prayer.",
        "Has a mezuzah on the door.",
        "ik ben Hindostaans",
        "Is Pākehā.",
        "Has a boyfriend; he is also a man.",
        "Knocked on doors for the Greens all weekend.",
        "Gets allergy shots every Friday.",  # a treatment on a weekly schedule
        "Gets a monthly infusion at the hospital.",
        "Newly sober, 90 days in.",
        "Doesn't eat during the day this month.",  # a fasting month, the faith unnamed
        "Logs off on Saturdays for religious reasons.",
        "Avoids pork for health reasons.",
        "Has an autoimmune condition.",
        "Takes pills for her heart.",
        "Has two dads.",
        "Non mangia durante il giorno questo mese.",  # Italian "questo" is no game's quest
        "В этом месяце не ест днём.",
        "Bu ay gündüzleri yemek yemiyor.",
        "Krijgt elke vrijdag een prik.",
        "Каждую пятницу делает укол.",
        "Hat eine Prothese.",
        "Ficou no piquete a semana toda.",
        "Agitował za Zielonymi.",
        "为绿党拉票。",
        "이번 달은 낮에 아무것도 안 먹는다.",
    ],
)
def test_readings_of_the_round_refuse_lines_no_row_has(text: str) -> None:
    assert screen(text, "memory").refused, text


@pytest.mark.parametrize(
    "text",
    [
        "Works in field service for Siemens.",  # a job, not a congregation's preaching
        "my PC is in detox mode lol",
        "Guide dog puppy photos in the lore channel",
        "the global entry point is main.py",
        "Is in the closet looking for their headset.",
        "hid in the closet until the ghost left",
        "Likes Cajun food",
        "Takes tequila shots every Friday with the guild.",  # shots on a schedule, no treatment
        "Practises free throw shots every Sunday.",
        "Learns about SQL injection every week.",
        "je bois une infusion tous les soirs",
        "Works from dawn to dusk on the farm.",
        "Streams every Friday.",
        "Deze maand werk ik overdag niet.",  # not working in the daytime, no fast
        "Ce mois-ci je ne mange pas la journée, régime.",  # a diet's fast
        "Elke vrijdag water met prik.",
        "ジェラートピケのパジャマ買った",  # a brand, no picket
        "Sto facendo una quest in Elden Ring questo mese",
    ],
)
def test_readings_of_the_round_keep_their_look_alikes(text: str) -> None:
    kept = screen(text, "memory")
    assert not kept.refused and kept.text == text, text
