"""The privacy screen: the one decision on what text may be stored, logged or shown to the extractor.

Every path that keeps or logs text goes through :func:`screen` — memory lines, topics,
slot keys, the profile, the monitor's notes, migrated notes, LlmLog excerpts, chat lines
and display names shown to the extractor. It

1. makes the text valid (lone surrogates, NUL) so no later encode can fail;
2. reads it in a matching form (NFKC, invisible characters dropped, Cyrillic/Greek
   look-alikes as Latin — see :mod:`utils.privacy.normalise`), while the kept text
   keeps its own letters;
3. replaces every secret by ``[redacted:kind]`` (rules in passwords, keys, numbers,
   contact, seed);
4. says whether the line is *refused*: for a field that is kept (memory, profile, note,
   topic, slot key) a line whose point is the secret is dropped, not stored half-redacted.

``redact`` and ``is_about_a_secret`` are the older two-step names, kept for their callers
and answered by the same screen.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Literal

from utils.privacy import contact, keys, numbers, passwords, seed
from utils.privacy.normalise import make_valid, normalise
from utils.privacy.rule import Rule, Span, words

Field = Literal["memory", "profile", "note", "topic", "key", "log", "message", "name"]
KEPT_FIELDS: frozenset[str] = frozenset({"memory", "profile", "note", "topic", "key"})
"""Fields whose line is refused when its point is a secret; the others are only redacted."""

PLACEHOLDER = re.compile(r"\[redacted:([a-z-]+)\]")
SECRET_KINDS = frozenset(
    {"password", "code", "card", "api-key", "token", "webhook", "private-key", "bank-account", "id-number", "seed-phrase"}
)
"""Credentials: a line carrying one is refused. Contact details (email, phone, address) are kept redacted
when the line says enough besides them."""
MIN_WORDS_AROUND_SECRET = 5
_DIGIT_RUN = re.compile(r"\d(?:[\s.()/+-]{0,3}\d)*")
RULES: tuple[Rule, ...] = passwords.RULES + keys.RULES + numbers.RULES + contact.RULES
_NEEDLES = tuple(sorted({n for rule in RULES for n in rule.needles}))

SENSITIVE_WORDS = re.compile(
    r"(?i)(?<![^\W\d_])(?:"
    + words(
        *passwords.PASSWORD_WORDS,
        "pin",
        "pins",
        "card number",
        "credit card",
        "debit card",
        "cvv",
        "cvc",
        "api key",
        "token",
        "2fa",
        "otp",
        "one-time code",
        "verification code",
        "login code",
        "backup code",
        "backup codes",
        "recovery code",
        "recovery codes",
        "social security",
        "ssn",
        "iban",
        "bank account",
        "account number",
        "seed phrase",
        "recovery phrase",
        "mnemonic",
        "private key",
        "secret key",
        "webhook",
        "home address",
        "kartennummer",
        "numéro de carte",
        "número de tarjeta",
        "numero di carta",
        "número do cartão",
        "kaartnummer",
        "numer karty",
        "номер карты",
        "kart numarası",
        "adresse",
        "dirección",
        "indirizzo",
        "endereço",
        "adres",
        "адрес",
    )
    + r")(?![^\W\d_])"
)


@dataclass(frozen=True)
class Screened:
    """What may be kept of a text: ``text`` with secrets replaced, whether it is ``refused``, the ``kinds`` found."""

    text: str
    refused: bool
    kinds: tuple[str, ...]

    @property
    def changed(self) -> bool:
        return bool(self.kinds)


def _find(text: str) -> list[Span]:
    lowered = text.casefold()
    digit_run = max(map(len, _DIGIT_RUN.findall(text)), default=0)
    longest_token = max(map(len, text.split()), default=0)
    present = frozenset([n for n in _NEEDLES if n in lowered])
    found = [span for rule in RULES if rule.may_match(present, digit_run, longest_token) for span in rule.spans(text)]
    found.extend(seed.spans(text, lowered))
    if "[redacted:" in text:
        kept = [m.span() for m in PLACEHOLDER.finditer(text)]
        found = [s for s in found if not any(s[0] < end and start < s[1] for start, end in kept)]
    return found


def _merge(found: list[Span]) -> list[tuple[int, int, list[str]]]:
    """Overlapping spans become one (a password that is also an API key is redacted once)."""
    merged: list[tuple[int, int, list[str]]] = []
    for start, end, kind in sorted(found, key=lambda s: (s[0], -s[1])):
        if merged and start < merged[-1][1]:
            last = merged[-1]
            merged[-1] = (last[0], max(last[1], end), [*last[2], kind])
        else:
            merged.append((start, end, [kind]))
    return merged


def _refused(text: str, field: str) -> bool:
    if field not in KEPT_FIELDS or "[redacted:" not in text:
        return False
    if field in ("topic", "key") or any(m.group(1) in SECRET_KINDS for m in PLACEHOLDER.finditer(text)):
        return True
    if SENSITIVE_WORDS.search(normalise(text).text):
        return True
    remainder = PLACEHOLDER.sub(" ", text)
    return len(re.findall(r"\w+", remainder)) < MIN_WORDS_AROUND_SECRET


def screen(text: object, field: Field = "memory") -> Screened:
    """Screen one text for ``field``; never raises, whatever the text (see the module docstring)."""
    valid = make_valid(text)
    matching = normalise(valid)
    view = matching.text.replace("_", " ") if field == "key" else matching.text
    merged = _merge(_find(view))
    pieces, position, kinds = [], 0, []
    for start, end, found in merged:
        first, last = matching.span_in_original(start, end)
        pieces += [valid[position:first], f"[redacted:{found[0]}]"]
        position = last
        kinds += [k for k in found if k not in kinds]
    cleaned = "".join([*pieces, valid[position:]]) if merged else valid
    return Screened(cleaned, _refused(cleaned, field), tuple(kinds))


def screen_profile(profile: object) -> Screened:
    """The profile as a whole: whitespace collapsed, refused like a memory when its point is a secret."""
    return screen(" ".join(make_valid(profile).split()), "profile")


def screen_topics(topics: Iterable[object]) -> tuple[str, ...]:
    """Topics a model returned, without those that hold a secret (a topic is too short to keep half of)."""
    kept = (screen(t, "topic") for t in topics)
    return tuple(s.text for s in kept if not s.refused and s.text.strip())


def screen_key(key: object) -> str | None:
    """A slot key, or None when it holds a secret (``password_hunter2``)."""
    screened = screen(key, "key")
    return None if screened.refused else screened.text


@dataclass(frozen=True)
class Redaction:
    """The older result shape (text and kinds), kept for the callers of :func:`redact`."""

    text: str
    kinds: tuple[str, ...]

    @property
    def changed(self) -> bool:
        return bool(self.kinds)


def redact(text: str) -> Redaction:
    """Replace every secret in ``text`` by a placeholder naming its kind (the screen, without refusal)."""
    screened = screen(text, "log")
    return Redaction(screened.text, screened.kinds)


def is_about_a_secret(memory: str) -> bool:
    """True when a memory (redacted or not) must be refused: the screen's verdict for a memory line.

    "Their password is [redacted:password]" says nothing but the secret; "asked how to
    get a refund, mentioned [redacted:email]" still says something worth keeping.
    """
    return screen(memory, "memory").refused
