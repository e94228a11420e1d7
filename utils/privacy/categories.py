"""Special categories of personal data: health, belief, sex life and orientation, ethnic origin, political
opinions, trade-union membership, genetic and biometric data — never kept about a member, whatever a model proposes.

The vocabulary is data (``data/special_categories.json``), compiled once. An entry counts in one of four ways:

* ``words`` — anywhere, as a whole word ("diabetes", "antidepressants", "bisexual", "Gewerkschaft");
* ``framed`` — only as a fact about someone: after a frame word ("is", "has", "ist", "est", ...) at the start of a
  clause or after its subject, with a few fillers between ("Is a devout Catholic", "I'm queer"). These words are
  also ordinary or gaming speech: "Christian" is a name, "that boss is cancer" is slang, "black keyboard" a colour,
  "the Communist faction" a side in a strategy game. A profile's list item counts too ("he/him | gay | 26": list_items.py);
* ``anywhere`` — substrings, for scripts written without spaces (Chinese, Japanese) or with attached prefixes (Arabic "بالسكري");
* ``patterns`` — regular expressions for situations ("goes to church", "votes for the Greens", "broke their leg") and
  a careless model's labels ("User's faith is …", "their political views", "Religion: …");
* ``family_patterns`` (top level) — situations written over word families (``word_families``: stems and words of
  one meaning in many languages), so a pattern says the grammar once and the families carry the vocabulary: a
  biometric modality near a personal use ("unlocks their phone with Face ID", "entsperrt mit Fingerabdruck"), a
  DNA word near a test word ("prueba de ADN"), an intake verb before a medicine that is also an ordinary word
  ("on lithium"). A family's ``word*`` is any ending, so inflections and compounds are read, not listed;
* ``inside_words`` (top level, per category) — roots that state a category wherever they stand in a word, in any
  script: medicine's Greek and Latin roots travel into every language and into compounds ("hemodiálise",
  "Antiepileptika", "епілепсія", "anxiolytiques"), so the root is read, not each language's word;
* ``suffixes`` (top level, per category) — word endings that state a category whatever the stem before them
  ("türkischstämmig", "kökenliyim": of some origin; "pansexuel", "omosessuale": any orientation), so a new
  prefix or a word nobody listed is still read. Both are read without accents, in the line and in the data, so a
  medicine's stem in a language that accents it ("paroxétine", "quétiapine") is the same stem.

Titles and idioms that share the words ("Queer Eye", "cult classic", "sick of the grind") are blanked first, and so
is the word said of a thing that is not a person ("ce jeu est une maladie", "this meta is cancer": ``said_of_a_thing``).
A line naming a strategy game (``game_titles``: "EU4", "Stellaris", "Civ") is not read for the categories that are
that game's mechanics (its religions, ideologies and peoples); health still counts there.

Cost: each entry is indexed by one word it cannot match without (its longest word, or a pattern's needles), so a line costs
a split into words and a few set look-ups; an entry's regex runs only when its word is there, and a framed word's frame is
looked for only in the few characters before it.

A kept line that *names* a condition, a belief or an orientation is refused even when it is not first person ("Watched a
documentary about diabetes."): kept lines hold facts about one member, so it is almost always theirs; losing it costs little.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Set as AbstractSet
from dataclasses import dataclass
from functools import cache
from typing import Any

from utils.privacy.exception_reading import ExceptionFamilies, slang_of_a_game_thing, words_needed
from utils.privacy.exception_reading import may_hold as _may_hold
from utils.privacy.game_events import without_game_occasions
from utils.privacy.game_frame import set_in_a_game
from utils.privacy.game_saves import also_said_of_life
from utils.privacy.list_items import a_whole_item
from utils.privacy.normalise import normalise
from utils.privacy.script_gate import another_script
from utils.privacy.semantic_fields import field_category
from utils.privacy.special_categories_data import special_vocabulary
from utils.privacy.whole_words import whole_words

_LETTER_RUN = re.compile(r"[^\W\d_]+")
_LETTERS_AFTER = r"[^\W\d_]*"
_NOT_INSIDE_A_WORD_BEFORE = r"(?<![^\W\d_])"
_NOT_INSIDE_A_WORD_AFTER = r"(?![^\W\d_]|-[^\W\d_])"
_FRAME_LOOKBACK = 80
"""How far before a framed word its frame and fillers may start ("is a very devout" is 16 characters)."""
_BEYOND_LATIN = re.compile("[^\x00-\u024f]")


@dataclass(frozen=True, eq=False)
class _Entry:
    """One way a category is stated. Compared and hashed as itself: a line's candidates are made unique by identity,
    since hashing a compiled pattern reads its whole program each time (two equal entries would find the same)."""

    category: str
    pattern: re.Pattern[str]
    framed: bool = False


@dataclass(frozen=True)
class _Index:
    by_word: dict[str, tuple[_Entry, ...]]
    """Entries by a whole word they need."""
    stem_starts: re.Pattern[str] | None
    """Every stem as one regex factored by common beginnings, after a space: over the line's words joined by spaces,
    one pass finds the longest stem each word starts with."""
    by_stem: dict[str, tuple[_Entry, ...]]
    """Entries by a stem they need ("antidepressiv" of ``antidepressiv*``), grouped by the stem's first letters."""
    anywhere: dict[str, str]
    """Category by substring, for scripts without spaces."""
    anywhere_pattern: re.Pattern[str] | None
    """Every ``anywhere`` substring in one regex, factored by common beginnings: one pass finds the earliest."""
    frame_before: re.Pattern[str]
    """The frame ("Is a devout ") that must end right before a framed word; per frame kind."""
    health_frame_before: re.Pattern[str]
    frame_after: re.Pattern[str] | None
    """A first-person copula a framed word comes before where the verb ends the clause ("main gay hoon")."""
    exceptions: re.Pattern[str]
    exception_words: dict[str, tuple[frozenset[str], ...]] | None
    """What a line's words must hold for ``exceptions`` to match at all: each exception's whole words, keyed by its
    longest one (None: an exception without a whole word, so the line is always read for them)."""
    exception_families: ExceptionFamilies
    """The same exceptions by family, so a line is read only for the families its words may hold."""
    order: dict[str, int]
    suffix_gate: re.Pattern[str] | None
    """Every suffix as one literal regex factored by common beginnings, looked for first: most lines have none."""
    suffixes: re.Pattern[str] | None
    """A word with at least two letters before one of the suffixes; the group named after a category matched."""
    game_titles: re.Pattern[str] | None
    game_categories: frozenset[str]
    """Categories a strategy game's own mechanics name (a Protestant campaign in EU4)."""
    inside: dict[str, str]
    """Category by a root that states it wherever it stands in a word (``inside_words``)."""
    inside_pattern: re.Pattern[str] | None
    inside_latin: re.Pattern[str] | None
    """The roots written in Latin letters alone: a line without other letters can hold no other root, and the trie
    tries a place's character against these roots' first characters only."""
    not_people: re.Pattern[str]
    """A subject that is not a member (a pet, a story's figure) and the rest of its clause (``not_people``)."""
    not_people_words: frozenset[str]


