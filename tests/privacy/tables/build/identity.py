"""Identity family: national ids, tax ids, passports, licences, phones, addresses, said in chat."""

import importlib
import random

import ids
import phonenumbers as pn
from phonenumbers import PhoneNumberFormat as F

R = random.Random(2808)
SRC_STD = "python-stdnum {} (valid checksum generated for this table)"


def check(mod, v):
    assert importlib.import_module("stdnum." + mod).is_valid(v), (mod, v)


rows = []


def add(lang, msgs, secrets, source):
    if isinstance(msgs, str):
        msgs = [msgs]
    for s in secrets:
        assert any(s in m for m in msgs), (s, msgs)
    rows.append(
        {
            "id": f"identity-{len(rows) + 1:03d}",
            "family": "identity",
            "messages": msgs,
            "secrets": secrets,
            "lang": lang,
            "source": source,
        }
    )


# (module, generator, lang, templates)
NAT = [
    (
        "br.cpf",
        ids.cpf,
        "pt",
        ["meu cpf é {v} se precisar pro cadastro do torneio", "pode usar meu CPF: {v}", "cpf {v} nome completo tá no perfil kkk"],
    ),
    ("br.cpf", ids.cpf_plain, "pt", ["o site pede cpf sem ponto né? {v}"]),
    (
        "in_.aadhaar",
        ids.aadhaar,
        "en",
        ["bro my aadhaar is {v}, can you fill the form for me", "aadhaar no. {v} (dont share lol)"],
    ),
    ("in_.aadhaar", ids.aadhaar, "hi", ["मेरा आधार नंबर {v} है, फॉर्म भर दो प्लीज़"]),
    ("in_.pan", ids.pan, "en", ["PAN card: {v} for the prize payout", "my pan is {v} idk why they need it for a giveaway"]),
    ("es.dni", ids.dni, "es", ["mi dni es {v}, ponlo en la inscripción porfa", "DNI {v} y ya está, no?"]),
    ("es.nie", ids.nie, "es", ["yo no tengo dni, tengo NIE: {v}", "nie {v} por si lo necesitas para el envío"]),
    (
        "it.codicefiscale",
        ids.codicefiscale,
        "it",
        ["il mio codice fiscale è {v}", "cf: {v} mettilo tu nel modulo che io non ci capisco niente"],
    ),
    ("fr.nir", ids.nir, "fr", ["mon numéro de sécu c'est {v}", "numéro de sécurité sociale : {v} (pour la mutuelle du club)"]),
    ("nl.bsn", ids.bsn, "nl", ["mijn bsn is {v}, kun jij het formulier invullen?", "BSN {v} staat ook op m'n paspoort"]),
    ("pl.pesel", ids.pesel, "pl", ["mój pesel to {v}", "pesel: {v} wpisz to w zgłoszeniu"]),
    ("se.personnummer", ids.personnummer, "sv", ["mitt personnummer är {v}", "personnr {v} om du behöver det till bokningen"]),
    ("fi.hetu", ids.hetu, "fi", ["mun hetu on {v}", "henkilötunnus {v}, laita se lomakkeeseen"]),
    ("cn.ric", ids.ric, "zh", ["我的身份证号是{v}，帮我实名认证一下", "身份证 {v} 别外传啊"]),
    ("kr.rrn", ids.rrn, "ko", ["내 주민번호 {v} 이걸로 인증해줘", "주민등록번호: {v}"]),
    ("jp.in_", ids.mynumber, "ja", ["マイナンバーは {v} です", "俺のマイナンバー {v} 登録しといて"]),
    ("mx.curp", ids.curp, "es", ["mi curp es {v}, me la pidieron para el torneo", "CURP: {v}"]),
    ("ar.cuit", ids.cuit, "es", ["mi cuit es {v} para la factura", "cuil/cuit {v} che"]),
    ("za.idnr", ids.za, "en", ["my SA ID number is {v} if the bank asks", "id no {v} for the delivery guy"]),
    ("tr.tckimlik", ids.tckimlik, "tr", ["tc kimlik numaram {v}", "TC no: {v} kayıt için lazımmış"]),
    ("ca.sin", ids.sin, "en", ["my SIN is {v}, hr needs it by friday", "sin # {v}"]),
    ("ca.sin", ids.sin, "fr", ["mon NAS c'est {v}"]),
    ("au.tfn", ids.tfn, "en", ["TFN {v} for the payroll thing", "my tax file number is {v} mate"]),
    ("us.ssn", ids.ssn, "en", ["my ssn is {v} can u do the w9 for me", "social: {v}"]),
    ("de.idnr", ids.steuerid, "de", ["meine steuer-id ist {v}", "Steuer-ID: {v} brauchst du die für die Abrechnung?"]),
    ("no.fodselsnummer", ids.fodsel, "no", ["fødselsnummeret mitt er {v}"]),
    ("dk.cpr", ids.cpr, "da", ["mit cpr-nummer er {v}", "cpr {v} til tilmeldingen"]),
    ("cl.rut", ids.rut, "es", ["mi rut es {v} po"]),
    ("ro.cnp", ids.cnp, "ro", ["cnp-ul meu e {v}"]),
    ("il.idnr", ids.il, "he", ["מספר תעודת הזהות שלי {v}"]),
    ("th.pin", ids.thpin, "th", ["เลขบัตรประชาชนของผม {v} ครับ"]),
    ("gb.nhs", ids.nhs, "en", ["nhs number is {v} if the gp asks"]),
    ("ie.pps", ids.pps, "en", ["PPS {v} for the revenue form"]),
]
for mod, gen, lang, templates in NAT:
    for t in templates:
        v = gen()
        check(mod, v)
        add(lang, t.format(v=v), [v], SRC_STD.format(mod))

