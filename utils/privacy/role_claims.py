"""A role or a permission claimed in the words of any language: a cue and a target in one clause.

"I can ban people", "ich darf hier Mitglieder kicken", "me hicieron admin ayer", "Tiene permisos de baneo",
"メンバーをBANする権限があります": each language says it with its own words in its own order, so rather than one
regex per language and wording, ``data/role_claims.toml`` pairs cues (first-person modals, grants, permission
nouns, first-person copulas) with targets (permission verbs, role nouns, Discord's permission names in its
localised clients) and says how far apart they may stand and what must or must not follow. The shapes
:mod:`utils.privacy.roles` spells out stay there; this reaches the rest of the grammar (:func:`claims_role`).
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from utils.privacy._others_vocabulary import LETTER_RUN, line_words
from utils.privacy.first_characters import grouped
from utils.privacy.rule import literal_trie

_DATA = Path(__file__).parent / "data" / "role_claims.toml"
_LETTER_BEFORE = r"(?<![^\W\d_])"
_LETTER_AFTER = r"(?![^\W\d_])"
_CLAUSE_START = (
    r"(?:^|[.;:!?])[^\w\n]{0,4}"
    r"(?:(?:yes|yep|yeah|yup|ya|ja|jep|jup|sí|si|oui|ouais|sim|да|ага|так|evet|tak|ano|joo|kyllä|ok|okay|okej)[\s,!.]+)?"
)
"""Where a subject-less line or a bio starts: the line's start or a clause's, after a bullet or a quote, and after
a yes that answers a question ("yep, made admin yesterday")."""
_WORD = r"[^\s.!?;|]+"
_CLAUSE = re.compile(r"[^.!?\n]+")


@cache
def _data() -> dict[str, Any]:
    loaded: dict[str, Any] = tomllib.loads(_DATA.read_text(encoding="utf-8"))
    return loaded


def _entries(names: list[str]) -> list[str]:
    """The entries of a list with each "@name" replaced by the list it names ("^@name": each of them anchored)."""
    lists = _data()["lists"]
    out: list[str] = []
    for entry in names:
        anchor, bare = ("^", entry[1:]) if entry.startswith("^") else ("", entry)
        if bare.startswith("@") and len(bare) > 1:
            out += [anchor + item for item in _entries(lists[bare[1:]])]
        else:
            out.append(entry)
    return out


def _phrase(entry: str) -> str:
    """One entry as a regex: any spacing for a space, any ending for "*", held to whole words at a letter."""
    body = r"\s+".join(re.escape(word).replace(r"\*", r"[^\W\d_]*") for word in entry.split())
    start = _LETTER_BEFORE if entry[:1].isalpha() else ""
    end = _LETTER_AFTER if entry[-1:].isalpha() or entry.endswith("*") else ""
    return start + body + end


def _alternation(entries: list[str]) -> str:
    """The entries (none anchored) as one group, the longest first so that a phrase wins over its first word."""
    phrases = sorted({e for e in entries if e}, key=len, reverse=True)
    return grouped((_first_character(e), _phrase(e)) for e in phrases)


def _first_character(entry: str) -> str | None:
    """The character an entry's regex must begin with (none for a "*" first: any letters, or none)."""
    words = entry.split()
    return words[0][0] if words and words[0][0] != "*" else None


def _cue(entries: list[str]) -> str:
    """Cues, each free or held to the start of a clause ("^can": a model's subject-less "Can kick members.")."""
    anchored = [e[1:] for e in _entries(entries) if e.startswith("^")]
    free = [e for e in _entries(entries) if not e.startswith("^")]
    parts = [_alternation(free)] if free else []
    if anchored:
        parts.append(_CLAUSE_START + (_alternation(anchored) if any(anchored) else ""))
    return "(?:" + "|".join(parts) + ")"


def _then(entries: list[str]) -> str:
    """What must follow the target: the clause's end ("$"), a list's phrase a word or two on ("@community": "na tym
    serwerze"), a bio's separator, or "of" and a capitalised name ("Head Admin of Pixel Haven")."""
    parts = []
    for entry in entries:
        if entry == "$":
            parts.append(r"\s*(?:[.!,;…)]|$)")
        elif entry == "for <time>":
            parts.append(r"\s+for\s+(?:[^\s.!?;|]+\s+){0,2}?(?:years?|months?|weeks?|days?|ages|a\s+while)(?![^\W\d_])")
        elif entry == "of <Name>":
            parts.append(r"\s+of\s+(?-i:[A-Z])")
        elif entry.startswith("@") and len(entry) > 1:
            parts.append(rf"(?:\s+{_WORD}){{0,2}}?\s+{_alternation(_entries([entry]))}")
        elif not entry[:1].isalnum():  # a separator; " @" wants a space before it ("Admin @ X", not "admin@db")
            parts.append((r"\s+" if entry[:1] == " " else r"\s*") + re.escape(entry.strip()))
        else:  # a word, maybe after a comma ("as an admin, I can …")
            parts.append(r",?\s+" + _phrase(entry))
    return "(?:" + "|".join(parts) + ")"


