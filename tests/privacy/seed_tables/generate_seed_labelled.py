"""Writes ``seed_labelled.{tune,aside}.jsonl``: BIP-39 phrases drawn with the ``mnemonic`` package whose words stand
between repeated labels ("Word #1:", "mot n°1 :", ``words: "…"``, "No.1 …", a JSON object per word), or run as a
sentence with "and" before the last, and look-alikes with the same shapes (recipe steps, match slots, vocabulary
cards, roll calls, inventories) that must pass.

The label shapes follow what wallet backup cards, password-manager notes and exports print in each language (Ledger
and Trezor recovery sheets "Word #1", BitBox/Coldcard cards, Electrum's and Exodus' export screens, YAML and JSON
dumps, a "No." or "n°" counter), and how a member types a list in a sentence. A third of the rows, chosen by a hash
of their id, are written to ``aside`` and never tuned on.

Run once with a venv holding ``mnemonic`` (``python generate_seed_labelled.py``); the table is committed.
"""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Callable
from pathlib import Path

from mnemonic import Mnemonic

HERE = Path(__file__).parent
SPACED = ["czech", "english", "french", "italian", "portuguese", "russian", "spanish", "turkish"]
WORD = {
    "english": "Word",
    "spanish": "Palabra",
    "french": "Mot",
    "italian": "Parola",
    "portuguese": "Palavra",
    "czech": "Slovo",
    "russian": "Слово",
    "turkish": "Kelime",
}
AND = {
    "english": "and",
    "spanish": "y",
    "french": "et",
    "italian": "e",
    "portuguese": "e",
    "czech": "a",
    "russian": "и",
    "turkish": "ve",
}
THEN = {
    "english": "then",
    "spanish": "luego",
    "french": "puis",
    "italian": "poi",
    "portuguese": "depois",
    "czech": "pak",
    "russian": "потом",
    "turkish": "sonra",
}
LEADS = {
    "english": ["backup card says", "ok typing it out", ""],
    "spanish": ["la tarjeta dice", "te lo copio", ""],
    "french": ["sur la carte y a", "je recopie", ""],
    "italian": ["sulla scheda c'è", "copio qui", ""],
    "portuguese": ["no cartão tá", "copiei aqui", ""],
    "czech": ["na kartičce je", "opisuju", ""],
    "russian": ["на карточке", "переписываю", ""],
    "turkish": ["kartta yazan", "yazıyorum", ""],
}

Form = Callable[[list[str], str], str]
FORMS: dict[str, Form] = {
    "word-hash": lambda w, lang: "\n".join(f"{WORD[lang]} #{i}: {x}" for i, x in enumerate(w, 1)),
    "word-number-after": lambda w, lang: "\n".join(f"{x} ({WORD[lang].lower()} {i})" for i, x in enumerate(w, 1)),
    "numero-sign": lambda w, lang: "\n".join(f"{x}\n: {WORD[lang].lower()} n°{i}" for i, x in enumerate(w, 1)),
    "no-dot": lambda w, lang: " ".join(f"No.{i} {x}" for i, x in enumerate(w, 1)),
    "yaml-key": lambda w, lang: "\n".join(f'word: "{x}"' for x in w),
    "json-objects": lambda w, lang: json.dumps([{"index": i, "word": x} for i, x in enumerate(w, 1)], ensure_ascii=False),
    "toml-tables": lambda w, lang: "\n".join(f'[[words]]\nvalue = "{x}"' for x in w),
    "key-equals": lambda w, lang: " ".join(f"w{i}={x}" for i, x in enumerate(w, 1)),
    "and-before-last": lambda w, lang: ", ".join(w[:-1]) + f" {AND[lang]} {w[-1]}",
    "and-between": lambda w, lang: f" {AND[lang]} ".join(w),
    "then-between": lambda w, lang: f", {THEN[lang]} ".join(w),
    "csv-rows": lambda w, lang: "\n".join(f"seed,{i},{x}" for i, x in enumerate(w, 1)),
}

