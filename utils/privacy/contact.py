"""E-mail addresses (also spelled out: "alice dot smith at gmail dot com"), phone numbers, street addresses.

Phones: international (+NN …) and the national shapes members of this bot write (US, UK,
FR, DE, ES, IT, NL, PL, BR, RU, TR). Google's ``phonenumbers`` was measured against the
table: it found the same 16 of 16 phone rows with no false alarm, but it needs a region
per guess, and trying eleven regions costs ~500 µs a line (p50) against ~55 µs for the
whole screen, so the hand-written shapes stay.

Addresses: a house number next to a street word of one of the table's languages ("42
Baker Street", "Hauptstraße 5", "12 rue de la Paix", "Calle Mayor 10", "via Roma 15",
"ul. Długa 5", "улица Ленина, д. 5", "Atatürk Caddesi No: 12"). A place named without a
number ("on Baker Street", "5th Avenue") is left alone; one with a number is redacted
even when it is a public place said in passing, since the screen cannot tell a home from
a café, and a redacted café costs the memory little.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from importlib import resources

from utils.privacy.memoised_lines import memoised
from utils.privacy.phone_words import may_hold_a_phone_word
from utils.privacy.rule import A_DATE, Rule, Span, literal_trie, words

_TLD = words(
    "com",
    "net",
    "org",
    "de",
    "fr",
    "es",
    "it",
    "nl",
    "pl",
    "ru",
    "uk",
    "co",
    "io",
    "edu",
    "gov",
    "br",
    "pt",
    "tr",
    "se",
    "ca",
    "au",
    "me",
    "info",
    "ch",
    "at",
    "be",
    "eu",
    "us",
    "dev",
    "app",
    "mail",
    "gmail",
    "yahoo",
)
_DOT = r"\s*+[\(\[{<]?\s*+(?:dot|punkt|point|punto|ponto|kropka|точка|nokta|\.)\s*+[\)\]}>]?\s*+"
_AT = r"\s*[\(\[{<]?\s*(?:at|@|chez|arroba|chiocciola|bij|małpa|собака|собачка|et)\s*[\)\]}>]?\s*"
_EMAIL = r"(?<![A-Za-z0-9._%+-])[A-Za-z0-9._%+-]{1,64}+@(?:[A-Za-z0-9-]{1,63}+\.){1,8}[A-Za-z]{2,24}+\b"
_SPELLED_EMAIL = (  # possessive runs and bounded repeats: a line of "a dot a dot …" costs linear time
    r"(?i)\b[\w+-]++(?:" + _DOT + r"[\w+-]++){0,4}"
    r"(?:\s*+[\(\[{<]\s*+(?:at|@)\s*+[\)\]}>]\s*+|\s++(?:at|chez|arroba|chiocciola|małpa|собака)\s++|\s*+@\s*+)"
    r"[\w-]++(?:" + _DOT + r"[\w-]++){0,3}?"
    r"(?:\s*+[\(\[{<]?\s*+(?:dot|punkt|point|punto|ponto|kropka|точка|nokta)\s*+[\)\]}>]?\s*+|\s*+[\(\[{<]\s*+\.\s*+[\)\]}>]\s*+)"
    + _TLD
    + r"\b"
)

_CJK = "\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af"
"""Scripts written without spaces: a number glued to them ("携帯は090-1234-5678です") still stands alone."""
_PHONE = (
    rf"(?<![^\W{_CJK}])(?<!\+)(?:"
    r"\+\d{1,3}[ .-]?(?:\(?\d{1,4}\)?[ .-]?){2,5}\d{2,4}"  # international
    r"|\(?\d{3}\)?[ .-]\d{3}[ .-]\d{4}"  # US
    r"|0\d{3,4}[ ]\d{6}|07\d{3}\s?\d{6}"  # UK
    r"|0[1-9](?:[ .-]?\d{2}){4}"  # FR
    r"|01[5-7]\d{1,2}[ /-]?\d{6,8}|0\d{2,4}[ /-]\d{5,8}"  # DE
    r"|[679]\d{2}[ .]\d{2}[ .]\d{2}[ .]\d{2}|[679]\d{2}[ .]\d{3}[ .]\d{3}"  # ES
    r"|3\d{2}[ .]\d{3}[ .]\d{3,4}|3\d{9}"  # IT
    r"|06[ -]?\d{8}"  # NL
    r"|[4-8]\d{2}[ -]\d{3}[ -]\d{3}"  # PL
    r"|\(\d{2}\)\s?9?\d{4}-\d{4}"  # BR
    r"|8[ ]?\(?9\d{2}\)?[ ]?\d{3}[ -]\d{2}[ -]\d{2}"  # RU
    r"|05\d{2}[ ]?\d{3}[ ]?\d{2}[ ]?\d{2}"  # TR
    r"|0\d{2}[ -]\d{4}[ -]\d{4}"  # UK London/Cardiff, JP mobiles (090-1234-5678)
    r"|04\d{2}[ ]\d{3}[ ]\d{3}|\(0\d\)[ ]?\d{4}[ ]?\d{4}"  # AU
    r"|[6-9]\d{4}[ -]\d{5}"  # IN
    r"|1[ -]\(?\d{3}\)?[ -]\d{3}[ -]\d{4}"  # US/CA with the trunk 1
    r"|0\d{2}[ -]\d{3}[ ]\d{2}[ ]\d{2}"  # CH, SE, AT
    r"|0[5-9]\d{2}[ -]\d{3}[ -]\d{3,4}"  # mobiles grouped 4-3-3 / 4-3-4: TW, VN, PH, NG, TH, ID
    r"|07\d{2}[ ]\d{6}|3\d{2}[ ]\d{7}"  # KE, CO
    r"|0\d{2}[ ]\d{2}[ ]\d{2}[ ]\d{2}[ ]\d{2}|01[0-9][ -]\d{3,4}[ -]\d{4}"  # MA (06 50 …), KR (010-2000-0000)
    rf")(?![^\W{_CJK}])"
)
_NOT_AFTER = re.compile(r"\d[ .,]$")


# After a phone word any 8-15 digits are a phone number, in whatever national layout ("call me on 0161 496 0000").
_PHONE_DATA = json.loads(resources.files("utils.privacy").joinpath("data/phone_words.json").read_text(encoding="utf-8"))
_PHONE_WORDS = (
    "(?:(?<![^\\W\\d_])"
    + words(*(re.escape(w) for ws in _PHONE_DATA["spaced"].values() for w in ws))
    + ("(?![^\\W\\d_])|" + words(*(re.escape(w) for ws in _PHONE_DATA["unspaced"].values() for w in ws)) + ")")
)
"""The phone words of every language in ``data/phone_words.json``: whole words, or inside a script without spaces."""
_PHONE_NEEDLES = tuple(
    sorted({w.casefold().rstrip(".") for ws in (*_PHONE_DATA["spaced"].values(), *_PHONE_DATA["unspaced"].values()) for w in ws})
)
_PHONE_AFTER_WORD = r"(?i)" + _PHONE_WORDS + r"[^\d\n+]{0,24}?(?P<secret>\+?\(?\d[\d ()./-]{6,22}\d)(?![\w])"
_PHONE_NUMBER = re.compile(r"[+(\d](?<![\d+(].)(?:(?<=\+)\(?\d|(?<=\()\d|(?<=\d))[\d ()./-]{6,22}\d(?![\w])")
"""A number as a phone's is written: ``+``, ``(`` or a digit with none of them before it, then its digits. Its first
character is read first (a class, which ``re`` looks for in C across the letters of a long post) and what stands
before it only then; which of the three it was says what may follow (``+(``, ``+1``, ``(0``)."""
_PHONE_WORD_BEFORE = re.compile(
    r"(?i)(?:(?<![^\W\d_])"
    + literal_trie([w for ws in _PHONE_DATA["spaced"].values() for w in ws])
    + r"(?![^\W\d_])|"
    + literal_trie([w for ws in _PHONE_DATA["unspaced"].values() for w in ws])
    + r")[^\d\n+]{0,24}?$"
)
""":data:`_PHONE_WORDS` as tries, then the few characters to the number: whether a window holds a phone word is all
that is asked of it, and a position tries the few words that start with its letter, not each of 40 languages'."""
_PHONE_LOOK_BACK = 60


class _PhoneAfterWordRule(Rule):
    """Numbers first, then the few words before each for a phone word: the words of 40 languages are one long
    alternation, read on a short window, not at every position of a long line."""

    def spans(self, text: str) -> Iterator[Span]:
        if not may_hold_a_phone_word(text):  # "wa" of "was": a needle, no word (phone_words.py)
            return
        for number in _PHONE_NUMBER.finditer(text):
            if not 8 <= sum(c.isdigit() for c in number.group()) <= 15:
                continue
            window = text[max(0, number.start() - _PHONE_LOOK_BACK) : number.start()]
            if _PHONE_WORD_BEFORE.search(window):
                yield number.start(), number.end(), self.kind


def _phone(match: re.Match[str]) -> bool:
    """Not the tail of a longer figure ("1 234 567 890 €"), nor a date and its hour ("01.01.2026 00:30")."""
    text = match.string[max(0, match.start() - 2) : match.start()]
    if A_DATE.search(match.group()):
        return False
    return not _NOT_AFTER.search(text) or match.group().startswith("+")


_STREET_AFTER = words(
    "street",
    "st",
    "st.",
    "avenue",
    "ave",
    "ave.",
    "road",
    "rd",
    "rd.",
    "lane",
    "ln",
    "drive",
    "dr",
    "boulevard",
    "blvd",
    "court",
    "ct",
    "way",
    "place",
    "pl",
    "terrace",
    "close",
    "crescent",
    "gardens",
    "square",
    "sq",
    "parkway",
    "highway",
)
_STREET_BEFORE_WORDS = (
    "rue",
    "avenue",
    "av.",
    "boulevard",
    "bd",
    "chemin",
    "impasse",
    "allée",
    "place",
    "quai",
    "calle",
    "c/",
    "avenida",
    "avda.",
    "paseo",
    "plaza",
    "carrer",
    "via",
    "viale",
    "piazza",
    "corso",
    "largo",
    "rua",
    "travessa",
    "praça",
    "ul.",
    "ulica",
    "ulicy",
    "al.",
    "aleja",
    "alei",
    "os.",
    "улица",
    "ул.",
    "проспект",
    "пр.",
    "переулок",
    "пер.",
    "улице",
    "caddesi",
    "cad.",
    "cd.",
    "sokak",
    "sokağı",
    "sok.",
    "sk.",
    "mahallesi",
)
_STREET_BEFORE = words(*map(re.escape, _STREET_BEFORE_WORDS))
"""Escaped: "al." and "av." are abbreviations, not "all" or "ave" ("Played 2048 all night." is no address)."""
_STREET_SUFFIX = words(
    "straße",
    "strasse",
    "str.",
    "weg",
    "gasse",
    "platz",
    "allee",
    "ring",
    "damm",
    "ufer",
    "chaussee",
    "straat",
    "laan",
    "plein",
    "gracht",
    "kade",
    "singel",
    "dijk",
    "gatan",
    "gata",
    "vägen",
    "vej",
    "veien",
    "gade",
)
_NAME = r"[^\W\d_][\w'’.-]*"
_HOUSE = r"\d{1,5}[a-zA-Z]?(?:[/-]\d{1,4}[a-zA-Z]?|-(?:I{1,3}|IV|hs|huis|bis)(?![\w]))?"
"""A house number: "42", "14a", "27/3", "7-21", and a Dutch floor or ground-floor mark after a dash ("417-II", "12-hs")."""
_NUMBER_FIRST = (  # "42 Baker Street", "12 rue de la Paix"
    r"(?i)(?<![\w.,:-])"
    + _HOUSE
    + r",?\s+(?:(?:"
    + _NAME
    + r"\s+){1,3}"
    + _STREET_AFTER
    + r"(?![\w])(?:,?\s+(?:apt|apartment|unit|flat|suite|ste|#)\.?\s*#?\w{1,5})?|(?:bis\s+|ter\s+)?"
    + _STREET_BEFORE
    + r"\s+(?:(?:de|del|de la|des|du|della|di|da|do|dos|das)\s+)?"
    + _NAME
    + r"(?:\s+(?!(?:and|et|und|y|e|with|avec|mit|con|com)\b)"
    + _NAME
    + r"){0,2})"
)
# A street named before its house number ("Calle Mayor 10", "ul. Długa 5", "улица Ленина, д. 5",
# "Hauptstraße 5", "Atatürk Caddesi No: 12"): the rule finds house numbers (cheap: digits) and looks
# back over the 60 characters before each for the street; a case-blind scan of the whole line for
# the street words would cost ~2 ms on a long message.
_STREET_BEFORE_NUMBER = re.compile(
    r"(?:(?<![\w])"
    + _STREET_BEFORE
    + r"\s+(?:(?:de|del|de la|des|du|della|di|da|do|dos|das|la|le)\s+)?(?:"
    + _NAME
    + r"\s+){0,3}?"
    + _NAME
    + r"|(?:[^\W\d_][\w'’-]*\s+)?(?:[^\W\d_][\w'’-]*?)?"
    + _STREET_SUFFIX
    + r"|(?<![\w])[^\W\d_][\w'’-]*\s+(?:caddesi|cad\.|cd\.|sokak|sokağı|sok\.|sk\.|bulvarı|mahallesi))"
    + r",?\s+(?:(?:no|nr|n°|nº|núm\.?|num\.?|д\.|дом|numara)[:.]?\s*)?$"
)
_BEFORE_HINTS = tuple(w for w in _STREET_BEFORE_WORDS if len(w) > 2)
_SUFFIX_HINTS = (*_STREET_SUFFIX[3:-1].split("|"), "caddesi", "cad.", "cd.", "sokak", "sok", "sk.", "bulvar", "mahalle")
_BEFORE_HINT = re.compile(literal_trie(list(_BEFORE_HINTS)))
_SUFFIX_HINT = re.compile(literal_trie(list(_SUFFIX_HINTS)))
"""Whether a hint is anywhere in the window, in one regex call (a house number is looked back from for each): as
tries, a position tries the few hints that start with its letter, not each in turn."""
_HOUSE_NUMBER = re.compile(r"(?<![\w.,:/-])" + _HOUSE + r"(?![\w])")


_A_QUANTITY = re.compile(
    r"(?i)\s*(?:hours?|hrs?|h|mins?|minutes?|times?|points?|pts|kills?|wins?|games?|levels?|lvl|fps|hz|days?|years?"
    r"|km|kg|mb|gb|%|€|\$|stunden|heures|horas|ore|godzin|часов|saat)\b"
)


_LIST_MARKER = re.compile(r"[.)]\s")


def _list_marker(match: re.Match[str]) -> bool:
    """The number of a numbered list ("1. Elden Ring, 2. Hades, 3. Celeste"): its neighbour is a marker too."""
    if not match.group().isdigit() or not _LIST_MARKER.match(match.string, match.end()):
        return False
    number = int(match.group())
    markers = _list_numbers(match.string)
    return any(str(n) in markers for n in (number - 1, number + 1) if n >= 0)


_MARKER_NUMBER = re.compile(r"(?<![\w.,:/-])[0-9]+(?=[.)]\s)")


@memoised(4)
def _list_numbers(text: str) -> frozenset[str]:
    """The numbers standing as a list's markers in ``text`` ("7. ", "8) "), read once for the text: a list of hundreds
    of numbered lines had each number search the whole text for its neighbours."""
    return frozenset(_MARKER_NUMBER.findall(text))


def _street_before(match: re.Match[str]) -> bool | tuple[int, int]:
    """A street named before a house number; "Elden Ring, 120 hours" is a count, not an address."""
    if _A_QUANTITY.match(match.string, match.end()) or _list_marker(match):
        return False
    window_start = max(0, match.start() - 60)
    window = match.string[window_start : match.start()].lower()
    if not _BEFORE_HINT.search(window) and not _SUFFIX_HINT.search(window, max(0, len(window) - 24)):
        return False
    street = _STREET_BEFORE_NUMBER.search(window)
    if street is None:
        return False
    written = [word.strip(",") for word in match.string[window_start + street.start() : match.start()].split()]
    if written and written[-1].islower() and written[-1].endswith("ring"):
        return False  # "bring 3 stacks", "spring 2024", "string 4": a "-ring" street is written with its capital
    if written and written[-1].casefold() in _SUFFIX_HINTS and all(word.islower() for word in written[:-1]):
        return False  # "Wagen 9, Platz 65", "am Platz 12": a seat; a street has a name ("Marktplatz 5", "Neuer Weg 3")
    return window_start + street.start(), match.end()


_COMPONENT_SEPARATOR = re.compile(r",\s*")
_TAIL_COMPONENTS = 4
_TAIL_TOKENS = 4
_ABBREVIATION = 4


def _address_token(token: str) -> bool:
    """A word of an address's tail: a name ("Dayton", "OH"), a number or postcode ("45402", "3ºB", "LS6"),
    or an abbreviation ("кв.", "apt.")."""
    bare = token.strip(".")
    return bool(bare) and (
        bare[0].isupper() or any(c.isdigit() for c in bare) or (token.endswith(".") and len(bare) <= _ABBREVIATION)
    )


def _tail_end(text: str, end: int) -> int:
    """Where an address ends: after the flat, city, region and postcode that follow the street, comma by comma
    ("742 Larkspur Ln, Apt 3B, Dayton, OH 45402 pls" ends before "pls")."""
    for _ in range(_TAIL_COMPONENTS):
        separator = _COMPONENT_SEPARATOR.match(text, end)
        if separator is None:
            break
        component_end, closed = None, False
        for taken, token in enumerate(re.finditer(r"\S+", text[separator.end() : separator.end() + 60])):
            word = token.group().rstrip(",")
            if taken == _TAIL_TOKENS or not _address_token(word):
                break
            component_end = separator.end() + token.start() + len(word)
            if word.endswith((".", "!", "?")) and len(word.strip(".!?")) > _ABBREVIATION:
                return component_end - 1  # the sentence ends with the address ("… 5 Rue de la Paix, Paris. Love it")
            if word != token.group():  # the component ends at its comma
                closed = True
                break
        if component_end is None:
            break
        end = component_end
        if not closed and not _COMPONENT_SEPARATOR.match(text, end):
            break
    return end


_UNITS = json.loads(resources.files("utils.privacy").joinpath("data/address_units.json").read_text(encoding="utf-8"))
_A_LINE_BEFORE = re.compile(
    rf"(?<![^\W\d_])(?:{literal_trie(_UNITS['transit'])})(?:\s*(?:{literal_trie(_UNITS['transit_numbers'])}))?[\s:.]*$",
    re.IGNORECASE,
)
"""A bus's, a tram's or a shared taxi's word (``transit`` in ``data/address_units.json``) right before a number: the
line's number, not a house's ("basi namba 46 linaenda Kenyatta Avenue")."""


def _with_tail(match: re.Match[str]) -> bool | tuple[int, int]:
    if _A_LINE_BEFORE.search(match.string, max(0, match.start() - 24), match.start()):
        return False
    return match.start(), _tail_end(match.string, match.end())


def _street_before_with_tail(match: re.Match[str]) -> bool | tuple[int, int]:
    found = _street_before(match)
    return (found[0], _tail_end(match.string, found[1])) if isinstance(found, tuple) else found


_EMAIL_LOCAL = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789._%+-")
"""The characters of an address's local part (``_EMAIL``'s ``[A-Za-z0-9._%+-]``)."""


class _EmailRule(Rule):
    """An address is tried only where one can start: on the local part right before an "@" (a run of 1 to 64 of
    its characters with none before it, as the pattern's lookbehind and possessive run ask), not at every character
    of a long post that holds one "@" in a mention."""

    def spans(self, text: str) -> Iterator[Span]:
        starts = []
        at = text.find("@")
        while at != -1:
            start = at
            while start > 0 and at - start <= 64 and text[start - 1] in _EMAIL_LOCAL:
                start -= 1
            if 1 <= at - start <= 64 and (start == 0 or text[start - 1] not in _EMAIL_LOCAL):
                starts.append(start)
            at = text.find("@", at + 1)
        return self.spans_from(text, starts)


RULES: tuple[Rule, ...] = (
    _EmailRule("email", re.compile(_EMAIL), ("@",)),
    Rule(
        "email",
        re.compile(_SPELLED_EMAIL),
        ("dot", "punkt", "point", "punto", "ponto", "kropka", "точка", "nokta", "(.)", "[.]"),
    ),
    Rule("phone", re.compile(_PHONE), digits=9, accept=_phone),
    _PhoneAfterWordRule("phone", re.compile(_PHONE_AFTER_WORD), _PHONE_NEEDLES, digits=8),
    Rule("address", re.compile(_NUMBER_FIRST), digits=1, accept=_with_tail),
    Rule("address", _HOUSE_NUMBER, digits=1, accept=_street_before_with_tail),
)
