"""A reader's cheap gate skips only lines the reader would have left as they are.

Each gate stands in front of a reading that searched a whole line (a long post: thousands of positions) and asks first
for what that reading cannot do without: joined words inside one of the line's words, a phrase the scanner's needles
find, a run of digits or a group of capitals found from its first character, a directive tried where a line starts,
the letters of the line's distinct words. Every gated reading is compared here with the same reading ungated, on the
dev and tuned rows, the redaction bench's lines, long posts built from them and lines written to sit at the gates'
edges (a run at a word's edge, after a tab, a non-breaking space or a bracket; eleven characters; phrases in other
scripts and cases). No timing here: the cost is the bench's.
"""

from __future__ import annotations

import re
import unicodedata
from functools import cache

import pytest
from screen_lines import screen_lines

from bench.redaction import PARAGRAPH
from utils.privacy import (
    _value_config,
    asked_in_line,
    characters_apart,
    contact,
    decoded_notations,
    decoded_spelled,
    generated_runs,
    joined_phrases,
    keypad_words,
    line_reading,
    phone_words,
    shared_codes,
    short_phones,
    vocabulary,
    word_forms,
)
from utils.privacy.line_reading import ascii_letter_runs, close_reading, open_reading
from utils.privacy.normalise import _INVISIBLE, _STYLED_CHAR, _digits_as_ascii, _lookalikes_as_latin, normalise
from utils.privacy.scanner import _runs_without_whitespace, distinct_words

EDGES = [
    "just use maple_cinder_orbit_lagoon for now",
    "it's HarborQuietMarbleSpruce now, the old one leaked",
    "(HarborQuietMarbleSpruce) and «tulipe.orage.brindille»",
    "bitwarden made abc_def_ghi and Zzzzzzzzzzzzzz for me",
    "bitwarden made cat_owl_sky see https://example.com/a1",
    "password manager:\tcape_king_decaf_cash\u00a0ok",
    "keepassxc gave me tulipe.orage.brindille for the nas",
    "#cape_king_decaf_cash /cape_king_decaf_cash @CahootsUnwindShore",
    "kubectl get pods | grep CrashLoopBackOff",
    "try sub.domain.example.com instead, or sub.domain.example",
    "use hide-and-seek rules this round, then hide-and-seek-again",
    "mot de passe généré par Bitwarden : flute-orange-tiroir",
    "you asked about the gate — it's 4471",
    "YOU ASKED about the side door, it's 5830 now",
    "du hattest gefragt: die Haustür ist 7719",
    "聞かれた ドアの番号は 4471",
    "ты спрашивал про ворота — 4471",
    "security question 'first pet' → answer: Pickles",
    "Sicherheitsfrage Geburtsort – Antwort war Lindenhof",
    "réponse à la question secrète : Médor",
    "the answer is obvious, security questions are useless",
    "the gate pin spells BEAR on the keypad = 2327",
    "GAME over at 4263 points, room TEAM 8326, 123456789 and 12345",
    "a1234 1234b 12345678 123456789 ٤٤٧١ 4471",
    "R8K2Q V7M3T\nQ4PZ8-M2K7D-99XKQ and -ABCD 1234, xR8K2Q V7M3T, R8K2Q-V7M3T-",
    'requirepass Marigold#7720\n  rcon_password "Gale#5520"\nnot one here\n\nport 27015\n',
]


@cache
def _lines() -> tuple[str, ...]:
    lines = screen_lines(EDGES, seed=15)
    return tuple(dict.fromkeys([*lines, *(normalise(line).text for line in lines)]))


def test_the_lines_are_many_and_some_are_long() -> None:
    assert len(_lines()) > 3000
    assert sum(len(line) >= 600 for line in _lines()) >= 30