def _pair(pair: dict[str, Any]) -> re.Pattern[str]:
    """One pair as a regex: the cue, at most ``gap`` words (none of ``between_not``), the target, what follows."""
    # a target is a whole word: "ban-hop", "admin-assistant" are other words
    cue, target = _cue(pair["cues"]), _alternation(_entries(pair["targets"])) + r"(?![-‐][^\W\d_])"
    barred = pair.get("between_not")
    word = rf"(?!{_alternation(_entries(barred))}){_WORD}" if barred else _WORD
    between = rf"(?:\s+{word}){{0,{pair['gap']}}}\s+"
    after = ""
    if "not_then" in pair:
        after += rf"(?!\s*{_alternation(_entries(pair['not_then']))})"
    if "then" in pair:
        after += _then(pair["then"])
    order = pair.get("order", "cue_first")
    shapes, cues, targets = [], _entries(pair["cues"]), _entries(pair["targets"])
    firsts = [e for e in cues if not e.startswith("^")] + (targets if order != "cue_first" else [])
    if order in ("cue_first", "either"):
        bare_start = pair["cues"] == ["^"]  # a bio: the role is the line's first word or second
        shapes.append(cue + (rf"(?:{word}\s+){{0,{pair['gap']}}}" if bare_start else between) + target + after)
    if order in ("target_first", "either"):
        shapes.append(target + between + cue)
    return re.compile(_starts(firsts, any(e.startswith("^") for e in cues)) + "(?:" + "|".join(shapes) + ")", re.I | re.M)


def _starts(entries: list[str], clause_start: bool) -> str:
    """Where a match may begin, as a lookahead tried before the alternation: the first letter of one of ``entries``
    (each a whole word: no letter before it), or a clause's start for a cue held to one. The same matches, and a
    long post's places that begin none (most of them) cost one test instead of every alternative's. Empty when an
    entry begins with another character."""
    if any(not entry[:1].isalpha() for entry in entries):
        return ""
    letters = "".join(sorted({entry[0] for entry in entries}))
    starts = [_LETTER_BEFORE + "(?=[" + re.escape(letters) + "])"] if letters else []
    return "(?:" + "|".join([*starts, *(["^|(?=[.;:!?])"] if clause_start else [])]) + ")"


def _unspaced(pair: dict[str, Any]) -> re.Pattern[str]:
    """A pair in a script written without spaces: the cue and the target within ``gap_chars`` in one sentence."""
    cue = "(?:" + "|".join(map(re.escape, pair["cues"])) + ")"
    target = "(?:" + "|".join(map(re.escape, pair["targets"])) + ")"
    gap = rf"[^。！？.!?\n]{{0,{pair['gap_chars']}}}"
    shapes = [cue + gap + target]
    if pair.get("order") == "either":
        shapes.append(target + gap + cue)
    return re.compile("|".join(shapes), re.I)


@cache
def play_after_an_act() -> str:
    """The words that, a word or two after "kick", "mute" or "ban", make it play or home ("kick the ball", "mute my
    mic", "ban two champs"), as a regex (the list ``play``)."""
    return _alternation(_entries(["@play"]))


_Gate = tuple[frozenset[str], tuple[str, ...], re.Pattern[str] | None]
"""Words a line must hold one of: whole words, and beginnings of words (a "*" entry's letters before the "*"),
the beginnings also as one regex over the line's words joined by spaces (:func:`_joined`)."""


def _gate(entries: list[str]) -> _Gate | None:
    """The words one of which a line must hold for any of ``entries`` to match; None when an entry needs none
    (a bare "^": a bio's first word)."""
    exact: set[str] = set()
    stems: set[str] = set()
    for entry in _entries(entries):
        first = entry.lstrip("^").casefold().split(" ")[0]
        runs = LETTER_RUN.findall(first)
        if not runs:
            return None
        (stems if first.endswith("*") and len(runs) == 1 else exact).add(runs[0])
    return _gate_of(frozenset(exact), stems)


def _gate_of(exact: frozenset[str], stems: set[str]) -> _Gate:
    # a word starts with a stem where " stem" stands in " word word ...": one search in C, not a loop over the words
    starts = re.compile(" (?:" + "|".join(map(re.escape, sorted(stems, key=len, reverse=True))) + ")") if stems else None
    return exact, tuple(sorted(stems)), starts


def _joined(words: frozenset[str]) -> str:
    """The line's words (runs of letters, no spaces) as one string that a stem's regex searches."""
    return " " + " ".join(words)


def _open(gate: _Gate | None, words: frozenset[str], stems: frozenset[str] | None = None) -> bool:
    """Whether a line with ``words`` passes ``gate``; ``stems``: every stem its words start with, when read already
    (:func:`_stems_of`)."""
    if gate is None:
        return True
    exact, own, starts = gate
    if not exact.isdisjoint(words):
        return True
    if stems is not None:
        return not stems.isdisjoint(own)
    return starts is not None and starts.search(_joined(words)) is not None


