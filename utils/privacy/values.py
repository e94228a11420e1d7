"""Values a kept line must not carry, found by their shape rather than by a word next to them.

A memory, a topic, a slot key, a profile or a note describes a person: it keeps the fact
("has a console friend code to share", "runs a Postgres server at home"), never the value
(the code, the connection string). The rules in passwords, keys and numbers need a word or a
vendor's prefix; what a member pastes bare ("try 9fQ!x2Lm#Tz on the NAS", a config line, a
link with a token in it) has none. :func:`value_spans` finds

- ``credential``: a run without spaces that reads as generated, not written: all four
  character classes with a symbol inside it and no words ("9fQ!x2Lm#Tz"), a long random
  run of letters and digits (base62, base64 with its padding, base32 as authenticator
  seeds use, a hex blob of 32+ with no "commit"/"sha256" before it), a grouped product key
  ("7QKDF-9GTXH-2LM4P");
- ``url-credential``: ``scheme://user:pass@host``, a query parameter named like a secret
  (``?token=``, ``&sig=``, ``X-Amz-Signature=``) and a random path segment (a reset or
  invite link is a key to an account);
- ``config``: ``key=value``, ``key: value``, ``export KEY=value``, JSON ``"key": "value"``,
  ``define('KEY', 'value')`` and connection strings (``…;Password=…;``) whose key names a
  secret (``DB_PASSWORD``, ``secret_key``, ``_authToken``) and whose value is one;
- ``number`` (``kept`` only): a run of 7+ digits, grouped by spaces or hyphens or not
  ("SW-7314-2209-5861", "UID 812349057") — a friend code, an order, an account. Chat and
  log excerpts keep them ("1,250,000 points" is what was said, and the extractor needs it).

Kept out by construction: Discord markup and ids (``<@…>``, ``<:name:id>``, a bare 17–20
digit snowflake), numbers with a decimal point or a thousands grouping (versions, IPs,
prices, "1,250,000", "1 000 000"), dates, quantities with their unit or "score" next to them,
public references ("CVE-2024-12345", "ISBN …"), placeholder digits ("12345678", as
detect-secrets' sequential-string heuristic), UUIDs, file names, words with capitals and
digits ("iPhone15", "RTX4090", "COVID-19"), gamertags ("xX_Sn1per_Xx": ``_`` and ``-`` are
not the symbols that make a run read as generated), URLs without credentials. Short game codes
("QXKZPF" for an Among Us lobby, a Jackbox room, a discord.gg invite) stay too: four to seven
characters, shared with the whole lobby and dead within the hour, they open a game, not an
account — the shortest run judged here is eight characters.

Most chat lines cost one search for a digit and a few ``in`` checks: every shape but a config
pair holds a digit, a pair needs ``=`` or ``:``, a link ``://``; a run is judged only from its
digits, a pair only from its separator, a long number only in a kept line with 7 digits.
"""

from __future__ import annotations

import json
import math
import re
import unicodedata
from bisect import bisect_left
from collections import Counter
from collections.abc import Iterable
from functools import cache
from itertools import pairwise
from pathlib import Path

Span = tuple[int, int, str]

_DATA = Path(__file__).with_name("data") / "values.json"


@cache
def _vocabulary(name: str) -> frozenset[str]:
    return frozenset(json.loads(_DATA.read_text(encoding="utf-8"))[name])


# --- the measures of a run of characters


def entropy(text: str) -> float:
    """Shannon entropy in bits per character."""
    size = len(text)
    return -sum(n / size * math.log2(n / size) for n in Counter(text).values())


SHORTEST_RUN = 8
"""The shortest run judged: a generated password is rarely shorter, and chat's short mixed tokens ("PS5",
"RTX4090", "1v1", "GG!", a lobby code) are all below it."""
_WEAK_SYMBOLS = frozenset("-_.'’/\\:@,")
"""Symbols ordinary names and words carry (gamertags, paths, handles); the others make a run read as generated."""
_WORDLIKE = re.compile(r"[A-Z]?[a-z]{3,}|[A-Z]{4,}")


