"""What was true before: a slot's values in order, and whether a message asks about change or the past.

A slot (``main_game``, ``home``) holds one live value; each value it held before is kept
as a superseded row (learned at ``created_at``, held until ``superseded_at``). These are
put together here from one read of the member's slotted rows, for `/memory history`
and for the memory block when a message asks about the past. Whether it does is read
from the message's words alone (:func:`asks_about_past`), so an ordinary message costs
no extra query.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime

from utils.storage.records import MemoryRecord


@dataclass(frozen=True)
class FactHistory:
    """One slot's values: the one held now (None when it expired or was pruned) and those before it, newest first."""

    slot: str
    current: MemoryRecord | None
    earlier: tuple[MemoryRecord, ...]

    @property
    def changed_at(self) -> datetime:
        """When the slot last changed (its latest replacement), for showing the freshest changes first."""
        return _aware(self.earlier[0].superseded_at or self.earlier[0].created_at) if self.earlier else _EPOCH


_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)


def _aware(moment: datetime) -> datetime:
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


def fact_histories(rows: Iterable[MemoryRecord], *, changed_only: bool = True) -> list[FactHistory]:
    """The slots of ``rows`` (a member's slotted rows) with their values, most recently changed first.

    With ``changed_only``, a slot that never held another value is left out: it has no history to tell.
    """
    by_slot: dict[str, list[MemoryRecord]] = {}
    for row in rows:
        if row.slot_key:
            by_slot.setdefault(row.slot_key, []).append(row)
    histories = []
    for slot, held in by_slot.items():
        current = [m for m in held if m.superseded_at is None]
        earlier = sorted(
            (m for m in held if m.superseded_at is not None),
            key=lambda m: (_aware(m.superseded_at or m.created_at), m.id),
            reverse=True,
        )
        if changed_only and not earlier:
            continue
        newest = max(current, key=lambda m: (_aware(m.created_at), m.id)) if current else None
        histories.append(FactHistory(slot, newest, tuple(earlier)))
    histories.sort(key=lambda h: (h.changed_at, h.slot), reverse=True)
    return histories


def month(moment: datetime) -> str:
    """A time as the block and the member read it about a fact: the month ("2026-03")."""
    return f"{_aware(moment):%Y-%m}"


def day(moment: datetime) -> str:
    return f"{_aware(moment):%Y-%m-%d}"


# --------------------------------------------------------------------------- does a message ask about the past?
_PAST_PATTERNS = (
    # English: "before", "used to", "previously", "last year", "what was my", "no longer", "back then", "ago"
    r"\bbefore\b(?!\s+(?:we|i|you|u|they|he|she|it|going|starting|bed|lunch|dinner|the\s+(?:game|match|raid|stream)))",
    r"\bused\s+to\b|\buse\s+to\b|\bprevious(?:ly)?\b|\bformer(?:ly)?\b|\boriginally\b|\bearlier\b(?!\s+today)",
    r"\blast\s+(?:year|month|summer|winter|season)\b|\byears?\s+ago\b|\bmonths?\s+ago\b|\bback\s+(?:then|when|in)\b",
    r"\bwhat\s+(?:was|were)\s+my\b|\bwhere\s+did\s+i\s+(?:live|work|study)\b|\bno\s+longer\b|\bany\s?more\b",
    r"\bin\s+the\s+past\b|\bmy\s+(?:old|ex|previous|former)\b|\bchanged\b|\bswitch(?:ed)?\s+from\b",
    # Spanish
    r"\bantes\b(?!\s+de\s+que)|\bsol[ií]a\b|\bsol[ií]as\b|\bel\s+a[ñn]o\s+pasado\b|\banteriormente\b|\bya\s+no\b",
    r"\bhace\s+(?:\d+|un|una|dos|tres|unos|unas)\s+(?:a[ñn]os?|mes(?:es)?)\b|\bcu[aá]l\s+era\b|\bqu[eé]\s+era\b|\bviv[ií]a\b",
    # French
    r"\bavant\b(?!\s+(?:de|que|qu))|\bautrefois\b|\bauparavant\b|\bl'an\s+dernier\b|\bl[’']ann[ée]e\s+(?:derni[èe]re|pass[ée]e)\b",
    r"\bquel(?:le)?\s+[ée]tait\b|\bj[’']habitais\b|\bje\s+jouais\b|\bil\s+y\s+a\s+(?:\d+|un|une|deux|trois)\s+(?:ans?|mois)\b",
    r"\bplus\s+maintenant\b|\bavant\s*\?",
    # German
    r"\bvorher\b|\bfr[üu]her\b|\bdavor\b|\bletztes\s+jahr\b|\bletzten\s+jahr\b|\bvor\s+(?:\d+|einem|zwei|drei)\s+(?:jahren?|monaten?)\b",
    r"\bnicht\s+mehr\b|\bwas\s+war\s+mein\b|\bwo\s+habe\s+ich\s+(?:gewohnt|gearbeitet)\b|\behemal(?:s|ige[rns]?)\b|\bbevor\b",
    # Portuguese
    r"\bantigamente\b|\bcostumava\b|\bano\s+passado\b|\bj[áa]\s+n[ãa]o\b|\bqual\s+era\b|\bonde\s+eu\s+morava\b|\bmorava\b",
    r"\bh[áa]\s+(?:\d+|um|uma|dois|duas|tr[êe]s)\s+(?:anos?|m[êe]s(?:es)?)\b|\bantes\s+d[oa]\b",
)
_ASKS_ABOUT_PAST = re.compile("|".join(_PAST_PATTERNS))
"""Matched against case-folded text: the patterns are written in lower case."""
_TRIGGERS = frozenset(
    "before used use previous previously former formerly originally earlier last year years month months ago back "
    "was were did longer any anymore past old ex changed switch switched "
    "antes solía solia solías solias pasado anteriormente ya hace era vivía vivia "
    "avant autrefois auparavant an dernier dernière derniere passée passee était etait habitais jouais ans mois plus "
    "vorher früher fruher davor letztes letzten jahr jahren jahre monaten monat mehr war habe ehemals ehemalige "
    "ehemaliger ehemaliges ehemaligen bevor antigamente costumava ano anos já ja qual morava há ha mês mes meses".split()
)
"""A word each pattern needs: a message holding none of them is answered without running the patterns."""
PAST_SCAN_CHARS = 1000
"""Questions about the past are short: a long paste is read this far, so no message costs more than a fraction of a
millisecond here."""


def asks_about_past(text: str) -> bool:
    """True when ``text`` asks about change or what was true before, in English, Spanish, French, German or Portuguese.

    Read from words, not meaning, so it costs next to nothing: a false yes costs one small
    read and a few notes marked as earlier, a false no leaves the block as it is every day.
    """
    folded = text[:PAST_SCAN_CHARS].casefold()
    if _TRIGGERS.isdisjoint(re.findall(r"\w+", folded)):
        return False
    return bool(_ASKS_ABOUT_PAST.search(folded))


def earlier_values(histories: Sequence[FactHistory], *, per_slot: int = 2) -> list[tuple[MemoryRecord, MemoryRecord | None]]:
    """(earlier value, what replaced it) pairs of ``histories``, in the histories' order, at most ``per_slot`` each."""
    pairs: list[tuple[MemoryRecord, MemoryRecord | None]] = []
    for history in histories:
        newer: MemoryRecord | None = history.current
        for old in history.earlier[:per_slot]:
            pairs.append((old, newer))
            newer = old
    return pairs
