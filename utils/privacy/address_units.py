"""Postal addresses found by their parts: a street, a building, a flat, a district and a number close together.

The street rules in :mod:`utils.privacy.contact` know the shapes "42 Baker Street" and "Calle Mayor 10"; an
address written another way ("Caferağa Mah. Moda Cad. No:14 D:6", "Flat 302, Sai Residency, 14th Cross",
"số 27 đường Lý Thường Kiệt, phường Hàng Bài", "١٢ شارع التحرير، شقة ٥") or whose flat and postcode follow the
street ("ul. Piotrkowska 112 m. 7, 90-006 Łódź") left its parts in the text. Every address, in every language,
is made of units that name themselves — street, building, flat, floor, district, postcode — so two of them
near each other with a number between are an address, whatever the street is called. The unit words are data
(``data/address_units.json``): "strong" ones are seldom anything else in chat, "weak" ones are ("floor", "via"),
and a run needs at least one strong word or three weak ones ("floor 3 of building 2" is no address). One strong word
alone is an address when a postcode follows it after a comma ("Narva mnt 7-21, 10117 Tallinn"), and so are two weak
ones, each with its number ("Kalena Road 22, Lot 7, Majuro MH 96960"), unless a counted word follows the postcode. The words cover
scripts without capitals (Georgian, Devanagari, Bengali, Tamil, Amharic, Khmer, Arabic): their words are names
as capitalised ones are in Latin, so the run takes the city and postcode before its first unit there too.

The whole run is redacted: from the number or names just before its first unit to the names, numbers and
postcode that follow its last one, component by component, so no three of its words stay side by side.
The gate is cheap: a digit, then one regex pass over the line for the unit words.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from functools import cache
from pathlib import Path

from utils.privacy.line_reading import ascii_letter_runs
from utils.privacy.prose_marks import ascii_but_prose_marks
from utils.privacy.rule import Rule, Span

_DATA = Path(__file__).with_name("data") / "address_units.json"
_STRONG, _WEAK = 2, 1
_ENOUGH = 3
"""The score a run needs: one strong word and any other, or three weak ones."""
_NEAR = 60
"""How far (characters) the next unit word may be from the last one in the same run."""
_BACK_TOKENS = 3
"""Names or a number just before the first unit ("Caferağa Mah.", "١٢ شارع") belong to it."""
_LOOSE_TOKENS = 4
"""Words after the last unit or number (city, region) taken before the run is over."""
_CONNECTORS = frozenset("de da do das dos di del della la le van von al el y e na an - – — / & ,".split())
_TOKEN = re.compile(r"\S+")
_NUMBER_AFTER = re.compile(r"\s*[:.#]?\s*\d")
_NUMBER_BESIDE = re.compile(r"\d[\w./-]{0,4}\s*$")
"""A unit has its number: "Flat 302", "No:14", "m. 7"; "14th Cross", "١٢ شارع" (the number first)."""
_POSTCODE = re.compile(r"(?<![\w-])(?:\d{4,6}|\d{2,5}-\d{3,4}|[A-Z]{1,2}\d[\dA-Z]{2,6})(?![\w-])")
_SEPARATOR = re.compile(r"[,،，]")
_EIRCODE = r"(?:[AC-FHKNPRTV-Y]\d\d|D6W) [\dAC-FHKNPRTV-Y]{4}"
"""An Irish postcode: a routing key and the dwelling's own four characters ("C15 H6X2")."""
_POSTCODE_AFTER_COMMA = re.compile(
    r"[,،，]\s*(?:[^\W\d_]\S*\s+){0,2}(?:(?:[A-Z]{2}-)?(?!(?:19|20)\d\d(?!\d))(?:\d{4,6}|\d{3} \d\d)(?!\d)|"
    + _EIRCODE
    + r")(?=\s|[,،，.]|$)"
)
"""A street word alone is an address when a postcode follows it after a comma ("Narva mnt 7-21, 10117 Tallinn",
"27/3 நேரு சாலை, சென்னை 600017", "14 Bóthar na Trá, Ráth Chairn, C15 H6X2", "Οδός Κυκλάμινου 47, Τ.Κ. 546 42": Greece,
Sweden, Czechia and Slovakia write theirs in three and two); a year ("Calle 5, 2024") is no postcode."""
"""Without a strong unit word, a run must read like an address: components between commas, and a postcode."""
_LATIN_LOWER_WORD = re.compile(r"^[a-zà-ÿāăąćčďēėęěğīįıķļľłńņňōőœŕřśşšţťūůűųźżž'’]+[.!?,:;]*$")


