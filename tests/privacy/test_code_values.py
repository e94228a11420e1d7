"""One-time and recovery codes as banks and services write them (utils/privacy/passwords.py, _secret_values.py)."""

from __future__ import annotations

import pytest

from utils.privacy.screen import screen


@pytest.mark.parametrize(
    ("text", "values"),
    [
        ("Ihre TAN lautet 12 84 39, gültig 5 Minuten", ["12 84 39"]),
        ("code SMS : 55-02-91 pour valider", ["55-02-91"]),
        ("koden er Blåbær2020", ["Blåbær2020"]),
        ("el código de respaldo de Epic es K7Q2M9", ["K7Q2M9"]),
        ("codes de secours Tuta : 3h8k2m4p, 9x2v7q1w, c4n8r2t6", ["3h8k2m4p", "9x2v7q1w", "c4n8r2t6"]),
    ],
)
def test_the_code_is_gone(text: str, values: list[str]) -> None:
    said = screen(text, "message").text
    assert not [value for value in values if value in said], said


@pytest.mark.parametrize(
    "text",
    [
        "code 12-03-24 is the date on the ticket",
        "the code is v2.14.3 now",
        "promo code is SUMMER20 at checkout",
        "the code review is done, 3 comments",
    ],
)
def test_a_date_a_version_or_a_public_code_stays(text: str) -> None:
    assert screen(text, "message").text == text
