"""Wallet recovery (BIP-39 seed) phrases: twelve or more words in a row from one of the 2048-word lists.

The lists come from the ``mnemonic`` package (the reference implementation), every language it ships (English,
Spanish, French, Italian, Portuguese, Czech, Russian, Turkish, Japanese, Korean, both Chinese scripts): a wallet shows
its phrase in the language its owner set. Words are compared folded (case, accents and the dakuten a Japanese list
stores decomposed), or by their first four letters (each list is built so they name one word), and a run counts only
while every word belongs to one same list.

What joins the words does not matter: a member pastes a phrase as the wallet's export screen, a Markdown or HTML list,
a JSON, YAML, CSV or SQL line or a chat habit writes it ("1.abandon", "[2]ability", "<li>able</li>", "able🔑about",
"#absent", "「あいこくしん」"), so any run of non-letters up to :data:`GAP` characters joins two words (labels between them:
:mod:`utils.privacy.seed_labelled`). The words are read out of the markup first: HTML/XML tags and LaTeX commands are
no words (a bare ``<göçebe>`` holding a list word is one), a camel-case join is cut at its capitals
("abandonAbility"), and what numbers a line is skipped, digits, counters ("3番", "1번"), a lone letter or a Roman
numeral before its bracket or stop ("b)", "ⅲ.", "(iv)"). A label on a new line ("il resto:") may resume a run of four
or more. Any other letter does end the run: ordinary prose rarely strings twelve list words together because its own
small words are in no list ("the", "is", "de", "que"), while a list of twelve nouns with nothing else between them is
what a phrase looks like. Phrases written with no gap at all (Chinese, Japanese, Korean) are cut in
:mod:`utils.privacy.seed_glued`. A run of 12+ is a seed phrase; after a seed word ("seed phrase", "recovery phrase",
"mnemonic", "Wiederherstellungsphrase", …) six are enough. Fewer than twelve unannounced would take a to-do list or
"spring summer autumn winter, north south …". The checksum is not required of spaced words: a member who pastes a
phrase with a typo, or half of one, still gave it away.
"""

from __future__ import annotations

import json
import re
import unicodedata
from collections.abc import Iterator
from functools import cache
from importlib import resources
from itertools import islice, pairwise, repeat

from mnemonic import Mnemonic

from utils.privacy import prose_marks, seed_glued
from utils.privacy.memoised_lines import memoised
from utils.privacy.normalise import normalise
from utils.privacy.rule import Span

_WORD = re.compile(r"(?:[^\W\d_]|[\u0300-\u036f\u3099\u309a\ufffd])+")
"""A word with its combining marks: a list or a phone may write "é" or "ß" decomposed (the BIP-39 files do)."""
_MARKUP = re.compile(r"</?[A-Za-z][^<>\n]{0,80}>|&#?[A-Za-z0-9]{1,8};")
_LATEX = re.compile(r"\\[A-Za-z]+(?=[\s{\[])")
"""HTML, XML and LaTeX a phrase is pasted in (a list's ``<li>``, a wallet page's ``<span class="word">``, an export's
``<word n="1">``, ``\\item``, ``\\texttt{…}``): their names are no words. A bare ``<göçebe>`` is a word in brackets
when a list holds it (:func:`_blanked`); a backslash between two words ("oliva\\simpatico") is a separator."""
GAP = 40
"""The most characters between two words of a phrase: numbering, quotes, brackets, bullets, emoji, a table's
cells, a JSON or SQL list's commas and quotes all fit; a letter anywhere between two words ends the run
(a word that is no list word is prose: "the", "and", "de", "que" are in no list)."""
_NAMES = json.loads(resources.files("utils.privacy").joinpath("data/seed_words.json").read_text(encoding="utf-8"))
_SEED_WORDS = re.compile(r"(?<!\w)(?:" + "|".join(_NAMES["spaced"]) + r")(?!\w)|" + "|".join(_NAMES["unspaced"]))
"""Words that name a recovery phrase (data/seed_words.json), read on the case-folded line."""
_NUMBERING = re.compile(r"(?<!\w)\d{1,2}\s?(?:번째|번|番目|番|號|号|째)(?!\w)")
"""A word's number in the phrase written with a counter ("1번 이튿날", "3番"): numbering, not a word of the phrase."""
_ORDINAL = re.compile(r"\d(?<!\w\d)\d?(?:st|nd|rd|th|er|re|e|ème|eme|o|a|º|ª|°|-lea|-a)(?![^\W\d_])")
"""The same with an ordinal's ending ("1st: make, 2nd: fun", "3e", "4º", which the matching form reads "4o")."""
_ORDINALS_WITHIN = 1000
"""A phrase numbered "1st: make" fits a chat line; a longer post is not searched for ordinals (a search of its own)."""
_PREFIX = 4
"""Every list word is known by its first four letters (the lists are built so): "aban abil able abou" is a phrase."""
FULL_RUN = 12
AFTER_A_SEED_WORD = 6


