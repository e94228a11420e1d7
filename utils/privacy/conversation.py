"""A member's consecutive messages screened together: a secret split over two messages is still a secret.

The screen reads one message at a time, and members split what they say: "ok my new steam
password:" then "Kx8-tundra-44"; "9514" then "that was my bank pin btw". Neither message
alone holds "password" next to its value. :class:`ConversationScreen` keeps, per member and
place, the last few messages (at most :data:`WINDOW_MESSAGES`, no older than
:data:`WINDOW_SECONDS`) and reads each new one against them, both ways:

- *announced then given*: the earlier message ends by naming a secret ("my PIN", "wifi
  password is", "mein Passwort:") and the new one is a lone value: the value is screened out of
  the new message;
- *given then revealed*: the new message is short, names a secret and points back ("^", "that
  was my …", "das war mein Passwort", "ese era mi pin"): the credential-like words of the
  earlier message become values, and every copy of it held elsewhere (the chat context, the
  queued extraction, the log) is screened with them (:attr:`InContext.found`).

It is precise rather than broad: an ordinary exchange ("what's your favourite game?" /
"Hades") is read with a few dictionary look-ups and passes unchanged. The window holds the
messages as screened (what the screen already took out is not kept again), in RAM only,
bounded, and dropped when the member is forgotten (:meth:`ConversationScreen.forget`).
"""

from __future__ import annotations

import re
import time
import tomllib
from collections import OrderedDict, deque
from collections.abc import Callable, Collection, Iterable
from dataclasses import dataclass, replace
from functools import lru_cache
from pathlib import Path
from typing import Literal

from utils.privacy.passwords import looks_like_a_secret
from utils.privacy.screen import LOGGED_ONLY, PLACEHOLDER, Screened, Seen, screen
from utils.privacy.vocabulary import kind_of_word, words_of_kind

WINDOW_MESSAGES = 3
WINDOW_SECONDS = 300.0
"""A value given, or revealed, later than this is a new conversation: nothing is read across it."""
MAX_MEMBERS = 10_000
"""Members whose window is kept (the least recently heard from go first): a bound on the RAM, not a policy."""
SHORT_MESSAGE_CHARS = 200
"""A lone value, and a message that reveals an earlier one, are short: longer messages skip both readings."""
REVEAL_MAX_WORDS = 12
ANNOUNCE_TAIL_WORDS = 10
_MAX_NAMED = 8
"""Words after the kind in "PIN von meiner EC-Karte, falls ich es vergesse"."""
MIN_VALUE = 4
"""Shorter values would match everywhere (and `Seen` ignores them)."""
_MAX_BETWEEN = 4
"""Words between "that" and the kind in "that was my real steam password"."""
_MAX_QUALIFIED = 5
"""Words between the kind and its connector in "password for the steam account is"."""
_PASSPHRASE_WORDS = 6
_PHRASE_WORDS = 6
_UNSPACED_REST = 3
_UNSPACED_NAMED = 10
"""Characters after a kind that may name what it opens ("แอปธนาคาร", the bank app) in an announcement."""
"""Characters after a kind written without spaces: a verb ("바꿈", changed), not a sentence."""
_PAIR = re.compile(r"(?P<user>[^\s/|]+)\s*[/|]\s*(?P<value>[^\s/|]+)")
"""A login given as "admin / admin1234": the value is the second half."""
_ASIDE = re.compile(r"\s*\([^()]*\)?\s*$")
"""A closing aside is not what the message ends with: "my epic password (pls dont steal lol)"."""
_SPACED_DIGITS = re.compile(r"\d(?:[\s.-]?\d){3,}(?:\s?[#*])?")
_REACTION = re.compile(
    r"(?:ha|he|hi|ja|je|kk|lo|xd|w)+[lh]?|l+m+f*a+o+|lo+l+|x+d+|k+e+k+w*|5{3,}|<a?:\w+:\d+>|:\w+:"
    r"|@\S+|<[@#][!&]?\d+>|(?:https?://|www\.)\S+"
)
"""Laughter, emoji, mentions and links answer an announcement without giving a value ("lmaooo", ":kekw:", "@Mike")."""
_SENTENCE_END = re.compile(r"[。！？，、]")
_UNSPACED_SCRIPT = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af\u0e00-\u0e7f]")
_UNSPACED_WORD_CHARS = 4
"""Characters of Chinese, Japanese, Korean or Thai in one value: more is a sentence."""
_CLAUSES = re.compile(r"[.!?;,，。！？、]+\s*")

