"""Tokens that read as a password or a key by the way they mix characters, with no keyword and no format known.

The password rules find a secret by a word next to it, in the languages and abbreviations they list; a member who
writes "şifrem tiger!88Lamp", "wifi nya kebvoM-2xodsu-pygfaj" or pastes "Unsubtle-Cosmic7-Relapse" alone gives
none they know. What generators and people make has a shape of its own, and this rule reads it in any run without
spaces of eight characters or more that holds a letter and a digit:

- a symbol between two letters or digits, with a capital or a second symbol, or in a leet word
  ("k8#Lm2!pQz9Wx@", "Blue$42Monkey", "P@ssw0rd!2024", "3at3n@37"): written text puts its symbols between words;
  or a symbol last after both cases and a digit ("mopnuAj5odd$"), or after a word and a year ("Winter2025!!");
- digits between two words, the second in lower case ("Wonder237section"), a lower-case word then a capitalised
  one before a number ("casaMarta2023", "ramen_Tonkotsu8"), Diceware's capitalised words with a number among them,
  letters and digits taking turns ("1q2w3e4r");
- three words or more joined by ``-`` ``.`` or ``_`` with a digit in one of them or a capital inside one
  ("Unsubtle-Cosmic7-Relapse", "rehang.OPTIMAL.gob4.tryst", "fUtjez-7gofsi-byqqaz"), or capitalised ones joined by
  dots with a number ("Kedi.Mavi.55"). A gamertag keeps its number apart ("Dark_Knight_1987", "Dark-Knight-99") and
  stays: the handles chat names its players by are that shape far more often than a password is;
- ten or more letters and digits of both cases that switch class often and hold little that reads as a word
  (Chrome's and Firefox's fifteen, a key of any length);
- a password encoded (:mod:`utils.privacy._credential_encoded`): hex of printable text, base64 with its padding,
  or one character at a time between spaces ("m 4 r s ! R o v e r"), read joined.

Kept by their shape, whatever their classes: links, e-mail addresses, mentions, Discord markup, Discord and
Battle.net tags, hashtags and commands, paths and file names with an extension, code and queries (a bracket, ``=``
or ``;``), math and dice, key bindings joined by ``+``, an item's ``+10``, a refresh rate ``@120Hz``, versions
with their build parts, model numbers and map or mod names (their symbols are ``-`` ``.`` ``_``, which the first
shape does not count, and a part number keeps to capitals), hex digests (the value rules judge a hex blob by the
word before it), Bitcoin addresses (given out to be paid).

Cost: the scanner runs the token rule only on a line with a digit and a run of eight characters without spaces;
the runs are found from the line's digits in one regex pass and each is judged by a few string checks. The spaced
rule reads only from a digit standing alone.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from functools import cache
from pathlib import Path

from utils.privacy._credential_encoded import hex_of_text, padded_base64_spans, spaced_runs
from utils.privacy.rule import Rule, Span

_DATA = Path(__file__).with_name("data") / "credential_shapes.json"

SHORTEST = 8
"""The shortest run judged: chat's short mixed tokens ("PS5", "RTX4090", a lobby code) are below it."""
SHORTEST_RANDOM = 10
"""A run without a symbol needs this many characters: a nine-character leet handle ("L33tH4x0r") is below it."""

