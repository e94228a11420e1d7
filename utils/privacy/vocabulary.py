"""The secret vocabulary (data/secret_words.json) compiled once into a finder of secret words in a line.

A rule that redacts "<word> is <value>" first needs the word, in the member's language and
however it is disguised. The words are data — by language and by kind (password, pin,
code, wifi, api-key, seed-phrase, card, bank-account, id-number, passport, …) — so adding a
language is adding lines to the file, and a rule can ask which kind of secret a line
announces. :func:`find` reads a line in its keyword form (:mod:`utils.privacy.keyword_form`)
and looks its words up in a dictionary, so a line costs one pass over its words whatever the
number of languages:

* a word of a spaced script is a whole token, or tokens glued by punctuation or Markdown
  ("pass-word", "p.a.s.s"), or single letters spaced out ("p a s s"), or a phrase of tokens
  ("mot de passe"); digits inside it may stand for letters ("p4ssw0rd") when letters
  outnumber them, so "2024" or "mp3" never read as words;
* a stem ("salasana*") matches the inflected and possessive forms of a word, and a
  compound ending in a password word ("WLAN-Passwort", "wifipassword") is that word;
* words of scripts written without spaces (Japanese, Chinese, Thai, Korean with its particles)
  are found inside the text.
"""

from __future__ import annotations

import json
import re
import unicodedata
from dataclasses import dataclass, field
from importlib import resources
from itertools import accumulate, compress, filterfalse
from operator import attrgetter, itemgetter
from typing import Any

from utils.privacy import script_loanwords, word_forms
from utils.privacy.keyword_form import KeywordForm, jamo_spelling, keyword_form
from utils.privacy.memoised_lines import memoised
from utils.privacy.prose_marks import ascii_but_prose_marks


@dataclass(frozen=True)
class Entry:
    """What a secret word announces: its ``kind``, the ``languages`` it is a word of, and whether it is ``ambiguous``."""

    kind: str
    languages: frozenset[str]
    ambiguous: bool
    """Also an ordinary word ("clave" is also "the key to it"): a bare value after it must look like a secret."""


@dataclass(frozen=True)
class Word:
    """A secret word found in a text: its span in that text and what it announces."""

    start: int
    end: int
    entry: Entry

    @property
    def kind(self) -> str:
        return self.entry.kind


_DATA = json.loads(resources.files("utils.privacy").joinpath("data/secret_words.json").read_text(encoding="utf-8"))
_LANGUAGES: dict[str, dict[str, Any]] = _DATA["languages"]
LANGUAGES: tuple[str, ...] = tuple(_LANGUAGES)
PLACEHOLDERS: dict[str, str] = _DATA["placeholders"]
"""The placeholder kind each word kind is redacted as ("pin" → "password", "passport" → "id-number")."""
KINDS: frozenset[str] = frozenset(PLACEHOLDERS)
LINKS: dict[str, tuple[str, ...]] = {lang: tuple(data.get("links", ())) for lang, data in _LANGUAGES.items()}
"""Per language, the words that stand between a secret word and its value ("is", "ist", "é", "là")."""
OWNERS: dict[str, tuple[str, ...]] = {lang: tuple(data.get("owners", ())) for lang, data in _LANGUAGES.items()}
"""Per language, possessives that may follow the word ("kata sandi saya", "κωδικός μου")."""
LOOSE_LINKS: tuple[str, ...] = tuple(_DATA.get("loose_links", ()))
"""Links chat puts after a word of any language ("temporary password hai"): read only before a value that looks like one."""
QUALIFIERS: tuple[str, ...] = tuple(_DATA.get("qualifiers", ()))
"""Words that lead a qualifier between a secret word and its link ("password *for steam* is")."""
NOT_SECRETS: frozenset[str] = frozenset(word.casefold() for word in _DATA["not_secrets"])
"""Words that follow "password is" without being one: judgements ("wrong", "zu kurz"), places ("on the fridge")."""
UNSPACED: tuple[str, ...] = tuple(lang for lang, data in _LANGUAGES.items() if data.get("script") == "unspaced")
"""Languages written without spaces between words: their words are found inside the text."""

