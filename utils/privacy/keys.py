"""API keys, tokens, webhook URLs, private keys and long random strings.

Vendor shapes follow the prefixes each vendor documents (the plugin list of Yelp's
detect-secrets among them). detect-secrets itself was measured on the secrets table and
not used: tuned for source files (quoted assignments, file types), it found 10 of the
table's 32 key/token rows and 10 of 185 secrets overall, at ~120 µs a line against ~65 µs
for these rules, which find all 32. A long mixed-case base64-like run with high Shannon
entropy is redacted whatever its vendor.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Iterable, Iterator
from functools import lru_cache

from utils.privacy.rule import Rule, Span, words
from utils.privacy.vendors import PREFIXED

_B64 = r"[A-Za-z0-9+/=_-]"


def entropy(text: str) -> float:
    """Shannon entropy in bits per character."""
    counts = Counter(text)
    return -sum(n / len(text) * math.log2(n / len(text)) for n in counts.values())


_SLUG_WORD = re.compile(r"(?:^|(?<=[-/_]))[a-z]{1,12}(?=[-/_])")
_SLUG_WORDS = 4


def _random_looking(match: re.Match[str]) -> bool:
    """Mixed case and digits at high entropy; or lower-case letters and digits, longer, not only hex
    (a 40-character git commit hash or an MD5 in a bug report is not a key)."""
    token = match.group()
    if len(_SLUG_WORD.findall(token)) >= _SLUG_WORDS:
        return False  # a page's slug ("how-i-built-my-pc-3f9a1b2c4d5e"): words, not randomness
    lower, upper, digit = (any(map(f, token)) for f in (str.islower, str.isupper, str.isdigit))
    if lower and upper and digit:
        return entropy(token) >= 4.0
    hexish = all(c in "0123456789abcdefABCDEF" for c in token)
    return (lower or upper) and digit and not hexish and len(token) >= 32 and entropy(token) >= 4.2


def _hf_token(match: re.Match[str]) -> bool:
    """A Hugging Face token (34 random letters and digits), not ``hf_HubDownloadWithRetriesAndCache``."""
    body = match.group()[3:]
    return sum(c.isupper() for c in body) >= 6 and not _CAMEL.fullmatch(body)


_CAMEL = re.compile(r"(?:[A-Z][a-z]{2,}|[A-Z]{2,5}|\d+)+")

# Vendors whose keys have no fixed prefix: a vendor word, a few words, then a key-like token
# ("my cloudflare key: 4f9a…", "heroku = 01234567-89ab-…", "twitch token is 9x8y…").
VENDOR_WORDS = (
    "adafruit adobe airtable algolia alibaba asana atlassian confluence jira beamer bitbucket bittrex meraki "
    "cloudflare codecov cohere coinbase confluent contentful datadog dnkey discord droneci dropbox etsy facebook "
    "fastly finicity finnhub flickr freshbooks gitter gocardless heroku hubspot intercom jfrog artifactory kraken "
    "kucoin launchdarkly linear linkedin lob mailchimp mailgun mapbox mattermost messagebird netlify newrelic "
    "nytimes okta plaid privateai rapidapi sendbird sentry snyk sonar squarespace sumo telegram travis twitch "
    "twitter typeform yandex zendesk openai anthropic mistral groq replicate huggingface stripe twilio sendgrid "
    "shopify slack github gitlab steam aws azure gcp firebase supabase vercel render railway pinecone"
).split()


_UUID = r"[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}"
_VENDOR_SET = frozenset(VENDOR_WORDS)
_LETTERS = re.compile(r"[a-z]+")
_VENDOR_TAIL = (
    r"\b(?:[ \t\w.-]{0,30}?)(?:\s*(?:[:=]|=>|->)\s*|\s+(?:is|are|=|ist|est|es|è|é|jest|это)\s+|\s+)"
    r"[\"'`]?(?P<secret>" + _UUID + r"|[A-Za-z0-9][\w.=+/-]{12,200}[A-Za-z0-9=])(?![\w.+/=-])"
)


@lru_cache(maxsize=256)
def _vendor_rule(vendors: frozenset[str]) -> Rule:
    return Rule("api-key", re.compile(r"(?i)\b" + words(*vendors) + _VENDOR_TAIL), accept=_key_like, judged_by_its_text=True)


def vendor_spans(text: str, lowered: str, longest_token: int, words: str | None = None) -> Iterator[Span]:
    """A vendor word, then a key-like token. The words present are looked up in a set and only they
    go into the regex: an alternation of all 130 names cost ~1.7 ms on a 4,000-character message. ``words``:
    ``lowered``'s distinct words joined by spaces, when the caller has them (its runs of letters are theirs)."""
    if longest_token < 14:
        return
    present = _VENDOR_SET.intersection(_LETTERS.findall(lowered if words is None else words))
    if present:
        rule = _vendor_rule(frozenset(present))
        starts = _where_written(text, present)
        yield from rule.spans(text) if starts is None else rule.spans_from(text, starts)


