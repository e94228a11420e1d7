"""Split family: the secret announced in one message and given in another (both orders)."""

rows = []
SRC = "hand-written for this table; phrasing modelled on Discord help/off-topic chat; values invented"


def add(lang, msgs, secrets):
    for s in secrets:
        assert any(s in m for m in msgs), (s, msgs)
    assert 2 <= len(msgs) <= 3
    rows.append(
        {"id": f"split-{len(rows) + 1:03d}", "family": "split", "messages": msgs, "secrets": secrets, "lang": lang, "source": SRC}
    )


# announce -> value
A = [
    ("en", ["ok my new steam password", "Kx8-tundra-44"], ["Kx8-tundra-44"]),
    ("en", ["wifi pw for tonight's lan:", "lanparty_2B7q!"], ["lanparty_2B7q!"]),
    ("en", ["if i die my bank pin is", "4827", "jk... unless?"], ["4827"]),
    ("en", ["changed my psn login again", "its now", "MidnightOtter#93"], ["MidnightOtter#93"]),
    ("en", ["can someone log into my acc and claim the daily? user is kikodev", "pass: crow-bar-1187"], ["crow-bar-1187"]),
    ("en", ["the server rcon is", "r4ndomRC0n"], ["r4ndomRC0n"]),
    ("en", ["here's the 2fa backup code i didn't use yet", "8841-2203"], ["8841-2203"]),
    ("en", ["door code for the airbnb btw", "1 9 0 4 #"], ["1 9 0 4 #"]),
    ("en", ["my epic password (pls dont steal lol)", "v4mpireSunday"], ["v4mpireSunday"]),
    ("en", ["remind me the netflix password is", "couchpotato88"], ["couchpotato88"]),
    ("en", ["secret answer to my security question", "Mrs Biscuit", "(my first cat)"], ["Mrs Biscuit"]),
    ("en", ["Mods: the admin panel password for the giveaway site", "GiveAway!Panel2024"], ["GiveAway!Panel2024"]),
    ("en", ["its the same as my discord one", "noodleKing_77"], ["noodleKing_77"]),
    ("en", ["PIN for the shared card", "0612"], ["0612"]),
    ("en", ["dm me? nah whatever here:", "ThisIsMyPassw0rdOK"], ["ThisIsMyPassw0rdOK"]),
    ("de", ["mein neues wlan passwort", "Schnitzel!Hof27"], ["Schnitzel!Hof27"]),
    ("de", ["pin von meiner ec karte falls ich es vergesse", "3391"], ["3391"]),
    ("de", ["zugangsdaten für den teamspeak:", "ts3-Bären-2024"], ["ts3-Bären-2024"]),
    ("fr", ["mon mot de passe steam c'est", "baguette_Volante9"], ["baguette_Volante9"]),
    ("fr", ["le code de la porte de l'immeuble", "B4719"], ["B4719"]),
    ("fr", ["mdp du wifi pour ce soir", "chezLeo-5G-7731"], ["chezLeo-5G-7731"]),
    ("es", ["mi contraseña nueva de riot", "PatataFrita#12"], ["PatataFrita#12"]),
    ("es", ["el pin de mi tarjeta es", "7204", "no se lo digan a nadie jaja"], ["7204"]),
    ("es", ["clave del wifi:", "casaMarta2023!"], ["casaMarta2023!"]),
    ("pt", ["minha senha do insta", "gatinho_Preto77"], ["gatinho_Preto77"]),
    ("pt", ["a senha do wifi é", "familiaSouza@5g"], ["familiaSouza@5g"]),
    ("it", ["la password del mio account è", "Pizzaiolo_93"], ["Pizzaiolo_93"]),
    ("it", ["codice del bancomat", "5186"], ["5186"]),
    ("nl", ["mijn wachtwoord voor de server", "Stroopwafel!88"], ["Stroopwafel!88"]),
    ("pl", ["moje hasło do steama", "Pierogi_2077"], ["Pierogi_2077"]),
    ("pl", ["pin do karty to", "9052"], ["9052"]),
    ("ru", ["мой пароль от стима", "Medved_Zima42"], ["Medved_Zima42"]),
    ("ru", ["пин от карты", "6630"], ["6630"]),
    ("uk", ["пароль від вайфаю", "Kvartyra_17b"], ["Kvartyra_17b"]),
    ("tr", ["yeni şifrem", "Kedi.Mavi.55"], ["Kedi.Mavi.55"]),
    ("sv", ["mitt lösenord till discord", "Kanelbulle_19"], ["Kanelbulle_19"]),
    ("ja", ["新しいパスワードは", "sakuraNeko_0408"], ["sakuraNeko_0408"]),
    ("ko", ["내 비번", "dalgom_dog123"], ["dalgom_dog123"]),
    ("zh", ["我的密码是", "Longmao_8866"], ["Longmao_8866"]),
    ("id", ["password wifi kos aku", "kosanBudi88"], ["kosanBudi88"]),
    ("vi", ["mật khẩu wifi nhà mình", "nhaminh@2024"], ["nhaminh@2024"]),
    ("tl", ["password ng account ko", "adobo_Lover21"], ["adobo_Lover21"]),
    ("ar", ["كلمة السر الجديدة", "Qamar_7781"], ["Qamar_7781"]),
    ("hi", ["mera naya password", "chai-wala-303"], ["chai-wala-303"]),
]
# value -> announcement
B = [
    ("en", ["Gr33nTeaLatte", "^ that was my bank password btw, ignore it"], ["Gr33nTeaLatte"]),
    ("en", ["5519", "that was my bank PIN btw lmao wrong chat"], ["5519"]),
    ("en", ["hxQ7!mPz2k", "oops that's my email password, deleting"], ["hxQ7!mPz2k"]),
    ("en", ["k9-Reindeer-k9", "wrong window. that's the router admin pass", "pretend you didn't see"], ["k9-Reindeer-k9"]),
    ("en", ["ZZtop_1971", "save that for me, it's the forum login"], ["ZZtop_1971"]),
    ("en", ["381 922", "2fa code, go go go before it expires"], ["381 922"]),
    ("en", ["lemonade-storm-55", "that's the guild bank password, officers only pls"], ["lemonade-storm-55"]),
    ("de", ["Quark_Kuchen_4", "ups das war mein passwort"], ["Quark_Kuchen_4"]),
    ("de", ["8015", "war meine PIN, egal, ich ändere sie"], ["8015"]),
    ("fr", ["Croissant2Lune", "merde c'était mon mdp"], ["Croissant2Lune"]),
    ("es", ["tortilla_Doble9", "era mi contraseña del correo, ignorad"], ["tortilla_Doble9"]),
    ("pt", ["4402", "era a senha do meu cartão kkkk"], ["4402"]),
    ("it", ["LupoGrigio!12", "era la mia password sorry"], ["LupoGrigio!12"]),
    ("nl", ["Hagelslag77", "dat was mijn wachtwoord, oeps"], ["Hagelslag77"]),
    ("pl", ["Kot_w_butach9", "to było moje hasło xD"], ["Kot_w_butach9"]),
    ("ru", ["Borsch_2020!", "это был мой пароль, забейте"], ["Borsch_2020!"]),
    ("tr", ["2291", "bu kartımın şifresiydi yanlış yere yazdım"], ["2291"]),
    ("ja", ["tsukimi_Usagi7", "今のパスワードです、見なかったことにして"], ["tsukimi_Usagi7"]),
    ("ko", ["7730", "방금 그거 카드 비밀번호임 ㅋㅋ"], ["7730"]),
    ("zh", ["mianbao_1314", "刚才那个是我的密码，别看"], ["mianbao_1314"]),
    ("id", ["baksoEnak99", "itu password gmail aku wkwk"], ["baksoEnak99"]),
    ("sv", ["Lingon_Sylt4", "det var mitt lösenord haha"], ["Lingon_Sylt4"]),
    ("en", ["wait what's the code again", "for the shed", "6-2-9-1"], ["6-2-9-1"]),
    ("en", ["Marigold&Rust8", "is that strong enough for my bank?"], ["Marigold&Rust8"]),
]
for lang, m, s in A + B:
    add(lang, m, s)

