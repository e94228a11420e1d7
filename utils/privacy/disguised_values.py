"""Values written so no format sees them: read out in a spelling alphabet, one letter at a time between commas,
backwards or encoded with a word saying so, or given by a hint that spells them.

A member who reads a password out ("Kilo Echo Lima Papa Four Two", "G de Gerona, A de Antonio", "Борис Ольга Роман")
writes ordinary words; a run of four or more of a spelling alphabet's words (every alphabet of
``data/disguised_values.json``) is a value only where something says a value follows — a secret word before it
(:data:`TAILS`, read by the password rules after their word) or a word saying it is spelled out ("phonetic",
"buchstabiert", "deletreo", "по буквам": :data:`RULES`). The same words elsewhere ("Alpha Bravo Charlie squads", a
tour through "Milano, Roma, Napoli") are place and team names. A value said to be written backwards or in ROT13
("backwards it's 4491tsaocdlog") needs only a secret's look after the word saying so: the note is the announcement.
"""

from __future__ import annotations

import json
import re
import unicodedata
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from importlib import resources

from utils.privacy import (
    characters_apart,
    described_values,
    dictated,
    encoded_letters,
    keypad_words,
    vocabulary,
    worked_out,
)
from utils.privacy._secret_values import looks_like_a_secret
from utils.privacy.memoised_lines import memoised
from utils.privacy.rule import Rule, Span, literal_trie

_DATA = json.loads(resources.files("utils.privacy").joinpath("data/disguised_values.json").read_text(encoding="utf-8"))
_DIGIT_WORDS = json.loads(resources.files("utils.privacy").joinpath("data/digit_words.json").read_text(encoding="utf-8"))


def _without_accents(word: str) -> str:
    return "".join(c for c in unicodedata.normalize("NFD", word) if not unicodedata.combining(c))


def _alternation(words: Iterable[str]) -> str:
    forms = {form for word in words for form in (word, _without_accents(word))}
    return "|".join(re.escape(w).replace(r"\ ", r"\s+") for w in sorted(forms, key=len, reverse=True))


_ALPHABET_WORDS = [w for words in _DATA["alphabets"].values() for w in words]
_ALPHABET = "(?:" + _alternation(_ALPHABET_WORDS) + r")(?![^\W\d_])"
_DIGIT_WORD = "(?:" + _alternation(w for ws in _DIGIT_WORDS["spaced"].values() for w in ws) + r")(?![^\W\d_])"
_JOINED = r"[^\W\d_]\s+(?:" + _alternation(_DATA["joiners"]) + r")\s+"
"""A letter said with its word: "R de Roma", "A wie Anton", "B comme Berthe", "M as in Mike"."""
_ITEM = r"(?:(?:" + _JOINED + ")?" + _ALPHABET + "|" + _DIGIT_WORD + r"|\d{1,3}(?!\d))"
_FILLER = r"(?:" + _alternation(_DATA["fillers"]) + r")(?![^\W\d_])"
_SEPARATOR = r"(?:[ \t,;/·•|_-]{1,3}(?:" + _FILLER + r"[ \t,]{1,2})?)"
_MIN_ITEMS = 4
_RUN = r"(?P<secret>" + _ITEM + "(?:" + _SEPARATOR + _ITEM + "){" + str(_MIN_ITEMS - 1) + ",40})"
_ALPHABET_ITEM = re.compile(r"(?i)(?<![^\W\d_])" + _ALPHABET)
_DIGIT_ITEM = re.compile(r"(?i)" + _DIGIT_WORD)
_LEAD = r"[^\n!?]{0,48}?(?<![^\W\d_])"

_LETTERS = r"(?i)[^\n!?]{0,32}?(?<![\w*_|`~])(?P<secret>[^\W_](?:(?:,[ \t]?|[ \t]?[·•|/][ \t]?)[^\W_]){5,39})(?![\w*_|`~])"
"""A value one character at a time between commas or bars ("p, a, p, i, l, l, o, n, 3", "c|i|a|o|4|4"); spaces,
dots and dashes between them are read by the digit tails of :mod:`utils.privacy.spelled_digits`."""


