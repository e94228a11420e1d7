"""Credential-shaped tokens with no keyword (utils/privacy/credential_shapes.py), measured on a table written before
the rule, from the generators' documentation and from chat's look-alikes.

``GENERATED``: passwords as the managers and tools make them — Bitwarden (random 14+ of all four classes; passphrases
of capitalised words joined by ``-`` with a number glued to one), 1Password (memorable words joined by ``-`` ``.``
``_``, "smart" ones with a word in capitals and one with a digit), Apple's strong password (three groups of six
letters, one capital and one digit inside a group), KeePassXC, Chrome and Firefox (15 random letters and digits),
pwgen (pronounceable, one capital and one digit), LastPass (12 of four classes) — and the ones people make (a word, a
symbol, digits and a word; digits between two words; leet), each said in a chat line in a language or an
abbreviation no keyword rule lists, or with no word at all. ``LOOKALIKES``: tokens of gaming and dev chat that mix
classes for their own reasons (model numbers, versions, gamertags, map and mod files, tags, key bindings, dice,
chess, hashes said as such, code in backticks).

Every third row of each table (``[2::3]``) was put aside when the table was written: the rule was tuned on the
others and the aside figure is measured, not tuned on.

The rule was then tuned on the tune part of ``credential_tokens`` (tests/privacy/layer_tables, written by someone
else before the rule: 261 passwords and keys in 42 languages, 206 look-alikes); its aside part was measured once,
when the rule was done. Figures: :data:`REMOVED_AT_LEAST`.
"""

from __future__ import annotations

import time
from collections import Counter

import pytest
from layer_tables import load
from privacy_tables import load as load_table

from utils.privacy import credential_shapes
from utils.privacy.screen import screen

