"""The shape layers' quicker readings find what the plain readings they replaced find, on real lines.

The readings: a number's starts read off the line's digit runs; a shared rule searched only in the stretches that hold
as many digits as each of its matches does (read off its regex); identity-shaped runs searched only just before each
run of digits; a phone number found from its first character; address unit words found as whole runs of letters;
a password file's line tried only where a line starts; a credential run a line repeats judged once. Compared on the
dev tables, the tuned layer tables, the redaction bench's lines, long posts built from them and crafted edge cases,
each with a floor of real matches so that no test passes on nothing. No timing here: the cost is the bench's.
"""

from __future__ import annotations

import random
import re
from functools import cache

from screen_lines import screen_lines

from bench.redaction import PARAGRAPH, SECRETS
from utils.privacy import address_units, contact, credential_shapes, digit_anchor, id_shapes, screen, values
from utils.privacy.normalise import normalise
from utils.privacy.scanner import Scanner, distinct_words

CRAFTED = [
    "a1 2 _3 é4 ٣5 x6 -7 .8 (9) 10th 2nd ²7 Ⅻ8 一9 〇0 ½1",
    "call +49 (0)151 2345678 or (0212) 345 96 54, +(44) 20 7946 0958, ((030) 1234567",
    "+1 555 123 4567 ++33 6 12 34 56 78 (+31) 6 1234 5678 1(555)123-4567",
    "ID:12345678 Nr.87654321 <t:1700000000> <@1163284750943812347> #12345678 A838344177S 185.777.767-00",
    "610123/4250 47985755 2 BP8 6.895.644-K 4350424/W 4471 • 9238 • 1120 040169A136K",
    "localhost:5432:app:app_user:yIjzK3pQ9x\nwarehouse:*:*:etl:Zq8#mW2v\n  db.internal:5433:orders:ro:`s3cr3t`  ",
    "not:a:password:file line\nhost:port:db:user:pass:extra\n",
    "Caferağa Mah. Moda Cad. No:14 D:6 Kadıköy and ul. Piotrkowska 112 m. 7, 90-006 Łódź",
    "Flat 302, Sai Residency, 14th Cross, phase 2, sector 5 i'm at m. 7 sk_live_x",
    "Tr0ub4dor&3 Tr0ub4dor&3 Winter2025!! Winter2025!! k8#Lm2!pQz9Wx@ k8#Lm2!pQz9Wx@",
]


@cache
def _lines() -> tuple[str, ...]:
    lines = screen_lines(CRAFTED, seed=13)
    rng = random.Random(13)
    repeated = [(PARAGRAPH + SECRETS[-1] + " " + SECRETS[5] + " ") * 10, *((rng.choice(lines) + " ") * 12 for _ in range(20))]
    return tuple(normalise(line).text for line in lines + repeated)


def test_a_numbers_starts_read_off_the_digit_runs_are_where_the_regex_finds_them() -> None:
    found = 0
    for line in _lines():
        runs = [match.span() for match in re.finditer(r"\d+", line)]
        starts = [match.start() for match in digit_anchor.NUMBER_STARTS.finditer(line)]
        assert digit_anchor.number_starts_of(line, runs) == starts, line
        found += len(starts)
    for code in [*range(0x20, 0x3000, 7), 0x5F, 0xB2, 0x660, 0x2160, 0x3007, 0x4E00, 0xD800]:
        line = f"{chr(code)}1 x{chr(code)}23"
        runs = [match.span() for match in re.finditer(r"\d+", line)]
        assert digit_anchor.number_starts_of(line, runs) == [m.start() for m in digit_anchor.NUMBER_STARTS.finditer(line)]
    assert found >= 3000


def test_least_digits_read_off_a_regex() -> None:
    assert digit_anchor.least_digits(re.compile(r"\d{3}-\d{2}-\d{4}")) == 9
    assert digit_anchor.least_digits(re.compile(r"(?<!\d)[0-9]{2}(?:\d|x)(?=\d{5})")) == 2
    assert digit_anchor.least_digits(re.compile(r"(?:\d{4}|[A-Z]\d{2})(?P<tail>\d)?\d+")) == 3
    assert digit_anchor.least_digits(re.compile(r"(\d)\1[\dA-Z]{3}(?>\d\d)")) == 3
    assert digit_anchor.least_digits(re.compile(r"[^\d]{2}|\w+")) == 0


def test_every_match_of_a_rule_holds_the_digits_read_off_its_regex() -> None:
    checked = 0
    for rule in screen.RULES:
        least = digit_anchor.least_digits(rule.pattern)
        if not least:
            continue
        for line in _lines():
            for match in rule.pattern.finditer(line):
                assert sum(c.isdecimal() for c in match.group()) >= least, (rule.pattern.pattern, match.group())
                checked += 1
    assert checked >= 2000