def test_joined_words_are_read_where_a_line_holds_them_and_found_as_without_the_gate(monkeypatch: pytest.MonkeyPatch) -> None:
    (rule,) = joined_phrases.RULES
    gated = [list(rule.spans(line)) for line in _lines()]
    passed = [joined_phrases._may_hold_a_run(line) for line in _lines()]
    monkeypatch.setattr(joined_phrases, "_may_hold_a_run", lambda _text: True)
    assert gated == [list(rule.spans(line)) for line in _lines()]
    for line, gate in zip(_lines(), passed, strict=True):
        if not gate:
            assert list(joined_phrases._candidates(line)) == [], line
    assert sum(map(bool, gated)) >= 5  # the edge lines' passphrases are found through the gate
    assert 0 < sum(passed) < len(passed) // 2


@pytest.mark.parametrize("index", [1, 2], ids=["security-answer", "answering"])
def test_a_phrase_reader_finds_nothing_in_a_line_without_its_needles(index: int) -> None:
    rule = asked_in_line.RULES[index]
    assert rule.needles
    read = 0
    for line in _lines():
        folded = line.casefold()
        if not any(needle in folded for needle in rule.needles):
            assert list(rule.spans(line)) == [], line
        else:
            read += 1
    assert read >= 3


_FOUR_TO_EIGHT_DIGITS = re.compile(r"(?<!\d)\d{4,8}(?!\d)")
"""The keypad reader's runs of digits as a search of every position finds them."""


def test_the_keypad_readers_digits_read_from_the_first_one_are_those_of_a_search_of_every_position() -> None:
    found = 0
    for line in _lines():
        expected = [m.span() for m in _FOUR_TO_EIGHT_DIGITS.finditer(line)]
        assert [m.span() for m in keypad_words._DIGITS.finditer(line)] == expected, line
        found += len(expected)
    assert found > 100


def test_the_letters_of_a_line_read_off_its_distinct_words_are_the_lines_own() -> None:
    plain = [line for line in _lines() if line.isascii()]
    posts = [" ".join(plain[start : start + 40])[:4000] for start in range(0, len(plain), 40)]
    read = 0
    for line in [*plain, *posts]:
        expected = frozenset(re.findall("[a-z]+", line.lower()))
        reading = open_reading(line, distinct_words(line.casefold()))
        try:
            assert ascii_letter_runs(line) == expected, line
        finally:
            close_reading(reading)
        read += len(line) >= 600
    assert read >= 10
    assert line_reading._CURRENT.get() is None


_GROUPED_EVERYWHERE = re.compile(r"(?<![\w-])[A-Z0-9]{4,6}(?:(?: |-|\n)[A-Z0-9]{4,6})+(?![\w-])")
"""Groups of capitals and digits as a search of every position finds them (what the run model reads together)."""


def test_groups_read_from_their_first_character_are_those_of_a_search_of_every_position() -> None:
    found = 0
    for line in _lines():
        expected = [m.span() for m in _GROUPED_EVERYWHERE.finditer(line)]
        assert [m.span() for m in generated_runs._GROUPED.finditer(line)] == expected, line
        found += len(expected)
    assert found > 20


def test_directives_tried_where_lines_start_are_those_of_a_search_of_every_position() -> None:
    found = 0
    for line in _lines():
        expected = [m.span() for m in _value_config._DIRECTIVE.finditer(line)]
        assert [m.span() for m in _value_config._directives(line)] == expected, line
        found += len(expected)
    assert found > 20


def test_a_locks_compound_ends_in_letters_the_vocabulary_reads_compounds_for() -> None:
    """The vocabulary reads a token for a lock's compound ("garagentorcode") only when its last four letters are some
    compound's: every compound of a lock, a linking letter and a code word, and of a longer word ending in a lock."""
    compounds = 0
    for lock in word_forms._LOCKS:
        for linking in word_forms._LINKING:
            for head in word_forms._HEADS:
                for word in (lock + linking + head, "tresor" + lock + linking + head):
                    if word_forms.lock_compound(word):
                        compounds += 1
                        assert vocabulary._TAIL(word) in vocabulary._ENDS, word
    assert compounds > 100
    for line in _lines():
        for token in re.findall(r"\w+", line.casefold()):
            if word_forms.lock_compound(token):
                assert vocabulary._TAIL(token) in vocabulary._ENDS, token


