"""A member reported to the moderators is accused; a teller's words about a thing name no one; a question about who
holds a role claims none (utils/privacy/member_reports.py, others.py, _others_subjects.py, roles.py)."""

from __future__ import annotations

import pytest
from layer_tables import load as load_layer
from line_readers import reads
from screen_lines import screen_lines

from utils.privacy import member_reports
from utils.privacy._others_vocabulary import LETTER_RUN, line_words
from utils.privacy.member_reports import reports_a_member, tells_of_a_thing
from utils.privacy.normalise import normalise
from utils.privacy.screen import screen


@pytest.mark.parametrize(
    "text",
    [
        "reporting @Quill for posting gore in #memes",
        "I want to report Tobias, he keeps spamming invites",
        "je veux signaler Margaux, elle poste des insultes",
        "quiero denunciar a Rocío por acoso",
        "segnalo Alessio, manda link truffa in privato",
        "zgłaszam Filipa za spam",
        "жалоба на Кирилла: спамит в личку",
        "ich möchte Jonas melden, er beleidigt alle",
        "Burak'ı şikayet ediyorum",
        "skarga na Wiktora, obraża ludzi na kanale",
    ],
)
def test_a_member_reported_by_name_is_refused_as_a_memory(text: str) -> None:
    assert reads(reports_a_member, text)
    assert screen(text, "memory").refused


@pytest.mark.parametrize(
    "text",
    [
        "I reported the crash to Valve",
        "report bugs in #bugs please",
        "Report Abuse is greyed out on mobile",
        "how do I report someone here?",
        "reportar un error en el juego",
        "ich möchte einen Fehler melden",
        "ich melde mich morgen bei dir",
        "je signale un bug sur la carte",
        "reporting Friday's outage to the host",
    ],
)
def test_reporting_a_thing_or_to_a_company_names_no_one(text: str) -> None:
    assert not reads(reports_a_member, text)


@pytest.mark.parametrize(
    ("text", "thing"),
    [
        ("Nora said the new season starts in March", True),
        ("Pia m'a dit que la météo sera pourrie", True),
        ("Ivan dedi ki oyun çöktü", True),
        ("Nora said she got fired", False),
        ("Nora said the doctor gave her pills", False),
        ("Nora said the server owner is a scammer", False),
        ("Nora said her brother moved out", False),
    ],
)
def test_what_a_teller_said_of_a_thing_is_not_about_a_person(text: str, thing: bool) -> None:
    matching = normalise(text).text
    assert tells_of_a_thing(matching, matching.index(" ")) is thing
    assert screen(text, "memory").refused is not thing


@pytest.mark.parametrize(
    "text",
    [
        "who can give me the event role? I want pings",
        "wer ist hier Admin? mein Bot hängt",
        "quién es el dueño del server? quiero sugerir algo",
    ],
)
def test_a_question_about_who_holds_a_role_claims_none(text: str) -> None:
    assert not screen(text, "memory").refused
    assert screen(text, "message").text == text


@pytest.mark.parametrize(
    "text",
    [
        "as an admin, I can see who deleted it",
        "as the owner I'm changing the rules",
        "give me ban members for a sec",
        "dame permisos de moderador porfa",
        "I'm the admin here? yes I am",
        "Der Bruder des Nutzers hat Schulden.",
        "La sœur de l'utilisateur a perdu son emploi.",
        "नेहा ने बताया कि उसका भाई जेल में है",
        "अंकित की बहन की नौकरी चली गई",
    ],
)
def test_roles_acted_in_and_relations_owned_by_the_user_are_refused(text: str) -> None:
    assert screen(text, "memory").refused


@pytest.mark.parametrize(
    "text",
    [
        "give me a sec, the admin is typing",
        "give me the mod menu link",
        "as a mod author I love Skyrim modding",
        "मैंने कहा कि मैं कल आऊँगा",
        "राहुल का दोस्त हूँ",
        "my dad taught me how to fish",
        "mi abuela me enseñó a tejer",
    ],
)
def test_their_look_alikes_are_kept(text: str) -> None:
    assert not screen(text, "memory").refused
    assert screen(text, "message").text == text


@pytest.mark.parametrize(
    "text",
    [
        "她被公司开除了",
        "걔 이혼했대",
        "هي مديونة للكل",
        "її звільнили минулого тижня",
        "como admin te digo que no",
        "как модератор говорю: хватит спамить",
    ],
)
def test_a_pronouns_claim_in_more_scripts_and_a_role_acted_in_with_the_verb_are_refused(text: str) -> None:
    assert screen(text, "memory").refused


@pytest.mark.parametrize(
    "text",
    [
        "他是我最好的朋友",
        "걔랑 롤 했어",
        "هو صديقي من المدرسة",
        "como admin de mi propio servidor, mola",
        "Ana dice que la serie es genial",
    ],
)
def test_pronouns_bonds_and_own_servers_are_kept(text: str) -> None:
    assert not screen(text, "memory").refused
    assert screen(text, "message").text == text


def _reports_verb_by_verb(text: str, words: frozenset[str]) -> bool:
    """:func:`reports_a_member` as it read a line before its verbs were looked up in the line's words: every verb
    that goes before its person searched for, every word read for one that goes after it."""
    r = member_reports._reports()
    if words.isdisjoint(r.gate):
        return False
    for marker in r.after.finditer(text.lower()):
        skipped = 0
        for word in member_reports._WORD.findall(text[marker.end() :]):
            if word.casefold() in r.skipped and skipped < member_reports._SKIPPED_BEFORE_THE_PERSON:
                skipped += 1
                continue
            if member_reports._a_named_person(word, r, capital_counts=text[marker.start()].islower()):
                return True
            break
    tokens = member_reports._WORD.findall(text)
    return any(
        word.casefold() in r.before
        and at > 0
        and (
            member_reports._a_named_person(tokens[at - 1], r, capital_counts=False)
            or bool(member_reports._ACCUSATIVE.match(tokens[at - 1]))
        )
        and tokens[at - 1][:1].isupper()
        for at, word in enumerate(tokens)
    )


def test_the_verbs_are_whole_runs_of_letters_the_line_words_hold() -> None:
    """The gates: each verb after its person, and the word each verb before it is looked up by, is one run of
    letters, so a line holding the verb holds the word among its case-folded runs of letters."""
    r = member_reports._reports()
    assert r.before and all(LETTER_RUN.fullmatch(verb) for verb in r.before)
    assert len(r.after_words) >= 40 and all(LETTER_RUN.fullmatch(word) for word in r.after_words)


@pytest.mark.parametrize("mark", ["", "\u0345", "İ", "ǰ"])
def test_reports_read_by_the_verbs_words_are_the_reports_read_verb_by_verb(mark: str) -> None:
    lines = screen_lines(["reporting @Quill for posting gore", "Burak'ı şikayet ediyorum", "ich möchte Jonas melden"], 19)
    lines += [row["text"] for row in load_layer("hearsay_frames", "tune") if isinstance(row.get("text"), str)]
    reported = 0
    for line in lines:
        for text in (line, f"{line}{mark} Ich möchte Jonas melden{mark}, er beleidigt alle"):
            matching = normalise(text).text
            words = line_words(matching)
            expected = _reports_verb_by_verb(matching, words)
            assert reports_a_member(matching, words) == expected, text[:80]
            reported += expected
    assert reported >= (1000 if not mark else 5)  # a mark glued to "melden" makes it another word for both readings
