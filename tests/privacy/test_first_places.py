"""A long text searched only where a match may begin finds the first match a search of every place finds
(utils/privacy/first_places.py): the characters a match begins with are read off the parsed pattern, through optional
parts, groups and assertions, and a case-blind pattern's in every case form ("k" and the Kelvin sign, "s" and "ſ",
"i", "İ" and "ı")."""

from __future__ import annotations

import re

import pytest
from screen_lines import screen_lines

from bench.long_messages import LONG_CHARS, long_messages
from utils.privacy import _others_subjects, first_places, others, roles, semantic_fields
from utils.privacy.normalise import normalise

ALIKE = ["K is here", "\u212a is here", "ſo there", "İs it", "ıs it", "I'M THE ADMIN", "µ and μ", "ǅ ǆ Ǆ"]


def _patterns() -> list[re.Pattern[str]]:
    shapes = [*others._patterns().values(), *(shape[0] for shape in roles._role_patterns())]
    shapes += [field.expressions for field in semantic_fields._fields().values() if field.expressions is not None]
    return [pattern for pattern in [*shapes, *_others_subjects._patterns().values()] if isinstance(pattern, re.Pattern)]


def _texts() -> list[str]:
    posts = [*long_messages(LONG_CHARS, 7).values(), *long_messages(LONG_CHARS, 20).values()]
    lines = screen_lines(ALIKE, seed=20)
    matching = [normalise(post).text for post in posts]
    return [*posts, *matching, *(semantic_fields.plain(post) for post in matching), *lines[::6], *ALIKE]


def test_the_shapes_searched_where_a_match_may_begin_find_what_a_search_of_every_place_finds() -> None:
    patterns, texts = _patterns(), _texts()
    assert sum(first_places.openings(pattern) is not None for pattern in patterns) >= 40
    found = 0
    for pattern in patterns:
        for text in texts:
            expected = pattern.search(text, 3, len(text))
            match = first_places.search_from_openings(pattern, text, 3, len(text))
            assert (match and (match.span(), match.groups())) == (expected and (expected.span(), expected.groups()))
            found += expected is not None
    assert found > 500


@pytest.mark.parametrize(
    ("regex", "flags", "text"),
    [
        (r"(?<![^\W\d_])kick", re.IGNORECASE, "can \u212aICK people"),
        (r"(?<![^\W\d_])(?:so|is)\b", re.IGNORECASE, "ſO and İS"),
        (r"(?:^|[.;]\s*)(?:the\s+)?mod", re.IGNORECASE, "x. THE MOD"),
        (r"(?:a|b)?c", 0, "xxbc"),
        (r"(?i:k)ick", 0, "\u212aick"),
    ],
)
def test_a_match_beginning_with_any_case_form_is_found(regex: str, flags: int, text: str) -> None:
    pattern = re.compile(regex, flags)
    expected = pattern.search(text)
    assert expected is not None
    found = first_places.search_from_openings(pattern, text, 0, len(text))
    assert found is not None and found.span() == expected.span()


@pytest.mark.parametrize("regex", [r"[^a]b", r"\w+x", r"a?", r".b", r"(?:x|\d)y", r"[\u0100-\uffff]b"])
def test_a_pattern_without_a_known_first_character_is_searched_as_it_is(regex: str) -> None:
    assert first_places.openings(re.compile(regex)) is None