def test_digits_in_each_stretch() -> None:
    line = "ab 12 cd 345 " + "x" * 80 + " 6789 and 0"
    runs = [match.span() for match in re.finditer(r"\d+", line)]
    stretches = digit_anchor.candidate_starts(runs, 8, digit_anchor.MERGED_GAP)
    assert digit_anchor.digits_in(stretches, runs) == [5, 5]


def test_a_shared_rule_searched_only_in_stretches_holding_its_digits_finds_what_it_finds_in_all() -> None:
    filtered = Scanner(screen.RULES)
    everywhere = Scanner(screen.RULES)
    everywhere._least_digits = tuple(0 for _ in screen.RULES)
    assert any(filtered._least_digits)
    found = 0
    for line in _lines():
        lowered = line.casefold()
        digit_run = max(map(len, re.findall(r"\d(?:[\s.()/+-]{0,3}\d)*", line)), default=0)
        longest = max(map(len, line.split()), default=0)
        words = distinct_words(lowered)
        spans = filtered.spans(line, lowered, digit_run, longest, words)
        assert sorted(spans) == sorted(everywhere.spans(line, lowered, digit_run, longest, words)), line
        found += len(line) >= 200 and bool(spans)
    assert found >= 50


def test_identity_runs_searched_before_each_digit_run_are_those_a_plain_search_finds() -> None:
    found = 0
    for line in _lines():
        for position in (0, len(line) // 3):
            plain = [match.span() for match in id_shapes._RUN.finditer(line, position)]
            assert [match.span() for match in id_shapes._runs_from(line, position)] == plain, line
            found += len(plain)
    assert found >= 3000


def test_a_phone_number_found_from_its_first_character_is_where_the_lookahead_form_finds_it() -> None:
    lookahead = re.compile(r"(?=[+(\d])(?<![\d+(])\+?\(?\d[\d ()./-]{6,22}\d(?![\w])")
    found = 0
    for line in _lines():
        plain = [match.span() for match in lookahead.finditer(line)]
        assert [match.span() for match in contact._PHONE_NUMBER.finditer(line)] == plain, line
        found += len(plain)
    assert found >= 300


def test_address_unit_words_found_as_whole_runs_are_the_runs_a_plain_search_finds() -> None:
    units, _strong = address_units._units()
    found = 0
    for line in _lines():
        lowered = line.lower()
        if len(lowered) != len(line):
            continue
        plain = [match.span() for match in units.finditer(lowered)]
        assert [match.span() for match in address_units._unit_matches(lowered, units)] == plain, line
        found += len(plain)
    assert found >= 200


def test_a_password_file_line_tried_where_a_line_starts_is_found_where_a_plain_search_finds_it() -> None:
    found = 0
    for line in [*_lines(), *CRAFTED]:
        plain = [(m.start("secret"), m.end("secret"), "credential") for m in values._PASSWORD_FILE_LINE.finditer(line)]
        read = list(values._command_line_spans(line, "")) if line.count(":") >= 4 else []
        assert read == plain, line
        found += len(plain)
    assert found >= 4


def test_a_credential_run_a_line_repeats_is_judged_as_it_is_alone() -> None:
    found = 0
    for line in _lines()[:3000]:
        alone = sorted(credential_shapes.credential_spans(line))
        shift = len(line) + 1
        twice = sorted(credential_shapes.credential_spans(line + " " + line))
        assert twice == sorted([*alone, *((start + shift, end + shift) for start, end in alone)]), line
        found += bool(alone)
    assert found >= 100


def _asked_for(rule_index: int, lowered: str, digit_run: int, longest: int) -> bool:
    """Whether a line asks for a rule, read plainly: its digits and its longest token let the rule in (a line without
    a digit lets no digit-anchored rule in) and it holds one of the rule's needles, or the rule has none."""
    rule = screen.RULES[rule_index]
    if rule.digits > digit_run or rule.min_token > longest or (digit_run == 0 and rule.digit_anchor is not None):
        return False
    return not rule.needles or any(needle in lowered for needle in rule.needles)


def test_the_rules_a_line_asks_for_are_those_its_plans_by_steps_give() -> None:
    scanner = Scanner(screen.RULES)
    lines = [*_lines(), *(line[:cut] for line in _lines() for cut in (7, 25, 60))]
    digit_runs, longests = set(), set()
    for line in lines:
        lowered = line.casefold()
        digit_run = max(map(len, re.findall(r"\d(?:[\s.()/+-]{0,3}\d)*", line)), default=0)
        longest = max(map(len, line.split()), default=0)
        plain = {index for index in range(len(screen.RULES)) if _asked_for(index, lowered, digit_run, longest)}
        assert scanner._chosen_rules(lowered, digit_run, longest, distinct_words(lowered)) == plain, line
        digit_runs.add(digit_run)
        longests.add(longest)
    assert len(digit_runs) >= 10 and len(longests) >= 40  # many steps of both read
    assert len(scanner._plans) <= 20 and len(scanner._long_plans) <= len(digit_runs) * len(longests)
