"""Whether a member's message asks what the bot knows about them.

The reply's trimming cuts a reply where it starts copying the memory block in the block's own
format (`Profile: "…"`, `- Recent: "…"`), because small models copy it unasked. A member who
asked "what do you know about me?" is owed exactly those lines, so for that question the
format is the answer, not a leak (`/memory show` is the exact listing).
"""

from __future__ import annotations

import re

_ASKS = re.compile(
    r"""
    \bwhat\s+(?:else\s+)?(?:do|did|does)\s+(?:you|u|ya)\s+(?:know|remember|recall|have|keep|store|learn|learned|learnt)\b
        [^?.!\n]{0,30}?\b(?:about|of|on)\s+(?:me|myself)\b
    | \bwhat\s+(?:have|'ve)\s+you\s+(?:got|learned|learnt|remembered|stored|kept)\b[^?.!\n]{0,30}?\b(?:about|on|of)\s+me\b
    | \b(?:what'?s|what\s+is|show\s+me|tell\s+me|read\s+me)\s+(?:in\s+)?(?:my\s+(?:profile|notes|memories)
        |your\s+(?:notes|memories)\s+(?:about|on|of)\s+me)\b
    | \btell\s+me\s+(?:everything\s+|what\s+)?you\s+(?:know|remember)\s+about\s+me\b
    | \bwhat\s+(?:info|information|data)\s+(?:do\s+you\s+have|have\s+you\s+got)\s+(?:about|on)\s+me\b
    | \bdo\s+you\s+(?:know|remember)\s+(?:anything|something|stuff)\s+about\s+me\b
    | \bque\s+sais[- ]tu\s+(?:de|sur)\s+moi\b
    | \bwas\s+wei(?:ß|ss)t\s+du\s+(?:über|ueber|von)\s+mich\b
    | \bqu[ée]\s+sabes\s+(?:de|sobre)\s+m[ií]\b
    | \bwat\s+weet\s+je\s+(?:over|van)\s+mij\b
    """,
    re.IGNORECASE | re.VERBOSE,
)


def asks_what_is_known(message: str) -> bool:
    """True when ``message`` asks the bot what it knows or remembers about its author."""
    return _ASKS.search(message.replace("’", "'")) is not None