_CASE_BLIND_AS_ASCII = str.maketrans({"ſ": "s", "ı": "i", "İ": "i", "\u212a": "k"})
"""The letters a case-blind regex reads as an ASCII one besides its two cases (long s, dotless i, dotted I, Kelvin)."""


def _where_written(text: str, vendors: Iterable[str]) -> list[int] | None:
    """Where a vendor's name may start in ``text`` as the case-blind rule reads it (a few places to try its
    regex at, rather than every position of a long post); None when lower-casing moved the positions."""
    odd = not text.isascii() and any(chr(code) in text for code in _CASE_BLIND_AS_ASCII)
    probe = (text.translate(_CASE_BLIND_AS_ASCII) if odd else text).lower()
    if len(probe) != len(text):
        return None
    starts = []
    for vendor in vendors:
        at = probe.find(vendor)
        while at != -1:
            starts.append(at)
            at = probe.find(vendor, at + 1)
    return sorted(starts)


_SHORTCUT = re.compile(r"(?i)(?:ctrl|control|shift|alt|altgr|cmd|command|option|opt|meta|win|super|fn|strg)\+")


def _a_key_value(match: re.Match[str]) -> bool:
    """After "key is"/"token:": a quoted value, or one mixing letters and digits, or a long unbroken run
    ("the key is patience" and "the key to winning is practice" stay)."""
    value = match.group("secret")
    if value[0] in "\"'":
        return True
    value = value.rstrip(".,;:!?)")
    if _SHORTCUT.match(value) or value.startswith(("http://", "https://")):
        return False  # "keybind = Ctrl+Shift+F12"; a link is not a key (its credentials are found as a link's)
    has_alpha, has_digit = any(c.isalpha() for c in value), any(c.isdigit() for c in value)
    return len(value) >= 6 and ((has_alpha and has_digit) or (len(value) >= 20 and entropy(value) >= 3.5))


_HANDLE = re.compile(r"(?:[A-Z]?[a-z]{2,}[-_.]){1,3}\d{1,4}")
"""A handle as players write theirs: words, then a number kept apart (a vendor's key is never words)."""


def _key_like(match: re.Match[str]) -> bool:
    """A token after a vendor word: a UUID, or 14+ characters mixing letters and digits."""
    token = match.group("secret")
    if re.fullmatch(_UUID, token):
        return True
    if _HANDLE.fullmatch(token):
        return False  # "add me on steam: Velvet-Tundra-42": words with their number apart are a player's name
    has_alpha, has_digit = any(c.isalpha() for c in token), any(c.isdigit() for c in token)
    return has_alpha and has_digit and len(token) >= 14 and entropy(token) >= 3.0


# The providers' fixed-prefix formats, one a line: (kind, pattern, needles, shortest token).
_PREFIXED: tuple[tuple[str, str, tuple[str, ...], int], ...] = (
    ("token", r"\beyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}", ("eyj",), 20),
    ("api-key", r"\bsk-(?:proj-|ant-(?:api\d\d-)?|svcacct-)?[A-Za-z0-9_-]{16,}", ("sk-",), 19),
    # "\b(?:sk|rk)_…" as re reads it fastest: from its first letter ("s" or "r", skipped to in C), then no word
    # character before that letter
    ("api-key", r"[sr](?<!\w[sr])k_(?:live|test)_[A-Za-z0-9]{10,}", ("k_live_", "k_test_"), 18),
    ("api-key", r"\bAIza[0-9A-Za-z_-]{30,}", ("aiza",), 34),
    ("api-key", r"\bnpm_[A-Za-z0-9]{30,}", ("npm_",), 34),
    ("api-key", r"\bglpat-[A-Za-z0-9_-]{20,}", ("glpat-",), 26),
    ("api-key", r"\bpypi-AgEIcHlwaS5vcmc[A-Za-z0-9_-]{20,}", ("pypi-",), 40),
    ("api-key", r"\bSG\.[A-Za-z0-9_-]{20,}\.[A-Za-z0-9_-]{20,}", ("sg.",), 45),
    ("api-key", r"\b(?:SK|AC)[0-9a-fA-F]{32}\b", ("sk", "ac"), 34),
    ("api-key", r"\b[0-9a-f]{32}-us\d{1,2}\b", ("-us",), 36),
    ("token", r"\b\d{8,10}:AA[A-Za-z0-9_-]{30,}", (":aa",), 40),
    ("token", r"\b[A-Za-z\d_-]{23,28}\.[A-Za-z\d_-]{6,7}\.[A-Za-z\d_-]{27,40}\b", (".",), 58),
    ("token", r"\bmfa\.[A-Za-z\d_-]{60,}", ("mfa.",), 64),
    ("api-key", r"\b(?:AKIA|ASIA|AGPA|AIDA|AROA)[0-9A-Z]{16}\b", ("akia", "asia", "agpa", "aida", "aroa"), 20),
    ("token", r"\bxox[abprse]-[A-Za-z0-9-]{10,}", ("xox",), 14),
)