LOOKALIKES = [
    ("english", "Step 1: preheat the oven\nStep 2: whisk the eggs with sugar\nStep 3: fold in the flour\nStep 4: bake 25 min"),
    ("english", "slot 1: iron sword\nslot 2: health potion x5\nslot 3: rope\nslot 4: torch x3\nslot 5: empty\nslot 6: lockpick"),
    ("english", "Player 1: Mira\nPlayer 2: Jonas\nPlayer 3: TheRealKev\nPlayer 4: sasha_b\nPlayer 5: Nim\nPlayer 6: Ola"),
    ("english", "word of the day: petrichor\nword of the week: defenestrate\nword of the month: sonder"),
    ("english", "I went to the shop and bought milk and bread and eggs and some cheese and a coffee and went home"),
    ("english", "we played, then ate, then watched a movie, then played again, then slept, then woke up at noon lol"),
    ("english", '[{"index": 1, "name": "Ana"}, {"index": 2, "name": "Bruno"}, {"index": 3, "name": "Chidi"}]'),
    ("english", "round 1: de_dust2\nround 2: de_mirage\nround 3: de_inferno\nround 4: de_nuke\nround 5: de_ancient"),
    ("spanish", "Paso 1: corta la cebolla\nPaso 2: sofríe el ajo\nPaso 3: añade el tomate\nPaso 4: deja reducir"),
    ("spanish", "fuimos al cine y luego a cenar y luego a bailar y luego a casa, qué noche"),
    ("french", "Étape 1 : ouvrir le menu\nÉtape 2 : choisir options\nÉtape 3 : cocher sous-titres\nÉtape 4 : valider"),
    ("french", "on a joué, puis mangé, puis regardé le match, puis rejoué jusqu'à 3h du mat"),
    ("italian", "Giocatore 1: Luca\nGiocatore 2: Giulia\nGiocatore 3: Marco\nGiocatore 4: Sara\nGiocatore 5: Teo"),
    ("italian", "ho comprato pane e latte e uova e formaggio e mele e poi sono tornato a casa"),
    ("portuguese", "Rodada 1: Brasil x Chile\nRodada 2: Argentina x Peru\nRodada 3: Uruguai x Bolívia"),
    ("portuguese", "No.1 no ranking é o Tiago, No.2 a Bia, No.3 o Caio e No.4 sou eu kkk"),
    ("czech", "Krok 1: otevři nastavení\nKrok 2: zvol zvuk\nKrok 3: vypni hudbu\nKrok 4: ulož"),
    ("russian", "Шаг 1: открыть настройки\nШаг 2: выбрать звук\nШаг 3: выключить музыку\nШаг 4: сохранить"),
    ("russian", "купил хлеб, молоко, яйца, сыр, масло и чай, больше ничего не надо"),
    ("turkish", "Adım 1: ayarları aç\nAdım 2: sesi seç\nAdım 3: müziği kapat\nAdım 4: kaydet"),
    ("english", "vocab cards:\nword: apple – manzana\nword: table – mesa\nword: window – ventana\nword: river – río"),
    ("english", "todo: fix the login page\ntodo: answer Sam\ntodo: renew domain\ntodo: backup the server\ntodo: sleep"),
    ("english", "map 1: Nuketown\nmap 2: Firing Range\nmap 3: Summit\nmap 4: Jungle\nmap 5: Crash\nmap 6: Raid"),
    ("english", "1st pick: Jett, then Sage, then Omen, then Sova, then Killjoy — standard comp"),
]


def _aside(row_id: str) -> bool:
    return int(hashlib.sha256(f"seed-labelled|{row_id}".encode()).hexdigest(), 16) % 3 == 0


def main() -> None:
    rng = random.Random("seed-labelled-2026-12")
    rows: list[dict[str, object]] = []
    for language in SPACED:
        for form in sorted(FORMS):
            strength = rng.choice([128, 128, 192, 256])
            words = Mnemonic(language).to_mnemonic(rng.randbytes(strength // 8)).split()
            lead = rng.choice(LEADS[language])
            text = FORMS[form](words, language)
            text = f"{lead}:\n{text}" if lead else text
            rows.append({"text": text, "expect": "seed", "words": words, "lang": language, "style": form})
    rows += [{"text": text, "expect": "pass", "lang": lang, "style": "lookalike"} for lang, text in LOOKALIKES]
    parts: dict[str, list[str]] = {"tune": [], "aside": []}
    for index, row in enumerate(rows):
        row_id = f"labelled-{index:04d}"
        parts["aside" if _aside(row_id) else "tune"].append(json.dumps({"id": row_id, **row}, ensure_ascii=False))
    for part, lines in parts.items():
        (HERE / f"seed_labelled.{part}.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