GENERATED: list[tuple[str, str]] = [
    # Bitwarden: random password, passphrase with "capitalize" and "include number"
    ("here k8#Lm2!pQz9Wx@ dont lose it", "k8#Lm2!pQz9Wx@"),
    ("Unsubtle-Cosmic7-Relapse", "Unsubtle-Cosmic7-Relapse"),
    ("sifre: Gravity-Pelican4-Outsmart", "Gravity-Pelican4-Outsmart"),
    ("nueva contra Quiver-Marble-Tundra8-Hazel", "Quiver-Marble-Tundra8-Hazel"),
    ("ok its 7vT$qLm2#Rz9 now", "7vT$qLm2#Rz9"),
    # 1Password memorable and smart
    ("1pw gave me slate-trumpet-hollow9", "slate-trumpet-hollow9"),
    ("rehang.OPTIMAL.gob4.tryst is the new one", "rehang.OPTIMAL.gob4.tryst"),
    ("try Bramble_Sonnet_Vivid3", "Bramble_Sonnet_Vivid3"),
    ("mot2passe: plank.Lantern.rivet7", "plank.Lantern.rivet7"),
    # Apple strong passwords
    ("iCloud suggested fUtjez-7gofsi-byqqaz", "fUtjez-7gofsi-byqqaz"),
    ("wifi nya kebvoM-2xodsu-pygfaj", "kebvoM-2xodsu-pygfaj"),
    ("gesla je rydhoj-Qemxi3-tazpuv", "rydhoj-Qemxi3-tazpuv"),
    # KeePassXC, LastPass, generic 12-16 of four classes
    ("użyj Xy7$kP2!mQ9z", "Xy7$kP2!mQ9z"),
    ("g#8Hq2@zL!vR", "g#8Hq2@zL!vR"),
    ("mật khẩu mới: Tb4&wQ9*eZ1x", "Tb4&wQ9*eZ1x"),
    ("passe moi nR5^hK8%pW2!", "nR5^hK8%pW2!"),
    ("rdp creds pwd2 = Zq9!rT4#mL", "Zq9!rT4#mL"),
    # Chrome / Firefox suggested: 15 letters and digits
    ("chrome made vR3kXb8Wq9TzLmA for me", "vR3kXb8Wq9TzLmA"),
    ("aHj6Q9mXYpbK2Lw", "aHj6Q9mXYpbK2Lw"),
    ("firefox wants Tq8ZpX3mRb9VkL2", "Tq8ZpX3mRb9VkL2"),
    ("le nouveau c'est wK7pQ2xZr9LmB4t", "wK7pQ2xZr9LmB4t"),
    # pwgen and pronounceable generators with a capital and a digit
    ("pwgen says Eiy0aeShoo4", "Eiy0aeShoo4"),
    ("ooGh3quoQu8", "ooGh3quoQu8"),
    ("parola ahThe8eiXo7", "ahThe8eiXo7"),
    # people's own: word symbol digits word, digits between words, leet with symbols
    ("Blue$42Monkey", "Blue$42Monkey"),
    ("şifrem tiger!88Lamp", "tiger!88Lamp"),
    ("Wonder237section", "Wonder237section"),
    ("la mia è monkey123banana", "monkey123banana"),
    ("wachtwoord Coffee&99cups", "Coffee&99cups"),
    ("use Horse#7Battery for the nas", "Horse#7Battery"),
    ("pw: P@ssw0rd!2024", "P@ssw0rd!2024"),
    ("salasana Kissa*2019*Koira", "Kissa*2019*Koira"),
    ("senha do wifi: Fluffy2019cat", "Fluffy2019cat"),
    ("пасс Medved$2024zima", "Medved$2024zima"),
    ("heslo je Jablko!77strom", "Jablko!77strom"),
    ("admin pw is now Qwerty!23Zxc", "Qwerty!23Zxc"),
    ("lösen: Sommar#2023vinter", "Sommar#2023vinter"),
    ("密码是 Dragon88%fire", "Dragon88%fire"),
    ("비번 Sunny!2020day", "Sunny!2020day"),
    ("parolă nouă: Brad&12Munte", "Brad&12Munte"),
    # passphrases with dots and underscores and a number glued to a word
    ("Purple.Tiger42.Rocket", "Purple.Tiger42.Rocket"),
    ("jelszó Maple_Kayak7_Ember", "Maple_Kayak7_Ember"),
    ("kodeord Storm-Viking-Fjord2024", "Storm-Viking-Fjord2024"),
    # long random keys without a vendor prefix
    ("token for the staging box: 9fKx2LmQ7vRt4ZpW8bNc3YhJ", "9fKx2LmQ7vRt4ZpW8bNc3YhJ"),
    ("Yk3mP9xQ2rLw7vB4tZ8nH6cJ5dF1gS0a", "Yk3mP9xQ2rLw7vB4tZ8nH6cJ5dF1gS0a"),
    ("anahtar dGhpcyBpcyBhIHNlY3JldCBrZXk9MTIz", "dGhpcyBpcyBhIHNlY3JldCBrZXk9MTIz"),
    ("cle 4e7a9c2f1b8d3e6a0c5f9b2d7e1a4c8f", "4e7a9c2f1b8d3e6a0c5f9b2d7e1a4c8f"),
    ("wp admin: hX7#kLp2$Wq9@vN4", "hX7#kLp2$Wq9@vN4"),
    ("quoted '7Gq!vX2#pL9z'", "7Gq!vX2#pL9z"),
    ("spoiler ||Rt8$kW3!nB6q||", "Rt8$kW3!nB6q"),
    ("`Mx4&zQ8!wP2k`", "Mx4&zQ8!wP2k"),
    ("**Lk9@vB3#qT7x**", "Lk9@vB3#qT7x"),
]

