"""Disguised family: values and keywords written so that a plain format or English keyword misses them."""

rows = []
SRC_L = "hand-written; secret vocabulary checked against Wikipedia/Wiktionary translations of 'password'/'PIN' and OS login screens in that language; values invented"  # noqa: E501
SRC_V = "hand-written; Discord markdown (spoilers ||…||, **bold**, `code`) per Discord's Markdown text guide; values invented"
SRC_K = "hand-written; homoglyphs from Unicode confusables.txt, fullwidth forms U+FF01–FF5E, combining marks U+0300–036F; values invented"  # noqa: E501
SRC_A = "hand-written; bare generated-looking credentials with no keyword; values invented"


def add(lang, msgs, secrets, src):
    if isinstance(msgs, str):
        msgs = [msgs]
    for s in secrets:
        assert any(s in m for m in msgs), (s, msgs)
    rows.append(
        {
            "id": f"disguised-{len(rows) + 1:03d}",
            "family": "disguised",
            "messages": msgs,
            "secrets": secrets,
            "lang": lang,
            "source": src,
        }
    )


# Keyword in another language or script (>= 30 languages).
L = [
    ("ar", "كلمة المرور الخاصة بي هي {v}", "Sahra#4471"),
    ("ar", "الرقم السري للبطاقة {v} لا تقول لأحد", "8302"),
    ("he", "הסיסמה שלי היא {v}", "Tapuz_Gadol9"),
    ("hi", "मेरा पासवर्ड {v} है, लॉगिन करके देख लो", "Sitara@2207"),
    ("bn", "আমার পাসওয়ার্ড {v}", "Ilish_Maach5"),
    ("th", "รหัสผ่านของฉันคือ {v}", "Mamuang_88"),
    ("vi", "mật khẩu của tao là {v} nha", "phoBo_2209"),
    ("id", "kata sandi akun ml ku {v}", "nasiGoreng#7"),
    ("tr", "parolam {v}, hesaba girip görevi yap", "Lokum_Kutu3"),
    ("el", "ο κωδικός μου είναι {v}", "Elia_Ladi77"),
    ("ru", "пароль от акка {v}", "Pelmeni2Sous"),
    ("uk", "мій пароль {v}, зайди і забери нагороду", "Varenyky_81"),
    ("pl", "hasło do konta: {v}", "Zubr_Lasek4"),
    ("cs", "moje heslo je {v}", "Knedlik_Zeli2"),
    ("hu", "a jelszavam {v}", "Pogacsa_1956"),
    ("ro", "parola mea e {v}", "Sarmale!Mici3"),
    ("fi", "mun salasana on {v}", "Sauna_Lumi42"),
    ("sv", "lösenordet är {v}", "Älgen_Springer8"),
    ("no", "passordet mitt er {v}", "Fjordhest_12"),
    ("da", "min adgangskode er {v}", "Rugbroed_Sol5"),
    ("nl", "wachtwoord is {v} hoor", "Fietsbel_301"),
    ("de", "mein kennwort lautet {v}", "Brezel&Senf44"),
    ("de", "Geheimzahl {v}, karte liegt im flur", "6174"),
    ("fr", "mon mdp c {v} mdrr", "Fromage_Bleu6"),
    ("es", "mi clave es {v}", "Churro.Dulce8"),
    ("pt", "senha: {v}", "Acai_Tigela92"),
    ("it", "la mia parola d'ordine è {v}", "Gelato_Pistac1"),
    ("ja", "暗証番号は{v}です", "2840"),
    ("ja", "パスワード：{v}", "Onigiri_Ume5"),
    ("ko", "비밀번호 {v} 로그인해서 출석체크 좀", "Kimbap_0917"),
    ("zh", "我的密码：{v}", "Jiaozi_6688"),
    ("zh", "支付密码是{v}", "551903"),
    ("fa", "رمز عبور من {v} هست", "Anar_Sorkh14"),
    ("sw", "nenosiri langu ni {v}", "Simba_Jua22"),
    ("tl", "ang password ko ay {v}", "Halo-Halo_4"),
    ("ms", "kata laluan saya {v}", "Durian_Raja3"),
    ("ur", "میرا پاس ورڈ {v} ہے", "Biryani_786x"),
    ("hr", "lozinka mi je {v}", "Burek_Sir27"),
    ("bg", "паролата ми е {v}", "Banitsa_Sirene5"),
    ("ta", "என் கடவுச்சொல் {v}", "Dosa_Sambar9"),
    ("et", "mu parool on {v}", "Kama_Leib33"),
    ("lt", "mano slaptažodis {v}", "Cepelinai_7"),
    ("ca", "la meva contrasenya és {v}", "Calcot_Salsa2"),
    ("ka", "ჩემი პაროლი არის {v}", "Khachapuri_1"),
    ("sk", "heslo na wifi: {v}", "Bryndza_Halu8"),
]
for lang, t, v in L:
    add(lang, t.format(v=v), [v], SRC_L)

