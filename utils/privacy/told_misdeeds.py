"""A misdeed told of someone else: "Dan from the clan got fired for stealing from the till", "hørte at Mads blev
taget for spritkørsel", "Petr prý zpronevěřil peníze z klubové kasy", "Says his cousin is on bail".

The claim readers of :mod:`utils.privacy.others` find a person by the frame around them (a relative with a predicate,
a reporting verb, a hearsay marker); a misdeed told plainly has no such frame, and the offence itself is the fact
kept about a person who can neither see nor erase it. Two readings, both fields of meaning
(:mod:`utils.privacy.semantic_fields`, ``data/semantic_fields.json``):

* rule ``claim``: an accusation (a theft, an arrest, violence, a debt unpaid, cheating on a partner, a bribe) or who
  someone is dating, with a third person (a pronoun, a kin or office noun, an honorific, a mention) in the same line;
* rule ``misdeed``: an offence (the accusations that are crimes or sanctions, not a debt or a lie: also scams and
  fake accounts, work off the books and tax evasion, bigamy, donations kept) said of a named person — a capitalised
  word inside the line (not its first, which a memory line gives to its verb), a listed given name anywhere, or an
  ``@mention``.

A game's world, a report or a work (an article, a film, a novel), a play's things ("stole my kill", "stole the show")
and a pet make it no one's misdeed: the rules' ``unless`` fields. Names of companies and games (``not_people``) are no
person.
"""

from __future__ import annotations

import re
from collections.abc import Set as AbstractSet
from functools import cache

from utils.privacy._others_vocabulary import vocabulary, words_of
from utils.privacy.semantic_fields import field_reading

_CAPITALISED = re.compile(r"(?<=[\s(\"'“«,])(?-i:[A-ZÀ-ÖØ-ÞĀ-ſА-ЯЁІЇЄҐΆΈ-ΊΌΎ-ΏΑ-ΡΣ-Ω])[^\W\d_A-Z]+")
"""A capitalised word after a space, a quote or a comma (never the line's first word): a name as people write one, in
Latin, Cyrillic or Greek letters ("ο Νίκος")."""
_AFTER_A_SENTENCE = re.compile(r"[.!?…]\s*$")
_MENTION = re.compile(r"(?<![\w@])@[^\W_][\w.]*")


@cache
def _names() -> tuple[frozenset[str], frozenset[str]]:
    """Given names (read in any position) and words that are no person's name (companies, games, subjects)."""
    return frozenset(vocabulary()["given_names"]["names"].split()), words_of("not_people") | words_of("subject_words")


def _named(text: str, words: AbstractSet[str]) -> bool:
    """Whether ``text`` names a person: a mention, a listed given name, or a capitalised word inside a sentence."""
    if _MENTION.search(text):
        return True
    given, not_people = _names()
    if not words.isdisjoint(given):
        return True
    for match in _CAPITALISED.finditer(text):
        if match.group().casefold() not in not_people and not _AFTER_A_SENTENCE.search(text, 0, match.start()):
            return True
    return False


def misdeed_told(text: str, words: AbstractSet[str]) -> bool:
    """True when ``text`` tells a misdeed of someone other than its speaker (see the module). ``words``: its runs of
    letters, case-folded; ``text`` is in the matching form (:func:`~utils.privacy.normalise.normalise`)."""
    if field_reading(text, "claim", words=words):
        return True
    return field_reading(text, "misdeed", words=words) and _named(text, words)
