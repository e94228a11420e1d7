"""Tokens that read as a password or a key by the way they mix characters, with no keyword and no format known.

The password rules find a secret by a word next to it, in the languages and abbreviations they list; a member who
writes "şifrem tiger!88Lamp", "wifi nya kebvoM-2xodsu-pygfaj" or pastes "Unsubtle-Cosmic7-Relapse" alone gives
none they know. What generators and people make has a shape of its own, and this rule reads it in any run without
spaces of eight characters or more that holds a letter and a digit:

- a symbol between two letters or digits, in a run of letters and digits, with a capital or a second symbol
  ("k8#Lm2!pQz9Wx@", "Blue$42Monkey", "P@ssw0rd!2024", "Coffee&99cups"): Bitwarden, KeePassXC, LastPass and people
  alike; written text puts its symbols between words, not inside them;
- digits between two words, the second in lower case ("Wonder237section", "monkey123banana"): a product's name
  capitalises the word after its number ("Windows11Home", "Top10Games");
- words joined by ``-`` ``.`` or ``_`` with a digit glued to one of them, or a capital inside one
  ("Unsubtle-Cosmic7-Relapse", "rehang.OPTIMAL.gob4.tryst", "fUtjez-7gofsi-byqqaz"): Bitwarden, 1Password and
  Apple passphrases. A gamertag keeps its number apart ("Dark_Knight_1987", "Dark-Knight-99") and stays: the
  handles chat names its players by are that shape far more often than a password is;
- ten or more letters and digits of both cases that switch class often and hold no word (Chrome's and Firefox's
  fifteen, pwgen's pronounceable ones with two capitals and two digits, a key of any length).

Kept by their shape, whatever their classes: links, e-mail addresses, mentions, Discord markup and ``Name#1234`` tags,
hashtags and commands, paths and file names with an extension, code and queries (a bracket, ``=`` or ``;``), math
and dice with single letters, key bindings joined by ``+``, versions, model numbers and map or mod names (their
symbols are ``-`` ``.`` ``_``, which the first shape does not count, and their words do not mix a digit in), hex
digests (only the value rules judge a hex blob: the word before it says whether it is a commit or a key).

Cost: the scanner runs this rule only on a line with a digit and a run of eight characters without spaces; one regex
pass finds the runs holding a letter and a digit, each judged by a few string checks.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from utils.privacy.rule import Rule, Span

SHORTEST = 8
"""The shortest run judged: chat's short mixed tokens ("PS5", "RTX4090", a lobby code) are below it."""
SHORTEST_RANDOM = 10
"""A run without a symbol needs this many characters: a nine-character leet handle ("L33tH4x0r") is below it."""