def _folded(word: str) -> str:
    """A word as the lists are compared: case folded, accents and other combining marks dropped."""
    decomposed = unicodedata.normalize("NFKD", word.casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


@cache
def languages_of() -> dict[str, int]:
    """Each list word (as written, lower case, and folded) with the lists it belongs to, one bit per language."""
    found: dict[str, int] = {}
    for bit, language in enumerate(sorted(Mnemonic.list_languages())):
        for word in Mnemonic(language).wordlist:
            written = unicodedata.normalize("NFC", word).casefold()
            # and as the screen's matching form reads it: "хаос" is all Latin look-alikes, so it reads "xaoc",
            # and a decomposed "майор" ends in a look-alike run after its breve ("маи\u0306op")
            matching = {normalise(written).text, normalise(unicodedata.normalize("NFD", written)).text}
            if not written.isascii():  # "СВЕРХУ" reads "CBEPXY": its capitals have Latin look-alikes its small letters lack
                matching.add(normalise(written.upper()).text.casefold())
            for form in {written, _folded(word), _folded(word).replace("ı", "i"), *matching}:  # "ABARTI" folds "abarti"
                found[form] = found.get(form, 0) | 1 << bit
    return found


def _lists_of(word: str, known: dict[str, int]) -> int:
    lowered = word.casefold()
    found = known.get(lowered, 0)
    if not found and not lowered.isascii():
        lowered = _folded(lowered)
        found = known.get(lowered, 0)
    if len(lowered) == _PREFIX:  # "visi" is an Italian word and the head of English "visit"
        return found | _prefixes().get(lowered, 0)
    return found


@cache
def _prefixes() -> dict[str, int]:
    """The lists' words by their first four letters (alphabetic lists), for phrases written as those letters."""
    found: dict[str, int] = {}
    for word, lists in languages_of().items():
        if len(word) > _PREFIX and word < "\u3000":
            found[word[:_PREFIX]] = found.get(word[:_PREFIX], 0) | lists
    return found


@cache
def _lookup() -> dict[str, int]:
    """Words and four-letter heads in one table, for the one-pass count every message goes through."""
    found = dict(languages_of())
    for head, lists in _prefixes().items():
        found[head] = found.get(head, 0) | lists
    return found


def _blanked(match: re.Match[str]) -> str:
    tag = match.group()
    if tag[0] == "\\" and match.start() and match.string[match.start() - 1].isalpha():
        return tag  # "oliva\\simpatico": a backslash between two words is a separator, not a command
    if tag[0] == "<" and tag[1] != "/" and _WORD.fullmatch(tag, 1, len(tag) - 1) and _lists_of(tag[1:-1], languages_of()):
        return " " + tag[1:-1] + " "  # "<göçebe>": a list word in angle brackets, no tag
    return " " * len(tag)


_OTHER_GAPS = "、。，・•●▪◦「」『』【】《》〈〉→—–“”‘’«»·…\u3000"
_GAPS = str.maketrans({chr(c): " " for c in range(128) if not chr(c).isalpha()} | dict.fromkeys(_OTHER_GAPS, " "))
"""Every ASCII character that is no letter, and the list punctuation of other scripts: one C pass splits most lines."""


def _tokens(lowered: str, plain: bool) -> list[str]:
    """The letter runs of ``lowered``: split on the common gaps, and the rare token still holding an emoji or a
    mark cut by the full pattern."""
    tokens = lowered.translate(_GAPS).split()
    if plain:
        return tokens
    return [word for token in tokens for word in ((token,) if token.isalpha() else _WORD.findall(token))]


def spans(text: str, lowered: str) -> Iterator[Span]:
    """Runs of one list's words in order, whatever non-letter material joins them ("1.abandon", "<li>ability</li>",
    "able🔑about", "#absent", "「あいこくしん」"), each gap at most :data:`GAP` characters."""
    given = text
    if "<" in text or "&" in text:
        text = _MARKUP.sub(_blanked, text)
    if "\\" in text:
        text = _LATEX.sub(_blanked, text)
    if _PLACEHOLDER in text:
        text = text.replace(_PLACEHOLDER, " " * len(_PLACEHOLDER))
    plain = prose_marks.ascii_but_prose_marks(text)  # a dash or a curly quote is a gap, and no counter or Han
    if not plain and _NUMBERING.search(text):
        text = _NUMBERING.sub(_blanked, text)
    if len(text) <= _ORDINALS_WITHIN and _ORDINAL.search(text):
        text = _ORDINAL.sub(_blanked, text)
    if text != given:
        lowered = text.casefold()
    glued = not plain and seed_glued.has_run(text)
    tokens, marked = line_marks(lowered, plain)
    bound = _run_in(marked)  # every gap allowed: an upper bound
    if bound < AFTER_A_SEED_WORD and tokens and max(map(len, tokens)) >= _CAMEL_JOINED:  # "abandonAbilityAble…"
        for joined in _LONG_WORD.findall(text):
            bound = max(bound, _run_in(_marked(_CAMEL.sub(" ", joined).casefold().split(), _lookup())))
    if BRIDGED_PART <= bound < FULL_RUN and "\n" in text and ":" in text:  # parts of a phrase after labels
        bound = _run_in(_marked(_tokens(_LINE_LABEL.sub(" ", lowered), plain), _lookup()))
    resumed = [m.end() for m in _TAKEN.finditer(given)] if bound >= BRIDGED_PART and _PLACEHOLDER in given else []
    if _COUNTED_LEAST <= bound < FULL_RUN and _COUNT_IN.search(text) is not None:
        yield from _counted_parts(text)
    if bound < AFTER_A_SEED_WORD and not glued and not resumed:
        return
    said: list[bool] = []

    def announced() -> bool:
        """Whether a seed word names the phrase: one search, and only for a run that needs it."""
        if not said:
            said.append(_SEED_WORDS.search(lowered) is not None)
        return said[0]

    if glued:
        for start, end in seed_glued.spans(text, announced):
            yield start, end, "seed-phrase"
    if bound < AFTER_A_SEED_WORD and not resumed:
        return
    needed = AFTER_A_SEED_WORD if bound >= AFTER_A_SEED_WORD and announced() else FULL_RUN
    if bound < needed and not resumed:
        return
    for run in _runs(text):
        after = next((at for at in resumed if 0 <= run[0][0] - at <= GAP and not _WORD.search(text, at, run[0][0])), None)
        if after is not None and len(run) >= BRIDGED_PART:
            yield after, run[-1][1], "seed-phrase"  # the rest of a phrase whose first part was taken out
        elif _a_phrase(run, needed, needed == AFTER_A_SEED_WORD):
            yield _statement_start(text, run[0][0]), run[-1][1], "seed-phrase"


_PLACEHOLDER = "[redacted:seed-phrase]"
_TAKEN = re.compile(re.escape(_PLACEHOLDER))
"""Where an earlier part of a phrase was taken out: list words right after it are the phrase's rest."""


def _runs(text: str) -> Iterator[list[Word]]:
    """Each run of one list's words, a counter or a label between two skipped (module docstring)."""
    known = languages_of()
    run: list[Word] = []
    lists, last = 0, 0
    skip_to = 0
    for word in _words(text):
        start, end, written = word
        if start < skip_to:
            continue
        of = _lists_of(written, known)
        if not of and len(run) >= BRIDGED_PART and (label := _label_after(text, last, start)):
            skip_to = last = label  # "…bici\nil resto: riassunto …": the rest of the phrase after a label
            continue
        if run and start - last <= GAP:
            if of & lists:
                run.append(word)
                lists &= of
                last = end
                continue
            if not of and _a_counter(text, word):
                last = end  # "ⅱ.", "b)", "[iv]": the next word's number, not a word of prose
                continue
        if run:
            yield run
        run, lists, last = ([word], of, end) if of else ([], 0, end)
    if run:
        yield run


BRIDGED_PART = 4
"""The fewest words of a phrase before a label that may resume it on the next line."""
_LABEL = re.compile(r"[^\S\n]*[^\n:]{1,24}:")
_LABEL_WORDS = 3
_LINE_LABEL = re.compile(r"(?m)^[^\S\n]*[^\n:]{1,24}:")
"""Every line's label, left out of the bound (its words would end the run the finder bridges)."""


def _label_after(text: str, last: int, start: int) -> int:
    """Where the label ends when the word at ``start`` opens one ("il resto:", "et la suite :", "words 7-12:") on
    the line after the one a run ended (``last``): a phrase pasted in parts, or over messages read as one."""
    if "\n" not in text[last:start] or text[last:start].strip(" \t\n.,;"):
        return 0
    label = _LABEL.match(text, start)
    return label.end() if label and len(_WORD.findall(label.group())) <= _LABEL_WORDS else 0


Word = tuple[int, int, str]
"""A word of the text: where it starts and ends, and as written."""
_SMALL = "a-zà-ÿа-яёāăąćčďēęěğıłńňőœřśşšťůűźżž"
_CAPITAL = "A-ZÀ-ÞА-ЯЁĀĂĄĆČĎĒĘĚĞİŁŃŇŐŒŘŚŞŠŤŮŰŹŻŽ"
_CAMEL = re.compile(f"(?<=[{_SMALL}])(?=[{_CAPITAL}])")
"""Where a word joined in camel case ("abandonAbilityAble", "ПаспортБаня") turns to the next."""
_CAMEL_JOINED = 18
"""The fewest letters of six list words joined in camel case (no list word is under three letters): the only
tokens worth cutting for the bound."""
_LONG_WORD = re.compile(r"(?:[^\W\d_]|[\u0300-\u036f]){" + str(_CAMEL_JOINED) + ",}")


def _words(text: str) -> Iterator[Word]:
    """The letter runs of ``text``, a run in camel case cut where each word's capital opens it."""
    for match in _WORD.finditer(text):
        written, start = match.group(), match.start()
        cuts = [m.start() for m in _CAMEL.finditer(written)] if not written.islower() else []
        if cuts and min(b - a for a, b in pairwise([0, *cuts, len(written)])) < 3:  # "vItElLo" alternates: one word
            cuts = []
        for begin, end in zip([0, *cuts], [*cuts, len(written)], strict=True):
            yield start + begin, start + end, written[begin:end]


def _a_counter(text: str, word: Word) -> bool:
    """A lone letter or a Roman numeral that numbers the next word: "b) signo", "ⅲ. туго", "(iv) absent", "XII:"."""
    start, end, written = word
    if written.casefold() not in counters():
        return False
    after, before = text[end : end + 1], text[start - 1 : start] if start else ""
    return after in _COUNTER_ENDS or before in _COUNTER_OPENS or "\u2160" <= written[0] <= "\u2188"


_COUNTER_ENDS = frozenset(".)]:")
_COUNTER_OPENS = frozenset("([")


@cache
def counters() -> frozenset[str]:
    """What numbers a list's lines besides digits: one letter (Latin, Cyrillic, Greek) and Roman numerals to
    twenty-four (the longest phrase), in letters or as the Unicode numeral characters."""
    ones = ["", "i", "ii", "iii", "iv", "v", "vi", "vii", "viii", "ix"]
    roman = {tens + one for tens in ("", "x", "xx") for one in ones}
    letters = {chr(c) for c in [*range(ord("a"), ord("z") + 1), *range(ord("а"), ord("я") + 1), *range(ord("α"), ord("ω"))]}
    numerals = {chr(c).casefold() for c in range(0x2160, 0x2189)}
    return frozenset((roman | letters | numerals) - {""})


_ASSIGNED = re.compile(
    r"(?:(?:[A-Za-z_$][\w$.]*[ \t]+){0,3}\*?[A-Za-z_$][\w$.]*(?:\[\d*\])?[ \t]*(?:=|:=|:)[ \t]*(?:!!\w+[ \t]*)?"
    r"[\w!:.<>\[\]]*[ \t]*[\[({]|(?i:insert[ \t]+into[ \t]+[\w.]+[ \t]*(?:\([^)\n]*\)[ \t]*)?values[ \t]*\())"
    r"[ \t]*[\"'`]?$"
)
"""A line of code that opens a literal holding the phrase: ``let seed = vec!["``, ``words := []string{"``, ``WORDS=(``,
``const char *seed[] = {"``, ``seed: !!set {``, ``INSERT INTO backup VALUES ('``; what a line says before it is prose."""


def _statement_start(text: str, start: int) -> int:
    """Where the phrase's span starts: its first word, or the statement that names it when it sits in a code
    literal (the name is often "seed" or "mnemonic", and says what the value was; a trace of it is the phrase's)."""
    line = text.rfind("\n", 0, start) + 1
    assigned = _ASSIGNED.search(text, max(line, start - _HEAD_REACH), start)
    return assigned.start() if assigned else start


_HEAD_REACH = 80
"""How far before the first word a statement's head is looked for."""


def touches(earlier: str, text: str) -> bool:
    """Whether ``earlier`` ends with a list word and ``text`` opens with one (after its numbering or a short label):
    where a phrase crosses two messages. Two look-ups, so most pairs of messages go no further."""
    last = earlier.rsplit(None, 1)[-1:]
    taken = earlier.rstrip().endswith(_PLACEHOLDER)  # the phrase's first part, already taken out
    if not taken and (not last or not (word := last[0].strip(_EDGES)) or not _lists_of(word, languages_of())):
        return False
    label = _LABEL.match(text)  # "il resto: riassunto …" opens with the rest of a phrase after its label
    if label and len(_WORD.findall(label.group())) <= _LABEL_WORDS:
        text = text[label.end() :]
    for token in text.split(None, 2)[:2]:
        word = token.strip(_EDGES)
        if word and not word[0].isdigit() and not word.startswith("#"):
            return bool(_lists_of(word, languages_of()))
    return False


_EDGES = ",;.:!?…\"'«»“”()[]`*_~|→-—–、。，"


def list_words(text: str) -> int:
    """The most list words in a row in ``text`` (any gap between them): what a part of a pasted phrase holds."""
    lowered = text.casefold()
    return _run_in(_marked(_tokens(lowered, lowered.isascii()), _lookup()))


def _run_in(marked: bytes) -> int:
    """The most list words in a row, a counter between two ("b)", "ⅲ.") skipped as the run skips it."""
    return max(map(len, marked.replace(b"\x02", b"").split(b"\x00")))


def _marked(tokens: list[str], known: dict[str, int]) -> bytes:
    if all(map(str.isascii, tokens)):  # one C pass: ``tokens`` come from the case-folded line, keys as they stand
        return bytes(map(_marks().get, tokens, repeat(0)))
    return bytes(2 if token in counters() else 1 if _lists_of(token, known) else 0 for token in tokens)


@memoised(4)
def line_marks(lowered: str, plain: bool) -> tuple[list[str], bytes]:
    """A case-folded line's tokens and their marks, one byte each: 1 a list word or head, 2 a counter a run skips, 0
    any other word. Kept for the line's next reading (:mod:`utils.privacy.seed_labelled`); forgotten with members."""
    tokens = _tokens(lowered, plain)
    return tokens, _marked(tokens, _lookup())


@cache
def _marks() -> dict[str, int]:
    """Each word and head as 1, each counter that is no list word as 2: one look-up per token."""
    return dict.fromkeys(counters(), 2) | dict.fromkeys(_lookup(), 1)


def _a_phrase(run: list[Word], needed: int, announced: bool) -> bool:
    """Long enough and, unless a seed word announced it, varied: a seed's words are drawn at random
    ("word word word …" is not one; "my seed is: abandon abandon … about" is the famous test vector)."""
    return len(run) >= needed and (announced or len({w[2].lower() for w in run}) >= needed * 2 // 3)


_COUNTED_LEAST = 4
_COUNT_IN = re.compile(r"(?<![\w.,])\d{1,2}(?![\w.,])")
"""The cheap gate of a counted part: a number of one or two digits standing alone."""
_COUNT = re.compile(
    r"(?<![\w.,])(?:(?P<first>\d{1,2})\s*(?:[-–~]|to|à|a|bis|al|до|ile|t/m|till|do|až|sampai)\s*(?P<last>\d{1,2})"
    r"|(?P<count>\d{1,2}))(?![\w.,])"
)
_COUNT_REACH = 48
_COUNT_WINDOW = 240
"""Characters after a count read for the part it counts: its words between, then up to eleven list words."""
_MAX_COUNTS = 8


def _counted_parts(text: str) -> Iterator[Span]:
    """The counted parts of a phrase (:func:`_counted`), each read in a short window after its count: a long post
    with a number and a few list words somewhere is not read word by word again."""
    known = languages_of()
    for count in islice(_COUNT_IN.finditer(text), _MAX_COUNTS):
        if not _list_words_follow(text, count.end(), known):
            continue  # "14 times", "at 23:40. The loot": a few look-ups rule most numbers out
        window = text[count.start() : count.start() + _COUNT_WINDOW]
        for run in _runs(window):
            part = _counted(window, run)
            if part is not None:
                yield count.start() + part[0][0], count.start() + part[-1][1], "seed-phrase"
                break


def _list_words_follow(text: str, end: int, known: dict[str, int]) -> bool:
    """Whether list words, :data:`_COUNTED_LEAST` in a row, follow a count at ``end`` past its counting words."""
    listed = 0
    for word in islice(_WORD.finditer(text, end, end + _COUNT_WINDOW), _COUNTED_LEAST + _COUNTING_WORDS):
        written = word.group()
        if not listed and (written.casefold() in _counting_words() or written in _RANGE_WORDS):
            continue  # "6 kata terakhir:": a counting word first, even one a list holds too
        if not _lists_of(written, known):
            return False
        listed += 1
        if listed >= _COUNTED_LEAST:
            return True
    return False


_RANGE_WORDS = frozenset({"to", "à", "a", "bis", "al", "до", "ile", "t", "m", "till", "do", "až", "sampai"})
"""The words of a range of positions ("mots 7 à 12", "words 1 to 6"), as :data:`_COUNT` reads them."""
_COUNTING_WORDS = 4
"""Words a count may have before its part ("die letzten 6 Wörter:", "les 4 premiers mots sont")."""


def _counted(text: str, run: list[Word]) -> list[Word] | None:
    """A part of a phrase said with how many words it holds or which positions ("last 6 are …", "Wörter 1-6: …",
    "les 4 premiers mots sont …", "13-18 …"): fewer words than a phrase unannounced needs, but the count, said right
    before, matches the run exactly and the words between name only words, positions or the rest ("the other 6
    words", "ok 5 more:"). A count of things that belong together names them ("the 4 seasons:", "top 4 pets",
    "last 4 drops") and is no part of a phrase; so are repeated words. A counting word that is a list word too ("6
    слов: …") opens the run, not the part."""
    while len(run) > _COUNTED_LEAST and run[0][2].casefold() in _counting_words():
        run = run[1:]
    if not _COUNTED_LEAST <= len(run) < FULL_RUN or len({w[2].casefold() for w in run}) != len(run):
        return None
    line = text.rfind("\n", 0, run[0][0]) + 1
    before = text[max(line, run[0][0] - _COUNT_REACH) : run[0][0]]
    counts = list(_COUNT.finditer(before))
    if not counts:
        return None
    count = counts[-1]
    first, last = count.group("first"), count.group("last")
    said = int(last) - int(first) + 1 if first is not None and last is not None else int(count.group("count"))
    between = _WORD.findall(before[count.end() :].casefold())
    return run if said == len(run) and all(word in _counting_words() for word in between) else None


@cache
def _counting_words() -> frozenset[str]:
    """Words that may stand between a count and the part it counts (data/seed_words.json ``counting``)."""
    return frozenset(word.casefold() for word in _NAMES["counting"])