_TOKEN = re.compile(r"[^\W_]+")
_TOKEN_SPLIT = re.compile(r"([^\W_]+)")
_ASCII_TOKEN_SPLIT = re.compile(r"([A-Za-z0-9]+)")
""":data:`_TOKEN_SPLIT` for an ASCII text, where a letter or digit is one of these: read without a Unicode look-up each."""
_GLUE = frozenset("-_.*'’·~`|/")
"""Characters that may stand inside a disguised word ("pass-word", "p.a.s.s", "**pass**word")."""
_WRAPPERS = "*_~`|"
_UNSPACED_SCRIPT = re.compile(
    r"[\u0e00-\u0fff\u1000-\u109f\u1780-\u17ff\u3040-\u30ff\u3130-\u318f\u3400-\u9fff\uac00-\ud7af\u1100-\u11ff\uf900-\ufaff]"
)
"""Scripts written without spaces between words (Thai, Lao, Tibetan, Myanmar, Khmer, Japanese, Korean, Chinese):
their secret words are found inside a run of letters."""
_REVERSIBLE = frozenset({"password", "pin", "wifi"})
_MIN_REVERSED = 6
"""A word of this many letters or more, reversed, is no other word (a short one, "pin" → "nip", may be)."""
_COMPOUND_LANGUAGES = frozenset({"de", "nl", "sv", "no", "da", "fi", "et", "hu", "en"})
_DIGITS_AS_I = str.maketrans("0134578", "oieastb")
_DIGITS_AS_L = str.maketrans("0134578", "oleastb")
_LATIN_AS_CYRILLIC = str.maketrans("aeopcyxkmhtbo", "аеорсухкмнтво")
_CYRILLIC = re.compile("[\u0400-\u04ff]")
_ASCII_ALNUM = re.compile("[a-z0-9]")


def _phrase_key(word: str) -> str:
    """A word's dictionary key: folded, punctuation inside a part dropped, parts joined by one space."""
    parts = keyword_form(word).text.split()
    return " ".join("".join(_TOKEN.findall(part)) for part in parts if _TOKEN.search(part))


def _compile() -> tuple[
    dict[str, Entry],
    frozenset[str],
    dict[str, list[tuple[str, Entry]]],
    tuple[str, ...],
    dict[str, Entry],
    re.Pattern[str] | None,
]:
    index: dict[str, Entry] = {}
    stems: dict[str, list[tuple[str, Entry]]] = {}
    compounds: dict[str, Entry] = {}
    unspaced: dict[str, Entry] = {}

    def add(table: dict[str, Entry], key: str, entry: Entry) -> None:
        known = table.get(key)
        if known is None:
            table[key] = entry
        elif known.kind == entry.kind:  # one word of several languages: their links all apply
            table[key] = Entry(known.kind, known.languages | entry.languages, known.ambiguous or entry.ambiguous)

    for language, data in _LANGUAGES.items():
        is_unspaced = data.get("script") == "unspaced"
        words: dict[str, list[str]] = data["words"]
        for kind, listed in words.items():
            for raw in listed:
                ambiguous = raw.endswith("?")
                word = raw.rstrip("?")
                stem = word.endswith("*")
                word = word.rstrip("*")
                entry = Entry(kind, frozenset({language}), ambiguous)
                key = _phrase_key(word)
                if not key:
                    continue
                if is_unspaced and not word.isascii():
                    add(unspaced, keyword_form(word).text, entry)
                    # The matching form is NFKC: "ㅂㅂ" (compatibility jamo) is read as conjoining jamo there.
                    add(unspaced, keyword_form(unicodedata.normalize("NFKC", word)).text, entry)
                    if (spelled := jamo_spelling(word)) is not None:
                        add(unspaced, keyword_form(spelled).text, entry)
                elif stem:
                    stems.setdefault(key[:3], []).append((key, entry))
                else:
                    add(index, key, entry)
                    add(index, key.replace(" ", ""), entry)  # "m.o.t d.e p.a.s.s.e", "mot-de-passe"
                    for dropped in word_forms.dropped_letters(key) if kind == "password" and not ambiguous else ():
                        add(index, dropped, entry)  # "kennwrt", "pasword": an inner letter dropped
                    if kind in _REVERSIBLE and " " not in key and len(key) >= _MIN_REVERSED and not ambiguous:
                        add(index, key[::-1], entry)  # "drowssap": written backwards to pass a filter
                    if kind == "password" and language in _COMPOUND_LANGUAGES and " " not in key and len(key) >= 6:
                        add(compounds, key, entry)
    prefixes = frozenset(key[:end] for key in index for end in range(1, len(key) + 1))
    # A word of several characters may be written with spaces between them ("密 码", "비 밀 번 호") to pass a filter.
    pattern = "|".join(
        r"[ \t]?".join(map(re.escape, k)) if len(k) > 1 else re.escape(k) for k in sorted(unspaced, key=len, reverse=True)
    )
    return (
        index,
        prefixes,
        stems,
        tuple(sorted(compounds, key=len, reverse=True)),
        {**unspaced, **compounds},
        (re.compile(pattern) if pattern else None),
    )


