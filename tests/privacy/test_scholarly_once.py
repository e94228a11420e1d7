"""A line's scholarly identifiers (DOI, arXiv, URN, ORCID iD, PMCID) are read once for all its numbers.

The public-number judge asks, for each number a reader found, whether it lies inside such an identifier; each question
once searched the whole line again. The line is now read once (:func:`scholarly_identifiers`) and every number is
asked against that reading. The shared reading must answer as the search per number did, on lines with identifiers
in every scheme and casing, trailing punctuation, look-alikes that are none, and several numbers in one line; a third
of the lines (``ASIDE``) were not looked at while the reading was written.
"""

from __future__ import annotations

import re

import pytest

from utils.privacy import public_numbers, scholarly_refs
from utils.privacy.scholarly_refs import inside_a_scholarly_reference, scholarly_identifiers

TUNE = [
    "see 10.1038/s41586-021-03819-2 for the AlphaFold paper, call me at 021-03819",
    "doi:10.1000/182 and my phone 0612345678",
    "arXiv:2310.06825v2 is the Mistral paper",
    "ARXIV: 2303.08774 (GPT-4 report), ticket 48213077",
    "old scheme arxiv:hep-th/9901001 cited twice",
    "urn:nbn:de:101:1-2019041711 is the catalogue record, order 55512345",
    "URN:ISBN:978-3-16-148410-0 on the back",
    "my ORCID is 0000-0002-1825-0097, my card 4111 1111 1111 1111",
    "0000-0001-5109-3700.",
    "PMC1234567 and PMC7654321; also PMC12.",
    "pmc4455667 lower case",
    "Zitat: 10.1016/j.cell.2020.02.052), Seite 4",
    "la référence 10.1126/science.abc1234. Merci",
    "論文は 10.1093/nar/gkaa1100 です、電話 090-1234-5678",
    "статья arXiv:1706.03762v7 — внимание",
    "10.123/too-short registrant and 10.12345 without a slash",
    "version 10.4.2 and pin 10.55",
    "urn:x:1 and urn:a:0000-0002-1825-0097",
    "time 12:30, room 1204, id 219099999",
    "",
]
ASIDE = [
    "doi 10.5555/12345678 then my IBAN DE89 3704 0044 0532 0130 00",
    "arXiv:2401.00001v1, arXiv:2401.00002.",
    "ORCID 0000-0003-1419-2405; PMC9876543)",
    "the phone 0000-0001 is no ORCID",
    "10.1000/xyz]} and 10.2000/abc,",
    "URN:NBN:FI:JYU-201907043507 viite",
    "kod 10.1234/5678-9012 i telefon 601 234 567",
    "nothing scholarly here: 4471 9238 1120 7733",
    "mixed Arxiv:1234.56789v3 and urn:uuid:6e8bc430-9c3a-11d9-9669-0800200c9a66",
    "PMCID: PMC3531190 / PMID: 23193287",
]

_NUMBER = re.compile(r"\d[\d .-]*\d|\d")


def _per_number(text: str, start: int, end: int) -> bool:
    """The reading the shared one stands in for: the whole line searched again for this number."""
    if "10." not in text and ":" not in text and "0000-" not in text and "PMC" not in text:
        return False
    for match in scholarly_refs._IDENTIFIER.finditer(text):
        stop = match.end()
        while stop > match.start() and text[stop - 1] in scholarly_refs._TRAILING:
            stop -= 1
        if match.start() <= start and end <= stop:
            return True
    return False


def _spans(text: str) -> list[tuple[int, int]]:
    """Every run of digits and every stretch of them with separators, and each one's pieces: numbers inside an
    identifier, across its edge and outside it."""
    found = set()
    for match in _NUMBER.finditer(text):
        found.add(match.span())
        for piece in re.finditer(r"\d+", match.group()):
            found.add((match.start() + piece.start(), match.start() + piece.end()))
    return sorted(found)


@pytest.mark.parametrize("text", TUNE + ASIDE)
def test_the_shared_reading_answers_as_the_search_per_number(text: str) -> None:
    identifiers = scholarly_identifiers(text)
    for start, end in _spans(text):
        expected = _per_number(text, start, end)
        assert inside_a_scholarly_reference(text, start, end, identifiers) == expected, (text, start, end)
        assert inside_a_scholarly_reference(text, start, end) == expected, (text, start, end)


def test_the_rows_hold_numbers_on_both_sides() -> None:
    inside = outside = 0
    for text in TUNE + ASIDE:
        for start, end in _spans(text):
            if _per_number(text, start, end):
                inside += 1
            else:
                outside += 1
    assert inside >= 20 and outside >= 40


def test_the_aside_rows_agree_too() -> None:
    agreed = sum(
        all(
            inside_a_scholarly_reference(text, s, e, scholarly_identifiers(text)) == _per_number(text, s, e)
            for s, e in _spans(text)
        )
        for text in ASIDE
    )
    print(f"aside rows agreeing: {agreed} of {len(ASIDE)}")
    assert agreed == len(ASIDE)


def test_public_spans_reads_the_identifiers_once_however_many_numbers(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[str] = []
    real = scholarly_identifiers

    def counted(text: str) -> list[tuple[int, int]]:
        calls.append(text)
        return real(text)

    monkeypatch.setattr(public_numbers, "scholarly_identifiers", counted)
    text = "ids 021-03819 and 0612345678, see 10.1038/s41586-021-03819-2 and 0000-0002-1825-0097"
    doi_digits = text.index("021-03819-2")
    orcid = text.index("0000-0002")
    spans = [(4, 13, "phone"), (18, 28, "phone"), (doi_digits, doi_digits + 9, "phone"), (orcid, orcid + 19, "id-number")]
    public = public_numbers.public_spans(text, spans)
    assert public == {spans[2], spans[3]}
    assert len(calls) == 1
