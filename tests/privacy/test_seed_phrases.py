"""Seed phrases in every language a wallet shows them in, written as members paste them."""

from __future__ import annotations

import random
import unicodedata

import pytest
from mnemonic import Mnemonic

from utils.privacy.screen import screen

LANGUAGES = sorted(Mnemonic.list_languages())
WRAPPINGS = [
    "{phrase}",
    "my seed: {phrase}",
    "```{phrase}```",
    "||{phrase}||",
    "{numbered}",
    "{lines}",
    "{commas}",
]


PHRASES_PER_LIST = 8


def phrase_of(language: str, draw: int, strength: int = 128) -> list[str]:
    """A phrase drawn from fixed entropy, so a failure names a phrase that fails again."""
    entropy = random.Random(f"{language}-{draw}").randbytes(strength // 8)
    return Mnemonic(language).to_mnemonic(entropy).replace("\u3000", " ").split()


@pytest.mark.parametrize("draw", range(PHRASES_PER_LIST))
@pytest.mark.parametrize("wrapping", WRAPPINGS)
@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("form", ["NFC", "NFD"])
def test_a_phrase_in_every_wordlist_is_screened_out(language: str, wrapping: str, form: str, draw: int) -> None:
    words = [unicodedata.normalize(form, w) for w in phrase_of(language, draw)]
    separator = "\u3000" if language == "japanese" else " "
    text = wrapping.format(
        phrase=separator.join(words),
        numbered=" ".join(f"{i}. {w}" for i, w in enumerate(words, start=1)),
        lines="\n".join(words),
        commas=", ".join(words),
    )
    screened = screen(text, "message")
    assert "seed-phrase" in screened.kinds, text
    kept = screened.text.casefold()
    assert sum(unicodedata.normalize(form, w).casefold() in kept.split() for w in words) <= 2, screened.text


ORDINARY = [
    "we play every friday night, bring snacks and a good mood please",
    "el sábado vamos al cine y después a cenar algo rico con los amigos",
    "ce soir on joue ensemble, venez nombreux sur le serveur",
    "stasera giochiamo insieme sul server, portate gli amici",
    "hoje à noite vamos jogar juntos no servidor, tragam os amigos",
    "dnes večer hrajeme spolu na serveru, přiveďte kamarády",
    "сегодня вечером играем вместе на сервере, зовите друзей",
    "bu akşam sunucuda birlikte oynuyoruz, arkadaşlarını getir",
    "今日は みんなで 一緒に ゲームを します よろしく お願いします",
    "오늘 밤에 같이 게임 해요 친구들도 데려오세요 감사합니다",
    "今天 晚上 我们 一起 玩 游戏 欢迎 大家 来 参加 活动 谢谢",
    "的 一 是",
]


@pytest.mark.parametrize("text", ORDINARY)
def test_ordinary_lines_in_those_languages_pass_unchanged(text: str) -> None:
    assert screen(text, "message").text == text