_SPACES = re.compile(r"[ \t]")
_INDEX, _PREFIXES, _STEMS, _COMPOUND_KEYS, _SUBSTRING_ENTRIES, _UNSPACED = _compile()
_COMPOUND_ENDS = frozenset(key[-4:] for key in _COMPOUND_KEYS)
_UNSPACED_BY_BARE = {_SPACES.sub("", key): entry for key, entry in _SUBSTRING_ENTRIES.items()}
"""Words of unspaced scripts by their letters alone: "密 码" and "시드 구문" are found whatever spaces they hold."""
_START = attrgetter("start")
_TAIL = itemgetter(slice(-4, None))
_EMOJI = "\u2600-\u27bf\U0001f000-\U0001faff"
_EMOJI_CHAR = re.compile(f"[{_EMOJI}]")
_GLUED = re.compile(r"[^\W_][-_.*'’·~`|/]{1,3}[^\W_]|(?<![^\W_])[^\W_][\s.-]{1,3}[^\W_](?![^\W_])")
"""Where two tokens may be pieces of one word: punctuation or Markdown between them, or single letters spaced."""
_EMOJI_GLUED = re.compile(rf"[^\W_]\s?[{_EMOJI}]{{1,2}}\s?[^\W_]")
"""An emoji dropped inside a word ("pass🔑word", "pass 🤫 word"): looked for only in text that is not ASCII."""
_MAX_EMOJI_GAP = 4
_PHRASE_HEADS = frozenset(key.split(" ")[0] for key in _INDEX if " " in key)
_FORMS = word_forms.Reader({key: entry.languages for key, entry in _INDEX.items()})
_HEAD4 = itemgetter(slice(None, 4))
_STEM_HEADS = frozenset(stem[:4] for stems in _STEMS.values() for stem, _entry in stems)
_ENDS = _COMPOUND_ENDS | word_forms.LOCK_TAILS
_LOCK = Entry("pin", frozenset({"de", "nl", "sv", "no", "da", "fi", "et", "hu", "en"}), ambiguous=False)
"""A compound naming what a code opens ("Garagentorcode", "fietsslotcode"): a PIN in the compounding languages."""


def _glue(gap: str, left: str, right: str) -> str | None:
    """How two tokens join into one word: "" (a disguise inside a word), " " (a phrase), or not at all."""
    if not gap or "\n" in gap:
        return None
    if _EMOJI_CHAR.search(gap):
        emoji_only = len(gap) <= _MAX_EMOJI_GAP and all(c.isspace() or _EMOJI_CHAR.match(c) for c in gap)
        return "" if emoji_only else None  # an emoji inside a word, spaced or not, is a disguise
    if len(gap) > 3:
        return None
    if all(c in _GLUE for c in gap):
        return ""
    if len(left) == 1 and len(right) == 1 and all(c in _GLUE or c.isspace() for c in gap):
        return ""  # "p a s s", "m.o.t d.e"
    if gap.isspace():
        return " "
    return None