RULES: tuple[Rule, ...] = (
    Rule(
        "private-key",
        re.compile(
            r"-----BEGIN[A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----(?:.*?-----END[A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----|.*)",
            re.DOTALL,
        ),
        ("private key",),
    ),
    Rule(
        "private-key",
        re.compile(r"(?<![\w+/])(?:MII[A-Za-z0-9+/]{20,}={0,2}|b3BlbnNzaC1rZXktdjE[A-Za-z0-9+/]*={0,2})"),
        ("mii", "b3blbnnzac1rzxktdje"),
        min_token=23,
    ),
    Rule("token", re.compile(r"(?i)\bPuTTY-User-Key-File-\d:.*", re.DOTALL), ("putty",)),
    Rule(
        "webhook",
        re.compile(r"(?:https?://)?hooks\.slack\.com/(?:services|workflows|triggers)/[A-Za-z0-9/+_-]+"),
        ("hooks.slack",),
        min_token=40,
    ),
    Rule(  # Microsoft Teams incoming webhooks (Office 365 connectors and the newer Power Automate ones)
        "webhook",
        re.compile(
            r"(?i)(?:https?://)?[a-z0-9-]+\.(?:webhook\.office\.com/webhookb2|logic\.azure\.com(?::\d+)?/workflows)/[^\s\"'<>]{20,}"
        ),
        ("webhook.office", "logic.azure"),
        min_token=40,
    ),
    Rule(
        "webhook",
        re.compile(r"https?://(?:(?:ptb|canary)\.)?discord(?:app)?\.com/api/(?:v\d+/)?webhooks/\d+/[A-Za-z0-9_-]+"),
        ("webhooks",),
        min_token=40,
    ),
    *(Rule(kind, re.compile(pattern), needles, min_token=shortest) for kind, pattern, needles, shortest in _PREFIXED),
    *(Rule(kind, re.compile(pattern), needles, min_token=shortest) for kind, pattern, needles, shortest in PREFIXED),
    Rule("api-key", re.compile(r"\bhf_[A-Za-z0-9]{34}\b"), ("hf_",), min_token=37, accept=_hf_token),
    Rule("token", re.compile(r"(?i)\bbearer\s+(?P<secret>[A-Za-z0-9._~+/=-]{10,})"), ("bearer",)),
    Rule(
        "api-key",
        re.compile(
            r"(?i)(?<![\w-])[\w-]{0,30}?(?:api[_ -]?key|key|secret|access[_ -]?key|token|clé api|clé|api-schlüssel|schlüssel"
            r"|chave|clave api|ключ|anahtar|sleutel|klucz)"
            r"[\w-]{0,30}"
            r"(?:\s*(?:is|=|:|=>|->|ist|est|es|é|è|jest|это|är|er)\s*"
            r"|\s*(?:[?!.,;]\s*)?(?:oh |so |and )?(?:it's|it is|its|that's|c'est|es ist)\s+)"
            r"(?P<secret>[^\s\"']{6,}|\"[^\"\n]{6,}\"|'[^'\n]{6,}')"
        ),
        ("key", "secret", "token", "clé", "schlüssel", "chave", "clave", "ключ", "anahtar", "sleutel", "klucz"),
        digits=1,
        accept=_a_key_value,
    ),
    Rule(
        "token",
        re.compile(r"(?<![\w/+=.-])" + _B64 + r"{32,}(?![\w/+=.-])"),
        min_token=32,
        accept=_random_looking,
        in_one_run=True,
        judged_by_its_text=True,
    ),
)
