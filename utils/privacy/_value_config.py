"""Values named by their key (:mod:`utils.privacy.values`): a link with a credential or a token in it, and a
configuration line whose key names a secret (``DB_PASSWORD=…``, ``"apiKey": "…"``, ``…;Password=…;``)."""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from functools import cache

from utils.privacy._secret_values import a_documented_pair, a_placeholder
from utils.privacy._value_runs import Span, credential_like, vocabulary
from utils.privacy.secret_places import no_value_words

# --- URLs

_SCHEME = re.compile(r"(?i)(?<![a-z0-9+.-])[a-z][a-z0-9+.-]{1,15}$")
_URL_BODY = re.compile(r"[^\s<>\"'`|]+")
_USERINFO = re.compile(r"(?i)[a-z][a-z0-9+.-]{1,15}://(?P<info>[^/\s]*)@[^@/\s]")
_QUERY = re.compile(r"[?&;#](?P<key>[^=&#;\s/?]{1,60})=(?P<value>[^&#;\s]*)")
_PATH_SEGMENT = re.compile(r"(?<=/)[^/?#\s]{32,}")
"""A content id in a link (a track, a video: 11-22 characters) is shorter than a reset or invite key."""


def links_in(text: str) -> Iterable[re.Match[str]]:
    """Each ``scheme://…`` link, found from its ``://`` (a scheme-shaped regex tried at every word costs more)."""
    position = text.find("://")
    while position != -1:
        scheme = _SCHEME.search(text, max(0, position - 16), position)
        url = _URL_BODY.match(text, scheme.start()) if scheme else None
        if url and url.end() > position + 3:
            yield url
            position = max(position, url.end() - 3)  # the next link starts after this one
        position = text.find("://", position + 3)


def url_spans(url: str, offset: int) -> Iterable[Span]:
    info = _USERINFO.match(url)
    user, _, password = info.group("info").partition(":") if info else ("", "", "")
    if info and a_documented_pair(user, password):
        pass  # "postgresql://usuario:contraseña@localhost/midb": a guide's words where the user and password go
    elif info and ((password and not PLACEHOLDER.fullmatch(password)) or credential_like(info.group("info"))):
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
            if names_a_secret(param.group("key")) and secret_value(param.group("key"), value, in_url=True):
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
PLACEHOLDER = re.compile(r"(?i)\$\{?\w+\}?|<[^>]*>|\{\{[^}]*\}\}|%\w+%|\*+|x{3,}|\.{3}|…|your[-_ ].*|changeme|none|null|nil")
_NOT_A_VALUE = frozenset("true false yes no on off empty required optional hidden redacted secret example".split())
_CALL = re.compile(r"[A-Za-z_][\w.]*\(.*|(?:process\.env|os\.environ|settings|config|env)[.\[].*")


def _key_parts(key: str) -> list[str]:
    return [p.casefold() for p in _KEY_PART.findall(key.strip("\"'"))]


@cache
def _secret_names() -> frozenset[str]:
    return vocabulary("password_key_words") | vocabulary("secret_key_words") | vocabulary("secret_only_key_words")


@cache
def _stems() -> tuple[str, ...]:
    """The first four letters of each secret's name: a key without one of them names no secret (one search)."""
    return tuple({name[:4] for name in _secret_names()})


@cache
def _stem_pattern() -> re.Pattern[str]:
    return re.compile("|".join(map(re.escape, sorted(_stems()))))


def names_a_secret(key: str) -> bool:
    if not _stem_pattern().search(key.casefold()):
        return False
    parts = _key_parts(key)
    if not (any(p in _secret_names() for p in parts) or "".join(parts) in _secret_names()):
        return False
    return not any(p in vocabulary("setting_words") for p in parts)


_SECRET_ONLY_LEAST = 4
_ONE_LONG_WORD = 14


