"""Numbers inside a scholarly or library identifier: a DOI, an arXiv id, a URN, an ORCID iD, a PMCID.

A DOI ("10.1038/s41586-021-03819-2"), an arXiv id ("arXiv:2310.06825v2"), a URN ("urn:nbn:de:101:1-2019041711"), an
ORCID iD and a PMCID name a paper, a preprint, a catalogue record or a researcher: public, printed on the work itself.
Their digits still read as a phone ("021-03819"), an id or a card to the number readers. Each has a shape no one's
phone or id is written in — a DOI's "10." directory, a registrant of four to nine digits and a "/"; arXiv's "arXiv:"
with a yymm.number; a URN's "urn:" and a namespace; an ORCID iD's "0000-000" (no card number starts so); PubMed
Central's "PMC" — so the shape alone says what the digits are, as a console's error code's does. Only the digits
inside the identifier go free: a number beside it ("and my passport number …") is read as before.
"""

from __future__ import annotations

import re

_IDENTIFIER = re.compile(
    r"(?<![\w.])10\.\d{4,9}/[^\s\"'<>]+"  # a DOI: directory 10, a registrant, a suffix
    r"|(?<![\w])arxiv:\s?(?:\d{4}\.\d{4,5}|[a-z-]+(?:\.[A-Z]{2})?/\d{7})(?:v\d+)?"  # arXiv, new and old schemes
    r"|(?<![\w])urn:[a-z0-9][a-z0-9-]{1,31}:[^\s\"'<>]+"  # a URN (RFC 8141)
    r"|(?<![\w-])0000-000[1-39]-\d{4}-\d{3}[\dX](?![\w-])"  # an ORCID iD (no card begins 0000)
    r"|(?<![\w])PMC\d{5,8}(?!\w)",  # a PubMed Central article
    re.IGNORECASE,
)
_TRAILING = ".,;:!?)]}"
"""Sentence punctuation that ends a line's identifier rather than belonging to it."""


def scholarly_identifiers(text: str) -> list[tuple[int, int]]:
    """Where ``text`` writes a DOI, an arXiv id, a URN, an ORCID iD or a PMCID, as ``(start, end)`` without the sentence
    punctuation after it: read once for a line, however many of its numbers are then asked about."""
    if "10." not in text and ":" not in text and "0000-" not in text and "PMC" not in text:
        return []
    found = []
    for match in _IDENTIFIER.finditer(text):
        stop = match.end()
        while stop > match.start() and text[stop - 1] in _TRAILING:
            stop -= 1
        found.append((match.start(), stop))
    return found


def inside_a_scholarly_reference(text: str, start: int, end: int, identifiers: list[tuple[int, int]] | None = None) -> bool:
    """Whether ``text[start:end]`` lies wholly inside a DOI, an arXiv id or a URN the line writes (module docstring);
    ``identifiers``: :func:`scholarly_identifiers` of ``text``, when the caller has read them."""
    found = scholarly_identifiers(text) if identifiers is None else identifiers
    return any(first <= start and end <= stop for first, stop in found)
