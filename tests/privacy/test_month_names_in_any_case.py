"""Month names read as a code's digits in any letter case: the screen never raises on a casing the month list does not
hold as written (Turkish capitals casefold to a dotted "i" the list's "mayıs" does not have)."""

from __future__ import annotations

import pytest

from utils.privacy.screen import screen

CASES = [
    ("pin: MAYIS, HAZIRAN, TEMMUZ, AĞUSTOS", "MAYIS, HAZIRAN, TEMMUZ, AĞUSTOS"),
    ("şifre: Mayıs Haziran Temmuz Ağustos", "Mayıs Haziran Temmuz Ağustos"),
    ("PIN: EKİM, KASIM, ARALIK, OCAK", "EKİM, KASIM, ARALIK, OCAK"),
    ("PIN: MÄRZ, JULI, JANUAR, OKTOBER", "MÄRZ, JULI, JANUAR, OKTOBER"),
    ("kod: MARZEC, LIPIEC, STYCZEŃ, PAŹDZIERNIK", "MARZEC, LIPIEC, STYCZEŃ, PAŹDZIERNIK"),
    ("пин-код: ИЮЛЬ, ЯНВАРЬ, ОКТЯБРЬ, ДЕКАБРЬ", "ИЮЛЬ, ЯНВАРЬ, ОКТЯБРЬ, ДЕКАБРЬ"),
    ("code: mArS, jUiLlEt, JaNvIeR, oCtObRe", "mArS, jUiLlEt, JaNvIeR, oCtObRe"),
]


@pytest.mark.parametrize(("text", "value"), CASES)
def test_a_code_in_month_names_is_screened_whatever_their_case(text: str, value: str) -> None:
    for field in ("message", "memory", "log"):
        assert value not in screen(text, field).text


@pytest.mark.parametrize(
    "text",
    ["we open MAYIS, HAZIRAN, TEMMUZ, AĞUSTOS", "SEZON: HAZİRAN TEMMUZ AĞUSTOS EYLÜL", "Ferien im JULI und AUGUST"],
)
def test_months_named_without_a_secret_stay(text: str) -> None:
    assert screen(text, "message").text == text
