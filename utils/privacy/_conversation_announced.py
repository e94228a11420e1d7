"""Announced, then given: a message ends by naming a secret ("my PIN", "wifi password is") and the next is its
value (:mod:`utils.privacy.conversation`)."""

from __future__ import annotations

import re
from itertools import pairwise
from typing import Literal

from utils.privacy._conversation_words import (
    ANNOUNCE_TAIL_WORDS,
    ASIDE,
    CONNECTORS,
    HANDING,
    KINDLESS_LEAD_WORDS,
    KINDLESS_MIN_LOWER,
    KINDLESS_MIN_WORD,
    KINDS,
    LABEL_OPENERS,
    LEAD_CONNECTORS,
    LEAD_IN,
    MAX_NAMED,
    MAX_QUALIFIED,
    MIN_VALUE,
    NAMING,
    NOT_A_LABEL,
    NOT_VALUES,
    PHRASE_KIND_IN,
    PHRASE_KINDS,
    PHRASE_WORDS,
    POSSESSIVE_AFTER,
    PUBLIC_CODES,
    QUALIFIED,
    QUALIFIED_WORD,
    QUALIFIERS,
    QUESTION_WORDS,
    REACTION,
    SENTENCE_END,
    SHORT_MESSAGE_CHARS,
    SPACED_DIGITS,
    STRIP,
    STRONG_ENDINGS,
    UNSPACED_CONNECTORS,
    UNSPACED_NAMED,
    UNSPACED_REST,
    WEAK,
    YEAR,
    bare_words,
    is_sentence,
    kind_at,
    kindless_kind,
    lone_value,
    may_be_revealed,
    names_what,
    plausible,
    unspaced_kind,
    vocabulary_kind,
)
from utils.privacy.word_forms import names_a_lock

Strength = Literal["strong", "weak", "label", "phrase"]
"""What must follow an announcement: any value ("is", ":"), one that looks like a secret, one plain word after a
message that only labels it ("la password nuova"), or a few plain words ("Mrs Biscuit" after a security question)."""


def _announced(text: str) -> tuple[str, Strength] | None:
    """The kind the message ends by naming ("my PIN", "wifi password is") and what must follow it."""
    stripped = ASIDE.sub("", text.rstrip()[-SHORT_MESSAGE_CHARS:])
    ends_strong = stripped.endswith(STRONG_ENDINGS)
    words = bare_words(stripped)[-ANNOUNCE_TAIL_WORDS:]
    last, index = None, 0
    while index < len(words):
        named, qualified = kind_at(words, index), False
        if named is None:
            named, qualified = kind_at(words, index, QUALIFIED), True
        if named is None:
            index += 1
            continue
        last = (index, *named, qualified)
        index = named[0]
    if last is None:
        return _announced_unspaced(stripped, ends_strong)
    start, end, kind, qualified = last
    rest = words[end:]
    named_before = start > 0 and names_a_lock(words[start - 1])  # "kutxa gotorraren kodea", "kapının kodu"
    if qualified and (not ((rest and names_what(rest[0])) or named_before) or (start and words[start - 1] in PUBLIC_CODES)):
        return None  # "the lobby code", "my friend code", "zip code for the venue": shared freely
    if (kind == "code" or words[start] in WEAK) and any(w in PUBLIC_CODES for w in rest[:_PUBLIC_AFTER]):
        return None  # "le code du lobby", "el código de descuento": the public code named after the word, as before it
    ambiguous = (found := vocabulary_kind(words[start])) is not None and found[1] and words[start] not in KINDS
    strong: Strength = "weak" if qualified or words[start] in WEAK or ambiguous else "strong"
    if " ".join(words[start:end]) in PHRASE_KINDS:
        strong = "phrase"
    labels = words[start] not in WEAK and _labels(stripped, words, start, rest)
    weak: Strength = "phrase" if strong == "phrase" else "label" if labels else "weak"
    if not rest:
        return kind, strong if ends_strong or strong == "phrase" else weak
    if all(w in CONNECTORS for w in rest):
        return kind, strong
    ends_connector = rest[-1] in CONNECTORS or ends_strong
    if rest[0] in QUALIFIERS and len(rest) <= MAX_QUALIFIED and ends_connector:
        return kind, strong
    if len(rest) <= 3 and (ends_connector or rest[-1] in POSSESSIVE_AFTER):
        return kind, weak  # "mot de passe steam c'est", "password wifi aku"
    if names_what(rest[0]) and len(rest) <= MAX_NAMED:
        return kind, weak  # "PIN von meiner EC-Karte", "codice del bancomat"
    if ends_strong and len(rest) <= MAX_NAMED:
        return kind, "weak"  # "2fa backup code if I get locked out:" — whatever the words, the colon hands it over
    return (kind, weak) if weak == "label" else None


