"""A line that places its special word in a saved game or a world the member owns in a game.

"Is a devout follower of Yevon in his FFX save.", "half my city has the flu again, Cities Skylines really wants me to
build more clinics", "w moim save'ie z Simsów postać ma depresję" (in my Sims save the character has depression): the
faith, the flu and the depression belong to a character or a town of the game, not to the member. The opening frame
(:mod:`utils.privacy.game_frame`, "in Kenshi …") does not see them: the game is named late, or through the save. Here a
line is framed when it holds a save or an owned world of the game ("his FFX save", "my city", "moim save'ie") and names
a game's title anywhere — the owned phrase a place ("in his FFX save") or the subject opening the line or a clause
("half my city …"), not a deed's object ("plays his Skyrim save": the rest of the line is the member's) — says it in
one sentence, and holds no real life, no other person and no telling (the
game frame's lists, read outside the owned phrase: "his" in "his FFX save" is the member a memory line speaks of),
and no first-person state ("I have the flu, playing my Stardew save all day" is the member's flu).

The words are data (``data/game_saves.json``, beside ``data/game_frame.json``'s titles and people).
"""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path
from typing import Any

from utils.privacy._others_vocabulary import alternation

_DIR = Path(__file__).with_name("data")
_SECOND_SENTENCE = re.compile(r"[.!?;]\s+\S|\n\s*\S")
_INFLECTION = r"[^\W\d_]{0,3}"
"""An ending a capitalised title may take in an inflecting language ("Simsów", "Skyrimie")."""


@cache
def _data() -> dict[str, Any]:
    frame = json.loads((_DIR / "game_frame.json").read_text(encoding="utf-8"))
    saves = json.loads((_DIR / "game_saves.json").read_text(encoding="utf-8"))
    return {**saves, "titles": [*frame["titles"], *saves["titles"]], "frame": frame}


def _bounded(words: list[str]) -> re.Pattern[str]:
    return re.compile(rf"(?<![^\W\d_])(?:{alternation(words)})(?![^\W\d_])", re.IGNORECASE)


@cache
def _readers() -> tuple[re.Pattern[str], re.Pattern[str], re.Pattern[str], re.Pattern[str], frozenset[str]]:
    data = _data()
    titles = alternation(data["titles"])
    where = alternation(data["frame"]["before_a_title"])
    lead = rf"(?:(?<![^\W\d_])(?:{where})\s+|(?:^|[,;:–—-])\W*(?:(?:{alternation(data['quantifiers'])})\s+)?)"
    owned = re.compile(
        rf"{lead}(?:{alternation(data['possessives'])})\s+(?:(?:{titles}){_INFLECTION}\s+)?"
        rf"(?:{alternation(data['world_nouns'])})(?![^\W\d_])",
        re.IGNORECASE,
    )
    title = re.compile(rf"(?<![^\W\d_])(?P<title>{titles})(?P<ending>{_INFLECTION})(?![^\W\d_])", re.IGNORECASE)
    frame = data["frame"]
    outside = _bounded([*frame["real_life"], *frame["people_and_speech"]])
    first_person = _bounded(data["first_person"])
    return owned, title, outside, first_person, frozenset(frame["capitalised_only"])


def _names_a_title(text: str, title: re.Pattern[str], capitalised_only: frozenset[str]) -> bool:
    """A title anywhere; a word-like title ("Sims", "Civ") or an inflected one only with its capital."""
    for match in title.finditer(text):
        word = match.group("title")
        if not (match.group("ending") or word.casefold() in capitalised_only) or word[:1].isupper():
            return True
    return False


def _in_life_too(text: str, place: re.Match[str]) -> bool:
    """A place set off after a comma, or with "too" or "also" beside it ("Is a devout Catholic, in his Skyrim save
    too"): the words before it are said of the member's life, the save only repeats them."""
    before = text[: place.start()].rstrip()
    if place.group().lstrip()[:1] not in ",;:–—-" and before.endswith((",", ";", "–", "—")) and before.strip(",;–— "):
        return True
    also, also_before = _also()
    return also.match(text[place.end() :]) is not None or also_before.search(before) is not None


@cache
def _also() -> tuple[re.Pattern[str], re.Pattern[str]]:
    words = alternation(_data()["also"])
    return (
        re.compile(rf"\W*(?:{words})(?![^\W\d_])", re.IGNORECASE),
        re.compile(rf"(?<![^\W\d_])(?:{words})\W*$", re.IGNORECASE),
    )


_CLAUSE_END = re.compile(r"[,;:.!?。！？，；]|\s[–—]\s")


def also_said_of_life(text: str, start: int, end: int) -> bool:
    """Whether the game named at ``text[start:end]`` stands in a clause of its own, set off by a comma after the
    words before it and saying "too"/"also" ("Ist gläubiger Katholik, in seinem Skyrim-Spielstand auch"): the words
    before are the member's, and the game only has them as well. A game's own mechanics say it in one clause
    ("my CK3 kingdom is Catholic too")."""
    opened = max((m.end() for m in _CLAUSE_END.finditer(text, 0, start)), default=-1)
    if opened <= 0 or not text[:opened].strip(" ,;:–—"):
        return False
    closed = _CLAUSE_END.search(text, end)
    clause = text[opened : closed.start() if closed else len(text)]
    return _also_in_a_clause().search(clause) is not None


@cache
def _also_in_a_clause() -> re.Pattern[str]:
    words = _data()["also"]
    spaced = [w for w in words if w.isascii() or " " in w or len(w) > 1]
    bare = [w for w in words if w not in spaced]  # "也", "も", "도" ride on the word before them
    return re.compile(rf"(?<![^\W\d_])(?:{alternation(spaced)})(?![^\W\d_])|{alternation(bare)}", re.IGNORECASE)


def set_in_a_save(text: str) -> bool:
    """True when ``text`` places its words in a save or an owned world of a named game (module docstring)."""
    owned, title, outside, first_person, capitalised_only = _readers()
    place = owned.search(text)
    if place is None or "@" in text or _SECOND_SENTENCE.search(text.strip()):
        return False
    rest = text[: place.start()] + " " + text[place.end() :]
    if outside.search(rest) or first_person.search(text) or _in_life_too(text, place):
        return False
    return _names_a_title(text, title, capitalised_only)
