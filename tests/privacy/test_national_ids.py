"""National ids with a check digit: found by their shape, or by a word near a number a validator accepts."""

from __future__ import annotations

from datetime import date, timedelta

import pytest

from utils.privacy.screen import screen

FOUND = [
    ("주민등록번호 880312-1064589 입니다", "880312-1064589"),  # Korean resident number, dashed: stands alone
    ("880312 1064589", "880312 1064589"),
    ("rodné číslo 855214/0730", "855214/0730"),  # Czech birth number with its slash
    ("EMŠO 1503985502183 prosim", "1503985502183"),  # a checked number with its word
    ("38507155715 yra mano asmens kodas", "38507155715"),  # the word after the number
    ("身分證 A123456789 謝謝", "A123456789"),  # Taiwan: letter, 1/2, eight digits, checksum
    ("my hkid is G123456(A)", "G123456(A)"),
    ("nric S1234567D ok", "S1234567D"),
    ("Rechnung bitte an CHE-526.018.151", "CHE-526.018.151"),  # Swiss business id: "CHE-", nine digits, check digit
    ("minu KMKR on EE106131860", "EE106131860"),  # Estonian VAT number after its word
    ("bin eingetragener Kaufmann, Aachen HRA 4551 steht im Impressum", "HRA 4551"),  # register A: a person's
    ("meine GmbH steht unter HRB 73190 in Dresden", "HRB 73190"),  # register B said to be the member's own
    ("i hob a e.U., Firmenbuchnummer FN 543005x", "FN 543005x"),  # a sole trade's Austrian number
    ("Rechnung bitte an meine Firma, FN 212044k", "FN 212044k"),  # an invoice word does not make it an invoice's number
]
PASSES = [
    "I hit rank 880312 and 1064589 points",  # no dash, no word: a score
    "order 880312-1064580 shipped",  # the shape without its checksum
    "match 855214/0731 tonight",  # a slash number that fails its check
    "my score is 1503985502183",  # a checked-looking number without an id word
    "A123456780 is the serial",  # Taiwan shape, wrong check digit
    "G123456(7) in the catalogue",  # HKID shape, wrong check
    "route S1234567A",  # NRIC shape, wrong letter
    "id <@1163284750943812347>",  # a Discord mention after "id"
    "CHE-526.018.152 in the list",  # the Swiss shape, wrong check digit
    "laut Impressum: Deutsche Bahn AG, Amtsgericht Berlin-Charlottenburg, HRB 50000",  # a company's, quoted
    "die Siemens AG ist unter HRB 6684 eingetragen",  # register B with nothing making it the member's
]


@pytest.mark.parametrize(("text", "value"), FOUND)
def test_an_id_is_screened(text: str, value: str) -> None:
    screened = screen(text, "message")
    assert value not in screened.text
    assert "[redacted:id-number]" in screened.text


@pytest.mark.parametrize("text", PASSES)
def test_a_number_that_is_not_an_id_passes(text: str) -> None:
    assert screen(text, "message").text == text


def test_no_timestamp_of_a_whole_year_reads_as_an_id() -> None:
    """Notes and logs are stamped "[2026-10-25 05:13]": a date, an hour and a checksum that sometimes adds up."""
    start = date(2026, 1, 1)
    lines = []
    for day in range(365):
        stamp = start + timedelta(days=day)
        lines += [f"[{stamp.isoformat()} {hour:02d}:13] Mentioned a cat." for hour in (0, 5, 9, 13, 17, 23)]
        lines.append(f"{stamp.strftime('%d.%m.%Y')} {day % 24:02d}:30 raid night")
    changed = [line for line in lines if screen(line, "note").text != line]
    assert changed == [], changed[:5]