_PUBLIC_AFTER = 3
"""Words after a weak secret word ("code") that may name it a public code ("du lobby", "of the room")."""


def _labels(text: str, words: list[str], start: int, rest: list[str]) -> bool:
    """Whether the message only labels a secret ("la password nuova", "pw ig aku", "mot de passe du compte commun"):
    the kind among its first words, a few words naming whose or what for, and nothing done to it or asked."""
    if "?" in text or start > 2 or len(words) > 7 or len(bare_words(text)) != len(words):
        return False
    if any(w in NOT_A_LABEL for w in words):
        return False
    named_for = [w for w in words[:start] if w not in LABEL_OPENERS]
    if len(named_for) > 1 or (named_for and words[start - 1] != named_for[0]):
        return False  # "Keeps their passwords private", "troquei a senha do banco": a sentence about it
    return len(rest) <= 2 or (rest[0] in NAMING and len(rest) <= 5)


def _announced_unspaced(text: str, ends_strong: bool) -> tuple[str, Strength] | None:
    named = unspaced_kind(text)
    if named is None:
        return None
    rest = text[named[1] :].strip(" " + STRIP + "：")
    if not rest:
        return named[2], "strong" if ends_strong else "weak"
    if rest in UNSPACED_CONNECTORS:
        return named[2], "strong"
    if len(rest) <= UNSPACED_REST:
        return named[2], "weak"  # "비번 바꿈" (pw changed) then the new one
    # "รหัสเข้าแอปธนาคาร" (the code for the bank app): what it opens, written on without spaces; not a sentence
    return (named[2], "weak") if len(rest) <= UNSPACED_NAMED and not SENTENCE_END.search(rest) else None


def value_given(earlier: str, text: str) -> tuple[str, str] | None:
    """The value ``text`` gives, when ``earlier`` announced one: (value, kind)."""
    if len(text) > SHORT_MESSAGE_CHARS:
        return None
    lone = lone_value(text)
    if lone is None or " " in lone[0]:
        leading = _leading_digits(text)
        if leading is not None and _announced(earlier) is not None:
            lone = leading  # only after a message naming a kind: alone, digits with words after them answer anything
    if lone is None:
        return _answer_to_a_question(earlier, text)
    value, set_apart = lone
    folded = value.casefold()
    if len(value) < MIN_VALUE or not any(c.isalnum() for c in value) or folded in NOT_VALUES or folded in KINDS:
        return None
    if REACTION.fullmatch(folded) or is_sentence(value):
        return None
    announced = _announced(earlier)
    if announced is None:
        alone = set_apart or text.strip().rstrip(".,!;?") == value
        return _given_without_kind(earlier, value) if alone else None
    kind, strength = announced
    several = " " in value
    if strength == "phrase":  # a question back ("why do they even ask those?") answers nothing
        return (value, kind) if len(value.split()) <= PHRASE_WORDS and "?" not in text else None
    if several and not (set_apart and (text.strip() != value or SPACED_DIGITS.fullmatch(value))):
        return None  # a few words unquoted answer, they do not give a value ("none of your business")
    if strength in ("strong", "label") or set_apart or plausible(value) or reads_as_a_secret(value):
        return value, kind
    return None


_TRAILING_WORDS = 5
_ANSWER_WORDS = 10
"""Words of a security question's answer ("il mio primo gatto si chiamava Briciola"): the whole message is the value."""