_SPELLED_GATE_EVERYWHERE = re.compile(r"(?<![^\W_])[^\W\d_] [^\W\d_] [^\W\d_](?:  | ?[|/,·–-] ?)[^\W\d_] [^\W\d_]")
"""The spelled words' gate as a search of every position reads it."""


def test_the_spelled_words_gate_read_from_a_space_opens_where_a_search_of_every_position_does() -> None:
    opened = 0
    for line in _lines():
        expected = _SPELLED_GATE_EVERYWHERE.search(line) is not None
        assert (decoded_spelled._GATE.search(line) is not None) == expected, line
        opened += expected
    assert opened >= 3


def _ascii_posts() -> list[str]:
    plain = [line for line in _lines() if line.isascii()]
    return [" ".join(plain[start : start + 40])[:4000] for start in range(0, len(plain), 40)]


def test_a_long_line_without_a_character_standing_alone_is_not_searched_for_characters_apart() -> None:
    (rule,) = characters_apart.RULES
    apart = [PARAGRAPH * 9 + " wifi password: G-u-a-v-a-7-1", PARAGRAPH * 9 + " pw |P|e|l|i|5|2| ok", "Q.C.F.4x" * 500]
    assert sum(bool(list(rule.spans(line))) for line in apart) >= 2
    skipped = 0
    for line in [*_lines(), *_ascii_posts(), *(line.replace(" a ", " an ") for line in _ascii_posts()), *apart]:
        words = distinct_words(line.casefold())
        reading = open_reading(line, words)
        try:
            if not characters_apart._may_hold_pieces(line):
                skipped += 1
                assert characters_apart._GATE.search(line) is None, line
                assert list(rule.spans(line)) == [], line
        finally:
            close_reading(reading)
        if not characters_apart._may_hold_pieces(line):  # read on its own, outside the scanner
            assert characters_apart._GATE.search(line) is None, line
    assert skipped >= 5


@pytest.mark.parametrize("shortest", [1, 8, 12, 32])
def test_runs_without_whitespace_found_from_the_split_words_are_those_a_search_finds(shortest: int) -> None:
    search = re.compile(rf"\S{{{shortest},}}")
    odd = ["a\u2003" + "x" * 40 + "\u00a0" + "x" * 40 + "\n\t" + "xx" * 20, "x" * 40 + " " + "x" * 39 + " " + "x" * 41]
    runs = 0
    for line in [*_lines(), *_ascii_posts(), *odd]:
        expected = [m.span() for m in search.finditer(line)]
        assert _runs_without_whitespace(line, shortest) == expected, line
        runs += len(expected)
    assert runs > 100


_PHONE_EDGES = [
    "I was at 0161 496 0000 and 622 0890 was busy",
    "my hotel is 0161 496 0000, cancel 622-0890",
    "WA 0812 3456 7890 or wa: 0812-3456-7890",
    "whatsapp+0812 3456 7890 and tel.0161 496 0000",
    "TEL. 0161 496 0000, phone # 622 0890",
    "no. hp 0812 3456 7890 / no.hp 0812 3456 7890",
    "telefon numarasI 0532 123 45 67, numaram 0532 123 45 67",
    "my cell: 622-0890; my cellphone number 0161 496 0000",
    "call me on 0161 496 0000",
    "xcall me on 0161 496 0000",
    "call me" + " " * 20 + "0161 496 0000",
    "a" * 30 + "wa 0161 496 0000",
]


def _phone_lines() -> list[str]:
    posts = _ascii_posts()
    return [*_lines(), *_PHONE_EDGES, *posts, *(post + " " + edge for post in posts[:5] for edge in _PHONE_EDGES)]


def test_a_phone_word_the_readers_read_starts_inside_their_window() -> None:
    """The gate asks for a phone word's letters as whole runs of the line, as the readers' look-behind reads them in
    their window; a word starting where the window does (60 characters before the number) would be read whole there
    even when a letter stands before it in the line: none is long enough to (24 characters at most to the number)."""
    assert max(map(len, phone_words.SPACED)) + 24 < 60


