"""The secret vocabulary as the screen reads it: disguised keywords, many languages, and their look-alikes.

The words come from localisation files of public projects (a reset-password page in 40
languages, password-manager and Wi-Fi setup translations) and from how members write
them: without accents, spaced out, in leetspeak, wrapped in Markdown. A line that
announces a secret loses its value; a line that only uses the word keeps every character.
"""

from __future__ import annotations

import pytest

from utils.privacy import vocabulary
from utils.privacy.keyword_form import keyword_form
from utils.privacy.normalise import normalise
from utils.privacy.screen import screen

# (line, value that must be gone)
DISGUISED: list[tuple[str, str]] = [
    ("my p a s s w o r d is Hunter22", "Hunter22"),
    ("my p.a.s.s.w.o.r.d is Hunter22", "Hunter22"),
    ("my p-a-s-s-w-o-r-d: Hunter22", "Hunter22"),
    ("my pass-word is Hunter22", "Hunter22"),
    ("my pass_word is Hunter22", "Hunter22"),
    ("my pass.word is Hunter22", "Hunter22"),
    ("my pass\u200bword is Hunter22", "Hunter22"),
    ("my p4ssw0rd is Hunter22", "Hunter22"),
    ("my p@$$w0rd is Hunter22", "Hunter22"),
    ("my pa55word is Hunter22", "Hunter22"),
    ("my P4SSW0RD is Hunter22", "Hunter22"),
    ("my passw0rd: Hunter22", "Hunter22"),
    ("my **password** is Hunter22", "Hunter22"),
    ("**password**: Hunter22", "Hunter22"),
    ("**password:** Hunter22", "Hunter22"),
    ("__password__: Hunter22", "Hunter22"),
    ("`password`: Hunter22", "Hunter22"),
    ("||password||: Hunter22", "Hunter22"),
    ("~~password~~ is Hunter22", "Hunter22"),
    ("my password is ||Hunter22||", "Hunter22"),
    ("PaSsWoRd: Hunter22", "Hunter22"),
    ("ＰＡＳＳＷＯＲＤ is Hunter22", "Hunter22"),
    ("my раssword is Hunter22", "Hunter22"),
    ("mi contrasena es perro123", "perro123"),
    ("mi CONTRASEÑA es perro123", "perro123"),
    ("mi contrasen\u0303a es perro123", "perro123"),
    ("mein P a s s w o r t ist Sonne77", "Sonne77"),
    ("mein passw0rt ist Sonne77", "Sonne77"),
    ("mot de passe: Soleil42", "Soleil42"),
    ("m.o.t d.e p.a.s.s.e: Soleil42", "Soleil42"),
    ("haslo: Pierogi77", "Pierogi77"),
    ("sifrem: Kedi1234", "Kedi1234"),
    ("SIFRE: Kedi1234", "Kedi1234"),
    ("the p1n is 4821", "4821"),
    ("my P I N is 4821", "4821"),
    ("the wi-fi password is Blueberry77", "Blueberry77"),
    ("the wifi-password is Blueberry77", "Blueberry77"),
    ("the c0de for the door is 7391", "7391"),
    ("pass phrase: purple-elephant-7", "purple-elephant-7"),
    ("my password is p4ss!", "p4ss"),
    ("p̶a̶s̶s̶w̶o̶r̶d̶: Otter_Lamp5", "Otter_Lamp5"),
    ("PASSWORD!! its Otter_Lamp5", "Otter_Lamp5"),
    ("password (dont tell anyone): Otter_Lamp5", "Otter_Lamp5"),
    ("password\n```\nOtter_Lamp5\n```", "Otter_Lamp5"),
    ("пaрoль: Vydra_Lampa5", "Vydra_Lampa5"),  # Latin a and o inside a Cyrillic word
    ("п@р0ль: Vydra_Lampa5", "Vydra_Lampa5"),
    ("ﾊﾟｽﾜｰﾄﾞ: Kawauso5", "Kawauso5"),  # half-width kana
    ("гасло: Vydra_Lampa5", "Vydra_Lampa5"),
]