LOOKALIKES: list[str] = [
    "check https://example.com/docs/v2/getting-started?page=3",
    "mail me at jane.doe+games2024@example.org",
    "@Shadow_Fang99 you up?",
    "<@&812345678901234567> raid at 9",
    "<:pepe_laugh2:823457923454345216> lmao",
    "starts <t:1733270400:R>",
    "add me ShadowFang#1337",
    "#Valorant2024 #gaming",
    "IMG_20231203_123456.jpg is the screenshot",
    "open config/settings_v2.yaml and set it",
    "save is in C:\\Users\\Bob\\AppData\\Roaming\\EldenRing\\ER0000.sl2",
    "~/.config/nvim/lua/plugins2.lua",
    "updated to v2.3.1-rc.4 last night",
    "python3.12 -m venv .venv",
    "i7-13700K or Ryzen 7 7800X3D?",
    "RTX4090 vs RX7900XTX",
    "GTX1080Ti still holds up",
    "Dark_Knight_1987 carried us",
    "xX_Sn1per_Xx and zer0_c00l",
    "NoobMaster69 is back",
    "L33tH4x0r joined",
    "rolled 1d20+5 and 2d6+3",
    "1.e4 e5 2.Nf3 Nc6 3.Bb5 a6",
    "Qxf7+ Kxf7 Ng5+ wins",
    "meet 2024-12-03T18:30:00Z",
    "at 12:30pm tomorrow, 03/12/2024",
    "background #FF5733 and #1a2b3c",
    "commit 4e7a9c2f1b8d3e6a0c5f9b2d7e1a4c8f fixed it",
    "run `foo(bar=1, baz=x2y)` first",
    "`if (x2 == y3) return;`",
    "bind Ctrl+Shift+Esc for task manager, Ctrl+Alt+F12 too",
    "de_dust2 or de_mirage?",
    "OptiFine_1.20.1_HD_U_I6.jar goes in mods",
    "sodium-fabric-0.5.8+mc1.20.4.jar",
    "iPhone15 Pro Max",
    "Windows11 update broke it, KB5034441",
    "COVID-19 cancelled the LAN",
    "H2O and CO2",
    "x86_64-linux-gnu",
    "ping 192.168.1.254:25565",
    "the server is play.hypixel.net",
    "50%off today only",
    "DDR5-6000 CL30 kit",
    "AT&T and T-Mobile",
    "Q&A at 8pm",
    "3x+5=20 solve for x",
    "a^2+b^2=c^2",
    "f(x)=2x+1",
    "Screenshot_20231203-193045_Discord.png",
    "backup_2024-01-15_final_v2.zip",
    "OnePlus12 or Pixel9Pro",
    "MacBookPro16 M3Max",
    "AbstractSingletonProxyFactoryBean2",
    "uuid 550e8400-e29b-41d4-a716-446655440000",
    "sha256:9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08",
    "ticket JIRA-12345 and PROJ-987",
    "S01E03 of the show, 1080p",
    "Game.of.Thrones.S08E03.1080p.WEB.H264",
    "price $1,299.99 incl. VAT",
    "100km/h on the autobahn",
    "it costs 20€/month",
    "coords -1234 64 5678 in the nether",
    "friend code SW-7314-2209-5861",
    "Kx8-tundra-44 joined the guild",
    "Dark-Knight-99 and R4v3n_Qu33n",
    "ShadowHunter2003 is my main",
    "my build: Ryzen9-7950X3D/RTX4080S/64GB",
    "model no. WH-1000XM5 headphones",
    "C++17 and C#10",
    "k8s-cluster-prod2",
    "mp3player and win10pro",
    "Top10Games of 2024",
    "user_id=42&sort=desc",
    "lol!!!111one",
    "gg!1v1me",
]

TUNE_GENERATED, ASIDE_GENERATED = [r for i, r in enumerate(GENERATED) if i % 3 != 2], GENERATED[2::3]
TUNE_LOOKALIKES, ASIDE_LOOKALIKES = [r for i, r in enumerate(LOOKALIKES) if i % 3 != 2], LOOKALIKES[2::3]