def _vocabulary() -> dict[str, Any]:
    return special_vocabulary()


def _phrase(entry: str) -> str:
    """One vocabulary entry as a regex: spaces are any spacing, ``word*`` any ending, a lone ``*`` any one word."""
    tokens = []
    for token in entry.casefold().split():
        if token == "*":
            tokens.append(r"[^\W\d_]+")
        elif token.endswith("*"):
            tokens.append(re.escape(token[:-1]) + _LETTERS_AFTER)
        else:
            tokens.append(re.escape(token))
    return r"\s+".join(tokens).replace(r"\-", r"[\s-]?")  # a hyphen: a space or nothing ("left-wing", "leftwing")


def _alternation(entries: list[str]) -> str:
    return "(?:" + "|".join(_phrase(e) for e in sorted(set(entries), key=len, reverse=True)) + ")"


def _trie(texts: list[str]) -> str:
    """Literal substrings as one regex factored by their common beginnings ("糖尿病|糖尿" as "糖尿(?:病)?"), so a
    position of the line tries only the few substrings that start with its character; the longest wins."""
    root: dict[str, Any] = {}
    for text in texts:
        node = root
        for char in text:
            node = node.setdefault(char, {})
        node[""] = {}

    def walk(node: dict[str, Any]) -> str:
        branches = [re.escape(char) + walk(child) for char, child in sorted(node.items()) if char]
        if not branches:
            return ""
        body = branches[0] if len(branches) == 1 else "(?:" + "|".join(branches) + ")"
        return (f"(?:{body})?" if len(branches) == 1 else body + "?") if "" in node else body

    return walk(root)