_DIGIT_TAIL = re.compile(r"\d\S*")
"""A run's stretch from its first digit to its end: ``re`` skips to the line's digits in C, and the run's start is
found from there (a search for runs holding a digit tries every character of every word)."""
_LEADING = "\"'`“”‘’«»([{*_~|+"
_TRAILING = "\"'`“”‘’«».,;:?!)]}*_~|"
_STRONG = frozenset("!#$%&*+?^~@|")
"""Symbols a generator or a person puts inside a password; ``-`` ``.`` ``_`` ``/`` ``:`` join names and numbers."""
_CODE = re.compile(r"[()\[\]{}<>=;,\\\"'`]")
_EMAIL_LOCAL = re.compile(r"[\w.+-]+")
_EMAIL_DOMAIN = re.compile(r"[\w-]+(?:\.[\w-]+)*\.[A-Za-z]{2,}")
_USER_AT_HOST = re.compile(r"[a-z0-9._-]+@(?=[a-z0-9.-]*[a-z.])[a-z0-9.-]+")
_HEX = re.compile(r"(?:0[xX])?[0-9a-fA-F]+")
_TAG = re.compile(r"[^#]{2,32}#\d{4,5}")
"""A Discord tag ("ShadowFang#1337") or a Battle.net one ("Frosty#21987")."""
_PINNED_REFERENCE = re.compile(r"@?[\w.-]+/[\w.-]+@[\w.-]+")
"""An owner's name and a project's, pinned to a release after ``@`` (``uses:`` in a CI workflow, a scoped package)."""
_VERSION = re.compile(r"v?\d+(?:\.\d+){1,3}(?:-[\w.]+)?(?:\+[\w.-]+)?", re.IGNORECASE)
"""A release with its pre-release and build parts ("4.0.0-alpha.3+exp.sha.5114f85")."""
_BASE58_ADDRESS = re.compile(r"[13][1-9A-HJ-NP-Za-km-z]{25,34}")
_EXTENSION = re.compile(r"\.[a-z][a-z0-9]{0,3}")
_DICE = re.compile(r"\d*d\d+(?:[+-](?:\d*d)?\d+)*", re.IGNORECASE)
"""Dice and their modifiers ("1d20+5+2d6"), each term after a sign: no run of digits can be cut two ways."""
_CLASS_RUNS = re.compile(r"[a-z]+|[A-Z]+|\d+|[^A-Za-z\d]+")
_SANDWICH = re.compile(
    r"[A-Z][a-z]{3,}\d{2,}[a-z]{3,}|[a-z]{4,}\d{3,}[a-z]{3,}|[a-z]{4,}\d{2,}[A-Z][a-z]{2,}"
    r"|[a-z]{3,}(?:[A-Z][a-z]{2,}[-._]?\d{2,4}|[-._][A-Z][a-z]{2,}[-._]?\d{1,4})"
    r"|(?:[A-Z][a-z]{2,}){3,}\d{1,4}(?:[A-Z][a-z]{2,})+|[a-z]{3,}\d[A-Z][a-z]{0,4}"
)
"""Digits between two words, the second in lower case ("Wonder237section"; three digits between two lower-case
words, since a term glues two: "base64url", "covid19vaccine"), or a lower-case word and a capitalised
one before a number ("casaMarta2023", "ramen_Tonkotsu8"): a name or a handle keeps one case for its words (an
emote or an identifier glues one digit: "pepeLaugh2"); capitalised words with a number among them
("HandballHacheJumeler60Mourir", Diceware with digits: a title puts its number last); a lower-case syllable run, a
digit and a capital (pwgen: "asae3Iec")."""
_WALK = re.compile(r"(?:\d[a-z]){4,}\d?|(?:[a-z]\d){4,}[a-z]?")
"""Letters and digits taking turns ("1q2w3e4r", a keyboard's columns walked)."""
_EXCLAIMED = re.compile(r"[A-Z]?[a-z]{3,}(?:(?:[-._][A-Z]?|[A-Z])[a-z]{3,}){0,2}(?:\d{4}|[-._]\d{2,4})[!@#$%&*?]{1,3}")
"""A word and a year or a joined number with a symbol after them as the last character a password asks for
("Winter2025!!", "bluemoon_88!"), seen on the run before its punctuation is trimmed; a product's short number
glued to its name is not one ("Windows11!", "Xbox360!"). Its words are cut where a separator or a capital is, so
a long run costs one pass, not one try per way of cutting it."""
_SENTENCE_END = frozenset("!@#$%&*?.,;:)]}\"'`”’»|~_")
"""What a run read by :data:`_EXCLAIMED` ends with: its symbol, or punctuation after it."""
_WORD = re.compile(r"[A-Z][a-z]{2,}|[a-z]{4,}")
_VOWEL = re.compile(r"[aeiouy]")
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
    if token[0] == "<" or (token[0] in "#$!/~@" and (token[1:2].isalnum() or token[1:2] in "/.")):
        return True  # markup, a hashtag or a colour, a command, a path, a mention (not "#&TxTP78GC")
    if "://" in token or token.count("/") >= 2 or _CODE.search(token):
        return True  # a link, a path, code or a query
    if _EXTENSION.search(token[-5:]) and _EXTENSION.fullmatch(token[token.rfind(".") :]):
        return True
    if _TAG.fullmatch(token) or _VERSION.fullmatch(token):
        return True
    local, at, domain = token.rpartition("@")
    return bool(at and _EMAIL_LOCAL.fullmatch(local) and _EMAIL_DOMAIN.fullmatch(domain))


@cache
def _key_names() -> frozenset[str]:
    return frozenset(json.loads(_DATA.read_text(encoding="utf-8"))["key_names"])