_DIGIT_TAIL = re.compile(r"\d\S*")
"""A run's stretch from its first digit to its end: ``re`` skips to the line's digits in C, and the run's start is
found from there (a search for runs holding a digit tries every character of every word)."""
_LEADING = "\"'`“”‘’«»([{*_~|"
_TRAILING = "\"'`“”‘’«».,;:?!)]}*_~|"
_STRONG = frozenset("!#$%&*+?^~@|")
"""Symbols a generator or a person puts inside a password; ``-`` ``.`` ``_`` ``/`` ``:`` join names and numbers."""
_CODE = frozenset("()[]{}<>=;,\\\"'`")
_KEYS = frozenset(
    "ctrl control shift alt altgr cmd command option opt meta win super fn strg esc tab enter return del delete "
    "ins insert home end pgup pgdn space backspace up down left right print prtsc".split()
)
_EMAIL = re.compile(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)*\.[A-Za-z]{2,}")
_USER_AT_HOST = re.compile(r"[a-z0-9._-]+@[a-z0-9.-]+")
_HEX = re.compile(r"(?:0[xX])?[0-9a-fA-F]+")
_TAG = re.compile(r"[^#]{2,32}#\d{4}")
_EXTENSION = re.compile(r"\.[a-z][a-z0-9]{0,3}")
_DICE = re.compile(r"(?:\d*d\d+(?:[+-]\d+)*[+-]?)+", re.IGNORECASE)
_CLASS_RUNS = re.compile(r"[a-z]+|[A-Z]+|\d+|[^A-Za-z\d]+")
_SANDWICH = re.compile(
    r"(?:[A-Z][a-z]{3,}|[a-z]{4,})\d{2,}[a-z]{3,}|[a-z]{4,}\d{2,}[A-Z][a-z]{2,}"
    r"|[a-z]{3,}(?:[A-Z][a-z]{2,}[-._]?\d{2,4}|[-._][A-Z][a-z]{2,}[-._]?\d{1,4})"
)
"""Digits between two words, the second in lower case ("Wonder237section"), or a lower-case word and a capitalised
one before a number ("casaMarta2023", "ramen_Tonkotsu8"): a name or a handle keeps one case for its words (an
emote or an identifier glues one digit: "pepeLaugh2")."""
_EXCLAIMED = re.compile(r"[A-Z]?[a-z]{3,}(?:[-._]?[A-Z]?[a-z]{3,}){0,2}(?:\d{4}|[-._]\d{2,4})[!@#$%&*?]{1,3}")
"""A word and a year or a joined number with a symbol after them as the last character a password asks for
("Winter2025!!", "bluemoon_88!"), seen on the run before its punctuation is trimmed; a product's short number
glued to its name is not one ("Windows11!", "Xbox360!")."""
_WORD = re.compile(r"[A-Z][a-z]{2,}|[a-z]{4,}|[A-Z]{4,}")
_PIECE_WORD = re.compile(r"[A-Za-z]{3,}")
_GLUED = re.compile(r"[A-Za-z]{3,}\d{1,4}|\d{1,4}[A-Za-z]{3,}|[a-z]+[A-Z][A-Za-z]*\d[A-Za-z\d]*|[a-z]+\d[a-z]*[A-Z][A-Za-z]*")
_SEPARATORS = re.compile(r"[-._]")
_DOTTED = re.compile(r"[A-Z][a-z]{2,}(?:\.[A-Z][a-z]{2,})+\.\d{2,4}|\d{2,4}(?:\.[A-Z][a-z]{2,}){2,}")
"""Capitalised words joined by dots with a number ("Kedi.Mavi.55"): a Discord username is in lower case, a
gamertag does not take dots, and a title written with dots holds a lower-case word ("Game.of.Thrones")."""


def _trimmed(token: str, start: int) -> tuple[str, int]:
    """The token without the quotes, brackets, Markdown and punctuation around it, and where it now starts."""
    stripped = token.lstrip(_LEADING)
    start += len(token) - len(stripped)
    return stripped.rstrip(_TRAILING), start


def _markup_or_address(token: str) -> bool:
    """A link, an address, a mention, Discord markup, a tag, a hashtag, a command, a path, a file, code or a query."""
    if token[0] in "#$!/~@<" or "://" in token or "\\" in token or token.count("/") >= 2:
        return True
    if any(c in _CODE for c in token):
        return True
    if _EXTENSION.search(token[-5:]) and _EXTENSION.fullmatch(token[token.rfind(".") :]):
        return True
    return bool(_TAG.fullmatch(token) or ("@" in token and _EMAIL.search(token)))


def _key_binding_or_dice(token: str) -> bool:
    pieces = token.split("+")
    if len(pieces) > 1 and all(p.casefold() in _KEYS or len(p) <= 3 for p in pieces):
        return True  # "Ctrl+Shift+F12", "Alt+F4+Esc"
    return bool(_DICE.fullmatch(token))


def _switches(token: str) -> int:
    return len(_CLASS_RUNS.findall(token)) - 1


def _symbol_inside(token: str) -> bool:
    """A strong symbol with a letter or a digit on each side, and a capital or a second symbol: "tiger!88Lamp"."""
    inside = [i for i in range(1, len(token) - 1) if token[i] in _STRONG and token[i - 1].isalnum() and token[i + 1].isalnum()]
    if not inside:
        return False
    letters = re.findall(r"[A-Za-z]{2,}", token)
    if not letters:
        return False  # math and dice: "a^2+b^2", "x+3y"
    strong = sum(c in _STRONG for c in token)
    if strong == token.count("+") and re.search(r"\+\d{1,3}$", token):
        return False  # an item's upgrade or a bonus: "Longsword+10", "MaxHP+500"
    if strong == 1 and _USER_AT_HOST.fullmatch(token):
        return False  # "pi@raspberrypi4", "root@192.168.1.5"
    if strong == 1 and token[inside[0]] == "%" and token[inside[0] - 1].isdigit():
        return False  # a percentage glued to a word: "50%off"
    if strong == 1 and token[inside[0]] == "&" and len(token[: inside[0]].rsplit("&")[-1]) <= 2:
        return False  # "AT&T", "R&D", "Q&A…"
    upper = any(c.isupper() for c in token)
    lower = any(c.islower() for c in token)
    return (upper and lower) or strong >= 2 or (lower and _switches(token) >= 3 and sum(map(len, letters)) >= 6)


