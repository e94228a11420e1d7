"""Numbers Presidio's predefined recognizers look for, as true positives and their look-alikes.

Source: microsoft/presidio, ``presidio-analyzer/presidio_analyzer/predefined_recognizers`` (credit card,
IBAN, phone, US SSN/ITIN, UK NINO, national ids, bank accounts and their context words) and their
tests in ``presidio-analyzer/tests``. The values are the public test numbers those recognizers are
tested with (the card networks' test cards, the IBAN registry's examples) or generated to the same
published layouts and checksums, so no code of theirs is copied.
"""

from __future__ import annotations

import random

from stdnum import iban, luhn

SOURCE = "microsoft/presidio presidio-analyzer predefined_recognizers + tests"

TEST_CARDS = (
    "4012888888881881", "4111111111111111", "4917300800000000", "4484070000000000", "371449635398431",
    "378282246310005", "5555555555554444", "5105105105105100", "2223003122003222", "6011000400000000",
    "6011111111111117", "3528000700000000", "3530111333300000", "36168002586009", "30569309025904",
    "5019717010103742", "6759649826438453", "122000000000003", "6304000000000000",
)  # fmt: skip

REGISTRY_IBANS = (
    "AL47212110090000000235698741", "AD1200012030200359100100", "AT611904300234573201", "AZ21NABZ00000000137010001944",
    "BH67BMAG00001299123456", "BE68539007547034", "BE71096123456769", "BA391290079401028494", "BG80BNBG96611020345678",
    "CR05015202001026284066", "HR1210010051863000160", "CY17002001280000001200527600", "CZ6508000000192000145399",
    "DK5000400440116243", "EE382200221020145685", "FO6264600001631634", "FI2112345600000785",
    "FR1420041010050500013M02606", "GE29NB0000000101904917", "DE89370400440532013000", "GI75NWBK000000007099453",
    "GR1601101250000000012300695", "GL8964710001000206", "HU42117730161111101800000000", "IS140159260076545510730339",
    "IE29AIBK93115212345678", "IL620108000000099999999", "IT60X0542811101000000123456", "KZ86125KZT5004100100",
    "XK051212012345678906", "KW81CBKU0000000000001234560101", "LV80BANK0000435195001", "LI21088100002324013AA",
    "LT121000011101001000", "LU280019400644750000", "MT84MALT011000012345MTLCAST001S", "MC5811222000010123456789030",
    "ME25505000012345678951", "NL91ABNA0417164300", "NO9386011117947", "PL61109010140000071219812874",
    "PT50000201231234567890154", "RO49AAAA1B31007593840000", "SM86U0322509800000000270100",
    "SA0380000000608010167519", "RS35260005601001611379", "SK3112000000198742637541", "SI56263300012039086",
    "ES9121000418450200051332", "SE4550000000058398257466", "CH9300762011623852957", "TR330006100519786457841326",
    "AE070331234567890123456", "GB29NWBK60161331926819", "GB82WEST12345698765432",
)  # fmt: skip

PHONES = (  # national layouts, the way members write them
    "(212) 555-0187", "212-555-0187", "212.555.0187", "+1 212 555 0187", "1-800-555-0199", "020 7946 0958",
    "07700 900123", "+44 7700 900123", "0161 496 0000", "030 12345678", "0171 1234567", "+49 30 1234567",
    "06 12 34 56 78", "01.23.45.67.89", "+33 6 12 34 56 78", "612 34 56 78", "+34 612 345 678", "333 123 4567",
    "+39 333 123 4567", "06-12345678", "+31 6 12345678", "512 345 678", "+48 512 345 678", "(11) 91234-5678",
    "+55 11 91234-5678", "8 (912) 345-67-89", "+7 912 345-67-89", "0532 123 45 67", "+90 532 123 45 67",
    "98765 43210", "+91 98765 43210", "0412 345 678", "(02) 9876 5432", "+61 412 345 678", "090-1234-5678",
    "+81 90-1234-5678", "079 123 45 67", "+41 79 123 45 67", "070-123 45 67", "+46 70 123 45 67",
    "+972 50-123-4567", "+353 85 123 4567",
)  # fmt: skip


def ssn(rng: random.Random) -> str:
    while True:
        area = rng.randint(1, 899)
        if area != 666:
            return f"{area:03d}-{rng.randint(1, 99):02d}-{rng.randint(1, 9999):04d}"


def itin(rng: random.Random) -> str:
    group = rng.choice([*range(50, 66), *range(70, 89), 90, 91, 92, *range(94, 100)])
    return f"9{rng.randint(0, 99):02d}-{group}-{rng.randint(0, 9999):04d}"


def nino(rng: random.Random) -> str:
    first, second = "ABCEGHJKLMNOPRSTWXYZ", "ABCEGHJKLMNPRSTWXYZ"
    while True:
        prefix = rng.choice(first) + rng.choice(second)
        if prefix not in {"BG", "GB", "NK", "KN", "NT", "TN", "ZZ"}:
            return f"{prefix}{rng.randint(0, 999999):06d}{rng.choice('ABCD')}"


def dni(rng: random.Random) -> str:
    number = rng.randint(10_000_000, 99_999_999)
    return f"{number}{'TRWAGMYFPDXBNJZSQVHLCKE'[number % 23]}"


def nie(rng: random.Random) -> str:
    lead, number = rng.randint(0, 2), rng.randint(0, 9_999_999)
    return f"{'XYZ'[lead]}{number:07d}{'TRWAGMYFPDXBNJZSQVHLCKE'[int(f'{lead}{number:07d}') % 23]}"


def pesel(rng: random.Random) -> str:
    digits = f"{rng.randint(50, 99):02d}{rng.randint(1, 12):02d}{rng.randint(1, 28):02d}{rng.randint(0, 9999):04d}"
    check = (10 - sum(int(d) * w for d, w in zip(digits, (1, 3, 7, 9, 1, 3, 7, 9, 1, 3), strict=True)) % 10) % 10
    return digits + str(check)


def cpf(rng: random.Random) -> str:
    digits = [rng.randint(0, 9) for _ in range(9)]
    for size in (9, 10):
        total = sum(d * w for d, w in zip(digits, range(size + 1, 1, -1), strict=True))
        digits.append((total * 10 % 11) % 10)
    text = "".join(map(str, digits))
    return f"{text[:3]}.{text[3:6]}.{text[6:9]}-{text[9:]}"


def personnummer(rng: random.Random) -> str:
    body = f"{rng.randint(50, 99):02d}{rng.randint(1, 12):02d}{rng.randint(1, 28):02d}{rng.randint(0, 999):03d}"
    return f"19{body[:6]}-{body[6:]}{luhn.calc_check_digit(body)}"


def valid_ibans() -> list[str]:
    """The registry examples that pass mod-97 (a mistyped one would test nothing)."""
    return [n for n in REGISTRY_IBANS if iban.is_valid(n, check_country=False)]


def grouped(number: str, sep: str, size: int = 4) -> str:
    return sep.join(number[i : i + size] for i in range(0, len(number), size))
