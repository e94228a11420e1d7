"""What a configuration line puts where a value goes when it gives none, and the key's name before it.

A pasted file or command names its secrets by their keys whatever it holds: ``POSTGRES_PASSWORD: ${POSTGRES_PASSWORD}``,
``password: "{{ .Values.auth.password }}"``, ``TOKEN = os.environ["TOKEN"]``, ``$pw = Read-Host -AsSecureString``,
``MYSQL_RANDOM_ROOT_PASSWORD: "yes"``, ``Password=myPassword;``, ``rcon.password=`` with nothing after it. The readers
that find a value after its key take each of these for one. None is a value: a reference names where the value is
kept (a variable, a template, a secret store, an environment lookup, a call that asks for it), a switch or ``null``
says whether there is one, a mask or a guide's placeholder word stands in its place. This lets a found span go when
it lies wholly inside such a stand-in after a key's sign (``=``, ``:``, ``=>``, ``:=``), within its line:

* a reference: ``${…}``, ``{{ … }}``, ``<%= … %>``, ``$(…)``, ``%(name)s``, ``%NAME%``, ``$NAME``, words in angle
  brackets (``<your-password>``, ``<hier eintragen>``), a lookup by a quoted name (``os.environ["TOKEN"]``,
  ``ENV['DB_PW']``), a call of a dotted name (``fake.password(length=12)``, ``os.getenv("X")``), a command that asks
  for a value (``Read-Host …``, ``data/config_stand_ins.json``), Ansible's ``!vault |`` and its ``$ANSIBLE_VAULT``
  header;
* empty quotes, a mask (``***``, ``xxx``, ``••••``), a switch or nothing (``yes``, ``false``, ``null``), a guide's
  placeholder word (``changeme``, ``password_here``) or a whose and a what (``myPassword``, ``your_token``).

Two readings of a line's structure go with them. A key's name is not a value: a span wholly inside the name before a
key's sign at a line's start (``senha_expira_dias: 60``, ``ServerPassword=``), letters joined by ``_`` ``-`` ``.`` or
written in camel case, goes. And in ``key=value`` files (.properties, .ini, .env) a value ends with its line: after a
``key=`` with nothing behind it, a span that starts at the next line's key (``rcon.password=`` then
``server-port=25565``) is that key's line, not the empty one's value; the next line's own value is read as before.

A value of any other shape after the same keys ("POSTGRES_PASSWORD: Tr0ub4dor-88x") is judged by the rules as before.
"""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path

from utils.privacy.rule import Span

_DATA = Path(__file__).with_name("data") / "config_stand_ins.json"
_SIGN = r"(?:=>|:=|[:=：])[ \t]*"
_QUOTE = r"[\"'`]?"
_SELF_CLOSED = (
    r"\$\{\{[^\n]*?\}\}|\$\{[^{}\n]*\}|\{\{[^\n]*?\}\}|<%=?[^\n]*?%>|\$\([^()\n]*\)|%\(\w+\)[sdr]|%\w+%"
    r"|<[^\W\d_]+(?:[ _.-]+[^\W\d_]+)*>"
    r"|[A-Za-z_][\w.]*\[[ \t]*[\"'][\w.-]+[\"'][ \t]*\]"
    r"|[A-Za-z_]\w*(?:\.\w+)+\((?:[^()\n\"']*|[^()\n\"']*[\"'][A-Z][A-Z0-9_]*[\"'][^()\n\"']*)\)"
    r"|!vault[ \t]*\|"
)
"""Stand-ins that close themselves: a template, a variable, words in brackets, a lookup by a name, a dotted call whose
arguments quote nothing but a constant's name (``os.getenv("TOKEN")``; ``boto3.client(…, aws_secret_access_key='…')``
hands a value over), a vault tag."""
_MASK = r"\*{3,}|[xX]{3,}|[•●]{3,}|\"\"|''"
_END = r"(?=[ \t]*(?:$|[;,#)\]}]|//|--[ \t]))"
"""Where a bare stand-in must end: the line's end, a field's separator, a closing bracket or a comment."""
_NAME_START = re.compile(r"(?m)^[ \t>*`-]*[\"']?(?P<name>[^\W\d_]+(?:[_.-][^\W\d_]+)*)[\"']?[ \t]*(?:=>|:=|[:=：])")
"""A key's name at a line's start (letters, joined by ``_`` ``-`` ``.`` or in camel case) and its sign."""
_EMPTY_THEN = re.compile(r"(?m)^[ \t]*[A-Za-z_][\w.-]*=[ \t]*\n(?P<indent>[ \t]*)(?=(?P<next>[A-Za-z_][\w.-]*)=[^\s(\[{\"'])")
"""A ``key=`` alone on its line with nothing behind it, then another ``key=value`` line, as .properties, .ini and .env
files write them (no space around ``=``; a value opening a bracket or a quote, "WORDS=(…)", "seed = […]", is code's
and is read as before)."""
_VAULT_HEADER = re.compile(r"\$ANSIBLE_VAULT;\d+\.\d+;\w+(?:;\w+)?")


