"""Questions kept as if they were facts: someone else's words, or nothing at all said of the member.

Members answer in chat by quoting what they were asked ("> why were you away yesterday?") and writing their answer
below it. A careless extraction model stores each line it is shown, so the quoted question becomes a "memory" of
the member that holds another person's words and, beside its answer, points at what the answer told (an illness, a
partner). A kept line that is one quoted question and nothing else is refused; a quote followed by the member's own
answer is judged by the answer.

A profile describes its member in statements; a sentence of it that only asks ("Miguel?", "why not?") states
nothing about them and is left out, whoever asked it.
"""

from __future__ import annotations

import re

_QUOTED_QUESTION = re.compile(r"\A\s*>{1,3}\s*[^\n>][^\n]*[?？؟]\W*\Z")
"""One line opened by Discord's quote marks ("> ", ">>> ") and ending with a question mark, whatever follows it
(an emoji, a space)."""
_QUESTION = re.compile(r"[?？؟][^\w?？؟]*\Z")
"""A sentence's last mark a question mark, whatever follows it (a closing quote, an emoji)."""


def a_quoted_question(text: str) -> bool:
    """Whether ``text`` is nothing but a quoted question (see the module)."""
    return text.lstrip()[:1] == ">" and _QUOTED_QUESTION.match(text) is not None


def only_asks(sentence: str) -> bool:
    """Whether a profile's ``sentence`` is a question, which says nothing of the member (see the module)."""
    return _QUESTION.search(sentence) is not None