# Value disguised (keyword plain).
V = [
    ("en", "card number is 4 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 lol jk... unless", "4 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1"),
    ("en", "pin: four seven 2 nine", "four seven 2 nine"),
    ("en", "my password is ||Tortoise-Lantern-31|| (spoilered so its fine right)", "Tortoise-Lantern-31"),
    ("en", "password: **Gl4cier_Moth**", "Gl4cier_Moth"),
    ("en", "pw is `x7#Rq!v2Lp` dont tell", "x7#Rq!v2Lp"),
    ("en", "the pin is 3.8.1.7", "3.8.1.7"),
    ("en", "my pass is b-l-u-e-w-h-a-l-e-9-9", "b-l-u-e-w-h-a-l-e-9-9"),
    ("en", "phone pin: 2️⃣7️⃣0️⃣4️⃣", "2️⃣7️⃣0️⃣4️⃣"),
    ("en", "bank pin is the year my dog was born backwards: 8102", "8102"),
    ("en", "ssn is 521 44 8107 no dashes", "521 44 8107"),
    ("de", "passwort ist ||Dackel_Wurst7||", "Dackel_Wurst7"),
    ("fr", "le code c'est *1* *9* *7* *3*", "*1* *9* *7* *3*"),
    ("es", "la clave es ~~no~~ `Lince_Iberico4`", "Lince_Iberico4"),
    ("en", "password (reversed so bots cant read it): 3gnaro_yzzif", "3gnaro_yzzif"),
    ("en", "pin = ٤٥٦٧ (arabic digits lol)", "٤٥٦٧"),
    ("en", "code: １２３９", "１２３９"),
]
for lang, t, v in V:
    add(lang, t, [v], SRC_V)

# Keyword disguised (value plain).
K = [
    ("en", "my p4ssw0rd is Walnut_Galaxy5", "Walnut_Galaxy5"),
    ("en", "p a s s: Oyster!Kite2", "Oyster!Kite2"),
    ("en", "pass-word = Cricket_Meadow8", "Cricket_Meadow8"),
    ("en", "my pаsswоrd is Velvet_Hammer3", "Velvet_Hammer3"),  # Cyrillic а, о
    ("en", "ｐａｓｓｗｏｒｄ：Thistle_Bay6", "Thistle_Bay6"),
    ("en", "p̶a̶s̶s̶w̶o̶r̶d̶ is Pebble_Raven9 shh", "Pebble_Raven9"),
    ("en", "P.W. -> Sunflower*Dune4", "Sunflower*Dune4"),
    ("en", "passwd Marble_Fox22", "Marble_Fox22"),
    ("en", "pwd=Cedar#Lynx5", "Cedar#Lynx5"),
    ("en", "PASSWORD!!! its Quokka_Smile1 ok??", "Quokka_Smile1"),
    ("en", "pássẃörd: Glimmer_Toad8", "Glimmer_Toad8"),
    ("en", "my ρassword (greek rho hehe) is Nimbus_Koala4", "Nimbus_Koala4"),
    ("en", "pw…  Harbor_Wren77", "Harbor_Wren77"),
    ("en", "p@$$ Lantern_Moss12", "Lantern_Moss12"),
    ("de", "p4sswort: Igel_Garten5", "Igel_Garten5"),
    ("ru", "пaрoль (латиница внутри) Sokol_Nebo3", "Sokol_Nebo3"),
]
for lang, t, v in K:
    add(lang, t, [v], SRC_K)