def _needed_word(entry: str, common: frozenset[str]) -> str:
    """The longest run of letters of an entry that is not a common word, with ``*`` when it is a stem: a line
    without it cannot match (and a line with it is rarely an ordinary one)."""
    runs: list[str] = []
    for token in entry.casefold().split():
        found = _LETTER_RUN.findall(token)
        for position, run in enumerate(found):
            stem = token.endswith("*") and position == len(found) - 1 and token.rstrip("*").endswith(run)
            runs.append(run + ("*" if stem else ""))
    runs.sort(key=lambda run: len(run.rstrip("*")), reverse=True)
    return next((run for run in runs if run.rstrip("*") not in common), runs[0] if runs else "")


def _family(entries: list[str]) -> str:
    """A word family as one regex of whole words: ``stem*`` is the stem with any ending, a space any spacing; a
    hyphen may follow, as in a compound ("PVV-stemmer", "DNA-Test")."""
    return _NOT_INSIDE_A_WORD_BEFORE + _alternation(entries) + r"(?![^\W\d_])"


def _family_patterns(vocabulary: dict[str, Any], common: frozenset[str]) -> list[tuple[str, dict[str, Any]]]:
    """The ``family_patterns`` with each ``{family}`` replaced by its words; a pattern is tried only when a word of
    its ``needs`` family is in the line (a match cannot be without one)."""
    families = {name: words for name, words in vocabulary.get("word_families", {}).items() if not name.startswith("_")}
    expanded = {name: _family(words) for name, words in families.items()}
    found = []
    for category, situations in vocabulary.get("family_patterns", {}).items():
        if category.startswith("_"):
            continue
        for situation in situations:
            regex = re.sub(r"\{(\w+)\}", lambda ref: expanded[ref.group(1)], situation["regex"])
            needles = sorted({_needed_word(word, frozenset()) for word in families[situation["needs"]]} - common)
            found.append((category, {"regex": regex, "needles": needles}))
    return found


def _frame_before(frames: list[str], vocabulary: dict[str, Any]) -> re.Pattern[str]:
    subjects = _alternation(vocabulary["subjects"])
    fillers = _alternation(vocabulary["fillers"])
    # A mention is a subject as a pronoun is ("@toni es gay").
    start = rf"(?:^|[.!?;:,()\"«“—–]\s*|(?<![^\W\d_]){subjects}\s+|(?<![\w@])@[^\W\d_][\w.-]*\s+)"
    # A hedge before the copula ("i think i'm bi", "creo que soy gay") still says it of the speaker, less sure.
    if hedges := vocabulary["frames"].get("hedges"):
        start += rf"(?:{_alternation(hedges)}\s+(?:{subjects}\s+)?){{0,2}}"
    return re.compile(start + _alternation(frames) + rf"\s+(?:{fillers}\s+){{0,3}}$")