def _key_binding_or_dice(token: str) -> bool:
    pieces = token.split("+")
    if len(pieces) > 1 and all(p.casefold() in _key_names() or len(p) <= 3 for p in pieces):
        return True  # "Ctrl+Shift+F12", "Alt+F4+Esc"
    return bool(_DICE.fullmatch(token))


def _switches(token: str) -> int:
    return len(_CLASS_RUNS.findall(token)) - 1


def _symbol_inside(token: str) -> bool:
    """A strong symbol with a letter or a digit on each side, and a capital or a second symbol: "tiger!88Lamp"."""
    inside = [i for i in range(1, len(token) - 1) if token[i] in _STRONG and token[i - 1].isalnum() and token[i + 1].isalnum()]
    if not inside:
        return False
    if not re.search(r"[A-Za-z]{2}", token) and any(token[i] in "+^*%~|" for i in inside):
        return False  # math and dice: "x^2+y^2+z^2", "3x+5y"
    strong = sum(c in _STRONG for c in token)
    if strong == token.count("+") and (re.search(r"\+\d{1,3}$", token) or re.search(r"\d\.\d", token)):
        return False  # an item's upgrade or a bonus, a local version: "Longsword+10", "MaxHP+500", "torch2.1+cu121"
    if strong == 1 and (_USER_AT_HOST.fullmatch(token) or re.search(r"@\d+(?:[.,]\d+)?[A-Za-z]{1,3}$", token)):
        return False  # "pi@raspberrypi4", "4K@120Hz"
    if strong == 1 and _PINNED_REFERENCE.fullmatch(token):
        return False  # a workflow's action or a package at a version: "actions/checkout@v4", "@scope/pkg@1.2.0"
    if strong == 1 and token[inside[0]] == "%" and token[inside[0] - 1].isdigit():
        return False  # a percentage glued to a word: "50%off"
    if strong == 1 and token[inside[0]] == "&" and len(token[: inside[0]].rsplit("&")[-1]) <= 2:
        return False  # "AT&T", "R&D", "Q&A…"
    upper = any(c.isupper() for c in token)
    lower = any(c.islower() for c in token)
    if (upper and lower) or strong >= 2:
        return True
    letter_count = sum(c.isalpha() for c in token)
    digit_count = sum(c.isdigit() for c in token)
    return lower and _switches(token) >= 3 and (letter_count >= 6 or (letter_count >= 3 and digit_count >= 3))


def _passphrase(token: str) -> bool:
    """Three words or more joined by one of ``-`` ``.`` ``_``, one of them with a digit glued to it or a capital
    inside it: "Unsubtle-Cosmic7-Relapse", "fUtjez-7gofsi-byqqaz"; not "Dark_Knight_1987", "OptiFine_1.20.1"."""
    separators = set(_SEPARATORS.findall(token))
    if len(separators) != 1:
        return False
    pieces = token.split(separators.pop())
    if len(pieces) < 3 or not all(p.isalnum() and p.isascii() for p in pieces):
        return False
    if token.islower() or not any(c.islower() for c in token):
        return False  # a host or a package keeps to lower case ("k8s-cluster-prod2"), a part to capitals ("ESP32-WROOM-32")
    worded = sum(bool(_PIECE_WORD.search(p)) for p in pieces)
    if worded < 2 or worded < len(pieces) - 1:
        return False
    return any(_mixed_word(p) for p in pieces) and not any(_version_piece(p) for p in pieces)


def _mixed_word(piece: str) -> bool:
    """A piece of a passphrase with a digit in or at a word ("Cosmic7", "j7jiqu") or a capital inside it ("zemeWy")."""
    letters = sum(c.isalpha() for c in piece)
    has_digit = any(c.isdigit() for c in piece)
    lower = any(c.islower() for c in piece)  # a part keeps to capitals: "DDR5", "GTX1080"
    return lower and ((has_digit and letters >= 3) or bool(_GLUED.fullmatch(piece)))


def _version_piece(piece: str) -> bool:
    """A piece that names a release, a format or a size: "v2", "1080p", "x264", "S01E03", "135M" (a model's name:
    "SmolLM2-135M-Instruct", "Llama3-70B-Instruct")."""
    return bool(re.fullmatch(r"[vVrR]\d+|\d+(?:\.\d+)?[A-Za-z]{1,2}|[xXhH]26[45]|[sS]\d\dE\d\d|mc\d+", piece))