# Card and IBAN, said in chat.
for lang, t in [("en", "card is {v} exp 09/28, order the skin for me pls"), ("de", "kannst du mit meiner karte bezahlen? {v}")]:
    v = ids.card()
    add(lang, t.format(v=v), [v], "python-stdnum luhn (valid checksum generated for this table)")
for lang, cc, n, t in [
    ("de", "DE", 18, "überweis es einfach auf {v}"),
    ("nl", "NL", 0, ""),
    ("fr", "FR", 23, "mon IBAN: {v}"),
    ("es", "ES", 20, "te paso mi iban {v} para el bote"),
]:
    if not t:
        continue
    v = ids.iban(cc, n)
    check("iban", v)
    add(lang, t.format(v=v), [v], "python-stdnum iban (valid checksum generated for this table)")


# Passports and driving licences (formats from issuing authorities; no checksum in most).
def d(n):
    return "".join(R.choice("0123456789") for _ in range(n))


def u(n):
    return "".join(R.choice("ABCDEFGHJKLMNPRSTUVWXYZ") for _ in range(n))


PASS = [
    ("en", "passport no {v}, expires 2031", lambda: d(9), "US passport book number format (9 digits), travel.state.gov"),
    ("en", "uk passport number is {v} for the visa form", lambda: d(9), "UK passport number format (9 digits)"),
    (
        "de",
        "reisepassnummer {v}, brauchst du die fürs hotel?",
        lambda: "C" + "".join(R.choice("CFGHJKLMNPRTVWXYZ0123456789") for _ in range(8)),
        "German passport serial format (C + 8), bmi.bund.de",
    ),
    (
        "fr",
        "mon numéro de passeport : {v}",
        lambda: d(2) + u(2) + d(5),
        "French passport number format (2 digits, 2 letters, 5 digits)",
    ),
    ("en", "driving licence: {v} (uk)", lambda: u(5) + d(6) + u(2) + d(1) + u(2), "UK driving licence number layout (DVLA)"),
    (
        "en",
        "my DL # is {v} if the rental place asks",
        lambda: u(1) + d(7),
        "California driver licence format (letter + 7 digits)",
    ),
    ("es", "el número de mi pasaporte es {v}", lambda: u(3) + d(6), "Spanish passport number format (3 letters + 6 digits)"),
    ("it", "numero passaporto {v}", lambda: u(2) + d(7), "Italian passport number format (2 letters + 7 digits)"),
    ("pt", "passaporte: {v}", lambda: u(2) + d(6), "Brazilian passport number format (2 letters + 6 digits)"),
    ("ja", "パスポート番号は{v}です", lambda: u(2) + d(7), "Japanese passport number format (2 letters + 7 digits)"),
]
for lang, t, g, src in PASS:
    v = g()
    add(lang, t.format(v=v), [v], src)