def _answer_to_a_question(earlier: str, text: str) -> tuple[str, str] | None:
    """A message that answers the security question the message before announced, in a sentence of its own (a
    question back, "the one about your first pet?", answers nothing)."""
    if "?" in text or "？" in text or len(text.split()) > _ANSWER_WORDS or is_sentence(text):
        return None
    if not PHRASE_KIND_IN.search(earlier.casefold()):
        return None  # the cheap gate: most messages name no security question
    announced = _announced(earlier)
    if announced is None or announced[1] != "phrase":
        return None
    return text.strip(), announced[0]


def _leading_digits(text: str) -> tuple[str, bool] | None:
    """A code that opens a message and a few words after it ("6 1 9 3 then the # key", "4418 ohne Leerzeichen"):
    digits, spaced or not, then words with no digit of their own."""
    match = SPACED_DIGITS.match(text.strip())
    if match is None:
        return None
    rest = text.strip()[match.end() :]
    if not rest[:1].isspace() or any(c.isdigit() for c in rest) or len(rest.split()) > _TRAILING_WORDS:
        return None
    return match.group().strip(), True


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
    words = bare_words(lead)
    if not words or len(words) > KINDLESS_LEAD_WORDS or len(lead) > SHORT_MESSAGE_CHARS // 2:
        return None
    if any(c.isdigit() for c in lead) or QUALIFIED_WORD.search(lead.casefold()):
        return None
    hands_over = lead.endswith(STRONG_ENDINGS) or words[-1] in HANDING
    if ("?" in lead or "？" in lead or words[0] in QUESTION_WORDS) and not hands_over:
        return None
    named = next((k for i in range(len(words)) if (k := kind_at(words, i)) is not None), None)
    if named is not None and not reads_as_a_secret(value):
        return None  # "the pin on my map" / "Dragonspire2": a lead naming a kind the reading above declined
    kind = named[1] if named is not None else "password"
    if hands_over and plausible(value):
        return value, kind
    if value.isdigit() and words[0] not in NAMING:
        return None  # "my cat" / "0429": a bare number answers many things; "for the shed" / "4471" says what it opens
    if not reads_as_a_secret(value):
        return None
    return value, named[1] if named is not None else kindless_kind(value)


_LETTER_AND_DIGITS = re.compile(r"[^\W\d_]\d{4,6}|\d{4,6}[^\W\d_]")
"""A door or block code with its letter ("К4589", "4417B"); two letters or three digits are a part's name ("RX7900",
"B550")."""


_CLOCK = re.compile(r"(?:[01]?\d|2[0-3])[.:][0-5]\d")


def reads_as_a_secret(value: str) -> bool:
    """A value no one types as a plain answer: spaced digits, a 4–8 digit number not a year, a code with one letter,
    a word with lower-case letters and digits or symbols (not a model name like "GTX1080", not a version "v1.2")."""
    if _CLOCK.fullmatch(value):
        return False  # "18.30", "20:15": a time, given as the answer to when
    if SPACED_DIGITS.fullmatch(value) and value[0].isdigit():
        return True
    if value.isdigit():
        return 4 <= len(value) <= 8 and not YEAR.fullmatch(value)
    if _LETTER_AND_DIGITS.fullmatch(value):
        return True
    if " " in value or len(value) < KINDLESS_MIN_WORD:
        return False
    lower = sum(c.islower() for c in value)
    digits = sum(c.isdigit() for c in value)
    symbols = sum(not c.isalnum() for c in value)
    return lower >= KINDLESS_MIN_LOWER and (digits >= 2 or (symbols >= 1 and digits >= 1) or symbols >= 2)


