"""Each quicker reading of the screen finds what the plain reading it replaced finds, on real lines.

The readings: the phone words before a number and the public phrases next to an identity-shaped number looked for as
tries; a named number's nouns
looked for as one trie before the words before a value are read one by one; the "relative" claim shape
tried only in windows holding a word each of its matches holds; a number's start read from its digit before its
lookbehind; Stripe's key shape read from its first letter; an ASCII text split into tokens without a Unicode look-up;
the pieces of one text read once per look-up of its secret words; a role claim's pairs skipped when the line holds
none of their target words; a token a line repeats judged once per rule; the
vendor names read from a long line's distinct words; an ASCII line's words read by a split, and the windows around its
trigger words by ``str.find``; the beginnings of a line's words that open a role gate read once per line. Compared
on the dev tables, the tuned layer tables, the redaction bench's lines, long posts built from them (which repeat their
lines, as long posts repeat words) and crafted edge cases, each with a floor of real matches so that no test passes on nothing.
No timing here: the cost is the bench's (``bench/redaction.py``).
"""

from __future__ import annotations

import dataclasses
import json
import random
import re
from functools import cache

import pytest
from layer_tables import load as load_layer
from screen_lines import screen_lines, windows_by_regex

from bench.redaction import PARAGRAPH, SECRETS
from utils.privacy import contact, digit_anchor, id_shapes, keys, named_numbers, others, role_claims, roles, vocabulary
from utils.privacy._others_vocabulary import LETTER_RUN, line_words, windows
from utils.privacy._others_vocabulary import vocabulary as vocabulary_of_others
from utils.privacy.memoised_lines import forget_memoised_lines
from utils.privacy.normalise import normalise
from utils.privacy.scanner import distinct_words

CRAFTED = [
    "Has a brother who got fired",
    "A coworker named Priya is being investigated",
    "my sister, who is a nurse, got arrested",
    "HER DAD WHO LOST HIS JOB",
    "my uncle\twho\tgot fired",
    "a friend called Sam who was deported",
    "brother who",
    "sk_live_4eC39HqLyjWDarjtT1zdp7dc rk_test_abcdefghij1234 xsk_live_abcdefghijk _sk_live_abcdefghijk",
    "ésk_live_abcdefghijk (sk_test_abcdefghijkl) sk_live_short 9rk_live_abcdefghijk",
    "a1 2 _3 é4 ٣5 x6 -7 .8 (9) 10th 2nd",
    "p4ssw0rd p4ssw0rd p4ssw0rd: hunter22 p.a.s.s.w.o.r.d p a s s",
    "my cloudflare key: 4f9a8b7c6d5e4f3a2b1c0d9e8f7a6b5c4d3e2f1a " * 3,
    "stripe sk_live_4eC39HqLyjWDarjtT1zdp7dc " * 20,
]


@cache
def _lines() -> tuple[str, ...]:
    lines = screen_lines(CRAFTED, seed=11)
    rng = random.Random(11)
    repeated = [(PARAGRAPH + SECRETS[-1] + " " + SECRETS[5] + " ") * 10, *((rng.choice(lines) + " ") * 12 for _ in range(20))]
    return tuple(lines + repeated)


def test_the_lines_are_many_and_some_are_long() -> None:
    assert len(_lines()) > 3000
    assert sum(len(line) >= 600 for line in _lines()) >= 50


def _relatives() -> list[str]:
    """Lines the "relative" shape reads, and near misses: each relation with "who", "named", "called" and others."""
    verbs = vocabulary_of_others()["verbs_after_a_name"].split()
    rng = random.Random(5)
    lines = []
    for relation in vocabulary_of_others()["relations"]:
        verb = rng.choice(verbs)
        lines += [
            f"My {relation} who {verb} money",
            f"a {relation.upper()} named Alex {verb} it",
            f"Her {relation}\nthat {verb}",
            f"the {relation} whom {verb}",
        ]
    return lines


def test_the_relative_shape_is_searched_in_every_window_that_may_hold_one() -> None:
    patterns, gates = others._patterns(), others._gates()
    relative, gate = patterns["relative"], patterns["relative_gate"]
    found = 0
    for line in [*_lines(), *_relatives()]:
        text = normalise(line).text
        present = frozenset(LETTER_RUN.findall(text.casefold()))
        for window in [(0, len(text)), *windows(text, present, gates["relation"], False)]:
            if relative.search(text, *window) is not None:
                found += 1
                assert gate.search(text, *window) is not None, line
    assert found >= 300


