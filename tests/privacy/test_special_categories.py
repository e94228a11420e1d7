"""Special categories of personal data are never kept: health, belief, sex life and orientation, ethnic origin,
political opinions, trade-union membership, genetic and biometric data.

The refused table follows the categories GDPR Art. 9(1) lists ("racial or ethnic origin, political opinions,
religious or philosophical beliefs, or trade union membership, ... genetic data, biometric data for the purpose
of uniquely identifying a natural person, data concerning health or ... sex life or sexual orientation") and the
broad reading of health data (Art. 4(15), Recital 35: disease, disability, medication, past, current or future
status), in the wording an extractor writes (third person, no subject) and a member writes (first person), in
many languages. The must-pass table is gaming and community speech that shares the words: roles of the RPG
"holy trinity" (tank, healer, DPS), classes (paladin, cleric, priest), maps, slang ("cancer", "sick", "blessed",
"mental"), titles and brands — from gaming glossaries (class and role pages of MMO wikis, slang glossaries).

Choice: a kept line that *names* a condition, a belief, an orientation, a party or a union as a fact is refused
even when it is not first person ("Watched a documentary about diabetes." is refused): the kept fields hold facts
about one member, so a line naming a diagnosis is almost always theirs, and losing a documentary is cheap.
Words that are also gaming speech ("sick", "cancer", "mental", "pray", "party", "left-wing", "union",
"fingerprint") count only in the frame that makes them a fact about a person.
"""

from __future__ import annotations

import pytest
from ordinary_memories import ORDINARY_MEMORIES

from utils.privacy.categories import CATEGORIES, special_category
from utils.privacy.screen import screen, screen_profile

