"""The shapes of a secret's value and the checks on it that the password rules share (:mod:`utils.privacy.passwords`):
what may link a word to its value, what a value may look like (a word, a quoted phrase, a code or a list of codes),
and when a found value is one (:func:`looks_like_a_secret`, not a placeholder, a year or a postal code)."""

from __future__ import annotations

import re
import unicodedata

from utils.privacy import vocabulary
from utils.privacy.secret_places import mask_words, no_value_words, placeholder_parts

# The universal links between a secret word and its value; each language adds its own (vocabulary.LINKS).
SIGN_LINK = r"\s*(?:=>|->|[:=：]|→|—|–)\s*|'s\s+"
"""A sign between a word and its value; the two-character arrows first, so "=>" (a Ruby hash's) is not "=" before ">"."""
ADVERB = (
    r"(?:(?:now|still|jetzt|noch|nun|maintenant|toujours|ahora|ancora|adesso|ora|agora|nu|nå|nyt|teraz|teď|теперь|сейчас"
    r"|şimdi|artık|sekarang|ngayon|just|simply|literally)\s+)?"
)
MARKDOWN = r"[*_~`|!]*"
# The end of a quoted key in code or JSON ('"apiKey": "…"', "'PASSWORD': '…'").
CLOSING_QUOTE = "[\"']?"
# A remark in brackets between a word and its value ("password (reversed so bots can't read it): …").
ASIDE = r"(?:\s*\([^()\n]{1,40}\))?"
# Markdown opening the value, a code fence included ("password\n```\nMaple_Kayak_88\n```").
VALUE_OPENING = r"(?:`{3}\w*\s*|[*_~`|]*)"
WEAK = r"(?:\s+(?:to|auf|en|à|a|naar|na|на|in|into|as)\s+|\s*(?:…|\.\.\.)\s*|\s+[-–—]\s+|\s+)"
QUOTED = r"(?:\"[^\"\n]{1,120}\"|'[^'\n]{1,120}'|“[^”\n]{1,120}”|„[^“”\n]{1,120}[“”]|«[^»\n]{1,120}»|「[^」\n]{1,120}」)"
_UNSPACED_LETTER = r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af]"
_NOT_REMARK = r"\((?!" + _UNSPACED_LETTER + ")"
WORD = r"(?:(?:[^\s\"“”«»「」(（]|" + _NOT_REMARK + r")*(?:[^\s\"“”«»「」.,;:?()\]'’（）]|" + _NOT_REMARK + "))"
"""A value's characters up to a space or a quote. A bracket opening words of a script written without spaces ends it:
Chinese, Japanese and Korean put a remark in brackets straight after a value ("密碼是 4781（給我妹）", "PW: Kx81(妹用)"),
and a fullwidth bracket is typed by an input method, never in a password."""
VALUE = r"(?P<secret>" + QUOTED + "|" + WORD + ")"
ABBREVIATION_DOT = r"(?:\.(?=\s))?"
"""The dot closing an abbreviated word ("p.w. ForestGump92", "pwd. Kite_88"): the value follows it."""

NOT_A_SECRET = vocabulary.NOT_SECRETS | no_value_words()
"""Words that follow "password is" without being one ("wrong", "on the fridge", "zu kurz", "keins", "brak")."""


def value(match: re.Match[str]) -> str:
    return match.group("secret").strip("\"'“”„«»「」").casefold()


_UNSPACED_START = re.compile(r"[\u0e00-\u0e7f\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]")
"""A value that begins in a script written without spaces runs on into its sentence: its first clause is judged."""
_CLAUSE_END = re.compile(r"[、，,。．！？!?；;：:\s]")


def looks_like_a_secret(value: str) -> bool:
    """A bare word that reads as a secret rather than as prose: a digit, a symbol, or inner capitals beside small
    letters ("hUnTeR"); a word in capitals alone is a word shouted ("forgot my password AGAIN"), not a mix of cases."""
    if _UNSPACED_START.match(value):  # "パスワードは使い回さないで、1Passwordとか…": the clause after the word, not the line
        value = _CLAUSE_END.split(value, 1)[0]
    if len(value) < 4:
        return False
    mixed_case = any(c.isupper() for c in value[1:]) and any(c.islower() for c in value)
    return any(c.isdigit() for c in value) or any(_a_symbol(c) for c in value) or mixed_case


