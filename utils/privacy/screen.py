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

Each text is screened once, as plain text, before anything encodes (JSON), cuts or
case-folds it: a rule for an AWS key or an IBAN is case-sensitive, a key cut in half no
longer matches, and ``\\n`` or ``\\"`` in a JSON string hides the words around a secret.
``limit`` cuts the kept text *after* screening, never inside a placeholder.

A member who said a secret and a model that repeats it bare ("hunter2", no "password"
next to it) are linked by :class:`Seen`: the values screened out of the member's own
messages, passed along with that member's extraction, are screened out of whatever the
model returns for them.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cached_property
from typing import Literal

from utils.privacy import (
    address_scripts,
    address_units,
    asked_in_line,
    contact,
    credential_shapes,
    decoding,
    disguised_values,
    document_numbers,
    id_shapes,
    joined_phrases,
    keys,
    national_ids,
    numbers,
    passwords,
    public_places,
    published_values,
    seed,
    seed_chained,
    seed_labelled,
    shared_codes,
    short_phones,
    spoken_runs,
    unmarked_values,
    vocabulary,
)
from utils.privacy._others_vocabulary import line_words
from utils.privacy.categories import special_category
from utils.privacy.line_classifier import line_reason
from utils.privacy.memoised_lines import memoised
from utils.privacy.normalise import Normalised, make_valid, normalise
from utils.privacy.others import about_someone_else, subject_name
from utils.privacy.placeholders import PLACEHOLDER, CutValue, cut_screened, cut_value_spans, merge_spans, outside_placeholders
from utils.privacy.quoted_lines import only_asks
from utils.privacy.roles import asserts_role
from utils.privacy.rule import Rule, Span
from utils.privacy.scanner import Scanner, distinct_words
from utils.privacy.values import with_value_spans
from utils.privacy.withheld import names_a_secret, withhold_secret_sentences

Field = Literal["memory", "profile", "note", "topic", "key", "log", "input", "excerpt", "message", "name"]
KEPT_FIELDS: frozenset[str] = frozenset({"memory", "profile", "note", "topic", "key"})
"""Fields whose line is refused when its point is a secret; the others are only redacted."""
SHOWN_FIELDS: frozenset[str] = frozenset({"log", "input"})
"""Fields no weaker than the store though they are not kept: the log, and ``input`` — a member's turn as the
extraction model reads it. Values are found there by their shape as in a kept line (the extractor can keep no long
number, so it need not read one), and a sentence that held a secret keeps only its placeholders
(:mod:`utils.privacy.withheld`). A ``message`` — what the conversation screen reads — only has its values replaced;
an ``excerpt`` (a moderation case's offending messages, a moderator's reason) loses values by their shape as the log
does but keeps its sentences: the insult beside a pasted card number is the case's evidence."""

OPEN_FIELDS: frozenset[str] = frozenset({"message", "name"})
"""Fields that keep a code a game publishes for sharing; every other one holds it as a long number."""

SECRET_KINDS = frozenset(
    {"password", "code", "card", "api-key", "token", "webhook", "private-key", "bank-account", "id-number", "seed-phrase"}
    | {"credential", "url-credential", "config"}
)
"""Credentials: a line carrying one is refused. Contact details (email, phone, address) are kept redacted
when the line says enough besides them, and so is a long ``number`` (a friend code, an order): "Has a friend
code [redacted:number] to share" still says what the member is like, while a line kept around a generated
token, a link's password or a config secret has no point but the value."""
MIN_WORDS_AROUND_SECRET = 5
_DIGIT_RUN = re.compile(r"\d(?:[\s.()/+-]{0,3}\d)*")
RULES: tuple[Rule, ...] = (
    passwords.RULES
    + keys.RULES
    + numbers.RULES
    + national_ids.RULES
    + document_numbers.RULES
    + contact.RULES
    + short_phones.RULES
    + address_scripts.RULES
    + address_units.RULES
    + id_shapes.RULES
    + credential_shapes.RULES
    + disguised_values.RULES
    + joined_phrases.RULES
    + asked_in_line.RULES
    + spoken_runs.RULES
    + unmarked_values.RULES
)