def _spelled_run(match: re.Match[str]) -> bool:
    """A run of the alphabets' words holds at least one of them (digits alone are the digit tails' to read)."""
    return _ALPHABET_ITEM.search(match.group("secret")) is not None


TAILS: tuple[tuple[re.Pattern[str], bool], ...] = ((re.compile("(?i)" + _LEAD + _RUN), True), (re.compile(_LETTERS), False))
"""What may follow a secret word, and whether it must hold an alphabet's word: a spelled run, letters apart."""


def spelled_after_word(text: str, end: int) -> tuple[int, int] | None:
    """The span of a value spelled out right after a secret word ending at ``end`` ("pw: Kilo Echo Lima Papa 4 2")."""
    window = text[end : end + _SPELLED_REACH].casefold()
    for (pattern, spelled), gate in zip(TAILS, (_AN_ALPHABET_WORD, _LETTERS_APART), strict=True):
        if gate.search(window) is None:
            continue  # the cheap gate, in lower case: a case-blind run of the whole alternation costs far more
        match = pattern.match(text, end)
        loose = _loose_after(text, end) if spelled else None
        if match is not None and (not spelled or _spelled_run(match)):
            start, stop = match.span("secret")
            if loose is not None and loose[0] <= stop and start <= loose[1]:
                return min(start, loose[0]), max(stop, loose[1])  # the strict run is a stretch of the loose one
            return start, stop
        if loose is not None:
            return loose
    return None


_SPELLED_REACH = 400
_LOOSE_LEAD = re.compile(r"[^\n!?]{0,48}?")
_LOOSE_TOKEN = re.compile(r"(?P<sep>[ \t,;/·•|_-]{1,3})?(?P<item>[^\W_]+(?:-[^\W\d_]+)?)")
_STRAY_LETTERS = 9
_MAX_STRAYS = 2
_HESITATIONS = frozenset(_DATA["hesitations"])


def _loose_after(text: str, end: int) -> tuple[int, int] | None:
    """A spelled run a few words after a secret word that the strict run misses for a stray item among its first."""
    lead = text[end : end + 48 + 1]
    first = _ALPHABET_ITEM.search(lead)
    if first is None or _LOOSE_LEAD.fullmatch(lead[: first.start()]) is None:
        return None
    return _loose_run(text, end + first.start())