@cache
def _units() -> tuple[re.Pattern[str], frozenset[str]]:
    loaded = json.loads(_DATA.read_text(encoding="utf-8"))
    strong = [w.lower() for w in loaded["strong"]]
    weak = [w.lower() for w in loaded["weak"]]

    pattern = re.compile(r"(?<![^\W\d_])" + _trie(sorted(set(strong) | set(weak))))
    return pattern, frozenset(strong)


_LETTERS = re.compile(r"[^\W\d_]+")


@cache
def _first_letters() -> frozenset[str] | None:
    """Each unit word's first run of letters ("ul" of "ul.", "rua" of "rua "): a unit word starts on a run of the
    line's letters that is one of these, whole (the pattern wants no letter before it, and one after it only
    where the unit goes on). None when a unit word starts otherwise: the line is then searched whole."""
    loaded = json.loads(_DATA.read_text(encoding="utf-8"))
    firsts = [_LETTERS.match(word.lower()) for word in [*loaded["strong"], *loaded["weak"]]]
    return frozenset(first.group() for first in firsts if first is not None) if all(firsts) else None


_ASCII_LETTERS = re.compile(r"[a-z]+")
""":data:`_LETTERS` in a lower-cased line of ASCII alone, where they are the same and this one is read faster."""


@cache
def _whole_run(letters: str) -> re.Pattern[str]:
    """Where ``letters`` stand as a whole run of letters: read first (``re`` skips to them in C), then what is
    before and after them."""
    escaped = re.escape(letters)
    return re.compile(rf"{escaped}(?<![^\W\d_]{escaped})(?![^\W\d_])")


_DISTINCT_WORDS_FROM = 600
"""A shorter line is read whole: splitting it into its distinct words costs more than it saves."""


def _unit_matches(lowered: str, units: re.Pattern[str], runs: frozenset[str] | None = None) -> list[re.Match[str]]:
    """What ``units.finditer(lowered)`` finds, tried only where a unit word's first letters stand: a long post
    holds few of them, and the pattern (a lookbehind first) would be tried at every one of its characters.
    ``runs``: the line's runs of letters, when they were read for other rules too."""
    firsts = _first_letters()
    if firsts is None:
        return list(units.finditer(lowered))
    if runs is None:  # a run of letters holds no whitespace: a long post's are those of its distinct words
        words = " ".join(set(lowered.split())) if len(lowered) >= _DISTINCT_WORDS_FROM else lowered
        runs = frozenset((_ASCII_LETTERS if words.isascii() else _LETTERS).findall(words))
    present = firsts.intersection(runs)
    if not present:
        return []
    # A unit word starts where its first letters are a whole run of the line's letters: they are looked for in C as
    # such, not at each place they stand inside a longer word ("m" of "m." in every word that starts with an m).
    starts = {found.start() for letters in present for found in _whole_run(letters).finditer(lowered)}
    found: list[re.Match[str]] = []
    taken_to = 0
    for start in sorted(starts):
        if start < taken_to:
            continue
        match = units.match(lowered, start)
        if match is not None:
            found.append(match)
            taken_to = max(match.end(), start + 1)
    return found


def _trie(words: list[str]) -> str:
    """The words as one regex factored by their common beginnings: a position of a long message tries only the
    few words that start with its letter (a flat alternation of 250 words costs milliseconds on 4,000 characters).
    A word ending in a letter must end there ("rua", not "ruas")."""
    root: dict[str, dict] = {}
    for word in words:
        node = root
        for char in word:
            node = node.setdefault(char, {})
        node[""] = {}

    def walk(node: dict[str, dict], last: str) -> str:
        branches = [(r"\s+" if char == " " else re.escape(char)) + walk(child, char) for char, child in node.items() if char]
        end = ("(?![^\\W\\d_])" if last.isalpha() else "") if "" in node else None
        if not branches:
            return end or ""
        body = branches[0] if len(branches) == 1 else "(?:" + "|".join(branches) + ")"
        return body if end is None else f"(?:{body}|{end})"

    return "(?:" + walk(root, "") + ")"


def _address_like(token: str) -> bool:
    """A word that may continue an address: a number, a name, a word in a script without case."""
    bare = token.strip(",.;:()\"'«»“”")
    if not bare:
        return False
    return any(c.isdigit() for c in bare) or _a_name(bare) or (not bare[0].isascii() and not bare[0].islower())


def _caseless(char: str) -> bool:
    """A letter of a script written without capitals: Devanagari, Arabic, Amharic; and Georgian, whose capitals
    (Mtavruli) Unicode has but no address uses, so its ordinary letters read as lower case."""
    return "\u10d0" <= char <= "\u10ff" or (char.isalpha() and not char.islower() and not char.isupper())