@cache
def _index() -> _Index:
    vocabulary = _vocabulary()
    by_word: dict[str, list[_Entry]] = defaultdict(list)
    stems: dict[str, list[_Entry]] = defaultdict(list)

    def add(needed: str, entry: _Entry) -> None:
        if needed.endswith("*"):
            stems[needed[:-1]].append(entry)
        elif needed:
            by_word[needed].append(entry)

    anywhere = []
    common = frozenset(vocabulary["common_words"]["words"].split())
    for name, situation in _family_patterns(vocabulary, common):
        entry = _Entry(name, re.compile(situation["regex"]))
        for needle in situation["needles"]:
            add(needle, entry)
    for name, spec in vocabulary["categories"].items():
        for word in spec.get("words", ()):  # whole words, found by re's literal search (whole_words.py)
            add(_needed_word(word, common), _Entry(name, whole_words(_phrase(word), _NOT_INSIDE_A_WORD_AFTER)))
        for word in spec.get("framed", ()):
            add(_needed_word(word, common), _Entry(name, whole_words(_phrase(word), _NOT_INSIDE_A_WORD_AFTER), framed=True))
        for situation in spec.get("patterns", ()):
            entry = _Entry(name, re.compile(situation["regex"], re.MULTILINE))
            for needle in situation["needles"]:
                add(needle.casefold(), entry)
        anywhere += [(text, name) for text in spec.get("anywhere", ())]
    stem_list = sorted(stem for stem in stems if _LETTER_RUN.fullmatch(stem))  # another stem starts no run of letters
    # a word holds a stem where it starts with the longest one it starts with, or with a stem that one starts with
    by_stem = {stem: tuple(e for short in stem_list if stem.startswith(short) for e in stems[short]) for stem in stem_list}
    frames = vocabulary["frames"]
    suffix_lists = {
        name: [_unaccented(word.casefold()) for word in words]
        for name, words in vocabulary.get("suffixes", {}).items()
        if not name.startswith("_")
    }
    suffixes = (
        re.compile(
            "|".join(
                rf"(?<![^\W\d_])[^\W\d_]{{2,}}?(?P<{name}>{_alternation(words)})[^\W\d_]{{0,4}}(?![^\W\d_])"
                for name, words in suffix_lists.items()
            )
        )
        if suffix_lists
        else None
    )
    shop = vocabulary.get("said_of_a_shop", {})  # "kosher deli", "boucherie halal": a label of what a place sells
    eaten = "".join(rf"(?<!{re.escape(word)}\s)" for word in shop.get("eaten_after", ()))  # "eats only halal meat"
    sold, label = _alternation(shop.get("shops", [])), eaten + _alternation(shop.get("modifiers", []))
    shops = [f"{a} {b}" for m in shop.get("modifiers", ()) for s in shop.get("shops", ()) for a, b in ((m, s), (s, m))]
    parts = list(vocabulary.get("said_of_a_part", {}).get("parts", ()))
    labels = rf"|{label}\s+{sold}|{sold}\s+{label}" if shops else ""  # two alternations, not their thousands of pairs
    titles = f"{_NOT_INSIDE_A_WORD_BEFORE}(?:{_alternation(vocabulary['exceptions'])}{labels}){_NOT_INSIDE_A_WORD_AFTER}"
    families = [(titles, [*vocabulary["exceptions"], *shops])]
    things = vocabulary.get("said_of_a_thing")
    entities = things.get("game_entities", []) if things else []
    if things:
        articles = _alternation(things["articles"])
        families.append(
            (rf"(?<![^\W\d_]){_alternation(things['subjects'])}\s+(?:{articles}\s+){{0,2}}[^\W\d_]+", things["subjects"])
        )
        if "slang_of_a_thing" in things:  # "deze patch is kanker", "рак, а не игра"
            families.append(slang_of_a_game_thing(things["slang_of_a_thing"]))
    if entities and things:
        # the player's own figure, its verb and what the verb says ("my sim got pregnant", "mi personaje es ateo")
        figure = (
            rf"(?<![^\W\d_]){_alternation(things['owners'])}\s+{_alternation(entities)}\s+[^\W\d_']+(?:'[^\W\d_]+)?"
            rf"\s+(?:{_alternation(things['articles'])}\s+){{0,2}}[^\W\d_]+"
        )
        families.append((figure, entities))
    # "the depression mechanic": the word before a game's part labels it; last, so "this lobby is cancer" reads first
    families.append((rf"(?<![^\W\d_])[^\W\d_]+(?=\s+{_alternation(parts)}(?![^\W\d_]))", [f"* {part}" for part in parts]))
    not_people, not_people_words = _not_people(vocabulary["not_people"])
    games = vocabulary.get("game_titles", {})
    inside = [
        (_unaccented(root.casefold()), name)
        for name, roots in vocabulary.get("inside_words", {}).items()
        if not name.startswith("_")
        for root in roots
    ]
    return _Index(
        by_word={word: tuple(entries) for word, entries in by_word.items()},
        stem_starts=re.compile(f" ({_trie(stem_list)})") if stem_list else None,
        by_stem=by_stem,
        anywhere=dict(reversed(anywhere)),
        anywhere_pattern=re.compile(_trie([text for text, _ in anywhere])) if anywhere else None,
        frame_before=_frame_before(frames["copula"], vocabulary),
        health_frame_before=_frame_before(frames["copula"] + frames["possession"], vocabulary),
        frame_after=re.compile(rf"\s+{_alternation(frames['after'])}(?![^\W\d_])") if frames.get("after") else None,
        exceptions=re.compile("|".join(source for source, _ in families)),
        exception_words=words_needed([entry for _, entries in families for entry in entries]),
        exception_families=ExceptionFamilies([(source, words_needed(entries)) for source, entries in families]),
        order={name: position for position, name in enumerate(vocabulary["categories"])},
        suffix_gate=re.compile(_trie(sorted({word.casefold() for words in suffix_lists.values() for word in words})))
        if suffix_lists
        else None,
        suffixes=suffixes,
        game_titles=re.compile(
            rf"(?<![^\W\d_]){_alternation([*games['titles'], *games.get('markers', ())])}(?![^\W\d_])"
            + "".join(f"|{re.escape(title)}" for title in games.get("unspaced", ()))  # "文明6", no word's edges
        )
        if games
        else None,
        game_categories=frozenset(games.get("categories", ())),
        inside=dict(reversed(inside)),
        inside_pattern=re.compile(_trie([root for root, _ in inside])) if inside else None,
        inside_latin=re.compile(_trie(latin)) if (latin := [r for r, _ in inside if not _BEYOND_LATIN.search(r)]) else None,
        not_people=not_people,
        not_people_words=not_people_words,
    )


