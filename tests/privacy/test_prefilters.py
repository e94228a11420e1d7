"""Every cheap gate of the screen admits each line its full reading matches: a gate may skip work, never a match.

The gates: the words an exception of the special categories needs before the exceptions are blanked; the local
part before an "@" where an e-mail address is tried; the letter run before an apostrophe where a possessive is
tried; the first letters a pattern may start with, looked ahead before its lookbehind; a value's first character
read before its lookbehind; the look-alike letters a text must hold before its words are mapped to Latin; the
first word of a needle holding a space; the line's words read once for the three kept-line layers. Each is compared
with the reading it stands before, on the dev tables, the tuned layer tables, the redaction bench's lines, long
posts built from them and crafted edge cases. No timing here: the cost is the bench's (``bench/redaction.py``).
"""

from __future__ import annotations

import re
from functools import cache

import pytest
from screen_lines import screen_lines, windows_by_regex

from utils.privacy import _others_subjects, _others_vocabulary, address_units, categories, contact, named_numbers
from utils.privacy import normalise as normalise_module
from utils.privacy import screen as screen_module
from utils.privacy._others_vocabulary import LETTER_RUN, vocabulary, windows
from utils.privacy.categories import special_category
from utils.privacy.normalise import normalise
from utils.privacy.others import about_someone_else
from utils.privacy.roles import asserts_role
from utils.privacy.rule import Rule

CRAFTED = [
    # exceptions and things said of a game
    "that boss is cancer lol",
    "This game is pure aids",
    "the meta is such cancer rn",
    "Watching Black Mirror, then Black Ops",
    "bi-polar bear in the zoo",
    "bipolar bear",
    "Skeleton is the boss drop",
    "cristiano ronaldo scored",
    # e-mail addresses at their edges
    "a" * 64 + "@example.com",
    "a" * 65 + "@example.com",
    "x@y.z@w.com",
    "@@a.co and @b.co",
    "mail me: bob.smith+tag@example.co.uk!",
    "<@1163284750943812347> alice@mail.com",
    "foo@bar",
    "é@x.com fo%o@x.com -a@x.io .a@x.io",
    # possessives
    "Sam's salary is 90k",
    "James' car got towed",
    "Emre'nin abisi işten atıldı",
    "d'accord, l'ami de Tom",
    "rock'n'roll ’s Tom’s wife",
    "'s alone, x' y",
    # look-alike letters (Cyrillic and Greek drawn like Latin)
    "раssword: hunter22",
    "my ΡΑSSWORD is Ηello",
    "пароль and pаrol",
    "Straße ſam İstanbul",
    # values and phones
    "ID AB12345678 / X-99 A-123456 7-ABCDEF12",
    "call +49 (151) 234-56789 or (030) 1234567",
    "+1.555.123.4567 x 12/05/2026 00:30",
    # names and owners
    "ÉmileÀndré O'Neil McDonald DE VON Da Silva, das Gehalt von Tom, la casa di Luca",
]


@cache
def _lines() -> tuple[str, ...]:
    return tuple(screen_lines(CRAFTED, seed=7))


def test_the_lines_are_many_and_some_are_long() -> None:
    assert len(_lines()) > 3000
    assert sum(len(line) >= 600 for line in _lines()) >= 30


def _folded(text: str) -> str:
    return normalise(text).text.casefold().replace("’", "'")


def test_an_exception_is_blanked_in_every_line_whose_words_may_hold_one() -> None:
    index = categories._index()
    entries = [*categories._vocabulary()["exceptions"], *categories._vocabulary()["said_of_a_thing"]["subjects"]]
    lines = [*_lines(), *(f"ok {entry} then" for entry in entries), *(f"{entry.replace('-', '')}!" for entry in entries)]
    changed = 0
    for line in lines:
        folded = _folded(line)
        if index.exceptions.sub(" ", folded) != folded:
            changed += 1
            assert categories._may_hold(set(LETTER_RUN.findall(folded)), index.exception_words), line
    assert changed >= len(entries)


def test_the_exception_families_a_line_may_hold_blank_what_all_of_them_blank() -> None:
    # a family left out for want of its words must match nowhere in the line: the spans blanked are the same
    index = categories._index()
    vocabulary = categories._vocabulary()
    things = vocabulary["said_of_a_thing"]
    parts = vocabulary["said_of_a_part"]["parts"]
    probes = [
        *vocabulary["exceptions"],
        *things["subjects"],
        *(f"{subject} is a {word}" for subject in things["subjects"][:40] for word in ("cancer", "gay", "muslim")),
        *(f"my {entity} got pregnant" for entity in things["game_entities"]),
        *(f"the depression {part}, then the cancer {part}" for part in parts),
    ]
    lines = [*_lines(), *(f"ok {probe} then" for probe in probes), *(f"{probe}!" for probe in probes)]
    narrowed = 0
    for line in lines:
        folded = _folded(line)
        words = set(LETTER_RUN.findall(folded))
        chosen = index.exception_families.pattern_for(words)
        assert chosen.sub(" ", folded) == index.exceptions.sub(" ", folded), line
        narrowed += chosen.pattern != index.exceptions.pattern
    assert narrowed >= len(lines) // 2


def test_the_kept_line_layers_given_the_words_read_as_they_read_alone() -> None:
    for line in _lines():
        matching = normalise(line).text
        words = frozenset(LETTER_RUN.findall(matching.casefold()))
        assert special_category(matching, normalised=True, words=words) == special_category(matching, normalised=True)
        assert about_someone_else(matching, normalised=True, words=words) == about_someone_else(matching, normalised=True)
        assert asserts_role(matching, normalised=True, words=words) == asserts_role(matching, normalised=True)