# Wave 2 (added after the first split; split on its own): more languages, and the value between two remarks.
WAVE1 = len(rows)
for lang, m, s in [
    ("hi", ["mera bank pin", "6093", "yaad rakhna please"], ["6093"]),
    ("hi", ["मेरा नया पासवर्ड", "Aam_Ras_4521"], ["Aam_Ras_4521"]),
    ("ar", ["7713", "هذا الرقم السري للبطاقة لا تقل لأحد"], ["7713"]),
    ("he", ["הסיסמה לוויפי", "Shakshuka_77"], ["Shakshuka_77"]),
    ("th", ["รหัสผ่านใหม่ของฉัน", "Tomyum_Kung9"], ["Tomyum_Kung9"]),
    ("vi", ["BanhMi_2024", "đó là mật khẩu facebook của tao, quên đi"], ["BanhMi_2024"]),
    ("el", ["ο νέος κωδικός μου", "Souvlaki_88"], ["Souvlaki_88"]),
    ("cs", ["nové heslo na steam", "Svickova_12"], ["Svickova_12"]),
    ("hu", ["Gulyas_Leves3", "ez volt a jelszavam, hupsz"], ["Gulyas_Leves3"]),
    ("ro", ["parola nouă de la wifi", "Mamaliga_5G"], ["Mamaliga_5G"]),
    ("fi", ["uusi salasana", "Korvapuusti_8"], ["Korvapuusti_8"]),
    ("da", ["koden til døren", "4 7 1 9"], ["4 7 1 9"]),
    ("no", ["Brunost_Vaffel2", "det var passordet mitt, glem det"], ["Brunost_Vaffel2"]),
    ("fa", ["رمز وای فای خونه", "Ghormeh_Sabzi1"], ["Ghormeh_Sabzi1"]),
    ("sw", ["nenosiri jipya la wifi", "Chapati_Maziwa7"], ["Chapati_Maziwa7"]),
    ("ms", ["kata laluan baru aku", "Rendang_Ayam6"], ["Rendang_Ayam6"]),
    ("bn", ["আমার নতুন পাসওয়ার্ড", "Mishti_Doi_44"], ["Mishti_Doi_44"]),
    ("en", ["ok dont judge me", "my bank password is literally", "Butterfly1998"], ["Butterfly1998"]),
    ("en", ["for the shared spotify", "login: duo.family@example.com", "pw Spotify4Us!"], ["Spotify4Us!"]),
    ("en", ["guild bank pw rotated", "new one is ||Kelp-Forest-62||"], ["Kelp-Forest-62"]),
    ("en", ["9931", "^ garage keypad, for when you feed the cat"], ["9931"]),
    ("en", ["vault code for the escape room irl, not the game", "7-1-1-4"], ["7-1-1-4"]),
    ("de", ["ok hier die zugangsdaten", "user: lena.k", "pw: Apfelstrudel#3"], ["Apfelstrudel#3"]),
    ("fr", ["tiens les identifiants du compte partagé", "Raclette_Hiver5"], ["Raclette_Hiver5"]),
    ("es", ["la del router", "admin / Gazpacho_Frio2"], ["Gazpacho_Frio2"]),
    ("ja", ["wifiのパスは", "ramen_Tonkotsu8", "だよ"], ["ramen_Tonkotsu8"]),
    ("zh", ["wifi密码", "huoguo_5566"], ["huoguo_5566"]),
]:
    add(lang, m, s)
