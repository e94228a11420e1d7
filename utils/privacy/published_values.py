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
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from utils.privacy.rule import Span

_DATA = Path(__file__).with_name("data") / "published_values.json"
_TOKEN = re.compile(r"(?<![\w/+=.@:-])[\w/+=.@:-]{12,}")
"""A run of a key's characters (the candidates, found once)."""
_PLACEHOLDER_SHARE = 0.6
"""A token whose letters and digits are this much placeholder X's is a stand-in ("ACXXXXXXXX…")."""
_PLACEHOLDER_RUN = re.compile(r"[Xx]{6}")


@dataclass(frozen=True)
class _Published:
    documented: frozenset[str]
    example_end: re.Pattern[str]
    guide: re.Pattern[str]
    placeholder_words: frozenset[str]
    placeholder_nouns: frozenset[str]
    digest: re.Pattern[str]
    pod: re.Pattern[str]
    default_login: re.Pattern[str]
    default_mark: re.Pattern[str]


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
        guide=re.compile(
            r"(?i)(?<!\w)(?:"
            + "|".join(map(re.escape, data["guide_stems"]))
            + ")|"
            + "|".join(map(re.escape, data["guide_marks"]))
        ),
        placeholder_words=frozenset(data["placeholder_words"]),
        placeholder_nouns=frozenset(data["placeholder_nouns"]),
        digest=re.compile(rf"(?<![\w/+=.@:-]){reference}(?:{'|'.join(digests)})(?![\w/+=.@:-])"),
        pod=re.compile(rf"(?<![\w.-])[a-z][a-z0-9]*(?:-[a-z][a-z0-9]*)*-(?=[^-]*\d)[0-9{safe}]{{8,10}}-[{safe}]{{5}}(?![\w.-])"),
        default_login=re.compile(rf"(?i)(?<![\w@.-])(?:{logins})(?:[ \t]*[:/][ \t]*(?P<password>{logins}))?(?![\w@-])"),
        default_mark=re.compile(
            r"(?i)(?<!\w)(?:"
            + "|".join(map(re.escape, (m for m in data["default_marks"] if m.isascii())))
            + ")|"
            + "|".join(map(re.escape, (m for m in data["default_marks"] if not m.isascii())))
        ),
    )


def _a_stand_in(token: str, published: _Published, *, guided: bool) -> bool:
    """A documented example or a token ending in a guide's example mark in a line that names a guide (``guided``), or
    a token made of placeholders."""
    bare = token.strip(".,;:").rpartition("=")[2]  # "SLACK_BOT_TOKEN=xoxb-your-bot-token": the value after its name
    if guided and (bare in published.documented or published.example_end.search(bare)):
        return True
    alnum = [c for c in bare if c.isalnum()]
    if _PLACEHOLDER_RUN.search(bare) and sum(c in "Xx" for c in alnum) >= _PLACEHOLDER_SHARE * len(alnum):
        return True
    parts = [part.casefold() for part in re.split(r"[-_]", bare) if part]  # "xoxb-your-token": a prefix, then words
    return (
        len(parts) >= 3
        and all(part.isalpha() for part in parts)
        and not published.placeholder_words.isdisjoint(parts[1:])
        and not published.placeholder_nouns.isdisjoint(parts[1:])
    )


def _regions(text: str) -> list[tuple[int, int]]:
    published = _published()
    guided = published.guide.search(text) is not None
    regions = [m.span() for m in _TOKEN.finditer(text) if _a_stand_in(m.group(), published, guided=guided)]
    regions += [m.span() for m in published.digest.finditer(text)]
    regions += [m.span() for m in published.pod.finditer(text)]
    if guided or published.default_mark.search(text):  # a guide's pair ("curl -u admin:admin"), a default even alone
        defaults = published.default_login.finditer(text)
        regions += [m.span() for m in defaults if m.group("password") or published.default_mark.search(text)]
    return regions


def settled(found: list[Span], text: str) -> list[Span]:
    """``found`` without the spans that lie wholly inside a published value of ``text`` (its matching form)."""
    if not found:
        return found
    regions = _regions(text)
    if not regions:
        return found
    return [span for span in found if not any(start <= span[0] and _end(text, span) <= end for start, end in regions)]


def _end(text: str, span: Span) -> int:
    """Where a span's value ends, without the punctuation a rule took after it ("12345," in "admin:12345, change")."""
    return span[0] + len(text[span[0] : span[1]].rstrip(".,;:!?)"))
