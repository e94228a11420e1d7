"""Three frames that hand a value to a secret word where the ordinary links do not, and one that takes it away.

* A value set to ("パスワードを v2.4.1-Neko にした", "비밀번호를 Hangang#63로 바꿨어"): Japanese and Korean put the
  value between the word's particle and the verb of setting, with a particle glued after it; the value may look like a
  version, which is why its frame and not its shape says what it is.
* A value changed to ("my old password was Kaas123, now it's Stroopwafel8", "password: (none) was the old one, now
  it's Kayak(91)!"): a "now it's" in the word's clause hands over the current value, which must look like a secret by
  itself (not a time or an amount: "now it's 10:30").
* A code issued to prove who one is ("el código de Steam Guard que me llegó es 4KX9T"): second-factor services print
  five to eight capitals and digits, too short and too mixed for a code word's digit codes; near a code word and a word
  that says it was issued (``data/issued_codes.json``) such a run is a value. A room's, a level's or a workshop's code
  ("Overwatch workshop code: 5KTNB") names no issuer and stays.
* A slogan: in Polish, Czech, Slovak, Hungarian, Hebrew and Turkish the word for a password is also the word for a
  slogan; beside a campaign, an election, a party or a protest (``data/word_senses.json``: "hasło wyborcze partii to
  …", "a kampány jelszava: …") it names one, and what follows is said for everyone. A Wi-Fi word with no word for
  its key ("wifi: Ziggo-Gast") names the network, and a name of letters holding a guest's word is the one every
  visitor's phone lists: :func:`another_sense` reads both.
"""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path

from utils.privacy._secret_values import NOT_A_SECRET, QUOTED, WORD, looks_like_a_secret

_SET_TO = re.compile(
    r"[^\n。！？!?]{0,16}?(?<![!-~])(?P<secret>[!-~]{4,40}?)[ \t\u3000]*"
    r"(?:に|へ|으로|로)[ \t]?(?:した|して|する|します|しました|しよう|変え|変更|設定|바꿨|바꿈|바꾸|바꿔|변경|설정|했)"
)
_NOW = re.compile(
    r"(?i)(?<![^\W\d_])(?:now|ahora|jetzt|maintenant|nu|agora|ora|adesso"
    r"|teraz|теперь|сейчас|şimdi|nyt|nå)(?![^\W\d_])[ \t:]*(?:(?:it'?s|it is|ist es|es ist|is het|het is|c'est|is|es|ist"
    r"|est|é|è|to|это)(?![^\W\d_])|'s|[-–—])?[ \t:]*(?P<secret>" + QUOTED + "|" + WORD + ")"
)
_NOW_WITHIN = 60
"""How far after the secret word "now it's" may stand: its clause, and the old value or "(none)" before it."""
_SENTENCE_END = re.compile(r"[.!?](?:\s|$)|\n")
_A_TIME_OR_AMOUNT = re.compile(r"[\d:.,/$€£%-]+[a-z]{0,2}")
_ISSUED = re.compile(r"[^\n.!?]{0,40}?(?<![\w-])(?P<secret>(?=[A-Z0-9]*\d)(?=[A-Z0-9]*[A-Z])[A-Z0-9]{5,8})(?![\w-])")
_ISSUER_BEFORE = 24
"""How far before the code word an issuer may stand ("Steam Guard code", "2FA-Code")."""
_SENSE_AROUND = 24
"""How far before or after a secret word a word giving it another sense may stand."""
_LETTERS = re.compile(r"[^\W\d_]+")
"""How far before the code word an issuer may stand ("Steam Guard code", "2FA-Code")."""


@cache
def _issuers() -> tuple[str, ...]:
    data = json.loads((Path(__file__).with_name("data") / "issued_codes.json").read_text(encoding="utf-8"))
    return tuple(word.casefold() for word in data["issuers"])


@cache
def _slogan_words() -> frozenset[str]:
    data = json.loads((Path(__file__).with_name("data") / "word_senses.json").read_text(encoding="utf-8"))
    return frozenset(word.casefold() for word in data["slogan"])


def a_slogan(text: str, start: int, end: int) -> bool:
    """Whether the secret word at ``start:end`` names a slogan: a campaign's, a party's or a protest's word beside it."""
    around = text[max(0, start - _SENSE_AROUND) : start] + " " + text[end : end + _SENSE_AROUND]
    return not _slogan_words().isdisjoint(word.casefold() for word in _LETTERS.findall(around))


@cache
def _network_senses() -> tuple[frozenset[str], frozenset[str]]:
    data = json.loads((Path(__file__).with_name("data") / "word_senses.json").read_text(encoding="utf-8"))
    return frozenset(word.casefold() for word in data["network"]), frozenset(word.casefold() for word in data["guest"])


_NETWORK_NAME = re.compile(
    r"[ \t]*(?:[:=：]|is|ist|est|es|é|è|heet|heißt|called|named|=)?[ \t:]*[\"'“„«]?"
    r"(?P<name>[^\W\d_]+(?:[-_.][^\W\d_]+){0,3})(?![\w@/-])"
)
"""A network's name after its word: letters only, in up to four parts joined by "-", "_" or "."."""
_NAME_PARTS = re.compile(r"[^\W\d_][^\W\d_A-Z]*")


def a_guest_network(text: str, start: int, end: int) -> bool:
    """Whether the Wi-Fi word at ``start:end`` names the network and what follows is a guest network's name, letters
    only ("wifi: Ziggo-Gast", "WLAN heißt Hotel_Guest")."""
    networks, guests = _network_senses()
    if text[start:end].casefold() not in networks:
        return False
    match = _NETWORK_NAME.match(text, end)
    return match is not None and not guests.isdisjoint(part.casefold() for part in _NAME_PARTS.findall(match.group("name")))


def another_sense(text: str, start: int, end: int) -> bool:
    """Whether the secret word at ``start:end`` has its other sense here: a slogan's, or a guest network's name."""
    return a_slogan(text, start, end) or a_guest_network(text, start, end)


def set_to(text: str, end: int) -> tuple[int, int] | None:
    """The value a word ending at ``end`` is set to, in Japanese or Korean word order, when it looks like one."""
    match = _SET_TO.match(text, end)
    if match is None:
        return None
    value = match.group("secret")
    return match.span("secret") if looks_like_a_secret(value) and value.casefold() not in NOT_A_SECRET else None


def now_it_is(text: str, end: int) -> tuple[int, int] | None:
    """The value after "now it's" in the clause after a secret word ending at ``end`` (past its old value, or a word
    saying it had none: "password: (none) was the old one, now it's Kayak(91)!")."""
    match = _NOW.search(text, end, end + _NOW_WITHIN)
    if match is None or _SENTENCE_END.search(text, end, match.start()):
        return None
    value = match.group("secret").strip("`*_\"'“”„«»「」")
    if _A_TIME_OR_AMOUNT.fullmatch(value) or value.casefold() in NOT_A_SECRET:
        return None  # "now it's 10:30", "now it's 4.99"
    return match.span("secret") if looks_like_a_secret(value) else None


def issued_code(text: str, start: int, end: int) -> tuple[int, int] | None:
    """A second factor's code after the code word at ``start:end``, where an issuer is named near it."""
    match = _ISSUED.match(text, end)
    if match is None:
        return None
    near = text[max(0, start - _ISSUER_BEFORE) : match.start("secret")].casefold()
    return match.span("secret") if any(word in near for word in _issuers()) else None
