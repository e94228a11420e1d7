"""A member's words as matching sees them: folded, lightly stemmed, stop words known, in many languages.

Ranking (which memories a message is about) and deduplication (which two memories say
the same) compare the same words, so both read them here. Text is folded (case,
punctuation, apostrophes, accents, fullwidth and styled letters, elongations such as
"GOOOO"), stop words are recognised as written *before* stemming, and the other words
are lightly stemmed ("dogs" → "dog", "grinding" → "grind") without ever meeting a stop
word ("hades" stays a word, not "had"), then grouped in families ("mentorship",
"mentored"). A name also keeps its written form ("Sims" is "sim" and "sims"), and titles
match as people type them ("Spider-Man"/"spiderman", "Portal 2"/"portal2", "原神").
"""

from __future__ import annotations

import re
import unicodedata

from utils.privacy import memoised

_ENGLISH_STOP = frozenset(
    """a about after again all also am an and any are as at be been being but by can could did do does doing
    done for from get got had has have having he her here hers him his how i if in into is it its just know
    like me more most my no not now of off on once only or other our out over own really so some still such
    than that the their them then there these they this those to too up us very was way we were what when
    where which while who why will with would yeah yes you your yours im ive dont cant thats whats hey hi
    hello lol ok okay please thanks thank tell remember something anything one theirs ours myself yourself
    himself herself itself ourselves themselves""".split()
)
_STOP_TEXT = (
    _ENGLISH_STOP
    | frozenset(
        # Function words of French, German, Spanish, Italian and Portuguese, none of them an English content word as
        # written (so "die", "war", "hat", "son", "sin", "den", "dan", "san", "todo" stay words; and since a word is
        # looked up before it is stemmed, "sure", "tree" and "lose" are not "sur", "tres" and "los"):
        # "de" or "la" must never make two memories match.
        """de le la les un une des du au aux et ou est sont je tu il elle nous vous ils elles ce cette ces mon mes ta
    tes sa ses leur leurs que qui pour par sur avec pas tres tous tout toute toutes chaque aussi
    der das dem des ein eine einen einem einer und oder ist sind ich du er sie es wir ihr mein meine dein deine
    sein seine mit von zu auf fur nicht auch jeden jede jeder sehr noch schon alle
    el los las una unos unas y o es yo tu ella nosotros ellos mi mis su sus que en con por para muy
    tambien cada il lo gli le una di da del della che con per non sono anche molto ogni
    o os as um uma e ou eu ele ela nos eles meu minha seu sua com sem nao muito tambem cada""".split()
    )
    | frozenset(
        # Words for the day itself: "it rained all day today" is not about "Plays guitar every day", nor "oggi piove
        # tutto il giorno" about "Suona la chitarra ogni giorno". No LoCoMo question needed them (recall unchanged).
        """day today tonight tomorrow yesterday giorno giorni oggi domani ieri jour jours aujourdhui demain hier
    heute morgen gestern dia dias hoy manana ayer noche hoje amanha ontem""".split()
    )
)

_FAMILY_SUFFIXES = (
    "ation", "ship", "ment", "ness", "able", "ion", "ist", "ity", "ful", "ism", "ive", "ic", "iz", "al", "er", "or", "ly", "y",
)  # fmt: skip
_MIN_FAMILY_STEM = 5


_IRREGULAR = {
    past: base
    for base, forms in {
        "go": "went gone", "buy": "bought", "make": "made", "take": "took taken", "meet": "met", "see": "saw seen",
        "give": "gave given", "feel": "felt", "find": "found", "leave": "left", "lose": "lost", "run": "ran", "win": "won",
        "write": "wrote written", "eat": "ate eaten", "drive": "drove driven", "begin": "began begun", "bring": "brought",
        "think": "thought", "teach": "taught", "catch": "caught", "sell": "sold", "keep": "kept", "sleep": "slept",
        "spend": "spent", "build": "built", "send": "sent", "hold": "held", "hear": "heard", "pay": "paid",
        "grow": "grew grown", "fly": "flew flown", "swim": "swam swum", "sing": "sang sung", "fall": "fell fallen",
        "break": "broke broken", "choose": "chose chosen", "wear": "wore worn", "become": "became", "come": "came",
        "draw": "drew drawn", "ride": "rode ridden", "throw": "threw thrown", "speak": "spoke spoken", "steal": "stole stolen",
        "forget": "forgot forgotten", "understand": "understood", "stand": "stood", "sit": "sat", "fight": "fought",
        "hang": "hung", "shoot": "shot", "wake": "woke woken", "hide": "hid hidden", "shake": "shook", "freeze": "froze frozen",
    }.items()
    for past in forms.split()
}  # fmt: skip
"""Irregular English past forms: "I went hiking" meets "goes hiking", "bought a car" meets "buying a car"."""