def _spans(matches: object) -> list[tuple[int, int]]:
    return [match.span() for match in matches]  # type: ignore[attr-defined]


def test_an_email_address_is_found_where_its_pattern_finds_it() -> None:
    rule = next(rule for rule in contact.RULES if rule.kind == "email" and "@" in rule.needles)
    plain = Rule(rule.kind, rule.pattern, rule.needles)
    found = 0
    for line in _lines():
        spans = [(start, end) for start, end, _ in rule.spans(line)]
        assert spans == [(start, end) for start, end, _ in plain.spans(line)], line
        found += bool(spans)
    assert found >= 20


def test_a_possessive_is_found_where_its_pattern_finds_it() -> None:
    found = 0
    for line in _lines():
        spans = _spans(_others_subjects._possessive_matches(line))
        assert spans == _spans(_others_subjects._POSSESSIVE.finditer(line)), line
        found += bool(spans)
    assert found >= 50


_PLAIN = {
    "phone number": (contact._PHONE_NUMBER, re.compile(r"(?<![\d+(])\+?\(?\d[\d ()./-]{6,22}\d(?![\w])")),
    "named value": (
        named_numbers._VALUE,
        re.compile(r"(?<![\w/-])[A-Z0-9](?:[A-Z0-9]|[ ./-](?=[A-Z0-9])){5,24}(?![\w/-])"),
    ),
    "capitalised word": (
        _others_subjects._CAPITALISED,
        re.compile(rf"(?<![^\W\d_])[{_others_subjects._CAPITAL}][^\W\d_]*"),
    ),
    "owner after a name": (
        _others_subjects._OWNED_BY,
        re.compile(r"(?<![^\W\d_])(?:de|von|di|van|do|da|del|du|od)\s+[^\W\d_]", re.IGNORECASE),
    ),
}
"""Patterns read from their first character, and the same pattern with its lookbehind first, as it reads plainly."""


@pytest.mark.parametrize("name", sorted(_PLAIN))
def test_a_pattern_read_from_its_first_character_finds_what_it_finds_plainly(name: str) -> None:
    quick, plain = _PLAIN[name]
    found = 0
    for line in _lines():
        spans = _spans(quick.finditer(line))
        assert spans == _spans(plain.finditer(line)), line
        found += bool(spans)
    assert found >= 20


def test_person_nouns_looked_ahead_are_found_as_without_the_lookahead() -> None:
    quick = _others_subjects._patterns()["person"]
    ahead = _others_vocabulary.first_letters(vocabulary()["person_nouns"])
    assert quick.pattern.startswith(ahead)
    plain = re.compile(quick.pattern[len(ahead) :], quick.flags)
    nouns = vocabulary()["person_nouns"]
    lines = [*_lines(), *(f"{noun.upper()}, {noun.title()} and the {noun}s" for noun in nouns)]
    assert sum(_spans(quick.finditer(line)) == _spans(plain.finditer(line)) for line in lines) == len(lines)


def test_the_windows_around_a_shapes_words_are_those_a_plain_search_finds() -> None:
    needles = _others_vocabulary.needles([*vocabulary()["relations"], *vocabulary()["reporting_verbs"], "ſam", "straße"])
    some = 0
    for line in [*_lines(), "ſam and SAM, Straße and STRASSE", "MY BROTHER said"]:
        present = frozenset(LETTER_RUN.findall(line.casefold()))
        spans = windows(line, present, needles, False)
        assert spans == windows_by_regex(line, present, needles), line
        some += bool(spans)
    assert some >= 200


def test_look_alike_letters_are_mapped_in_every_text_that_holds_one() -> None:
    def plain(text: str) -> str:
        """Every word read on its own, told whether the line is written in Cyrillic or Greek."""
        native = any(
            "\u0370" <= char <= "\u052f" or "\u1f00" <= char <= "\u1fff"
            for char in text
            if char not in normalise_module._LOOKALIKE_CHARS
        )
        return normalise_module._WORD.sub(lambda m: normalise_module._latin_lookalike(m.group(), native), text)

    mapped = 0
    each_letter = [f"p{char}ss w{char}rd {char}" for char in sorted(normalise_module._LOOKALIKE_CHARS)]
    for line in [*_lines(), *each_letter]:
        assert normalise_module._lookalikes_as_latin(line) == plain(line), line
        mapped += plain(line) != line
    assert mapped >= len(each_letter)


def test_a_needle_holding_a_space_has_its_first_word_inside_a_word_of_every_line_holding_it() -> None:
    spaced = {n for rule in screen_module.RULES for n in rule.needles if any(c.isspace() for c in n)}
    held = 0
    for line in _lines():
        lowered = line.casefold()
        words = " ".join(set(lowered.split()))
        for needle in spaced:
            if needle in lowered:
                held += 1
                head = next(needle[:at] for at, char in enumerate(needle) if char.isspace())
                assert head in words, (needle, line)
    assert held >= 20


def test_address_units_are_found_where_their_pattern_finds_them() -> None:
    units, _strong = address_units._units()
    found = 0
    for line in _lines():
        lowered = line.lower()
        if len(lowered) != len(line):
            continue  # read as the rule reads it, with positions kept
        spans = _spans(address_units._unit_matches(lowered, units))
        assert spans == _spans(units.finditer(lowered)), line
        found += bool(spans)
    assert found >= 50