def _random(token: str) -> bool:
    """Letters of both cases and digits, switching class often, with little that reads as a word (a word has a
    vowel); one ``_`` or ``-`` inside, as Chrome's passwords have."""
    bare = token.replace("_", "").replace("-", "")
    joined = len(token) - len(bare)
    if len(token) < (SHORTEST_RANDOM if not joined else 14) or joined > 1 or not bare.isalnum() or not bare.isascii():
        return False  # a handle joins its pieces: "R4v3n_Qu33n"
    uppers = sum(c.isupper() for c in bare)
    digits = sum(c.isdigit() for c in bare)
    if uppers < 2 or digits < (1 if len(bare) >= 14 else 2) or uppers == len(bare) - digits:
        return False
    words = sum(len(w) for w in _WORD.findall(bare) if _VOWEL.search(w.lower()))
    return words <= 0.4 * len(bare) and _switches(bare) >= (0.3 if len(bare) >= 16 else 0.45) * (len(bare) - 1)


def credential_like(token: str) -> bool:
    """Whether one run without spaces, already trimmed, reads as a password or a key (module docstring)."""
    if len(token) < SHORTEST or _markup_or_address(token) or _key_binding_or_dice(token):
        return False
    if _BASE58_ADDRESS.fullmatch(token):
        return False  # a Bitcoin address is given out to be paid
    if _HEX.fullmatch(token):
        return hex_of_text(token)  # a digest or a colour is judged by the value rules, with the word before it
    if not (any(c.isdigit() for c in token) and any(c.isalpha() for c in token)):
        return False
    if _symbol_inside(token) or _SANDWICH.fullmatch(token) or _DOTTED.fullmatch(token) or _symbol_after(token):
        return True
    if _WALK.fullmatch(token.rstrip("!@#$%&*?")):
        return True
    return _passphrase(token) or _random(token)


def _symbol_after(token: str) -> bool:
    """Letters of both cases and a digit with a symbol last that no sentence ends with ("mopnuAj5odd$"), or first
    where no hashtag, command or mention has one ("#&TxTP78GC")."""
    if token[-1] in "$#%&*^~@":
        body = token[:-1]
    elif token[0] in _STRONG:
        body = token.lstrip("".join(_STRONG))
    else:
        return False
    return (
        len(body) >= SHORTEST - 1
        and body.isalnum()
        and any(c.isupper() for c in body)
        and any(c.islower() for c in body)
        and any(c.isdigit() for c in body)
    )


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
    read: dict[str, tuple[int, int] | None] = {}  # a post that repeats a run (an id, a pasted key) reads it once
    for run_start, run_end in _runs_with_a_digit(text):
        run = text[run_start:run_end]
        found = read[run] if run in read else read.setdefault(run, _credential_in_run(run))
        if found is not None:
            yield run_start + found[0], run_start + found[1]
    yield from padded_base64_spans(text)


def _credential_in_run(run: str) -> tuple[int, int] | None:
    """Where in one run without spaces its credential is, if it holds one: what the run is decides it, not the line
    around it (a run ends at a space, and nothing read here looks past one)."""
    token, start = _trimmed(run, 0)
    if len(token) < SHORTEST:
        return None
    exclaimed = _EXCLAIMED.match(run, start) if run[-1] in _SENTENCE_END else None
    if exclaimed is not None and exclaimed.end() >= len(run) - 1 and not _markup_or_address(token):
        return start, exclaimed.end()
    if credential_like(token):
        return start, start + len(token)
    return None


def spaced_spans(text: str) -> Iterator[tuple[int, int]]:
    """The runs of single characters between spaces that read as a credential once joined ("m 4 r s ! R o v e r")."""
    for start, end, joined in spaced_runs(text):
        if credential_like(joined) or _EXCLAIMED.fullmatch(joined):
            yield start, end


class _CredentialShapeRule(Rule):
    """A :class:`Rule` whose spans are the credential-shaped runs of a line (:func:`credential_spans`)."""

    def spans(self, text: str) -> Iterator[Span]:
        for start, end in credential_spans(text):
            yield start, end, self.kind


class _SpacedCredentialRule(Rule):
    """A :class:`Rule` whose spans are the credentials written a character at a time (:func:`spaced_spans`)."""

    def spans(self, text: str) -> Iterator[Span]:
        for start, end in spaced_spans(text):
            yield start, end, self.kind


RULES: tuple[Rule, ...] = (
    _CredentialShapeRule("credential", re.compile("(?!)"), digits=1, min_token=SHORTEST),
    _SpacedCredentialRule("credential", re.compile("(?!)"), digits=1),
)
"""The scanner runs the first on a line with a digit and a run of :data:`SHORTEST` characters without spaces, the
second on a line with a digit (a password spelled out with spaces has no long run)."""