def _consonant(word: str, i: int) -> bool:
    """Whether the letter at ``i`` is a consonant (y is one at the start and after a vowel)."""
    if word[i] in "aeiou":
        return False
    return word[i] != "y" or i == 0 or not _consonant(word, i - 1)


def _measure(word: str) -> int:
    """Porter's m: how many vowel-consonant sequences a stem has ("tr" 0, "hop" 1, "promot" 2)."""
    kinds = "".join("c" if _consonant(word, i) else "v" for i in range(len(word)))
    return kinds.count("vc")


def _short(word: str) -> bool:
    """One syllable ending consonant-vowel-consonant (not w, x, y): "hop", "cod", "had", "win"."""
    return (
        len(word) >= 3
        and _measure(word) == 1
        and _consonant(word, -3 + len(word))
        and not _consonant(word, len(word) - 2)
        and _consonant(word, len(word) - 1)
        and word[-1] not in "wxy"
    )


@memoised(50_000)
def stem(word: str) -> str:
    """A deliberately small English stemmer: plurals, -ing, -ed, a final -e, irregular pasts; enough for chat words.

    "games", "gaming" and "game" all become "game", "dances" and "dancing" "danc": what
    matters is that inflections of one word meet, not that the stem is a word. A final e
    stays on a short syllable (Porter's rule), so "code" is not "cod", "wine" not "win",
    "hope" not "hop".
    """
    word = _IRREGULAR.get(word, word)
    if len(word) <= 3 or not word.isalpha():
        return word
    for suffix, replacement in (("ies", "y"), ("sses", "ss"), ("xes", "x"), ("ches", "ch"), ("shes", "sh")):
        if word.endswith(suffix) and len(word) > len(suffix) + 1:
            return word[: -len(suffix)] + replacement
    if word.endswith("s") and not word.endswith(("ss", "us", "is")):
        word = word[:-1]
    else:
        for suffix in ("ing", "ed"):
            if word.endswith(suffix) and len(word) - len(suffix) >= 3:
                word = word[: -len(suffix)]
                if len(word) >= 4 and word[-1] == word[-2] and word[-1] not in "lsz":
                    word = word[:-1]
                elif word.endswith(("at", "bl", "iz")) or _short(word):
                    word += "e"  # "hoping" → "hope", "coding" → "code", "creating" → "create"
                break
    if len(word) > 3 and word.endswith("e") and not _short(word[:-1]):
        return word[:-1]
    return word


STOPWORDS = _STOP_TEXT
"""Stop words as written: a word is looked up here *before* it is stemmed, so no stem is ever compared with them."""

_INFLECTED_STOP = "like know tell thank remember get own way day one other okay please jour dia giorno".split()
"""Stop words that are verbs or nouns, whose regular inflections ("likes", "remembered", "days") are stop words too.

Only these: "hades" is no form of "had", nor "ares" of "are", though a suffix stripper
would take them back to one.
"""


def _inflections(word: str) -> set[str]:
    """The regular inflections of an English verb or noun: -s/-es, -ed/-d, -ing (final e dropped, consonant doubled)."""
    forms = {word + "s", word + "ed", word + "ing"}
    if word.endswith(("s", "x", "z", "ch", "sh", "o")):
        forms.add(word + "es")
    if word.endswith("e"):
        forms |= {word + "d", word[:-1] + "ing"}
    if word.endswith("y") and word[-2:-1] not in ("a", "e", "i", "o", "u"):
        forms |= {word[:-1] + "ies", word[:-1] + "ied"}
    if len(word) == 3 and word[1] in "aeiou" and word[2] not in "aeiouwxy":
        forms |= {word + word[-1] + "ing", word + word[-1] + "ed"}
    return forms