def _readings(raw: str) -> tuple[str, ...]:
    """``raw`` as written, with its digits read as letters when letters outnumber them ("p4ssw0rd"), and
    a Cyrillic word's Latin look-alikes read as Cyrillic ("пaрoль" with Latin a and o, "п@р0ль")."""
    if raw.isdigit() or (raw.isalpha() and raw.isascii()) or (raw.translate(_DIGITS_AS_I) == raw and not _mixed(raw)):
        return (raw,)
    digits = sum(map(str.isdigit, raw))
    if digits and sum(map(str.isalpha, raw)) >= max(2, digits):
        readings = [raw, raw.translate(_DIGITS_AS_I), raw.translate(_DIGITS_AS_L)]
    else:
        readings = [raw]
    if _mixed(raw):
        readings += [reading.translate(_LATIN_AS_CYRILLIC) for reading in readings]
    return tuple(readings)


def _mixed(raw: str) -> bool:
    """Cyrillic letters with Latin letters or digits among them."""
    return not raw.isascii() and _ASCII_ALNUM.search(raw) is not None and _CYRILLIC.search(raw) is not None


def _lookup_single(raw: str, readings: tuple[str, ...] | None = None) -> Entry | None:
    """A one-token word that is not in the index: an inflected form of a stem, or a compound. ``readings``: those
    of :func:`_readings`, when the caller has them."""
    for reading in _readings(raw) if readings is None else readings:
        for stem, entry in _STEMS.get(reading[:3], ()):
            if reading.startswith(stem) and word_forms.inflects(reading, stem, entry.languages):
                return entry
        if len(reading) > 6 and reading[-4:] in _COMPOUND_ENDS:
            for key in _COMPOUND_KEYS:
                if reading.endswith(key) and len(reading) - len(key) >= 2:
                    return _SUBSTRING_ENTRIES[key]
        if word_forms.lock_compound(reading):
            return _LOCK
        if (form := _FORMS.bare(reading)) is not None and form in _INDEX:
            return _INDEX[form]
    return None


@dataclass
class _Read:
    """What the pieces of one text were read as (:func:`_readings`, :func:`_lookup_single`): both depend on the
    piece alone, and a long post repeats its words. Lives for one look-up, never longer."""

    readings: dict[str, tuple[str, ...]] = field(default_factory=dict)
    singles: dict[str, Entry | None] = field(default_factory=dict)


def _longest_word(tokens: list[str], gaps: list[str], i: int, read: _Read | None = None) -> tuple[int, Entry] | None:
    """The longest secret word starting at token ``i``: its last token and entry. ``read``: what one text's pieces
    were read as so far (a long post repeats its words; each is read once)."""
    read = _Read() if read is None else read
    raw = tokens[i]
    best: tuple[int, Entry] | None = None
    j = i
    glued_only = True
    while True:
        readings = read.readings.get(raw) or read.readings.setdefault(raw, _readings(raw))
        for reading in readings:
            entry = _INDEX.get(reading)
            if entry is not None:
                best = (j, entry)
                break
        else:
            if glued_only and best is None and len(raw) >= 4:
                entry = read.singles[raw] if raw in read.singles else read.singles.setdefault(raw, _lookup_single(raw, readings))
                if entry is not None:
                    best = (j, entry)
        if j + 1 >= len(tokens) or not any(r in _PREFIXES for r in readings):
            return best
        glue = _glue(gaps[j + 1], tokens[j], tokens[j + 1])
        if glue is None or (glue == " " and not any(r + " " in _PREFIXES for r in readings)):
            return best
        glued_only = glued_only and glue == ""
        raw = raw + glue + tokens[j + 1]
        j += 1


