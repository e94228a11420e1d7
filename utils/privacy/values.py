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

import re
import unicodedata
from bisect import bisect_left
from collections.abc import Iterable, Iterator
from itertools import pairwise

from utils.privacy import config_blocks
from utils.privacy._secret_values import a_documented_pair
from utils.privacy._value_config import PLACEHOLDER, config_spans, links_in, url_spans
from utils.privacy._value_runs import DIGIT, Span, inside_any, token_spans, vocabulary
from utils.privacy.public_numbers import public_spans
from utils.privacy.unread_runs import unread_spans

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
_ROUND = re.compile(r"[1-9]0{3,}$")


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
    if _ROUND.search(compact):
        return True  # an amount ("1500000000 berries", "2000000金币"): no account number ends in 000 but by chance
    if any(len(group) < 3 for group in re.split(r"[ -]", number)[1:-1]):
        return True  # "978-3-16-148410-0", "2024 - 3 - 1": not how codes are grouped
    opening = start - len(prefix)
    before = _WORD_BEFORE.search(text[max(0, opening - 24) : opening])
    after = _WORD_AFTER.search(text[end : end + 24])
    words = {w.casefold() for w in (before and before.group(1), after and after.group(1), prefix[:-1]) if w}
    if after and not _word_char(after.group(1)[0]):
        words.add(after.group(1)[0])  # a CJK counter: "1250000点でした", "3000000원"
    if words & (vocabulary("quantity_words") | vocabulary("reference_words")):
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
        if inside_any(skip, start, end) or _a_quantity_or_reference(text, start, end, prefix):
            continue
        yield start - len(prefix), end, "number"


# --- passwords on a command line, and password files

_COMMAND_LINE = re.compile(
    r"(?i)(?:\b(?:mysql|mysqldump|mysqladmin|mariadb|mariadb-dump)\b[^\n]*?(?<=\s)-p(?P<glued>[^\s'\"-][^\s'\"]*)"
    r"|\bsshpass\s+-p\s*(?P<sshpass>[^\s'\"]+)"
    r"|\bredis-cli\b[^\n]*?\s-a\s+['\"]?(?P<redis>[^\s'\"]+)"
    r"|\bhtpasswd\b(?=[^\n]*\s-\w*b)(?:\s+-\w+)*\s+(?!-)\S+\s+(?!-)\S+\s+['\"]?(?P<htpasswd>[^\s'\"]+)"
    r"|\bnet\s+use\b[^\n]*?\s/user:\S+\s+['\"]?(?P<netuse>[^\s'\"*/][^\s'\"]*)"
    r"|\b(?:curl|wget)\b[^\n]*?\s(?:-u|--user|--http-user)[\s=]+['\"]?(?P<user>[^:\s'\"]+):(?P<basic>[^\s'\"]+))"
)
"""The password a command takes as an argument ("mysql -u root -pS3cret", "sshpass -p X", "curl -u me:X", "redis-cli -a
'X'", "htpasswd -b file user X", "net use Z: \\\\nas\\share /user:DOMAIN\\me X"): the tools' own documented forms, where
no word says "password"; "net use … /user:me *" asks for it."""
_COMMAND_VALUES = ("glued", "sshpass", "redis", "htpasswd", "netuse", "basic")
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
        group = next(name for name in _COMMAND_VALUES if match.group(name) is not None)
        value = match.group(group).rstrip("`")  # the code mark closing a command quoted in chat is not the value's
        if not PLACEHOLDER.fullmatch(value) and not a_documented_pair(match.group("user") or "", value):
            yield match.start(group), match.start(group) + len(value), "credential"  # "-u $USER:$TOKEN" names one
    if text.count(":") >= 4:
        line_start = 0
        for line in text.split("\n"):  # a password file's line is a line of its own: tried where one starts, alone
            entry = _PASSWORD_FILE_LINE.match(text, line_start) if line.count(":") >= 4 else None
            if entry is not None:
                yield entry.start("secret"), entry.end("secret"), "credential"
            line_start += len(line) + 1


_COMMAND_HINTS = ("mysql", "mariadb", "sshpass", "redis-cli", "curl", "wget", "htpasswd", "net use")

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


_FLAG_START = re.compile(r"[-/]")
"""Where a flag of :data:`_PASSWORD_FLAG` can start: its lookbehind keeps ``re`` from skipping there by itself."""


def _flag_matches(text: str) -> Iterator[re.Match[str]]:
    """What ``_PASSWORD_FLAG.finditer(text)`` finds, tried only at a ``-`` or ``/`` (every flag starts with one)."""
    taken_to = 0
    for start in (dash.start() for dash in _FLAG_START.finditer(text)):
        if start < taken_to:
            continue
        match = _PASSWORD_FLAG.match(text, start)
        if match is not None:
            yield match
            taken_to = max(match.end(), start + 1)


_TAG_START = re.compile("<")