# (language, line, value that must be gone)
LANGUAGES: list[tuple[str, str, str]] = [
    ("en", "my password is Tulip!2024", "Tulip!2024"),
    ("de", "mein Passwort ist Tulpe!2024", "Tulpe!2024"),
    ("fr", "mon mot de passe est Tulipe!2024", "Tulipe!2024"),
    ("es", "mi contraseña es Tulipan!2024", "Tulipan!2024"),
    ("pt", "minha senha é Tulipa!2024", "Tulipa!2024"),
    ("it", "la mia password è Tulipano!2024", "Tulipano!2024"),
    ("nl", "mijn wachtwoord is Tulp!2024", "Tulp!2024"),
    ("pl", "moje hasło to Tulipan!2024", "Tulipan!2024"),
    ("cs", "moje heslo je Tulipan!2024", "Tulipan!2024"),
    ("sk", "moje heslo je Tulipan!2024", "Tulipan!2024"),
    ("hu", "a jelszavam: Tulipan!2024", "Tulipan!2024"),
    ("ro", "parola mea este Lalea!2024", "Lalea!2024"),
    ("sv", "mitt lösenord är Tulpan!2024", "Tulpan!2024"),
    ("no", "passordet mitt er Tulipan!2024", "Tulipan!2024"),
    ("da", "min adgangskode er Tulipan!2024", "Tulipan!2024"),
    ("fi", "salasanani on Tulppaani!2024", "Tulppaani!2024"),
    ("et", "minu parool on Tulp!2024", "Tulp!2024"),
    ("lv", "mana parole ir Tulpe!2024", "Tulpe!2024"),
    ("lt", "mano slaptažodis yra Tulpe!2024", "Tulpe!2024"),
    ("ru", "мой пароль Tulpan!2024", "Tulpan!2024"),
    ("uk", "мій пароль це Tulpan!2024", "Tulpan!2024"),
    ("bg", "паролата ми е Lale!2024", "Lale!2024"),
    ("sr", "moja lozinka je Lala!2024", "Lala!2024"),
    ("sr-Cyrl", "моја лозинка је Lala!2024", "Lala!2024"),
    ("hr", "moja zaporka je Tulipan!2024", "Tulipan!2024"),
    ("el", "ο κωδικός μου είναι Tulipa!2024", "Tulipa!2024"),
    ("tr", "şifrem Lale!2024", "Lale!2024"),
    ("ar", "كلمة المرور هي Tulip!2024", "Tulip!2024"),
    ("he", "הסיסמה שלי היא Tulip!2024", "Tulip!2024"),
    ("fa", "رمز عبور من Tulip!2024 است", "Tulip!2024"),
    ("hi", "मेरा पासवर्ड Tulip!2024 है", "Tulip!2024"),
    ("bn", "আমার পাসওয়ার্ড হল Tulip!2024", "Tulip!2024"),
    ("ur", "میرا پاس ورڈ Tulip!2024 ہے", "Tulip!2024"),
    ("th", "รหัสผ่านคือ Tulip!2024", "Tulip!2024"),
    ("vi", "mật khẩu của tôi là Tulip!2024", "Tulip!2024"),
    ("vi-plain", "mat khau cua toi la Tulip!2024", "Tulip!2024"),
    ("id", "kata sandi saya adalah Tulip!2024", "Tulip!2024"),
    ("ms", "kata laluan saya ialah Tulip!2024", "Tulip!2024"),
    ("tl", "ang password ko ay Tulip!2024", "Tulip!2024"),
    ("sw", "nenosiri langu ni Tulip!2024", "Tulip!2024"),
    ("ja", "パスワードはTulip!2024です", "Tulip!2024"),
    ("ko", "비밀번호는 Tulip!2024", "Tulip!2024"),
    ("zh-Hans", "我的密码是Tulip!2024", "Tulip!2024"),
    ("zh-Hant", "我的密碼是 Tulip!2024", "Tulip!2024"),
    ("ca", "la meva contrasenya és Tulipa!2024", "Tulipa!2024"),
    # other kinds, announced by their words
    ("de-pin", "meine PIN ist 4821", "4821"),
    ("es-pin", "el pin de mi tarjeta es 4821", "4821"),
    ("ru-pin", "пин-код 4821", "4821"),
    ("ja-pin", "暗証番号は4821です", "4821"),
    ("ko-code", "인증번호 482913", "482913"),
    ("zh-code", "验证码：482913", "482913"),
    ("vi-code", "mã xác nhận là 482913", "482913"),
    ("id-code", "kode otp kamu 482913", "482913"),
    ("fr-code", "le digicode c'est 4821", "4821"),
    ("nl-code", "de deurcode is 4821", "4821"),
    ("sv-code", "portkoden är 4821", "4821"),
    ("fi-code", "ovikoodi on 4821", "4821"),
    ("he-code", "קוד האימות 482913", "482913"),
    ("ar-code", "رمز التحقق 482913", "482913"),
    ("en-passport", "my passport number is X4829137", "X4829137"),
    ("de-tax", "meine Steuer-ID ist 12345678901", "12345678901"),
    ("es-dni", "mi DNI es 12345678Z", "12345678Z"),
    ("pl-pesel", "mój PESEL to 44051401359", "44051401359"),
    ("it-fiscal", "il mio codice fiscale è RSSMRA85T10A562S", "RSSMRA85T10A562S"),
    ("tr-id", "TC kimlik numaram 10000000146", "10000000146"),
    ("ko-rrn", "주민등록번호 900101-1234567", "1234567"),
    ("zh-id", "身份证号是110101199003071234", "110101199003071234"),
    ("fr-account", "mon numéro de compte est 00012345678", "00012345678"),
    ("en-wifi", "the wifi key is Blueberry77", "Blueberry77"),
    ("de-wifi", "der WLAN-Schlüssel ist Blaubeere77", "Blaubeere77"),
    ("en-api", "my api key is 9f8e7d6c5b4a39281706", "9f8e7d6c5b4a39281706"),
]