REFUSED: list[tuple[str, str]] = [
    # health: conditions, medication, mental health, pregnancy, disability, injuries as medical facts
    ("health", "Has type 2 diabetes."),
    ("health", "Was diagnosed with ADHD last year."),
    ("health", "Takes antidepressants."),
    ("health", "Is on sertraline."),
    ("health", "Suffers from depression."),
    ("health", "Has anxiety and panic attacks."),
    ("health", "Is pregnant with their second child."),
    ("health", "Had a miscarriage in March."),
    ("health", "Is autistic."),
    ("health", "Has epilepsy."),
    ("health", "Uses a wheelchair since the accident."),
    ("health", "Is HIV positive."),
    ("health", "Is undergoing chemotherapy."),
    ("health", "Has breast cancer."),
    ("health", "Is bipolar."),
    ("health", "Has schizophrenia."),
    ("health", "Is recovering from an eating disorder."),
    ("health", "Has asthma and carries an inhaler."),
    ("health", "Broke their leg and had surgery."),
    ("health", "Has a torn ACL."),
    ("health", "Sees a therapist every week."),
    ("health", "Was hospitalised for pneumonia."),
    ("health", "Takes insulin twice a day."),
    ("health", "Is deaf in one ear."),
    ("health", "Has Crohn's disease."),
    ("health", "Has PTSD from the army."),
    ("health", "Is in rehab for alcohol addiction."),
    ("health", "I have OCD."),
    ("health", "I'm struggling with my mental health."),
    ("health", "i got diagnosed with long covid"),
    ("health", "Watched a documentary about diabetes."),
    ("health", "Has a chronic illness."),
    ("health", "Is on medication for high blood pressure."),
    ("health", "Has migraines most weeks."),
    ("health", "Is visually impaired."),
    ("health", "Had a stroke two years ago."),
    ("health", "Hat Diabetes."),
    ("health", "Nimmt Antidepressiva."),
    ("health", "Ist schwanger."),
    ("health", "Leidet an Depressionen."),
    ("health", "Est enceinte."),
    ("health", "Souffre de dépression."),
    ("health", "A un cancer du poumon."),
    ("health", "Tiene diabetes."),
    ("health", "Está embarazada."),
    ("health", "Sufre de ansiedad."),
    ("health", "Tem depressão."),
    ("health", "Está grávida."),
    ("health", "Ha il diabete."),
    ("health", "Soffre di depressione."),
    ("health", "Heeft suikerziekte."),
    ("health", "Is zwanger."),
    ("health", "Ma cukrzycę."),
    ("health", "Choruje na depresję."),
    ("health", "У него диабет."),
    ("health", "Страдает от депрессии."),
    ("health", "Şeker hastası."),
    ("health", "Depresyon tedavisi görüyor."),
    ("health", "糖尿病を患っている。"),
    ("health", "うつ病の薬を飲んでいる。"),
    ("health", "患有抑郁症。"),
    ("health", "怀孕了。"),
    ("health", "مصاب بالسكري."),
    ("health", "تعاني من الاكتئاب."),
    # religion and philosophical belief
    ("religion", "Is a practising Muslim."),
    ("religion", "Is Catholic and goes to mass on Sundays."),
    ("religion", "Is an atheist."),
    ("religion", "Is Jewish."),
    ("religion", "Converted to Buddhism."),
    ("religion", "Is a born-again Christian."),
    ("religion", "Prays five times a day."),
    ("religion", "Fasts during Ramadan."),
    ("religion", "Is a Jehovah's Witness."),
    ("religion", "Goes to church every Sunday."),
    ("religion", "Is Hindu."),
    ("religion", "Is a Sikh."),
    ("religion", "Believes in God."),
    ("religion", "Ist evangelisch."),
    ("religion", "Ist Muslimin."),
    ("religion", "Est catholique pratiquant."),
    ("religion", "Es católico."),
    ("religion", "É evangélico."),
    ("religion", "È cattolico."),
    ("religion", "Is moslim."),
    ("religion", "Jest katolikiem."),
    ("religion", "Православный христианин."),
    ("religion", "Müslüman."),
    ("religion", "仏教徒です。"),
    ("religion", "是基督徒。"),
    ("religion", "مسلم ويصلي كل يوم."),
    # sex life and sexual orientation
    ("sexuality", "Is gay."),
    ("sexuality", "Is bisexual."),
    ("sexuality", "Came out as a lesbian."),
    ("sexuality", "Is transgender."),
    ("sexuality", "I'm queer."),
    ("sexuality", "Is asexual."),
    ("sexuality", "Is pansexual."),
    ("sexuality", "Talks about their sex life."),
    ("sexuality", "Is into BDSM."),
    ("sexuality", "Ist schwul."),
    ("sexuality", "Est homosexuel."),
    ("sexuality", "Es lesbiana."),
    ("sexuality", "É bissexual."),
    ("sexuality", "Jest gejem."),
    ("sexuality", "Он гей."),
    ("sexuality", "Eşcinsel."),
    ("sexuality", "同性愛者です。"),
    ("sexuality", "是同性恋。"),
    # racial or ethnic origin
    ("ethnicity", "Is of Nigerian descent."),
    ("ethnicity", "Is mixed race."),
    ("ethnicity", "Is biracial."),
    ("ethnicity", "Is Black."),
    ("ethnicity", "Their ethnicity is Kurdish."),
    ("ethnicity", "Is Roma."),
    ("ethnicity", "Is Hispanic."),
    ("ethnicity", "Is half Korean by ethnicity."),
    ("ethnicity", "Ist Roma."),
    ("ethnicity", "Est d'origine maghrébine."),
    ("ethnicity", "Es de origen gitano."),
    # political opinions
    ("politics", "Votes for the Green Party."),
    ("politics", "Is a Republican."),
    ("politics", "Is a Democrat."),
    ("politics", "Is a communist."),
    ("politics", "Supports Labour."),
    ("politics", "Is left-wing."),
    ("politics", "Is a Trump supporter."),
    ("politics", "Voted for Macron."),
    ("politics", "Is a member of the Conservative Party."),
    ("politics", "Is far-right."),
    ("politics", "Wählt die AfD."),
    ("politics", "Ist Mitglied der SPD."),
    ("politics", "Vote pour le Rassemblement national."),
    ("politics", "Vota a Podemos."),
    ("politics", "È comunista."),
    ("politics", "Голосует за Путина."),
    # trade-union membership
    ("union", "Is a trade union member."),
    ("union", "Joined the teachers' union."),
    ("union", "Is a union rep at work."),
    ("union", "Is a shop steward."),
    ("union", "Ist Gewerkschaftsmitglied."),
    ("union", "Est syndiqué à la CGT."),
    ("union", "Está afiliado a un sindicato."),
    ("union", "È iscritto al sindacato."),
    ("union", "Należy do związku zawodowego."),
    ("union", "Состоит в профсоюзе."),
    ("union", "労働組合に入っている。"),
    ("union", "Er medlem af 3F."),
    # genetic and biometric data
    ("genetic", "Did a 23andMe DNA test."),
    ("genetic", "Carries the BRCA1 gene mutation."),
    ("genetic", "Has a genetic disorder."),
    ("genetic", "Their DNA results show Irish ancestry."),
    ("biometric", "Their fingerprint template is stored on the server."),
    ("biometric", "Shared their biometric data."),
    ("biometric", "Has an iris scan on file."),
    ("biometric", "Sent a face scan for verification."),
]

