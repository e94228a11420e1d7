"""The plain look-up that passes over an ASCII line without a public code's word before the case-blind one reads it
(:mod:`utils.privacy.public_codes`): it may pass over only lines the case-blind reading finds nothing in."""

from __future__ import annotations

import json
import random
import string

import pytest

from utils.privacy import public_codes

_DATA = json.loads(public_codes._DATA.read_text(encoding="utf-8"))
KINDS = [kind for kind, words in _DATA.items() if isinstance(words, list)]


def _ascii_forms(word: str, rng: random.Random) -> list[str]:
    """The word as an ASCII line may hold it: each letter in either case, a letter with an ASCII twin as the twin."""
    twins = "".join(public_codes._ascii_twin(char) for char in word)
    forms = [twins, twins.upper(), "".join(rng.choice((c.lower(), c.upper())) for c in twins)]
    return [form for form in forms if form.isascii()]


def _lines(kind: str, seed: int) -> list[str]:
    rng = random.Random(f"{kind}:{seed}")
    filler = string.ascii_letters + string.digits + " .,:-#/\n"
    lines = ["".join(rng.choice(filler) for _ in range(rng.randint(0, 200))) for _ in range(300)]
    for word in _DATA[kind]:
        for form in _ascii_forms(word, rng):
            before = "".join(rng.choice(filler) for _ in range(rng.randint(0, 12)))
            after = "".join(rng.choice(filler) for _ in range(rng.randint(0, 12)))
            lines += [form, f"{before}{form}{after}", f"{before}{form[: len(form) // 2]}"]
    return lines


@pytest.mark.parametrize("kind", KINDS)
def test_the_plain_look_up_passes_over_no_line_the_case_blind_reading_finds_a_word_in(kind: str) -> None:
    lines = _lines(kind, 1) + _lines(kind, 2)
    found = [line for line in lines if public_codes._words(kind).search(line)]
    assert len(found) > len(_DATA[kind])  # the table holds the kind's words as lines hold them
    assert [line for line in found if not public_codes._holds_words(kind, line)] == []
    assert all(public_codes._holds_words(kind, line) is bool(public_codes._words(kind).search(line)) for line in lines)


def test_a_letter_with_an_ascii_twin_stands_as_it() -> None:
    assert public_codes._ascii_twin("ı") == "i"  # Turkish dotless i matches "I" and "i" case-blind
    assert public_codes._ascii_twin("K") == "k"  # the Kelvin sign matches "k"
    assert public_codes._ascii_twin("ç") == "ç"
    assert public_codes._ascii_twin("A") == "a"


def _digit_lines(seed: int) -> list[str]:
    rng = random.Random(seed)
    pieces = ["8", "0", "00", "33", "88", "+1 ", "(", ")", "-", ".", " ", "+44 ", "+49 (0) ", "1", "5", "9", "x", "٣"]
    return ["".join(rng.choice(pieces) for _ in range(rng.randint(1, 40))) for _ in range(20_000)]


def test_a_line_passed_over_for_toll_free_numbers_holds_none() -> None:
    lines = [*_digit_lines(3), "1-800-356-9377", "0800 111 0500", "+44 808 157 0192", "(888) 555-0123", "+49 800 1234567"]
    found = [line for line in lines if public_codes._TOLL_FREE.search(line)]
    assert len(found) > 20
    assert [line for line in found if not any(code in line for code in public_codes._TOLL_FREE_CODES)] == []


def test_a_line_passed_over_for_a_grid_holds_none() -> None:
    rng = random.Random(4)
    lines = ["".join(rng.choice("123456789." * 30 + " x\n") for _ in range(rng.randint(60, 130))) for _ in range(5_000)]
    lines += ["5" * 81, "." * 81, "x" + "1" * 81, "٣" * 81, "1" * 80]
    found = [line for line in lines if public_codes._GRID.search(line)]
    assert len(found) > 50
    assert [line for line in found if not public_codes._may_hold_a_grid(line)] == []
    assert not public_codes._may_hold_a_grid("1" * 80) and public_codes._may_hold_a_grid("٣" * 81)