# Lines that use the words, or look like them, and must pass unchanged.
HARMLESS: list[str] = [
    "I forgot my password lol",
    "code review at 5",
    "PIN this message",
    "passport photo booth",
    "my wifi is slow",
    "the password is wrong",
    "password reset emails never arrive",
    "I'll pass on that",
    "pass word of the day: serendipity",
    "my passport expires in 2027",
    "the token economy in that game is broken",
    "we played 4 hours of l4d2 yesterday",
    "gg ez 1v1 me",
    "p a s s the ball",
    "h4ck3rs everywhere lol",
    "see you at 10:30",
    "code 2024 was a good year",
    "i was pinned 3 times",
    "my c0de is finally compiling",
    "**bold** and __underline__ and `code`",
    "||spoiler|| the hero dies",
    "Ich habe mein Passwort vergessen",
    "mi contraseña es demasiado larga",
    "ho dimenticato la password",
    "la parola è bella",
    "la clave es practicar",
    "я забыл пароль",
    "şifremi unuttum",
    "パスワードを忘れました",
    "密码忘了",
    "비밀번호를 잊어버렸어요",
    "mật khẩu quá dài",
    "saya lupa kata sandi",
    "nilisahau nenosiri langu",
    "Sandi: see you at 5",
    "jugamos contra 5 equipos",
    "ein 10000 Euro Kredit",
    "the seed of the tournament is 3",
    "my card game night is at 8",
    "Discord ID 123456789012345678",
    "id 123456789012345678",
    "my account got banned",
    "1337 h4x",
    "mp3 and mp4 files",
    "covid19 again",
    "pins and needles",
    "password manager recommendations?",
    "the pass code thing is annoying",
    "the wifi password is on the fridge",
    "le mot de passe est sur le frigo",
    "パスワードは絶対に教えない",
    "비밀번호는 절대 안 알려줘",
    "अपना पासवर्ड किसी को मत बताना",
    "api_key = os.getenv('API_KEY')",
    "token = load_token()",
    "the battle pass is 950 coins",
]