SENSITIVE_WORDS = vocabulary.SENSITIVE_WORDS
"""The secret vocabulary (every language and disguise it lists): a line with a redaction that still names one is refused."""


@dataclass(frozen=True)
class Screened:
    """What may be kept of a text: ``text`` with secrets replaced, whether it is ``refused``, the ``kinds`` found;
    ``values`` holds each screened value as written, with its kind, for :class:`Seen`."""

    text: str
    refused: bool
    kinds: tuple[str, ...]
    values: tuple[tuple[str, str], ...] = ()

    @property
    def changed(self) -> bool:
        return bool(self.kinds)


MIN_SEEN_VALUE = 4
MIN_SEEN_CODE = 3
"""Shorter values (a 3-digit CVV) would match everywhere; the rule that caught them still applies."""
LOGGED_ONLY = "lone-value"
"""The kind of a value a message was alone ("5519", "Gr33nTeaLatte"): kept out of the log, where a later message
may not reach it in time to say it was a PIN, but not out of memories (a later "graduated in 2024" stays whole)."""


class Seen:
    """Values screened out of one member's messages, screened out of what a model returns for that member.

    The rules catch "my password is hunter2" by its words; the model's "Uses hunter2 on
    Steam" has none of them. Matching is case-blind (a model folds case) and, for a
    number, blind to the separators between its digits ("4111 1111 …" and "41111111…").
    Credentials only: an e-mail or a phone number is found by its own shape wherever it is.
    """

    def __init__(self, screened: Iterable[Screened] = ()) -> None:
        self._kinds: dict[str, str] = {}
        self._forms: set[str] = set()
        self._logged: dict[str, str] = {}
        """Values kept out of the log only (:data:`LOGGED_ONLY`), as ``_kinds`` holds the others."""
        self._logged_forms: set[str] = set()
        for item in screened:
            self.add(item)

    def add(self, screened: Screened) -> None:
        for value, kind in screened.values:
            value = value.strip(" \t\n\"'“”«».,;:!?")
            if (len(value) < MIN_SEEN_VALUE and not _short_code(value, kind)) or "[redacted:" in value:
                continue
            forms = {value.casefold(), value.lower(), normalise(value).text.casefold()}  # "ß" folds; "К4589" reads "K4589"
            if kind in SECRET_KINDS:
                self._kinds.setdefault(_bare(value), kind)
                self._forms.update(forms)
            elif kind == LOGGED_ONLY:
                self._logged.setdefault(_bare(value), kind)
                self._logged_forms.update(forms)
            else:
                continue
            for name in ("_pattern", "_log_pattern", "_cut"):
                self.__dict__.pop(name, None)

    def __bool__(self) -> bool:
        return bool(self._kinds or self._logged)

    def __len__(self) -> int:
        return len(self._kinds) + len(self._logged)

    @cached_property
    def _pattern(self) -> re.Pattern[str]:
        return _alternatives_of(self._forms)

    @cached_property
    def _log_pattern(self) -> re.Pattern[str]:
        return _alternatives_of(self._forms | self._logged_forms)

    @cached_property
    def _cut(self) -> dict[bool, list[CutValue]]:
        """The values as read through the placeholders a screen cut into them (:func:`cut_value_spans`); True: the log's."""
        cut = [CutValue.of(form, self._kinds.get(_bare(form)) or next(iter(self._kinds.values()))) for form in self._forms]
        return {False: cut, True: [*cut, *(CutValue.of(form, LOGGED_ONLY) for form in self._logged_forms - self._forms)]}

    def spans(self, text: str, *, for_log: bool = False) -> list[Span]:
        """Where the seen values are in ``text``, whole or through the placeholders an earlier screen cut into them;
        ``for_log``: the values kept out of the log only too."""
        if for_log and self._logged:
            pattern, kinds = self._log_pattern, {**self._logged, **self._kinds}
        elif self._kinds:
            pattern, kinds = self._pattern, self._kinds
        else:
            return []
        found = [(m.start(), m.end(), kinds.get(_bare(m.group())) or next(iter(kinds.values()))) for m in pattern.finditer(text)]
        return found + cut_value_spans(text, self._cut[for_log and bool(self._logged)])

    def scrub(self, text: str) -> str:
        """``text`` with every seen value replaced by its placeholder (the rules run later, where it is kept)."""
        merged = merge_spans(self.spans(text)) if self._kinds else []
        if not merged:
            return text
        pieces, position = [], 0
        for start, end, kinds in merged:
            pieces += [text[position:start], f"[redacted:{kinds[0]}]"]
            position = end
        return "".join([*pieces, text[position:]])

    def withheld(self, text: str) -> str:
        """``text`` scrubbed, and each sentence holding a secret then reduced to its placeholders: a logged copy of a
        message screened before a later one showed its value was a secret keeps what a screened one would."""
        return withhold_secret_sentences(self.scrub(text), SECRET_KINDS)


