"""Numbers a line names as public references, each proved by its own check as well as by a word.

A long number in chat is read as someone's id unless something says otherwise; a word alone says too little ("my ID
…" is an id word too), so a number passes here only when two kinds of evidence agree: the line names the kind of
public reference and the number is shaped as that kind is.

- an ISIN ("US0378331005") said with "ISIN": two letters, nine letters or digits and a check digit that holds;
- an EAN-13, EAN-8, UPC-A or JAN barcode said with a barcode word in any language: the GS1 check digit holds;
- a store's app id or a match id said as one ("app id", "SteamDB", "OpenDota", "Match-ID"): a plain run of six to
  eleven digits (a store's name alone is not enough: a friend code or an account number on it is someone's);
- a Unix time said with a time word ("unix", "epoch", "Zeitstempel", "时间戳"): nine or ten digits that fall within
  twenty years of now;
- a business's VAT, company tax or register number named as one right before it ("USt-IdNr. DE…", "P.IVA …", "CIF B…",
  "KvK-nummer van de NS", whichever reader found it, a phone reader too) in a line that names a public body, a venue
  or where it is quoted from ("Stadttheater", "museo civico", "Impressum", "sul biglietto", "op hun site"), with no
  first-person possessive around it: such a number is printed on every ticket and web page, where a member's own
  trade's ("meine USt-IdNr.") is theirs, and an invoice is where a member asks for their own.

A national id said with "my ID" or a personal number keeps no such pair and is still taken out, and a number said
right after "my ID" ("my ID 1764883029 on OpenDota") is the member's own whatever else the line names. The words are in
``data/public_numbers.json``; the checks (python-stdnum's) are a few integer operations, run only on a number already
judged an id.

Several readers find long numbers (an identity's shape, a checked national id, a card's Luhn run, a kept line's long
number); the decision that one is public is the line's, not a reader's, so it is made once where their spans are put
together (:func:`public_spans`, called by ``values.with_value_spans``), whichever reader found the number.
"""

from __future__ import annotations

import json
import re
import time
from functools import cache
from pathlib import Path

from stdnum import ean, isin

from utils.privacy import public_codes
from utils.privacy.ordinary_refs import ordinary_reference
from utils.privacy.rule import Span, literal_trie, words_pattern
from utils.privacy.scholarly_refs import inside_a_scholarly_reference, scholarly_identifiers

_DATA = Path(__file__).with_name("data") / "public_numbers.json"
_WINDOW = 48
"""Characters read on each side of the number for the word that names it."""
_TWENTY_YEARS = 20 * 365 * 24 * 3600
_ISIN = re.compile(r"[A-Z]{2}[A-Z0-9]{9}\d")
NUMBER_KINDS = frozenset({"id-number", "card", "number"})
"""The kinds a number reader reports; a phone, an address or a credential is never a public reference."""
ORDINARY_KINDS = NUMBER_KINDS | {"phone", "code"}
"""The kinds an ordinary reference may have been read as (a phone after "broj", a verification code after "code")."""
_GAME_SEED = re.compile(r"[A-Z0-9]{4,13}(?: [A-Z0-9]{4})?")
"""A run's seed as roguelikes print it ("7LB2WVPK", "6JQK 2X1B", "4GZ9E1KL2"): capitals and digits, never the lower-case
letters a password mixes in; let go only where the line names it as a game's seed (ordinary_refs' "seed" with a game)."""
_CODE_KINDS = frozenset({"error", "product"})
"""The references a code reader's span may be: an error code, an article's code ("codice articolo 10482917")."""


@cache
def _own_id() -> re.Pattern[str]:
    """A first-person possessive, maybe "personal", then "ID" and a copula or a colon, right before the number ("my
    match id" names a match's)."""
    data = json.loads(_DATA.read_text(encoding="utf-8"))
    own, qualifier = literal_trie(data["own"]), literal_trie(data["own_qualifiers"])
    copula = r"(?:(?:is|es|ist|est|é|è|e|este|=|:)\s*)?"
    return re.compile(
        rf"(?<![^\W\d_])(?:{own})\s+(?:(?:{qualifier})\s+)?(?:id|айди|ид)(?:-ul|'si|'m)?[\s:]*{copula}$", re.IGNORECASE
    )


@cache
def _words(kind: str) -> re.Pattern[str]:
    """One pattern for a kind's words (:func:`~utils.privacy.rule.words_pattern`)."""
    return words_pattern(json.loads(_DATA.read_text(encoding="utf-8"))[kind])


def _a_recent_time(digits: str) -> bool:
    return 9 <= len(digits) <= 10 and abs(int(digits) - time.time()) <= _TWENTY_YEARS


def named_public(text: str, start: int, end: int) -> bool:
    """Whether ``text[start:end]`` is a public reference the line names as one (module docstring)."""
    if _own_id().search(text, max(0, start - _WINDOW), start):
        return False  # "my ID 1764883029 on OpenDota": the member's own id
    compact = re.sub(r"[ \t\u00a0-]", "", text[start:end])
    window = text[max(0, start - _WINDOW) : start] + " … " + text[end : end + _WINDOW]
    if _ISIN.fullmatch(compact):
        return isin.is_valid(compact) and _words("isin").search(window) is not None
    if _a_public_bodys_tax_id(text, start, compact):
        return True
    if not compact.isdigit():
        return False
    if len(compact) in (8, 12, 13) and ean.is_valid(compact) and _words("barcode").search(window):
        return True
    if _a_recent_time(compact) and _words("time").search(window):
        return True
    return 6 <= len(compact) <= 11 and compact == text[start:end] and _words("game").search(window) is not None