# No keyword at all.
A = [
    ("en", "here u go: 9fQ!x2Lm#Tz", "9fQ!x2Lm#Tz"),
    ("en", "try this one R7p$Kw2!nB8e", "R7p$Kw2!nB8e"),
    ("en", "use hT3#vq9Z@LmW4 to log in", "hT3#vq9Z@LmW4"),
    ("en", "same as before but with the new ending: Zq8!rM3x", "Zq8!rM3x"),
    ("de", "hier: Lw9%kT2#pQ", "Lw9%kT2#pQ"),
    ("es", "toma: bN4&yX7!qR", "bN4&yX7!qR"),
    ("fr", "vas-y connecte-toi avec mK2@Vz8#Ls", "mK2@Vz8#Ls"),
    ("en", "user kikodev / Jx5^tW1!mQ9r", "Jx5^tW1!mQ9r"),
    ("ja", "これで入れるはず: Pq7#nA4!zK", "Pq7#nA4!zK"),
    ("pt", "entra com esse: wF6!cR3@hN", "wF6!cR3@hN"),
]
for lang, t, v in A:
    add(lang, t, [v], SRC_A)

# Wave 2 (added after the first split; split on its own): disguises combined, invisible characters, more scripts.
WAVE1 = len(rows)
for lang, t, v, src in [
    ("en", "my pass\u200bword is Saffron_Otter5", "Saffron_Otter5", SRC_K),
    ("en", "pa\u00adss: Mango_Tiger41", "Mango_Tiger41", SRC_K),
    ("en", "p🔑ssword: Comet_Badger7", "Comet_Badger7", SRC_K),
    ("en", "PaSsWoRd iS ||Velcro_Dragon3||", "Velcro_Dragon3", SRC_K),
    ("en", "𝗽𝗮𝘀𝘀𝘄𝗼𝗿𝗱: Hazel_Crane19", "Hazel_Crane19", SRC_K),
    ("en", "𝓅𝒶𝓈𝓈𝓌𝑜𝓇𝒹 = Tulip_Ferret2", "Tulip_Ferret2", SRC_K),
    ("en", "my pin is `6` `0` `3` `8`", "`6` `0` `3` `8`", SRC_V),
    ("en", "pin: nine-one-one-six (not 911 lol)", "nine-one-one-six", SRC_V),
    ("en", "password\n```\nMaple_Kayak_88\n```", "Maple_Kayak_88", SRC_V),
    ("en", "pw: S̶e̶c̶r̶e̶t̶ Nebula_Wombat4", "Nebula_Wombat4", SRC_K),
    ("de", "PASSWORT => **Kartoffel_Mond9**", "Kartoffel_Mond9", SRC_V),
    ("fr", "m.d.p : Tartiflette_42", "Tartiflette_42", SRC_K),
    ("es", "c0ntr4s3ñ4: Paella_Roja7", "Paella_Roja7", SRC_K),
    ("pt", "s3nh4 = Feijoada_Top1", "Feijoada_Top1", SRC_K),
    ("it", "p4ss: ||Tiramisu_Notte3||", "Tiramisu_Notte3", SRC_K),
    ("ru", "п@р0ль: Blini_Maslo5", "Blini_Maslo5", SRC_K),
    ("tr", "sifre (ş yok klavyede) Simit_Cay8", "Simit_Cay8", SRC_L),
    ("pl", "haslo: Bigos_Zima4", "Bigos_Zima4", SRC_L),
    ("ja", "ﾊﾟｽﾜｰﾄﾞ: Mochi_Kinako2", "Mochi_Kinako2", SRC_K),
    ("ko", "비번: ||Tteok_Bokki9||", "Tteok_Bokki9", SRC_V),
    ("zh", "密 码：Baozi_Rou77", "Baozi_Rou77", SRC_K),
    ("ar", "الباسورد Kunafa_Jibn3", "Kunafa_Jibn3", SRC_L),
    ("hi", "pasvard hai Jalebi_Garam6", "Jalebi_Garam6", SRC_L),
    ("vi", "mk: Com_Tam_55", "Com_Tam_55", SRC_L),
    ("id", "pw nya `Sate_Ayam12`", "Sate_Ayam12", SRC_V),
    ("tl", "pass ko: Lumpia_Shanghai8", "Lumpia_Shanghai8", SRC_L),
    ("uk", "гасло: Borshch_Smetana2", "Borshch_Smetana2", SRC_L),
    ("en", "login for the alt: kiko_alt / Xr4!pL9#eZ (pls dont)", "Xr4!pL9#eZ", SRC_A),
    ("en", "2fa backup codes: 4829-1173 5501-9382 7712-0465", "4829-1173 5501-9382 7712-0465", SRC_A),
    ("en", "try `tK7$wQ2^mR` first, if not then the old one", "tK7$wQ2^mR", SRC_A),
]:
    add(lang, t, [v], src)
