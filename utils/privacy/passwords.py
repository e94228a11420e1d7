"""Passwords, PINs and one-time codes as members say them, in many languages.

Forms covered: ``<word> [for/to <thing>] <is|:|=|lautet|é|è|to|…> <value>`` ("my password for steam is letmein123",
"passcode to the wifi = blueberry77", "mein Passwort lautet X", "hasło to X"), ``<word> <value>`` when the value looks
like a secret ("pwd Zebra12345", "uses password Pizza4ever", "пароль Medved2024"), ``<value> as my password`` ("I use
Summer2024! as my password everywhere", "Dyno482Case — das ist mein echtes Passwort"), quoted passphrases, and lists of
codes after a code word ("2fa backup codes: 1234-5678 8765-4321" loses every code). A word after an explicit "is"/":"
is redacted unless it is a known non-secret ("the password is wrong").
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from utils.privacy import disguised_values, numbers, secret_symbols, spelled_digits, value_frames, vocabulary
from utils.privacy._secret_tails import tails as _tails
from utils.privacy._secret_tails import titled_run, with_phrase
from utils.privacy._secret_values import (
    A_LINK,
    ALNUM_LIST,
    CODE_LIST,
    CODE_WORD,
    MARKDOWN,
    NOT_A_SECRET,
    NOT_A_SECRET_GAP,
    QUOTED,
    RECOVERY_NEEDLES,
    VALUE,
    VALUE_OPENING,
    WORD,
    a_code,
    a_dashed_date,
    a_documented_pair,
    a_placeholder,
    a_time_of_day,
    card_tail,
    elided,
    looks_like_a_secret,
    no_value_first,
    not_a_value,
    value,
    weak,
    weak_pair,
)
from utils.privacy.described_parts import part_spans
from utils.privacy.locked_years import a_year_beside_no_lock
from utils.privacy.public_numbers import named_public
from utils.privacy.rule import Rule, Span
from utils.privacy.secret_places import masked_before, states_a_rule

# --- rules led by a word of the secret vocabulary (utils/privacy/data/secret_words.json)

_A_TIME = r"(?<!\d)(?:[01]?\d|2[0-3])[:h]\d\d(?!\d)"


_CODE_TAIL = re.compile(r"(?i)(?:[^\d\n.!?]|" + _A_TIME + r"){0,25}?(?<![\w-])(?P<secret>" + CODE_LIST + ")")
"""A code after its word, past a few words and a time of day ("Türcode ab 18:00 ist 5820")."""
_CODE_AFTER_COLON = re.compile(
    r"(?i)[^\n:：=.!?\d]{0,30}?[ \t]*[:：=][ \t]*[`*_\"'|]*(?P<secret>(?=(?:[a-z-]*\d){3})[a-z0-9][a-z0-9-]{3,11})(?![\w.-])"
)
_CVV_TAIL = re.compile(r"(?i)[^\d\n.!?]{0,16}?(?P<secret>\d{3,4})(?!\d)")
_NUMBER_TAIL = re.compile(
    r"(?i)[^\d\n!?]{0,24}?(?<![A-Za-z0-9_-])(?P<secret>(?=[\w./-]*\d)[^\W_][\w./-]*(?:[ ](?=[\w./-]*\d)[\w./-]+)*)"
)
_SNOWFLAKE = re.compile(r"\d{17,20}")
_DATE = re.compile(r"\d{1,4}[./-]\d{1,2}[./-]\d{1,4}")
_BEFORE_THE_VALUE = re.compile(
    r"(?i)(?<!\S)(?P<secret>" + QUOTED + "|" + WORD + r")(?:\s+(?:as|is|was|ist|est|es|é|è|als|como|come|jako|как|olarak)|"
    r"\s*[,—–-]\s*(?:that'?s|that is|this is|it'?s|das ist|dies ist|c'est|eso es|esto es|isso é|questa è|dat is|to jest|это))"
    r"\s+(?:(?:my|the|our|a|mein\w*|mon|ma|mi|mio|mia|la|minha|meu|mijn|moje|mój|мой|benim)\s+)?(?:[^\W\d_]+\s+){0,2}?"
    + MARKDOWN
    + r"\Z"
)
_MIN_NUMBER_DIGITS = 6
_MIN_KEY_LENGTH = 8


_CODE_VALUE = re.compile(r"[\w.]*\((?![\d\s]*\d[\d\s]*(?:\)|$)).*|[$<{%].*|[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+")
"""A value that is code naming a secret, not one: ``os.getenv('KEY')``, ``get_token()``, ``<YOUR_API_KEY>``, ``API_KEY``.
A word with only digits in its brackets is not a call ("Tulip(44)", "Kayak(91)!"): code passes a name or a string to
what reads a secret, and a password puts digits in brackets to add symbols."""


def _secret_span(match: re.Match[str]) -> tuple[int, int]:
    """The value's span, with the bracket that closes one opened inside it ("Tulip(44)"): a value ends before a
    closing bracket, which in prose closes a remark, but not before the one that closes its own."""
    start, end = match.span("secret")
    text = match.string
    if text[end : end + 1] == ")" and text.count("(", start, end) > text.count(")", start, end):
        end += 1
    return start, end


def _announced_value(match: re.Match[str], ambiguous: bool) -> bool:
    """A value after an explicit link: quoted, or not a known non-secret (an ambiguous word needs a secret's look)."""
    raw = match.group("secret")
    if raw[0] in "\"'“„«「" or a_placeholder(raw):
        return not a_placeholder(raw)  # "${DB_PASSWORD}", "<your password>", "'YOUR_PASSWORD'" stand for a value
    if _CODE_VALUE.fullmatch(raw) or value(match) in NOT_A_SECRET or no_value_first(raw) or elided(raw):
        return False  # "API_KEY", "os.getenv(...)", "wrong", "sk-…": they name or judge a value, they are not one
    if states_a_rule(match.string, match.start("secret")) or masked_before(match.string, match.start("secret")):
        return False  # "パスワードは8文字以上で…", "password: 8 chars min": how it must be made; "senha: ****** aparece"
    return (not ambiguous and not _UNSPACED_LETTER.search(raw)) or looks_like_a_secret(raw)


_UNSPACED_LETTER = re.compile(r"[\u0e00-\u0e7f\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af\u1100-\u11ff\u3130-\u318f]")
"""A value in a script written without spaces runs on into the sentence ("パスワードは絶対に…"): it must look like a secret."""


_KINDS_OF_PASS = re.compile(
    r"(?i)\b(?:season|battle|bus|day|boarding|hall|free|ski|backstage|vip|weekly|monthly|annual|yearly|rail|train"
    r"|metro|subway|gym|press|event|festival|museum|transit|travel|bike|game|gold|premium|hunt|fast|guest|visitor"
    r"|all[- ]access|early[- ]access)\W*$"
)
"""A pass that is a ticket ("season pass 2024", "battle pass 950"), not a password."""


_STRUCK = re.compile(r"~~|\u0336|\u0335|\u0338")
_NEXT_VALUE = re.compile(r"[~*_|`\s]*(?P<secret>" + QUOTED + "|" + WORD + ")")


def _after_struck(text: str, match: re.Match[str]) -> tuple[int, int] | None:
    """A value struck out and corrected ("pw: ~~old~~ `new1`", "S̶e̶c̶r̶e̶t̶ Nebula4"): the one after it is the password."""
    start, end = match.span("secret")
    if not _STRUCK.search(text[start : end + 2]):
        return None
    following = _NEXT_VALUE.match(text, end)
    if following is None or not following.group("secret").strip("`*_|~"):
        return None
    return following.span("secret")


def _password_spans(text: str, word: vocabulary.Word, kind: str) -> Iterator[Span]:
    if word.entry.ambiguous and _KINDS_OF_PASS.search(text[max(0, word.start - 16) : word.start]):
        return
    if _a_documented_password(text, word) or value_frames.another_sense(text, word.start, word.end):
        return  # "curl -u user:PASSWORD https://…": the word stands where the value goes, in a guide; "hasło wyborcze"
    if (now := value_frames.now_it_is(text, word.end)) is not None:
        yield (*now, kind)  # "my old password was Kaas123, now it's Stroopwafel8": the current value, besides the old
    spelled = next(_spelled_spans(text, word, kind), None)
    if spelled is not None:  # "κωδικός κάρτας: πέντε οκτώ ένα τρία", "取款密码：六三八二一九"
        yield spelled
        return
    # "pw is just the word lighthouse, all lowercase, then 42": the parts a hint spells, and the value said plainly
    yield from ((start, end, kind) for start, end in disguised_values.hint_spans(text, word.end))
    yield from ((start, end, kind) for start, end in part_spans(text, word.end))  # "the name of our dog, Bello, and 12"
    tails = _tails(word.entry.languages)
    match = tails.strong.match(text, word.end)
    if match and _announced_value(match, word.entry.ambiguous or bool(_AN_AND.search(text, word.end, match.start("secret")))):
        yield (*with_phrase(text, match, _secret_span(match)), kind)
        if (corrected := _after_struck(text, match)) is not None:
            yield (*corrected, kind)
        return
    match = tails.weak.match(text, word.end)
    if match and weak(match):
        yield (*_secret_span(match), kind)
        return
    before = _BEFORE_THE_VALUE.search(text, max(0, word.start - 160), word.start)
    if before and weak(before):
        yield (*_secret_span(before), kind)
        return
    later = _LATER_COLON.match(text, word.end)
    if later and (weak(later) or titled_run(text, *later.span("secret"))):
        yield (*with_phrase(text, later, _secret_span(later)), kind)
        return
    gapped = tails.gapped.match(text, word.end)  # "the new work password they gave me is Welcome#2026"
    if gapped and weak(gapped):
        yield (*with_phrase(text, gapped, _secret_span(gapped)), kind)
    elif (set_to := value_frames.set_to(text, word.end)) is not None:  # "パスワードを v2.4.1-Neko にした"
        yield (*set_to, kind)


_USER_BEFORE = re.compile(r"([^\s:`'\"]*):$")
_PAIR_END = re.compile(r"[`'\"]?(?:\s|$)")


def _a_documented_password(text: str, word: vocabulary.Word) -> bool:
    """Whether the secret's word is itself the password of a guide's "user:PASSWORD" pair (a value goes there)."""
    user = _USER_BEFORE.search(text, max(0, word.start - 40), word.start)
    return (
        user is not None
        and _PAIR_END.match(text, word.end) is not None
        and a_documented_pair(user.group(1), text[word.start : word.end])
    )


_AN_AND = re.compile(r"(?i)(?<!\S)e\s*[*_~`|]*\s*$")
"""A bare "e" as the link: "is" in Romanian and in Italian typed without its accent, "and" in Italian and Portuguese
("la password e poi è uscito", "e l'ha reimpostata"): what follows is a value only when it looks like one."""
_LATER_COLON = re.compile(r"(?i)[^\n:：=.!?]{1,30}?[:：=]\s*" + VALUE_OPENING + VALUE)
"""A colon a few words after the word ("pswd bata raha hu: Jalebi#4", "pw for the nas box: Kite_88"): whatever the
words between, in whatever language, the value after the colon is announced by them; it must look like a secret."""


def _key_spans(text: str, word: vocabulary.Word, kind: str) -> Iterator[Span]:
    """An API key, token or login named by its word: the value must look like one (not "the token economy")."""
    tails = _tails(word.entry.languages)
    for pattern in (tails.strong, tails.weak):
        match = pattern.match(text, word.end)
        if match:
            raw = match.group("secret").rstrip(".,;:!?)`")  # "`401 Unauthorized: token expired`" ends a code span
            if _CODE_VALUE.fullmatch(raw) or not_a_value(raw) or A_LINK.match(raw):
                return  # a link after "token" is where it is used; a credential inside one is found as a link's
            pair = _PAIR_TAIL.match(text, match.end("secret")) if word.kind == "login" else None
            if pair and weak_pair(pair):  # "creds: mango_lad / Sapphire!Gull": a name, then its password
                yield (*_secret_span(pair), "password")
            if len(raw) >= _MIN_KEY_LENGTH and looks_like_a_secret(raw):
                yield (*_secret_span(match), kind)
                return
            if pair and weak_pair(pair):
                return


_PAIR_TAIL = re.compile(r"\s*(?:/|\||,|:)\s*(?P<secret>[^\s/|,]{4,})")


def _spelled_spans(text: str, word: vocabulary.Word, kind: str) -> Iterator[Span]:
    for tail in spelled_digits.TAILS:
        match = tail.match(text, word.end)
        if match:
            yield (*_secret_span(match), kind)
            return
    spelled = disguised_values.spelled_after_word(text, word.end)  # "Kilo Echo Lima 4 2", "p, a, p, i, l, l, o, n"
    if spelled is not None:
        yield (*spelled, kind)


def _pin_spans(text: str, word: vocabulary.Word, kind: str) -> Iterator[Span]:
    match = _tails(word.entry.languages).pin.match(text, word.end)
    if match:
        yield (*_secret_span(match), kind)
    elif (later := disguised_values.digits_after_colon(text, word.end)) is not None:
        yield (*later, kind)  # "pin with each pair flipped so it's safe to post: 92 71"
    yield from _spelled_spans(text, word, kind)


def _code_spans(text: str, word: vocabulary.Word, kind: str) -> Iterator[Span]:
    if not vocabulary.public_code_before(text[max(0, word.start - 16) : word.start]):
        yield from _spelled_spans(text, word, kind)
    match = _CODE_TAIL.match(text, word.end) or _tails(word.entry.languages).gapped.match(text, word.end)
    if not match or not re.fullmatch(CODE_LIST, match.group("secret"), re.IGNORECASE):
        # "digicode : 17B42": a colon hands letters and digits over; "koden er Rugbroed42": a word and its link do
        match = _CODE_AFTER_COLON.match(text, word.end) or _worded_code(text, word)
        if not match:
            if (issued := value_frames.issued_code(text, word.start, word.end)) is not None:
                yield (*issued, kind)  # "el código de Steam Guard que me llegó es 4KX9T"
            return
    before = text[max(0, word.start - 16) : word.start]
    gap = text[word.end : match.start("secret")]
    found = match.group("secret")
    if (
        vocabulary.public_code_before(before)
        or NOT_A_SECRET_GAP.search(gap)
        or a_year_beside_no_lock(found, gap)
        or a_dashed_date(found)
        or a_time_of_day(text, match.start("secret"), match.end("secret"))
    ):
        return  # "error code 1603", "zip code 90210", "code 2024", "the code review is at 14:00"
    yield (*_secret_span(match), kind)
    at = match.end("secret")
    while (more := _SAME_SHEET.match(text, at)) is not None and len(more.group("secret")) == len(found):
        yield (*more.span("secret"), kind)  # "codes de secours : 8d2f91a4, c7e03b55": a sheet's codes share a length
        at = more.end()


_SAME_SHEET = re.compile(r"(?i)(?:[ \t]*[,;/][ \t]*|[ \t]+)(?P<secret>(?=[a-z-]*\d)[a-z0-9][a-z0-9-]{3,15})(?![\w.-])")


def _worded_code(text: str, word: vocabulary.Word) -> re.Match[str] | None:
    """A code given after its word and a link as a password is ("koden er Rugbroed42", "el código de recuperación de
    Steam Guard es R48213"): letters and a digit with a secret's look, as a word that means both says it."""
    match = _tails(word.entry.languages).strong.match(text, word.end)
    if match is None:
        return None
    raw = match.group("secret")
    has_both = any(c.isdigit() for c in raw) and any(c.isalpha() for c in raw)
    if not has_both or _A_VERSION.match(raw) or named_public(text, *match.span("secret")):
        return None  # "v2.14.3", "le code ISIN est FR0000120271": a release, a public reference
    return match if _announced_value(match, ambiguous=True) else None


_A_VERSION = re.compile(r"(?i)v?\d+(?:\.\d+)+")
"""A version after "the code is" names a release ("v2.14.3"), not a code."""


def _cvv_spans(text: str, word: vocabulary.Word, kind: str) -> Iterator[Span]:
    match = _CVV_TAIL.match(text, word.end)
    if match:
        yield (*_secret_span(match), kind)


def _number_spans(text: str, word: vocabulary.Word, kind: str) -> Iterator[Span]:
    """A card, account or identity number named by its word: six digits at least, not a date or a year."""
    match = _NUMBER_TAIL.match(text, word.end)
    if not match:
        return
    value = match.group("secret").rstrip(".-/")
    if sum(c.isdigit() for c in value) < _MIN_NUMBER_DIGITS or _DATE.fullmatch(value):
        return
    if kind in ("id-number", "tax-id") and _SNOWFLAKE.fullmatch(value) and not numbers.resident_id(value):
        return  # "id number 1121568047484884118" is a Discord id: 17-20 bare digits are one before anything else
    start = match.start("secret")
    yield start, start + len(value), kind


def _seed_spans(text: str, word: vocabulary.Word, kind: str) -> Iterator[Span]:
    match = _tails(word.entry.languages).seed.match(text, word.end)
    if match:
        yield (*_secret_span(match), kind)


_SPANS_BY_KIND: dict[str, Callable[[str, vocabulary.Word, str], Iterator[Span]]] = {
    "password": _password_spans,
    "wifi": _password_spans,
    "pin": _pin_spans,
    "code": _code_spans,
    "cvv": _cvv_spans,
    "login": _key_spans,
    "api-key": _key_spans,
    "seed-phrase": _seed_spans,
    "card": _number_spans,
    "bank-account": _number_spans,
    "id-number": _number_spans,
    "passport": _number_spans,
    "licence": _number_spans,
    "tax-id": _number_spans,
    "phone": _number_spans,
}


_READ_OUT = frozenset({"password", "wifi", "pin"})


@dataclass(frozen=True)
class _VocabularyRule(Rule):
    """Every "<secret word> <link> <value>" of the vocabulary, in every language and disguise it lists.

    It has no needles: the vocabulary's own lookup (one pass over a line's words) is its gate.
    """

    def spans(self, text: str) -> Iterator[Span]:
        for word in [*vocabulary.find(text), *secret_symbols.find(text)]:
            spans = _SPANS_BY_KIND.get(word.kind)
            if spans is not None and word.kind in _READ_OUT:  # "tundra dash 44": its symbols said as words
                kind = vocabulary.PLACEHOLDERS[word.kind]
                found = [(s, disguised_values.symbols_after(text, e), k) for s, e, k in spans(text, word, kind)]
                read_out = disguised_values.read_out_after(text, word.end) if not found else None
                yield from found if read_out is None else [(*read_out, kind)]
            elif spans is not None:
                yield from spans(text, word, vocabulary.PLACEHOLDERS[word.kind])


def _handed_pair(match: re.Match[str]) -> bool:
    """A password's mix of classes: lower-case letters and a digit, and a symbol or a capital after the first letter;
    one pair, not a list of parts ("Ryzen7 / RTX4070 / 32GB")."""
    raw = match.group("secret").rstrip(".,;:!?)")
    letters = sum(c.isalpha() for c in raw)
    mixed = any(not c.isalnum() for c in raw) or any(c.isupper() for c in raw[1:])
    lower = any(c.islower() for c in raw)  # "RTX4070" is a part's name
    return letters >= _PAIR_MIN_LETTERS and lower and any(c.isdigit() for c in raw) and mixed and weak_pair(match)


_PAIR_MIN_LETTERS = 3


RULES: tuple[Rule, ...] = (
    _VocabularyRule("password", re.compile("(?!)")),
    Rule(  # "here's what you need: ops-admin / Quartz-Lantern-6621", "dùng cái này mà vào → hoa.sen / Ph0Bo_Hanoi"
        "password",
        re.compile(
            r"(?:[:：→⇒➜]|->|=>)[ \t]*(?<![\w.+@-])(?=[\w.+@-]*[^\W\d_])[\w.+@-]{2,40}[ \t]+[/|][ \t]+"
            r"(?P<secret>[^\s/|]{6,64})(?![^\s.,;!?)])(?![ \t]*[/|])"
        ),
        (" / ", " | "),
        digits=1,
        accept=_handed_pair,
    ),
    Rule("password", re.compile(r"(?i)\bpass\s*[:=]\s*" + VALUE), ("pass",)),
    Rule(  # "steam login: alice_w / Tr0ub4dor&3", "creds are bob / hunter22", "user admin pass admin123"
        "password",
        re.compile(
            r"(?i)\b(?:creds?|credentials|logins?|acc(?:oun)?t|user(?:name)?|benutzer(?:name)?|identifiant|usuario|utente)\b"
            r"[^\n/]{0,30}?(?<![\w.+@-])[\w.+@-]{2,40}\s*(?:/|\||,|\bpass(?:word)?\b\s*[:=]?|\bpw\b\s*[:=]?)\s*"
            r"(?P<secret>[^\s/|,]{4,})"
        ),
        ("cred", "login", "acc", "user", "benutzer", "identifiant", "usuario", "utente"),
        accept=weak_pair,
    ),
    Rule(  # "creds are admin:hunter22", "login alice:Wonderland7"
        "password",
        re.compile(
            r"(?i)\b(?:creds?|credentials|logins?|acc(?:oun)?t|user(?:name)?)\b[^\n:]{0,20}?(?<![\w.+@-])(?=[\w.+@-]*[^\W\d_])[\w.+@-]{2,40}:(?P<secret>[^\s:/]{4,})"
        ),
        ("cred", "login", "acc", "user"),
    ),
    Rule(
        "card",
        re.compile(
            r"(?i)\b(?:cvv2?|cvc2?|csc|cvn|security code|sicherheitscode|kartenprüfnummer|prüfnummer|cryptogramme"
            r"|código de seguridad|codice di sicurezza|código de segurança)\b[^\d\n.!?]{0,16}?(?P<secret>\d{3,4})(?!\d)"
        ),
        (
            "cvv",
            "cvc",
            "csc",
            "cvn",
            "security code",
            "sicherheitscode",
            "prüfnummer",
            "cryptogramme",
            "seguridad",
            "sicurezza",
            "segurança",
        ),
        digits=3,
    ),
    Rule(
        "card",
        re.compile(
            r"(?i)\b(?:card|karte|kreditkarte|tarjeta|carte|cartão|cartao|carta|kaart|karta|карт\w*|kart\w*|visa|mastercard|amex)"
            r"\b[^\d\n.!?]{0,24}?\b(?:ends?|ending|last|endet|endend|termina|terminant|finisce|termine|eindigt|kończy"
            r"|заканчивается|últimos|derniers|ultime|laatste|ostatnie|последние|son|biter)\b[^\d\n.!?]{0,20}?(?P<secret>\d{4})(?!\d)"
        ),
        ("card", "kart", "tarjeta", "carte", "cart", "carta", "kaart", "карт", "visa", "master", "amex"),
        digits=4,
        accept=card_tail,
    ),
    Rule(
        "code",
        re.compile(r"(?i)(?P<word>" + CODE_WORD + r")[^\d\n.!?]{0,25}?(?<![\w-])(?P<secret>" + CODE_LIST + ")"),
        ("cod", "códig", "kod", "код", "otp", "2fa", "mfa", "totp", "tan", "one-time", "one time"),
        digits=4,
        accept=a_code,
    ),
    Rule(
        "code",
        re.compile(
            r"(?i)(?P<word>(?:recovery|backup|rescue|reset|wiederherstellungs|sicherungs|secours|récupération|respaldo"
            r"|recuperação|recuperación|recupero|herstel|zapasow\w*|резервн\w*|восстановлени\w*|kurtarma|yedek|återställnings)\w*\s*(?:code|codes|kod\w*|код\w*"
            r"|codici|códigos)?|(?:2fa|mfa|otp|totp)\s*(?:backup\s*)?codes?)[^\w\n.!?]{0,25}?(?<![\w-])(?P<secret>"
            + ALNUM_LIST
            + ")"
        ),
        RECOVERY_NEEDLES,
        digits=1,
        accept=a_code,
    ),
)
