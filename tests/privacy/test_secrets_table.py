"""The secrets table: one rule (`utils.privacy.screen.screen`), tested against what members really write.

Each row is a line as a member (or a careless model) writes it, in one of 12 languages,
with what the screen must do: redact the given kind so the secret value is gone, and
refuse the line as a memory when its point is the secret — or leave an ordinary line
exactly as it is. Categories: passwords, PINs, one-time codes, API keys and tokens, private keys, cards, bank
accounts, identity numbers, phones, e-mail, seed phrases, home addresses, look-alike characters.
"""

from __future__ import annotations

import pytest

from utils.privacy.screen import screen

R, K = True, False  # refused as a memory / kept (redacted) as a memory

# (text, kind, secret that must not survive, refused as a memory)
SECRETS: list[tuple[str, str, str, bool]] = [
    # --- passwords, many languages and phrasings
    ("my password is Tr0ub4dor&3", "password", "Tr0ub4dor", R),
    ("My password is hunter2.", "password", "hunter2", R),
    ("my password's hunter2", "password", "hunter2", R),
    ("password -> Tr0ub4dor&3", "password", "Tr0ub4dor", R),
    ("pw: swordfish99", "password", "swordfish99", R),
    ("pwd Zebra12345", "password", "Zebra12345", R),
    ("password: Dragon$5566", "password", "Dragon$5566", R),
    ('my password is "correct horse battery staple"', "password", "horse battery", R),
    ("the wifi password is 'correct horse battery staple'", "password", "horse battery", R),
    ("password “blue moon rising” for the vault", "password", "moon rising", R),
    ("my password for steam is letmein123", "password", "letmein123", R),
    ("changed my steam password to Wolf_pack_77", "password", "Wolf_pack_77", R),
    ("I set my password to Dragon$5566", "password", "Dragon$5566", R),
    ("I use Summer2024! as my password everywhere", "password", "Summer2024", R),
    ("Summer2024! is my password lol", "password", "Summer2024", R),
    ("passcode to the wifi = blueberry77", "password", "blueberry77", R),
    ("uses password Pizza4ever", "password", "Pizza4ever", R),
    ("Member uses password Pizza4ever for everything.", "password", "Pizza4ever", R),
    ("The password of my router is admin1234", "password", "admin1234", R),
    ("my netflix password is now Kitten42", "password", "Kitten42", R),
    ("passphrase: purple-elephant-dances", "password", "purple-elephant", R),
    ("pass: qwerty123", "password", "qwerty123", R),
    ("PASSWORD = SuperSecret!9", "password", "SuperSecret", R),
    ("my discord password is literally 123456789", "password", "123456789", R),
    ("mein Passwort lautet Sonnenblume7", "password", "Sonnenblume7", R),
    ("Mein Passwort ist geheim123", "password", "geheim123", R),
    ("das WLAN-Passwort ist Katze2020", "password", "Katze2020", R),
    ("Kennwort: Bergsee#41", "password", "Bergsee#41", R),
    ("mon mot de passe est soleil42", "password", "soleil42", R),
    ("mdp: Chaton_2023", "password", "Chaton_2023", R),
    ("le mot de passe du wifi c'est Baguette88", "password", "Baguette88", R),
    ("mi contraseña es perro123", "password", "perro123", R),
    ("la contraseña del wifi: Gato_2022", "password", "Gato_2022", R),
    ("la mia password è gattino99", "password", "gattino99", R),
    ("password è Pizza_Napoli1", "password", "Pizza_Napoli1", R),
    ("minha senha é Flamengo2024", "password", "Flamengo2024", R),
    ("senha é saudade77", "password", "saudade77", R),
    ("mijn wachtwoord is Tulpen!88", "password", "Tulpen!88", R),
    ("wachtwoord is fietsen2021", "password", "fietsen2021", R),
    ("moje hasło to Kot12345", "password", "Kot12345", R),
    ("hasło: Pierogi!7", "password", "Pierogi!7", R),
    ("мой пароль Medved2024", "password", "Medved2024", R),
    ("пароль: Zvezda_77", "password", "Zvezda_77", R),
    ("пароль — Matreshka9", "password", "Matreshka9", R),
    ("şifrem Kedi1234", "password", "Kedi1234", R),
    ("şifre: Istanbul34!", "password", "Istanbul34", R),
    ("mitt lösenord är Kanelbulle5", "password", "Kanelbulle5", R),
    ("passordet mitt: passord er Fjord2020", "password", "Fjord2020", R),
    ("パスワードはsakura2024です", "password", "sakura2024", R),
    ("我的密码是 panda8888", "password", "panda8888", R),
    # --- PINs
    ("the pin to my phone: 2580", "password", "2580", R),
    ("pin 4821", "password", "4821", R),
    ("my bank PIN is 0000", "password", "0000", R),
    ("meine Geheimzahl ist 7391", "password", "7391", R),
    ("code pin de ma carte: 1984", "password", "1984", R),
    ("PIN code for the alarm is 55123", "password", "55123", R),
    # --- one-time and backup codes
    ("the login code is 493817", "code", "493817", R),
    ("the otp was 482 913", "code", "482 913", R),
    ("2fa backup codes: 1234-5678 8765-4321", "code", "8765-4321", R),
    ("2fa backup codes: 1234-5678 8765-4321", "code", "1234-5678", R),
    ("recovery codes 83910, 77120 and 66012", "code", "66012", R),
    ("dein Bestätigungscode: 582013", "code", "582013", R),
    ("votre code de vérification est 771204", "code", "771204", R),
    ("tu código de verificación es 348812", "code", "348812", R),
    ("il codice è 902177", "code", "902177", R),
    ("kod weryfikacyjny 661043", "code", "661043", R),
    ("код подтверждения 318244", "code", "318244", R),
    ("doğrulama kodu 552190", "code", "552190", R),
    ("the discord 2fa backup codes are abcd-1234 efgh-5678", "code", "efgh-5678", R),
    # --- API keys, tokens, webhooks
    ("key sk-proj-abcdefghijklmnop1234", "api-key", "sk-proj", R),
    ("token MTAxNjU4NzU5NzQ5MjM0MzgwOA.GhIjKl.abcdefghijklmnopqrstuvwxyz0123456", "token", "GhIjKl", R),
    ("AKIAIOSFODNN7EXAMPLE is the key", "api-key", "AKIAIOSFODNN7EXAMPLE", R),
    ("Authorization: Bearer eyJhbGciOiJIUzI1NiJ9.payload", "token", "eyJhbGci", R),
    ("eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0In0.SflKxwRJSMeKKF2QT4fw", "token", "SflKx", R),
    ("github_pat_11ABCDEFG0123456789_abcdefghijklmnop", "api-key", "github_pat", R),
    ("ghp_A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8", "api-key", "ghp_A1b2", R),
    ("xoxb-123456789012-1234567890123-abcdefghij", "token", "xoxb", R),
    ("my google key AIzaSyD-9tSrke72PouQMnMX-a7eZSW0jkFMBWY", "api-key", "AIzaSyD", R),
    ("stripe sk_live_4eC39HqLyjWDarjtT1zdp7dc", "api-key", "sk_live_4eC39", R),
    ("restricted key rk_live_51HxYzAbCdEfGhIjKlMnOp", "api-key", "rk_live_51Hx", R),
    ("npm token npm_abcdefghijklmnopqrstuvwxyz0123456789", "api-key", "npm_abcdef", R),
    ("hf_AbCdEfGhIjKlMnOpQrStUvWxYz01234567 is my hugging face token", "api-key", "hf_AbCd", R),
    ("post to https://hooks.slack.com/services/T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX", "webhook", "hooks.slack.com", R),
    ("https://discord.com/api/webhooks/123456789012345678/abcdefghijklmnopqrstuvwxyz_ABCDEFGHIJ", "webhook", "webhooks/123", R),
    ("webhook: https://discordapp.com/api/webhooks/987654321098765432/Zz9_yY8-xX7wW6vV5uU4", "webhook", "Zz9_yY8", R),
    ("aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY", "api-key", "wJalr", R),
    ("my aws secret is wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY", "api-key", "wJalr", R),
    ("wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY", "token", "wJalr", R),
    ("glpat-xYz12AbCdEfGhIjKlMnOp", "api-key", "glpat-xYz", R),
    ("SG.abcdefghijklmnopqrstuv.ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopq", "api-key", "SG.abcdef", R),
    ("telegram bot 123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw0", "token", "AAHdqTcv", R),
    ("mein API-Schlüssel: a8F3kLm29QpZx7", "api-key", "a8F3kLm29", R),
    ("sk-ant-api03-AbCdEfGhIjKlMnOpQrStUvWx", "api-key", "AbCdEfGh", R),
    ("here: Xk9pQ2mZ7vL4nR8tY1wB6cF3hJ5dG0sA", "token", "Xk9pQ2mZ", R),
    # --- private keys, whole blocks and fragments
    ("-----BEGIN RSA PRIVATE KEY-----\nMIIEpAIBAAKCAQEA1b2c3\n-----END RSA PRIVATE KEY-----", "private-key", "MIIEpAIB", R),
    ("-----BEGIN OPENSSH PRIVATE KEY----- b3BlbnNzaC1rZXktdjEAAAAABG5vbmU", "private-key", "b3BlbnNzaC1", R),
    ("oops pasted -----BEGIN PRIVATE KEY----- MIIEvQIBADANBgkqhkiG9w0BAQEFAASC", "private-key", "MIIEvQIB", R),
    ("the key starts MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQC", "private-key", "MIIEvQIB", R),
    ("-----BEGIN EC PRIVATE KEY-----", "private-key", "BEGIN EC PRIVATE", R),
    # --- cards
    ("card 4111-1111-1111-1111 please", "card", "4111", R),
    ("4111.1111.1111.1111", "card", "4111", R),
    ("my visa 4012888888881881 expires soon", "card", "4012888888881881", R),
    ("amex 3782 822463 10005", "card", "822463", R),
    ("Her card number ends in 4242.", "card", "4242", R),
    ("my card ends with 1881", "card", "1881", R),
    ("cvv 123", "card", "123", R),
    ("CVC: 987 and expiry 09/27", "card", "987", R),
    ("meine Karte endet auf 5521", "card", "5521", R),
    ("mi tarjeta termina en 0042", "card", "0042", R),
    ("Kartenprüfnummer 412", "card", "412", R),
    ("cryptogramme 733", "card", "733", R),
    # --- bank accounts (IBAN, checksummed)
    ("IBAN DE89 3704 0044 0532 0130 00 thanks", "bank-account", "3704 0044", R),
    ("send it to DE89370400440532013000", "bank-account", "370400440532013000", R),
    ("GB82 WEST 1234 5698 7654 32", "bank-account", "5698 7654", R),
    ("mon IBAN : FR14 2004 1010 0505 0001 3M02 606", "bank-account", "0505 0001", R),
    ("mi IBAN es ES91 2100 0418 4502 0005 1332", "bank-account", "4502 0005", R),
    ("IT60X0542811101000000123456 è il mio conto", "bank-account", "0542811101", R),
    ("NL91ABNA0417164300 is mijn rekening", "bank-account", "0417164300", R),
    ("numer konta PL61109010140000071219812874", "bank-account", "1090101400", R),
    ("TR33 0006 1005 1978 6457 8413 26 hesabım", "bank-account", "1978 6457", R),
    # --- identity numbers
    ("ssn 536-22-1234", "id-number", "536-22-1234", R),
    ("mine is 536-22-1234 if you need it", "id-number", "536-22-1234", R),
    ("my social security number: 219 09 9998", "id-number", "219 09 9998", R),
    ("meu CPF é 111.444.777-35", "id-number", "111.444.777-35", R),
    ("mi DNI es 12345678Z", "id-number", "12345678Z", R),
    ("NIE X1234567L", "id-number", "X1234567L", R),
    ("codice fiscale RSSMRA85T10A562S", "id-number", "RSSMRA85T10A562S", R),
    ("PESEL 02070803628", "id-number", "02070803628", R),
    ("Steuer-ID 36574261809", "id-number", "36574261809", R),
    ("passport number C01X00T47", "id-number", "C01X00T47", R),
    # --- phones, international and national
    ("call me on +44 20 7946 0958", "phone", "7946", R),
    ("text me at 555-867-5309", "phone", "867-5309", R),
    ("my number is 07700 900123", "phone", "900123", R),
    ("appelle-moi au 06 12 34 56 78", "phone", "34 56 78", R),
    ("mon numéro: 06.12.34.56.78", "phone", "34.56.78", R),
    ("meine Nummer 0151 23456789", "phone", "23456789", R),
    ("ruf an: 030 12345678", "phone", "12345678", R),
    ("mi número es 612 34 56 78", "phone", "34 56 78", R),
    ("il mio numero è 347 123 4567", "phone", "123 4567", R),
    ("mijn nummer is 06-12345678", "phone", "12345678", R),
    ("mój numer 512 345 678", "phone", "345 678", R),
    ("Meu celular é (11) 91234-5678", "phone", "91234-5678", R),
    ("мой номер 8 (912) 345-67-89", "phone", "345-67-89", R),
    ("numaram 0532 123 45 67", "phone", "123 45 67", R),
    ("whatsapp +49 151 23456789 after work", "phone", "23456789", R),
    ("Prefers to be reached by phone at (415) 555-0132 in the evenings.", "phone", "555-0132", K),
    # --- e-mail, plain and spelled out
    ("write to me at sam.doe@example.org", "email", "sam.doe", R),
    ("alice dot smith at gmail dot com", "email", "alice dot smith", R),
    ("mail me: bob (at) proton (dot) me", "email", "bob (at) proton", R),
    ("carol[at]yahoo[.]com", "email", "carol[at]yahoo", R),
    ("schreib an max punkt mustermann at web punkt de", "email", "mustermann", R),
    ("mon mail c'est jean point dupont arroba orange point fr", "email", "dupont", R),
    ("Runs the newsletter and asked members to send tips to tips@club.example.com today.", "email", "tips@club", K),
    # --- seed phrases (BIP-39)
    ("abandon ability able about above absent absorb abstract absurd abuse access accident", "seed-phrase", "absorb abstract", R),
    ("seed: legal winner thank year wave sausage worth useful legal winner thank yellow", "seed-phrase", "sausage worth", R),
    ("letter advice cage absurd amount doctor acoustic avoid letter advice cage above", "seed-phrase", "doctor acoustic", R),
    (
        "1. hamster 2. diagram 3. private 4. dutch 5. cause 6. delay 7. private 8. meat 9. slide 10. toddler 11. razor 12. book",
        "seed-phrase",
        "toddler",
        R,
    ),
    ("my recovery phrase starts with hamster diagram private dutch cause delay private", "seed-phrase", "dutch cause", R),
    ("Meine Wiederherstellungsphrase: legal winner thank year wave sausage worth", "seed-phrase", "sausage worth", R),
    # --- home addresses
    ("I live at 42 Baker Street", "address", "42 Baker", R),
    ("Lives at 221B Baker Street.", "address", "221B", R),
    ("my address is 1600 Pennsylvania Avenue", "address", "1600 Pennsylvania", R),
    ("ich wohne in der Hauptstraße 5", "address", "Hauptstraße 5", R),
    ("Adresse: Goethestraße 12, Berlin", "address", "Goethestraße 12", R),
    ("j'habite au 12 rue de la Paix", "address", "12 rue de la Paix", R),
    ("vivo en Calle Mayor 10", "address", "Mayor 10", R),
    ("abito in via Roma 15", "address", "Roma 15", R),
    ("moro na Rua Augusta, 123", "address", "Augusta, 123", R),
    ("ik woon op Kalverstraat 12", "address", "Kalverstraat 12", R),
    ("mieszkam przy ul. Długa 5", "address", "Długa 5", R),
    ("живу на улице Ленина, д. 5", "address", "Ленина, д. 5", R),
    ("Atatürk Caddesi No: 12 adresindeyim", "address", "Caddesi No: 12", R),
    ("bor på Storgatan 7", "address", "Storgatan 7", R),
    ("Moved to a new flat at 18 Elm Road last month and loves the garden there.", "address", "18 Elm", K),
    # --- found by probing after the first table (each failed before its fix)
    ("my cell is 415.555.0132", "phone", "555.0132", R),
    (
        "my seed is: abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about",
        "seed-phrase",
        "abandon about",
        R,
    ),
    ("ich wohne in der Berliner Straße 12a", "address", "Straße 12a", R),
    ("I live at 1234 W Main St Apt 5", "address", "Apt 5", R),
    ("creds are admin:hunter22", "password", "hunter22", R),
    ("the password is 'secret'", "password", "'secret'", R),
    ("Lives at 5 Elm St.", "address", "5 Elm", R),
    ("User's wifi password: blueberry77", "password", "blueberry77", R),
    ("P@ssw0rd! is their password", "password", "P@ssw0rd", R),
    ("login: bob / pass: Bob2024!", "password", "Bob2024", R),
    ("mi dirección es Av. de la Constitución 25", "address", "Constitución 25", R),
    # --- look-alikes, invisible characters, width
    ("pass\u200bword: hunter22", "password", "hunter22", R),
    ("pass\u00adword is Swordfish1", "password", "Swordfish1", R),
    ("раssword: hunter22", "password", "hunter22", R),  # Cyrillic р, а
    ("my pаsswоrd is Gr33nTea", "password", "Gr33nTea", R),  # Cyrillic а, о
    ("ｐａｓｓｗｏｒｄ：ｍｏｏｎ１２３", "password", "ｍｏｏｎ１２３", R),  # full width
    ("card ４１１１ １１１１ １１１１ １１１１", "card", "１１１１ １１１１", R),
    ("sk\u200b_live_4eC39HqLyjWDarjtT1zdp7dc", "api-key", "4eC39HqLyjW", R),
    ("AKIA\u2060IOSFODNN7EXAMPLE", "api-key", "IOSFODNN7", R),
    ("Ρassword: Olympos21", "password", "Olympos21", R),  # Greek Ρ
    ("seed: legal winner thank year wave sau\u200bsage worth useful legal winner thank yellow", "seed-phrase", "worth useful", R),
    ("ssn 536\u200b-22-1234", "id-number", "22-1234", R),
]