def test_the_phone_readers_skip_only_lines_they_would_leave_as_they_are(monkeypatch: pytest.MonkeyPatch) -> None:
    readers = [rule for rule in contact.RULES if type(rule).__name__ == "_PhoneAfterWordRule"] + list(short_phones.RULES)
    assert len(readers) == 2
    lines = _phone_lines()
    gated = [[list(rule.spans(line)) for rule in readers] for line in lines]
    passed = [phone_words.may_hold_a_phone_word(line) for line in lines]
    monkeypatch.setattr(phone_words, "may_hold_a_phone_word", lambda _text: True)
    monkeypatch.setattr(contact, "may_hold_a_phone_word", lambda _text: True)
    monkeypatch.setattr(short_phones, "may_hold_a_phone_word", lambda _text: True)
    for line, found, gate in zip(lines, gated, passed, strict=True):
        plain = [list(rule.spans(line)) for rule in readers]
        assert found == plain, line
        if not gate:
            assert plain == [[], []], line
    assert sum(bool(found[0] or found[1]) for found in gated) >= 15  # phones after their words are found through it
    assert sum(not gate and bool(re.search(r"\d{3}", line)) for line, gate in zip(lines, passed, strict=True)) >= 50


def test_the_phone_gate_reads_a_long_lines_letters_as_the_scanner_holds_them() -> None:
    """Inside the scanner's reading the line's letters come from its distinct words: the same answer."""
    for line in [*_ascii_posts(), *(post + " " + edge for post in _ascii_posts()[:5] for edge in _PHONE_EDGES)]:
        alone = phone_words.may_hold_a_phone_word(line)
        reading = open_reading(line, distinct_words(line.casefold()))
        try:
            assert phone_words.may_hold_a_phone_word(line) == alone, line
        finally:
            close_reading(reading)


def _names_by_windows(text: str) -> list[tuple[int, int]]:
    """The names of shared codes as a search of each head's window finds them: the plain reading the search tried only
    where a name can start is compared with."""
    names = shared_codes._data()
    lowered = text.lower()
    if len(lowered) != len(text):
        return [m.span() for m in names.pattern.finditer(lowered.replace("i̇", "i"))]
    starts = {m.start() for head in names.heads for m in re.finditer(f"(?={re.escape(head)})", lowered)}
    found: dict[int, tuple[int, int]] = {}
    covered = -1
    for at in sorted(starts):
        if at < covered:
            continue
        for name in names.pattern.finditer(lowered, max(0, at - names.before), min(len(text), at + names.after)):
            found.setdefault(name.start(), name.span())
            covered = max(covered, name.end())
    return [found[start] for start in sorted(found)]


_SHARED_EDGES = [
    "my switch friend code is SW-4107-2268-9351, add me",
    "código de la sala de Among Us: QWXTRF, my uid 800123456 and the fluid id 12",
    "Steam-vriendcode 402719385, turneringskoden ABCD-1234, arkadaş kodum 55555",
    "friend codefriend code 1234 5678 9012 / idid 1234",
    "İSLAND CODE 1234-5678-9012 and İD 55",
]


def test_shared_code_names_tried_where_a_name_can_start_are_those_a_search_of_each_window_finds() -> None:
    found = 0
    for line in [*_lines(), *_SHARED_EDGES, *_ascii_posts()]:
        expected = _names_by_windows(line)
        assert [m.span() for m in shared_codes._names_in(line)] == expected, line
        found += len(expected)
    assert found > 50


def _matching_by_searches(text: str) -> str:
    """The matching form as the searches of the whole line read it (the plain reading of a line in NFKC)."""
    if text.isascii() or not unicodedata.is_normalized("NFKC", text) or _INVISIBLE.search(text) or _STYLED_CHAR.search(text):
        return normalise(text).text
    return _digits_as_ascii(_lookalikes_as_latin(text))