_STRIP = ".,!?;:…\"'“”„«»()[]{}*_~`|¿¡"
_WRAPPERS = (("```", "```"), ("`", "`"), ("||", "||"), ("**", "**"), ('"', '"'), ("'", "'"), ("“", "”"), ("«", "»"))
_WRAPPER_STARTS = frozenset(opening[0] for opening, _closing in _WRAPPERS)
_STRONG_ENDINGS = (":", "=", "->", "→", "：", "=>")

_DATA = tomllib.loads((Path(__file__).parent / "data" / "conversation.toml").read_text(encoding="utf-8"))


_Phrases = dict[str, list[tuple[tuple[str, ...], str]]]


def _phrases(kinds: dict[str, list[str]]) -> _Phrases:
    """Each kind's phrases, by their first word (longest first), for a look-up per word of a message."""
    by_first: _Phrases = {}
    for kind, phrases in kinds.items():
        for phrase in phrases:
            words = tuple(phrase.casefold().split())
            by_first.setdefault(words[0], []).append((words, kind))
    for candidates in by_first.values():
        candidates.sort(key=lambda c: len(c[0]), reverse=True)
    return by_first


_PASSWORD_WORDS = [
    word.rstrip("?") for kind in ("password", "wifi", "login") for word in words_of_kind(kind) if not word.endswith("*")
]
"""The vocabulary's words for a password, a wifi key and a login (stems left out: a phrase is matched word for word)."""
_KINDS = _phrases({**_DATA["kinds"], "password": [*_PASSWORD_WORDS, *_DATA["kinds"]["password"]]})
_QUALIFIED = _phrases({"code": _DATA["qualified"]["code"]})
_PUBLIC_CODES = frozenset(_DATA["qualified"]["public"])
_PHRASE_KINDS = frozenset(_DATA["phrase_kinds"]["words"])
_POSSESSIVE_AFTER = frozenset(_DATA["announce"]["possessive_after"])
_UNSPACED: tuple[tuple[str, str], ...] = tuple((w, kind) for kind, ws in _DATA["unspaced"].items() for w in ws)
_WEAK = frozenset(_DATA["announce"]["weak"])
_CONNECTORS = frozenset(_DATA["announce"]["connectors"])
_NAMING = frozenset(_DATA["announce"]["naming"])
_QUALIFIERS = frozenset(_DATA["announce"]["qualifiers"])
_UNSPACED_CONNECTORS = frozenset(c for c in _CONNECTORS if not c.isascii())
_POINTERS = frozenset(_DATA["reveal"]["pointers"])
_DEMONSTRATIVES = frozenset(_DATA["reveal"]["demonstratives"])
_UNSPACED_DEMONSTRATIVES = tuple(d for d in _DEMONSTRATIVES if not any(c.isascii() for c in d) and " " not in d)
_FILLERS = frozenset(_DATA["reveal"]["fillers"])
_TRAILERS = frozenset(_DATA["reveal"]["trailers"]) | _FILLERS
_NOT_VALUES = frozenset(_DATA["answers"]["not_values"])
_NOT_A_LABEL = frozenset(_DATA["announce"]["not_a_label"])
_LABEL_OPENERS = frozenset(_DATA["announce"]["label_openers"])
_LEAD_IN = frozenset(_DATA["announce"]["lead_in"])
_LEAD_CONNECTORS = frozenset(_DATA["announce"]["lead_connectors"])
_HANDING = frozenset(_DATA["announce"]["handing"])
_KINDLESS_REVEALS = tuple(_DATA["reveal"]["kindless"])
_QUALIFIED_WORD = re.compile(r"(?<!\w)(?:" + "|".join(re.escape(w) for w in _DATA["qualified"]["code"]) + r")(?!\w)")
"""A code word in a lead ("the lobby code") leaves it to the reading that knows public codes."""
_YEAR = re.compile(r"(?:19|20)\d\d")
_KINDLESS_LEAD_WORDS = 8
"""A lead that names nothing hands a value over in a few words ("for the shed", "mom's netflix")."""
_KINDLESS_MIN_WORD = 6
_KINDLESS_MIN_LOWER = 3
_KINDLESS_REVEAL_WORDS = 10