def test_a_numbers_start_read_from_its_digit_is_where_a_plain_search_finds_it() -> None:
    plain = re.compile(r"(?<!\w)\d")
    rng = random.Random(3)
    fuzz = ["".join(rng.choice("a1 _-9٣é\n.x0") for _ in range(rng.randint(0, 14))) for _ in range(5000)]
    found = 0
    for line in [*_lines(), *fuzz]:
        spans = [m.span() for m in digit_anchor.NUMBER_STARTS.finditer(line)]
        assert spans == [m.span() for m in plain.finditer(line)], line
        found += bool(spans)
    assert found >= 1000


def test_stripes_key_read_from_its_first_letter_is_found_where_a_plain_search_finds_it() -> None:
    quick = next(rule for rule in keys.RULES if "k_live_" in rule.needles).pattern
    plain = re.compile(r"\b(?:sk|rk)_(?:live|test)_[A-Za-z0-9]{10,}")
    found = 0
    for line in _lines():
        spans = [m.span() for m in quick.finditer(line)]
        assert spans == [m.span() for m in plain.finditer(line)], line
        found += len(spans)
    assert found >= 30


def test_an_ascii_text_is_split_into_the_tokens_a_unicode_split_finds() -> None:
    every_character = "".join(map(chr, range(128)))
    checked = 0
    for line in [*_lines(), every_character]:
        folded = vocabulary.keyword_form(normalise(line).text).text
        if folded.isascii():
            assert vocabulary._ASCII_TOKEN_SPLIT.split(folded) == vocabulary._TOKEN_SPLIT.split(folded), line
            checked += 1
    assert checked >= 1000


class _Forgetful(dict):  # type: ignore[type-arg]
    """A memory that keeps nothing: each piece is read again, as before the pieces were remembered."""

    def setdefault(self, key: object, default: object = None) -> object:
        return default


def test_secret_words_found_with_each_piece_read_once_are_those_read_each_time(monkeypatch: pytest.MonkeyPatch) -> None:
    lines = _lines()
    remembered = [vocabulary.find(normalise(line).text) for line in lines]
    forgetful = dataclasses.make_dataclass(
        "Forgetful",
        [
            ("readings", dict, dataclasses.field(default_factory=_Forgetful)),
            ("singles", dict, dataclasses.field(default_factory=_Forgetful)),
        ],
    )
    monkeypatch.setattr(vocabulary, "_Read", forgetful)
    forget_memoised_lines()  # the memoised answers must be read again, each piece each time
    assert [vocabulary.find(normalise(line).text) for line in lines] == remembered
    assert sum(bool(words) for words in remembered) >= 300


def test_a_token_judged_once_per_line_is_judged_as_each_time() -> None:
    rule = next(rule for rule in keys.RULES if rule.judged_by_its_text)
    plain = dataclasses.replace(rule, judged_by_its_text=False)
    found = 0
    for line in _lines():
        text = normalise(line).text
        spans = list(rule.spans(text))
        assert spans == list(plain.spans(text)), line
        found += len(spans)
    assert found >= 20


def test_vendor_names_read_from_the_distinct_words_are_those_of_the_whole_line() -> None:
    found = 0
    for line in _lines():
        text = normalise(line).text
        lowered, longest = text.casefold(), max(map(len, text.split()), default=0)
        spans = list(keys.vendor_spans(text, lowered, longest, distinct_words(lowered)))
        assert spans == list(keys.vendor_spans(text, lowered, longest)), line
        found += len(spans)
    assert found >= 20


def test_public_phrases_as_tries_are_found_in_every_window_a_flat_search_finds_one() -> None:
    phrases = sorted(json.loads(id_shapes._DATA.read_text(encoding="utf-8"))["public_phrases"], key=len, reverse=True)
    flat = re.compile(
        "|".join(rf"(?<![A-Za-z0-9]){re.escape(p)}(?![A-Za-z0-9])" if p.isascii() else re.escape(p) for p in phrases),
        re.IGNORECASE,
    )
    quick = id_shapes._vocabulary()[1]
    edges = [f"{a}{p}{b}" for p in phrases for a, b in (("", ""), ("x", ""), ("", "9"), (" ", "."), ("1", "x"))]
    windows_of = [w for line in _lines() for w in (line[i : i + 60] for i in range(0, len(line), 30))]
    found = 0
    for window in [*windows_of, *edges, *(edge.upper() for edge in edges)]:
        hit = flat.search(window) is not None
        assert (quick.search(window) is not None) == hit, window
        found += hit
    assert found >= len(phrases) * 4


