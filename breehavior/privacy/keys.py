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

from breehavior.privacy.rule import Rule

_B64 = r"[A-Za-z0-9+/=_-]"


def entropy(text: str) -> float:
    """Shannon entropy in bits per character."""
    counts = Counter(text)
    return -sum(n / len(text) * math.log2(n / len(text)) for n in counts.values())


def _random_looking(match: re.Match[str]) -> bool:
    token = match.group()
    classes = any(c.islower() for c in token) + any(c.isupper() for c in token) + any(c.isdigit() for c in token)
    return classes == 3 and entropy(token) >= 4.0


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
    Rule("token", re.compile(r"\beyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}"), ("eyj",), min_token=20),
    Rule("api-key", re.compile(r"\bsk-(?:proj-|ant-(?:api\d\d-)?|svcacct-)?[A-Za-z0-9_-]{16,}"), ("sk-",), min_token=19),
    Rule("api-key", re.compile(r"\b(?:sk|rk)_(?:live|test)_[A-Za-z0-9]{10,}"), ("k_live_", "k_test_"), min_token=18),
    Rule("api-key", re.compile(r"\bAIza[0-9A-Za-z_-]{30,}"), ("aiza",), min_token=34),
    Rule("api-key", re.compile(r"\bnpm_[A-Za-z0-9]{30,}"), ("npm_",), min_token=34),
    Rule("api-key", re.compile(r"\bhf_[A-Za-z0-9]{30,}"), ("hf_",), min_token=33),
    Rule("api-key", re.compile(r"\bglpat-[A-Za-z0-9_-]{20,}"), ("glpat-",), min_token=26),
    Rule("api-key", re.compile(r"\bpypi-AgEIcHlwaS5vcmc[A-Za-z0-9_-]{20,}"), ("pypi-",), min_token=40),
    Rule("api-key", re.compile(r"\bSG\.[A-Za-z0-9_-]{20,}\.[A-Za-z0-9_-]{20,}"), ("sg.",), min_token=45),
    Rule("api-key", re.compile(r"\b(?:SK|AC)[0-9a-fA-F]{32}\b"), ("sk", "ac"), min_token=34),
    Rule("api-key", re.compile(r"\b[0-9a-f]{32}-us\d{1,2}\b"), ("-us",), min_token=36),
    Rule("token", re.compile(r"\b\d{8,10}:AA[A-Za-z0-9_-]{30,}"), (":aa",), min_token=40),
    Rule("token", re.compile(r"\b[A-Za-z\d_-]{23,28}\.[A-Za-z\d_-]{6,7}\.[A-Za-z\d_-]{27,40}\b"), (".",), min_token=58),
    Rule("token", re.compile(r"\bmfa\.[A-Za-z\d_-]{60,}"), ("mfa.",), min_token=64),
    Rule(
        "api-key",
        re.compile(r"\b(?:AKIA|ASIA|AGPA|AIDA|AROA)[0-9A-Z]{16}\b"),
        ("akia", "asia", "agpa", "aida", "aroa"),
        min_token=20,
    ),
    Rule("api-key", re.compile(r"\b(?:gh[pousr]_[A-Za-z0-9]{30,}|github_pat_[A-Za-z0-9_]{20,})"), ("gh",), min_token=30),
    Rule("token", re.compile(r"\bxox[abprse]-[A-Za-z0-9-]{10,}"), ("xox",), min_token=14),
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