# Phones: numbers no subscriber holds (see phone()).
_PHONE_TYPES = [
    pn.PhoneNumberType.MOBILE,
    pn.PhoneNumberType.FIXED_LINE,
    pn.PhoneNumberType.VOIP,
    pn.PhoneNumberType.PERSONAL_NUMBER,
]
_phones_used: dict[str, int] = {}


def phone(region):
    """A number no subscriber holds: a fictional range where one exists, else the metadata's own examples.

    US: NANP 555-0100..0199 (reserved for fiction); AU: ACMA's fictional mobiles 0491 570 1xx;
    elsewhere the example numbers phonenumbers ships per number type, a different type on each call.
    """
    used = _phones_used.get(region, 0)
    _phones_used[region] = used + 1
    if region == "US":
        n = pn.parse(f"+1{R.choice(['201', '212', '312', '415', '617'])}55501{R.randint(0, 99):02d}")
    elif region == "AU":
        n = pn.parse("+61491570" + ["156", "157", "158", "159", "110"][used])
    else:
        types = [t for t in _PHONE_TYPES if pn.example_number_for_type(region, t) is not None]
        n = pn.example_number_for_type(region, types[used % len(types)])
    assert pn.is_valid_number(n), (region, n)
    return n


PH = [
    ("US", "en", "text me at {n}", F.NATIONAL),
    ("US", "en", "my cell is {n} call after 6", F.INTERNATIONAL),
    ("GB", "en", "ring me on {n} when ur outside", F.NATIONAL),
    ("GB", "en", "whatsapp: {n}", F.E164),
    ("DE", "de", "meine handynummer ist {n}", F.NATIONAL),
    ("DE", "de", "schreib mir auf whatsapp {n}", F.INTERNATIONAL),
    ("FR", "fr", "mon num c'est le {n}", F.NATIONAL),
    ("FR", "fr", "appelle moi au {n}", F.INTERNATIONAL),
    ("ES", "es", "mi móvil es {n}", F.NATIONAL),
    ("MX", "es", "mándame whats al {n}", F.INTERNATIONAL),
    ("BR", "pt", "meu zap é {n}", F.NATIONAL),
    ("BR", "pt", "chama no whatsapp {n}", F.INTERNATIONAL),
    ("IT", "it", "il mio numero è {n}", F.NATIONAL),
    ("NL", "nl", "mijn nummer is {n}", F.NATIONAL),
    ("PL", "pl", "mój numer to {n}", F.NATIONAL),
    ("SE", "sv", "mitt nummer är {n}", F.NATIONAL),
    ("TR", "tr", "numaram {n}, ara beni", F.NATIONAL),
    ("RU", "ru", "мой номер {n}, пиши в телегу", F.INTERNATIONAL),
    ("UA", "uk", "мій номер {n}", F.NATIONAL),
    ("IN", "hi", "मेरा नंबर {n} है", F.INTERNATIONAL),
    ("IN", "en", "call me on {n} bhai", F.NATIONAL),
    ("JP", "ja", "電話番号は{n}です", F.NATIONAL),
    ("KR", "ko", "내 번호 {n} 카톡 추가해", F.NATIONAL),
    ("CN", "zh", "我手机号{n}，加我微信", F.NATIONAL),
    ("ID", "id", "nomor wa aku {n}", F.NATIONAL),
    ("PH", "tl", "eto number ko {n}, text mo ko", F.NATIONAL),
    ("VN", "vi", "số điện thoại của mình là {n}", F.NATIONAL),
    ("NG", "en", "my number na {n}", F.INTERNATIONAL),
    ("AU", "en", "mob: {n}", F.NATIONAL),
    ("ZA", "en", "my number is {n}", F.INTERNATIONAL),
    ("AR", "es", "mi cel {n}", F.NATIONAL),
    ("EG", "ar", "رقمي {n} كلمني واتساب", F.INTERNATIONAL),
    ("IL", "he", "המספר שלי {n}", F.NATIONAL),
    ("GR", "el", "το κινητό μου είναι {n}", F.NATIONAL),
    ("TH", "th", "เบอร์เรา {n} นะ", F.NATIONAL),
    ("KE", "sw", "namba yangu ni {n}", F.INTERNATIONAL),
]
for region, lang, t, fmt in PH:
    v = pn.format_number(phone(region), fmt)
    add(
        lang,
        t.format(n=v),
        [v],
        f"phonenumbers metadata example number for {region} (US: NANP 555-01xx fiction range; AU: ACMA fictional range)",
    )