rows, rows2 = rows[:WAVE1], rows[WAVE1:]

# Wave 3 (split on its own): value shapes beyond Word_Word9 — passphrases with spaces, plain words,
# digits-only, non-ASCII, very short — so a rule cannot lean on one password shape.
_wave1, _wave2 = rows, rows2
rows = _wave1 + _wave2
WAVE2_END = len(rows)
for lang, m, s in [
    ("en", ["new password for the shared acc", "purple monkey dishwasher"], ["purple monkey dishwasher"]),
    ("en", ["hunter2", "lol that's literally my password"], ["hunter2"]),
    ("en", ["my steam pw is just", "sunshine"], ["sunshine"]),
    ("en", ["19970412", "^ my pw, its my birthday, i know i know"], ["19970412"]),
    ("en", ["router login", "admin / admin1234", "never changed it lmao"], ["admin1234"]),
    ("en", ["the passphrase for the vault", "correct pony battery staple forty"], ["correct pony battery staple forty"]),
    ("en", ["pin for my phone", "000000", "yes really"], ["000000"]),
    ("en", ["wifi", "iloveyou2"], ["iloveyou2"]),
    ("de", ["mein passwort ist jetzt", "Straßenbahn2024"], ["Straßenbahn2024"]),
    ("de", ["fußball", "das ist mein passwort, einfach nur das wort"], ["fußball"]),
    ("fr", ["mot de passe du compte commun", "jetaime"], ["jetaime"]),
    ("es", ["contraseña nueva", "mi perro se llama toby"], ["mi perro se llama toby"]),
    ("pt", ["senha do wifi", "12345678", "sim, eu sei"], ["12345678"]),
    ("ru", ["пароль теперь", "котик2009"], ["котик2009"]),
    ("uk", ["пароль від ноута", "сонечко"], ["сонечко"]),
    ("el", ["ο κωδικός", "καλημέρα123"], ["καλημέρα123"]),
    ("ja", ["パスワードは", "ねこすき123"], ["ねこすき123"]),
    ("zh", ["密码是", "woaini520"], ["woaini520"]),
    ("ko", ["비번 바꿈", "사랑해1004"], ["사랑해1004"]),
    ("tr", ["yeni şifre", "galatasaray1905"], ["galatasaray1905"]),
    ("pl", ["hasło to", "zaq12wsx"], ["zaq12wsx"]),
    ("it", ["la password nuova", "forzainter"], ["forzainter"]),
    ("nl", ["wachtwoord wifi", "welkom01"], ["welkom01"]),
    ("sv", ["lösen", "sommar2024"], ["sommar2024"]),
    ("hi", ["password hai", "jaihind123"], ["jaihind123"]),
    ("id", ["pw ig aku", "sayangmama"], ["sayangmama"]),
]:
    add(lang, m, s)
rows, rows2, rows3 = _wave1, _wave2, rows[WAVE2_END:]
