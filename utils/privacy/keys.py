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

from utils.privacy.rule import Rule

_B64 = r"[A-Za-z0-9+/=_-]"


def entropy(text: str) -> float:
    """Shannon entropy in bits per character."""
    counts = Counter(text)
    return -sum(n / len(text) * math.log2(n / len(text)) for n in counts.values())


def _random_looking(match: re.Match[str]) -> bool:
    token = match.group()
    classes = any(c.islower() for c in token) + any(c.isupper() for c in token) + any(c.isdigit() for c in token)
    return classes == 3 and entropy(token) >= 4.0


# The providers' fixed-prefix formats, one a line: (kind, pattern, needles, shortest token).
_PREFIXED: tuple[tuple[str, str, tuple[str, ...], int], ...] = (
    ("token", r"\beyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}", ("eyj",), 20),
    ("api-key", r"\bsk-(?:proj-|ant-(?:api\d\d-)?|svcacct-)?[A-Za-z0-9_-]{16,}", ("sk-",), 19),
    ("api-key", r"\b(?:sk|rk)_(?:live|test)_[A-Za-z0-9]{10,}", ("k_live_", "k_test_"), 18),
    ("api-key", r"\bAIza[0-9A-Za-z_-]{30,}", ("aiza",), 34),
    ("api-key", r"\bnpm_[A-Za-z0-9]{30,}", ("npm_",), 34),
    ("api-key", r"\bhf_[A-Za-z0-9]{30,}", ("hf_",), 33),
    ("api-key", r"\bglpat-[A-Za-z0-9_-]{20,}", ("glpat-",), 26),
    ("api-key", r"\bpypi-AgEIcHlwaS5vcmc[A-Za-z0-9_-]{20,}", ("pypi-",), 40),
    ("api-key", r"\bSG\.[A-Za-z0-9_-]{20,}\.[A-Za-z0-9_-]{20,}", ("sg.",), 45),
    ("api-key", r"\b(?:SK|AC)[0-9a-fA-F]{32}\b", ("sk", "ac"), 34),
    ("api-key", r"\b[0-9a-f]{32}-us\d{1,2}\b", ("-us",), 36),
    ("token", r"\b\d{8,10}:AA[A-Za-z0-9_-]{30,}", (":aa",), 40),
    ("token", r"\b[A-Za-z\d_-]{23,28}\.[A-Za-z\d_-]{6,7}\.[A-Za-z\d_-]{27,40}\b", (".",), 58),
    ("token", r"\bmfa\.[A-Za-z\d_-]{60,}", ("mfa.",), 64),
    ("api-key", r"\b(?:AKIA|ASIA|AGPA|AIDA|AROA)[0-9A-Z]{16}\b", ("akia", "asia", "agpa", "aida", "aroa"), 20),
    ("api-key", r"\b(?:gh[pousr]_[A-Za-z0-9]{30,}|github_pat_[A-Za-z0-9_]{20,})", ("gh",), 30),
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
        re.compile(r"https?://hooks\.slack\.com/(?:services|workflows|triggers)/[A-Za-z0-9/_-]+"),
        ("hooks.slack",),
        min_token=40,
    ),
    Rule(
        "webhook",
        re.compile(r"https?://(?:(?:ptb|canary)\.)?discord(?:app)?\.com/api/(?:v\d+/)?webhooks/\d+/[A-Za-z0-9_-]+"),
        ("webhooks",),
        min_token=40,
    ),
    *(Rule(kind, re.compile(pattern), needles, min_token=shortest) for kind, pattern, needles, shortest in _PREFIXED),
    Rule("token", re.compile(r"(?i)\bbearer\s+(?P<secret>[A-Za-z0-9._~+/=-]{10,})"), ("bearer",)),
    Rule(
        "api-key",
        re.compile(
            r"(?i)(?<![\w-])[\w-]{0,30}?(?:api[_ -]?key|secret|access[_ -]?key|token|clé api|api-schlüssel|chave|ключ|anahtar)"
            r"[\w-]{0,30}"
            r"\s*(?:is|=|:|ist|est|es|é|è)\s*(?P<secret>[^\s\"']{6,}|\"[^\"\n]{6,}\"|'[^'\n]{6,}')"
        ),
        ("key", "secret", "token", "clé", "schlüssel", "chave", "ключ", "anahtar"),
        digits=1,
    ),
    Rule("token", re.compile(r"(?<![\w/+=.-])" + _B64 + r"{32,}(?![\w/+=.-])"), min_token=32, accept=_random_looking),
)