def _a_phones_tax_id(text: str, span: Span) -> bool:
    """A phone reader's number that a tax word names right before it ("partita IVA di Trenitalia 05403151003")."""
    compact = re.sub(r"[ \t\u00a0-]", "", text[span[0] : span[1]])
    return span[2] == "phone" and _a_public_bodys_tax_id(text, span[0], compact)


_TAX_ID = re.compile(r"(?:[A-Z]{1,3}[ -]?)?\d[\d .-]{6,14}\d[A-Z]?")
"""A VAT or company tax number as printed: an optional country or kind prefix, then eight to sixteen digits."""
_RIGHT_BEFORE = 40
_OWN = re.compile(
    r"(?<![^\W\d_])(?:my|mine|our|mein\w*|unser\w*|mon|ma|mes|notre|nos|mi|mis|nuestr[oa]s?|meu|minha|"
    r"mio|mia|mij|mijn|onze|mój|moja|nasz\w*|мо[йяё]|наш\w*|min|mitt|vår|benim|bizim)(?![^\W\d_])"
)


def _a_public_bodys_tax_id(text: str, start: int, compact: str) -> bool:
    """A tax word right before the number (a word for *number* or a few signs between), a public body, a venue or an
    imprint in the line, and no possessive of the member's around it ("è la mia ditta")."""
    if _TAX_ID.fullmatch(compact) is None:
        return False
    before = text[max(0, start - _RIGHT_BEFORE) : start]
    if _tax_word_right_before().search(before) is None:
        return False
    line = text[max(0, start - 2 * _WINDOW) : start + 2 * _WINDOW]
    return _public_holder().search(line) is not None and _OWN.search(line.casefold()) is None


@cache
def _tax_word_right_before() -> re.Pattern[str]:
    """A tax word, maybe the holder it is of ("partita IVA di Trenitalia", "KvK-nummer van de NS"), a word for *number*
    and a country's two letters ("VAT reg GB 774 …"), to the end."""
    number = r"(?:(?:n|no|nr|nº|n°|number|nummer)[\s:.#№-]*)?"
    holder = r"(?:\s+(?:of|di|della|del|de|van de|van|du|des|der|von|da|do)\s+[^\W\d_][\w.&'’-]*(?:\s+[^\W\d_][\w.&'’-]*)?)?"
    tax = _words("tax_id").pattern
    return re.compile(rf"(?:{tax}){holder}[\s:.,#№()-]*{number}(?:[A-Z]{{2}}\s)?$", re.IGNORECASE)


@cache
def _public_holder() -> re.Pattern[str]:
    """A public body's or a venue's word; one of six letters or more may end a compound ("Stadtbibliothek",
    "Landesmuseum"), a shorter one stands alone ("Oper", not "operator")."""
    words = json.loads(_DATA.read_text(encoding="utf-8"))["public_holder"]
    tails = [w for w in words if len(w) >= 6 or not w.isascii()]
    whole = [w for w in words if w not in tails]
    return re.compile(rf"(?:{literal_trie(tails)}|(?<![^\W\d_]){literal_trie(whole)})(?![^\W\d_])", re.IGNORECASE)


_CONTINUES_BEFORE = re.compile(r"(?:[0-9A-Za-z]|[0-9][ -])$")
_CONTINUES_AFTER = re.compile(r"[0-9A-Za-z]|[ -][0-9]")


def _inside_a_longer_number(text: str, start: int, end: int) -> bool:
    """A card reader's Luhn run cut out of a longer number (a 22-digit tracking number, "1Z…" with letters): the
    reference the line names is that number, and the run is not a card."""
    return bool(_CONTINUES_BEFORE.search(text[max(0, start - 2) : start]) or _CONTINUES_AFTER.match(text, end))


def public_spans(text: str, spans: list[Span], *, kept: bool = True) -> set[Span]:
    """The spans among ``spans`` that hold a number the line names as a public reference (:func:`named_public`) or
    as an ordinary one (:func:`~utils.privacy.ordinary_refs.ordinary_reference`; ``kept``: the line is kept, where an
    order or a tracking number is not let go). A phone or a code reader's span is let go only as an ordinary one: it
    read "broj" or "code" as its word, where the line says "broj narudžbe" or "error code"."""
    public = set()
    identifiers: list[tuple[int, int]] | None = None  # the line's DOIs and the like, read once for all its numbers
    codes: public_codes.Ranges | None = None  # a bank's, a post office's, a puzzle's codes (public_codes.py)
    for span in spans:
        if span[2] in public_codes.KINDS:
            codes = public_codes.code_ranges(text) if codes is None else codes
            if (codes[0] or codes[1]) and public_codes.holds_only_a_code(text, span, codes):
                public.add(span)
                continue
        if span[2] == "credential" and _GAME_SEED.fullmatch(text, span[0], span[1]):
            if ordinary_reference(text, span[0], span[1], kept=kept) == "seed":
                public.add(span)  # a run's seed as games print it, named as a game's seed
            continue
        if span[2] not in ORDINARY_KINDS or _own_id().search(text, max(0, span[0] - _WINDOW), span[0]):
            continue
        identifiers = scholarly_identifiers(text) if identifiers is None else identifiers
        if inside_a_scholarly_reference(text, span[0], span[1], identifiers):
            public.add(span)  # a DOI's, an arXiv id's or a URN's digits
            continue
        if (span[2] in NUMBER_KINDS and named_public(text, span[0], span[1])) or _a_phones_tax_id(text, span):
            public.add(span)
            continue
        if span[2] == "card" and not _inside_a_longer_number(text, span[0], span[1]):
            continue  # a whole card number stays a card, whatever word names it ("order number 4111 1111 …")
        kind = ordinary_reference(text, span[0], span[1], kept=kept)
        if kind is not None and (span[2] != "code" or kind in _CODE_KINDS):
            public.add(span)
    return public
