"""When a member's own words ask the bot to forget something, in thirteen languages, and what they name.

A model's `forget` is honoured only on such a request: small models delete memories
nobody asked about, and answer an idiom ("forget it, let's talk about something else",
"forget the haters", "delete my account on steam") with a `forget` of everything they
were shown. One table holds, per language, the cues of a request, the idioms that
look like one, and the words of a request that say what to do rather than which memory
(`data/forget_requests.toml`): detection (:func:`asks_to_forget`), the request's own sentences
(:func:`request_sentences`) and the retrieval of what they name all read it, so a language is added in one place.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path

_FLAGS = re.IGNORECASE | re.MULTILINE
_GAP = r"[\s,.;:!?…—–、，。！？-]*"
"""What separates an idiom's parts: "forget it, let's …", "whatever... forget it"."""
_FROM_MEMORY = r"(?:your\s+|the\s+)?(?:memory|memories|notes|brain|head)\b"
_NOT_FROM_MEMORY = rf"(?![^.!?\n]{{0,60}}\b(?:from|out\s+of)\s+{_FROM_MEMORY})"
"""An idiom's words followed by "from your memory" are a request after all ("drop that from your memory")."""
_LEAD = (
    r"(?:^|[.!?,;:\n(]|\b(?:please|pls|plz|can you|could you|would you|will you|i want you to|i'd like you to|"
    r"i need you to|you should|just|and|but|so|now|also|bot|hey|ok|okay|actually|then))\s*"
)
"""What may stand before an imperative addressed to the bot ("please forget", "ok, delete that")."""
_EN_NOT_A_MEMORY = (
    r"account|acc|post|posts|message|messages|msg|msgs|comment|comments|tweet|tweets|role|roles|save|saves|file|files|"
    r"folder|cache|cookies|history|photo|photos|pic|pics|picture|pictures|video|videos|app|apps|mod|mods|character|"
    r"channel|server|repo|branch|browser|drive|phone|pc|computer|laptop|game|games"
)
"""Things of the member's that are no memory ("delete my account", "remove my mod")."""


@dataclass(frozen=True)
class Language:
    """How one language asks to forget, and what only sounds like it."""

    needles: tuple[str, ...]
    """Every cue holds one of these (case-folded): most messages are answered by substring tests alone."""
    cues: tuple[str, ...]
    """Patterns of a request addressed to the bot ("forget that", "vergiss das", "忘れてください")."""
    idioms: tuple[str, ...]
    """Patterns that hold a cue but ask nothing of the bot's memory: they are taken out before the cues are read."""
    not_the_subject: str
    """Words of a request that say what to do, not which memory ("forget", "everything", "said")."""

    @cached_property
    def compiled_cues(self) -> tuple[re.Pattern[str], ...]:
        return tuple(re.compile(cue, _FLAGS) for cue in self.cues)

    @cached_property
    def compiled_idioms(self) -> re.Pattern[str]:
        return re.compile("|".join(f"(?:{idiom})" for idiom in self.idioms), _FLAGS)

    def heard_in(self, lowered: str) -> bool:
        """Whether a cue of this language can be in the (case-folded) text at all."""
        return any(needle in lowered for needle in self.needles)


_PIECES = {
    "{not_from_memory}": _NOT_FROM_MEMORY,
    "{from_memory}": _FROM_MEMORY,
    "{lead}": _LEAD,
    "{gap}": _GAP,
    "{en_not_a_memory}": _EN_NOT_A_MEMORY,
}
"""The shared pieces the table names in braces (replaced as text: a regex's own ``{0,60}`` stays)."""


def _pattern(written: str) -> str:
    for name, piece in _PIECES.items():
        written = written.replace(name, piece)
    return written


def _languages(path: Path) -> dict[str, Language]:
    """The table of ``data/forget_requests.toml``, its patterns with the shared pieces put in."""
    table = tomllib.loads(path.read_text(encoding="utf-8"))
    return {
        code: Language(
            needles=tuple(row["needles"]),
            cues=tuple(_pattern(cue) for cue in row["cues"]),
            idioms=tuple(_pattern(idiom) for idiom in row["idioms"]),
            not_the_subject=row["not_the_subject"],
        )
        for code, row in table.items()
    }


CUES = _languages(Path(__file__).parent / "data" / "forget_requests.toml")
"""The one table: each language's cues, the idioms that look like them, the words that name no memory."""

_SENTENCE = re.compile(r"[^.!?。！？\n]+[.!?。！？]*")
NOT_THE_SUBJECT = frozenset(word for language in CUES.values() for word in language.not_the_subject.split())
"""Every language's words of a request that say what to do, not which memory (as written; the ranker folds them)."""


def without_idioms(text: str) -> str:
    """``text`` with every idiom taken out (a line break in its place): what is left may still ask."""
    lowered = text.casefold()
    for language in CUES.values():
        if language.heard_in(lowered):
            text = language.compiled_idioms.sub("\n", text)
    return text


def _asks(text: str) -> bool:
    """A cue of a language heard in ``text`` still matches once that language's idioms are taken out.

    Cues first: most messages that hold a needle ("no", "stop", "nicht") match no cue, and
    they cost no idiom search.
    """
    lowered = text.casefold()
    heard = [language for language in CUES.values() if language.heard_in(lowered)]
    if not any(cue.search(text) for language in heard for cue in language.compiled_cues):
        return False
    rest = text
    for language in heard:
        rest = language.compiled_idioms.sub("\n", rest)
    return any(cue.search(rest) for language in heard for cue in language.compiled_cues)


def asks_to_forget(member_texts: Iterable[str]) -> bool:
    """True when the member's own words ask the bot to forget something.

    "I forgot my keys", "don't forget the milk", "I don't remember his name", "se me olvida
    todo" are not requests, and neither are idioms ("forget it, let's talk about something
    else", "forget the haters", "delete my account on steam"); "forget that", "vergiss das",
    "oublie ça", "olvídalo", "забудь", "忘れてください" are.
    """
    return any(_asks(text) for text in member_texts)


def request_sentences(member_texts: Iterable[str]) -> list[str]:
    """The member's sentences that ask to forget (idioms taken out): what names the memories to go."""
    return [
        sentence.strip()
        for text in member_texts
        if _asks(text)
        for sentence in _SENTENCE.findall(without_idioms(text))
        if _asks(sentence)
    ]