@dataclass(frozen=True)
class InContext:
    """One message as its conversation reads it.

    ``said``: the message as screened, with what the conversation showed it gives (the value
    an earlier message announced). ``found``: the values only the conversation showed — given
    in this message after an announcement, or in an earlier one it revealed — for every copy of
    the member's messages held elsewhere (a `Screened` with ``values`` only).
    """

    said: Screened
    found: Screened
    lone_value: bool = False
    """The message is one bare value ("Gr33nTeaLatte", "5519"): alone it tells nothing about the member, and a
    later message may still show it was a secret ("that was my bank PIN"), so nothing is learned from it."""

    @property
    def seen(self) -> Seen:
        return Seen([self.found])


@dataclass
class _Said:
    at: float
    text: str
    """As written (an aside or a value the screen took out still tells what it announced); what the conversation
    found in it later is scrubbed out of it."""
    message_id: int | None
    lone: bool = False
    """The message was one bare value (:func:`may_be_revealed`): only then may a next message naming no kind reveal it."""


_NOTHING = Screened("", False, ())


class ConversationScreen:
    """The last few messages of each member in each place, read together with the next one (module docstring)."""

    def __init__(self, *, clock: Callable[[], float] = time.monotonic, max_members: int = MAX_MEMBERS) -> None:
        self._clock = clock
        self._max_members = max_members
        self._windows: OrderedDict[int, dict[int | None, deque[_Said]]] = OrderedDict()

    def __len__(self) -> int:
        """Members with a window held."""
        return len(self._windows)

    def take(self, user_id: int, place: int | None, text: str, *, message_id: int | None = None) -> InContext:
        """Screen ``text`` (a member's message in ``place``, a channel) with the member's messages just before it."""
        said = screen(text, "message")
        now = self._clock()
        window = self._window(user_id, place, now)
        found: list[tuple[str, str]] = []
        if window:
            given = _given(window[-1].text, said.text) or _given_after_lead_in(window[-1].text, said.text)
            if given is not None:
                found.append(given)
                said = _with_value(text, given)
            else:
                found += _revealed(window, said.text) or _revealed_without_kind(window, said.text)
        lone = may_be_revealed(said.text)
        window.append(_Said(now, text, message_id, lone and not found))
        if found:
            seen = Seen([Screened("", False, (), tuple(found))])
            for earlier in window:
                earlier.text = seen.scrub(earlier.text)
        if not found:
            return InContext(said, _NOTHING, lone)
        kinds = tuple(dict.fromkeys(kind for _value, kind in found))
        return InContext(said, Screened("", False, kinds, tuple(found)), lone)

    def _window(self, user_id: int, place: int | None, now: float) -> deque[_Said]:
        places = self._windows.get(user_id)
        if places is None:
            places = self._windows[user_id] = {}
            while len(self._windows) > self._max_members:
                self._windows.popitem(last=False)
        else:
            self._windows.move_to_end(user_id)
        window = places.get(place)
        if window is None:
            window = places[place] = deque(maxlen=WINDOW_MESSAGES)
        while window and now - window[0].at > WINDOW_SECONDS:
            window.popleft()
        for other in [p for p, w in places.items() if p != place and (not w or now - w[-1].at > WINDOW_SECONDS)]:
            del places[other]
        return window

    def forget(self, user_id: int) -> int:
        """Drop every message of the member held here (an erasure, a pause); returns how many."""
        places = self._windows.pop(user_id, None)
        return sum(len(w) for w in places.values()) if places else 0

    def edited(self, message_id: int, text: str) -> bool:
        """A member edited a message: the window holds the new text (what they took out is not kept here)."""
        for places in self._windows.values():
            for window in places.values():
                for said in window:
                    if said.message_id == message_id:
                        said.text, said.lone = text, may_be_revealed(text)
                        return True
        return False

    def deleted(self, message_ids: Collection[int]) -> int:
        """Messages the members deleted leave their windows; returns how many."""
        gone, dropped = set(message_ids), 0
        for places in self._windows.values():
            for place, window in places.items():
                kept = [said for said in window if said.message_id is None or said.message_id not in gone]
                dropped += len(window) - len(kept)
                places[place] = deque(kept, maxlen=WINDOW_MESSAGES)
        return dropped