@cache
def _shorter_stems() -> dict[str, frozenset[str]]:
    """Each stem of any gate with the stems it starts with ("moder" -> "mod", "moder"): a word that starts with the
    longest is found once and starts with each of them."""
    stems = _any_target()[1] + tuple(stem for shape in _shapes() for gate in shape.gates if gate for stem in gate[1])
    return {stem: frozenset(s for s in stems if stem.startswith(s)) for stem in stems}


@cache
def _longest_stem() -> re.Pattern[str]:
    """The longest stem a word starts with, after its space: the stems factored by their beginnings, so a word's
    start tries the few that begin with its letter (each a literal: the longest at a place is the one found)."""
    return re.compile(" (" + literal_trie(sorted(_shorter_stems())) + ")")


def _stems_of(words: frozenset[str]) -> frozenset[str]:
    """Every stem of any gate that one of ``words`` starts with, read in one pass over the words."""
    shorter = _shorter_stems()
    found = _longest_stem().findall(_joined(words))
    return frozenset().union(*(shorter[stem] for stem in found)) if found else frozenset()


@dataclass(frozen=True)
class _Shape:
    pattern: re.Pattern[str]
    unless: re.Pattern[str] | None = None
    gates: tuple[_Gate | None, ...] = ()
    """Each side's words: a line without one of each side's cannot match, and costs no regex."""
    substrings: tuple[str, ...] = ()
    """For a script written without spaces: strings one of which the line must hold."""


@cache
def _shapes() -> tuple[_Shape, ...]:
    data = _data()
    shapes: list[_Shape] = []
    for pair in data["pair"]:
        unless = re.compile(_alternation(_entries(pair["unless"])), re.I) if "unless" in pair else None
        shapes.append(_Shape(_pair(pair), unless, (_gate(pair["cues"]), _gate(pair["targets"]))))
    for pair in data["unspaced"]:
        shapes.append(_Shape(_unspaced(pair), substrings=tuple(t.casefold() for t in pair["targets"])))
    phrases = data["claims"]["phrases"]
    shapes.append(_Shape(re.compile(_starts(phrases, False) + _alternation(phrases), re.I), gates=(_gate(phrases),)))
    return tuple(shapes)


@cache
def _any_target() -> _Gate:
    """Every pair's target words as one gate: a line holding none of them (most lines: no role, no act, no
    permission) opens no pair. Its stems are among those a line's words are read for (:func:`_shorter_stems`)."""
    gates = [shape.gates[1] for shape in _shapes() if len(shape.gates) == 2 and shape.gates[1] is not None]
    return _gate_of(frozenset().union(*(gate[0] for gate in gates)), {stem for gate in gates for stem in gate[1]})


@cache
def _gate_index() -> tuple[dict[str, frozenset[int]], dict[str, frozenset[int]], tuple[frozenset[int], ...]]:
    """The shapes' gates numbered: each gate word and each gate stem with the gates it opens, and per shape the gates
    it needs. A line's open gates are read off its few gate words in one pass, not gate by gate for every shape
    (:func:`_open` with the line's stems, for each of them)."""
    by_word: dict[str, set[int]] = {}
    by_stem: dict[str, set[int]] = {}
    needed: list[frozenset[int]] = []
    number = 0
    for shape in _shapes():
        numbers = set()
        for gate in shape.gates:
            if gate is None:
                continue  # a gate of none: always open
            exact, own, _ = gate
            for word in exact:
                by_word.setdefault(word, set()).add(number)
            for stem in own:
                by_stem.setdefault(stem, set()).add(number)
            numbers.add(number)
            number += 1
        needed.append(frozenset(numbers))
    return (
        {word: frozenset(gates) for word, gates in by_word.items()},
        {stem: frozenset(gates) for stem, gates in by_stem.items()},
        tuple(needed),
    )


def open_shapes(words: frozenset[str], stems: frozenset[str]) -> list[_Shape]:
    """The shapes whose every gate a line with ``words`` (and the gate ``stems`` they start with, :func:`_stems_of`)
    opens, in order: those :func:`_open` lets through, read off the line's gate words once."""
    by_word, by_stem, needed = _gate_index()
    opened: set[int] = set()
    for word in words & by_word.keys():
        opened |= by_word[word]
    for stem in stems & by_stem.keys():
        opened |= by_stem[stem]
    return [shape for shape, gates in zip(_shapes(), needed, strict=True) if gates <= opened]


def claims_role(text: str, words: frozenset[str] | None = None) -> bool:
    """True when ``text`` claims a role or a permission in this community by one of the pairs of
    ``data/role_claims.toml`` ("I can ban people", "they made me mod", "Has the Manage Server permission").

    ``text`` is in the matching form (:func:`~utils.privacy.normalise.normalise`); ``words``: its runs of letters,
    case-folded, when the caller has read them."""
    words = line_words(text) if words is None else words
    folded = text.casefold()
    for shape in open_shapes(words, _stems_of(words)):
        if shape.substrings and not any(s in folded for s in shape.substrings):
            continue
        for match in shape.pattern.finditer(text):
            if shape.unless is None:
                return True
            clause = next((c for c in _CLAUSE.finditer(text) if c.start() <= match.start() < c.end()), None)
            if clause is None or not shape.unless.search(clause.group()):
                return True
    return False