def test_the_words_before_a_value_are_read_wherever_a_noun_may_name_it() -> None:
    heads = named_numbers._HEADS
    crafted = [f"{a} {head} {b} AB12345678" for head in heads for a, b in (("my", "is"), ("the", ":"), ("x", ""))]
    named = 0
    for line in [*_lines(), *crafted, *(line.upper() for line in crafted)]:
        for value in named_numbers._VALUE.finditer(line):
            window = line[max(0, value.start() - named_numbers._LOOK_BACK) : value.start()]
            if any(named_numbers._NAME_BEFORE.match(window, start) for start in named_numbers._word_starts(window)):
                named += 1
                assert named_numbers._A_HEAD.search(window) is not None, line
    assert named >= len(heads) * 4


def test_phone_words_as_tries_are_found_before_every_number_a_flat_search_finds_one_before() -> None:
    flat = re.compile(r"(?i)" + contact._PHONE_WORDS + r"[^\d\n+]{0,24}?$")
    spoken = [w for group in ("spaced", "unspaced") for ws in contact._PHONE_DATA[group].values() for w in ws]
    crafted = [f"{a}{w}{b}" for w in spoken for a, b in (("call ", " "), ("", ": "), ("x", " "), ("", "x"), ("", " " * 30))]
    windows_of = [line[max(0, i - 60) : i] for line in _lines() for i in range(0, len(line), 20)]
    found = 0
    for window in [*windows_of, *crafted, *(w.upper() for w in crafted)]:
        hit = flat.search(window) is not None
        assert (contact._PHONE_WORD_BEFORE.search(window) is not None) == hit, window
        found += hit
    assert found >= len(spoken) * 3


def test_a_role_pair_is_skipped_only_when_its_own_target_gate_is_closed() -> None:
    """The one gate of every pair's targets is open wherever a single pair's target gate is (a claim it skipped
    would be a claim missed)."""
    pairs = [shape for shape in role_claims._shapes() if len(shape.gates) == 2 and shape.gates[1] is not None]
    lines = [*_lines(), *(row["text"] for row in load_layer("roles_chat", "tune"))]
    opened = 0
    for line in lines:
        words = frozenset(LETTER_RUN.findall(normalise(line).text.casefold()))
        if any(role_claims._open(shape.gates[1], words) for shape in pairs):
            opened += 1
            assert role_claims._open(role_claims._any_target(), words), line[:80]
    assert len(pairs) >= 10
    assert opened >= 150


def _word_lines() -> list[str]:
    """The lines, the role and relation tables' lines, and each in capitals and title case (case-blind readings)."""
    lines = [*_lines(), *(row["text"] for name in ("roles_chat", "others") for row in load_layer(name, "tune"))]
    lines += [line.upper() for line in lines[::5]] + [line.title() for line in lines[::7]]
    return [normalise(line).text for line in [*lines, *_relatives()]]


def test_a_lines_words_read_by_a_split_are_the_runs_of_letters_a_regex_finds() -> None:
    ascii_lines = 0
    for text in _word_lines():
        ascii_lines += text.isascii()
        assert line_words(text) == frozenset(LETTER_RUN.findall(text.casefold())), text[:80]
    assert ascii_lines >= 2000


def test_windows_found_by_str_find_are_those_a_regex_of_the_lines_words_finds() -> None:
    gates = [*others._gates().values(), roles._role_gate()]
    rng = random.Random(7)
    opened = 0
    for text in _word_lines():
        present = frozenset(LETTER_RUN.findall(text.casefold()))
        some = frozenset(rng.sample(sorted(present), min(3, len(present))))
        for needles in [*gates, some]:
            expected = windows_by_regex(text, present, needles)
            opened += bool(expected)
            assert windows(text, present, needles, False) == expected, text[:80]
    assert opened >= 3000


def test_role_gates_read_from_the_stems_a_line_starts_are_those_read_word_by_word() -> None:
    """A gate's word beginnings read once per line (every stem its words start with) open it as a loop over the
    line's words with ``str.startswith`` does."""
    gates = [gate for shape in role_claims._shapes() for gate in shape.gates if gate is not None]
    gates.append(role_claims._any_target())
    # every stem as a word's beginning, and a longer stem's word (it starts with the shorter stems too)
    crafted = [f"soy {stem}es aquí, {stem.upper()}" for gate in gates for stem in gate[1]]
    opened = 0
    for text in [*_word_lines(), *crafted]:
        words = frozenset(LETTER_RUN.findall(text.casefold()))
        stems = role_claims._stems_of(words)
        for exact, beginnings, _ in gates:
            expected = bool(exact & words) or (bool(beginnings) and any(w.startswith(beginnings) for w in words))
            opened += expected and not exact & words
            assert role_claims._open((exact, beginnings, _), words, stems) == expected, text[:80]
            assert role_claims._open((exact, beginnings, _), words) == expected, text[:80]
    assert opened >= 200
