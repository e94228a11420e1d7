"""Learn the written-text bigram model of ``utils/privacy/generated_runs.py`` and choose its threshold.

It lives beside the model because it reads the model's own classes and gate; ``scripts/train_generated_runs.py`` is
its command:

    python3 -m scripts.train_generated_runs            # learn, report, write utils/privacy/data/generated_runs.json
    python3 -m scripts.train_generated_runs --check    # learn and report only

Written tokens: the words of the spelling lists Debian ships in ``/usr/share/dict`` (English, German, French,
Spanish, Italian, Dutch, Polish, Swedish, Norwegian, Danish, Portuguese, Catalan; ``apt-get install wamerican
wngerman wfrench wspanish witalian wdutch wpolish wswedish wnorwegian wdanish wportuguese wcatalan``) and the
BIP-39 lists of ``mnemonic`` (Czech, Turkish, …), folded to ASCII; the identifiers and relative file paths of the
Python code installed beside this interpreter; and names joined from those words as people join them (TitleCase,
a word and a number or a year, words joined by ``_``). Generated tokens are drawn with :mod:`secrets` from the
alphabets generators use, 8 to 16 characters. A fifth of each side is held out: the threshold is the score below
which at most one written token in a thousand falls, and the report gives both sides' share past it.
"""

from __future__ import annotations

import json
import math
import random
import re
import secrets
import string
import sys
import sysconfig
import unicodedata
from pathlib import Path

from utils.privacy import generated_runs as model

OUT = Path(__file__).with_name("data") / "generated_runs.json"
DICTS: tuple[str, ...] = ("american-english", "ngerman", "french", "spanish", "italian", "dutch", "polish")
DICTS += ("swedish", "norsk", "danish", "portuguese", "catalan")
PER_LIST = 15000
SIZE = 66  # 64 symbols, the start, the end
_FOLD = str.maketrans({"ß": "ss", "ø": "o", "Ø": "O", "æ": "ae", "Æ": "AE", "ł": "l", "Ł": "L", "ı": "i", "đ": "d"})
_IDENTIFIER = re.compile(r"\b[A-Za-z_][A-Za-z0-9_]{2,39}\b")
_WORD = re.compile(r"[A-Za-z][A-Za-z'-]*")


def ascii_fold(word: str) -> str:
    decomposed = unicodedata.normalize("NFKD", word.translate(_FOLD))
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def words(rng: random.Random) -> list[str]:
    found: list[str] = []
    for name in DICTS:
        path = Path("/usr/share/dict") / name
        if not path.exists():
            sys.exit(f"missing {path}: install the spelling lists named in this script's docstring")
        lines = [ascii_fold(w.strip()) for w in path.read_text(encoding="utf-8", errors="ignore").splitlines()]
        found += rng.sample([w for w in lines if _WORD.fullmatch(w) and len(w) >= 3], PER_LIST)
    import mnemonic

    for language in ("czech", "turkish", "english", "spanish", "french", "italian", "portuguese"):
        found += [ascii_fold(w) for w in mnemonic.Mnemonic(language).wordlist]
    return [w for w in found if w.isascii()]


def code_tokens(rng: random.Random) -> list[str]:
    identifiers: set[str] = set()
    paths: list[str] = []
    for root in sorted({sysconfig.get_paths()["stdlib"], sysconfig.get_paths()["purelib"]}):
        for file in sorted(Path(root).rglob("*.py"))[:6000]:
            paths.append(str(file.relative_to(root)))
            try:
                identifiers.update(_IDENTIFIER.findall(file.read_text(encoding="utf-8", errors="ignore")))
            except OSError:
                continue
    names = rng.sample(sorted(identifiers), min(60000, len(identifiers)))
    return names + rng.sample(paths, min(8000, len(paths)))


def joined(rng: random.Random, pool: list[str], count: int) -> list[str]:
    """Names people make of words: TitleCase pairs, camelCase, a word and a number or a year, words joined by _."""
    made = []
    for _ in range(count):
        a, b = (w.replace("'", "") for w in rng.sample(pool, 2))
        tail = rng.choice(("", "", str(rng.randint(0, 99)), str(rng.randint(1970, 2030)), str(rng.randint(1, 9))))
        form = rng.randrange(5)
        if form == 0:
            made.append(a.capitalize() + b.capitalize() + tail)
        elif form == 1:
            made.append(a.lower() + b.capitalize() + tail)
        elif form == 2:
            made.append(a.capitalize() + "_" + b.capitalize() + tail)
        elif form == 3:
            made.append(a + tail)
        else:
            made.append(a.upper()[:5] + tail)
    return made


def cased(rng: random.Random, pool: list[str]) -> list[str]:
    """Words as chat writes them: mostly as spelt, some capitalised, a few in capitals."""
    return [w.capitalize() if (r := rng.random()) < 0.25 else w.upper() if r < 0.3 else w for w in pool]


def generated(count: int) -> list[str]:
    alphabets = (
        string.ascii_letters + string.digits,
        string.ascii_lowercase + string.digits,
        string.ascii_uppercase + string.digits,
        string.ascii_letters + string.digits + "!#$%&*+=?@^-_",
        string.ascii_letters + string.digits + "+/",
    )
    return ["".join(secrets.choice(a) for _ in range(8 + secrets.randbelow(9))) for a in alphabets for _ in range(count)]


def learn(tokens: list[str]) -> list[list[int]]:
    counts = [[0.5] * SIZE for _ in range(SIZE - 1)]
    for token in tokens:
        previous = 64
        for char in token:
            if not (33 <= ord(char) <= 126):
                break
            current = model.symbol(char)
            counts[previous][current] += 1
            previous = current
        else:
            counts[previous][65] += 1
    return [[round(100 * math.log2(n / sum(row))) for n in row] for row in counts]


def main(argv: list[str] | None = None) -> None:
    check = "--check" in (sys.argv[1:] if argv is None else argv)
    rng = random.Random(20261205)
    pool = words(rng)
    written = cased(rng, pool) + code_tokens(rng) + joined(rng, pool, 40000)
    rng.shuffle(written)
    held = written[: len(written) // 5]
    table = learn(written[len(written) // 5 :])
    rows = model.as_rows(table)
    scored = sorted(model.written_bits(t, rows=rows) for t in held if model.scorable(t))
    threshold = math.floor(scored[len(scored) // 1000])
    random_side = [t for t in generated(2000) if model.scorable(t)]
    past = sum(model.written_bits(t, rows=rows) < threshold for t in random_side) / len(random_side)
    print(f"written tokens {len(written)} ({len(held)} held, {len(scored)} scorable), threshold {threshold} bits")
    print(f"held written below it {sum(s < threshold for s in scored) / len(scored):.4f}; generated below it {past:.3f}")
    if not check:
        stored = {"log2_next": table, "threshold": threshold}
        OUT.write_text(json.dumps(stored, separators=(",", ":")) + "\n", encoding="utf-8")
