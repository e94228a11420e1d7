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
not the symbols that make a run read as generated), URLs without credentials.

Most chat lines cost a few ``in`` checks: the regexes run only on a line that has a run of
10+ characters, a ``://``, a ``=``/``:`` next to a secret's name or (kept) 7 digits.
"""

from __future__ import annotations

import json
import math
import re
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


_WEAK_SYMBOLS = frozenset("-_.'’/\\:@,")
"""Symbols ordinary names and words carry (gamertags, paths, handles); the others make a run read as generated."""
_WORDLIKE = re.compile(r"[A-Z]?[a-z]{3,}|[A-Z]{4,}")


def _class(char: str) -> int:
    if char.islower():
        return 0
    if char.isupper():
        return 1
    if char.isdigit():
        return 2
    return 3


def _switches(token: str) -> float:
    """How often the character class changes from one character to the next (random runs change often)."""
    classes = [_class(c) for c in token]
    return sum(a != b for a, b in pairwise(classes)) / max(1, len(token) - 1)


def _wordiness(token: str) -> float:
    """The share of a run made of word-like pieces ("Speed", "Runner", "NOOB"): words are written, keys generated."""
    return sum(len(m) for m in _WORDLIKE.findall(token)) / len(token)


_HEX = frozenset("0123456789abcdefABCDEF")
_BASE32 = re.compile(r"[A-Z2-7]{16,}={0,6}")
_BASE64_PADDED = re.compile(r"[A-Za-z0-9+/]{14,}={1,2}")
_DISCORD_TAG = re.compile(r"[^#]{2,32}#\d{4}")
_PRODUCT_KEY = re.compile(r"(?<![\w-])[A-Z0-9]{4,6}(?:-[A-Z0-9]{4,6}){2,7}(?![\w-])")


def _mixed_group(group: str) -> bool:
    return any(c.isdigit() for c in group) and any(c.isalpha() for c in group)


def _symbol_password(token: str) -> bool:
    """A short run of all four classes with a symbol inside it and no word in it: "9fQ!x2Lm#Tz", not "Summer2024!"."""
    if not 10 <= len(token) <= 64 or "://" in token or _DISCORD_TAG.fullmatch(token):
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
    lower, upper, digit = (any(f(c) for c in piece) for f in (str.islower, str.isupper, str.isdigit))
    if not digit or not (lower or upper):
        return False
    if all(c in _HEX for c in piece):
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
    if _symbol_password(token):
        return True
    if _BASE64_PADDED.fullmatch(token) and any(c.isdigit() for c in token):
        body = token.rstrip("=")
        return any(c.islower() for c in body) and any(c.isupper() for c in body) and entropy(body) >= 2.5
    return any(_random_run(p, before, shortest) for p in _PIECES.findall(token))


# --- URLs

_URL = re.compile(r"(?i)\b[a-z][a-z0-9+.-]{1,15}://[^\s<>\"'`|]+")
_USERINFO = re.compile(r"(?i)[a-z][a-z0-9+.-]{1,15}://(?P<info>[^/\s]*)@[^@/\s]")
_QUERY = re.compile(r"[?&;#](?P<key>[^=&#;\s/?]{1,60})=(?P<value>[^&#;\s]*)")
_PATH_SEGMENT = re.compile(r"(?<=/)[^/?#\s]{32,}")
"""A content id in a link (a track, a video: 11-22 characters) is shorter than a reset or invite key."""


def _url_spans(url: str, offset: int) -> Iterable[Span]:
    info = _USERINFO.match(url)
    if info and info.group("info") and (":" in info.group("info") or credential_like(info.group("info"))):
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
_CONFIG = re.compile(
    r"(?P<key>(?<![\w.-])[^\W\d][\w.-]{0,60}|\"[^\"\n]{1,60}\"|'[^'\n]{1,60}')"
    r"(?:\s*(?:=>|:=|=|:)\s*|['\"]?\s*,\s*(?=['\"]))"
    r"(?P<value>\"(?:[^\"\\\n]|\\.)*\"|'(?:[^'\\\n]|\\.)*'|`[^`\n]*`|[^\s,;&'\"`)\]}]+)"
)
_STEMS = ("pass", "pwd", "pw", "secret", "token", "key", "auth", "cred", "dsn", "conn", "salt", "sig", "cookie",
          "session", "sid", "bearer", "jwt", "otp", "hmac", "sas", "webhook", "mdp", "wort", "contras", "senha",
          "wachtwoord", "has", "пароль", "parol", "şifre", "sifre", "lösen", "losen", "salasana", "heslo", "jelsz")  # fmt: skip
_PLACEHOLDER = re.compile(r"(?i)\$\{?\w+\}?|<[^>]*>|\{\{[^}]*\}\}|%\w+%|\*+|x{3,}|\.{3}|…|your[-_ ].*|changeme|none|null|nil")
_NOT_A_VALUE = frozenset("true false yes no on off empty required optional hidden redacted secret example".split())
_CALL = re.compile(r"[A-Za-z_][\w.]*\(.*|(?:process\.env|os\.environ|settings|config|env)[.\[].*")


def _key_parts(key: str) -> list[str]:
    return [p.casefold() for p in _KEY_PART.findall(key.strip("\"'"))]


def _names_a_secret(key: str) -> bool:
    parts = _key_parts(key)
    joined = "".join(parts)
    secret = _vocabulary("password_key_words") | _vocabulary("secret_key_words")
    if not (any(p in secret for p in parts) or joined in secret):
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


def _config_spans(text: str) -> Iterable[Span]:
    position = 0
    while match := _CONFIG.search(text, position):
        key, value = match.group("key"), match.group("value")
        if not (_names_a_secret(key) and _secret_value(key, value)):
            position = match.start("value")  # "config: admin_pwd=…": the value may hold the next pair
            continue
        start, end = match.span("value")
        if value[:1] in "\"'`" and len(value) >= 2:
            start, end = start + 1, end - 1
        yield start, end, "config"
        position = match.end()


# --- runs without spaces

_CHUNK = re.compile(r"[^\s\"'`<>()\[\]{}|,;]{10,}")
_KEY_PREFIX = re.compile(r"[^\W\d][\w.-]{0,60}?(?:=|:)+")


def _token_spans(text: str, skip: list[tuple[int, int]]) -> Iterable[Span]:
    for chunk in _CHUNK.finditer(text):
        start, end = chunk.span()
        if any(s < end and start < e for s, e in skip):
            continue
        token = chunk.group()
        prefix = _KEY_PREFIX.match(token)
        if prefix and prefix.end() < len(token) - 9:  # "APP_KEY=base64:…": judge the value, not the key
            start += prefix.end()
            token = token[prefix.end() :]
        stripped = token.lstrip(_TRIM)
        start += len(token) - len(stripped)
        token = stripped.rstrip("*~\"'`“”«».,;:?")
        if token.startswith(("#", "@", "$", "!", "/", "\\")) or len(token) < 10:
            continue
        if credential_like(token, text[max(0, start - 24) : start]):
            yield start, start + len(token), "credential"
    for match in _PRODUCT_KEY.finditer(text):
        groups = match.group().split("-")
        if sum(map(_mixed_group, groups)) * 2 >= len(groups) and not any(s < match.end() and match.start() < e for s, e in skip):
            yield match.start(), match.end(), "credential"


# --- long numbers (kept fields only)

_NUMBER = re.compile(r"(?<![\w.,/:#@<&+-])(?:(?P<prefix>[A-Za-z]{1,4})-)?(?P<digits>\d(?:[ -]?\d){6,})(?![\w/@>]|[.,:]\d)")
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


def _a_quantity_or_reference(text: str, match: re.Match[str]) -> bool:
    number = match.group("digits")
    compact = number.replace(" ", "").replace("-", "")
    if 17 <= len(compact) <= 20 and compact == number and text[match.start() - 1 : match.start()] != "-":
        return True  # a Discord snowflake
    if _sequential(compact) or _DATE.fullmatch(number) or _YEARS.fullmatch(number) or _THOUSANDS.fullmatch(number):
        return True
    if any(len(group) < 3 for group in re.split(r"[ -]", number)[1:-1]):
        return True  # "978-3-16-148410-0", "2024 - 3 - 1": not how codes are grouped
    before = _WORD_BEFORE.search(text[max(0, match.start() - 24) : match.start()])
    after = _WORD_AFTER.search(text[match.end() : match.end() + 24])
    prefix = (match.group("prefix") or "").casefold()
    words = {w.casefold() for w in (before and before.group(1), after and after.group(1), prefix) if w}
    if words & (_vocabulary("quantity_words") | _vocabulary("reference_words")) or prefix in _vocabulary("reference_words"):
        return True
    return bool(after and after.group(1) in "$€£¥₽₹%") or text[max(0, match.start() - 1) : match.start()] in "$€£¥"


def _number_spans(text: str, skip: list[tuple[int, int]]) -> Iterable[Span]:
    for match in _NUMBER.finditer(text):
        start, end = match.span()
        if any(s < end and start < e for s, e in skip) or _a_quantity_or_reference(text, match):
            continue
        yield start, end, "number"


# --- the entry point

_LONG_RUN = re.compile(r"\S{10,}")
_SEVEN_DIGITS = re.compile(r"\d(?:[ -]?\d){6}")


def value_spans(text: str, *, kept: bool) -> list[Span]:
    """Spans of ``text`` that carry a value, with their kind; ``kept``: the line is kept (memory, profile, note,
    topic, slot key), where a long number is a value too. Spans never overlap; placeholders are never inside one."""
    if len(text) < 7:
        return []
    found: list[Span] = []
    urls: list[tuple[int, int]] = []
    if "://" in text:
        for url in _URL.finditer(text):
            urls.append(url.span())
            found.extend(_url_spans(url.group(), url.start()))
    if ("=" in text or ":" in text or "," in text) and any(stem in text.casefold() for stem in _STEMS):
        found.extend(_config_spans(text))
    if _LONG_RUN.search(text):
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


def with_value_spans(found: list[Span], text: str, *, kept: bool, secret_kinds: frozenset[str]) -> list[Span]:
    """``found`` (the rules' spans) with this module's added where no rule saw anything.

    A rule's span keeps its own kind ("+49 151 …" stays a phone, not a number), except that a
    credential wins over a contact detail it overlaps: ``postgres://app:S3cr3t@db.internal``
    reads as an e-mail address to the contact rule, and a line kept around the password would
    not be refused. The two spans become one, with the credential's kind.
    """
    combined = list(found)
    for span in value_spans(text, kept=kept):
        overlapping = [o for o in combined if o[0] < span[1] and span[0] < o[1]]
        if not overlapping:
            combined.append(span)
        elif span[2] in secret_kinds and not any(o[2] in secret_kinds for o in overlapping):
            combined = [o for o in combined if o not in overlapping]
            combined.append((min(span[0], *(o[0] for o in overlapping)), max(span[1], *(o[1] for o in overlapping)), span[2]))
    return combined