_CLASS_RUNS = re.compile(r"[a-z]+|[A-Z]+|\d+|[^a-zA-Z\d]+")


def _switches(token: str) -> float:
    """How often the character class changes from one character to the next (random runs change often)."""
    return (len(_CLASS_RUNS.findall(token)) - 1) / max(1, len(token) - 1)


def _wordiness(token: str) -> float:
    """The share of a run made of word-like pieces ("Speed", "Runner", "NOOB"): words are written, keys generated."""
    return sum(len(m) for m in _WORDLIKE.findall(token)) / len(token)


_HEX = re.compile(r"[0-9a-fA-F]+")
_LOWER, _UPPER, _DIGIT, _LETTER = re.compile(r"[a-z]"), re.compile(r"[A-Z]"), re.compile(r"\d"), re.compile(r"[^\W\d_]")
_STRONG_SYMBOL = re.compile(r"[^\w\s\-.'’/\\:@,]")
_BASE32 = re.compile(r"[A-Z2-7]{16,}={0,6}")
_BASE64_PADDED = re.compile(r"[A-Za-z0-9+/]{14,}={1,2}")
_DISCORD_TAG = re.compile(r"[^#]{2,32}#\d{4}")
_PRODUCT_KEY = re.compile(r"(?<![\w-])[A-Z0-9]{4,6}(?:-[A-Z0-9]{4,6}){2,7}(?![\w-])")


def _mixed_group(group: str) -> bool:
    return any(c.isdigit() for c in group) and any(c.isalpha() for c in group)


def _symbol_password(token: str) -> bool:
    """A short run of all four classes with a symbol inside it and no word in it: "9fQ!x2Lm#Tz", not "Summer2024!"."""
    if not SHORTEST_RUN <= len(token) <= 64 or "://" in token or _DISCORD_TAG.fullmatch(token):
        return False
    if not _STRONG_SYMBOL.search(token):
        return False
    strong = [i for i, c in enumerate(token) if not c.isalnum() and c not in _WEAK_SYMBOLS]
    if not strong or (len(strong) == 1 and strong[0] in (0, len(token) - 1)):
        return False
    if not (any(c.islower() for c in token) and any(c.isupper() for c in token) and any(c.isdigit() for c in token)):
        return False
    return _wordiness(token) <= 0.35 and _switches(token) >= 0.5 and entropy(token) >= 0.85 * math.log2(len(token))


def _random_run(piece: str, before: str, shortest: int = 16) -> bool:
    """A long run of letters and digits (no word in it) that a generator wrote: a key, a seed, a blob.

    ``before``: the text just before it ("commit", "sha256" make a hex blob a digest, not a key).
    """
    size = len(piece)
    if size < shortest:
        return False
    lower, upper, digit = (bool(pattern.search(piece)) for pattern in (_LOWER, _UPPER, _DIGIT))
    if not digit or not (lower or upper):
        return False
    if _HEX.fullmatch(piece):
        if size < 32:
            return False
        words = set(re.findall(r"[a-z0-9-]+", before.casefold()))
        return not words & _vocabulary("digest_words")
    if not lower:  # upper case and digits: an authenticator's base32 seed, or a long random run
        if _BASE32.fullmatch(piece) and sum(c.isdigit() for c in piece) >= 2:
            return entropy(piece) >= 3.0
        return size >= 24 and entropy(piece) >= 3.8 and _switches(piece) >= 0.3
    if _wordiness(piece) > 0.4:
        return False
    if upper:
        return entropy(piece) >= 3.5 and _switches(piece) >= 0.3
    return size >= 20 and entropy(piece) >= 3.6 and _switches(piece) >= 0.4


_PIECES = re.compile(r"[^-_.~]+")
_TRIM = "*~\"'`“”«»!?.,;:"