def _not_people(spec: dict[str, Any]) -> tuple[re.Pattern[str], frozenset[str]]:
    """A subject that is no member ("my cat", "the main character", "うちの猫") and its clause up to punctuation or a
    link ("my dog is sick and I have the flu" keeps "I have the flu"); and the subjects' last words, its gate."""
    determiners = _alternation(spec["determiners"])
    link = rf"{_alternation(spec['clause_links'])}(?![^\W\d_])"
    rest = rf"(?:\s+(?!{link})[^\s.,;:!?()]+)*"
    subject = (
        rf"{determiners}\s+(?:[^\W\d_]+\s+)?{_alternation(spec['animals'])}"
        rf"|(?:{determiners}\s+)?{_alternation(spec['story_figures'])}"
    )
    unspaced = rf"|{_alternation(spec['unspaced'])}[^。、，,！!？?.\n]*" if spec.get("unspaced") else ""
    pattern = re.compile(rf"{_NOT_INSIDE_A_WORD_BEFORE}(?:{subject}){_NOT_INSIDE_A_WORD_AFTER}{rest}{unspaced}")
    last_words = frozenset(entry.casefold().split()[-1] for entry in [*spec["animals"], *spec["story_figures"]])
    return pattern, last_words


CATEGORIES: tuple[str, ...] = tuple(_vocabulary()["categories"])
"""The categories :func:`special_category` names, in the order of the data file."""
_ALONE_WITH = frozenset(_vocabulary()["frames"].get("alone_with", ()))


def _candidates(words: AbstractSet[str], index: _Index) -> list[_Entry]:
    found = [entry for word in index.by_word.keys() & words for entry in index.by_word[word]]
    if index.stem_starts is not None:
        for stem in index.stem_starts.findall(" " + " ".join(words)):
            found.extend(index.by_stem[stem])
    return found


def _framed_match(entry: _Entry, folded: str, index: _Index) -> int | None:
    frame = index.health_frame_before if entry.category == "health" else index.frame_before
    for match in entry.pattern.finditer(folded):
        before = folded[max(0, match.start() - _FRAME_LOOKBACK) : match.start()]
        after = index.frame_after is not None and index.frame_after.match(folded, match.end()) is not None
        listed = entry.category != "ethnicity" and a_whole_item(folded, *match.span())  # a listed colour is no people
        if after or frame.search(before) or _the_whole_line(folded, match) or listed:
            return match.start()
    return None


def _the_whole_line(folded: str, match: re.Match[str]) -> bool:
    """A framed word alone in the line ("Gey.", "Communist.") or with words that only say who speaks ("gay here", "bi
    btw": ``frames.alone_with``): a model's line without subject and verb, a fact about the member as "Is gay." is."""
    rest = _LETTER_RUN.findall(folded, 0, match.start()) + _LETTER_RUN.findall(folded, match.end())
    return not rest or _ALONE_WITH.issuperset(rest)


_UNSPACED_SCRIPT = re.compile("[\u0e00-\u0e7f\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]")
_ACCENTED = re.compile("[à-ÿ]")
_WITHOUT_ACCENTS = str.maketrans("àáâãäåçèéêëìíîïñòóôõöùúûüýÿ", "aaaaaaceeeeiiiinooooouuuuyy")


def _unaccented(text: str) -> str:
    """``text`` without its accents: a medicine's name and a medical root take a language's accents ("paroxétine",
    "quétiapine", "séropositif") on the same stem, so roots, suffixes and lines are all read without them and a stem
    is one entry, not each language's spelling. One character for one, so a match's place is the same."""
    return text.translate(_WITHOUT_ACCENTS) if _ACCENTED.search(text) else text