# Lines that must come out exactly as they went in, and never be refused.
ORDINARY: list[str] = [
    # words that end like a street ("-ring") before a number
    "bring 3 stacks of iron",
    "since spring 2024 we raid on fridays",
    "string 4 on my guitar snapped",
    "during 2 raids nobody died",
    "I hit rank 500 in GTA on 2026-12-01 at 12:30",
    "played 1000 hours of Factorio",
    "I'll pass on that",
    "Baldur's Gate 3 🎲",
    "Discord ID 123456789012345678",
    "I got code 403 errors all day",
    "i was pinned 3 times",
    "I passed the exam!",
    "pin this message please",
    "can a mod pin this?",
    "my phone is a Pixel 8",
    "the password is wrong",
    "I forgot my password again lol",
    "password reset emails never arrive",
    "use a password manager, seriously",
    "is your password strong?",
    "we won 3-1 last night",
    "final score 112-109 in overtime",
    "it costs $1,299.99",
    "it costs 1 234 567 euros",
    "version 1.2.3.4 is out",
    "Python 3.12.1 fixed it",
    "see you at 10:30 on 12/05/2024",
    "born in 1994",
    "the meeting is on 2024-03-15 at 14:00",
    "my phone number changed recently",
    "I have 2 cats and 1 dog",
    "error code 1603 when installing",
    "zip code 90210 is famous",
    "codul vamal 9504.50 e pentru console",  # a customs tariff code's decimal, not a code of four digits
    "we live on Baker Street",
    "the shop on 5th Avenue is closed",
    "Meet me at the station",
    "send me an email later",
    "my github is open source",
    "it took 1234 tries",
    "the token economy in that game is broken",
    "I pay 950 per month for rent",
    "Highscore: 1 048 576 points",
    "ISBN 978-3-16-148410-0",
    "https://youtube.com/watch?v=dQw4w9WgXcQ",
    "https://en.wikipedia.org/wiki/Python_(programming_language)",
    "Supercalifragilisticexpialidocious is a long word",
    "git commit 3f2a9c1",
    "the secret is patience",
    "I set my alarm to 6:45",
    "Ich habe mein Passwort vergessen",
    "Mein Passwort ist zu kurz",
    "j'ai oublié mon mot de passe",
    "el código postal es 28013",
    "olvidé mi contraseña otra vez",
    "ho dimenticato la password",
    "esqueci minha senha de novo",
    "ik ben mijn wachtwoord vergeten",
    "zapomniałem hasła",
    "я забыл пароль",
    "şifremi unuttum",
    "jag glömde mitt lösenord",
    "Wir treffen uns um 19:30 Uhr",
    "Le match finit 2-0",
    "Son las 10:15",
    "Ho 25 anni",
    "Tenho 3 gatos",
    "Het kost 12,50 euro",
    "Mam 2 psy",
    "Мне 30 лет",
    "Saat 14:00'te görüşürüz",
    "the card game has 52 cards",
    "got a gift card for my birthday",
    "the pin on the map is wrong",
    "my address changed last year",
    "abandon ship, the server is down",
    "I live in Berlin since 2019",
    "Room 1204 on floor 12",
    "level 99 reached",
    "we need 2fa on the server",
    "the otp library is nice",
    "call of duty season 4",
    "Route 66 is a classic",
    "at 3 am I was still awake",
    "my code compiles in 2024 without warnings",
    "Ryzen 7 7800X3D with 32 GB",
    "RTX 4090 costs 1999 dollars",
    "the year 2000 bug",
    "watched episodes 1 to 12",
    'quote: "To be or not to be"',
    "my password manager is Bitwarden",
    "the user joined at 10:30am",
    "login at 18:45 tomorrow",
    "my account: 5 years old and still going",
    "Discord user Bob:hi there",
    "my cell is dead, text me on discord",
    "the seed of the run was 4471",
    "we stayed at the Hilton on 5th Avenue",
]