# Phones split by the member's own spacing.
for region, lang, t in [("US", "en", "my number: {a} {b} {c}"), ("DE", "de", "nummer: {a} {b} {c}")]:
    n = str(phone(region).national_number)
    a, b, c = n[:3], n[3:6], n[6:]
    v = f"{a} {b} {c}"
    add(
        lang, t.format(a=a, b=b, c=c), [v], f"phonenumbers metadata example number for {region} (US: 555-01xx), regrouped by hand"
    )

# Postal addresses (fictional streets and names, real formats).
ADDR = [
    ("en", "send the merch to 742 Larkspur Ln, Apt 3B, Dayton, OH 45402 pls", "742 Larkspur Ln, Apt 3B, Dayton, OH 45402"),
    ("en", "my address is Flat 2, 19 Mossgiel Road, Leeds LS6 3QT", "Flat 2, 19 Mossgiel Road, Leeds LS6 3QT"),
    ("de", "Lieferadresse: Kastanienweg 14, 04159 Leipzig", "Kastanienweg 14, 04159 Leipzig"),
    ("fr", "envoie le colis au 12 rue des Glycines, 69007 Lyon", "12 rue des Glycines, 69007 Lyon"),
    ("es", "mi dirección: Calle del Almendro 23, 3ºB, 28005 Madrid", "Calle del Almendro 23, 3ºB, 28005 Madrid"),
    ("it", "abito in via dei Ciclamini 8, 20135 Milano", "via dei Ciclamini 8, 20135 Milano"),
    ("nl", "stuur het naar Lindelaan 41, 3581 KZ Utrecht", "Lindelaan 41, 3581 KZ Utrecht"),
    ("pl", "mój adres: ul. Jaśminowa 5/12, 30-418 Kraków", "ul. Jaśminowa 5/12, 30-418 Kraków"),
    (
        "pt",
        "meu endereço é Rua das Acácias, 310, apto 52, São Paulo - SP, 04012-030",
        "Rua das Acácias, 310, apto 52, São Paulo - SP, 04012-030",
    ),
    ("ja", "住所は〒150-0041 東京都渋谷区神南1-9-4 コーポ桜203です", "〒150-0041 東京都渋谷区神南1-9-4 コーポ桜203"),
    ("sv", "min adress är Björkvägen 7, 752 36 Uppsala", "Björkvägen 7, 752 36 Uppsala"),
    ("ru", "мой адрес: ул. Садовая, д. 17, кв. 44, Казань, 420111", "ул. Садовая, д. 17, кв. 44, Казань, 420111"),
]
for lang, t, v in ADDR:
    add(lang, t, [v], "postal address format (UPU/national post conventions); street and number fictional")