@cache
def _stand_in() -> re.Pattern[str]:
    data = json.loads(_DATA.read_text(encoding="utf-8"))
    words = [*data["settings"], *data["placeholders"]]
    owners = "|".join(sorted(map(re.escape, data["owners"]), key=len, reverse=True))
    nouns = "|".join(sorted(map(re.escape, data["nouns"]), key=len, reverse=True))
    bare = "|".join(sorted(map(re.escape, words), key=len, reverse=True))
    prompts = "|".join(sorted(map(re.escape, data["prompts"]), key=len, reverse=True))
    return re.compile(
        rf"(?i:{_SIGN})(?P<value>{_QUOTE}(?:{_SELF_CLOSED}){_QUOTE}(?![\w])"
        rf"|(?:{prompts})\b[^\n]*"
        rf"|{_QUOTE}(?:{_MASK}|(?i:{bare})|(?i:(?:{owners})[_-]?(?:{nouns})))(?![\w-]){_QUOTE}{_END})",
        re.MULTILINE,
    )


_SIGNS = frozenset("=:：")


def regions(text: str) -> list[tuple[int, int]]:
    """The spans of ``text``'s stand-ins, key names and the lines after a key with an empty value (see the module)."""
    if not any(sign in text for sign in _SIGNS):
        return [] if "$ANSIBLE_VAULT" not in text else [m.span() for m in _VAULT_HEADER.finditer(text)]
    found = [match.span("value") for match in _stand_in().finditer(text)]
    found += [match.span() for match in _VAULT_HEADER.finditer(text)] if "$ANSIBLE_VAULT" in text else []
    found += [(match.start("name"), match.end()) for match in _NAME_START.finditer(text) if _a_name(match.group("name"))]
    return found


def next_keys(text: str) -> set[int]:
    """Where a line that follows a key with an empty value starts its own key: a span starting there is that line's."""
    if "\n" not in text:
        return set()
    return {match.end() for match in _EMPTY_THEN.finditer(text) if _short_name(match.group("next"))}


def _a_name(name: str) -> bool:
    """A key's name of two words or more: joined by ``_`` ``-`` ``.``, or in camel case ("ServerPassword")."""
    return (bool(re.search(r"[_.-]", name)) or re.search(r"[a-z][A-Z]", name) is not None) and _short_name(name)


_MOST_PARTS = 5
_LONGEST_NAME = 48


def _short_name(name: str) -> bool:
    """A key's name has a few parts ("spring.datasource.password", "MYSQL_ALLOW_EMPTY_PASSWORD"); a dozen words joined
    by ``_`` ``-`` ``.`` before a colon are a phrase (a seed's words written joined), not a name."""
    return len(name) <= _LONGEST_NAME and len(re.split(r"[_.-]", name)) <= _MOST_PARTS


def settled(found: list[Span], text: str) -> list[Span]:
    """``found`` without the spans that lie wholly inside a stand-in or a key's name, or that start at a key's line
    after a key with an empty value."""
    if not found:
        return found
    held = regions(text)
    starts = next_keys(text)
    if not held and not starts:
        return found
    return [
        span for span in found if span[0] not in starts and not any(start <= span[0] and span[1] <= end for start, end in held)
    ]