# ---------------------------------------------------------------------- reading a message's words
def _words(text: str) -> list[str]:
    """Lower-case words with the punctuation around them dropped ("password:" → "password"; "^" stays)."""
    return [w for w in (word.strip(_STRIP) for word in text.casefold().split()) if w]


def _kind_at(words: list[str], index: int, kinds: _Phrases = _KINDS) -> tuple[int, str] | None:
    """The kind named by a phrase starting at ``words[index]``, and where the phrase ends.

    A word no phrase starts with is looked up in the secret vocabulary too (every language, its inflections and
    compounds: "salasanani", "pinkoden", "пін"), so the conversation knows every word the screen knows."""
    word = words[index]
    for candidate in (word, word.rsplit("-", 1)[-1]) if "-" in word else (word,):
        for phrase, kind in kinds.get(candidate, ()):
            if len(phrase) == 1 or tuple(words[index : index + len(phrase)]) == (candidate, *phrase[1:]):
                return index + len(phrase), kind
    if kinds is _KINDS:
        found = _vocabulary_kind(word)
        if found is not None:
            return index + 1, found[0]
    return None


_CONVERSATION_KINDS = {
    "password": "password", "wifi": "password", "login": "password", "pin": "code", "cvv": "card", "card": "card",
    "bank-account": "bank-account", "id-number": "id-number", "passport": "id-number", "tax-id": "id-number",
    "licence": "id-number", "api-key": "api-key", "seed-phrase": "seed-phrase",
}  # fmt: skip
"""The conversation's kind for each kind of the vocabulary; a bare "code" is left to the reading of qualified codes."""


@lru_cache(maxsize=16384)
def _vocabulary_kind(word: str) -> tuple[str, bool] | None:
    """The conversation kind of one word of the vocabulary, and whether the word is also an ordinary one."""
    if len(word) < 2 or word.isdigit():
        return None
    entry = kind_of_word(word)
    if entry is None or entry.kind not in _CONVERSATION_KINDS:
        return None
    return _CONVERSATION_KINDS[entry.kind], entry.ambiguous


def _unspaced_kind(text: str) -> tuple[int, int, str] | None:
    """The last kind written in a script without spaces (パスワード, 密码), as a span of ``text``."""
    best = None
    for word, kind in _UNSPACED:
        at = text.rfind(word)
        if at != -1 and (best is None or at > best[0]):
            best = (at, at + len(word), kind)
    return best


# ---------------------------------------------------------------------- announced, then given
Strength = Literal["strong", "weak", "label", "phrase"]
"""What must follow an announcement: any value ("is", ":"), one that looks like a secret, one plain word after a
message that only labels it ("la password nuova"), or a few plain words ("Mrs Biscuit" after a security question)."""


def _announced(text: str) -> tuple[str, Strength] | None:
    """The kind the message ends by naming ("my PIN", "wifi password is") and what must follow it."""
    stripped = _ASIDE.sub("", text.rstrip()[-SHORT_MESSAGE_CHARS:])
    ends_strong = stripped.endswith(_STRONG_ENDINGS)
    words = _words(stripped)[-ANNOUNCE_TAIL_WORDS:]
    last, index = None, 0
    while index < len(words):
        named, qualified = _kind_at(words, index), False
        if named is None:
            named, qualified = _kind_at(words, index, _QUALIFIED), True
        if named is None:
            index += 1
            continue
        last = (index, *named, qualified)
        index = named[0]
    if last is None:
        return _announced_unspaced(stripped, ends_strong)
    start, end, kind, qualified = last
    rest = words[end:]
    if qualified and (not (rest and _names_what(rest[0])) or (start and words[start - 1] in _PUBLIC_CODES)):
        return None  # "the lobby code", "my friend code", "zip code for the venue": shared freely
    ambiguous = (found := _vocabulary_kind(words[start])) is not None and found[1] and words[start] not in _KINDS
    strong: Strength = "weak" if qualified or words[start] in _WEAK or ambiguous else "strong"
    if " ".join(words[start:end]) in _PHRASE_KINDS:
        strong = "phrase"
    labels = words[start] not in _WEAK and _labels(stripped, words, start, rest)
    weak: Strength = "phrase" if strong == "phrase" else "label" if labels else "weak"
    if not rest:
        return kind, strong if ends_strong or strong == "phrase" else weak
    if all(w in _CONNECTORS for w in rest):
        return kind, strong
    ends_connector = rest[-1] in _CONNECTORS or ends_strong
    if rest[0] in _QUALIFIERS and len(rest) <= _MAX_QUALIFIED and ends_connector:
        return kind, strong
    if len(rest) <= 3 and (ends_connector or rest[-1] in _POSSESSIVE_AFTER):
        return kind, weak  # "mot de passe steam c'est", "password wifi aku"
    if _names_what(rest[0]) and len(rest) <= _MAX_NAMED:
        return kind, weak  # "PIN von meiner EC-Karte", "codice del bancomat"
    if ends_strong and len(rest) <= _MAX_NAMED:
        return kind, "weak"  # "2fa backup code if I get locked out:" — whatever the words, the colon hands it over
    return (kind, weak) if weak == "label" else None


