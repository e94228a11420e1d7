"""Game names as members type them: every title, character, place, player and gamer word of a public list is recalled.

The table (game_words.json, beside this file) holds names copied from public lists (best-selling games
and franchises, Fandom and Liquipedia pages, the glossary of video game terms, native
titles), each list with its source. A memory "Is playing <name>." must come back, with
words only (no embeddings: ranking is lexical without ``similarity``), for a chat message
naming it in capitals with "!!!", in lower case, with its last letter elongated, as a
possessive, between emoji; no name may fold to nothing, nor to the same words as
another name it shares no word with.
"""

from __future__ import annotations

import json
import re
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from utils.memory.ranking import Query, rank_relevant
from utils.memory.words import STOPWORDS, fold, forms, index_words, is_content, words
from utils.storage.records import MemoryRecord

TABLE = json.loads((Path(__file__).parent / "game_words.json").read_text(encoding="utf-8"))
LISTS = TABLE["lists"]
ITEMS = [name for entry in LISTS for name in entry["items"]]
NOW = datetime(2026, 1, 1, tzinfo=UTC)
OTHER_MEMORIES = (
    "Has a dog named Biscuit.",
    "Works night shifts as a nurse.",
    "Is learning Japanese.",
    "Is allergic to peanuts.",
    "Has two kids.",
    "Drives an old Honda Civic.",
)
WORDLESS = {"V", "iM", "any%"}
"""Names that words alone cannot tell from nothing: a single letter (Cyberpunk's V) and a spelling of a function word
("iM" is "I'm", "any%" is "any"). Reaching them takes the topic tag or the meaning; the set may not grow."""
IRREGULAR = {"fell": "fall", "fallen": "fall", "gone": "go", "broken": "break", "shot": "shoot"}
"""Irregular forms in the table, for the independent inflection check below."""


def _memory(i: int, text: str) -> MemoryRecord:
    return MemoryRecord(i, 42, text, (), "medium", NOW + timedelta(days=30), "chat", NOW - timedelta(days=10))


BACKGROUND = [_memory(100 + i, text) for i, text in enumerate(OTHER_MEMORIES)]


def _elongated(name: str) -> str:
    """The name with its last letter typed five times ("Hadesssss", "Zeldaaaaa")."""
    for i in range(len(name) - 1, -1, -1):
        if name[i].isalpha():
            return name[: i + 1] + name[i] * 4 + name[i + 1 :]
    return name


def chat_forms(name: str) -> list[str]:
    return [
        f"{name.upper()}!!!",
        f"anyone else into {name.lower()}?",
        f"{_elongated(name)} 🔥🔥",
        f"{name}'s new update is wild",
        f"🎮{name}🎮 tonight!!!",
        f"omg {name}...",
    ]


def _recalled(name: str, message: str) -> bool:
    memory = _memory(1, f"Is playing {name}.")
    return memory.id in {m.id for m in rank_relevant([memory, *BACKGROUND], Query.of(message), limit=5)}


def test_the_table_is_large_and_every_list_names_its_source() -> None:
    assert len(ITEMS) >= 500
    assert len(set(ITEMS)) == len(ITEMS)
    kinds = {entry["kind"] for entry in LISTS}
    assert {"title", "franchise", "character", "place", "person", "team", "vocabulary", "other-script"} <= kinds
    assert all(entry["source"] and entry["items"] for entry in LISTS)


@pytest.mark.parametrize("entry", LISTS, ids=[f"{e['kind']}: {e['source'][:50]}" for e in LISTS])
def test_every_name_is_recalled_however_it_is_typed(entry: dict) -> None:
    missed = [
        (name, message)
        for name in entry["items"]
        if name not in WORDLESS
        for message in chat_forms(name)
        if not _recalled(name, message)
    ]
    assert missed == []


def test_only_the_known_wordless_names_fold_to_nothing() -> None:
    assert {name for name in ITEMS if not index_words(name)} == WORDLESS


