"""Seed family: BIP-39 phrases from every wordlist the mnemonic package ships."""

import random

from mnemonic import Mnemonic

R = random.Random(2809)
rows = []


def add(lang, msgs, secrets, wl):
    if isinstance(msgs, str):
        msgs = [msgs]
    for s in secrets:
        assert any(s in m for m in msgs), (s, msgs)
    rows.append(
        {
            "id": f"seed-{len(rows) + 1:03d}",
            "family": "seed",
            "messages": msgs,
            "secrets": secrets,
            "lang": lang,
            "source": f"mnemonic (trezor python-mnemonic) wordlist {wl}; valid BIP-39 checksum generated for this table",
        }
    )


def phrase(wl, strength):
    m = Mnemonic(wl)
    entropy = bytes(R.getrandbits(8) for _ in range(strength // 8))
    p = m.to_mnemonic(entropy)
    assert wl in ("russian", "turkish") or m.check(p)
    return p


# wordlist -> (lang tag, keyword lines, bare lines)
T = {
    "english": (
        "en",
        [
            "my seed phrase is {p}",
            "recovery phrase: {p} pls help me restore my metamask",
            "ok here's the 12 words {p}",
            "wallet backup words -> {p}",
        ],
        ["{p}", "can u check if this works {p}"],
    ),
    "spanish": ("es", ["mi frase semilla es {p}", "las palabras de recuperación: {p}"], ["{p} ¿esto está bien escrito?"]),
    "french": ("fr", ["ma phrase de récupération : {p}", "voici mes 12 mots {p}"], ["{p}"]),
    "italian": ("it", ["la mia frase seed è {p}", "parole di recupero: {p}"], ["{p} è giusta così?"]),
    "portuguese": ("pt", ["minha frase de recuperação é {p}", "as 12 palavras da carteira: {p}"], ["{p} tá certo isso?"]),
    "czech": ("cs", ["moje seed fráze je {p}", "obnovovací fráze: {p}"], ["{p}"]),
    "russian": ("ru", ["моя сид-фраза {p}", "фраза восстановления: {p}"], ["{p} проверь плиз"]),
    "turkish": ("tr", ["kurtarma ifadem: {p}", "cüzdan kelimeleri {p}"], ["{p}"]),
    "japanese": ("ja", ["シードフレーズは {p} です", "復元フレーズ：{p}"], ["{p}"]),
    "korean": ("ko", ["내 시드 구문 {p}", "복구 문구: {p}"], ["{p} 이거 맞아?"]),
    "chinese_simplified": ("zh", ["我的助记词是 {p}", "钱包助记词：{p}"], ["{p}"]),
    "chinese_traditional": ("zh", ["我的助記詞是 {p}", "錢包助記詞：{p}"], ["{p}"]),
}
for wl, (lang, kw, bare) in T.items():
    assert wl in Mnemonic.list_languages()
    for t in kw:
        p = phrase(wl, R.choice([128, 256]))
        add(lang, t.format(p=p), [p], wl)
    for t in bare:
        p = phrase(wl, 128)
        add(lang, t.format(p=p), [p], wl)
    # Layouts: newline list, comma list, code block.
    p = phrase(wl, 128)
    words = p.split("\u3000" if wl == "japanese" else " ")
    nl = "\n".join(words)
    add(lang, ("backup:\n" if lang == "en" else "") + nl, [nl], wl)
    p = phrase(wl, 128)
    words = p.split("\u3000" if wl == "japanese" else " ")
    cm = ", ".join(words)
    add(lang, f"```{cm}```", [cm], wl)

# Numbered lists and split across messages (English and a few others).
for wl, lang, lead in [
    ("english", "en", "seed words in order"),
    ("spanish", "es", "en orden:"),
    ("french", "fr", "dans l'ordre :"),
    ("english", "en", ""),
]:
    words = phrase(wl, 128).split(" ")
    numbered = " ".join(f"{i + 1}. {w}" for i, w in enumerate(words))
    add(lang, (lead + " " + numbered).strip(), [numbered], wl)
for wl, lang, first, last in [
    ("english", "en", "first half of the seed", "and the rest"),
    ("italian", "it", "prima metà", "il resto"),
    ("english", "en", "24 words incoming", ""),
]:
    words = phrase(wl, 256 if not last else 128).split(" ")
    h = len(words) // 2
    a, b = " ".join(words[:h]), " ".join(words[h:])
    msgs = [first, a, (last + ": " + b) if last else b]
    add(lang, msgs, [a, b], wl)
# Keyword with disguise.
for t in ["s33d: {p}", 'mnemonic = "{p}"', "||{p}||", "Seed Phrase ➜ {p} 🙏"]:
    p = phrase("english", 128)
    add("en", t.format(p=p), [p], "english")

# Wave 2 (added after the first split; split on its own): 15/18/21-word phrases, other layouts.
WAVE1 = len(rows)
for wl, lang, t, strength in [
    ("english", "en", "my ledger recovery words: {p}", 160),
    ("english", "en", "{p} <- is this a valid 18 word seed?", 192),
    ("english", "en", "wallet words (21): {p}", 224),
    ("spanish", "es", "semilla de 18 palabras: {p}", 192),
    ("french", "fr", "{p} c'est bon comme phrase ?", 160),
    ("italian", "it", "frase di recupero: {p}", 192),
    ("portuguese", "pt", "seed da carteira: {p}", 160),
    ("czech", "cs", "{p}", 192),
    ("japanese", "ja", "ウォレットの復元ワード {p}", 160),
    ("korean", "ko", "{p} 이거 지갑 복구 단어야", 192),
    ("chinese_simplified", "zh", "助记词 {p} 帮我看看对不对", 160),
    ("chinese_traditional", "zh", "{p}", 192),
    ("russian", "ru", "мнемоника: {p}", 160),
    ("turkish", "tr", "{p} bunlar cüzdanın kelimeleri", 192),
]:
    p = phrase(wl, strength)
    add(lang, t.format(p=p), [p], wl)
for wl, lang in [("english", "en"), ("spanish", "es")]:
    p = phrase(wl, 128)
    upper = p.upper()
    add(lang, f"SEED: {upper}", [upper], wl)
    dashed = " - ".join(phrase(wl, 128).split(" "))
    add(lang, dashed, [dashed], wl)
rows, rows2 = rows[:WAVE1], rows[WAVE1:]
