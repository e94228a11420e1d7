"""The cheap gates in front of costly readings say "nothing here" only where the reading finds nothing.

A gate is a cost decision, never a screening one: the decoding step's time-or-date search tried at its gate's hits,
its back-to-front phrase and ASCII gates, the dictation gate read off the line's runs of letters and a secret word's
phrase not read on after a word that does not continue it must each agree with the full reading they stand in front
of. Each is checked on every dev and tuning row of the privacy tables (many languages and formats) and on lines
written to sit at the gates' edges: times and dates glued, chained and after other digits, capitals in every
position, words said for symbols beside punctuation, phrases of secret words cut and continued.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from utils.privacy import decoded_notations, decoding, dictated, vocabulary
from utils.privacy.keyword_form import keyword_form
from utils.privacy.line_reading import ascii_letter_runs, close_reading, open_reading
from utils.privacy.normalise import normalise
from utils.privacy.unread_runs import drawn_letters, letter_run_spans, mixed_case

_TABLES = Path(__file__).parent

EDGES = [
    "23:41, without the colon",
    "pin is 19/08 and 22/11 ok",
    "12:30:45 then 1.2.3.4 and 31.12 then 01.02",
    "v1.4.2 at 9:05pm, code 07/08+09/10",
    "9:5 99:99 24:00 0:00 :30 12:",
    "backup 1/2/3/4 or 12/12/12",
    "a1:00 1:00a 11:11:11:11",
    "Zahlen: 3.04, 29.02 und 10.10.",
    "I II III IV V",
    "IV-IX-II-VII is the door",
    "lTiIgGhEtR",
    "sUrE jAn",
    "HTTP API OK",
    "McDonald's and iPhone15Pro",
    "[ 'a', 'b' ] and [\"x\",",
    "- K\n- a\n- t\n- e\n",
    "the password is capital t tiger comma space underscore river nine nine exclamation point",
    "snabel-a and at-sign, hashtag, Ausrufezeichen",
    "underscore_case and dash-separated and slash/slash",
    "the tin dung so the one time code",
    "so tai khoan la 1234",
    "the thing about the raid: we one-shot it",
    "one time pass: 4471, the pass word",
    "timda rednels feihc, ylnahc tnemele ecnelis yltneuqerf ecnad ycnega lortap etubirtnoc tsilaer elamef",
    "tiba elbasnes htuom, sudirp tsebla",
    "the mot de passe est chat and the contraseña es perro",
    "so here's the thing about the raid last night: we wiped 14 times at 23:40",
]


def _rows() -> list[str]:
    texts = list(EDGES)
    for path in sorted((_TABLES / "tables").glob("*.dev.jsonl")) + sorted((_TABLES / "layer_tables").glob("*.tune.jsonl")):
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                text = json.loads(line).get("text")
                if isinstance(text, str):
                    texts.append(text)
    return texts


ROWS = _rows()
MATCHING = [normalise(text).text for text in ROWS]


def test_the_rows_are_many() -> None:
    assert len(ROWS) > 2000


def test_times_and_dates_are_found_where_a_search_of_the_whole_line_finds_them() -> None:
    for text in MATCHING:
        found = [m.span() for m in decoded_notations._moment_matches(text)]
        assert found == [m.span() for m in decoded_notations._MOMENTS.finditer(text)], text


def test_the_decoders_gate_passes_every_line_its_full_search_passes() -> None:
    passed = 0
    for text in MATCHING:
        full = (decoding._ASCII_GATE if text.isascii() else decoding._GATE).search(text) is not None
        assert decoding._may_decode(text) == full, text
        passed += full
    assert passed > 20  # the gate is not closed to everything


def test_a_phrase_back_to_front_is_read_as_without_its_gate() -> None:
    read = 0
    for text in MATCHING:
        if len(text) <= decoded_notations.CHAT_LINE and text.count(" ") >= 11:
            regions = list(decoded_notations.reversed_words(text))
            assert regions == list(decoded_notations.turned_runs(text)), text
            read += bool(regions)
    assert read >= 2  # the edge rows hold two


@pytest.mark.parametrize("text", EDGES)
def test_the_dictation_gate_read_off_the_runs_of_letters_skips_only_lines_it_fails(text: str) -> None:
    _skipped_only_where_the_gate_fails(text)


def test_the_dictation_gate_on_every_row() -> None:
    for text in MATCHING:
        _skipped_only_where_the_gate_fails(text)


def _skipped_only_where_the_gate_fails(text: str) -> None:
    assert dictated._GATE_RUNS is not None
    if text.isascii() and ascii_letter_runs(text).isdisjoint(dictated._GATE_RUNS):
        assert dictated._GATE.search(text.casefold()) is None, text


def test_the_shared_runs_of_letters_are_the_lines_own() -> None:
    text = "Flat 3b, Rue du Four: 12 STRASSE"
    reading = open_reading(text)
    try:
        assert ascii_letter_runs(text) == frozenset({"flat", "b", "rue", "du", "four", "strasse"})
        assert ascii_letter_runs("another line") == frozenset({"another", "line"})  # another text: read on the spot
    finally:
        close_reading(reading)


def test_a_phrase_head_not_read_on_starts_no_word() -> None:
    """Where a phrase's first word is followed by one that does not continue it, in ASCII letters, the longest-word
    walk from it finds nothing: skipping it finds what reading it found."""
    skipped = 0
    for text in MATCHING:
        folded = keyword_form(text).text
        parts = (vocabulary._ASCII_TOKEN_SPLIT if folded.isascii() else vocabulary._TOKEN_SPLIT).split(folded)
        tokens, gaps = parts[1::2], parts[0::2]
        for i in range(len(tokens) - 1):
            raw, following = tokens[i], tokens[i + 1]
            if raw in vocabulary._INDEX or raw[:3] in vocabulary._STEMS or raw[-4:] in vocabulary._COMPOUND_ENDS:
                continue  # read whatever follows it
            if vocabulary._FORMS.bare_tokens({raw}, folded.isascii(), {raw[:4]}):
                continue  # a word its language built ("kódomat"): read as that word, whatever follows it
            joined = raw + following
            glue = vocabulary._glue(gaps[i + 1], raw, following)
            if glue == " " and joined.isascii() and joined.isalpha() and raw + " " + following not in vocabulary._PREFIXES:
                skipped += 1
                assert vocabulary._longest_word(tokens, gaps, i) is None, text
    assert skipped > 1000


_EVERY_LETTER_RUN = re.compile(r"(?<![\w@/.\\-])[A-Za-z]{8,40}(?![\w@/.\\-])")
"""Every run of ASCII letters the run model may judge, read off the whole line (the reading the case gate skips)."""
_MIXED_CASE = [
    "zQHFlXHVKZ and POGDUJUNezyG",
    "id | pass\n---+---\n1 | kLcatfiQypNSA",
    "ézQHFlXHVKZ and zQHFlXHVKZé and @zQHFlXHVKZ /zQHFlXHVKZ zQHFlXHVKZ.zip",
    "sOmEtHiNg wEiRd, XxDragonSlayerxX, MUCHhhhh, iPhone, McDonald, YouTube",
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz and aBcDeFgHiJkLmNoPqRsTuVwXyZaBcDeFgHiJkLmNoP",
    "QWhYtRpLmZvX" * 3,
    "the key was QXZJWKVPqmzhtr, then KVQZXJPWbxqv",  # capitals then lower case only: the gate's second reading
]


def _secret_messages() -> list[str]:
    path = _TABLES / "tables" / "secrets.dev.jsonl"
    return [m for line in path.read_text(encoding="utf-8").splitlines() if line.strip() for m in json.loads(line)["messages"]]


@pytest.mark.parametrize("texts", [ROWS, _secret_messages(), _MIXED_CASE], ids=["rows", "secret-messages", "mixed-case"])
def test_letter_runs_read_around_the_case_gate_are_every_run_read_alone(texts: list[str]) -> None:
    """The case gate's hits lead to every mixed run a reading of all the line's runs finds, and to no other."""
    judged = 0
    for text in texts:
        expected = [m.span() for m in _EVERY_LETTER_RUN.finditer(text) if mixed_case(m.group()) and drawn_letters(m.group())]
        judged += len(expected)
        assert letter_run_spans(text) == expected, text
    assert judged > 0
