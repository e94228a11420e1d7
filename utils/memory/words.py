"""A member's words as matching sees them: folded, lightly stemmed, stop words known, in many languages.

Ranking (which memories a message is about) and deduplication (which two memories say
the same) compare the same words, so both read them here. Text is folded (case,
punctuation, apostrophes, accents kept as letters), words are lightly stemmed ("dogs" →
"dog", "grinding" → "grind") and grouped in families ("mentorship", "mentored").
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

_WORD = re.compile(r"[^\W_]+(?:['’][^\W_]+)*", re.UNICODE)
_STOP_TEXT = (
    frozenset(
        """a about after again all also am an and any are as at be been being but by can could did do does doing
    done for from get got had has have having he her here hers him his how i if in into is it its just know
    like me more most my no not now of off on once only or other our out over own really so some still such
    than that the their them then there these they this those to too up us very was way we were what when
    where which while who why will with would yeah yes you your yours im ive dont cant thats whats hey hi
    hello lol ok okay please thanks thank tell remember something anything one""".split()
    )
    | frozenset(
        # Function words of French, German, Spanish, Italian and Portuguese, none of them an English content word as
        # written or stemmed (so "die", "war", "hat", "son", "sin", "den", "dan", "san", "todo" stay words):
        # "de" or "la" must never make two memories match.
        """de le la les un une des du au aux et ou est sont je tu il elle nous vous ils elles ce cette ces mon mes ta
    tes sa ses leur leurs que qui pour par sur avec pas tres tous tout toute toutes chaque aussi
    der das dem des ein eine einen einem einer und oder ist sind ich du er sie es wir ihr mein meine dein deine
    sein seine mit von zu auf fur nicht auch jeden jede jeder sehr noch schon
    el los las una unos unas y o es yo tu ella nosotros ellos mi mis su sus que en con por para muy
    tambien cada il lo gli le una di da del della che con per non sono anche molto ogni
    o os as um uma e ou eu ele ela nos eles meu minha seu sua com sem nao muito tambem cada""".split()
    )
    | frozenset(
        # Words for the day itself: "it rained all day today" is not about "Plays guitar every day", nor "oggi piove
        # tutto il giorno" about "Suona la chitarra ogni giorno". No LoCoMo question needed them (recall unchanged).
        """day today tonight tomorrow yesterday giorno giorni oggi domani ieri jour jours aujourdhui demain hier
    heute morgen gestern dia dias hoy manana ayer hoje amanha ontem""".split()
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


@lru_cache(maxsize=50_000)
def stem(word: str) -> str:
    """A deliberately small English stemmer: plurals, -ing, -ed, a final -e, irregular pasts; enough for chat words.

    "games", "gaming" and "game" all become "gam": what matters is that inflections of
    one word meet, not that the stem is a word.
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
                break
    return word[:-1] if len(word) > 3 and word.endswith("e") else word


STOPWORDS = _STOP_TEXT | frozenset(stem(w) for w in _STOP_TEXT)
"""Stop words as written and as stemmed ("does" → "doe", "there" → "ther"), since words are stemmed first."""


@lru_cache(maxsize=50_000)
def family(stemmed: str) -> str:
    """The word family of a stem: one derivational suffix off, when at least five letters remain.

    "mentorship" and "mentor", "symboliz" and "symbol", "allergic" and "allergy" meet;
    "classical" ("classic") and "class", "opera" and "operation" do not.
    """
    for suffix in _FAMILY_SUFFIXES:
        if stemmed.endswith(suffix) and len(stemmed) - len(suffix) >= _MIN_FAMILY_STEM:
            return stemmed[: -len(suffix)]
    return stemmed


def words(text: str) -> list[str]:
    """Folded, stemmed words of ``text`` in order.

    Case and accents are folded ("Pokémon" → "pokemon") and apostrophes dropped
    ("baldur's" → "baldur"), so the way a member happens to type a name does not matter.
    """
    folded = "".join(c for c in unicodedata.normalize("NFKD", text.casefold()) if not unicodedata.combining(c))
    out = []
    for raw in _WORD.findall(folded):
        token = raw[:-2] if raw.endswith(("'s", "’s")) else raw.replace("'", "").replace("’", "")
        out.append(stem(token))
    return out


def is_content(word: str) -> bool:
    """A word that says what a text is about: not a stop word, not a single letter."""
    return word not in STOPWORDS and len(word) > 1


def content_words(text: str) -> set[str]:
    """The folded, stemmed content words of ``text`` (stop words and single letters left out)."""
    return {w for w in words(text) if is_content(w)}