_RUNS = re.compile(r"[^\W_]+")


def _alternatives_of(forms: set[str]) -> re.Pattern[str]:
    """One case-blind pattern for the values (a long number whatever its separators, words whatever joins them)."""
    alternatives = []
    for value in sorted(forms, key=len, reverse=True):
        digits = re.sub(r"[\s.-]", "", value)
        if digits.isdigit() and len(digits) >= 6:
            alternatives.append(r"\s?[.-]?\s?".join(digits))  # "1 9 7 8 - 0 4" too
        else:
            alternatives.append(r"[\W_]{0,3}".join(re.escape(run) for run in _RUNS.findall(value)))
    return re.compile(r"(?<![^\W_])(?:" + "|".join(alternatives) + r")(?![^\W_])", re.IGNORECASE)


def _short_code(value: str, kind: str) -> bool:
    """Three digits a rule or a conversation read as a credential (a CVV, a luggage lock's code): followed too, for a
    number that short is no one's word; shorter ones would match everywhere."""
    return len(value) == MIN_SEEN_CODE and value.isdigit() and kind in SECRET_KINDS


def _bare(value: str) -> str:
    """A value as :class:`Seen` compares it: case folded; separators dropped between letters and digits."""
    folded = value.casefold()
    stripped = re.sub(r"[\W_]", "", folded)
    return stripped if len(stripped) >= MIN_SEEN_VALUE else folded


_SCANNER = Scanner(RULES)


def _find(text: str) -> list[Span]:
    lowered = text.casefold()
    digit_run = max(map(len, _DIGIT_RUN.findall(text)), default=0)
    longest_token = max(map(len, text.split()), default=0)
    # The cheap gates first: only the needles of rules a line's digits and token lengths allow are looked for
    # (most vendor formats need a 30+ character token, which ordinary chat never has).
    words = distinct_words(lowered)
    found = _SCANNER.spans(text, lowered, digit_run, longest_token, words)
    found.extend(keys.vendor_spans(text, lowered, longest_token, words))
    found.extend(seed.spans(text, lowered))
    found.extend(seed_chained.spans(text, lowered))
    found.extend(seed_labelled.spans(text, lowered))
    return outside_placeholders(text, found)


def _refused(text: str, field: str) -> bool:
    if field not in KEPT_FIELDS or "[redacted:" not in text:
        return False
    if field in ("topic", "key") or any(m.group(1) in SECRET_KINDS for m in PLACEHOLDER.finditer(text)):
        return True
    if names_a_secret(text):
        return True
    remainder = PLACEHOLDER.sub(" ", text)
    return len(re.findall(r"\w+", remainder)) < MIN_WORDS_AROUND_SECRET


PERSONAL_FIELDS: frozenset[str] = frozenset({"memory", "note", "topic", "key"})
"""Fields holding one fact about one member: a line about their health or beliefs, about someone else, or
asserting a role is refused whole. The profile loses only such sentences (:func:`screen_profile`); the chat
itself (message, log, name) may talk about anything."""


