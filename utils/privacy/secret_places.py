"""What follows a secret word without being its value: where the secret is kept, or a rule about it.

"the password is on the sticker", "我的助记词写在纸上锁在抽屉里" (my mnemonic is written on paper, locked in a drawer)
and "パスワードは8文字以上で記号を1つ入れてください" (at least eight characters with one symbol) name a secret and
give none: a place is where it is, a count of characters is how it must be made. The readers took the words after the
secret word as the value ("8文字以上…" has a digit, a Chinese run is a phrase's length of seed-list characters). A
value said after a rule ("password: 8 chars min is Hunter22") is still a value to the readers that find it after its
own link. A comparison of its length ("dłuższe niż 16 znaków", "longer than yours") is a rule too. A word that says
there is no value ("Passwort: keins", "hasło: brak", "password: none, it's an open lobby", "the same as before") or
sends the reader to whoever holds it ("contraseña: pregúntale a Carmen", "ask mum") is no value either; glued to a
digit or a symbol ("keins123!") it is one again. The
words are data (``data/secret_places.json``; the spaced languages' places are ``not_secrets`` in
``data/secret_words.json``).
"""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path

from utils.privacy.rule import literal_trie

_DATA = Path(__file__).with_name("data") / "secret_places.json"


@cache
def _data() -> dict[str, list[str]]:
    loaded: dict[str, list[str]] = json.loads(_DATA.read_text(encoding="utf-8"))
    return loaded


def _words(words: list[str]) -> str:
    ascii_ones, others = [w for w in words if w.isascii()], [w for w in words if not w.isascii()]
    tries = [rf"(?<![A-Za-z]){literal_trie(ascii_ones)}(?![A-Za-z])"] if ascii_ones else []
    return "|".join([*tries, *([literal_trie(others)] if others else [])])


@cache
def _rule() -> re.Pattern[str]:
    """A count then a length unit ("8 chars", "8文字", "12 caractères"), or a rule's word ("at least", "至少")."""
    units, rules = _words(_data()["length_units"]), _words(_data()["rule_words"])
    return re.compile(rf"(?:\d+\s*(?:-\s*\d+\s*)?(?:{units})|(?:{rules}))(?![A-Za-z0-9!@#$%^&*_])", re.IGNORECASE)


def states_a_rule(text: str, start: int) -> bool:
    """Whether the words from ``start`` (where a value would begin) open with a rule about the secret rather than
    a value: a length in characters, or "at least", "mindestens", "至少"."""
    return _rule().match(text, start) is not None


_MASK_BEFORE = re.compile(r"(?:[*•●∙＊]{3,}|\[(?:redacted|hidden|masked)\])[`'\"]?\s+$", re.IGNORECASE)


def masked_before(text: str, start: int) -> bool:
    """Whether the words from ``start`` follow a masked value ("senha: ****** aparece assim no painel"): the stars
    stood where the value was, and what follows is the sentence about them."""
    return _MASK_BEFORE.search(text, max(0, start - 24), start) is not None


def says_where_kept(run: str) -> bool:
    """Whether an unspaced run after a seed word holds a verb phrase saying where the phrase is kept (a sentence)."""
    return any(place in run for place in _data()["unspaced_places"])


@cache
def no_value_words() -> frozenset[str]:
    """Words that, standing alone where a value would be, say the secret has none or is the one already known
    ("none", "keins", "brak", "нет", "aucun", "same"): compared casefolded with the whole value."""
    return frozenset(word.casefold() for word in _data()["no_value"])


@cache
def mask_words() -> frozenset[str]:
    """Words a log, a tracker or a guide prints where it hid a value ("REDACTED", "[FILTERED]", "piilotettu")."""
    return frozenset(word.casefold() for word in _data()["mask_words"])


@cache
def placeholder_parts() -> frozenset[str]:
    """The words of a guide's placeholder in lower case ("your", "here", "buraya", "ваш"): a value of parts joined by
    "_" or "-" holding one of them ("your_password_here", "sifreniz_buraya") stands for a value."""
    return frozenset(word.casefold() for word in _data()["placeholder_parts"])
