"""Valid-checksum identity numbers, brute-forced against python-stdnum validators."""

import datetime
import importlib
import random
import string

from stdnum import luhn

R = random.Random(2807)


def digits(n):
    return "".join(R.choice(string.digits) for _ in range(n))


def upper(n):
    return "".join(R.choice(string.ascii_uppercase) for _ in range(n))


def brute(modname, make, tries=200000):
    mod = importlib.import_module("stdnum." + modname)
    for _ in range(tries):
        c = make()
        if mod.is_valid(c):
            return c
    raise RuntimeError(modname)


def date(y0=1965, y1=2004):
    d = datetime.date(R.randint(y0, y1), R.randint(1, 12), R.randint(1, 28))
    return d


def cpf():
    c = brute("br.cpf", lambda: digits(11))
    return f"{c[:3]}.{c[3:6]}.{c[6:9]}-{c[9:]}"


def cpf_plain():
    return brute("br.cpf", lambda: digits(11))


def aadhaar():
    c = brute("in_.aadhaar", lambda: str(R.randint(2, 9)) + digits(11))
    return f"{c[:4]} {c[4:8]} {c[8:]}"


def pan():
    return brute("in_.pan", lambda: upper(3) + "P" + upper(1) + digits(4) + upper(1))


def dni():
    from stdnum.es import dni as m

    b = digits(8)
    return b + m.calc_check_digit(b)


def nie():
    from stdnum.es import nie as m

    b = R.choice("XYZ") + digits(7)
    return b + m.calc_check_digit(b)


def codicefiscale():
    from stdnum.it import codicefiscale as m

    d = date()
    months = "ABCDEHLMPRST"
    day = d.day + (40 if R.random() < 0.5 else 0)
    b = upper(6) + f"{d.year % 100:02d}" + months[d.month - 1] + f"{day:02d}" + R.choice("ABCDEFGHL") + digits(3)
    return b + m.calc_check_digit(b)


def nir():
    from stdnum.fr import nir as m

    d = date()
    b = R.choice("12") + f"{d.year % 100:02d}{d.month:02d}" + f"{R.randint(1, 95):02d}" + digits(3) + digits(3)
    cc = m.calc_check_digits(b)
    return f"{b[0]} {b[1:3]} {b[3:5]} {b[5:7]} {b[7:10]} {b[10:13]} {cc}"


def bsn():
    return brute("nl.bsn", lambda: str(R.randint(1, 6)) + digits(8))


def pesel():
    from stdnum.pl import pesel as m

    d = date(1970, 1999)
    b = f"{d.year % 100:02d}{d.month:02d}{d.day:02d}" + digits(4)
    return b + m.calc_check_digit(b)


def personnummer():
    d = date()
    return brute("se.personnummer", lambda: f"{d.year % 100:02d}{d.month:02d}{d.day:02d}-" + digits(4))


def hetu():
    d = date(1960, 1999)
    return brute(
        "fi.hetu",
        lambda: (
            f"{d.day:02d}{d.month:02d}{d.year % 100:02d}-"
            + f"{R.randint(2, 899):03d}"
            + R.choice("0123456789ABCDEFHJKLMNPRSTUVWXY")
        ),
    )


def ric():
    from stdnum.cn import ric as m

    while True:
        d = date()
        b = (
            R.choice(["110101", "310104", "440106", "330106", "420102", "110105", "320102", "370102"])
            + d.strftime("%Y%m%d")
            + digits(3)
        )
        c = b + m.calc_check_digit(b + "0")
        if m.is_valid(c):
            return c


def rrn():
    from stdnum.kr import rrn as m

    d = date(1970, 1999)
    b = f"{d.year % 100:02d}{d.month:02d}{d.day:02d}" + R.choice("12") + digits(5)
    c = b + m.calc_check_digit(b)
    return c[:6] + "-" + c[6:]


def mynumber():
    from stdnum.jp import in_ as m

    b = digits(11)
    c = b + m.calc_check_digit(b)
    return f"{c[:4]} {c[4:8]} {c[8:]}"


def curp():
    from stdnum.mx import curp as m

    def mk():
        d = date()
        b = (
            upper(1)
            + R.choice("AEIOU")
            + upper(2)
            + d.strftime("%y%m%d")
            + R.choice("HM")
            + R.choice(["DF", "JC", "NL", "PL", "VZ", "YN"])
            + "".join(R.choice("BCDFGHJKLMNPRSTVWXZ") for _ in range(3))
            + "0"
        )
        return b + m.calc_check_digit(b)

    return brute("mx.curp", mk)


def cuit():
    from stdnum.ar import cuit as m

    b = R.choice(["20", "27", "23"]) + digits(8)
    c = b + m.calc_check_digit(b)
    return f"{c[:2]}-{c[2:10]}-{c[10]}"


def za():
    d = date()
    return brute("za.idnr", lambda: d.strftime("%y%m%d") + digits(4) + "08" + digits(1))


def tckimlik():
    from stdnum.tr import tckimlik as m

    b = str(R.randint(1, 9)) + digits(8)
    return b + m.calc_check_digits(b)


def sin():
    c = brute("ca.sin", lambda: str(R.choice([1, 2, 4, 5, 6, 7])) + digits(8))
    return f"{c[:3]} {c[3:6]} {c[6:]}"