def _names_what(word: str) -> bool:
    """A word saying what a secret opens: "for", "von", "de", and an elided article ("dell'armadietto", "d'accès")."""
    return word in _NAMING or word.startswith(_ELIDED_NAMING)


_ELIDED_NAMING = ("dell'", "dell’", "dall'", "all'", "d'", "d’", "de l'", "del'", "dello")


def _labels(text: str, words: list[str], start: int, rest: list[str]) -> bool:
    """Whether the message only labels a secret ("la password nuova", "pw ig aku", "mot de passe du compte commun"):
    the kind among its first words, a few words naming whose or what for, and nothing done to it or asked."""
    if "?" in text or start > 2 or len(words) > 7 or len(_words(text)) != len(words):
        return False
    if any(w in _NOT_A_LABEL for w in words):
        return False
    named_for = [w for w in words[:start] if w not in _LABEL_OPENERS]
    if len(named_for) > 1 or (named_for and words[start - 1] != named_for[0]):
        return False  # "Keeps their passwords private", "troquei a senha do banco": a sentence about it
    return len(rest) <= 2 or (rest[0] in _NAMING and len(rest) <= 5)


def _announced_unspaced(text: str, ends_strong: bool) -> tuple[str, Strength] | None:
    named = _unspaced_kind(text)
    if named is None:
        return None
    rest = text[named[1] :].strip(" " + _STRIP + "：")
    if not rest:
        return named[2], "strong" if ends_strong else "weak"
    if rest in _UNSPACED_CONNECTORS:
        return named[2], "strong"
    if len(rest) <= _UNSPACED_REST:
        return named[2], "weak"  # "비번 바꿈" (pw changed) then the new one
    # "รหัสเข้าแอปธนาคาร" (the code for the bank app): what it opens, written on without spaces; not a sentence
    return (named[2], "weak") if len(rest) <= _UNSPACED_NAMED and not _SENTENCE_END.search(rest) else None


def _lone_value(text: str) -> tuple[str, bool] | None:
    """The one value a message is, and whether it stands apart (quoted, in backticks or a spoiler, spaced digits)."""
    value, wrapped = text.strip(), False
    if len(value) > SHORT_MESSAGE_CHARS or value.count(" ") >= _PASSPHRASE_WORDS + 2 or "[redacted:" in value:
        return None
    for opening, closing in _WRAPPERS if value[:1] in _WRAPPER_STARTS else ():
        if len(value) > len(opening) + len(closing) and value.startswith(opening) and value.endswith(closing):
            value, wrapped = value[len(opening) : -len(closing)].strip(), True
            break
    if _SPACED_DIGITS.fullmatch(value):
        return value, True  # "1 9 0 4 #", "6-2-9-1"
    if pair := _PAIR.fullmatch(value):
        return pair.group("value"), True
    if " " in value or "\n" in value:
        return (value, True) if len(value.split()) <= _PASSPHRASE_WORDS else None
    return value.rstrip(".,!;?"), wrapped


