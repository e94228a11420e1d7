"""Values the world publishes: a vendor's documented example key, a content digest, a pod's generated name.

"the AWS guide uses AKIAIOSFODNN7EXAMPLE", "Digest: sha256:061ca97…", "integrity sha512-v2kD…==", "go.sum: h1:NIva…=",
"nginx-deployment-75675f5897-884kc 1/1 Running": each has a key's or a token's shape, and the rules that find values
by their shape take them for one. None is anybody's secret — a guide prints its example for every reader to copy, a
digest names a published file's content, a pod's name is a deployment's name and two generated suffixes — and a member
pastes them for what they are. This lets a span go when it lies wholly inside one of them:

* in a line that names a guide or an example ("the AWS guide uses…", "en la doc…", "サンプルキー"), a documented
  example (``data/published_values.json``) or a token ending in a guide's example mark ("…EXAMPLE", "…EXAMPLEKEY"):
  said bare ("AKIAIOSFODNN7EXAMPLE is the key") it may be handed over as a key, and is judged as one;
* a token mostly of placeholder X's ("ACXXXXXXXX…", "sk_live_xxxxxxxx") or a prefix and a guide's words for whose
  and what ("xoxb-your-token": a passphrase of other words is read as one);
* a digest after its hash's name, of that hash's exact length in hex or base64 (an image reference before it
  included: "golang:1.17.1@sha256:…");
* a pod's name: lower-case words, then the two suffixes Kubernetes draws from an alphabet without vowels;
* in a line that says it is the default ("default credentials …", "por defecto", "初期パスワード"), a login a device
  or a server ships with ("admin:admin", "root/calvin", "pi / raspberry", "admin"), which its manual prints for every
  buyer; in a line that names a guide, such a pair ("the wiki example is `curl -u admin:admin …`").

A value of any other shape, or beside these ("my key is AKIA4MZQ7R2XKPL9WB3T"), is judged by the rules as before.
"""

from __future__ import annotations

import json
import re
from bisect import bisect_right
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from utils.privacy import config_stand_ins
from utils.privacy.rule import Span

_DATA = Path(__file__).with_name("data") / "published_values.json"
_TOKEN = re.compile(r"(?<![\w/+=.@:-])[\w/+=.@:-]{12,}")
"""A run of a key's characters (the candidates, found once)."""
_PLACEHOLDER_SHARE = 0.6
"""A token whose letters and digits are this much placeholder X's is a stand-in ("ACXXXXXXXX…")."""
_PLACEHOLDER_RUN = re.compile(r"[Xx]{6}")
_DIGEST_NAME = re.compile(r"(?i)md5|sha|h1:")
"""A token that may be a labelled digest names its hash (the full pattern is read only then)."""


@dataclass(frozen=True)
class _Published:
    documented: frozenset[str]
    example_end: re.Pattern[str]
    guide: _Marks
    placeholder_words: frozenset[str]
    placeholder_nouns: frozenset[str]
    digest: re.Pattern[str]
    pod: re.Pattern[str]
    default_login: re.Pattern[str]
    default_mark: _Marks


@cache
def _published() -> _Published:
    data = json.loads(_DATA.read_text(encoding="utf-8"))
    marks = "|".join(sorted(map(re.escape, data["example_marks"]), key=len, reverse=True))
    digests = []
    for name, (hex_length, base64_length) in data["digests"].items():
        digests.append(
            rf"{re.escape(name)}[:=-](?:[0-9a-fA-F]{{{hex_length}}}(?![0-9a-zA-Z])"
            rf"|(?=[A-Za-z0-9+/=]{{{base64_length}}}(?![A-Za-z0-9+/=]))[A-Za-z0-9+/]+={{0,2}})"
        )
    reference = r"(?:[\w./-]+(?::[\w.-]+)?@)?"  # "golang:1.17.1@" before the digest
    safe = re.escape(data["pod_hash_alphabet"])
    logins = "|".join(sorted(map(re.escape, data["default_logins"]), key=len, reverse=True))
    return _Published(
        documented=frozenset(data["documented"]),
        example_end=re.compile(rf"(?:{marks})$"),
        guide=_marks(data["guide_stems"] + data["guide_marks"]),
        placeholder_words=frozenset(data["placeholder_words"]),
        placeholder_nouns=frozenset(data["placeholder_nouns"]),
        digest=re.compile(rf"{reference}(?:{'|'.join(digests)})"),
        pod=re.compile(rf"[a-z][a-z0-9]*(?:-[a-z][a-z0-9]*)*-(?=[^-]*\d)[0-9{safe}]{{8,10}}-[{safe}]{{5}}"),
        default_login=re.compile(rf"(?i)(?<![\w@.-])(?:{logins})(?:[ \t]*[:/][ \t]*(?P<password>{logins}))?(?![\w@-])"),
        default_mark=_marks(data["default_marks"]),
    )


@dataclass(frozen=True)
class _Marks:
    """Words that say what a line is about, read in its lower case: a spaced script's word by its start ("doc" in
    "docs", "documentation"), a phrase and an unspaced script's word anywhere."""

    stems: tuple[str, ...]
    anywhere: tuple[str, ...]

    def in_line(self, lowered: str, words: list[str]) -> bool:
        return any(word.startswith(self.stems) for word in words) or any(mark in lowered for mark in self.anywhere)