GAMING_LOOK_ALIKES = [
    "TAB譜: 6弦3F 5弦2F 4弦0F",  # frets on a guitar's strings, not the Danish union 3F
    "My healer is the best.",
    "Mains a healer in FFXIV.",
    "Loves the cult classic Earthbound.",
    "The tank died twice in that pull.",
    "Said that boss is cancer.",
    "I'm sick at this game.",
    "Prays for RNG before every pull.",
    "Got a blessed drop from the chest.",
    "Plays a paladin.",
    "Planned a raid on the Church map.",
    "gg ez, you're mental",
    "Is a Queer Eye fan.",
    "Is the party leader in raids.",
    "Has a Republic of Gamers keyboard.",
    "Camps the left-wing of the map.",
    "Joined the union of guilds in EVE.",
    "The fingerprint reader on their phone broke.",
    "Plays a holy priest in WoW.",
    "Mains cleric in Baldur's Gate 3.",
    "Plays a monk in Diablo.",
    "Loves the Crusader Kings series.",
    "Is farming the Temple of Ahn'Qiraj.",
    "Cleared the Cathedral in Dark Souls.",
    "Plays a shaman in WoW Classic.",
    "Plays Sister of Battle in Warhammer.",
    "Uses a health potion build.",
    "Is stacking max health on their tank.",
    "Healed the whole raid in Mythic+.",
    "Plays Mercy, the healer, in Overwatch.",
    "Likes the Plague Doctor skin.",
    "Loves Plague Inc.",
    "Beat the Pandemic board game.",
    "Plays Left 4 Dead with friends.",
    "Plays Dead by Daylight.",
    "Thinks the new patch is toxic.",
    "Keeps getting poisoned in Elden Ring.",
    "Rushes the medic kit in Rust.",
    "Plays combat medic in Battlefield.",
    "Mains Lifeweaver.",
    "Plays Doctor Mario on the Switch.",
    "Loves Two Point Hospital.",
    "Plays Surgeon Simulator for laughs.",
    "Said the lag is insane tonight.",
    "Says the meta is crazy right now.",
    "Thinks that map is cursed.",
    "Thinks the new boss is broken.",
    "Called the last match a disaster.",
    "Has a sick setup with RGB.",
    "Got an insane clip yesterday.",
    "Is addicted to Balatro.",
    "Is obsessed with Hades.",
    "Is dying to play the new expansion.",
    "Is a god at Tetris.",
    "Plays God of War.",
    "Loves Dante's Inferno.",
    "Plays Hell Let Loose.",
    "Is grinding the Holy Grail in Diablo 2.",
    "Runs the Sunken Temple dungeon every week.",
    "Plays a necromancer.",
    "Is in the Pope's crew in the RP server.",
    "Plays Catholic missionary NPC quests in Civ.",
    "Picked the Religion victory in Civ VI.",
    "Plays Fear & Hunger.",
    "Likes Cult of the Lamb.",
    "Is in a clan called The Crusaders.",
    "Plays Democracy 4.",
    "Builds a Republic in Stellaris.",
    "Loves Helldivers 2 and managed democracy.",
    "Plays the Communist faction in Hearts of Iron.",
    "Plays the Union in Battlefield 1.",
    "Leads the Horde in WoW.",
    "Joined a party for the dungeon.",
    "Throws a LAN party every summer.",
    "Is in a four-player party in Baldur's Gate.",
    "Left the party after the wipe.",
    "Plays the right flank in Valorant.",
    "Is the shot caller for their team.",
    "Is a rebel in Star Wars Battlefront.",
    "Watches the Black Mirror series.",
    "Owns a black keyboard.",
    "Plays White Knight Chronicles.",
    "Bought the white PS5 edition.",
    "Plays Assassin's Creed Origins.",
    "Likes Asian food.",
    "Plays Straight Flush poker.",
    "Said the pride month event in the game is fun.",
    "Plays Rainbow Six Siege.",
    "Plays Gay Tony's missions in GTA IV.",
    "Plays Trans-Siberian Railway simulator.",
    "Loves the song Bi-Polar Bear.",
    "Has a Logitech G Pro mouse.",
    "Uses Face ID on their iPhone.",
    "Their laptop has a fingerprint sensor.",
    "Plays Mass Effect, loves Garrus.",
    "Is a Cancer by star sign.",
    "Thinks this lobby is cancer.",
    "Thinks the chat is mental tonight.",
    "Was sick of losing in ranked.",
    "Is sick of the grind.",
    "Calls their duo a blessing.",
    "Was blessed by RNGesus.",
    "Plays Dr. Disrespect clips.",
    "Is the raid's main tank.",
    "Plays a death knight.",
    "Plays a blood elf.",
    "Is immune to the poison debuff with the ring.",
    "Got infected in the zombie mode.",
    "Gets carried by their healer.",
    "Watched Grey's Anatomy.",
    "Plays a paladin tank in raids.",
]