def _given(earlier: str, text: str) -> tuple[str, str] | None:
    """The value ``text`` gives, when ``earlier`` announced one: (value, kind)."""
    if len(text) > SHORT_MESSAGE_CHARS:
        return None
    lone = _lone_value(text)
    if lone is None:
        return None
    value, set_apart = lone
    folded = value.casefold()
    if len(value) < MIN_VALUE or not any(c.isalnum() for c in value) or folded in _NOT_VALUES or folded in _KINDS:
        return None
    if _REACTION.fullmatch(folded) or _is_sentence(value):
        return None
    announced = _announced(earlier)
    if announced is None:
        alone = set_apart or text.strip().rstrip(".,!;?") == value
        return _given_without_kind(earlier, value) if alone else None
    kind, strength = announced
    several = " " in value
    if strength == "phrase":
        return (value, kind) if len(value.split()) <= _PHRASE_WORDS else None
    if several and not (set_apart and (text.strip() != value or _SPACED_DIGITS.fullmatch(value))):
        return None  # a few words unquoted answer, they do not give a value ("none of your business")
    if strength in ("strong", "label") or set_apart or _plausible(value):
        return value, kind
    return None


def _given_without_kind(earlier: str, value: str) -> tuple[str, str] | None:
    """A lone value after a short lead the reading of announcements declined ("dm me? here:", "for the shed",
    "the guest wifi": no kind, or a kind with nothing saying a value follows).

    Nothing names a secret, so the value itself must read as one a member would not say as a word: spaced
    digits or a PIN-length number that is not a year, or a word mixing lower-case letters with digits or
    symbols ("Sunflower#2024", "mittens1962"); a lead that ends by handing something over (":", "here")
    takes any value that looks like a secret. A lead with digits of its own ("room 2580", "my score was")
    or a question ("which gpu?") asks or tells, it does not hand over.
    """
    lead = earlier.strip()
    words = _words(lead)
    if not words or len(words) > _KINDLESS_LEAD_WORDS or len(lead) > SHORT_MESSAGE_CHARS // 2:
        return None
    if any(c.isdigit() for c in lead) or _QUALIFIED_WORD.search(lead.casefold()):
        return None
    hands_over = lead.endswith(_STRONG_ENDINGS) or words[-1] in _HANDING
    if ("?" in lead or "？" in lead) and not hands_over:
        return None
    named = next((k for i in range(len(words)) if (k := _kind_at(words, i)) is not None), None)
    if named is not None and not _reads_as_a_secret(value):
        return None  # "the pin on my map" / "Dragonspire2": a lead naming a kind the reading above declined
    kind = named[1] if named is not None else "password"
    if hands_over and _plausible(value):
        return value, kind
    if value.isdigit() and words[0] not in _NAMING:
        return None  # "my cat" / "0429": a bare number answers many things; "for the shed" / "4471" says what it opens
    if not _reads_as_a_secret(value):
        return None
    return value, named[1] if named is not None else _kindless_kind(value)


def _reads_as_a_secret(value: str) -> bool:
    """A value no one types as a plain answer: spaced digits, a 4–8 digit number not a year, a word with lower-case
    letters and digits or symbols (not a model name like "GTX1080", not a version "v1.2")."""
    if _SPACED_DIGITS.fullmatch(value) and value[0].isdigit():
        return True
    if value.isdigit():
        return 4 <= len(value) <= 8 and not _YEAR.fullmatch(value)
    if " " in value or len(value) < _KINDLESS_MIN_WORD:
        return False
    lower = sum(c.islower() for c in value)
    digits = sum(c.isdigit() for c in value)
    symbols = sum(not c.isalnum() for c in value)
    return lower >= _KINDLESS_MIN_LOWER and (digits >= 2 or (symbols >= 1 and digits >= 1) or symbols >= 2)


def _kindless_kind(value: str) -> str:
    return "code" if value.replace(" ", "").rstrip("#*").replace("-", "").isdigit() else "password"


def _given_after_lead_in(earlier: str, text: str) -> tuple[str, str] | None:
    """``new one is ||Kelp-Forest-62||`` after a message naming a secret ("guild bank pw rotated")."""
    words = text.split()
    if not 2 <= len(words) <= 5 or len(text) > SHORT_MESSAGE_CHARS:
        return None
    lone = _lone_value(words[-1])
    lead = [w.strip(_STRIP).casefold() for w in words[:-1]]
    if lone is None or not lead or (lead[-1] not in _LEAD_CONNECTORS and not words[-2].endswith(":")):
        return None
    only_connectors = all(w in _CONNECTORS or w in _LEAD_CONNECTORS for w in lead)
    announced = _announced(earlier) if only_connectors else None
    if announced is not None:  # "le code de la carte" / "c'est 9349"
        value, set_apart = lone
        return (value, announced[0]) if len(value) >= MIN_VALUE and (set_apart or _plausible(value)) else None
    if not any(w.rstrip(":") in _LEAD_IN for w in lead):
        return None
    value, set_apart = lone
    if len(value) < MIN_VALUE or not (set_apart or _plausible(value)):
        return None
    tail = _words(earlier)[-ANNOUNCE_TAIL_WORDS:]
    named = next((k for i in range(len(tail)) if (k := _kind_at(tail, i)) is not None), None)
    return (value, named[1]) if named is not None else None


