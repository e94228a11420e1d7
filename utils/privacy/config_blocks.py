"""Secrets in code a member pastes where no ``=`` or ``:`` pairs a key with its value (:mod:`utils.privacy.values`).

Two formats say which field is the secret without such a pair:

- a key and its value side by side, as directives and command lists write them (``password harbourlights`` in
  msmtprc, ``machine h login remi password tournesol`` in ``.netrc``, Tasmota's ``Backlog SSID2 Garten; Password2
  Apfelbaum.Sommer``): a key whose name says secret (:func:`~utils.privacy._value_config.names_a_secret`), opening
  its line or a ``;`` command or in a key's place of a line of pairs, then its value — read only inside code (a
  fenced block or backticks), where "password reset" or "Failed password for root" are not such a line (the second
  is no pair: its key would stand in a value's place);
- a credentials file, named as one on the line before its block (``/etc/rsyncd.secrets``, ``chap-secrets``,
  ``davfs2/secrets``, ``deluge auth``, ``auth.txt``, ``.passwd-s3fs``): each line is a user and the fields after
  it (``user:password``, ``user:password:level``, ``"user" * "password" *``, ``url user password``), a path, a
  number, a ``*`` or a scheme (``{PLAIN}``) being no secret; a block of two lone fields is a user and a password
  (OpenVPN's ``auth-user-pass`` file). A log is no credentials file ("auth.log"), nor is a line of many fields.

Cost: a line without a backtick is not read.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from utils.privacy._value_config import PLACEHOLDER, names_a_secret, secret_value
from utils.privacy._value_runs import Span, vocabulary

_FENCED = re.compile(r"```[^\n`]*\n(?P<body>.*?)(?:```|\Z)", re.DOTALL)
_INLINE = re.compile(r"(?<!`)`(?P<body>[^`\n]+)`(?!`)")
_TOKEN = re.compile(r"\S+")
_COMMAND = re.compile(r"[^;\n]+")
_NAME_PARTS = re.compile(r"[^\W_]+")
_NOT_A_FILE_OF_SECRETS = frozenset({"log", "logs", "error", "errors", "example", "sample"})
_MOST_FIELDS = 4
_LABEL_WORDS = 3
_NOT_A_CREDENTIALS_LINE = re.compile(r"[=\[\](){}]|\":")
"""A line of JSON, INI or code in a block named for secrets: its pairs are read as pairs (``config_spans``)."""
_LEAST_SECRET = 4
_SCHEME = re.compile(r"^\{[A-Z0-9-]+\}")
_EDGE = "\"'`;,"


def _code(text: str) -> Iterator[tuple[int, int, bool]]:
    """The code in ``text``: each fenced block's body and each inline span, with whether it is a fenced block."""
    fenced: list[tuple[int, int]] = []
    for block in _FENCED.finditer(text):
        fenced.append(block.span())
        yield block.start("body"), block.end("body"), True
    for inline in _INLINE.finditer(text):
        if not any(start <= inline.start() < end for start, end in fenced):
            yield inline.start("body"), inline.end("body"), False


def spans(text: str) -> Iterator[Span]:
    """Secrets in the code of ``text`` (module docstring)."""
    if "`" not in text:
        return
    for start, end, fenced in _code(text):
        yield from _pairs(text, start, end)
        if fenced and _names_a_file_of_secrets(text, start):
            yield from _credentials_file(text, start, end)


def _pairs(text: str, start: int, end: int) -> Iterator[Span]:
    """A key naming a secret, then its value, where a key stands: first in its line or command, or after pairs."""
    for command in _COMMAND.finditer(text, start, end):
        tokens = list(_TOKEN.finditer(text, command.start(), command.end()))
        for index in range(0, len(tokens) - 1, 2):
            key = tokens[index].group().strip(_EDGE)
            if "=" in key or ":" in key or not key or not names_a_secret(key):
                continue
            value = tokens[index + 1]
            bare = value.group().strip(_EDGE)
            if (
                len(bare) >= _LEAST_SECRET
                and not bare.endswith(":")
                and secret_value(key, bare)
                and not PLACEHOLDER.fullmatch(bare)
            ):
                offset = value.group().find(bare)
                yield value.start() + offset, value.start() + offset + len(bare), "config"


def _names_a_file_of_secrets(text: str, body: int) -> bool:
    """Whether the line the block opens on, or the one before it, names a file of secrets: a name that says secret
    written as a file's ("/etc/rsyncd.secrets", "auth.txt", "chap-secrets"), before a word for "file" ("deluge auth
    file"), or alone as a short label ("deluge auth:"). A sentence that says "password" names no file."""
    fence = text.rfind("```", 0, body)
    line = text.rfind("\n", 0, fence) + 1
    words = text[text.rfind("\n", 0, max(0, line - 1)) + 1 : fence].split()
    labelled = 0 < len(words) <= _LABEL_WORDS and words[-1].endswith(":")
    for index, word in enumerate(words):
        name = word.strip(":,;()\"'")
        if not name or not names_a_secret(name) or set(_NAME_PARTS.findall(name.casefold())) & _NOT_A_FILE_OF_SECRETS:
            continue
        following = words[index + 1].casefold().strip(":,") if index + 1 < len(words) else ""
        if any(mark in name for mark in "/._-") or following in vocabulary("file_words") or labelled:
            return True
    return False


def _credentials_file(text: str, start: int, end: int) -> Iterator[Span]:
    lines = [line for line in re.finditer(r"[^\n]+", text[start:end]) if line.group().strip()]
    if len(lines) == 2 and all(len(line.group().split()) == 1 and ":" not in line.group() for line in lines):
        value = lines[1].group().strip()
        if len(value) >= _LEAST_SECRET and not PLACEHOLDER.fullmatch(value):
            first = start + lines[1].start() + lines[1].group().find(value)
            yield first, first + len(value), "config"  # a user and a password, one a line
        return
    for line in lines:
        if line.group().lstrip().startswith(("#", ";")):
            continue
        yield from _fields(text, start + line.start(), start + line.end())


def _fields(text: str, start: int, end: int) -> Iterator[Span]:
    """A credentials line's fields after its user (module docstring)."""
    line = text[start:end]
    if _NOT_A_CREDENTIALS_LINE.search(_SCHEME.sub("", line.strip())):
        return
    split = re.compile(r"[^:\s]+") if ":" in line and not line.strip().count(" ") else re.compile(r"\S+")
    fields = list(split.finditer(line))
    if len(fields) > _MOST_FIELDS:
        return
    named = 0
    for field in fields:
        raw = field.group()
        bare = _SCHEME.sub("", raw.strip(_EDGE))
        if not bare or "/" in bare or bare == "*" or bare.replace(".", "").isdigit():
            continue
        named += 1
        if named == 1 or len(bare) < _LEAST_SECRET or PLACEHOLDER.fullmatch(bare):
            continue  # the first is the user
        offset = raw.find(bare)
        yield start + field.start() + offset, start + field.start() + offset + len(bare), "config"