def credential_like(token: str, before: str = "", shortest: int = 16) -> bool:
    """Whether one run without spaces reads as a generated secret (see the module docstring).

    ``shortest``: the shortest random piece taken (a link's path asks for more: a clip's slug ends in 16).
    """
    if not _LETTER.search(token):
        return False
    if _symbol_password(token):
        return True
    if _BASE64_PADDED.fullmatch(token) and any(c.isdigit() for c in token):
        body = token.rstrip("=")
        return any(c.islower() for c in body) and any(c.isupper() for c in body) and entropy(body) >= 2.5
    return any(_random_run(p, before, shortest) for p in _PIECES.findall(token))


# --- URLs

_SCHEME = re.compile(r"(?i)(?<![a-z0-9+.-])[a-z][a-z0-9+.-]{1,15}$")
_URL_BODY = re.compile(r"[^\s<>\"'`|]+")
_USERINFO = re.compile(r"(?i)[a-z][a-z0-9+.-]{1,15}://(?P<info>[^/\s]*)@[^@/\s]")
_QUERY = re.compile(r"[?&;#](?P<key>[^=&#;\s/?]{1,60})=(?P<value>[^&#;\s]*)")
_PATH_SEGMENT = re.compile(r"(?<=/)[^/?#\s]{32,}")
"""A content id in a link (a track, a video: 11-22 characters) is shorter than a reset or invite key."""


def _urls(text: str) -> Iterable[re.Match[str]]:
    """Each ``scheme://…`` link, found from its ``://`` (a scheme-shaped regex tried at every word costs more)."""
    position = text.find("://")
    while position != -1:
        scheme = _SCHEME.search(text, max(0, position - 16), position)
        url = _URL_BODY.match(text, scheme.start()) if scheme else None
        if url and url.end() > position + 3:
            yield url
            position = max(position, url.end() - 3)  # the next link starts after this one
        position = text.find("://", position + 3)


def _url_spans(url: str, offset: int) -> Iterable[Span]:
    info = _USERINFO.match(url)
    password = info.group("info").partition(":")[2] if info else ""
    if info and ((password and not _PLACEHOLDER.fullmatch(password)) or credential_like(info.group("info"))):
        yield offset + info.start("info"), offset + info.end("info"), "url-credential"
    query = url.find("?")
    path_end = len(url) if query == -1 else query
    authority = url.find("/", url.find("://") + 3)
    if authority != -1:
        for segment in _PATH_SEGMENT.finditer(url, authority, path_end):
            if credential_like(segment.group(), url[: segment.start()], shortest=24):
                yield offset + segment.start(), offset + segment.end(), "url-credential"
    if query != -1:
        for param in _QUERY.finditer(url, query):
            value = param.group("value")
            if _names_a_secret(param.group("key")) and _secret_value(param.group("key"), value, in_url=True):
                yield offset + param.start("value"), offset + param.end("value"), "url-credential"


# --- configuration lines

_KEY_PART = re.compile(r"[A-Z]+(?![a-z])|[A-Z]?[a-z]+|[^\W\d_]+")
_SEPARATOR = re.compile(r"=>?|:=?")
_QUOTED_COMMA = re.compile(r"['\"]\s*,\s*(?=['\"])")
_VALUE = re.compile(
    r"\"(?:[^\"\\\n]|\\.){0,512}\"|'(?:[^'\\\n]|\\.){0,512}'|`[^`\n]{0,512}`"
    r"|\{(?:[^}\n]|\}\}){0,512}\}"  # an ODBC braced value, "}}" inside it: PWD={se;cr}}et}
    r"|[^\s,;&'\"`)\]}]{1,512}"
)
_KEY_CHARS = frozenset("_.-")
_PLACEHOLDER = re.compile(r"(?i)\$\{?\w+\}?|<[^>]*>|\{\{[^}]*\}\}|%\w+%|\*+|x{3,}|\.{3}|…|your[-_ ].*|changeme|none|null|nil")
_NOT_A_VALUE = frozenset("true false yes no on off empty required optional hidden redacted secret example".split())
_CALL = re.compile(r"[A-Za-z_][\w.]*\(.*|(?:process\.env|os\.environ|settings|config|env)[.\[].*")


def _key_parts(key: str) -> list[str]:
    return [p.casefold() for p in _KEY_PART.findall(key.strip("\"'"))]