def _a_name(word: str) -> bool:
    """A capitalised word, or a word of a script without case ("თბილისი", "भरतपुर")."""
    return word[0].isupper() or _caseless(word[0])


def _run_start(text: str, start: int) -> int:
    """The first unit's start, moved back over the numbers and names that belong to it."""
    before = list(_TOKEN.finditer(text, max(0, start - 60), start))
    for taken, token in enumerate(reversed(before)):
        word = token.group()
        if taken == _BACK_TOKENS or word[-1] in ":;.!?" or not _address_like(word):
            break
        if not any(c.isdigit() for c in word) and not _a_name(word):
            break
        start = token.start()
    return start


def _run_end(text: str, end: int, units: re.Pattern[str]) -> int:
    """The last unit's end, moved on over the numbers, names and postcode that follow it."""
    loose = 0
    for token in _TOKEN.finditer(text, end):
        word = token.group()
        anchor = any(c.isdigit() for c in word) or units.fullmatch(word.strip(",").lower()) is not None
        if anchor:
            loose = 0
        elif word.casefold() in _CONNECTORS:
            continue
        elif _address_like(word) and loose < _LOOSE_TOKENS and not _LATIN_LOWER_WORD.match(word):
            loose += 1
        else:
            break
        end = token.start() + len(word.rstrip(",;:!?"))
        if word.endswith((".", "!", "?")) and not anchor and len(word) > 5:
            break
    return end


_TWO_WEAK = 2 * _WEAK
_COUNTED = frozenset(json.loads(_DATA.read_text(encoding="utf-8"))["counted"])
_WORD_AFTER = re.compile(r"\s*([^\W\d_]+)")


def _postcode_follows(text: str, end: int) -> bool:
    """Whether a postcode follows the units after a comma, and no counted word after it ("Kalena Road 22, Lot 7,
    Majuro MH 96960": two weak units and a town's postcode are an address; "lot 6, 98714 points" is a score)."""
    postcode = _POSTCODE_AFTER_COMMA.search(text, end, end + _NEAR)
    if postcode is None:
        return False
    after = _WORD_AFTER.match(text, postcode.end())
    return after is None or after.group(1).casefold() not in _COUNTED


def _between_numbers(unit: re.Match[str]) -> bool:
    """A strong word with a number on each side is a street and its house, where no postcode is written ("25 Ngõ 102
    Trường Chinh": house 25 of lane 102)."""
    text = unit.string
    return bool(_NUMBER_BESIDE.search(text, max(0, unit.start() - 8), unit.start()) and _NUMBER_AFTER.match(text, unit.end()))


def _runs(text: str) -> list[tuple[int, int]]:
    units, strong = _units()
    runs: list[tuple[int, int]] = []
    group: list[re.Match[str]] = []

    def close() -> None:
        if not group:
            return
        score = sum(_STRONG if m.group() in strong else _WEAK for m in group)
        alone = len(group) == 1 and score == _STRONG  # one strong word: it needs a postcode after a comma
        if score < _ENOUGH and not alone and not (score >= _TWO_WEAK and _postcode_follows(text, group[-1].end())):
            return
        numbered = any(
            _NUMBER_BESIDE.search(text, max(0, m.start() - 8), m.start()) or _NUMBER_AFTER.match(text, m.end()) for m in group
        )
        if not numbered and not alone:
            return
        start, end = _run_start(text, group[0].start()), _run_end(text, group[-1].end(), units)
        has_strong = any(m.group() in strong for m in group)
        run = text[start:end]
        if alone and not _POSTCODE_AFTER_COMMA.search(text, group[0].end(), end) and not _between_numbers(group[0]):
            return
        if not has_strong and not (_POSTCODE.search(run) and len(_SEPARATOR.findall(run)) >= 2):
            return
        runs.append((start, end))

    lowered = text.lower()
    if len(lowered) != len(text):  # "İ" lowers to two characters: positions would move
        lowered = "".join(char if len(char.lower()) != 1 else char.lower() for char in text)
    for match in _unit_matches(lowered, units, ascii_letter_runs(text) if ascii_but_prose_marks(text) else None):
        if group and match.start() - group[-1].end() > _NEAR:
            close()
            group = []
        group.append(match)
    close()
    return runs


class _AddressRunRule(Rule):
    """A :class:`Rule` whose spans are whole address runs, not single matches of its pattern."""

    def spans(self, text: str) -> Iterator[Span]:
        for start, end in _runs(text):
            yield start, end, self.kind


RULES: tuple[Rule, ...] = (_AddressRunRule("address", re.compile(r"\d"), digits=1),)