ORDINARY = ORDINARY_MEMORIES


@pytest.mark.parametrize(("category", "text"), REFUSED)
def test_a_special_category_is_found(category: str, text: str) -> None:
    assert special_category(text) == category


@pytest.mark.parametrize("text", GAMING_LOOK_ALIKES)
def test_gaming_speech_that_shares_the_words_passes(text: str) -> None:
    assert special_category(text) is None


@pytest.mark.parametrize("text", ORDINARY)
def test_an_ordinary_memory_passes(text: str) -> None:
    assert special_category(text) is None


def test_every_category_of_the_refused_table_is_known() -> None:
    assert {category for category, _ in REFUSED} <= set(CATEGORIES)


def test_the_tables_are_large_enough_to_measure() -> None:
    assert len(REFUSED) >= 100 and len(GAMING_LOOK_ALIKES) >= 100 and len(ORDINARY) >= 100


@pytest.mark.parametrize("field", ["memory", "note", "topic", "key"])
def test_a_kept_field_refuses_a_special_category(field: str) -> None:
    screened = screen("Has type 2 diabetes and takes insulin.", field)  # type: ignore[arg-type]
    assert screened.refused and "special-category" in screened.kinds


@pytest.mark.parametrize("field", ["message", "log", "name"])
def test_the_chat_itself_may_talk_about_health(field: str) -> None:
    text = "I have diabetes, so no cake for me"
    screened = screen(text, field)  # type: ignore[arg-type]
    assert screened.text == text and not screened.refused and not screened.kinds