@cache
def _secret_names() -> frozenset[str]:
    return _vocabulary("password_key_words") | _vocabulary("secret_key_words")


@cache
def _stems() -> tuple[str, ...]:
    """The first four letters of each secret's name: a key without one of them names no secret (one search)."""
    return tuple({name[:4] for name in _secret_names()})


@cache
def _stem_pattern() -> re.Pattern[str]:
    return re.compile("|".join(map(re.escape, sorted(_stems()))))


def _names_a_secret(key: str) -> bool:
    if not _stem_pattern().search(key.casefold()):
        return False
    parts = _key_parts(key)
    if not (any(p in _secret_names() for p in parts) or "".join(parts) in _secret_names()):
        return False
    return not any(p in _vocabulary("setting_words") for p in parts)


def _secret_value(key: str, value: str, *, in_url: bool = False) -> bool:
    """A value, not a reference to one: not a placeholder, a boolean, a call or an environment lookup.

    After a password's name any word is the password ("DB_PASSWORD=admin"); after "token" or
    "key" the value must read as one (a digit, mixed case or a symbol, 6+ characters), so
    "token_type: bearer" and "key: practice" stay.
    """
    bare = value.strip("\"'`").strip()
    if not bare or bare.startswith("[redacted:") or _PLACEHOLDER.fullmatch(bare) or bare.casefold() in _NOT_A_VALUE:
        return False
    if "…" in bare or "..." in bare:
        return False  # elided in a guide: "LLM_API_KEY=sk-…your key…"
    if not in_url and value[:1] not in "\"'`" and _CALL.fullmatch(bare):
        return False
    parts = _key_parts(key)
    if any(p in _vocabulary("password_key_words") for p in [*parts, "".join(parts)]):
        return len(bare) >= (4 if bare.isdigit() else 3)
    if len(bare) < 6 or (bare.isdigit() and len(bare) < 7):
        return False
    if "://" in bare or credential_like(bare):
        return True
    if " " in bare:  # a quoted salt or key may hold spaces ("MW1pxMctoyA(>M%0Vl 2(#o0|…"); a sentence does not read as one
        if value[:1] not in "\"'`" or len(bare) < 16:
            return False
        bare = bare.replace(" ", "")
    has_digit = any(c.isdigit() for c in bare)
    mixed = any(c.isupper() for c in bare[1:]) and any(c.islower() for c in bare)
    symbol = any(not c.isalnum() and c not in "-_." for c in bare)
    return has_digit or mixed or symbol


def _key_before(text: str, end: int) -> str:
    """The key name that ends at ``end`` (spaces before the separator skipped): a word with ``_.-``, or quoted."""
    while end > 0 and text[end - 1] in " \t":
        end -= 1
    if end and text[end - 1] in "\"'":
        opened = text.rfind(text[end - 1], max(0, end - 62), end - 1)
        return text[opened:end] if opened != -1 else ""
    start = end
    while start > 0 and end - start < 61 and (text[start - 1].isalnum() or text[start - 1] in _KEY_CHARS):
        start -= 1
    return text[start:end]


def _prose_colon(text: str, key: str, at: int) -> bool:
    """ "a password: anyone with it controls the bot" is a sentence; ``password: hunter2`` opening a line, or
    ``db_password:``/``apiKey:`` anywhere, is configuration. (The password rules read the sentence form.)"""
    if key[0] in "\"'" or any(c in key for c in "_.-") or any(c.isupper() for c in key[1:]):
        return False
    before = text[: at - len(key)].rstrip(" \t")
    return bool(before) and before[-1] not in "\n{,;([-*>`"