def _words_in_tokens(folded: str) -> list[tuple[int, int, Entry]]:
    """Secret words in a folded text: one pass over its tokens, most of them dismissed by a set lookup or two."""
    plain = ascii_but_prose_marks(folded)  # its tokens are ASCII: a dash or a curly quote is no letter or digit
    parts = (_ASCII_TOKEN_SPLIT if plain else _TOKEN_SPLIT).split(folded)  # gap, token, gap, token, …, gap
    tokens, gaps = parts[1::2], parts[0::2]  # gaps[k] stands before tokens[k]
    heads = set(map(_HEAD4, distinct := set(tokens)))  # one pass: the first letters of a stem's form and of a word on one
    if bare := _FORMS.bare_tokens(distinct, plain, heads):  # spans stay the written tokens' (``parts``)
        tokens = [bare.get(token, token) for token in tokens]
        distinct = set(tokens)
    # A word as it stands, or maybe one: a stem's form, a compound, letters and digits or scripts mixed.
    # Set operations and C iterators: a line of ordinary prose costs no Python step per token here.
    ready = distinct & _INDEX.keys()
    if not heads.isdisjoint(_STEM_HEADS):
        ready.update(token for token in distinct if token[:3] in _STEMS)
    if not _ENDS.isdisjoint(map(_TAIL, distinct)):  # a compound ending in a password word or in a lock's code
        # (a lock's compound ends in one of LOCK_TAILS: only the tokens whose last letters are in _ENDS are read)
        ready.update(t for t in distinct if _TAIL(t) in _ENDS and (t[-4:] in _COMPOUND_ENDS or word_forms.lock_compound(t)))
    ready.update(filterfalse(str.isdigit, filterfalse(str.isalpha, distinct)))
    if not plain:
        ready.update(filter(_mixed, filterfalse(str.isascii, distinct)))  # an ASCII token mixes no scripts
    # A word once the next tokens join it: a phrase ("mot de passe") after a space, pieces glued by punctuation
    # or Markdown ("pass-word", "**pass**word"), single letters spaced out ("p a s s").
    heads = distinct & _PHRASE_HEADS
    glued = _GLUED.search(folded) or (not folded.isascii() and _EMOJI_GLUED.search(folded))
    pieces = distinct & _PREFIXES if glued else set()
    if not ready and not heads and not pieces:
        return []
    hot = ready | heads
    found: list[tuple[int, int, Entry]] = []
    ends: list[int] | None = None
    last_token = len(tokens) - 1
    resume = 0
    # the tokens that may start a word picked in C; a piece alone starts one only where a space does not follow it
    starts = [
        k
        for k in compress(range(len(tokens)), map((hot | pieces).__contains__, tokens))
        if tokens[k] in hot or gaps[k + 1] != " " or len(tokens[k]) == 1
    ]
    read = _Read()
    for i in starts:
        raw = tokens[i]
        if i < resume:
            continue
        if raw not in ready:
            if i == last_token:
                continue
            following, gap = tokens[i + 1], gaps[i + 1]
            if gap == " " and len(raw) > 1:
                glue: str | None = " "
            elif raw + following[:1] not in _PREFIXES and raw + " " + following[:1] not in _PREFIXES:
                continue  # joined either way it begins no word: how the gap joins them does not matter
            else:
                glue = _glue(gap, raw, following)
            if glue is None or (raw + glue + following[:1]) not in _PREFIXES:
                continue
            joined = raw + following
            if glue == " " and joined.isascii() and joined.isalpha() and raw + " " + following not in _PREFIXES:
                continue  # read only as written, a phrase's first word before one not going on with it ("the thing")
        best = _longest_word(tokens, gaps, i, read)
        if best is None:
            continue
        if ends is None:  # where each part ends, summed once: a post naming many words costs no rescan per word
            ends = list(accumulate(map(len, parts)))
        found.append((ends[2 * i], ends[2 * best[0] + 1], best[1]))
        resume = best[0] + 1
    return found


def _widened(folded: str, start: int, end: int) -> tuple[int, int]:
    """A word with the Markdown around it ("**password**"), so what follows is its link and value."""
    while start > 0 and folded[start - 1] in _WRAPPERS:
        start -= 1
    while end < len(folded) and folded[end] in _WRAPPERS:
        end += 1
    return start, end