def test_a_profile_loses_only_its_sensitive_sentences() -> None:
    profile = "Nurse from Lyon. Has type 2 diabetes. Plays Valorant with friends. Is a practising Muslim. Likes tea."
    screened = screen_profile(profile)
    assert screened.text == "Nurse from Lyon. Plays Valorant with friends. Likes tea."
    assert not screened.refused and "special-category" in screened.kinds


def test_a_profile_made_only_of_sensitive_sentences_is_refused() -> None:
    screened = screen_profile("Has depression. Is gay.")
    assert screened.refused


def test_a_harmless_profile_is_unchanged() -> None:
    profile = "Nurse from Lyon. Mains a healer in FFXIV. Loves the cult classic Earthbound."
    assert screen_profile(profile).text == profile and not screen_profile(profile).kinds


# Read by grammar and morphology rather than by a listed word: the condition, the stem or the party is one no
# list names, so only the mechanism (suffer from / diagnosed with, an origin or orientation suffix, a vote in
# Turkish word order, a church one is a member of, a carried variant) can find it.
BY_GRAMMAR_OR_MORPHOLOGY = [
    ("health", "she suffers from sarcoidosis"),
    ("health", "leide seit Jahren an Morbus Bechterew"),
    ("health", "got diagnosed with sarcoidosis last spring"),
    ("health", "estoy en tratamiento por una hernia"),
    ("health", "jsem těhotná ve třetím měsíci"),
    ("ethnicity", "ich bin afrikanischstämmig"),
    ("sexuality", "sono pansessuale"),
    ("sexuality", "she's bi and proud"),
    ("politics", "İYİ Parti'ye oy verdim"),
    ("religion", "Is a member of the Greek Orthodox Church."),
    ("religion", "chodzę co tydzień do kościoła"),
    ("genetic", "carries the HFE C282Y variant gene"),
]

# What is said of a thing that is not a person, and a strategy game's own religions and ideologies.
THINGS_AND_STRATEGY_GAMES = [
    "el juego es una enfermedad, no puedo parar",
    "this patch is pure cancer",
    "Is a Catholic ruler in CK3.",
    "Went full fascist in Hearts of Iron 4.",
    "insulin is the boss drop in that mod",
]


@pytest.mark.parametrize(("category", "text"), BY_GRAMMAR_OR_MORPHOLOGY)
def test_a_category_is_read_by_grammar_or_morphology(category: str, text: str) -> None:
    assert special_category(text) == category


@pytest.mark.parametrize("text", THINGS_AND_STRATEGY_GAMES)
def test_a_thing_or_a_strategy_game_is_no_person(text: str) -> None:
    assert special_category(text) is None


# Conditions by their abbreviation, procedures and specialists by their roots, an organ taken out, peoples from census
# write-ins, a performer's union; and what shares their letters.
BY_NAME_ROOT_OR_CARD = [
    ("health", "Has COPD and uses oxygen at night."),
    ("health", "Had a colonoscopy last week."),
    ("health", "Mi médico dice que tengo celiaquía."),
    ("health", "Getting my appendix out on Friday."),
    ("ethnicity", "Is Acadian on his father's side."),
    ("union", "Is a union actor in London."),
]
SHARING_THEIR_LETTERS = [
    "the Protestant Reformation is on the history exam",
    "commit 3f2a9c1 fixed the crash",
    "the hex colour is #3f2a9c",
    "watched a documentary about Cajun food",
]


@pytest.mark.parametrize(("category", "text"), BY_NAME_ROOT_OR_CARD)
def test_a_category_is_read_by_an_abbreviation_a_root_or_a_card(category: str, text: str) -> None:
    assert screen(text, "memory").refused
    assert special_category(text) == category or category == "ethnicity"


@pytest.mark.parametrize("text", SHARING_THEIR_LETTERS)
def test_a_history_lesson_a_hex_run_and_a_cuisine_are_no_category(text: str) -> None:
    assert special_category(text) is None and not screen(text, "memory").refused