_STOP_FORMS = {form: base for base in _INFLECTED_STOP for form in _inflections(base)} | {w: w for w in STOPWORDS}
"""Every written form that is a stop word, to the stop word it is: "likes" → "like", "does" → "does"."""
_STOP_STEMS = frozenset(STOPWORDS | {stem(w) for w in STOPWORDS})
"""What stemming makes of the stop words ("there" → "ther", "like" → "lik"): a content word stemmed to one of
these would meet a stop word or its stem, so it is kept as written instead ("hades", not "had")."""
_ELONGATED = re.compile(r"([^\W\d_])\1{2,}")
"""A letter typed three times or more ("GOOOO", "soooo", "Hadesss"): no English word has that."""
_ROMAN = re.compile(r"x{0,3}(?:ix|iv|v?i{0,3})")
"""Roman numerals in titles ("Final Fantasy III") are not elongations."""
_APOSTROPHES = "'’‘ʼ`´"
_TOKEN = re.compile(r"[^\W_]+(?:[-.'’‘ʼ`´][^\W_]+)*", re.UNICODE)
_UNSPACED = re.compile(
    "[\u0e00-\u0eff\u0f00-\u0fff\u1000-\u109f\u1780-\u17ff\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff"
    "\uac00-\ud7af\uf900-\ufaff\U00020000-\U0002fa1f]+"
)
"""Thai, Lao, Tibetan, Myanmar, Khmer, kana, CJK ideographs, Hangul: written without spaces between words (or, in
Korean, with particles glued on), so they are matched by overlapping pairs of characters ("原神好玩" holds "原神")."""


def fold(text: str) -> str:
    """Case and accents folded, compatibility forms undone ("ＨＡＤＥＳ", "𝐇𝐚𝐝𝐞𝐬", "Hadès" → "hades")."""
    decomposed = unicodedata.normalize("NFKD", unicodedata.normalize("NFKD", text).casefold())
    return unicodedata.normalize("NFC", "".join(c for c in decomposed if not unicodedata.combining(c)))


@memoised(50_000)
def _word(token: str) -> str:
    """One folded word as matching sees it: stop words looked up as written, content words stemmed unless the stem
    would meet a stop word, words of other scripts as written (the stemmer knows English endings only)."""
    if token in _STOP_FORMS:
        return _STOP_FORMS[token]
    if not token.isascii():
        return token
    stemmed = stem(token)
    return token if stemmed in _STOP_STEMS else stemmed


def _unelongated(token: str) -> tuple[str, ...]:
    """The word under an elongation: "soooo" → "so", "GOOOOAL" → "goal"/"gooal", "falllll" → "fal"/"fall".

    Whether the letter was single or double is unknowable without a dictionary, so both
    readings are kept, content words only ("lessss" is "less", not French "les"), unless
    one reading is an English stop word ("sooo", "yesss", "alll").
    """
    if not _ELONGATED.search(token) or _ROMAN.fullmatch(token):
        return (token,)
    single, double = _ELONGATED.sub(r"\1", token), _ELONGATED.sub(r"\1\1", token)
    for reading in (single, double):
        if reading in _ENGLISH_STOP:
            return (reading,)
    return tuple(reading for reading in (single, double) if is_content(_word(reading))) or (single,)


def _pieces(raw: str, name: bool) -> list[tuple[str, ...]]:
    """One written word as positions, each its forms (first the one phrases match on, then the others that count).

    "baldur's" → baldur; "don't" → dont; "Spider-Man" → spider, man and the joined
    "spiderman" (as people also type it), "S.T.A.L.K.E.R." → stalker, "D.Va" → dva;
    "soooo" → so; an unspaced run → its character pairs.
    """
    if raw[-2:-1] in _APOSTROPHES and raw.endswith("s"):
        raw = raw[:-2]
    for mark in _APOSTROPHES:
        raw = raw.replace(mark, "")
    parts = [part for part in re.split(r"[-.]", raw) if part]
    out: list[tuple[str, ...]] = []
    for part in parts:
        for run in _script_runs(part, name):
            out.append(run)
    if len(parts) > 1 and all(part.isalpha() and part.isascii() for part in parts):
        joined = _forms("".join(parts), name)
        out[-1] = out[-1] + tuple(f for f in joined if f not in out[-1])
    return out


def _script_runs(part: str, name: bool) -> list[tuple[str, ...]]:
    """A word split where it changes between a spaced and an unspaced script; unspaced runs as character pairs."""
    out: list[tuple[str, ...]] = []
    position = 0
    for match in _UNSPACED.finditer(part):
        if match.start() > position:
            out.append(_forms(part[position : match.start()], name))
        run = match.group()
        out.extend((run[i : i + 2],) for i in range(max(len(run) - 1, 1)))
        position = match.end()
    if position < len(part):
        out.append(_forms(part[position:], name))
    return out


@memoised(50_000)
def _forms(token: str, name: bool) -> tuple[str, ...]:
    """A word's forms: its matching form first (stemmed), then, for a name, its written form when stemming changed
    it ("Sims" is "sim" and "sims"), then the same for an elongated word read the other way ("fal", "fall")."""
    out: list[str] = []
    for written in _unelongated(token):
        matched = _word(written)
        if not is_content(matched):
            return (matched,)
        readings = (matched, written) if name else (matched,)
        out.extend(form for form in readings if form not in out and (not out or is_content(form)))
    return tuple(out)


