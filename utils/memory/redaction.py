"""Secret redaction, applied before any text reaches the extractor and before any memory is stored.

Patterns follow the support-desk memory module, widened for what Discord members
actually paste: card numbers, passwords and PINs, one-time codes, API keys and
tokens (OpenAI, Discord, AWS, GitHub, bearer), email addresses and phone numbers.
Each secret becomes a ``[redacted:kind]`` placeholder, so the text keeps its shape.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

PLACEHOLDER = re.compile(r"\[redacted:[a-z-]+\]")

_PATTERNS: list[tuple[str, re.Pattern[str]]] = [
    ("api-key", re.compile(r"\bsk-(?:proj-|ant-)?[A-Za-z0-9_-]{16,}")),
    ("token", re.compile(r"\b[A-Za-z\d_-]{23,28}\.[A-Za-z\d_-]{6,7}\.[A-Za-z\d_-]{27,40}\b")),
    ("api-key", re.compile(r"\b(?:AKIA|ASIA)[0-9A-Z]{16}\b")),
    ("api-key", re.compile(r"\bgh[pousr]_[A-Za-z0-9]{30,}\b")),
    ("token", re.compile(r"(?i)\bbearer\s+[A-Za-z0-9._~+/=-]{10,}")),
    (
        "api-key",
        re.compile(
            r"(?i)(?P<keep>\b(?:api[_ -]?key|secret[_ -]?key|access[_ -]?token|auth[_ -]?token|token|secret)"
            r"\s*(?:is|=|:)\s*)\S{6,}"
        ),
    ),
    ("email", re.compile(r"\b[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}\b")),
    (
        "password",
        re.compile(
            r"(?i)(?P<keep>\b(?:password|passwd|passwort|passcode|passphrase|contraseña|pwd|pw|pin)\b"
            r"(?:\s+(?:is|was|=)|\s*[:=])?\s*)[\"']?[^\s\"']+"
        ),
    ),
    (
        "code",
        re.compile(
            r"(?i)(?P<keep>\b(?:code|otp|2fa|mfa|verification|one[- ]time(?: code)?|auth(?:entication)? code)\b"
            r"[^\d\n]{0,20})\b\d{4,8}\b"
        ),
    ),
    ("card", re.compile(r"(?<![\w-])\d(?:[ -]?\d){12,18}(?![\w-])")),
    (
        "phone",
        re.compile(r"(?<![\w+])(?:\+\d{1,3}[ .-]?(?:\(?\d{1,4}\)?[ .-]?){2,4}\d{2,4}|\(?\d{3}\)?[ .-]\d{3}[ .-]\d{4})(?!\w)"),
    ),
]

SENSITIVE_WORDS = re.compile(
    r"(?i)\b(password|passcode|pin|card number|credit card|debit card|cvv|api key|token|2fa|otp|"
    r"one-time code|verification code|login code|social security|ssn)\b"
)
MIN_WORDS_AROUND_SECRET = 5


@dataclass(frozen=True)
class Redaction:
    text: str
    kinds: tuple[str, ...]

    @property
    def changed(self) -> bool:
        return bool(self.kinds)


def redact(text: str) -> Redaction:
    """Replace every secret in ``text`` by a placeholder naming its kind."""
    kinds: list[str] = []
    for kind, pattern in _PATTERNS:

        def replace(match: re.Match[str], kind: str = kind) -> str:
            kinds.append(kind)
            return f"{match.groupdict().get('keep') or ''}[redacted:{kind}]"

        text = pattern.sub(replace, text)
    return Redaction(text, tuple(kinds))


def is_about_a_secret(memory: str) -> bool:
    """True when a (redacted) memory's point is the secret itself, so it must be refused.

    "Their password is [redacted:password]" says nothing but the secret; "asked how to
    get a refund, mentioned [redacted:email]" still says something worth keeping.
    """
    if not PLACEHOLDER.search(memory):
        return bool(SENSITIVE_WORDS.search(memory) and re.search(r"\d{4,}", memory))
    if SENSITIVE_WORDS.search(memory):
        return True
    remainder = PLACEHOLDER.sub(" ", memory)
    return len(re.findall(r"\w+", remainder)) < MIN_WORDS_AROUND_SECRET