def _a_symbol(char: str) -> bool:
    """A character a password mixes in: not a letter or digit, not a hyphen or apostrophe inside a word, not a
    combining mark, and not the punctuation of scripts written without spaces ("、", "。", "・"), which ends a clause
    run on after a word in Japanese or Chinese ("パスワードは教えないよ、笑") and no keyboard password holds."""
    return (
        not char.isalnum()
        and char not in "-'’"
        and not unicodedata.category(char).startswith("M")
        and not ("\u3000" <= char <= "\u303f" or char == "\u30fb" or "\uff61" <= char <= "\uff65")
    )


PLACEHOLDER_VALUE = re.compile(r"\$\{?\w+\}?|<[^>\s]+>|\{\{[^}]*\}\}|%\w+%|\*+|x{4,}")
A_LINK = re.compile(r"(?i)https?://")
_ELLIPSIS = re.compile(r"…|\.\.\.")
MIN_SHOWN = 8


_BRACKETED_LABEL = re.compile(r"\[[^\W\d_]+(?:[ _-][^\W\d_]+)*\]?")
_ANGLED_LABEL = re.compile(r"<[^\W\d_]+(?:[ _-][^\W\d_]+)*>(?![\w<])")
"""A label in brackets where a value was ("token: [REDACTED]", "[hidden]"): a log or a guide hid it."""


def a_placeholder(raw: str) -> bool:
    """A value that stands for one: ``${DB_PASSWORD}``, ``<your-token>``, ``***`` or ``••••`` (its closing code mark
    left out), ``[REDACTED]`` or a mask's word alone (``REDACTED``, ``[Filtered]``), a constant's name in capitals in any
    script (``TUA_PASSWORD``, ``"DIN_NYCKEL"``, ``ВАШ_ТОКЕН``), quoted or not, or a guide's words in lower case joined
    by "_" or "-" with a "your" or a "here" among them (``your_password_here``, ``sifreniz_buraya``): letters only."""
    bare = raw.strip("\"'“”„«»「」").rstrip("`|~")
    if not bare.strip("*_~`|" + _MASK_DOTS):
        return True  # only the marks around a value ("password=***`", its masked stars taken as emphasis, "••••")
    if PLACEHOLDER_VALUE.fullmatch(bare) or _BRACKETED_LABEL.fullmatch(bare) or _a_mask_word(bare):
        return True
    if _ANGLED_LABEL.match(bare):
        return True  # "<密码>`，自己替换": a guide's label in angle brackets, the sentence running on without a space
    parts = bare.split("_")
    if len(parts) > 1 and bare.isupper() and all(part.isalpha() for part in parts):
        return True
    words = _PARTS.split(bare.casefold())
    return len(words) > 1 and all(word.isalpha() for word in words) and not placeholder_parts().isdisjoint(words)


def _a_mask_word(bare: str) -> bool:
    """A mask's word as a log prints it: in capitals ("REDACTED", "FILTERED") or in a script without case ("非表示").
    The same word in lower case is a word a member may have chosen ("passwort: versteckt", "şifre: gizli"): a value."""
    word = bare.strip("[]")
    return word.casefold() in mask_words() and (word.isupper() or word.upper() == word.lower())


_MASK_DOTS = "•●∙⋅·◦＊"
"""The dots an app prints for each character it hides ("كلمة المرور: ••••••••")."""
_PARTS = re.compile(r"[_-]")


_USER_WORDS = frozenset(
    "user username usuario utilisateur nom benutzer benutzername utente gebruiker użytkownik login name admin"
    " пользователь користувач kullanıcı användare bruger käyttäjä uživatel".split()
)
"""The word a guide writes where the user name goes ("curl -u user:PASSWORD", "postgresql://usuario:contraseña@…")."""