GONE_AT_LEAST = {"tune": 34, "aside": 16}
"""Of 35 tune and 17 aside rows when the rule was done (a pronounceable pwgen password, "Eiy0aeShoo4", reads as
words and stays); 23 and 10 without the rule."""
FLAGGED_AT_MOST = {"tune": 0, "aside": 0}
"""Look-alikes the rule alone takes, of 50 tune and 25 aside."""


@pytest.mark.parametrize("part", ["tune", "aside"])
@pytest.mark.parametrize("field", ["message", "log", "memory"])
def test_a_generated_password_leaves_the_line(part: str, field: str) -> None:
    rows = TUNE_GENERATED if part == "tune" else ASIDE_GENERATED
    gone = sum(value not in screen(text, field).text for text, value in rows)  # type: ignore[arg-type]
    print(f"\ngenerated {part} {field}: {gone}/{len(rows)} gone")
    assert gone >= GONE_AT_LEAST[part], f"{gone}/{len(rows)}"


@pytest.mark.parametrize("part", ["tune", "aside"])
def test_a_look_alike_is_not_taken_for_one(part: str) -> None:
    rows = TUNE_LOOKALIKES if part == "tune" else ASIDE_LOOKALIKES
    flagged = [text for text in rows if list(credential_shapes.credential_spans(text))]
    print(f"\nlook-alikes {part}: {len(flagged)}/{len(rows)} taken by the rule")
    assert len(flagged) <= FLAGGED_AT_MOST[part], flagged


def test_the_layer_is_what_takes_them_out(monkeypatch: pytest.MonkeyPatch) -> None:
    """Switched off, the other rules keep a third of the table (23 of 35 tune rows gone when it was written). The
    generated-run reading (``generated_runs.py``) takes some of the same values by how random they read, not by
    their shape: it is switched off with it (28 of 35 gone with it on)."""
    monkeypatch.setattr(credential_shapes, "credential_spans", lambda text: iter(()))
    monkeypatch.setattr("utils.privacy._value_runs.reads_generated", lambda run: False)
    gone = sum(value not in screen(text, "message").text for text, value in TUNE_GENERATED)
    assert gone <= 0.75 * len(TUNE_GENERATED)


def test_a_kept_line_with_one_is_refused() -> None:
    assert screen("Uses Unsubtle-Cosmic7-Relapse for everything.", "memory").refused


@pytest.mark.parametrize(
    ("line", "value"),
    [
        ("new one Tiger!88lamp ok", "Tiger!88lamp"),
        ("(Wonder237section)", "Wonder237section"),
        ("«Sunny!2020day».", "Sunny!2020day"),
        ("zet Gravity-Pelican4-Outsmart maar in", "Gravity-Pelican4-Outsmart"),
    ],
)
def test_the_span_is_the_value_alone(line: str, value: str) -> None:
    [(start, end)] = list(credential_shapes.credential_spans(line))
    assert line[start:end] == value


KEPT = [
    "Longsword+10 and MaxHP+500 after the boss",
    "ssh pi@raspberrypi4 then root@192.168.1.5",
    "pepeLaugh2 in chat",
    "0xFF5733AA and cafe123bead",
    "GPT-4o-mini vs Llama-3-70B-Instruct",
    "Windows11! and Xbox360!",
    "k8s-cluster-prod2 is down",
    "mp3player and win10pro",
    "PR#12345 merged, fix#4521 next",
    "lol!!!111one gg!1v1me",
    "STEAM_0:1:12345678 is my old id",
    "Half-Life2 and Counter-Strike2",
    "SmolLM2-135M-Instruct and Llama3-70B-Instruct",
    "pip install torch2.1+cu121, base64url, Corsair-Vengeance-DDR5",
]
"""Shapes written after the rule as probes of its keeps (not drawn from the table)."""


@pytest.mark.parametrize("line", KEPT)
def test_a_probe_is_kept(line: str) -> None:
    assert list(credential_shapes.credential_spans(line)) == [], line


# --- the credential-token table (tests/privacy/layer_tables/credential_tokens.*), written by someone else before
# the rule was measured on it; tuned on its tune part only.