def _marks(marks: list[str]) -> _Marks:
    folded = [mark.casefold() for mark in marks]
    stems = tuple(mark for mark in folded if _LETTERS.fullmatch(mark) and not _UNSPACED.search(mark))
    return _Marks(stems, tuple(mark for mark in folded if mark not in stems))


_UNSPACED = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]")
_LETTERS = re.compile(r"[^\W\d_]+")
_WORDS = re.compile(r"\w+")


def _a_guides_example(token: str, published: _Published) -> bool:
    """A documented example, or a token ending in a guide's example mark: published only where a guide is named."""
    bare = token.rpartition("=")[2]  # "SLACK_BOT_TOKEN=xoxb-your-bot-token": the value after its name
    return bare in published.documented or published.example_end.search(bare) is not None


def _a_placeholder(token: str, published: _Published) -> bool:
    """A token made of placeholder X's, or of a prefix and a guide's words for whose and what."""
    bare = token.rpartition("=")[2]
    if _PLACEHOLDER_RUN.search(bare):
        alnum = [c for c in bare if c.isalnum()]
        return sum(c in "Xx" for c in alnum) >= _PLACEHOLDER_SHARE * len(alnum)
    if "-" not in bare and "_" not in bare:
        return False
    parts = [part.casefold() for part in re.split(r"[-_]", bare) if part]  # "xoxb-your-token": a prefix, then words
    return (
        len(parts) >= 3
        and all(part.isalpha() for part in parts)
        and not published.placeholder_words.isdisjoint(parts[1:])
        and not published.placeholder_nouns.isdisjoint(parts[1:])
    )


def _regions(text: str, found: list[Span]) -> list[tuple[int, int]]:
    """The spans of ``text``'s published values. Every such value but a default login is a token of a key's
    characters, judged whole (its closing punctuation aside): the line's tokens are found once. What needs the line's
    words (a guide, a default) is read only when a token or a found value may need them."""
    published = _published()
    regions, examples = [], []
    for match in _touching_tokens(text, found):
        token = match.group().rstrip(".,;:")
        region = (match.start(), match.start() + len(token))
        if (
            _a_placeholder(token, published)
            or (_DIGEST_NAME.search(token) is not None and published.digest.fullmatch(token))
            or (token.count("-") >= 2 and token.islower() and published.pod.fullmatch(token))
        ):
            regions.append(region)
        elif _a_guides_example(token, published):
            examples.append(region)
    logins = any(published.default_login.fullmatch(text, span[0], _end(text, span)) for span in found)
    if not examples and not logins:
        return regions
    lowered = text.casefold()
    words = _WORDS.findall(lowered)  # "akiaiosfodnn7example" is one word: its "example" names no guide
    guided = published.guide.in_line(lowered, words)
    regions += examples if guided else []
    default = logins and published.default_mark.in_line(lowered, words)
    if logins and (guided or default):  # a guide's pair ("curl -u admin:admin"), a default even alone
        regions += [m.span() for m in published.default_login.finditer(text) if default or m.group("password")]
    return regions


_TOKEN_CHARACTER = re.compile(r"[\w/+=.@:-]")
_WALKED_FROM = 600
"""From this length on, a line's tokens are looked for only around the found spans."""


def _touching_tokens(text: str, found: list[Span]) -> Iterator[re.Match[str]]:
    """The line's tokens that touch a found span, each once: a span lies wholly inside the published values only
    through the tokens it touches, so a long post's other tokens are never judged. Around each span, the run of a
    key's characters it stands in is where such a token can be. A short line's tokens are all found at once, faster
    than walking."""
    if len(text) < _WALKED_FROM:
        yield from _TOKEN.finditer(text)
        return
    windows: list[tuple[int, int]] = []
    for span in sorted(found):
        start, end = span[0], max(span[1], span[0])
        while start > 0 and _TOKEN_CHARACTER.match(text, start - 1):
            start -= 1
        while end < len(text) and _TOKEN_CHARACTER.match(text, end):
            end += 1
        if windows and start <= windows[-1][1]:
            windows[-1] = (windows[-1][0], max(windows[-1][1], end))
        else:
            windows.append((start, end))
    for start, end in windows:
        yield from _TOKEN.finditer(text, start, end)


def settled(found: list[Span], text: str) -> list[Span]:
    """``found`` without the spans that lie wholly inside a published value of ``text`` (its matching form), or inside
    what a configuration line puts where a value goes when it gives none (:mod:`utils.privacy.config_stand_ins`)."""
    found = config_stand_ins.settled(found, text)
    if not found:
        return found
    regions = _merged(_regions(text, found))
    if not regions:
        return found
    starts = [start for start, _ in regions]
    kept = []
    for span in found:
        at = bisect_right(starts, span[0]) - 1
        if at < 0 or _end(text, span) > regions[at][1]:
            kept.append(span)
    return kept


def _merged(regions: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """Regions in order, overlapping ones joined: a span inside any of them is inside the last one starting before it."""
    merged: list[tuple[int, int]] = []
    for start, end in sorted(regions):
        if merged and start <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(merged[-1][1], end))
        else:
            merged.append((start, end))
    return merged


def _end(text: str, span: Span) -> int:
    """Where a span's value ends, without the punctuation a rule took after it ("12345," in "admin:12345, change")."""
    return span[0] + len(text[span[0] : span[1]].rstrip(".,;:!?)"))