def given_after_lead_in(earlier: str, text: str) -> tuple[str, str] | None:
    """``new one is ||Kelp-Forest-62||`` after a message naming a secret ("guild bank pw rotated")."""
    words = text.split()
    if not 2 <= len(words) <= 5 or len(text) > SHORT_MESSAGE_CHARS:
        return None
    lone = lone_value(words[-1])
    lead = [w.strip(STRIP).casefold() for w in words[:-1]]
    if lone is None or not lead or (lead[-1] not in LEAD_CONNECTORS and not words[-2].endswith(":")):
        return None
    only_connectors = all(w in CONNECTORS or w in LEAD_CONNECTORS for w in lead)
    announced = _announced(earlier) if only_connectors else None
    if announced is not None:  # "le code de la carte" / "c'est 9349"
        value, set_apart = lone
        return (value, announced[0]) if len(value) >= MIN_VALUE and (set_apart or plausible(value)) else None
    if not any(w.rstrip(":") in LEAD_IN for w in lead):
        return None
    value, set_apart = lone
    if len(value) < MIN_VALUE or not (set_apart or plausible(value)):
        return None
    tail = bare_words(earlier)[-ANNOUNCE_TAIL_WORDS:]
    named = next((k for i in range(len(tail)) if (k := kind_at(tail, i)) is not None), None)
    return (value, named[1]) if named is not None else None


def given_after_words(earlier: list[str], text: str) -> tuple[str, str] | None:
    """The value ``text`` gives after an announcement sent a word or two a message ("pin" / "atm" / "gw" / "418263",
    "wifi" / "pass" / the value): the member's last short messages read as one line, as they were typed."""
    words: list[str] = []
    for said in reversed(earlier[-_WORD_MESSAGES:]):
        said_words = said.split()
        if not said_words or len(said_words) > _WORDS_A_MESSAGE or "[redacted:" in said:
            break
        words[:0] = said_words
    if len(words) < _WORDS_A_MESSAGE or len(words) == len(earlier[-1].split()):
        return None  # one message's words: read as that message
    if _announced(" ".join([*words, text])) is not None:
        return None  # "код" / "от" / "сейфа": a word that goes on naming it is no value
    return value_given(" ".join(words), text)


_WORD_MESSAGES = 3
"""Messages of a word or two that may make up one announcement: the window's."""
_WORDS_A_MESSAGE = 2


def given_over_lines(text: str) -> list[tuple[str, str]]:
    """The values a short message gives on the line after one naming a secret ("portkod" / "4471" / "#", "pin" /
    "4471"): a line break where another member would have sent a new message, read as the messages are. Only a line
    that is one bare value is read (a code block's fence, "```yaml", is none), and a line that names no secret
    ("coords:", "Treffpunkt Bahnhof") hands nothing over."""
    if "\n" not in text or len(text) > SHORT_MESSAGE_CHARS:
        return []
    lines = [line.strip() for line in text.split("\n") if line.strip()]
    found = []
    for before, line in pairwise(lines):
        if "[redacted:" in before + line or line.startswith(_FENCES):
            continue  # a line that gave its value ("PASSWORD=…") announces no next one ("PORT=5432")
        if may_be_revealed(line) and _announced(before) is not None and (given := value_given(before, line)):
            found.append(given)
    return found


_FENCES = ("```", "~~~")
"""A code block's fence ("```diff", "~~~yaml") opens a block, whatever the line before named."""


def given_after_remark(earlier: list[tuple[str, bool]], text: str) -> tuple[str, str] | None:
    """The value ``text`` gives when the message before the last announced it and the last one was a remark on it
    ("a senha da netflix da família" / "é a mesma de sempre mas com 2025 no fim" / "PipocaDoce2025"): the remark gave
    nothing and asked nothing, and ``text`` is one bare value that reads as a secret (``earlier``: each message's text
    and whether it gave or was a value)."""
    if len(earlier) < _REMARKED or not may_be_revealed(text):
        return None
    (announcement, _), (remark, gave) = earlier[-_REMARKED], earlier[-1]
    if gave or "[redacted:" in remark or "?" in remark or len(remark.split()) > _REMARK_WORDS:
        return None
    given = value_given(announcement, text)
    return given if given is not None and plausible(given[0]) else None


_REMARKED = 2
_REMARK_WORDS = 12


def given_across(earlier: list[tuple[str, bool]], text: str) -> tuple[str, str] | None:
    """The value ``text`` gives after an announcement the last message alone does not make: typed a word a message
    (:func:`given_after_words`), or followed by a remark (:func:`given_after_remark`)."""
    return given_after_words([said for said, _gave in earlier], text) or given_after_remark(earlier, text)