def tfn():
    c = brute("au.tfn", lambda: digits(9))
    return f"{c[:3]} {c[3:6]} {c[6:]}"


def ssn():
    return brute("us.ssn", lambda: f"{R.randint(100, 665):03d}-{R.randint(10, 99):02d}-{R.randint(1000, 9999):04d}")


def steuerid():
    c = brute("de.idnr", lambda: str(R.randint(1, 9)) + digits(10))
    return f"{c[:2]} {c[2:5]} {c[5:8]} {c[8:]}"


def fodsel():
    d = date()
    return brute("no.fodselsnummer", lambda: d.strftime("%d%m%y") + digits(5))


def cpr():
    d = date()
    return brute("dk.cpr", lambda: d.strftime("%d%m%y") + "-" + digits(4))


def rut():
    from stdnum.cl import rut as m

    b = str(R.randint(10_000_000, 24_000_000))
    cd = m.calc_check_digit(b)
    return f"{int(b):,}".replace(",", ".") + "-" + cd


def cnp():
    from stdnum.ro import cnp as m

    d = date(1970, 1999)
    b = R.choice("12") + d.strftime("%y%m%d") + f"{R.randint(1, 46):02d}" + digits(3)
    return b + m.calc_check_digit(b)


def il():
    return brute("il.idnr", lambda: digits(9))


def thpin():
    from stdnum.th import pin as m

    b = str(R.randint(1, 8)) + digits(11)
    return b + m.calc_check_digit(b)


def iban(cc, bban_len):
    from stdnum import iban as m

    return brute("iban", lambda: (lambda b: cc + m.calc_check_digits(cc + "00" + b) + b)(digits(bban_len)))


def card():
    b = "4" + digits(14)
    return b + luhn.calc_check_digit(b)


def nhs():
    c = brute("gb.nhs", lambda: digits(10))
    return f"{c[:3]} {c[3:6]} {c[6:]}"


def pps():
    return brute("ie.pps", lambda: digits(7) + R.choice(string.ascii_uppercase[:23]))


if __name__ == "__main__":
    for f in [
        cpf,
        aadhaar,
        pan,
        dni,
        nie,
        codicefiscale,
        nir,
        bsn,
        pesel,
        personnummer,
        hetu,
        ric,
        rrn,
        mynumber,
        curp,
        cuit,
        za,
        tckimlik,
        sin,
        tfn,
        ssn,
        steuerid,
        fodsel,
        cpr,
        rut,
        cnp,
        il,
        thpin,
        card,
        nhs,
        pps,
    ]:
        print(f.__name__, f())
    print(iban("DE", 18), iban("NL", 14) if False else "")


# Wave 2: more countries.
def belgian_nn():
    d = date()
    c = brute("be.nn", lambda: d.strftime("%y%m%d") + digits(5))
    return f"{c[:2]}.{c[2:4]}.{c[4:6]}-{c[6:9]}.{c[9:]}"


def egn():
    d = date(1970, 1999)
    return brute("bg.egn", lambda: d.strftime("%y%m%d") + digits(4))


def isikukood():
    d = date(1970, 1999)
    return brute("ee.ik", lambda: R.choice("34") + d.strftime("%y%m%d") + digits(4))


def amka():
    d = date()
    return brute("gr.amka", lambda: d.strftime("%d%m%y") + digits(5))


def nric():
    d = date()
    c = brute("my.nric", lambda: d.strftime("%y%m%d") + R.choice(["14", "10", "08", "01"]) + digits(4))
    return f"{c[:6]}-{c[6:8]}-{c[8:]}"


def pt_nif():
    return brute("pt.nif", lambda: R.choice("12") + digits(8))


def rodne_cislo():
    d = date(1970, 1999)
    c = brute("cz.rc", lambda: f"{d.year % 100:02d}{d.month + (50 if R.random() < 0.5 else 0):02d}{d.day:02d}" + digits(4))
    return c[:6] + "/" + c[6:]


def ahv():
    c = brute("ch.ssn", lambda: "756" + digits(10))
    return f"{c[:3]}.{c[3:7]}.{c[7:11]}.{c[11:]}"


def svnr():
    d = date()
    c = brute("at.vnr", lambda: digits(4) + d.strftime("%d%m%y"))
    return c[:4] + " " + c[4:]


def kennitala():
    d = date(1970, 1999)
    c = brute("is_.kennitala", lambda: d.strftime("%d%m%y") + digits(3) + "9")
    return c[:6] + "-" + c[6:]


def oib():
    return brute("hr.oib", lambda: digits(11))


def inn():
    return brute("ru.inn", lambda: R.choice(["77", "78", "50", "16"]) + digits(10))


def rntrc():
    return brute("ua.rntrc", lambda: digits(10))


def nik():
    d = date()
    return brute("id.nik", lambda: R.choice(["317101", "327301", "357801", "517101"]) + d.strftime("%d%m%y") + digits(4))


def cnic():
    c = brute("pk.cnic", lambda: R.choice(["35202", "42101", "61101", "37405"]) + digits(8))
    return f"{c[:5]}-{c[5:12]}-{c[12]}"


def ird():
    c = brute("nz.ird", lambda: digits(9))
    return f"{c[:3]}-{c[3:6]}-{c[6:]}"