@pytest.mark.parametrize(("line", "value"), DISGUISED)
def test_a_disguised_word_still_announces_the_secret(line: str, value: str) -> None:
    screened = screen(line, "message")
    assert value not in screened.text and "[redacted:" in screened.text, screened.text


@pytest.mark.parametrize(("language", "line", "value"), LANGUAGES, ids=[row[0] for row in LANGUAGES])
def test_each_language_announces_the_secret(language: str, line: str, value: str) -> None:
    screened = screen(line, "message")
    assert value not in screened.text and "[redacted:" in screened.text, screened.text


@pytest.mark.parametrize("line", HARMLESS)
def test_the_word_alone_changes_nothing(line: str) -> None:
    screened = screen(line, "memory")
    assert screened.text == line and not screened.refused


CLAUSES_RUN_ON = [
    "パスワードは教えないよ、笑",
    "パスワードは秘密だよ。またね",
    "WiFiのパスワードはもう変えた、新しいのは後で",
    "密码是秘密、不告诉你",
    "密碼是什麼、忘了",
    "비밀번호는 비밀이야。ㅋㅋ",
]
"""A secret word in a script written without spaces, then a clause and its punctuation ("、", "。"): prose."""
VALUES_BEFORE_A_CLAUSE = [
    ("パスワードはsakura2024、よろしく", "sakura2024"),
    ("パスワードはhanabi_77です、よろしく", "hanabi_77"),
    ("密码是Hua_Mei88。记住", "Hua_Mei88"),
    ("パスワードは「もみじ、かえで」だよ", "もみじ、かえで"),
]


AND_AFTER_THE_WORD = [
    "Ha dimenticato la password di Steam e l'ha reimpostata.",
    "ha cambiato la password e poi è uscito",
    "a senha e depois o email",
    "la password e il nome utente sono sul foglio",
]
"""A bare "e" after the word is "and" in Italian and Portuguese: the next word is not a value."""
E_AS_IS = [
    ("parola mea e Sarmale!Mici3", "Sarmale!Mici3"),
    ('parola de la wifi e "casamea"', "casamea"),
    ("la password e gatto99", "gatto99"),
    ("la password di Steam è gattonero", "gattonero"),
]
"""The same "e" meaning "is" (Romanian, Italian typed without its accent): a value that looks like one still goes."""


@pytest.mark.parametrize("line", AND_AFTER_THE_WORD)
def test_and_after_the_word_is_not_a_link(line: str) -> None:
    assert screen(line, "message").text == line


@pytest.mark.parametrize(("line", "value"), E_AS_IS)
def test_e_as_is_still_links_a_value(line: str, value: str) -> None:
    assert value not in screen(line, "message").text


@pytest.mark.parametrize("line", CLAUSES_RUN_ON)
def test_a_clause_after_the_word_is_not_a_value(line: str) -> None:
    screened = screen(line, "message")
    assert screened.text == line and not screen(line, "memory").refused


@pytest.mark.parametrize(("line", "value"), VALUES_BEFORE_A_CLAUSE)
def test_a_value_before_a_clause_is_still_one(line: str, value: str) -> None:
    assert value not in screen(line, "message").text


def test_the_value_is_redacted_as_written() -> None:
    """Leetspeak is folded to find the word, never to rewrite the value: "p4ss" is gone as written."""
    screened = screen("my p@ssw0rd is p4ss!w0rd", "message")
    assert screened.text == "my p@ssw0rd is [redacted:password]"
    assert screened.values == (("p4ss!w0rd", "password"),)


def test_the_vocabulary_covers_enough_languages_and_kinds() -> None:
    assert len(vocabulary.LANGUAGES) >= 40
    for kind in ("password", "pin", "code", "wifi", "api-key", "seed-phrase", "card", "bank-account", "id-number", "passport"):
        assert kind in vocabulary.KINDS
    assert len({row[0].split("-")[0] for row in LANGUAGES}) >= 38