def _crude(word: str) -> str:
    """An inflection check that shares nothing with the stemmer: plural and -ing/-ed off, a doubled letter undone."""
    word = IRREGULAR.get(word, word)
    for suffix, replacement in (("ies", "y"), ("es", ""), ("s", "")):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            word = word[: -len(suffix)] + replacement
            break
    for suffix in ("ing", "ed"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            word = word[: -len(suffix)]
            word = word[:-1] if word[-1] == word[-2] else word
            break
    return word.rstrip("e")


def _written_words(name: str) -> frozenset[str]:
    return frozenset(_crude(w) for w in re.findall(r"[^\W_]+", fold(name).replace("'s", "")) if w not in STOPWORDS)


def test_no_two_names_merge_unless_they_share_their_words() -> None:
    """Two names with the same retrieval words are the same words as written, up to case and inflection."""
    by_words: dict[frozenset[str], list[str]] = {}
    for name in ITEMS:
        if name in WORDLESS:
            continue
        key = frozenset(index_words(f"Is playing {name}.")) - {"play"}
        by_words.setdefault(key, []).append(name)
    merged = [names for names in by_words.values() if len(names) > 1 and len({_written_words(n) for n in names}) > 1]
    assert merged == []


def test_no_written_word_of_the_table_stems_onto_an_unrelated_one() -> None:
    """Word by word: "code" must not become "cod" (Call of Duty), "hades" not "had", "chronos" keeps its own form."""
    by_stem: dict[str, set[str]] = {}
    for name in ITEMS:
        for written in re.findall(r"[^\W\d_]+", fold(name)):
            positions = forms(written)
            if len(positions) == 1 and is_content(positions[0][0]):
                by_stem.setdefault(positions[0][0], set()).add(written)
    assert [(s, sorted(w)) for s, w in by_stem.items() if len({_crude(x) for x in w}) > 1] == []


@pytest.mark.parametrize(
    ("word", "stem"),
    [("hades", "hade"), ("ares", "ares"), ("code", "code"), ("cod", "cod"), ("wine", "wine"), ("win", "win"),
     ("sure", "sure"), ("tree", "tree"), ("lose", "lose"), ("noted", "note"), ("comes", "come"), ("theme", "theme")],
)  # fmt: skip
def test_a_content_word_never_stems_into_a_stop_word_or_another_word(word: str, stem: str) -> None:
    assert words(word) == [stem] and is_content(stem)


@pytest.mark.parametrize(
    ("message", "memory", "recalled"),
    [
        ("HADES!!! beat chronos tonight", "Is playing Hades II.", True),
        ("hades 2 finally out", "Is playing Hades II.", True),
        ("GOOOO sooo hyped for elden ringgg", "Wants to platinum Elden Ring.", True),
        ("CS2 anyone?", "Grinds cs2 every night.", True),
        ("counterstrike 2 tonight", "Grinds Counter-Strike 2 every night.", True),
        ("ff7 rebirth is peak", "Loves FF7.", True),
        ("spiderman 2 is so good", "Is playing Marvel's Spider-Man 2.", True),
        ("原神好玩", "Plays 原神 daily.", True),
        ("배틀그라운드를 하자", "Plays 배틀그라운드 with friends.", True),
        ("I need a cheat code", "Grinding prestige in COD with the squad.", False),
        ("we had fun", "Is playing Hades II.", False),
        ("did you win?", "Likes red wine.", False),
        ("lesssss is more", "Plays Valorant.", False),
    ],
)
def test_chat_forms_table(message: str, memory: str, recalled: bool) -> None:
    record = _memory(1, memory)
    assert (rank_relevant([record, *BACKGROUND], Query.of(message)) != []) is recalled


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("HADES!!!", {"hade", "hades"}),
        ("ＨＡＤＥＳ", {"hade", "hades"}),
        ("𝐇𝐚𝐝𝐞𝐬 rocks", {"hade", "rock"}),
        ("GOOOO", {"go", "goo"}),
        ("soooo", set()),
        ("yesss", set()),
        ("falllll", {"fal", "fall"}),
        ("Baldur's Gate 3's ending", {"baldur", "gate", "gate3", "end"}),
        ("Spider-Man", {"spider", "man", "spiderman"}),
        ("S.T.A.L.K.E.R.", {"stalker"}),
        ("Final Fantasy VII", {"final", "fantasy", "vii", "fantasy7"}),
        ("I have 2 kids", {"kid"}),
        ("playing The Sims", {"play", "sim", "sims"}),
        ("Kai'Sa", {"kaisa"}),
        ("原神好玩", {"原神", "神好", "好玩"}),
        ("likes liked liking others days", set()),
        ("😭😭😭 !!! ...", set()),
    ],
)
def test_words_of_chat(text: str, expected: set[str]) -> None:
    assert set(index_words(text)) == expected