@pytest.mark.parametrize(("text", "kind", "secret", "refused"), SECRETS, ids=[c[0][:40] for c in SECRETS])
def test_the_secret_is_redacted_and_the_line_refused_when_it_is_its_point(
    text: str, kind: str, secret: str, refused: bool
) -> None:
    screened = screen(text, "memory")
    assert secret not in screened.text, screened.text
    assert kind in screened.kinds, screened.kinds
    assert f"[redacted:{kind}]" in screened.text or any(f"[redacted:{k}]" in screened.text for k in screened.kinds)
    assert screened.refused is refused, screened.text


@pytest.mark.parametrize("text", ORDINARY)
def test_ordinary_chat_is_left_exactly_as_it_is(text: str) -> None:
    screened = screen(text, "memory")
    assert (screened.text, screened.kinds, screened.refused) == (text, (), False)


def test_the_table_is_large_and_covers_every_kind() -> None:
    kinds = {kind for _, kind, _, _ in SECRETS}
    assert len(SECRETS) + len(ORDINARY) >= 200
    assert kinds >= {
        "password",
        "code",
        "api-key",
        "token",
        "webhook",
        "private-key",
        "card",
        "bank-account",
        "id-number",
        "phone",
        "email",
        "seed-phrase",
        "address",
    }


@pytest.mark.parametrize("text", [row[0] for row in SECRETS], ids=[c[0][:40] for c in SECRETS])
def test_screening_twice_changes_nothing_more(text: str) -> None:
    """Callers redact for the extractor and judge the redacted line later: the verdict must not change."""
    once = screen(text, "memory")
    twice = screen(once.text, "memory")
    assert (twice.text, twice.refused) == (once.text, once.refused)