@pytest.mark.parametrize(
    ("line", "kind"),
    [
        ("p.a.s.s.w.o.r.d", "password"),
        ("the p1n", "pin"),
        ("mot de passe", "password"),
        ("パスワードは", "password"),
        ("numéro de passeport", "passport"),
        ("IBAN", "bank-account"),
        ("the seed phrase", "seed-phrase"),
    ],
)
def test_each_found_word_keeps_its_kind(line: str, kind: str) -> None:
    assert [w.kind for w in vocabulary.find(normalise(line).text)] == [kind]


@pytest.mark.parametrize(
    "line",
    ["hello world", "Is the 2024 tournament on?", "mp3", "1234 5678", "@alice hi!", "re-read the e-mail"],
)
def test_ordinary_words_are_not_secret_words(line: str) -> None:
    assert not vocabulary.find(normalise(line).text)


# --- the keyword form and its index map


@pytest.mark.parametrize(
    ("text", "folded"),
    [
        ("PASSWORD", "password"),
        ("Contraseña", "contrasena"),
        ("contrasen\u0303a", "contrasena"),
        ("Straße", "strasse"),
        ("ŞİFRE", "sifre"),
        ("p@$$word", "password"),
        ("hello!", "hello!"),
        ("@alice", "@alice"),
        ("a 😀 b", "a 😀 b"),
    ],
)
def test_the_keyword_form_folds_case_accents_and_symbols(text: str, folded: str) -> None:
    assert keyword_form(text).text == folded


@pytest.mark.parametrize(
    "text",
    ["Contraseña: x", "contrasen\u0303a: x", "Straße 12", "😀 ŞİFRE 😀", "ａｂｃ", "日本語のパスワード", "x\U0001f600y"],
)
def test_every_folded_character_points_at_its_own_source_character(text: str) -> None:
    form = keyword_form(text)
    assert form.origin is None or len(form.origin) == len(form.text)
    for index, char in enumerate(form.text):
        start, end = form.span_in_source(index, index + 1)
        source = text[start:end]
        assert keyword_form(source).text.startswith(char) or char in keyword_form(source).text, (char, source)


@pytest.mark.parametrize(
    ("text", "word", "original"),
    [
        ("my ｐａｓｓｗｏｒｄ is x", "password", "ｐａｓｓｗｏｒｄ"),
        ("my pass\u200bword is x", "password", "pass\u200bword"),
        ("mi contrasen\u0303a es x", "contraseña", "contrasen\u0303a"),
        ("😀 my **p@$$w0rd** is x", "password", "**p@$$w0rd**"),
        ("😀 p a s s w o r d: x", "password", "p a s s w o r d"),
    ],
)
def test_a_found_word_maps_back_to_the_members_own_characters(text: str, word: str, original: str) -> None:
    matching = normalise(text)
    found = vocabulary.find(matching.text)
    assert found, text
    start, end = matching.span_in_original(found[0].start, found[0].end)
    assert text[start:end] == original


def test_plain_ascii_is_its_own_keyword_form() -> None:
    """Most chat: one lower-casing and no index map."""
    form = keyword_form("Hello there, General Kenobi")
    assert form.text == "hello there, general kenobi" and form.origin is None


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("Kenwort fürs NAS: Blauwal-771", "Blauwal-771"),
        ("my passwrd is Quokka!58", "Quokka!58"),
        ("la contrasea es Tiburon_43", "Tiburon_43"),
        ("wachtwrd van de printer: Molen#662", "Molen#662"),
    ],
)
def test_a_long_password_word_with_a_letter_dropped_is_still_that_word(text: str, value: str) -> None:
    assert value not in screen(text, "message").text


def test_only_long_password_words_are_read_with_a_letter_dropped() -> None:
    from utils.privacy.word_forms import dropped_letters

    assert "kennwrt" in dropped_letters("kennwort") and "ennwort" not in dropped_letters("kennwort")
    assert not dropped_letters("parola") and not dropped_letters("mot de passe")
    for line in ("the passport office opens at nine", "Geheimtipp: das Café am Hafen", "we passed the word along"):
        assert screen(line, "message").text == line