def _not_the_members_to_keep(
    text: str, own_names: frozenset[str] = frozenset(), *, a_statement: bool = True, matching: str | None = None
) -> tuple[str, ...]:
    """Why a kept line may not be kept whatever it holds: a special category of personal data
    (:mod:`utils.privacy.categories`), a claim about someone else, a role asserted in chat
    (:mod:`utils.privacy.others`); when none of those rules speaks, the scored classifier
    (:mod:`utils.privacy.line_classifier`) for wordings they do not list. ``own_names``: names that mean the
    member (a profile's subject). ``a_statement``: False for a topic or a slot key, a label the classifier, which
    learnt from statements, cannot read ("relationship" is a memory's subject, not a fact about its member).
    ``matching``: ``text`` in its matching form when the caller has read it (the screen, when nothing was replaced)."""
    matching = normalise(text).text if matching is None else matching
    words = line_words(matching)  # read once for the four layers
    reasons = []
    if special_category(matching, normalised=True, words=words) is not None:
        reasons.append("special-category")
    if about_someone_else(matching, also_the_member=own_names, normalised=True, words=words):
        reasons.append("other-person")
    if asserts_role(matching, normalised=True, words=words):
        reasons.append("role")
    if not reasons and a_statement:  # the rules said nothing: the classifier may still refuse, never un-refuse
        scored = line_reason(matching, words)
        if scored is not None and not (scored == "other-person" and own_names):  # a profile's "she" is the member
            reasons.append(scored)
    return tuple(reasons)


def personal_reasons(text: str) -> tuple[str, ...]:
    """Why a memory line would be refused whole for what it is about (the reasons :func:`screen` adds), or ()."""
    return _not_the_members_to_keep(text)


def screen(text: object, field: Field = "memory", *, seen: Seen | None = None, limit: int | None = None) -> Screened:
    """Screen one text for ``field``; never raises, whatever the text (see the module docstring).

    ``seen``: values screened out of the member's own messages, screened out here too.
    ``limit``: the kept text is cut to this many characters after screening.
    """
    valid = make_valid(text)
    if not seen and limit is None and len(valid) <= MEMOISED_CHARS:
        return _screened(valid, field)
    return _screen(valid, field, seen, limit)


MEMOISED_CHARS = 2_000
"""A chat message's length at most: a turn screens its message for the chat, the conversation, the log and the extractor,
one reading until the fields part; a longer text (a logged response, a pasted post) is read afresh, no copy held."""


@memoised(256)
def _screened(valid: str, field: str) -> Screened:
    """:func:`screen` without values seen before or a limit: the same text in the same field is read once per turn (the
    chat's reading and the conversation's are one call of it). A `Screened` holds tuples only, safe to share."""
    return _screen(valid, field, None, None)


def _read(valid: str, as_key: bool) -> tuple[Normalised, str, tuple[Span, ...], tuple[Span, ...]]:
    """What every field reads of ``valid`` before the fields part: its matching form, the view the rules read (a slot
    key's "_" as spaces), what the rules find there and what they find decoded (:mod:`utils.privacy.decoding`). The
    message, its log row and the extractor's input of one turn are the same text: read once for the three."""
    matching = normalise(valid)
    view = matching.text.replace("_", " ") if as_key else matching.text
    spans = _find(view)
    if view is not matching.text:  # a slot key is read with "_" as spaces, and as written ("sk_live_…")
        spans += _find(matching.text)
    decoded = decoding.decoded_spans(matching.text, _find, matching)  # values in a disguise, read plain (decoding.py)
    return matching, view, tuple(spans), tuple(decoded)


_reading = memoised(256)(_read)
TEXT_MEMOS = (_screened, _reading)
"""The screen's memos of whole texts, for a measure that must read a text afresh (they are emptied with a member too)."""


