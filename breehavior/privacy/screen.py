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

_SEPARATOR = r"(?:'s|\s+(?:(?:ist|is|was|est|es)\b|=|->|:)\s*[:=-]?|\s*(?:[:=]|->))\s*"
_QUOTED_OR_WORD = r"(?:\"[^\"\n]+\"|'[^'\n]+'|[^\s\"']+)"

@dataclass(frozen=True)
class _Rule:
    """One kind of secret; ``needles`` (lower-case, any) and ``digits`` are cheap tests that must pass
    before the regex runs — most chat lines then cost no regex at all (redaction runs on every message)."""

    kind: str
    pattern: re.Pattern[str]
    needles: tuple[str, ...] = ()
    digits: int = 0

    def may_match(self, lowered: str, digit_count: int) -> bool:
        return digit_count >= self.digits and (not self.needles or any(n in lowered for n in self.needles))


_PASSWORD_WORDS = ("pass", "pw", "pin", "contraseña", "mot de passe")
_RULES: tuple[_Rule, ...] = (
    _Rule("token", re.compile(r"\beyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}"), ("eyj",)),
    _Rule("api-key", re.compile(r"\bsk-(?:proj-|ant-)?[A-Za-z0-9_-]{16,}"), ("sk-",)),
    _Rule("token", re.compile(r"\b[A-Za-z\d_-]{23,28}\.[A-Za-z\d_-]{6,7}\.[A-Za-z\d_-]{27,40}\b"), (".",)),
    _Rule("token", re.compile(r"\bmfa\.[A-Za-z\d_-]{60,}"), ("mfa.",)),
    _Rule("api-key", re.compile(r"\b(?:AKIA|ASIA)[0-9A-Z]{16}\b"), ("akia", "asia")),
    _Rule("api-key", re.compile(r"\b(?:gh[pousr]_[A-Za-z0-9]{30,}|github_pat_[A-Za-z0-9_]{20,})"), ("gh",)),
    _Rule("token", re.compile(r"\bxox[abprs]-[A-Za-z0-9-]{10,}"), ("xox",)),
    _Rule("token", re.compile(r"(?i)\bbearer\s+[A-Za-z0-9._~+/=-]{10,}"), ("bearer",)),
    _Rule(
        "api-key",
        re.compile(r"(?i)(?P<keep>\b[\w-]*(?:api[_ -]?key|secret|access[_ -]?key|token)[\w-]*\s*(?:is|=|:)\s*)\S{6,}"),
        ("key", "secret", "token"),
    ),
    _Rule("email", re.compile(r"\b[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}\b"), ("@",)),
    _Rule(
        "password",
        re.compile(
            r"(?i)(?P<keep>\b(?:password|passwd|passwort|passcode|passphrase|contraseña|mot de passe|pwd|pw|pin)"
            + _SEPARATOR
            + r")"
            + _QUOTED_OR_WORD
        ),
        _PASSWORD_WORDS,
    ),
    _Rule("password", re.compile(r"(?i)(?P<keep>\bpass\s*[:=]\s*)" + _QUOTED_OR_WORD), ("pass",)),
    _Rule("password", re.compile(r"(?i)(?P<keep>\bpin\s+)\d{4,8}\b"), ("pin",), digits=4),
    _Rule(
        "code",
        re.compile(
            r"(?i)(?P<keep>\b(?:code|otp|2fa|mfa|verification|one[- ]time(?: code)?|auth(?:entication)? code)\b"
            r"[^\d\n]{0,20})\b(?:\d{3}[ -]\d{3}|\d{4,8})\b"
        ),
        ("code", "otp", "2fa", "mfa", "verification", "one-time", "one time", "auth"),
        digits=4,
    ),
    _Rule("card", re.compile(r"(?<![\w-])\d(?:[ .-]{0,2}\d){12,18}(?![\w-])"), digits=13),
    _Rule(
        "id-number",
        re.compile(r"(?i)(?P<keep>\b(?:ssn|social security(?: number)?)\D{0,10})\d{3}-?\d{2}-?\d{4}\b"),
        ("ssn", "social security"),
        digits=9,
    ),
    _Rule(
        "phone",
        re.compile(
            r"(?<![\w+])(?:\+\d{1,3}[ .-]?(?:\(?\d{1,4}\)?[ .-]?){2,4}\d{2,4}|\(?\d{3}\)?[ .-]\d{3}[ .-]\d{4}"
            r"|0\d{3,4}[ ]\d{6})(?!\w)"
        ),
        digits=7,
    ),
)
_CARD_GROUPS = re.compile(r"^\d{4}([ .-]{1,2}\d{4}){3}$|^\d{4}[ -]\d{6}[ -]\d{5}$")


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
    lowered, digit_count = text.casefold(), sum(c.isdigit() for c in text)
    for rule in _RULES:
        if not rule.may_match(lowered, digit_count):
            continue

        def replace(match: re.Match[str], kind: str = rule.kind) -> str:
            if kind == "card" and not _looks_like_a_card(match.group()):
                return match.group()
            kinds.append(kind)
            return f"{match.groupdict().get('keep') or ''}[redacted:{kind}]"

        text = rule.pattern.sub(replace, text)
    return Redaction(text, tuple(kinds))


def _looks_like_a_card(text: str) -> bool:
    """Grouped like a card (4-4-4-4, Amex 4-6-5), or a digit run that passes the Luhn check.

    The check keeps most long ids (a Discord snowflake, a score) out of the redaction.
    """
    if _CARD_GROUPS.match(text):
        return True
    digits = [int(d) for d in text if d.isdigit()]
    checksum = sum(digits[-1::-2]) + sum(sum(divmod(2 * d, 10)) for d in digits[-2::-2])
    return checksum % 10 == 0


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
