"""Where the screen's placeholders stand: a value read through the placeholders an earlier screen cut into it
(`cut_value_spans`, through `Seen`), and which found spans a placeholder keeps out. The many shapes are measured by the
``cut_values`` table (test_cut_values.py); here, each rule's edge."""

from __future__ import annotations

import pytest

from utils.privacy.placeholders import CUT_TEXT_CHARS, CutValue, cut_value_spans, outside_placeholders
from utils.privacy.screen import Screened, Seen, screen


def seen(*values: str) -> Seen:
    return Seen([Screened("", False, ("password",), tuple((value, "password") for value in values))])


@pytest.mark.parametrize(
    ("value", "text", "scrubbed"),
    [
        ("1 3 3 7 και μετά", "[redacted:code] και μετά #", "[redacted:password] #"),
        ("Tulip88421937-Rose", "Tulip[redacted:number]-Rose is it", "[redacted:password] is it"),
        ("Walnut-0176-445588-Oyster", "ok WALNUT-[redacted:phone]-OYSTER", "ok [redacted:password]"),
        ("a1-0176445588-b2-ana@example.com-c3", "x a1-[redacted:phone]-b2-[redacted:email]-c3 y", "x [redacted:password] y"),
        ("Kx8-tundra-44-0176445588", "Kx8-tundra-44-[redacted:phone]", "[redacted:password]"),
        ("Зима-0176445588-Лес", "новый Зима_[redacted:phone]_Лес ок", "новый [redacted:password] ок"),
    ],
)
def test_the_rest_of_a_value_a_screen_cut_into_is_scrubbed_with_it(value: str, text: str, scrubbed: str) -> None:
    assert seen(value).scrub(text) == scrubbed


@pytest.mark.parametrize(
    ("value", "text"),
    [
        ("Kx8-tundra-44", "[redacted:phone] 44 points"),  # two shared digits: a score
        ("Walnut-0176-445588-Oyster", "[redacted:phone] Oysters tonight"),  # another word
        ("Walnut-0176-445588-Oyster", "[redacted:phone] then Oyster"),  # not beside the placeholder
        ("0176445588-Sunflower", "[redacted:phone] flower shop"),  # the value's word does not part there
        ("correct horse battery staple", "that is correct [redacted:phone] call me"),  # a phone stands for digits
        ("correct horse battery staple", "walk my dog, correct horse"),  # a short line was not cut to a length
        ("Walnut-0176-445588-Oyster", "Oyster-[redacted:phone]-Walnut"),  # the pieces out of order
    ],
)
def test_a_placeholder_beside_words_that_share_characters_with_a_value_is_left_alone(value: str, text: str) -> None:
    assert seen(value).scrub(text) == text


def test_a_text_cut_to_its_length_inside_a_value_loses_the_values_first_words() -> None:
    text = "so about the raid tonight, we start at nine sharp and the healers bring food and flasks; "
    text += "the shared login is correct horse"
    assert len(text) >= CUT_TEXT_CHARS
    assert seen("correct horse battery staple").scrub(text).endswith("the shared login is [redacted:password]")
    one_word = text.removesuffix(" horse")  # one word of four, under half its letters: a word, not a cut value
    assert seen("correct horse battery staple").scrub(one_word) == one_word


def test_the_screen_reads_a_seen_value_through_placeholders_where_the_text_is_kept() -> None:
    """A memory learned before the reveal, as its screen left it: screened again with the value, it is refused."""
    kept = screen("Uses Walnut-[redacted:phone]-Oyster on Steam.", "memory", seen=seen("Walnut-0176-445588-Oyster"))
    assert kept.refused and "Walnut" not in kept.text and "Oyster" not in kept.text


def test_a_span_holding_whole_placeholders_is_kept_only_when_asked() -> None:
    text = "a Tulip-[redacted:phone]-Rose b"
    through, inside, across = (2, 29, "password"), (10, 15, "password"), (0, 12, "password")
    assert outside_placeholders(text, [through, inside, across]) == []
    assert outside_placeholders(text, [through, inside, across], whole=True) == [through]


def test_a_value_repeated_is_found_each_time_and_the_same_value_twice_once() -> None:
    value = CutValue.of("walnut-0176445588-oyster", "password")
    text = "walnut-[redacted:phone]-oyster and again Walnut-[redacted:phone]-Oyster"
    assert cut_value_spans(text, [value, value]) == [(0, 30, "password"), (41, 71, "password")]
