"""Learn the bigram models of ``utils/privacy/keyboard_layouts.py`` and choose its margin.

It lives beside the reader because it scores with the reader's own :func:`~utils.privacy.keyboard_layouts.advantage`;
``scripts/train_keyboard_layouts.py`` is its command:

    python3 -m scripts.train_keyboard_layouts            # learn, report, write data/keyboard_layouts.json
    python3 -m scripts.train_keyboard_layouts --check    # learn and report only

The layouts, the Latin lists and the transliterations are read from ``data/keyboard_layout_keys.json``. The words
come from the ``wordfreq`` package's lists (``pip install wordfreq==3.1.1`` where the trainer runs; the bot
never imports it): Russian, Ukrainian, Hebrew and Greek for the scripts' own models; English, German, French,
Spanish, Italian, Portuguese, Dutch, Polish, Turkish, Swedish, Czech, Finnish and Indonesian, folded to ASCII, with
the Russian, Ukrainian and Greek words transliterated, for the Latin model. Every fifth word of each list is held
out; the margin is the advantage that at most one held-out word of a script in a thousand reaches, and the report
gives how many held-out Latin words typed on each layout reach it.
"""

from __future__ import annotations

import json
import math
import sys
import unicodedata
from pathlib import Path
from typing import Any

from utils.privacy.keyboard_layouts import Bigrams, Layout, advantage, as_bigrams

OUT = Path(__file__).with_name("data") / "keyboard_layouts.json"
PER_LIST = 60000
SOURCE = Path(__file__).with_name("data") / "keyboard_layout_keys.json"
"""Each layout's Latin keys and the letters they type (lower case; Shift types the capital) and the scripts whose
words its letters may spell; the Latin lists; how a speaker writes each script's words in Latin letters for a password
("собака" as "sobaka")."""
PRECISION = 0.0002


def plain(word: str) -> str:
    """A word without its accents (the Latin lists folded to ASCII, Greek's tonos off before transliterating)."""
    decomposed = unicodedata.normalize("NFKD", word.replace("ß", "ss").replace("ł", "l").replace("ı", "i"))
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def word_list(language: str) -> list[str]:
    import wordfreq  # a build-time dependency: the bot never imports this module

    words = [w.lower() for w in wordfreq.top_n_list(language, PER_LIST) if w.isalpha() and len(w) >= 2]
    if language == "el":  # the lists fold final sigma into σ: a word ends in ς as it is typed
        words = [w[:-1] + "ς" if w.endswith("σ") else w for w in words]
    return words


def split(words: list[str]) -> tuple[list[str], list[str]]:
    """Four words of five to learn from, the fifth held out."""
    return [w for i, w in enumerate(words) if i % 5], words[::5]


def learn(words: list[str]) -> dict[str, object]:
    alphabet = "".join(sorted({c for w in words for c in w}))
    index = {c: i for i, c in enumerate(alphabet)}
    size = len(alphabet)
    counts = [[0.5] * (size + 1) for _ in range(size + 1)]
    for word in words:
        previous = size
        for char in word:
            counts[previous][index[char]] += 1
            previous = index[char]
        counts[previous][size] += 1
    return {"alphabet": alphabet, "log2": [[round(100 * math.log2(n / sum(row))) for n in row] for row in counts]}


def latin_words(source: dict[str, Any]) -> tuple[list[str], list[str]]:
    learnt: list[str] = []
    held: list[str] = []
    for language in source["latin_lists"]:
        folded = [plain(w) for w in word_list(language)]
        train, hold = split([w for w in folded if w.isascii() and w.isalpha()])
        learnt += train
        held += hold
    for language, table in source["transliteration"].items():
        words = [plain(w) if language == "el" else w for w in word_list(language)]
        spelt = ["".join(table[c] for c in w) for w in words if all(c in table for c in w)]
        train, hold = split([w for w in spelt if w.isalpha()])
        learnt += train
        held += hold
    return learnt, held


def main(argv: list[str] | None = None) -> None:
    check = "--check" in (sys.argv[1:] if argv is None else argv)
    source = json.loads(SOURCE.read_text(encoding="utf-8"))
    stored_layouts: dict[str, dict[str, Any]] = source["layouts"]
    stored_models: dict[str, dict[str, object]] = {}
    held: dict[str, list[str]] = {}
    for language in ("ru", "uk", "he", "el"):
        train, held[language] = split(word_list(language))
        stored_models[language] = learn(train)
    latin_train, latin_held = latin_words(source)
    stored_models["latin"] = learn(latin_train)
    models: dict[str, Bigrams] = {name: as_bigrams(model) for name, model in stored_models.items()}
    layouts = {
        name: Layout(dict(zip(layout["letters"], layout["keys"], strict=True)), tuple(layout["own"]))
        for name, layout in stored_layouts.items()
    }
    scores = sorted(advantage([w], models, layouts) for language in held for w in held[language] if len(w) >= 5)
    margin = math.ceil(scores[-max(1, int(len(scores) * PRECISION))])
    print(f"own-script held words {len(scores)}; margin {margin} bits")
    for language, words in held.items():
        past = [w for w in words if len(w) >= 5 and advantage([w], models, layouts) >= margin]
        print(f"  {language}: {len(past)} of {sum(len(w) >= 5 for w in words)} held words past it, e.g. {past[:6]}")
    for name, layout in stored_layouts.items():
        to_layout = dict(zip(layout["keys"], layout["letters"], strict=True))
        typed = ["".join(to_layout[c] for c in w) for w in latin_held if len(w) >= 5 and all(c in to_layout for c in w)]
        reached = sum(advantage([w], models, {name: layouts[name]}) >= margin for w in typed)
        print(f"  Latin held words typed on {name}: {reached} of {len(typed)} past it")
    if not check:
        stored = {"models": stored_models, "layouts": stored_layouts, "margin": margin}
        OUT.write_text(json.dumps(stored, ensure_ascii=False, separators=(",", ":")) + "\n", encoding="utf-8")
