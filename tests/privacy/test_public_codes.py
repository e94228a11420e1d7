"""Codes a bank or a post office prints for everyone, and a puzzle's grid, pass; the values beside them do not
(utils/privacy/public_codes.py)."""

from __future__ import annotations

import pytest

from utils.privacy import public_codes
from utils.privacy.screen import screen

PUBLIC = [
    "the credit union's routing number on their website is 597221350, for the club's dues transfer",
    "ABA 011000015 is the Federal Reserve Bank of Boston",
    "Barclays sort code 20-00-00 is their head office one",
    "the BIC on the invoice is DEUTDEFF, it's Deutsche Bank Frankfurt",
    "código SWIFT del banco: BSCHESMMXXX",
    "ship it to the Pune office, PIN code 411001",
    "पार्सल भेजना है, पिन कोड 160017 वाले इलाके में",
    "the store's line is 1-800-356-9377, they answer fast",
    "ring 0800 123 4567 for the helpline",
    "sudoku: 530070000600195000098000060800060003400803001700020006060000280000419005000080079",
    "sudoku for the bot: 53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
]


@pytest.mark.parametrize("text", PUBLIC)
def test_a_public_code_passes_as_a_message_and_as_a_memory(text: str) -> None:
    assert screen(text, "message").text == text
    kept = screen(text, "memory")
    assert not kept.refused and kept.text == text


OPEN = [
    "Kahoot game PIN 6301942 for the quiz, open to everyone",
    "custom lobby code 7QJ-2KL, anyone can join",
    "código de la sala 4412-8812, entra quien quiera",
    "房间号 8815，欢迎加入",
]


@pytest.mark.parametrize("text", OPEN)
def test_a_code_offered_to_everyone_passes_as_a_message(text: str) -> None:
    """The message keeps it; a memory keeps the fact, not a game's code (shared_codes.py), as for any shared code."""
    assert screen(text, "message").text == text


SECRETS = [
    ("routing 021000021, and my account number is 483920175523", "483920175523"),
    ("sort code 20-00-00, account 73849201", "73849201"),
    ("BIC BYLADEM1001, und meine IBAN: DE48 1203 0000 1020 3040 51", "DE48 1203 0000 1020 3040 51"),
    ("my PIN code is 560034", "560034"),  # no address around it: a PIN
    ("my UPI PIN is 411001, send the money", "411001"),  # a PIN's word, not a postal PIN code's
    ("routing number 123456789 for my account", "123456789"),  # the check digit does not hold: an account's digits
    ("my cell is (808) 555-0132 in Honolulu", "555-0132"),  # 808 is Hawaii's area code, not a toll-free one
    ("call me on 07700 900123 or the shop on 0800 123 4567", "07700 900123"),
    ("my bank PIN is 4821, open to everyone lol", "4821"),  # a PIN offered to all is only a game's
    ("room code KXPF, room password Gremlin-73, anyone can join if they know it", "Gremlin-73"),
    ("lobby code 4412, and the PIN for my phone is 8830, everyone hop in", "8830"),
    ("sudoku lol, my card PIN is 5300 and the grid was 530070000600195000098000060800060003400803001700020006", "5300"),
]


@pytest.mark.parametrize(("text", "value"), SECRETS)
def test_the_value_beside_a_public_code_is_still_taken_out(text: str, value: str) -> None:
    assert value not in screen(text, "message").text
    kept = screen(text, "memory")
    assert kept.refused or value not in kept.text


def test_a_grid_is_a_sudoku_only_by_its_rule() -> None:
    grid = "530070000600195000098000060800060003400803001700020006060000280000419005000080079"
    assert public_codes.code_ranges(f"grid {grid}") == ([(5, 86)], [])
    assert public_codes.code_ranges(f"grid {'55' + grid[2:]}") == ([], [])  # a digit twice in a row
    assert public_codes.code_ranges(f"grid {'1' + '0' * 80}") == ([], [])  # fewer than 17 given


def test_a_span_holding_more_than_the_code_is_not_let_go() -> None:
    text = "routing number 021000021 5839201"
    codes = public_codes.code_ranges(text)
    assert codes == ([(15, 24)], [])
    assert public_codes.holds_only_a_code(text, (15, 24, "id-number"), codes)
    assert not public_codes.holds_only_a_code(text, (15, 32, "id-number"), codes)
    assert not public_codes.holds_only_a_code(text, (15, 24, "api-key"), codes)