def test_a_lines_characters_beyond_ascii_answer_normalise_as_searches_of_the_whole_line_do() -> None:
    odd = ["٨٣٦ and ၅၅၁၉ — ok", "раssword — ٣", "𝋤𝋧 ½ ﬁ", "a\u00adb — c", "ｐａｓｓ — 4", "ᴘᴀss — 1"]
    read = 0
    for line in [*_lines(), *odd, *(line + " — ٣" for line in _lines()[:300])]:
        assert normalise(line).text == _matching_by_searches(line), line
        read += not line.isascii()
    assert read > 300


def test_a_line_turned_whole_holds_its_pieces_turned() -> None:
    """The reversed words' gate counts the list words among an ASCII line's pieces turned, read off the line turned
    whole: the count of the pieces turned one by one."""
    known = decoded_notations.seed.languages_of()
    turned = "yevrus trohs ,elbaelf ,htiaf ,tnellecxe ,ytfarc ,ssenhtwo ,neerg ,ylnsid ,ezob ,eulb ,krow ,nnam"
    counted = 0
    for line in [*_lines(), turned, turned.upper()]:
        if not line.isascii():
            continue
        pieces = line.replace(",", " ").split()
        one_by_one = sum(piece[::-1].casefold() in known for piece in pieces)
        assert sum(map(known.__contains__, line.lower()[::-1].replace(",", " ").split())) == one_by_one, line
        counted += one_by_one
    assert counted > 100


SPELLED_THEN_CUED = [
    "ww is Pieter Anton Nico Dirk 6 6 (spelalfabet hè)",
    "Kilo Echo Lima Papa 4 2 spelled, the router's",
    "K wie Kilo, Echo; Lima / Papa – phonetic",
    "code: Alfa · Bravo · Charlie · 7 7 · NATO",
    "Борис Ольга Роман Анна 5 по буквам",
    "first: Anton Berta Cäsar Dora 4 4 buchstabiert. then Alfa Bravo Charlie Delta spelt",
    "κωδικός: μέλ\u0345 πι σίγμα δέλτα 4 συλλαβιστά",  # a mark the run's "ι" matches case-blind
]


def _spelled_lines() -> list[str]:
    lines = [*_lines(), *SPELLED_THEN_CUED, *(line.upper() for line in SPELLED_THEN_CUED)]
    posts = [PARAGRAPH * 3 + " " + line + " " + PARAGRAPH for line in SPELLED_THEN_CUED]
    return [*lines, *posts, " ".join(lines[-40:]), "\n".join(SPELLED_THEN_CUED * 30)]


def test_a_spelled_run_with_its_cue_after_is_found_in_the_stretches_holding_a_cue_as_in_the_whole_line() -> None:
    from utils.privacy import disguised_values
    from utils.privacy.rule import Rule

    (rule,) = [r for r in disguised_values._CUED_RULES if isinstance(r, disguised_values._CueAfterRule)]
    whole = Rule(rule.kind, rule.pattern, rule.needles, accept=rule.accept)
    found = 0
    for line in _spelled_lines():
        expected = list(whole.spans(line))
        assert list(rule.spans(line)) == expected, line
        found += len(expected)
    assert found >= 10


def test_role_claims_tried_where_a_match_may_begin_match_as_tried_everywhere() -> None:
    from utils.privacy import role_claims

    lines = [*_lines(), *_ascii_posts()]
    gated = [[[m.span() for m in shape.pattern.finditer(line)] for shape in role_claims._shapes()] for line in lines]
    assert sum(shape.pattern.pattern.startswith("(?:(?<![^\\W\\d_])(?=[") for shape in role_claims._shapes()) >= 15
    starts = role_claims._starts
    try:
        role_claims._starts = lambda _entries, _clause_start: ""  # type: ignore[assignment]
        role_claims._shapes.cache_clear()
        everywhere = [[[m.span() for m in shape.pattern.finditer(line)] for shape in role_claims._shapes()] for line in lines]
    finally:
        role_claims._starts = starts  # type: ignore[assignment]
        role_claims._shapes.cache_clear()
    assert gated == everywhere
    assert sum(bool(spans) for line in gated for spans in line) >= 50