# Two things at once.
v1, v2 = ids.dni(), pn.format_number(phone("ES"), F.NATIONAL)
add("es", f"para la reserva: DNI {v1}, tel {v2}", [v1, v2], "python-stdnum es.dni + phonenumbers ES example number")
v1 = ids.cpf()
add("pt", ["pra nota fiscal", f"cpf {v1}"], [v1], "python-stdnum br.cpf (valid checksum generated for this table)")

# Wave 2 (added after the first split; split on its own): more countries, and said over two messages.
WAVE1 = len(rows)
NAT2 = [
    ("be.nn", ids.belgian_nn, "nl", ["mijn rijksregisternummer is {v}"]),
    ("be.nn", ids.belgian_nn, "fr", ["numéro de registre national : {v}"]),
    ("bg.egn", ids.egn, "bg", ["ЕГН-то ми е {v}"]),
    ("ee.ik", ids.isikukood, "et", ["mu isikukood on {v}"]),
    ("gr.amka", ids.amka, "el", ["ο ΑΜΚΑ μου είναι {v}"]),
    ("my.nric", ids.nric, "ms", ["no IC saya {v}, isi borang tu ya"]),
    ("pt.nif", ids.pt_nif, "pt", ["o meu NIF é {v}, mete na fatura"]),
    ("cz.rc", ids.rodne_cislo, "cs", ["rodné číslo {v}, potřebuješ ho na přihlášku?"]),
    ("ch.ssn", ids.ahv, "de", ["meine AHV-Nummer ist {v}"]),
    ("at.vnr", ids.svnr, "de", ["sozialversicherungsnummer: {v} (für die e-card)"]),
    ("is_.kennitala", ids.kennitala, "is", ["kennitalan mín er {v}"]),
    ("hr.oib", ids.oib, "hr", ["moj OIB je {v}"]),
    ("ru.inn", ids.inn, "ru", ["мой ИНН {v}, вбей в форму"]),
    ("ua.rntrc", ids.rntrc, "uk", ["мій ІПН {v}"]),
    ("id.nik", ids.nik, "id", ["NIK aku {v} buat daftar turnamen"]),
    ("pk.cnic", ids.cnic, "ur", ["میرا شناختی کارڈ نمبر {v} ہے"]),
    ("nz.ird", ids.ird, "en", ["ird number is {v} for the payslip thing"]),
]
for mod, gen, lang, templates in NAT2:
    for t in templates:
        v = gen()
        check(mod, v)
        add(lang, t.format(v=v), [v], SRC_STD.format(mod))
TWO = [
    ("br.cpf", ids.cpf, "pt", ["o site tá pedindo cpf pra comprar o ingresso", "{v}", "alguém testa aí pra mim"]),
    ("in_.aadhaar", ids.aadhaar, "en", ["ugh the kyc wants aadhaar", "{v}"]),
    ("es.dni", ids.dni, "es", ["{v}", "ese es mi dni por si te lo piden en la entrada"]),
    ("it.codicefiscale", ids.codicefiscale, "it", ["ti scrivo il codice fiscale", "{v}"]),
    ("pl.pesel", ids.pesel, "pl", ["{v}", "to mój pesel, wpisz proszę"]),
    ("us.ssn", ids.ssn, "en", ["they need my social for the tax form", "{v}", "is that safe lol"]),
    ("kr.rrn", ids.rrn, "ko", ["주민번호 불러줄게", "{v}"]),
    ("tr.tckimlik", ids.tckimlik, "tr", ["{v}", "tc kimlik no bu, kayıt için"]),
    ("nl.bsn", ids.bsn, "nl", ["ok hier komt mijn bsn", "{v}"]),
    ("ca.sin", ids.sin, "en", ["{v}", "^ my sin, for the payroll form"]),
]
for mod, gen, lang, msgs in TWO:
    v = gen()
    check(mod, v)
    add(lang, [m.format(v=v) for m in msgs], [v], SRC_STD.format(mod))