def _screen(valid: str, field: str, seen: Seen | None, limit: int | None) -> Screened:
    """:func:`screen` of a valid text."""
    reader = _reading if len(valid) <= MEMOISED_CHARS else _read
    matching, view, found, decoded = reader(valid, field == "key")
    spans = list(found)
    again = outside_placeholders(view, seen.spans(view, for_log=field == "log"), whole=True) if seen else None
    spans += decoded
    # Values found by their shape (values.py): in every field, since no text may carry a credential; a long number
    # where the line is kept, and in the log and the extractor's input, which hold no less than the store.
    # There too a number the line names as public is let go, whichever rule found it (not a value seen before).
    by_shape = field in KEPT_FIELDS or field in SHOWN_FIELDS or field == "excerpt"
    spans = with_value_spans(spans, matching.text, kept=by_shape, secret_kinds=SECRET_KINDS, seen=again)
    spans += decoding.echoed_spans(matching.text, spans, SECRET_KINDS)
    if shared := [s for s in shared_codes.spans(matching.text) if valid[slice(*matching.span_in_original(*s))].isascii()]:
        spans = shared_codes.settled(spans, shared, kept=field not in OPEN_FIELDS)  # a game's code: the message keeps it
    spans = public_places.settled(spans, matching.text)  # a museum's or a station's address (public_places.py)
    spans = published_values.settled(spans, matching.text)  # a guide's example key, a digest (published_values.py)
    merged = merge_spans(spans)
    pieces: list[str] = []
    kinds: list[str] = []
    values: list[tuple[str, str]] = []
    position = 0
    for start, end, found_kinds in merged:
        first, last = matching.span_in_original(start, end)
        pieces += [valid[position:first], f"[redacted:{found_kinds[0]}]"]
        values.append((valid[first:last], found_kinds[0]))
        position = last
        kinds += [k for k in dict.fromkeys(found_kinds) if k not in kinds]
    cleaned = "".join([*pieces, valid[position:]]) if merged else valid
    if field in SHOWN_FIELDS:  # the placeholders of an earlier screen too (a message already screened)
        cleaned = withhold_secret_sentences(cleaned, SECRET_KINDS)
    if limit is not None:
        cleaned = cut_screened(cleaned, limit)
    if _refused(cleaned, field):
        return Screened(cleaned, True, tuple(kinds), tuple(values))
    if field not in PERSONAL_FIELDS:
        return Screened(cleaned, False, tuple(kinds), tuple(values))
    # the line as read above when nothing was replaced, cut or read with "_" as a space: not normalised again
    read = matching.text if cleaned is valid and "_" not in valid else None
    personal = _not_the_members_to_keep(cleaned.replace("_", " "), a_statement=field not in ("topic", "key"), matching=read)
    return Screened(cleaned, bool(personal), (*kinds, *personal), tuple(values))


def screen_profile(profile: object, *, seen: Seen | None = None, limit: int | None = None) -> Screened:
    """The profile as a whole: whitespace collapsed, refused like a memory when its point is a secret.

    Its sentences about the member's health or beliefs, about someone else, or asserting a role are left out, and
    so are its questions, which state nothing about the member (:mod:`utils.privacy.quoted_lines`); the rest is
    kept (a profile is many facts; one of them does not spoil the others); none left: refused.
    A profile is about one member and names them first ("Alice is a nurse from Lyon."), so the name its first
    sentence starts with is the member's, not someone else's.
    """
    collapsed = " ".join(make_valid(profile).split())
    sentences = [s for s in _PROFILE_SENTENCE_END.split(collapsed) if s]
    own = subject_name(sentences[0]) if sentences else None
    own_names = frozenset({own}) if own else frozenset()
    kept: list[str] = []
    dropped: list[str] = []
    for sentence in sentences:
        reasons = ("question",) if only_asks(sentence) else _not_the_members_to_keep(sentence, own_names)
        dropped += [r for r in reasons if r not in dropped]
        if not reasons:
            kept.append(sentence)
    if not dropped:  # unchanged, as written (sentences in scripts without spaces are not re-joined with one)
        return screen(collapsed, "profile", seen=seen, limit=limit)
    screened = screen(" ".join(kept), "profile", seen=seen, limit=limit)
    refused = screened.refused or not kept
    return Screened(screened.text, refused, (*screened.kinds, *dropped), screened.values)


_PROFILE_SENTENCE_END = re.compile(r"(?<=[.!?。！？])\s+|(?<=[。！？])")


def screen_topics(topics: Iterable[object], *, seen: Seen | None = None) -> tuple[str, ...]:
    """Topics a model returned, without those that hold a secret (a topic is too short to keep half of).

    Screened as the model wrote them: fold their case or cut them afterwards, never before.
    """
    kept = (screen(t, "topic", seen=seen) for t in topics)
    return tuple(s.text for s in kept if not s.refused and s.text.strip())


def screen_key(key: object, *, seen: Seen | None = None) -> str | None:
    """A slot key, or None when it holds a secret (``password_hunter2``); screened before it is folded to a key."""
    screened = screen(key, "key", seen=seen)
    return None if screened.refused else screened.text