REMOVED_AT_LEAST = {"tune": 158, "aside": 68}
LOOKALIKES_ALTERED_AT_MOST = {
    ("tune", "message"): 5,
    ("tune", "log"): 5,
    ("tune", "memory"): 5,
    ("aside", "message"): 1,
    ("aside", "log"): 2,
    ("aside", "memory"): 2,
}
"""Figures when the rule was done, the same in the message, the log and memory. Tune: 158 of 175 removed (89
without the layer), 5 of 137 look-alikes altered, as without it (four e-mail addresses and a map code, which the
contact and identity rules take). Aside, measured once when the rule was done (at 156 tune): 68 of 86 removed (51
without the layer), 1 of 69 look-alikes altered in chat and 2 in the log and memory, as without it; two tune rows
were taken after that (a random run led by symbols, a 14-character one with one digit). The tune rows still missed:
four-word CamelCase passphrases with no digit (a Java class name's shape), pwgen's eight letters that read as a
word and a digit ("Woocheh3", like "Witcher3"), a lower-case 1Password phrase with no digit, leet words joined to a
number by ``_`` (a gamertag's shape), an upper-case router key (a part number's), a password reversed, and a few
random ones that start with ``<`` or hold brackets."""


def _token_rows(part: str) -> list[dict[str, str]]:
    return load("credential_tokens", part)


@pytest.mark.parametrize("part", ["tune", "aside"])
@pytest.mark.parametrize("field", ["message", "log", "memory"])
def test_a_credential_token_leaves_the_line(part: str, field: str) -> None:
    rows = [row for row in _token_rows(part) if row["kind"] != "lookalike"]
    gone = Counter(row["kind"] for row in rows if row["value"] not in screen(row["text"], field).text)  # type: ignore[arg-type]
    total = Counter(row["kind"] for row in rows)
    print(
        f"\ncredential_tokens {part} {field}: {sum(gone.values())}/{len(rows)} removed ("
        + ", ".join(f"{k} {gone[k]}/{n}" for k, n in sorted(total.items()))
        + ")"
    )
    assert sum(gone.values()) >= REMOVED_AT_LEAST[part]


@pytest.mark.parametrize("part", ["tune", "aside"])
@pytest.mark.parametrize("field", ["message", "log", "memory"])
def test_a_token_look_alike_passes_unchanged(part: str, field: str) -> None:
    rows = [row for row in _token_rows(part) if row["kind"] == "lookalike"]
    altered = sum(screen(row["text"], field).text != row["text"] for row in rows)  # type: ignore[arg-type]
    print(f"\ncredential_tokens {part} {field}: {altered}/{len(rows)} look-alikes altered")
    assert altered <= LOOKALIKES_ALTERED_AT_MOST[(part, field)]


@pytest.mark.parametrize("name", ["harmless", "gaming"])
def test_the_dev_tables_ordinary_lines_are_not_taken(name: str) -> None:
    """The privacy tables' harmless and gaming lines (dev part): the rule takes none (3 of 454 harmless lines are
    altered by the other rules, 0 of 258 gaming ones, with the rule and without it)."""
    taken = [row["text"] for row in load_table(name, "dev") if list(credential_shapes.credential_spans(row["text"]))]
    assert taken == []


@pytest.mark.parametrize(
    "text",
    ["a" * 3999 + "1", "a " * 1999 + "1", "d11" * 1333 + "x", "a" * 2000 + "@" + "b" * 1999 + "1", "Word" * 999 + "12Word"],
    ids=["letters", "spaced", "dice", "at", "words"],
)
def test_a_long_run_costs_one_pass(text: str) -> None:
    """No run is cut in many ways by a regex: a 4,000-character one is read in about a millisecond (seconds
    before the words of a run were cut only at a separator or a capital)."""
    started = time.perf_counter()
    list(credential_shapes.credential_spans(text))
    list(credential_shapes.spaced_spans(text))
    assert time.perf_counter() - started < 0.1