def a_documented_pair(user: str, password: str) -> bool:
    """A user and password that a guide writes in their place: the password is a secret's own word, in capitals
    ("user:PASSWORD", "-p'PASSWORT'") or after the word for a user ("usuario:contraseña"). A member's own password
    that is the word itself ("me:password") has neither."""
    bare = password.strip("\"'`")
    entry = vocabulary.kind_of_word(bare) if bare.isalpha() else None
    if entry is None or entry.kind not in {"password", "login", "api-key"}:
        return False
    return bare.isupper() or user.strip("\"'`").casefold() in _USER_WORDS


def not_a_value(raw: str) -> bool:
    """A placeholder, a word that judges or places a value ("wrong", "on the sticker", "none"), or one shown cut."""
    return a_placeholder(raw) or raw.casefold() in NOT_A_SECRET or no_value_first(raw) or elided(raw)


_CLAUSE_AFTER = re.compile(r"[,，、。;；](?=[^\W\d_])")


def no_value_first(raw: str) -> bool:
    """A value that is a word for "none" and the sentence going on after a comma ("無，直接連就好", "没有，直接进房间"):
    a script written without spaces runs on past the word, and a password does not break at a comma into words."""
    head = _CLAUSE_AFTER.split(raw.strip("\"'“”„«»「」()（）"), maxsplit=1)[0]
    return head != raw and head.casefold() in no_value_words()


def elided(value: str) -> bool:
    """A value shown cut with an ellipsis and too short to be one ("sk-…your key…", "ghp_..."): an example, not a key."""
    return bool(_ELLIPSIS.search(value)) and sum(c.isalnum() for c in value) < MIN_SHOWN


def weak(match: re.Match[str]) -> bool:
    raw = match.group("secret")
    if a_placeholder(raw) or A_LINK.match(raw):
        return False  # '"password": "[Filtered]"': a quoted stand-in is no value; "user:PASSWORD https://…": a link is
        # where the password goes (a password inside a link is the link rule's)
    # the code mark closing a command quoted in chat ("`sudo: 3 incorrect password attempts`") is not a symbol of the
    # word before it: a word with no link to a secret word must look like one by itself
    return raw[0] in "\"'“„«「" or (looks_like_a_secret(raw.rstrip("`")) and value(match) not in NOT_A_SECRET)


CODE_WORD = (
    r"(?:\b[^\W\d_]*(?:code|codes|codice|codici|código|códigos|codigo|kode|kod|kody|kodu|kodlar\w*|код\w*)"
    r"|\b(?:otp|2fa|mfa|totp|tan|one[- ]time code))(?![^\W\d_])"
)
_CODE = (
    r"(?:\d{3,4}[ -]\d{3,4}(?![ -]?\d)|\d{4,10}|(?=[a-z0-9-]*\d)[a-z0-9]{4,5}-[a-z0-9]{4,5}"
    r"|\d\d(?: \d\d){2,3}(?![ -]?\d)|\d\d(?:-\d\d){2,3}(?![ -]?\d))(?![\w-]|\.\d)"
)
"""A one-time code: two groups of three or four digits, a run of digits, two groups of letters and digits, or three
or four pairs of digits as banks' messages space them ("TAN 90-31-77", "code : 27 41 95"); not the whole part of a
decimal ("codul vamal 9504.50")."""
# Recovery codes of letters and digits ("8f3k2m9q", "A1B2-C3D4-E5F6", Steam Guard's "R51932"): both, 6-16 characters.
_ALNUM_CODE = r"(?=[a-z-]*\d)(?=[\d-]*[a-z])(?:[a-z0-9]{6,16}|[a-z0-9]{4}(?:-[a-z0-9]{4}){1,3})(?![\w-])"
RECOVERY_NEEDLES = (
    "recover", "backup", "rescue", "reset", "wiederherstell", "sicherung", "secours", "récupér", "respaldo",
    "recupera", "recupero", "herstel", "zapas", "резерв", "восстанов", "kurtarma", "yedek", "2fa", "mfa", "otp", "totp",
    "återställ",
)  # fmt: skip
ALNUM_LIST = _ALNUM_CODE + r"(?:(?:\s*[,;/]\s*|\s+(?:and|und|et|y|e|i|и|ve|en|och|og)\s+|\s+)" + _ALNUM_CODE + r")*"
CODE_LIST = _CODE + r"(?:(?:\s*[,;/]\s*|\s+(?:and|und|et|y|e|i|и|ve|en|och|og)\s+|\s+)" + _CODE + r")*"
NOT_A_SECRET_GAP = re.compile(r"(?i)\b(?:postal|postale|zip|error|erreur|fehler|errore|erro|promo|area|área|de área)\b")
YEAR = re.compile(r"(?:19|20)\d\d")
CLOCK = re.compile(r"(?i)(?:[01]?\d|2[0-3])[:h]\d\d(?::\d\d)?(?:\s?[ap]\.?m\.?)?")
_TIME_BEFORE = re.compile(
    r"(?i)(?:\b(?:at|from|until|till|by|before|after|since|um|ab|von|bis|gegen|à|vers|dès|de|a\s+las?|hasta|desde|alle|dalle"
    r"|om|vanaf|tot|kl\.?|klo|klockan|kello|o|godz\.?|в|с|до|saat|às|das|até)|[-–])\s*$"
)
_TIME_AFTER = re.compile(r"(?i)\s*(?:[ap]\.?m\b|uhr\b|h\b|hrs?\b|o'clock|[-–]\s*\d)")