@memoised(50_000)
def family(stemmed: str) -> str:
    """The word family of a stem: one derivational suffix off, when at least five letters remain.

    "mentorship" and "mentor", "symboliz" and "symbol", "allergic" and "allergy" meet;
    "classical" ("classic") and "class", "opera" and "operation" do not.
    """
    for suffix in _FAMILY_SUFFIXES:
        if stemmed.endswith(suffix) and len(stemmed) - len(suffix) >= _MIN_FAMILY_STEM:
            return stemmed[: -len(suffix)]
    return stemmed


def forms(text: str) -> list[tuple[str, ...]]:
    """Each word of ``text`` in order, as its forms: the matching form first, then others a match may use.

    The first form is what `words` gives; the others are the written form of a stemmed
    content word ("sims" for "sim": a name keeps how it is written), the joined form of a
    hyphenated word ("spiderman"), the other reading of an elongated one ("fall" for
    "fal") and a number joined to the word before it, as titles are also typed ("Portal 2"
    holds "portal2", "Hades II" "hades2", "GTA V" "gta5").
    """
    out: list[tuple[str, ...]] = []
    previous = ""
    for match in _TOKEN.finditer(unicodedata.normalize("NFC", text)):
        pieces, number, joined = _token(match.group(), _is_name(match))
        if number and previous and pieces:
            out.extend(pieces[:-1])
            out.append((*pieces[-1], previous + number))
        else:
            out.extend(pieces)
        previous = joined
    return out


@memoised(50_000)
def _token(written: str, name: bool) -> tuple[tuple[tuple[str, ...], ...], str, str]:
    """One written word's positions, the number it is (if one) and the letters a following number joins onto."""
    raw = fold(written)
    pieces = tuple(_pieces(raw, name))
    bare = raw[:-2] if raw[-2:-1] in _APOSTROPHES and raw.endswith("s") else raw
    number = _SEQUEL_NUMBERS.get(bare, bare if bare.isdigit() else "")
    letters = re.sub(r"[-.'’‘ʼ`´]", "", bare)
    joinable = letters.isalpha() and letters.isascii() and bool(pieces) and is_content(pieces[-1][0])
    return pieces, number, letters if joinable else ""


def _roman(number: int) -> str:
    tens, units = divmod(number, 10)
    return "x" * tens + ("", "i", "ii", "iii", "iv", "v", "vi", "vii", "viii", "ix")[units]


_SEQUEL_NUMBERS = {_roman(n): str(n) for n in range(2, 21)}
"""Roman numerals of sequels, as digits: "Final Fantasy VII" and "FF7", "Hades II" and "hades 2" (not "i": a pronoun)."""


_SENTENCE_END = frozenset('.!?\n:;"“”«»()[]')


def _is_name(match: re.Match[str]) -> bool:
    """A word written as a name: capitalised inside a sentence ("playing Hades"), or in capitals ("CS", "HADES").

    The first word of a sentence is capitalised whatever it is ("Plays chess"): not a name by that alone.
    """
    written = match.group()
    if not written[:1].isupper():
        return written.isupper() and len(written) >= 2  # capitals after a digit: "2B", "9S"
    if written.isupper() and len(written) >= 2:
        return True
    at = match.start() - 1
    while at >= 0 and match.string[at] in " \t":
        at -= 1
    return at >= 0 and match.string[at] not in _SENTENCE_END


def words(text: str) -> list[str]:
    """Folded, stemmed words of ``text`` in order (stop words kept, as written, so phrases keep their shape).

    Case and accents are folded ("Pokémon" → "pokemon"), apostrophes dropped ("baldur's"
    → "baldur"), elongations undone ("GOOOO" → "go"), so the way a member happens to type
    a name does not matter.
    """
    return [position[0] for position in forms(text)]


def index_words(text: str) -> list[str]:
    """Every content form of ``text``: what retrieval matches on (stems and names as written, see `forms`)."""
    return [form for position in forms(text) for form in position if is_content(form)]


def is_content(word: str) -> bool:
    """A word that says what a text is about: not a stop word, not a single letter or digit (one ideograph is a word)."""
    return word not in STOPWORDS and (len(word) > 1 or bool(_UNSPACED.match(word)))


def content_words(text: str) -> set[str]:
    """The folded, stemmed content words of ``text`` (stop words and single letters left out)."""
    return {w for w in words(text) if is_content(w)}