def _config_spans(text: str) -> Iterable[Span]:
    """``key=value`` pairs found from their separator: the key is read backwards (a set lookup), the value only
    after a key that names a secret, so a paragraph with a few colons costs a few character steps."""
    separators = list(_SEPARATOR.finditer(text))
    if "'," in text or '",' in text or "' ," in text:
        separators += _QUOTED_COMMA.finditer(text)  # define('DB_PASSWORD', 'admin')
        separators.sort(key=lambda found: found.start())
    covered = 0
    for separator in separators:
        if separator.start() < covered:
            continue  # inside the value just redacted ("password=a=b")
        mark = separator.group()
        key = _key_before(text, separator.start() + (1 if mark[0] in "\"'" else 0))
        if not key or not _names_a_secret(key) or (mark == ":" and _prose_colon(text, key, separator.start())):
            continue
        position = separator.end()
        while position < len(text) and text[position] in " \t":
            position += 1
        value = _VALUE.match(text, position)
        if value is None or not _secret_value(key, value.group()):
            continue
        start, end = value.span()
        if value.group()[:1] in "\"'`" and end - start >= 2:
            start, end = start + 1, end - 1
        covered = value.end()
        yield start, end, "config"


# --- runs without spaces

_CHUNK = re.compile(r"[^\s\"'`<>()\[\]{}|,;]{8,}")
_DIGIT_TAIL = re.compile(r"\d\S*")
_PART = re.compile(r"(?:[^:=]|=+(?=$|:))+")
"""A run is judged between its ``:`` and ``=`` (a base64 value's padding stays with it): the password
field of a ``.pgpass`` line ``localhost:5432:db:user:yIjz…``, the value of ``APP_KEY=base64:…``."""


def _runs_with_a_digit(text: str) -> Iterable[tuple[int, int]]:
    """Runs without spaces of 10+ characters holding a digit (every credential shape has one), found from their
    first digit: a paragraph of words costs one scan for digits, not one attempt per word."""
    last_end = -1
    for digit in _DIGIT_TAIL.finditer(text):
        if digit.start() < last_end:
            continue
        start = digit.start()
        while start > 0 and not text[start - 1].isspace():
            start -= 1
        last_end = digit.end()
        if last_end - start >= SHORTEST_RUN:
            yield start, last_end


def _token_spans(text: str, skip: list[tuple[int, int]]) -> Iterable[Span]:
    for run_start, run_end in _runs_with_a_digit(text):
        if _inside_any(skip, run_start, run_end):
            continue
        for chunk in _CHUNK.finditer(text, run_start, run_end):
            for part in _PART.finditer(chunk.group()):
                token = part.group().lstrip(_TRIM)
                start = chunk.start() + part.end() - len(token)
                token = token.rstrip("*~\"'`“”«».,;:?")
                if len(token) < SHORTEST_RUN or token.startswith(("#", "$", "!", "/", "\\")) or not any(map(str.isdigit, token)):
                    continue
                if credential_like(token, text[max(0, start - 24) : start]):
                    yield start, start + len(token), "credential"
        if "-" in text[run_start:run_end]:
            for match in _PRODUCT_KEY.finditer(text, run_start, run_end):
                groups = match.group().split("-")
                if sum(map(_mixed_group, groups)) * 2 >= len(groups):
                    yield match.start(), match.end(), "credential"


# --- long numbers (kept fields only)

_NUMBER = re.compile(r"\d(?:[ -]?\d){6,}")
_LETTER_PREFIX = re.compile(r"(?<![\w-])[A-Za-z]{1,4}-$")
_NOT_BEFORE = frozenset("_.,/:#@<&+")
_NOT_AFTER = frozenset("_/@>")
_WORD_BEFORE = re.compile(r"([^\W\d_][\w-]*)\W{0,3}$")
_WORD_AFTER = re.compile(r"^ ?([^\W\d_][\w-]*|[$€£¥₽₹%])")
_DATE = re.compile(
    r"(?:19|20)\d\d(?:-?(?:0[1-9]|1[0-2])-?(?:0[1-9]|[12]\d|3[01]))"
    r"|(?:0[1-9]|[12]\d|3[01])-(?:0[1-9]|1[0-2])-(?:19|20)\d\d"
)
_YEARS = re.compile(r"(?:(?:19|20)\d\d[ -]?)+")
_THOUSANDS = re.compile(r"\d{1,3}(?: \d{3})+")


def _sequential(digits: str) -> bool:
    """Placeholder digits (1234567, 9876543, 0000000): no one's code, and no information in them."""
    steps = {(int(b) - int(a)) % 10 for a, b in pairwise(digits)}
    return len(steps) == 1


