"""Writes ``seed_forms.{tune,aside}.jsonl``: BIP-39 phrases drawn with the ``mnemonic`` package, written in the forms
members paste them in, and look-alikes (lists, boards, poems, code full of list words) that must pass.

The forms come from what people actually post: wallet export screens and backup cards (numbered, lettered,
Roman-numbered, bulleted), Markdown/HTML/XML/LaTeX documents, code (Python, JavaScript, Go, Rust, bash, JSON,
YAML, SQL), quoting and bracketing habits, URL and identifier joins, hashtags, and phrases cut short. A third of
the rows, chosen by a hash of their id, are written to ``aside`` and never tuned on.

Run once with a venv holding ``mnemonic`` (``python generate_seed_forms.py``); the table is committed, not this
run's environment.
"""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Callable
from pathlib import Path

from mnemonic import Mnemonic

HERE = Path(__file__).parent
LANGUAGES = sorted(Mnemonic.list_languages())
ROMAN = "i ii iii iv v vi vii viii ix x xi xii xiii xiv xv xvi xvii xviii xix xx xxi xxii xxiii xxiv".split()
SMALL_ROMAN = "ⅰⅱⅲⅳⅴⅵⅶⅷⅸⅹⅺⅻ"
LETTERS = "abcdefghijklmnopqrstuvwx"

Form = Callable[[list[str], random.Random], str]


_XML_END = "\n</mnemonic>"


def _q(words: list[str], quote: str = '"') -> str:
    return ", ".join(f"{quote}{w}{quote}" for w in words)


FORMS: dict[str, Form] = {
    "plain": lambda w, r: " ".join(w),
    "lines": lambda w, r: "\n".join(w),
    "numbered-dot": lambda w, r: "\n".join(f"{i}. {x}" for i, x in enumerate(w, 1)),
    "numbered-inline": lambda w, r: " ".join(f"{i}.{x}" for i, x in enumerate(w, 1)),
    "numbered-padded": lambda w, r: "\n".join(f"{i:02d}  {x}" for i, x in enumerate(w, 1)),
    "lettered-paren": lambda w, r: "\n".join(f"{LETTERS[i]}) {x}" for i, x in enumerate(w)),
    "lettered-inline": lambda w, r: " ".join(f"{LETTERS[i]}) {x}" for i, x in enumerate(w)),
    "roman-dot": lambda w, r: "\n".join(f"{ROMAN[i]}. {x}" for i, x in enumerate(w)),
    "roman-upper": lambda w, r: "\n".join(f"{ROMAN[i].upper()}) {x}" for i, x in enumerate(w)),
    "roman-unicode": lambda w, r: "\n".join(f"{SMALL_ROMAN[i % 12]}. {x}" for i, x in enumerate(w)),
    "bullets": lambda w, r: "\n".join(f"• {x}" for x in w),
    "markdown-dash": lambda w, r: "\n".join(f"- {x}" for x in w),
    "markdown-task": lambda w, r: "\n".join(f"- [ ] {x}" for x in w),
    "markdown-bold": lambda w, r: " ".join(f"**{x}**" for x in w),
    "markdown-table": lambda w, r: "| # | word |\n|---|---|\n" + "\n".join(f"| {i} | {x} |" for i, x in enumerate(w, 1)),
    "inline-code": lambda w, r: " ".join(f"`{x}`" for x in w),
    "html-ol": lambda w, r: "<ol>" + "".join(f"<li>{x}</li>" for x in w) + "</ol>",
    "html-span": lambda w, r: "".join(f'<span class="word">{x}</span> ' for x in w),
    "xml": lambda w, r: "<mnemonic>\n" + "\n".join(f'  <word index="{i}">{x}</word>' for i, x in enumerate(w, 1)) + _XML_END,
    "latex": lambda w, r: "\\begin{enumerate}\n" + "\n".join(f"  \\item {x}" for x in w) + "\n\\end{enumerate}",
    "latex-texttt": lambda w, r: " ".join(f"\\texttt{{{x}}}" for x in w),
    "python": lambda w, r: f"seed = [{_q(w)}]",
    "python-single": lambda w, r: f"words = [{_q(w, chr(39))}]",
    "javascript": lambda w, r: f"const mnemonic = [{_q(w, chr(39))}];",
    "go": lambda w, r: f"words := []string{{{_q(w)}}}",
    "rust": lambda w, r: f"let phrase = vec![{_q(w)}];",
    "bash-array": lambda w, r: "WORDS=(" + " ".join(w) + ")",
    "json-string": lambda w, r: json.dumps({"mnemonic": " ".join(w)}, ensure_ascii=False),
    "json-array": lambda w, r: json.dumps(w, ensure_ascii=False),
    "yaml-list": lambda w, r: "words:\n" + "\n".join(f"  - {x}" for x in w),
    "sql": lambda w, r: "INSERT INTO backup (phrase) VALUES ('" + " ".join(w) + "');",
    "double-quoted": lambda w, r: " ".join(f'"{x}"' for x in w),
    "guillemets": lambda w, r: " ".join(f"«{x}»" for x in w),
    "angle": lambda w, r: " ".join(f"<{x}>" for x in w),
    "brackets": lambda w, r: " ".join(f"[{x}]" for x in w),
    "url-encoded": lambda w, r: "%20".join(w),
    "plus-joined": lambda w, r: "+".join(w),
    "underscore": lambda w, r: "_".join(w),
    "hyphen": lambda w, r: "-".join(w),
    "camel": lambda w, r: w[0] + "".join(x[:1].upper() + x[1:] for x in w[1:]),
    "hashtags": lambda w, r: " ".join(f"#{x}" for x in w),
    "slash": lambda w, r: " / ".join(w),
    "pipes": lambda w, r: " | ".join(w),
    "arrows": lambda w, r: " → ".join(w),
    "upper": lambda w, r: " ".join(w).upper(),
    "title": lambda w, r: " ".join(x[:1].upper() + x[1:] for x in w),
    "grid-tabs": lambda w, r: "\n".join("\t".join(w[i : i + 3]) for i in range(0, len(w), 3)),
    "cut-short-8": lambda w, r: " ".join(w[:8]),
    "cut-short-6": lambda w, r: ", ".join(w[-6:]),
}