def _markup_matches(text: str) -> Iterator[re.Match[str]]:
    """What ``_MARKUP_SECRET.finditer(text)`` finds. Without ``=`` no attribute pair can match, and every element
    starts with ``<``: it is tried there alone, not at every character (its alternatives start case-blind)."""
    if "=" in text:
        yield from _MARKUP_SECRET.finditer(text)
        return
    taken_to = 0
    for start in (tag.start() for tag in _TAG_START.finditer(text)):
        if start < taken_to:
            continue
        match = _MARKUP_SECRET.match(text, start)
        if match is not None:
            yield match
            taken_to = max(match.end(), start + 1)


def _flag_and_markup_spans(text: str) -> Iterable[Span]:
    if "-" in text or "/p" in text:
        for match in _flag_matches(text):
            group = "secret" if match.group("secret") is not None else "pair"
            value = match.group(group).rstrip(",;)")
            if _generated(value) and not PLACEHOLDER.fullmatch(value):
                yield match.start(group), match.start(group) + len(value), "credential"
    if "<" in text or "value" in text:
        for match in _markup_matches(text):
            group = "secret" if match.group("secret") is not None else "attribute"
            if not PLACEHOLDER.fullmatch(match.group(group)):
                yield match.start(group), match.end(group), "config"


# --- the entry point

_SEVEN_DIGITS = re.compile(r"\d(?:[ -]?\d){6}")


def value_spans(text: str, *, kept: bool) -> list[Span]:
    """Spans of ``text`` that carry a value, with their kind; ``kept``: the line is kept (memory, profile, note,
    topic, slot key), where a long number is a value too. Spans never overlap; placeholders are never inside one."""
    paired = "=" in text or ":" in text or "'," in text or '",' in text
    code = "`" in text
    has_digit = DIGIT.search(text) is not None
    if len(text) < 7:
        return []
    if not (paired or has_digit or code):  # most chat: every shape but these holds a digit, a pair or a link = or :
        return _outermost(unread_spans(text, has_digit=False), text)
    found: list[Span] = []
    urls: list[tuple[int, int]] = []
    if "://" in text:
        for url in links_in(text):
            urls.append(url.span())
            found.extend(url_spans(url.group(), url.start()))
    if paired:
        found.extend(config_spans(text))
    if code:
        found.extend(config_blocks.spans(text))
    lowered = text.lower() if "-" in text or "/" in text or text.count(":") >= 4 else ""  # a flag, "net use /user:"
    if lowered and (text.count(":") >= 4 or any(hint in lowered for hint in _COMMAND_HINTS)):
        found.extend(_command_line_spans(text, lowered))
    found.extend(_flag_and_markup_spans(text))
    found.extend(span for span in unread_spans(text, has_digit=has_digit) if not inside_any(urls, span[0], span[1]))
    if has_digit:
        found.extend(token_spans(text, urls))
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


def with_value_spans(
    found: list[Span], text: str, *, kept: bool, secret_kinds: frozenset[str], seen: list[Span] | None = None
) -> list[Span]:
    """``found`` (the rules' spans) with this module's added where no rule saw anything, and ``seen`` (the member's
    own values found again, :class:`~utils.privacy.screen.Seen`) beside them.

    Here every reader's numbers are together, so here a number the line names as a public reference (an ISIN, a
    barcode, an app or match id, a Unix time: :mod:`utils.privacy.public_numbers`) is let go, once for all of them,
    whichever reader found it; a value the member gave before is not let go by the words around it now.

    A rule's span keeps its own kind ("+49 151 …" stays a phone, not a number), except that a
    credential wins over a contact detail it overlaps: ``postgres://app:S3cr3t@db.internal``
    reads as an e-mail address to the contact rule, and a line kept around the password would
    not be refused. The two spans become one, with the credential's kind. A secret rule's span that starts a value
    found here and ends inside it (a keyword rule takes the first group of a recovery code, the value is all sixteen)
    grows to the value's end and keeps the rule's kind.
    """
    added = value_spans(text, kept=kept)
    public = public_spans(text, [*found, *added], kept=kept)
    if public:
        found, added = [span for span in found if span not in public], [span for span in added if span not in public]
    found = [*found, *seen] if seen else found
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
        elif span[2] in secret_kinds:
            first = min(rules[i][0] for i in overlapping)
            last = max(span[1], *(rules[i][1] for i in overlapping))
            secret_rules = [rules[i][2] for i in sorted(overlapping) if rules[i][2] in secret_kinds]
            if secret_rules and (span[0] < first or last == max(rules[i][1] for i in overlapping)):
                continue  # the rules' spans cover it, or say where the value starts (a key's name, a link's user)
            dropped.update(overlapping)
            combined.append((min(first, span[0]), last, secret_rules[0] if secret_rules else span[2]))
    return [span for i, span in enumerate(rules) if i not in dropped] + combined