def _a_quantity_or_reference(text: str, start: int, end: int, prefix: str) -> bool:
    number = text[start:end]
    compact = number.replace(" ", "").replace("-", "")
    if 17 <= len(compact) <= 20 and compact == number and not prefix and text[start - 1 : start] != "-":
        return True  # a Discord snowflake
    if _sequential(compact) or _DATE.fullmatch(number) or _YEARS.fullmatch(number) or _THOUSANDS.fullmatch(number):
        return True
    if any(len(group) < 3 for group in re.split(r"[ -]", number)[1:-1]):
        return True  # "978-3-16-148410-0", "2024 - 3 - 1": not how codes are grouped
    opening = start - len(prefix)
    before = _WORD_BEFORE.search(text[max(0, opening - 24) : opening])
    after = _WORD_AFTER.search(text[end : end + 24])
    words = {w.casefold() for w in (before and before.group(1), after and after.group(1), prefix[:-1]) if w}
    if after and not _word_char(after.group(1)[0]):
        words.add(after.group(1)[0])  # a CJK counter: "1250000点でした", "3000000원"
    if words & (_vocabulary("quantity_words") | _vocabulary("reference_words")):
        return True
    return bool(after and after.group(1) in "$€£¥₽₹%") or (opening > 0 and text[opening - 1] in "$€£¥")


def _word_char(char: str) -> bool:
    return char.isalnum() and (char.isascii() or unicodedata.east_asian_width(char) not in "WF")


def _number_spans(text: str, skip: list[tuple[int, int]]) -> Iterable[Span]:
    for match in _NUMBER.finditer(text):
        start, end = match.span()
        before, after = text[start - 1 : start], text[end : end + 2]
        # Glued to a Latin letter or digit it is part of a word ("RTX4090…", "1Z999AA1012…"); Japanese and Chinese
        # write numbers against their words ("電話番号は090-1234-5678です"), so a CJK neighbour is a boundary.
        if _word_char(before) or before in _NOT_BEFORE or _word_char(after[:1]) or after[:1] in _NOT_AFTER:
            continue
        if after[:1] in ".,:" and after[1:].isdigit():
            continue  # a decimal, a thousands group, a time
        prefix = ""
        if before == "-":
            letters = _LETTER_PREFIX.search(text, max(0, start - 5), start)
            if letters is None:
                continue  # "-4172…" (a negative seed), "x-1234567"
            prefix = letters.group()
        if _inside_any(skip, start, end) or _a_quantity_or_reference(text, start, end, prefix):
            continue
        yield start - len(prefix), end, "number"


# --- passwords on a command line, and password files

_COMMAND_LINE = re.compile(
    r"(?i)(?:\b(?:mysql|mysqldump|mysqladmin|mariadb|mariadb-dump)\b[^\n]*?(?<=\s)-p(?P<glued>[^\s'\"-][^\s'\"]*)"
    r"|\bsshpass\s+-p\s*(?P<sshpass>[^\s'\"]+)"
    r"|\bredis-cli\b[^\n]*?\s-a\s+(?P<redis>[^\s'\"]+)"
    r"|\b(?:curl|wget)\b[^\n]*?\s(?:-u|--user|--http-user)[\s=]+['\"]?[^:\s'\"]+:(?P<basic>[^\s'\"]+))"
)
"""The password a command takes as an argument ("mysql -u root -pS3cret", "sshpass -p X", "curl -u me:X"): the
tools' own documented forms, where no word says "password"."""
_PASSWORD_FILE_LINE = re.compile(r"(?m)^[ \t`]*[^:\s`]+:(?:\d{1,5}|\*):[^:\s]+:[^:\s]+:(?P<secret>[^:\s`]+)[ \t`]*$")
"""A line of PostgreSQL's password file (~/.pgpass): host:port:database:user:password."""


_CASE_BLIND_AS_ASCII = str.maketrans({"ſ": "s", "ı": "i", "\u0307": None})
"""What else a case-blind regex reads as an ASCII letter of a command's name (long s, dotless i, the dot of İ)."""


