"""Peers' published test material as member sentences: gitleaks' vendor keys and Presidio's numbers.

``positives()`` phrases every public example the way members write it (in several languages, bare,
in quotes, after a newline); ``negatives()`` are look-alikes and ordinary chat that must pass
unchanged; ``discord_messages()`` are realistic snowflakes, which must never change. ``measure``
runs one screening function over all of them and reports hit rates per source and kind.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field

from peer_cases import gitleaks, presidio


@dataclass(frozen=True)
class Case:
    source: str
    kind: str
    text: str
    secret: str
    """What must not be in the screened text (separators between digits ignored)."""


_WITH_VENDOR = (
    "my {v} api key is {t}",
    "here's the {v} token: {t}",
    "{v} key = {t}",
    "mon token {v} : {t}",
    "mein {v} Schlüssel ist {t}",
    "mi clave de {v} es {t}",
    "il mio token {v} è {t}",
    "{v} secret? it's {t}",
    "export {V}_TOKEN={t}",
    "mój klucz {v}: {t}",
    'the {v} key is "{t}"',
    "ok so\n{v} token: {t}\nthanks",
)
_BARE = (
    "{t}",
    "can you check why {t} doesn't work",
    "oops I pasted {t} in general, deleting",
    '"{t}" is what I put in the config',
    "c'est quoi ce truc {t} ?",
    "warum geht {t} nicht",
)


def _gitleaks_cases() -> list[Case]:
    rng = random.Random("gitleaks")
    cases = []
    for shape in gitleaks.SHAPES:
        kind = "webhook" if "webhook" in shape.rule else "private-key" if shape.rule == "private-key" else (
            "vendor-context" if shape.context else "prefixed"
        )  # fmt: skip
        templates = _WITH_VENDOR if shape.context else _WITH_VENDOR[:6] + _BARE
        if kind == "private-key":
            templates = ("{t}", "my key:\n{t}", "ssh key for the server {t} keep it safe")
        for template in templates:
            value = gitleaks.token(shape, rng)
            text = template.format(v=shape.vendor, V=shape.vendor.upper().replace(" ", "_").replace(".", ""), t=value)
            cases.append(Case("gitleaks", kind, text, gitleaks.body(shape, value)))
    return cases


_CARD_PHRASES = (
    "my card number is {n}", "visa {n} exp 12/27", "carte bancaire : {n}", "meine Kreditkarte {n}",
    "tarjeta {n} cvv aparte", "{n}", "pay with {n} please", "numer karty {n}",
)  # fmt: skip
_IBAN_PHRASES = (
    "my IBAN is {n}", "send it to {n}", "IBAN: {n}", "mein Konto {n}", "virement sur {n}", "{n}",
    "cuenta {n} gracias", "il mio iban è {n}",
)  # fmt: skip
_PHONE_PHRASES = (
    "call me on {n}", "my number is {n}", "text me at {n}", "whatsapp {n}", "mein Handy: {n}", "mon portable {n}",
    "mi teléfono es {n}", "{n} is my cell",
)  # fmt: skip


def _presidio_cases() -> list[Case]:
    rng = random.Random("presidio")
    cases: list[Case] = []

    def add(kind: str, phrases: tuple[str, ...], values: list[str]) -> None:
        for value in values:
            for phrase in phrases:
                cases.append(Case("presidio", kind, phrase.format(n=value), value))

    cards = [c for card in presidio.TEST_CARDS for c in (card, presidio.grouped(card, " "), presidio.grouped(card, "-"))]
    add("credit-card", _CARD_PHRASES[:4], cards)
    add("credit-card", _CARD_PHRASES[4:], presidio.TEST_CARDS)
    ibans = presidio.valid_ibans()
    add("iban", _IBAN_PHRASES[:3], [presidio.grouped(n, " ") for n in ibans])
    add("iban", _IBAN_PHRASES[3:6], ibans)
    add("iban", _IBAN_PHRASES[6:], [presidio.grouped(n, "-") for n in ibans])
    add("phone", _PHONE_PHRASES, list(presidio.PHONES))
    ssns = [presidio.ssn(rng) for _ in range(12)]
    add("us-ssn", ("my ssn is {n}", "SSN: {n}", "{n} is my social", "social security number {n}"), ssns)
    add(
        "us-ssn",
        ("ssn {n}", "my social is {n}"),
        [s.replace("-", " ") for s in ssns[:6]] + [s.replace("-", ".") for s in ssns[6:]],
    )
    add("us-ssn", ("my social is {n}", "SSN#{n}"), [s.replace("-", "") for s in ssns[:6]])
    add("us-itin", ("my ITIN is {n}", "itin: {n}", "taxpayer id {n}", "{n}"), [presidio.itin(rng) for _ in range(8)])
    add("us-itin", ("my itin is {n}", "tax id {n}"), [presidio.itin(rng).replace("-", "") for _ in range(4)])
    ninos = [presidio.nino(rng) for _ in range(8)]
    add("uk-nino", ("my NI number is {n}", "national insurance {n}", "NINO: {n}", "{n}"), ninos)
    add("uk-nino", ("my national insurance number is {n}",), [f"{n[:2]} {n[2:4]} {n[4:6]} {n[6:8]} {n[8]}" for n in ninos])
    ids = [
        *(("dni", presidio.dni(rng)) for _ in range(4)),
        *(("nie", presidio.nie(rng)) for _ in range(4)),
        *(("pesel", presidio.pesel(rng)) for _ in range(4)),
        *(("cpf", presidio.cpf(rng)) for _ in range(4)),
        *(("personnummer", presidio.personnummer(rng)) for _ in range(4)),
        ("steuer-id", "12 345 678 901"), ("aadhaar", "2345 6789 0123"), ("sin", "046 454 286"),
        ("passport number", "X1234567"), ("henkilötunnus", "131052-308T"), ("codice fiscale", "RSSMRA85T10A562S"),
    ]  # fmt: skip
    for word, value in ids:
        for phrase in (f"my {word} is {{n}}", f"{word}: {{n}}", f"{{n}} is my {word}"):
            cases.append(Case("presidio", "national-id", phrase.format(n=value), value))
    accounts = ["12345678", "0123456789", "98765432101", "4402 1234 5678"]
    add(
        "bank-account",
        ("my bank account number is {n}", "account number: {n}", "Kontonummer {n}", "numéro de compte {n}",
         "número de cuenta {n}", "sort code 20-00-00 account {n}"),
        accounts,
    )  # fmt: skip
    return cases


def positives() -> list[Case]:
    return _gitleaks_cases() + _presidio_cases()


_NEGATIVES_GITLEAKS = (
    "api_key = os.getenv('OPENAI_API_KEY')", "token = get_token()", "the token expired again lol",
    "my api key got revoked, need a new one", "set GITHUB_TOKEN in the repo secrets", "secret santa is on friday",
    "the key to winning is practice", "Mein Schlüssel zum Erfolg ist Geduld", "la clé du succès, c'est la patience",
    "la clave es practicar cada día", "il segreto è la costanza", "that was a token gesture",
    "github_pat_ tokens are the fine-grained ones", "ghp_ is the classic prefix", "sk- keys start with sk-proj now",
    "from huggingface_hub import hf_hub_download", "path = hf_hub_download(repo_id='bert-base-uncased')",
    "HF_HOME=/data/hf_cache python train.py", "use hf_transfer for faster downloads",
    "hf_HubDownloadWithRetriesAndCaching is a helper name", "hf_DatasetBuilderConfigForTextClassification",
    "commit a94a8fe5ccb19ba61c4c0873d391e987982fbbd3 broke the build",
    "sha256 e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
    "md5 of the file is 9e107d9d372bb6826bd81d3542a419d6", "request id 123e4567-e89b-12d3-a456-426614174000",
    "https://github.com/gitleaks/gitleaks/blob/master/config/gitleaks.toml", "https://youtu.be/dQw4w9WgXcQ",
    "https://open.spotify.com/track/4cOdK2wGLETKBW3PvgPWqT", "AbstractSingletonProxyFactoryBean is peak java",
    "for i in range(10): print(i)", "kubectl get secrets -n prod", "the slack webhook stopped posting",
    "we moved from teams webhooks to slack", "-----BEGIN CERTIFICATE----- is a public cert",
    "EXAMPLE_KEY=your-key-here", "api_key: <YOUR_API_KEY>", "password = ${DB_PASSWORD}",
    "the aws region is eu-west-1", "docker run -p 8080:80 nginx", "npm install --save-dev eslint",
    "I pushed to the main branch", "token bucket rate limiting is neat", "keyboard shortcut ctrl+shift+p",
    "my steam key giveaway is next week", "the cloudflare dashboard is down", "heroku free tier is gone",
    "twitch stream at 8pm", "twitter is now called x", "discord nitro is expensive", "stripe checkout works now",
)  # fmt: skip
_NEGATIVES_PRESIDIO = (
    "4012-8888-8888-1882 failed the check", "order 4111 1111 1111 1112 shipped", "the meeting is at 10:30",
    "it costs $12.99", "zip 98052", "born on 1994-03-12", "see you 12/27", "score 1234567890 in tetris",
    "I ran 10000 steps", "version 1.2.3.4", "ISBN 978-3-16-148410-0", "CVE-2024-12345 is patched",
    "192.168.1.1 is the router", "1920x1080 at 144hz", "my order number is 12345678", "ticket #482913",
    "room 404 on floor 3", "rgb(255, 255, 255)", "chmod 755 script.sh", "flight LH 1234 at 06:45",
    "the year 2024 was wild", "page 123 of 456", "between 9 and 5", "call of duty 2 was better",
    "I have 3 cats and 2 dogs", "we won 3-2 yesterday", "temperature 21.5°C", "1 000 000 views!",
    "my level is 120", "ping 35ms", "gpu at 1.95 GHz", "it's 2am", "GB 2024 edition", "DE vs FR tonight",
    "the NL team won", "tracking 1Z999AA10123456784 arrives monday", "my account is fine thanks",
    "account created in 2019", "the bank is closed on sundays", "my number one game is elden ring",
    "phone died at 12%", "I called 3 times", "text me later", "the sort code field is required",
    "ich habe 2 Katzen", "j'ai 25 ans", "tengo 3 hermanos", "ho 30 anni", "mam 2 psy", "мне 25 лет",
    "25 yaşındayım", "jag har 2 barn", "ik heb 3 fietsen", "tenho 4 gatos",
)  # fmt: skip
_CHAT = (
    "anyone up for ranked tonight?", "lol that was close", "I just finished Elden Ring, 120 hours",
    "can someone help me with my python script", "the new patch broke my build", "gg everyone",
    "what's the best budget GPU right now", "my cat knocked my coffee over", "heading to bed, night all",
    "wer spielt heute mit?", "quelqu'un pour une partie ?", "¿alguien juega esta noche?", "chi gioca stasera?",
    "ktoś gra dziś wieczorem?", "кто сегодня играет?", "bu akşam oynayan var mı?", "wie speelt er vanavond?",
    "alguém joga hoje à noite?", "någon som spelar ikväll?", "I prefer the 2nd season", "top 10 anime of 2023",
    "I got a 4090 for christmas", "my internet is 500 mbps", "the raid starts at 20:00 CET",
)  # fmt: skip


def negatives() -> list[tuple[str, str]]:
    """(source, text): each must pass the screen unchanged."""
    rng = random.Random("negatives")
    texts = [("gitleaks", t) for t in _NEGATIVES_GITLEAKS] + [("presidio", t) for t in _NEGATIVES_PRESIDIO]
    for line in _CHAT:
        texts.append(("chat", line))
        texts.append(("chat", f"{line} ({rng.randint(2, 99)} of us)"))
    for source, base in list(texts):
        texts.append((source, f"@someone {base}"))
        texts.append((source, f"{base}\nalso, {rng.choice(_CHAT)}"))
    return texts


DISCORD_EPOCH_MS = 1_420_070_400_000
DISCORD_LAUNCH_MS = 1_431_475_200_000  # 2015-05-13: ids before it were never handed out (17 digits from here on)


def snowflake(rng: random.Random) -> int:
    """A Discord id as Discord makes them: ms since 2015 << 22 | worker << 17 | process << 12 | increment."""
    ms = rng.randint(DISCORD_LAUNCH_MS - DISCORD_EPOCH_MS, 1_764_000_000_000 - DISCORD_EPOCH_MS)
    return ms << 22 | rng.randint(0, 31) << 17 | rng.randint(0, 31) << 12 | rng.randint(0, 4095)


_ID_PHRASES = (
    "{i}", "<@{i}>", "<@!{i}>", "<#{i}>", "<@&{i}>", "my discord id is {i}", "user id {i}", "server id: {i}",
    "channel {i} is the one", "https://discord.com/channels/{i}/{j}/{k}", "ban {i} please", "id number {i}",
    "ID: {i}", "message {i} was deleted", "Discord ID {i}", "my account id is {i}", "ids {i}, {j} and {k}",
    "<:pepe:{i}>", "moja id to {i}", "meine ID ist {i}", "mon identifiant discord : {i}", "app id = {i}",
)  # fmt: skip


def discord_messages(count: int = 4000) -> list[tuple[str, list[str]]]:
    """(message, ids in it): realistic snowflakes in the places a Discord bot meets them."""
    rng = random.Random("snowflakes")
    out = []
    for n in range(count):
        ids = [str(snowflake(rng)) for _ in range(3)]
        phrase = _ID_PHRASES[n % len(_ID_PHRASES)]
        out.append(
            (phrase.format(i=ids[0], j=ids[1], k=ids[2]), [i for i in ids if i in phrase.format(i=ids[0], j=ids[1], k=ids[2])])
        )
    return out


_SEPARATORS = re.compile(r"[\s.-]")


def held(case: Case, screened: str) -> bool:
    """The secret is gone: not even a 10-character piece of it is left (separators ignored)."""
    secret, out = _SEPARATORS.sub("", case.secret), _SEPARATORS.sub("", screened)
    size = min(10, len(secret))
    return not any(secret[i : i + size] in out for i in range(0, len(secret) - size + 1))


@dataclass
class Report:
    held: Counter[tuple[str, str]] = field(default_factory=Counter)
    total: Counter[tuple[str, str]] = field(default_factory=Counter)
    missed: list[Case] = field(default_factory=list)
    negatives_changed: list[str] = field(default_factory=list)
    negatives: int = 0
    ids_changed: list[str] = field(default_factory=list)
    ids: int = 0

    def rate(self, source: str | None = None) -> float:
        keys = [k for k in self.total if source is None or k[0] == source]
        return sum(self.held[k] for k in keys) / max(1, sum(self.total[k] for k in keys))

    def lines(self) -> list[str]:
        rows = [f"{s:9} {k:16} {self.held[(s, k)]:5}/{self.total[(s, k)]:<5} {self.held[(s, k)] / self.total[(s, k)]:7.1%}"
                for s, k in sorted(self.total)]  # fmt: skip
        for source in ("gitleaks", "presidio"):
            rows.append(f"{source:9} {'all':16} {self.rate(source):.1%}")
        rows.append(f"all positives held {sum(self.held.values())}/{sum(self.total.values())} ({self.rate():.1%})")
        rows.append(f"negatives changed {len(self.negatives_changed)}/{self.negatives}")
        rows.append(f"Discord ids changed {len(self.ids_changed)}/{self.ids}")
        return rows


def measure(screen_text: Callable[[str], str], id_count: int = 4000) -> Report:
    """Run ``screen_text`` (text in, what would be kept out) over all the peer material."""
    report = Report()
    for case in positives():
        report.total[(case.source, case.kind)] += 1
        if held(case, screen_text(case.text)):
            report.held[(case.source, case.kind)] += 1
        else:
            report.missed.append(case)
    for _source, text in negatives():
        report.negatives += 1
        if screen_text(text) != text:
            report.negatives_changed.append(text)
    for text, ids in discord_messages(id_count):
        report.ids += 1
        out = screen_text(text)
        if out != text or not all(i in out for i in ids):
            report.ids_changed.append(text)
    return report