@memoised(64)
def find(text: str) -> tuple[Word, ...]:
    """The secret words in ``text`` (the matching form of :mod:`utils.privacy.normalise`), in order.

    Spans are in ``text``; a disguised word's span covers its disguise (spacing, symbols, Markdown around it), so the
    rule reading "<word> <link> <value>" starts right after it. Memoised: several readings ask for one post's words.
    """
    form: KeywordForm = keyword_form(text)
    folded = form.text
    found = _words_in_tokens(folded)
    if _UNSPACED is not None and not text.isascii() and _UNSPACED_SCRIPT.search(folded):
        taken = [(s, e) for s, e, _ in found]
        for match in _UNSPACED.finditer(folded):
            if not any(s < match.end() and match.start() < e for s, e in taken):
                written = match.group()
                entry = _SUBSTRING_ENTRIES.get(written) or _UNSPACED_BY_BARE[_SPACES.sub("", written)]
                found.append((match.start(), match.end(), entry))
        found.sort(key=lambda item: item[0])
    words = []
    for start, end, entry in found:
        start, end = _widened(folded, start, end)
        first, last = form.span_in_source(start, end)
        while last < len(text) and unicodedata.category(text[last]).startswith("M"):
            last += 1  # marks drawn over the word's last letter ("p̶a̶s̶s̶w̶o̶r̶d̶")
        words.append(Word(first, last, entry))
    loans = [Word(s, e, Entry(k, frozenset(), ambiguous=False)) for s, e, k in script_loanwords.find(text)]
    loans = [w for w in loans if all(w.end <= v.start or v.end <= w.start for v in words)]
    return tuple(sorted(words + loans, key=_START) if loans else words)


_PLACEHOLDER = re.compile(r"\[redacted:[a-z-]+\]")

_PUBLIC_CODE_BEFORE = re.compile(
    r"(?i)(?:error|status|zip|postal|post|area|country|dial|exit|return|http|source|promo|discount|coupon|friend"
    r"|lobby|invite|referral|dress|morse|qr|bar|cheat|creator|gift|redeem|fehler|erreur|código postal"
    r"|postleitzahl|código de error|error code|seat|room|isin|ean|upc|sku|product|produkt|produit|producto|article|artikel)\W*$"
)


def public_code_before(before: str) -> bool:
    """Whether the words before a "code" make it one meant to be shared ("zip code", "friend code", "error code")."""
    return bool(_PUBLIC_CODE_BEFORE.search(before))


class SensitiveWords:
    """Whether a (screened) line still names a kind of secret: then a line with a redaction in it is about that secret.

    A code meant to be shared ("friend code", "promo code") does not make its line about a secret.
    """

    def search(self, text: str) -> bool:
        plain = _PLACEHOLDER.sub(" ", text) if "[redacted:" in text else text
        return any(
            word.kind not in _CONTACT_KINDS
            and not (word.kind == "code" and public_code_before(plain[max(0, word.start - 20) : word.start]))
            for word in find(plain)
        )


_CONTACT_KINDS = frozenset({"phone"})
"""A contact detail's word ("phone number") does not make its line about a secret: the line is kept, redacted."""

SENSITIVE_WORDS = SensitiveWords()


def words_of_kind(kind: str) -> tuple[str, ...]:
    """Every language's words for one kind, as written in the data (stems keep their ``*`` or ``?``)."""
    return tuple(word for data in _LANGUAGES.values() for word in data.get("words", {}).get(kind, ()))


def kind_of_word(word: str) -> Entry | None:
    """What one word announces, read as :func:`find` reads words (folded, digits as letters, stems, compounds):
    "salasanani", "pinkoden", "Passwort"; None for a word of no secret kind."""
    folded = keyword_form(word).text
    key = "".join(_TOKEN.findall(folded))
    if not key:
        return None
    for reading in _readings(key):
        entry = _INDEX.get(reading)
        if entry is not None:
            return entry
    return _lookup_single(key) if len(key) >= 4 else None