def _loose_run(text: str, start: int) -> tuple[int, int] | None:
    """A run of a spelling alphabet's words read on past a stray item or two: a plain letter ("Kilo Echo L Papa"), a
    word the tables lack or a misspelt one, capitalised as the others are ("Anton Berta Zürich Dora", "Bravo Ekko
    Lima"), a hesitation ("äh"), a botched try ("Karel Oto Číslo Ka Adam 9 9"). It ends at the last alphabet word or
    digit, at least four of them and no more than two strays, and at the first word of prose (a small word in lower
    case: "Anna, Berta and Cäsar")."""
    best, good, strays, at = None, 0, 0, start
    for index, token in enumerate(_LOOSE_TOKEN.finditer(text, start)):
        if token.start() != at or (index and not token.group("sep")) or (not index and token.group("sep")):
            break
        item = token.group("item")
        if _ALPHABET_ITEM.fullmatch(item) or _DIGIT_ITEM.fullmatch(item) or (item.isdigit() and len(item) <= 3):
            good += 1
            if good >= _MIN_ITEMS and strays <= min(_MAX_STRAYS, good // 2):
                best = (start, token.end())
        elif _stray(item) and strays < _MAX_STRAYS:
            strays += 1
        else:
            break
        at = token.end()
    return best


def _stray(item: str) -> bool:
    """A letter spelled with a word no table holds, written as the table's words are: one letter, or a capitalised
    word of a few letters; a hesitation between two letters."""
    if item.casefold() in _HESITATIONS:
        return True
    letters = item.replace("-", "")
    return letters.isalpha() and (len(letters) == 1 or (letters[0].isupper() and len(letters) <= _STRAY_LETTERS))


_ALPHABET_WORD = r"(?<![^\W\d_])(?:" + literal_trie(sorted({f for w in _ALPHABET_WORDS for f in (w, _without_accents(w))}))
_AN_ALPHABET_WORD = re.compile(_ALPHABET_WORD + r")(?![^\W\d_])")
"""A word of an alphabet: a spelled run holds one at least ("one seven niner four"), most text after a secret word none."""
_LETTERS_APART = re.compile(r"[^\W_](?:,[ \t]?|[ \t]?[·•|/][ \t]?)[^\W_](?:,[ \t]?|[ \t]?[·•|/][ \t]?)[^\W_]")


_CUES = [w.casefold() for w in _DATA["cues"]]
_ENCODING_CUES = [w.casefold() for w in _DATA["encoding_cues"]]
_CUED_RUN = re.compile(r"(?i)(?<![^\W\d_])(?:" + _alternation(_CUES) + r")(?![^\W\d_])" + _LEAD + _RUN)
_RUN_THEN_CUE = re.compile(r"(?i)(?<![^\W\d_])" + _RUN + r"[ \t(\[,–-]{0,4}(?:" + _alternation(_CUES) + r")(?![^\W\d_])")
"""A spelled run said to be spelled right after it ("ww is Pieter Anton Nico Dirk 6 6 (spelalfabet hè)")."""
_ENCODED = re.compile(
    r"(?i)(?<![^\W\d_])(?:" + _alternation(_ENCODING_CUES) + r")(?![^\W\d_])[^\n:：=→]{0,40}?(?:[:：=→]|->|\bis\b|'s)"
    r"[ \t]*[`*_|\"']*(?P<secret>[^\s`*_|\"'][^\s`*|\"']{2,62}?[^\s`*_|\"'])[`*_|\"'.,;!?)]*(?=\s|$)"
)
"""A value after a word saying it is reversed or encoded, and a colon, an arrow or "is" ("backwards it's …",
"mdp en rot13 : Cnevf2019Pngf"): read when it has a secret's look (a digit, a symbol, inner capitals) or when the
line names a secret ("hasło w rot13: gebzobar-fnynzv": the words a code turns letters into look like none)."""


def _encoded_value(match: re.Match[str]) -> bool:
    return looks_like_a_secret(match.group("secret")) or bool(vocabulary.find(match.string))


_HINT = re.compile(
    r"(?i)(?<![^\W\d_])(?:" + _alternation(_DATA["hint_nouns"]) + r")[ \t]+[\"'“«]?(?P<secret>[^\W\d_]{4,32})[\"'”»]?"
    r"(?=[ \t,]+(?:[^\W\d_]+[ \t,]+){0,4}?(?:" + _alternation(_DATA["hint_marks"]) + r")(?![^\W\d_]))"
)
"""The word a hint spells after a secret word ("the word lighthouse, all lowercase, then 42", "my cat's name Mittens
with a capital M", "la palabra girasol con mayúscula"): a noun for a word or a name, the word, and within a few words
a mark of how it is typed (its case, what follows it)."""
_HINT_NOUN = re.compile(r"(?<![^\W\d_])(?:" + literal_trie([w.casefold() for w in _DATA["hint_nouns"]]) + r")(?![^\W\d_])")
_HINT_DIGITS = re.compile(r"(?i)(?:" + _alternation(_DATA["hint_marks"]) + r")[ \t:,]+(?P<secret>\d{2,8})(?!\d)")
"""The digits a hint adds after the word ("… then 42", "… y luego 55")."""


def hint_spans(text: str, end: int) -> list[tuple[int, int]]:
    """The parts a hint right after a secret word (ending at ``end``) spells: the word, and the digits added to it."""
    window = text[end : end + 120]
    if _HINT_NOUN.search(window.casefold()) is None:
        return []  # the cheap gate: no word for a word or a name
    word = _HINT.search(window)
    if word is None:
        return []
    spans = [(end + word.start("secret"), end + word.end("secret"))]
    spans += [(end + m.start("secret"), end + m.end("secret")) for m in _HINT_DIGITS.finditer(window)]
    return spans


_DIGITS_AFTER_COLON = re.compile(
    r"[^\n:：=.!?\d]{1,48}?[:：=][ \t]*[`*_|~]*(?P<secret>\d{1,4}(?:[ .-]\d{1,4}){0,3})(?![\w.:/-]*\d)"
)
_MIN_PIN, _MAX_PIN = 4, 8


def digits_after_colon(text: str, end: int) -> tuple[int, int] | None:
    """A PIN after a colon a few words past its word, however its digits are grouped ("pin with each pair flipped so
    it's safe to post: 92 71"): the words between say how it is written, the colon hands it over."""
    match = _DIGITS_AFTER_COLON.match(text, end)
    if match is None or not _MIN_PIN <= sum(c.isdigit() for c in match.group("secret")) <= _MAX_PIN:
        return None
    return match.span("secret")


_HANDED = re.compile(
    r"(?<![\w@.+/-])(?P<secret>(?=[a-z\d-]{0,12}[A-Z])(?=[A-Za-z-]{0,12}\d)[A-Za-z\d]{3,11}(?:-[A-Za-z\d]{3,8})?)"
    r"(?![\w@.+/-]*\w)"
)
"""A token of letters and digits (with one hyphen): the lead before it is read only for the few that have the shape."""
_HANDING_BEFORE = re.compile(
    r"(?i)(?:(?<![^\W\d_])(?:" + _alternation(_DATA["handing"]) + r")(?![^\W\d_])[ \t:,]*|[:：→][ \t]*|->[ \t]*)"
    r"[`*_|\"']*\Z"
)
_TITLED = re.compile(r"(?:[A-Z][a-z]+|[A-Z]+|\d+)+|[a-z]?(?:[A-Z][a-z]+|\d+)+")
"""Capitalised words and numbers glued ("Gen2Drive", "Top10Games", "iPhone15Pro"): a product or a handle."""
_MIN_GENERATED, _MAX_GENERATED = 8, 12
_HANDING_REACH = 24
_MIN_LOWER = 4


_GENERATOR = re.compile(r"(?i)(?<![^\W\d_])(?:" + _alternation(_DATA["generators"]) + r")(?![^\W\d_])")
"""A program that makes pronounceable passwords ("apg hat mir 'GrobIcViv3' ausgespuckt"): a line naming one hands
its word over whatever the words around it, and its syllables may each start with a capital."""


@memoised(4)
def _names_a_generator(text: str) -> bool:
    """Read once for a text, not for each of its tokens: a long post of links holds hundreds with the shape."""
    return _GENERATOR.search(text) is not None


def _generated(match: re.Match[str]) -> bool:
    """A pronounceable generated password (pwgen, apg: "Iexo4aiz", "Chahng3ooD", "kiv-Oynt7"): 8–12 letters with one
    or two digits and both cases, its capitals where no word starts and lower-case letters after its digit."""
    token = match.group("secret")
    letters = token.replace("-", "")
    if not _MIN_GENERATED <= len(letters) <= _MAX_GENERATED or not any(c.isdigit() for c in letters):
        return False
    start = match.start("secret")
    named = _names_a_generator(match.string)
    if not named and _HANDING_BEFORE.search(match.string, max(0, start - _HANDING_REACH), start) is None:
        return False
    digits = sum(c.isdigit() for c in letters)
    lower = sum(c.islower() for c in letters)
    if not _MIN_GENERATED <= len(letters) <= _MAX_GENERATED or not 1 <= digits <= 2 or lower < _MIN_LOWER:
        return False
    return any(c.isupper() for c in letters) and (named or not _TITLED.fullmatch(letters))


HANDED_RULES: tuple[Rule, ...] = (
    Rule("password", _HANDED, accept=_generated, digits=1, min_token=_MIN_GENERATED, in_one_run=True),
)
"""A generated-looking password handed over after a colon, an arrow or a word that hands it ("generated one: Iexo4aiz",
"prends ça : Chahng3ooD"). Its token holds no space and ends where its run does, and one it takes has at least
:data:`_MIN_GENERATED` characters: a long line's runs that long are all it reads (:attr:`Rule.in_one_run`)."""


_WEIGHING = [w.casefold() for w in _DATA["weighing"]]
_WEIGHED = re.compile(
    r"(?i)(?<![^\s\"'`*|(])[\"'`*|]*(?P<secret>[^\s\"'`*|]{6,64}?)[\"'`*|]*[,?]?(?:[ \t]+[^\W\d_]{1,8}){0,2}?[ \t]+"
    r"(?:" + _alternation(_WEIGHING) + r")(?![^\W\d_])"
)
"""A value weighed as a password in the same line ("is Brain-739alter strong enough?", "ist Kx8-tundra sicher genug")."""


def _weighed(match: re.Match[str]) -> bool:
    value = match.group("secret")
    if "://" in value or "@" in value or not any(c.isdigit() for c in value) or not any(c.isalpha() for c in value):
        return False
    if sum(c.islower() for c in value) < _MIN_WEIGHED_LOWER:
        return False  # "is my i7-12700K strong enough", "the RTX4090 is": hardware is weighed too
    return any(not c.isalnum() for c in value) or any(c.isupper() for c in value[1:]) or sum(map(str.isdigit, value)) >= 2


_MIN_WEIGHED_LOWER = 3


_HINT_WORDS = [w.casefold() for w in _DATA["hint_words"]]
_HINT_GIVEN = re.compile(
    r"(?i)(?<![^\W\d_])(?:"
    + _alternation(_HINT_WORDS)
    + r")(?![^\W\d_])[^\n]{0,120}?(?<![^\W\d_])(?:"
    + _alternation(_DATA["hint_givers"])
    + r")[ \t:,]+[\"'“«`*]*(?P<secret>[^\W_][\w.+!#$%&-]{2,40}[^\W_])(?![\w.+!#$%&-]*\w)"
)
"""The value a password hint gives after saying how it is made ("pw hint: my dog's name + the year = Biscuit2019",
"dokezo la nenosiri: jina la paka … yaani Simba254", "υπόδειξη: … δηλαδή Froso12")."""


def _hint_given(match: re.Match[str]) -> bool:
    """A hint's value has a secret's look, and the hint is a password's (its word, or a secret named in the line)."""
    value = match.group("secret")
    return looks_like_a_secret(value) and any(c.isalpha() for c in value)


_DIFF_ADDED = re.compile(r"(?m)^\+[ \t]*(?P<secret>[^\s`]{4,64})[ \t]*$")
"""The one word a diff block adds ("changed my steam pw" / "```diff" / "- old one" / "+ Soda.4102worth"): the new value."""


def _diff_value(match: re.Match[str]) -> bool:
    """Only inside a fenced diff block of a line naming a secret, and with a secret's look (code lines have spaces)."""
    fence = match.string.rfind("```", 0, match.start())
    if fence < 0 or not match.string.startswith("```diff", fence):
        return False
    return looks_like_a_secret(match.group("secret")) and bool(vocabulary.find(match.string[: match.start()]))


_HALVES = ["half", "halves", "hälfte", "moitié", "mitad", "metà", "metade", "połowa", "половина", "helft", "halva",
           "yarı", "separuh"]  # fmt: skip
_HALF = re.compile(
    r"(?i)(?<![^\W\d_])(?:" + _alternation(_HALVES) + r")(?![^\W\d_])[^\n:=.!?]{0,12}?"
    r"(?:[ \t]+(?:is|ist|est|es|è|é|je|jest|это|is|är|er|ise)[ \t]+|[ \t]*[:=][ \t]*)[`*_|\"']*(?P<secret>[^\s`*|\"',;]{4,40})"
)
"""One part of a value given in halves in a line that names a secret ("first half of my pw is JLbV0 and the second
half is 0fN9u"): each part after its "half" and a link ("part", "parte", "del" are too common a word to read so)."""


def _half_of_a_secret(match: re.Match[str]) -> bool:
    return looks_like_a_secret(match.group("secret")) and bool(vocabulary.find(match.string))


_RUN_MARKS = {c for w in _ALPHABET_WORDS + _DATA["joiners"] + _DATA["fillers"] + _DATA["cues"] for c in w + _without_accents(w)}
_RUN_MARKS |= {c for w in _DIGIT_WORDS["spaced"].values() for word in w for c in word + _without_accents(word)}
_RUN_STRETCH = re.compile(r"(?i)[\w\s" + re.escape("".join(sorted(_RUN_MARKS | set(" \t,;/·•|_-([–")))) + "]+")
"""Case-blind as the run is: a character its words' letters match case-blind ("ͅ" for "ι") stays in a stretch."""
_A_CUE = re.compile(r"(?i)(?:" + _alternation(_CUES) + r")(?![^\W\d_])")


@dataclass(frozen=True)
class _CueAfterRule(Rule):
    """A spelled run with its cue after it holds letters, digits, spaces, separators and its words' own marks only:
    costly at every word of a long line, the pattern reads only the stretches of such characters that hold a cue."""

    def spans(self, text: str) -> Iterator[Span]:
        cues = [cue.start() for cue in _A_CUE.finditer(text)]
        for stretch in _RUN_STRETCH.finditer(text) if cues else ():
            if any(stretch.start() <= at < stretch.end() for at in cues):
                yield from self._spans_of(self.pattern.finditer(text, stretch.start(), stretch.end()))


_CUED_RULES: tuple[Rule, ...] = (
    Rule("password", _HALF, tuple(_HALVES), accept=_half_of_a_secret),
    Rule("password", _WEIGHED, tuple(_WEIGHING), accept=_weighed),
    Rule("password", _CUED_RUN, tuple(_CUES), accept=_spelled_run),
    _CueAfterRule("password", _RUN_THEN_CUE, tuple(_CUES), accept=_spelled_run),
    Rule("password", _HINT_GIVEN, tuple(_HINT_WORDS), accept=_hint_given),
    Rule("password", _DIFF_ADDED, ("```diff",), accept=_diff_value),
    Rule("password", _ENCODED, tuple(_ENCODING_CUES), accept=_encoded_value),
)


@dataclass(frozen=True)
class _CuedRule(Rule):
    """The rules led by a cue word (a half, a weighing, a word saying a value is spelled, reversed or encoded), behind
    one search for all their cues: a line without one, most of chat, costs that search, not a look-up per cue. The
    cues are its needles too, which the scanner looks for with every rule's in one pass: there it runs only where one is."""

    rules: tuple[Rule, ...] = ()

    def spans(self, text: str) -> Iterator[Span]:
        lowered = text.casefold()
        if self.pattern.search(lowered) is None:  # the cues are lower case: a case-blind search costs four times more
            return
        for rule in self.rules:
            if any(needle in lowered for needle in rule.needles):
                yield from rule.spans(text)


_ALL_CUES = sorted({needle for rule in _CUED_RULES for needle in rule.needles})
RULES: tuple[Rule, ...] = (
    _CuedRule("password", re.compile(literal_trie(_ALL_CUES)), tuple(_ALL_CUES), rules=_CUED_RULES),
    *HANDED_RULES,
    *encoded_letters.RULES,
    *characters_apart.RULES,
    *worked_out.RULES,
    *described_values.RULES,
    *keypad_words.RULES,
    *dictated.RULES,
)


_SYMBOL_WORDS = [w.casefold() for w in _DATA["symbol_words"]]
_SYMBOL_IN = re.compile(r"(?<![^\W\d_])(?:" + literal_trie(sorted(_SYMBOL_WORDS)) + r")(?![^\W\d_])")
_SYMBOL = re.compile(r"(?i)[ \t]*[(\[]?(?:" + _alternation(_SYMBOL_WORDS) + r")[)\]]?(?![^\W\d_])")
_PIECE = re.compile(r"[ \t]+(?P<piece>[^\s()\[\].,;:!?]{1,24})(?:[ \t]+\d{1,6}(?![^\s.,;!?]))?")
_SYMBOL_REACH = 24
_MAX_PIECES = 6


def symbols_after(text: str, end: int) -> int:
    """Where a value ending at ``end`` ends when it is read on through its symbols said as words ("tundra dash 44 dash
    kx", "Sonne Unterstrich 2024 Ausrufezeichen", "kot собака 77", "Kx8 (dash) tundra"): each word for a symbol and
    the piece after it are the value's, and a symbol word that ends it is its last character. A symbol word followed
    by prose ("dash off and change it", "punto y aparte") is left: a piece has a digit, or is one word the line ends
    or goes on reading out after."""
    if _SYMBOL_IN.search(text[end : end + _SYMBOL_REACH].casefold()) is None:
        return end  # the cheap gate: most values are not read out
    at = end
    for _ in range(_MAX_PIECES):
        symbol = _SYMBOL.match(text, at)
        if symbol is None:
            break
        piece = _PIECE.match(text, symbol.end())
        if piece is None or _SYMBOL.match(text, piece.start()) is not None:
            if text[symbol.end() : symbol.end() + 1] in ("", "\n") or piece is None:
                at = symbol.end()  # "… 2019 exclamation mark": the last character
            break
        if not _a_piece(text, piece):
            break
        at = piece.end()
    return at


def _a_piece(text: str, piece: re.Match[str]) -> bool:
    word = piece.group("piece")
    if any(c.isdigit() for c in word):
        return True
    rest = text[piece.end() :].lstrip(" \t")
    return word.isalpha() and (not rest or rest[0] in "\n.,;!?)]" or _SYMBOL.match(text, piece.end()) is not None)


_FIRST_PIECE = re.compile(r"[ \t]*[:：=]?[ \t]*(?P<piece>[^\s()\[\].,;:!?]{1,24})")
_LEAD_WORDS = 2


def read_out_after(text: str, end: int) -> tuple[int, int] | None:
    """A value right after a secret word (or a word or two: "ist", "es", "c'est") that is read out with its symbols
    as words ("pin is 44 dash 71", "clave es Luna punto 2020", "пароль kot собака 77"): its plain first piece says
    nothing, the symbol word after it says a value is being read out."""
    if _SYMBOL_IN.search(text[end : end + _SYMBOL_REACH * 2].casefold()) is None:
        return None
    at = end
    for _ in range(_LEAD_WORDS + 1):
        first = _FIRST_PIECE.match(text, at)
        if first is None or _SYMBOL.match(text, first.start("piece") - 1) is not None:
            return None
        after = symbols_after(text, first.end())
        if _PIECE_AFTER_SYMBOL.match(text, first.end()) is not None and after > first.end():
            return first.start("piece"), after
        at = first.end()
    return None


_PIECE_AFTER_SYMBOL = re.compile(r"(?i)[ \t]*[(\[]?(?:" + _alternation(_SYMBOL_WORDS) + r")[)\]]?[ \t]+[^\s()\[\].,;:!?]*\d")
"""A symbol word and a piece with a digit after the first piece: with no value found before it, a plain word and a
symbol word ("rules dash work") are prose; a number read out after them is not."""
