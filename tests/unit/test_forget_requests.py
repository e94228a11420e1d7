"""The one forget-request table: every language has cues, each language's requests and idioms are told apart."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta

import pytest

from utils.memory.forget_requests import CUES, asks_to_forget, request_sentences, without_idioms
from utils.memory.ranking import FORGET_WORDS, Query
from utils.memory.vetting import forgets_asked_for
from utils.storage.records import MemoryRecord

DETECTION = [
    # (language, text, asks)
    ("en", "please forget that I play GTA", True),
    ("en", "ok forget it", True),
    ("en", "drop that from your memory", True),
    ("en", "forget it, let's talk about something else", False),
    ("en", "forget the haters", False),
    ("en", "drop it", False),
    ("en", "delete my account on steam", False),
    ("en", "whatever, forget it", False),
    ("en", "forget about it", False),
    ("de", "vergiss, dass ich Tetris spiele", True),
    ("de", "Vergiss es.", True),
    ("de", "vergiss es, lass uns über was anderes reden", False),
    ("de", "lösch mein Konto bei Steam", False),
    ("fr", "oublie que je joue à GTA", True),
    ("fr", "oublie ça, parlons d'autre chose", False),
    ("fr", "supprime mon compte Steam", False),
    ("es", "olvida que juego GTA", True),
    ("es", "olvídate de lo que te dije", True),
    ("es", "olvídate de los haters", False),
    ("es", "borra mi cuenta de Steam", False),
    ("pt", "esquece que eu jogo GTA", True),
    ("pt", "esquece os haters", False),
    ("pt", "apaga minha conta da Steam", False),
    ("it", "dimentica che gioco a GTA", True),
    ("it", "dimenticalo, parliamo d'altro", False),
    ("it", "cancella il mio account Steam", False),
    ("ru", "забудь, что я играю в GTA", True),
    ("ru", "забудь про хейтеров", False),
    ("ru", "удали мой аккаунт в стиме", False),
    ("pl", "zapomnij, że gram w GTA", True),
    ("pl", "usuń moje konto na Steamie", False),
    ("nl", "vergeet dat ik GTA speel", True),
    ("nl", "vergeet het maar, laten we over iets anders praten", False),
    ("nl", "verwijder mijn account op Steam", False),
    ("tr", "GTA oynadığımı unut", True),
    ("tr", "boşver, unut gitsin", False),
    ("ja", "GTA のことは忘れてください", True),
    ("ja", "Steam のアカウントを消して", False),
    ("zh", "那个 GTA 的事忘掉吧", True),
    ("zh", "算了，忘掉吧，我们聊点别的", False),
    ("zh", "删除我的 steam 账号", False),
    ("ko", "GTA 얘기는 잊어줘", True),
    ("ko", "됐어, 잊어버려. 다른 얘기 하자", False),
    ("ko", "스팀 계정 삭제해", False),
]


def test_every_language_in_the_table_has_cues_idioms_and_subject_words() -> None:
    assert len(CUES) == 13
    for code, language in CUES.items():
        assert language.cues and language.needles and language.idioms, code
        assert language.not_the_subject.split(), code
        for pattern in (*language.cues, *language.idioms):
            re.compile(pattern)


def test_every_language_is_in_the_detection_table_both_ways() -> None:
    for code in CUES:
        assert {asks for lang, _, asks in DETECTION if lang == code} == {True, False}, code


@pytest.mark.parametrize(("language", "text", "asks"), DETECTION, ids=[f"{lang}:{text[:30]}" for lang, text, _ in DETECTION])
def test_detection_per_language(language: str, text: str, asks: bool) -> None:
    assert asks_to_forget([text]) is asks
    assert bool(request_sentences([text])) is asks


@pytest.mark.parametrize(("language", "text", "asks"), [c for c in DETECTION if c[2]], ids=[c[0] for c in DETECTION if c[2]])
def test_each_request_holds_a_needle_of_its_language(language: str, text: str, asks: bool) -> None:
    """The substring pre-check never hides a request: its language's needles are in it."""
    assert any(needle in text.casefold() for needle in CUES[language].needles)


def test_an_idiom_is_taken_out_and_a_request_beside_it_stays() -> None:
    text = "forget the haters. also forget that I play GTA"
    assert "haters" not in without_idioms(text)
    assert request_sentences([text]) == ["also forget that I play GTA"]


def test_the_request_words_say_what_to_do_not_which_memory() -> None:
    query = Query.forget_request("please delete what I said about my cat from your memory")
    assert query.vocabulary == {"cat"}
    assert {"forget", "delet", "eras", "remov"} <= FORGET_WORDS


NOW = datetime(2026, 1, 1, tzinfo=UTC)


def mem(i: int, text: str, *topics: str) -> MemoryRecord:
    return MemoryRecord(i, 42, text, topics, "medium", NOW + timedelta(days=30), "chat", NOW - timedelta(days=i))


SHOWN = [
    mem(1, "Plays GTA Online with friends.", "gta"),
    mem(2, "Plays the piano.", "music"),
    mem(3, "Is vegan.", "diet"),
    mem(4, "Works night shifts as a nurse.", "job"),
    mem(5, "Has a dog named Pixel.", "pets"),
]
HONOURED = [
    # (member's words, numbers the model asked to forget, numbers that stand)
    ("forget that I play GTA", [1, 2, 3, 4, 5], [1]),
    ("forget that I play the piano", [1, 2, 3, 4, 5], [2]),
    ("forget that I'm vegan", [1, 2, 3, 4, 5], [3]),
    ("forget what I said about my job", [1, 2, 3, 4, 5], [4]),
    ("forget that I play GTA and that I have a dog", [1, 2, 3, 4, 5], [1, 5]),
    ("forget that I play Minecraft", [1, 2, 3, 4, 5], []),
    ("I'm vegan btw. actually, forget that", [3, 4], [3]),
    ("forget it, let's talk about something else", [1, 2, 3, 4, 5], []),
    ("forget that I play GTA", [9, 0, -1], []),
    ("I play GTA", [1], []),
]


@pytest.mark.parametrize(("text", "numbers", "kept"), HONOURED, ids=[t[:30] for t, _, _ in HONOURED])
def test_a_forget_stands_only_for_the_memories_the_request_names(text: str, numbers: list[int], kept: list[int]) -> None:
    assert forgets_asked_for(numbers, [text], SHOWN) == kept
