"""Decoders of the decoding step (:mod:`utils.privacy.decoding`) for digits given in another notation, a password
made of a sentence's initials, and a recovery phrase written back to front.

A member hiding a code's digits writes them as something else that holds digits: the squares of a board, clock
faces, tally marks, a time or a date. A member making a password by the sentence method gives the sentence with it.
A member hiding a recovery phrase writes each word back to front. Each decoder here finds such a stretch behind its own
cheap gate and says what it reads as; the decoding step judges it as it judges every other disguise.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from operator import itemgetter

from utils.privacy import seed, vocabulary
from utils.privacy._secret_values import a_time_of_day
from utils.privacy.decoded_region import Region

# Digits given in another notation, a code read off its digits: squares of a chess board or a Battleship grid
# ("g1 f3 b8 c6", "A3 J7 C1 F9"), clock faces ("🕓🕖🕐🕘", each its hour), tally marks ("||| ||||| | ||||||", each
# group its count). Four at least: a move or a shot or two is a game, not a code.
_SQUARE = r"[A-Ja-j](?:10|[1-9])"
_SQUARES = re.compile(rf"[A-Ja-j](?<![\w-][A-Ja-j])(?:10|[1-9])(?:,? {_SQUARE}){{3,11}}(?![\w-])")
_CLOCKS = re.compile("[\U0001f550-\U0001f567](?: ?[\U0001f550-\U0001f567]){3,11}")
_SQUARES_GATE = re.compile(r"\d,? [A-Ja-j](?:10|[1-9]),? [A-Ja-j]")
"""Two squares in a row, looked for from a digit (rarer in prose than a letter a to j)."""
_TALLIES = re.compile(r"\|(?<![|\w]\|)\|{0,8}(?: \|{1,9}){3,11}(?![|\w])")
_CLOCK_HOURS = 12


def squares(text: str) -> Iterator[Region]:
    if _SQUARES_GATE.search(text) is None:
        return
    for match in _SQUARES.finditer(text):
        yield Region(match.start(), match.end(), "".join(re.findall(r"\d+", match.group())))


def clocks(text: str) -> Iterator[Region]:
    if text.isascii():
        return
    for match in _CLOCKS.finditer(text):
        hours = [(ord(c) - 0x1F550) % _CLOCK_HOURS + 1 for c in match.group() if c != " "]
        yield Region(match.start(), match.end(), "".join(map(str, hours)))


def tallies(text: str) -> Iterator[Region]:
    if "| |" not in text:
        return
    for match in _TALLIES.finditer(text):
        groups = match.group().split(" ")
        if max(map(len, groups)) >= 2:  # a table's empty cells are single bars
            yield Region(match.start(), match.end(), "".join(str(len(g)) for g in groups))


# A time or a day and month standing for a code's digits ("23:41, without the colon"; "19/08 and 22/11"): read as
# the digits only where a secret is named near it, and judged by the readings alone (a time of day is no value by its
# shape). Dates given one after the other are one code.
_MOMENT = r"(?:(?:[01]?\d|2[0-3]):[0-5]\d|(?:0?[1-9]|[12]\d|3[01])/(?:0?[1-9]|1[0-2])|(?:0[1-9]|[12]\d|3[01])\.(?:0[1-9]|1[0-2]))"
_MOMENTS = re.compile(rf"(?<![\d/.:]){_MOMENT}(?:\s*(?:,|\+|&|[^\W\d_]{{1,3}})\s*{_MOMENT})*(?![\d/:]|\.\d)")


_MOMENTS_GATE = re.compile(r"\d[:/.]\d")
_NAMED_BEFORE, _NAMED_AFTER = 48, 16
"""Characters around a time or date in which the secret it stands for is named."""
CHAT_LINE = 600
"""A time or date standing for a code, a sentence's initials, a phrase back to front are a chat line's disguises, each
read at the cost of a search of its own: a longer post is not read for them."""


def _moment_matches(text: str) -> Iterator[re.Match[str]]:
    """What ``_MOMENTS.finditer(text)`` finds, tried only where a match can start: a time or date begins on the digit
    before its first separator or on the one before that, so on or just before a hit of the gate, which a paragraph
    has once or twice (``re`` tried at each of its characters costs more than the reading it gates)."""
    taken_to = 0
    gate = _MOMENTS_GATE.search(text)
    while gate is not None:
        at = gate.start()
        for start in (at - 1, at):
            if start >= taken_to and (match := _MOMENTS.match(text, start)) is not None:
                yield match
                taken_to = match.end()
                break
        gate = _MOMENTS_GATE.search(text, max(at + 1, taken_to))


def moments(text: str) -> Iterator[Region]:
    if len(text) > CHAT_LINE:
        return
    for match in _moment_matches(text):
        if a_time_of_day(text, match.start(), match.end()):
            continue  # a time as it is said ("at 23:40"): the regions leave it as written, so its words are not read
        if vocabulary.find(text[max(0, match.start() - _NAMED_BEFORE) : match.end() + _NAMED_AFTER]):
            digits = "".join(re.findall(rf"(?<![^\W\d_]){_MOMENT}", match.group()))
            yield Region(match.start(), match.end(), re.sub(r"\D", "", digits), judged=False)


# A password made of a sentence's initials, numbers kept whole, with the sentence beside it: "first letters of 'my dog
# Rex ate 3 socks in 2019' → mdRa3si2019". The token and the sentence are both the secret; acronyms beside their
# meaning ("NATO, North Atlantic Treaty Organization") hold no digit between letters and are never read.
_INITIALS_GATE = re.compile(r"\d(?<=[^\W\d_]\d)\d*[^\W\d_]")
_INITIALS = re.compile(r"(?<!\w)\w*[^\W\d_]\d+[^\W\d_]\w*")
_WORDS = re.compile(r"\w+")
_MIN_SENTENCE = 5
_SENTENCE_BEFORE = 240
"""Characters before the password in which its sentence stands."""


def initials(text: str) -> Iterator[Region]:
    if len(text) > CHAT_LINE or _INITIALS_GATE.search(text) is None:
        return
    for token in _INITIALS.finditer(text):
        wanted = token.group().casefold()
        offset = max(0, token.start() - _SENTENCE_BEFORE)
        words = list(_WORDS.finditer(text, offset, token.start()))
        heads = [w.group().casefold() if w.group().isdigit() else w.group()[0].casefold() for w in words]
        for first in range(len(words)):
            if not wanted.startswith(heads[first]):
                continue
            read, last = "", first
            while last < len(words) and len(read) < len(wanted):
                read += heads[last]
                last += 1
            if read == wanted and last - first >= _MIN_SENTENCE:
                yield Region(words[first].start(), words[last - 1].end(), token.group(), certain=True)
                yield Region(token.start(), token.end(), token.group(), certain=True)
                break


# A recovery phrase with every word written back to front ("timda rednels feihc …"): read forwards, the words are
# the list's; a run of twelve words at least, most of them list words only when turned.
_WORD_RUN = re.compile(r"(?<!\S)[^\W\d_]{3,9}(?:[ ,]{1,2}[^\W\d_]{3,9}){11,23}(?!\S)")
_LETTERS = re.compile(r"[^\W\d_]+")
_FIRST_WORDS = 4


_BACKWARDS = itemgetter(slice(None, None, -1))
_MOST_TURNED = (3 * seed.FULL_RUN + 3) // 4
"""Words of a run read as list words only when turned: three in four of twelve at least."""


def reversed_words(text: str) -> Iterator[Region]:
    if len(text) > CHAT_LINE or text.count(" ") < seed.FULL_RUN - 1:
        return
    known = seed.languages_of()
    # A run's words are the line's pieces between whitespace and commas: too few of those turned are list words (all
    # read in C), and no run of them can be. An ASCII line turned whole holds its pieces turned (in the other order),
    # and its lower case is its case-folded form.
    if text.isascii():
        turned = text.lower()[::-1].replace(",", " ").split()
    else:
        turned = list(map(str.casefold, map(_BACKWARDS, text.replace(",", " ").split())))
    if sum(map(known.__contains__, turned)) >= _MOST_TURNED:
        yield from turned_runs(text)


def turned_runs(text: str) -> Iterator[Region]:
    """The runs of words of ``text`` that are list words back to front, read without a gate."""
    known = seed.languages_of()
    for run in _WORD_RUN.finditer(text):
        words = _LETTERS.findall(run.group())
        if not all(w[::-1].casefold() in known for w in words[:_FIRST_WORDS]):
            continue
        turned = sum(w[::-1].casefold() in known for w in words)
        if turned * 4 >= len(words) * 3 and sum(w.casefold() in known for w in words) * 2 < len(words):
            yield Region(run.start(), run.end(), " ".join(w[::-1] for w in words))