rows, rows2 = rows[:WAVE1], rows[WAVE1:]

# Wave 3 (split on its own): value shapes beyond Word_Word9 — spaces, plain words, digits, non-ASCII.
_wave1, _wave2 = rows, rows2
rows = _wave1 + _wave2
WAVE2_END = len(rows)
for lang, t, v, src in [
    ("en", "p a s s w o r d: blue horse staple moon", "blue horse staple moon", SRC_K),
    ("en", "my pw is literally ||dragon|| dont laugh", "dragon", SRC_V),
    ("en", "p4ss = `letmein99`", "letmein99", SRC_K),
    ("en", "P W: qwerty123", "qwerty123", SRC_K),
    ("en", "it's 'iamthebest' all lowercase", "iamthebest", SRC_A),
    ("en", "login's the usual, 20052005", "20052005", SRC_A),
    ("de", "ｐａｓｓｗｏｒｔ: schatzi", "schatzi", SRC_K),
    ("fr", "mdp: **soleil**", "soleil", SRC_V),
    ("es", "la cl4ve es teamo", "teamo", SRC_K),
    ("pt", "s e n h a: flamengo", "flamengo", SRC_K),
    ("ru", "пароль: qwerty12345", "qwerty12345", SRC_L),
    ("ar", "كلمة السر: 123456789a", "123456789a", SRC_L),
    ("he", "הסיסמה: ||shalom1||", "shalom1", SRC_V),
    ("th", "รหัส: rakthai99", "rakthai99", SRC_L),
    ("vi", "mat khau (không dấu) là anhyeuem", "anhyeuem", SRC_L),
    ("tr", "şıfre: fenerbahce", "fenerbahce", SRC_K),
    ("ja", "ぱすわーど：さくら２０２４", "さくら２０２４", SRC_K),
    ("zh", "mima（密码）是 aini1314", "aini1314", SRC_L),
    ("ko", "ㅂㅂ: gksrmf12", "gksrmf12", SRC_L),
    ("hi", "पासवर्ड: मेराघर", "मेराघर", SRC_L),
    ("fa", "پسوردم tehran1400 هست، به کسی نگو", "tehran1400", SRC_L),
]:
    add(lang, t, [v], src)
rows, rows2, rows3 = _wave1, _wave2, rows[WAVE2_END:]