def _names_a_command(lowered: str) -> bool:
    """Whether the line (lower-cased) may name one of :data:`_COMMAND_HINTS`: every command of :data:`_COMMAND_LINE`
    holds one, and without one its case-blind scan of the whole line finds nothing."""
    readable = lowered if lowered.isascii() else lowered.translate(_CASE_BLIND_AS_ASCII)
    return any(name in readable for name in _COMMAND_HINTS)


def _command_line_spans(text: str, lowered: str) -> Iterable[Span]:
    for match in _COMMAND_LINE.finditer(text) if _names_a_command(lowered) else ():
        group = next(name for name in ("glued", "sshpass", "redis", "basic") if match.group(name) is not None)
        if not _PLACEHOLDER.fullmatch(match.group(group)):  # "-u $USER:$TOKEN" names a value, it is not one
            yield match.start(group), match.end(group), "credential"
    if text.count(":") >= 4:
        for match in _PASSWORD_FILE_LINE.finditer(text):
            yield match.start("secret"), match.end("secret"), "credential"


_COMMAND_HINTS = ("mysql", "mariadb", "sshpass", "redis-cli", "curl", "wget")

_SECRET_NAME = r"(?:password|passwd|passphrase|pwd|secret|token|apikey|api[_-]?key|access[_-]?key|private[_-]?key|credential)"
_PASSWORD_FLAG = re.compile(
    r"(?<![\w-])(?:-(?:p|P|w|W|pw|pass|pwd)|--(?:[\w-]*"
    + _SECRET_NAME
    + r"[\w-]*|pass)|/p(?:assword)?:)(?:[ \t]*=[ \t]*|[ \t]+|(?<=:))"
    r"['\"]?(?P<secret>[^\s'\"`]{6,})"
    r"|(?<![\w-])-{1,2}u(?:ser)?[ \t=]+['\"]?[^\s,:'\"`/]+[,:](?P<pair>[^\s'\"`]{4,})"
)
"""A password given to a command by a flag, whatever the tool ("sqlcmd -U sa -P DCZYy…", "ldapsearch -w rHN…",
"mosquitto_pub -P …", "lftp -u uploader,vXz…", "--db-password=…"): the flags' letters are the tools' own, so the
value must also look generated (letters and digits mixed, no path, no variable) for a short flag."""
_MARKUP_SECRET = re.compile(
    r"(?i)<(?P<tag>[\w:.-]*" + _SECRET_NAME + r"[\w.-]*)(?:\s[^>]*)?>\s*(?P<secret>[^<\s]{4,})\s*</(?P=tag)>"
    r"|(?:key|name)\s*=\s*[\"'][^\"']*" + _SECRET_NAME + r"[^\"']*[\"']\s+value\s*=\s*[\"'](?P<attribute>[^\"']{4,})[\"']"
)
"""A secret in markup ("<password>…</password>" in Maven's settings.xml, "<add key=\"ClearTextPassword\" value=\"…\"/>"
in NuGet.Config): the element or attribute names it, in any tool's format."""


def _generated(value: str) -> bool:
    """A flag's value that reads as a credential: letters and digits mixed, or mixed case, not a path or a variable."""
    if value[0] in "$<{%" or "/" in value or "\\" in value or value.startswith("-"):
        return False
    letters = sum(c.isalpha() for c in value)
    digits = sum(c.isdigit() for c in value)
    mixed_case = any(c.isupper() for c in value) and any(c.islower() for c in value)
    return letters >= 3 and (digits >= 1 or mixed_case) and not value.replace(".", "").isdigit()


def _flag_and_markup_spans(text: str) -> Iterable[Span]:
    if "-" in text or "/p" in text:
        for match in _PASSWORD_FLAG.finditer(text):
            group = "secret" if match.group("secret") is not None else "pair"
            value = match.group(group).rstrip(",;)")
            if _generated(value) and not _PLACEHOLDER.fullmatch(value):
                yield match.start(group), match.start(group) + len(value), "credential"
    if "<" in text or "value" in text:
        for match in _MARKUP_SECRET.finditer(text):
            group = "secret" if match.group("secret") is not None else "attribute"
            if not _PLACEHOLDER.fullmatch(match.group(group)):
                yield match.start(group), match.end(group), "config"