LEADS = {
    "english": ["my seed phrase", "backup words for the ledger", "recovery phrase (don't laugh)", "here you go"],
    "spanish": ["mi frase semilla", "las palabras de recuperación", "te paso esto"],
    "french": ["ma phrase de récupération", "mes mots de secours", "voilà"],
    "italian": ["la mia frase di recupero", "le parole del wallet", "ecco"],
    "portuguese": ["minha frase de recuperação", "palavras da carteira", "segue"],
    "czech": ["moje seed fráze", "obnovovací fráze", "tady"],
    "russian": ["моя сид-фраза", "слова для восстановления", "вот"],
    "turkish": ["kurtarma ifadem", "cüzdan kelimeleri", "al bakalım"],
    "japanese": ["シードフレーズ", "復元ワード", "これ"],
    "korean": ["시드 구문", "복구 단어", "이거"],
    "chinese_simplified": ["助记词", "钱包恢复词", "给你"],
    "chinese_traditional": ["助記詞", "錢包恢復詞", "給你"],
}
ANNOUNCING = {lang: leads[:2] for lang, leads in LEADS.items()}
"""The leads that name what follows; cut-short forms are written only after one."""
UNSPACED_OK = {"plain", "lines", "numbered-dot", "bullets", "python", "json-array", "angle", "hashtags", "double-quoted", "rust"}
"""The forms drawn for the Chinese, Japanese and Korean lists (no camel case or ASCII joins in those scripts)."""


def _aside(row_id: str) -> bool:
    return int(hashlib.sha256(f"seed8|{row_id}".encode()).hexdigest(), 16) % 3 == 0