def special_category(text: str, *, normalised: bool = False, words: AbstractSet[str] | None = None) -> str | None:
    """The special category ``text`` states (:func:`_special_category`); a Latin word inside a script without spaces
    ("私はADHDです") is read as a word too. ``words``: the text's runs of letters, case-folded, if the caller read them."""
    found = _special_category(text, normalised=normalised, words=words)
    if found is None and _UNSPACED_SCRIPT.search(text) and re.search("[A-Za-z]{2}", text):
        found = _special_category(_UNSPACED_SCRIPT.sub(" ", text), normalised=normalised)
    found = found if found is not None else field_category(text, words=words)  # two fields (semantic_fields.py)
    if found is not None and (left := without_game_occasions(text)) != text:  # "the Eid event in PUBG" (game_events.py)
        return special_category(left)
    return None if found is not None and set_in_a_game(text) else found  # a character's, not the member's


def _special_category(text: str, *, normalised: bool = False, words: AbstractSet[str] | None = None) -> str | None:
    """The special category ``text`` states ("health", "religion", "sexuality", "ethnicity", "politics", "union",
    "genetic", "biometric"), or None. Read in the matching form (width, invisible characters, look-alikes);
    ``normalised``: ``text`` is already in it (:func:`~utils.privacy.normalise.normalise`)."""
    index = _index()
    folded = (text if normalised else normalise(text).text).casefold().replace("’", "'")
    words = set(_LETTER_RUN.findall(folded)) if words is None else words  # "’" as "'" moves no letter run
    candidates = _candidates(words, index)
    beyond_latin = _BEYOND_LATIN.search(folded) is not None and another_script(folded)  # a dash or an emoji: Latin
    plain = _unaccented(folded)
    suffixed = index.suffix_gate is not None and index.suffix_gate.search(plain) is not None
    inside_pattern = index.inside_pattern if beyond_latin else index.inside_latin
    inside = inside_pattern.search(plain) if inside_pattern is not None else None
    if not candidates and not beyond_latin and not suffixed and inside is None:
        return None
    as_written = folded  # a game's title is read before the exceptions blank any of it
    if words & index.not_people_words or beyond_latin:
        folded = index.not_people.sub(" ", folded)
        plain = _unaccented(folded)
        inside = inside_pattern.search(plain) if inside is not None and inside_pattern is not None else None
    if _may_hold(words, index.exception_words):  # else no exception is in the line: blanking them changes nothing
        # ``words`` are the runs of letters of the line as written; once a subject is blanked they may not be
        exceptions = index.exception_families.pattern_for(words) if folded == as_written else index.exceptions
        folded = exceptions.sub(" ", folded)
        plain = _unaccented(folded)
        inside = inside_pattern.search(plain) if inside is not None and inside_pattern is not None else None
    games = beyond_latin or inside is not None or any(entry.category in index.game_categories for entry in candidates)
    title = index.game_titles.search(as_written) if games and index.game_titles else None  # its faiths: mechanics
    muted = index.game_categories if title and not also_said_of_life(as_written, *title.span()) else frozenset()
    candidates = [entry for entry in candidates if entry.category not in muted]
    earliest: tuple[int, int, str] | None = None
    for entry in dict.fromkeys(candidates):
        if entry.framed:
            start = _framed_match(entry, folded, index)
        else:
            match = entry.pattern.search(folded)
            start = match.start() if match else None
        # two words of different categories at one place: the category's own order decides, not the set's
        if start is not None and (earliest is None or (start, index.order[entry.category]) < earliest[:2]):
            earliest = (start, index.order[entry.category], entry.category)
    match = index.suffixes.search(plain) if suffixed and index.suffixes is not None else None
    if match is not None:
        category = next(name for name, value in match.groupdict().items() if value is not None)
        if earliest is None or match.start() < earliest[0]:
            earliest = (match.start(), index.order[category], category)
    if inside is not None and index.inside[inside.group()] not in muted and (earliest is None or inside.start() < earliest[0]):
        category = index.inside[inside.group()]
        earliest = (inside.start(), index.order[category], category)
    found = (
        next((f for f in index.anywhere_pattern.finditer(folded) if index.anywhere[f.group()] not in muted), None)
        if beyond_latin and index.anywhere_pattern is not None
        else None
    )
    if found is not None and (earliest is None or found.start() < earliest[0]):
        category = index.anywhere[found.group()]
        earliest = (found.start(), index.order[category], category)
    return earliest[2] if earliest else None