# --- the entry point

_SEVEN_DIGITS = re.compile(r"\d(?:[ -]?\d){6}")


def value_spans(text: str, *, kept: bool) -> list[Span]:
    """Spans of ``text`` that carry a value, with their kind; ``kept``: the line is kept (memory, profile, note,
    topic, slot key), where a long number is a value too. Spans never overlap; placeholders are never inside one."""
    paired = "=" in text or ":" in text or "'," in text or '",' in text
    has_digit = _DIGIT.search(text) is not None
    if len(text) < 7 or not (paired or has_digit):
        return []  # most chat: every shape but a config pair holds a digit, and a pair or a link needs = or :
    found: list[Span] = []
    urls: list[tuple[int, int]] = []
    if "://" in text:
        for url in _urls(text):
            urls.append(url.span())
            found.extend(_url_spans(url.group(), url.start()))
    if paired:
        found.extend(_config_spans(text))
    lowered = text.lower() if "-" in text or text.count(":") >= 4 else ""
    if lowered and (text.count(":") >= 4 or any(hint in lowered for hint in _COMMAND_HINTS)):
        found.extend(_command_line_spans(text, lowered))
    found.extend(_flag_and_markup_spans(text))
    if has_digit:
        found.extend(_token_spans(text, urls))
        if kept and _SEVEN_DIGITS.search(text):
            found.extend(_number_spans(text, urls))
    return _outermost(found, text)


def _outermost(found: list[Span], text: str) -> list[Span]:
    """One span where several overlap (a config value that is also credential-like is reported once, as config)."""
    kept: list[Span] = []
    for span in sorted(found, key=lambda s: (s[0], -s[1])):
        if "[redacted:" in text[span[0] : span[1]]:
            continue
        if kept and span[0] < kept[-1][1]:
            last = kept[-1]
            kept[-1] = (last[0], max(last[1], span[1]), last[2])
        else:
            kept.append(span)
    return kept


def _inside_any(spans: list[tuple[int, int]], start: int, end: int) -> bool:
    """Whether ``start:end`` overlaps one of ``spans`` (sorted, not overlapping each other: the links of a text)."""
    index = bisect_left(spans, (end, end))
    return index > 0 and spans[index - 1][1] > start


def with_value_spans(found: list[Span], text: str, *, kept: bool, secret_kinds: frozenset[str]) -> list[Span]:
    """``found`` (the rules' spans) with this module's added where no rule saw anything.

    A rule's span keeps its own kind ("+49 151 …" stays a phone, not a number), except that a
    credential wins over a contact detail it overlaps: ``postgres://app:S3cr3t@db.internal``
    reads as an e-mail address to the contact rule, and a line kept around the password would
    not be refused. The two spans become one, with the credential's kind.
    """
    added = value_spans(text, kept=kept)
    if not added:
        return found
    rules = sorted(found)
    starts = [span[0] for span in rules]
    reach: list[int] = []  # the furthest end among the rules' spans up to each one: a sweep stops where nothing reaches
    for span in rules:
        reach.append(max(span[1], reach[-1] if reach else 0))
    dropped: set[int] = set()
    combined: list[Span] = []
    for span in added:
        overlapping = []
        index = bisect_left(starts, span[1]) - 1
        while index >= 0 and reach[index] > span[0]:
            if rules[index][1] > span[0]:
                overlapping.append(index)
            index -= 1
        if not overlapping:
            combined.append(span)
        elif span[2] in secret_kinds and not any(rules[i][2] in secret_kinds for i in overlapping):
            dropped.update(overlapping)
            first = min(span[0], *(rules[i][0] for i in overlapping))
            combined.append((first, max(span[1], *(rules[i][1] for i in overlapping)), span[2]))
    return [span for i, span in enumerate(rules) if i not in dropped] + combined