def _with_value(text: str, given: tuple[str, str]) -> Screened:
    """``text`` screened with the value it gives, replaced as written even where `Seen` folds it ("ß" → "ss")."""
    said = screen(text, "message", seen=Seen([Screened("", False, (given[1],), (given,))]))
    value, kind = given
    if value in said.text:
        replaced = said.text.replace(value, f"[redacted:{kind}]")
        said = Screened(replaced, said.refused, tuple(dict.fromkeys([*said.kinds, kind])), (*said.values, given))
    return said


def may_be_revealed(text: str) -> bool:
    """Whether a message is one bare value a later message may reveal as a secret: digits ("5519", "6-2-9-1") or a
    word with digits, symbols or inner capitals ("Gr33nTeaLatte"), alone or wrapped in quotes or backticks."""
    lone = _lone_value(text)
    if lone is None:
        return False
    value = lone[0]
    if _SPACED_DIGITS.fullmatch(value):
        return True
    return len(value) >= MIN_VALUE and not any(c.isspace() for c in value) and _plausible(value)


def _is_sentence(value: str) -> bool:
    """A "word" of a script written without spaces that is a sentence ("我和表哥一起玩"), not a value."""
    return bool(_SENTENCE_END.search(value)) or len(_UNSPACED_SCRIPT.findall(value)) > _UNSPACED_WORD_CHARS


def _plausible(value: str) -> bool:
    """A bare word that may be a value on its own: a digit, a symbol, or capitals inside a word ("AGAIN" is shouted)."""
    if not any(c.isascii() and c.isalnum() for c in value) or _SENTENCE_END.search(value):
        return False  # "兄が解雇された。" is a sentence, not a value
    return looks_like_a_secret(value) and not (value.isalpha() and value.isupper())


# ---------------------------------------------------------------------- given, then revealed
def _reveals(text: str) -> str | None:
    """The kind a short message says an earlier message was ("that was my bank pin btw", "^ my wifi password")."""
    if len(text) > SHORT_MESSAGE_CHARS or not _may_name_a_kind(text) or _gives_own_value(text):
        return None
    for clause in _CLAUSES.split(text):
        kind = _clause_reveals(clause)
        if kind is not None:
            return kind
    return _reveals_unspaced(text)


def _may_name_a_kind(text: str) -> bool:
    """The cheap gate: one dictionary look-up per word (and, outside ASCII, a few substrings), most lines stop here."""
    words = _words(text)
    if any(w in _KINDS or ("-" in w and w.rsplit("-", 1)[-1] in _KINDS) for w in words):
        return True
    return not text.isascii() and any(word in text for word, _kind in _UNSPACED)


def _gives_own_value(text: str) -> bool:
    """A message with a value of its own ("my password is now X7-b") is read alone by the screen."""
    for word in text.split():
        bare = word.strip(_STRIP)
        if "[redacted:" not in word and looks_like_a_secret(bare) and any(c.isascii() and c.isalnum() for c in bare):
            return True
    return False


def _clause_reveals(clause: str) -> str | None:
    words = _words(clause)
    if not words or len(words) > REVEAL_MAX_WORDS:
        return None
    for index in range(len(words)):
        named = _kind_at(words, index)
        if named is None:
            continue
        end, kind = named
        after = words[end:]
        if after and after[0] not in _TRAILERS and not (len(after) <= 3 and any(w in _POSSESSIVE_AFTER for w in after)):
            return None  # "that's my password manager"; but "đó là mật khẩu facebook của tao"
        return kind if _points_back(words[:index]) else None
    return None


def _points_back(before: list[str]) -> bool:
    if any(w in _POINTERS for w in before):
        return True
    leading = 0
    while leading < len(before) and before[leading] in _FILLERS:
        leading += 1
    return leading < len(before) and before[leading] in _DEMONSTRATIVES and len(before) - leading - 1 <= _MAX_BETWEEN