def secret_value(key: str, value: str, *, in_url: bool = False) -> bool:
    """A value, not a reference to one: not a placeholder, a boolean, a call or an environment lookup.

    After a password's name any word is the password ("DB_PASSWORD=admin"), and after a name that says secret and
    nothing else ("secret", "psk", "credentials") any word of four letters or more; after "token" or "key" the value
    must read as one (a digit, mixed case or a symbol, 6+ characters, or one word too long for a setting's), so
    "token_type: bearer" and "key: practice" stay.
    """
    bare = value.strip("\"'`").strip()
    if not bare or bare.startswith("[redacted:") or PLACEHOLDER.fullmatch(bare) or bare.casefold() in _NOT_A_VALUE:
        return False
    if bare.strip("()[]").casefold() in no_value_words() or a_placeholder(bare):
        return False  # "password: keins", "pass: (empty)": none; "TUA_PASSWORD", "[REDACTED]": one stands there
    if "…" in bare or "..." in bare:
        return False  # elided in a guide: "LLM_API_KEY=sk-…your key…"
    if not in_url and value[:1] not in "\"'`" and _CALL.fullmatch(bare):
        return False
    parts = _key_parts(key)
    if any(p in vocabulary("password_key_words") for p in [*parts, "".join(parts)]):
        return len(bare) >= (4 if bare.isdigit() else 3)
    if any(p in vocabulary("secret_only_key_words") for p in parts) and " " not in bare:
        return len(bare) >= _SECRET_ONLY_LEAST  # "secret=bluefinch": a key named a secret has no other kind of value
    if len(bare) < 6 or (bare.isdigit() and len(bare) < 7):
        return False
    if "://" in bare or credential_like(bare) or (len(bare) >= _ONE_LONG_WORD and bare.isalpha()):
        return True  # "x-auth-token: velvetcanyonriver": no setting's word is that long
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


_COMMAND_VALUES = (
    re.compile(r"(['\"])[^'\"\s:]{1,32}:(?P<value>[^'\"\n]{3,128})\1\s*\|\s*(?:sudo\s+)?chpasswd\b"),
    re.compile(r"(?i)\bConvertTo-SecureString\s+(?:-String\s+)?(['\"])(?P<value>[^'\"\n]{3,256})\1"),
    re.compile(r"\b(?:mysql|mysqldump|mariadb|mysqladmin)\b[^\n|;]*?\s-p(['\"]?)(?P<value>[^\s'\"]{3,128})\1(?!\S)"),
)
"""A password a command reads from its line, with no key before it: ``'user:pass' | chpasswd`` (a "#" or "!" in it
is the password's, not a comment), ``ConvertTo-SecureString 'pass'``, ``mysql -p'pass'``."""
_COMMAND_HINTS = ("chpasswd", "SecureString", "mysql", "mariadb")
_DIRECTIVE = re.compile(r"(?m)^[ \t]*(?P<key>[A-Za-z][\w.-]{2,40})[ \t]+(?P<value>\"[^\"\n]+\"|'[^'\n]+'|[^\s\"']+)[ \t]*$")
"""A configuration file's directive, its key and value alone on their line with a space between (``requirepass
Marigold#7720``, ``rcon_password "Gale#5520"``): the "#" or "!" inside is the value's, not a comment."""


def _command_value_spans(text: str) -> Iterable[Span]:
    for pattern in _COMMAND_VALUES:
        for found in pattern.finditer(text):
            if not PLACEHOLDER.fullmatch(found.group("value")):
                yield found.start("value"), found.end("value"), "config"


def _directives(text: str) -> Iterator[re.Match[str]]:
    """What ``_DIRECTIVE.finditer(text)`` finds: a directive is a whole line, so it is tried where a line starts
    alone, not at each character of a long one (where ``^`` fails)."""
    start = 0
    while True:
        found = _DIRECTIVE.match(text, start)
        if found is not None:
            yield found
        start = text.find("\n", start) + 1
        if not start:
            return


def _directive_spans(text: str) -> Iterable[Span]:
    for found in _directives(text):
        key, value = found.group("key"), found.group("value")
        if names_a_secret(key) and secret_value(key, value) and any(not c.isalpha() for c in value):
            start, end = found.span("value")
            yield (start + 1, end - 1, "config") if value[0] in "\"'" else (start, end, "config")


def config_spans(text: str) -> Iterable[Span]:
    """``key=value`` pairs found from their separator: the key is read backwards (a set lookup), the value only
    after a key that names a secret, so a paragraph with a few colons costs a few character steps."""
    if any(hint in text for hint in _COMMAND_HINTS):
        yield from _command_value_spans(text)
    yield from _directive_spans(text)
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
        if not key or not names_a_secret(key) or (mark == ":" and _prose_colon(text, key, separator.start())):
            continue
        position = separator.end()
        while position < len(text) and text[position] in " \t":
            position += 1
        value = _VALUE.match(text, position)
        if value is None or not secret_value(key, value.group()):
            continue
        start, end = value.span()
        if value.group()[:1] in "\"'`" and end - start >= 2:
            start, end = start + 1, end - 1
        covered = value.end()
        yield start, end, "config"