def a_time_of_day(text: str, start: int, end: int) -> bool:
    """Whether ``text[start:end]`` is a time of day as a time is said ("at 14:00", "um 16:45", "14h30", "10:15-11:00",
    "9:30am"): no code is typed with an hour's colon after "at". A time given as a code keeps no such word
    ("the alarm code is a time, 07:45, minus the colon")."""
    if not CLOCK.fullmatch(text, start, end):  # "at 10 30 45": spaced, a time only after a word that times it
        return bool(_SPACED_CLOCK.fullmatch(text, start, end) and _TIME_BEFORE.search(text, max(0, start - 16), start))
    said = text[start:end].casefold()
    if "h" in said or said.rstrip(".").endswith("m"):  # "14h30", "9:30am", "9:30 p.m."
        return True
    return bool(_TIME_BEFORE.search(text, max(0, start - 16), start) or _TIME_AFTER.match(text, end))


_SPACED_CLOCK = re.compile(r"(?:[01]?\d|2[0-3]) [0-5]\d(?: [0-5]\d)?")
_DASHED_DATE = re.compile(r"(\d\d)-(\d\d)-\d\d")


def a_dashed_date(value: str) -> bool:
    """Whether three dashed pairs read as a date, day and month in either order ("12-03-24"): a code of pairs is
    spaced or dashed as a bank sends it ("90-31-77"), and one that is also a date is left to be a date."""
    date = _DASHED_DATE.fullmatch(value)
    if date is None:
        return False
    first, second = int(date.group(1)), int(date.group(2))
    return (1 <= first <= 31 and 1 <= second <= 12) or (1 <= first <= 12 and 1 <= second <= 31)


def a_code(match: re.Match[str]) -> bool:
    before = match.string[max(0, match.start("word") - 16) : match.start("word")]
    gap = match.string[match.end("word") : match.start("secret")]
    if vocabulary.public_code_before(before) or NOT_A_SECRET_GAP.search(gap):
        return False
    value = match.group("secret")
    if a_time_of_day(match.string, match.start("secret"), match.end("secret")) or a_dashed_date(value):
        return False
    return not (YEAR.fullmatch(value) and match.group("word").casefold() in {"code", "codes", "kod", "код"})


def weak_pair(match: re.Match[str]) -> bool:
    raw = match.group("secret").rstrip(".,;:!?)`")
    return looks_like_a_secret(raw) and raw.casefold() not in NOT_A_SECRET


def card_tail(match: re.Match[str]) -> bool:
    return not YEAR.fullmatch(match.group("secret"))