# Spaced or written the way a member types on a phone.
for lang, t, mod, gen in [
    ("en", "aadhaar: {v}", "in_.aadhaar", lambda: ids.aadhaar().replace(" ", "-")),
    ("pt", "cpf: {v}", "br.cpf", lambda: (lambda c: c[:3] + " " + c[3:6] + " " + c[6:9] + " " + c[9:])(ids.cpf_plain())),
    ("fr", "sécu {v}", "fr.nir", lambda: ids.nir().replace(" ", "")),
]:
    v = gen()
    check(mod, v.replace("-", " "))
    add(lang, t.format(v=v), [v], SRC_STD.format(mod))
rows, rows2 = rows[:WAVE1], rows[WAVE1:]

# Wave 3 (split on its own): phones and addresses over several messages, as members type them.
_wave1, _wave2 = rows, rows2
rows = _wave1 + _wave2
WAVE2_END = len(rows)
n = pn.format_number(phone("US"), F.NATIONAL)
add("en", ["if the group chat dies just text me", n], [n], "phonenumbers example / NANP 555-01xx fiction range")
n = pn.format_number(phone("GB"), F.NATIONAL)
add("en", [n, "^ that's my number btw, ring if the bus is late"], [n], "phonenumbers metadata example number for GB")
n = pn.format_number(phone("AT"), F.NATIONAL)
add("de", ["falls was ist", n], [n], "phonenumbers metadata example number for AT")
n = pn.format_number(phone("BR"), F.INTERNATIONAL)
add("pt", ["me chama no zap", n], [n], "phonenumbers metadata example number for BR")
n = pn.format_number(phone("JP"), F.NATIONAL)
add("ja", ["何かあったらここに電話して", n], [n], "phonenumbers metadata example number for JP")
n = pn.format_number(phone("AU"), F.NATIONAL)
add("en", ["new number", n, "save it"], [n], "ACMA fictional mobile range 0491 570 1xx")
ADDR3 = [
    (
        "en",
        ["for the secret santa parcel:", "Unit 4, 88 Wattle Grove, Fitzroy VIC 3065"],
        "Unit 4, 88 Wattle Grove, Fitzroy VIC 3065",
    ),
    ("en", ["1190 Juniper Hollow Dr", "^ my address if you're sending the controller back"], "1190 Juniper Hollow Dr"),
    ("fr", ["pour le colis", "7 impasse des Tilleuls, 33000 Bordeaux"], "7 impasse des Tilleuls, 33000 Bordeaux"),
    ("de", ["schick es an", "Lindenstraße 52, 50674 Köln"], "Lindenstraße 52, 50674 Köln"),
    ("es", ["Av. de los Pinos 145, 4º izq", "esa es mi casa por si vienes"], "Av. de los Pinos 145, 4º izq"),
    ("it", ["indirizzo per la spedizione", "Corso Garibaldi 61, 80142 Napoli"], "Corso Garibaldi 61, 80142 Napoli"),
    ("zh", ["快递寄到这里", "上海市徐汇区枫林路188弄3号602室"], "上海市徐汇区枫林路188弄3号602室"),
    ("ko", ["택배 주소", "서울특별시 마포구 성미산로 17길 23, 302호"], "서울특별시 마포구 성미산로 17길 23, 302호"),
]
for lang, msgs, v in ADDR3:
    add(lang, msgs, [v], "postal address format (national post conventions); street and number fictional")
rows, rows2, rows3 = _wave1, _wave2, rows[WAVE2_END:]