def _passphrase(token: str) -> bool:
    """Three words or more joined by one of ``-`` ``.`` ``_``, one of them with a digit glued to it or a capital
    inside it: "Unsubtle-Cosmic7-Relapse", "fUtjez-7gofsi-byqqaz"; not "Dark_Knight_1987", "OptiFine_1.20.1"."""
    separators = set(_SEPARATORS.findall(token))
    if len(separators) != 1:
        return False
    pieces = token.split(separators.pop())
    if len(pieces) < 3 or not all(p.isalnum() and p.isascii() for p in pieces) or token.islower():
        return False  # a host or a package keeps to lower case ("k8s-cluster-prod2")
    worded = sum(bool(_PIECE_WORD.search(p)) for p in pieces)
    if worded < 2 or worded < len(pieces) - 1:
        return False
    return any(_GLUED.fullmatch(p) and not p.isdigit() for p in pieces) and not any(_version_piece(p) for p in pieces)


def _version_piece(piece: str) -> bool:
    """A piece that names a release or a format: "v2", "1080p", "x264", "S01E03", "HD"."""
    return bool(re.fullmatch(r"[vVrR]\d+|\d+[pPkK]|[xXhH]26[45]|[sS]\d\dE\d\d|mc\d+", piece))


def _random(token: str) -> bool:
    """Letters of both cases and digits, switching class often, with little that reads as a word."""
    if len(token) < SHORTEST_RANDOM or not token.isalnum() or not token.isascii():
        return False
    uppers = sum(c.isupper() for c in token)
    digits = sum(c.isdigit() for c in token)
    if uppers < 2 or digits < 2 or uppers == len(token) - digits:
        return False
    words = sum(len(w) for w in _WORD.findall(token))
    return words <= 0.4 * len(token) and _switches(token) >= 0.45 * (len(token) - 1)


def credential_like(token: str) -> bool:
    """Whether one run without spaces, already trimmed, reads as a password or a key (module docstring)."""
    if len(token) < SHORTEST or _markup_or_address(token) or _key_binding_or_dice(token):
        return False
    if not (any(c.isdigit() for c in token) and any(c.isalpha() for c in token)) or _HEX.fullmatch(token):
        return False  # a hex digest or colour is judged by the value rules, with the word before it
    if _symbol_inside(token) or _SANDWICH.fullmatch(token) or _DOTTED.fullmatch(token):
        return True
    return _passphrase(token) or _random(token)


def _runs_with_a_digit(text: str) -> Iterator[tuple[int, int]]:
    """The runs without spaces of :data:`SHORTEST` characters or more that hold a digit, as ``(start, end)``."""
    taken_to = -1
    for tail in _DIGIT_TAIL.finditer(text):
        start = tail.start()
        if start < taken_to:
            continue
        while start > 0 and not text[start - 1].isspace():
            start -= 1
        taken_to = tail.end()
        if taken_to - start >= SHORTEST:
            yield start, taken_to


def credential_spans(text: str) -> Iterator[tuple[int, int]]:
    """The runs of ``text`` that read as a credential, as ``(start, end)``."""
    for run_start, run_end in _runs_with_a_digit(text):
        token, start = _trimmed(text[run_start:run_end], run_start)
        if len(token) < SHORTEST:
            continue
        exclaimed = _EXCLAIMED.match(text, start)
        if exclaimed is not None and exclaimed.end() >= run_end - 1 and not _markup_or_address(token):
            yield start, exclaimed.end()
        elif credential_like(token):
            yield start, start + len(token)


class _CredentialShapeRule(Rule):
    """A :class:`Rule` whose spans are the credential-shaped runs of a line (:func:`credential_spans`)."""

    def spans(self, text: str) -> Iterator[Span]:
        for start, end in credential_spans(text):
            yield start, end, self.kind


RULES: tuple[Rule, ...] = (_CredentialShapeRule("credential", re.compile("(?!)"), digits=1, min_token=SHORTEST),)