def _reveals_unspaced(text: str) -> str | None:
    named = _unspaced_kind(text)
    if named is None or len(text) > SHORT_MESSAGE_CHARS // 4:
        return None
    before, after = text[: named[0]], _CLAUSES.split(text[named[1] :], maxsplit=1)[0].strip()
    if len(after) > _UNSPACED_REST + 1:
        return None  # "パスワードは絶対に人に教えないで" (never tell anyone your password) points nowhere
    pointed = before.lstrip()[:1]
    return named[2] if any(d in before for d in _UNSPACED_DEMONSTRATIVES) or (pointed and pointed in "^↑") else None


def _candidates(text: str) -> list[str]:
    """The words of an earlier message that may be the secret a later one revealed.

    A message of one or two words is the value itself ("sunshine"); in a longer one only the
    words that look like a secret ("log in with Summer2024!").
    """
    words = [w.strip(_STRIP) for w in text.split() if not PLACEHOLDER.search(w)]
    words = [w for w in words if len(w) >= MIN_VALUE and any(c.isalnum() for c in w) and not _REACTION.fullmatch(w.casefold())]
    if len(text.split()) <= 2:
        return [w for w in words if w.casefold() not in _NOT_VALUES and w.casefold() not in _KINDS]
    return [w for w in words if looks_like_a_secret(w)]


def _labels_the_lone_value(window: Iterable[_Said], text: str) -> str | None:
    """The kind a message names right after a lone value, when it opens by naming it ("clave del cajero, no la
    compartas", "safe combination, just in case"): a label for what was just sent, with no pointer needed."""
    said = list(window)
    if not said or not said[-1].lone or len(text) > SHORT_MESSAGE_CHARS or _gives_own_value(text):
        return None
    first = _CLAUSES.split(text, maxsplit=1)[0]
    words = _words(first)
    if not words or len(words) > _MAX_NAMED:
        return None
    opening = 0
    while opening < len(words) - 1 and (words[opening] in _LABEL_OPENERS or words[opening] in _FILLERS):
        opening += 1
    named = _kind_at(words, opening)
    if named is None:
        named = _kind_at(words, opening, _QUALIFIED)
        if named is None or not (named[0] < len(words) and _names_what(words[named[0]])):
            return None
    rest = words[named[0] :]
    return named[1] if not rest or _names_what(rest[0]) or rest[0] in _TRAILERS or rest[0] in _POSSESSIVE_AFTER else None


def _revealed(window: Iterable[_Said], text: str) -> list[tuple[str, str]]:
    """Values of the newest earlier message that ``text`` reveals as a secret, with the kind it names."""
    window = list(window)
    kind = _reveals(text) or _labels_the_lone_value(window, text)
    if kind is None:
        return []
    for earlier in reversed(list(window)):
        if _reveals(earlier.text) is not None:
            continue
        values = _candidates(earlier.text)
        if values:
            return [(value, kind) for value in values]
    return []


def _revealed_without_kind(window: Iterable[_Said], text: str) -> list[tuple[str, str]]:
    """A lone value taken back or weighed right after it was sent: "oops wrong chat", "ignore that", "is that strong
    enough?". Nothing names a kind; the value had no words around it, and the member treats it as something not
    meant to be seen, or as a password to judge."""
    said = list(window)
    if not said or not said[-1].lone or len(text) > SHORT_MESSAGE_CHARS // 2 or len(_words(text)) > _KINDLESS_REVEAL_WORDS:
        return []
    folded = text.casefold()
    if not any(marker in folded for marker in _KINDLESS_REVEALS):
        return []
    earlier = said[-1].text
    lone = _lone_value(earlier)
    if lone is None or not may_be_revealed(earlier):
        return []
    value = lone[0]
    return [(value, _kindless_kind(value))]


def with_lone_value(said: Screened) -> Screened:
    """``said`` (a message as screened) with the message itself as a value kept out of the log, when it is one bare
    value (:func:`may_be_revealed`): the chat's log rows may be written before the member says what it was."""
    lone = _lone_value(said.text) if may_be_revealed(said.text) else None
    if lone is None:
        return said
    return replace(said, values=(*said.values, (lone[0], LOGGED_ONLY)))