def _phrases(rng: random.Random) -> list[dict[str, object]]:
    rows: list[dict[str, object]] = []
    for language in LANGUAGES:
        alphabetic = Mnemonic(language).wordlist[0][0] < "\u3000"
        forms = sorted(FORMS) if alphabetic else sorted(UNSPACED_OK)
        for form in forms:
            strength = rng.choice([128, 128, 160, 192, 256])
            words = Mnemonic(language).to_mnemonic(rng.randbytes(strength // 8)).replace("\u3000", " ").split()
            text = FORMS[form](words, rng)
            if form.startswith("cut-short"):
                kept = words[:8] if form == "cut-short-8" else words[-6:]
                lead = rng.choice(ANNOUNCING[language])
            else:
                kept = words
                lead = rng.choice(LEADS[language])
            led = rng.random() < 0.8
            text = f"{lead}:\n{text}" if led or form.startswith("cut-short") else text
            rows.append({"text": text, "expect": "seed", "words": kept, "lang": language, "style": form})
    return rows


def main() -> None:
    rng = random.Random("seed8-forms")
    rows = _phrases(rng)
    lookalikes = json.loads((HERE / "seed_lookalikes.json").read_text(encoding="utf-8"))
    for lang, texts in lookalikes.items():
        rows += [{"text": text, "expect": "pass", "lang": lang, "style": "lookalike"} for text in texts]
    rows += _boards(rng)
    parts: dict[str, list[str]] = {"tune": [], "aside": []}
    for index, row in enumerate(rows):
        row_id = f"form-{index:04d}"
        parts["aside" if _aside(row_id) else "tune"].append(json.dumps({"id": row_id, **row}, ensure_ascii=False))
    for part, lines in parts.items():
        (HERE / f"seed_forms.{part}.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")


CODENAMES = (
    "africa agent air alien alps amazon ambulance america angel antarctica apple arm atlantis australia aztec back ball"
    " band bank bar bark bat battery beach bear beat bed beijing bell belt berlin bermuda berry bill block board bolt"
    " bomb bond boom boot bottle bow box bridge brush buck buffalo bug bugle button calf canada cap capital car card"
    " carrot casino cast cat cell centaur center chair change charge check chest chick china chocolate church circle"
    " cliff cloak club code cold comic compound concert conductor contract cook copper cotton court cover crane crash"
    " cricket cross crown cycle czech dance date day death deck degree diamond dice dinosaur disease doctor dog draft"
    " dragon dress drill drop duck dwarf eagle egypt embassy engine england europe eye face fair fall fan fence field"
    " fighter figure file film fire fish flute fly foot force forest fork france game gas genius germany ghost giant"
    " glass glove gold grace grass greece green ground ham hand hawk head heart helicopter hole honey hood hook horn"
    " horse hospital hotel ice india iron ivory jack jam jet jupiter kangaroo ketchup key kid king kiwi knife knight lab"
    " lap laser lawyer lead lemon life light limousine line link lion litter lock log london luck mail mammoth maple"
    " marble march mass match mercury mexico microscope millionaire mine mint missile model mole moon moscow mount mouse"
    " mouth mug nail needle net night ninja note novel nurse nut octopus oil olive olympus opera orange organ palm pan"
    " pants paper parachute park part pass paste penguin phoenix piano pie pilot pin pipe pirate pistol pit pitch plane"
    " plastic plate platypus play plot point poison pole police pool port post pound press princess pumpkin pupil"
    " pyramid queen rabbit racket ray revolution ring robin robot rock rome root rose roulette round row ruler satellite"
    " saturn scale school scientist scorpion screen seal server shadow shark ship shoe shop shot sink slip slug smuggler"
    " snow snowman sock soldier soul sound space spell spider spike spine spot spring spy square stadium staff star"
    " state stick stock straw stream strike string sub suit superhero swing switch table tablet tag tail tap teacher"
    " telescope temple theater thief thumb tick tie time tokyo tooth torch tower track train triangle trip trunk tube"
    " turkey unicorn vacuum van vet wake wall war washer watch water wave web well whale whip wind witch worm yard"
).split()
"""The first edition's Codenames cards (as the game's community lists them): a board posted in chat is 25 of them."""


def _boards(rng: random.Random) -> list[dict[str, object]]:
    """Codenames boards as players post them: a 5×5 grid, one line, or the clue-giver's key split by team."""
    rows: list[dict[str, object]] = []
    for draw in range(24):
        cards = rng.sample(CODENAMES, 25)
        shape = draw % 4
        if shape == 0:
            text = "codenames board:\n" + "\n".join(" | ".join(c.upper() for c in cards[i : i + 5]) for i in range(0, 25, 5))
        elif shape == 1:
            text = "board: " + ", ".join(cards)
        elif shape == 2:
            text = "red: " + " ".join(cards[:9]) + "\nblue: " + " ".join(cards[9:17]) + "\nneutral: " + " ".join(cards[17:24])
        else:
            text = "\n".join(" ".join(cards[i : i + 5]) for i in range(0, 25, 5))
        rows.append({"text": text, "expect": "pass", "lang": "english", "style": "codenames"})
    return rows


if __name__ == "__main__":
    main()
